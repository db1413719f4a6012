//! The live views `board.legal_moves` and `board.pseudo_legal_moves`.

use super::*;

/// The moves of a board, as it is when asked: `len()`, iteration, indexing, `in`. Legal
/// moves for `board.legal_moves`, pseudo-legal ones for `board.pseudo_legal_moves`.
#[pyclass(module = "bitmove", frozen, freelist = 8)]
pub struct LegalMoves {
    board: Py<Board>,
    legal: bool,
}

impl LegalMoves {
    pub(crate) fn new(board: Py<Board>, legal: bool) -> LegalMoves {
        LegalMoves { board, legal }
    }

    /// The board, or a `RuntimeError` if it is being changed right now (a callback from
    /// inside one of its own methods), never a panic.
    fn owner<'py>(&'py self, py: Python<'py>) -> PyResult<PyRef<'py, Board>> {
        Ok(self.board.bind(py).try_borrow()?)
    }

    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        let owner = self.owner(py)?;
        if let Some(game) = owner.variant_game() {
            return game.moves();
        }
        drop(owner);
        Ok(self.owner(py)?.moves_of(self.legal, ALL, ALL))
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let owner = self.owner(py)?;
        if let Some(game) = owner.variant_game() {
            return Ok(game.playable().map_or(0, |p| p.legal_moves().len()));
        }
        drop(owner);
        let owner = self.owner(py)?;
        let mut count = 0;
        if self.legal
            && let Ok(board) = owner.setup.to_board()
        {
            // A valid position: the fast generator counts without listing.
            return Ok(board.count_moves());
        }
        if self.legal {
            owner.setup.for_each_legal(ALL, ALL, &mut |_| count += 1);
        } else {
            owner
                .setup
                .for_each_pseudo_legal(ALL, ALL, &mut |_| count += 1);
        }
        Ok(count)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    /// The number of moves (python-chess's `count()`).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    /// Whether `mv` (a bitmove `Move` or a `chess.Move`) is among the moves.
    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let owner = self.owner(py)?;
        if let Some(game) = owner.variant_game() {
            return Ok(game.legal(mv).is_ok());
        }
        drop(owner);
        let owner = self.owner(py)?;
        let Ok(Some(inner)) = owner.internal(mv) else {
            return Ok(false);
        };
        Ok(if self.legal {
            owner.setup.is_legal(inner)
        } else {
            owner.setup.is_pseudo_legal(inner)
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        iterate(py, self.moves(py)?)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let owner = self.owner(py)?;
        if let Some(game) = owner.variant_game() {
            let sans: Vec<String> = game.playable().map_or_else(Vec::new, |pos| {
                pos.legal_moves()
                    .iter()
                    .map(|&mv| pos.san(mv).to_string())
                    .collect()
            });
            return Ok(format!(
                "<LegalMoveGenerator at {:#x} ({})>",
                self as *const _ as usize,
                sans.join(", ")
            ));
        }
        drop(owner);
        let owner = self.owner(py)?;
        let setup = &owner.setup;
        let mut texts = Vec::new();
        let legal = self.legal;
        let mut each = |mv: bitmove::Move| {
            texts.push(if legal || setup.is_legal(mv) {
                setup.san(mv)
            } else {
                setup.to_uci_move(mv).to_string()
            });
        };
        if legal {
            setup.for_each_legal(ALL, ALL, &mut each);
        } else {
            setup.for_each_pseudo_legal(ALL, ALL, &mut each);
        }
        let name = if legal {
            "LegalMoveGenerator"
        } else {
            "PseudoLegalMoveGenerator"
        };
        Ok(format!(
            "<{name} at {:#x} ({})>",
            self as *const _ as usize,
            texts.join(", ")
        ))
    }

    /// The moves last to first.
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut moves = self.moves(py)?;
        moves.reverse();
        iterate(py, moves)
    }

    /// A move by index, or a list of moves by slice.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let list = PyList::new(py, self.moves(py)?)?;
            return list.as_any().get_item(slice);
        }
        let index: isize = index.extract()?;
        let moves = self.moves(py)?;
        let at = if index < 0 {
            index + moves.len() as isize
        } else {
            index
        };
        let mv = usize::try_from(at)
            .ok()
            .and_then(|i| moves.get(i).copied())
            .ok_or_else(|| PyIndexError::new_err("legal move index out of range"))?;
        Ok(mv.shared(py)?.into_any())
    }
}
