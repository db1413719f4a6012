//! PGN as chess.js 1.4 writes it (`pgn({ newline, maxWidth })`), for the npm package: its
//! layout differs from python-chess's ([`Exporter`](super::Exporter)) in the comment braces
//! (`{text}`, no spaces), a first move by Black (`1. ... e5`), the blank line after the tags
//! (only when moves follow) and the line breaking (a move number and its moves are kept
//! together, comments broken between words).

/// One move of a game for [`write_chessjs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessJsPly<'a> {
    /// The move in SAN (`--` for a null move).
    pub san: &'a str,
    /// Whether Black played it.
    pub black: bool,
    /// The move number of the position it was played in.
    pub number: u32,
}

/// Writes a game as chess.js's `pgn()` does: `headers` (tags whose value is empty are left
/// out), then the moves with the comment of each position (`comments[0]` the start's,
/// `comments[i]` the one after move `i`; `comments` has one entry more than `plies`), then
/// `result`; lines end with `newline` and are broken at `max_width` (0: one line).
///
/// ```
/// use bitmove::pgn::{ChessJsPly, write_chessjs};
///
/// let plies = [
///     ChessJsPly { san: "e4", black: false, number: 1 },
///     ChessJsPly { san: "e5", black: true, number: 1 },
/// ];
/// let pgn = write_chessjs(&[("White", "Tal")], &plies, &[None, Some("best"), None], "*", "\n", 0);
/// assert_eq!(pgn, "[White \"Tal\"]\n\n1. e4 {best} e5 *");
/// ```
pub fn write_chessjs(
    headers: &[(&str, &str)],
    plies: &[ChessJsPly<'_>],
    comments: &[Option<&str>],
    result: &str,
    newline: &str,
    max_width: usize,
) -> String {
    let mut out: Vec<String> = Vec::new();
    for (name, value) in headers {
        if !value.is_empty() {
            out.push(format!("[{name} \"{value}\"]{newline}"));
        }
    }
    if !plies.is_empty() {
        out.push(newline.to_string());
    }
    let comment = |i: usize| comments.get(i).copied().flatten();
    let append = |text: &mut String, i: usize| {
        if let Some(c) = comment(i) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push('{');
            text.push_str(c);
            text.push('}');
        }
    };
    let mut moves: Vec<String> = Vec::new();
    let mut text = String::new();
    if plies.is_empty() {
        append(&mut text, 0);
        moves.push(core::mem::take(&mut text));
    }
    for (i, ply) in plies.iter().enumerate() {
        append(&mut text, i);
        if i == 0 && ply.black {
            let prefix = format!("{}. ...", ply.number);
            text = if text.is_empty() {
                prefix
            } else {
                format!("{text} {prefix}")
            };
        } else if !ply.black {
            if !text.is_empty() {
                moves.push(core::mem::take(&mut text));
            }
            text = format!("{}.", ply.number);
        }
        text.push(' ');
        text.push_str(ply.san);
    }
    if !text.is_empty() {
        append(&mut text, plies.len());
        moves.push(text);
    }
    moves.push(result.to_string());
    if max_width == 0 {
        return out.concat() + &moves.join(" ");
    }
    wrap(out, &moves, newline, max_width)
}

/// A string's length as JavaScript counts it (UTF-16 code units).
fn js_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// chess.js's line breaking: whole move groups, comments broken between words.
fn wrap(mut out: Vec<String>, moves: &[String], newline: &str, max_width: usize) -> String {
    fn strip(out: &mut Vec<String>) -> bool {
        if out.last().is_some_and(|s| s == " ") {
            out.pop();
            return true;
        }
        false
    }
    let mut width = 0usize;
    for (i, group) in moves.iter().enumerate() {
        let len = js_len(group);
        if width + len > max_width && group.contains('{') {
            for token in group.split(' ').filter(|t| !t.is_empty()) {
                if width + js_len(token) > max_width {
                    while strip(&mut out) {
                        width = width.saturating_sub(1);
                    }
                    out.push(newline.to_string());
                    width = 0;
                }
                out.push(token.to_string());
                width += js_len(token);
                out.push(" ".to_string());
                width += 1;
            }
            if strip(&mut out) {
                width = width.saturating_sub(1);
            }
            continue;
        }
        if width + len > max_width && i != 0 {
            if out.last().is_some_and(|s| s == " ") {
                out.pop();
            }
            out.push(newline.to_string());
            width = 0;
        } else if i != 0 {
            out.push(" ".to_string());
            width += 1;
        }
        out.push(group.clone());
        width += len;
    }
    out.concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(san: &str, black: bool, number: u32) -> ChessJsPly<'_> {
        ChessJsPly { san, black, number }
    }

    #[test]
    fn black_first_comments_and_wrapping() {
        let plies = [
            ply("e5", true, 7),
            ply("Nf3", false, 8),
            ply("Nc6", true, 8),
        ];
        let comments = [Some("start"), None, Some("a long comment here"), None];
        assert_eq!(
            write_chessjs(&[], &plies, &comments, "1-0", "\n", 0),
            "\n{start} 7. ... e5 8. Nf3 {a long comment here} Nc6 1-0"
        );
        assert_eq!(
            write_chessjs(&[], &plies, &comments, "1-0", "\n", 12),
            // chess.js's own output (its comment wrapping joins "e5" and "8.")
            "\n{start} 7.\n... e58. Nf3\n{a long\ncomment\nhere} Nc6 1-0"
        );
        assert_eq!(
            write_chessjs(&[("A", "")], &[], &[Some("c")], "*", "\n", 0),
            "{c} *"
        );
    }
}
