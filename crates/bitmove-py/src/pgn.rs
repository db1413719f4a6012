//! The native half of `bitmove.pgn` and `bitmove.vocab` (the module `bitmove._pgn`): one
//! game from a Python file object as a list of events (for the visitors; `read_game`'s own
//! tree is `pgn_lazy.rs`), the bulk reader of game records over a path (the batches of
//! NumPy columns are in `positions.rs`), and the vocabularies.
//! Reading, replaying and the vocabularies live in the `bitmove` crate (`bitmove::pgn`,
//! `bitmove::vocab`); this file converts.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use bitmove::pgn::{self as lib, Eval, FileProgress, Game, NULL_MOVE, ParMap};
use bitmove::vocab::Vocabulary;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::moves::Move;
use crate::pgn_events::{Event, error_kind, read_events};
use crate::source::{GAMES_PER_POLL, open, threads_for};

/// The module `bitmove._pgn`, registered in `sys.modules` so that `import bitmove._pgn`
/// works once the native module is loaded.
pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_pgn")?;
    m.add_function(wrap_pyfunction!(read_game_events, &m)?)?;
    m.add_function(wrap_pyfunction!(crate::pgn_lazy::read_game_tree, &m)?)?;
    m.add_class::<crate::pgn_lazy::LazyTree>()?;
    m.add_function(wrap_pyfunction!(clock, &m)?)?;
    m.add_function(wrap_pyfunction!(eval, &m)?)?;
    m.add_function(wrap_pyfunction!(eval_depth, &m)?)?;
    m.add_function(wrap_pyfunction!(games, &m)?)?;
    m.add_function(wrap_pyfunction!(crate::positions::positions, &m)?)?;
    m.add_function(wrap_pyfunction!(vocabulary, &m)?)?;
    m.add_function(wrap_pyfunction!(vocabulary_index, &m)?)?;
    m.add_class::<GameRecord>()?;
    m.add_class::<crate::pgn_writer::Writer>()?;
    m.add_class::<GameRecords>()?;
    m.add_class::<crate::positions::PositionBatches>()?;
    m.add("COLUMNS", crate::positions::COLUMNS.to_vec())?;
    parent.add_submodule(&m)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item("bitmove._pgn", &m)?;
    Ok(())
}

/// Reads one game from `handle` (its `readline()`), after the line `pending` that an
/// earlier call read ahead. `None` at the end of the input; else `(headers, start,
/// events, error, pending)`: tag pairs in order; `(fen, chess960)` of the start position or
/// None when the tags could not be set up; events as tuples, `(0, Move | None, fen_after |
/// None)` for a move (None and the FEN after it for a null move), `(1, text)` comment,
/// `(2, nag)`, `(3,)` a variation begins, `(4,)` it ends, `(5, result)`; the error as
/// `(kind, reason, line, token)` (line counted from where this call began) or None; the line
/// read ahead that begins the next game, or None.
///
/// With `variations=False` the variations are skipped unread (no events, their moves not
/// checked).
#[pyfunction]
#[pyo3(signature = (handle, pending=None, variations=true))]
fn read_game_events<'py>(
    py: Python<'py>,
    handle: Bound<'py, PyAny>,
    pending: Option<Vec<u8>>,
    variations: bool,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some((visitor, pending)) = read_events(py, handle, pending, variations)? else {
        return Ok(None);
    };
    let headers = PyList::empty(py);
    for (name, value) in &visitor.headers {
        headers.append((name, value))?;
    }
    let events = PyList::empty(py);
    for event in visitor.events {
        let item = match event {
            Event::Move(_, mv, None) => (0, Move::from_inner(mv), py.None()).into_pyobject(py)?,
            Event::Move(_, _, Some(fen)) => (0, py.None(), fen).into_pyobject(py)?,
            Event::VariantMove(uci) => {
                (0, Move::from_uci_text(&uci)?, py.None()).into_pyobject(py)?
            }
            Event::Comment(text) => (1, text).into_pyobject(py)?,
            Event::Nag(nag) => (2, nag).into_pyobject(py)?,
            Event::Begin => (3,).into_pyobject(py)?,
            Event::End => (4,).into_pyobject(py)?,
            Event::Result(result) => (5, result).into_pyobject(py)?,
        };
        events.append(item)?;
    }
    let error = visitor
        .error
        .map(|e| (error_kind(&e), e.reason(), e.line, e.token.clone()));
    Ok(Some(PyTuple::new(
        py,
        [
            headers.into_any(),
            visitor
                .start
                .map(|start| match start {
                    Ok(board) => (lib::fen(&board), board.is_chess960()),
                    Err(variant) => variant,
                })
                .into_pyobject(py)?
                .into_any(),
            events.into_any(),
            error.into_pyobject(py)?.into_any(),
            pending.into_pyobject(py)?.into_any(),
        ],
    )?))
}

/// The clock of a comment, `[%clk H:MM:SS]`, in seconds; None when there is none.
#[pyfunction]
fn clock(comment: &str) -> Option<f64> {
    lib::clock(comment.as_bytes())
}

/// The evaluation of a comment, `[%eval ...]`: `(is_mate, value)` with centipawns or mate
/// moves from White's view, None when there is none.
#[pyfunction]
fn eval(comment: &str) -> Option<(bool, i64)> {
    lib::eval(comment.as_bytes()).map(|e| match e {
        Eval::Centipawns(cp) => (false, cp),
        Eval::Mate(n) => (true, n),
    })
}

/// The search depth of a comment's evaluation, `[%eval 0.17,20]`: 20; None when not written.
#[pyfunction]
fn eval_depth(comment: &str) -> Option<u32> {
    lib::eval_depth(comment.as_bytes())
}

// ---------------------------------------------------------------------------------------
// The bulk readers.

/// An evaluation as the CLI's `--positions` writes it: pawns, or `"#-4"` for a mate.
fn eval_object<'py>(py: Python<'py>, eval: Option<Eval>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match eval {
        None => py.None().into_bound(py),
        Some(Eval::Centipawns(cp)) => (cp as f64 / 100.0).into_pyobject(py)?.into_any(),
        Some(mate) => PyString::new(py, &mate.to_string()).into_any(),
    })
}

/// One game as `bitmove.pgn.games` yields it: no node objects, only its data. The game is
/// kept as the Rust record; each list or dict is built the first time it is read (and then
/// kept), so a loop that reads only `moves` pays for no headers, clocks or evaluations.
#[pyclass(module = "bitmove.pgn", frozen)]
pub(crate) struct GameRecord {
    game: Game,
    headers: OnceLock<Py<PyDict>>,
    moves: OnceLock<Py<PyList>>,
    clocks: OnceLock<Py<PyList>>,
    evals: OnceLock<Py<PyList>>,
    errors: OnceLock<Py<PyList>>,
}

/// The cached Python object of `cell`, built by `make` the first time.
fn cached<'py, T>(
    py: Python<'py>,
    cell: &OnceLock<Py<T>>,
    make: impl FnOnce() -> PyResult<Bound<'py, T>>,
) -> PyResult<Bound<'py, T>> {
    if let Some(made) = cell.get() {
        return Ok(made.bind(py).clone());
    }
    let made = make()?.unbind();
    Ok(cell.get_or_init(|| made).bind(py).clone())
}

#[pymethods]
impl GameRecord {
    /// 0-based index of the game in the file.
    #[getter]
    fn index(&self) -> usize {
        self.game.index
    }

    /// 1-based line where it starts.
    #[getter]
    fn line(&self) -> usize {
        self.game.line
    }

    /// Tag pairs as a dict (a repeated tag: the last value).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        cached(py, &self.headers, || {
            let headers = PyDict::new(py);
            for (name, value) in &self.game.headers {
                headers.set_item(name, value)?;
            }
            Ok(headers)
        })
    }

    /// The mainline moves in UCI (castling `e1g1`; `e1h1` in Chess960; `0000` null).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        cached(py, &self.moves, || {
            let moves = PyList::empty(py);
            let mut board = self.game.start.clone();
            for &mv in &self.game.moves {
                if mv == NULL_MOVE {
                    moves.append("0000")?;
                    // A null move in the record was refused in check: passing works.
                    board = board.null_move().unwrap_or(board);
                } else {
                    moves.append(crate::moves::uci_string(py, board.uci(mv).as_move()))?;
                    board.play_unchecked(mv);
                }
            }
            Ok(moves)
        })
    }

    /// The result: the Result tag, or the movetext's result when the tag is missing or `*`.
    #[getter]
    fn result(&self) -> &str {
        self.game.result()
    }

    /// Clock after each move in seconds, or None.
    #[getter]
    fn clocks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        cached(py, &self.clocks, || PyList::new(py, &self.game.clocks))
    }

    /// Evaluation after each move (pawns, `"#-4"` for a mate, or None), White's view.
    #[getter]
    fn evals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        cached(py, &self.evals, || {
            let evals = PyList::empty(py);
            for &eval in &self.game.evals {
                evals.append(eval_object(py, eval)?)?;
            }
            Ok(evals)
        })
    }

    /// Why the game did not replay (one message), or empty.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        cached(py, &self.errors, || {
            let errors = PyList::empty(py);
            if let Some(error) = &self.game.error {
                errors.append(error.to_string())?;
            }
            Ok(errors)
        })
    }

    fn __repr__(&self) -> String {
        let tag = |name: &str| self.game.header(name).unwrap_or("?");
        format!(
            "<GameRecord {} ({} vs. {}, {}) {} plies{}>",
            self.game.index,
            tag("White"),
            tag("Black"),
            self.game.result(),
            self.game.moves.len(),
            if self.game.error.is_none() {
                ""
            } else {
                ", error"
            }
        )
    }
}

fn record(game: Game) -> GameRecord {
    GameRecord {
        game,
        headers: OnceLock::new(),
        moves: OnceLock::new(),
        clocks: OnceLock::new(),
        evals: OnceLock::new(),
        errors: OnceLock::new(),
    }
}

/// The iterator of `bitmove.pgn.games`.
#[pyclass(module = "bitmove.pgn")]
pub(crate) struct GameRecords {
    state: Mutex<Option<(ParMap<Game>, VecDeque<Game>)>>,
    /// Bytes of the file read (compressed ones for a compressed file).
    file: FileProgress,
}

/// The games of a PGN file (`.pgn`, or `.pgn.zst` / `.pgn.gz`, recognised by their first
/// bytes) as light records, in file order, replayed on `threads` threads.
#[pyfunction]
#[pyo3(signature = (path, *, threads=None))]
fn games(py: Python<'_>, path: PathBuf, threads: Option<usize>) -> PyResult<GameRecords> {
    let threads = threads_for(threads)?;
    let (reader, file) = py.detach(|| open(&path))?;
    Ok(GameRecords {
        state: Mutex::new(Some((reader.par_map(threads, |g| g), VecDeque::new()))),
        file,
    })
}

#[pymethods]
impl GameRecords {
    /// Bytes of the file read so far (compressed bytes for a `.pgn.zst` or `.pgn.gz`): a
    /// progress bar's measure against the file's size. The reader's threads read ahead of
    /// the records handed out.
    #[getter]
    fn file_bytes_read(&self) -> u64 {
        self.file.bytes()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<GameRecord>> {
        let taken = self
            .state
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the reader failed"))?
            .take();
        let Some((mut games, mut ready)) = taken else {
            return Ok(None);
        };
        if ready.is_empty() {
            let (back, fetched) = py.detach(move || {
                let mut failure = None;
                while ready.len() < GAMES_PER_POLL {
                    match games.next() {
                        Some(Ok(game)) => ready.push_back(game),
                        Some(Err(e)) => {
                            failure = Some(e);
                            break;
                        }
                        None => break,
                    }
                }
                ((games, ready), failure)
            });
            let (games_back, ready_back) = back;
            games = games_back;
            ready = ready_back;
            if let Some(error) = fetched {
                return Err(pyo3::exceptions::PyOSError::new_err(error.to_string()));
            }
        }
        let next = ready.pop_front();
        let Some(game) = next else {
            return Ok(None);
        };
        *self
            .state
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the reader failed"))? = Some((games, ready));
        Ok(Some(record(game)))
    }
}

// ---------------------------------------------------------------------------------------
// Vocabularies.

fn vocab_named(name: &str) -> PyResult<Vocabulary> {
    Vocabulary::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown vocabulary {name:?}: \"uci1968\" or \"from_to\""
        ))
    })
}

/// The moves of a vocabulary in index order, as UCI (`from_to`: without promotion).
#[pyfunction]
fn vocabulary<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyList>> {
    let vocab = vocab_named(name)?;
    let ucis: Vec<String> = (0..vocab.len())
        .filter_map(|i| vocab.move_at(i))
        .map(|mv| mv.to_string())
        .collect();
    PyList::new(py, ucis)
}

/// The index of a UCI move in a vocabulary, None when it has none.
#[pyfunction]
fn vocabulary_index(name: &str, uci: &str) -> PyResult<Option<usize>> {
    let vocab = vocab_named(name)?;
    let mv: bitmove::Move = uci
        .parse()
        .map_err(|error| crate::errors::uci_error(uci, error))?;
    Ok(vocab.index(mv))
}
