//! Tokens to moves: reads a game's tags, sets up its start position, and replays its
//! movetext against the legal moves, telling a [`Visitor`] what it finds.

use std::borrow::Cow;
use std::string::String;
use std::vec::Vec;

use super::movetext::{Token, Tokens, line_at};
use super::split::{GameText, OpenEnd};
use super::{ErrorKind, GameError, NULL_MOVE, NULL_VARIANT_MOVE};
use crate::attacks::{SliderBackend, Sliders, dispatch};
use crate::variant::{Variant, VariantMove, VariantPosition};
use crate::{Board, FenError, Move};

/// What the reader tells, game by game. Every method has a default that ignores it, so a
/// visitor implements only what it needs; [`Game`](super::Game) is built by one.
///
/// The calls for one game come in this order: [`begin_game`](Visitor::begin_game),
/// [`header`](Visitor::header) per tag, [`start`](Visitor::start) (unless the tags are
/// refused), then the movetext in order ([`play`](Visitor::play), [`comment`](Visitor::comment),
/// [`nag`](Visitor::nag), [`begin_variation`](Visitor::begin_variation) and
/// [`end_variation`](Visitor::end_variation), [`result`](Visitor::result)), and last
/// [`end_game`](Visitor::end_game) with the error that stopped the replay, if any.
///
/// ```
/// use bitmove::pgn::{Reader, Visitor};
/// use bitmove::{Board, Move};
///
/// /// Counts the captures of the mainlines.
/// #[derive(Default)]
/// struct Captures(usize);
///
/// impl Visitor for Captures {
///     fn play(&mut self, board: &Board, mv: Move, _san: &[u8]) {
///         self.0 += usize::from(board.color_on(mv.to) == Some(!board.side_to_move()));
///     }
/// }
///
/// let mut reader = Reader::new(&b"1. e4 d5 2. exd5 Qxd5 (2... Nf6) 3. Nc3 *\n"[..]);
/// let mut captures = Captures::default();
/// while reader.visit(&mut captures)? {}
/// assert_eq!(captures.0, 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Visitor {
    /// A game begins: its 0-based index in the input and its first line.
    fn begin_game(&mut self, index: usize, line: usize) {
        let _ = (index, line);
    }

    /// A tag pair, `[Name "value"]`, in input order; its value is unescaped and decoded
    /// only when asked for ([`Tag::value`]). Malformed tag lines are skipped.
    fn header(&mut self, tag: Tag<'_>) {
        let _ = tag;
    }

    /// The start position, from the `FEN` tag or the standard one, in Chess960 mode for a
    /// Chess960 game.
    fn start(&mut self, board: &Board) {
        let _ = board;
    }

    /// A move is played on `board` (the position before it), on the mainline or in a
    /// visited variation. `mv` is legal there, castling as king-takes-rook, or
    /// [`NULL_MOVE`] for a null move. `san` is the token as written.
    fn play(&mut self, board: &Board, mv: Move, san: &[u8]) {
        let _ = (board, mv, san);
    }

    /// A `{...}` comment's text (mainline or visited variation).
    fn comment(&mut self, text: &[u8]) {
        let _ = text;
    }

    /// A NAG: `$n`, or `!` (1), `?` (2), `!!` (3), `??` (4), `!?` (5), `?!` (6) written apart
    /// from the move.
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }

    /// Whether the reader should keep what it needs to replay variations (the position
    /// before each move). Asked once per game; when false (the default) every variation is
    /// skipped by a byte scan that only counts brackets.
    fn visit_variations(&self) -> bool {
        false
    }

    /// A `(` variation starts (an alternative to the last move played). Called for every
    /// variation; return true to have its moves visited (only when
    /// [`visit_variations`](Visitor::visit_variations) is true), false to skip it.
    fn begin_variation(&mut self) -> bool {
        false
    }

    /// The `)` of a visited variation.
    fn end_variation(&mut self) {}

    /// A result marker in the mainline's movetext: `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn result(&mut self, result: &str) {
        let _ = result;
    }

    /// The game is over: `Ok` when every move replayed, else why not.
    fn end_game(&mut self, outcome: Result<(), GameError>) {
        let _ = outcome;
    }

    /// Whether the games of the lichess variants (a `Variant` tag of "Atomic", "Antichess",
    /// "Crazyhouse", "Three-check", "King of the Hill", "Horde" or "Racing Kings") are
    /// replayed by their rules, through [`start_variant`](Visitor::start_variant) and
    /// [`play_variant`](Visitor::play_variant) instead of [`start`](Visitor::start) and
    /// [`play`](Visitor::play). Asked once per such game; when false (the default) the game
    /// ends with [`ErrorKind::Variant`]. Their variations are visited as a standard game's
    /// are ([`visit_variations`](Visitor::visit_variations)).
    fn plays_variants(&self) -> bool {
        false
    }

    /// Whether a movetext word in which python-chess's tokenizer finds no move (`Zz9`, `N`,
    /// `xx`: no square such as `e4`, no castling, no null move) is passed over silently, as
    /// python-chess's reader passes it over, instead of ending the game with
    /// [`ErrorKind::Move`]. Asked once per game; false (the default) reports it.
    fn skips_non_moves(&self) -> bool {
        false
    }

    /// The start position of a variant game.
    fn start_variant(&mut self, position: &VariantPosition) {
        let _ = position;
    }

    /// A move of a variant game, on the mainline or in a visited variation, legal in
    /// `position` (the position before it), or [`NULL_VARIANT_MOVE`] for a null move; `san`
    /// is the token as written.
    fn play_variant(&mut self, position: &VariantPosition, mv: VariantMove, san: &[u8]) {
        let _ = (position, mv, san);
    }
}

/// Reads one game into `visitor`; for an open game, also where it ended.
pub(crate) fn replay<V: Visitor + ?Sized>(game: &GameText<'_>, visitor: &mut V) -> Option<OpenEnd> {
    visitor.begin_game(game.index, game.line);
    let mut open = None;
    let outcome = replay_game(game, visitor, &mut open);
    visitor.end_game(outcome);
    open.filter(|_| game.open).map(|(at, mut tokens)| {
        // Past an error, to the game's end.
        let (end, next, newlines) = tokens.finish();
        (at + end, at + next, newlines)
    })
}

/// Text as UTF-8, or Latin-1 when it is not: never an error.
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match core::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// A tag pair as read, `[Name "value"]`, handed to [`Visitor::header`]: the value is
/// unescaped and decoded only on request.
///
/// ```
/// use bitmove::pgn::{Reader, Tag, Visitor};
///
/// /// The players of each game.
/// #[derive(Default)]
/// struct Players(Vec<String>);
///
/// impl Visitor for Players {
///     fn header(&mut self, tag: Tag<'_>) {
///         if tag.is("White") || tag.is("Black") {
///             self.0.push(tag.value().into_owned());
///         }
///     }
/// }
///
/// let pgn = "[White \"Tal, M.\"]\n[Black \"Smyslov, \\\"V\\\"\"]\n\n1. e4 *\n";
/// let mut players = Players::default();
/// Reader::new(pgn.as_bytes()).visit(&mut players)?;
/// assert_eq!(players.0, ["Tal, M.", "Smyslov, \"V\""]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    name: &'a [u8],
    raw: &'a [u8],
}

impl<'a> Tag<'a> {
    /// The name: letters, digits and `_+#=:-`, starting with a letter or digit.
    pub fn name(&self) -> &'a str {
        // Only ASCII bytes make a name (see `NAME`): never the default.
        core::str::from_utf8(self.name).unwrap_or_default()
    }

    /// Whether the tag is called `name` (a byte comparison, no decoding).
    pub fn is(&self, name: &str) -> bool {
        self.name == name.as_bytes()
    }

    /// The value as written between the quotes, escapes included.
    pub fn raw_value(&self) -> &'a [u8] {
        self.raw
    }

    /// The value as written between the quotes, escapes kept (as python-chess 1.11 reads
    /// it, and as the tree and its writer keep it), decoded as [`value`](Tag::value) is.
    pub fn written_value(&self) -> Cow<'a, str> {
        decode(self.raw)
    }

    /// The value with `\"` and `\\` unescaped, decoded as UTF-8, or as Latin-1 when it is
    /// not UTF-8: never an error.
    pub fn value(&self) -> Cow<'a, str> {
        match unescape(self.raw) {
            Cow::Borrowed(raw) => decode(raw),
            Cow::Owned(unescaped) => Cow::Owned(decode(&unescaped).into_owned()),
        }
    }
}

/// The bytes of a tag name.
static NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] =
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        byte += 1;
    }
    table
};

/// `[Name "value"]` (python-chess's shape: the value runs to the last `"]` of the line);
/// `None` for a malformed line.
pub(crate) fn parse_tag(line: &[u8]) -> Option<Tag<'_>> {
    let line = line.trim_ascii_end().strip_prefix(b"[")?;
    let name_len = line
        .iter()
        .position(|&b| !NAME[usize::from(b)])
        .unwrap_or(line.len());
    let (name, rest) = line.split_at(name_len);
    if !name.first().is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    let value_start = rest.iter().position(|b| !b.is_ascii_whitespace())?;
    if value_start == 0 {
        return None;
    }
    let value = rest[value_start..]
        .strip_prefix(b"\"")?
        .strip_suffix(b"\"]")?;
    if super::find_byte(b'\r', value).is_some() {
        return None;
    }
    Some(Tag { name, raw: value })
}

/// A tag value with `\"` and `\\` unescaped (a backslash before anything else is kept).
fn unescape(value: &[u8]) -> Cow<'_, [u8]> {
    if !value.contains(&b'\\') {
        return Cow::Borrowed(value);
    }
    let mut out = Vec::with_capacity(value.len());
    let mut bytes = value.iter().copied().peekable();
    while let Some(byte) = bytes.next() {
        if byte == b'\\'
            && let Some(&next @ (b'"' | b'\\')) = bytes.peek()
        {
            out.push(next);
            bytes.next();
        } else {
            out.push(byte);
        }
    }
    Cow::Owned(out)
}

/// How a `Variant` tag is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    /// Standard chess, in Chess960 mode or not (the names python-chess reads so).
    Standard { chess960: bool },
    /// A lichess variant.
    Variant(Variant),
}

/// The rules a `Variant` tag names, `None` for a variant bitmove does not play.
fn variant(name: &str) -> Option<Rules> {
    let name = name.trim().to_ascii_lowercase();
    match name.as_str() {
        "" | "standard" | "chess" | "classical" | "normal" | "illegal" | "from position" => {
            Some(Rules::Standard { chess960: false })
        }
        "chess960" | "chess 960" | "fischerandom" | "fischerrandom" | "fischer random" => {
            Some(Rules::Standard { chess960: true })
        }
        _ => match Variant::from_name(&name)? {
            Variant::Chess => None,
            variant => Some(Rules::Variant(variant)),
        },
    }
}

/// Reads one game into `visitor`; for an open game, leaves its movetext's offset and
/// tokenizer in `open`, to be read to its end.
fn replay_game<'t, V: Visitor + ?Sized>(
    game: &GameText<'t>,
    visitor: &mut V,
    open: &mut Option<(usize, Tokens<'t>)>,
) -> Result<(), GameError> {
    let error = |line: usize, token: &[u8], kind: ErrorKind| GameError {
        game: game.index,
        line,
        token: decode(token).into_owned(),
        kind,
    };
    if game.too_long {
        return Err(error(game.line, b"", ErrorKind::TooLong));
    }
    let bytes = game.bytes;
    let (mut at, mut line) = (0, game.line);
    let mut variant_tag: Option<(String, usize)> = None;
    let mut fen_tag: Option<(String, usize)> = None;
    while at < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n);
        let text = &bytes[at..end];
        if text.first() == Some(&b'[') {
            if let Some(tag) = parse_tag(text) {
                visitor.header(tag);
                if tag.is("Variant") {
                    variant_tag = Some((tag.value().into_owned(), line));
                } else if tag.is("FEN") {
                    fen_tag = Some((tag.value().into_owned(), line));
                }
            }
        } else if !(text.iter().all(u8::is_ascii_whitespace)
            || matches!(text.first(), Some(b'%' | b';')))
        {
            break;
        }
        at = end + 1;
        line += 1;
    }
    let movetext = bytes.get(at..).unwrap_or_default();
    let tokens = &mut open
        .insert((
            at,
            if game.open {
                Tokens::open(movetext)
            } else {
                Tokens::new(movetext)
            },
        ))
        .1;
    let chess960 = match &variant_tag {
        None => false,
        Some((name, tag_line)) => {
            let unsupported =
                || error(*tag_line, name.as_bytes(), ErrorKind::Variant(name.clone()));
            match variant(name).ok_or_else(unsupported)? {
                Rules::Standard { chess960 } => chess960,
                Rules::Variant(_) if !visitor.plays_variants() => return Err(unsupported()),
                Rules::Variant(rules) => {
                    let position = match &fen_tag {
                        None => VariantPosition::new(rules),
                        Some((fen, fen_line)) => VariantPosition::from_fen(rules, fen)
                            .map_err(|e| error(*fen_line, fen.as_bytes(), ErrorKind::Fen(e)))?,
                    };
                    visitor.start_variant(&position);
                    return replay_variant_movetext(tokens, position, visitor).map_err(
                        |(offset, token, kind)| error(line_at(movetext, offset, line), token, kind),
                    );
                }
            }
        }
    };
    let board = match &fen_tag {
        None => {
            let mut board = Board::startpos();
            board.set_chess960(chess960);
            board
        }
        // A standard game whose FEN has Chess960 castling rights is read as Chess960, as
        // python-chess does.
        Some((fen, line)) => Board::from_fen_with(fen, chess960)
            .or_else(|e| match e {
                FenError::CastlingSyntax | FenError::Illegal(_) if !chess960 => {
                    Board::from_fen_with(fen, true).map_err(|_| e)
                }
                _ => Err(e),
            })
            .map_err(|e| error(*line, fen.as_bytes(), ErrorKind::Fen(e)))?,
    };
    visitor.start(&board);
    dispatch!(SliderBackend::current(), |s| replay_movetext(
        s, tokens, board, visitor
    ))
    .map_err(|(offset, token, kind)| error(line_at(movetext, offset, line), token, kind))
}

/// Replays the movetext of a variant game, as [`replay_movetext`] does a standard one's:
/// variations from the position before the move they replace, null moves passing the turn.
fn replay_variant_movetext<'t, V: Visitor + ?Sized>(
    tokens: &mut Tokens<'t>,
    position: VariantPosition,
    visitor: &mut V,
) -> Result<(), Stop<'t>> {
    replay_lines(
        tokens,
        position,
        visitor,
        |position, visitor, text, null, offset| {
            let mv = if null {
                if position.is_check() {
                    return Err((offset, text, ErrorKind::NullMoveInCheck));
                }
                NULL_VARIANT_MOVE
            } else {
                let san = core::str::from_utf8(text)
                    .map_err(|_| (offset, text, ErrorKind::Move(crate::SanError::Syntax)))?;
                position
                    .parse_san(san)
                    .map_err(|e| (offset, text, ErrorKind::Move(e)))?
            };
            visitor.play_variant(position, mv, text);
            super::play_variant(position, mv);
            Ok(())
        },
    )
}

/// The tokens that need no position: comments, NAGs, results, and the two errors.
#[inline(always)]
fn other_token<'t, V: Visitor + ?Sized>(
    token: Token<'t>,
    offset: usize,
    visitor: &mut V,
    mainline: bool,
) -> Result<(), Stop<'t>> {
    match token {
        Token::Comment(comment) => visitor.comment(comment),
        Token::Nag(nag) => visitor.nag(nag),
        Token::Result(result) if mainline => visitor.result(&decode(result)),
        Token::UnclosedComment => return Err((offset, b"{", ErrorKind::UnclosedComment)),
        Token::Unreadable(text) => return Err((offset, text, ErrorKind::Token)),
        _ => {}
    }
    Ok(())
}

/// One line of play being replayed: the position, and the one before the last move (kept
/// only when variations are visited).
struct Line<P> {
    position: P,
    before: Option<P>,
    /// Whether a move was played on this line (a `(` before its first move opens nothing).
    moved: bool,
}

/// Why the movetext stopped: the offset of the token in the movetext, the token, the reason.
type Stop<'t> = (usize, &'t [u8], ErrorKind);

fn replay_movetext<'t, S: Sliders, V: Visitor + ?Sized>(
    s: S,
    tokens: &mut Tokens<'t>,
    board: Board,
    visitor: &mut V,
) -> Result<(), Stop<'t>> {
    replay_lines(
        tokens,
        board,
        visitor,
        |board, visitor, text, null, offset| {
            if !board.checks_known() {
                board.update_checks_by_rays();
            }
            if null {
                if board.in_check() {
                    return Err((offset, text, ErrorKind::NullMoveInCheck));
                }
                visitor.play(board, NULL_MOVE, text);
                board.pass_turn();
            } else {
                let (moved, mv) = board
                    .parse_san_moved(s, text)
                    .map_err(|e| (offset, text, ErrorKind::Move(e)))?;
                visitor.play(board, mv, text);
                // The piece is known from the SAN: no look-up.
                board.make_piece::<true>(moved, mv);
            }
            Ok(())
        },
    )
}

/// The movetext's structure, the same for every kind of position: `play` plays each move
/// token (its text, and whether it is a null move) on the current line's position, telling
/// the visitor; variations start from the position before the move they replace, and the
/// other tokens go to [`other_token`].
#[inline(always)]
fn replay_lines<'t, P: Clone, V: Visitor + ?Sized>(
    tokens: &mut Tokens<'t>,
    position: P,
    visitor: &mut V,
    mut play: impl FnMut(&mut P, &mut V, &'t [u8], bool, usize) -> Result<(), Stop<'t>>,
) -> Result<(), Stop<'t>> {
    let keep_before = visitor.visit_variations();
    let skip_non_moves = visitor.skips_non_moves();
    let mut current = Line {
        position,
        before: None,
        moved: false,
    };
    let mut outer: Vec<Line<P>> = Vec::new();
    while let Some((token, offset)) = tokens.next() {
        match token {
            // Each arm with its own constant, so that the inlined `play` needs no test.
            Token::San(san) if skip_non_moves && !super::movetext::holds_a_move(san) => {}
            Token::San(san) => {
                if keep_before {
                    current.before = Some(current.position.clone());
                }
                play(&mut current.position, visitor, san, false, offset)?;
                current.moved = true;
            }
            Token::Null(null) => {
                if keep_before {
                    current.before = Some(current.position.clone());
                }
                play(&mut current.position, visitor, null, true, offset)?;
                current.moved = true;
            }
            // python-chess's reading of parentheses that do not pair up: a `(` before the
            // line's first move opens nothing (what follows continues the line), a `)` that
            // closes nothing is passed over, a variation never closed ends with the game.
            Token::Open if !current.moved => {}
            Token::Open => {
                let enter = visitor.begin_variation();
                match current.before.take() {
                    Some(before) if enter && keep_before => {
                        let parent = core::mem::replace(
                            &mut current,
                            Line {
                                position: before.clone(),
                                before: None,
                                moved: false,
                            },
                        );
                        outer.push(Line {
                            before: Some(before),
                            ..parent
                        });
                    }
                    before => {
                        current.before = before;
                        if !tokens.skip_variation() {
                            break;
                        }
                    }
                }
            }
            Token::Close => {
                if let Some(parent) = outer.pop() {
                    current = parent;
                    visitor.end_variation();
                }
            }
            other => other_token(other, offset, visitor, outer.is_empty())?,
        }
    }
    for _ in outer {
        visitor.end_variation();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags() {
        let tag = |line: &'static [u8]| parse_tag(line).map(|t| (t.name(), t.raw_value()));
        assert_eq!(tag(b"[Event \"a b\"]\r"), Some(("Event", &b"a b"[..])));
        assert_eq!(
            tag(b"[White \"x \"y\" z\"]  "),
            Some(("White", &b"x \"y\" z"[..]))
        );
        assert_eq!(
            tag(b"[Event \"Ugra Cup \\\"]"),
            Some(("Event", &b"Ugra Cup \\"[..]))
        );
        assert_eq!(
            tag(b"[Round_2+#=:- \"1\"]"),
            Some(("Round_2+#=:-", &b"1"[..]))
        );
        let escaped = parse_tag(b"[White \"a \\\"b\\\" \xed\"]").expect("a tag");
        assert_eq!(escaped.value(), "a \"b\" \u{ed}");
        assert!(escaped.is("White") && !escaped.is("white"));
        assert_eq!(parse_tag(b"[Event\"a\"]"), None);
        assert_eq!(parse_tag(b"[_x \"a\"]"), None);
        assert_eq!(parse_tag(b"[Event \"a\""), None);
        assert_eq!(parse_tag(b"[Event a]"), None);
        assert_eq!(unescape(b"a \\\"b\\\" \\\\ \\n"), &b"a \"b\" \\ \\n"[..]);
        assert_eq!(decode(b"Mar\xeda"), "Mar\u{ed}a");
        assert_eq!(decode("Mar\u{ed}a".as_bytes()), "Mar\u{ed}a");
    }

    #[test]
    fn variants() {
        let standard = |chess960| Some(Rules::Standard { chess960 });
        assert_eq!(variant("Standard"), standard(false));
        assert_eq!(variant("From Position"), standard(false));
        assert_eq!(variant("fischerandom"), standard(true));
        assert_eq!(variant("Chess960"), standard(true));
        assert_eq!(variant("Atomic"), Some(Rules::Variant(Variant::Atomic)));
        assert_eq!(
            variant("Three-check"),
            Some(Rules::Variant(Variant::ThreeCheck))
        );
        assert_eq!(
            variant("King of the Hill"),
            Some(Rules::Variant(Variant::KingOfTheHill))
        );
        assert_eq!(
            variant("Racing Kings"),
            Some(Rules::Variant(Variant::RacingKings))
        );
        assert_eq!(variant("shogi"), None);
    }
}
