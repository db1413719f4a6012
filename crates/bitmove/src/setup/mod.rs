//! [`Setup`]: any placement of pieces, as python-chess's `Board` holds it, with its moves.
//!
//! [`Board`] holds legal positions only (one king a side, no pawn on a back rank, ...), which
//! is what makes its generator fast. Real data and editors need more: a board being set up
//! piece by piece, a lichess "From Position" game with eight bishops, a puzzle without kings.
//! A `Setup` holds any placement, reports what is wrong with it through [`Setup::status`]
//! (python-chess's `STATUS_*` flags), and generates moves on it with python-chess's rules for
//! such positions: with no king of the side to move every pseudo-legal move is legal; with
//! several, the one on the highest square is the one kept out of check; castling needs the
//! rights, an unpromoted king on the back rank and the usual empty, unattacked squares.
//!
//! When the position is valid, [`Setup::to_board`] gives the fast [`Board`]; both generate the
//! same moves there (the tests check it on random positions).
//!
//! ```
//! use bitmove::{Setup, SetupStatus};
//!
//! let mut setup = Setup::empty();
//! assert!(setup.status().contains(SetupStatus::EMPTY));
//! let setup: Setup = "bbbbkbbb/pppppppp/8/8/8/8/PPPPPPPP/BBBBKBBB w - - 0 1".parse().unwrap();
//! assert_eq!(setup.status(), SetupStatus::VALID);
//! assert_eq!(setup.legal_moves().len(), 16);
//!
//! let kingless: Setup = "8/8/8/8/8/8/8/R7 w - - 0 1".parse().unwrap();
//! assert!(kingless.status().contains(SetupStatus::NO_WHITE_KING));
//! assert_eq!(kingless.legal_moves().len(), 14);
//! ```

mod movegen;

use core::fmt;
use core::str::FromStr;

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::{Bitboard, Board, CastlingRights, Color, File, Piece, Rank, Square};

/// A placement of pieces with the side to move, castling rights (as rook squares), an
/// en-passant square and the move counters, nothing checked: python-chess's `Board` state.
///
/// Fields are public: set them as you like, [`Setup::status`] says what is wrong.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The squares of each kind of piece, indexed by [`Piece::index`].
    pub pieces: [Bitboard; 6],
    /// The squares of each side's pieces, indexed by [`Color::index`].
    pub colors: [Bitboard; 2],
    /// Pieces that were pawns (written `Q~` in crazyhouse FENs); a promoted king is not a
    /// king for check or castling.
    pub promoted: Bitboard,
    /// The side to move.
    pub turn: Color,
    /// The castling rights as the squares of the rooks that may castle (python-chess's
    /// `castling_rights`); [`Setup::clean_castling_rights`] keeps the meaningful ones.
    pub castling_rights: Bitboard,
    /// The square a pawn just skipped, as written (python-chess keeps it after every double
    /// step, capturable or not).
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// Chess960 castling (the king takes its rook in UCI).
    pub chess960: bool,
}

/// What is wrong with a [`Setup`]: python-chess's `STATUS_*` flags, with the same bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SetupStatus(pub u32);

impl SetupStatus {
    /// Nothing wrong.
    pub const VALID: SetupStatus = SetupStatus(0);
    /// White has no king.
    pub const NO_WHITE_KING: SetupStatus = SetupStatus(1 << 0);
    /// Black has no king.
    pub const NO_BLACK_KING: SetupStatus = SetupStatus(1 << 1);
    /// More than two kings.
    pub const TOO_MANY_KINGS: SetupStatus = SetupStatus(1 << 2);
    /// More than 8 white pawns.
    pub const TOO_MANY_WHITE_PAWNS: SetupStatus = SetupStatus(1 << 3);
    /// More than 8 black pawns.
    pub const TOO_MANY_BLACK_PAWNS: SetupStatus = SetupStatus(1 << 4);
    /// A pawn on the first or eighth rank.
    pub const PAWNS_ON_BACKRANK: SetupStatus = SetupStatus(1 << 5);
    /// More than 16 white pieces.
    pub const TOO_MANY_WHITE_PIECES: SetupStatus = SetupStatus(1 << 6);
    /// More than 16 black pieces.
    pub const TOO_MANY_BLACK_PIECES: SetupStatus = SetupStatus(1 << 7);
    /// Castling rights without their king and rook.
    pub const BAD_CASTLING_RIGHTS: SetupStatus = SetupStatus(1 << 8);
    /// An en-passant square no double step could have left.
    pub const INVALID_EP_SQUARE: SetupStatus = SetupStatus(1 << 9);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: SetupStatus = SetupStatus(1 << 10);
    /// No pieces at all.
    pub const EMPTY: SetupStatus = SetupStatus(1 << 11);
    /// Racing kings: a check (a variant flag, kept for python-chess's numbering).
    pub const RACE_CHECK: SetupStatus = SetupStatus(1 << 12);
    /// Racing kings: the race is over.
    pub const RACE_OVER: SetupStatus = SetupStatus(1 << 13);
    /// Racing kings: material no race allows.
    pub const RACE_MATERIAL: SetupStatus = SetupStatus(1 << 14);
    /// More than two pieces give check.
    pub const TOO_MANY_CHECKERS: SetupStatus = SetupStatus(1 << 15);
    /// A check no last move could have given.
    pub const IMPOSSIBLE_CHECK: SetupStatus = SetupStatus(1 << 16);

    /// Whether every flag of `other` is set here.
    pub const fn contains(self, other: SetupStatus) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    pub const fn is_valid(self) -> bool {
        self.0 == 0
    }
}

impl core::ops::BitOr for SetupStatus {
    type Output = SetupStatus;
    fn bitor(self, other: SetupStatus) -> SetupStatus {
        SetupStatus(self.0 | other.0)
    }
}

impl core::ops::BitOrAssign for SetupStatus {
    fn bitor_assign(&mut self, other: SetupStatus) {
        self.0 |= other.0;
    }
}

/// Why [`Setup`]'s FEN reader refused a FEN: python-chess's `ValueError` cases.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetupFenError {
    /// No fields at all.
    Empty,
    /// More than six fields.
    TooManyFields,
    /// The placement is not 8 ranks of 8 squares of piece letters, digits and `~` marks.
    Placement,
    /// The side to move is not `w` or `b`.
    Turn,
    /// The castling field is not `-`, `KQkq` letters or file letters.
    Castling,
    /// The en-passant field is not `-` or a square.
    EnPassant,
    /// The halfmove clock is not a non-negative number.
    HalfmoveClock,
    /// The fullmove number is not a non-negative number.
    FullmoveNumber,
}

impl fmt::Display for SetupFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupFenError::Empty => "empty fen",
            SetupFenError::TooManyFields => "fen string has more parts than expected",
            SetupFenError::Placement => "invalid position part of fen",
            SetupFenError::Turn => "expected 'w' or 'b' for turn part of fen",
            SetupFenError::Castling => "invalid castling part in fen",
            SetupFenError::EnPassant => "invalid en passant part in fen",
            SetupFenError::HalfmoveClock => "invalid half-move clock in fen",
            SetupFenError::FullmoveNumber => "invalid fullmove number in fen",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetupFenError {}

/// Which en-passant square a FEN writes (python-chess's `en_passant=`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum EnPassantMode {
    /// Only when an en-passant capture is legal (python-chess's default).
    #[default]
    Legal,
    /// When a capture is pseudo-legal (X-FEN).
    PseudoLegal,
    /// Always after a double step (the FEN standard).
    Always,
}

pub(crate) const fn bb(square: Square) -> u64 {
    1 << square as u32
}

pub(crate) fn sq(index: u32) -> Square {
    Square::index_wrapping(index as usize)
}

pub(crate) fn msb(mask: u64) -> Square {
    sq(63 - mask.leading_zeros())
}

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;
const BACKRANKS: u64 = RANK_1 | RANK_8;

impl Default for Setup {
    /// The standard start position.
    fn default() -> Setup {
        Setup::from_board(&Board::startpos())
    }
}

impl Setup {
    /// No pieces, White to move, no rights.
    pub const fn empty() -> Setup {
        Setup {
            pieces: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            promoted: Bitboard::EMPTY,
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
        }
    }

    /// The position of a [`Board`] (its castling rights as rook squares).
    pub fn from_board(board: &Board) -> Setup {
        let mut rights = 0u64;
        let castling = board.castling_rights();
        for color in Color::ALL {
            let rank = Rank::First.relative_to(color);
            for side in crate::CastlingSide::ALL {
                if let Some(file) = castling.rook(color, side) {
                    rights |= bb(Square::new(file, rank));
                }
            }
        }
        Setup {
            pieces: Piece::ALL.map(|p| board.pieces(p)),
            colors: Color::ALL.map(|c| board.colors(c)),
            promoted: Bitboard::EMPTY,
            turn: board.side_to_move(),
            castling_rights: Bitboard(rights),
            ep_square: board.en_passant(),
            halfmove_clock: board.halfmove_clock(),
            fullmove_number: board.fullmove_number(),
            chess960: board.is_chess960(),
        }
    }

    /// The fast [`Board`] of this position, when [`Setup::status`] finds nothing wrong
    /// (castling rights are cleaned first; an en-passant square without a capture is dropped,
    /// as `Board` keeps only capturable ones). Otherwise the status with what is wrong.
    pub fn to_board(&self) -> Result<Board, SetupStatus> {
        let status = self.status();
        if !status.is_valid() {
            return Err(status);
        }
        if self.promoted.0 & self.of(Piece::King) != 0 {
            // A promoted king is no king for check here (python-chess's rule), but would be
            // for `Board`: keep such positions on this type's generator.
            return Err(SetupStatus::TOO_MANY_KINGS);
        }
        let mut board = Board::empty(self.chess960);
        // What putting each piece of each colour would leave, in a few operations: a square
        // counts where its colour and its kind are each given an odd number of times.
        let one_color = self.colors[0] ^ self.colors[1];
        let one_kind = self.pieces.iter().fold(Bitboard::EMPTY, |a, &b| a ^ b);
        for (to, from) in board.pieces.iter_mut().zip(&self.pieces) {
            *to = *from & one_color;
        }
        for (to, from) in board.colors.iter_mut().zip(&self.colors) {
            *to = *from & one_kind;
        }
        board.side = self.turn;
        let mut castling = CastlingRights::NONE;
        for rook in Bitboard(self.clean_castling_rights()) {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            if let Some(king) = self.king(color) {
                castling.add(color, king.file(), rook.file());
            }
        }
        board.castling = castling;
        board.en_passant = self.ep_square.filter(|&ep| {
            pawn_attacks(!self.turn, ep) & self.pieces[0] & self.colors[self.turn.index()]
                != Bitboard::EMPTY
        });
        board.halfmove = self.halfmove_clock;
        board.fullmove = self.fullmove_number;
        board.hash = board.compute_hash();
        board.checkers = crate::board::UNKNOWN;
        board.compute_checks();
        Ok(board)
    }

    /// Every occupied square.
    pub fn occupied(&self) -> u64 {
        (self.colors[0] | self.colors[1]).0
    }

    pub(crate) fn of(&self, piece: Piece) -> u64 {
        self.pieces[piece.index()].0
    }

    pub(crate) fn side(&self, color: Color) -> u64 {
        self.colors[color.index()].0
    }

    /// The piece on `square` with its colour.
    pub fn piece_at(&self, square: Square) -> Option<(Color, Piece)> {
        let piece = Piece::ALL
            .into_iter()
            .find(|p| self.pieces[p.index()].has(square))?;
        let color = if self.colors[0].has(square) {
            Color::White
        } else {
            Color::Black
        };
        Some((color, piece))
    }

    /// Empties `square`; returns what stood there.
    pub fn remove_piece_at(&mut self, square: Square) -> Option<(Color, Piece)> {
        let found = self.piece_at(square)?;
        let mask = !Bitboard::from(square);
        for set in self.pieces.iter_mut().chain(self.colors.iter_mut()) {
            *set &= mask;
        }
        self.promoted &= mask;
        Some(found)
    }

    /// Puts `piece` on `square` (replacing what stood there), marked promoted or not; `None`
    /// empties it.
    pub fn set_piece_at(&mut self, square: Square, piece: Option<(Color, Piece)>, promoted: bool) {
        self.remove_piece_at(square);
        if let Some((color, piece)) = piece {
            self.pieces[piece.index()] |= square;
            self.colors[color.index()] |= square;
            if promoted {
                self.promoted |= square;
            }
        }
    }

    /// The king of `color` that counts: the unpromoted one on the highest square.
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.of(Piece::King) & self.side(color) & !self.promoted.0;
        (kings != 0).then(|| msb(kings))
    }

    /// The squares the piece on `square` attacks (empty for an empty square); a pawn's
    /// diagonal captures, pinned or not.
    pub fn attacks_mask(&self, square: Square) -> u64 {
        let mask = bb(square);
        let occupied = Bitboard(self.occupied());
        if self.of(Piece::Pawn) & mask != 0 {
            let color = if self.side(Color::White) & mask != 0 {
                Color::White
            } else {
                Color::Black
            };
            return pawn_attacks(color, square).0;
        }
        if self.of(Piece::Knight) & mask != 0 {
            return knight_attacks(square).0;
        }
        if self.of(Piece::King) & mask != 0 {
            return king_attacks(square).0;
        }
        let queens = self.of(Piece::Queen);
        let mut attacks = 0;
        if (self.of(Piece::Bishop) | queens) & mask != 0 {
            attacks |= bishop_attacks(square, occupied).0;
        }
        if (self.of(Piece::Rook) | queens) & mask != 0 {
            attacks |= rook_attacks(square, occupied).0;
        }
        attacks
    }

    /// The pieces of `color` attacking `square`, with `occupied` as the blockers.
    pub fn attackers_mask_with(&self, color: Color, square: Square, occupied: u64) -> u64 {
        let occ = Bitboard(occupied);
        let queens = self.of(Piece::Queen);
        let attackers = (king_attacks(square).0 & self.of(Piece::King))
            | (knight_attacks(square).0 & self.of(Piece::Knight))
            | (rook_attacks(square, occ).0 & (self.of(Piece::Rook) | queens))
            | (bishop_attacks(square, occ).0 & (self.of(Piece::Bishop) | queens))
            | (pawn_attacks(!color, square).0 & self.of(Piece::Pawn));
        attackers & self.side(color)
    }

    /// The pieces of `color` attacking `square`.
    pub fn attackers_mask(&self, color: Color, square: Square) -> u64 {
        self.attackers_mask_with(color, square, self.occupied())
    }

    /// Whether a piece of `color` attacks `square`.
    pub fn is_attacked_by(&self, color: Color, square: Square) -> bool {
        self.attackers_mask(color, square) != 0
    }

    /// Where the piece on `square` may go while pinned to the king of `color`: the whole
    /// pinning line (its ends included), or every square when not pinned (python-chess's
    /// `pin_mask`, which looks along the first line through the king that holds `square`).
    pub fn pin_mask(&self, color: Color, square: Square) -> u64 {
        let Some(king) = self.king(color) else {
            return u64::MAX;
        };
        let square_mask = bb(square);
        let straight = self.of(Piece::Rook) | self.of(Piece::Queen);
        let diagonal = self.of(Piece::Bishop) | self.of(Piece::Queen);
        let file = File::bitboard(king.file()).0;
        let rank = Rank::bitboard(king.rank()).0;
        let rook_rays = rook_attacks(king, Bitboard::EMPTY).0;
        let lines = [
            (rook_rays & file, straight),
            (rook_rays & rank, straight),
            (bishop_attacks(king, Bitboard::EMPTY).0, diagonal),
        ];
        for (rays, sliders) in lines {
            if rays & square_mask != 0 {
                let snipers = rays & sliders & self.side(!color);
                for sniper in Bitboard(snipers).into_iter().rev() {
                    if between(sniper, king).0 & (self.occupied() | square_mask) == square_mask {
                        return line(king, sniper).0;
                    }
                }
                break;
            }
        }
        u64::MAX
    }

    /// Whether the piece on `square` is pinned to the king of `color`.
    pub fn is_pinned(&self, color: Color, square: Square) -> bool {
        self.pin_mask(color, square) != u64::MAX
    }

    /// The pieces giving check to the side to move.
    pub fn checkers_mask(&self) -> u64 {
        match self.king(self.turn) {
            Some(king) => self.attackers_mask(!self.turn, king),
            None => 0,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers_mask() != 0
    }

    /// Whether the side not to move is in check (the last move left its king attacked).
    pub fn was_into_check(&self) -> bool {
        self.king(!self.turn)
            .is_some_and(|king| self.is_attacked_by(self.turn, king))
    }

    /// The castling rights that mean something: rooks on their back rank beside an unpromoted
    /// king there (in standard chess on a1/h1/a8/h8 with the king on e1/e8; in Chess960 the
    /// outermost rook on each side of the king).
    pub fn clean_castling_rights(&self) -> u64 {
        let castling = self.castling_rights.0 & self.of(Piece::Rook);
        let mut white = castling & RANK_1 & self.side(Color::White);
        let mut black = castling & RANK_8 & self.side(Color::Black);
        let kings = self.of(Piece::King) & !self.promoted.0;
        if !self.chess960 {
            white &= bb(Square::A1) | bb(Square::H1);
            black &= bb(Square::A8) | bb(Square::H8);
            if self.side(Color::White) & kings & bb(Square::E1) == 0 {
                white = 0;
            }
            if self.side(Color::Black) & kings & bb(Square::E8) == 0 {
                black = 0;
            }
            return white | black;
        }
        let white_king = self.side(Color::White) & kings & RANK_1;
        let black_king = self.side(Color::Black) & kings & RANK_8;
        let sides = |rights: u64, king: u64| -> u64 {
            if king == 0 || rights == 0 {
                return 0;
            }
            let king = msb(king) as u32;
            let a_side = rights & rights.wrapping_neg();
            let h_side = bb(msb(rights));
            let mut out = 0;
            if a_side.trailing_zeros() < king {
                out |= a_side;
            }
            if msb(h_side) as u32 > king {
                out |= h_side;
            }
            out
        };
        sides(white, white_king) | sides(black, black_king)
    }

    /// Whether `color` keeps a clean castling right towards the h-file (`kingside`) or the
    /// a-file: a rook with a right beyond an unpromoted king on the back rank (python-chess's
    /// `has_kingside_castling_rights` / `has_queenside_castling_rights`).
    pub fn has_castling_side(&self, color: Color, kingside: bool) -> bool {
        let backrank = match color {
            Color::White => RANK_1,
            Color::Black => RANK_8,
        };
        let kings = self.of(Piece::King) & self.side(color) & backrank & !self.promoted.0;
        if kings == 0 {
            return false;
        }
        let rights = self.clean_castling_rights() & backrank;
        Bitboard(rights).into_iter().any(|rook| {
            let rook = bb(rook);
            if kingside { rook > kings } else { rook < kings }
        })
    }

    /// The en-passant square when a double step could have left it: on the sixth rank
    /// (relative to the side to move), empty, with the pawn in front and its start square
    /// empty.
    pub fn valid_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let (rank, pawn, start) = match self.turn {
            Color::White => (Rank::Sixth, ep as i32 - 8, ep as i32 + 8),
            Color::Black => (Rank::Third, ep as i32 + 8, ep as i32 - 8),
        };
        if ep.rank() != rank || !(0..64).contains(&pawn) || !(0..64).contains(&start) {
            return None;
        }
        let pawn = sq(pawn as u32);
        let start = sq(start as u32);
        let their_pawns = self.of(Piece::Pawn) & self.side(!self.turn);
        if their_pawns & bb(pawn) == 0
            || self.occupied() & bb(ep) != 0
            || self.occupied() & bb(start) != 0
        {
            return None;
        }
        Some(ep)
    }

    /// What is wrong with the position (python-chess's `Board.status`).
    pub fn status(&self) -> SetupStatus {
        let mut errors = SetupStatus::VALID;
        let occupied = self.occupied();
        let kings = self.of(Piece::King);
        let pawns = self.of(Piece::Pawn);
        let (white, black) = (self.side(Color::White), self.side(Color::Black));
        if occupied == 0 {
            errors |= SetupStatus::EMPTY;
        }
        if white & kings == 0 {
            errors |= SetupStatus::NO_WHITE_KING;
        }
        if black & kings == 0 {
            errors |= SetupStatus::NO_BLACK_KING;
        }
        if (occupied & kings).count_ones() > 2 {
            errors |= SetupStatus::TOO_MANY_KINGS;
        }
        if white.count_ones() > 16 {
            errors |= SetupStatus::TOO_MANY_WHITE_PIECES;
        }
        if black.count_ones() > 16 {
            errors |= SetupStatus::TOO_MANY_BLACK_PIECES;
        }
        if (white & pawns).count_ones() > 8 {
            errors |= SetupStatus::TOO_MANY_WHITE_PAWNS;
        }
        if (black & pawns).count_ones() > 8 {
            errors |= SetupStatus::TOO_MANY_BLACK_PAWNS;
        }
        if pawns & BACKRANKS != 0 {
            errors |= SetupStatus::PAWNS_ON_BACKRANK;
        }
        if self.castling_rights.0 != self.clean_castling_rights() {
            errors |= SetupStatus::BAD_CASTLING_RIGHTS;
        }
        let valid_ep = self.valid_ep_square();
        if self.ep_square != valid_ep {
            errors |= SetupStatus::INVALID_EP_SQUARE;
        }
        if self.was_into_check() {
            errors |= SetupStatus::OPPOSITE_CHECK;
        }
        let checkers = self.checkers_mask();
        let our_kings = kings & self.side(self.turn) & !self.promoted.0;
        if checkers != 0 {
            let count = checkers.count_ones();
            if count > 2 {
                errors |= SetupStatus::TOO_MANY_CHECKERS;
            }
            if let Some(ep) = valid_ep {
                // The double step that left `ep` must be the check's cause.
                let pushed = sq(ep as u32 ^ Square::A2 as u32);
                let pushed_from = sq(ep as u32 ^ Square::A4 as u32);
                let before = (occupied & !bb(pushed)) | bb(pushed_from);
                if count > 1
                    || (msb(checkers) != pushed
                        && Bitboard(our_kings)
                            .into_iter()
                            .any(|k| self.attackers_mask_with(!self.turn, k, before) != 0))
                {
                    errors |= SetupStatus::IMPOSSIBLE_CHECK;
                }
            } else if count > 2
                || (count == 2
                    && line(sq(checkers.trailing_zeros()), msb(checkers)).0 & our_kings != 0)
            {
                errors |= SetupStatus::IMPOSSIBLE_CHECK;
            }
        }
        errors
    }

    /// The Polyglot key of the position (python-chess's `chess.polyglot.zobrist_hash`):
    /// equal to [`Board::hash`] for valid positions, and defined for any placement.
    pub fn zobrist_hash(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in self.pieces[piece.index()] & self.colors[color.index()] {
                    key ^= crate::zobrist::piece(color, piece, square);
                }
            }
        }
        for (color, long) in [
            (Color::White, false),
            (Color::White, true),
            (Color::Black, false),
            (Color::Black, true),
        ] {
            if self.has_castling_side(color, !long) {
                key ^= crate::zobrist::castling(color, long);
            }
        }
        if let Some(ep) = self.ep_square {
            let behind = match self.turn {
                Color::White => bb(ep) >> 8,
                Color::Black => bb(ep) << 8,
            };
            let beside = ((behind << 1) & !0x0101_0101_0101_0101)
                | ((behind >> 1) & !(0x8080_8080_8080_8080));
            if beside & self.of(Piece::Pawn) & self.side(self.turn) != 0 {
                key ^= crate::zobrist::en_passant(ep.file());
            }
        }
        if self.turn == Color::White {
            key ^= crate::zobrist::white_to_move();
        }
        key
    }

    /// Whether [`Setup::status`] finds nothing wrong.
    pub fn is_valid(&self) -> bool {
        self.status().is_valid()
    }
}

impl From<&Board> for Setup {
    fn from(board: &Board) -> Setup {
        Setup::from_board(board)
    }
}

impl FromStr for Setup {
    type Err = SetupFenError;

    /// [`Setup::from_fen`].
    fn from_str(fen: &str) -> Result<Setup, SetupFenError> {
        Setup::from_fen(fen, false)
    }
}

mod epd;
mod fen;
mod san;

pub use epd::{EpdOpcodeError, check_epd_opcode};
#[cfg(feature = "std")]
pub use epd::{EpdOperand, parse_epd_operations, quote_epd_text};

pub use san::{SetupSanError, TranspositionKey};
