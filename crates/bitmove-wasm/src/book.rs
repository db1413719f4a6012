//! `RawBook`: a Polyglot opening book over a copy of the bytes JavaScript hands in (a
//! `Uint8Array`), what the JavaScript `Book` wraps.

use bitmove::book::Book;
use wasm_bindgen::prelude::*;

use crate::{error, parse_fen};

/// A Polyglot book.
#[wasm_bindgen]
pub struct RawBook {
    book: Book<Vec<u8>>,
}

#[wasm_bindgen]
impl RawBook {
    /// A book over `bytes` (copied); a `RangeError` when the length is not a multiple of 16.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<RawBook, JsValue> {
        Book::new(bytes.to_vec())
            .map(|book| RawBook { book })
            .map_err(|e| error("RangeError", &e.to_string()))
    }

    /// The number of entries.
    pub fn size(&self) -> u32 {
        u32::try_from(self.book.len()).unwrap_or(u32::MAX)
    }

    /// The legal book moves for the position, in the book's order, one line each:
    /// `uci san weight learn`, lines joined by `\n`. `fen` `None`: the standard start.
    /// (Two arguments at most: the JavaScript layer's wrapper passes two.)
    pub fn entries(&self, fen: Option<String>, minimum_weight: u32) -> Result<String, JsValue> {
        self.entries_of(fen, false, minimum_weight)
    }

    /// [`RawBook::entries`] with the FEN read, and castling written, as Chess960.
    #[wasm_bindgen(js_name = entries960)]
    pub fn entries_960(&self, fen: Option<String>, minimum_weight: u32) -> Result<String, JsValue> {
        self.entries_of(fen, true, minimum_weight)
    }
}

impl RawBook {
    fn entries_of(
        &self,
        fen: Option<String>,
        chess960: bool,
        minimum_weight: u32,
    ) -> Result<String, JsValue> {
        let board = parse_fen(fen, chess960)?;
        let Ok(minimum) = u16::try_from(minimum_weight) else {
            return Ok(String::new());
        };
        let lines: Vec<String> = self
            .book
            .entries(&board, minimum, &[])
            .map(|m| {
                format!(
                    "{} {} {} {}",
                    board.uci(m.mv),
                    board.san(m.mv),
                    m.entry.weight,
                    m.entry.learn
                )
            })
            .collect();
        Ok(lines.join("\n"))
    }
}
