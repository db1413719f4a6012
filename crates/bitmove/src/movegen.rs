//! Legal move generation, without make-and-test.
//!
//! `checkers` and `pinned` are known for every board generated from (the public entry points
//! work them out first for a board fresh from `play_unchecked`). Out of check, pieces may go to any square
//! not holding one of ours; in single check, only to the checker or a square between it and
//! the king; in double check only the king moves. A pinned piece moves only along the line
//! through its king and itself (and never while in check). King moves are tested against
//! attacks with the king taken off the board, so it cannot hide behind itself. En passant,
//! which removes two pawns from a line at once, is the one move tested on the changed
//! occupancy.

use crate::attacks::{
    SliderBackend, Sliders, between, bishop_rays, cpu, dispatch, king_attacks, knight_attacks,
    knight_attacks_set, line, pawn_attacks, pawn_attacks_set, rook_rays,
};
use crate::board::{castling_squares, sliders_attack};
use crate::{Bitboard, Board, Color, File, Move, MoveList, Piece, PieceMoves, Rank, Square};

/// The kinds of generation: every legal move, the captures, the quiet moves.
const ALL: u8 = 0;
const CAPTURES: u8 = 1;
const QUIETS: u8 = 2;

impl Board {
    /// Hands every legal move, in set form, to `listener`; generation stops early when the
    /// listener returns `true`, and then this returns `true`.
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let mut count = 0;
    /// Board::default().generate_moves(|moves| {
    ///     count += moves.len();
    ///     false
    /// });
    /// assert_eq!(count, 20);
    /// ```
    pub fn generate_moves(&self, listener: impl FnMut(PieceMoves) -> bool) -> bool {
        dispatch!(SliderBackend::current(), |s| self
            .checked(s)
            .generate_with(s, listener))
    }

    /// Every legal move.
    ///
    /// ```
    /// let moves = bitmove::Board::default().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        dispatch!(SliderBackend::current(), |s| cpu::with_best_isa(|| self
            .checked(s)
            .generate_with(s, |moves| {
                list.push_all(moves);
                false
            })));
        list
    }

    /// The number of legal moves, counted without building them.
    pub fn count_moves(&self) -> usize {
        dispatch!(SliderBackend::current(), |s| cpu::with_best_isa(|| self
            .checked(s)
            .count_with(s)))
    }

    /// Whether `mv` is legal in this position (castling as king-takes-own-rook).
    ///
    /// Checked on its own path, not by generating moves: the piece must be able to make the
    /// move (geometry, blockers, promotion rules), and our king must not be attacked once the
    /// move is made on a copy. The tests compare this against generation.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board = Board::default();
    /// assert!(board.is_legal(Move::new(Square::G1, Square::F3)));
    /// assert!(!board.is_legal(Move::new(Square::G1, Square::G3)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        dispatch!(SliderBackend::current(), |s| self
            .checked(s)
            .is_legal_with(s, mv))
    }

    /// The legal move that `packed` ([`Move::to_u16`]) stands for, or `None` when it stands
    /// for no legal move here: a transposition-table move from a hash collision is never
    /// handed back.
    ///
    /// ```
    /// use bitmove::{Board, Square};
    ///
    /// let board = Board::default();
    /// let round_trips = board
    ///     .legal_moves()
    ///     .into_iter()
    ///     .filter(|&mv| board.move_from_u16(mv.to_u16()) == Some(mv))
    ///     .count();
    /// assert_eq!(round_trips, 20);
    /// assert_eq!(board.move_from_u16(0), None);
    /// ```
    pub fn move_from_u16(&self, packed: u16) -> Option<Move> {
        Move::unpack(packed).filter(|&mv| self.is_legal(mv))
    }

    fn is_legal_with<S: Sliders>(&self, s: S, mv: Move) -> bool {
        let us = self.side;
        let ours = self.colors(us);
        let theirs = self.colors(!us);
        let occupied = ours | theirs;
        let Some(piece) = self.piece_on(mv.from).filter(|_| ours.has(mv.from)) else {
            return false;
        };
        let last_rank = Rank::Eighth.relative_to(us);
        let promotes = piece == Piece::Pawn && mv.to.rank() == last_rank;
        let promotion_ok = match mv.promotion {
            None => !promotes,
            Some(p) => promotes && Piece::PROMOTIONS.contains(&p),
        };
        if !promotion_ok {
            return false;
        }
        if piece == Piece::King && ours.has(mv.to) {
            if self.in_check() {
                return false;
            }
            let mut found = false;
            self.generate_castling(s, us, &mut |moves| {
                found = moves.to.has(mv.to);
                found
            });
            return found;
        }
        if ours.has(mv.to) {
            return false;
        }
        let reach = match piece {
            Piece::Pawn => {
                let forward = if us == Color::White { 8 } else { -8 };
                let one = mv.from.offset(0, forward / 8);
                let two = one.and_then(|sq| sq.offset(0, forward / 8));
                let start = Rank::Second.relative_to(us);
                let mut reach = pawn_attacks(us, mv.from) & theirs;
                if let Some(ep) = self.en_passant {
                    reach |= pawn_attacks(us, mv.from) & ep;
                }
                if let Some(one) = one.filter(|sq| !occupied.has(*sq)) {
                    reach |= one;
                    if let Some(two) = two.filter(|sq| !occupied.has(*sq))
                        && mv.from.rank() == start
                    {
                        reach |= two;
                    }
                }
                reach
            }
            Piece::Knight => knight_attacks(mv.from),
            Piece::Bishop => s.bishop(mv.from, occupied),
            Piece::Rook => s.rook(mv.from, occupied),
            Piece::Queen => s.queen(mv.from, occupied),
            Piece::King => king_attacks(mv.from),
        };
        if !reach.has(mv.to) {
            return false;
        }
        self.is_legal_known(s, piece, mv)
    }

    /// Whether a move known to be pseudo-legal here (`piece` of the side to move on
    /// `mv.from`, `mv.to` in its reach and not ours, not castling) leaves the king safe, on
    /// a board whose checkers and pins are known: the tests of the generator, one move at a
    /// time. En passant, which takes two pawns off a line at once, is made and tested.
    #[inline]
    pub(crate) fn is_legal_known<S: Sliders>(&self, s: S, piece: Piece, mv: Move) -> bool {
        let us = self.side;
        let king = self.king(us);
        if piece == Piece::King {
            let occupied = self.occupied() ^ mv.from;
            return !self.attacked_with(s, mv.to, !us, occupied);
        }
        if piece == Piece::Pawn && Some(mv.to) == self.en_passant && mv.from.file() != mv.to.file()
        {
            let mut after = self.clone();
            after.make_piece::<false>(piece, mv);
            return !after.attacked_with(s, king, !us, after.occupied());
        }
        if let Some(checker) = self.checkers.first()
            && (self.checkers.has_many() || !(between(king, checker) | checker).has(mv.to))
        {
            return false;
        }
        !self.pinned.has(mv.from) || line(king, mv.from).has(mv.to)
    }

    /// Counts the legal moves without building them: the depth-1 step of perft. Pawns are
    /// counted set-wise (all of them at once, by shifts), everything else by popcount of its
    /// target set.
    #[inline(always)]
    pub(crate) fn count_with<S: Sliders>(&self, s: S) -> usize {
        match self.side {
            Color::White => self.count_for::<S, true>(s),
            Color::Black => self.count_for::<S, false>(s),
        }
    }

    #[inline(always)]
    pub(crate) fn count_for<S: Sliders, const WHITE: bool>(&self, s: S) -> usize {
        self.count_and_pawns_for::<S, WHITE>(s).0
    }

    /// The legal move count, and how many of those moves are pawn moves other than en
    /// passant (promotions counted four times, as in the total).
    #[inline(always)]
    pub(crate) fn count_and_pawns_for<S: Sliders, const WHITE: bool>(&self, s: S) -> (usize, u32) {
        let us = if WHITE { Color::White } else { Color::Black };
        let mut count = 0usize;
        self.generate_king(s, us, &mut |moves| {
            count += moves.to.len() as usize;
            false
        });
        if self.checkers.has_many() {
            return (count, 0);
        }
        let ours = self.colors(us);
        let theirs = self.colors(!us);
        let occupied = ours | theirs;
        let king = self.king(us);
        let in_check = !self.checkers.is_empty();
        let target = match self.checkers.first() {
            Some(checker) => between(king, checker) | checker,
            None => !ours,
        };
        let pinned = self.pinned;
        let free = ours - pinned;
        let diagonal = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        let straight = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);

        for from in self.pieces(Piece::Knight) & free {
            count += (knight_attacks(from) & target).len() as usize;
        }
        for from in diagonal & free {
            count += (s.bishop(from, occupied) & target).len() as usize;
        }
        for from in straight & free {
            count += (s.rook(from, occupied) & target).len() as usize;
        }

        let pawns = self.pieces(Piece::Pawn) & ours;
        let pawn_moves =
            count_pawn_moves::<WHITE>(pawns, pinned, in_check, king, theirs, occupied, target);
        count += pawn_moves as usize;

        if !in_check && !pinned.is_empty() {
            for from in diagonal & pinned {
                count += (s.bishop(from, occupied) & target & line(king, from)).len() as usize;
            }
            for from in straight & pinned {
                count += (s.rook(from, occupied) & target & line(king, from)).len() as usize;
            }
        }
        if let Some(ep) = self.en_passant {
            let victim = Square::new(ep.file(), Rank::Fifth.relative_to(us));
            for from in pawn_attacks(!us, ep) & pawns {
                count += self.en_passant_is_legal(s, us, king, from, ep, victim) as usize;
            }
        }
        if !in_check {
            self.generate_castling(s, us, &mut |_| {
                count += 1;
                false
            });
        }
        (count, pawn_moves)
    }

    /// Generation with a chosen backend: the hot path, monomorphised per backend.
    #[inline(always)]
    pub(crate) fn generate_with<S: Sliders>(
        &self,
        s: S,
        listener: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        match self.side {
            Color::White => self.generate_for::<S, true>(s, listener),
            Color::Black => self.generate_for::<S, false>(s, listener),
        }
    }

    #[inline(always)]
    pub(crate) fn generate_for<S: Sliders, const WHITE: bool>(
        &self,
        s: S,
        listener: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        self.generate_kind::<S, WHITE, ALL>(s, listener)
    }

    /// Generation of the moves of one kind ([`ALL`], [`CAPTURES`] or [`QUIETS`]): the kind
    /// narrows every target set before it is worked out, so captures cost their share.
    #[inline(always)]
    fn generate_kind<S: Sliders, const WHITE: bool, const KIND: u8>(
        &self,
        s: S,
        mut listener: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = if WHITE { Color::White } else { Color::Black };
        let king_within = match KIND {
            CAPTURES => self.colors(!us),
            QUIETS => !self.colors(!us),
            _ => Bitboard::FULL,
        };
        if self.checkers.is_empty() {
            self.generate_pieces::<S, WHITE, false, KIND>(s, &mut listener)
                || (KIND != CAPTURES && self.generate_castling(s, us, &mut listener))
                || self.generate_king_within(s, us, king_within, &mut listener)
        } else if !self.checkers.has_many() {
            self.generate_pieces::<S, WHITE, true, KIND>(s, &mut listener)
                || self.generate_king_within(s, us, king_within, &mut listener)
        } else {
            self.generate_king_within(s, us, king_within, &mut listener)
        }
    }

    /// The legal captures in set form (moves onto an enemy piece, en passant, capturing
    /// promotions), handed to `listener` as [`generate_moves`](Board::generate_moves) does;
    /// the targets are narrowed before they are worked out, so this costs the captures'
    /// share of a full generation.
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board: Board = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    /// let mut captures = Vec::new();
    /// board.generate_captures(|moves| {
    ///     captures.extend(moves);
    ///     false
    /// });
    /// assert_eq!(captures.len(), 1); // e5xd6 en passant
    /// ```
    pub fn generate_captures(&self, listener: impl FnMut(PieceMoves) -> bool) -> bool {
        dispatch!(SliderBackend::current(), |s| cpu::with_best_isa(|| {
            let board = self.checked(s);
            match board.side {
                Color::White => board.generate_kind::<_, true, CAPTURES>(s, listener),
                Color::Black => board.generate_kind::<_, false, CAPTURES>(s, listener),
            }
        }))
    }

    /// The legal moves that capture nothing (quiet moves, pushes, quiet promotions, castling)
    /// in set form; see [`generate_captures`](Board::generate_captures).
    ///
    /// ```
    /// let mut count = 0;
    /// bitmove::Board::default().generate_quiets(|moves| {
    ///     count += moves.len();
    ///     false
    /// });
    /// assert_eq!(count, 20);
    /// ```
    pub fn generate_quiets(&self, listener: impl FnMut(PieceMoves) -> bool) -> bool {
        dispatch!(SliderBackend::current(), |s| cpu::with_best_isa(|| {
            let board = self.checked(s);
            match board.side {
                Color::White => board.generate_kind::<_, true, QUIETS>(s, listener),
                Color::Black => board.generate_kind::<_, false, QUIETS>(s, listener),
            }
        }))
    }

    /// The king's steps to squares that no enemy piece attacks once the king has left.
    #[inline(always)]
    pub(crate) fn generate_king<S: Sliders>(
        &self,
        s: S,
        us: Color,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        self.generate_king_within(s, us, Bitboard::FULL, listener)
    }

    /// [`generate_king`](Board::generate_king) to the squares of `within` only.
    #[inline(always)]
    fn generate_king_within<S: Sliders>(
        &self,
        s: S,
        us: Color,
        within: Bitboard,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let king = self.king(us);
        let to = self.king_targets_within(s, us, king, within);
        !to.is_empty()
            && listener(PieceMoves {
                piece: Piece::King,
                from: king,
                to,
            })
    }

    /// The squares `us`'s king on `king` may step to: not ours, and attacked by no enemy
    /// piece once the king has left (it is lifted off the board for the slider lookups).
    ///
    /// A single square is asked about directly. With more, the leapers are taken off
    /// set-wise (pawns by shifts), then the sliders are asked per square left or per slider,
    /// whichever means fewer lookups: open endgames have many squares and few sliders.
    #[inline(always)]
    pub(crate) fn king_targets<S: Sliders>(&self, s: S, us: Color, king: Square) -> Bitboard {
        self.king_targets_within(s, us, king, Bitboard::FULL)
    }

    /// [`king_targets`](Board::king_targets) among the squares of `within`.
    #[inline(always)]
    fn king_targets_within<S: Sliders>(
        &self,
        s: S,
        us: Color,
        king: Square,
        within: Bitboard,
    ) -> Bitboard {
        let mut to = (king_attacks(king) & within) - self.colors(us);
        if to.is_empty() {
            return to;
        }
        let them = !us;
        if !to.has_many() {
            // One square (crowded boards): ask about it directly.
            let target = to.first().unwrap_or(king);
            return if self.attacked_with(s, target, them, self.occupied() - king) {
                Bitboard::EMPTY
            } else {
                to
            };
        }
        let theirs = self.colors(them);
        to -= pawn_attacks_set(them, self.pieces(Piece::Pawn) & theirs)
            | king_attacks(self.king(them));
        for knight in self.pieces(Piece::Knight) & theirs {
            to -= knight_attacks(knight);
        }
        if to.is_empty() {
            return to;
        }
        let occupied = self.occupied() - king;
        let queens = self.pieces(Piece::Queen);
        let rooks = (self.pieces(Piece::Rook) | queens) & theirs;
        let bishops = (self.pieces(Piece::Bishop) | queens) & theirs;
        if to.len() <= (rooks | bishops).len() {
            // Fewer squares than sliders (crowded boards): ask per square.
            for target in to {
                if sliders_attack(s, target, rooks, bishops, occupied) {
                    to ^= target;
                }
            }
            return to;
        }
        for rook in rooks {
            if !(rook_rays(rook) & to).is_empty() {
                to -= s.rook(rook, occupied);
                if to.is_empty() {
                    return to;
                }
            }
        }
        for bishop in bishops {
            if !(bishop_rays(bishop) & to).is_empty() {
                to -= s.bishop(bishop, occupied);
            }
        }
        to
    }

    /// Castling moves, if any right of the side to move remains and nothing stands between
    /// the king and that rook (both checked inline: most positions have no right left, and
    /// early in a game most rights are blocked). King and castling rooks share the back rank
    /// (FEN parsing and moves keep it so), so a rook with nothing in between is one the king
    /// sees along the rank.
    #[inline(always)]
    pub(crate) fn generate_castling<S: Sliders>(
        &self,
        s: S,
        us: Color,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let rooks = self.castling.rook_squares() & Rank::First.relative_to(us);
        if rooks.is_empty() {
            return false;
        }
        let open = rooks & s.rook(self.king(us), self.occupied());
        !open.is_empty() && self.generate_castling_slow(s, us, open, listener)
    }

    /// Castling as king-takes-own-rook, for the rooks in `rooks`, which the king sees along
    /// the back rank. The squares king and rook pass over or land on must be empty (but for
    /// the two of them), and no square the king stands on or crosses may be attacked, judged
    /// with king and rook both lifted off the board.
    ///
    /// Inlined into its callers so that it is compiled for their instruction set: a
    /// separately compiled copy would count bits without POPCNT.
    #[inline(always)]
    fn generate_castling_slow<S: Sliders>(
        &self,
        s: S,
        us: Color,
        rooks: Bitboard,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let king = self.king(us);
        for rook in rooks {
            let (king_path, must_be_empty) = castling_squares(us, king, rook);
            if !(self.occupied() & must_be_empty).is_empty() {
                continue;
            }
            let occupied = self.occupied() - king.bitboard() - rook.bitboard();
            if self.any_attacked(s, king_path, !us, occupied) {
                continue;
            }
            let moves = PieceMoves {
                piece: Piece::King,
                from: king,
                to: rook.bitboard(),
            };
            if listener(moves) {
                return true;
            }
        }
        false
    }

    /// Whether a piece of `by` attacks any square of `squares`, with `occupied` as the
    /// blockers: the leapers set-wise, then the sliders per square.
    #[inline(always)]
    fn any_attacked<S: Sliders>(
        &self,
        s: S,
        squares: Bitboard,
        by: Color,
        occupied: Bitboard,
    ) -> bool {
        let theirs = self.colors(by);
        let leapers = pawn_attacks_set(by, self.pieces(Piece::Pawn) & theirs)
            | king_attacks(self.king(by))
            | knight_attacks_set(self.pieces(Piece::Knight) & theirs);
        if !(leapers & squares).is_empty() {
            return true;
        }
        let queens = self.pieces(Piece::Queen);
        let rooks = (self.pieces(Piece::Rook) | queens) & theirs;
        let bishops = (self.pieces(Piece::Bishop) | queens) & theirs;
        squares
            .into_iter()
            .any(|square| sliders_attack(s, square, rooks, bishops, occupied))
    }

    /// Every piece but the king. In check (`CHECK`), targets shrink to the check-evasion mask
    /// and pinned pieces stay put.
    #[inline(always)]
    fn generate_pieces<S: Sliders, const WHITE: bool, const CHECK: bool, const KIND: u8>(
        &self,
        s: S,
        listener: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = if WHITE { Color::White } else { Color::Black };
        let ours = self.colors(us);
        let theirs = self.colors(!us);
        let occupied = ours | theirs;
        let king = self.king(us);
        let target = if CHECK {
            let checker = self.checkers.first().unwrap_or(king);
            between(king, checker) | self.checkers
        } else {
            !ours
        };
        let target = match KIND {
            CAPTURES => target & theirs,
            QUIETS => target - theirs,
            _ => target,
        };
        let movable = if CHECK { ours - self.pinned } else { ours };
        let pinned = self.pinned;

        macro_rules! emit {
            ($piece:expr, $from:expr, $to:expr) => {{
                let mut to = $to;
                if !CHECK && pinned.has($from) {
                    to &= line(king, $from);
                }
                if !to.is_empty()
                    && listener(PieceMoves {
                        piece: $piece,
                        from: $from,
                        to,
                    })
                {
                    return true;
                }
            }};
        }

        for from in self.pieces(Piece::Knight) & (movable - pinned) {
            emit!(Piece::Knight, from, knight_attacks(from) & target);
        }
        for from in self.pieces(Piece::Bishop) & movable {
            emit!(Piece::Bishop, from, s.bishop(from, occupied) & target);
        }
        for from in self.pieces(Piece::Rook) & movable {
            emit!(Piece::Rook, from, s.rook(from, occupied) & target);
        }
        for from in self.pieces(Piece::Queen) & movable {
            emit!(Piece::Queen, from, s.queen(from, occupied) & target);
        }

        let empty = !occupied;
        let third = Rank::Third.relative_to(us).bitboard();
        for from in self.pieces(Piece::Pawn) & movable {
            let bit = from.bitboard();
            let single = if WHITE { bit.up() } else { bit.down() } & empty;
            let double = if WHITE {
                (single & third).up()
            } else {
                (single & third).down()
            } & empty;
            let captures = pawn_attacks(us, from) & theirs;
            emit!(Piece::Pawn, from, (single | double | captures) & target);
        }

        if let Some(ep) = self.en_passant.filter(|_| KIND != QUIETS) {
            let victim = Square::new(ep.file(), Rank::Fifth.relative_to(us));
            for from in pawn_attacks(!us, ep) & self.pieces(Piece::Pawn) & ours {
                if self.en_passant_is_legal(s, us, king, from, ep, victim) {
                    let moves = PieceMoves {
                        piece: Piece::Pawn,
                        from,
                        to: ep.bitboard(),
                    };
                    if listener(moves) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether some pawn of the side to move may legally take en passant on `ep`.
    // (Used by the std-only modules: distinct positions, history, PGN.)
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn en_passant_capturable<S: Sliders>(&self, s: S, ep: Square) -> bool {
        let us = self.side;
        let king = self.king(us);
        let victim = Square::new(ep.file(), Rank::Fifth.relative_to(us));
        (pawn_attacks(!us, ep) & self.colored_pieces(us, Piece::Pawn))
            .into_iter()
            .any(|from| self.en_passant_is_legal(s, us, king, from, ep, victim))
    }

    /// En passant moves two pawns off one line at once, so it is tested on the new occupancy:
    /// the king must not be attacked once capturer and victim are gone and the capturer stands
    /// on the en-passant square. This covers the rank pin, the diagonal pin, and checks the
    /// capture does not answer.
    pub(crate) fn en_passant_is_legal<S: Sliders>(
        &self,
        s: S,
        us: Color,
        king: Square,
        from: Square,
        ep: Square,
        victim: Square,
    ) -> bool {
        let them = !us;
        let occupied = (self.occupied() - from.bitboard() - victim.bitboard()) | ep;
        let theirs = self.colors(them) - victim.bitboard();
        let rooks = (self.pieces(Piece::Rook) | self.pieces(Piece::Queen)) & theirs;
        let bishops = (self.pieces(Piece::Bishop) | self.pieces(Piece::Queen)) & theirs;
        let leapers = (knight_attacks(king) & self.pieces(Piece::Knight)
            | pawn_attacks(us, king) & self.pieces(Piece::Pawn))
            & theirs;
        leapers.is_empty()
            && (s.rook(king, occupied) & rooks).is_empty()
            && (s.bishop(king, occupied) & bishops).is_empty()
    }
}

/// The number of moves of `pawns` (of the side `WHITE` says), without en passant: pushes,
/// double pushes and captures of `enemies`, onto `target`, promotions counted four times.
/// Pinned pawns stay on the line through their king and themselves, and do not move at all in
/// check. Set-wise: a handful of shifts and popcounts for all unpinned pawns at once.
#[inline(always)]
pub(crate) fn count_pawn_moves<const WHITE: bool>(
    pawns: Bitboard,
    pinned: Bitboard,
    in_check: bool,
    king: Square,
    enemies: Bitboard,
    occupied: Bitboard,
    target: Bitboard,
) -> u32 {
    let us = if WHITE { Color::White } else { Color::Black };
    let empty = !occupied;
    let last = Rank::Eighth.relative_to(us).bitboard();
    let third = Rank::Third.relative_to(us).bitboard();
    let free = pawns - pinned;
    let single = forward::<WHITE>(free) & empty;
    let double = forward::<WHITE>(single & third) & empty & target;
    let single = single & target;
    let west = forward_west::<WHITE>(free) & enemies & target;
    let east = forward_east::<WHITE>(free) & enemies & target;
    let mut count = double.len() + single.len() + west.len() + east.len();
    if !(free & Rank::Seventh.relative_to(us)).is_empty() {
        // Each promotion counts four: three more than counted above.
        count += 3 * ((single & last).len() + (west & last).len() + (east & last).len());
    }
    if !in_check {
        for from in pawns & pinned {
            let bit = from.bitboard();
            let single = forward::<WHITE>(bit) & empty;
            let double = forward::<WHITE>(single & third) & empty;
            let captures = pawn_attacks(us, from) & enemies;
            let to = (single | double | captures) & line(king, from);
            count += (to - last).len() + 4 * (to & last).len();
        }
    }
    count
}

/// The set moved one rank towards the opponent.
#[inline(always)]
pub(crate) fn forward<const WHITE: bool>(set: Bitboard) -> Bitboard {
    if WHITE { set.up() } else { set.down() }
}

/// The set moved one rank forward and one file towards the a-file.
#[inline(always)]
pub(crate) fn forward_west<const WHITE: bool>(set: Bitboard) -> Bitboard {
    forward::<WHITE>(Bitboard(set.0 >> 1) - File::H.bitboard())
}

/// The set moved one rank forward and one file towards the h-file.
#[inline(always)]
pub(crate) fn forward_east<const WHITE: bool>(set: Bitboard) -> Bitboard {
    forward::<WHITE>(Bitboard(set.0 << 1) - File::A.bitboard())
}
