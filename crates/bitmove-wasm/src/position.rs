//! `RawPosition`: one board, UCI in and out, no history: what the JavaScript `Position` wraps.

use crate::record::{sans, square_from_js};
use crate::{divide_of, error, parse_fen, perft_of};
#[cfg(feature = "full")]
use crate::{divide_stats_of, stats_of};
use bitmove::{Board, UciError};
use wasm_bindgen::prelude::*;

/// A position.
#[wasm_bindgen]
pub struct RawPosition {
    board: Board,
}

#[wasm_bindgen]
impl RawPosition {
    /// A position from `fen` (`undefined`: the standard start).
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, chess960: bool) -> Result<RawPosition, JsValue> {
        Ok(RawPosition {
            board: parse_fen(fen, chess960)?,
        })
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> RawPosition {
        RawPosition {
            board: self.board.clone(),
        }
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        crate::fen_of(&self.board)
    }

    /// Whether Black is to move.
    #[wasm_bindgen(js_name = blackToMove)]
    pub fn black_to_move(&self) -> bool {
        self.board.side_to_move() == bitmove::Color::Black
    }

    /// Status bits as [`RawGame::status`](crate::RawGame::status) gives them, without
    /// repetition (a position has no history).
    pub fn status(&self) -> u32 {
        use crate::game::bits;
        let board = &self.board;
        let mut out = 0;
        if board.in_check() {
            out |= bits::CHECK;
        }
        match board.status() {
            bitmove::Status::Checkmate => out |= bits::CHECKMATE,
            bitmove::Status::Stalemate => out |= bits::STALEMATE,
            bitmove::Status::Ongoing => {}
        }
        if board.is_insufficient_material() {
            out |= bits::INSUFFICIENT;
        }
        if board.is_fifty_move_draw() {
            out |= bits::FIFTY;
        }
        if self.black_to_move() {
            out |= bits::BLACK;
        }
        out
    }

    /// The legal moves in UCI, separated by spaces.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> String {
        let mut out = String::new();
        for &mv in self.board.legal_moves().iter() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&self.board.uci(mv).to_string());
        }
        out
    }

    /// The legal moves packed in 16 bits each (the library's `Move::to_u16`).
    #[wasm_bindgen(js_name = legalMovesPacked)]
    pub fn legal_moves_packed(&self) -> Vec<u16> {
        self.board
            .legal_moves()
            .iter()
            .map(|mv| mv.to_u16())
            .collect()
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = countMoves)]
    pub fn count_moves(&self) -> usize {
        self.board.count_moves()
    }

    /// The legal moves in SAN, one per line (`square` as in `RawGame::movesSan`).
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: u32) -> String {
        sans(&self.board, square_from_js(square))
    }

    /// Plays a UCI move.
    pub fn play(&mut self, uci: &str) -> Result<(), JsValue> {
        match self.board.parse_uci(uci) {
            Ok(mv) => {
                self.board.play_unchecked(mv);
                Ok(())
            }
            Err(UciError::Syntax) => {
                Err(error("IllegalMoveError", &format!("Invalid move: {uci}")))
            }
            Err(UciError::Illegal) => {
                Err(error("IllegalMoveError", &format!("Illegal move: {uci}")))
            }
        }
    }

    /// Plays a packed move (from `legalMovesPacked`); refused when not legal here.
    #[wasm_bindgen(js_name = playPacked)]
    pub fn play_packed(&mut self, packed: u16) -> Result<(), JsValue> {
        match self.board.move_from_u16(packed) {
            Some(mv) => {
                self.board.play_unchecked(mv);
                Ok(())
            }
            None => Err(error(
                "IllegalMoveError",
                &format!("Illegal move: packed {packed}"),
            )),
        }
    }

    /// The UCI of a packed move, legal or not here; `undefined` for a value no move packs to.
    #[wasm_bindgen(js_name = uciOfPacked)]
    pub fn uci_of_packed(&self, packed: u16) -> Option<String> {
        self.board
            .move_from_u16(packed)
            .map(|mv| self.board.uci(mv).to_string())
    }

    /// The SAN of a UCI move legal here.
    pub fn san(&self, uci: &str) -> Result<String, JsValue> {
        match self.board.parse_uci(uci) {
            Ok(mv) => Ok(self.board.san(mv).to_string()),
            Err(UciError::Syntax) => {
                Err(error("IllegalMoveError", &format!("Invalid move: {uci}")))
            }
            Err(UciError::Illegal) => {
                Err(error("IllegalMoveError", &format!("Illegal move: {uci}")))
            }
        }
    }

    /// The UCI of a SAN move legal here.
    #[wasm_bindgen(js_name = parseSan)]
    pub fn parse_san(&self, san: &str) -> Result<String, JsValue> {
        match self.board.parse_san(san) {
            Ok(mv) => Ok(self.board.uci(mv).to_string()),
            Err(e) => Err(error("IllegalMoveError", &format!("{e}: {san}"))),
        }
    }

    /// The Polyglot key.
    #[wasm_bindgen(js_name = polyglotKey)]
    pub fn polyglot_key(&self) -> u64 {
        self.board.hash()
    }

    /// Panics, for the tests only: proves that the JavaScript layer recovers from a trapped
    /// instance (`js/test/hostile.test.mjs`). No other entry panics on any input.
    #[wasm_bindgen(js_name = panicForTests)]
    pub fn panic_for_tests(&self) {
        panic!("a panic asked for by the tests");
    }

    /// Perft.
    pub fn perft(&self, depth: u32) -> Result<f64, JsValue> {
        perft_of(&self.board, depth)
    }

    /// Divide: lines `uci count`.
    pub fn divide(&self, depth: u32) -> Result<String, JsValue> {
        divide_of(&self.board, depth)
    }
}

/// Perft statistics: in the full build only (`bitmove/full`).
#[cfg(feature = "full")]
#[wasm_bindgen]
impl RawPosition {
    /// Perft statistics: lines `name value`.
    #[wasm_bindgen(js_name = perftStats)]
    pub fn perft_stats(&self, depth: u32) -> Result<String, JsValue> {
        stats_of(&self.board, depth)
    }

    /// Perft statistics of each root move.
    #[wasm_bindgen(js_name = divideStats)]
    pub fn divide_stats(&self, depth: u32) -> Result<String, JsValue> {
        divide_stats_of(&self.board, depth)
    }
}
