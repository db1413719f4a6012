//! Splitting engine lines into words the way python-chess does, so that a line reads the same
//! here as there: whitespace is Unicode whitespace plus the four ASCII separators U+001C to
//! U+001F (Python's `str.split()`), integers are Python's `int()` of ASCII digits.

/// Whether `c` separates words in Python's `str.split()`.
pub(crate) fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The first word of `line` and the rest after the blanks that follow it (python-chess's
/// `_next_token`: `line.split(maxsplit=1)`). Both empty for a blank line.
pub(crate) fn next_word(line: &str) -> (&str, &str) {
    let line = line.trim_start_matches(is_space);
    match line.find(is_space) {
        Some(end) => (&line[..end], line[end..].trim_start_matches(is_space)),
        None => (line, ""),
    }
}

/// The words of `line` (Python's `line.split()`).
pub(crate) fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(is_space).filter(|w| !w.is_empty())
}

/// Python's `int(text)` for ASCII digits: surrounding blanks, a sign, single underscores
/// between digits. `None` for anything else, and for a number past `i64`.
pub(crate) fn py_int(text: &str) -> Option<i64> {
    let text = text.trim_matches(is_space);
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let bytes = digits.as_bytes();
    if bytes.is_empty() || bytes[0] == b'_' || bytes[bytes.len() - 1] == b'_' {
        return None;
    }
    let mut value: i64 = 0;
    let mut previous_underscore = false;
    for &b in bytes {
        match b {
            b'0'..=b'9' => {
                let digit = i64::from(b - b'0');
                value = value.checked_mul(10)?;
                value = if negative {
                    value.checked_sub(digit)?
                } else {
                    value.checked_add(digit)?
                };
                previous_underscore = false;
            }
            b'_' if !previous_underscore => previous_underscore = true,
            _ => return None,
        }
    }
    Some(value)
}

/// Python's `float(text)` for the forms engines write (`1.5`, `-2e3`, `inf`, `nan`).
pub(crate) fn py_float(text: &str) -> Option<f64> {
    let text = text.trim_matches(is_space);
    if text.contains('_') {
        return None;
    }
    text.parse::<f64>().ok()
}

/// Splits a line into words as POSIX `sh` (and Python's `shlex.split`) would for the simple
/// cases: blanks (space, tab, line ends) separate words, `'...'` and `"..."` quote (inside
/// double quotes a backslash escapes only `"`, `\`, `$` and `` ` ``), a backslash escapes
/// the next character. The error says what is unclosed.
///
/// ```
/// use bitmove::engine::split_words;
///
/// assert_eq!(split_words(r#"python3 "my engine.py" -v"#).unwrap(), ["python3", "my engine.py", "-v"]);
/// assert_eq!(split_words(r#"feature myname="Crafty 25" done=1"#).unwrap(),
///            ["feature", "myname=Crafty 25", "done=1"]);
/// assert!(split_words("'open").is_err());
/// ```
pub fn split_words(line: &str) -> Result<Vec<String>, &'static str> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\r' | '\n' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("a ' quote is not closed"),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("a \" quote is not closed"),
                        },
                        Some(c) => w.push(c),
                        None => return Err("a \" quote is not closed"),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("it ends with a lone backslash"),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_word_is_split_maxsplit_1() {
        assert_eq!(next_word("  info  depth 3 "), ("info", "depth 3 "));
        assert_eq!(next_word("uciok"), ("uciok", ""));
        assert_eq!(next_word("a   "), ("a", ""));
        assert_eq!(next_word(""), ("", ""));
        assert_eq!(next_word("\u{1f}x\u{a0}y"), ("x", "y"));
    }

    #[test]
    fn ints_as_python() {
        assert_eq!(py_int("12"), Some(12));
        assert_eq!(py_int(" -3 "), Some(-3));
        assert_eq!(py_int("+7"), Some(7));
        assert_eq!(py_int("1_000"), Some(1000));
        assert_eq!(py_int("-9223372036854775808"), Some(i64::MIN));
        for bad in [
            "",
            "-",
            "1__0",
            "_1",
            "1_",
            "1.0",
            "0x10",
            "9223372036854775808",
            "1 2",
        ] {
            assert_eq!(py_int(bad), None, "{bad}");
        }
        assert_eq!(py_float("1.5"), Some(1.5));
        assert_eq!(py_float("x"), None);
    }

    #[test]
    fn splits_like_a_shell() {
        let split = |s: &str| split_words(s).unwrap();
        assert_eq!(split("  stockfish  "), ["stockfish"]);
        assert_eq!(
            split(r#"python3 "my engine.py" --mode 'perft x' a\ b"#),
            ["python3", "my engine.py", "--mode", "perft x", "a b"]
        );
        assert_eq!(split(r#""" x"#), ["", "x"]);
        assert_eq!(split(r#""a\"b\n""#), ["a\"b\\n"]);
        assert!(split("").is_empty());
        assert!(split_words("'open").is_err());
        assert!(split_words("\"open").is_err());
        assert!(split_words("end\\").is_err());
    }
}
