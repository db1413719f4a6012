//! The lichess variants on `Board` (python-chess's `chess.variant` classes are subclasses
//! that call `_set_variant`). The board's [`Setup`] holds the pieces, side, rights and
//! counters as python-chess's variant boards do (any placement); the pockets and check
//! counters sit beside it, and the library's [`VariantSetup`] judges the whole (status,
//! material) and hands out the [`VariantPosition`] that plays it by the variant's rules.

use std::borrow::Cow;

use bitmove::variant::{Pocket, Variant, VariantMove, VariantPosition, VariantSetup};

use super::*;

/// One move of a variant game's stack: the state before it, its position, and the move.
#[derive(Clone)]
pub(crate) struct VariantFrame {
    pub(super) before: VariantSetup,
    pub(super) pos: VariantPosition,
    pub(super) mv: VariantMove,
}

/// A variant game: python-chess's name for it (`suicide` and `giveaway` play antichess's
/// moves with their own endings), what the variant adds to the board's `Setup`, the
/// position its rules play (kept for the `Setup` it was made from), and the moves played.
#[derive(Clone)]
pub(crate) struct VariantGame {
    pub(super) name: String,
    variant: Variant,
    pockets: [Pocket; 2],
    remaining_checks: [u8; 2],
    /// The `Setup` that `pos` was made from: when the board's differs (a piece set, the
    /// turn changed), the position is made again.
    synced: Setup,
    pos: Option<VariantPosition>,
    pub(super) stack: Vec<VariantFrame>,
}

impl VariantGame {
    fn new(name: &str, state: VariantSetup) -> VariantGame {
        VariantGame {
            name: name.to_string(),
            variant: state.variant,
            pockets: state.pockets,
            remaining_checks: state.remaining_checks,
            synced: state.setup,
            pos: state.position().ok(),
            stack: Vec::new(),
        }
    }

    /// Takes `state` as the game's (its setup is the board's), the position made again.
    fn sync(&mut self, state: &VariantSetup, pos: Option<VariantPosition>) {
        self.pockets = state.pockets;
        self.remaining_checks = state.remaining_checks;
        self.synced = state.setup;
        self.pos = pos.or_else(|| state.position().ok());
    }
}

/// A variant game seen with the board's current `Setup`: the whole state and the position
/// that plays it (`None` when the variant's rules cannot play it: no moves there).
pub(crate) struct GameView<'a> {
    game: &'a VariantGame,
    pub(super) state: VariantSetup,
    pos: Option<Cow<'a, VariantPosition>>,
}

impl std::ops::Deref for GameView<'_> {
    type Target = VariantGame;

    fn deref(&self) -> &VariantGame {
        self.game
    }
}

impl GameView<'_> {
    pub(super) fn variant(&self) -> Variant {
        self.game.variant
    }

    /// The position the variant's rules play, or `IllegalMoveError` when they cannot play
    /// this one (it has no legal moves).
    pub(super) fn pos(&self) -> PyResult<&VariantPosition> {
        self.pos.as_deref().ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "no legal moves: the rules of {} cannot play {}",
                self.game.name,
                self.fen_text(false, EnPassantMode::Always)
            ))
        })
    }

    /// The position when the rules play it.
    pub(super) fn playable(&self) -> Option<&VariantPosition> {
        self.pos.as_deref()
    }

    /// The FEN in the variant's form.
    pub(super) fn fen_text(&self, shredder: bool, en_passant: EnPassantMode) -> String {
        if let (EnPassantMode::Legal, Some(pos)) = (en_passant, self.playable()) {
            let notation = if shredder {
                bitmove::CastlingNotation::Shredder
            } else {
                bitmove::CastlingNotation::XFen
            };
            return pos.fen_with(notation).to_string();
        }
        let mut out = String::with_capacity(100);
        let _ = self.state.write_fen(&mut out, shredder, en_passant);
        out
    }

    /// python-chess's suicide: the side to move wins with no pieces left; on stalemate (both
    /// sides with pieces, no legal move) the side with fewer pieces wins.
    fn suicide_balance(&self) -> Option<i32> {
        let pos = self.playable()?;
        let board = pos.board();
        let us = board.colors(board.side_to_move()).len() as i32;
        let them = board.colors(!board.side_to_move()).len() as i32;
        (us > 0 && them > 0 && pos.legal_moves().is_empty()).then_some(us - them)
    }

    pub(super) fn is_variant_win(&self) -> bool {
        let Some(pos) = self.playable() else {
            return false;
        };
        match self.name.as_str() {
            "suicide" => {
                let board = pos.board();
                board.colors(board.side_to_move()).is_empty()
                    || self.suicide_balance().is_some_and(|b| b < 0)
            }
            _ => pos.is_variant_win(),
        }
    }

    pub(super) fn is_variant_loss(&self) -> bool {
        match self.name.as_str() {
            "suicide" => self.suicide_balance().is_some_and(|b| b > 0),
            _ => self.playable().is_some_and(|p| p.is_variant_loss()),
        }
    }

    pub(super) fn is_variant_draw(&self) -> bool {
        match self.name.as_str() {
            "suicide" => self.suicide_balance() == Some(0),
            _ => self.playable().is_some_and(|p| p.is_variant_draw()),
        }
    }

    pub(super) fn is_variant_end(&self) -> bool {
        self.playable().is_some_and(|p| p.is_variant_end())
    }

    /// A Python move (bitmove's or python-chess's, drops included) as a legal move here.
    pub(super) fn legal(&self, value: &Bound<'_, PyAny>) -> PyResult<VariantMove> {
        let text: String = value.call_method0("uci")?.extract()?;
        let pos = self.pos()?;
        pos.parse_uci(&text)
            .map_err(|_| IllegalMoveError::new_err(format!("illegal move {text} in {}", pos.fen())))
    }

    /// A move `push` takes: a legal move, or the null move (which passes the turn, also in
    /// check, as python-chess's `push(Move.null())` does).
    pub(super) fn pushable(&self, value: &Bound<'_, PyAny>) -> PyResult<VariantMove> {
        let text: String = value.call_method0("uci")?.extract()?;
        if text == "0000" {
            return Ok(bitmove::pgn::NULL_VARIANT_MOVE);
        }
        self.legal(value)
    }

    /// A move as this board writes it.
    pub(super) fn shown(pos: &VariantPosition, mv: VariantMove) -> PyResult<Move> {
        if mv == bitmove::pgn::NULL_VARIANT_MOVE {
            return Move::from_uci_text("0000");
        }
        Move::from_uci_text(&pos.uci(mv).to_string())
    }

    /// The legal moves (none when the rules cannot play the position).
    pub(super) fn moves(&self) -> PyResult<Vec<Move>> {
        let Some(pos) = self.playable() else {
            return Ok(Vec::new());
        };
        pos.legal_moves()
            .iter()
            .map(|&mv| GameView::shown(pos, mv))
            .collect()
    }
}

impl Board {
    /// The variant game, when this board plays one, seen with the board's `Setup`.
    pub(super) fn variant_game(&self) -> Option<GameView<'_>> {
        let game = self.variant.as_deref()?;
        let state = VariantSetup {
            variant: game.variant,
            setup: self.setup,
            pockets: game.pockets,
            remaining_checks: game.remaining_checks,
        };
        let pos = if game.synced == self.setup {
            game.pos.as_ref().map(Cow::Borrowed)
        } else {
            state.position().ok().map(Cow::Owned)
        };
        Some(GameView { game, state, pos })
    }

    /// A finished variant game's WDL as a tablebase gives it (2 won, 0 drawn, -2 lost for
    /// the side to move); `None` while it goes on or for standard chess.
    pub(crate) fn variant_end_wdl(&self) -> Option<i32> {
        let game = self.variant_game()?;
        if game.is_variant_win() {
            Some(2)
        } else if game.is_variant_draw() {
            Some(0)
        } else if game.is_variant_loss() {
            Some(-2)
        } else {
            None
        }
    }

    /// Takes `state` as the board's, with `pos` its position when known.
    fn set_variant_state(&mut self, state: VariantSetup, pos: Option<VariantPosition>) {
        self.setup = state.setup;
        if let Some(game) = self.variant.as_deref_mut() {
            game.sync(&state, pos);
        }
    }

    /// Plays a legal variant move and mirrors the position.
    pub(super) fn push_variant(&mut self, mv: VariantMove) -> PyResult<()> {
        let chess960 = self.setup.chess960;
        let view = self.variant_game().expect("a variant board");
        let before = view.state;
        let pos = view.pos()?.clone();
        let mut after = pos.clone();
        // A null move in check leaves the side not to move in check: a position the rules
        // cannot play (no moves, as any such placement), so it is not kept as one.
        let mut playable = true;
        if mv == bitmove::pgn::NULL_VARIANT_MOVE {
            playable = !pos.is_check();
            after.play_null();
        } else {
            after
                .play(mv)
                .map_err(|_| IllegalMoveError::new_err(format!("illegal move {mv}")))?;
        }
        let state = VariantSetup::from_position(&after, chess960);
        self.set_variant_state(state, playable.then_some(after));
        let game = self.variant.as_deref_mut().expect("a variant board");
        game.stack.push(VariantFrame { before, pos, mv });
        Ok(())
    }

    /// Takes back a variant move.
    pub(super) fn pop_variant(&mut self) -> PyResult<Move> {
        let game = self.variant.as_deref_mut().expect("a variant board");
        let frame = game
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        let shown = GameView::shown(&frame.pos, frame.mv)?;
        self.set_variant_state(frame.before, Some(frame.pos));
        Ok(shown)
    }

    /// Reads `fen` for the board's variant (any placement), history cleared.
    pub(super) fn set_variant_fen(&mut self, fen: &str) -> PyResult<()> {
        let chess960 = self.setup.chess960;
        let game = self.variant.as_deref_mut().expect("a variant board");
        let state = VariantSetup::from_fen(game.variant, fen, chess960)
            .map_err(|e| FenError::new_err(format!("{e}: {fen:?}")))?;
        game.stack.clear();
        self.set_variant_state(state, None);
        Ok(())
    }

    /// The root of a variant game: the state before its first move, no stack.
    pub(super) fn variant_root(&self) -> Board {
        let mut root = self.clone();
        if let Some(game) = root.variant.as_deref_mut()
            && !game.stack.is_empty()
        {
            let first = game.stack.swap_remove(0);
            game.stack.clear();
            root.set_variant_state(first.before, Some(first.pos));
        }
        root
    }

    /// How a variant game ended (python-chess's order: the variant's own endings, then
    /// checkmate, insufficient material, stalemate, the move-count rules); repetitions are
    /// not counted in variant games.
    pub(super) fn variant_game_outcome(game: &GameView<'_>, claim_draw: bool) -> Option<Outcome> {
        if let Some(outcome) = Board::variant_outcome(game) {
            return Some(outcome);
        }
        let draw = |termination| Some(Outcome::new(termination, None));
        let pos = game.playable();
        if pos.is_some_and(|p| p.is_checkmate()) {
            let white = game.state.setup.turn == Color::White;
            return Some(Outcome::new(Termination::Checkmate, Some(!white)));
        }
        if game.state.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        if pos.is_none_or(|p| p.legal_moves().is_empty()) {
            return draw(Termination::Stalemate);
        }
        let clock = game.state.setup.halfmove_clock;
        if clock >= 150 {
            return draw(Termination::SeventyfiveMoves);
        }
        if claim_draw && clock >= 100 {
            return draw(Termination::FiftyMoves);
        }
        None
    }

    /// The variant ending, python-chess's way: variant loss, win, draw first.
    pub(super) fn variant_outcome(game: &GameView<'_>) -> Option<Outcome> {
        let white = game.state.setup.turn == Color::White;
        if game.is_variant_loss() {
            return Some(Outcome::new(Termination::VariantLoss, Some(!white)));
        }
        if game.is_variant_win() {
            return Some(Outcome::new(Termination::VariantWin, Some(white)));
        }
        if game.is_variant_draw() {
            return Some(Outcome::new(Termination::VariantDraw, None));
        }
        None
    }
}

#[pymethods]
impl Board {
    /// Turns the board into a game of the variant `name` (python-chess's `uci_variant`:
    /// atomic, antichess, suicide, giveaway, crazyhouse, 3check, kingofthehill, horde,
    /// racingkings) from `fen`; what `chess.variant`'s classes call when made.
    #[pyo3(signature = (name, fen, chess960=false))]
    fn _set_variant(
        &mut self,
        py: Python<'_>,
        name: &str,
        fen: Option<&str>,
        chess960: bool,
    ) -> PyResult<()> {
        let variant = match name {
            "suicide" | "giveaway" => Variant::Antichess,
            other => Variant::from_name(other)
                .ok_or_else(|| PyValueError::new_err(format!("unsupported variant: {other:?}")))?,
        };
        let state = match fen {
            // `XBoard(None)`: an empty board, as python-chess's.
            None => {
                let mut setup = Setup::empty();
                setup.chess960 = chess960;
                VariantSetup::new(variant, setup)
            }
            Some(fen) => VariantSetup::from_fen(variant, fen, chess960)
                .map_err(|e| FenError::new_err(format!("{e}: {fen:?}")))?,
        };
        self.setup = state.setup;
        self.stack.clear();
        self.variant = Some(Box::new(VariantGame::new(name, state)));
        self.sync(py)
    }

    /// Crazyhouse pockets as piece counts `(pawns, knights, bishops, rooks, queens)`,
    /// black's then white's; None for other boards.
    fn _pocket_counts(&self) -> Option<[[u32; 5]; 2]> {
        let game = self.variant.as_deref()?;
        if game.variant != Variant::Crazyhouse {
            return None;
        }
        let counts = |color: Color| {
            let pocket = &game.pockets[color.index()];
            POCKET_PIECES.map(|p| pocket.count(p))
        };
        Some([counts(Color::Black), counts(Color::White)])
    }

    /// Crazyhouse: changes the pocket of `white` (or black) by one `piece_type` (1 pawn to 5
    /// queen): added, or taken out with `remove`; what the live `pockets` call.
    #[pyo3(signature = (white, piece_type, remove=false))]
    fn _pocket_change(&mut self, white: bool, piece_type: u8, remove: bool) -> PyResult<()> {
        let piece = usize::from(piece_type)
            .checked_sub(1)
            .and_then(|i| POCKET_PIECES.get(i).copied())
            .ok_or_else(|| PyValueError::new_err(format!("no pocket piece: {piece_type}")))?;
        let Some(view) = self.variant_game() else {
            return Err(PyValueError::new_err("not a crazyhouse board"));
        };
        let mut state = view.state;
        let pocket = &mut state.pockets[crate::board::color(white).index()];
        if remove {
            if pocket.count(piece) == 0 {
                return Err(PyValueError::new_err(format!("no {piece:?} in the pocket")));
            }
            pocket.remove(piece);
        } else {
            pocket.add(piece);
        }
        self.set_variant_state(state, None);
        Ok(())
    }

    /// Three-check: the checks each side still has to give, `(black, white)`.
    fn _remaining_checks(&self) -> Option<(u32, u32)> {
        let game = self.variant.as_deref()?;
        (game.variant == Variant::ThreeCheck).then(|| {
            (
                u32::from(game.remaining_checks[Color::Black.index()]),
                u32::from(game.remaining_checks[Color::White.index()]),
            )
        })
    }

    /// Crazyhouse: the squares where the side to move could legally drop a piece (pocket
    /// not considered), as an int bitboard.
    fn legal_drop_squares_mask(&self) -> u64 {
        let setup = &self.setup;
        let empty = !setup.occupied();
        let Some(king) = setup.king(setup.turn) else {
            return empty;
        };
        let checkers = setup.attackers_mask(!setup.turn, king);
        if checkers == 0 {
            return empty;
        }
        if checkers.count_ones() > 1 {
            return 0;
        }
        let checker = bitmove::Square::ALL[checkers.trailing_zeros() as usize];
        bitmove::between(king, checker).0 & empty
    }

    /// `legal_drop_squares_mask` as a `SquareSet`.
    fn legal_drop_squares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.legal_drop_squares_mask())
    }
}

/// The pieces a pocket holds, in python-chess's piece-type order (pawn = 1).
const POCKET_PIECES: [bitmove::Piece; 5] = [
    bitmove::Piece::Pawn,
    bitmove::Piece::Knight,
    bitmove::Piece::Bishop,
    bitmove::Piece::Rook,
    bitmove::Piece::Queen,
];

/// A variant SAN error as python-chess's exceptions.
pub(super) fn variant_san_error(text: &str, error: bitmove::SanError) -> PyErr {
    let quoted = crate::errors::py_repr(text);
    match error {
        bitmove::SanError::Syntax => InvalidMoveError::new_err(format!("invalid san: {quoted}")),
        bitmove::SanError::Ambiguous => {
            AmbiguousMoveError::new_err(format!("ambiguous san: {quoted}"))
        }
        _ => IllegalMoveError::new_err(format!("illegal san: {quoted}")),
    }
}
