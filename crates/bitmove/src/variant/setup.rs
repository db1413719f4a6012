//! Any placement of a variant, as python-chess's variant boards hold it: a [`Setup`] (no
//! kings, forty queens, pawns on the back ranks) with the pockets and check counters, each
//! variant's `status()`, and the [`VariantPosition`] of it when the variant's generator can
//! play it.
//!
//! [`VariantPosition`] stays what it is, a position its variant's generator plays correctly:
//! [`VariantSetup::position`] hands one out for every valid position, and for the invalid
//! ones the generator still plays (too many pieces, racing kings' checks, a finished race),
//! as python-chess generates moves there too. Positions it cannot play (a side without the
//! king its variant looks for, pawns on the back ranks, more moves than a move list holds)
//! have none.

use core::fmt::{self, Write};

use arrayvec::{ArrayString, ArrayVec};

use super::fen::{Parts, parse_checks, parse_pocket, split_pocket};
use super::{Pocket, Variant, VariantPosition};
use crate::setup::{EnPassantMode, Setup, SetupFenError, SetupStatus};
use crate::{Bitboard, Board, Color, FenError, MAX_MOVES, Piece, PositionError};

/// The most moves a [`super::VariantMoveList`] holds.
const MAX_VARIANT_MOVES: u32 = 768;

/// Why [`VariantSetup::from_fen`] refused a FEN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantSetupError {
    /// The board's fields, as python-chess's `Board` reads them.
    Fen(SetupFenError),
    /// A crazyhouse pocket with a king, a letter that is no piece, or more than 32 pieces.
    Pocket,
    /// Three-check's counters are not `N+M` (or lichess's `+N+M`) with each 0 to 3.
    RemainingChecks,
}

impl fmt::Display for VariantSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantSetupError::Fen(e) => fmt::Display::fmt(e, f),
            VariantSetupError::Pocket => f.write_str("invalid pocket in crazyhouse fen"),
            VariantSetupError::RemainingChecks => f.write_str("invalid check part in 3check fen"),
        }
    }
}

impl core::error::Error for VariantSetupError {}

impl From<SetupFenError> for VariantSetupError {
    fn from(e: SetupFenError) -> VariantSetupError {
        VariantSetupError::Fen(e)
    }
}

/// A variant's board holding any placement (python-chess's `chess.variant` boards): the
/// [`Setup`], crazyhouse's pockets, three-check's counters. Fields are public: set them as
/// you like, [`VariantSetup::status`] says what is wrong.
///
/// ```
/// use bitmove::variant::{Variant, VariantSetup};
/// use bitmove::SetupStatus;
///
/// // Black to move with both kings home: the race was over a move ago.
/// let race = VariantSetup::from_fen(Variant::RacingKings, "3krQK1/8/8/8/1q6/3B1N2/1b6/1R4R1 b - - 0 1", false).unwrap();
/// assert_eq!(race.status(), SetupStatus::RACE_OVER);
/// assert!(race.position().is_ok()); // still played: no moves, Black lost
///
/// let empty = VariantSetup::from_fen(Variant::Crazyhouse, "8/8/8/8/8/8/8/8[P] w - - 0 1", false).unwrap();
/// assert!(empty.position().is_err()); // no kings: nothing to play
/// assert!(!empty.is_insufficient_material()); // a pawn in the pocket
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VariantSetup {
    /// The variant.
    pub variant: Variant,
    /// The board: pieces, promoted marks, side, castling rights, en passant, clocks.
    pub setup: Setup,
    /// Crazyhouse: White's and Black's pockets (indexed by [`Color::index`]).
    pub pockets: [Pocket; 2],
    /// Three-check: the checks White and Black still need to give.
    pub remaining_checks: [u8; 2],
}

impl VariantSetup {
    /// `setup` in `variant`, with empty pockets and three checks to give each.
    pub fn new(variant: Variant, setup: Setup) -> VariantSetup {
        VariantSetup {
            variant,
            setup,
            pockets: [Pocket::default(); 2],
            remaining_checks: [3; 2],
        }
    }

    /// The state of a variant position (`chess960` for the setup's castling notation).
    pub fn from_position(pos: &VariantPosition, chess960: bool) -> VariantSetup {
        let mut setup = Setup::from_board(pos.board());
        setup.promoted = pos.promoted();
        setup.chess960 = chess960;
        VariantSetup {
            variant: pos.variant(),
            setup,
            pockets: pos.pockets,
            remaining_checks: pos.remaining_checks,
        }
    }

    /// Reads a FEN as python-chess's variant board does (any placement, missing fields
    /// defaulted): crazyhouse's pocket in brackets or as a ninth rank, three-check's `N+M`
    /// after the en-passant field or lichess's `+N+M` after the counters.
    pub fn from_fen(
        variant: Variant,
        fen: &str,
        chess960: bool,
    ) -> Result<VariantSetup, VariantSetupError> {
        let mut tokens: ArrayVec<&str, 7> = ArrayVec::new();
        for token in fen.split_ascii_whitespace() {
            tokens
                .try_push(token)
                .map_err(|_| SetupFenError::TooManyFields)?;
        }
        let mut out = VariantSetup::new(variant, Setup::empty());
        if variant == Variant::ThreeCheck {
            let checks = |text| parse_checks(text).map_err(|_| VariantSetupError::RemainingChecks);
            if tokens.len() >= 7 && tokens[6].starts_with('+') {
                let given = checks(&tokens[6][1..])?;
                out.remaining_checks = [3 - given[0], 3 - given[1]];
                tokens.remove(6);
            } else if tokens.len() >= 5 && tokens[4].contains('+') {
                out.remaining_checks = checks(tokens[4])?;
                tokens.remove(4);
            }
        }
        if variant == Variant::Crazyhouse
            && let Some(first) = tokens.first_mut()
        {
            let (board, pocket) = split_pocket(first).map_err(|_| VariantSetupError::Pocket)?;
            out.pockets = parse_pocket(pocket).map_err(|_| VariantSetupError::Pocket)?;
            *first = board;
        }
        let mut text = ArrayString::<256>::new();
        for (i, token) in tokens.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            text.try_push_str(sep)
                .and_then(|()| text.try_push_str(token))
                .map_err(|_| SetupFenError::Placement)?;
        }
        out.setup = Setup::from_fen(&text, chess960)?;
        Ok(out)
    }

    /// Writes the FEN as python-chess's variant board writes it: `~` marks and the pocket in
    /// brackets for crazyhouse, three-check's `N+M` after the en-passant field. The
    /// en-passant square under [`EnPassantMode::Legal`] is the one a legal move of the
    /// variant takes to.
    pub fn write_fen(
        &self,
        f: &mut impl Write,
        shredder: bool,
        en_passant: EnPassantMode,
    ) -> fmt::Result {
        let s = &self.setup;
        let crazyhouse = self.variant == Variant::Crazyhouse;
        s.write_board_fen(f, crazyhouse)?;
        if crazyhouse {
            f.write_char('[')?;
            for color in Color::ALL {
                for piece in [
                    Piece::Queen,
                    Piece::Rook,
                    Piece::Bishop,
                    Piece::Knight,
                    Piece::Pawn,
                ] {
                    for _ in 0..self.pockets[color.index()].count(piece) {
                        f.write_char(piece.to_char_colored(color))?;
                    }
                }
            }
            f.write_char(']')?;
        }
        f.write_str(match s.turn {
            Color::White => " w ",
            Color::Black => " b ",
        })?;
        if shredder {
            s.write_castling_shredder(f)?;
        } else {
            s.write_castling_xfen(f)?;
        }
        let ep = match en_passant {
            EnPassantMode::Legal => self.legal_ep_square(),
            mode => s.fen_ep_square(mode),
        };
        match ep {
            Some(ep) => write!(f, " {ep}")?,
            None => f.write_str(" -")?,
        }
        if self.variant == Variant::ThreeCheck {
            write!(
                f,
                " {}+{}",
                self.remaining_checks[0], self.remaining_checks[1]
            )?;
        }
        write!(f, " {} {}", s.halfmove_clock, s.fullmove_number)
    }

    /// The en-passant square when a legal move of the variant takes there.
    fn legal_ep_square(&self) -> Option<crate::Square> {
        let ep = self.setup.ep_square?;
        let pos = self.position().ok()?;
        let pawns = pos.board.pieces(Piece::Pawn);
        pos.legal_moves()
            .iter()
            .filter_map(|mv| mv.as_normal())
            .any(|mv| mv.to == ep && pawns.has(mv.from) && mv.from.file() != ep.file())
            .then_some(ep)
    }

    /// The position the variant's generator plays: every valid position, and the invalid
    /// ones it plays correctly (too many pieces, racing kings' checks and finished races).
    /// An error for the rest: a side without the king its variant looks for, pawns on the
    /// back ranks, the side not to move in check where checks count, more moves than a move
    /// list holds.
    pub fn position(&self) -> Result<VariantPosition, FenError> {
        let parts = Parts {
            pockets: self.pockets,
            promoted: self.setup.promoted,
            remaining_checks: self.remaining_checks.map(|c| c.min(3)),
        };
        let mut text = ArrayString::<128>::new();
        self.setup
            .write_fen(&mut text, false, EnPassantMode::Always, false)
            .map_err(|_| FenError::RankLength { rank: 8 })?;
        let mut fields = ["", "", "", "", "0", "1"];
        for (field, token) in fields.iter_mut().zip(text.split_ascii_whitespace()) {
            *field = token;
        }
        if let Ok(pos) = VariantPosition::from_parts(self.variant, &fields, parts, false) {
            return Ok(pos);
        }
        if !self.moves_fit() {
            return Err(PositionError::Variant("more moves than a move list holds").into());
        }
        match VariantPosition::from_parts(self.variant, &fields, parts, true) {
            Err(FenError::Illegal(PositionError::EnPassant)) => {
                fields[3] = "-";
                VariantPosition::from_parts(self.variant, &fields, parts, true)
            }
            other => other,
        }
    }

    /// Whether every position one move from here, for either side to move, has at most the
    /// moves the move lists hold: each piece's attacks on its own side's empty and enemy
    /// squares, 15 for a pawn (three squares, five promotions), two castlings, and every
    /// empty square times five for crazyhouse's drops.
    fn moves_fit(&self) -> bool {
        let s = &self.setup;
        let pawns = s.pieces[Piece::Pawn.index()];
        Color::ALL.into_iter().all(|color| {
            let own = s.colors[color.index()];
            let mut board = 2;
            for square in own - pawns {
                board += (Bitboard(s.attacks_mask(square)) - own).len();
            }
            board += 15 * (own & pawns).len();
            let drops = if self.variant == Variant::Crazyhouse {
                5 * (64 - Bitboard(s.occupied()).len())
            } else {
                0
            };
            board <= MAX_MOVES as u32 && board + drops <= MAX_VARIANT_MOVES
        })
    }

    /// The pieces on a board without any check of them: for the material questions, which
    /// look at nothing else.
    fn material(&self) -> VariantPosition {
        let s = &self.setup;
        let mut board = Board::empty(false);
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in s.pieces[piece.index()] & s.colors[color.index()] {
                    board.put(color, piece, square);
                }
            }
        }
        board.side = s.turn;
        VariantPosition {
            board,
            variant: self.variant,
            pockets: self.pockets,
            promoted: s.promoted,
            remaining_checks: self.remaining_checks,
        }
    }

    /// Whether `color` lacks the material to win, by the variant's reckoning
    /// ([`VariantPosition::has_insufficient_material`]), on any placement.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        self.material().has_insufficient_material(color)
    }

    /// Whether neither side has the material to win.
    pub fn is_insufficient_material(&self) -> bool {
        let material = self.material();
        Color::ALL
            .into_iter()
            .all(|c| material.has_insufficient_material(c))
    }

    /// python-chess's `status()` of the variant's board: the standard flags
    /// ([`Setup::status`]) with each variant's exceptions and additions (no kings needed in
    /// antichess; atomic's missing king of the side to move, touching kings and up to 14
    /// checkers; the horde's 36 pawns; crazyhouse's counts with the pockets; racing kings'
    /// `RACE_CHECK`, `RACE_OVER` and `RACE_MATERIAL`).
    pub fn status(&self) -> SetupStatus {
        use SetupStatus as S;
        let s = &self.setup;
        let mut status = s.status();
        let (white, black) = (Color::White, Color::Black);
        let side = |c: Color| s.colors[c.index()];
        let of = |p: Piece| s.pieces[p.index()];
        let count = |c: Color, p: Piece| (side(c) & of(p)).len();
        match self.variant {
            Variant::Antichess => {
                // No kings needed, and no checks: python-chess's antichess has no checkers.
                status.0 &= !(S::NO_WHITE_KING | S::NO_BLACK_KING | S::TOO_MANY_KINGS).0;
                status.0 &= !(S::OPPOSITE_CHECK | S::TOO_MANY_CHECKERS | S::IMPOSSIBLE_CHECK).0;
            }
            Variant::Atomic => {
                status.0 &= !S::OPPOSITE_CHECK.0;
                let kings = of(Piece::King);
                let connected = (kings & side(white))
                    .into_iter()
                    .any(|k| !(crate::attacks::king_attacks(k) & kings & side(black)).is_empty());
                if connected {
                    // Touching kings give no check.
                    status.0 &= !(S::TOO_MANY_CHECKERS | S::IMPOSSIBLE_CHECK).0;
                }
                status.0 &= !match s.turn {
                    Color::White => S::NO_WHITE_KING.0,
                    Color::Black => S::NO_BLACK_KING.0,
                };
                if s.checkers_mask().count_ones() <= 14 {
                    status.0 &= !S::TOO_MANY_CHECKERS.0;
                }
                if s.valid_ep_square().is_none() {
                    status.0 &= !S::IMPOSSIBLE_CHECK.0;
                }
            }
            Variant::RacingKings => {
                if s.is_check() {
                    status.0 |= (S::RACE_CHECK | S::TOO_MANY_CHECKERS | S::IMPOSSIBLE_CHECK).0;
                }
                let eighth = crate::Rank::Eighth.bitboard();
                let home = |c: Color| !(side(c) & of(Piece::King) & eighth).is_empty();
                if s.turn == black && home(white) && home(black) {
                    status.0 |= S::RACE_OVER.0;
                }
                let too_many = Color::ALL.into_iter().any(|c| {
                    count(c, Piece::Knight) > 2
                        || count(c, Piece::Bishop) > 2
                        || count(c, Piece::Rook) > 2
                        || count(c, Piece::Queen) > 1
                });
                if !of(Piece::Pawn).is_empty() || too_many {
                    status.0 |= S::RACE_MATERIAL.0;
                }
            }
            Variant::Horde => {
                status.0 &= !S::NO_WHITE_KING.0;
                if side(white).len() <= 36 {
                    status.0 &= !(S::TOO_MANY_WHITE_PIECES | S::TOO_MANY_WHITE_PAWNS).0;
                }
                let pawns = of(Piece::Pawn);
                let first = crate::Rank::First.bitboard();
                let eighth = crate::Rank::Eighth.bitboard();
                if (pawns & eighth).is_empty() && (side(black) & pawns & first).is_empty() {
                    status.0 &= !S::PAWNS_ON_BACKRANK.0;
                }
                if !(side(white) & of(Piece::King)).is_empty() {
                    status.0 |= S::TOO_MANY_KINGS.0;
                }
            }
            Variant::Crazyhouse => {
                // Pieces change sides: the counts are of both sides, pockets included.
                let pawns = of(Piece::Pawn).len()
                    + self
                        .pockets
                        .iter()
                        .map(|p| p.count(Piece::Pawn))
                        .sum::<u32>();
                if pawns <= 16 {
                    status.0 &= !(S::TOO_MANY_BLACK_PAWNS | S::TOO_MANY_WHITE_PAWNS).0;
                }
                let pieces = Bitboard(s.occupied()).len()
                    + self.pockets.iter().map(Pocket::len).sum::<u32>();
                if pieces <= 32 {
                    status.0 &= !(S::TOO_MANY_BLACK_PIECES | S::TOO_MANY_WHITE_PIECES).0;
                }
            }
            Variant::Chess | Variant::ThreeCheck | Variant::KingOfTheHill => {}
        }
        status
    }

    /// Whether [`VariantSetup::status`] finds nothing wrong.
    pub fn is_valid(&self) -> bool {
        self.status() == SetupStatus::VALID
    }
}
