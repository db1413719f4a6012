//! `board.legal_moves`: a live view of a board's legal moves, like python-chess's
//! `LegalMoveGenerator`.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::Board;
use crate::moves::Move;

/// The legal moves of a board, as it is when asked: `len()`, iteration, indexing, `in`.
#[pyclass(module = "bitmove", frozen)]
pub struct LegalMoves {
    board: Py<Board>,
}

impl LegalMoves {
    pub(crate) fn new(board: Py<Board>) -> LegalMoves {
        LegalMoves { board }
    }

    fn moves(&self, py: Python<'_>) -> Vec<Move> {
        let owner = self.board.borrow(py);
        let board = owner.current();
        board
            .legal_moves()
            .iter()
            .map(|&mv| Move::from_inner(board.uci(mv).as_move()))
            .collect()
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).current().count_moves()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.board.borrow(py).current().has_legal_moves()
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> bool {
        let Ok(mv) = mv.cast::<Move>() else {
            return false;
        };
        let inner = mv.get().inner;
        self.board
            .borrow(py)
            .current()
            .parse_uci_move(inner)
            .is_ok()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.moves(py))?
            .as_any()
            .try_iter()?
            .into_any())
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Move> {
        let moves = self.moves(py);
        let at = if index < 0 {
            index + moves.len() as isize
        } else {
            index
        };
        usize::try_from(at)
            .ok()
            .and_then(|i| moves.get(i).copied())
            .ok_or_else(|| PyIndexError::new_err("legal move index out of range"))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let owner = self.board.borrow(py);
        let board = owner.current();
        let sans: Vec<String> = board
            .legal_moves()
            .iter()
            .map(|&mv| board.san(mv).to_string())
            .collect();
        format!("<LegalMoves ({})>", sans.join(", "))
    }
}
