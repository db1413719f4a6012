//! What a move changes, worked out for engines: the pieces it takes off and puts on
//! ([`MoveDelta`], what an NNUE accumulator needs), the child's Zobrist key without making
//! the move ([`Board::key_after`], to prefetch a transposition-table entry), and whether it
//! gives check without making it ([`Board::gives_check`]).

use crate::attacks::{
    SliderBackend, Sliders, bishop_rays, dispatch, king_attacks, knight_attacks, pawn_attacks,
    rook_rays,
};
use crate::board::{castling_targets, sliders_attack};
use crate::{Bitboard, Board, Color, Move, Piece, Square};

/// One piece on one square: `(colour, kind, square)`.
pub type PlacedPiece = (Color, Piece, Square);

/// The pieces a move takes off the board and puts on it, from
/// [`Board::play_with_delta`]: the moved piece leaves its square and (promoted, for a
/// promotion) arrives on its target; a captured piece leaves its real square (behind the
/// target for en passant); castling moves king and rook. A piece that stays where it was (a
/// Chess960 king or rook that castles onto its own square) is in neither list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveDelta {
    removed: [PlacedPiece; 2],
    removed_len: u8,
    added: [PlacedPiece; 2],
    added_len: u8,
}

impl MoveDelta {
    const EMPTY: MoveDelta = MoveDelta {
        removed: [(Color::White, Piece::Pawn, Square::A1); 2],
        removed_len: 0,
        added: [(Color::White, Piece::Pawn, Square::A1); 2],
        added_len: 0,
    };

    /// The pieces taken off the board (at most two).
    pub fn removed(&self) -> &[PlacedPiece] {
        &self.removed[..usize::from(self.removed_len).min(2)]
    }

    /// The pieces put on the board (at most two).
    pub fn added(&self) -> &[PlacedPiece] {
        &self.added[..usize::from(self.added_len).min(2)]
    }

    fn remove(&mut self, piece: PlacedPiece) {
        if let Some(slot) = self.removed.get_mut(usize::from(self.removed_len)) {
            *slot = piece;
            self.removed_len += 1;
        }
    }

    fn add(&mut self, piece: PlacedPiece) {
        if let Some(slot) = self.added.get_mut(usize::from(self.added_len)) {
            *slot = piece;
            self.added_len += 1;
        }
    }
}

impl Board {
    /// Plays the legal move `mv` (as [`play_unchecked`](Board::play_unchecked)) and says which
    /// pieces it took off and put on.
    ///
    /// ```
    /// use bitmove::{Board, Color, Piece, Square};
    ///
    /// let mut board: Board = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    /// let mv = board.parse_uci("e5d6").unwrap(); // en passant
    /// let delta = board.play_with_delta(mv);
    /// assert_eq!(delta.removed(), &[
    ///     (Color::White, Piece::Pawn, Square::E5),
    ///     (Color::Black, Piece::Pawn, Square::D5),
    /// ]);
    /// assert_eq!(delta.added(), &[(Color::White, Piece::Pawn, Square::D6)]);
    /// ```
    pub fn play_with_delta(&mut self, mv: Move) -> MoveDelta {
        let delta = self.delta(mv);
        self.play_unchecked(mv);
        delta
    }

    /// What [`play_with_delta`](Board::play_with_delta) would report, without playing.
    fn delta(&self, mv: Move) -> MoveDelta {
        let mut delta = MoveDelta::EMPTY;
        let us = self.side_to_move();
        let them = !us;
        let Some(moved) = self.piece_on(mv.from) else {
            return delta;
        };
        let ours = self.colors(us);
        if moved == Piece::King && ours.has(mv.to) {
            let (king_to, rook_to) = castling_targets(us, mv.from, mv.to);
            if king_to != mv.from {
                delta.remove((us, Piece::King, mv.from));
            }
            if rook_to != mv.to {
                delta.remove((us, Piece::Rook, mv.to));
            }
            if king_to != mv.from {
                delta.add((us, Piece::King, king_to));
            }
            if rook_to != mv.to {
                delta.add((us, Piece::Rook, rook_to));
            }
            return delta;
        }
        delta.remove((us, moved, mv.from));
        if let Some(captured) = self
            .piece_on(mv.to)
            .filter(|_| self.colors(them).has(mv.to))
        {
            delta.remove((them, captured, mv.to));
        } else if moved == Piece::Pawn && mv.from.file() != mv.to.file() {
            let victim = Square::new(mv.to.file(), mv.from.rank());
            delta.remove((them, Piece::Pawn, victim));
        }
        let placed = mv
            .promotion
            .filter(|_| moved == Piece::Pawn)
            .unwrap_or(moved);
        delta.add((us, placed, mv.to));
        delta
    }

    /// The Zobrist key ([`hash`](Board::hash)) of the position after the legal move `mv`,
    /// without making it: for prefetching a transposition-table entry. For an illegal move
    /// the answer is unspecified (but there is no panic).
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board = Board::default();
    /// for mv in board.legal_moves() {
    ///     let mut child = board.clone();
    ///     child.play_unchecked(mv);
    ///     assert_eq!(board.key_after(mv), child.hash());
    /// }
    /// ```
    pub fn key_after(&self, mv: Move) -> u64 {
        match self.piece_on(mv.from) {
            Some(moved) => self.hash() ^ self.key_change(moved, mv),
            None => self.hash(),
        }
    }

    /// Whether the legal move `mv` gives check: directly, by discovery, by castling (the
    /// rook checks) or by en passant (which may discover along the rank or a diagonal),
    /// promotions by the promoted piece. Worked out without making the move; for an illegal
    /// move the answer is unspecified (but there is no panic).
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
    /// assert!(board.gives_check(Move::new(Square::A1, Square::A8)));
    /// assert!(!board.gives_check(Move::new(Square::E1, Square::A1))); // O-O-O puts the rook on d1
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        dispatch!(SliderBackend::current(), |s| self.gives_check_with(s, mv))
    }

    #[inline(always)]
    pub(crate) fn gives_check_with<S: Sliders>(&self, s: S, mv: Move) -> bool {
        let us = self.side_to_move();
        let ours = self.colors(us);
        let Some(moved) = self.piece_on(mv.from).filter(|_| ours.has(mv.from)) else {
            return false;
        };
        let king = self.king(!us);
        let occupied = self.occupied();
        let castles = moved == Piece::King && ours.has(mv.to);
        let en_passant = moved == Piece::Pawn
            && mv.from.file() != mv.to.file()
            && !occupied.has(mv.to)
            && self.en_passant() == Some(mv.to);
        if castles || en_passant {
            return self.checks_after_special(s, mv, castles, king);
        }
        let placed = mv
            .promotion
            .filter(|_| moved == Piece::Pawn)
            .unwrap_or(moved);
        let after = (occupied - mv.from) | mv.to;
        let direct = match placed {
            Piece::Pawn => pawn_attacks(us, mv.to),
            Piece::Knight => knight_attacks(mv.to),
            Piece::Bishop => s.bishop(mv.to, after),
            Piece::Rook => s.rook(mv.to, after),
            Piece::Queen => s.queen(mv.to, after),
            Piece::King => king_attacks(mv.to),
        };
        if direct.has(king) {
            return true;
        }
        // Only a piece leaving a line through their king can uncover a slider.
        if !(rook_rays(king) | bishop_rays(king)).has(mv.from) {
            return false;
        }
        let (rooks, bishops) = self.our_sliders(us, mv.from.bitboard() | mv.to);
        sliders_attack(s, king, rooks, bishops, after)
    }

    /// Our rooks and queens, and our bishops and queens, less the pieces on `gone`.
    #[inline(always)]
    fn our_sliders(&self, us: Color, gone: Bitboard) -> (Bitboard, Bitboard) {
        let ours = self.colors(us) - gone;
        let queens = self.pieces(Piece::Queen);
        (
            (self.pieces(Piece::Rook) | queens) & ours,
            (self.pieces(Piece::Bishop) | queens) & ours,
        )
    }

    /// Castling and en passant move or remove two pieces: every slider of ours is tested on
    /// the new occupancy (and the capturing pawn for en passant).
    #[cold]
    fn checks_after_special<S: Sliders>(
        &self,
        s: S,
        mv: Move,
        castles: bool,
        king: Square,
    ) -> bool {
        let us = self.side_to_move();
        let occupied = self.occupied();
        if castles {
            let (king_to, rook_to) = castling_targets(us, mv.from, mv.to);
            let after = (occupied - mv.from - mv.to) | king_to | rook_to;
            let (rooks, bishops) = self.our_sliders(us, mv.from.bitboard() | mv.to);
            return s.rook(rook_to, after).has(king)
                || sliders_attack(s, king, rooks, bishops, after);
        }
        let victim = Square::new(mv.to.file(), mv.from.rank());
        let after = (occupied - mv.from - victim) | mv.to;
        let (rooks, bishops) = self.our_sliders(us, mv.from.bitboard());
        pawn_attacks(us, mv.to).has(king) || sliders_attack(s, king, rooks, bishops, after)
    }
}
