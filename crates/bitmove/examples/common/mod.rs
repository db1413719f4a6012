//! Argument reading and timing shared by the examples. Each example compiles this module for
//! itself and uses only part of it.
#![allow(dead_code)]

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::str::FromStr;

use bitmove::Board;

/// Runs an example's body: an error is one line on standard error and exit status 2.
pub fn run(body: impl FnOnce() -> Result<(), String>) -> ExitCode {
    match body() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// The argument `arg` read as a number in `range`, or `default` without one.
pub fn number<T>(
    arg: Option<String>,
    name: &str,
    default: T,
    range: RangeInclusive<T>,
) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    let Some(arg) = arg else {
        return Ok(default);
    };
    match arg.parse() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "{name}: a number from {} to {}, not {arg:?}",
            range.start(),
            range.end()
        )),
    }
}

/// The position the remaining arguments spell as a FEN (its fields as one or several
/// arguments), or the start position without any.
pub fn board(words: impl Iterator<Item = String>) -> Result<Board, String> {
    let fen: Vec<String> = words.collect();
    if fen.is_empty() {
        return Ok(Board::default());
    }
    Board::from_fen(&fen.join(" ")).map_err(|e| e.to_string())
}

/// The median of one or more timings.
pub fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}
