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

/// A board from a FEN read as python-chess reads one for analysis (`Board(fen, strict=False)`):
/// castling rights whose king or rook is not in place are dropped (python-chess's
/// `clean_castling_rights`), then an en-passant square no pawn could have skipped. Anything
/// else wrong is still a `FenError`.
pub(crate) fn parse_board_lenient(fen: &str, chess960: bool) -> PyResult<bitmove::Board> {
    let strict = bitmove::Board::from_fen_with(fen, chess960);
    let error = match strict {
        Ok(board) => return Ok(board),
        Err(error) => error,
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(fen_error(fen, &error));
    }
    let with = |castling: &str, ep: &str| {
        let mut parts = fields.clone();
        parts[2] = castling;
        parts[3] = ep;
        bitmove::Board::from_fen_with(&parts.join(" "), chess960).ok()
    };
    // Each castling letter that holds on its own (with or without the en-passant square).
    let letters: String = fields[2]
        .chars()
        .filter(|&c| c != '-')
        .filter(|&c| {
            let one = c.to_string();
            with(&one, fields[3]).is_some() || with(&one, "-").is_some()
        })
        .collect();
    let castling = if letters.is_empty() { "-" } else { &letters };
    with(castling, fields[3])
        .or_else(|| with(castling, "-"))
        .ok_or_else(|| fen_error(fen, &error))
}
