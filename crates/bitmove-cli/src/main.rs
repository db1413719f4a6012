//! `bitmove`: the perft workbench. Perft, perftree, suite checking, bisecting a perft mismatch
//! against another engine, drawing a position, and the magic finder.
//!
//! Exit status: 0 on success, 1 when a check found a difference (a suite failure, a bisect that
//! found a disagreement), 2 for bad input (an invalid FEN, an illegal move, a malformed suite
//! file, an engine that cannot be run), always with exactly one line on standard error.

mod analyse;
mod bench;
mod bisect;
mod book;
mod checkpoint;
mod cli;
mod engine;
mod errors;
mod json;
mod magics;
mod perft;
mod pgn;
mod probe;
mod show;
mod suite;
mod uci;
mod unique;
mod variant;

use std::process::ExitCode;

use bitmove::Board;
use clap::{CommandFactory, Parser};

use cli::{Cli, Command};

/// An error for the user: the message and the exit status.
pub(crate) struct Failure {
    pub(crate) status: u8,
    pub(crate) message: String,
}

impl Failure {
    /// Bad input: exit status 2.
    pub(crate) fn input(message: impl Into<String>) -> Failure {
        Failure {
            status: 2,
            message: message.into(),
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    if let Err(failure) = check_slider_override() {
        report(&failure.message);
        return ExitCode::from(failure.status);
    }
    let result = match cli.command {
        None => perft::perft(&cli::PerftArgs::default()),
        Some(Command::Perft(args)) => perft::perft(&args),
        Some(Command::Perftree { depth, fen, moves }) => {
            perft::perftree(depth, &fen, moves.as_deref())
        }
        Some(Command::Unique(args)) => unique::run(&args),
        Some(Command::Checkpoint(command)) => checkpoint::run(&command),
        Some(Command::Suite(args)) => suite::run(&args),
        Some(Command::Pgn(args)) => pgn::run(&args),
        Some(Command::Analyse(args)) => analyse::run(&args),
        Some(Command::Bisect(args)) => bisect::run(&args),
        Some(Command::Show(args)) => show::run(&args),
        Some(Command::Book(args)) => book::run(&args),
        Some(Command::Uci(args)) => uci::run(&args),
        Some(Command::Probe(args)) => probe::run(&args),
        Some(Command::Completions { shell }) => {
            // Into memory first: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "bitmove", &mut script);
            print(&script).map(|()| 0)
        }
        Some(Command::Magics { seed, write }) => magics::run(seed, write),
        Some(Command::Bench { json, quick, stats }) => bench::run(json, quick, stats),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            report(&failure.message);
            ExitCode::from(failure.status)
        }
    }
}

/// The library ignores a `BITMOVE_SLIDERS` that names no backend; on the command line that is
/// more likely a typo than a wish, so it is bad input. Empty means unset.
fn check_slider_override() -> Result<(), Failure> {
    match std::env::var_os("BITMOVE_SLIDERS") {
        Some(value)
            if !value.is_empty()
                && value
                    .to_str()
                    .and_then(bitmove::SliderBackend::from_name)
                    .is_none() =>
        {
            Err(Failure::input(format!(
                "BITMOVE_SLIDERS={}: expected pext, magic, lines or reference",
                errors::quote(&value.to_string_lossy(), None)
            )))
        }
        _ => Ok(()),
    }
}

/// Writes `error: <message>` on standard error as one line. If even that fails (a full
/// disk behind `2>`), there is no one left to tell: the exit status still says it.
fn report(message: &str) {
    use std::io::Write;
    writeln!(std::io::stderr(), "error: {}", one_line(message)).ok();
}

/// Writes `bytes` to standard output. A reader that went away (`| head`) is not an error;
/// any other failure to write is.
pub(crate) fn print(text: impl AsRef<[u8]>) -> Result<(), Failure> {
    print_to_reader(text).map(|_| ())
}

/// [`print`], telling also whether a reader is still there: `Ok(false)` once it went away,
/// so that a command printing as it goes can stop working for no one.
pub(crate) fn print_to_reader(text: impl AsRef<[u8]>) -> Result<bool, Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_ref()).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::input(format!(
            "cannot write to standard output: {e}"
        ))),
    }
}

/// Help and version go to standard output as clap writes them; every other argument error is
/// bad input, told in one line like the rest.
fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        e.exit();
    }
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("invalid arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    report(&format!("{first} (see bitmove --help)"));
    ExitCode::from(2)
}

/// The message with line breaks and other control characters made visible, so that it stays
/// one line on the terminal.
fn one_line(message: &str) -> String {
    message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Parses the FEN (or takes the start position) and plays the moves.
pub(crate) fn position<'a>(
    fen: Option<&str>,
    moves: impl IntoIterator<Item = &'a str>,
    chess960: bool,
) -> Result<Board, Failure> {
    let mut board = match fen {
        Some(fen) => parse_fen(fen, chess960)?,
        None => {
            let mut b = Board::default();
            b.set_chess960(chess960);
            b
        }
    };
    for text in moves {
        let mv = board.parse_uci(text).map_err(|e| {
            Failure::input(format!(
                "move {} in {board}: {e}",
                errors::quote(text, None)
            ))
        })?;
        board.play_unchecked(mv);
    }
    Ok(board)
}

/// [`Board::from_fen_with`] with an error message that marks the offending text.
pub(crate) fn parse_fen(fen: &str, chess960: bool) -> Result<Board, Failure> {
    Board::from_fen_with(fen, chess960).map_err(|e| Failure::input(errors::fen_error(fen, &e)))
}
