//! What a depth-2 shortcut move of ours changes in their replies' counts: the moves,
//! captures and promotions of their sliders, pawns and knights, the direct checks of their
//! sliders, and their king's steps; or that it may change a check otherwise, and must be made.

use crate::attacks::{
    Sliders, between, bishop_rays, king_attacks, knight_attacks, knight_attacks_set, line,
    pawn_attacks, pawn_attacks_set, rook_rays,
};
use crate::movegen::{forward, forward_east, forward_west};
use crate::perft::depth2;
use crate::perft::depth2::Attackers;
use crate::{Bitboard, Board, Color, Piece, Rank, Square};

/// What our king needs of a move for the depth-2 statistics shortcut, and the correction of
/// their captures and moves that the move brings.
pub(super) struct KingGuard {
    /// Squares a shortcut move must neither leave nor land on: the lines from our king to
    /// their sliders that hold one blocker (a pin, or a piece of theirs that would discover
    /// check), and the blockers of those that hold two.
    pub(super) forbidden: Bitboard,
    king: Square,
    /// Squares from which a diagonal, a straight piece or a pawn of theirs attacks our king.
    bishop_checks: Bitboard,
    rook_checks: Bitboard,
    pawn_checks: Bitboard,
    /// Where their bishops and queens, their rooks and queens may go in the null position.
    bishop_reach: Bitboard,
    rook_reach: Bitboard,
    /// Their pieces that alone stand between our king and one of their sliders.
    discoverers: Bitboard,
    their_queens: Bitboard,
    their_free_knights: Bitboard,
    /// Whether their pawns can be recounted set-wise: none pinned, none standing between
    /// our king and their slider.
    plain_pawns: bool,
    /// Their pawn moves in the null position (with where they may promote).
    null_pawns: PawnTally,
    /// Their pawns about to promote.
    promoters: Bitboard,
    /// Whether they may castle.
    castles: bool,
}

impl KingGuard {
    #[inline(always)]
    pub(super) fn new<S: Sliders, const WHITE: bool>(
        s: S,
        board: &Board,
        replies: &depth2::NullReplies,
        castles: bool,
    ) -> KingGuard {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let king = board.king(us);
        let occupied = replies.occupied;
        let theirs = board.colors(them);
        let queens = board.pieces(Piece::Queen);
        let diagonal = board.pieces(Piece::Bishop) | queens;
        let straight = board.pieces(Piece::Rook) | queens;
        let bishop_checks = s.bishop(king, occupied);
        let rook_checks = s.rook(king, occupied);
        let mut forbidden = Bitboard::EMPTY;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in (bishop_rays(king) & diagonal | rook_rays(king) & straight) & theirs {
            let segment = between(king, sniper);
            let blockers = segment & occupied;
            match blockers.len() {
                0 | 1 => {
                    forbidden |= segment;
                    discoverers |= blockers & theirs;
                }
                2 => forbidden |= blockers,
                _ => {}
            }
        }
        let seventh = Rank::Seventh.relative_to(them).bitboard();
        let pawn_checks = pawn_attacks(us, king);
        let null_pawns = their_pawn_moves::<WHITE>(
            replies.their_pawns,
            replies.ours,
            occupied,
            [
                pawn_checks,
                knight_attacks(king),
                bishop_checks | rook_checks,
            ],
        );
        let promoters = replies.their_pawns & seventh;
        let (mut bishop_reach, mut rook_reach) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for x in replies.diagonals.iter().chain(&replies.straights) {
            let reach = x.attacks & x.allowed;
            if diagonal.has(x.square) {
                bishop_reach |= reach;
            }
            if straight.has(x.square) {
                rook_reach |= reach;
            }
        }
        KingGuard {
            forbidden,
            king,
            bishop_checks,
            rook_checks,
            pawn_checks,
            bishop_reach,
            rook_reach,
            discoverers,
            their_queens: queens & theirs,
            their_free_knights: (board.pieces(Piece::Knight) & theirs) - replies.their_pinned,
            plain_pawns: (replies.their_pawns & (replies.their_pinned | discoverers)).is_empty(),
            null_pawns,
            promoters,
            castles,
        }
    }

    /// How much our quiet move from `from` to `to` (a shortcut of `replies`, keeping off
    /// `forbidden`) changes their move, capture, promotion and direct-check counts; the
    /// direct checks of their sliders that change are written to `edits`. `None` (then the
    /// move is made) when it may change a check otherwise: a slider that can unmask a check
    /// and whose moves or direct checks change, castling or a promotion on our king's lines
    /// that change, or pawns to recount that are pinned, unmask a check or may check.
    #[inline(always)]
    pub(super) fn correction<S: Sliders, const WHITE: bool>(
        &self,
        s: S,
        replies: &depth2::NullReplies,
        from: Square,
        to: Square,
        edits: &mut CheckEdits,
    ) -> Option<Correction> {
        let touched = from.bitboard() | to;
        let occupied = replies.occupied ^ touched;
        let ours = replies.ours;
        let ours_after = ours ^ touched;
        let (mut nodes, mut captures, mut checks) = (0i64, 0i64, 0i64);
        edits.len = 0;
        // A move on our king's lines moves the squares their sliders would check from.
        let (mut bishop_checks, mut rook_checks) = (self.bishop_checks, self.rook_checks);
        let (mut bishop_moved, mut rook_moved) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let on_lines = !((bishop_checks | rook_checks) & touched).is_empty();
        if on_lines {
            // Where a castled rook checks from changes too (with their king gone from its
            // square).
            if self.castles {
                return None;
            }
            bishop_checks = s.bishop(self.king, occupied);
            rook_checks = s.rook(self.king, occupied);
            bishop_moved = bishop_checks ^ self.bishop_checks;
            rook_moved = rook_checks ^ self.rook_checks;
            // And where a promoted piece does, also through the square its pawn leaves.
            let lines = bishop_checks | rook_checks | self.bishop_checks | self.rook_checks;
            if !(self.null_pawns.promotion_squares & (bishop_moved | rook_moved)).is_empty()
                || !(self.promoters & lines).is_empty()
            {
                return None;
            }
        }
        // Whether a slider that the move does not reach gains or loses checking moves.
        let unreached = on_lines
            && !((self.bishop_reach & bishop_moved) | (self.rook_reach & rook_moved)).is_empty();
        if unreached || !(replies.slider_reach & touched).is_empty() {
            let lists = [
                (replies.diagonals.as_slice(), true),
                (replies.straights.as_slice(), false),
            ];
            for (list, diagonal) in lists {
                for x in list {
                    let reached = !(x.attacks & touched).is_empty();
                    if !reached && !unreached {
                        continue;
                    }
                    let before = x.attacks & x.allowed;
                    let moves = if reached {
                        let moves = if diagonal {
                            s.bishop(x.square, occupied)
                        } else {
                            s.rook(x.square, occupied)
                        } & x.allowed;
                        nodes += i64::from(moves.len()) - i64::from(x.moves);
                        captures += i64::from((moves & ours_after).len())
                            - i64::from((before & ours).len());
                        let off_line = (moves | before) - line(self.king, x.square);
                        if self.discoverers.has(x.square) && !off_line.is_empty() {
                            return None;
                        }
                        moves
                    } else {
                        before
                    };
                    // Its checking moves by this line kind: the squares it reaches from
                    // which it checks, before and after.
                    let queen = self.their_queens.has(x.square);
                    let checking = |bishop: Bitboard, rook: Bitboard| match (queen, diagonal) {
                        (true, _) => bishop | rook,
                        (false, true) => bishop,
                        (false, false) => rook,
                    };
                    let was = before & checking(self.bishop_checks, self.rook_checks);
                    let now = moves & checking(bishop_checks, rook_checks);
                    if was != now {
                        if self.discoverers.has(x.square) {
                            return None;
                        }
                        let piece = match (queen, diagonal) {
                            (true, _) => Piece::Queen,
                            (false, true) => Piece::Bishop,
                            (false, false) => Piece::Rook,
                        };
                        edits.push(CheckEdit {
                            piece,
                            from: x.square,
                            was,
                            now,
                        })?;
                        checks += i64::from(now.len()) - i64::from(was.len());
                    }
                }
            }
        }
        let mut promotions = 0;
        if !(replies.pawn_reach & touched).is_empty() {
            if !self.plain_pawns || self.null_pawns.may_check {
                return None;
            }
            let lines = bishop_checks | rook_checks;
            let checks = [self.pawn_checks, knight_attacks(self.king), lines];
            let after =
                their_pawn_moves::<WHITE>(replies.their_pawns, ours_after, occupied, checks);
            if after.may_check || !(self.promoters & lines).is_empty() {
                return None;
            }
            nodes += after.nodes - self.null_pawns.nodes;
            captures += after.captures - self.null_pawns.captures;
            promotions = after.promotions - self.null_pawns.promotions;
        }
        let knights = self.their_free_knights;
        captures += i64::from((knight_attacks(to) & knights).len())
            - i64::from((knight_attacks(from) & knights).len());
        Some(Correction {
            nodes,
            captures,
            promotions,
            checks,
        })
    }
}

/// Their king's steps in the null position, for the shortcut moves that attack squares
/// around it ([`depth2::ShortcutRules::near_king`]): such a move changes their replies only
/// in those steps, and the change is worked out square by square.
pub(super) struct KingSteps {
    king: Square,
    /// Where it may step in the null position.
    null: Bitboard,
    /// The squares around it that are not theirs.
    open: Bitboard,
    /// For each kind of our pieces but the king (which never takes the shortcut), the
    /// squares from which one attacks the zone; for a slider, along lines as they are (a
    /// slider that reaches the zone only through the square it leaves stands on such a
    /// line).
    views: [Bitboard; 6],
}

impl KingSteps {
    /// `None` when a step of their king may check ours: it stands between our king and
    /// one of their sliders.
    #[inline(always)]
    pub(super) fn new<S: Sliders>(
        s: S,
        board: &Board,
        replies: &depth2::NullReplies,
        guard: &KingGuard,
    ) -> Option<KingSteps> {
        let them = !board.side;
        let king = board.king(them);
        if guard.discoverers.has(king) {
            return None;
        }
        let zone = replies.rules.king_zone.zone;
        let (mut diagonal, mut straight) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for square in zone {
            diagonal |= s.bishop(square, replies.occupied);
            straight |= s.rook(square, replies.occupied);
        }
        Some(KingSteps {
            king,
            null: replies.null.king_targets(s, them, king),
            open: king_attacks(king) - board.colors(them),
            views: [
                pawn_attacks_set(them, zone),
                knight_attacks_set(zone),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ],
        })
    }

    /// How many more steps and captures their king has after our `piece` (not the king)
    /// goes from `from` to `to`; `None` when the move changes an attack on a square they
    /// castle across. `rules` has the zone.
    #[inline(always)]
    pub(super) fn change<S: Sliders>(
        &self,
        s: S,
        board: &Board,
        rules: &depth2::ShortcutRules,
        piece: Piece,
        from: Square,
        to: Square,
    ) -> Option<(i64, i64)> {
        let view = self.views[piece.index()];
        let lines = rules.king_zone.ring_lines;
        if !view.has(from) && !view.has(to) && !lines.has(from) && !lines.has(to) {
            return Some((0, 0));
        }
        let us = board.side;
        let occupied = board.occupied() ^ from ^ to;
        // Through a square it blocks or opens, a slider of ours may gain or lose any of
        // their king's steps.
        let opened = if lines.has(from) || lines.has(to) {
            self.open - rules.king_zone.castle_path
        } else {
            Bitboard::EMPTY
        };
        let attacks = match piece {
            Piece::Pawn => pawn_attacks(us, from) | pawn_attacks(us, to),
            Piece::Knight => knight_attacks(from) | knight_attacks(to),
            Piece::Bishop => s.bishop(from, board.occupied()) | s.bishop(to, occupied),
            Piece::Rook => s.rook(from, board.occupied()) | s.rook(to, occupied),
            Piece::Queen => s.queen(from, board.occupied()) | s.queen(to, occupied),
            Piece::King => Bitboard::EMPTY,
        };
        let changed = attacks & rules.king_zone.zone | opened;
        if !(changed & rules.king_zone.castle_path).is_empty() {
            return None;
        }
        let squares = changed & self.open;
        if squares.is_empty() {
            return Some((0, 0));
        }
        let ours = Attackers::of(board, us, from.bitboard()).with(piece, to);
        let lifted = occupied - self.king;
        let mut after = self.null - squares;
        for square in squares {
            if !ours.attack(s, square, lifted) {
                after |= square;
            }
        }
        let ours_after = board.colors(us) ^ from ^ to;
        let captures =
            i64::from((after & ours_after).len()) - i64::from((self.null & board.colors(us)).len());
        Some((
            i64::from(after.len()) - i64::from(self.null.len()),
            captures,
        ))
    }
}

/// What a shortcut move changes in their replies' counts.
pub(super) struct Correction {
    pub(super) nodes: i64,
    pub(super) captures: i64,
    pub(super) promotions: i64,
    /// Direct checks (see [`CheckEdits`]).
    pub(super) checks: i64,
}

/// The checking replies of their sliders that a shortcut move changes: moves on our king's
/// lines move the squares they check from, and the squares they reach change with the two
/// squares' occupancy. Up to 8 (`None` from [`push`](Self::push) beyond).
pub(super) struct CheckEdits {
    list: [CheckEdit; 8],
    pub(super) len: usize,
}

/// One slider's direct checks along one line kind: `was` in the null position, `now` after
/// the move.
#[derive(Clone, Copy)]
pub(super) struct CheckEdit {
    pub(super) piece: Piece,
    pub(super) from: Square,
    pub(super) was: Bitboard,
    pub(super) now: Bitboard,
}

impl CheckEdit {
    const NONE: CheckEdit = CheckEdit {
        piece: Piece::Pawn,
        from: Square::A1,
        was: Bitboard::EMPTY,
        now: Bitboard::EMPTY,
    };
}

impl CheckEdits {
    pub(super) fn new() -> CheckEdits {
        CheckEdits {
            list: [CheckEdit::NONE; 8],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, edit: CheckEdit) -> Option<()> {
        *self.list.get_mut(self.len)? = edit;
        self.len += 1;
        Some(())
    }

    pub(super) fn edits(&self) -> &[CheckEdit] {
        &self.list[..self.len]
    }
}

/// The moves of their pawns, counted as the statistics count them.
#[derive(Clone, Copy)]
struct PawnTally {
    nodes: i64,
    captures: i64,
    promotions: i64,
    /// Where they may promote.
    promotion_squares: Bitboard,
    /// Whether a move may check: a step onto a square from which a pawn attacks our king,
    /// or a promotion onto a line of our king or a knight's step from it.
    may_check: bool,
}

/// The moves of `pawns`, theirs when White (`WHITE`) is us, none of them pinned, with
/// `enemies` (ours) and `occupied`. `checks` are the squares from which a pawn, a knight
/// and a slider would attack our king.
#[inline(always)]
fn their_pawn_moves<const WHITE: bool>(
    pawns: Bitboard,
    enemies: Bitboard,
    occupied: Bitboard,
    checks: [Bitboard; 3],
) -> PawnTally {
    let (single, west, east) = if WHITE {
        (
            forward::<false>(pawns),
            forward_west::<false>(pawns),
            forward_east::<false>(pawns),
        )
    } else {
        (
            forward::<true>(pawns),
            forward_west::<true>(pawns),
            forward_east::<true>(pawns),
        )
    };
    let us = if WHITE { Color::White } else { Color::Black };
    let third = Rank::Sixth.relative_to(us).bitboard();
    let last = Rank::First.relative_to(us).bitboard();
    let single = single - occupied;
    let double = if WHITE {
        forward::<false>(single & third)
    } else {
        forward::<true>(single & third)
    } - occupied;
    let (west, east) = (west & enemies, east & enemies);
    let targets = single | double | west | east;
    let captures = west.len() + east.len() + 3 * ((west & last).len() + (east & last).len());
    let promotions = (single & last).len() + (west & last).len() + (east & last).len();
    let [pawn, knight, lines] = checks;
    PawnTally {
        nodes: i64::from(single.len() + double.len() + west.len() + east.len() + 3 * promotions),
        captures: i64::from(captures),
        promotions: i64::from(4 * promotions),
        promotion_squares: targets & last,
        may_check: !((targets - last) & pawn).is_empty()
            || !(targets & last & (knight | lines)).is_empty(),
    }
}
