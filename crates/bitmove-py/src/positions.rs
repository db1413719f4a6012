//! `bitmove.pgn.positions`: the positions of the games of a file in batches of NumPy
//! columns, replayed on the reader's threads and encoded straight into the arrays on Rust
//! threads with the GIL released.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use bitmove::Color;
use bitmove::pgn::{Eval, FileProgress, Game, NULL_MOVE, ParMap};
use bitmove::vocab::Vocabulary;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyTuple};

use crate::encode;
use crate::source::{GAMES_PER_POLL, open, threads_for};

/// The columns `positions` can give, in this order.
pub(crate) const COLUMNS: [&str; 13] = [
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
    /// Bytes of the file read (compressed ones for a compressed file).
    file: FileProgress,
    /// The planes' and masks' arrays of the last batches: written again for a later batch
    /// once nothing else refers to them (the caller let the batch go), so that a batch does
    /// not cost fresh memory (mapping it is the larger part of a batch's time: 180 MB for the
    /// default 65,536 rows).
    spare: Mutex<Vec<Py<PyAny>>>,
}

/// Arrays kept in `PositionBatches::spare`: two batches' planes and masks (a loop over
/// the batches still holds the last one while the next is made).
const SPARE_ARRAYS: usize = 4;

/// Positions of the games of a PGN file that replay, in batches of NumPy columns.
#[pyfunction]
#[pyo3(signature = (path, *, batch_size=65536, threads=None, columns=None, vocab="uci1968"))]
pub(crate) fn positions(
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
    let (reader, file) = py.detach(|| open(&path))?;
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
        file,
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
    let numpy = py.import("numpy")?;
    let flat = numpy.call_method1(
        "frombuffer",
        (PyByteArray::new(py, bytes), numpy.getattr(dtype)?),
    )?;
    flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// A flat `uint8` NumPy array seen as `dtype` in the given shape, without a copy.
fn shaped<'py>(
    py: Python<'py>,
    buffer: &Bound<'py, PyAny>,
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let view = buffer.call_method1("view", (numpy.getattr(dtype)?,))?;
    view.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// Whether `object` is referred to by this one reference only (a NumPy view of an array
/// holds a reference to it).
fn only_here(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: a live object (the `Bound` holds a reference) read with the GIL held.
    unsafe { pyo3::ffi::Py_REFCNT(object.as_ptr()) == 1 }
}

/// The planes' or masks' memory of a batch: a flat `uint8` NumPy array made by
/// `numpy.zeros` (NumPy's allocator maps a large array's memory lazily, already zero, and
/// asks Linux for huge pages: a 180 MB batch costs a few hundred page faults, not 45,000).
struct Buffer<'py> {
    array: Bound<'py, PyAny>,
    /// Where its bytes start, and how many.
    data: usize,
    len: usize,
}

impl<'py> Buffer<'py> {
    fn new(array: Bound<'py, PyAny>) -> PyResult<Self> {
        let len = array.len()?;
        let data = if len == 0 {
            0
        } else {
            array
                .getattr("__array_interface__")?
                .get_item("data")?
                .get_item(0)?
                .extract()?
        };
        Ok(Buffer { array, data, len })
    }

    /// Its bytes, to write a batch into.
    fn bytes_mut(&mut self) -> &mut [u8] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: `data` and `len` are the memory of a C-contiguous, writable `uint8` array
        // that owns it (made by `numpy.zeros` in `PositionBatches::buffer`), alive while
        // `self` holds it, and only through `&mut self`. The array is new or a spare that
        // only `PositionBatches::spare` referred to (a reference count of 1, read with the
        // GIL held, taken out of the spares under their lock): no Python code can reach it,
        // so none reads, writes or frees its memory while the slice lives; it is handed out
        // (as a view) only after the slice's last use.
        unsafe { std::slice::from_raw_parts_mut(self.data as *mut u8, self.len) }
    }
}

impl PositionBatches {
    /// A buffer of `len` bytes for a batch's planes or masks: a spare one nothing else
    /// refers to (true: to be zeroed), else a new one (zero).
    fn buffer<'py>(&self, py: Python<'py>, len: usize) -> PyResult<(Buffer<'py>, bool)> {
        if len > 0 {
            let mut spare = self
                .spare
                .lock()
                .map_err(|_| PyRuntimeError::new_err("the reader failed"))?;
            let free = spare
                .iter()
                .position(|b| only_here(b.bind(py)) && b.bind(py).len().ok() == Some(len));
            if let Some(i) = free {
                return Ok((Buffer::new(spare.remove(i).into_bound(py))?, true));
            }
        }
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1("zeros", (len, numpy.getattr("uint8")?))?;
        Ok((Buffer::new(array)?, false))
    }

    /// Keeps a batch's buffer to write again later.
    fn keep(&self, buffer: Buffer<'_>) -> PyResult<()> {
        if buffer.len == 0 {
            return Ok(());
        }
        let mut spare = self
            .spare
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the reader failed"))?;
        spare.push(buffer.array.unbind());
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

    /// Bytes of the file read so far (compressed bytes for a `.pgn.zst` or `.pgn.gz`): a
    /// progress bar's measure against the file's size. The reader's threads read ahead of
    /// the batches handed out.
    #[getter]
    fn file_bytes_read(&self) -> u64 {
        self.file.bytes()
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
        let (mut planes_buffer, planes_used) = self.buffer(py, plane_bytes)?;
        let (mut mask_buffer, mask_used) = self.buffer(py, mask_bytes)?;
        let arrays = (planes_buffer.bytes_mut(), mask_buffer.bytes_mut());
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
                "planes" => shaped(py, &planes_buffer.array, "bool_", &[n, 12, 8, 8])?,
                "move" => array(py, &small.mv, "int32", &[n])?,
                "mask" => shaped(py, &mask_buffer.array, "bool_", &[n, vocab.len()])?,
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
        self.keep(planes_buffer)?;
        self.keep(mask_buffer)?;
        Ok(Some(out))
    }
}
