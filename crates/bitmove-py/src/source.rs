//! Where the bulk readers (`games`, `positions`) start: the file opened (plain, zstd or gzip),
//! its I/O errors as Python exceptions, the thread count.

use std::io::{self, BufRead};
use std::num::NonZeroUsize;

use bitmove::pgn::{FileProgress, Reader};
use pyo3::prelude::*;

use crate::args::thread_count;

/// Threads for a reader: the count asked, or one per core.
pub(crate) fn threads_for(threads: Option<usize>) -> PyResult<usize> {
    Ok(match thread_count(threads)? {
        0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        n => n,
    })
}

/// An I/O error as Python's `OSError`, naming the file.
pub(crate) fn io_error(path: &std::path::Path, error: io::Error) -> PyErr {
    let message = format!("{}: {error}", path.display());
    match error.kind() {
        io::ErrorKind::NotFound => pyo3::exceptions::PyFileNotFoundError::new_err(message),
        io::ErrorKind::PermissionDenied => pyo3::exceptions::PyPermissionError::new_err(message),
        _ => pyo3::exceptions::PyOSError::new_err(message),
    }
}

/// Games taken from the reader per release of the GIL, between looks for Ctrl-C.
pub(crate) const GAMES_PER_POLL: usize = 64;

/// Opens `path` for the bulk readers, with the count of the file's bytes read (compressed
/// bytes for a compressed file: a progress bar's measure against the file's size).
pub(crate) fn open(
    path: &std::path::Path,
) -> PyResult<(Reader<Box<dyn BufRead + Send>>, FileProgress)> {
    Reader::open_counted(path).map_err(|e| io_error(path, e))
}
