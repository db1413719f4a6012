//! `RawGame`: a game (start position, moves, repetition), what the JavaScript `Chess` wraps.

use crate::record::{push_record, records, sans, square_from_js};
use crate::{divide_of, divide_stats_of, error, parse_fen, perft_of, stats_of};
use bitmove::{Game, Move, SanError, Status, UciError};
use wasm_bindgen::prelude::*;

/// A game with its history.
#[wasm_bindgen]
pub struct RawGame {
    game: Game,
}

/// Bits of [`RawGame::status`].
pub mod bits {
    /// The side to move is in check.
    pub const CHECK: u32 = 1;
    /// Checkmate.
    pub const CHECKMATE: u32 = 2;
    /// Stalemate.
    pub const STALEMATE: u32 = 4;
    /// Neither side can mate.
    pub const INSUFFICIENT: u32 = 8;
    /// The position has occurred three times.
    pub const THREEFOLD: u32 = 16;
    /// A hundred half-moves without capture or pawn move (and not mate).
    pub const FIFTY: u32 = 32;
    /// Black is to move.
    pub const BLACK: u32 = 64;
    /// The game has ended by its variant's own rule (set by the variant classes only).
    pub const VARIANT_END: u32 = 128;
    /// The side to move has won by its variant's rule.
    pub const VARIANT_WIN: u32 = 256;
    /// The side to move has lost by its variant's rule.
    pub const VARIANT_LOSS: u32 = 512;
    /// The game is drawn by its variant's rule.
    pub const VARIANT_DRAW: u32 = 1024;
    /// Someone has won (checkmate, or the variant's win or loss): no draw bit then counts.
    /// Set by the variant classes only; standard chess keeps chess.js's reckoning.
    pub const DECIDED: u32 = 2048;
}

#[wasm_bindgen]
impl RawGame {
    /// A game from `fen` (`undefined`: the standard start).
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, chess960: bool) -> Result<RawGame, JsValue> {
        Ok(RawGame {
            game: Game::new(parse_fen(fen, chess960)?),
        })
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        crate::fen_of(self.game.board())
    }

    /// The FEN of the position the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        crate::fen_of(self.game.start())
    }

    /// Whether the game is in Chess960 mode.
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.game.board().is_chess960()
    }

    /// Everything about the current position a status query needs, as [`bits`].
    pub fn status(&self) -> u32 {
        let board = self.game.board();
        let mut out = 0;
        if board.in_check() {
            out |= bits::CHECK;
        }
        match board.status() {
            Status::Checkmate => out |= bits::CHECKMATE,
            Status::Stalemate => out |= bits::STALEMATE,
            Status::Ongoing => {}
        }
        if board.is_insufficient_material() {
            out |= bits::INSUFFICIENT;
        }
        if self.game.is_repetition(3) {
            out |= bits::THREEFOLD;
        }
        if board.is_fifty_move_draw() {
            out |= bits::FIFTY;
        }
        if board.side_to_move() == bitmove::Color::Black {
            out |= bits::BLACK;
        }
        out
    }

    /// The fullmove number.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        self.game.board().fullmove_number()
    }

    /// The halfmove clock.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.game.board().halfmove_clock()
    }

    /// The placement as 64 characters, a8 to h1 (chess.js's order): a FEN piece letter or `.`.
    pub fn placement(&self) -> String {
        crate::record::placement(self.game.board())
    }

    /// The legal moves in SAN, one per line; `square` (a8 = 0 ... h1 = 63) keeps only the
    /// moves from it, 64 or more means all.
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: u32) -> String {
        sans(self.game.board(), square_from_js(square))
    }

    /// The legal moves as records (see `record.rs`), one per line; `square` as in
    /// [`moves_san`](RawGame::moves_san).
    #[wasm_bindgen(js_name = movesVerbose)]
    pub fn moves_verbose(&self, square: u32) -> String {
        records(self.game.board(), square_from_js(square))
    }

    /// Plays a move given in SAN, or in UCI when it is not SAN, and returns its record.
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str) -> Result<String, JsValue> {
        let board = self.game.board();
        let mv = match (board.parse_san(text), board.parse_uci(text)) {
            (Ok(mv), _) | (_, Ok(mv)) => mv,
            (Err(SanError::Syntax), Err(UciError::Syntax)) => {
                return Err(error("IllegalMoveError", &format!("Invalid move: {text}")));
            }
            (Err(SanError::Ambiguous), _) => {
                return Err(error(
                    "IllegalMoveError",
                    &format!("Ambiguous move: {text}"),
                ));
            }
            _ => return Err(error("IllegalMoveError", &format!("Illegal move: {text}"))),
        };
        Ok(self.push(mv))
    }

    /// Plays a move given in UCI only, and returns its record.
    #[wasm_bindgen(js_name = playUci)]
    pub fn play_uci(&mut self, text: &str) -> Result<String, JsValue> {
        match self.game.board().parse_uci(text) {
            Ok(mv) => Ok(self.push(mv)),
            Err(UciError::Syntax) => {
                Err(error("IllegalMoveError", &format!("Invalid move: {text}")))
            }
            Err(UciError::Illegal) => {
                Err(error("IllegalMoveError", &format!("Illegal move: {text}")))
            }
        }
    }

    fn push(&mut self, mv: Move) -> String {
        let mut record = String::new();
        push_record(&mut record, self.game.board(), mv);
        record.pop(); // the newline
        // The move is legal (parsed against this board), so `play` cannot refuse it.
        let _ = self.game.play(mv);
        record
    }

    /// Takes back the last move and returns its record; `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        let mut record = String::new();
        push_record(&mut record, self.game.board(), mv);
        record.pop(); // the newline
        Some(record)
    }

    /// The number of moves played.
    #[wasm_bindgen(js_name = historyLength)]
    pub fn history_length(&self) -> usize {
        self.game.moves().len()
    }

    /// The moves played in SAN, one per line, oldest first.
    #[wasm_bindgen(js_name = historySan)]
    pub fn history_san(&self) -> String {
        let mut out = String::new();
        for san in self.game.san_moves() {
            out.push_str(&san.to_string());
            out.push('\n');
        }
        out
    }

    /// The moves played as records, oldest first (each against the board it was played on).
    #[wasm_bindgen(js_name = historyVerbose)]
    pub fn history_verbose(&self) -> String {
        let mut out = String::new();
        let mut board = self.game.start().clone();
        for &mv in self.game.moves() {
            push_record(&mut out, &board, mv);
            board.play_unchecked(mv);
        }
        out
    }

    /// The Polyglot key of the current position.
    #[wasm_bindgen(js_name = polyglotKey)]
    pub fn polyglot_key(&self) -> u64 {
        self.game.board().hash()
    }

    /// Perft of the current position.
    pub fn perft(&self, depth: u32) -> Result<f64, JsValue> {
        perft_of(self.game.board(), depth)
    }

    /// Divide of the current position: lines `uci count`.
    pub fn divide(&self, depth: u32) -> Result<String, JsValue> {
        divide_of(self.game.board(), depth)
    }

    /// Perft statistics of the current position: lines `name value`.
    #[wasm_bindgen(js_name = perftStats)]
    pub fn perft_stats(&self, depth: u32) -> Result<String, JsValue> {
        stats_of(self.game.board(), depth)
    }

    /// Perft statistics of each root move (see `divide_stats_of`).
    #[wasm_bindgen(js_name = divideStats)]
    pub fn divide_stats(&self, depth: u32) -> Result<String, JsValue> {
        divide_stats_of(self.game.board(), depth)
    }
}
