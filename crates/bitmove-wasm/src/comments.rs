//! The comments of a chess.js game, by position: keyed as chess.js keys them (by FEN), without
//! writing a FEN for each.

use std::collections::HashMap;

use bitmove::{Setup, Square};

/// What tells positions apart as chess.js's comment keys (their FENs) do: the placement,
/// side, castling rights and an en-passant square a pawn can take legally (a Polyglot key
/// without its en-passant part, and that square), and the two counters. A FEN is written
/// only when one is asked for.
pub(crate) type CommentKey = (u64, Option<Square>, u32, u32);

pub(crate) fn comment_key(setup: &Setup) -> CommentKey {
    let mut bare = *setup;
    bare.ep_square = None;
    let ep = setup.ep_square.filter(|_| setup.has_legal_en_passant());
    (
        bare.zobrist_hash(),
        ep,
        setup.halfmove_clock,
        setup.fullmove_number,
    )
}

/// Comments by position, in the order chess.js keeps them (its object's insertion order),
/// with an index: a game with a comment on every move stays linear.
#[derive(Default)]
pub(crate) struct Comments {
    /// Key, FEN (once known), comment.
    list: Vec<(CommentKey, Option<String>, String)>,
    index: HashMap<CommentKey, usize, KeyHasher>,
}

/// The comment keys are Zobrist keys already: hashing them again (SipHash) costs more than
/// the rest of reading a comment. The key's own bits, mixed with the counters, do.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl std::hash::BuildHasher for KeyHasher {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
}

impl Comments {
    pub(crate) fn get(&self, key: &CommentKey) -> Option<&str> {
        self.index.get(key).map(|&i| self.list[i].2.as_str())
    }

    pub(crate) fn set(&mut self, key: CommentKey, fen: Option<String>, comment: String) {
        match self.index.get(&key) {
            Some(&i) => {
                self.list[i].2 = comment;
                if fen.is_some() {
                    self.list[i].1 = fen;
                }
            }
            None => {
                self.index.insert(key, self.list.len());
                self.list.push((key, fen, comment));
            }
        }
    }

    pub(crate) fn remove(&mut self, key: &CommentKey) -> Option<String> {
        let at = self.index.remove(key)?;
        let (_, _, comment) = self.list.remove(at);
        for i in self.index.values_mut() {
            if *i > at {
                *i -= 1;
            }
        }
        Some(comment)
    }

    pub(crate) fn clear(&mut self) {
        self.list.clear();
        self.index.clear();
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `[fen, comment, ...]` (every FEN is known after pruning).
    pub(crate) fn pairs(&self) -> Vec<String> {
        self.list
            .iter()
            .flat_map(|(_, f, c)| [f.clone().unwrap_or_default(), c.clone()])
            .collect()
    }
}
