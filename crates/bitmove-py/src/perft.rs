//! Module-level perft and divide. The count runs in a Rust thread with the GIL released; the
//! calling thread wakes every few milliseconds to check for Ctrl-C and, on a signal, sets the
//! library's stop flag and raises.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use bitmove::PerftOptions;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::{parse_board, thread_count};

/// Up to this depth a count is at most 218^3 leaves, milliseconds: done on the calling
/// thread without the machinery for interrupting it.
const QUICK_DEPTH: u32 = 3;

/// How often the waiting thread looks for a signal.
const POLL: Duration = Duration::from_millis(20);

/// Runs `job` on its own thread with the GIL released, checking for signals meanwhile; on a
/// signal (Ctrl-C) sets the stop flag, waits for the job to give up, and raises.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    job: impl FnOnce(&AtomicBool) -> Option<T> + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (done, finished) = channel::<()>();
    let handle = std::thread::Builder::new()
        .name("bitmove-perft".into())
        .spawn(move || {
            let result = job(&flag);
            let _ = done.send(());
            result
        })
        .map_err(|error| PyRuntimeError::new_err(format!("could not start a thread: {error}")))?;
    let mut finished = finished;
    loop {
        // The receiver is Send but not Sync: move it in and out of the GIL-free closure.
        let (over, receiver) = py.detach(move || {
            let over = !matches!(finished.recv_timeout(POLL), Err(RecvTimeoutError::Timeout));
            (over, finished)
        });
        finished = receiver;
        if over {
            break;
        }
        if let Err(signal) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            let _ = py.detach(|| handle.join());
            return Err(signal);
        }
    }
    match py.detach(|| handle.join()) {
        Ok(Some(value)) => Ok(value),
        Ok(None) => Err(PyRuntimeError::new_err("perft was stopped")),
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "perft panicked".to_string());
            Err(PyRuntimeError::new_err(format!("perft failed: {text}")))
        }
    }
}

/// Checks a depth (or ply) against the library's [`bitmove::MAX_DEPTH`]: deeper is a
/// `ValueError` here, where the library would panic (it never overflows its stack).
pub(crate) fn check_depth(depth: u32) -> PyResult<()> {
    if depth > bitmove::MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is deeper than the deepest bitmove counts ({})",
            bitmove::MAX_DEPTH
        )));
    }
    Ok(())
}

fn options(threads: Option<usize>, hash_mb: usize) -> PyResult<PerftOptions> {
    if hash_mb > 1 << 20 {
        return Err(PyValueError::new_err("hash_mb is at most 1048576 (1 TiB)"));
    }
    Ok(PerftOptions {
        threads: thread_count(threads)?,
        hash_mb,
    })
}

/// Perft of a board, interruptible.
pub(crate) fn perft_board(
    py: Python<'_>,
    board: bitmove::Board,
    depth: u32,
    threads: Option<usize>,
    hash_mb: usize,
) -> PyResult<u64> {
    check_depth(depth)?;
    let options = options(threads, hash_mb)?;
    if depth <= QUICK_DEPTH {
        return Ok(py.detach(|| bitmove::perft(&board, depth)));
    }
    interruptible(py, move |stop| {
        bitmove::perft_with_stop(&board, depth, &options, stop)
    })
}

/// The number of leaf nodes `depth` plies below the position `fen`.
///
/// `threads` defaults to one per core; `hash_mb` > 0 adds a transposition table of at most
/// that many MiB. The GIL is released; Ctrl-C raises `KeyboardInterrupt` within milliseconds.
#[pyfunction]
#[pyo3(signature = (fen, depth, *, threads=None, hash_mb=0, chess960=false))]
pub(crate) fn perft(
    py: Python<'_>,
    fen: &str,
    depth: u32,
    threads: Option<usize>,
    hash_mb: usize,
    chess960: bool,
) -> PyResult<u64> {
    let board = parse_board(Some(fen), chess960)?;
    perft_board(py, board, depth, threads, hash_mb)
}

/// Perft split by root move: `{uci: leaves}` in generation order (castling as the board's
/// mode writes it). Depth 0 is taken as 1.
#[pyfunction]
#[pyo3(signature = (fen, depth, *, threads=None, hash_mb=0, chess960=false))]
pub(crate) fn divide<'py>(
    py: Python<'py>,
    fen: &str,
    depth: u32,
    threads: Option<usize>,
    hash_mb: usize,
    chess960: bool,
) -> PyResult<Bound<'py, PyDict>> {
    check_depth(depth)?;
    let board = parse_board(Some(fen), chess960)?;
    let options = options(threads, hash_mb)?;
    let shown = board.clone();
    let split = interruptible(py, move |stop| {
        bitmove::divide_with_stop(&board, depth, &options, stop)
    })?;
    let out = PyDict::new(py);
    for (mv, nodes) in split {
        out.set_item(shown.uci(mv).to_string(), nodes)?;
    }
    Ok(out)
}

/// Perft statistics of the position `fen`: `{field: count}` with the library's field names
/// (`nodes`, `captures`, `en_passant`, `castles`, `promotions`, `checks`, ...,
/// `checkmates`, `stalemates`), in its order.
///
/// The GIL is released while it counts; Ctrl-C raises `KeyboardInterrupt` within
/// milliseconds.
#[pyfunction]
#[pyo3(signature = (fen, depth, *, threads=None, hash_mb=0, chess960=false))]
pub(crate) fn perft_stats<'py>(
    py: Python<'py>,
    fen: &str,
    depth: u32,
    threads: Option<usize>,
    hash_mb: usize,
    chess960: bool,
) -> PyResult<Bound<'py, PyDict>> {
    check_depth(depth)?;
    let board = parse_board(Some(fen), chess960)?;
    let options = options(threads, hash_mb)?;
    let stats = interruptible(py, move |stop| {
        bitmove::perft_stats_with_stop(&board, depth, &options, stop)
    })?;
    stats_dict(py, &stats)
}

/// The statistics as `{field: count}`, in the library's field order.
pub(crate) fn stats_dict<'py>(
    py: Python<'py>,
    stats: &bitmove::PerftStats,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (name, count) in stats.fields() {
        out.set_item(name, count)?;
    }
    Ok(out)
}

/// The distinct positions `ply` plies below `fen` with their multiplicities, as
/// `[(fen, multiplicity)]` in the library's fixed order (the index names a unit in every run,
/// and in the CLI's checkpoints): perft of `fen` at depth `d >= ply` is the sum of
/// `multiplicity * perft(unit, d - ply)`.
#[pyfunction]
#[pyo3(signature = (fen, ply, *, chess960=false))]
pub(crate) fn work_units(
    py: Python<'_>,
    fen: &str,
    ply: u32,
    chess960: bool,
) -> PyResult<Vec<(String, u64)>> {
    check_depth(ply)?;
    let board = parse_board(Some(fen), chess960)?;
    interruptible(py, move |stop| {
        bitmove::work_units_with_stop(&board, ply, stop).map(|units| {
            units
                .into_iter()
                .map(|unit| (unit.board.to_string(), unit.multiplicity))
                .collect()
        })
    })
}

/// Counts each position in `fens` at `depth` on `threads` threads (default 1), one position
/// per thread at a time; the results in the order of `fens`. Runs as `interruptible`: the GIL
/// is released and Ctrl-C stops every thread within milliseconds. A thread the system cannot
/// start is one thread less.
fn count_many<T: Send + Default + Clone + 'static>(
    py: Python<'_>,
    fens: &[String],
    chess960: bool,
    threads: Option<usize>,
    count: impl Fn(&bitmove::Board, &AtomicBool) -> Option<T> + Send + Sync + 'static,
) -> PyResult<Vec<T>> {
    let boards = fens
        .iter()
        .map(|fen| parse_board(Some(fen), chess960))
        .collect::<PyResult<Vec<_>>>()?;
    let threads = match threads {
        None => 1,
        Some(_) => thread_count(threads)?.clamp(1, PerftOptions::MAX_THREADS),
    };
    interruptible(py, move |stop| {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results = std::sync::Mutex::new(vec![T::default(); boards.len()]);
        let work = || {
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(board) = boards.get(index) else {
                    break;
                };
                let Some(value) = count(board, stop) else {
                    break;
                };
                if let Ok(mut results) = results.lock() {
                    results[index] = value;
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads.min(boards.len()) {
                if std::thread::Builder::new()
                    .spawn_scoped(scope, work)
                    .is_err()
                {
                    break;
                }
            }
            work();
        });
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        results.into_inner().ok()
    })
}

/// Perft of each position in `fens` at `depth`: a list of counts in the same order. Meant for
/// work units: `threads` (default 1) positions at a time, one thread each, all sharing one
/// hash table of at most `hash_mb` MiB. With `hash_seed` the table is keyed by a Zobrist key
/// set drawn from that seed instead of the Polyglot keys (independent collisions, for a
/// second run that checks the first). The GIL is released.
#[pyfunction]
#[pyo3(signature = (fens, depth, *, threads=None, hash_mb=0, chess960=false, hash_seed=None))]
pub(crate) fn perft_many(
    py: Python<'_>,
    fens: Vec<String>,
    depth: u32,
    threads: Option<usize>,
    hash_mb: usize,
    chess960: bool,
    hash_seed: Option<u64>,
) -> PyResult<Vec<u64>> {
    check_depth(depth)?;
    options(threads, hash_mb)?;
    let table = match hash_seed {
        Some(seed) => bitmove::PerftTable::with_seed(hash_mb, seed),
        None => bitmove::PerftTable::new(hash_mb),
    };
    count_many(py, &fens, chess960, threads, move |board, stop| {
        table.perft_with_stop(board, depth, stop)
    })
}

/// Perft statistics of each position in `fens` at `depth`: a list of `{field: count}` in the
/// same order; see `perft_many` for `threads`, `hash_mb` and `hash_seed`.
#[pyfunction]
#[pyo3(signature = (fens, depth, *, threads=None, hash_mb=0, chess960=false, hash_seed=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn perft_stats_many<'py>(
    py: Python<'py>,
    fens: Vec<String>,
    depth: u32,
    threads: Option<usize>,
    hash_mb: usize,
    chess960: bool,
    hash_seed: Option<u64>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    check_depth(depth)?;
    options(threads, hash_mb)?;
    let table = match hash_seed {
        Some(seed) => bitmove::PerftStatsTable::with_seed(hash_mb, seed),
        None => bitmove::PerftStatsTable::new(hash_mb),
    };
    let all = count_many(py, &fens, chess960, threads, move |board, stop| {
        table.perft_stats_with_stop(board, depth, stop)
    })?;
    all.iter().map(|stats| stats_dict(py, stats)).collect()
}
