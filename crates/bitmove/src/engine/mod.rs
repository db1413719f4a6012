//! Talking to chess engines: UCI and XBoard lines read into typed records and commands
//! written, and a process driver that never hangs (feature `engine`).
//!
//! The parts, each usable alone:
//!
//! - reading: [`parse_uci_line`] (and [`parse_info`], [`parse_option`], [`parse_id`],
//!   [`parse_bestmove`]) for UCI, [`parse_xboard_line`] (and [`parse_features`],
//!   [`parse_xboard_option`], [`parse_post`]) for XBoard. They read a line as python-chess
//!   1.11.2 does, so `bitmove.engine` (Python) and the JavaScript `Engine` read the same
//!   line the same way; a line that cannot be read is a [`ParseError`].
//! - writing: [`position_command`] (castling as `UCI_Chess960` wants it),
//!   [`variant_position_command`], [`go_command`] for a [`Limit`], [`setoption_command`],
//!   [`variant_command`] (`UCI_Variant`), and XBoard's in [`xboard::command`].
//! - [`Process`]: an engine as a child process, lines in and out with timeouts, killed
//!   when dropped; errors are [`EngineError`]s.
//! - [`Uci`]: a blocking UCI client on it (start, options, `isready`, search to a limit).
//!
//! ```
//! use bitmove::engine::{UciMessage, parse_uci_line};
//!
//! let UciMessage::Info(info) = parse_uci_line("info depth 12 score mate -3 wdl 0 2 998 pv e1e2").unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!(info.score.unwrap().value, -3);
//! assert_eq!(info.wdl, Some((0, 2, 998)));
//! ```

use std::fmt;
use std::string::String;

mod client;
mod process;
pub mod uci;
mod words;
pub mod xboard;

pub use client::{Analysis, MAX_LINES_PER_ANSWER, Uci};
pub use process::{EngineError, MAX_LINE, Process, read_lines};
pub use uci::{
    BestMove, Bound, Info, Limit, OptionKind, OptionValue, Score, ScoreKind, UciMessage, UciOption,
    go_command, line_moves, parse_bestmove, parse_id, parse_info, parse_option, parse_uci_line,
    position_command, setoption_command, variant_command, variant_position_command,
};
pub use words::split_words;
pub use xboard::{
    FeatureValue, Post, XboardMessage, is_xboard_error, parse_features, parse_post,
    parse_xboard_line, parse_xboard_option, xboard_variant_name,
};

/// A line an engine wrote that cannot be read: the line (cut at 200 characters) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, cut at 200 characters.
    pub line: String,
    /// What is wrong with it (python-chess's message where python-chess fails on it).
    pub reason: String,
}

impl ParseError {
    pub(crate) fn new(line: &str, reason: String) -> ParseError {
        ParseError {
            line: line.chars().take(200).collect(),
            reason,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (engine line {:?})", self.reason, self.line)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests;
