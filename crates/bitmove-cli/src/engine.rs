//! A UCI engine run as a child process and asked for perft divides, Stockfish style.
//!
//! Standard output is read by a thread that hands lines over a channel, so that every wait
//! has a timeout: an engine that hangs, dies or says something else ends in a one-line error
//! that quotes what it said, never in a hang.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::Failure;
use crate::errors::quote;

/// The longest line kept from an engine; the rest of a longer line is dropped.
const MAX_LINE: usize = 4096;

/// A divide: each root move in UCI with the leaf count below it.
pub(crate) type Divide = BTreeMap<String, u64>;

/// What the reader thread reports.
enum Event {
    Line(String),
    Closed,
}

/// A running engine.
pub(crate) struct Engine {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    /// The last non-empty line the engine wrote on standard error.
    stderr: Arc<Mutex<String>>,
    /// The thread that reads standard error, to let it finish before quoting it.
    stderr_reader: Option<JoinHandle<()>>,
    timeout: Duration,
    /// Lines read since the last command was sent.
    heard: usize,
}

/// The most lines an engine may write in answer to one command: a perft divide is a few
/// hundred. Past this the engine is flooding, not answering, and waiting on would never end
/// (the timeout only catches silence).
const MAX_LINES_PER_ANSWER: usize = 100_000;

/// Lines the reader thread may get ahead of bitmove; past it the reader waits, so that an
/// engine that floods its output cannot fill memory.
const LINES_IN_FLIGHT: usize = 1024;

impl Engine {
    /// Starts `command` (split like a shell would), and waits for `uciok` and `readyok`.
    pub(crate) fn start(
        command: &str,
        chess960: bool,
        timeout: Duration,
    ) -> Result<Engine, Failure> {
        let argv = split_command(command).map_err(|why| {
            Failure::input(format!("engine command {}: {why}", quote(command, None)))
        })?;
        let Some((program, args)) = argv.split_first() else {
            return Err(Failure::input("the engine command is empty"));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                Failure::input(format!("cannot start engine {}: {e}", quote(command, None)))
            })?;
        let (sender, lines) = mpsc::sync_channel(LINES_IN_FLIGHT);
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || {
                read_lines(stdout, |line| sender.send(Event::Line(line)).is_ok());
                sender.send(Event::Closed).ok();
            });
        }
        let stderr = Arc::new(Mutex::new(String::new()));
        let stderr_reader = child.stderr.take().map(|pipe| {
            let last = Arc::clone(&stderr);
            std::thread::spawn(move || {
                read_lines(pipe, |line| {
                    if !line.trim().is_empty()
                        && let Ok(mut last) = last.lock()
                    {
                        *last = line.trim().chars().take(200).collect();
                    }
                    true
                })
            })
        });
        let mut engine = Engine {
            command: command.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            stderr_reader,
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
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        written.map_err(|_| self.died(&format!("reading `{line}`"), &[]))
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
        match self.lines.recv_timeout(self.timeout) {
            Ok(Event::Line(line)) => Ok(line),
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(self.died(waiting_for, said))
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::input(format!(
                "engine {} said nothing for {} s while bitmove waited for {waiting_for}{}",
                quote(&self.command, None),
                self.timeout.as_secs_f64(),
                said_so_far(said)
            ))),
        }
    }

    /// The error for an engine that closed its output: with its exit status and last words.
    fn died(&mut self, waiting_for: &str, said: &[String]) -> Failure {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => break None,
            }
        };
        if status.is_some() {
            // The pipe closes with the process; give the reader a moment to see its end.
            while let Some(reader) = &self.stderr_reader {
                if reader.is_finished() || Instant::now() > deadline {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        let stderr = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        Failure::input(format!(
            "engine {} {} before {waiting_for}{}{}",
            quote(&self.command, None),
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
        ))
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

impl std::ops::Drop for Engine {
    /// Asks the engine to quit, gives it a moment, then kills it.
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            writeln!(stdin, "quit").ok();
        }
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Calls `each` with every line of `pipe` (lossy UTF-8, cut at [`MAX_LINE`] bytes) until the
/// pipe closes or `each` returns false.
fn read_lines(pipe: impl Read, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(pipe);
    let mut line = Vec::new();
    loop {
        let (consumed, done) = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(buffer) => match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    let room = MAX_LINE.saturating_sub(line.len());
                    line.extend_from_slice(&buffer[..i.min(room)]);
                    (i + 1, true)
                }
                None => {
                    let room = MAX_LINE.saturating_sub(line.len());
                    line.extend_from_slice(&buffer[..buffer.len().min(room)]);
                    (buffer.len(), false)
                }
            },
        };
        reader.consume(consumed);
        if done {
            let text = String::from_utf8_lossy(&line)
                .trim_end_matches('\r')
                .to_string();
            line.clear();
            if !each(text) {
                return;
            }
        }
    }
    if !line.is_empty() {
        each(String::from_utf8_lossy(&line).into_owned());
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

/// Splits a command line into words as a POSIX shell would for the simple cases: blanks
/// separate words, `'...'` and `"..."` quote, a backslash escapes the next character.
pub(crate) fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
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
                        None => return Err("a ' quote is not closed".into()),
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
                            None => return Err("a \" quote is not closed".into()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("a \" quote is not closed".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("it ends with a lone backslash".into()),
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
    fn splits_like_a_shell() {
        let split = |s: &str| split_command(s).unwrap();
        assert_eq!(split("  stockfish  "), ["stockfish"]);
        assert_eq!(
            split(r#"python3 "my engine.py" --mode 'perft x' a\ b"#),
            ["python3", "my engine.py", "--mode", "perft x", "a b"]
        );
        assert_eq!(split(r#""" x"#), ["", "x"]);
        assert_eq!(split(r#""a\"b\n""#), ["a\"b\\n"]);
        assert!(split("").is_empty());
        assert!(split_command("'open").is_err());
        assert!(split_command("\"open").is_err());
        assert!(split_command("end\\").is_err());
    }

    #[test]
    fn uci_move_shapes() {
        assert!(is_uci_move("e2e4") && is_uci_move("a7a8n") && is_uci_move("e1h1"));
        assert!(!is_uci_move("e2e9") && !is_uci_move("e7e8k") && !is_uci_move("Nodes"));
        assert!(!is_uci_move("") && !is_uci_move("info string"));
    }

    #[test]
    fn lines_are_cut_and_lossy() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nok\r\n\xff\xfe tail");
        let mut lines = Vec::new();
        read_lines(&input[..], |l| {
            lines.push(l);
            true
        });
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "ok");
        assert!(lines[2].ends_with(" tail"));
    }
}
