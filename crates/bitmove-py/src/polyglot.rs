//! The native part of `bitmove.polyglot`: a Polyglot book memory-mapped (`bitmove::book`),
//! its entries as tuples that `polyglot.py` turns into python-chess's `Entry`.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use bitmove::book::{Entry, MappedBook};

use crate::board::Board;
use crate::moves::Move;
use crate::source::io_error;

/// A book file mapped into memory (`bitmove.polyglot.MemoryMappedReader` wraps it).
#[pyclass(module = "bitmove._bitmove", name = "_PolyglotBook", frozen)]
pub struct PolyglotBook {
    book: std::sync::RwLock<Option<MappedBook>>,
}

/// The move python-chess reads from an entry without a board: from == to is a drop of the
/// promotion bits' piece; promotion bits 6 and 7 (no piece) read as no promotion.
fn raw_move(entry: &Entry) -> Move {
    let to = i64::from(entry.raw_move & 0x3f);
    let from = i64::from((entry.raw_move >> 6) & 0x3f);
    let part = i64::from((entry.raw_move >> 12) & 0x7);
    let kind = (1..=5).contains(&part).then_some(part + 1);
    let (promotion, drop) = if from == to {
        (None, kind)
    } else {
        (kind, None)
    };
    Move::new(from, to, promotion, drop)
        .or_else(|_| Move::new(from, to, None, None))
        .unwrap_or_else(|_| {
            Move::from_inner(bitmove::Move::new(bitmove::Square::A1, bitmove::Square::A1))
        })
}

fn entry_tuple<'py>(py: Python<'py>, entry: &Entry, mv: Move) -> PyResult<Bound<'py, PyTuple>> {
    (entry.key, entry.raw_move, entry.weight, entry.learn, mv).into_pyobject(py)
}

/// `minimum_weight` as a weight: `None` when no weight reaches it.
fn weight_floor(minimum_weight: i64) -> Option<u16> {
    u16::try_from(minimum_weight.max(0)).ok()
}

impl PolyglotBook {
    /// The entries stored under `key`, copied out of the map.
    fn entries_for_key(&self, key: u64) -> PyResult<Vec<Entry>> {
        self.with(|book| Ok(book.entries_for_key(key).collect()))
    }

    fn with<T>(&self, f: impl FnOnce(&MappedBook) -> PyResult<T>) -> PyResult<T> {
        let guard = self
            .book
            .read()
            .map_err(|_| PyValueError::new_err("book lock poisoned"))?;
        match guard.as_ref() {
            Some(book) => f(book),
            None => Err(PyValueError::new_err("mmap closed or invalid")),
        }
    }
}

#[pymethods]
impl PolyglotBook {
    /// Maps the book at `path`; `OSError` when it cannot be read or its size is not a
    /// multiple of 16.
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<PolyglotBook> {
        let book = MappedBook::open(&path).map_err(|e| io_error(&path, e))?;
        Ok(PolyglotBook {
            book: std::sync::RwLock::new(Some(book)),
        })
    }

    fn __len__(&self) -> PyResult<usize> {
        self.with(|book| Ok(book.len()))
    }

    /// The entry at `index` (from 0) as `(key, raw_move, weight, learn, move)`.
    fn entry<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyTuple>> {
        let entry = self.with(|book| {
            book.entry(index)
                .ok_or_else(|| PyIndexError::new_err(index))
        })?;
        entry_tuple(py, &entry, raw_move(&entry))
    }

    /// The first index whose key is not below `key`.
    fn bisect_key_left(&self, key: u64) -> PyResult<usize> {
        self.with(|book| Ok(book.lower_bound(key)))
    }

    /// python-chess's `find_all(board)` without `exclude_moves`, as a list: the entries for
    /// the board's position whose moves are legal there (as the board writes them).
    fn find_board<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'py, Board>,
        minimum_weight: i64,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let Some(minimum) = weight_floor(minimum_weight) else {
            return Ok(Vec::new());
        };
        // The entries are copied out first: no Python code (a variant board's `is_legal`, a
        // finalizer run by an allocation) runs while the lock is held, so `close` on another
        // thread cannot deadlock with it.
        let entries = self.entries_for_key(board.polyglot_key())?;
        let mut out = Vec::new();
        for entry in entries {
            if entry.weight < minimum {
                continue;
            }
            let Some(stored) = entry.decoded_move() else {
                continue;
            };
            let (shown, legal) = board.book_move(py, stored)?;
            if legal {
                out.push(entry_tuple(py, &entry, shown)?);
            }
        }
        Ok(out)
    }

    /// python-chess's `find_all(key)` without `exclude_moves`: the entries stored under the
    /// key, moves as stored.
    fn find_key<'py>(
        &self,
        py: Python<'py>,
        key: u64,
        minimum_weight: i64,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let Some(minimum) = weight_floor(minimum_weight) else {
            return Ok(Vec::new());
        };
        self.entries_for_key(key)?
            .iter()
            .filter(|entry| entry.weight >= minimum)
            .map(|entry| entry_tuple(py, entry, raw_move(entry)))
            .collect()
    }

    /// Unmaps the book; later calls raise `ValueError`.
    fn close(&self) -> PyResult<()> {
        let mut guard = self
            .book
            .write()
            .map_err(|_| PyValueError::new_err("book lock poisoned"))?;
        *guard = None;
        Ok(())
    }
}
