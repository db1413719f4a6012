//! A UCI engine run as a child process and asked for perft divides, Stockfish style.
//!
//! The process is `bitmove::engine::Process`: every wait has a timeout, so an engine that
//! hangs, dies or says something else ends in a one-line error that quotes what it said,
//! never in a hang.

use std::collections::BTreeMap;
use std::time::Duration;

use bitmove::engine::{EngineError, MAX_LINES_PER_ANSWER, Process, split_words};

use crate::Failure;
use crate::errors::quote;

/// A divide: each root move in UCI with the leaf count below it.
pub(crate) type Divide = BTreeMap<String, u64>;

/// A running engine.
pub(crate) struct Engine {
    command: String,
    process: Process,
    timeout: Duration,
    /// Lines read since the last command was sent.
    heard: usize,
}

impl Engine {
    /// Starts `command` (split like a shell would), and waits for `uciok` and `readyok`.
    pub(crate) fn start(
        command: &str,
        chess960: bool,
        timeout: Duration,
    ) -> Result<Engine, Failure> {
        let argv = split_words(command).map_err(|why| {
            Failure::input(format!("engine command {}: {why}", quote(command, None)))
        })?;
        if argv.is_empty() {
            return Err(Failure::input("the engine command is empty"));
        }
        let process = Process::spawn(&argv).map_err(|e| {
            let e = match e {
                EngineError::Io(e) => e.to_string(),
                other => other.to_string(),
            };
            Failure::input(format!("cannot start engine {}: {e}", quote(command, None)))
        })?;
        let mut engine = Engine {
            command: command.to_string(),
            process,
            timeout,
            heard: 0,
        };
        engine.send("uci")?;
        let mut said = Vec::new();
        loop {
            let line = engine.next_line("`uciok` (the answer to `uci`)", &said)?;
            if line.trim() == "uciok" {
                break;
            }
            remember(&mut said, &line);
        }
        if chess960 {
            engine.send("setoption name UCI_Chess960 value true")?;
        }
        engine.sync()?;
        Ok(engine)
    }

    /// The command line as the user gave it.
    pub(crate) fn command(&self) -> &str {
        &self.command
    }

    /// The divide of `fen` after `moves`, `depth` plies deep (at least 1).
    pub(crate) fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<Divide, Failure> {
        self.sync()?;
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&format!("go perft {depth}"))?;
        let mut divide = Divide::new();
        let mut said = Vec::new();
        let waiting = "`Nodes searched: <N>` (the end of the answer to `go perft`)";
        let total = loop {
            let line = self.next_line(waiting, &said)?;
            let text = line.trim();
            if let Some(rest) = text.strip_prefix("Nodes searched:") {
                break rest
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| self.garbage(&line, "a node count after `Nodes searched:`"))?;
            }
            if text.starts_with("bestmove") {
                return Err(self.garbage(
                    &line,
                    "a perft divide (it searched instead: does it support `go perft`?)",
                ));
            }
            match text.split_once(':') {
                Some((mv, count)) if is_uci_move(mv.trim()) => {
                    let count = count
                        .trim()
                        .parse::<u64>()
                        .map_err(|_| self.garbage(&line, "a node count after the move"))?;
                    if divide.insert(mv.trim().to_string(), count).is_some() {
                        return Err(self.garbage(&line, "each root move once"));
                    }
                }
                _ => remember(&mut said, &line),
            }
        };
        let sum: u64 = divide.values().sum();
        if sum != total {
            return Err(Failure::input(format!(
                "engine {} is inconsistent: its divide adds up to {sum} but it says `Nodes searched: {total}` (position fen {fen}{}{}, go perft {depth})",
                quote(&self.command, None),
                if moves.is_empty() { "" } else { " moves " },
                moves.join(" ")
            )));
        }
        Ok(divide)
    }

    /// `isready`, then waits for `readyok`, skipping whatever came before it.
    fn sync(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        let mut said = Vec::new();
        loop {
            let line = self.next_line("`readyok` (the answer to `isready`)", &said)?;
            if line.trim() == "readyok" {
                return Ok(());
            }
            remember(&mut said, &line);
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.heard = 0;
        match self.process.send(line) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.failure(e, &format!("reading `{line}`"), &[])),
        }
    }

    /// The next line of output, or an error naming what we were waiting for.
    fn next_line(&mut self, waiting_for: &str, said: &[String]) -> Result<String, Failure> {
        self.heard += 1;
        if self.heard > MAX_LINES_PER_ANSWER {
            return Err(Failure::input(format!(
                "engine {} wrote over {MAX_LINES_PER_ANSWER} lines without {waiting_for}{}",
                quote(&self.command, None),
                said_so_far(said)
            )));
        }
        self.process
            .recv(self.timeout)
            .map_err(|e| self.failure(e, waiting_for, said))
    }

    /// The one-line error for an engine that failed while bitmove waited for `waiting_for`:
    /// with its exit status and last words when it died.
    fn failure(&self, error: EngineError, waiting_for: &str, said: &[String]) -> Failure {
        let command = quote(&self.command, None);
        match error {
            EngineError::Terminated { status, stderr } => Failure::input(format!(
                "engine {command} {} before {waiting_for}{}{}",
                match status {
                    Some(status) => format!("exited ({status})"),
                    None => "closed its output".to_string(),
                },
                said_so_far(said),
                if stderr.is_empty() {
                    String::new()
                } else {
                    format!("; its last words on stderr: {}", quote(&stderr, None))
                }
            )),
            EngineError::Timeout(t) => Failure::input(format!(
                "engine {command} said nothing for {} s while bitmove waited for {waiting_for}{}",
                t.as_secs_f64(),
                said_so_far(said)
            )),
            other => Failure::input(format!(
                "engine {command} failed while bitmove waited for {waiting_for}: {other}"
            )),
        }
    }

    /// The error for a line that is not what the protocol allows there.
    fn garbage(&self, line: &str, expected: &str) -> Failure {
        Failure::input(format!(
            "engine {} answered {} where bitmove expected {expected}",
            quote(&self.command, None),
            quote(line.trim(), None)
        ))
    }
}

/// Keeps the first few lines an engine said that bitmove did not expect, for error messages.
fn remember(said: &mut Vec<String>, line: &str) {
    if said.len() < 3 && !line.trim().is_empty() {
        said.push(line.trim().chars().take(100).collect());
    }
}

fn said_so_far(said: &[String]) -> String {
    if said.is_empty() {
        String::new()
    } else {
        let quoted: Vec<String> = said.iter().map(|s| quote(s, None)).collect();
        format!("; it said {}", quoted.join(", "))
    }
}

/// Whether `text` has the shape of a UCI move: `e2e4`, `e7e8q`.
fn is_uci_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    (b.len() == 4 || (b.len() == 5 && b"nbrq".contains(&b[4])))
        && square(b[0], b[1])
        && square(b[2], b[3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_move_shapes() {
        assert!(is_uci_move("e2e4") && is_uci_move("a7a8n") && is_uci_move("e1h1"));
        assert!(!is_uci_move("e2e9") && !is_uci_move("e7e8k") && !is_uci_move("Nodes"));
        assert!(!is_uci_move("") && !is_uci_move("info string"));
    }
}
