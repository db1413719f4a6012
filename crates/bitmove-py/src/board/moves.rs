//! `Board`'s moves: generation, making and taking back, notation.

use super::*;

#[pymethods]
impl Board {
    // ---- moves ----

    /// The legal moves: a live view (`len()`, iteration, indexing, `in`).
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> LegalMoves {
        LegalMoves::new(slf.unbind(), true)
    }

    /// The pseudo-legal moves (moves that may leave the king in check): a live view.
    #[getter]
    fn pseudo_legal_moves(slf: Bound<'_, Self>) -> LegalMoves {
        LegalMoves::new(slf.unbind(), false)
    }

    /// The legal moves as UCI strings, in one call (faster than `[m.uci() for m in ...]`).
    fn legal_moves_uci<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(game) = self.variant_game() {
            let texts: Vec<String> = game.moves()?.iter().map(Move::inner_uci).collect();
            return PyList::new(py, texts);
        }
        // A valid position goes through the fast generator (its own move order: this list
        // is bitmove's, not python-chess's); any other through Setup's.
        if let Ok(board) = self.setup.to_board() {
            let moves = board.legal_moves();
            return PyList::new(
                py,
                moves
                    .iter()
                    .map(|&mv| crate::moves::uci_string(py, board.uci(mv).as_move())),
            );
        }
        let setup = &self.setup;
        let mut out = Vec::new();
        setup.for_each_legal(ALL, ALL, &mut |mv| {
            out.push(crate::moves::uci_string(py, setup.to_uci_move(mv)));
        });
        PyList::new(py, out)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::Legal, from_mask, to_mask)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_pseudo_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::PseudoLegal, from_mask, to_mask)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::LegalCaptures, from_mask, to_mask)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_pseudo_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::PseudoLegalCaptures, from_mask, to_mask)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::LegalEp, from_mask, to_mask)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_pseudo_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::PseudoLegalEp, from_mask, to_mask)
    }

    #[pyo3(signature = (from_mask=None, to_mask=None))]
    fn generate_castling_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, Generated::Castling, from_mask, to_mask)
    }

    pub(super) fn has_legal_en_passant(&self) -> bool {
        self.setup.has_legal_en_passant()
    }

    pub(super) fn has_pseudo_legal_en_passant(&self) -> bool {
        self.setup.has_pseudo_legal_en_passant()
    }

    /// Whether `move` is pseudo-legal (the null move and drops are not).
    fn is_pseudo_legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(game) = self.variant_game() {
            // A board move: pseudo-legal as in chess (atomic's king may still be left in
            // check); a drop or antichess's king promotion: when legal.
            if let Ok(Some(inner)) = self.internal(mv)
                && inner.promotion != Some(bitmove::Piece::King)
                && game.variant() != bitmove::variant::Variant::Antichess
            {
                return Ok(self.setup.is_pseudo_legal(inner));
            }
            return Ok(game.legal(mv).is_ok());
        }
        Ok(match self.internal(mv) {
            Ok(Some(mv)) => self.setup.is_pseudo_legal(mv),
            _ => false,
        })
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(game) = self.variant_game() {
            return Ok(game.legal(mv).is_ok());
        }
        Ok(match self.internal(mv) {
            Ok(Some(mv)) => self.setup.is_legal(mv),
            _ => false,
        })
    }

    /// Whether the pseudo-legal `move` would leave the side to move in check.
    fn is_into_check(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match self.internal(mv)? {
            Some(mv) => self.setup.is_into_check(mv),
            None => false,
        })
    }

    /// Whether the side that just moved left its king in check.
    fn was_into_check(&self) -> bool {
        self.setup.was_into_check()
    }

    /// Whether the pseudo-legal `move` gives check.
    fn gives_check(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(game) = self.variant_game() {
            let mut after = game.pos()?.clone();
            after
                .play(game.legal(mv)?)
                .map_err(|_| IllegalMoveError::new_err("illegal move"))?;
            return Ok(after.is_check());
        }
        let mut after = self.setup;
        match self.internal(mv)? {
            Some(mv) => {
                after.push(mv);
            }
            None => after.push_null(),
        }
        Ok(after.is_check())
    }

    /// Makes `move` (legal, pseudo-legal or the null move; as python-chess, unchecked) and
    /// puts it on the move stack. A move from an empty square is an `AssertionError`.
    fn push(mut slf: PyRefMut<'_, Self>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let out = Board::push_impl(&mut slf, mv);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// Plays a move given in UCI and returns it: `InvalidMoveError` for text that is not UCI,
    /// `IllegalMoveError` for a move that is not legal; the board is unchanged after either.
    fn push_uci(mut slf: PyRefMut<'_, Self>, uci: &str) -> PyResult<Move> {
        let out = Board::push_uci_impl(&mut slf, uci);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// Plays a move given in SAN and returns it.
    fn push_san(mut slf: PyRefMut<'_, Self>, san: &str) -> PyResult<Move> {
        let out = Board::push_san_impl(&mut slf, san);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// Plays a move in XBoard notation and returns it.
    fn push_xboard(mut slf: PyRefMut<'_, Self>, xboard: &str) -> PyResult<Move> {
        let out = Board::push_xboard_impl(&mut slf, xboard);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    fn pop(mut slf: PyRefMut<'_, Self>) -> PyResult<Move> {
        let out = Board::pop_impl(&mut slf);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// The last move played; `IndexError` when there is none.
    fn peek(&self) -> PyResult<Move> {
        if let Some(game) = self.variant_game() {
            let frame = game
                .stack
                .last()
                .ok_or_else(|| PyIndexError::new_err("list index out of range"))?;
            return variant::GameView::shown(&frame.pos, frame.mv);
        }
        self.stack
            .last()
            .map(|frame| Board::shown(&frame.before, frame.mv))
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))
    }

    /// The legal move from `from_square` to `to_square` (a pawn on the last rank promotes
    /// to a queen unless `promotion` says otherwise; `e1g1` castles in standard chess).
    #[pyo3(signature = (from_square, to_square, promotion=None))]
    fn find_move(
        &self,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Move> {
        let from = square_arg(from_square)?;
        let to = square_arg(to_square)?;
        let promotion = promotion.map(crate::piece::from_type).transpose()?;
        let mv = self.setup.find_move(from, to, promotion).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "no matching legal move for {from}{to} ({from} -> {to}) in {}",
                self.fen_string(false, EnPassantMode::Legal, false)
            ))
        })?;
        Ok(Move::from_inner(self.setup.to_uci_move(mv)))
    }

    // ---- notation ----

    /// The legal (or null) `move` in SAN, with `+` or `#`.
    fn san(&self, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(game) = self.variant_game() {
            let mv = game.pushable(mv)?;
            if mv == bitmove::pgn::NULL_VARIANT_MOVE {
                return Ok("--".into());
            }
            return Ok(game.pos()?.san(mv).to_string());
        }
        self.algebraic(mv, false)
    }

    /// The legal (or null) `move` in long algebraic notation (`Ng1-f3`).
    fn lan(&self, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        self.algebraic(mv, true)
    }

    /// The SAN of `move`, then plays it.
    fn san_and_push(mut slf: PyRefMut<'_, Self>, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        let out = Board::san_and_push_impl(&mut slf, mv);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// A line of legal moves in SAN with move numbers (`1. e4 e5 2. Nf3`); `IllegalMoveError`
    /// at the first illegal one.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = Board::with(self.setup);
        let mut out = Vec::new();
        for mv in variation.try_iter()? {
            let mv = mv?;
            let inner = board.internal(&mv)?;
            let legal = match inner {
                Some(inner) => board.setup.is_legal(inner),
                None => false,
            };
            if !legal {
                let text: String = mv.str()?.extract()?;
                return Err(IllegalMoveError::new_err(format!(
                    "illegal move {text} in position {}",
                    board.fen_string(false, EnPassantMode::Legal, false)
                )));
            }
            let san = board.algebraic(&mv, false)?;
            let setup = &board.setup;
            if setup.turn == Color::White {
                out.push(format!("{}. {san}", setup.fullmove_number));
            } else if out.is_empty() {
                out.push(format!("{}...{san}", setup.fullmove_number));
            } else {
                out.push(san);
            }
            board.push_inner(inner)?;
        }
        Ok(out.join(" "))
    }

    /// Reads SAN (python-chess's leniency) into a legal move or the null move.
    pub(super) fn parse_san(&self, san: &str) -> PyResult<Move> {
        if let Some(game) = self.variant_game() {
            let pos = game.pos()?;
            let mv = pos.parse_san(san).map_err(|e| variant_san_error(san, e))?;
            return variant::GameView::shown(pos, mv);
        }
        let mv = self.parse_san_inner(san)?;
        Ok(Board::shown(&self.setup, mv))
    }

    /// Reads UCI into a legal move (or the null move `0000`): `InvalidMoveError` for text
    /// that is not UCI, `IllegalMoveError` for a move that is not legal.
    fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        if let Some(game) = self.variant_game() {
            let pos = game.pos()?;
            let mv = pos.parse_uci(uci).map_err(|e| uci_error(uci, e))?;
            return variant::GameView::shown(pos, mv);
        }
        let mv = Move::from_uci_text(uci)?;
        if mv.is_null_move() {
            return Ok(mv);
        }
        let inner = self.setup.from_uci_move(mv.inner);
        if !self.setup.is_legal(inner) {
            return Err(IllegalMoveError::new_err(format!(
                "illegal uci: {} in {}",
                crate::errors::py_repr(uci),
                self.fen_string(false, EnPassantMode::Legal, false)
            )));
        }
        // python-chess gives the move in this board's form (e1h1 -> e1g1 in standard chess).
        Ok(Move::from_inner(self.setup.to_uci_move(inner)))
    }

    /// `move` in UCI as this board writes it (`chess960=` to choose the castling form).
    #[pyo3(signature = (mv, *, chess960=None))]
    fn uci(&self, mv: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        if let Some(game) = self.variant_game() {
            let _ = chess960;
            return Ok(game.pos()?.uci(game.legal(mv)?).to_string());
        }
        let Some(inner) = self.internal(mv)? else {
            return Ok("0000".to_string());
        };
        let mut setup = self.setup;
        setup.chess960 = chess960.unwrap_or(self.setup.chess960);
        Ok(setup.to_uci_move(inner).to_string())
    }

    /// `move` in XBoard notation: UCI, `@@@@` for the null move, and in Chess960 castling as
    /// `O-O` / `O-O-O` (python-chess's `xboard`).
    #[pyo3(signature = (mv, chess960=None))]
    fn xboard(&self, mv: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        let Some(inner) = self.internal(mv)? else {
            return Ok("@@@@".to_string());
        };
        let chess960 = chess960.unwrap_or(self.setup.chess960);
        if chess960 && self.setup.is_castling(inner) {
            return Ok(if self.setup.is_kingside_castling(inner) {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            });
        }
        self.uci(mv, Some(chess960))
    }

    /// Reads XBoard notation (SAN or UCI) into a legal move.
    fn parse_xboard(&self, xboard: &str) -> PyResult<Move> {
        self.parse_san(xboard)
    }
}

/// Which of python-chess's `generate_*` methods.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Generated {
    Legal,
    PseudoLegal,
    LegalCaptures,
    PseudoLegalCaptures,
    LegalEp,
    PseudoLegalEp,
    Castling,
}

impl Board {
    /// The moves of a `generate_*` method between the masks, in python-chess's order (a
    /// variant board's legal and pseudo-legal moves: its legal moves; its captures, en-passant
    /// and castling moves by the board's pieces, as the variant's board mirrors them).
    fn generated<'py>(
        &self,
        py: Python<'py>,
        kind: Generated,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(game) = self.variant_game()
            && matches!(kind, Generated::Legal | Generated::PseudoLegal)
        {
            return iterate(py, game.moves()?);
        }
        let (from, to) = (mask_arg(from_mask)?, mask_arg(to_mask)?);
        let setup = &self.setup;
        let theirs = setup.colors[(!setup.turn).index()].0;
        let mut moves = Vec::new();
        let mut push = |mv: bitmove::Move| moves.push(Move::from_inner(setup.to_uci_move(mv)));
        match kind {
            Generated::Legal => setup.for_each_legal(from, to, &mut push),
            Generated::PseudoLegal => setup.for_each_pseudo_legal(from, to, &mut push),
            Generated::LegalCaptures => {
                setup.for_each_legal(from, to & theirs, &mut push);
                setup.for_each_legal_ep(from, to, &mut push);
            }
            Generated::PseudoLegalCaptures => {
                setup.for_each_pseudo_legal(from, to & theirs, &mut push);
                setup.for_each_pseudo_legal_ep(from, to, &mut push);
            }
            Generated::LegalEp => setup.for_each_legal_ep(from, to, &mut push),
            Generated::PseudoLegalEp => setup.for_each_pseudo_legal_ep(from, to, &mut push),
            Generated::Castling => setup.for_each_castling(from, to, &mut push),
        }
        iterate(py, moves)
    }
}

/// What `bitmove.polyglot` asks of a board for a book entry's move.
impl Board {
    /// The Polyglot key of the position (`zobrist_hash`).
    pub(crate) fn polyglot_key(&self) -> u64 {
        self.setup.zobrist_hash()
    }

    /// A stored book move (castling king takes rook) as python-chess's `find_all` reads it
    /// here: the move as this board writes it (`_from_chess960`) and whether it is legal.
    pub(crate) fn book_move(
        &self,
        py: Python<'_>,
        stored: bitmove::Move,
    ) -> PyResult<(Move, bool)> {
        let shown = Move::from_inner(self.setup.to_uci_move(stored));
        let legal = if self.variant_game().is_some() {
            self.is_legal(shown.shared(py)?.as_any())?
        } else {
            self.setup.is_legal(self.setup.from_uci_move(shown.inner))
        };
        Ok((shown, legal))
    }
}

/// The bodies of the methods above that can change the side to move (each wrapper then
/// brings the attributes to the new state: `Board::sync_attrs`).
impl Board {
    fn push_impl(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(game) = self.variant_game() {
            let mv = game.pushable(mv)?;
            return self.push_variant(mv);
        }
        let mv = self.internal(mv)?;
        self.push_inner(mv)
    }
    fn push_uci_impl(&mut self, uci: &str) -> PyResult<Move> {
        if let Some(game) = self.variant_game() {
            let pos = game.pos()?;
            let mv = pos.parse_uci(uci).map_err(|e| uci_error(uci, e))?;
            let shown = variant::GameView::shown(pos, mv)?;
            self.push_variant(mv)?;
            return Ok(shown);
        }
        let mv = self.parse_uci(uci)?;
        let inner = if mv.is_null_move() {
            None
        } else {
            Some(self.setup.from_uci_move(mv.inner))
        };
        self.push_inner(inner)?;
        Ok(mv)
    }
    fn push_san_impl(&mut self, san: &str) -> PyResult<Move> {
        if let Some(game) = self.variant_game() {
            let pos = game.pos()?;
            let mv = pos.parse_san(san).map_err(|e| variant_san_error(san, e))?;
            let shown = variant::GameView::shown(pos, mv)?;
            self.push_variant(mv)?;
            return Ok(shown);
        }
        let mv = self.parse_san_inner(san)?;
        let shown = Board::shown(&self.setup, mv);
        self.push_inner(mv)?;
        Ok(shown)
    }
    fn push_xboard_impl(&mut self, xboard: &str) -> PyResult<Move> {
        self.push_san_impl(xboard)
    }
    fn pop_impl(&mut self) -> PyResult<Move> {
        if self.variant.is_some() {
            return self.pop_variant();
        }
        let frame = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        self.setup = frame.before;
        Ok(Board::shown(&frame.before, frame.mv))
    }
    fn san_and_push_impl(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        let san = self.algebraic(mv, false)?;
        let mv = self.internal(mv)?;
        self.push_inner(mv)?;
        Ok(san)
    }
}
