//! `bitmove.Piece`: a piece type and a colour, as `chess.Piece`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyBool;

/// A piece: `piece_type` (1 = pawn ... 6 = king) and `color` (True for white). The two are
/// Python objects held in the struct, so reading them costs what a Python attribute costs
/// (frozen class: PyO3 makes them struct members); the boards hand out the 12 pieces from
/// one table.
#[pyclass(module = "bitmove", frozen)]
pub struct Piece {
    piece: bitmove::Piece,
    side: bitmove::Color,
    #[pyo3(get)]
    piece_type: Py<PyAny>,
    #[pyo3(get)]
    color: Py<PyAny>,
}

/// The 12 pieces, white pawn ... king, then black.
static PIECES: PyOnceLock<Vec<Py<Piece>>> = PyOnceLock::new();

impl Piece {
    fn make(py: Python<'_>, piece: bitmove::Piece, side: bitmove::Color) -> Piece {
        let piece_type = crate::moves::piece_type(piece);
        Piece {
            piece,
            side,
            piece_type: piece_type
                .into_pyobject(py)
                .expect("a small int")
                .into_any()
                .unbind(),
            color: PyBool::new(py, side == bitmove::Color::White)
                .to_owned()
                .into_any()
                .unbind(),
        }
    }

    /// The twelve pieces, made once: White's pawn to king, then Black's
    /// ([`Piece::table_index`]).
    pub(crate) fn table(py: Python<'_>) -> &[Py<Piece>] {
        PIECES.get_or_init(py, || {
            let mut out = Vec::with_capacity(12);
            for side in [bitmove::Color::White, bitmove::Color::Black] {
                for piece in bitmove::Piece::ALL {
                    out.push(Py::new(py, Piece::make(py, piece, side)).expect("a new Piece"));
                }
            }
            out
        })
    }

    /// Where `piece` of `side` is in [`Piece::table`].
    pub(crate) fn table_index(piece: bitmove::Piece, side: bitmove::Color) -> usize {
        let offset = if side == bitmove::Color::White { 0 } else { 6 };
        offset + piece.index()
    }

    /// The shared object of a piece (no allocation: one of 12).
    pub(crate) fn interned(
        py: Python<'_>,
        piece: bitmove::Piece,
        side: bitmove::Color,
    ) -> Py<Piece> {
        Piece::table(py)[Piece::table_index(piece, side)].clone_ref(py)
    }

    fn is_white(&self) -> bool {
        self.side == bitmove::Color::White
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
    /// `Piece(piece_type, color)`, as `chess.Piece`: one of the 12 shared pieces.
    #[new]
    fn py_new(py: Python<'_>, piece_type: i64, color: bool) -> PyResult<Py<Piece>> {
        let color = if color {
            bitmove::Color::White
        } else {
            bitmove::Color::Black
        };
        Ok(Piece::interned(py, from_type(piece_type)?, color))
    }

    /// The piece of a FEN letter (`N` a white knight, `n` a black one).
    #[staticmethod]
    fn from_symbol(py: Python<'_>, symbol: &str) -> PyResult<Py<Piece>> {
        let mut chars = symbol.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(PyValueError::new_err(format!(
                "not a piece symbol: {symbol:?}"
            )));
        };
        let index = "pnbrqk"
            .find(c.to_ascii_lowercase())
            .ok_or_else(|| PyValueError::new_err(format!("not a piece symbol: {symbol:?}")))?;
        Piece::py_new(py, index as i64 + 1, c.is_ascii_uppercase())
    }

    /// The Unicode chess symbol (`♘` a white knight); `invert_color=True` swaps the colour.
    #[pyo3(signature = (*, invert_color=false))]
    fn unicode_symbol(&self, invert_color: bool) -> &'static str {
        let white = self.is_white() != invert_color;
        let symbols = if white {
            ["♙", "♘", "♗", "♖", "♕", "♔"]
        } else {
            ["♟", "♞", "♝", "♜", "♛", "♚"]
        };
        symbols[self.piece.index()]
    }

    /// python-chess's hash: 0 ... 5 for the white pawn ... king, 6 ... 11 for the black ones.
    fn __hash__(&self) -> u64 {
        let offset = if self.is_white() { 0 } else { 6 };
        self.piece.index() as u64 + offset
    }

    /// For pickle: `Piece(piece_type, color)`.
    fn __getnewargs__(&self) -> (u8, bool) {
        (crate::moves::piece_type(self.piece), self.is_white())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let py = other.py();
        match other.cast::<Piece>() {
            Ok(other) => {
                let other = other.get();
                PyBool::new(py, self.piece == other.piece && self.side == other.side)
                    .to_owned()
                    .into_any()
                    .unbind()
            }
            Err(_) => py.NotImplemented(),
        }
    }

    /// The FEN letter: upper case for white (`N`), lower case for black (`n`).
    fn symbol(&self) -> String {
        self.piece.to_char_colored(self.side).to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}
