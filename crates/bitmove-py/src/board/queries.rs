//! `Board`'s questions: attacks, pins, checks, validity, the end of the game, kinds of moves.

use super::*;

#[pymethods]
impl Board {
    // ---- attacks, pins, checks ----

    pub(super) fn attacks_mask(&self, square: i64) -> PyResult<u64> {
        Ok(self.setup.attacks_mask(square_arg(square)?))
    }

    /// The squares the piece on `square` attacks, as a `SquareSet`.
    fn attacks<'py>(&self, py: Python<'py>, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attacks_mask(square)?)
    }

    #[pyo3(signature = (color, square, occupied=None))]
    pub(super) fn attackers_mask(
        &self,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let at = square_arg(square)?;
        let occupied = match occupied {
            None => self.setup.occupied(),
            some => mask_arg(some)?,
        };
        Ok(self
            .setup
            .attackers_mask_with(crate::board::color(color), at, occupied))
    }

    /// The pieces of `color` that attack `square`, as a `SquareSet`.
    #[pyo3(signature = (color, square, occupied=None))]
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attackers_mask(color, square, occupied)?)
    }

    /// Whether a piece of `color` attacks `square`.
    #[pyo3(signature = (color, square, occupied=None))]
    pub(super) fn is_attacked_by(
        &self,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square, occupied)? != 0)
    }

    pub(super) fn pin_mask(&self, color: bool, square: i64) -> PyResult<u64> {
        Ok(self
            .setup
            .pin_mask(crate::board::color(color), square_arg(square)?))
    }

    /// The line the piece on `square` is pinned along to its king of `color`, or every
    /// square, as a `SquareSet`.
    fn pin<'py>(&self, py: Python<'py>, color: bool, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pin_mask(color, square)?)
    }

    pub(super) fn is_pinned(&self, color: bool, square: i64) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != u64::MAX)
    }

    pub(super) fn checkers_mask(&self) -> u64 {
        self.setup.checkers_mask()
    }

    /// The pieces giving check, as a `SquareSet`.
    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.setup.checkers_mask())
    }

    pub(super) fn is_check(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return match game.playable() {
                Some(pos) => pos.is_check(),
                None => {
                    game.variant() != bitmove::variant::Variant::Antichess && self.setup.is_check()
                }
            };
        }
        self.setup.is_check()
    }

    /// The square of `color`'s king (unpromoted, the highest if several), or None.
    pub(super) fn king(&self, color: bool) -> Option<u8> {
        self.setup
            .king(crate::board::color(color))
            .map(|sq| sq as u8)
    }

    pub(super) fn pieces_mask(&self, piece_type: i64, color: bool) -> PyResult<u64> {
        let piece = crate::piece::from_type(piece_type)?;
        Ok(self.setup.pieces[piece.index()].0
            & self.setup.colors[crate::board::color(color).index()].0)
    }

    /// The squares of `piece_type`'s pieces of `color`, as a `SquareSet`.
    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: i64,
        color: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pieces_mask(piece_type, color)?)
    }

    // ---- validity ----

    /// What is wrong with the position: python-chess's `STATUS_*` bits (0 when valid).
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if let Some(game) = self.variant_game() {
            let status = game.state.status().0;
            return py
                .import("bitmove._squares")?
                .getattr("Status")?
                .call1((status,));
        }
        py.import("bitmove._squares")?
            .getattr("Status")?
            .call1((self.setup.status().0,))
    }

    fn is_valid(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.state.is_valid();
        }
        self.setup.is_valid()
    }

    /// The castling rights that mean something (rook and king in place), as an int bitboard.
    fn clean_castling_rights(&self) -> u64 {
        self.setup.clean_castling_rights()
    }

    fn has_castling_rights(&self, color: bool) -> bool {
        let rank: u64 = if color { 0xff } else { 0xff << 56 };
        self.setup.clean_castling_rights() & rank != 0
    }

    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.castling_side(color, true)
    }

    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.castling_side(color, false)
    }

    /// Whether the castling rights need Chess960 to be written (a rook or king off the
    /// standard squares).
    fn has_chess960_castling_rights(&self) -> bool {
        let mut standard = self.setup;
        standard.chess960 = false;
        let mut wide = self.setup;
        wide.chess960 = true;
        standard.clean_castling_rights() != wide.clean_castling_rights()
            || (self.setup.chess960
                && self.setup.clean_castling_rights() != standard.clean_castling_rights())
    }

    // ---- the end of the game ----

    fn is_checkmate(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.playable().is_some_and(|p| p.is_checkmate());
        }
        self.setup.is_checkmate()
    }

    fn is_stalemate(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.playable().is_some_and(|p| p.is_stalemate());
        }
        self.setup.is_stalemate()
    }

    /// Whether neither side can mate (python-chess's rule).
    fn is_insufficient_material(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.state.is_insufficient_material();
        }
        self.setup.is_insufficient_material()
    }

    /// Whether `color` cannot mate by any sequence of legal moves.
    fn has_insufficient_material(&self, color: bool) -> bool {
        if let Some(game) = self.variant_game() {
            return game
                .state
                .has_insufficient_material(crate::board::color(color));
        }
        self.setup
            .has_insufficient_material(crate::board::color(color))
    }

    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.repetition(count)
    }

    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome(&self, claim_draw: bool) -> Option<Outcome> {
        self.outcome_of(claim_draw)
    }

    fn can_claim_draw(&self) -> bool {
        self.claim_fifty() || self.claim_threefold()
    }

    fn can_claim_fifty_moves(&self) -> bool {
        self.claim_fifty()
    }

    fn can_claim_threefold_repetition(&self) -> bool {
        self.claim_threefold()
    }

    fn is_fifty_moves(&self) -> bool {
        Board::halfmoves_reached(&self.setup, 100)
    }

    fn is_seventyfive_moves(&self) -> bool {
        Board::halfmoves_reached(&self.setup, 150)
    }

    fn is_fivefold_repetition(&self) -> bool {
        self.repetition(5)
    }

    #[pyo3(signature = (*, claim_draw=false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_of(claim_draw).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_of(claim_draw).map(|o| o.winner_value()) {
            None => "*",
            Some(Some(true)) => "1-0",
            Some(Some(false)) => "0-1",
            Some(None) => "1/2-1/2",
        }
    }

    pub(super) fn is_variant_end(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.is_variant_end();
        }
        false
    }
    pub(super) fn is_variant_win(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.is_variant_win();
        }
        false
    }
    pub(super) fn is_variant_loss(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.is_variant_loss();
        }
        false
    }
    pub(super) fn is_variant_draw(&self) -> bool {
        if let Some(game) = self.variant_game() {
            return game.is_variant_draw();
        }
        false
    }

    // ---- moves' kinds ----

    pub(super) fn is_capture(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.internal(mv)?.is_some_and(|m| self.setup.is_capture(m)))
    }

    pub(super) fn is_en_passant(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .internal(mv)?
            .is_some_and(|m| self.setup.is_en_passant(m)))
    }

    pub(super) fn is_castling(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = Move::coerce_any(mv)?.inner;
        Ok(self.setup.is_castling(mv))
    }

    fn is_kingside_castling(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = Move::coerce_any(mv)?.inner;
        Ok(self.setup.is_castling(mv) && mv.to.file() as u32 > mv.from.file() as u32)
    }

    fn is_queenside_castling(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = Move::coerce_any(mv)?.inner;
        Ok(self.setup.is_castling(mv) && (mv.to.file() as u32) < mv.from.file() as u32)
    }

    pub(super) fn is_zeroing(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.internal(mv)?.is_some_and(|m| self.setup.is_zeroing(m)))
    }

    fn is_irreversible(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(game) = self.variant_game() {
            // python-chess judges any move by its squares, legal or not; the null move and
            // drops are never irreversible in crazyhouse.
            let text: String = mv.call_method0("uci")?.extract()?;
            let crazyhouse = game.variant() == bitmove::variant::Variant::Crazyhouse;
            if text == "0000" || text.contains('@') {
                return Ok(false);
            }
            let Some(inner) = self.internal(mv)? else {
                return Ok(false);
            };
            if crazyhouse {
                return Ok(self.setup.reduces_castling_rights(inner));
            }
            let mut gives_check = false;
            if game.variant() == bitmove::variant::Variant::ThreeCheck
                && let Ok(legal) = game.legal(mv)
            {
                let mut after = game.pos()?.clone();
                after.play_unchecked(legal);
                gives_check = after.is_check();
            }
            return Ok(self.setup.is_irreversible(inner) || gives_check);
        }
        Ok(self
            .internal(mv)?
            .is_some_and(|m| self.setup.is_irreversible(m)))
    }
}
