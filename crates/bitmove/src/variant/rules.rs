//! Each variant's rules: which moves are legal, how a move is made, when the game has ended.
//! Standard chess, king of the hill and three-check use the board's own legal generator;
//! crazyhouse adds drops to it; racing kings filters it; atomic, antichess and the horde's
//! white side generate pseudo-legal moves and judge them by their own rules.

use super::{Variant, VariantMove, VariantPosition};
use crate::attacks::{
    SliderBackend, Sliders, between, bishop_rays, dispatch, king_attacks, knight_attacks, line,
    pawn_attacks, rook_rays,
};
use crate::board::{UNKNOWN, castling_squares, castling_targets, double_step_square};
use crate::movegen::{forward_east, forward_west};
use crate::{Bitboard, Board, Color, Move, Piece, Rank, Square, zobrist};

/// The four centre squares of king of the hill.
pub(crate) const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The first and eighth ranks.
const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

/// Whether the game has ended by the variant's own rule (not by mate or stalemate): a king
/// exploded, a side without pieces, the third check, a king on the hill or the eighth rank.
pub(crate) fn is_variant_end(pos: &VariantPosition) -> bool {
    let b = &pos.board;
    match pos.variant {
        Variant::Chess | Variant::Crazyhouse => false,
        Variant::Atomic => Color::ALL
            .into_iter()
            .any(|c| b.colored_pieces(c, Piece::King).is_empty()),
        Variant::Antichess | Variant::Horde => b.colors[0].is_empty() || b.colors[1].is_empty(),
        Variant::ThreeCheck => pos.remaining_checks.contains(&0),
        Variant::KingOfTheHill => !(b.pieces(Piece::King) & CENTER).is_empty(),
        Variant::RacingKings => racing_end(b),
    }
}

/// Racing kings: over when a king stands on the eighth rank, except that after White gets
/// there Black has one move to follow (if some square of the eighth rank is open to it).
fn racing_end(b: &Board) -> bool {
    dispatch!(SliderBackend::current(), |s| racing_end_with(s, b))
}

/// [`racing_end`] through the backend `s`.
#[inline(always)]
pub(crate) fn racing_end_with<S: Sliders>(s: S, b: &Board) -> bool {
    let goal = Rank::Eighth.bitboard();
    if (b.pieces(Piece::King) & goal).is_empty() {
        return false;
    }
    let black = b.colored_pieces(Color::Black, Piece::King);
    if b.side == Color::White || !(black & goal).is_empty() {
        return true;
    }
    let Some(king) = black.first() else {
        return true;
    };
    let targets = king_attacks(king) & (goal - b.colors(Color::Black));
    let occupied = b.occupied();
    targets
        .into_iter()
        .all(|t| b.attacked_with(s, t, Color::White, occupied))
}

/// Whether the side to move is in check by the variant's rules.
pub(crate) fn in_check(pos: &VariantPosition) -> bool {
    let b = &pos.board;
    match pos.variant {
        Variant::Antichess => false,
        Variant::Atomic => dispatch!(SliderBackend::current(), |s| atomic_attacked(s, b, b.side)),
        _ => {
            if b.colored_pieces(b.side, Piece::King).is_empty() {
                false
            } else {
                b.in_check()
            }
        }
    }
}

/// Hands every legal move to `f`.
pub(crate) fn legal_moves(pos: &VariantPosition, f: &mut impl FnMut(VariantMove)) {
    if is_variant_end(pos) {
        return;
    }
    dispatch!(SliderBackend::current(), |s| legal_with(s, pos, f))
}

fn legal_with<S: Sliders>(s: S, pos: &VariantPosition, f: &mut impl FnMut(VariantMove)) {
    let b = &pos.board;
    match pos.variant {
        Variant::Chess | Variant::KingOfTheHill | Variant::ThreeCheck => {
            for mv in b.legal_moves() {
                f(VariantMove::Normal(mv));
            }
        }
        Variant::Crazyhouse => {
            for mv in b.legal_moves() {
                f(VariantMove::Normal(mv));
            }
            let squares = drop_squares(b);
            for piece in pos.pockets[b.side.index()].kinds() {
                let targets = if piece == Piece::Pawn {
                    pawn_drop_squares(squares)
                } else {
                    squares
                };
                for to in targets {
                    f(VariantMove::Drop { piece, to });
                }
            }
        }
        Variant::RacingKings => {
            let b = &*b.checked(s);
            let filter = RacingFilter::new(s, b);
            b.generate_with(s, |moves| {
                let to = moves.to & filter.allowed(moves.piece, moves.from);
                for to in to {
                    f(VariantMove::Normal(Move::new(moves.from, to)));
                }
                false
            });
        }
        Variant::Horde => {
            if b.colored_pieces(b.side, Piece::King).is_empty() {
                pseudo_moves(s, b, false, &mut |_, mv| f(VariantMove::Normal(mv)));
            } else {
                for mv in b.legal_moves() {
                    f(VariantMove::Normal(mv));
                }
                let king = b.king(b.side);
                for to in horde_lost_king_targets(s, b) {
                    f(VariantMove::Normal(Move::new(king, to)));
                }
            }
        }
        Variant::Antichess => antichess_moves(s, b, &mut |mv| f(VariantMove::Normal(mv))),
        Variant::Atomic => atomic_moves(s, b, &mut |mv| f(VariantMove::Normal(mv))),
    }
}

/// Horde: the king moves the board's generator drops against a side without a king. It
/// takes several of the king's squares at once against `Board::king` of the other side,
/// which stands in a1 for a missing king, so the squares around a1 look attacked. Only a king
/// within two squares of a1 loses any; those, asked one by one, are put back.
pub(crate) fn horde_lost_king_targets<S: Sliders>(s: S, b: &Board) -> Bitboard {
    let us = b.side;
    let king = b.king(us);
    let near_a1 = king_attacks(king) & king_attacks(Square::A1);
    if near_a1.is_empty() || !b.colored_pieces(!us, Piece::King).is_empty() {
        return Bitboard::EMPTY;
    }
    let occupied = b.occupied() - king;
    let mut right = Bitboard::EMPTY;
    for to in king_attacks(king) - b.colors(us) {
        if !b.attacked_with(s, to, !us, occupied) {
            right |= to;
        }
    }
    right - b.king_targets(s, us, king)
}

/// Crazyhouse: the empty squares a drop may go to (any when not in check, those between the
/// king and a single checker when in check, none in double check).
pub(crate) fn drop_squares(b: &Board) -> Bitboard {
    let empty = !b.occupied();
    let checkers = b.checkers();
    if checkers.is_empty() {
        empty
    } else if let Some(checker) = checkers.single() {
        between(b.king(b.side), checker) & empty
    } else {
        Bitboard::EMPTY
    }
}

/// The pawns' drop targets exclude the back ranks.
pub(crate) fn pawn_drop_squares(squares: Bitboard) -> Bitboard {
    squares - BACK_RANKS
}

/// Antichess: every pseudo-legal move (kings are ordinary pieces, pawns may promote to
/// kings, castling needs only empty squares), captures alone when there is one.
pub(crate) fn antichess_moves<S: Sliders>(s: S, b: &Board, f: &mut impl FnMut(Move)) {
    let theirs = b.colors[(!b.side).index()];
    let mut captures = crate::MoveList::new();
    let mut quiet = crate::MoveList::new();
    let mut sort = |mv: Move| {
        if is_capture(b, mv, theirs) {
            captures.push(mv);
        } else if captures.is_empty() {
            quiet.push(mv);
        }
    };
    pseudo_moves(s, b, true, &mut |_, mv| sort(mv));
    castling_moves(s, b, false, &mut sort);
    let chosen = if captures.is_empty() { quiet } else { captures };
    for mv in chosen {
        f(mv);
    }
}

/// Whether `mv` takes a piece (en passant included; castling takes none).
#[inline(always)]
fn is_capture(b: &Board, mv: Move, theirs: Bitboard) -> bool {
    theirs.has(mv.to)
        || (b.pieces(Piece::Pawn).has(mv.from)
            && mv.from.file() != mv.to.file()
            && !b.occupied().has(mv.to))
}

/// The number of legal antichess moves, counted by popcounts without building them: the
/// captures if there are any (a promotion counts five: queen, rook, bishop, knight, king),
/// else the rest.
pub(crate) fn count_antichess<S: Sliders>(s: S, b: &Board) -> u64 {
    let us = b.side;
    let ours = b.colors[us.index()];
    let theirs = b.colors[(!us).index()];
    let occupied = ours | theirs;
    let last = Rank::Eighth.relative_to(us).bitboard();
    let pawns = b.colored_pieces(us, Piece::Pawn);
    let mut pieces = [0u64; 2];
    for piece in [
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ] {
        for from in b.colored_pieces(us, piece) {
            let targets = attacks(s, piece, us, from, occupied) - ours;
            pieces[0] += u64::from((targets & theirs).len());
            pieces[1] += u64::from((targets - theirs).len());
        }
    }
    let count = |set: Bitboard| u64::from((set - last).len()) + 5 * u64::from((set & last).len());
    let mut captures = pieces[0];
    for from in pawns {
        captures += count(pawn_attacks(us, from) & theirs);
    }
    if let Some(ep) = b.en_passant {
        captures += u64::from((pawn_attacks(!us, ep) & pawns).len());
    }
    if captures > 0 {
        return captures;
    }
    let (single, double) = pawn_pushes(us, pawns, !occupied);
    let mut castles = 0;
    castling_moves(s, b, false, &mut |_| castles += 1);
    pieces[1] + count(single) + u64::from(double.len()) + castles
}

/// The number of moves of a side without a king (the horde): every pseudo-legal move is
/// legal, so they are counted by popcounts without being built, the pawns set-wise (a
/// promotion counts four).
#[inline(always)]
pub(crate) fn count_kingless<S: Sliders>(s: S, b: &Board) -> u64 {
    match b.side {
        Color::White => count_kingless_for::<S, true>(s, b),
        Color::Black => count_kingless_for::<S, false>(s, b),
    }
}

#[inline(always)]
fn count_kingless_for<S: Sliders, const WHITE: bool>(s: S, b: &Board) -> u64 {
    let us = b.side;
    let ours = b.colors[us.index()];
    let theirs = b.colors[(!us).index()];
    let occupied = ours | theirs;
    let mut n = 0u64;
    for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
        for from in b.colored_pieces(us, piece) {
            n += u64::from((attacks(s, piece, us, from, occupied) - ours).len());
        }
    }
    let pawns = b.colored_pieces(us, Piece::Pawn);
    let last = Rank::Eighth.relative_to(us).bitboard();
    let west = forward_west::<WHITE>(pawns) & theirs;
    let east = forward_east::<WHITE>(pawns) & theirs;
    let (single, double) = pawn_pushes(us, pawns, !occupied);
    n += u64::from(west.len() + east.len() + single.len() + double.len());
    // Each promotion counts four: three more than counted above.
    n += 3 * u64::from((west & last).len() + (east & last).len() + (single & last).len());
    if let Some(ep) = b.en_passant {
        n += u64::from((pawn_attacks(!us, ep) & pawns).len());
    }
    n
}

/// The attacks of a `piece` of `color` on `from`, with `occupied` as the blockers.
#[inline(always)]
fn attacks<S: Sliders>(
    s: S,
    piece: Piece,
    color: Color,
    from: Square,
    occupied: Bitboard,
) -> Bitboard {
    match piece {
        Piece::Pawn => pawn_attacks(color, from),
        Piece::Knight => knight_attacks(from),
        Piece::Bishop => s.bishop(from, occupied),
        Piece::Rook => s.rook(from, occupied),
        Piece::Queen => s.queen(from, occupied),
        Piece::King => king_attacks(from),
    }
}

/// Every pseudo-legal move but castling: pieces to any square not their own, pawn pushes
/// (two squares from the first or second rank, as horde allows), captures and en passant,
/// promotions (to a king too when `king_promotions`), each with the piece that moves.
pub(crate) fn pseudo_moves<S: Sliders>(
    s: S,
    b: &Board,
    king_promotions: bool,
    f: &mut impl FnMut(Piece, Move),
) {
    let us = b.side;
    let ours = b.colors[us.index()];
    let theirs = b.colors[(!us).index()];
    let occupied = ours | theirs;
    for piece in [
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ] {
        for from in b.colored_pieces(us, piece) {
            for to in attacks(s, piece, us, from, occupied) - ours {
                f(piece, Move::new(from, to));
            }
        }
    }
    let pawns = b.colored_pieces(us, Piece::Pawn);
    if pawns.is_empty() {
        return;
    }
    let last = Rank::Eighth.relative_to(us).bitboard();
    let mut pawn_move = |from: Square, to: Square| {
        if last.has(to) {
            for promotion in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                f(
                    Piece::Pawn,
                    Move {
                        from,
                        to,
                        promotion: Some(promotion),
                    },
                );
            }
            if king_promotions {
                f(
                    Piece::Pawn,
                    Move {
                        from,
                        to,
                        promotion: Some(Piece::King),
                    },
                );
            }
        } else {
            f(Piece::Pawn, Move::new(from, to));
        }
    };
    for from in pawns {
        for to in pawn_attacks(us, from) & theirs {
            pawn_move(from, to);
        }
    }
    if let Some(ep) = b.en_passant {
        for from in pawn_attacks(!us, ep) & pawns {
            pawn_move(from, ep);
        }
    }
    let (single, double) = pawn_pushes(us, pawns, !occupied);
    let back = |to: Square, ranks: i8| {
        let ranks = if us == Color::White { -ranks } else { ranks };
        to.offset(0, ranks).unwrap_or(to)
    };
    for to in single {
        pawn_move(back(to, 1), to);
    }
    for to in double {
        pawn_move(back(to, 2), to);
    }
}

/// The targets of `us`'s `pawns` stepping one square and two (from the first or second
/// rank, as horde allows) onto the `empty` squares.
#[inline(always)]
fn pawn_pushes(us: Color, pawns: Bitboard, empty: Bitboard) -> (Bitboard, Bitboard) {
    let (step, start_targets): (fn(Bitboard) -> Bitboard, Bitboard) = match us {
        Color::White => (
            Bitboard::up,
            Rank::Third.bitboard() | Rank::Fourth.bitboard(),
        ),
        Color::Black => (
            Bitboard::down,
            Rank::Sixth.bitboard() | Rank::Fifth.bitboard(),
        ),
    };
    let single = step(pawns) & empty;
    (single, step(single) & empty & start_targets)
}

/// Castling moves whose squares are empty; with `safe`, the king's squares (start and
/// transit) must not be attacked either, as standard chess asks (atomic exempts the squares
/// next to the enemy king). The king's destination is left to the caller's test.
fn castling_moves<S: Sliders>(s: S, b: &Board, safe: bool, f: &mut impl FnMut(Move)) {
    let us = b.side;
    let back = Rank::First.relative_to(us).bitboard();
    let Some(king) = (b.colored_pieces(us, Piece::King) & back).single() else {
        return;
    };
    let occupied = b.occupied();
    let near_their_king = b
        .colored_pieces(!us, Piece::King)
        .into_iter()
        .fold(Bitboard::EMPTY, |near, k| near | king_attacks(k));
    for rook in b.castling.rook_squares() & back {
        if !b.colored_pieces(us, Piece::Rook).has(rook) {
            continue;
        }
        let (_, must_be_empty) = castling_squares(us, king, rook);
        if !(must_be_empty & occupied).is_empty() {
            continue;
        }
        if safe {
            let (king_to, _) = castling_targets(us, king, rook);
            let transit = (between(king, king_to) | king.bitboard()) - near_their_king;
            let without_king = occupied - king.bitboard();
            if transit
                .into_iter()
                .any(|sq| b.attacked_with(s, sq, !us, without_king))
            {
                continue;
            }
        }
        f(Move::new(king, rook));
    }
}

/// Atomic: whether `color`'s king is attacked. Kings that touch cannot check each other (a
/// capture would blow up both), and a side without a king is not in check.
pub(crate) fn atomic_attacked<S: Sliders>(s: S, b: &Board, color: Color) -> bool {
    let Some(king) = b.colored_pieces(color, Piece::King).first() else {
        return false;
    };
    if !(king_attacks(king) & b.colored_pieces(!color, Piece::King)).is_empty() {
        return false;
    }
    b.attacked_with(s, king, !color, b.occupied())
}

/// Atomic: what judging a move needs, worked out once per position, so that no move is
/// made to be judged (castling aside). A move that takes nothing explodes nothing: it is
/// legal unless it leaves our king attacked (kings that touch excepted), one attack test on
/// the changed occupancy, none for a piece off our king's lines when we are not in check. A
/// capture removes the capturer, its victim and every piece but pawns around the target: the
/// squares are a mask, and the test is whether our king is among them, theirs is, or what
/// is left of their pieces attacks ours on what is left of the board.
pub(crate) struct AtomicTest {
    pub(crate) us: Color,
    pub(crate) king: Square,
    their_king: Square,
    /// Our king stands next to theirs: no piece can check it.
    pub(crate) touching: bool,
    /// Our pieces whose quiet moves need no test: all of them when the kings touch, those off
    /// our king's lines when we are not in check, none otherwise.
    pub(crate) free: Bitboard,
    pub(crate) ours: Bitboard,
    pub(crate) theirs: Bitboard,
    pub(crate) occupied: Bitboard,
}

impl AtomicTest {
    /// The test for `b`, whose side to move has a king, as has the other side.
    #[inline(always)]
    pub(crate) fn new<S: Sliders>(s: S, b: &Board) -> AtomicTest {
        let us = b.side;
        let king = b
            .colored_pieces(us, Piece::King)
            .first()
            .unwrap_or(Square::A1);
        let their_king = b
            .colored_pieces(!us, Piece::King)
            .first()
            .unwrap_or(Square::A1);
        let touching = king_attacks(king).has(their_king);
        let ours = b.colors[us.index()];
        let theirs = b.colors[(!us).index()];
        let occupied = ours | theirs;
        let free = if touching {
            ours
        } else if b.attacked_with(s, king, !us, occupied) {
            Bitboard::EMPTY
        } else {
            ours - (rook_rays(king) | bishop_rays(king))
        };
        AtomicTest {
            us,
            king,
            their_king,
            touching,
            free,
            ours,
            theirs,
            occupied,
        }
    }

    /// Whether the pseudo-legal `mv` (castling aside) is legal.
    #[inline(always)]
    pub(crate) fn is_legal<S: Sliders>(&self, s: S, b: &Board, mv: Move) -> bool {
        if is_capture(b, mv, self.theirs) {
            self.capture_is_legal(s, b, mv)
        } else if mv.from == self.king {
            self.king_step_is_legal(s, b, mv.to)
        } else {
            self.quiet_is_legal(s, b, mv)
        }
    }

    /// Whether the quiet move `mv` of a piece other than the king is legal.
    #[inline(always)]
    pub(crate) fn quiet_is_legal<S: Sliders>(&self, s: S, b: &Board, mv: Move) -> bool {
        self.free.has(mv.from)
            || !b.attacked_with(
                s,
                self.king,
                !self.us,
                (self.occupied - mv.from.bitboard()) | mv.to.bitboard(),
            )
    }

    /// Whether our king may step to the empty square `to`.
    #[inline(always)]
    pub(crate) fn king_step_is_legal<S: Sliders>(&self, s: S, b: &Board, to: Square) -> bool {
        king_attacks(self.their_king).has(to)
            || !b.attacked_with(s, to, !self.us, self.occupied - self.king.bitboard())
    }

    /// Whether the pseudo-legal capture `mv` (en passant included) is legal.
    #[inline(always)]
    pub(crate) fn capture_is_legal<S: Sliders>(&self, s: S, b: &Board, mv: Move) -> bool {
        let (from, to) = (mv.from, mv.to);
        let victim = if self.theirs.has(to) {
            to
        } else {
            Square::new(to.file(), from.rank())
        };
        let removed = ((king_attacks(to) - b.pieces(Piece::Pawn)) & self.occupied)
            | to.bitboard()
            | from.bitboard()
            | victim.bitboard();
        if removed.has(self.king) {
            return false;
        }
        if removed.has(self.their_king) || self.touching {
            return true;
        }
        let occupied = self.occupied - removed;
        let left = self.theirs - removed;
        let p = &b.pieces;
        let leapers = knight_attacks(self.king) & p[Piece::Knight.index()]
            | pawn_attacks(self.us, self.king) & p[Piece::Pawn.index()];
        if !(leapers & left).is_empty() {
            return false;
        }
        let rooks = (p[Piece::Rook.index()] | p[Piece::Queen.index()]) & left;
        let bishops = (p[Piece::Bishop.index()] | p[Piece::Queen.index()]) & left;
        !crate::board::sliders_attack(s, self.king, rooks, bishops, occupied)
    }
}

/// Atomic: every legal move of `b` (both kings on the board), to `f`.
#[inline(always)]
pub(crate) fn atomic_moves<S: Sliders>(s: S, b: &Board, f: &mut impl FnMut(Move)) {
    let test = AtomicTest::new(s, b);
    pseudo_moves(s, b, false, &mut |_, mv: Move| {
        if test.is_legal(s, b, mv) {
            f(mv);
        }
    });
    castling_moves(s, b, true, &mut |mv| {
        if atomic_legal(s, b, mv) {
            f(mv);
        }
    });
}

/// Atomic: the number of legal moves of `b` (both kings on the board), by popcount where
/// no test is needed (quiet moves of the pieces the test calls free), by the test otherwise.
#[inline(always)]
pub(crate) fn count_atomic<S: Sliders>(s: S, b: &Board) -> u64 {
    let t = AtomicTest::new(s, b);
    let us = t.us;
    let (ours, theirs, occupied) = (t.ours, t.theirs, t.occupied);
    let mut n = 0u64;
    for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
        for from in b.colored_pieces(us, piece) {
            let targets = attacks(s, piece, us, from, occupied) - ours;
            for to in targets & theirs {
                n += u64::from(t.capture_is_legal(s, b, Move::new(from, to)));
            }
            let quiet = targets - theirs;
            if t.free.has(from) {
                n += u64::from(quiet.len());
            } else {
                for to in quiet {
                    n += u64::from(t.quiet_is_legal(s, b, Move::new(from, to)));
                }
            }
        }
    }
    for to in king_attacks(t.king) - occupied {
        n += u64::from(t.king_step_is_legal(s, b, to));
    }
    let pawns = b.colored_pieces(us, Piece::Pawn);
    if !pawns.is_empty() {
        let last = Rank::Eighth.relative_to(us).bitboard();
        let weight = |to: Square| if last.has(to) { 4 } else { 1 };
        for from in pawns {
            for to in pawn_attacks(us, from) & theirs {
                if t.capture_is_legal(s, b, Move::new(from, to)) {
                    n += weight(to);
                }
            }
        }
        if let Some(ep) = b.en_passant {
            for from in pawn_attacks(!us, ep) & pawns {
                n += u64::from(t.capture_is_legal(s, b, Move::new(from, ep)));
            }
        }
        let free = pawns & t.free;
        let (single, double) = pawn_pushes(us, free, !occupied);
        n += u64::from((single - last).len() + 4 * (single & last).len() + double.len());
        let tested = pawns - t.free;
        if !tested.is_empty() {
            let (single, double) = pawn_pushes(us, tested, !occupied);
            let back = |to: Square, ranks: i8| {
                let ranks = if us == Color::White { -ranks } else { ranks };
                to.offset(0, ranks).unwrap_or(to)
            };
            for to in single {
                if t.quiet_is_legal(s, b, Move::new(back(to, 1), to)) {
                    n += weight(to);
                }
            }
            for to in double {
                n += u64::from(t.quiet_is_legal(s, b, Move::new(back(to, 2), to)));
            }
        }
    }
    castling_moves(s, b, true, &mut |mv| n += u64::from(atomic_legal(s, b, mv)));
    n
}

/// Racing kings: which of the side to move's legal chess moves give no check (no move may),
/// worked out once per position rather than asked of each move: the squares from which each kind of piece would attack their king,
/// and our pieces that stand alone between one of our sliders and their king (which may
/// move only along that line).
pub(crate) struct RacingFilter {
    their_king: Square,
    knight: Bitboard,
    bishop: Bitboard,
    rook: Bitboard,
    discoverers: Bitboard,
}

impl RacingFilter {
    #[inline(always)]
    pub(crate) fn new<S: Sliders>(s: S, b: &Board) -> RacingFilter {
        let us = b.side;
        let their_king = b
            .colored_pieces(!us, Piece::King)
            .first()
            .unwrap_or(Square::A1);
        let ours = b.colors[us.index()];
        let occupied = b.occupied();
        let queens = b.pieces(Piece::Queen);
        let snipers = ((rook_rays(their_king) & (b.pieces(Piece::Rook) | queens))
            | (bishop_rays(their_king) & (b.pieces(Piece::Bishop) | queens)))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let inside = between(their_king, sniper) & occupied;
            if !inside.has_many() {
                discoverers |= inside & ours;
            }
        }
        RacingFilter {
            their_king,
            knight: knight_attacks(their_king),
            bishop: s.bishop(their_king, occupied),
            rook: s.rook(their_king, occupied),
            discoverers,
        }
    }

    /// The squares a `piece` of the side to move on `from` may go to without giving check.
    #[inline(always)]
    pub(crate) fn allowed(&self, piece: Piece, from: Square) -> Bitboard {
        let checks = match piece {
            Piece::Knight => self.knight,
            Piece::Bishop => self.bishop,
            Piece::Rook => self.rook,
            Piece::Queen => self.bishop | self.rook,
            // No pawns in racing kings; a king cannot step next to the other.
            Piece::Pawn | Piece::King => Bitboard::EMPTY,
        };
        if self.discoverers.has(from) {
            line(self.their_king, from) - checks
        } else {
            !checks
        }
    }
}

/// Atomic: whether the pseudo-legal `mv` is legal: our king survives, and either theirs
/// does not or ours is not attacked afterwards.
pub(crate) fn atomic_legal<S: Sliders>(s: S, b: &Board, mv: Move) -> bool {
    let us = b.side;
    let mut after = b.clone();
    atomic_make::<false>(&mut after, mv);
    if after.colored_pieces(us, Piece::King).is_empty() {
        return false;
    }
    after.colored_pieces(!us, Piece::King).is_empty() || !atomic_attacked(s, &after, us)
}

/// Makes an atomic move: the move as in chess, then, for a capture, the explosion: the
/// capturing piece and every piece but pawns on the squares around the target vanish, with
/// the castling rights of exploded rooks and kings.
/// With `HASH` false the key is left stale (a legality test has no use for it).
pub(crate) fn atomic_make<const HASH: bool>(b: &mut Board, mv: Move) {
    let Some(moved) = b.piece_on(mv.from) else {
        return;
    };
    let capture = is_capture(b, mv, b.colors[(!b.side).index()]);
    b.make_piece::<HASH>(moved, mv);
    if !capture {
        return;
    }
    let blast = ((king_attacks(mv.to) - b.pieces(Piece::Pawn)) | mv.to.bitboard()) & b.occupied();
    let mut rights_lost = blast;
    for square in blast {
        let (Some(piece), Some(color)) = (b.piece_on(square), b.color_on(square)) else {
            continue;
        };
        b.put(color, piece, square);
        if HASH {
            b.hash ^= zobrist::piece(color, piece, square);
        }
        if piece == Piece::King {
            rights_lost |= Rank::First.relative_to(color).bitboard();
        }
    }
    b.drop_castling_rights(rights_lost);
}

/// Makes `mv` by the variant's rules.
pub(crate) fn play(pos: &mut VariantPosition, mv: VariantMove) {
    let us = pos.board.side;
    match mv {
        VariantMove::Drop { piece, to } => {
            pos.pockets[us.index()].remove(piece);
            drop_piece(&mut pos.board, piece, to);
        }
        VariantMove::Normal(mv) => {
            let Some(moved) = pos.board.piece_on(mv.from) else {
                return;
            };
            match pos.variant {
                Variant::Atomic => atomic_make::<true>(&mut pos.board, mv),
                Variant::Crazyhouse => {
                    crazyhouse_capture(pos, moved, mv);
                    pos.board.make_piece::<true>(moved, mv);
                }
                Variant::Horde => {
                    pos.board.make_piece::<true>(moved, mv);
                    horde_first_rank_step(&mut pos.board, moved, mv);
                }
                Variant::Antichess => {
                    // A captured king takes its side's castling rights with it.
                    let them = !us;
                    let king_taken = pos.board.colored_pieces(them, Piece::King).has(mv.to);
                    pos.board.make_piece::<true>(moved, mv);
                    if king_taken {
                        pos.board
                            .drop_castling_rights(Rank::First.relative_to(them).bitboard());
                    }
                }
                _ => pos.board.make_piece::<true>(moved, mv),
            }
        }
    }
    if pos.variant == Variant::ThreeCheck && pos.board.in_check() {
        let left = &mut pos.remaining_checks[us.index()];
        *left = left.saturating_sub(1);
    }
}

/// Crazyhouse, before `mv` is made: the captured piece goes to our pocket (a pawn, if it was
/// a promoted one), and the promoted marks follow the move.
fn crazyhouse_capture(pos: &mut VariantPosition, moved: Piece, mv: Move) {
    let b = &pos.board;
    let us = b.side;
    let theirs = b.colors[(!us).index()];
    let captured = if theirs.has(mv.to) {
        let was_promoted = pos.promoted.has(mv.to);
        b.piece_on(mv.to)
            .map(|p| if was_promoted { Piece::Pawn } else { p })
    } else if is_capture(b, mv, theirs) {
        // En passant: the pawn taken stands behind the target square; its mark goes too.
        pos.promoted -= Square::new(mv.to.file(), mv.from.rank()).bitboard();
        Some(Piece::Pawn)
    } else {
        None
    };
    if let Some(piece) = captured {
        pos.pockets[us.index()].add(piece);
    }
    let castles = moved == Piece::King && b.colors[us.index()].has(mv.to);
    if castles {
        // King and rook land unmarked, as python-chess puts them down anew.
        let (king_to, rook_to) = castling_targets(us, mv.from, mv.to);
        pos.promoted -=
            mv.from.bitboard() | mv.to.bitboard() | king_to.bitboard() | rook_to.bitboard();
        return;
    }
    let carried = pos.promoted.has(mv.from);
    pos.promoted -= mv.from.bitboard() | mv.to.bitboard();
    if carried || (moved == Piece::Pawn && mv.promotion.is_some()) {
        pos.promoted |= mv.to.bitboard();
    }
}

/// Horde: a pawn's two-square step from the first rank makes no en-passant square.
#[inline(always)]
pub(crate) fn horde_first_rank_step(b: &mut Board, moved: Piece, mv: Move) {
    let mover = !b.side;
    if moved == Piece::Pawn
        && mv.from.rank() == Rank::First.relative_to(mover)
        && double_step_square(mv.from, mv.to).is_some()
        && let Some(ep) = b.en_passant.take()
    {
        b.hash ^= zobrist::en_passant(ep.file());
    }
}

/// Crazyhouse: puts a `piece` of the side to move on the empty square `to` and passes the
/// turn. Every drop, a pawn's too, advances the halfmove clock, as python-chess counts it
/// (crazyhouse has no fifty-move rule).
fn drop_piece(b: &mut Board, piece: Piece, to: Square) {
    let us = b.side;
    if let Some(ep) = b.en_passant.take() {
        b.hash ^= zobrist::en_passant(ep.file());
    }
    b.put(us, piece, to);
    b.hash ^= zobrist::piece(us, piece, to) ^ zobrist::white_to_move();
    b.halfmove = b.halfmove.saturating_add(1);
    if us == Color::Black {
        b.fullmove = b.fullmove.saturating_add(1);
    }
    b.side = !us;
    b.checkers = UNKNOWN;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::Magic;
    use crate::test_rng::Lcg;
    use std::vec::Vec;

    /// Random games of `variant` from `fens`: at every position `check` compares the fast
    /// rules with a slow reference and returns the legal moves.
    fn playouts(variant: Variant, fens: &[&str], check: impl Fn(&Board) -> Vec<Move>) {
        let mut rng = Lcg::new(0x5eed_0a70);
        for fen in fens {
            for _ in 0..60 {
                let mut pos = VariantPosition::from_fen(variant, fen).unwrap();
                for _ in 0..120 {
                    if is_variant_end(&pos) {
                        break;
                    }
                    let moves = check(&pos.board);
                    if moves.is_empty() {
                        break;
                    }
                    let pick = moves[(rng.next_u64() >> 33) as usize % moves.len()];
                    play(&mut pos, VariantMove::Normal(pick));
                }
            }
        }
    }

    fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
        moves.sort_unstable_by_key(|m| (m.from as u8, m.to as u8, m.promotion.map(Piece::index)));
        moves
    }

    /// The copy-free atomic test (and the leaf count) against making every pseudo-legal move
    /// on a copy. It fails if the kings-touching exemption of captures is dropped.
    #[test]
    fn atomic_test_agrees_with_making_each_move() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        playouts(Variant::Atomic, &fens, |b| {
            let s = Magic;
            let mut reference = Vec::new();
            pseudo_moves(s, b, false, &mut |_, mv| {
                if atomic_legal(s, b, mv) {
                    reference.push(mv);
                }
            });
            castling_moves(s, b, true, &mut |mv| {
                if atomic_legal(s, b, mv) {
                    reference.push(mv);
                }
            });
            let mut fast = Vec::new();
            atomic_moves(s, b, &mut |mv| fast.push(mv));
            assert_eq!(count_atomic(s, b), reference.len() as u64, "{b}");
            let (fast, reference) = (sorted(fast), sorted(reference));
            assert_eq!(fast, reference, "{b}");
            fast
        });
    }

    /// Racing kings' check mask against asking `gives_check` of every legal move.
    #[test]
    fn racing_filter_agrees_with_gives_check() {
        let fens = [
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            "8/8/1rk4K/8/8/8/2bnNBR1/qrbnNBRQ b - - 0 1",
        ];
        playouts(Variant::RacingKings, &fens, |b| {
            let s = Magic;
            let reference: Vec<Move> = b
                .legal_moves()
                .into_iter()
                .filter(|&mv| !b.gives_check_with(s, mv))
                .collect();
            let b = &*b.checked(s);
            let filter = RacingFilter::new(s, b);
            let mut fast = Vec::new();
            b.generate_with(s, |moves| {
                for to in moves.to & filter.allowed(moves.piece, moves.from) {
                    fast.push(Move::new(moves.from, to));
                }
                false
            });
            let (fast, reference) = (sorted(fast), sorted(reference));
            assert_eq!(fast, reference, "{b}");
            fast
        });
    }
}
