//! [`Setup`]'s moves, in python-chess's order and by its rules for any placement, and making
//! them. Castling is the king taking its rook (as [`Board`](crate::Board)'s moves);
//! [`Setup::to_uci_move`] and [`Setup::from_uci_move`] convert to and from `e1g1`.

use super::{Setup, bb, msb, sq};
use crate::attacks::{between, bishop_attacks, king_attacks, line, pawn_attacks, rook_attacks};
use crate::{Bitboard, Color, Move, Piece, Square};

const ALL: u64 = u64::MAX;

fn reversed(mask: u64) -> impl Iterator<Item = Square> {
    Bitboard(mask).into_iter().rev()
}

fn promotions(from: Square, to: Square, emit: &mut impl FnMut(Move)) {
    if matches!(to as u32 / 8, 0 | 7) {
        for piece in Piece::PROMOTIONS {
            emit(Move {
                from,
                to,
                promotion: Some(piece),
            });
        }
    } else {
        emit(Move::new(from, to));
    }
}

impl Setup {
    /// Calls `emit` with every pseudo-legal move from a square of `from_mask` to a square of
    /// `to_mask`, in python-chess's order: pieces (highest square first), castling, pawn
    /// captures, single steps, double steps, en passant.
    pub fn for_each_pseudo_legal(&self, from_mask: u64, to_mask: u64, emit: &mut impl FnMut(Move)) {
        let ours = self.side(self.turn);
        let occupied = self.occupied();
        let pawns_all = self.of(Piece::Pawn);
        for from in reversed(ours & !pawns_all & from_mask) {
            for to in reversed(self.attacks_mask(from) & !ours & to_mask) {
                emit(Move::new(from, to));
            }
        }
        if from_mask & self.of(Piece::King) != 0 {
            self.for_each_castling(from_mask, to_mask, emit);
        }
        let pawns = pawns_all & ours & from_mask;
        if pawns == 0 {
            return;
        }
        let theirs = self.side(!self.turn);
        for from in reversed(pawns) {
            for to in reversed(pawn_attacks(self.turn, from).0 & theirs & to_mask) {
                promotions(from, to, emit);
            }
        }
        let (single, double) = match self.turn {
            Color::White => {
                let single = (pawns << 8) & !occupied;
                (single, (single << 8) & !occupied & 0x0000_0000_ffff_0000)
            }
            Color::Black => {
                let single = (pawns >> 8) & !occupied;
                (single, (single >> 8) & !occupied & 0x0000_ffff_0000_0000)
            }
        };
        let back: i32 = if self.turn == Color::White { -8 } else { 8 };
        for to in reversed(single & to_mask) {
            promotions(sq((to as i32 + back) as u32 & 63), to, emit);
        }
        for to in reversed(double & to_mask) {
            emit(Move::new(sq((to as i32 + 2 * back) as u32 & 63), to));
        }
        if self.ep_square.is_some() {
            self.for_each_pseudo_legal_ep(from_mask, to_mask, emit);
        }
    }

    /// The pseudo-legal en-passant captures (a pawn of the side to move on its fifth rank
    /// beside the empty en-passant square).
    pub fn for_each_pseudo_legal_ep(
        &self,
        from_mask: u64,
        to_mask: u64,
        emit: &mut impl FnMut(Move),
    ) {
        let Some(ep) = self.ep_square else {
            return;
        };
        if bb(ep) & to_mask == 0 || bb(ep) & self.occupied() != 0 {
            return;
        }
        let fifth: u64 = match self.turn {
            Color::White => 0xff << 32,
            Color::Black => 0xff << 24,
        };
        let capturers = self.of(Piece::Pawn)
            & self.side(self.turn)
            & from_mask
            & pawn_attacks(!self.turn, ep).0
            & fifth;
        for from in reversed(capturers) {
            emit(Move::new(from, ep));
        }
    }

    fn attacked_for_king(&self, path: u64, occupied: u64) -> bool {
        reversed(path).any(|square| self.attackers_mask_with(!self.turn, square, occupied) != 0)
    }

    /// The castling moves (king takes rook): an unpromoted king of the side to move on its
    /// back rank, a clean right, the squares between king, rook and their targets empty, and
    /// no square the king crosses attacked.
    pub fn for_each_castling(&self, from_mask: u64, to_mask: u64, emit: &mut impl FnMut(Move)) {
        let backrank: u64 = match self.turn {
            Color::White => 0xff,
            Color::Black => 0xff << 56,
        };
        let base = backrank.trailing_zeros();
        let kings =
            self.side(self.turn) & self.of(Piece::King) & !self.promoted.0 & backrank & from_mask;
        let king = kings & kings.wrapping_neg();
        if king == 0 {
            return;
        }
        let king_square = sq(king.trailing_zeros());
        let occupied = self.occupied();
        for candidate in reversed(self.clean_castling_rights() & backrank & to_mask) {
            let rook = bb(candidate);
            let a_side = rook < king;
            let (king_to, rook_to) = if a_side {
                (sq(base + 2), sq(base + 3))
            } else {
                (sq(base + 6), sq(base + 5))
            };
            let king_path = between(king_square, king_to).0;
            let rook_path = between(candidate, rook_to).0;
            let blocked =
                (occupied ^ king ^ rook) & (king_path | rook_path | bb(king_to) | bb(rook_to)) != 0;
            if !(blocked
                || self.attacked_for_king(king_path | king, occupied ^ king)
                || self.attacked_for_king(bb(king_to), occupied ^ king ^ rook ^ bb(rook_to)))
            {
                emit(Move::new(king_square, candidate));
            }
        }
    }

    /// Whether `mv` is a castling move: a king moving onto its own rook or two files sideways.
    pub fn is_castling(&self, mv: Move) -> bool {
        if self.of(Piece::King) & bb(mv.from) == 0 {
            return false;
        }
        let files = (mv.from.file() as i32 - mv.to.file() as i32).abs();
        files > 1 || self.of(Piece::Rook) & self.side(self.turn) & bb(mv.to) != 0
    }

    /// Whether `mv` is an en-passant capture.
    pub fn is_en_passant(&self, mv: Move) -> bool {
        self.ep_square == Some(mv.to)
            && self.of(Piece::Pawn) & bb(mv.from) != 0
            && matches!((mv.to as i32 - mv.from as i32).abs(), 7 | 9)
            && self.occupied() & bb(mv.to) == 0
    }

    /// Whether `mv` captures (en passant included).
    pub fn is_capture(&self, mv: Move) -> bool {
        self.side(!self.turn) & bb(mv.to) != 0 || self.is_en_passant(mv)
    }

    /// Whether `mv` resets the halfmove clock (a pawn move or a capture).
    pub fn is_zeroing(&self, mv: Move) -> bool {
        let touched = bb(mv.from) ^ bb(mv.to);
        touched & (self.of(Piece::Pawn) | self.side(!self.turn)) != 0
    }

    fn ep_skewered(&self, king: Square, capturer: Square, ep: Square) -> bool {
        let last_double = match self.turn {
            Color::White => sq((ep as u32).wrapping_sub(8) & 63),
            Color::Black => sq((ep as u32 + 8) & 63),
        };
        let occupancy = Bitboard((self.occupied() & !bb(last_double) & !bb(capturer)) | bb(ep));
        let theirs = self.side(!self.turn);
        let queens = self.of(Piece::Queen);
        let rank = crate::Rank::bitboard(king.rank()).0;
        let horizontal = theirs & (self.of(Piece::Rook) | queens);
        if rook_attacks(king, occupancy).0 & rank & horizontal != 0 {
            return true;
        }
        let diagonal = theirs & (self.of(Piece::Bishop) | queens);
        bishop_attacks(king, occupancy).0 & diagonal != 0
    }

    fn slider_blockers(&self, king: Square) -> u64 {
        let straight = self.of(Piece::Rook) | self.of(Piece::Queen);
        let diagonal = self.of(Piece::Bishop) | self.of(Piece::Queen);
        let snipers = (rook_attacks(king, Bitboard::EMPTY).0 & straight)
            | (bishop_attacks(king, Bitboard::EMPTY).0 & diagonal);
        let mut blockers = 0;
        for sniper in reversed(snipers & self.side(!self.turn)) {
            let b = between(king, sniper).0 & self.occupied();
            if b != 0 && b & (b - 1) == 0 {
                blockers |= b;
            }
        }
        blockers & self.side(self.turn)
    }

    fn is_safe(&self, king: Square, blockers: u64, mv: Move) -> bool {
        if mv.from == king {
            if self.is_castling(mv) {
                return true;
            }
            return !self.is_attacked_by(!self.turn, mv.to);
        }
        if self.is_en_passant(mv) {
            let ep = mv.to;
            return self.pin_mask(self.turn, mv.from) & bb(mv.to) != 0
                && !self.ep_skewered(king, mv.from, ep);
        }
        blockers & bb(mv.from) == 0 || line(mv.from, mv.to).0 & bb(king) != 0
    }

    fn for_each_evasion(
        &self,
        king: Square,
        checkers: u64,
        from_mask: u64,
        to_mask: u64,
        emit: &mut impl FnMut(Move),
    ) {
        let sliders =
            checkers & (self.of(Piece::Bishop) | self.of(Piece::Rook) | self.of(Piece::Queen));
        let mut attacked = 0;
        for checker in reversed(sliders) {
            attacked |= line(king, checker).0 & !bb(checker);
        }
        if bb(king) & from_mask != 0 {
            let targets = king_attacks(king).0 & !self.side(self.turn) & !attacked & to_mask;
            for to in reversed(targets) {
                emit(Move::new(king, to));
            }
        }
        let checker = msb(checkers);
        if bb(checker) == checkers {
            let target = between(king, checker).0 | checkers;
            self.for_each_pseudo_legal(!self.of(Piece::King) & from_mask, target & to_mask, emit);
            if let Some(ep) = self.ep_square
                && bb(ep) & target == 0
            {
                let last_double = match self.turn {
                    Color::White => ep as i32 - 8,
                    Color::Black => ep as i32 + 8,
                };
                if last_double == checker as i32 {
                    self.for_each_pseudo_legal_ep(from_mask, to_mask, emit);
                }
            }
        }
    }

    /// Calls `emit` with every legal move from `from_mask` to `to_mask`, in python-chess's
    /// order and by its rules: the king that must not be left in check is the side to move's
    /// king on the highest square (every king, promoted or not); with none, every
    /// pseudo-legal move is legal.
    pub fn for_each_legal(&self, from_mask: u64, to_mask: u64, emit: &mut impl FnMut(Move)) {
        let kings = self.of(Piece::King) & self.side(self.turn);
        if kings == 0 {
            self.for_each_pseudo_legal(from_mask, to_mask, emit);
            return;
        }
        let king = msb(kings);
        let blockers = self.slider_blockers(king);
        let checkers = self.attackers_mask(!self.turn, king);
        let mut safe = |mv: Move| {
            if self.is_safe(king, blockers, mv) {
                emit(mv);
            }
        };
        if checkers != 0 {
            self.for_each_evasion(king, checkers, from_mask, to_mask, &mut safe);
        } else {
            self.for_each_pseudo_legal(from_mask, to_mask, &mut safe);
        }
    }

    /// The legal en-passant captures.
    pub fn for_each_legal_ep(&self, from_mask: u64, to_mask: u64, emit: &mut impl FnMut(Move)) {
        self.for_each_pseudo_legal_ep(from_mask, to_mask, &mut |mv| {
            if !self.is_into_check(mv) {
                emit(mv);
            }
        });
    }

    /// Whether an en-passant capture is pseudo-legal.
    pub fn has_pseudo_legal_en_passant(&self) -> bool {
        let mut found = false;
        self.for_each_pseudo_legal_ep(ALL, ALL, &mut |_| found = true);
        found
    }

    /// Whether an en-passant capture is legal.
    pub fn has_legal_en_passant(&self) -> bool {
        let mut found = false;
        self.for_each_legal_ep(ALL, ALL, &mut |_| found = true);
        found
    }

    /// Whether `mv` (internal form: castling as king takes rook) would leave the side to
    /// move's king in check; false without a king.
    pub fn is_into_check(&self, mv: Move) -> bool {
        let Some(king) = self.king(self.turn) else {
            return false;
        };
        let checkers = self.attackers_mask(!self.turn, king);
        if checkers != 0 {
            let mut evades = false;
            self.for_each_evasion(king, checkers, bb(mv.from), bb(mv.to), &mut |m| {
                evades |= m == mv;
            });
            if !evades {
                return true;
            }
        }
        !self.is_safe(king, self.slider_blockers(king), mv)
    }

    /// Whether `mv` (internal form) is pseudo-legal here.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let Some((color, piece)) = self.piece_at(mv.from) else {
            return false;
        };
        if color != self.turn {
            return false;
        }
        if let Some(promotion) = mv.promotion {
            let last = match self.turn {
                Color::White => 7,
                Color::Black => 0,
            };
            if piece != Piece::Pawn || mv.to as u32 / 8 != last || promotion == Piece::Pawn {
                return false;
            }
            if promotion == Piece::King {
                return false;
            }
        }
        if piece == Piece::King {
            let mut castles = false;
            self.for_each_castling(ALL, ALL, &mut |m| castles |= m == mv);
            if castles {
                return true;
            }
        }
        if self.side(self.turn) & bb(mv.to) != 0 {
            return false;
        }
        if piece == Piece::Pawn {
            let mut found = false;
            self.for_each_pseudo_legal(bb(mv.from), bb(mv.to), &mut |m| found |= m == mv);
            return found;
        }
        self.attacks_mask(mv.from) & bb(mv.to) != 0
    }

    /// Whether `mv` (internal form) is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && !self.is_into_check(mv)
    }

    /// Makes `mv` (internal form, assumed at least pseudo-legal) as python-chess's `push`:
    /// castling rights cleaned first, then lost by moves from or to their squares and by king
    /// moves; a double step leaves its en-passant square; a king moving onto its own piece
    /// castles. Returns whether it moved a piece (false for an empty from-square, where
    /// nothing but the turn and counters change).
    pub fn push(&mut self, mv: Move) -> bool {
        self.castling_rights = Bitboard(self.clean_castling_rights());
        let ep_square = self.ep_square.take();
        self.halfmove_clock += 1;
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        if self.is_zeroing(mv) {
            self.halfmove_clock = 0;
        }
        let from_bb = bb(mv.from);
        let to_bb = bb(mv.to);
        let mut promoted = self.promoted.0 & from_bb != 0;
        let Some((_, mut piece)) = self.remove_piece_at(mv.from) else {
            self.turn = !self.turn;
            return false;
        };
        let captured = self.piece_at(mv.to).map(|(_, p)| p);
        self.castling_rights.0 &= !to_bb & !from_bb;
        let own_first = match self.turn {
            Color::White => 0xffu64,
            Color::Black => 0xff << 56,
        };
        if piece == Piece::King && !promoted {
            self.castling_rights.0 &= !own_first;
        } else if captured == Some(Piece::King) && self.promoted.0 & to_bb == 0 {
            let their_first = !own_first & (0xff | 0xff << 56);
            if their_first & to_bb != 0 {
                self.castling_rights.0 &= !their_first;
            }
        }
        if piece == Piece::Pawn {
            let diff = mv.to as i32 - mv.from as i32;
            let rank = mv.from as u32 / 8;
            if diff == 16 && rank == 1 {
                self.ep_square = Some(sq(mv.from as u32 + 8));
            } else if diff == -16 && rank == 6 {
                self.ep_square = Some(sq(mv.from as u32 - 8));
            } else if Some(mv.to) == ep_square && matches!(diff.abs(), 7 | 9) && captured.is_none()
            {
                let down: i32 = if self.turn == Color::White { -8 } else { 8 };
                self.remove_piece_at(sq((mv.to as i32 + down) as u32 & 63));
            }
        }
        if let Some(promotion) = mv.promotion {
            promoted = true;
            piece = promotion;
        }
        let castling = piece == Piece::King && self.side(self.turn) & to_bb != 0;
        if castling {
            let a_side = (mv.to.file() as u32) < mv.from.file() as u32;
            self.remove_piece_at(mv.to);
            let base = own_first.trailing_zeros();
            let (king_to, rook_to) = if a_side {
                (base + 2, base + 3)
            } else {
                (base + 6, base + 5)
            };
            self.set_piece_at(sq(king_to), Some((self.turn, Piece::King)), false);
            self.set_piece_at(sq(rook_to), Some((self.turn, Piece::Rook)), false);
        } else {
            self.set_piece_at(mv.to, Some((self.turn, piece)), promoted);
        }
        self.turn = !self.turn;
        true
    }

    /// Passes the turn (a null move): counters advance, the en-passant square goes.
    pub fn push_null(&mut self) {
        self.castling_rights = Bitboard(self.clean_castling_rights());
        self.ep_square = None;
        self.halfmove_clock += 1;
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
    }

    /// `mv` as UCI writes it: in standard chess a castling move (king takes rook) from e1/e8
    /// to a corner becomes the king's two-square step (python-chess's `_from_chess960`).
    pub fn to_uci_move(&self, mv: Move) -> Move {
        if self.chess960 || mv.promotion.is_some() {
            return mv;
        }
        let kings = self.of(Piece::King);
        let target = match (mv.from, mv.to) {
            (Square::E1, Square::H1) => Square::G1,
            (Square::E1, Square::A1) => Square::C1,
            (Square::E8, Square::H8) => Square::G8,
            (Square::E8, Square::A8) => Square::C8,
            _ => return mv,
        };
        if kings & bb(mv.from) == 0 {
            return mv;
        }
        Move::new(mv.from, target)
    }

    /// The internal form of a UCI move: a king's two-square step from e1/e8 onto an empty
    /// g/c square (no rook there) becomes king takes rook (python-chess's `_to_chess960`).
    pub fn from_uci_move(&self, mv: Move) -> Move {
        if self.of(Piece::King) & bb(mv.from) == 0 || mv.promotion.is_some() {
            return mv;
        }
        let rook = match (mv.from, mv.to) {
            (Square::E1, Square::G1) => Square::H1,
            (Square::E1, Square::C1) => Square::A1,
            (Square::E8, Square::G8) => Square::H8,
            (Square::E8, Square::C8) => Square::A8,
            _ => return mv,
        };
        if self.of(Piece::Rook) & bb(mv.to) != 0 {
            return mv;
        }
        Move::new(mv.from, rook)
    }
}

#[cfg(feature = "std")]
impl Setup {
    /// The legal moves in python-chess's order (the fast [`Board`](crate::Board) generator
    /// gives the same set, in its own order, for valid positions).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_legal(ALL, ALL, &mut |mv| out.push(mv));
        out
    }

    /// The pseudo-legal moves in python-chess's order.
    pub fn pseudo_legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_pseudo_legal(ALL, ALL, &mut |mv| out.push(mv));
        out
    }
}
