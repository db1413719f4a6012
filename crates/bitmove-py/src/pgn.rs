//! The native half of `bitmove.pgn` and `bitmove.vocab` (the module `bitmove._pgn`): one
//! game from a Python file object as a list of events (the Python side builds the
//! python-chess-style node tree), the bulk readers over a path (game records, and batches of
//! NumPy columns encoded on Rust threads with the GIL released), and the vocabularies.
//! Reading, replaying and the vocabularies live in the `bitmove` crate (`bitmove::pgn`,
//! `bitmove::vocab`); this file converts.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use bitmove::pgn::{
    self as lib, ErrorKind, Eval, Game, GameError, NULL_MOVE, ParMap, Reader, Tag, Visitor,
};
use bitmove::vocab::Vocabulary;
use bitmove::{Board, Color, SanError};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::args::thread_count;
use crate::encode;
use crate::moves::Move;

/// The module `bitmove._pgn`, registered in `sys.modules` so that `import bitmove._pgn`
/// works once the native module is loaded.
pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_pgn")?;
    m.add_function(wrap_pyfunction!(read_game_events, &m)?)?;
    m.add_function(wrap_pyfunction!(clock, &m)?)?;
    m.add_function(wrap_pyfunction!(eval, &m)?)?;
    m.add_function(wrap_pyfunction!(games, &m)?)?;
    m.add_function(wrap_pyfunction!(positions, &m)?)?;
    m.add_function(wrap_pyfunction!(vocabulary, &m)?)?;
    m.add_function(wrap_pyfunction!(vocabulary_index, &m)?)?;
    m.add_class::<GameRecord>()?;
    m.add_class::<GameRecords>()?;
    m.add_class::<PositionBatches>()?;
    m.add("COLUMNS", COLUMNS.to_vec())?;
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

impl Visitor for Events {
    fn header(&mut self, tag: Tag<'_>) {
        self.headers
            .push((tag.name().into(), tag.value().into_owned()));
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
        match self.moved.last_mut() {
            Some(moved) => *moved = true,
            None => self.moved.push(true),
        }
        // `e6?!`: python-chess reads the suffix as a NAG of the move.
        let tail = san
            .iter()
            .rev()
            .take_while(|b| matches!(b, b'!' | b'?' | b'+' | b'#'))
            .count();
        let marks: Vec<u8> = san[san.len() - tail..]
            .iter()
            .copied()
            .filter(|b| matches!(b, b'!' | b'?'))
            .collect();
        for mark in marks.chunks(2) {
            let nag = match mark {
                b"!" => 1,
                b"?" => 2,
                b"!!" => 3,
                b"??" => 4,
                b"!?" => 5,
                _ => 6,
            };
            self.events.push(Event::Nag(nag));
        }
    }

    fn comment(&mut self, text: &[u8]) {
        self.events.push(Event::Comment(comment_text(text)));
    }

    fn nag(&mut self, nag: u8) {
        self.events.push(Event::Nag(nag));
    }

    fn visit_variations(&self) -> bool {
        true
    }

    fn begin_variation(&mut self) -> bool {
        if self.moved.last() != Some(&true) {
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
#[pyfunction]
#[pyo3(signature = (handle, pending=None))]
fn read_game_events<'py>(
    py: Python<'py>,
    handle: Bound<'py, PyAny>,
    pending: Option<Vec<u8>>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let mut lines = Lines {
        handle,
        line: pending.unwrap_or_default(),
        at: 0,
        done: false,
        error: None,
    };
    let mut visitor = Events::default();
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

// ---------------------------------------------------------------------------------------
// The bulk readers.

/// Threads for a reader: the count asked, or one per core.
fn threads_for(threads: Option<usize>) -> PyResult<usize> {
    Ok(match thread_count(threads)? {
        0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        n => n,
    })
}

/// An I/O error as Python's `OSError`, naming the file.
fn io_error(path: &std::path::Path, error: io::Error) -> PyErr {
    let message = format!("{}: {error}", path.display());
    match error.kind() {
        io::ErrorKind::NotFound => pyo3::exceptions::PyFileNotFoundError::new_err(message),
        io::ErrorKind::PermissionDenied => pyo3::exceptions::PyPermissionError::new_err(message),
        _ => pyo3::exceptions::PyOSError::new_err(message),
    }
}

/// Games taken from the reader per release of the GIL, between looks for Ctrl-C.
const GAMES_PER_POLL: usize = 64;

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
}

/// Opens `path` for the bulk readers.
fn open(path: &std::path::Path) -> PyResult<Reader<Box<dyn BufRead + Send>>> {
    Reader::open(path).map_err(|e| io_error(path, e))
}

/// The games of a PGN file (`.pgn`, or `.pgn.zst` / `.pgn.gz`, recognised by their first
/// bytes) as light records, in file order, replayed on `threads` threads.
#[pyfunction]
#[pyo3(signature = (path, *, threads=None))]
fn games(py: Python<'_>, path: PathBuf, threads: Option<usize>) -> PyResult<GameRecords> {
    let threads = threads_for(threads)?;
    let reader = py.detach(|| open(&path))?;
    Ok(GameRecords {
        state: Mutex::new(Some((reader.par_map(threads, |g| g), VecDeque::new()))),
    })
}

#[pymethods]
impl GameRecords {
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
// Positions as columns.

/// The columns `positions` can give, in this order.
const COLUMNS: [&str; 13] = [
    "game",
    "ply",
    "fen",
    "planes",
    "move",
    "mask",
    "turn",
    "result",
    "white_elo",
    "black_elo",
    "clock",
    "eval",
    "mate",
];

/// Which columns are wanted.
#[derive(Clone, Copy)]
struct Wanted {
    fen: bool,
    planes: bool,
    mask: bool,
}

/// A game that replays, with what all its rows share (worked out on a reader thread).
struct GameRows {
    game: Game,
    result: i8,
    white_elo: i32,
    black_elo: i32,
}

/// The small columns of some rows, each as its bytes (native order), and their FENs. The
/// planes and masks, nearly all of a batch's bytes, are written straight into the arrays.
#[derive(Default)]
struct Columns {
    game: Vec<u8>,
    ply: Vec<u8>,
    fen: Vec<String>,
    mv: Vec<u8>,
    turn: Vec<u8>,
    result: Vec<u8>,
    white_elo: Vec<u8>,
    black_elo: Vec<u8>,
    clock: Vec<u8>,
    eval: Vec<u8>,
    mate: Vec<u8>,
}

impl Columns {
    fn append(&mut self, mut other: Columns) {
        self.game.append(&mut other.game);
        self.ply.append(&mut other.ply);
        self.fen.append(&mut other.fen);
        self.mv.append(&mut other.mv);
        self.turn.append(&mut other.turn);
        self.result.append(&mut other.result);
        self.white_elo.append(&mut other.white_elo);
        self.black_elo.append(&mut other.black_elo);
        self.clock.append(&mut other.clock);
        self.eval.append(&mut other.eval);
        self.mate.append(&mut other.mate);
    }
}

/// The result as a number from White's view: 1, 0 (draw), -1, or -2 when unknown (`*`).
fn result_code(result: &str) -> i8 {
    match result {
        "1-0" => 1,
        "0-1" => -1,
        "1/2-1/2" => 0,
        _ => -2,
    }
}

/// An Elo tag as a number, -1 when missing or not a number.
fn elo(game: &Game, tag: &str) -> i32 {
    game.header(tag)
        .and_then(|v| v.trim().parse::<i32>().ok())
        .unwrap_or(-1)
}

/// A game's shared values, or `None` for a game that does not replay (it has no rows).
fn game_rows(game: Game) -> Option<GameRows> {
    if game.error.is_some() {
        return None;
    }
    Some(GameRows {
        result: result_code(game.result()),
        white_elo: elo(&game, "WhiteElo"),
        black_elo: elo(&game, "BlackElo"),
        game,
    })
}

/// Rows `start..end` (plies) of a game: a piece of a batch.
type Segment = (Arc<GameRows>, usize, usize);

/// Encodes the rows of `segments` in order: the planes and masks into `planes` and `mask`
/// (`PLANES_LEN` and `vocab.len()` bytes a row, or empty when not wanted; zeroed first when
/// `zero`), the rest returned.
fn encode_rows(
    segments: &[Segment],
    planes: &mut [u8],
    mask: &mut [u8],
    zero: bool,
    vocab: Vocabulary,
    wanted: Wanted,
) -> Columns {
    if zero {
        planes.fill(0);
        mask.fill(0);
    }
    let rows: usize = segments.iter().map(|(_, start, end)| end - start).sum();
    let mut out = Columns {
        game: Vec::with_capacity(rows * 8),
        ply: Vec::with_capacity(rows * 4),
        fen: Vec::with_capacity(if wanted.fen { rows } else { 0 }),
        mv: Vec::with_capacity(rows * 4),
        turn: Vec::with_capacity(rows),
        result: Vec::with_capacity(rows),
        white_elo: Vec::with_capacity(rows * 4),
        black_elo: Vec::with_capacity(rows * 4),
        clock: Vec::with_capacity(rows * 8),
        eval: Vec::with_capacity(rows * 8),
        mate: Vec::with_capacity(rows * 4),
    };
    let mut planes = planes.chunks_exact_mut(encode::PLANES_LEN);
    let mut masks = mask.chunks_exact_mut(vocab.len());
    for (rows, start, end) in segments {
        let game = &rows.game;
        for position in game.positions().skip(*start).take(end - start) {
            let board = &position.board;
            out.game
                .extend_from_slice(&(game.index as i64).to_ne_bytes());
            out.ply
                .extend_from_slice(&(position.ply as i32).to_ne_bytes());
            if wanted.fen {
                out.fen.push(position.fen());
            }
            if let Some(cells) = planes.next() {
                encode::planes(board, cells);
            }
            let index = if position.mv == NULL_MOVE {
                -1
            } else {
                vocab.index_on(board, position.mv).map_or(-1, |i| i as i32)
            };
            out.mv.extend_from_slice(&index.to_ne_bytes());
            if let Some(cells) = masks.next() {
                vocab.mask(board, cells);
            }
            out.turn
                .push(u8::from(board.side_to_move() == Color::White));
            out.result.push(rows.result as u8);
            out.white_elo
                .extend_from_slice(&rows.white_elo.to_ne_bytes());
            out.black_elo
                .extend_from_slice(&rows.black_elo.to_ne_bytes());
            out.clock
                .extend_from_slice(&position.clock.unwrap_or(f64::NAN).to_ne_bytes());
            let (pawns, mate) = match position.eval {
                Some(Eval::Centipawns(cp)) => (cp as f64 / 100.0, 0i32),
                Some(Eval::Mate(m)) => (f64::NAN, m.clamp(-1_000_000, 1_000_000) as i32),
                None => (f64::NAN, 0),
            };
            out.eval.extend_from_slice(&pawns.to_ne_bytes());
            out.mate.extend_from_slice(&mate.to_ne_bytes());
        }
    }
    out
}

/// Rows per encoding thread below which a batch is not split further.
const MIN_ROWS_PER_THREAD: usize = 1024;

/// [`encode_rows`] on up to `threads` threads, each on its own rows of the arrays.
fn encode_parallel(
    segments: &[Segment],
    (planes, mask): (&mut [u8], &mut [u8]),
    zero: bool,
    vocab: Vocabulary,
    wanted: Wanted,
    threads: usize,
) -> Columns {
    let rows: usize = segments.iter().map(|(_, start, end)| end - start).sum();
    let parts = threads.min(rows / MIN_ROWS_PER_THREAD).max(1);
    if parts == 1 {
        return encode_rows(segments, planes, mask, zero, vocab, wanted);
    }
    // The segments cut into `parts` runs of about the same number of rows.
    let per_part = rows.div_ceil(parts);
    let mut runs: Vec<Vec<Segment>> = vec![Vec::new()];
    let mut in_run = 0;
    for (game, mut start, end) in segments.iter().cloned() {
        while start < end {
            if in_run == per_part {
                runs.push(Vec::new());
                in_run = 0;
            }
            let take = (end - start).min(per_part - in_run);
            if let Some(run) = runs.last_mut() {
                run.push((Arc::clone(&game), start, start + take));
            }
            start += take;
            in_run += take;
        }
    }
    let plane_width = if planes.is_empty() {
        0
    } else {
        encode::PLANES_LEN
    };
    let mask_width = if mask.is_empty() { 0 } else { vocab.len() };
    std::thread::scope(|scope| {
        let (mut planes, mut mask) = (planes, mask);
        let mut handles = Vec::new();
        for run in &runs {
            let n: usize = run.iter().map(|(_, start, end)| end - start).sum();
            let (run_planes, rest) = std::mem::take(&mut planes).split_at_mut(n * plane_width);
            planes = rest;
            let (run_mask, rest) = std::mem::take(&mut mask).split_at_mut(n * mask_width);
            mask = rest;
            handles.push(
                scope.spawn(move || encode_rows(run, run_planes, run_mask, zero, vocab, wanted)),
            );
        }
        let mut out = Columns::default();
        for handle in handles {
            match handle.join() {
                Ok(columns) => out.append(columns),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        out
    })
}

/// The reader state of a `positions` iterator: the games replayed, the game being emptied
/// and how far.
struct PositionState {
    games: ParMap<Option<GameRows>>,
    current: Option<(Arc<GameRows>, usize)>,
}

/// The iterator of `bitmove.pgn.positions`: a dict of NumPy arrays per batch.
#[pyclass(module = "bitmove.pgn")]
pub(crate) struct PositionBatches {
    state: Mutex<Option<PositionState>>,
    batch_size: usize,
    vocab: Vocabulary,
    columns: Vec<&'static str>,
    wanted: Wanted,
    threads: usize,
    /// Bytes of (decompressed) input read when the last batch was made.
    bytes: AtomicU64,
    /// The planes' and masks' bytearrays of the last batches: written again for a later batch
    /// once nothing else refers to them (the caller let the batch go), so that a batch does
    /// not cost fresh memory (mapping it is the larger part of a batch's time: 180 MB for the
    /// default 65,536 rows).
    spare: Mutex<Vec<Py<PyByteArray>>>,
}

/// Bytearrays kept in `PositionBatches::spare`: two batches' planes and masks (a loop over
/// the batches still holds the last one while the next is made).
const SPARE_ARRAYS: usize = 4;

/// Positions of the games of a PGN file that replay, in batches of NumPy columns.
#[pyfunction]
#[pyo3(signature = (path, *, batch_size=65536, threads=None, columns=None, vocab="uci1968"))]
fn positions(
    py: Python<'_>,
    path: PathBuf,
    batch_size: usize,
    threads: Option<usize>,
    columns: Option<Vec<String>>,
    vocab: &str,
) -> PyResult<PositionBatches> {
    if batch_size == 0 {
        return Err(PyValueError::new_err("batch_size must be at least 1"));
    }
    let vocab = Vocabulary::from_name(vocab).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown vocabulary {vocab:?}: \"uci1968\" or \"from_to\""
        ))
    })?;
    let columns: Vec<&'static str> = match columns {
        None => COLUMNS.to_vec(),
        Some(names) => {
            let mut out = Vec::new();
            for name in &names {
                let known = COLUMNS.iter().find(|c| **c == name).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "unknown column {name:?}: one of {}",
                        COLUMNS.join(", ")
                    ))
                })?;
                if !out.contains(known) {
                    out.push(*known);
                }
            }
            out
        }
    };
    let wanted = Wanted {
        fen: columns.contains(&"fen"),
        planes: columns.contains(&"planes"),
        mask: columns.contains(&"mask"),
    };
    let threads = threads_for(threads)?;
    let reader = py.detach(|| open(&path))?;
    let games = reader.par_map(threads, game_rows);
    Ok(PositionBatches {
        state: Mutex::new(Some(PositionState {
            games,
            current: None,
        })),
        batch_size,
        vocab,
        columns,
        wanted,
        threads,
        bytes: AtomicU64::new(0),
        spare: Mutex::new(Vec::new()),
    })
}

/// Takes games from the reader until `size` rows are held or a few games were taken (then
/// the caller looks for Ctrl-C), without the GIL; true when the input is over.
fn fill(
    state: &mut PositionState,
    segments: &mut Vec<Segment>,
    rows: &mut usize,
    size: usize,
) -> io::Result<bool> {
    let mut games = 0;
    while *rows < size && games < GAMES_PER_POLL {
        if let Some((game, at)) = state.current.take() {
            let plies = game.game.moves.len();
            let end = plies.min(at + size - *rows);
            *rows += end - at;
            if end < plies {
                state.current = Some((Arc::clone(&game), end));
            }
            if end > at {
                segments.push((game, at, end));
            }
            continue;
        }
        match state.games.next() {
            Some(game) => {
                if let Some(game) = game? {
                    state.current = Some((Arc::new(game), 0));
                }
                games += 1;
            }
            None => return Ok(true),
        }
    }
    Ok(false)
}

/// Bytes (native order) as a NumPy array of the given type and shape, copied once.
fn array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    shaped(py, PyByteArray::new(py, bytes), dtype, shape)
}

/// A `bytearray` seen as a NumPy array of the given type and shape, without a copy.
fn shaped<'py>(
    py: Python<'py>,
    buffer: Bound<'py, PyByteArray>,
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let flat = numpy.call_method1("frombuffer", (buffer, numpy.getattr(dtype)?))?;
    flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// Whether `object` is referred to by this one reference only.
fn only_here(object: &Bound<'_, PyByteArray>) -> bool {
    // SAFETY: a live object (the `Bound` holds a reference) read with the GIL held.
    unsafe { pyo3::ffi::Py_REFCNT(object.as_ptr()) == 1 }
}

impl PositionBatches {
    /// A bytearray of `len` bytes for a batch's planes or masks: a spare one nothing else
    /// refers to (true: to be zeroed), else a new one (zeroed).
    fn bytearray<'py>(
        &self,
        py: Python<'py>,
        len: usize,
    ) -> PyResult<(Bound<'py, PyByteArray>, bool)> {
        if len > 0 {
            let mut spare = self
                .spare
                .lock()
                .map_err(|_| PyRuntimeError::new_err("the reader failed"))?;
            let free = spare
                .iter()
                .position(|b| only_here(b.bind(py)) && b.bind(py).len() == len);
            if let Some(i) = free {
                return Ok((spare.remove(i).into_bound(py), true));
            }
        }
        Ok((PyByteArray::new_with(py, len, |_| Ok(()))?, false))
    }

    /// Keeps a batch's bytearray to write again later.
    fn keep(&self, array: &Bound<'_, PyByteArray>) -> PyResult<()> {
        if array.len() == 0 {
            return Ok(());
        }
        let mut spare = self
            .spare
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the reader failed"))?;
        spare.push(array.clone().unbind());
        if spare.len() > SPARE_ARRAYS {
            spare.remove(0);
        }
        Ok(())
    }
}

#[pymethods]
impl PositionBatches {
    /// Bytes of the (decompressed) input read so far: for a progress bar.
    #[getter]
    fn bytes_read(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let lock = || {
            self.state
                .lock()
                .map_err(|_| PyRuntimeError::new_err("the reader failed"))
        };
        let Some(mut state) = lock()?.take() else {
            return Ok(None);
        };
        let (size, vocab, wanted, threads) =
            (self.batch_size, self.vocab, self.wanted, self.threads);
        let mut segments: Vec<Segment> = Vec::new();
        let mut rows = 0;
        let over = loop {
            let (back, taken, result) = py.detach(move || {
                let result = fill(&mut state, &mut segments, &mut rows, size);
                (state, (segments, rows), result)
            });
            state = back;
            (segments, rows) = taken;
            self.bytes
                .store(state.games.bytes_read(), Ordering::Relaxed);
            let over = result.map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
            // Ctrl-C: the error propagates and the reader (its threads) is dropped.
            py.check_signals()?;
            if over || rows >= size {
                break over;
            }
        };
        if !over {
            *lock()? = Some(state);
        }
        if rows == 0 {
            return Ok(None);
        }
        let n = rows;
        // The planes and masks are encoded straight into the arrays' memory, on the encoding
        // threads, without the GIL.
        let plane_bytes = if wanted.planes {
            n * encode::PLANES_LEN
        } else {
            0
        };
        let mask_bytes = if wanted.mask { n * vocab.len() } else { 0 };
        let (planes_array, planes_used) = self.bytearray(py, plane_bytes)?;
        let (mask_array, mask_used) = self.bytearray(py, mask_bytes)?;
        // SAFETY: two distinct bytearrays, each new or a spare that only `self.spare` referred
        // to (a reference count of 1, read with the GIL held, and taken out of the spares
        // under their lock): no Python code can reach them, so none reads, writes or resizes
        // them while these slices live; they are handed out only after the slices' last use.
        let arrays = unsafe { (planes_array.as_bytes_mut(), mask_array.as_bytes_mut()) };
        let zero = planes_used || mask_used;
        let small = py.detach(|| encode_parallel(&segments, arrays, zero, vocab, wanted, threads));
        drop(segments);
        let out = PyDict::new(py);
        for &name in &self.columns {
            let value = match name {
                "game" => array(py, &small.game, "int64", &[n])?,
                "ply" => array(py, &small.ply, "int32", &[n])?,
                "fen" => {
                    let numpy = py.import("numpy")?;
                    let list = PyList::new(py, &small.fen)?;
                    numpy.call_method1("array", (list, numpy.getattr("object_")?))?
                }
                "planes" => shaped(py, planes_array.clone(), "bool_", &[n, 12, 8, 8])?,
                "move" => array(py, &small.mv, "int32", &[n])?,
                "mask" => shaped(py, mask_array.clone(), "bool_", &[n, vocab.len()])?,
                "turn" => array(py, &small.turn, "bool_", &[n])?,
                "result" => array(py, &small.result, "int8", &[n])?,
                "white_elo" => array(py, &small.white_elo, "int32", &[n])?,
                "black_elo" => array(py, &small.black_elo, "int32", &[n])?,
                "clock" => array(py, &small.clock, "float64", &[n])?,
                "eval" => array(py, &small.eval, "float64", &[n])?,
                _ => array(py, &small.mate, "int32", &[n])?,
            };
            out.set_item(name, value)?;
        }
        self.keep(&planes_array)?;
        self.keep(&mask_array)?;
        Ok(Some(out))
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
