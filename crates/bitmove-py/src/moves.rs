//! `bitmove.Move`: a move as UCI writes it, numbered like python-chess; a drop (`N@f3`, a
//! crazyhouse move) is a Move too, which a standard board refuses.

use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

use crate::errors::{InvalidMoveError, uci_error};

/// A move's value: from-square, to-square (0 = a1 ... 63 = h8) and promotion piece, held as
/// UCI writes it for the board it came from (standard castling is the king's step, `e1g1`;
/// Chess960 castling king-takes-rook, `e1h1`), and the dropped piece of a drop (python-chess's
/// `Move(sq, sq, drop=N)`). The binding passes this plain value around; turned into Python it
/// is the shared [`PyMove`] of its slot (see [`Move::slot`]), so that a list of legal moves,
/// `pop()` or `Move.from_uci` allocate nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) inner: bitmove::Move,
    pub(crate) drop: Option<bitmove::Piece>,
}

/// `bitmove.Move`, python-chess's `Move`: the value and its four fields as Python objects,
/// read as struct members (a frozen class: `move.to_square` costs what a Python slot read
/// costs). One object per distinct move, made on first use and shared from then on.
#[pyclass(module = "bitmove", name = "Move", frozen, eq)]
pub struct PyMove {
    pub(crate) value: Move,
    /// The square the piece leaves, 0 = a1 ... 63 = h8.
    #[pyo3(get)]
    from_square: Py<PyAny>,
    /// The square the piece goes to.
    #[pyo3(get)]
    to_square: Py<PyAny>,
    /// The python-chess piece type promoted to (2 = knight ... 5 = queen), or None.
    #[pyo3(get)]
    promotion: Py<PyAny>,
    /// The piece type a drop puts on `to_square` (1 = pawn ... 6 = king), None for a move
    /// (python-chess's `drop`).
    #[pyo3(get)]
    drop: Py<PyAny>,
}

impl PartialEq for PyMove {
    fn eq(&self, other: &PyMove) -> bool {
        self.value == other.value
    }
}

/// Moves by slot: 64 x 64 squares x 7 (no promotion, or a promotion to pawn ... king), then
/// the drops (6 pieces x 64 squares, from-square = to-square).
const MOVE_SLOTS: usize = 64 * 64 * 7;
const SLOTS: usize = MOVE_SLOTS + 6 * 64;

/// The shared Python object of every slot, each made on first use.
static MOVES: PyOnceLock<Box<[PyOnceLock<Py<PyMove>>]>> = PyOnceLock::new();

impl Move {
    /// The slot of this move in the table of shared objects: None only for a drop whose
    /// from-square is not its to-square (which python-chess's constructor allows).
    fn slot(&self) -> Option<usize> {
        match self.drop {
            None => {
                let promotion = self.inner.promotion.map_or(0, |p| p.index() + 1);
                Some((self.inner.from as usize * 64 + self.inner.to as usize) * 7 + promotion)
            }
            Some(piece) if self.inner.from == self.inner.to => {
                Some(MOVE_SLOTS + piece.index() * 64 + self.inner.to as usize)
            }
            Some(_) => None,
        }
    }

    /// A number of its own for each distinct move: its slot, or past the slots for a drop
    /// whose from-square is not its to-square. Python hashes it as itself, which makes
    /// `{move: ...}` and `move in a_set` cost an integer instead of a SipHash of the value.
    fn number(&self) -> usize {
        self.slot().unwrap_or_else(|| {
            let piece = self.drop.map_or(0, |piece| piece.index());
            SLOTS + (self.inner.from as usize * 64 + self.inner.to as usize) * 6 + piece
        })
    }

    /// A new Python object for this move (the table's objects are made here).
    fn make(self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let int =
            |value: u8| -> PyResult<Py<PyAny>> { Ok(value.into_pyobject(py)?.into_any().unbind()) };
        let kind = |piece: Option<bitmove::Piece>| -> PyResult<Py<PyAny>> {
            match piece {
                Some(piece) => int(piece_type(piece)),
                None => Ok(py.None()),
            }
        };
        Py::new(
            py,
            PyMove {
                value: self,
                from_square: int(self.inner.from as u8)?,
                to_square: int(self.inner.to as u8)?,
                promotion: kind(self.inner.promotion)?,
                drop: kind(self.drop)?,
            },
        )
    }

    /// The shared Python object of this move.
    pub(crate) fn shared<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let Some(slot) = self.slot() else {
            return Ok(self.make(py)?.into_bound(py));
        };
        let table = MOVES.get_or_init(py, || (0..SLOTS).map(|_| PyOnceLock::new()).collect());
        let object = table[slot].get_or_try_init(py, || self.make(py))?;
        Ok(object.bind(py).clone())
    }
}

impl<'py> IntoPyObject<'py> for Move {
    type Target = PyMove;
    type Output = Bound<'py, PyMove>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        self.shared(py)
    }
}

impl<'py> IntoPyObject<'py> for &Move {
    type Target = PyMove;
    type Output = Bound<'py, PyMove>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        self.shared(py)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Move {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Move> {
        Ok(value.cast::<PyMove>()?.get().value)
    }
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

    /// Whether this is the null move (`0000`): as python-chess's one false move, from a1 to
    /// a1 with no promotion and no drop (`Move(3, 3)` is a move, written `d1d1`).
    pub(crate) fn is_null(&self) -> bool {
        self.drop.is_none() && is_null_move(self.inner)
    }

    /// A bitmove `Move`, or a `chess.Move` converted (`from_chess`), for a standard board:
    /// `ValueError` for a drop, `TypeError` for anything else.
    pub(crate) fn coerce(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        let mv = if let Ok(mv) = value.cast::<PyMove>() {
            mv.get().value
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

/// Reading UCI and the null move (the Python `Move.from_uci` and `Move.null`).
impl Move {
    /// Parses UCI syntax (`e2e4`, `e7e8q`, `0000` for the null move, `N@f3` for a drop);
    /// `InvalidMoveError` if it is not UCI.
    fn parse_uci(uci: &str) -> PyResult<Move> {
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
            let mut mv = Move::parse_uci(head)?;
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

    /// The null move (`0000`): from-square = to-square = a1.
    pub(crate) fn null() -> Move {
        let a1 = bitmove::Square::ALL[0];
        Move::from_inner(bitmove::Move {
            from: a1,
            to: a1,
            promotion: None,
        })
    }

    /// `Move(from_square, to_square, promotion, drop)`'s arguments.
    fn args(&self) -> (u8, u8, Option<u8>, Option<u8>) {
        (
            self.inner.from as u8,
            self.inner.to as u8,
            self.inner.promotion.map(piece_type),
            self.drop.map(piece_type),
        )
    }
}

// The Python names (`from_square`, `to_chess`, ...) are python-chess's, not Rust conventions.
#[allow(clippy::wrong_self_convention)]
#[pymethods]
impl PyMove {
    /// A move from square numbers, like `chess.Move(from_square, to_square, promotion)`:
    /// the shared object of that move.
    /// Equal moves hash equal (their number, see [`Move::number`]).
    fn __hash__(&self) -> usize {
        self.value.number()
    }

    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    fn py_new(
        py: Python<'_>,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Py<PyMove>> {
        Ok(Move::new(from_square, to_square, promotion, drop)?
            .shared(py)?
            .unbind())
    }

    /// Parses UCI syntax (`e2e4`, `e7e8q`, `0000` for the null move, `N@f3` for a drop);
    /// `InvalidMoveError` if it is not UCI.
    #[staticmethod]
    fn from_uci(uci: &str) -> PyResult<Move> {
        Move::parse_uci(uci)
    }

    /// The null move (`0000`), as python-chess's `Move.null()`: false in a boolean context,
    /// and never legal (a board refuses to push it).
    #[staticmethod]
    fn null() -> Move {
        Move::null()
    }

    /// False for the null move.
    fn __bool__(&self) -> bool {
        !self.value.is_null()
    }

    /// For pickle and `copy`: `Move(from_square, to_square, promotion, drop)`.
    fn __getnewargs__(&self) -> (u8, u8, Option<u8>, Option<u8>) {
        self.value.args()
    }

    /// The move in UCI notation (`N@f3` for a drop).
    fn uci<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.value.text(py)
    }

    /// The move in xboard's notation: UCI's, except `@@@@` for the null move.
    fn xboard<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        if self.value.is_null() {
            return PyString::new(py, "@@@@");
        }
        self.value.text(py)
    }

    /// The same move as a `chess.Move` (needs python-chess).
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        import_chess(py)?.getattr("Move")?.call1(self.value.args())
    }

    /// A `chess.Move` (or anything with `from_square`, `to_square` and `promotion`, and
    /// optionally `drop`) as a Move. A null move is a `ValueError`.
    #[classmethod]
    fn from_chess(_cls: &Bound<'_, PyType>, chess_move: &Bound<'_, PyAny>) -> PyResult<Move> {
        Move::convert(chess_move)
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.value.text(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("Move.from_uci('{}')", self.value.text(py))
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

/// Whether `mv` is python-chess's null move: a1 to a1, no promotion.
fn is_null_move(mv: bitmove::Move) -> bool {
    mv.from as usize == 0 && mv.to as usize == 0 && mv.promotion.is_none()
}

/// `mv` (as UCI writes it) as a shared Python string.
pub(crate) fn uci_string<'py>(py: Python<'py>, mv: bitmove::Move) -> Bound<'py, PyString> {
    if is_null_move(mv) {
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
        Move::parse_uci(uci)
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
