//! A blocking UCI client on a [`Process`]: start, configure, synchronise, search.

use std::boxed::Box;
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use super::process::{EngineError, Process};
use super::uci::{
    BestMove, Info, Limit, OptionValue, UciMessage, UciOption, go_command, parse_uci_line,
    position_command, setoption_command, variant_command, variant_position_command,
};
use super::{ParseError, words::is_space};
use crate::variant::{Variant, VariantMove, VariantPosition};
use crate::{Board, Move};

/// The most lines an engine may write in answer to one command. Past this it is flooding,
/// not answering, and waiting on would never end (a timeout only catches silence).
pub const MAX_LINES_PER_ANSWER: usize = 100_000;

/// What a search ended with: every `info` line read, then the `bestmove`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The `info` lines in the order written.
    pub infos: Vec<Info>,
    /// The `bestmove` line.
    pub bestmove: BestMove,
}

impl Analysis {
    /// The last `info` with a score for each `multipv` line (1 when not given), best line
    /// first.
    pub fn lines(&self) -> Vec<&Info> {
        let mut lines: Vec<&Info> = Vec::new();
        for info in self
            .infos
            .iter()
            .filter(|i| i.score.is_some() && i.pv.is_some())
        {
            let k = info.multipv.unwrap_or(1);
            match lines.iter_mut().find(|l| l.multipv.unwrap_or(1) == k) {
                Some(slot) => *slot = info,
                None => lines.push(info),
            }
        }
        lines.sort_by_key(|i| i.multipv.unwrap_or(1));
        lines
    }
}

/// What is called with each line that cannot be read.
type Logger = Box<dyn FnMut(&str, &ParseError) + Send>;

/// A UCI engine, driven one command at a time; every wait ends within its timeout.
///
/// ```no_run
/// use std::time::Duration;
/// use bitmove::Board;
/// use bitmove::engine::{Limit, Uci};
///
/// let mut engine = Uci::start(&["stockfish"], Duration::from_secs(10))?;
/// engine.set_option("Threads", "1")?;
/// let analysis = engine.analyse(&Board::default(), &[], &Limit::nodes(20_000))?;
/// let best = analysis.bestmove.legal(&Board::default()).unwrap();
/// println!("{:?} after {} info lines", best, analysis.infos.len());
/// engine.quit();
/// # Ok::<(), bitmove::engine::EngineError>(())
/// ```
pub struct Uci {
    process: Process,
    timeout: Duration,
    id: Vec<(String, String)>,
    options: Vec<UciOption>,
    chess960: bool,
    skipped: usize,
    logger: Option<Logger>,
}

impl Uci {
    /// Starts `argv` and waits (at most `timeout` per line) for `uciok`, reading its `id`
    /// and `option` lines. An engine that never says `uciok` is killed and gives
    /// [`EngineError::Timeout`].
    pub fn start<S: AsRef<std::ffi::OsStr>>(
        argv: &[S],
        timeout: Duration,
    ) -> Result<Uci, EngineError> {
        Uci::on(Process::spawn(argv)?, timeout)
    }

    /// [`start`](Uci::start) on a process already running.
    pub fn on(process: Process, timeout: Duration) -> Result<Uci, EngineError> {
        let mut uci = Uci {
            process,
            timeout,
            id: Vec::new(),
            options: Vec::new(),
            chess960: false,
            skipped: 0,
            logger: None,
        };
        uci.process.send("uci")?;
        let mut heard = 0;
        loop {
            let line = uci.next_line(&mut heard, timeout)?;
            if line.trim_matches(is_space) == "uciok" {
                break;
            }
            match parse_uci_line(&line) {
                Ok(UciMessage::Id(key, value)) => {
                    match uci.id.iter_mut().find(|(k, _)| *k == key) {
                        Some(slot) => slot.1 = value,
                        None => uci.id.push((key, value)),
                    }
                }
                Ok(UciMessage::Option(option)) => {
                    match uci
                        .options
                        .iter_mut()
                        .find(|o| o.name.eq_ignore_ascii_case(&option.name))
                    {
                        Some(slot) => *slot = option,
                        None => uci.options.push(option),
                    }
                }
                Ok(_) => {}
                Err(e) => uci.skip(&line, &e),
            }
        }
        Ok(uci)
    }

    /// Calls `logger` with every line that cannot be read (it is skipped).
    pub fn set_logger(&mut self, logger: impl FnMut(&str, &ParseError) + Send + 'static) {
        self.logger = Some(Box::new(logger));
    }

    /// How many lines were skipped because they could not be read.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    fn skip(&mut self, line: &str, error: &ParseError) {
        self.skipped += 1;
        if let Some(logger) = self.logger.as_mut() {
            logger(line, error);
        }
    }

    /// The `id` lines: (`name`, ...), (`author`, ...).
    pub fn id(&self) -> &[(String, String)] {
        &self.id
    }

    /// The `id name`, if it said one.
    pub fn name(&self) -> Option<&str> {
        self.id
            .iter()
            .find(|(k, _)| k == "name")
            .map(|(_, v)| v.as_str())
    }

    /// The declared options, in order.
    pub fn options(&self) -> &[UciOption] {
        &self.options
    }

    /// The declared option of this name (any case).
    pub fn option(&self, name: &str) -> Option<&UciOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The process underneath, to send or read lines of one's own.
    pub fn process(&mut self) -> &mut Process {
        &mut self.process
    }

    /// Sets an option the engine declared, its value checked for the option's type. An
    /// undeclared name is a [`EngineError::Protocol`] error (nothing is sent).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let option = self
            .option(name)
            .ok_or_else(|| EngineError::Protocol(format!("the engine has no option {name:?}")))?;
        let parsed = option.parse_value(value).map_err(EngineError::Protocol)?;
        let line = setoption_command(&option.name, &parsed);
        if option.name.eq_ignore_ascii_case("UCI_Chess960") {
            self.chess960 = parsed == OptionValue::Bool(true);
        }
        self.process.send(&line)
    }

    /// Sets several options, then waits for `readyok`.
    pub fn configure(&mut self, options: &[(&str, &str)]) -> Result<(), EngineError> {
        for (name, value) in options {
            self.set_option(name, value)?;
        }
        self.isready()
    }

    /// `isready`, then waits for `readyok`, skipping whatever comes before it.
    pub fn isready(&mut self) -> Result<(), EngineError> {
        self.process.send("isready")?;
        let mut heard = 0;
        let timeout = self.timeout;
        while self.next_line(&mut heard, timeout)?.trim_matches(is_space) != "readyok" {}
        Ok(())
    }

    /// `ucinewgame`, then `isready`.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.process.send("ucinewgame")?;
        self.isready()
    }

    /// Searches `moves` from `board` to `limit` and waits for `bestmove`, collecting the
    /// `info` lines. Castling is written as the engine's `UCI_Chess960` setting wants it.
    /// The wait for each line is the client's timeout plus the limit's `movetime`.
    pub fn analyse(
        &mut self,
        board: &Board,
        moves: &[Move],
        limit: &Limit,
    ) -> Result<Analysis, EngineError> {
        let position = position_command(board, moves, self.chess960)
            .map_err(|i| EngineError::Protocol(format!("move {} of the line is illegal", i + 1)))?;
        self.search(&position, limit, |_| {})
    }

    /// [`analyse`](Uci::analyse) for a variant position: sets `UCI_Variant` (an engine that
    /// does not declare it gives a [`EngineError::Protocol`] error), then searches.
    pub fn analyse_variant(
        &mut self,
        position: &VariantPosition,
        moves: &[VariantMove],
        limit: &Limit,
    ) -> Result<Analysis, EngineError> {
        let variant = position.variant();
        if self.option("UCI_Variant").is_none() {
            if variant != Variant::Chess {
                return Err(EngineError::Protocol(
                    "the engine does not declare UCI_Variant".to_string(),
                ));
            }
        } else {
            self.process.send(&variant_command(variant))?;
        }
        let command = variant_position_command(position, moves, self.chess960)
            .map_err(|i| EngineError::Protocol(format!("move {} of the line is illegal", i + 1)))?;
        self.search(&command, limit, |_| {})
    }

    /// Sends `position` (a whole `position ...` command) and `go` for `limit`, calls
    /// `on_info` with each `info` as it comes, and returns them all with the `bestmove`.
    pub fn search(
        &mut self,
        position: &str,
        limit: &Limit,
        mut on_info: impl FnMut(&Info),
    ) -> Result<Analysis, EngineError> {
        self.isready()?;
        self.process.send(position)?;
        self.process.send(&go_command(limit))?;
        let wait = self.timeout + limit.movetime.unwrap_or_default();
        let mut analysis = Analysis::default();
        let mut heard = 0;
        loop {
            let line = self.next_line(&mut heard, wait)?;
            match parse_uci_line(&line) {
                Ok(UciMessage::Info(info)) => {
                    on_info(&info);
                    analysis.infos.push(*info);
                }
                Ok(UciMessage::BestMove(best)) => {
                    analysis.bestmove = best;
                    return Ok(analysis);
                }
                Ok(_) => {}
                Err(e) => self.skip(&line, &e),
            }
        }
    }

    /// `stop`: ends an infinite search; waits for its `bestmove`.
    pub fn stop(&mut self) -> Result<BestMove, EngineError> {
        self.process.send("stop")?;
        let mut heard = 0;
        let timeout = self.timeout;
        loop {
            let line = self.next_line(&mut heard, timeout)?;
            if let Ok(UciMessage::BestMove(best)) = parse_uci_line(&line) {
                return Ok(best);
            }
        }
    }

    /// `quit`, a second's grace, then the process is killed.
    pub fn quit(self) -> Option<std::process::ExitStatus> {
        self.process.quit("quit", Duration::from_secs(1))
    }

    fn next_line(&mut self, heard: &mut usize, timeout: Duration) -> Result<String, EngineError> {
        *heard += 1;
        if *heard > MAX_LINES_PER_ANSWER {
            return Err(EngineError::Protocol(format!(
                "the engine wrote over {MAX_LINES_PER_ANSWER} lines without the answer"
            )));
        }
        let line = self.process.recv(timeout);
        if let Err(EngineError::Timeout(_)) = line {
            // No engine is left hanging: one that stopped answering is killed.
            self.process.kill();
        }
        line
    }
}
