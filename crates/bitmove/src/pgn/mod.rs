//! Reading games in PGN (feature `pgn`): a streaming reader that replays every mainline move
//! with bitmove and reports each game that does not replay, with its line and reason; and
//! writing them back ([`GameTree`], read by [`Reader::read_tree`], written by
//! [`GameTree::write`]) byte for byte as python-chess 1.11.2 writes them.
//!
//! ```
//! use bitmove::pgn::Reader;
//!
//! let pgn = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n\n\
//!            [Event \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n";
//! let (mut games, mut plies, mut errors) = (0, 0, Vec::new());
//! for game in Reader::new(pgn.as_bytes()) {
//!     let game = game?; // Err only when the input cannot be read
//!     games += 1;
//!     match game.error {
//!         None => plies += game.moves.len(),
//!         Some(error) => errors.push(error.to_string()),
//!     }
//! }
//! assert_eq!((games, plies), (2, 7));
//! assert_eq!(errors, ["game 1, line 8: illegal move \"Ke3\": no legal move in this position matches the SAN"]);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Design
//!
//! Reading is separate from replaying. A splitter finds each game's end by lines (tags,
//! then movetext up to a blank line or the next tag section; see below) where the game lies
//! in the input's own buffer ([`BufRead::fill_buf`](std::io::BufRead::fill_buf)), and hands
//! out the game's bytes there, without copying them; only a game that runs past the end of
//! that buffer is copied into one of the splitter's own. When the next game's `[Event ` line
//! lies in that buffer too, the splitter stops at the game's first movetext line and leaves
//! its end to the tokenizer, which knows the same rules: the bytes are read once. A
//! tokenizer reads the movetext in place, without allocating, and counts lines only to
//! report an error (and, for a game whose end it finds, the line ends); the replay chooses
//! the slider backend once per game, resolves each SAN move from the squares a piece of its
//! kind reaches the target from, tested with the position's pins and checkers
//! ([`Board::parse_san_bytes`](crate::Board::parse_san_bytes)), and tells a [`Visitor`].
//! Tag values are unescaped and decoded only when the visitor asks ([`Tag::value`]). The
//! [`Game`] record (tags, moves, clocks, evaluations, result, error) is made by one such
//! visitor; [`Reader::par_map`] spreads the replay over threads and keeps the input order.
//!
//! What is read, and how:
//!
//! - Input: any [`Read`](std::io::Read); [`Reader::open`] and [`Reader::from_read`]
//!   recognise zstd (`.pgn.zst`, the Lichess dumps) and gzip by their magic number. A
//!   byte-order mark, CRLF line ends, `%` escape lines and `;` comments are skipped.
//! - Tags: `[Name "value"]`, one per line; `\"` and `\\` are unescaped, a quote inside a
//!   value that is not escaped is kept (the value runs to the last `"]`); values that are not
//!   UTF-8 are decoded as Latin-1. `Variant` may be standard chess or Chess960 (`Chess960`,
//!   `fischerandom`, ...); the lichess variants (Atomic, Crazyhouse, ...) are replayed by
//!   their rules, variations and null moves too, by a reader made
//!   [`with_variants`](Reader::with_variants); otherwise they and any other variant are
//!   reported as unsupported, never misread. `FEN` sets the start position (standard, Shredder or X-FEN
//!   castling; a standard game with Chess960 castling rights is read as Chess960).
//! - Movetext: move numbers (`1.`, `1...`, `1.e4`), SAN as leniently as
//!   [`Board::parse_san`](crate::Board::parse_san) reads it (`0-0`, `O-O-O`, `e8Q`, `!?`
//!   suffixes, `e.p.`), NAGs (`$14`), `{comments}`, variations (skipped by counting brackets
//!   unless a visitor asks for them) and result markers. Null moves (`--`, `Z0`, `0000`,
//!   `@@@@`, as python-chess reads them) pass the turn; one played in check is an error.
//!   Evaluation symbols written apart (`+-`, `=`) are annotation and skipped.
//! - Comments: `[%clk 0:03:00]` and `[%eval 0.17]`, `[%eval #-4]`, `[%eval -0.45,20]` (the
//!   number after the comma is the search depth) in the comments after a move; see
//!   [`clock`] and [`eval`].
//!
//! A game ends at a blank line outside a comment, at a line starting with `[` outside a
//! comment, or at the end of the input. A game that does not replay (an illegal, ambiguous
//! or unreadable move, an unsupported variant, a bad FEN, a comment or variation left open,
//! a stray `)`, a game over [`MAX_GAME_BYTES`]) keeps its tags and the moves before the
//! trouble, and its [`GameError`] says where and why; the reader goes on with the next game.
//! No input makes the reader panic (a fuzz target checks that).

mod chessjs;
mod comments;
mod error;
mod game;
mod mainline;
mod movetext;
mod parallel;
mod reader;
mod replay;
mod split;
mod tree;
mod writer;

pub use chessjs::{ChessJsPly, write_chessjs};
pub use comments::{Eval, clock, eval, eval_depth};
pub use error::{ErrorKind, GameError};
pub use game::{Game, Position, Positions, VariantLine, fen, play_variant};
pub use mainline::{Mainline, MainlineError, MainlineItem, read_mainline};
pub use parallel::ParMap;
pub use reader::{FileProgress, Reader};
pub use replay::{Tag, Visitor};
pub use tree::{
    GameTree, Headers, Node, NodeId, Siblings, TAG_ROSTER, TreeBuilder, Trees, play, suffix_nags,
};
pub use writer::{Exporter, WriteOptions, write_games};

use crate::{Move, Square};

/// The move that stands for a null move (`--`, `Z0`) in a [`Game`]: from and to the same
/// square, which no chess move is. Written `0000` in UCI, as python-chess does.
pub const NULL_MOVE: Move = Move::new(Square::A1, Square::A1);

/// The null move of a variant game, as [`Visitor::play_variant`] is told it and
/// [`VariantLine::moves`] holds it: [`NULL_MOVE`] as a board move.
pub const NULL_VARIANT_MOVE: crate::variant::VariantMove =
    crate::variant::VariantMove::Normal(NULL_MOVE);

/// The longest game kept, in bytes (the longest real games are a few hundred kilobytes):
/// a longer one is skipped and reported ([`ErrorKind::TooLong`]), so that no input can make
/// the reader hold much memory.
pub const MAX_GAME_BYTES: usize = 8 << 20;

/// Whether `line` is blank: ASCII whitespace only (a vertical tab is not). The splitter and
/// the tokenizer of an open game both end a game at a blank line outside a comment.
pub(crate) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// The first `a` or `b` in the first 32 bytes of `text`, where one is often found (a
/// comment's end in the rest of a game; a `memchr2` call costs more than a short comment):
/// `Ok` when found there or when `text` is no longer, else `Err` with the offset to search
/// on from.
#[inline]
pub(crate) fn find_either_near(a: u8, b: u8, text: &[u8]) -> Result<Option<usize>, usize> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86-64 itself: every x86-64 processor has it.
        #[allow(unsafe_code)]
        unsafe {
            find_either_sse2(a, b, text)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let head = &text[..text.len().min(32)];
        match head.iter().position(|&x| x == a || x == b) {
            Some(n) => Ok(Some(n)),
            None if head.len() == text.len() => Ok(None),
            None => Err(head.len()),
        }
    }
}

/// [`find_either_near`], 16 bytes at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn find_either_sse2(a: u8, b: u8, text: &[u8]) -> Result<Option<usize>, usize> {
    use core::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8,
    };
    let (va, vb) = (_mm_set1_epi8(a as i8), _mm_set1_epi8(b as i8));
    let mut at = 0;
    while at < 32 {
        let Some(block) = text.get(at..at + 16) else {
            return Ok(text[at..]
                .iter()
                .position(|&x| x == a || x == b)
                .map(|n| at + n));
        };
        let half = |i: usize| {
            let mut word = [0; 8];
            word.copy_from_slice(&block[i..i + 8]);
            i64::from_le_bytes(word)
        };
        let block = _mm_set_epi64x(half(8), half(0));
        let found = _mm_movemask_epi8(_mm_or_si128(
            _mm_cmpeq_epi8(block, va),
            _mm_cmpeq_epi8(block, vb),
        ));
        if found != 0 {
            return Ok(Some(at + found.trailing_zeros() as usize));
        }
        at += 16;
    }
    Err(at)
}

/// The first `a` or `b` in `text` (the rest of a long comment: an engine's comments run to
/// hundreds of bytes): 64 bytes at a time with AVX2 when the CPU has it, else `memchr2`.
/// Measured over the comments of a TCEC file (AMD Zen 4), 6.5-7 ns a comment against
/// `memchr2`'s 10-16 (its loop takes 32 bytes a step and tests both bytes separately).
#[inline]
pub(crate) fn find_either(a: u8, b: u8, text: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (asked above), all that `find_either_avx2` is compiled for.
        #[allow(unsafe_code)]
        return unsafe { find_either_avx2(a, b, text) };
    }
    memchr::memchr2(a, b, text)
}

/// [`find_either`], 64 bytes a step: two 32-byte blocks, one test of both for either byte.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn find_either_avx2(a: u8, b: u8, text: &[u8]) -> Option<usize> {
    use core::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set_epi64x,
        _mm256_set1_epi8, _mm256_testz_si256,
    };
    let (va, vb) = (_mm256_set1_epi8(a as i8), _mm256_set1_epi8(b as i8));
    // The bytes equal to `a` or `b` in a block of 32 (the words compile to one load).
    let hits = |block: &[u8]| -> __m256i {
        let word = |i: usize| {
            let mut word = [0; 8];
            word.copy_from_slice(&block[i..i + 8]);
            i64::from_le_bytes(word)
        };
        let v = _mm256_set_epi64x(word(24), word(16), word(8), word(0));
        _mm256_or_si256(_mm256_cmpeq_epi8(v, va), _mm256_cmpeq_epi8(v, vb))
    };
    let mask = |hits: __m256i| u64::from(_mm256_movemask_epi8(hits) as u32);
    let mut at = 0;
    while let Some(block) = text.get(at..at + 64) {
        let (low, high) = (hits(&block[..32]), hits(&block[32..]));
        let either = _mm256_or_si256(low, high);
        if _mm256_testz_si256(either, either) == 0 {
            let found = mask(low) | mask(high) << 32;
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 64;
    }
    if let Some(block) = text.get(at..at + 32) {
        let found = mask(hits(block));
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 32;
    }
    text[at..]
        .iter()
        .position(|&x| x == a || x == b)
        .map(|n| at + n)
}

/// The first `needle` in `text` (a comment, a tag value): a plain loop for short texts,
/// where `memchr` falls back to a slower byte loop of its own after its set-up (measured:
/// some 130 instructions a call on a 16-byte comment), and `memchr` for long ones.
pub(crate) fn find_byte(needle: u8, text: &[u8]) -> Option<usize> {
    if text.len() < 32 {
        text.iter().position(|&b| b == needle)
    } else {
        memchr::memchr(needle, text)
    }
}

/// Random texts made of `pieces`, for the tests that compare two readings of any text.
#[cfg(test)]
pub(crate) fn random_texts<'p>(
    pieces: &'p [&'p [u8]],
    count: usize,
    seed: u64,
) -> impl Iterator<Item = std::vec::Vec<u8>> + 'p {
    let mut rng = crate::test_rng::Lcg::new(seed);
    let mut next = move || rng.next_u64() >> 33;
    (0..count).map(move |_| {
        let len = next() % 64;
        let mut text = std::vec::Vec::new();
        for _ in 0..len {
            text.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
        }
        text
    })
}

#[cfg(test)]
mod tests {
    use std::vec::Vec;

    /// The first `a` or `b`, byte by byte: the oracle for the block searches.
    fn plain(a: u8, b: u8, text: &[u8]) -> Option<usize> {
        text.iter().position(|&x| x == a || x == b)
    }

    /// Texts of every length up to a few blocks, with the first hit at every place (or none),
    /// at every alignment, hits after it too, and bytes that differ from `a`/`b` by one bit.
    #[test]
    fn block_searches_find_the_first_of_two_bytes() {
        let mut rng = crate::test_rng::Lcg::new(31);
        let filler = [b'|', b'~', b'\x0b', b'x', b'\x8a', b'\xfd'];
        let backing: Vec<u8> = (0..400)
            .map(|_| filler[(rng.next_u64() >> 33) as usize % filler.len()])
            .collect();
        for start in 0..8 {
            for len in 0..200 {
                for first in (0..=len).step_by(1 + len / 40) {
                    let mut text = backing[start..start + len].to_vec();
                    if first < len {
                        text[first] = if first % 2 == 0 { b'}' } else { b'\n' };
                        for later in text.iter_mut().skip(first + 1).step_by(7) {
                            *later = b'}';
                        }
                    }
                    let want = plain(b'}', b'\n', &text);
                    assert_eq!(want, (first < len).then_some(first));
                    assert_eq!(super::find_either(b'}', b'\n', &text), want, "{text:?}");
                    let near = match super::find_either_near(b'}', b'\n', &text) {
                        Ok(found) => found,
                        Err(from) => {
                            assert!(plain(b'}', b'\n', &text[..from]).is_none());
                            plain(b'}', b'\n', &text[from..]).map(|n| from + n)
                        }
                    };
                    assert_eq!(near, want, "{text:?}");
                }
            }
        }
    }
}
