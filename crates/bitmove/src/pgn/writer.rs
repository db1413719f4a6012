//! Writing PGN as python-chess 1.11.2 writes it: [`Exporter`] (its `StringExporter`, one
//! call per thing written) and [`GameTree::write`] (its `Game.accept`, the tree walked in
//! PGN order).

use core::borrow::BorrowMut;
use core::fmt::{self, Write as _};
use std::borrow::Cow;
use std::string::String;
use std::vec::Vec;

use super::tree::{GameTree, NodeId, play};
use super::{NULL_MOVE, NULL_VARIANT_MOVE};
use crate::variant::VariantPosition;
use crate::{Board, Color, Move};

/// What [`GameTree::write`] and [`Exporter`] write, as python-chess's exporters take it.
///
/// The default is python-chess's `StringExporter()`: lines of at most 80 characters,
/// headers, comments and variations. [`WriteOptions::unwrapped`] is what `str(game)` writes
/// (the movetext on one line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// The most characters a movetext line takes (a token longer than that gets a line of
    /// its own); `None`: the whole movetext on one line. Tags and the text of a comment are
    /// never broken.
    pub columns: Option<usize>,
    /// Whether the tag pairs are written (and the blank line after them).
    pub headers: bool,
    /// Whether comments and NAGs are written.
    pub comments: bool,
    /// Whether variations are written.
    pub variations: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            columns: Some(80),
            headers: true,
            comments: true,
            variations: true,
        }
    }
}

impl WriteOptions {
    /// python-chess's `str(game)`: everything, the movetext on one line.
    pub fn unwrapped() -> WriteOptions {
        WriteOptions {
            columns: None,
            ..WriteOptions::default()
        }
    }
}

/// Whether Python's `str.isspace` holds for `c` (what `strip` and `rstrip` remove): Rust's
/// Unicode whitespace and the four separators U+001C to U+001F.
fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The characters of `text` (Python's `len`).
fn chars(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// A short token assembled on the stack (a move number, a SAN, a NAG).
struct Token {
    bytes: [u8; 24],
    len: usize,
}

impl Token {
    fn new() -> Token {
        Token {
            bytes: [0; 24],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        // Only `write_str` fills it, with whole `str`s.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for Token {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Writes one game as python-chess's `StringExporter` does, told what to write one thing at
/// a time in PGN order (tags, then the movetext: comments, moves with the position before
/// each, NAGs, variations, the result), into a `String` it appends to.
/// [`GameTree::write`] drives one over a tree; a caller with a tree of its own (a binding's
/// node objects) drives one the same way.
///
/// Movetext is written in tokens (`12. `, `12... `, `Nf3 `, `$1 `, `{ text } `, `( `, `) `,
/// the result) that are never broken: a token that does not fit in the line's
/// [`columns`](WriteOptions::columns) starts a new line, and each line loses its trailing
/// spaces. A move number is written before each White move, and before a Black move that
/// follows a comment, a variation's start or end, or begins the game.
///
/// ```
/// use bitmove::pgn::{Exporter, WriteOptions};
/// use bitmove::Board;
///
/// let mut board = Board::default();
/// let mut out = String::new();
/// let mut exporter = Exporter::new(&mut out, WriteOptions::unwrapped());
/// exporter.header("Event", "Casual");
/// exporter.end_headers();
/// for san in ["e4", "e5"] {
///     let mv = board.parse_san(san)?;
///     exporter.play(&board, mv);
///     board.play(mv)?;
///     if san == "e4" {
///         exporter.comment("best by test");
///     }
/// }
/// exporter.result("*");
/// exporter.finish();
/// assert_eq!(out, "[Event \"Casual\"]\n\n1. e4 { best by test } 1... e5 *");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The text goes to any `B: BorrowMut<String>`: `&mut String` appends to a string of the
/// caller's, a `String` is owned by the exporter (taken back with
/// [`into_inner`](Exporter::into_inner)), for a binding that keeps an exporter between calls.
pub struct Exporter<B: BorrowMut<String>> {
    out: B,
    options: WriteOptions,
    /// Where this game's text starts in `out`.
    game_start: usize,
    /// Where the current line starts in `out`, and its length in characters.
    line_start: usize,
    line_chars: usize,
    found_headers: bool,
    force_number: bool,
    depth: usize,
}

impl<B: BorrowMut<String>> Exporter<B> {
    /// An exporter that appends one game to `out`.
    pub fn new(out: B, options: WriteOptions) -> Exporter<B> {
        let start = out.borrow().len();
        Exporter {
            out,
            options,
            game_start: start,
            line_start: start,
            line_chars: 0,
            found_headers: false,
            force_number: true,
            depth: 0,
        }
    }

    /// Ends the current line, without its trailing spaces (none is written when it is
    /// empty).
    fn flush_line(&mut self) {
        let line_start = self.line_start;
        let out = self.out.borrow_mut();
        if out.len() > line_start {
            let kept = out[line_start..].trim_end_matches(is_py_space).len();
            out.truncate(line_start + kept);
            out.push('\n');
            self.line_start = out.len();
        }
        self.line_chars = 0;
    }

    /// Writes a whole line (after ending the current one).
    fn write_line(&mut self, line: &str) {
        self.flush_line();
        let out = self.out.borrow_mut();
        out.push_str(line.trim_end_matches(is_py_space));
        out.push('\n');
        self.line_start = out.len();
    }

    /// Writes a token of `chars` characters made of `parts`, on a new line if it does not
    /// fit on this one.
    fn token(&mut self, parts: &[&str], chars: usize) {
        if let Some(columns) = self.options.columns
            && self.line_chars + chars > columns
        {
            self.flush_line();
        }
        let out = self.out.borrow_mut();
        for part in parts {
            out.push_str(part);
        }
        self.line_chars += chars;
    }

    /// A tag pair, `[Name "value"]`: written as it is, without escaping (as python-chess
    /// writes it; see [`Headers`](super::Headers)).
    pub fn header(&mut self, name: &str, value: &str) {
        if self.options.headers {
            self.found_headers = true;
            self.flush_line();
            let out = self.out.borrow_mut();
            let start = out.len();
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            out.push_str(value);
            out.push_str("\"]");
            let kept = out[start..].trim_end_matches(is_py_space).len();
            out.truncate(start + kept);
            out.push('\n');
            self.line_start = out.len();
        }
    }

    /// The tags are over: a blank line if any was written.
    pub fn end_headers(&mut self) {
        if self.found_headers {
            self.write_line("");
        }
    }

    /// A comment, `{ text }`: without its `}` characters and the spaces around it; skipped
    /// without [`comments`](WriteOptions::comments) or inside a variation without
    /// [`variations`](WriteOptions::variations).
    pub fn comment(&mut self, text: &str) {
        if self.options.comments && (self.options.variations || self.depth == 0) {
            let text: Cow<'_, str> = if text.contains('}') {
                Cow::Owned(text.replace('}', ""))
            } else {
                Cow::Borrowed(text)
            };
            let text = text.trim_matches(is_py_space);
            self.token(&["{ ", text, " } "], chars(text) + 5);
            self.force_number = true;
        }
    }

    /// A NAG, `$n`; skipped as comments are.
    pub fn nag(&mut self, nag: u32) {
        if self.options.comments && (self.options.variations || self.depth == 0) {
            let mut token = Token::new();
            let _ = write!(token, "${nag} ");
            self.token(&[token.as_str()], token.len);
        }
    }

    /// A move (legal on `board`, the position before it, or [`NULL_MOVE`], written `--`),
    /// with its number when it needs one.
    pub fn play(&mut self, board: &Board, mv: Move) {
        if !(self.options.variations || self.depth == 0) {
            return;
        }
        let mut token = Token::new();
        let _ = if mv == NULL_MOVE {
            token.write_str("--")
        } else {
            write!(token, "{}", board.san(mv))
        };
        self.play_san(
            board.fullmove_number(),
            board.side_to_move(),
            token.as_str(),
        );
    }

    /// A move already written in SAN (`san`, or `--` for a null move), played by `side`
    /// at move `fullmove`: what [`play`](Exporter::play) writes, for a caller whose board
    /// is not a [`Board`] (a variant's, a binding's).
    pub fn play_san(&mut self, fullmove: u32, side: Color, san: &str) {
        if !(self.options.variations || self.depth == 0) {
            return;
        }
        let mut token = Token::new();
        if side == Color::White {
            let _ = write!(token, "{fullmove}. ");
            self.token(&[token.as_str()], token.len);
        } else if self.force_number {
            let _ = write!(token, "{fullmove}... ");
            self.token(&[token.as_str()], token.len);
        }
        self.token(&[san, " "], chars(san) + 1);
        self.force_number = false;
    }

    /// A variation begins, `( `; false (nothing written) without
    /// [`variations`](WriteOptions::variations): then skip its moves, but still call
    /// [`end_variation`](Exporter::end_variation), as python-chess's walk does.
    pub fn begin_variation(&mut self) -> bool {
        self.depth += 1;
        if self.options.variations {
            self.token(&["( "], 2);
            self.force_number = true;
        }
        self.options.variations
    }

    /// The variation ends, `) `.
    pub fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.options.variations {
            self.token(&[") "], 2);
            self.force_number = true;
        }
    }

    /// The result (python-chess writes the `Result` tag's value here, `*` when there is
    /// none).
    pub fn result(&mut self, result: &str) {
        self.token(&[result, " "], chars(result) + 1);
    }

    /// The game is over: the text ends without trailing spaces or line ends, as
    /// python-chess's `StringExporter` returns it (its `FileExporter` writes the same
    /// followed by `"\n\n"`).
    pub fn finish(mut self) -> B {
        self.flush_line();
        let game_start = self.game_start;
        let out = self.out.borrow_mut();
        let kept = out[game_start..].trim_end_matches(is_py_space).len();
        out.truncate(game_start + kept);
        self.out
    }

    /// The game is over, python-chess's `end_game` of its exporters: the current line
    /// ends and a blank line follows, nothing is trimmed, and the exporter is ready for the
    /// next game (a `StringExporter` given several games separates them by a blank line;
    /// [`text`](Exporter::text) drops the trailing line ends, as its `result()` does).
    pub fn end_game(&mut self) {
        self.write_line("");
        self.game_start = self.out.borrow().len();
        self.found_headers = false;
        self.force_number = true;
        self.depth = 0;
    }

    /// Everything written so far, without trailing whitespace: python-chess's
    /// `StringExporter.result()`.
    pub fn text(&self) -> &str {
        self.out.borrow().trim_end_matches(is_py_space)
    }

    /// The text of the lines that are complete (a line still being filled is left), to
    /// move out to a file as python-chess's `FileExporter` writes lines; the exporter goes
    /// on after them. Empty when no line has ended since the last call.
    pub fn take_lines(&mut self) -> String {
        let out = self.out.borrow_mut();
        let done = self.line_start.min(out.len());
        let rest = out.split_off(done);
        let lines = core::mem::replace(out, rest);
        self.line_start -= done;
        self.game_start = self.game_start.saturating_sub(done);
        lines
    }

    /// The buffer, with everything written to it (without the trimming of
    /// [`finish`](Exporter::finish)).
    pub fn into_inner(self) -> B {
        self.out
    }
}

/// What is left to write of a tree, last first; `P` is the position the moves are played
/// on.
enum Step<P> {
    /// A node (its move played from `board`), then, with `sidelines`, the variations that
    /// follow it as its parent's other children, then its main continuation.
    Line {
        node: NodeId,
        board: P,
        sidelines: bool,
    },
    /// The variation that begins with `node` (played from `board`), then the ones after it.
    Variations {
        node: NodeId,
        board: P,
    },
    EndVariation,
}

/// A position the writer walks a tree on: a standard game's [`Board`], a variant game's
/// [`VariantPosition`].
trait Walk: Clone {
    /// Tells `exporter` the move of `node`, played from this position.
    fn export<B: BorrowMut<String>>(&self, tree: &GameTree, node: NodeId, out: &mut Exporter<B>);
    /// Plays the move of `node`.
    fn advance(&mut self, tree: &GameTree, node: NodeId);
}

impl Walk for Board {
    fn export<B: BorrowMut<String>>(&self, tree: &GameTree, node: NodeId, out: &mut Exporter<B>) {
        out.play(self, tree.node(node).mv());
    }

    fn advance(&mut self, tree: &GameTree, node: NodeId) {
        play(self, tree.node(node).mv());
    }
}

impl Walk for VariantPosition {
    /// A move that is not legal here (which only a tree edited by hand can hold) is written
    /// `--`, as a null move is.
    fn export<B: BorrowMut<String>>(&self, tree: &GameTree, node: NodeId, out: &mut Exporter<B>) {
        let mv = tree.variant_move(node).unwrap_or(NULL_VARIANT_MOVE);
        let mut token = Token::new();
        let _ = if mv != NULL_VARIANT_MOVE && self.is_legal(mv) {
            write!(token, "{}", self.san(mv))
        } else {
            token.write_str("--")
        };
        let board = self.board();
        out.play_san(
            board.fullmove_number(),
            board.side_to_move(),
            token.as_str(),
        );
    }

    /// A move that is not legal here passes the turn, as a null move does.
    fn advance(&mut self, tree: &GameTree, node: NodeId) {
        match tree.variant_move(node) {
            Some(mv) if mv != NULL_VARIANT_MOVE && self.is_legal(mv) => self.play_unchecked(mv),
            _ => self.play_null(),
        }
    }
}

impl GameTree {
    /// Appends the game to `out` as python-chess's `game.accept(StringExporter(columns=,
    /// headers=, comments=, variations=))` writes it: the tags (the Seven Tag Roster first),
    /// a blank line, the movetext (comments, NAGs and variations in python-chess's order and
    /// spacing), the result; no line end after it.
    ///
    /// ```
    /// use bitmove::pgn::{Reader, WriteOptions};
    ///
    /// let pgn = "[White \"Tal\"]\n\n1. e4 {A comment} e5 (1... c5 $1 2. Nf3) 2. Nf3!? 1-0\n";
    /// let game = Reader::new(pgn.as_bytes()).read_tree()?.expect("a game");
    /// let options = WriteOptions { columns: Some(24), ..WriteOptions::default() };
    /// assert_eq!(
    ///     game.to_pgn(&options),
    ///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    ///      [White \"Tal\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
    ///      1. e4 { A comment }\n1... e5 ( 1... c5 $1 2.\nNf3 ) 2. Nf3 $5 1-0"
    /// );
    /// let options = WriteOptions { headers: false, variations: false, ..WriteOptions::default() };
    /// assert_eq!(game.to_pgn(&options), "1. e4 { A comment } 1... e5 2. Nf3 $5 1-0");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write(&self, options: &WriteOptions, out: &mut String) {
        let mut exporter = Exporter::new(out, *options);
        self.write_to(&mut exporter);
        exporter.finish();
    }

    /// Tells `exporter` the game, as python-chess's `Game.accept` tells a visitor between
    /// `begin_game` and `end_game`: the tags, the comment before the first move, the moves
    /// with their comments, NAGs and variations, the result. [`write`](GameTree::write) is
    /// this with a new exporter, finished after it.
    pub fn write_to<B: BorrowMut<String>>(&self, exporter: &mut Exporter<B>) {
        for (name, value) in self.headers.iter() {
            exporter.header(name, value);
        }
        exporter.end_headers();
        if !self.comment().is_empty() {
            exporter.comment(self.comment());
        }
        if let Some(first) = self.node(NodeId::ROOT).next() {
            match self.variant_start() {
                Some(start) => self.write_moves(first, start.clone(), exporter),
                None => self.write_moves(first, self.start().clone(), exporter),
            }
        }
        exporter.result(self.result());
    }

    /// The game as [`GameTree::write`] writes it.
    pub fn to_pgn(&self, options: &WriteOptions) -> String {
        let mut out = String::new();
        self.write(options, &mut out);
        out
    }

    /// Writes the line that starts at `first` (the root's first child) with everything
    /// that hangs from it, in python-chess's order: each move, then the variations that are
    /// alternatives to it, then its continuation. No recursion: a long game needs no stack.
    fn write_moves<P: Walk, B: BorrowMut<String>>(
        &self,
        first: NodeId,
        start: P,
        exporter: &mut Exporter<B>,
    ) {
        let mut steps: Vec<Step<P>> = std::vec![Step::Line {
            node: first,
            board: start,
            sidelines: true,
        }];
        while let Some(step) = steps.pop() {
            match step {
                Step::Line {
                    node,
                    board,
                    sidelines,
                } => {
                    let here = self.node(node);
                    if !here.starting_comment.is_empty() {
                        exporter.comment(&here.starting_comment);
                    }
                    board.export(self, node, exporter);
                    for &nag in here.nags() {
                        exporter.nag(nag);
                    }
                    if !here.comment.is_empty() {
                        exporter.comment(&here.comment);
                    }
                    let others = here.next_sibling().filter(|_| sidelines);
                    match (here.next(), others) {
                        (Some(next), others) => {
                            let before = others.map(|_| board.clone());
                            let mut after = board;
                            after.advance(self, node);
                            steps.push(Step::Line {
                                node: next,
                                board: after,
                                sidelines: true,
                            });
                            if let (Some(other), Some(board)) = (others, before) {
                                steps.push(Step::Variations { node: other, board });
                            }
                        }
                        (None, Some(other)) => steps.push(Step::Variations { node: other, board }),
                        (None, None) => {}
                    }
                }
                Step::Variations { node, board } => {
                    if let Some(next) = self.node(node).next_sibling() {
                        steps.push(Step::Variations {
                            node: next,
                            board: board.clone(),
                        });
                    }
                    steps.push(Step::EndVariation);
                    if exporter.begin_variation() {
                        steps.push(Step::Line {
                            node,
                            board,
                            sidelines: false,
                        });
                    }
                }
                Step::EndVariation => exporter.end_variation(),
            }
        }
    }
}

impl fmt::Display for GameTree {
    /// python-chess's `str(game)`: [`GameTree::write`] with [`WriteOptions::unwrapped`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn(&WriteOptions::unwrapped()))
    }
}

/// The games of `trees` as python-chess's `FileExporter` writes them one after another:
/// each followed by a blank line.
pub fn write_games<'a>(
    trees: impl IntoIterator<Item = &'a GameTree>,
    options: &WriteOptions,
) -> String {
    let mut out = String::new();
    for tree in trees {
        tree.write(options, &mut out);
        out.push_str("\n\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::Reader;

    /// The first game of `pgn` as a tree.
    fn tree(pgn: &str) -> GameTree {
        Reader::new(pgn.as_bytes())
            .read_tree()
            .expect("in memory")
            .expect("a game")
    }

    /// The movetext alone, written with `columns`.
    fn movetext(pgn: &str, columns: Option<usize>) -> String {
        let options = WriteOptions {
            columns,
            headers: false,
            ..WriteOptions::default()
        };
        tree(pgn).to_pgn(&options)
    }

    #[test]
    fn numbers_after_comments_variations_and_black_starts() {
        assert_eq!(
            movetext(
                "1. e4 e5 2. Nf3 {c} Nc6 (2... d6 3. d4) (2... f5) 3. Bb5 *",
                None
            ),
            "1. e4 e5 2. Nf3 { c } 2... Nc6 ( 2... d6 3. d4 ) ( 2... f5 ) 3. Bb5 *"
        );
        // A NAG forces no number; a starting comment does.
        assert_eq!(
            movetext("1. e4 $1 e5 (1... {start} c5) *", None),
            "1. e4 $1 e5 ( { start } 1... c5 ) *"
        );
        assert_eq!(movetext("1. e4 $1 e5 *", None), "1. e4 $1 e5 *",);
        assert_eq!(
            movetext(
                "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n\n40... Kd7 41. e4 Kc6 *",
                None
            ),
            "40... Kd7 41. e4 Kc6 *"
        );
        // Nested variations, and a game comment before the first move.
        assert_eq!(
            movetext(
                "{Intro} 1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 *",
                None
            ),
            "{ Intro } 1. e4 ( 1. d4 d5 ( 1... Nf6 2. c4 ) 2. c4 ) 1... e5 *"
        );
        // A variation on the last move, and alternatives on the first.
        assert_eq!(
            movetext("1. e4 (1. d4) (1. c4) e5 (1... c5) *", None),
            "1. e4 ( 1. d4 ) ( 1. c4 ) 1... e5 ( 1... c5 ) *"
        );
    }

    #[test]
    fn wrapping_at_columns() {
        let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                   8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";
        let text = movetext(pgn, Some(80));
        assert_eq!(
            text,
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n\
             O-O 9. h3 Nb8 10. d4 Nbd7 *"
        );
        // A number and its move may be parted; lines lose their trailing space.
        assert_eq!(
            movetext("1. e4 e5 2. Nf3 *", Some(10)),
            "1. e4 e5\n2. Nf3 *"
        );
        assert_eq!(
            movetext("1. e4 e5 2. Nf3 *", Some(7)),
            "1. e4\ne5 2.\nNf3 *"
        );
        // A comment longer than the line gets a line of its own, unbroken.
        assert_eq!(
            movetext("1. e4 {a long comment here} e5 *", Some(12)),
            "1. e4\n{ a long comment here }\n1... e5 *"
        );
        // Characters, not bytes, are counted.
        assert_eq!(
            movetext("1. e4 {éééé} e5 *", Some(16)),
            "1. e4 { éééé }\n1... e5 *"
        );
        // Zero columns: one token a line.
        assert_eq!(movetext("1. e4 *", Some(0)), "1.\ne4\n*");
    }

    #[test]
    fn tags_and_escaping() {
        // The roster first and in its order, then the others as first set; a repeated tag
        // keeps its place and takes the last value.
        let game = tree(
            "[ECO \"C20\"]\n[Black \"B\"]\n[White \"A\"]\n[Event \"E\"]\n[ECO \"C21\"]\n\n1. e4 *",
        );
        assert_eq!(
            game.to_string(),
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
             [Black \"B\"]\n[Result \"*\"]\n[ECO \"C21\"]\n\n1. e4 *"
        );
        // Values as written between the quotes: python-chess neither unescapes nor escapes.
        let game = tree("[White \"a \\\"b\\\" \\\\\"]\n[Black \"x \"y\" z\"]\n\n*");
        assert_eq!(game.headers.get("White"), Some("a \\\"b\\\" \\\\"));
        assert!(
            game.to_string()
                .contains("[White \"a \\\"b\\\" \\\\\"]\n[Black \"x \"y\" z\"]\n")
        );
        let mut game = GameTree::without_tag_roster();
        game.headers.set("Annotator", "say \"hi\"");
        assert_eq!(game.to_string(), "[Annotator \"say \"hi\"\"]\n\n*");
        // Without tags: no blank line.
        assert_eq!(GameTree::without_tag_roster().to_string(), "*");
        assert_eq!(
            tree("[Result \"1-0\"]\n\n1. e4 *").to_pgn(&WriteOptions {
                headers: false,
                ..WriteOptions::default()
            }),
            "1. e4 1-0"
        );
    }

    #[test]
    fn comments_as_python_chess_keeps_them() {
        // One space dropped each side when read, all of them when written; `}` removed;
        // comments in a row joined by a space; CRLF as LF.
        let game = tree("1. e4 {  two  } {x} e5 {a\r\nb } {} *");
        let e4 = game.mainline().next().expect("e4");
        assert_eq!(game.node(e4).comment, " two  x");
        assert!(
            game.to_string()
                .ends_with("\n\n1. e4 { two  x } 1... e5 { a\nb } *")
        );
        // Comments after a `(` go before the variation's first move.
        let game = tree("1. e4 ( {before} {again} 1. d4 ) *");
        let d4 = game.children(NodeId::ROOT).nth(1).expect("d4");
        assert_eq!(game.node(d4).starting_comment, "before again");
        // Without comments: no NAGs either, and no numbers forced.
        let options = WriteOptions {
            comments: false,
            headers: false,
            ..WriteOptions::default()
        };
        assert_eq!(
            tree("{x} 1. e4 $1 {c} e5 (1... c5 {d}) 2. Nf3 *").to_pgn(&options),
            "1. e4 e5 ( 1... c5 ) 2. Nf3 *"
        );
        // A `}` in a comment set by hand is dropped.
        let mut game = GameTree::without_tag_roster();
        game.node_mut(NodeId::ROOT).comment = " a } b \u{1f}".into();
        assert_eq!(game.to_string(), "{ a  b } *");
    }

    #[test]
    fn suffixes_nulls_and_results() {
        assert_eq!(
            movetext("1. e4!? e5?! 2. Qh5!! Nc6?? 3. Qxf7+! *", None),
            "1. e4 $5 e5 $6 2. Qh5 $3 Nc6 $4 3. Qxf7+ $1 *"
        );
        assert_eq!(movetext("1. e4 $14 $1 $14 *", None), "1. e4 $1 $14 *");
        assert_eq!(movetext("1. e4 -- 2. d4 Z0 *", None), "1. e4 -- 2. d4 -- *");
        // The movetext's result fills a missing or `*` Result tag; the tag wins otherwise.
        assert_eq!(movetext("1. e4 1-0", None), "1. e4 1-0");
        assert_eq!(movetext("[Result \"0-1\"]\n1. e4 1-0", None), "1. e4 0-1");
        // Chess960 castling is O-O.
        assert_eq!(
            movetext(
                "[Variant \"Chess960\"]\n[FEN \"bqrbkrnn/pppppppp/8/8/8/8/PPPPPPPP/BQRBKRNN w CFcf - 0 1\"]\n\n\
                 1. Ng3 Ng6 2. Nh3 Nh6 3. O-O O-O *",
                None
            ),
            "1. Ng3 Ng6 2. Nh3 Nh6 3. O-O O-O *"
        );
    }

    #[test]
    fn without_variations() {
        let options = WriteOptions {
            variations: false,
            headers: false,
            ..WriteOptions::default()
        };
        assert_eq!(
            tree("1. e4 (1. d4 {x} d5) e5 {y} (1... c5 $2) 2. Nf3 *").to_pgn(&options),
            "1. e4 e5 { y } 2. Nf3 *"
        );
    }

    #[test]
    fn editing_the_tree() {
        let mut game = tree("1. e4 (1. d4) (1. c4) e5 *");
        let kids: Vec<NodeId> = game.children(NodeId::ROOT).collect();
        assert_eq!(kids.len(), 3);
        game.promote_to_main(kids[2]);
        assert_eq!(movetext_of(&game), "1. c4 ( 1. e4 e5 ) ( 1. d4 ) *");
        game.demote(kids[2]);
        assert_eq!(movetext_of(&game), "1. e4 ( 1. c4 ) ( 1. d4 ) 1... e5 *");
        game.promote(kids[1]);
        assert_eq!(movetext_of(&game), "1. e4 ( 1. d4 ) ( 1. c4 ) 1... e5 *");
        game.remove_variation(kids[1]);
        assert_eq!(movetext_of(&game), "1. e4 ( 1. c4 ) 1... e5 *");
        let e5 = game.mainline().nth(1).expect("e5");
        assert_eq!(game.depth(e5), 2);
        let board = game.board_at(e5);
        let nf3 = game.add_main_variation(e5, board.parse_san("Nf3").expect("legal"));
        game.node_mut(nf3).add_nag(14);
        assert!(game.node_mut(nf3).remove_nag(14));
        assert!(!game.node_mut(nf3).remove_nag(14));
        assert_eq!(movetext_of(&game), "1. e4 ( 1. c4 ) 1... e5 2. Nf3 *");
        assert_eq!(game.mainline_moves().count(), 3);
    }

    fn movetext_of(game: &GameTree) -> String {
        game.to_pgn(&WriteOptions {
            headers: false,
            columns: None,
            ..WriteOptions::default()
        })
    }

    #[test]
    fn a_long_game_needs_no_recursion() {
        // 20,000 plies of knights going back and forth, each with a one-move variation.
        let mut game = GameTree::without_tag_roster();
        let mut board = Board::default();
        let mut at = NodeId::ROOT;
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for i in 0..20_000 {
            let mv = board.parse_san(moves[i % 4]).expect("legal");
            let alternative = board.parse_san(["Nc3", "Nc6", "Nb1", "Nb8"][i % 4]);
            let next = game.add_variation(at, mv);
            if let Ok(other) = alternative
                && board.is_legal(other)
            {
                game.add_variation(at, other);
            }
            board.play_unchecked(mv);
            at = next;
        }
        let text = game.to_string();
        assert!(text.starts_with("1. Nf3 ( 1. Nc3 ) 1... Nf6 ( 1... Nc6 ) 2. Ng1"));
        assert!(text.ends_with("9999... Nf6 ( 9999... Nc6 ) 10000. Ng1 Ng8 *"));
    }

    #[test]
    fn hostile_input_never_panics() {
        let pieces: [&[u8]; 26] = [
            b" ",
            b"\n",
            b"\r\n",
            b"1.",
            b"e4",
            b"e5",
            b"Nf3",
            b"Nc6",
            b"{c}",
            b"{",
            b"}",
            b"(",
            b")",
            b"$1",
            b"$300",
            b"!?",
            b"--",
            b"*",
            b"1-0",
            b"[Event \"x\"]\n",
            b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n",
            b"\xff",
            b"\xc3\xa9",
            b";x\n",
            b"%",
            b"[Variant \"Atomic\"]\n",
        ];
        let options = [
            WriteOptions::default(),
            WriteOptions::unwrapped(),
            WriteOptions {
                columns: Some(1),
                headers: false,
                comments: false,
                variations: false,
            },
        ];
        for text in crate::pgn::random_texts(&pieces, 3000, 45) {
            let records: Vec<_> = Reader::new(&text[..])
                .collect::<Result<_, _>>()
                .expect("in memory");
            let trees: Vec<_> = Reader::new(&text[..])
                .trees()
                .collect::<Result<_, _>>()
                .expect("in memory");
            assert_eq!(records.len(), trees.len());
            for (game, record) in trees.iter().zip(&records) {
                // The tree's main line is the record's moves, whatever the variations did (or
                // the start of them, when a variation stopped the tree: the record skips
                // variations unread).
                let moves: Vec<_> = game.mainline_moves().collect();
                let text = String::from_utf8_lossy(&text);
                assert!(record.moves.starts_with(&moves), "{text:?}");
                if game.error.is_none() {
                    assert_eq!((&moves, &None), (&record.moves, &record.error), "{text:?}");
                }
                for options in &options {
                    let written = game.to_pgn(options);
                    assert!(written.ends_with(game.result()));
                }
            }
        }
    }
}
