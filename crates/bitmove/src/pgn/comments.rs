//! The commands inside comments that tools write after a move: `[%clk 0:03:00]` (the mover's
//! time left) and `[%eval 0.17]`, `[%eval #-4]`, `[%eval 0.17,20]` (an evaluation from White's
//! view, with the search depth after the comma). The grammar is python-chess's, so that both
//! read the same files the same way: the first well-formed command of its kind in the comment
//! counts, a malformed one is skipped.

use core::fmt;

/// An evaluation from a `[%eval ...]` comment, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// A score in centipawns (`[%eval 0.17]` is 17): at most two decimals are read, as
    /// python-chess does.
    Centipawns(i64),
    /// Mate in so many moves: positive when White mates, negative when Black does
    /// (`[%eval #-4]` is `Mate(-4)`).
    Mate(i64),
}

impl Eval {
    /// The score in pawns (`Centipawns(17)` is 0.17); `None` for a mate.
    pub fn pawns(self) -> Option<f64> {
        match self {
            Eval::Centipawns(cp) => Some(cp as f64 / 100.0),
            Eval::Mate(_) => None,
        }
    }
}

impl fmt::Display for Eval {
    /// Pawns as a number (`0.17`, `-3`), a mate as `#4` or `#-4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Eval::Centipawns(cp) => write!(f, "{}", *cp as f64 / 100.0),
            Eval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The clock in a comment, `[%clk H:MM:SS]` or `[%clk H:MM:SS.s]`: seconds left.
///
/// ```
/// use bitmove::pgn::clock;
///
/// assert_eq!(clock(b"[%clk 0:03:00]"), Some(180.0));
/// assert_eq!(clock(b"[%eval 0.3] [%clk 1:00:05.5]"), Some(3605.5));
/// assert_eq!(clock(b"[%clk 3:00]"), None);
/// ```
pub fn clock(comment: &[u8]) -> Option<f64> {
    let (mut clock, mut skip) = (None, Some(Eval::Centipawns(0)));
    read_commands(comment, &mut clock, &mut skip);
    clock
}

/// The evaluation in a comment, `[%eval 0.17]`, `[%eval -1.5,20]` (depth 20), `[%eval #-4]`.
///
/// ```
/// use bitmove::pgn::{Eval, eval};
///
/// assert_eq!(eval(b"[%eval 0.17] [%clk 0:03:00]"), Some(Eval::Centipawns(17)));
/// assert_eq!(eval(b"[%eval #-4]"), Some(Eval::Mate(-4)));
/// assert_eq!(eval(b"[%eval -77,23]"), Some(Eval::Centipawns(-7700))); // pawns, then depth
/// assert_eq!(eval(b"[%eval 0.123]"), None); // more than two decimals: not read
/// ```
pub fn eval(comment: &[u8]) -> Option<Eval> {
    first_eval(comment).map(|(eval, _)| eval)
}

/// The search depth of the evaluation in a comment, `[%eval 0.17,20]`: the number after the
/// comma of the command [`eval`] reads; `None` when that command has none (or there is no
/// evaluation). python-chess's `eval_depth`.
///
/// ```
/// use bitmove::pgn::eval_depth;
///
/// assert_eq!(eval_depth(b"[%eval -77,23]"), Some(23));
/// assert_eq!(eval_depth(b"[%eval #-4]"), None);
/// assert_eq!(eval_depth(b"[%eval 0.123,5] [%eval 1,7]"), Some(7)); // the first well-formed
/// ```
pub fn eval_depth(comment: &[u8]) -> Option<u32> {
    first_eval(comment).and_then(|(_, depth)| depth)
}

/// The first well-formed `[%eval ...]` of a comment, with its depth: what [`eval`] and
/// [`eval_depth`] read.
fn first_eval(comment: &[u8]) -> Option<(Eval, Option<u32>)> {
    let mut rest = comment;
    while let Some(at) = super::find_byte(b'[', rest) {
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix(b"[%eval")
            && let Some(found) = parse_eval_and_depth(after)
        {
            return Some(found);
        }
        rest = &rest[1..];
    }
    None
}

/// Reads the clock and the evaluation of a comment into those not set yet, in one scan:
/// the first well-formed command of each kind counts, as in [`clock`] and [`eval`].
pub(crate) fn read_commands(comment: &[u8], clock: &mut Option<f64>, eval: &mut Option<Eval>) {
    let mut rest = comment;
    while clock.is_none() || eval.is_none() {
        let Some(at) = super::find_byte(b'[', rest) else {
            return;
        };
        rest = &rest[at..];
        if clock.is_none()
            && let Some(after) = rest.strip_prefix(b"[%clk")
        {
            *clock = parse_clock(after);
        } else if eval.is_none()
            && let Some(after) = rest.strip_prefix(b"[%eval")
        {
            *eval = parse_eval(after);
        }
        rest = &rest[1..];
    }
}

/// Splits a run of ASCII digits off the front.
fn digits(text: &[u8]) -> (&[u8], &[u8]) {
    let n = text.iter().take_while(|b| b.is_ascii_digit()).count();
    text.split_at(n)
}

/// A digit string as a number; `None` when empty or too long to be a real value.
fn number(digits: &[u8]) -> Option<i64> {
    if digits.is_empty() || digits.len() > 15 {
        return None;
    }
    digits.iter().try_fold(0i64, |n, &d| {
        n.checked_mul(10)?.checked_add(i64::from(d - b'0'))
    })
}

/// `\s` then the rest: one whitespace character, as in python-chess's patterns (a CRLF line
/// end counts as one, as it does in a file python reads as text).
fn after_space(text: &[u8]) -> Option<&[u8]> {
    match text {
        [b'\r', b'\n', rest @ ..] => Some(rest),
        [b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c, rest @ ..] => Some(rest),
        _ => None,
    }
}

/// `H:MM:SS[.fraction]]` after `[%clk`.
/// `digits[.digits]` as the nearest `f64`, as `str::parse` reads it: for up to 15 digits
/// the integer of all the digits divided by a power of ten (both exact, so the quotient is
/// correctly rounded), else `str::parse` itself.
fn decimal(text: &[u8]) -> Option<f64> {
    let (whole, fraction) = match super::find_byte(b'.', text) {
        Some(dot) => (&text[..dot], &text[dot + 1..]),
        None => (text, &text[text.len()..]),
    };
    if whole.len() + fraction.len() > 15 {
        return core::str::from_utf8(text).ok()?.parse().ok();
    }
    let all = whole.iter().chain(fraction).try_fold(0i64, |n, &d| {
        d.is_ascii_digit().then(|| n * 10 + i64::from(d - b'0'))
    })?;
    let scale = 10i64.pow(fraction.len() as u32);
    Some(all as f64 / scale as f64)
}

fn parse_clock(text: &[u8]) -> Option<f64> {
    let text = after_space(text)?;
    // The common shape, `H:MM:SS]` (Lichess writes every clock so), read at fixed places;
    // the same value as the general reading below (all integers, exact).
    if let [h, b':', m1, m2, b':', s1, s2, b']', ..] = *text {
        let digit = |d: u8| d.is_ascii_digit().then(|| u32::from(d - b'0'));
        if let (Some(h), Some(m1), Some(m2), Some(s1), Some(s2)) =
            (digit(h), digit(m1), digit(m2), digit(s1), digit(s2))
        {
            return Some(f64::from(h * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2));
        }
    }
    let (hours, text) = digits(text);
    let text = text.strip_prefix(b":")?;
    let (minutes, text) = digits(text);
    let text = text.strip_prefix(b":")?;
    let (whole, rest) = digits(text);
    let fraction = match rest {
        [b'.', rest @ ..] => 1 + rest.iter().take_while(|b| b.is_ascii_digit()).count(),
        _ => 0,
    };
    let (seconds, rest) = text.split_at(whole.len() + fraction);
    if whole.is_empty() || rest.first() != Some(&b']') {
        return None;
    }
    let seconds = decimal(seconds)?;
    let whole_minutes = number(hours)?.checked_mul(3600)? + number(minutes)?.checked_mul(60)?;
    Some(whole_minutes as f64 + seconds)
}

/// `#[+-]N` or `[+-]pawns` (at most two decimals), an optional `,depth`, then `]`.
fn parse_eval(text: &[u8]) -> Option<Eval> {
    parse_eval_and_depth(text).map(|(eval, _)| eval)
}

/// [`parse_eval`] with the depth, when written (and below 2^32).
fn parse_eval_and_depth(text: &[u8]) -> Option<(Eval, Option<u32>)> {
    let text = after_space(text)?;
    let (mate, text) = match text {
        [b'#', rest @ ..] => (true, rest),
        _ => (false, text),
    };
    let (negative, text) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    let (whole, text) = digits(text);
    let (value, text) = if mate {
        (number(whole)?, text)
    } else {
        let (decimals, text) = match text {
            [b'.', rest @ ..] => {
                let (decimals, rest) = digits(rest);
                (Some(decimals), rest)
            }
            _ => (None, text),
        };
        let cents = match decimals {
            None | Some([]) if !whole.is_empty() => 0,
            Some(&[d]) => i64::from(d - b'0') * 10,
            Some(&[d, e]) => i64::from(d - b'0') * 10 + i64::from(e - b'0'),
            _ => return None,
        };
        let whole = if whole.is_empty() { 0 } else { number(whole)? };
        (whole.checked_mul(100)? + cents, text)
    };
    let (depth, text) = match text {
        [b',', rest @ ..] => {
            let (depth, rest) = digits(rest);
            if depth.is_empty() {
                return None;
            }
            (number(depth).and_then(|n| u32::try_from(n).ok()), rest)
        }
        _ => (None, text),
    };
    if text.first() != Some(&b']') {
        return None;
    }
    let value = if negative { -value } else { value };
    let eval = if mate {
        Eval::Mate(value)
    } else {
        Eval::Centipawns(value)
    };
    Some((eval, depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks() {
        for (text, seconds) in [
            (&b"[%clk 0:03:00]"[..], Some(180.0)),
            (b"{ [%clk 0:24:55.5] }", Some(1495.5)),
            (b"[%clk 1:00:00.25]", Some(3600.25)),
            (b"[%clk 0:00:07.]", Some(7.0)),
            (b"[%clk 12:5:3]", Some(43503.0)),
            (b"[%clk\r\n1:29:53]", Some(5393.0)),
            (b"[%clk x] [%clk 0:00:01]", Some(1.0)),
            (b"[%clk  0:00:01]", None),
            (b"[%clk 0:00:01", None),
            (b"[%clk 0:00:]", None),
            (b"[%clk 99999999999999999:0:0]", None),
            (b"[%emt 0:00:03]", None),
            (b"", None),
        ] {
            assert_eq!(clock(text), seconds, "{}", String::from_utf8_lossy(text));
        }
    }

    /// Both commands read in one scan: the first well-formed one of each kind counts.
    #[test]
    fn both_commands_in_one_scan() {
        use Eval::*;
        let cases: [(&[u8], Option<f64>, Option<Eval>); 9] = [
            (b"[%clk 0:03:00]", Some(180.0), None),
            (
                b"[%eval 0.17] [%clk 0:00:05.5]",
                Some(5.5),
                Some(Centipawns(17)),
            ),
            (
                b"[%clk x] [%eval #-4] [%clk 0:00:01] [%eval 1]",
                Some(1.0),
                Some(Mate(-4)),
            ),
            (b"[[%clk 0:00:02]] [%eval", Some(2.0), None),
            (b"[%eval x,] [%eval -0.45,20]", None, Some(Centipawns(-45))),
            (b"d=19, sd=72, mt=93621, [wv=0.2]", None, None),
            (b"[%clk 0:00:01][%clk 0:00:02]", Some(1.0), None),
            (b"", None, None),
            (b"[", None, None),
        ];
        for (text, clock, eval) in cases {
            let (mut clock_read, mut eval_read) = (None, None);
            read_commands(text, &mut clock_read, &mut eval_read);
            let name = String::from_utf8_lossy(text);
            assert_eq!((clock_read, eval_read), (clock, eval), "{name}");
        }
        // A value already set is kept.
        let (mut clock_read, mut eval_read) = (Some(1.0), None);
        read_commands(b"[%clk 0:00:09] [%eval 2]", &mut clock_read, &mut eval_read);
        assert_eq!(
            (clock_read, eval_read),
            (Some(1.0), Some(Eval::Centipawns(200)))
        );
    }

    /// Every clock of the common shape `H:MM:SS`, read at fixed places, against the
    /// arithmetic; with a fraction or a longer field, the general reading.
    #[test]
    fn common_clocks_are_whole_seconds() {
        for h in 0..10u32 {
            for m in 0..100u32 {
                for s in 0..100u32 {
                    let want = f64::from(h * 3600 + m * 60 + s);
                    let text = std::format!("[%clk {h}:{m:02}:{s:02}]");
                    assert_eq!(clock(text.as_bytes()), Some(want), "{text}");
                    let text = std::format!("[%clk {h}:{m:02}:{s:02}.5]");
                    assert_eq!(clock(text.as_bytes()), Some(want + 0.5), "{text}");
                    let text = std::format!("[%clk 1{h}:{m:02}:{s:02}]");
                    assert_eq!(clock(text.as_bytes()), Some(want + 36_000.0), "{text}");
                }
            }
        }
        for bad in [
            &b"[%clk 0:0a:00]"[..],
            b"[%clk 0:00:0 ]",
            b"[%clk 0:00:00",
            b"[%clk 0;00:00]",
        ] {
            assert_eq!(clock(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    /// The exact decimal reading against `str::parse`, on random digit strings.
    #[test]
    fn decimals_read_as_str_parse_reads_them() {
        let mut rng = crate::test_rng::Lcg::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let seed = rng.next_u64();
            let (whole, fraction) = ((seed >> 60) as usize, (seed >> 56 & 15) as usize);
            let mut text = std::string::String::new();
            let mut digits = seed;
            for i in 0..whole + fraction + 1 {
                if i == whole {
                    text.push('.');
                    continue;
                }
                digits = digits.rotate_left(5) ^ 0x5bd1_e995;
                text.push(char::from(b'0' + (digits % 10) as u8));
            }
            let text = if seed & 1 == 0 {
                text.trim_end_matches('.').into()
            } else {
                text
            };
            if text == "." || text.is_empty() {
                continue;
            }
            assert_eq!(decimal(text.as_bytes()), text.parse().ok(), "{text}");
        }
    }

    #[test]
    fn evals() {
        use Eval::*;
        for (text, found) in [
            (&b"[%eval 0.17]"[..], Some(Centipawns(17))),
            (b"[%eval -0.3]", Some(Centipawns(-30))),
            (b"[%eval +2]", Some(Centipawns(200))),
            (b"[%eval 2.]", Some(Centipawns(200))),
            (b"[%eval .5]", Some(Centipawns(50))),
            (b"[%eval 0,1]", Some(Centipawns(0))),
            (b"[%eval -0.45,20]", Some(Centipawns(-45))),
            (b"[%eval #-4]", Some(Mate(-4))),
            (b"[%eval #3,12]", Some(Mate(3))),
            (b"[%eval #+2]", Some(Mate(2))),
            (b"[%eval 0.123]", None),
            (b"[%eval .]", None),
            (b"[%eval #]", None),
            (b"[%eval 1,]", None),
            (b"[%eval abc] [%eval 1.5]", Some(Centipawns(150))),
            (b"[%eval 1.5", None),
        ] {
            assert_eq!(eval(text), found, "{}", String::from_utf8_lossy(text));
        }
        assert_eq!(Centipawns(17).to_string(), "0.17");
        assert_eq!(Centipawns(-300).to_string(), "-3");
        assert_eq!(Mate(-4).to_string(), "#-4");
        assert_eq!(Centipawns(-5).pawns(), Some(-0.05));
        assert_eq!(Mate(1).pawns(), None);
    }
}
