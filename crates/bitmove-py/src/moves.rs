//! `bitmove.Move`: a move as UCI writes it, numbered like python-chess.

use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

use crate::errors::uci_error;

/// A move: from-square, to-square (0 = a1 ... 63 = h8) and promotion piece type (2 = knight
/// ... 5 = queen, as in python-chess), held as UCI writes it for the board it came from:
/// standard castling is the king's step (`e1g1`), Chess960 castling king-takes-rook (`e1h1`).
#[pyclass(module = "bitmove", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) inner: bitmove::Move,
}

impl Move {
    pub(crate) fn from_inner(inner: bitmove::Move) -> Move {
        Move { inner }
    }

    pub(crate) fn new(from_square: i64, to_square: i64, promotion: Option<i64>) -> PyResult<Move> {
        let promotion = match promotion {
            None => None,
            Some(kind @ 2..=5) => Some(bitmove::Piece::ALL[kind as usize - 1]),
            Some(kind) => {
                return Err(PyValueError::new_err(format!(
                    "promotion {kind} is not a piece type a pawn promotes to (2 = knight ... 5 = queen)"
                )));
            }
        };
        Ok(Move {
            inner: bitmove::Move {
                from: square(from_square)?,
                to: square(to_square)?,
                promotion,
            },
        })
    }

    /// Whether this is the null move (`0000`, from-square = to-square).
    fn is_null(&self) -> bool {
        self.inner.from == self.inner.to
    }

    /// A bitmove `Move`, or a `chess.Move` converted (`from_chess`); else `TypeError`.
    pub(crate) fn coerce(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(mv) = value.cast::<Move>() {
            return Ok(*mv.get());
        }
        if value.hasattr("from_square")? && value.hasattr("to_square")? {
            return Move::convert(value);
        }
        Err(PyTypeError::new_err(format!(
            "expected a Move, not {}",
            value.get_type().name()?
        )))
    }

    /// A `chess.Move` as a Move: `ValueError` for a null move or a drop (a variant's).
    fn convert(chess_move: &Bound<'_, PyAny>) -> PyResult<Move> {
        if chess_move.hasattr("drop")? && !chess_move.getattr("drop")?.is_none() {
            return Err(PyValueError::new_err(
                "a drop (a crazyhouse move) is not a move in standard chess",
            ));
        }
        let mv = Move::new(
            chess_move.getattr("from_square")?.extract()?,
            chess_move.getattr("to_square")?.extract()?,
            chess_move.getattr("promotion")?.extract()?,
        )?;
        if mv.is_null() {
            return Err(PyValueError::new_err(
                "the null move (0000) has no bitmove Move to convert to here",
            ));
        }
        Ok(mv)
    }
}

/// The python-chess piece type (1 = pawn ... 6 = king) of a piece.
pub(crate) fn piece_type(piece: bitmove::Piece) -> u8 {
    piece.index() as u8 + 1
}

/// The square numbered `index` (0 = a1 ... 63 = h8), or a `ValueError`.
pub(crate) fn square(index: i64) -> PyResult<bitmove::Square> {
    usize::try_from(index)
        .ok()
        .and_then(bitmove::Square::try_index)
        .ok_or_else(|| PyValueError::new_err(format!("square {index} is not in 0..=63")))
}

/// Imports python-chess for the interop functions, with a message that says how to get it.
pub(crate) fn import_chess(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("chess").map_err(|err| {
        let wrapped = PyImportError::new_err(
            "this needs python-chess, which is not installed: pip install chess (or pip install bitmove[chess])",
        );
        wrapped.set_cause(py, Some(err));
        wrapped
    })
}

// The Python names (`from_square`, `to_chess`, ...) are python-chess's, not Rust conventions.
#[allow(clippy::wrong_self_convention)]
#[pymethods]
impl Move {
    /// A move from square numbers, like `chess.Move(from_square, to_square, promotion)`.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    fn py_new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        if drop.is_some() {
            return Err(PyValueError::new_err(
                "a drop (a crazyhouse move) is not a move in standard chess",
            ));
        }
        Move::new(from_square, to_square, promotion)
    }

    /// Parses UCI syntax (`e2e4`, `e7e8q`, `0000` for the null move); `InvalidMoveError` if
    /// it is not UCI.
    #[staticmethod]
    fn from_uci(uci: &str) -> PyResult<Move> {
        if uci == "0000" {
            return Ok(Move::null());
        }
        uci.parse()
            .map(Move::from_inner)
            .map_err(|error| uci_error(uci, error))
    }

    /// The null move (`0000`), as python-chess's `Move.null()`: false in a boolean context,
    /// and never legal (a board refuses to push it).
    #[staticmethod]
    fn null() -> Move {
        let a1 = bitmove::Square::ALL[0];
        Move::from_inner(bitmove::Move {
            from: a1,
            to: a1,
            promotion: None,
        })
    }

    /// False for the null move.
    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    /// None: a drop exists only in variants (python-chess's `drop`).
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// For pickle: `Move(from_square, to_square, promotion)`.
    fn __getnewargs__(&self) -> (u8, u8, Option<u8>) {
        (self.from_square(), self.to_square(), self.promotion())
    }

    /// The move in UCI notation.
    fn uci<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        uci_string(py, self.inner)
    }

    /// The square the piece leaves, 0 = a1 ... 63 = h8.
    #[getter]
    fn from_square(&self) -> u8 {
        self.inner.from as u8
    }

    /// The square the piece goes to.
    #[getter]
    fn to_square(&self) -> u8 {
        self.inner.to as u8
    }

    /// The python-chess piece type promoted to (2 = knight ... 5 = queen), or None.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        self.inner.promotion.map(piece_type)
    }

    /// The same move as a `chess.Move` (needs python-chess).
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        import_chess(py)?.getattr("Move")?.call1((
            self.from_square(),
            self.to_square(),
            self.promotion(),
        ))
    }

    /// A `chess.Move` (or anything with `from_square`, `to_square` and `promotion`) as a Move.
    /// A null move or a drop is a `ValueError`.
    #[classmethod]
    fn from_chess(_cls: &Bound<'_, PyType>, chess_move: &Bound<'_, PyAny>) -> PyResult<Move> {
        Move::convert(chess_move)
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        uci_string(py, self.inner)
    }

    fn __repr__(&self) -> String {
        if self.is_null() {
            return "Move.from_uci('0000')".to_string();
        }
        format!("Move.from_uci('{}')", self.inner)
    }
}

/// Every UCI string a move can have (64 x 64 squares x no promotion or one of four), made
/// once as Python strings: listing moves as text then hands out references instead of
/// building a string per move.
static UCI_STRINGS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The index of a move's text in [`UCI_STRINGS`] (None for a promotion to pawn or king).
fn uci_slot(mv: bitmove::Move) -> Option<usize> {
    let promotion = match mv.promotion {
        None => 0,
        Some(bitmove::Piece::Pawn | bitmove::Piece::King) => return None,
        Some(p) => p.index(),
    };
    Some((mv.from as usize * 64 + mv.to as usize) * 5 + promotion)
}

/// `mv` (as UCI writes it) as a shared Python string.
pub(crate) fn uci_string<'py>(py: Python<'py>, mv: bitmove::Move) -> Bound<'py, PyString> {
    if mv.from == mv.to {
        return PyString::new(py, "0000");
    }
    let table = UCI_STRINGS.get_or_init(py, || {
        let mut table = Vec::with_capacity(64 * 64 * 5);
        for from in bitmove::Square::ALL {
            for to in bitmove::Square::ALL {
                // Promotion pieces by their index (knight 1 ... queen 4); 0 is none.
                for promotion in [None, Some(1), Some(2), Some(3), Some(4)] {
                    let mv = bitmove::Move {
                        from,
                        to,
                        promotion: promotion.map(|i| bitmove::Piece::ALL[i]),
                    };
                    table.push(PyString::new(py, &mv.to_string()).unbind());
                }
            }
        }
        table
    });
    match uci_slot(mv).and_then(|slot| table.get(slot)) {
        Some(text) => text.bind(py).clone(),
        None => PyString::new(py, &mv.to_string()),
    }
}
