//! Bytes to games: cuts a stream into the text of one game at a time, by lines, without
//! reading ahead more than one line and without understanding the moves.
//!
//! A game is a tag section (lines starting with `[`, at most one blank line in a row) and a
//! movetext that ends at a blank line outside a comment, at a line starting with `[` outside
//! a comment (the next game's tags, when the blank line is missing), or at the end of the
//! input. Before a game, blank lines, `%` escape lines, `;` comment lines and a byte-order
//! mark are skipped. A `{` comment left open ends at a line starting with `[Event `, so that
//! one stray brace costs one game, not the rest of the file.

use std::io::{self, BufRead};
use std::vec::Vec;

use super::MAX_GAME_BYTES;

/// The text of one game, as read.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawGame {
    /// 0-based index in the input.
    pub(crate) index: usize,
    /// The 1-based line of its first line.
    pub(crate) line: usize,
    /// Its lines, line ends included; empty when it was too long to keep.
    pub(crate) bytes: Vec<u8>,
    /// Longer than [`MAX_GAME_BYTES`]: skipped, not kept.
    pub(crate) too_long: bool,
}

/// Where in a game the last line was.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Tags { blank_lines: u8 },
    Movetext { in_comment: bool },
}

/// The game splitter over a buffered input.
pub(crate) struct Splitter<R> {
    input: R,
    /// The line being looked at (its end included), and whether it was cut at the limit.
    line: Vec<u8>,
    /// Whether `line` holds a line already read that begins the next game.
    pending: bool,
    /// Lines read so far.
    lines: usize,
    /// Games cut so far.
    games: usize,
    /// Bytes read so far (for progress).
    bytes: u64,
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Whether a comment is open at the end of `line`, given whether one was at its start.
fn comment_open_after(line: &[u8], mut in_comment: bool) -> bool {
    if !in_comment && line.first() == Some(&b'%') {
        return false;
    }
    // From brace to brace: inside a comment only `}` matters, outside only `{` and `;` (a
    // comment to the end of the line).
    let mut rest = line;
    loop {
        let found = if in_comment {
            memchr::memchr(b'}', rest)
        } else {
            memchr::memchr2(b'{', b';', rest)
        };
        let Some(at) = found else {
            return in_comment;
        };
        if rest[at] == b';' {
            return false;
        }
        in_comment = !in_comment;
        rest = &rest[at + 1..];
    }
}

impl<R: BufRead> Splitter<R> {
    pub(crate) fn new(input: R) -> Splitter<R> {
        Splitter {
            input,
            line: Vec::new(),
            pending: false,
            lines: 0,
            games: 0,
            bytes: 0,
        }
    }

    /// Bytes read from the (decompressed) input so far.
    pub(crate) fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The line already read that begins the next game, if any.
    pub(crate) fn pending_line(&self) -> Option<&[u8]> {
        self.pending.then_some(self.line.as_slice())
    }

    /// Reads the next line into `self.line` (at most [`MAX_GAME_BYTES`] + 1 of it kept);
    /// false at the end of the input.
    fn read_line(&mut self) -> io::Result<bool> {
        if self.pending {
            self.pending = false;
            return Ok(true);
        }
        self.line.clear();
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (used, done) = match memchr::memchr(b'\n', chunk) {
                Some(end) => (end + 1, true),
                None => (chunk.len(), false),
            };
            let room = (MAX_GAME_BYTES + 1).saturating_sub(self.line.len());
            self.line.extend_from_slice(&chunk[..used.min(room)]);
            self.input.consume(used);
            self.bytes += used as u64;
            if done {
                break;
            }
        }
        if any {
            self.lines += 1;
        }
        Ok(any)
    }

    /// The next game; `None` at the end of the input.
    pub(crate) fn next_game(&mut self, game: &mut RawGame) -> io::Result<bool> {
        game.bytes.clear();
        game.too_long = false;
        // Skip what may come before a game.
        loop {
            if !self.read_line()? {
                return Ok(false);
            }
            if let Some(rest) = self.line.strip_prefix(b"\xef\xbb\xbf") {
                let rest = rest.to_vec();
                self.line = rest;
            }
            let skip = is_blank(&self.line) || matches!(self.line.first(), Some(b'%' | b';'));
            if !skip {
                break;
            }
        }
        game.index = self.games;
        game.line = self.lines;
        self.games += 1;
        let mut section = if self.line.first() == Some(&b'[') {
            Section::Tags { blank_lines: 0 }
        } else {
            Section::Movetext {
                in_comment: comment_open_after(&self.line, false),
            }
        };
        self.keep(game);
        while self.read_line()? {
            let line = &self.line;
            section = match section {
                Section::Tags { blank_lines } => {
                    if line.first() == Some(&b'[') {
                        Section::Tags { blank_lines: 0 }
                    } else if is_blank(line) {
                        if blank_lines >= 1 {
                            break;
                        }
                        Section::Tags { blank_lines: 1 }
                    } else if matches!(line.first(), Some(b'%' | b';')) {
                        section
                    } else {
                        Section::Movetext {
                            in_comment: comment_open_after(line, false),
                        }
                    }
                }
                Section::Movetext { in_comment } => {
                    let next_tags = if in_comment {
                        line.starts_with(b"[Event ")
                    } else {
                        line.first() == Some(&b'[')
                    };
                    if next_tags {
                        self.pending = true;
                        break;
                    }
                    if !in_comment && is_blank(line) {
                        break;
                    }
                    Section::Movetext {
                        in_comment: comment_open_after(line, in_comment),
                    }
                }
            };
            self.keep(game);
        }
        Ok(true)
    }

    /// Appends the current line to the game, or marks the game too long.
    fn keep(&self, game: &mut RawGame) {
        if game.too_long {
            return;
        }
        if game.bytes.len() + self.line.len() > MAX_GAME_BYTES {
            game.too_long = true;
            game.bytes = Vec::new();
        } else {
            game.bytes.extend_from_slice(&self.line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    /// The games of `text`: (index, first line, text).
    fn split(text: &str) -> Vec<(usize, usize, String)> {
        let mut splitter = Splitter::new(text.as_bytes());
        let mut game = RawGame::default();
        let mut games = Vec::new();
        while splitter.next_game(&mut game).expect("no I/O error") {
            let text = String::from_utf8(game.bytes.clone()).expect("UTF-8");
            games.push((game.index, game.line, text));
        }
        games
    }

    #[test]
    fn games_end_at_blank_lines_and_tags() {
        let text = "\u{feff}% header\n\n[A \"1\"]\n\n[B \"2\"]\n\n1. e4 {a\n\nb} e5\n\n\
                    [C \"3\"]\n1. d4 *\n[D \"4\"]\n\n\n1. c4\n";
        let games = split(text);
        assert_eq!(
            games,
            [
                (0, 3, "[A \"1\"]\n\n[B \"2\"]\n\n1. e4 {a\n\nb} e5\n".into()),
                (1, 11, "[C \"3\"]\n1. d4 *\n".into()),
                (2, 13, "[D \"4\"]\n\n".into()),
                (3, 16, "1. c4\n".into()),
            ]
        );
    }

    #[test]
    fn an_open_comment_ends_at_the_next_event() {
        let games =
            split("[Event \"a\"]\n\n1. e4 { oops\n\n[Site \"x\"]\n[Event \"b\"]\n\n1. d4\n");
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].2,
            "[Event \"a\"]\n\n1. e4 { oops\n\n[Site \"x\"]\n"
        );
        assert_eq!(
            (games[1].1, games[1].2.as_str()),
            (6, "[Event \"b\"]\n\n1. d4\n")
        );
    }

    #[test]
    fn line_comments_hide_braces() {
        let games = split("1. e4 ; {\n\n1. d4\n");
        assert_eq!(games.len(), 2);
    }

    /// The brace-to-brace scan against a byte-by-byte one, on random lines of the bytes
    /// that matter.
    #[test]
    fn comment_state_matches_a_byte_by_byte_scan() {
        fn slow(line: &[u8], mut in_comment: bool) -> bool {
            if !in_comment && line.first() == Some(&b'%') {
                return false;
            }
            for &byte in line {
                match byte {
                    b'}' if in_comment => in_comment = false,
                    b'{' if !in_comment => in_comment = true,
                    b';' if !in_comment => return false,
                    _ => {}
                }
            }
            in_comment
        }
        let alphabet = b"{};%x e4\n";
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 59) as usize;
            let line: Vec<u8> = (0..len)
                .map(|i| alphabet[((seed >> (i * 3 % 56)) % alphabet.len() as u64) as usize])
                .collect();
            for start in [false, true] {
                assert_eq!(
                    comment_open_after(&line, start),
                    slow(&line, start),
                    "{:?} {start}",
                    String::from_utf8_lossy(&line)
                );
            }
        }
    }

    #[test]
    fn a_huge_game_is_cut_and_skipped() {
        let mut text = String::from("[Event \"big\"]\n\n1. e4 {");
        text.push_str(&"x".repeat(MAX_GAME_BYTES));
        text.push_str("}\n\n[Event \"next\"]\n\n1. d4\n");
        let mut splitter = Splitter::new(text.as_bytes());
        let mut game = RawGame::default();
        assert!(splitter.next_game(&mut game).expect("read"));
        assert!(game.too_long && game.bytes.is_empty());
        assert!(splitter.next_game(&mut game).expect("read"));
        assert!(!game.too_long);
        assert_eq!(game.bytes, b"[Event \"next\"]\n\n1. d4\n");
        assert!(!splitter.next_game(&mut game).expect("read"));
    }
}
