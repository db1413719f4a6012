//! The lichess variants: `RawVariantGame` and `RawVariantPosition`, what the JavaScript
//! `Chess` and `Position` wrap when made with `{ variant }` naming a variant other than
//! standard chess. They answer to the same entry names as [`RawGame`](crate::RawGame) and
//! [`RawPosition`](crate::RawPosition), so the JavaScript classes call either alike; standard
//! chess never comes here.
//!
//! Thin as the rest: every rule is `bitmove::variant`'s ([`VariantPosition`]). What is added
//! here is bookkeeping only: the game's positions for `undo` and repetitions, records and
//! status bits in the forms the standard classes give them.

use crate::game::bits;
use crate::record::{describe, placement, square_from_js};
use crate::{check_depth, error, variant_of};
use bitmove::variant::{Variant, VariantMove, VariantPosition};
use bitmove::{Color, Piece, SanError, Square, UciError};
use wasm_bindgen::prelude::*;

/// A position of `variant` from `fen` in the variant's form (`None`: its start position).
fn parse(variant: &str, fen: Option<String>) -> Result<VariantPosition, JsValue> {
    let variant = variant_of(variant)?;
    match fen {
        None => Ok(VariantPosition::new(variant)),
        Some(fen) => VariantPosition::from_fen(variant, &fen)
            .map_err(|e| error("FenError", &bitmove::messages::fen_error(&fen, &e))),
    }
}

/// The move in UCI: castling as the king's step unless the position is Chess960, drops as
/// `N@f3` (`P@e4` for a pawn).
fn uci(pos: &VariantPosition, mv: VariantMove) -> String {
    pos.uci(mv).to_string()
}

fn refused_uci(text: &str, e: UciError) -> JsValue {
    match e {
        UciError::Syntax => error("IllegalMoveError", &format!("Invalid move: {text}")),
        UciError::Illegal => error("IllegalMoveError", &format!("Illegal move: {text}")),
    }
}

fn parse_uci(pos: &VariantPosition, text: &str) -> Result<VariantMove, JsValue> {
    pos.parse_uci(text).map_err(|e| refused_uci(text, e))
}

/// Whether `mv` is kept by the filter `square`: a board move from it; a drop comes from no
/// square, so only when there is no filter.
fn from_square(mv: VariantMove, square: Option<Square>) -> bool {
    match (mv, square) {
        (_, None) => true,
        (VariantMove::Normal(m), Some(s)) => m.from == s,
        (VariantMove::Drop { .. }, Some(_)) => false,
    }
}

/// Appends the record of `mv` (legal in `pos`) and a newline to `out`, in the form of
/// `record.rs`; a drop is kind `d`, with `from` equal to `to` (python-chess's convention).
fn push_record(out: &mut String, pos: &VariantPosition, mv: VariantMove) {
    let board = pos.board();
    let (piece, captured, promotion, kind, from, to) = match mv {
        VariantMove::Normal(m) => {
            let (piece, captured, kind, to) = describe(board, m);
            (piece, captured, m.promotion, kind, m.from, to)
        }
        VariantMove::Drop { piece, to } => (piece, None, None, 'd', to, to),
    };
    let mut after = pos.clone();
    after.play_unchecked(mv);
    out.push(if board.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    out.push(piece.to_char());
    out.push(captured.map_or('-', Piece::to_char));
    out.push(promotion.map_or('-', Piece::to_char));
    out.push(kind);
    out.push_str(&format!(
        " {from} {to} {} {} {}\n",
        pos.san(mv),
        uci(pos, mv),
        after.fen()
    ));
}

fn records(pos: &VariantPosition, square: Option<Square>) -> String {
    let mut out = String::new();
    for &mv in pos.legal_moves().iter() {
        if from_square(mv, square) {
            push_record(&mut out, pos, mv);
        }
    }
    out
}

fn sans(pos: &VariantPosition, square: Option<Square>) -> String {
    let mut out = String::new();
    for &mv in pos.legal_moves().iter() {
        if from_square(mv, square) {
            out.push_str(pos.san(mv).as_str());
            out.push('\n');
        }
    }
    out
}

/// The status [`bits`] of `pos` by its variant's rules (python-chess's predicates), with
/// `THREEFOLD` when `threefold`. The fifty-move bit only when nobody has won.
fn status(pos: &VariantPosition, threefold: bool) -> u32 {
    let mut out = 0;
    if pos.is_check() {
        out |= bits::CHECK;
    }
    let checkmate = pos.is_checkmate();
    if checkmate {
        out |= bits::CHECKMATE;
    }
    if pos.is_stalemate() {
        out |= bits::STALEMATE;
    }
    if pos.is_insufficient_material() {
        out |= bits::INSUFFICIENT;
    }
    if threefold {
        out |= bits::THREEFOLD;
    }
    if pos.is_variant_end() {
        out |= bits::VARIANT_END;
    }
    let win = pos.is_variant_win();
    let loss = pos.is_variant_loss();
    if win {
        out |= bits::VARIANT_WIN;
    }
    if loss {
        out |= bits::VARIANT_LOSS;
    }
    if pos.is_variant_draw() {
        out |= bits::VARIANT_DRAW;
    }
    let decided = checkmate || win || loss;
    if decided {
        out |= bits::DECIDED;
    } else if pos.board().halfmove_clock() >= 100 {
        out |= bits::FIFTY;
    }
    if pos.side_to_move() == Color::Black {
        out |= bits::BLACK;
    }
    out
}

/// The pockets as ten counts, White's pawn to queen then Black's; `None` outside crazyhouse.
fn pockets(pos: &VariantPosition) -> Option<Vec<u32>> {
    if pos.variant() != Variant::Crazyhouse {
        return None;
    }
    let mut out = Vec::with_capacity(10);
    for color in Color::ALL {
        for piece in [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
        ] {
            out.push(pos.pocket(color).count(piece));
        }
    }
    Some(out)
}

/// The checks White and Black still have to give; `None` outside three-check.
fn remaining_checks(pos: &VariantPosition) -> Option<Vec<u32>> {
    (pos.variant() == Variant::ThreeCheck).then(|| {
        vec![
            pos.remaining_checks(Color::White),
            pos.remaining_checks(Color::Black),
        ]
    })
}

fn perft(pos: &VariantPosition, depth: u32) -> Result<f64, JsValue> {
    Ok(bitmove::variant::perft(pos, check_depth(depth)?) as f64)
}

fn divide(pos: &VariantPosition, depth: u32) -> Result<String, JsValue> {
    let depth = check_depth(depth)?.max(1);
    let mut out = String::new();
    for (mv, nodes) in bitmove::variant::divide(pos, depth) {
        out.push_str(&format!("{} {nodes}\n", uci(pos, mv)));
    }
    Ok(out)
}

/// The perft statistics are standard chess's (discovered checks, castles, ...): refused.
fn no_stats(pos: &VariantPosition, depth: u32) -> Result<String, JsValue> {
    check_depth(depth)?;
    Err(error(
        "RangeError",
        &format!(
            "perft statistics are for standard chess and Chess960, not {}: use perft or divide",
            pos.variant()
        ),
    ))
}

/// The key that tells repetitions apart: the variant's key, with the en-passant square only
/// when the capture is legal (as [`bitmove::Board::repetition_key`]).
fn repetition_key(pos: &VariantPosition) -> u64 {
    pos.hash() ^ pos.board().hash() ^ pos.board().repetition_key()
}

/// A variant game with its history: what `Chess` wraps for a variant.
#[wasm_bindgen]
pub struct RawVariantGame {
    start: VariantPosition,
    /// The position before each move played.
    before: Vec<VariantPosition>,
    moves: Vec<VariantMove>,
    pos: VariantPosition,
}

#[wasm_bindgen]
impl RawVariantGame {
    /// A game of `variant` from `fen` (`undefined`: the variant's start position).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<RawVariantGame, JsValue> {
        let pos = parse(variant, fen)?;
        Ok(RawVariantGame {
            start: pos.clone(),
            before: Vec::new(),
            moves: Vec::new(),
            pos,
        })
    }

    /// The variant's UCI name.
    pub fn variant(&self) -> String {
        self.pos.variant().uci_name().to_string()
    }

    /// The current position's FEN, in the variant's form.
    pub fn fen(&self) -> String {
        self.pos.fen().to_string()
    }

    /// The FEN of the position the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.start.fen().to_string()
    }

    /// Whether the position castles by Chess960's rules (its FEN's castling rights need them).
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.pos.board().is_chess960()
    }

    /// The status [`bits`], repetitions counted over the positions since the last capture or
    /// pawn move (two plies apart), as the standard game counts them.
    pub fn status(&self) -> u32 {
        let key = repetition_key(&self.pos);
        let window = self.pos.board().halfmove_clock() as usize;
        let repetitions = 1 + self
            .before
            .iter()
            .rev()
            .take(window)
            .skip(1)
            .step_by(2)
            .filter(|p| repetition_key(p) == key)
            .count();
        status(&self.pos, repetitions >= 3)
    }

    /// The fullmove number.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        self.pos.board().fullmove_number()
    }

    /// The halfmove clock.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.pos.board().halfmove_clock()
    }

    /// The placement as 64 characters, a8 to h1.
    pub fn placement(&self) -> String {
        placement(self.pos.board())
    }

    /// The pockets (ten counts) in crazyhouse, else `undefined`.
    pub fn pockets(&self) -> Option<Vec<u32>> {
        pockets(&self.pos)
    }

    /// The checks each side still needs in three-check, else `undefined`.
    #[wasm_bindgen(js_name = remainingChecks)]
    pub fn remaining_checks(&self) -> Option<Vec<u32>> {
        remaining_checks(&self.pos)
    }

    /// The legal moves in SAN, one per line; `square` keeps the board moves from it (64 or
    /// more: every move, drops included).
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: u32) -> String {
        sans(&self.pos, square_from_js(square))
    }

    /// The legal moves as records, one per line; `square` as in `movesSan`.
    #[wasm_bindgen(js_name = movesVerbose)]
    pub fn moves_verbose(&self, square: u32) -> String {
        records(&self.pos, square_from_js(square))
    }

    /// Plays a move given in SAN, UCI or as a drop (`N@f3`, `@e4`), and returns its record.
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str) -> Result<String, JsValue> {
        let mv = self.pos.parse_san(text).map_err(|e| {
            let what = match e {
                SanError::Syntax => "Invalid move",
                SanError::Ambiguous => "Ambiguous move",
                SanError::Illegal => "Illegal move",
            };
            error("IllegalMoveError", &format!("{what}: {text}"))
        })?;
        Ok(self.push(mv))
    }

    /// Plays a move given in UCI only, and returns its record.
    #[wasm_bindgen(js_name = playUci)]
    pub fn play_uci(&mut self, text: &str) -> Result<String, JsValue> {
        let mv = parse_uci(&self.pos, text)?;
        Ok(self.push(mv))
    }

    fn push(&mut self, mv: VariantMove) -> String {
        let mut record = String::new();
        push_record(&mut record, &self.pos, mv);
        record.pop(); // the newline
        let before = self.pos.clone();
        // The move is legal (parsed against this position).
        self.pos.play_unchecked(mv);
        self.before.push(before);
        self.moves.push(mv);
        record
    }

    /// Takes back the last move and returns its record; `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let mv = self.moves.pop()?;
        self.pos = self.before.pop()?;
        let mut record = String::new();
        push_record(&mut record, &self.pos, mv);
        record.pop(); // the newline
        Some(record)
    }

    /// The number of moves played.
    #[wasm_bindgen(js_name = historyLength)]
    pub fn history_length(&self) -> usize {
        self.moves.len()
    }

    /// The moves played in SAN, one per line, oldest first.
    #[wasm_bindgen(js_name = historySan)]
    pub fn history_san(&self) -> String {
        let mut out = String::new();
        for (pos, &mv) in self.before.iter().zip(&self.moves) {
            out.push_str(pos.san(mv).as_str());
            out.push('\n');
        }
        out
    }

    /// The moves played as records, oldest first.
    #[wasm_bindgen(js_name = historyVerbose)]
    pub fn history_verbose(&self) -> String {
        let mut out = String::new();
        for (pos, &mv) in self.before.iter().zip(&self.moves) {
            push_record(&mut out, pos, mv);
        }
        out
    }

    /// The Polyglot key of the board (pieces, side, castling, en passant; not the pockets or
    /// check counters, as python-chess's `zobrist_hash` of a variant board).
    #[wasm_bindgen(js_name = polyglotKey)]
    pub fn polyglot_key(&self) -> u64 {
        self.pos.board().hash()
    }

    /// Perft of the current position by the variant's rules.
    pub fn perft(&self, depth: u32) -> Result<f64, JsValue> {
        perft(&self.pos, depth)
    }

    /// Divide: lines `uci count`.
    pub fn divide(&self, depth: u32) -> Result<String, JsValue> {
        divide(&self.pos, depth)
    }

    /// Refused: a `RangeError` (the statistics are standard chess's).
    #[wasm_bindgen(js_name = perftStats)]
    pub fn perft_stats(&self, depth: u32) -> Result<String, JsValue> {
        no_stats(&self.pos, depth)
    }

    /// Refused: a `RangeError` (the statistics are standard chess's).
    #[wasm_bindgen(js_name = divideStats)]
    pub fn divide_stats(&self, depth: u32) -> Result<String, JsValue> {
        no_stats(&self.pos, depth)
    }
}

/// A variant position without history: what `Position` wraps for a variant.
#[wasm_bindgen]
pub struct RawVariantPosition {
    pos: VariantPosition,
}

#[wasm_bindgen]
impl RawVariantPosition {
    /// A position of `variant` from `fen` (`undefined`: the variant's start position).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<RawVariantPosition, JsValue> {
        Ok(RawVariantPosition {
            pos: parse(variant, fen)?,
        })
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> RawVariantPosition {
        RawVariantPosition {
            pos: self.pos.clone(),
        }
    }

    /// The variant's UCI name.
    pub fn variant(&self) -> String {
        self.pos.variant().uci_name().to_string()
    }

    /// The FEN, in the variant's form.
    pub fn fen(&self) -> String {
        self.pos.fen().to_string()
    }

    /// Whether Black is to move.
    #[wasm_bindgen(js_name = blackToMove)]
    pub fn black_to_move(&self) -> bool {
        self.pos.side_to_move() == Color::Black
    }

    /// Whether the position castles by Chess960's rules.
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.pos.board().is_chess960()
    }

    /// The status [`bits`], without repetition (a position has no history).
    pub fn status(&self) -> u32 {
        status(&self.pos, false)
    }

    /// The pockets (ten counts) in crazyhouse, else `undefined`.
    pub fn pockets(&self) -> Option<Vec<u32>> {
        pockets(&self.pos)
    }

    /// The checks each side still needs in three-check, else `undefined`.
    #[wasm_bindgen(js_name = remainingChecks)]
    pub fn remaining_checks(&self) -> Option<Vec<u32>> {
        remaining_checks(&self.pos)
    }

    /// The legal moves in UCI (drops as `N@f3`), separated by spaces.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> String {
        let mut out = String::new();
        for &mv in self.pos.legal_moves().iter() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&uci(&self.pos, mv));
        }
        out
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = countMoves)]
    pub fn count_moves(&self) -> usize {
        self.pos.count_moves() as usize
    }

    /// The legal moves in SAN, one per line (`square` as in `RawVariantGame::movesSan`).
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: u32) -> String {
        sans(&self.pos, square_from_js(square))
    }

    /// Plays a UCI move (drops as `N@f3`).
    pub fn play(&mut self, text: &str) -> Result<(), JsValue> {
        let mv = parse_uci(&self.pos, text)?;
        self.pos.play_unchecked(mv);
        Ok(())
    }

    /// The SAN of a UCI move legal here.
    pub fn san(&self, text: &str) -> Result<String, JsValue> {
        let mv = parse_uci(&self.pos, text)?;
        Ok(self.pos.san(mv).to_string())
    }

    /// The UCI of a SAN move legal here.
    #[wasm_bindgen(js_name = parseSan)]
    pub fn parse_san(&self, text: &str) -> Result<String, JsValue> {
        match self.pos.parse_san(text) {
            Ok(mv) => Ok(uci(&self.pos, mv)),
            Err(e) => Err(error("IllegalMoveError", &format!("{e}: {text}"))),
        }
    }

    /// The Polyglot key of the board (see `RawVariantGame::polyglotKey`).
    #[wasm_bindgen(js_name = polyglotKey)]
    pub fn polyglot_key(&self) -> u64 {
        self.pos.board().hash()
    }

    /// Perft by the variant's rules.
    pub fn perft(&self, depth: u32) -> Result<f64, JsValue> {
        perft(&self.pos, depth)
    }

    /// Divide: lines `uci count`.
    pub fn divide(&self, depth: u32) -> Result<String, JsValue> {
        divide(&self.pos, depth)
    }

    /// Refused: a `RangeError` (the statistics are standard chess's).
    #[wasm_bindgen(js_name = perftStats)]
    pub fn perft_stats(&self, depth: u32) -> Result<String, JsValue> {
        no_stats(&self.pos, depth)
    }

    /// Refused: a `RangeError` (the statistics are standard chess's).
    #[wasm_bindgen(js_name = divideStats)]
    pub fn divide_stats(&self, depth: u32) -> Result<String, JsValue> {
        no_stats(&self.pos, depth)
    }
}
