//! Bytes to games: cuts a stream into the text of one game at a time, by lines, without
//! reading ahead more than one line and without understanding the moves.
//!
//! A game is a tag section (lines starting with `[`, at most one blank line in a row) and a
//! movetext that ends at a blank line outside a comment, at a line starting with `[` outside
//! a comment (the next game's tags, when the blank line is missing), or at the end of the
//! input. Before a game, blank lines, `%` escape lines, `;` comment lines and a byte-order
//! mark are skipped. A `{` comment left open ends at a line starting with `[Event `, so that
//! one stray brace costs one game, not the rest of the file.
//!
//! [`Splitter::next_game_with`] may leave the end of a game to the tokenizer, which knows
//! these rules too ([`super::movetext::Tokens::open`]): when a line starting with `[Event `
//! follows the game's first movetext line in the input's buffer, the game ends before it,
//! so the game is handed over *open*, with the rest of the buffer, and the tokenizer ends it
//! where these rules do while it reads its moves: its bytes are scanned once, not once for
//! line ends and again for tokens. The two readings are compared on random texts.

use std::io::{self, BufRead};
use std::vec::Vec;

use super::{MAX_GAME_BYTES, is_blank};

/// The buffer's first size, and the room it keeps for a read: large enough that moving a
/// game begun but not ended to the front, before a read, copies little (an engine game with
/// its comments is some 50 kB).
const CHUNK: usize = 1 << 18;

/// The byte-order mark, skipped before a game.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// A line starting with `[Event `, with the line end before it: where a game whose
/// movetext began before it ends (even inside a comment), and the mark `par_map` cuts
/// blocks of a file at.
pub(crate) const EVENT_LINE: &[u8] = b"\n[Event ";

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
    /// Its end is not cut yet: `bytes` run on past it, and the tokenizer finds it
    /// ([`super::movetext::Tokens::open`]), which a line starting with `[Event ` in `bytes`
    /// after the movetext's start guarantees.
    pub(crate) open: bool,
}

/// Where a game handed over open ([`GameText::open`]) ended: the end of its text and the
/// start of what follows, as offsets in its text, and the line ends before that.
pub(crate) type OpenEnd = (usize, usize, usize);

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
            open: false,
        }
    }

    /// The size of its text.
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Gives it another index.
    pub(crate) fn renumber(&mut self, index: usize) {
        self.index = index;
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

/// The game splitter: hands out each game's text where it lies in the input's buffer
/// ([`Splitter::with_next_game`]), or, for a game that runs past the end of that buffer,
/// where it lies in a buffer of its own that the game is copied into.
pub(crate) struct Splitter<R> {
    input: R,
    /// Bytes read (`filled`: its length; its capacity the room); `buf[pos..filled]` is new.
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
    /// Where the last line starting with `[Event ` seen in the input starts, and how far the
    /// input was searched for it (offsets in the input): see [`open_before`].
    last_event: (u64, u64),
    /// Games handed over open (for the tests to see that they were).
    #[cfg(test)]
    pub(crate) opened: usize,
}

/// The end of the first blank line (`\n\n` or `\n\r\n`) in `bytes`, if any.
fn blank_line_end(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(n) = memchr::memchr(b'\n', &bytes[at..]) {
        at += n + 1;
        match bytes.get(at..) {
            Some([b'\n', ..]) => return Some(at + 1),
            Some([b'\r', b'\n', ..]) => return Some(at + 2),
            _ => {}
        }
    }
    None
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
            last_event: (0, 0),
            #[cfg(test)]
            opened: 0,
        }
    }

    /// Bytes read from the (decompressed) input so far.
    pub(crate) fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// The lines and games passed, when the splitter stands between two games with no byte
    /// taken from the input beyond the last game handed out: another reader may go on from
    /// where the input stands.
    pub(crate) fn between_games(&self) -> Option<(usize, usize)> {
        (self.pos == self.filled && !self.discard).then_some((self.lines, self.games))
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
        // Bytes before `keep` go only when the room runs short: not at every small read.
        if *keep > 0 && self.buf.capacity() - self.filled < CHUNK / 2 {
            self.buf.copy_within(*keep..self.filled, 0);
            self.filled -= *keep;
            self.buf.truncate(self.filled);
            (*at, *search, *keep) = (*at - *keep, *search - *keep, 0);
        }
        // Room is reserved, not zeroed: a short game never writes most of it.
        if self.buf.capacity() - self.filled < CHUNK / 2 {
            self.buf
                .reserve_exact((self.buf.capacity() * 2).max(CHUNK) - self.filled);
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
            // Taken up to the first blank line, a game's usual end: then the buffer is
            // often empty after the game that needed it, and the games after it are read in
            // the input's own buffer again (`with_next_game`).
            // (Searched only in what can be taken: a long chunk, the whole rest of a slice,
            // is not searched again at every refill.)
            let chunk = &chunk[..chunk.len().min(self.buf.capacity() - self.filled)];
            let n = blank_line_end(chunk).unwrap_or(chunk.len());
            self.buf.extend_from_slice(&chunk[..n]);
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
                if search + n - *at <= MAX_GAME_BYTES {
                    return Ok(Some(search + n + 1));
                }
                // Longer than the limit: cut as below, however the input came in pieces.
                self.discard = true;
                return Ok(Some(*at + MAX_GAME_BYTES + 1));
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

    /// The next game's text, read into the splitter's own buffer; `None` at the end of the
    /// input.
    pub(crate) fn next_game(&mut self) -> io::Result<Option<GameText<'_>>> {
        let mut lines = self.lines;
        let found = find_game(self, self.pos, &mut lines, 0);
        self.lines = lines;
        match found? {
            // `More` is never the answer here: the own buffer is refilled until the input
            // ends; nor is `Open`, not asked for.
            Found::End(at) | Found::More(at) | Found::Open { start: at, .. } => {
                self.pos = at;
                Ok(None)
            }
            Found::Game {
                line,
                start,
                end,
                next,
                too_long,
            } => {
                let index = self.games;
                self.games += 1;
                self.pos = next;
                Ok(Some(GameText {
                    index,
                    line,
                    bytes: if too_long { &[] } else { &self.buf[start..end] },
                    too_long,
                    open: false,
                }))
            }
        }
    }

    /// `f` of the next game's text; `None` at the end of the input. A game that lies whole in
    /// the input's own buffer (a slice, a `BufReader`) is read there, where it lies, without
    /// a copy; one that runs past the end of that buffer is copied into the splitter's.
    pub(crate) fn with_next_game<T>(
        &mut self,
        f: impl FnOnce(GameText<'_>) -> T,
    ) -> io::Result<Option<T>> {
        self.next_game_with(false, |game| (f(game), None))
    }

    /// `f` of the next game's text, which returns where the game ended when it was handed
    /// over open. Only when `open` may it be: as [`Splitter::with_next_game`], and when a
    /// line starting with `[Event ` follows the game's first movetext line in the input's
    /// buffer, the game is handed over open (its end is left to `f`: see the module's
    /// documentation).
    pub(crate) fn next_game_with<T>(
        &mut self,
        open: bool,
        f: impl FnOnce(GameText<'_>) -> (T, Option<OpenEnd>),
    ) -> io::Result<Option<T>> {
        if self.pos == self.filled && !self.eof && !self.discard {
            let chunk = loop {
                match self.input.fill_buf() {
                    Ok(chunk) => break chunk,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            // The end of the input: seen once (a terminal is not asked twice).
            self.eof = chunk.is_empty();
            let open_before = if open {
                open_before(&mut self.last_event, self.bytes, chunk)
            } else {
                0
            };
            let mut lines = self.lines;
            let (out, next) = match find_game(&mut InPlace(chunk), 0, &mut lines, open_before)? {
                Found::Game {
                    line,
                    start,
                    end,
                    next,
                    ..
                } => {
                    let text = GameText {
                        index: self.games,
                        line,
                        bytes: &chunk[start..end],
                        too_long: false,
                        open: false,
                    };
                    (f(text).0, next)
                }
                Found::Open { line, start } => {
                    let text = GameText {
                        index: self.games,
                        line,
                        bytes: &chunk[start..],
                        too_long: false,
                        open: true,
                    };
                    #[cfg(test)]
                    {
                        self.opened += 1;
                    }
                    let (out, end) = f(text);
                    // (Always told: `replay` reads an open game to its end.)
                    debug_assert!(end.is_some());
                    let rest = chunk.len() - start;
                    let (_, next, newlines) = end.unwrap_or((rest, rest, 0));
                    lines += newlines;
                    (out, start + next)
                }
                Found::End(_) | Found::More(_) => return Ok(self.next_game()?.map(|g| f(g).0)),
            };
            self.input.consume(next);
            self.games += 1;
            self.lines = lines;
            self.bytes += next as u64;
            (self.pos, self.filled) = (0, 0);
            self.buf.clear();
            return Ok(Some(out));
        }
        Ok(self.next_game()?.map(|game| f(game).0))
    }
}

/// Where the last line starting with `[Event ` in `chunk` starts (its offset in `chunk`, 0
/// when there is none): a game whose movetext begins before it ends before it.
/// `last_event` remembers it, as an offset in the input, and how far the input was searched,
/// so that each byte is searched once (`chunk` starts at offset `base` of the input).
fn open_before(last_event: &mut (u64, u64), base: u64, chunk: &[u8]) -> usize {
    let (event, searched) = last_event;
    let chunk_end = base + chunk.len() as u64;
    if chunk_end > *searched {
        // The new bytes, and the few before them that a match may start in.
        let from = (searched.saturating_sub(base) as usize).saturating_sub(EVENT_LINE.len() - 1);
        if let Some(n) = rfind_event(&chunk[from..]) {
            *event = base + (from + n + 1) as u64;
        }
        *searched = chunk_end;
    }
    // (Only a line inside `chunk`: an input whose buffer shrank without a `consume` gets no
    // open game, rather than one that may run past its buffer.)
    if *event > base && *event < chunk_end {
        (*event - base) as usize
    } else {
        0
    }
}

/// The last `\n[Event ` in `text`: searched forward in windows from the end (`memmem`'s
/// forward search is vectorised, its `rfind` took 9.7% of the samples of two threads
/// reading TCEC games in blocks), as the last one is most often in the last game.
fn rfind_event(text: &[u8]) -> Option<usize> {
    const WINDOW: usize = 1 << 16;
    let finder = memchr::memmem::Finder::new(EVENT_LINE);
    let mut end = text.len();
    while end > 0 {
        let start = end.saturating_sub(WINDOW);
        // Matches that start in `start..end` (those after were searched for before).
        let window = &text[start..(end + EVENT_LINE.len() - 1).min(text.len())];
        if let Some(n) = finder.find_iter(window).last() {
            return Some(start + n);
        }
        end = start;
    }
    None
}

/// Where a line ends, as a source of [`Lines`] tells it.
enum LineEnd {
    /// Past its newline, or at the end of the input.
    At(usize),
    /// The input ends where the line would start.
    Eof,
    /// Not known from what the source holds.
    More,
}

/// What [`find_game`] reads lines from.
trait Lines {
    /// The bytes held.
    fn bytes(&self) -> &[u8];
    /// The end of the line that starts at `at` (see [`Splitter::line_end`]: `bytes()[keep..]`
    /// is kept, and both indices follow it when the bytes move).
    fn line_end(&mut self, keep: &mut usize, at: &mut usize) -> io::Result<LineEnd>;
}

impl<R: BufRead> Lines for Splitter<R> {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.filled]
    }

    fn line_end(&mut self, keep: &mut usize, at: &mut usize) -> io::Result<LineEnd> {
        Ok(match Splitter::line_end(self, keep, at)? {
            Some(end) => LineEnd::At(end),
            None => LineEnd::Eof,
        })
    }
}

/// The bytes the input holds in its own buffer, as they are: a line or a game that runs
/// past their end (or past [`MAX_GAME_BYTES`]) is `More`.
struct InPlace<'a>(&'a [u8]);

impl Lines for InPlace<'_> {
    fn bytes(&self) -> &[u8] {
        self.0
    }

    fn line_end(&mut self, keep: &mut usize, at: &mut usize) -> io::Result<LineEnd> {
        Ok(match memchr::memchr(b'\n', &self.0[*at..]) {
            Some(n) if *at + n + 1 - *keep <= MAX_GAME_BYTES => LineEnd::At(*at + n + 1),
            _ => LineEnd::More,
        })
    }
}

/// What [`find_game`] found.
enum Found {
    /// A game: its first line (1-based), its text `start..end` (line ends included) and where
    /// what follows it starts.
    Game {
        line: usize,
        start: usize,
        end: usize,
        next: usize,
        too_long: bool,
    },
    /// No game before the end of the input, at this index.
    End(usize),
    /// No game's end in the bytes held (the index: where the search stopped).
    More(usize),
    /// A game whose movetext begins before `open_before`: its first line (1-based), where its
    /// text starts; its end is left to the tokenizer (the lines counted are those before
    /// the movetext's first line).
    Open { line: usize, start: usize },
}

/// The next game in `source` from `at` on, counting the lines passed in `lines`; `Open` for
/// a game whose movetext begins before `open_before` (0: never) within [`MAX_GAME_BYTES`]
/// of the game's start.
fn find_game(
    source: &mut impl Lines,
    mut at: usize,
    lines: &mut usize,
    open_before: usize,
) -> io::Result<Found> {
    let mut keep = at;
    macro_rules! line_end {
        ($on_eof:expr) => {
            match source.line_end(&mut keep, &mut at)? {
                LineEnd::At(end) => end,
                LineEnd::Eof => $on_eof,
                LineEnd::More => return Ok(Found::More(at)),
            }
        };
    }
    // Skip what may come before a game.
    let mut first_start;
    let first_end = loop {
        let end = line_end!(return Ok(Found::End(at)));
        // The line's start, byte-order mark included (`keep` follows the buffer's moves).
        first_start = keep;
        *lines += 1;
        if source.bytes()[at..end].starts_with(BOM) {
            at += BOM.len();
        }
        let line = &source.bytes()[at..end];
        if !(is_blank(line) || matches!(line.first(), Some(b'%' | b';'))) {
            break end;
        }
        at = end;
        keep = at;
    };
    let first_line = *lines;
    // The game's text is `bytes()[keep..]`, up to the line that ends it.
    keep = at;
    let first = &source.bytes()[at..first_end];
    // (Measured with a byte-order mark, if any: a line cut at the limit is too long.)
    let mut too_long = first_end - first_start > MAX_GAME_BYTES;
    // Whether the movetext beginning at line start `at` is handed over open.
    let open = |at: usize, keep: usize, too_long: bool| {
        at < open_before && open_before - keep <= MAX_GAME_BYTES && !too_long
    };
    let mut section = if first.first() == Some(&b'[') {
        Section::Tags { blank_lines: 0 }
    } else {
        if open(at, keep, too_long) {
            *lines = first_line - 1;
            return Ok(Found::Open {
                line: first_line,
                start: keep,
            });
        }
        Section::Movetext {
            in_comment: comment_open_after(first, false),
        }
    };
    at = first_end;
    if too_long {
        keep = at;
    }
    let (end, next) = loop {
        // A line that starts with anything but `[`, `%`, `;` or a space begins the movetext
        // after tags: an open game is handed over without a scan of that line (often the
        // whole movetext).
        if matches!(section, Section::Tags { .. })
            && source.bytes().get(at).is_some_and(|&first| {
                !matches!(first, b'[' | b'%' | b';') && !first.is_ascii_whitespace()
            })
            && open(at, keep, too_long)
        {
            return Ok(Found::Open {
                line: first_line,
                start: keep,
            });
        }
        let end = line_end!(break (at, at));
        let line = &source.bytes()[at..end];
        section = match section {
            Section::Tags { blank_lines } => {
                if line.first() == Some(&b'[') {
                    Section::Tags { blank_lines: 0 }
                } else if is_blank(line) {
                    if blank_lines >= 1 {
                        *lines += 1;
                        break (at, end);
                    }
                    Section::Tags { blank_lines: 1 }
                } else if matches!(line.first(), Some(b'%' | b';')) {
                    section
                } else if open(at, keep, too_long) {
                    return Ok(Found::Open {
                        line: first_line,
                        start: keep,
                    });
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
                    *lines += 1;
                    break (at, end);
                }
                Section::Movetext {
                    in_comment: comment_open_after(line, in_comment),
                }
            }
        };
        *lines += 1;
        too_long |= end - keep > MAX_GAME_BYTES;
        at = end;
        if too_long {
            keep = at;
        }
    };
    Ok(Found::Game {
        line: first_line,
        start: keep,
        end,
        next,
        too_long,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    /// The windowed search finds the last `\n[Event ` that `memmem::rfind` finds: with it
    /// on every side of a window's edge (counted from the end), straddling it, or absent.
    #[test]
    fn rfind_event_finds_the_last_event_line() {
        let mut rng = crate::test_rng::Lcg::new(17);
        for len in [0, 5, 8, 100, 65_535, 65_536, 65_544, 200_000] {
            for _ in 0..40 {
                let mut text = std::vec![b'x'; len];
                for _ in 0..rng.next_u64() % 3 {
                    if len >= EVENT_LINE.len() {
                        // Near the window edges from the end, or anywhere.
                        let edge = len.saturating_sub((1 + rng.next_u64() as usize % 3) << 16);
                        let near = edge.saturating_sub(8) + rng.next_u64() as usize % 16;
                        let anywhere = rng.next_u64() as usize % len;
                        let at = if rng.next_u64().is_multiple_of(2) {
                            near
                        } else {
                            anywhere
                        };
                        let at = at.min(len - EVENT_LINE.len());
                        text[at..at + EVENT_LINE.len()].copy_from_slice(EVENT_LINE);
                    }
                }
                assert_eq!(
                    rfind_event(&text),
                    memchr::memmem::rfind(&text, EVENT_LINE),
                    "{len}"
                );
            }
        }
    }

    /// The games of `text`: (index, first line, text).
    fn split(text: &str) -> Vec<(usize, usize, String)> {
        let games = split_bytes(text.as_bytes());
        // The same games when the input comes a byte or a few at a time (the buffer is
        // refilled in the middle of lines and games).
        for capacity in [1, 2, 7] {
            let input = io::BufReader::with_capacity(capacity, text.as_bytes());
            assert_eq!(split_bytes(input), games, "read {capacity} bytes at a time");
        }
        assert_same_in_place(text.as_bytes(), &games);
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

    /// The games of `input` as `with_next_game` hands them out: read in the input's buffer
    /// when they lie there whole, else copied.
    fn split_in_place(input: impl BufRead) -> Vec<(usize, usize, Vec<u8>, bool)> {
        let mut splitter = Splitter::new(input);
        let mut games = Vec::new();
        while let Some(game) = splitter
            .with_next_game(|g| (g.index, g.line, g.bytes.to_vec(), g.too_long))
            .expect("no I/O error")
        {
            games.push(game);
        }
        games
    }

    /// `with_next_game` hands out `games` (as the copying splitter cut them), whatever the
    /// size of the input's buffer: games read in place, copied, and in turn.
    fn assert_same_in_place(text: &[u8], games: &[(usize, usize, Vec<u8>, bool)]) {
        assert_eq!(split_in_place(text), games, "a slice");
        for capacity in [1, 3, 16, 61, 256, 4096] {
            let input = io::BufReader::with_capacity(capacity, text);
            assert_eq!(split_in_place(input), games, "{capacity} bytes at a time");
        }
    }

    /// Random texts of tag lines, movetext, comments (`{...}` over lines, `;`), `%` lines,
    /// blank lines (also with CR or spaces) and byte-order marks: the same games read in
    /// place as copied.
    #[test]
    fn games_read_in_place_equal_games_copied() {
        let pieces: [&[u8]; 16] = [
            b"[Event \"x\"]\n",
            b"[Site \"y\"]\r\n",
            b"\n",
            b"\r\n",
            b"  \n",
            b"1. e4 e5 ",
            b"{a comment ",
            b"} ",
            b"; rest {\n",
            b"% escape\n",
            b"\xef\xbb\xbf",
            b"2. Nf3 {c} Nc6\n",
            b"[Event ",
            b"*\n",
            b"{\n",
            b"1-0\n\n",
        ];
        for text in crate::pgn::random_texts(&pieces, 3_000, 0x9e37_79b9_7f4a_7c15) {
            let games = split_bytes(io::BufReader::with_capacity(5, &text[..]));
            assert_same_in_place(&text, &games);
        }
    }

    #[test]
    fn games_lying_whole_in_the_input_buffer_are_not_copied() {
        let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n";
        let mut splitter = Splitter::new(text.as_bytes());
        for _ in 0..2 {
            assert!(splitter.with_next_game(|_| ()).expect("read").is_some());
            assert_eq!(splitter.buf.capacity(), 0, "copied");
        }
        assert!(splitter.with_next_game(|_| ()).expect("read").is_none());
        // A game that runs past the input's buffer is copied, up to its blank line: the next
        // one is read in place again.
        let mut splitter = Splitter::new(Pieces::new(vec![
            &text.as_bytes()[..16],
            &text.as_bytes()[16..],
        ]));
        splitter.with_next_game(|_| ()).expect("read");
        assert!(splitter.buf.capacity() > 0 && splitter.pending().is_none());
        assert_eq!(splitter.bytes_read(), 22);
        splitter.with_next_game(|_| ()).expect("read");
        assert_eq!((splitter.filled, splitter.bytes_read()), (0, 44));
    }

    /// The end of the input is asked for once: a terminal would wait for a second Ctrl-D.
    #[test]
    fn the_end_of_the_input_is_read_once() {
        let mut splitter = Splitter::new(Pieces::new(vec![b"1. e4 *\n\n1. d4 *\n\n"]));
        let mut games = 0;
        while splitter.with_next_game(|_| ()).expect("read").is_some() {
            games += 1;
        }
        assert_eq!((games, splitter.input.ends), (2, 1));
    }

    /// An input that hands over these pieces, one at a time, and counts how often it was
    /// asked for more at its end.
    struct Pieces<'a> {
        pieces: Vec<&'a [u8]>,
        ends: usize,
    }

    impl<'a> Pieces<'a> {
        fn new(pieces: Vec<&'a [u8]>) -> Pieces<'a> {
            Pieces { pieces, ends: 0 }
        }
    }

    impl io::Read for Pieces<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.fill_buf()?.len().min(out.len());
            out[..n].copy_from_slice(&self.pieces[0][..n]);
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for Pieces<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            while self.pieces.first().is_some_and(|piece| piece.is_empty()) {
                self.pieces.remove(0);
            }
            self.ends += usize::from(self.pieces.is_empty());
            Ok(self.pieces.first().copied().unwrap_or(&[]))
        }

        fn consume(&mut self, n: usize) {
            self.pieces[0] = &self.pieces[0][n..];
        }
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
        let mut rng = crate::test_rng::Lcg::new(0x1234_5678_9abc_def0);
        for _ in 0..20_000 {
            let seed = rng.next_u64();
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
        assert!(splitter.buf.capacity() <= 2 * MAX_GAME_BYTES);
        assert!(splitter.next_game().expect("read").is_none());
        let games = split_bytes(io::BufReader::with_capacity(4096, text.as_bytes()));
        assert_eq!(split_in_place(text.as_bytes()), games);
        assert_eq!(
            split_in_place(io::BufReader::with_capacity(1 << 20, text.as_bytes())),
            games
        );
    }

    /// A line longer than the limit is cut however the input comes: the same games from a
    /// slice and from reads of 3 or 4,096 bytes (the cut used to depend on where a read
    /// ended), with and without a byte-order mark before it.
    #[test]
    fn a_line_over_the_limit_is_cut_whatever_the_reads() {
        for bom in ["", "\u{feff}"] {
            let mut text = String::from("1. e4\n\n");
            text.push_str(bom);
            text.push_str(&"x".repeat(MAX_GAME_BYTES));
            text.push_str(" {\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *\n");
            let games = split_in_place(text.as_bytes());
            assert_eq!(games.len(), 4, "the cut line is a game of its own");
            assert!(games[1].3 && games[1].2.is_empty(), "too long, not kept");
            for capacity in [3, 4096] {
                let input = io::BufReader::with_capacity(capacity, text.as_bytes());
                assert_eq!(split_bytes(input), games, "{capacity} bytes at a time");
            }
        }
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
