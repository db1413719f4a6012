//! The tag pairs, the comments by position and PGN in and out of [`RawGame`], as chess.js 1.4
//! keeps and writes them: read by the library's reader ([`read_mainline`]), written by its
//! writer ([`write_chessjs`]).

use crate::comments::{CommentKey, Comments, comment_key};
use crate::error;
use crate::game::{DEFAULT_POSITION, RawGame};
use bitmove::Color;
use bitmove::pgn::{ChessJsPly, MainlineItem, read_mainline, write_chessjs};
use wasm_bindgen::prelude::*;

/// chess.js's tag template: the seven tag roster with its defaults, then the supplemental
/// tags (null until set), in the order chess.js writes them.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];
const SUPPLEMENTAL: [&str; 30] = [
    "WhiteTitle",
    "BlackTitle",
    "WhiteElo",
    "BlackElo",
    "WhiteUSCF",
    "BlackUSCF",
    "WhiteNA",
    "BlackNA",
    "WhiteType",
    "BlackType",
    "EventDate",
    "EventSponsor",
    "Section",
    "Stage",
    "Board",
    "Opening",
    "Variation",
    "SubVariation",
    "ECO",
    "NIC",
    "Time",
    "UTCTime",
    "UTCDate",
    "TimeControl",
    "SetUp",
    "FEN",
    "Termination",
    "Annotator",
    "Mode",
    "PlyCount",
];

pub(crate) fn roster_default(name: &str) -> Option<String> {
    ROSTER
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_string())
}

impl RawGame {
    pub(crate) fn template() -> Vec<(String, Option<String>)> {
        ROSTER
            .iter()
            .map(|(n, v)| (n.to_string(), Some(v.to_string())))
            .chain(SUPPLEMENTAL.iter().map(|n| (n.to_string(), None)))
            .collect()
    }

    pub(crate) fn header_mut(&mut self, name: &str) -> Option<&mut Option<String>> {
        self.headers
            .iter_mut()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    pub(crate) fn put_header(&mut self, name: &str, value: Option<String>) {
        match self.header_mut(name) {
            Some(slot) => *slot = value,
            None => self.headers.push((name.to_string(), value)),
        }
    }

    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// chess.js's `_updateSetup`: the SetUp and FEN tags follow the start position while no
    /// move has been played.
    pub(crate) fn update_setup(&mut self, fen: &str) {
        if !self.frames.is_empty() {
            return;
        }
        if fen != DEFAULT_POSITION {
            self.put_header("SetUp", Some("1".into()));
            self.put_header("FEN", Some(fen.to_string()));
        } else {
            self.put_header("SetUp", None);
            self.put_header("FEN", None);
        }
    }

    /// chess.js's `_pruneComments`: only the comments of positions in the game, in its order.
    pub(crate) fn prune_comments(&mut self) {
        if self.comments.is_empty() {
            return;
        }
        let mut positions = Vec::new();
        let end = self.walk(|pos, _| positions.push(pos.clone()));
        positions.push(end);
        let mut kept = Comments::default();
        for pos in positions {
            let key = comment_key(&pos.setup);
            if kept.get(&key).is_none()
                && let Some(c) = self.comments.get(&key)
            {
                let c = c.to_string();
                kept.set(key, Some(pos.fen(false)), c);
            }
        }
        self.comments = kept;
    }

    pub(crate) fn comment_pairs(&self) -> Vec<String> {
        self.comments.pairs()
    }
}

#[wasm_bindgen]
impl RawGame {
    /// Sets a tag (`undefined`: the roster's default, or none).
    #[wasm_bindgen(js_name = setHeader)]
    pub fn set_header(&mut self, name: &str, value: Option<String>) {
        let value = value.or_else(|| roster_default(name));
        self.put_header(name, value);
    }

    /// chess.js's `removeHeader`: a roster tag goes back to its default; false when the
    /// tag was never there.
    #[wasm_bindgen(js_name = removeHeader)]
    pub fn remove_header(&mut self, name: &str) -> bool {
        let default = roster_default(name);
        match self.header_mut(name) {
            Some(slot) => {
                *slot = default;
                true
            }
            None => false,
        }
    }

    /// Every tag as `[name, value, ...]`, values `undefined` where chess.js keeps a null.
    #[wasm_bindgen(js_name = headerPairs)]
    pub fn header_pairs(&self) -> Vec<JsValue> {
        self.headers
            .iter()
            .flat_map(|(n, v)| {
                [
                    JsValue::from_str(n),
                    v.as_deref().map_or(JsValue::NULL, JsValue::from_str),
                ]
            })
            .collect()
    }

    /// The comment of the current position.
    #[wasm_bindgen(js_name = getComment)]
    pub fn get_comment(&self) -> Option<String> {
        self.comments
            .get(&comment_key(&self.pos.setup))
            .map(str::to_string)
    }

    /// Sets the comment of the current position (chess.js turns its first `{` and `}` into
    /// brackets).
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, comment: &str) {
        let comment = comment.replacen('{', "[", 1).replacen('}', "]", 1);
        let fen = self.pos.fen(false);
        self.comments
            .set(comment_key(&self.pos.setup), Some(fen), comment);
    }

    /// Removes the current position's comment and returns it.
    #[wasm_bindgen(js_name = removeComment)]
    pub fn remove_comment(&mut self) -> Option<String> {
        self.comments.remove(&comment_key(&self.pos.setup))
    }

    /// The comments of the game's positions, `[fen, comment, ...]` in the game's order.
    #[wasm_bindgen(js_name = getComments)]
    pub fn get_comments(&mut self) -> Vec<String> {
        self.prune_comments();
        self.comment_pairs()
    }

    /// Removes every comment and returns them as [`get_comments`](RawGame::get_comments).
    #[wasm_bindgen(js_name = removeComments)]
    pub fn remove_comments(&mut self) -> Vec<String> {
        self.prune_comments();
        let out = self.comment_pairs();
        self.comments.clear();
        out
    }

    /// The game in PGN as chess.js writes it.
    pub fn pgn(&self, newline: &str, max_width: u32) -> String {
        let mut sans: Vec<(String, bool, u32)> = Vec::with_capacity(self.frames.len());
        let mut keys: Vec<CommentKey> = Vec::new();
        let with_comments = !self.comments.is_empty();
        let end = self.walk(|pos, frame| {
            if with_comments {
                keys.push(comment_key(&pos.setup));
            }
            sans.push((
                Self::san_of(pos, frame),
                frame.turn == Color::Black,
                frame.fullmove,
            ));
        });
        if with_comments {
            keys.push(comment_key(&end.setup));
        }
        let comment_of = |key: &CommentKey| self.comments.get(key);
        let comments: Vec<Option<&str>> = if with_comments {
            keys.iter().map(comment_of).collect()
        } else {
            vec![None; sans.len() + 1]
        };
        let plies: Vec<ChessJsPly<'_>> = sans
            .iter()
            .map(|(san, black, number)| ChessJsPly {
                san,
                black: *black,
                number: *number,
            })
            .collect();
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .filter_map(|(n, v)| Some((n.as_str(), v.as_deref()?)))
            .collect();
        let result = self
            .header("Result")
            .filter(|r| !r.is_empty())
            .unwrap_or("*");
        write_chessjs(
            &headers,
            &plies,
            &comments,
            result,
            newline,
            max_width as usize,
        )
    }

    /// chess.js's `loadPgn` (the text with its line ends already made `\n`): the game is
    /// replaced by the one read; an error leaves what was read up to it, as in chess.js.
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(&mut self, text: &str, strict: bool) -> Result<(), JsValue> {
        let game = read_mainline(text).map_err(|e| error("Error", &format!("Invalid PGN: {e}")))?;
        self.load_inner(DEFAULT_POSITION, false, false)?;
        let mut fen = None;
        for (name, value) in &game.tags {
            // No letter beyond ASCII lowercases to f, e or n: exact, without Unicode tables.
            if name.eq_ignore_ascii_case("fen") {
                fen = Some(value.clone());
            }
            self.put_header(name, Some(value.clone()));
        }
        let tag = |name: &str| {
            game.tags
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        if !strict {
            if let Some(fen) = fen.filter(|f| !f.is_empty()) {
                self.load_inner(&fen, false, true)?;
            }
        } else if tag("SetUp") == Some("1") {
            let Some(fen) = tag("FEN") else {
                return Err(error(
                    "Error",
                    "Invalid PGN: FEN tag must be supplied with SetUp tag",
                ));
            };
            self.load_inner(fen, false, true)?;
        }
        for item in &game.items {
            match item {
                MainlineItem::Move(san) => {
                    let found = self
                        .find_text(san, strict)
                        .map_err(|()| error("Error", &format!("Invalid move in PGN: {san}")))?;
                    self.push(found);
                }
                MainlineItem::Null => self.push(None),
                MainlineItem::Comment(text) => {
                    let mut comment = String::with_capacity(text.len());
                    let mut in_break = false;
                    for c in text.chars() {
                        if c == '\r' || c == '\n' {
                            if !in_break {
                                comment.push(' ');
                            }
                            in_break = true;
                        } else {
                            comment.push(c);
                            in_break = false;
                        }
                    }
                    self.comments
                        .set(comment_key(&self.pos.setup), None, comment);
                }
            }
        }
        if let Some(result) = &game.result
            && self.header("Result") != Some(result.as_str())
        {
            self.put_header("Result", Some(result.clone()));
        }
        Ok(())
    }
}
