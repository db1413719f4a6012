//! Engine analysis of game files (feature `analyse`): every position of every game put to a
//! UCI engine once, the answers kept in an SQLite file, the games written back with
//! `[%eval ...]` comments as lichess writes them.
//!
//! The pieces are separate so that another driver (the Python binding, a Dask cluster) can
//! use each alone:
//!
//! - **planning** ([`Planner`], [`plan_files`], [`game_positions`], [`read_games`]): the games
//!   of PGN files (plain, `.zst`, `.gz`; standard, Chess960 and the lichess variants), each
//!   game's positions from a ply on, each keyed by a 128-bit [`PositionKey`], and the
//!   distinct ones as [`Job`]s in the order first met;
//! - **the cache** ([`Cache`]): one SQLite table of [`Evaluation`]s keyed by (position key,
//!   [`Setting`]: engine name, options, limit, MultiPV), one of [`Failure`]s; WAL mode, stored
//!   a batch per transaction;
//! - **a worker** ([`Worker`]): one engine process, one position at a time, restarted when it
//!   dies or stops answering; a position that made it fail [`EngineSpec::max_failures`]
//!   times is a [`Failure`];
//! - **a pool** ([`Pool`]): J workers on threads fed from one queue, answers streamed back;
//! - **the writer** ([`annotate`], [`json_lines`], [`write_outputs`]): each game as
//!   python-chess writes it with `[%eval 0.17]` / `[%eval #-3]` after each analysed move and,
//!   optionally, `?!`/`?`/`??` NAGs from the drop in winning chances ([`judge`],
//!   [`winning_chances`]); and JSON Lines of every analysed ply.
//!
//! The output is a function of the input and the cache's contents alone: a run that was
//! stopped and run again writes what one uninterrupted run writes, byte for byte (with a
//! deterministic engine: Stockfish with `Threads=1` and a node limit; the worker sends
//! `ucinewgame` before every position so that no search depends on the one before).
//!
//! ```no_run
//! use std::time::Duration;
//! use bitmove::analyse::{Cache, EngineSpec, Planner, Pool, SearchLimit, Setting};
//!
//! let plan = bitmove::analyse::plan_files(&["games.pgn"], 0)?;
//! let spec = EngineSpec::new(vec!["stockfish".into()], SearchLimit::Nodes(10_000));
//! let mut pool = Pool::start(&spec, 2)?;
//! let setting = Setting::new(pool.engine_name(), &spec);
//! let mut cache = Cache::open("games.analysis.sqlite")?;
//! let done = cache.keys(&setting)?;
//! let mut waiting = 0;
//! for job in plan.jobs.iter().filter(|j| !done.contains(&j.key)) {
//!     pool.submit(job.clone());
//!     waiting += 1;
//! }
//! pool.close();
//! let mut batch = Vec::new();
//! while let Some(answer) = pool.recv() {
//!     batch.push(answer);
//!     if batch.len() == 64 {
//!         cache.store(&setting, &batch)?;
//!         batch.clear();
//!     }
//! }
//! cache.store(&setting, &batch)?;
//! # let _ = (waiting, Duration::ZERO, Planner::new(0));
//! # Ok::<(), bitmove::analyse::AnalyseError>(())
//! ```

use std::fmt;
use std::io;
use std::string::{String, ToString};

mod cache;
mod plan;
mod pool;
mod worker;
mod write;

pub use cache::{Cache, SCHEMA, SCHEMA_VERSION};
pub use plan::{
    BadGame, Job, Plan, PlannedPosition, Planner, Terminal, game_positions, plan_files,
    position_key, read_games,
};
pub use pool::Pool;
pub use worker::{EngineSpec, SearchLimit, Worker};
pub use write::{
    FAILED_COMMENT, Judgement, OutputOptions, WriteSummary, annotate, eval_text, json_lines, judge,
    winning_chances, write_outputs,
};

use crate::engine::EngineError;
use crate::pgn::Eval;

/// A position's 128-bit key: FNV-1a (128-bit) of its FEN without the move counters, the
/// en-passant square only where a capture there is legal (python-chess's FEN), prefixed by
/// the variant's UCI name and a space for a variant other than chess. Equal positions have
/// equal keys whatever the move order or clocks; two different positions share one with a
/// chance of about 2^-128 per pair. Written as 32 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey(pub u128);

impl PositionKey {
    /// FNV-1a, 128-bit, of `text`.
    pub fn of_text(text: &str) -> PositionKey {
        const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
        const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
        let mut hash = OFFSET;
        for &byte in text.as_bytes() {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
        PositionKey(hash)
    }

    /// The key written as 32 hex digits (either case).
    pub fn from_hex(text: &str) -> Option<PositionKey> {
        if text.len() != 32 {
            return None;
        }
        u128::from_str_radix(text, 16).ok().map(PositionKey)
    }
}

impl fmt::Display for PositionKey {
    /// 32 lowercase hex digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// One line of an engine's answer (one per MultiPV line), from White's point of view.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Line {
    /// The score, White's view (`None`: the engine gave none).
    pub eval: Option<Eval>,
    /// Win, draw, loss in permille as White wins, draws, Black wins.
    pub wdl: Option<(i64, i64, i64)>,
    /// The principal variation in UCI, as the engine wrote it.
    pub pv: std::vec::Vec<String>,
    /// The depth of the search that gave it.
    pub depth: Option<i64>,
}

/// What the engine said about one position: its best line's score, WDL and PV, the search's
/// depth and nodes, and every MultiPV line. Scores and WDL are from White's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The position's key.
    pub key: PositionKey,
    /// The FEN the engine was given.
    pub fen: String,
    /// The best line's score, White's view.
    pub eval: Option<Eval>,
    /// The best line's WDL, White's view (White wins, draws, Black wins, permille).
    pub wdl: Option<(i64, i64, i64)>,
    /// The `bestmove`, UCI; `None` for `bestmove (none)`.
    pub best_move: Option<String>,
    /// The best line's moves, UCI.
    pub pv: std::vec::Vec<String>,
    /// Depth of the last `info` with a score for the best line.
    pub depth: Option<i64>,
    /// Selective depth, likewise.
    pub seldepth: Option<i64>,
    /// Nodes searched, from the last `info` that said.
    pub nodes: Option<i64>,
    /// Every MultiPV line, best first (the first is the best line again).
    pub lines: std::vec::Vec<Line>,
}

/// A position the engine could not analyse: it died or stopped answering on it
/// [`EngineSpec::max_failures`] times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The position's key.
    pub key: PositionKey,
    /// Its FEN.
    pub fen: String,
    /// What happened the last time, and how often.
    pub reason: String,
}

/// A worker's answer for one [`Job`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysed {
    /// The engine answered.
    Done(Evaluation),
    /// It failed on this position every time.
    Failed(Failure),
}

impl Analysed {
    /// The position's key.
    pub fn key(&self) -> PositionKey {
        match self {
            Analysed::Done(e) => e.key,
            Analysed::Failed(f) => f.key,
        }
    }
}

/// What identifies an analysis besides the position: the engine's `id name`, its options,
/// the limit and the number of lines. Two runs with equal settings share cached results.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setting {
    /// The engine's `id name` (its command's file name when it says none).
    pub engine: String,
    /// The options set, `Name=value` joined by spaces, in the order given
    /// ([`EngineSpec::options_text`]).
    pub options: String,
    /// The limit, as [`SearchLimit`] writes it (`nodes 10000`, `depth 20`, `movetime 100`).
    pub limit: String,
    /// MultiPV lines asked for (1: the best line only).
    pub multipv: u32,
}

impl Setting {
    /// The setting of `spec` run on an engine that calls itself `engine`.
    pub fn new(engine: &str, spec: &EngineSpec) -> Setting {
        Setting {
            engine: engine.to_string(),
            options: spec.options_text(),
            limit: spec.limit.to_string(),
            multipv: spec.multipv,
        }
    }
}

/// What can go wrong in an analysis run (as opposed to on one position, a [`Failure`]).
#[derive(Debug)]
pub enum AnalyseError {
    /// Reading an input or writing an output: what, and the error.
    Io(String, io::Error),
    /// The engine could not be started or configured (not an engine, a bad option).
    Engine(String, EngineError),
    /// The cache file (SQLite).
    Cache(String),
    /// Something asked for that cannot be done (a variant the engine does not play, ...).
    Refused(String),
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyseError::Io(what, e) => write!(f, "{what}: {e}"),
            AnalyseError::Engine(what, e) => write!(f, "{what}: {e}"),
            AnalyseError::Cache(why) => write!(f, "cache: {why}"),
            AnalyseError::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AnalyseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AnalyseError::Io(_, e) => Some(e),
            AnalyseError::Engine(_, e) => Some(e),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for AnalyseError {
    fn from(e: rusqlite::Error) -> AnalyseError {
        AnalyseError::Cache(e.to_string())
    }
}

#[cfg(test)]
mod tests;
