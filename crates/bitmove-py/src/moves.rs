//! `bitmove.Move`: a move as UCI writes it, numbered like python-chess; a drop (`N@f3`, a
//! crazyhouse move) is a Move too, which a standard board refuses.

use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

use crate::errors::{InvalidMoveError, uci_error};

/// A move: from-square, to-square (0 = a1 ... 63 = h8) and promotion piece type (2 = knight
/// ... 5 = queen, as in python-chess), held as UCI writes it for the board it came from:
/// standard castling is the king's step (`e1g1`), Chess960 castling king-takes-rook (`e1h1`).
/// A drop carries the dropped piece type in `drop` (python-chess's `Move(sq, sq, drop=N)`).
#[pyclass(module = "bitmove", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) inner: bitmove::Move,
    pub(crate) drop: Option<bitmove::Piece>,
}

/// The refusal of a drop where a standard-chess move is needed.
fn drop_refused() -> PyErr {
    PyValueError::new_err("a drop (a crazyhouse move) is not a move in standard chess")
}

impl Move {
    pub(crate) fn from_inner(inner: bitmove::Move) -> Move {
        Move { inner, drop: None }
    }

    pub(crate) fn new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        let promotion = match promotion {
            None => None,
            // Any piece type, as python-chess: a king in antichess; a pawn is never legal.
            Some(kind @ 1..=6) => Some(bitmove::Piece::ALL[kind as usize - 1]),
            Some(kind) => {
                return Err(PyValueError::new_err(format!(
                    "promotion {kind} is not a piece type (1 = pawn ... 6 = king)"
                )));
            }
        };
        let drop = match drop {
            None => None,
            Some(kind @ 1..=6) => Some(bitmove::Piece::ALL[kind as usize - 1]),
            Some(kind) => {
                return Err(PyValueError::new_err(format!(
                    "drop {kind} is not a piece type (1 = pawn ... 6 = king)"
                )));
            }
        };
        if drop.is_some() && promotion.is_some() {
            return Err(PyValueError::new_err(
                "a move is a drop or a promotion, not both",
            ));
        }
        Ok(Move {
            inner: bitmove::Move {
                from: square(from_square)?,
                to: square(to_square)?,
                promotion,
            },
            drop,
        })
    }

    /// Whether this is the null move (`0000`, from-square = to-square, not a drop).
    pub(crate) fn is_null(&self) -> bool {
        self.inner.from == self.inner.to && self.drop.is_none()
    }

    /// A bitmove `Move`, or a `chess.Move` converted (`from_chess`), for a standard board:
    /// `ValueError` for a drop, `TypeError` for anything else.
    pub(crate) fn coerce(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        let mv = if let Ok(mv) = value.cast::<Move>() {
            *mv.get()
        } else if value.hasattr("from_square")? && value.hasattr("to_square")? {
            Move::convert(value)?
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected a Move, not {}",
                value.get_type().name()?
            )));
        };
        if mv.drop.is_some() {
            return Err(drop_refused());
        }
        Ok(mv)
    }

    /// A `chess.Move` as a Move (a drop included): `ValueError` for a null move.
    fn convert(chess_move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let drop = match chess_move.getattr_opt("drop")? {
            Some(drop) => drop.extract()?,
            None => None,
        };
        let mv = Move::new(
            chess_move.getattr("from_square")?.extract()?,
            chess_move.getattr("to_square")?.extract()?,
            chess_move.getattr("promotion")?.extract()?,
            drop,
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
        Move::new(from_square, to_square, promotion, drop)
    }

    /// Parses UCI syntax (`e2e4`, `e7e8q`, `0000` for the null move, `N@f3` for a drop);
    /// `InvalidMoveError` if it is not UCI.
    #[staticmethod]
    fn from_uci(uci: &str) -> PyResult<Move> {
        if uci == "0000" {
            return Ok(Move::null());
        }
        if uci.len() == 4 && uci.as_bytes()[1] == b'@' {
            return parse_drop(uci);
        }
        // A promotion to a king or a pawn reads, as in python-chess (a king is legal in
        // antichess; a pawn never).
        if let [head @ .., last @ (b'k' | b'p')] = uci.as_bytes()
            && uci.len() == 5
            && let Ok(head) = std::str::from_utf8(head)
        {
            let mut mv = Move::from_uci(head)?;
            mv.inner.promotion = Some(if *last == b'k' {
                bitmove::Piece::King
            } else {
                bitmove::Piece::Pawn
            });
            return Ok(mv);
        }
        // As python-chess: no surrounding spaces (which the library's parser allows), and
        // from-square = to-square is no move (the null move is spelled 0000).
        let mv: bitmove::Move = match uci.parse() {
            Ok(mv) if uci.trim() == uci => mv,
            Ok(_) => return Err(uci_error(uci, bitmove::UciError::Syntax)),
            Err(error) => return Err(uci_error(uci, error)),
        };
        if mv.from == mv.to {
            return Err(InvalidMoveError::new_err(format!(
                "invalid uci (use 0000 for null moves): {}",
                crate::errors::py_repr(uci)
            )));
        }
        Ok(Move::from_inner(mv))
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

    /// The piece type a drop puts on `to_square` (1 = pawn ... 6 = king), None for a move
    /// (python-chess's `drop`).
    #[getter]
    fn drop(&self) -> Option<u8> {
        self.drop.map(piece_type)
    }

    /// For pickle and `copy`: `Move(from_square, to_square, promotion, drop)`.
    fn __getnewargs__(&self) -> (u8, u8, Option<u8>, Option<u8>) {
        (
            self.from_square(),
            self.to_square(),
            self.promotion(),
            self.drop(),
        )
    }

    /// The move in UCI notation (`N@f3` for a drop).
    fn uci<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.text(py)
    }

    /// The move in xboard's notation: UCI's, except `@@@@` for the null move.
    fn xboard<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        if self.is_null() {
            return PyString::new(py, "@@@@");
        }
        self.text(py)
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
        import_chess(py)?
            .getattr("Move")?
            .call1(self.__getnewargs__())
    }

    /// A `chess.Move` (or anything with `from_square`, `to_square` and `promotion`, and
    /// optionally `drop`) as a Move. A null move is a `ValueError`.
    #[classmethod]
    fn from_chess(_cls: &Bound<'_, PyType>, chess_move: &Bound<'_, PyAny>) -> PyResult<Move> {
        Move::convert(chess_move)
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.text(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("Move.from_uci('{}')", self.text(py))
    }
}

impl Move {
    /// The UCI text: a drop's `N@f3`, else the shared string of [`uci_string`].
    fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        match self.drop {
            Some(piece) => PyString::new(
                py,
                &format!("{}@{}", piece.to_char().to_ascii_uppercase(), self.inner.to),
            ),
            None => uci_string(py, self.inner),
        }
    }
}

/// A drop in UCI (`N@f3`, the piece letter in either case, as python-chess reads it): the
/// Move with from-square = to-square and `drop` set, or `InvalidMoveError`.
fn parse_drop(uci: &str) -> PyResult<Move> {
    let invalid = || InvalidMoveError::new_err(format!("not a UCI drop (such as N@f3): {uci:?}"));
    let piece = uci
        .chars()
        .next()
        .and_then(|c| "pnbrqk".find(c.to_ascii_lowercase()))
        .ok_or_else(invalid)?;
    let to: bitmove::Square = uci
        .get(2..)
        .and_then(|name| name.parse().ok())
        .ok_or_else(invalid)?;
    Ok(Move {
        inner: bitmove::Move {
            from: to,
            to,
            promotion: None,
        },
        drop: Some(bitmove::Piece::ALL[piece]),
    })
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

/// For the board: reading UCI text, the null move, a move in any form.
impl Move {
    /// `Move.from_uci(text)`.
    pub(crate) fn from_uci_text(uci: &str) -> PyResult<Move> {
        Move::from_uci(uci)
    }

    /// Whether this is the null move.
    pub(crate) fn is_null_move(&self) -> bool {
        self.is_null()
    }

    /// The move in UCI (`0000` for the null move).
    pub(crate) fn inner_uci(&self) -> String {
        if self.is_null() {
            "0000".to_string()
        } else {
            self.inner.to_string()
        }
    }

    /// A bitmove `Move` or a `chess.Move`, the null move included (drops refused).
    pub(crate) fn coerce_any(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        match Move::coerce(value) {
            Ok(mv) => Ok(mv),
            Err(error) => {
                let null = value
                    .getattr_opt("from_square")?
                    .zip(value.getattr_opt("to_square")?);
                if let Some((from, to)) = null
                    && from.eq(&to)?
                    && value.getattr_opt("drop")?.is_none_or(|d| d.is_none())
                {
                    return Ok(Move::null());
                }
                Err(error)
            }
        }
    }
}
