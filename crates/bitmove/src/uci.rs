//! UCI move notation against a position: standard (`e1g1`) or Chess960 (`e1h1`) castling.

use core::fmt;

use crate::board::CastlingSide;
use crate::moves::parse_uci_syntax;
use crate::{Board, Move, Piece, Rank, Square, UciError};

impl Board {
    /// Parses a UCI move and checks that it is legal here.
    ///
    /// In standard mode castling is written as the king's two-square step (`e1g1`); the
    /// king-takes-rook form (`e1h1`) is accepted too. In Chess960 mode castling is always
    /// king-takes-rook.
    ///
    /// ```
    /// use bitmove::{Board, UciError};
    ///
    /// let board = Board::default();
    /// assert!(board.parse_uci("g1f3").is_ok());
    /// assert_eq!(board.parse_uci("e2e5"), Err(UciError::Illegal));
    /// assert_eq!(board.parse_uci("castle"), Err(UciError::Syntax));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        self.parse_uci_move(parse_uci_syntax(text)?)
    }

    /// [`parse_uci`](Board::parse_uci) for a move already split into squares and promotion,
    /// as written in UCI for this board's mode: a standard castling move given as the king's
    /// step (`e1g1`) becomes the internal king-takes-rook move. Refused unless legal here.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square, UciError};
    ///
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let step = Move::new(Square::E1, Square::G1);
    /// assert_eq!(board.parse_uci_move(step), Ok(Move::new(Square::E1, Square::H1)));
    /// assert_eq!(board.parse_uci_move(Move::new(Square::E1, Square::E3)), Err(UciError::Illegal));
    /// ```
    pub fn parse_uci_move(&self, mut mv: Move) -> Result<Move, UciError> {
        if !self.chess960
            && let Some(castle) = self.standard_castling(mv)
        {
            mv = castle;
        }
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(UciError::Illegal)
        }
    }

    /// The king-takes-rook form of a standard castling move written as the king's step.
    pub(crate) fn standard_castling(&self, mv: Move) -> Option<Move> {
        let us = self.side;
        let back = Rank::First.relative_to(us);
        if mv.from != self.king(us) || mv.from.rank() != back || mv.to.rank() != back {
            return None;
        }
        CastlingSide::ALL.into_iter().find_map(|side| {
            let rook = self.castling.rook(us, side)?;
            (Square::new(side.king_to(), back) == mv.to && mv.from.file() != side.king_to())
                .then(|| Move::new(mv.from, Square::new(rook, back)))
        })
    }

    /// The move in UCI notation for this board's mode: castling as `e1g1` in standard chess,
    /// as king-takes-rook (`e1h1`) in Chess960.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let castle = Move::new(Square::E1, Square::H1);
    /// assert_eq!(board.uci(castle).to_string(), "e1g1");
    /// ```
    pub fn uci(&self, mv: Move) -> Uci {
        let mut shown = mv;
        if !self.chess960
            && self.piece_on(mv.from) == Some(Piece::King)
            && self.color_on(mv.to) == Some(self.side)
        {
            let side = if mv.to.file() > mv.from.file() {
                CastlingSide::Short
            } else {
                CastlingSide::Long
            };
            shown.to = Square::new(side.king_to(), mv.from.rank());
        }
        Uci(shown)
    }
}

/// A move shown in UCI notation; made by [`Board::uci`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uci(Move);

impl Uci {
    /// The move as UCI writes it: squares and promotion, with standard castling as the king's
    /// step (`e1g1`), for callers that want the parts rather than the text.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let shown = board.uci(Move::new(Square::E1, Square::A1)).as_move();
    /// assert_eq!(shown, Move::new(Square::E1, Square::C1));
    /// ```
    pub fn as_move(self) -> Move {
        self.0
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
