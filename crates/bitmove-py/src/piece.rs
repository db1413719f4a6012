//! `bitmove.Piece`: a piece type and a colour, as `chess.Piece`.

use pyo3::prelude::*;

/// A piece: `piece_type` (1 = pawn ... 6 = king) and `color` (True for white).
#[pyclass(module = "bitmove", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    piece: bitmove::Piece,
    color: bitmove::Color,
}

impl Piece {
    pub(crate) fn new(piece: bitmove::Piece, color: bitmove::Color) -> Piece {
        Piece { piece, color }
    }
}

#[pymethods]
impl Piece {
    /// 1 = pawn, 2 = knight, 3 = bishop, 4 = rook, 5 = queen, 6 = king.
    #[getter]
    fn piece_type(&self) -> u8 {
        crate::moves::piece_type(self.piece)
    }

    /// True for white.
    #[getter]
    fn color(&self) -> bool {
        self.color == bitmove::Color::White
    }

    /// The FEN letter: upper case for white (`N`), lower case for black (`n`).
    fn symbol(&self) -> String {
        self.piece.to_char_colored(self.color).to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}
