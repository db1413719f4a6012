//! Arguments checked and converted at the boundary: a position from a FEN, a thread count.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::fen_error;

/// A board from a FEN, or the start position.
pub(crate) fn parse_board(fen: Option<&str>, chess960: bool) -> PyResult<bitmove::Board> {
    match fen {
        None => {
            let mut board = bitmove::Board::default();
            board.set_chess960(chess960);
            Ok(board)
        }
        Some(text) => {
            bitmove::Board::from_fen_with(text, chess960).map_err(|error| fen_error(text, &error))
        }
    }
}

/// Checks a `threads` argument: None or a positive count.
pub(crate) fn thread_count(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        None => Ok(0),
        Some(0) => Err(PyValueError::new_err(
            "threads must be at least 1 (or None for one per core)",
        )),
        Some(n) => Ok(n),
    }
}
