//! The native half of `bitmove.pgn` and `bitmove.vocab` (the module `bitmove._pgn`): one
//! game from a Python file object as a list of events (the Python side builds the
//! python-chess-style node tree), the bulk reader of game records over a path (the batches of
//! NumPy columns are in `positions.rs`), and the vocabularies.
//! Reading, replaying and the vocabularies live in the `bitmove` crate (`bitmove::pgn`,
//! `bitmove::vocab`); this file converts.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use bitmove::pgn::{
    self as lib, ErrorKind, Eval, FileProgress, Game, GameError, NULL_MOVE, ParMap, Reader, Tag,
    Visitor,
};
use bitmove::vocab::Vocabulary;
use bitmove::{Board, SanError};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::moves::Move;
use crate::source::{GAMES_PER_POLL, open, threads_for};

/// The module `bitmove._pgn`, registered in `sys.modules` so that `import bitmove._pgn`
/// works once the native module is loaded.
pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_pgn")?;
    m.add_function(wrap_pyfunction!(read_game_events, &m)?)?;
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

// ---------------------------------------------------------------------------------------
// One game from a Python file object.

/// A Python file object read one line at a time (`readline()`), text or binary: the
/// splitter then never reads past the game it is cutting.
struct Lines<'py> {
    handle: Bound<'py, PyAny>,
    line: Vec<u8>,
    at: usize,
    done: bool,
    /// The exception `readline()` raised, given back to Python after the read.
    error: Option<PyErr>,
}

impl Lines<'_> {
    fn read_line(&mut self) -> PyResult<()> {
        let line = self.handle.call_method0("readline")?;
        if let Ok(text) = line.cast::<PyString>() {
            self.line
                .extend_from_slice(text.to_string_lossy().as_bytes());
        } else if let Ok(bytes) = line.cast::<PyBytes>() {
            self.line.extend_from_slice(bytes.as_bytes());
        } else {
            return Err(PyTypeError::new_err(
                "read_game needs a file object whose readline() returns str or bytes",
            ));
        }
        Ok(())
    }
}

impl Read for Lines<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Lines<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.line.len() && !self.done {
            self.line.clear();
            self.at = 0;
            if let Err(error) = self.read_line() {
                self.error = Some(error);
                self.done = true;
                return Err(io::Error::other("readline failed"));
            }
            self.done = self.line.is_empty();
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.line.len());
    }
}

/// What the reader tells about one game, in order, for the Python node builder.
enum Event {
    /// A move as UCI writes it, or a null move with the FEN after it.
    Move(bitmove::Move, Option<String>),
    /// A move of a variant game in UCI (`N@f3` for a drop).
    VariantMove(String),
    Comment(String),
    Nag(u8),
    Begin,
    End,
    Result(String),
}

/// The visitor that records a game's events, variations included.
#[derive(Default)]
struct Events {
    headers: Vec<(String, String)>,
    start: Option<(String, bool)>,
    events: Vec<Event>,
    error: Option<GameError>,
    /// For each line being read (the mainline, then each variation opened), whether a
    /// move was played on it: the reader replays a variation only then (it is an
    /// alternative to that move), and skips it otherwise.
    moved: Vec<bool>,
    /// A variant game: the reader plays its mainline only, variations are skipped.
    variant: bool,
    /// Variations are skipped unread (a visitor that skips them all: their moves are not
    /// checked, as python-chess does not parse what it skips).
    skip_variations: bool,
}

/// A comment as python-chess keeps it: one space after `{` and one before `}` dropped, CRLF
/// as LF (what a text-mode file gives), UTF-8 or else Latin-1.
fn comment_text(text: &[u8]) -> String {
    let text = text.strip_prefix(b" ").unwrap_or(text);
    let text = text.strip_suffix(b" ").unwrap_or(text);
    let text = match std::str::from_utf8(text) {
        Ok(text) => text.to_owned(),
        Err(_) => text.iter().map(|&b| char::from(b)).collect(),
    };
    if text.contains('\r') {
        text.replace("\r\n", "\n")
    } else {
        text
    }
}

/// The FEN after a null move on `board`, as python-chess's `push(Move.null())` leaves it:
/// the other side to move, no en-passant square, the halfmove clock one more, the move
/// number one more after Black.
fn null_fen(board: &Board) -> String {
    let fen = lib::fen(board);
    let fields: Vec<&str> = fen.split(' ').collect();
    let [placement, side, castling, _, halfmove, fullmove] = fields[..] else {
        return fen;
    };
    let number = |text: &str| text.parse::<u32>().unwrap_or(0);
    let (side, fullmove) = match side {
        "w" => ("b", number(fullmove)),
        _ => ("w", number(fullmove) + 1),
    };
    format!(
        "{placement} {side} {castling} - {} {fullmove}",
        number(halfmove) + 1
    )
}

impl Events {
    /// After a move: the line has a move (a variation may follow), and `e6?!`'s suffix
    /// becomes the move's NAGs, as python-chess reads it.
    fn after_move(&mut self, san: &[u8]) {
        match self.moved.last_mut() {
            Some(moved) => *moved = true,
            None => self.moved.push(true),
        }
        let events = &mut self.events;
        bitmove::pgn::suffix_nags(san, |nag| events.push(Event::Nag(nag)));
    }
}

impl Visitor for Events {
    fn header(&mut self, tag: Tag<'_>) {
        // As written, escapes kept: python-chess's tag values.
        self.headers
            .push((tag.name().into(), tag.written_value().into_owned()));
    }

    fn start(&mut self, board: &Board) {
        self.start = Some((lib::fen(board), board.is_chess960()));
    }

    fn play(&mut self, board: &Board, mv: bitmove::Move, san: &[u8]) {
        if mv == NULL_MOVE {
            self.events.push(Event::Move(mv, Some(null_fen(board))));
        } else {
            self.events.push(Event::Move(board.uci(mv).as_move(), None));
        }
        self.after_move(san);
    }

    fn plays_variants(&self) -> bool {
        true
    }

    fn start_variant(&mut self, position: &bitmove::variant::VariantPosition) {
        self.start = Some((position.fen().to_string(), position.board().is_chess960()));
        self.variant = true;
    }

    fn play_variant(
        &mut self,
        position: &bitmove::variant::VariantPosition,
        mv: bitmove::variant::VariantMove,
        san: &[u8],
    ) {
        self.events
            .push(Event::VariantMove(position.uci(mv).to_string()));
        self.after_move(san);
    }

    fn comment(&mut self, text: &[u8]) {
        self.events.push(Event::Comment(comment_text(text)));
    }

    fn nag(&mut self, nag: u8) {
        self.events.push(Event::Nag(nag));
    }

    fn visit_variations(&self) -> bool {
        !self.skip_variations
    }

    fn begin_variation(&mut self) -> bool {
        if self.variant || self.skip_variations || self.moved.last() != Some(&true) {
            return false; // skipped by the reader: no End will come
        }
        self.moved.push(false);
        self.events.push(Event::Begin);
        true
    }

    fn end_variation(&mut self) {
        self.moved.pop();
        self.events.push(Event::End);
    }

    fn result(&mut self, result: &str) {
        self.events.push(Event::Result(result.into()));
    }

    fn end_game(&mut self, outcome: Result<(), GameError>) {
        self.error = outcome.err();
    }
}

/// The kind of exception for a game's error: `illegal`, `ambiguous`, `invalid` (a move
/// that is not SAN) or `game` (anything else).
fn error_kind(error: &GameError) -> &'static str {
    match error.kind {
        ErrorKind::Move(SanError::Illegal) | ErrorKind::NullMoveInCheck => "illegal",
        ErrorKind::Move(SanError::Ambiguous) => "ambiguous",
        ErrorKind::Move(SanError::Syntax) | ErrorKind::Token => "invalid",
        _ => "game",
    }
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
    let mut lines = Lines {
        handle,
        line: pending.unwrap_or_default(),
        at: 0,
        done: false,
        error: None,
    };
    let mut visitor = Events {
        skip_variations: !variations,
        ..Events::default()
    };
    let mut reader = Reader::new(&mut lines);
    let found = reader.visit(&mut visitor);
    let pending = reader.pending_line().map(|line| PyBytes::new(py, line));
    drop(reader);
    if let Some(error) = lines.error.take() {
        return Err(error);
    }
    if !found.map_err(|e| PyRuntimeError::new_err(e.to_string()))? {
        return Ok(None);
    }
    let headers = PyList::empty(py);
    for (name, value) in &visitor.headers {
        headers.append((name, value))?;
    }
    let events = PyList::empty(py);
    for event in visitor.events {
        let item = match event {
            Event::Move(mv, None) => (0, Move::from_inner(mv), py.None()).into_pyobject(py)?,
            Event::Move(_, Some(fen)) => (0, py.None(), fen).into_pyobject(py)?,
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
            visitor.start.into_pyobject(py)?.into_any(),
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
