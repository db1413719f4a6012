//! A worker: one engine process, one position at a time, restarted when it fails.

use std::fmt;
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use super::{AnalyseError, Analysed, Evaluation, Failure, Job, Line};
use crate::engine::{Analysis, EngineError, Limit, Process, ScoreKind, Uci, variant_command};
use crate::pgn::Eval;
use crate::variant::Variant;

/// How far the engine searches each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchLimit {
    /// `go nodes N`.
    Nodes(u64),
    /// `go depth N`.
    Depth(u32),
    /// `go movetime MS`.
    Movetime(u64),
}

impl SearchLimit {
    /// The engine client's [`Limit`].
    pub fn limit(self) -> Limit {
        match self {
            SearchLimit::Nodes(n) => Limit::nodes(n),
            SearchLimit::Depth(d) => Limit::depth(d),
            SearchLimit::Movetime(ms) => Limit::movetime(Duration::from_millis(ms)),
        }
    }
}

impl fmt::Display for SearchLimit {
    /// `nodes 10000`, `depth 20`, `movetime 100`: the words after `go`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchLimit::Nodes(n) => write!(f, "nodes {n}"),
            SearchLimit::Depth(d) => write!(f, "depth {d}"),
            SearchLimit::Movetime(ms) => write!(f, "movetime {ms}"),
        }
    }
}

/// What engine to run and how: its command line, the options to set, the limit, MultiPV,
/// how long it may stay silent, and how often it may fail on one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// UCI options set after `uci`, in this order (`MultiPV` is set from
    /// [`multipv`](EngineSpec::multipv)). Each must be declared by the engine.
    pub options: Vec<(String, String)>,
    /// How far each position is searched.
    pub limit: SearchLimit,
    /// Lines asked for (`MultiPV`); 1 asks for the best line only and sets nothing.
    pub multipv: u32,
    /// How long the engine may say nothing before it counts as hung and is killed (for a
    /// search, plus its movetime).
    pub timeout: Duration,
    /// How many times the engine may die or hang on one position before that position is
    /// a [`Failure`] (3).
    pub max_failures: u32,
}

impl EngineSpec {
    /// `command` searching to `limit`, one line, no options, a 30 s timeout, 3 failures.
    pub fn new(command: Vec<String>, limit: SearchLimit) -> EngineSpec {
        EngineSpec {
            command,
            options: Vec::new(),
            limit,
            multipv: 1,
            timeout: Duration::from_secs(30),
            max_failures: 3,
        }
    }

    /// The options as the cache names them: `Name=value` joined by single spaces, in the
    /// order given (empty when none).
    pub fn options_text(&self) -> String {
        let words: Vec<String> = self
            .options
            .iter()
            .map(|(name, value)| std::format!("{name}={value}"))
            .collect();
        words.join(" ")
    }
}

/// One engine process analysing one position at a time. When the engine dies or says
/// nothing for the timeout, it is killed (if need be), started again and given the
/// position again; after [`EngineSpec::max_failures`] failures on one position, that
/// position is answered with a [`Failure`] and the next one gets a fresh engine.
///
/// Before every position the worker sends `ucinewgame` (and waits for `readyok`): the
/// engine's hash and histories are cleared, so that each answer depends on the position
/// and the setting alone, not on the positions searched before (with Stockfish, `Threads=1`
/// and a node limit the answers are then deterministic).
pub struct Worker {
    spec: EngineSpec,
    engine: Option<Uci>,
    name: String,
    variants: Vec<String>,
    has_chess960: bool,
    chess960: bool,
    variant: Variant,
    restarts: u32,
}

impl Worker {
    /// Starts the engine and sets the options. An error here (no such program, not a UCI
    /// engine, an option it does not declare or a bad value) is the run's, not a
    /// position's: it is returned.
    pub fn start(spec: &EngineSpec) -> Result<Worker, AnalyseError> {
        if spec.command.is_empty() {
            return Err(AnalyseError::Refused("no engine command given".into()));
        }
        let engine = launch(spec)?;
        let name = engine
            .name()
            .map(str::to_string)
            .unwrap_or_else(|| program_name(&spec.command[0]));
        let variants = engine
            .option("UCI_Variant")
            .map(|o| o.var.clone())
            .unwrap_or_default();
        let has_chess960 = engine.option("UCI_Chess960").is_some();
        Ok(Worker {
            spec: spec.clone(),
            engine: Some(engine),
            name,
            variants,
            has_chess960,
            chess960: false,
            variant: Variant::Chess,
            restarts: 0,
        })
    }

    /// The engine's `id name` (its program's file name when it said none).
    pub fn engine_name(&self) -> &str {
        &self.name
    }

    /// Whether the engine plays `variant`: chess always, another only when it declares
    /// `UCI_Variant` with that variant's name among the choices.
    pub fn supports(&self, variant: Variant) -> bool {
        plays(&self.variants, variant)
    }

    /// The variants the engine declares in `UCI_Variant` (empty when it has no such option).
    pub fn variants(&self) -> &[String] {
        &self.variants
    }

    /// How many times the engine was started again after a failure.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }

    /// Analyses `job` to the limit, restarting the engine as needed.
    pub fn analyse(&mut self, job: &Job) -> Analysed {
        if !self.supports(job.variant) {
            return Analysed::Failed(Failure {
                key: job.key,
                fen: job.fen.clone(),
                reason: std::format!(
                    "the engine does not declare UCI_Variant {}",
                    job.variant.uci_name()
                ),
            });
        }
        let mut last = String::new();
        for _ in 0..self.spec.max_failures.max(1) {
            match self.try_analyse(job) {
                Ok(analysis) => return Analysed::Done(evaluation(job, &analysis)),
                Err(e) => {
                    last = e.to_string();
                    // Dropping the client quits the engine (a short grace, then a kill).
                    self.engine = None;
                }
            }
        }
        Analysed::Failed(Failure {
            key: job.key,
            fen: job.fen.clone(),
            reason: std::format!(
                "the engine failed {} times on this position; the last time: {last}",
                self.spec.max_failures.max(1)
            ),
        })
    }

    fn try_analyse(&mut self, job: &Job) -> Result<Analysis, AnalyseError> {
        if self.engine.is_none() {
            self.engine = Some(launch(&self.spec)?);
            self.restarts += 1;
            self.chess960 = false;
            self.variant = Variant::Chess;
        }
        let Some(engine) = self.engine.as_mut() else {
            return Err(AnalyseError::Refused("no engine".into()));
        };
        let engine_error = |e: EngineError| AnalyseError::Engine("engine".into(), e);
        if self.has_chess960 && job.chess960 != self.chess960 {
            let value = if job.chess960 { "true" } else { "false" };
            engine
                .set_option("UCI_Chess960", value)
                .map_err(engine_error)?;
            self.chess960 = job.chess960;
        }
        if job.variant != self.variant {
            engine
                .process()
                .send(&variant_command(job.variant))
                .map_err(engine_error)?;
            self.variant = job.variant;
        }
        engine.new_game().map_err(engine_error)?;
        engine
            .search(&job.position_command(), &self.spec.limit.limit(), |_| {})
            .map_err(engine_error)
    }

    /// Quits the engine (`quit`, a second's grace, then a kill).
    pub fn quit(mut self) {
        if let Some(engine) = self.engine.take() {
            engine.quit();
        }
    }
}

/// Starts the engine of `spec` and sets its options (MultiPV too when more than 1).
fn launch(spec: &EngineSpec) -> Result<Uci, AnalyseError> {
    let shown = spec.command.join(" ");
    let Some((program, args)) = spec.command.split_first() else {
        return Err(AnalyseError::Refused("no engine command given".into()));
    };
    let mut command = std::process::Command::new(program);
    command.args(args);
    // Its own process group: a Ctrl-C at the terminal reaches the driver, which stops the
    // engines itself, and not the engines in the middle of a search.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let cannot_start =
        |e| AnalyseError::Engine(std::format!("cannot start the engine {shown:?}"), e);
    let process = Process::spawn_command(command).map_err(cannot_start)?;
    let mut engine = Uci::on(process, spec.timeout).map_err(cannot_start)?;
    let mut options: Vec<(&str, &str)> = spec
        .options
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    // Win/draw/loss with every score where the engine can give it (not part of the
    // setting: it changes what is printed, not what is searched).
    let asked_wdl = options
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("UCI_ShowWDL"));
    if !asked_wdl && engine.option("UCI_ShowWDL").is_some() {
        options.push(("UCI_ShowWDL", "true"));
    }
    let multipv = spec.multipv.to_string();
    if spec.multipv > 1 {
        options.push(("MultiPV", &multipv));
    }
    engine.configure(&options).map_err(|e| {
        AnalyseError::Engine(std::format!("cannot configure the engine {shown:?}"), e)
    })?;
    Ok(engine)
}

fn program_name(program: &str) -> String {
    std::path::Path::new(program)
        .file_name()
        .map_or_else(|| program.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The engine's answer turned to White's view.
fn evaluation(job: &Job, analysis: &Analysis) -> Evaluation {
    let white = job.white_to_move;
    let lines: Vec<Line> = analysis
        .lines()
        .into_iter()
        .map(|info| Line {
            eval: info.score.map(|s| {
                let s = s.white(white);
                match s.kind {
                    ScoreKind::Cp => Eval::Centipawns(s.value),
                    ScoreKind::Mate | ScoreKind::MateGiven => Eval::Mate(s.value),
                }
            }),
            wdl: info
                .wdl
                .map(|(w, d, l)| if white { (w, d, l) } else { (l, d, w) }),
            pv: info.pv.clone().unwrap_or_default(),
            depth: info.depth,
        })
        .collect();
    let best = analysis.lines().into_iter().next();
    let nodes = analysis.infos.iter().rev().find_map(|i| i.nodes);
    let first = lines.first().cloned().unwrap_or_default();
    Evaluation {
        key: job.key,
        fen: job.fen.clone(),
        eval: first.eval,
        wdl: first.wdl,
        best_move: analysis.bestmove.bestmove.clone(),
        pv: first.pv,
        depth: best.and_then(|i| i.depth),
        seldepth: best.and_then(|i| i.seldepth),
        nodes,
        lines,
    }
}

/// Whether an engine that declared `variants` (its `UCI_Variant` choices) plays `variant`.
pub(super) fn plays(variants: &[String], variant: Variant) -> bool {
    variant == Variant::Chess
        || variants
            .iter()
            .any(|v| v.eq_ignore_ascii_case(variant.uci_name()))
}
