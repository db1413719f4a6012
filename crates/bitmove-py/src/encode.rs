//! NumPy encodings for machine learning: legal-move masks and piece planes, one board or a
//! batch of FENs worked on in Rust threads with the GIL released.

use std::num::NonZeroUsize;

use bitmove::{Color, Piece};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyTuple};

use crate::args::thread_count;
use crate::errors::{FenError, fen_message};

/// Bytes of one legal-move mask: 64 from-squares x 64 to-squares.
pub(crate) const MASK_LEN: usize = 64 * 64;
/// Bytes of one set of planes: 12 pieces x 64 squares.
pub(crate) const PLANES_LEN: usize = 12 * 64;

/// Marks `out[from * 64 + to]` for each legal move as UCI writes it on this board (castling
/// `e1g1`, or `e1h1` in Chess960; the four promotions on one square).
pub(crate) fn mask(board: &bitmove::Board, out: &mut [u8]) {
    for &mv in board.legal_moves().iter() {
        let shown = board.uci(mv).as_move();
        if let Some(cell) = out.get_mut(shown.from as usize * 64 + shown.to as usize) {
            *cell = 1;
        }
    }
}

/// Marks `out[plane * 64 + square]`, planes P N B R Q K of white then of black.
pub(crate) fn planes(board: &bitmove::Board, out: &mut [u8]) {
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for piece in Piece::ALL {
            let plane = c * 6 + piece.index();
            for square in board.colored_pieces(color, piece) {
                if let Some(cell) = out.get_mut(plane * 64 + square as usize) {
                    *cell = 1;
                }
            }
        }
    }
}

/// The bytes (0 or 1) as a NumPy `bool` array of the given shape, owning its memory.
pub(crate) fn bool_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let buffer = PyByteArray::new(py, bytes);
    let flat = numpy.call_method1("frombuffer", (buffer, numpy.getattr("bool_")?))?;
    flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// Below this many FENs per thread a batch is not split further: a thread costs more than it
/// saves.
const MIN_PER_THREAD: usize = 256;

/// The failure index of a thread that could not start or failed (not a FEN's fault).
const NO_THREAD: usize = usize::MAX;
/// The failure index of an output that does not fit in memory.
const NO_MEMORY: usize = usize::MAX - 1;

/// Encodes each FEN into its `width` bytes, on up to `threads` threads with the GIL released.
/// A bad FEN is a `FenError` naming its index (the first bad one) and with an `index`
/// attribute.
fn batch(
    py: Python<'_>,
    fens: Vec<String>,
    chess960: bool,
    threads: Option<usize>,
    width: usize,
    encode: fn(&bitmove::Board, &mut [u8]),
) -> PyResult<Vec<u8>> {
    let wanted = match thread_count(threads)? {
        0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        n => n,
    };
    let fens_len = fens.len();
    let result = py.detach(|| {
        // An output too big for memory is a MemoryError, not an abort.
        let bytes = fens
            .len()
            .checked_mul(width)
            .ok_or((NO_MEMORY, String::new()))?;
        let mut out = Vec::new();
        out.try_reserve_exact(bytes)
            .map_err(|_| (NO_MEMORY, String::new()))?;
        out.resize(bytes, 0u8);
        let threads = wanted
            .min(bitmove::PerftOptions::MAX_THREADS)
            .min(fens.len().div_ceil(MIN_PER_THREAD))
            .max(1);
        let chunk = fens.len().div_ceil(threads).max(1);
        let work = |offset: usize, fens: &[String], out: &mut [u8]| {
            for (i, (fen, cells)) in fens.iter().zip(out.chunks_mut(width)).enumerate() {
                match bitmove::Board::from_fen_with(fen, chess960) {
                    Ok(board) => encode(&board, cells),
                    Err(error) => return Err((offset + i, fen_message(fen, &error))),
                }
            }
            Ok(())
        };
        let failures: Vec<(usize, String)> = std::thread::scope(|scope| {
            let handles: Vec<_> = fens
                .chunks(chunk)
                .zip(out.chunks_mut(chunk * width))
                .enumerate()
                .map(|(n, (fens, out))| {
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || work(n * chunk, fens, out))
                })
                .collect();
            handles
                .into_iter()
                .filter_map(|handle| match handle {
                    Ok(handle) => match handle.join() {
                        Ok(result) => result.err(),
                        Err(_) => Some((NO_THREAD, "encoding failed".to_string())),
                    },
                    Err(error) => Some((NO_THREAD, format!("could not start a thread: {error}"))),
                })
                .collect()
        });
        match failures.into_iter().min_by_key(|(index, _)| *index) {
            None => Ok(out),
            Some(failure) => Err(failure),
        }
    });
    result.map_err(|(index, message)| {
        if index == NO_MEMORY {
            return pyo3::exceptions::PyMemoryError::new_err(format!(
                "{} positions of {width} bytes each do not fit in memory",
                fens_len
            ));
        }
        if index == NO_THREAD {
            return pyo3::exceptions::PyRuntimeError::new_err(message);
        }
        let error = FenError::new_err(format!("fens[{index}]: {message}"));
        let _ = error.value(py).setattr("index", index);
        error
    })
}

/// Legal-move masks of many FENs: a `bool` array of shape (N, 64, 64), as
/// `Board.legal_move_mask` for each.
#[pyfunction]
#[pyo3(signature = (fens, *, chess960=false, threads=None))]
pub(crate) fn legal_move_masks<'py>(
    py: Python<'py>,
    fens: Vec<String>,
    chess960: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = fens.len();
    let out = batch(py, fens, chess960, threads, MASK_LEN, mask)?;
    bool_array(py, &out, &[n, 64, 64])
}

/// Piece planes of many FENs: a `bool` array of shape (N, 12, 8, 8), as `Board.planes` for
/// each.
#[pyfunction]
#[pyo3(signature = (fens, *, chess960=false, threads=None))]
pub(crate) fn planes_batch<'py>(
    py: Python<'py>,
    fens: Vec<String>,
    chess960: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = fens.len();
    let out = batch(py, fens, chess960, threads, PLANES_LEN, planes)?;
    bool_array(py, &out, &[n, 12, 8, 8])
}
