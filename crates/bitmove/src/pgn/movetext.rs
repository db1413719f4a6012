//! Movetext to tokens: moves, move numbers, comments, NAGs, variation brackets and results,
//! each with its line. No allocation: tokens borrow the game's bytes.

/// One token of movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// A move as written, SAN (with any `+`, `!?`, `e.p.` still on it); `1.e4` gives `e4`.
    San(&'a [u8]),
    /// A null move: `--`, `Z0`, `0000` or `@@@@`.
    Null(&'a [u8]),
    /// `$n`, or `!`, `?`, `!!`, `??`, `!?`, `?!` written apart from the move.
    Nag(u8),
    /// The text between `{` and `}`.
    Comment(&'a [u8]),
    /// A `{` with no `}` before the end of the game.
    UnclosedComment,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a [u8]),
    /// Anything else.
    Unreadable(&'a [u8]),
}

/// The tokenizer: an iterator of `(token, offset)`, the offset of the token's first byte in
/// the text (lines are counted only when an error needs one: [`line_at`]).
///
/// A tokenizer made by [`Tokens::open`] reads a movetext whose end is not cut yet: it ends
/// the game where the splitter would (a blank line or a line starting with `[` outside a
/// comment, a line starting with `[Event ` inside one; see [`super::split`]), so that the
/// bytes of a game are read once, not once to find its end and again for its tokens.
pub(crate) struct Tokens<'a> {
    /// The bytes left to read: cut at the game's end once an open tokenizer has seen it.
    text: &'a [u8],
    at: usize,
    /// Open: the game's end is found here (see above).
    open: bool,
    /// Open: line ends passed, the blank line that ends the game included.
    newlines: usize,
    /// Open: where the game's text ends and what follows it starts, once seen.
    end: Option<(usize, usize)>,
    /// `;` rest-of-line comments given as [`Token::Comment`] (their text trimmed), as
    /// chess.js keeps them; otherwise skipped, as python-chess does.
    line_comments: bool,
}

/// The 1-based line of byte `offset` of `text`, whose first byte is on line `first`.
pub(crate) fn line_at(text: &[u8], offset: usize, first: usize) -> usize {
    let before = text.get(..offset).unwrap_or(text);
    first + memchr::memchr_iter(b'\n', before).count()
}

impl<'a> Tokens<'a> {
    /// Tokens of `text`, which starts at the beginning of a line.
    pub(crate) fn new(text: &'a [u8]) -> Tokens<'a> {
        Tokens {
            text,
            at: 0,
            open: false,
            newlines: 0,
            end: None,
            line_comments: false,
        }
    }

    /// Tokens of `text` as [`Tokens::new`] gives them, with each `;` comment (outside a
    /// variation) as a [`Token::Comment`] of the rest of its line, trimmed.
    pub(crate) fn with_line_comments(text: &'a [u8]) -> Tokens<'a> {
        Tokens {
            line_comments: true,
            ..Tokens::new(text)
        }
    }

    /// Tokens of the movetext at the start of `text` (at the beginning of a line), up to
    /// where the game ends; what follows it is not read. The caller makes sure that the
    /// game ends inside `text` (a line starting with `[Event ` after its start ends it at
    /// the latest).
    pub(crate) fn open(text: &'a [u8]) -> Tokens<'a> {
        Tokens {
            open: true,
            ..Tokens::new(text)
        }
    }

    /// Reads to the game's end (an open tokenizer), and tells where its text ends, where
    /// what follows it starts, and the line ends before that.
    pub(crate) fn finish(&mut self) -> (usize, usize, usize) {
        while self.next().is_some() {}
        let (end, next) = self.end.unwrap_or((self.text.len(), self.text.len()));
        (end, next, self.newlines)
    }

    /// A line starts at `at` (an open tokenizer): whether it ends the game, which then ends
    /// here (and the tokens with it).
    fn game_ends_at_line(&mut self, in_comment: bool) -> bool {
        let rest = &self.text[self.at..];
        let end = if in_comment {
            if !rest.starts_with(b"[Event ") {
                return false;
            }
            (self.at, self.at)
        } else {
            match rest.first() {
                Some(b'[') => (self.at, self.at),
                Some(byte) if byte.is_ascii_whitespace() => {
                    // A blank line (the splitter's test: ASCII whitespace to its end).
                    let len = memchr::memchr(b'\n', rest).map_or(rest.len(), |n| n + 1);
                    if !super::is_blank(&rest[..len]) {
                        return false;
                    }
                    self.newlines += usize::from(rest[len - 1] == b'\n');
                    (self.at, self.at + len)
                }
                _ => return false,
            }
        };
        self.end = Some(end);
        self.text = &self.text[..self.at];
        true
    }

    /// A line end outside a comment was just passed: counted (an open tokenizer), and true
    /// when the line it starts ends the game; else a `%` line (an escape, when `%` is in
    /// the first column) is skipped.
    #[inline]
    fn past_line_end(&mut self) -> bool {
        match self.text.get(self.at) {
            // A line that starts with a move or a move number (nearly every line) neither
            // ends the game nor is skipped: told here, without a call.
            Some(&b) if b != b'[' && b != b'%' && !b.is_ascii_whitespace() => {
                self.newlines += usize::from(self.open);
                false
            }
            _ => self.past_other_line_end(),
        }
    }

    /// [`Tokens::past_line_end`] for a line that may end the game or be skipped.
    #[inline(never)]
    fn past_other_line_end(&mut self) -> bool {
        if self.open {
            self.newlines += 1;
            if self.game_ends_at_line(false) {
                return true;
            }
        }
        if self.text.get(self.at) == Some(&b'%') {
            self.skip_line();
        }
        false
    }

    /// Skips to the end of the line (not past the newline).
    fn skip_line(&mut self) {
        let rest = &self.text[self.at..];
        self.at += memchr::memchr(b'\n', rest).unwrap_or(rest.len());
    }

    /// Skips a variation whose `(` was just read, nested ones and comments included, as
    /// fast as a byte scan; false when it is not closed.
    pub(crate) fn skip_variation(&mut self) -> bool {
        let mut depth = 1usize;
        while let Some(&byte) = self.text.get(self.at) {
            self.at += 1;
            match byte {
                // (Counts it, and may end the game: see `past_line_end`.)
                b'\n' if self.past_line_end() => return false,
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                b'{' if !self.skip_comment() => return false,
                b';' => self.skip_line(),
                _ => {}
            }
        }
        false
    }

    /// Skips past the `}` of a comment whose `{` was just read; false when there is none.
    #[inline]
    fn skip_comment(&mut self) -> bool {
        if self.open {
            // Most comments end soon, on their line.
            let rest = &self.text[self.at..];
            let near = super::find_either_near(b'}', b'\n', rest);
            if let Ok(Some(n)) = near
                && rest[n] == b'}'
            {
                self.at += n + 1;
                return true;
            }
            return self.skip_open_comment(near);
        }
        let rest = &self.text[self.at..];
        match memchr::memchr(b'}', rest) {
            Some(end) => {
                self.at += end + 1;
                true
            }
            None => {
                self.at = self.text.len();
                false
            }
        }
    }

    /// [`Tokens::skip_comment`] in an open tokenizer, the general way: line ends count, and
    /// one may end the game. `near`: what [`super::find_either_near`] found from `at`.
    #[inline(never)]
    fn skip_open_comment(&mut self, mut near: Result<Option<usize>, usize>) -> bool {
        loop {
            let rest = &self.text[self.at..];
            let found = match near {
                Ok(found) => found,
                Err(from) => super::find_either(b'}', b'\n', &rest[from..]).map(|n| from + n),
            };
            let Some(n) = found else {
                self.at = self.text.len();
                return false;
            };
            self.at += n + 1;
            if rest[n] == b'}' {
                return true;
            }
            self.newlines += 1;
            if self.game_ends_at_line(true) {
                return false;
            }
            near = super::find_either_near(b'}', b'\n', &self.text[self.at..]);
        }
    }
}

/// Bytes that end a word, as a table (the word scan is the tokenizer's inner loop).
static DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let delimiters = b" \t\n\r\x0b\x0c{}();$";
    let mut i = 0;
    while i < delimiters.len() {
        table[delimiters[i] as usize] = true;
        i += 1;
    }
    table
};

/// What a byte starts, for the tokenizer's first dispatch: the common tokens (spaces, a
/// move, a move number) are read there, everything else the general way.
const OTHER: u8 = 0;
const SPACE: u8 = 1;
const LETTER: u8 = 2;
const DIGIT: u8 = 3;

static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => SPACE,
            b'a'..=b'z' | b'A'..=b'Z' => LETTER,
            // Not `0`: `0-0`, `0-1` and `0000` are read the general way.
            b'1'..=b'9' => DIGIT,
            _ => OTHER,
        };
        b += 1;
    }
    table
};

impl<'a> Iterator for Tokens<'a> {
    type Item = (Token<'a>, usize);

    fn next(&mut self) -> Option<(Token<'a>, usize)> {
        loop {
            // (Read again at each token: an open tokenizer cuts it at the game's end.)
            let text = self.text;
            let &byte = text.get(self.at)?;
            let start = self.at;
            match CLASS[usize::from(byte)] {
                SPACE => {
                    self.at += 1;
                    continue;
                }
                LETTER => {
                    // A move (or `Z0`, or `e.p.` written apart).
                    self.at += word_len(&text[start..]);
                    let word = &text[start..self.at];
                    match word {
                        b"e.p." => continue,
                        [b'Z', ..] if is_null(word) => return Some((Token::Null(word), start)),
                        _ => return Some((Token::San(word), start)),
                    }
                }
                DIGIT => {
                    // A move number, `12.` or `12...`, alone or glued to its move (`1.e4`:
                    // the move is read next, as a word of its own).
                    let mut at = start + 1;
                    while text.get(at).is_some_and(u8::is_ascii_digit) {
                        at += 1;
                    }
                    let digits_end = at;
                    while text.get(at) == Some(&b'.') {
                        at += 1;
                    }
                    if at > digits_end {
                        let ends = match text.get(at) {
                            None => true,
                            Some(&next) => {
                                DELIMITER[usize::from(next)] || CLASS[usize::from(next)] == LETTER
                            }
                        };
                        if ends {
                            self.at = at;
                            continue;
                        }
                    }
                    // Anything else (`1-0`, `1/2-1/2`, `1.0-0`, `12e4`): the general way.
                }
                _ => {}
            }
            if let Some(token) = self.general(byte, start) {
                return Some(token);
            }
        }
    }
}

/// The length of the word at the start of `text` (at least one byte).
fn word_len(text: &[u8]) -> usize {
    text[1..]
        .iter()
        .position(|&b| DELIMITER[usize::from(b)])
        .map_or(text.len(), |n| n + 1)
}

impl<'a> Tokens<'a> {
    /// The token that starts with `byte` at `start` (not a space), read the general way;
    /// `None` when what was read carries nothing (a line end, a skipped line, a move number).
    fn general(&mut self, byte: u8, start: usize) -> Option<(Token<'a>, usize)> {
        match byte {
            b'\n' => {
                self.at += 1;
                if self.past_line_end() {
                    return None;
                }
            }
            b'%' if self.at == 0 => self.skip_line(),
            b'{' => {
                self.at += 1;
                if !self.skip_comment() {
                    return Some((Token::UnclosedComment, start));
                }
                return Some((Token::Comment(&self.text[start + 1..self.at - 1]), start));
            }
            b';' => {
                self.at += 1;
                let from = self.at;
                self.skip_line();
                if self.line_comments {
                    let text = self.text[from..self.at].trim_ascii();
                    return Some((Token::Comment(text), start));
                }
            }
            b'(' => {
                self.at += 1;
                return Some((Token::Open, start));
            }
            b')' => {
                self.at += 1;
                return Some((Token::Close, start));
            }
            b'$' => {
                self.at += 1;
                let rest = &self.text[self.at..];
                let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                self.at += n;
                let nag = (n > 0).then(|| {
                    rest[..n]
                        .iter()
                        .fold(0u16, |v, &d| (v * 10 + u16::from(d - b'0')).min(1000))
                });
                return Some(match nag.and_then(|v| u8::try_from(v).ok()) {
                    Some(nag) => (Token::Nag(nag), start),
                    None => (Token::Unreadable(&self.text[start..self.at]), start),
                });
            }
            b'}' => {
                self.at += 1;
                return Some((Token::Unreadable(b"}"), start));
            }
            _ => {
                let word = &self.text[start..];
                let len = word_len(word);
                self.at += len;
                if let Some(token) = classify(&word[..len]) {
                    return Some((token, start));
                }
            }
        }
        None
    }
}

/// Whether `word` is a null move (`--`, `Z0`, `0000` or `@@@@`), perhaps with the marks
/// of a move after it (`--??`: python-chess reads the null move and then its NAG; the
/// marks stay in the token, where the NAGs of a SAN's marks are read from).
fn is_null(word: &[u8]) -> bool {
    let marks = word
        .iter()
        .rev()
        .take_while(|b| matches!(b, b'!' | b'?' | b'+' | b'#'))
        .count();
    matches!(
        &word[..word.len() - marks],
        b"--" | b"Z0" | b"0000" | b"@@@@"
    )
}

/// Whether python-chess's movetext tokenizer finds a move anywhere in `word`: a square
/// (`e4`, the least any SAN or drop holds), castling (`O-O`, `0-0`) or a null move (`--`,
/// `Z0`, `0000`, `@@@@`). Words without one it passes over without a word.
pub(crate) fn holds_a_move(word: &[u8]) -> bool {
    let square = word
        .windows(2)
        .any(|pair| matches!(pair, [b'a'..=b'h', b'1'..=b'8']));
    square
        || [&b"--"[..], b"Z0", b"0000", b"@@@@", b"O-O", b"0-0"]
            .iter()
            .any(|mark| word.windows(mark.len()).any(|w| w == *mark))
}

/// What a word is; `None` for a word that carries nothing (a move number, `e.p.` written
/// apart, an evaluation symbol such as `+-`).
fn classify(word: &[u8]) -> Option<Token<'_>> {
    match word.first() {
        // Most words are moves: a letter first, and then only `Z0` and `e.p.` are not.
        Some(b'a'..=b'z' | b'A'..=b'Z') => {
            return match word {
                b"e.p." => None,
                [b'Z', ..] if is_null(word) => Some(Token::Null(word)),
                _ => Some(Token::San(word)),
            };
        }
        // The other most frequent: a move number alone, `12.` or `12...`.
        Some(b'1'..=b'9') => {
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            let rest = &word[digits..];
            if !rest.is_empty() && rest.iter().all(|&b| b == b'.') {
                return None;
            }
        }
        _ => {}
    }
    match word {
        b"1-0" | b"0-1" | b"1/2-1/2" | b"*" => return Some(Token::Result(word)),
        _ if is_null(word) => return Some(Token::Null(word)),
        b"!" => return Some(Token::Nag(1)),
        b"?" => return Some(Token::Nag(2)),
        b"!!" => return Some(Token::Nag(3)),
        b"??" => return Some(Token::Nag(4)),
        b"!?" => return Some(Token::Nag(5)),
        b"?!" => return Some(Token::Nag(6)),
        b"e.p." => return None,
        _ => {}
    }
    match word.first() {
        Some(b'0') if word.starts_with(b"0-0") => Some(Token::San(word)),
        Some(b'0'..=b'9') => {
            // A move number, `12.` or `12...`, perhaps with the move glued on: `1.e4`.
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            let rest = &word[digits..];
            let dots = rest.iter().take_while(|&&b| b == b'.').count();
            match (&rest[dots..], dots) {
                ([], _) => None,
                (_, 0) => Some(Token::Unreadable(word)),
                (san, _) => classify(san),
            }
        }
        // Evaluation symbols (`+-`, `=`, `+/-`, ...) and lone dots: annotation, not moves.
        _ if !word.iter().any(u8::is_ascii_alphanumeric) => None,
        _ => Some(Token::San(word)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec::Vec;

    /// The tokens of `text` with their lines.
    fn tokens(text: &str) -> Vec<(Token<'_>, usize)> {
        let bytes = text.as_bytes();
        Tokens::new(bytes)
            .map(|(token, offset)| (token, line_at(bytes, offset, 1)))
            .collect()
    }

    /// The tokenizer as it was before the first-byte dispatch: an independent reading to
    /// compare with (tokens and their lines).
    fn reference(text: &[u8]) -> Vec<(Token<'_>, usize)> {
        let mut out = Vec::new();
        let mut tokens = Tokens::new(text);
        while let Some(rest) = tokens.text.get(tokens.at..) {
            let Some(skip) = rest
                .iter()
                .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
            else {
                break;
            };
            tokens.at += skip;
            let start = tokens.at;
            let byte = rest[skip];
            if byte.is_ascii_alphanumeric() {
                // Words the old way: the whole word through `classify`.
                let word = &tokens.text[start..];
                let len = word_len(word);
                tokens.at += len;
                if let Some(token) = classify(&word[..len]) {
                    out.push((token, line_at(text, start, 1)));
                }
                continue;
            }
            if let Some((token, offset)) = tokens.general(byte, start) {
                out.push((token, line_at(text, offset, 1)));
            }
        }
        out
    }

    /// The dispatch on the first byte reads what the old tokenizer read, on random texts of
    /// the bytes that matter.
    #[test]
    fn fast_paths_read_what_the_general_way_reads() {
        let pieces: [&[u8]; 28] = [
            b" ", b"\n", b"\r\n", b"\t", b"1", b"12", b"0", b".", b"...", b"e4", b"Nf3", b"O-O",
            b"0-0", b"1-0", b"1/2-1/2", b"*", b"Z0", b"--", b"e.p.", b"{c}", b"{", b"}", b"(",
            b")", b"$1", b";x", b"%", b"+-",
        ];
        let mut rng = crate::test_rng::Lcg::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..50_000 {
            let mut text = Vec::new();
            let seed = rng.next_u64();
            let n = (seed >> 60) as usize;
            for i in 0..n {
                let pick = (seed >> (i * 4 % 56)) as usize ^ (i * 7);
                text.extend_from_slice(pieces[pick % pieces.len()]);
            }
            let got: Vec<_> = Tokens::new(&text)
                .map(|(token, offset)| (token, line_at(&text, offset, 1)))
                .collect();
            assert_eq!(
                got,
                reference(&text),
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    #[test]
    fn moves_numbers_and_results() {
        use Token::*;
        assert_eq!(
            tokens("1. e4 e5 2.Nf3 2... Nc6 3.O-O 0-0-0 1/2-1/2"),
            [
                (San(b"e4"), 1),
                (San(b"e5"), 1),
                (San(b"Nf3"), 1),
                (San(b"Nc6"), 1),
                (San(b"O-O"), 1),
                (San(b"0-0-0"), 1),
                (Result(b"1/2-1/2"), 1),
            ]
        );
        assert_eq!(tokens("1... Bc5 *"), [(San(b"Bc5"), 1), (Result(b"*"), 1)]);
        assert_eq!(tokens("12e4"), [(Unreadable(b"12e4"), 1)]);
        for word in [
            "e4", "Nf3", "exd5", "O-O", "0-0-0", "--", "Z0", "N@f3", "Kxe8=Q+",
        ] {
            assert!(holds_a_move(word.as_bytes()), "{word}");
        }
        for word in ["Zz9", "N", "xx", "Qi9", "K", "e", "+-"] {
            assert!(!holds_a_move(word.as_bytes()), "{word}");
        }
        assert_eq!(
            tokens("1. f4 Z0 -- 0000"),
            [
                (San(b"f4"), 1),
                (Null(b"Z0"), 1),
                (Null(b"--"), 1),
                (Null(b"0000"), 1)
            ]
        );
        assert_eq!(
            tokens("exd6 e.p. +- = 1-0"),
            [(San(b"exd6"), 1), (Result(b"1-0"), 1)]
        );
    }

    #[test]
    fn comments_nags_and_lines() {
        use Token::*;
        assert_eq!(
            tokens("e4 {a\nb} $14 !? ; rest { of line\n% escape ( line\nNf3$2 ( d4 ) }"),
            [
                (San(b"e4"), 1),
                (Comment(b"a\nb"), 1),
                (Nag(14), 2),
                (Nag(5), 2),
                (San(b"Nf3"), 4),
                (Nag(2), 4),
                (Open, 4),
                (San(b"d4"), 4),
                (Close, 4),
                (Unreadable(b"}"), 4),
            ]
        );
        assert_eq!(
            tokens("%x\ne4 {open"),
            [(San(b"e4"), 2), (UnclosedComment, 2)]
        );
        assert_eq!(
            tokens("$ $999"),
            [(Unreadable(b"$"), 1), (Unreadable(b"$999"), 1)]
        );
    }

    #[test]
    fn skipping_variations() {
        let text = b"( d4 ( c4 ) {)} ; )\n) e5 (";
        let mut tokens = Tokens::new(text);
        let line = |(token, offset)| (token, line_at(text, offset, 1));
        assert_eq!(tokens.next().map(line), Some((Token::Open, 1)));
        assert!(tokens.skip_variation());
        assert_eq!(tokens.next().map(line), Some((Token::San(b"e5"), 2)));
        assert_eq!(tokens.next().map(line), Some((Token::Open, 2)));
        assert!(!tokens.skip_variation());
        assert_eq!(tokens.next(), None);
    }
}
