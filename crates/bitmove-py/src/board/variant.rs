//! The lichess variants on `Board` (python-chess's `chess.variant` classes are subclasses
//! that call `_set_variant`): the position and its rules are the library's
//! [`VariantPosition`]; the board's [`Setup`] mirrors its pieces for the queries every board
//! answers the same way (pieces, attacks, drawings).

use bitmove::variant::{Variant, VariantMove, VariantPosition};

use super::*;

/// A variant game: python-chess's name for it (`suicide` and `giveaway` play antichess's
/// moves with their own endings), the position and the moves that led to it.
#[derive(Clone)]
pub(crate) struct VariantGame {
    pub(super) name: String,
    pub(super) pos: VariantPosition,
    pub(super) stack: Vec<(VariantPosition, VariantMove)>,
}

/// The Setup holding a variant position's pieces, side, rights and counters.
pub(super) fn setup_of(pos: &VariantPosition, chess960: bool) -> Setup {
    let mut setup = Setup::from_board(pos.board());
    setup.promoted = pos.promoted();
    setup.chess960 = chess960;
    setup
}

impl VariantGame {
    pub(super) fn variant(&self) -> Variant {
        self.pos.variant()
    }

    /// python-chess's suicide: the side to move wins with no pieces left; on stalemate the
    /// side with fewer pieces wins.
    fn suicide_balance(&self) -> Option<i32> {
        let board = self.pos.board();
        let us = board.colors(board.side_to_move()).len() as i32;
        let them = board.colors(!board.side_to_move()).len() as i32;
        (us > 0 && self.pos.legal_moves().is_empty()).then_some(us - them)
    }

    pub(super) fn is_variant_win(&self) -> bool {
        let board = self.pos.board();
        match self.name.as_str() {
            "suicide" => {
                board.colors(board.side_to_move()).is_empty()
                    || self.suicide_balance().is_some_and(|b| b < 0)
            }
            _ => self.pos.is_variant_win(),
        }
    }

    pub(super) fn is_variant_loss(&self) -> bool {
        match self.name.as_str() {
            "suicide" => self.suicide_balance().is_some_and(|b| b > 0),
            _ => self.pos.is_variant_loss(),
        }
    }

    pub(super) fn is_variant_draw(&self) -> bool {
        match self.name.as_str() {
            "suicide" => self.suicide_balance() == Some(0),
            _ => self.pos.is_variant_draw(),
        }
    }

    pub(super) fn is_variant_end(&self) -> bool {
        self.pos.is_variant_end()
    }

    /// A Python move (bitmove's or python-chess's, drops included) as a legal move here.
    pub(super) fn legal(&self, value: &Bound<'_, PyAny>) -> PyResult<VariantMove> {
        let text: String = value.call_method0("uci")?.extract()?;
        self.pos.parse_uci(&text).map_err(|_| {
            IllegalMoveError::new_err(format!("illegal move {text} in {}", self.pos.fen()))
        })
    }

    /// A move as this board writes it.
    pub(super) fn shown(pos: &VariantPosition, mv: VariantMove) -> PyResult<Move> {
        Move::from_uci_text(&pos.uci(mv).to_string())
    }

    pub(super) fn moves(&self) -> PyResult<Vec<Move>> {
        self.pos
            .legal_moves()
            .iter()
            .map(|&mv| VariantGame::shown(&self.pos, mv))
            .collect()
    }
}

impl Board {
    /// The variant game, when this board plays one.
    pub(super) fn variant_game(&self) -> Option<&VariantGame> {
        self.variant.as_deref()
    }

    /// Plays a legal variant move and mirrors the position.
    pub(super) fn push_variant(&mut self, mv: VariantMove) -> PyResult<()> {
        let chess960 = self.setup.chess960;
        let game = self.variant.as_deref_mut().expect("a variant board");
        let before = game.pos.clone();
        game.pos
            .play(mv)
            .map_err(|_| IllegalMoveError::new_err(format!("illegal move {mv}")))?;
        game.stack.push((before, mv));
        self.setup = setup_of(&game.pos, chess960);
        Ok(())
    }

    /// Takes back a variant move.
    pub(super) fn pop_variant(&mut self) -> PyResult<Move> {
        let chess960 = self.setup.chess960;
        let game = self.variant.as_deref_mut().expect("a variant board");
        let (before, mv) = game
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        let shown = VariantGame::shown(&before, mv)?;
        game.pos = before;
        self.setup = setup_of(&game.pos, chess960);
        Ok(shown)
    }

    /// Reads `fen` for the board's variant, history cleared.
    pub(super) fn set_variant_fen(&mut self, fen: &str) -> PyResult<()> {
        let chess960 = self.setup.chess960;
        let game = self.variant.as_deref_mut().expect("a variant board");
        let pos = VariantPosition::from_fen(game.variant(), fen).map_err(|e| fen_error(fen, &e))?;
        game.pos = pos;
        game.stack.clear();
        self.setup = setup_of(&game.pos, chess960);
        Ok(())
    }

    /// How a variant game ended (python-chess's order: the variant's own endings, then
    /// checkmate, insufficient material, stalemate, the move-count rules); repetitions are
    /// not counted in variant games.
    pub(super) fn variant_game_outcome(game: &VariantGame, claim_draw: bool) -> Option<Outcome> {
        if let Some(outcome) = Board::variant_outcome(game) {
            return Some(outcome);
        }
        let pos = &game.pos;
        let draw = |termination| Some(Outcome::new(termination, None));
        if pos.is_checkmate() {
            let white = pos.side_to_move() == Color::White;
            return Some(Outcome::new(Termination::Checkmate, Some(!white)));
        }
        if pos.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return draw(Termination::Stalemate);
        }
        let clock = pos.board().halfmove_clock();
        if clock >= 150 {
            return draw(Termination::SeventyfiveMoves);
        }
        if claim_draw && clock >= 100 {
            return draw(Termination::FiftyMoves);
        }
        None
    }

    /// The variant ending, python-chess's way: variant loss, win, draw first.
    pub(super) fn variant_outcome(game: &VariantGame) -> Option<Outcome> {
        let white = game.pos.side_to_move() == Color::White;
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
    fn _set_variant(&mut self, name: &str, fen: Option<&str>, chess960: bool) -> PyResult<()> {
        let variant = match name {
            "suicide" | "giveaway" => Variant::Antichess,
            other => Variant::from_name(other)
                .ok_or_else(|| PyValueError::new_err(format!("unsupported variant: {other:?}")))?,
        };
        let Some(fen) = fen else {
            return Err(PyValueError::new_err(format!(
                "an empty board is no position of {name}: give a FEN"
            )));
        };
        let pos = VariantPosition::from_fen(variant, fen).map_err(|e| fen_error(fen, &e))?;
        self.setup = setup_of(&pos, chess960);
        self.stack.clear();
        self.variant = Some(Box::new(VariantGame {
            name: name.to_string(),
            pos,
            stack: Vec::new(),
        }));
        Ok(())
    }

    /// Crazyhouse pockets as piece counts `(pawns, knights, bishops, rooks, queens)`,
    /// black's then white's; None for other boards.
    fn _pocket_counts(&self) -> Option<[[u32; 5]; 2]> {
        let game = self.variant_game()?;
        if game.variant() != Variant::Crazyhouse {
            return None;
        }
        let counts = |color| {
            let pocket = game.pos.pocket(color);
            [
                bitmove::Piece::Pawn,
                bitmove::Piece::Knight,
                bitmove::Piece::Bishop,
                bitmove::Piece::Rook,
                bitmove::Piece::Queen,
            ]
            .map(|p| pocket.count(p))
        };
        Some([counts(Color::Black), counts(Color::White)])
    }

    /// Three-check: the checks each side still has to give, `(black, white)`.
    fn _remaining_checks(&self) -> Option<(u32, u32)> {
        let game = self.variant_game()?;
        (game.variant() == Variant::ThreeCheck).then(|| {
            (
                game.pos.remaining_checks(Color::Black),
                game.pos.remaining_checks(Color::White),
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

/// python-chess's `status()` of a variant board: the standard flags with each variant's
/// exceptions (no kings in antichess, many pawns in horde, the race flags).
pub(super) fn variant_status(setup: &Setup, game: &VariantGame) -> u32 {
    use bitmove::SetupStatus as S;
    let mut status = setup.status().0;
    let clear = |status: &mut u32, flag: S| *status &= !flag.0;
    let white = Color::White;
    let black = Color::Black;
    match game.variant() {
        Variant::Antichess => {
            for flag in [
                S::NO_WHITE_KING,
                S::NO_BLACK_KING,
                S::TOO_MANY_KINGS,
                S::OPPOSITE_CHECK,
            ] {
                clear(&mut status, flag);
            }
        }
        Variant::Atomic => {
            clear(&mut status, S::OPPOSITE_CHECK);
            clear(
                &mut status,
                if setup.turn == white {
                    S::NO_WHITE_KING
                } else {
                    S::NO_BLACK_KING
                },
            );
            if setup.checkers_mask().count_ones() <= 14 {
                clear(&mut status, S::TOO_MANY_CHECKERS);
            }
            if setup.valid_ep_square().is_none() {
                clear(&mut status, S::IMPOSSIBLE_CHECK);
            }
        }
        Variant::RacingKings => {
            if setup.is_check() {
                status |= (S::RACE_CHECK | S::TOO_MANY_CHECKERS | S::IMPOSSIBLE_CHECK).0;
            }
            let kings = setup.pieces[bitmove::Piece::King.index()].0;
            let eighth = 0xffu64 << 56;
            let both_home = [white, black]
                .into_iter()
                .all(|c| kings & setup.colors[c.index()].0 & eighth != 0);
            if setup.turn == black && both_home {
                status |= S::RACE_OVER.0;
            }
            let count = |c: Color, p: bitmove::Piece| {
                (setup.pieces[p.index()].0 & setup.colors[c.index()].0).count_ones()
            };
            let too_many = [white, black].into_iter().any(|c| {
                count(c, bitmove::Piece::Knight) > 2
                    || count(c, bitmove::Piece::Bishop) > 2
                    || count(c, bitmove::Piece::Rook) > 2
                    || count(c, bitmove::Piece::Queen) > 1
            });
            if setup.pieces[0].0 != 0 || too_many {
                status |= S::RACE_MATERIAL.0;
            }
        }
        Variant::Horde => {
            clear(&mut status, S::NO_WHITE_KING);
            if setup.colors[white.index()].0.count_ones() <= 36 {
                clear(&mut status, S::TOO_MANY_WHITE_PIECES);
                clear(&mut status, S::TOO_MANY_WHITE_PAWNS);
            }
            let pawns = setup.pieces[0].0;
            if pawns & (0xffu64 << 56) == 0 && setup.colors[black.index()].0 & pawns & 0xff == 0 {
                clear(&mut status, S::PAWNS_ON_BACKRANK);
            }
            if setup.colors[white.index()].0 & setup.pieces[5].0 != 0 {
                status |= S::TOO_MANY_KINGS.0;
            }
        }
        Variant::Crazyhouse => {
            // Pieces change sides: the counts are of both sides together, pockets included.
            let pockets = [white, black].map(|c| game.pos.pocket(c));
            let pawns = setup.pieces[0].0.count_ones()
                + pockets
                    .iter()
                    .map(|p| p.count(bitmove::Piece::Pawn))
                    .sum::<u32>();
            if pawns <= 16 {
                clear(&mut status, S::TOO_MANY_BLACK_PAWNS);
                clear(&mut status, S::TOO_MANY_WHITE_PAWNS);
            }
            let pieces =
                setup.occupied().count_ones() + pockets.iter().map(|p| p.len()).sum::<u32>();
            if pieces <= 32 {
                clear(&mut status, S::TOO_MANY_BLACK_PIECES);
                clear(&mut status, S::TOO_MANY_WHITE_PIECES);
            }
        }
        _ => {}
    }
    status
}

/// A variant SAN error as python-chess's exceptions.
pub(super) fn variant_san_error(text: &str, error: bitmove::SanError) -> PyErr {
    match error {
        bitmove::SanError::Syntax => InvalidMoveError::new_err(format!("invalid san: {text:?}")),
        bitmove::SanError::Ambiguous => {
            AmbiguousMoveError::new_err(format!("ambiguous san: {text:?}"))
        }
        _ => IllegalMoveError::new_err(format!("illegal san: {text:?}")),
    }
}
