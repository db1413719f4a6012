//! The WebAssembly layer under the `bitmove` npm package (`js/`): two classes, `RawGame` (a
//! game with history, what the JavaScript `Chess` class wraps) and `RawPosition` (one board,
//! UCI in and out, what `Position` wraps), plus perft; for the lichess variants,
//! `RawVariantGame` and `RawVariantPosition` with the same entries (`variant.rs`), so that
//! standard chess keeps its own classes and pays nothing for the variants.
//!
//! Thin by design: every rule lives in the `bitmove` crate. What crosses the boundary is
//! numbers and one string per batch (a list of moves is one string, split in JavaScript),
//! never an object per move.
//!
//! No entry may panic: on `wasm32` a panic is a trap, and a trapped instance is unusable.
//! Every input is validated here (squares, depths) or by the library's parsers, which
//! return errors for any text; `js/test/hostile.test.mjs` feeds both bad input of every kind.
//! Errors cross as strings `"Kind: message"` (see [`error`]); the JavaScript layer turns
//! the kind into its typed `Error` subclass.

#![deny(unsafe_code)]
#![deny(clippy::unwrap_used, clippy::expect_used)]

#[cfg(rules)]
mod anyboard;
#[cfg(feature = "full")]
mod book;
#[cfg(rules)]
mod chessjs;
#[cfg(rules)]
mod comments;
#[cfg(feature = "uci")]
mod engine;
#[cfg(rules)]
mod game;
#[cfg(rules)]
mod game_pgn;
#[cfg(rules)]
mod position;
#[cfg(rules)]
mod record;
#[cfg(feature = "full")]
mod svg;
#[cfg(feature = "full")]
mod variant;

#[cfg(feature = "full")]
pub use book::RawBook;
#[cfg(feature = "uci")]
pub use engine::uci_parse_line;
#[cfg(rules)]
pub use game::RawGame;
#[cfg(rules)]
pub use position::RawPosition;
#[cfg(feature = "full")]
pub use svg::svg_board;
#[cfg(feature = "full")]
pub use variant::{RawVariantGame, RawVariantPosition};

#[cfg(rules)]
use bitmove::variant::Variant;
use bitmove::{Board, FenError};
use wasm_bindgen::prelude::*;

/// The deepest perft accepted. Deeper runs could never finish, and the recursion's stack
/// (one move list per ply) must stay far below the 1 MiB WebAssembly stack.
pub const MAX_DEPTH: u32 = 20;

/// An error for JavaScript: `"{kind}: {message}"`, where kind is `FenError`,
/// `IllegalMoveError` or `RangeError`.
pub fn error(kind: &str, message: &str) -> JsValue {
    JsValue::from_str(&format!("{kind}: {message}"))
}

/// A board from a FEN (`None`: the standard start), standard or Chess960.
pub fn parse_fen(fen: Option<String>, chess960: bool) -> Result<Board, JsValue> {
    match fen {
        None => {
            let mut board = Board::default();
            board.set_chess960(chess960);
            Ok(board)
        }
        Some(fen) => Board::from_fen_with(&fen, chess960).map_err(|e| fen_error(&fen, &e)),
    }
}

fn fen_error(fen: &str, e: &FenError) -> JsValue {
    error("FenError", &bitmove::messages::fen_error(fen, e))
}

/// The FEN of `board` as chess.js writes it: the en-passant square only when an en-passant
/// capture is legal (the library writes it whenever a pawn could capture pseudo-legally, as
/// the Polyglot key counts it).
pub fn fen_of(board: &Board) -> String {
    let fen = board.to_string();
    let Some(ep) = board.en_passant() else {
        return fen;
    };
    let legal = board
        .legal_moves()
        .iter()
        .any(|mv| mv.to == ep && board.piece_on(mv.from) == Some(bitmove::Piece::Pawn));
    if legal {
        return fen;
    }
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if let Some(field) = fields.get_mut(3) {
        *field = "-";
    }
    fields.join(" ")
}

/// `depth` if it is at most [`MAX_DEPTH`].
pub fn check_depth(depth: u32) -> Result<u32, JsValue> {
    if depth > MAX_DEPTH {
        return Err(error(
            "RangeError",
            &format!("depth {depth} is too deep: at most {MAX_DEPTH}"),
        ));
    }
    Ok(depth)
}

/// Leaf nodes `depth` plies below `board`, as a JavaScript number (exact below 2^53).
pub fn perft_of(board: &Board, depth: u32) -> Result<f64, JsValue> {
    Ok(bitmove::perft(board, check_depth(depth)?) as f64)
}

/// The divide as lines `uci count` (UCI as the board writes it: Chess960 castling is king
/// takes rook), in generation order.
pub fn divide_of(board: &Board, depth: u32) -> Result<String, JsValue> {
    let depth = check_depth(depth)?.max(1);
    let mut out = String::new();
    for (mv, nodes) in bitmove::divide(board, depth) {
        out.push_str(&format!("{} {nodes}\n", board.uci(mv)));
    }
    Ok(out)
}

/// The statistics as lines `name value`, with the library's field names.
#[cfg(feature = "full")]
pub fn stats_of(board: &Board, depth: u32) -> Result<String, JsValue> {
    let stats = bitmove::perft_stats(board, check_depth(depth)?);
    Ok(stats_lines(&stats))
}

/// The statistics of each root move: blocks `uci` then its `name value` lines, each block
/// ended by an empty line. `depth` counts from the root (at least 1). One thread: the
/// library's split never starts one when asked for one.
#[cfg(feature = "full")]
pub fn divide_stats_of(board: &Board, depth: u32) -> Result<String, JsValue> {
    let depth = check_depth(depth)?.max(1);
    let options = bitmove::PerftOptions {
        threads: 1,
        hash_mb: 0,
    };
    let mut out = String::new();
    for (mv, stats) in bitmove::divide_stats_with(board, depth, &options) {
        out.push_str(&format!("{}\n{}\n", board.uci(mv), stats_lines(&stats)));
    }
    Ok(out)
}

#[cfg(feature = "full")]
fn stats_lines(stats: &bitmove::PerftStats) -> String {
    let mut out = String::new();
    for (name, value) in stats.fields() {
        out.push_str(&format!("{name} {value}\n"));
    }
    out
}

#[cfg(rules)]
/// The deepest perft accepted, for JavaScript.
#[wasm_bindgen(js_name = maxDepth)]
pub fn max_depth() -> u32 {
    MAX_DEPTH
}

#[cfg(rules)]
/// The library's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(rules)]
/// chess.js's `validateFen`: `undefined` when chess.js accepts `fen`, else its message.
#[wasm_bindgen(js_name = validateFenChessjs)]
pub fn validate_fen_chessjs(fen: &str) -> Option<String> {
    chessjs::validate_fen(fen).map(str::to_string)
}

#[cfg(rules)]
/// The UCI name of the variant `name` stands for (UCI names, lichess's names and the usual
/// aliases, any case: [`Variant::from_name`]), or `chess960` for lichess's "Chess960" and
/// the other names of Fischer random chess (standard rules, Chess960 castling). A
/// `RangeError` for a name that is no variant.
#[wasm_bindgen(js_name = variantName)]
pub fn variant_name(name: &str) -> Result<String, JsValue> {
    let variant = variant_of(name)?;
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect::<String>()
        .to_ascii_lowercase();
    if variant == Variant::Chess && (key.contains("960") || key.starts_with("fischer")) {
        return Ok("chess960".to_string());
    }
    Ok(variant.uci_name().to_string())
}

#[cfg(rules)]
pub(crate) fn variant_of(name: &str) -> Result<Variant, JsValue> {
    Variant::from_name(name).ok_or_else(|| {
        let shown: String = name.chars().take(40).collect();
        let more = if shown.len() < name.len() { "..." } else { "" };
        error(
            "RangeError",
            &format!(
                "unknown variant {shown:?}{more}: expected chess, atomic, antichess, crazyhouse, \
                 3check, kingofthehill, horde or racingkings (or lichess's names)"
            ),
        )
    })
}
