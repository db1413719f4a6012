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

/// The buffer's first size, and the room it keeps for a read: large enough that moving a
/// game begun but not ended to the front, before a read, copies little (an engine game with
/// its comments is some 50 kB).
const CHUNK: usize = 1 << 18;

/// The byte-order mark, skipped before a game.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The text of one game, borrowed from the splitter's buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameText<'a> {
    /// 0-based index in the input.
    pub(crate) index: usize,
    /// The 1-based line of its first line.
    pub(crate) line: usize,
    /// Its lines, line ends included; empty when it was too long to keep.
    pub(crate) bytes: &'a [u8],
    /// Longer than [`MAX_GAME_BYTES`]: skipped, not kept.
    pub(crate) too_long: bool,
}

/// The text of one game, owned: what the threads of `par_map` are handed.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawGame {
    index: usize,
    line: usize,
    bytes: Vec<u8>,
    too_long: bool,
}

impl RawGame {
    pub(crate) fn text(&self) -> GameText<'_> {
        GameText {
            index: self.index,
            line: self.line,
            bytes: &self.bytes,
            too_long: self.too_long,
        }
    }

    /// The size of its text.
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }
}

impl GameText<'_> {
    pub(crate) fn to_owned(self) -> RawGame {
        RawGame {
            index: self.index,
            line: self.line,
            bytes: self.bytes.to_vec(),
            too_long: self.too_long,
        }
    }
}

/// Where in a game the last line was.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Tags { blank_lines: u8 },
    Movetext { in_comment: bool },
}

/// The game splitter: reads the input into its own buffer and hands out each game's text
/// where it lies there, without copying it.
pub(crate) struct Splitter<R> {
    input: R,
    /// Bytes read; `buf[pos..filled]` not handed out yet.
    buf: Vec<u8>,
    pos: usize,
    filled: usize,
    /// The input is exhausted.
    eof: bool,
    /// The last line was cut at the limit: the rest of it is skipped as it is read.
    discard: bool,
    /// Lines passed so far.
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
    // First one backward scan to the line's last brace. When it is a `}`, no comment is open
    // at the end: that `}` closes one or stands outside one (after a `;` or stray), and no `{`
    // follows it. With no brace at all the line does not change the state (a `;` or a `%`
    // line starts no brace comment). Only a last `{` needs the line read from its start: it
    // opens a comment unless a `;` or `%` before it made it part of a line comment.
    // Engine games end most lines with a comment: their last brace is the byte before the
    // line end, seen without a search.
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    if text.last() == Some(&b'}') {
        return false;
    }
    match memchr::memrchr2(b'{', b'}', text) {
        Some(last) if line[last] == b'{' => {}
        Some(_) => return false,
        None => return in_comment,
    }
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
            buf: Vec::new(),
            pos: 0,
            filled: 0,
            eof: false,
            discard: false,
            lines: 0,
            games: 0,
            bytes: 0,
        }
    }

    /// Bytes read from the (decompressed) input so far.
    pub(crate) fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The bytes read from the input beyond the last game handed out.
    pub(crate) fn pending(&self) -> Option<&[u8]> {
        (self.pos < self.filled).then(|| &self.buf[self.pos..self.filled])
    }

    /// Reads more input after `buf[..filled]`, first moving `buf[keep..]` to the front
    /// (`keep`, `at` and `search` follow it); false at the end of the input.
    fn refill(&mut self, keep: &mut usize, at: &mut usize, search: &mut usize) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        // Bytes before `keep` are given up only when the room after `filled` runs short, so
        // that an input read in small pieces (a line at a time) is not moved at every read.
        if *keep > 0 && self.buf.len() - self.filled < CHUNK / 2 {
            self.buf.copy_within(*keep..self.filled, 0);
            self.filled -= *keep;
            *at -= *keep;
            *search -= *keep;
            *keep = 0;
        }
        if self.buf.len() - self.filled < CHUNK / 2 {
            let size = (self.buf.len() * 2).max(CHUNK);
            self.buf.resize(size, 0);
        }
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.eof = true;
                return Ok(false);
            }
            let n = chunk.len().min(self.buf.len() - self.filled);
            self.buf[self.filled..self.filled + n].copy_from_slice(&chunk[..n]);
            self.input.consume(n);
            self.filled += n;
            self.bytes += n as u64;
            return Ok(true);
        }
    }

    /// The end (past its newline, or at the end of the input) of the line that starts at
    /// `at`, reading as much as needed; `None` when the input ends at `at`. A line longer
    /// than [`MAX_GAME_BYTES`] is cut there and the rest of it skipped. `buf[keep..]` is kept
    /// when the buffer is refilled (both indices follow the move).
    fn line_end(&mut self, keep: &mut usize, at: &mut usize) -> io::Result<Option<usize>> {
        if self.discard {
            // The rest of a cut line: dropped as it is read (its game is too long anyway).
            *keep = *at;
            loop {
                if let Some(n) = memchr::memchr(b'\n', &self.buf[*at..self.filled]) {
                    *at += n + 1;
                    *keep = *at;
                    break;
                }
                *at = self.filled;
                *keep = *at;
                let mut search = *at;
                if !self.refill(keep, at, &mut search)? {
                    break;
                }
            }
            self.discard = false;
        }
        let mut search = *at;
        loop {
            if let Some(n) = memchr::memchr(b'\n', &self.buf[search..self.filled]) {
                return Ok(Some(search + n + 1));
            }
            if self.filled - *at > MAX_GAME_BYTES {
                // Cut: the rest of the line is skipped.
                self.discard = true;
                return Ok(Some(*at + MAX_GAME_BYTES + 1));
            }
            search = self.filled;
            if !self.refill(keep, at, &mut search)? {
                return Ok((*at < self.filled).then_some(self.filled));
            }
        }
    }

    /// The next game's text; `None` at the end of the input.
    pub(crate) fn next_game(&mut self) -> io::Result<Option<GameText<'_>>> {
        let mut at = self.pos;
        let mut keep = at;
        // Skip what may come before a game.
        let first_end = loop {
            let Some(end) = self.line_end(&mut keep, &mut at)? else {
                self.pos = at;
                return Ok(None);
            };
            self.lines += 1;
            if self.buf[at..end].starts_with(BOM) {
                at += BOM.len();
            }
            let line = &self.buf[at..end];
            if !(is_blank(line) || matches!(line.first(), Some(b'%' | b';'))) {
                break end;
            }
            at = end;
            keep = at;
        };
        let index = self.games;
        let line = self.lines;
        self.games += 1;
        // The game's text is `buf[keep..]`, up to the line that ends it.
        keep = at;
        let first = &self.buf[at..first_end];
        let mut section = if first.first() == Some(&b'[') {
            Section::Tags { blank_lines: 0 }
        } else {
            Section::Movetext {
                in_comment: comment_open_after(first, false),
            }
        };
        let mut too_long = first_end - keep > MAX_GAME_BYTES;
        at = first_end;
        if too_long {
            keep = at;
        }
        let (end, next) = loop {
            let Some(end) = self.line_end(&mut keep, &mut at)? else {
                break (at, at);
            };
            let line = &self.buf[at..end];
            section = match section {
                Section::Tags { blank_lines } => {
                    if line.first() == Some(&b'[') {
                        Section::Tags { blank_lines: 0 }
                    } else if is_blank(line) {
                        if blank_lines >= 1 {
                            self.lines += 1;
                            break (at, end);
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
                        // The next game's first line: read again by the next call.
                        break (at, at);
                    }
                    if !in_comment && is_blank(line) {
                        self.lines += 1;
                        break (at, end);
                    }
                    Section::Movetext {
                        in_comment: comment_open_after(line, in_comment),
                    }
                }
            };
            self.lines += 1;
            too_long |= end - keep > MAX_GAME_BYTES;
            at = end;
            if too_long {
                keep = at;
            }
        };
        self.pos = next;
        Ok(Some(GameText {
            index,
            line,
            bytes: if too_long { &[] } else { &self.buf[keep..end] },
            too_long,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    /// The games of `text`: (index, first line, text).
    fn split(text: &str) -> Vec<(usize, usize, String)> {
        let games = split_bytes(text.as_bytes());
        // The same games when the input comes a byte or a few at a time (the buffer is
        // refilled in the middle of lines and games).
        for capacity in [1, 2, 7] {
            let input = io::BufReader::with_capacity(capacity, text.as_bytes());
            assert_eq!(split_bytes(input), games, "read {capacity} bytes at a time");
        }
        games
            .into_iter()
            .map(|(index, line, bytes, _)| (index, line, String::from_utf8(bytes).expect("UTF-8")))
            .collect()
    }

    /// The games of `input`: (index, first line, text, too long).
    fn split_bytes(input: impl BufRead) -> Vec<(usize, usize, Vec<u8>, bool)> {
        let mut splitter = Splitter::new(input);
        let mut games = Vec::new();
        while let Some(game) = splitter.next_game().expect("no I/O error") {
            games.push((game.index, game.line, game.bytes.to_vec(), game.too_long));
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
        let alphabet = b"{};%x e4\r\n";
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 59) as usize;
            let line: Vec<u8> = (0..len)
                .map(|i| alphabet[((seed >> (i * 3 % 56)) % alphabet.len() as u64) as usize])
                .collect();
            for start in [false, true] {
                let want = slow(&line, start);
                let text = String::from_utf8_lossy(&line);
                assert_eq!(comment_open_after(&line, start), want, "{text:?} {start}");
            }
        }
    }

    #[test]
    fn a_huge_game_is_cut_and_skipped() {
        let mut text = String::from("[Event \"big\"]\n\n1. e4 {");
        text.push_str(&"x".repeat(MAX_GAME_BYTES));
        text.push_str("}\n\n[Event \"next\"]\n\n1. d4\n");
        let games = split_bytes(text.as_bytes());
        assert_eq!(games.len(), 2);
        assert!(games[0].3 && games[0].2.is_empty());
        assert_eq!((games[1].1, games[1].3), (5, false));
        assert_eq!(games[1].2, b"[Event \"next\"]\n\n1. d4\n");
        // A line longer than the limit, in small reads: cut, skipped, and the buffer does
        // not keep the whole of it.
        let mut text = String::from("[Event \"big\"]\n\n1. e4 {");
        text.push_str(&"x".repeat(2 * MAX_GAME_BYTES));
        text.push_str("}\n\n[Event \"next\"]\n\n1. d4\n");
        let mut splitter = Splitter::new(io::BufReader::with_capacity(4096, text.as_bytes()));
        let game = splitter.next_game().expect("read").expect("a game");
        assert!(game.too_long);
        let game = splitter.next_game().expect("read").expect("a game");
        assert_eq!((game.index, game.line, game.too_long), (1, 5, false));
        assert_eq!(game.bytes, b"[Event \"next\"]\n\n1. d4\n");
        assert!(splitter.buf.len() <= 2 * MAX_GAME_BYTES);
        assert!(splitter.next_game().expect("read").is_none());
    }

    #[test]
    fn the_bytes_read_ahead_are_pending() {
        let mut splitter = Splitter::new(&b"[A \"1\"]\n1. e4 *\n[B \"2\"]\n1. d4 *\n"[..]);
        assert!(splitter.next_game().expect("read").is_some());
        assert_eq!(splitter.pending(), Some(&b"[B \"2\"]\n1. d4 *\n"[..]));
        assert!(splitter.next_game().expect("read").is_some());
        assert_eq!(splitter.pending(), None);
    }
}
