//! `bitmove.Piece`: a piece type and a colour, as `chess.Piece`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A piece: `piece_type` (1 = pawn ... 6 = king) and `color` (True for white).
#[pyclass(module = "bitmove", frozen, eq)]
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

/// The piece of a python-chess piece type (1 = pawn ... 6 = king), else `ValueError`.
pub(crate) fn from_type(piece_type: i64) -> PyResult<bitmove::Piece> {
    match piece_type {
        1..=6 => Ok(bitmove::Piece::ALL[piece_type as usize - 1]),
        _ => Err(PyValueError::new_err(format!(
            "piece type {piece_type} is not in 1..=6 (1 = pawn ... 6 = king)"
        ))),
    }
}

#[pymethods]
impl Piece {
    /// `Piece(piece_type, color)`, as `chess.Piece`.
    #[new]
    fn py_new(piece_type: i64, color: bool) -> PyResult<Piece> {
        let color = if color {
            bitmove::Color::White
        } else {
            bitmove::Color::Black
        };
        Ok(Piece::new(from_type(piece_type)?, color))
    }

    /// The piece of a FEN letter (`N` a white knight, `n` a black one).
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(PyValueError::new_err(format!(
                "not a piece symbol: {symbol:?}"
            )));
        };
        let index = "pnbrqk"
            .find(c.to_ascii_lowercase())
            .ok_or_else(|| PyValueError::new_err(format!("not a piece symbol: {symbol:?}")))?;
        Piece::py_new(index as i64 + 1, c.is_ascii_uppercase())
    }

    /// The Unicode chess symbol (`♘` a white knight); `invert_color=True` swaps the colour.
    #[pyo3(signature = (*, invert_color=false))]
    fn unicode_symbol(&self, invert_color: bool) -> &'static str {
        let white = (self.color == bitmove::Color::White) != invert_color;
        let symbols = if white {
            ["♙", "♘", "♗", "♖", "♕", "♔"]
        } else {
            ["♟", "♞", "♝", "♜", "♛", "♚"]
        };
        symbols[self.piece.index()]
    }

    /// python-chess's hash: 0 ... 5 for the white pawn ... king, 6 ... 11 for the black ones.
    fn __hash__(&self) -> u64 {
        let offset = if self.color == bitmove::Color::White {
            0
        } else {
            6
        };
        self.piece.index() as u64 + offset
    }

    /// For pickle: `Piece(piece_type, color)`.
    fn __getnewargs__(&self) -> (u8, bool) {
        (self.piece_type(), self.color())
    }

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
