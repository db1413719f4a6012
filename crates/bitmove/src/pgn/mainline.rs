//! One game's text read into its tags and the tokens of its mainline, with no move replayed:
//! for a caller that resolves the moves by rules of its own (the npm package's `loadPgn`
//! follows chess.js's reading of move text, which is more lenient than
//! [`Board::parse_san`](crate::Board::parse_san) in some ways and stricter in others).

use super::movetext::{Token, Tokens};
use super::replay::parse_tag;

/// What [`read_mainline`] finds in a game's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mainline {
    /// The tag pairs in input order: name and value as written between the quotes.
    pub tags: Vec<(String, String)>,
    /// The mainline's moves and comments in order (variations, NAGs and move numbers left out).
    pub items: Vec<MainlineItem>,
    /// The result marker at the end of the movetext, if any.
    pub result: Option<String>,
}

/// A move or a comment of the mainline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MainlineItem {
    /// A move as written (SAN, with any `+`, `#`, `!?` still on it).
    Move(String),
    /// A null move (`--`, `Z0`, `0000`, `@@@@`).
    Null,
    /// The text of a `{...}` comment.
    Comment(String),
}

/// Why a text is not one readable game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MainlineError {
    /// A `{` with no `}`.
    UnclosedComment,
    /// A `(` with no `)`.
    UnclosedVariation,
    /// A `)` with no `(`.
    StrayClose,
    /// A word that is no move, move number, NAG or result (as written).
    Unreadable(String),
}

impl core::fmt::Display for MainlineError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MainlineError::UnclosedComment => f.write_str("a comment is not closed"),
            MainlineError::UnclosedVariation => f.write_str("a variation is not closed"),
            MainlineError::StrayClose => f.write_str("a ')' closes no variation"),
            MainlineError::Unreadable(word) => write!(f, "unreadable movetext {word:?}"),
        }
    }
}

impl std::error::Error for MainlineError {}

/// Reads the first game of `text` as chess.js 1.4's parser reads it: tag pairs (`[Name
/// "value"]`, spaces, tabs and line ends allowed around the name, the value and the brackets,
/// several on a line; a line that is no such pair but one python-chess reads, such as a value
/// with `\"` in it, is read as python-chess reads it, and a malformed one skipped), then the
/// movetext to the end of `text`, with `{...}` and `;` rest-of-line comments. Moves are not
/// replayed.
///
/// ```
/// use bitmove::pgn::{MainlineItem, read_mainline};
///
/// let game = read_mainline("[White \"Tal\"]\n\n1. e4 {best} e5 (1... c5) 2. Nf3 ; good\n1-0\n").unwrap();
/// assert_eq!(game.tags, [("White".to_string(), "Tal".to_string())]);
/// assert_eq!(game.items, [
///     MainlineItem::Move("e4".into()),
///     MainlineItem::Comment("best".into()),
///     MainlineItem::Move("e5".into()),
///     MainlineItem::Move("Nf3".into()),
///     MainlineItem::Comment("good".into()),
/// ]);
/// assert_eq!(game.result.as_deref(), Some("1-0"));
/// ```
pub fn read_mainline(text: &str) -> Result<Mainline, MainlineError> {
    let bytes = text.as_bytes();
    let mut game = Mainline::default();
    let mut at = 0;
    loop {
        let space = bytes[at..]
            .iter()
            .position(|b| !CHESSJS_SPACE.contains(b))
            .unwrap_or(bytes.len() - at);
        if bytes.get(at + space) != Some(&b'[') {
            // The movetext starts at the beginning of its line.
            at = bytes[..at + space]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(at, |n| n + 1)
                .max(at);
            break;
        }
        at += space;
        if let Some((name, value, len)) = chessjs_tag(&bytes[at..]) {
            game.tags.push((name.to_string(), value.to_string()));
            at += len;
            continue;
        }
        let end = super::find_byte(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n + 1);
        if let Some(tag) = parse_tag(&bytes[at..end]) {
            game.tags
                .push((tag.name().to_string(), tag.written_value().into_owned()));
        }
        at = end;
    }
    let mut tokens = Tokens::with_line_comments(&bytes[at..]);
    while let Some((token, _)) = tokens.next() {
        let word = |w: &[u8]| String::from_utf8_lossy(w).into_owned();
        match token {
            Token::San(san) => game.items.push(MainlineItem::Move(word(san))),
            Token::Null(_) => game.items.push(MainlineItem::Null),
            Token::Comment(comment) => game.items.push(MainlineItem::Comment(word(comment))),
            Token::Nag(_) => {}
            Token::Open => {
                if !tokens.skip_variation() {
                    return Err(MainlineError::UnclosedVariation);
                }
            }
            Token::Close => return Err(MainlineError::StrayClose),
            Token::Result(result) => game.result = Some(word(result)),
            Token::UnclosedComment => return Err(MainlineError::UnclosedComment),
            Token::Unreadable(w) => return Err(MainlineError::Unreadable(word(w))),
        }
    }
    Ok(game)
}

/// chess.js's whitespace between the parts of a tag pair.
const CHESSJS_SPACE: &[u8] = b" \t\r\n";

/// A tag pair at the start of `text` as chess.js's grammar reads it: `[`, a name of ASCII
/// letters, `"`, a value without `"`, `"`, `]`, with chess.js's whitespace allowed between
/// the parts; the name, the value and the length read.
fn chessjs_tag(text: &[u8]) -> Option<(&str, &str, usize)> {
    let skip = |at: usize| {
        at + text[at..]
            .iter()
            .take_while(|b| CHESSJS_SPACE.contains(b))
            .count()
    };
    let mut at = skip(text.strip_prefix(b"[").map(|_| 1)?);
    let name_len = text[at..]
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    if name_len == 0 {
        return None;
    }
    let name = core::str::from_utf8(&text[at..at + name_len]).ok()?;
    at = skip(at + name_len);
    if text.get(at) != Some(&b'"') {
        return None;
    }
    let value_len = text[at + 1..].iter().position(|&b| b == b'"')?;
    let value = core::str::from_utf8(&text[at + 1..at + 1 + value_len]).ok()?;
    at = skip(at + value_len + 2);
    if text.get(at) != Some(&b']') {
        return None;
    }
    Some((name, value, at + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_moves_comments_and_trouble() {
        let game = read_mainline("[Event \"x\"]\n[Bad\n\n1. e4 -- 1... Z0 $1 2. d4 *").unwrap();
        assert_eq!(game.tags.len(), 1);
        assert_eq!(
            game.items,
            [
                MainlineItem::Move("e4".into()),
                MainlineItem::Null,
                MainlineItem::Null,
                MainlineItem::Move("d4".into()),
            ]
        );
        assert_eq!(game.result.as_deref(), Some("*"));
        assert_eq!(
            read_mainline("1. e4 {open"),
            Err(MainlineError::UnclosedComment)
        );
        assert_eq!(
            read_mainline("1. e4 (e5"),
            Err(MainlineError::UnclosedVariation)
        );
        assert_eq!(read_mainline("1. e4 )"), Err(MainlineError::StrayClose));
        assert_eq!(read_mainline(""), Ok(Mainline::default()));
    }

    #[test]
    fn tag_pairs_as_chessjs_spaces_them() {
        let game = read_mainline(
            "[Date \"1972.01.07\" ]\n[\tEvent\t\"x\"\t]\n [A \"1\"][B \"2\"]\n[C \"a \\\"q\\\"\"]\n[Bad\n1. e4 *",
        )
        .unwrap();
        let tags: Vec<(&str, &str)> = game
            .tags
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Date", "1972.01.07"),
                ("Event", "x"),
                ("A", "1"),
                ("B", "2"),
                ("C", r#"a \"q\""#),
            ]
        );
        assert_eq!(game.items, [MainlineItem::Move("e4".into())]);
    }

    #[test]
    fn rest_of_line_comments_are_comments() {
        let game =
            read_mainline("; before\n1. e4 ;  after e4 \r\ne5 (1... c5 ; not read\n) *").unwrap();
        assert_eq!(
            game.items,
            [
                MainlineItem::Comment("before".into()),
                MainlineItem::Move("e4".into()),
                MainlineItem::Comment("after e4".into()),
                MainlineItem::Move("e5".into()),
            ]
        );
    }
}
