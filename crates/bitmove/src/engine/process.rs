//! An engine run as a child process, its output read by threads so that every wait has a
//! timeout.
//!
//! Standard output is read by a thread that cuts it into lines (lossy UTF-8, at most
//! [`MAX_LINE`] bytes kept of a line) and hands them over a bounded channel: an engine that
//! floods its output makes the reader wait, not memory grow. Standard error is read by
//! another thread that keeps the last non-blank line, to quote when the engine dies. The
//! process is killed when the [`Process`] is dropped: no engine is left running.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::string::{String, ToString};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use std::vec::Vec;

use super::ParseError;

/// The longest line kept from an engine; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 4096;

/// Lines the reader thread may get ahead of the program; past it the reader waits.
const LINES_IN_FLIGHT: usize = 1024;

/// What went wrong with an engine.
#[derive(Debug)]
pub enum EngineError {
    /// The engine closed its output (it exited, or will): its exit status when it was
    /// known within half a second, and the last non-blank line it wrote on standard error.
    Terminated {
        /// How it exited (`None`: it closed its output but had not exited yet).
        status: Option<ExitStatus>,
        /// The last non-blank line on standard error, cut at 200 characters.
        stderr: String,
    },
    /// It said nothing for this long.
    Timeout(Duration),
    /// Starting it, or writing to it, failed.
    Io(io::Error),
    /// It said something the protocol does not allow there (the line, and what was
    /// expected), or far too much.
    Protocol(String),
    /// A line it wrote could not be read.
    Parse(ParseError),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Terminated { status, stderr } => {
                match status {
                    Some(status) => write!(f, "the engine exited ({status})")?,
                    None => f.write_str("the engine closed its output")?,
                }
                if !stderr.is_empty() {
                    write!(f, "; its last words on stderr: {stderr:?}")?;
                }
                Ok(())
            }
            EngineError::Timeout(t) => {
                write!(f, "the engine said nothing for {} s", t.as_secs_f64())
            }
            EngineError::Io(e) => write!(f, "engine i/o: {e}"),
            EngineError::Protocol(why) => write!(f, "engine protocol: {why}"),
            EngineError::Parse(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EngineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EngineError::Io(e) => Some(e),
            EngineError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for EngineError {
    fn from(e: io::Error) -> EngineError {
        EngineError::Io(e)
    }
}

impl From<ParseError> for EngineError {
    fn from(e: ParseError) -> EngineError {
        EngineError::Parse(e)
    }
}

/// What the reader thread reports.
enum Event {
    Line(String),
    Closed,
}

/// A running engine process: lines in, lines out, with timeouts.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    closed: bool,
    stderr: Arc<Mutex<String>>,
    stderr_reader: Option<JoinHandle<()>>,
}

impl Process {
    /// Starts `argv[0]` with the arguments `argv[1..]`, its three standard streams piped.
    ///
    /// ```no_run
    /// use std::time::Duration;
    /// use bitmove::engine::Process;
    ///
    /// let mut engine = Process::spawn(&["stockfish"])?;
    /// engine.send("uci")?;
    /// while engine.recv(Duration::from_secs(5))? != "uciok" {}
    /// # Ok::<(), bitmove::engine::EngineError>(())
    /// ```
    pub fn spawn<S: AsRef<std::ffi::OsStr>>(argv: &[S]) -> Result<Process, EngineError> {
        let Some((program, args)) = argv.split_first() else {
            return Err(EngineError::Io(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the engine command is empty",
            )));
        };
        let mut command = Command::new(program);
        command.args(args);
        Process::spawn_command(command)
    }

    /// Starts a prepared command (its own directory, environment, ...); its standard streams
    /// are replaced by pipes.
    pub fn spawn_command(mut command: Command) -> Result<Process, EngineError> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
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
        Ok(Process {
            stdin: child.stdin.take(),
            child,
            lines,
            closed: false,
            stderr,
            stderr_reader,
        })
    }

    /// The operating system's id of the process.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `line` and a line end. An engine that has exited gives
    /// [`EngineError::Terminated`].
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        };
        match written {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(self.terminated()),
            Err(e) => Err(EngineError::Io(e)),
        }
    }

    /// The next line the engine writes, waiting at most `timeout`: [`EngineError::Timeout`]
    /// if it writes none, [`EngineError::Terminated`] if it closes its output. A last line
    /// without a line end is still a line.
    pub fn recv(&mut self, timeout: Duration) -> Result<String, EngineError> {
        if self.closed {
            return Err(self.terminated());
        }
        match self.lines.recv_timeout(timeout) {
            Ok(Event::Line(line)) => Ok(line),
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(self.terminated())
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(timeout)),
        }
    }

    /// A line if one is waiting, without waiting.
    pub fn try_recv(&mut self) -> Option<String> {
        match self.lines.try_recv() {
            Ok(Event::Line(line)) => Some(line),
            Ok(Event::Closed) => {
                self.closed = true;
                None
            }
            Err(_) => None,
        }
    }

    /// The error for an engine that closed its output: its exit status (waited for half a
    /// second) and its last words on standard error.
    pub fn terminated(&mut self) -> EngineError {
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
        EngineError::Terminated { status, stderr }
    }

    /// Whether the process has exited (without waiting).
    pub fn has_exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Sends `quit_line` (`quit`), waits up to `grace` for the process to exit, then kills
    /// it. Returns its exit status.
    pub fn quit(mut self, quit_line: &str, grace: Duration) -> Option<ExitStatus> {
        self.stop(quit_line, grace)
    }

    fn stop(&mut self, quit_line: &str, grace: Duration) -> Option<ExitStatus> {
        if let Some(mut stdin) = self.stdin.take() {
            writeln!(stdin, "{quit_line}").ok();
        }
        let deadline = Instant::now() + grace;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill()
    }

    /// Kills the process at once and reaps it.
    pub fn kill(&mut self) -> Option<ExitStatus> {
        self.stdin.take();
        self.child.kill().ok();
        self.child.wait().ok()
    }
}

impl Drop for Process {
    /// Asks the engine to quit, gives it 300 ms, then kills it.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.stop("quit", Duration::from_millis(300));
        }
    }
}

/// Calls `each` with every line of `pipe` (lossy UTF-8, `\r` before the line end dropped,
/// cut at [`MAX_LINE`] bytes) until the pipe closes or `each` returns false. A last line
/// without a line end counts.
pub fn read_lines(pipe: impl Read, mut each: impl FnMut(String) -> bool) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_and_lossy() {
        let mut input = std::vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nok\r\n\xff\xfe tail");
        let mut lines = Vec::new();
        read_lines(&input[..], |l| {
            lines.push(l);
            true
        });
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "ok");
        assert!(lines[2].ends_with(" tail") && lines[2].starts_with('\u{fffd}'));
    }
}
