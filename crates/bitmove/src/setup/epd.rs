//! EPD operations (`bm Nf3; id "WAC.001";`), read and checked as python-chess reads them.

#[cfg(feature = "std")]
use std::{string::String, vec::Vec};

/// An operation's operand as written, before a board gives it meaning.
#[cfg(feature = "std")]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EpdOperand {
    /// No operand (`noop;`); for `pv`, `am` and `bm` an empty move list.
    None,
    /// A quoted string, escapes (`\"`, `\\`, `\n`, `\r`, `\t`) resolved.
    Text(String),
    /// A number as written (`12`, `-0.5`, `1e3`): starts with a sign, a digit or `.`.
    Number(String),
    /// Moves as written (SAN or UCI), for `pv`, `am`, `bm` a list, else one move.
    Moves(Vec<String>),
}

/// Why an opcode is refused (python-chess's `_validate_epd_opcode`): empty, a lone dash, not
/// starting with a letter, or holding whitespace.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EpdOpcodeError;

impl core::fmt::Display for EpdOpcodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("invalid epd opcode (it must start with a letter and hold no whitespace)")
    }
}

/// Checks an opcode as python-chess does.
pub fn check_epd_opcode(opcode: &str) -> Result<(), EpdOpcodeError> {
    let first = opcode.chars().next().ok_or(EpdOpcodeError)?;
    if opcode == "-" || !first.is_alphabetic() || opcode.contains([' ', '\n', '\t', '\r']) {
        return Err(EpdOpcodeError);
    }
    Ok(())
}

/// Reads the operations part of an EPD (everything after the fourth field) with
/// python-chess's rules: `opcode operand;` pairs, quoted strings with escapes, numbers, moves
/// (lists for `pv`, `am`, `bm`); a lone `-` is skipped; a later opcode replaces an earlier one.
#[cfg(feature = "std")]
pub fn parse_epd_operations(text: &str) -> Result<Vec<(String, EpdOperand)>, EpdOpcodeError> {
    #[derive(PartialEq)]
    enum State {
        Opcode,
        AfterOpcode,
        Numeric,
        Text,
        Escape,
        San,
    }
    // A repeated opcode keeps its first place and takes the new operand (a Python dict).
    fn put(out: &mut Vec<(String, EpdOperand)>, opcode: String, operand: EpdOperand) {
        match out.iter_mut().find(|(name, _)| *name == opcode) {
            Some(entry) => entry.1 = operand,
            None => out.push((opcode, operand)),
        }
    }
    fn empty(opcode: &str) -> EpdOperand {
        if matches!(opcode, "pv" | "am" | "bm") {
            EpdOperand::Moves(Vec::new())
        } else {
            EpdOperand::None
        }
    }
    let mut out = Vec::new();
    let mut state = State::Opcode;
    let mut opcode = String::new();
    let mut operand = String::new();
    for ch in text.chars().map(Some).chain([None]) {
        match state {
            State::Opcode => match ch {
                Some(' ' | '\t' | '\r' | '\n') => {
                    if opcode == "-" {
                        opcode.clear();
                    } else if !opcode.is_empty() {
                        check_epd_opcode(&opcode)?;
                        state = State::AfterOpcode;
                    }
                }
                None | Some(';') => {
                    if opcode == "-" {
                        opcode.clear();
                    } else if !opcode.is_empty() {
                        let operand = empty(&opcode);
                        put(&mut out, core::mem::take(&mut opcode), operand);
                    }
                }
                Some(c) => opcode.push(c),
            },
            State::AfterOpcode => match ch {
                Some(' ' | '\t' | '\r' | '\n') => {}
                Some('"') => state = State::Text,
                None | Some(';') => {
                    if !opcode.is_empty() {
                        let operand = empty(&opcode);
                        put(&mut out, core::mem::take(&mut opcode), operand);
                    }
                    state = State::Opcode;
                }
                Some(c) => {
                    operand.push(c);
                    state = if "+-.0123456789".contains(c) {
                        State::Numeric
                    } else {
                        State::San
                    };
                }
            },
            State::Numeric => match ch {
                None | Some(';') => {
                    let number = EpdOperand::Number(core::mem::take(&mut operand));
                    put(&mut out, core::mem::take(&mut opcode), number);
                    state = State::Opcode;
                }
                Some(c) => operand.push(c),
            },
            State::Text => match ch {
                None | Some('"') => {
                    let text = EpdOperand::Text(core::mem::take(&mut operand));
                    put(&mut out, core::mem::take(&mut opcode), text);
                    state = State::Opcode;
                }
                Some('\\') => state = State::Escape,
                Some(c) => operand.push(c),
            },
            State::Escape => match ch {
                None => {
                    let text = EpdOperand::Text(core::mem::take(&mut operand));
                    put(&mut out, core::mem::take(&mut opcode), text);
                    state = State::Opcode;
                }
                Some(c) => {
                    operand.push(match c {
                        'r' => '\r',
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                    state = State::Text;
                }
            },
            State::San => match ch {
                None | Some(';') => {
                    let moves = if matches!(opcode.as_str(), "pv" | "am" | "bm") {
                        operand.split_whitespace().map(String::from).collect()
                    } else {
                        Vec::from([operand.clone()])
                    };
                    operand.clear();
                    put(
                        &mut out,
                        core::mem::take(&mut opcode),
                        EpdOperand::Moves(moves),
                    );
                    state = State::Opcode;
                }
                Some(c) => operand.push(c),
            },
        }
    }
    Ok(out)
}

/// A string operand quoted and escaped as python-chess writes it.
#[cfg(feature = "std")]
pub fn quote_epd_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn operations_read_as_python_chess_reads_them() {
        let ops = parse_epd_operations(
            r#"bm Nf3 e4; id "WAC.001 \"x\"\n"; acd 12; ce -0.5; noop; - ; pv e4 e5;c0 "a;b""#,
        )
        .unwrap();
        let names: Vec<&str> = ops.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["bm", "id", "acd", "ce", "noop", "pv", "c0"]);
        assert_eq!(ops[0].1, EpdOperand::Moves(vec!["Nf3".into(), "e4".into()]));
        assert_eq!(ops[1].1, EpdOperand::Text("WAC.001 \"x\"\n".into()));
        assert_eq!(ops[2].1, EpdOperand::Number("12".into()));
        assert_eq!(ops[4].1, EpdOperand::None);
        assert_eq!(ops[6].1, EpdOperand::Text("a;b".into()));
        assert!(parse_epd_operations("1bm e4;").is_err());
        assert_eq!(quote_epd_text("a\"b\\\n"), r#""a\"b\\\n""#);
    }
}
