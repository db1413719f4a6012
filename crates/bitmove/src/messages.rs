//! Error messages for people, shared by the command line and the Python package: a bad FEN
//! names the field and the reason (the [`FenError`] message) and quotes the input with the
//! offending text marked `«like this»`, all on one line.
//!
//! ```
//! use bitmove::{messages, Board};
//!
//! let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1";
//! let error = Board::from_fen(fen).unwrap_err();
//! let message = messages::fen_error(fen, &error);
//! assert!(message.starts_with("invalid FEN, castling field: "));
//! assert!(message.ends_with(" in \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w «KQxq» - 0 1\""));
//! ```

use core::ops::Range;
use std::string::String;
use std::vec::Vec;

use crate::{FenError, PositionError};

/// How much of a long input to show on each side of the mark.
const CONTEXT: usize = 40;

/// The message for `error` about `fen`: `<why> in "<fen with the culprit marked>"`.
pub fn fen_error(fen: &str, error: &FenError) -> String {
    format!("{error} in {}", quote(fen, culprit(fen, error)))
}

/// The byte range of the text that `error` is about, when it is about a part of the FEN.
fn culprit(fen: &str, error: &FenError) -> Option<Range<usize>> {
    let fields = fields(fen);
    let field = |n: usize| fields.get(n).cloned();
    match error {
        FenError::FieldCount { found } if *found > 6 => {
            Some(fields[6].start..fields.last().map_or(fen.len(), |f| f.end))
        }
        FenError::FieldCount { .. } => None,
        FenError::RankCount { .. } => field(0),
        FenError::RankLength { rank } => {
            let placement = field(0)?;
            let row = 8usize.checked_sub(usize::from(*rank))?;
            let mut start = placement.start;
            for (index, text) in fen[placement.clone()].split('/').enumerate() {
                if index == row {
                    return Some(start..start + text.len());
                }
                start += text.len() + 1;
            }
            None
        }
        FenError::PieceLetter { found } => {
            let placement = field(0)?;
            let offset = fen[placement.clone()].find(*found)?;
            let start = placement.start + offset;
            Some(start..start + found.len_utf8())
        }
        FenError::SideToMove => field(1),
        FenError::CastlingSyntax | FenError::Illegal(PositionError::CastlingRights) => field(2),
        FenError::EnPassantSyntax | FenError::Illegal(PositionError::EnPassant) => field(3),
        FenError::HalfmoveClock => field(4),
        FenError::FullmoveNumber => field(5),
        FenError::Pocket => field(0),
        FenError::RemainingChecks => fields
            .iter()
            .skip(4)
            .find(|range| fen[(*range).clone()].contains('+'))
            .cloned(),
        FenError::Illegal(PositionError::PawnOnBackRank) => {
            let placement = field(0)?;
            let text = &fen[placement.clone()];
            let last_slash = text.rfind('/').map_or(text.len(), |i| i + 1);
            let first_rank = text.find('/').unwrap_or(text.len());
            if text[..first_rank].contains(['p', 'P']) {
                Some(placement.start..placement.start + first_rank)
            } else {
                Some(placement.start + last_slash..placement.end)
            }
        }
        FenError::Illegal(_) => field(0),
    }
}

/// The byte ranges of the whitespace-separated fields, as the FEN parser splits them.
fn fields(fen: &str) -> Vec<Range<usize>> {
    let mut fields = Vec::new();
    let mut start = None;
    for (index, c) in fen.char_indices() {
        match (c.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                fields.push(s..index);
                start = None;
            }
            (false, None) => start = Some(index),
            _ => {}
        }
    }
    if let Some(s) = start {
        fields.push(s..fen.len());
    }
    fields
}

/// `text` in double quotes, with `mark` (a byte range on character boundaries) between
/// `«` and `»`; control characters escaped, and a long text cut to the part around the mark:
/// any input, however long or hostile, quoted on one short line.
///
/// ```
/// assert_eq!(bitmove::messages::quote("a\nb", Some(2..3)), "\"a\\n«b»\"");
/// ```
pub fn quote(text: &str, mark: Option<Range<usize>>) -> String {
    let mark = mark.filter(|m| m.start < m.end && m.end <= text.len());
    let (before, marked, after) = match &mark {
        Some(m) => (&text[..m.start], Some(&text[m.clone()]), &text[m.end..]),
        None => (text, None, ""),
    };
    let mut out = String::from("\"");
    let before_chars = before.chars().count();
    if before_chars > 2 * CONTEXT && (marked.is_some() || before_chars > 3 * CONTEXT) {
        if marked.is_some() {
            out.push('…');
            push_escaped(&mut out, before.chars().skip(before_chars - CONTEXT));
        } else {
            push_escaped(&mut out, before.chars().take(2 * CONTEXT));
            out.push('…');
        }
    } else {
        push_escaped(&mut out, before.chars());
    }
    if let Some(marked) = marked {
        out.push('«');
        let count = marked.chars().count();
        if count > 2 * CONTEXT {
            push_escaped(&mut out, marked.chars().take(CONTEXT));
            out.push('…');
        } else {
            push_escaped(&mut out, marked.chars());
        }
        out.push('»');
        if after.chars().count() > CONTEXT {
            push_escaped(&mut out, after.chars().take(CONTEXT));
            out.push('…');
        } else {
            push_escaped(&mut out, after.chars());
        }
    }
    out.push('"');
    out
}

fn push_escaped(out: &mut String, chars: impl Iterator<Item = char>) {
    for c in chars {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use std::format;

    fn message(fen: &str) -> String {
        let error = Board::from_fen(fen).expect_err("the FEN is bad");
        fen_error(fen, &error)
    }

    #[test]
    fn marks_the_field_at_fault() {
        let m = message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1");
        assert!(m.starts_with("invalid FEN, castling field: "), "{m}");
        assert!(
            m.ends_with(" in \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w «KQxq» - 0 1\""),
            "{m}"
        );
        let m = message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
        assert!(
            m.contains("side to move field") && m.contains(" «x» "),
            "{m}"
        );
        let m = message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1");
        assert!(m.contains("en passant field") && m.contains("«e5»"), "{m}");
        let m = message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1");
        assert!(m.contains("«x» 1\""), "{m}");
        let m = message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1");
        assert!(m.contains("«-1»"), "{m}");
    }

    #[test]
    fn marks_inside_the_placement() {
        let m = message("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(m.contains("pppp«x»ppp"), "{m}");
        let m = message("rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(m.contains("«9»"), "{m}");
        let m = message("rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(m.contains("rank 4") && m.contains("8/8/«7»/8"), "{m}");
        let m = message("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(
            m.contains("«rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR»"),
            "{m}"
        );
        let m = message("4k3/8/8/8/8/8/8/4K2P w - - 0 1");
        assert!(m.contains("/«4K2P»"), "{m}");
    }

    #[test]
    fn field_count_and_position_errors() {
        let m = message("8/8/8 w");
        assert!(
            m.starts_with("invalid FEN: ") && m.ends_with(" in \"8/8/8 w\""),
            "{m}"
        );
        let m = message("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra words");
        assert!(m.ends_with("0 1 «extra words»\""), "{m}");
        let m = message("8/8/8/8/8/8/8/Kk6 w - - 0 1");
        assert!(m.contains("«8/8/8/8/8/8/8/Kk6»"), "{m}");
    }

    #[test]
    fn long_and_hostile_input_stays_one_short_line() {
        let long = format!("{} w - - 0 1", "8/".repeat(10_000));
        let m = message(&long);
        assert!(m.len() < 300, "{}", m.len());
        let m = message("8/8/8/8/8/8/8/8\n w\t- - 0 1\u{7}");
        assert!(!m.chars().any(char::is_control), "{m:?}");
        let m = quote("\u{1F980}\u{1F980}", Some(4..8));
        assert_eq!(m, "\"\u{1F980}«\u{1F980}»\"");
    }
}
