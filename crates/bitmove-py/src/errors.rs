//! The exception types, all `ValueError` subclasses like python-chess's, and the one place
//! where library errors become Python exceptions.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    bitmove,
    FenError,
    PyValueError,
    "A FEN that is malformed or describes an impossible position; the message names the field and the reason."
);
create_exception!(
    bitmove,
    InvalidMoveError,
    PyValueError,
    "Text that is not a move in the notation asked for (UCI or SAN)."
);
create_exception!(
    bitmove,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that is not legal in the position."
);
create_exception!(
    bitmove,
    AmbiguousMoveError,
    PyValueError,
    "SAN that matches more than one legal move."
);

/// The message for a refused FEN, the command line's: the reason, then the input quoted
/// with the offending text marked `«like this»`.
pub(crate) fn fen_message(fen: &str, error: &bitmove::FenError) -> String {
    bitmove::messages::fen_error(fen, error)
}

/// A refused FEN as a `FenError`.
pub(crate) fn fen_error(fen: &str, error: &bitmove::FenError) -> PyErr {
    FenError::new_err(fen_message(fen, error))
}

/// `text` quoted as Python's `repr` quotes a string (`'Ke3'`), for messages in
/// python-chess's words, which programs match.
pub(crate) fn py_repr(text: &str) -> String {
    Python::attach(|py| {
        pyo3::types::PyString::new(py, text)
            .repr()
            .map(|repr| repr.to_string())
            .unwrap_or_else(|_| format!("{text:?}"))
    })
}

/// A refused UCI move, in python-chess's words: bad syntax is `InvalidMoveError`
/// (`expected uci string to be of length 4 or 5: 'xx'`, `invalid uci: 'e9e4'`), an
/// illegal move `IllegalMoveError` (`illegal uci: 'e2e5'`).
pub(crate) fn uci_error(text: &str, error: bitmove::UciError) -> PyErr {
    let quoted = py_repr(text);
    match error {
        bitmove::UciError::Syntax if !matches!(text.chars().count(), 4 | 5) => {
            InvalidMoveError::new_err(format!(
                "expected uci string to be of length 4 or 5: {quoted}"
            ))
        }
        bitmove::UciError::Syntax => InvalidMoveError::new_err(format!("invalid uci: {quoted}")),
        bitmove::UciError::Illegal => IllegalMoveError::new_err(format!("illegal uci: {quoted}")),
    }
}

create_exception!(
    bitmove,
    CheckpointError,
    PyValueError,
    "A deep run that cannot go on: another run's or a malformed checkpoint, a split deeper than the depth, a result that does not fit the run, or a checkpoint that cannot be written."
);

/// A refused deep run or result as a `CheckpointError`.
pub(crate) fn deep_error(error: bitmove::deep::DeepError) -> PyErr {
    CheckpointError::new_err(error.to_string())
}
