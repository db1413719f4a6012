//! Deep perft in work units: `bitmove perft --checkpoint FILE` / `--split K`, and
//! `bitmove checkpoint show|compare`.
//!
//! A run of depth D split at ply K is the distinct positions K plies below the root (the
//! units, in the fixed order of [`bitmove::work_units`]) with their multiplicities; the total
//! is the sum of multiplicity x perft(unit, D - K), statistics column by column.
//!
//! The checkpoint is JSON Lines: a header naming the run, then one line per finished unit,
//! each written with one `write` call as the unit finishes (so a killed process leaves whole
//! lines, or at worst a torn last line without its newline, which is dropped and recomputed),
//! and synced to disk at most every few seconds and at the end:
//!
//! ```text
//! {"format":"bitmove-perft-checkpoint","version":1,"fen":"...","chess960":false,"depth":9,"split":3,"stats":false,"units":5362}
//! {"unit":17,"multiplicity":2,"nodes":12345678}
//! {"unit":3,"multiplicity":1,"nodes":23456789,"stats":{"nodes":23456789,"captures":...}}
//! ```
//!
//! `nodes` is the count below the unit (not multiplied). The Python cluster driver
//! (`python -m bitmove.cluster`) reads and writes the same format.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bitmove::{Board, PerftStats, PerftStatsTable, PerftTable, WorkUnit};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};

use crate::cli::{CheckpointCommand, PerftArgs};
use crate::perft::{stats_json, stats_table};
use crate::{Failure, json};

/// The `format` of a checkpoint header.
const FORMAT: &str = "bitmove-perft-checkpoint";
/// The version of the format written and read.
const VERSION: u64 = 1;
/// The automatic split aims at this many units at least.
const MIN_UNITS: usize = 1000;
/// The automatic split leaves units at least this many plies deep.
const MIN_UNIT_DEPTH: u32 = 4;
/// Units finished lines are synced to disk at most this often (and at the end).
const SYNC_EVERY: Duration = Duration::from_secs(5);

/// The run a checkpoint belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) fen: String,
    pub(crate) chess960: bool,
    pub(crate) depth: u32,
    pub(crate) split: u32,
    pub(crate) stats: bool,
    pub(crate) units: usize,
}

impl Run {
    fn header(&self) -> String {
        json!({
            "format": FORMAT,
            "version": VERSION,
            "fen": self.fen,
            "chess960": self.chess960,
            "depth": self.depth,
            "split": self.split,
            "stats": self.stats,
            "units": self.units,
        })
        .to_string()
    }

    fn describe(&self) -> String {
        format!(
            "{} depth {} split {}{}{} ({} units)",
            self.fen,
            self.depth,
            self.split,
            if self.stats { " stats" } else { "" },
            if self.chess960 { " chess960" } else { "" },
            self.units
        )
    }

    /// The first difference between the run of a checkpoint (`self`) and the one asked for.
    fn difference(&self, wanted: &Run) -> Option<String> {
        let field = |name: &str, there: String, here: String| {
            Some(format!("{name} {there} there, {here} here"))
        };
        if self.fen != wanted.fen {
            return field("position", quoted(&self.fen), quoted(&wanted.fen));
        }
        if self.chess960 != wanted.chess960 {
            return field(
                "chess960",
                self.chess960.to_string(),
                wanted.chess960.to_string(),
            );
        }
        if self.depth != wanted.depth {
            return field("depth", self.depth.to_string(), wanted.depth.to_string());
        }
        if self.split != wanted.split {
            return field("split", self.split.to_string(), wanted.split.to_string());
        }
        if self.stats != wanted.stats {
            let say = |s: bool| if s { "with --stats" } else { "without --stats" }.to_string();
            return Some(format!(
                "statistics: {} there, {} here",
                say(self.stats),
                say(wanted.stats)
            ));
        }
        if self.units != wanted.units {
            return field("units", self.units.to_string(), wanted.units.to_string());
        }
        None
    }
}

fn quoted(text: &str) -> String {
    format!("\"{text}\"")
}

/// One finished unit as a checkpoint line holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Done {
    pub(crate) multiplicity: u64,
    /// The count below the unit, not multiplied.
    pub(crate) nodes: u64,
    pub(crate) stats: Option<PerftStats>,
}

impl Done {
    fn line(&self, index: usize) -> String {
        let mut value = json!({
            "unit": index,
            "multiplicity": self.multiplicity,
            "nodes": self.nodes,
        });
        if let Some(stats) = &self.stats {
            value["stats"] = stats_json(stats);
        }
        let mut line = value.to_string();
        line.push('\n');
        line
    }
}

/// A checkpoint read from disk.
pub(crate) struct Checkpoint {
    pub(crate) run: Run,
    pub(crate) done: BTreeMap<usize, Done>,
    /// The length of the whole lines: a torn last line starts here.
    whole_len: u64,
    /// Whether the file ended in a torn line.
    pub(crate) torn: bool,
}

/// Reads a checkpoint; `Ok(None)` for a missing or empty file (or one whose header line was
/// torn: nothing was recorded yet).
pub(crate) fn read(path: &Path) -> Result<Option<Checkpoint>, Failure> {
    let name = path.display();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Failure::input(format!("cannot read {name}: {e}"))),
    };
    let whole_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let torn = whole_len < bytes.len();
    let text = std::str::from_utf8(&bytes[..whole_len])
        .map_err(|_| Failure::input(format!("{name}: not a bitmove checkpoint (not UTF-8)")))?;
    let mut lines = text.lines().enumerate();
    let Some((_, header)) = lines.next() else {
        return Ok(None);
    };
    let run = parse_header(header).ok_or_else(|| {
        Failure::input(format!(
            "{name}:1: not a bitmove checkpoint header (format {FORMAT} version {VERSION})"
        ))
    })?;
    let mut done = BTreeMap::new();
    for (number, line) in lines {
        let (index, unit) = parse_unit(line, run.stats)
            .filter(|(index, _)| *index < run.units)
            .ok_or_else(|| {
                Failure::input(format!(
                    "{name}:{}: not a unit line of this run",
                    number + 1
                ))
            })?;
        if let Some(earlier) = done.insert(index, unit)
            && earlier != unit
        {
            return Err(Failure::input(format!(
                "{name}:{}: unit {index} recorded twice with different counts",
                number + 1
            )));
        }
    }
    Ok(Some(Checkpoint {
        run,
        done,
        whole_len: whole_len as u64,
        torn,
    }))
}

fn parse_header(line: &str) -> Option<Run> {
    let value: Value = serde_json::from_str(line).ok()?;
    if value["format"] != FORMAT || value["version"] != VERSION {
        return None;
    }
    Some(Run {
        fen: value["fen"].as_str()?.to_string(),
        chess960: value["chess960"].as_bool()?,
        depth: u32::try_from(value["depth"].as_u64()?).ok()?,
        split: u32::try_from(value["split"].as_u64()?).ok()?,
        stats: value["stats"].as_bool()?,
        units: usize::try_from(value["units"].as_u64()?).ok()?,
    })
}

fn parse_unit(line: &str, with_stats: bool) -> Option<(usize, Done)> {
    let value: Value = serde_json::from_str(line).ok()?;
    let index = usize::try_from(value["unit"].as_u64()?).ok()?;
    let nodes = value["nodes"].as_u64()?;
    let stats = if with_stats {
        let stats = stats_from_json(value["stats"].as_object()?)?;
        (stats.nodes == nodes).then_some(())?;
        Some(stats)
    } else {
        None
    };
    Some((
        index,
        Done {
            multiplicity: value["multiplicity"].as_u64()?,
            nodes,
            stats,
        },
    ))
}

/// The split ply chosen when `--split` is not given: the smallest K with at least
/// [`MIN_UNITS`] units, but at most D - [`MIN_UNIT_DEPTH`] (and at least 0).
pub(crate) fn auto_split(board: &Board, depth: u32) -> u32 {
    let most = depth.saturating_sub(MIN_UNIT_DEPTH);
    let mut split = 0;
    while split < most && bitmove::work_units(board, split).len() < MIN_UNITS {
        split += 1;
    }
    split
}

/// The hash table size a run gets without `--hash`: none up to depth 6 (a second or less),
/// then 64 MiB at depth 7, four times more per ply up to 4 GiB, and never more than a
/// quarter of the memory available.
pub(crate) fn default_hash_mb(depth: u32) -> usize {
    if depth <= 6 {
        return 0;
    }
    let by_depth = 64usize << (2 * (depth - 7).min(3));
    by_depth.min(available_mb().map_or(1024, |mb| (mb / 4).max(16)))
}

/// `bitmove perft --checkpoint FILE` or `--split K`: the run in units, `threads` units at a
/// time, each on one thread, all sharing one hash table.
pub(crate) fn perft_units(args: &PerftArgs, board: &Board, hash_mb: usize) -> Result<u8, Failure> {
    let existing = match &args.checkpoint {
        Some(path) => read(path)?,
        None => None,
    };
    if let Some(split) = args.split
        && split > args.depth
    {
        return Err(Failure::input(format!(
            "--split {split} is deeper than --depth {}",
            args.depth
        )));
    }
    // A leaf's kind (capture, check, ...) is counted at its parent: with statistics, units
    // must have at least one ply below them.
    if let Some(split) = args.split
        && args.stats
        && args.depth > 0
        && split >= args.depth
    {
        return Err(Failure::input(format!(
            "--split {split} with --stats must be below --depth {} (a leaf's kind is counted at its parent)",
            args.depth
        )));
    }
    // Rerunning without --split continues at the checkpoint's split.
    let split = args
        .split
        .or_else(|| existing.as_ref().map(|c| c.run.split))
        .unwrap_or_else(|| auto_split(board, args.depth));
    let units = bitmove::work_units(board, split);
    let run = Run {
        fen: board.to_string(),
        chess960: board.is_chess960(),
        depth: args.depth,
        split,
        stats: args.stats,
        units: units.len(),
    };
    let path_name = |p: &PathBuf| p.display().to_string();
    if let (Some(checkpoint), Some(path)) = (&existing, &args.checkpoint)
        && let Some(difference) = checkpoint.run.difference(&run)
    {
        return Err(Failure::input(format!(
            "{} is a checkpoint of another run: {difference}",
            path_name(path)
        )));
    }
    let mut done = existing
        .as_ref()
        .map(|c| c.done.clone())
        .unwrap_or_default();
    for (index, unit) in &done {
        if unit.multiplicity != units[*index].multiplicity {
            return Err(Failure::input(format!(
                "checkpoint unit {index}: multiplicity {} there, {} here",
                unit.multiplicity, units[*index].multiplicity
            )));
        }
    }
    let file = match &args.checkpoint {
        Some(path) => Some(open_for_append(path, existing.as_ref(), &run)?),
        None => None,
    };
    let pending: Vec<usize> = (0..units.len()).filter(|i| !done.contains_key(i)).collect();
    let done_before = done.len();

    let resume_hint = args
        .checkpoint
        .as_ref()
        .map(|_| resume_command())
        .unwrap_or_default();
    let writer = Arc::new(Mutex::new(Writer {
        file,
        last_sync: Instant::now(),
        failure: None,
    }));
    install_signal_handler(&writer, resume_hint);

    let start = Instant::now();
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, bitmove::PerftOptions::MAX_THREADS)
    .min(pending.len().max(1));
    let show_bar = !args.json && std::io::stderr().is_terminal();
    let bar = show_bar.then(|| new_bar(units.len() as u64, done.len() as u64));
    let nodes_before: u64 = done.values().map(|d| d.multiplicity * d.nodes).sum();
    let nodes_now = AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    let remaining = args.depth - split;
    let table = (!args.stats).then(|| match args.hash_seed {
        Some(seed) => PerftTable::with_seed(hash_mb, seed),
        None => PerftTable::new(hash_mb),
    });
    let stats_table = args.stats.then(|| match args.hash_seed {
        Some(seed) => PerftStatsTable::with_seed(hash_mb, seed),
        None => PerftStatsTable::new(hash_mb),
    });
    let results: Mutex<Vec<(usize, Done)>> = Mutex::new(Vec::new());
    let count = |unit: &WorkUnit| -> Done {
        match &stats_table {
            Some(t) => {
                let stats = t.perft_stats(&unit.board, remaining);
                Done {
                    multiplicity: unit.multiplicity,
                    nodes: stats.nodes,
                    stats: Some(stats),
                }
            }
            None => Done {
                multiplicity: unit.multiplicity,
                nodes: table
                    .as_ref()
                    .map_or(0, |t| t.perft(&unit.board, remaining)),
                stats: None,
            },
        }
    };
    let work = || {
        while let Some(&index) = pending.get(next.fetch_add(1, Ordering::Relaxed)) {
            let unit = count(&units[index]);
            let line = unit.line(index);
            let total = nodes_now.fetch_add(unit.multiplicity * unit.nodes, Ordering::Relaxed)
                + unit.multiplicity * unit.nodes;
            if let Ok(mut writer) = writer.lock() {
                writer.append(&line);
            }
            if let Ok(mut results) = results.lock() {
                results.push((index, unit));
            }
            if let Some(bar) = &bar {
                bar.inc(1);
                let seconds = start.elapsed().as_secs_f64();
                bar.set_message(format!(
                    "{} nodes, {:.1} Mnps",
                    nodes_before + total,
                    json::mnps(total, seconds)
                ));
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let seconds = start.elapsed().as_secs_f64();
    {
        let mut writer = writer.lock().map_err(|_| Failure::input("writer failed"))?;
        writer.sync();
        if let Some(failure) = writer.failure.take() {
            return Err(failure);
        }
    }
    done.extend(results.into_inner().unwrap_or_default());
    if done.len() != units.len() {
        return Err(Failure::input("some units were not counted"));
    }
    let counted = Counted {
        seconds,
        nodes: nodes_now.into_inner(),
        units_before: done_before,
    };
    report(args, &run, board, &done, &counted)
}

/// Opens the checkpoint to append to it: writes the header of a new one, cuts a torn last
/// line off an old one.
fn open_for_append(path: &Path, existing: Option<&Checkpoint>, run: &Run) -> Result<File, Failure> {
    let name = path.display();
    let fail = |e: std::io::Error| Failure::input(format!("cannot write {name}: {e}"));
    let mut file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(fail)?;
    match existing {
        Some(checkpoint) => {
            file.set_len(checkpoint.whole_len).map_err(fail)?;
        }
        None => {
            file.set_len(0).map_err(fail)?;
            let mut header = run.header();
            header.push('\n');
            file.write_all(header.as_bytes()).map_err(fail)?;
            file.sync_data().map_err(fail)?;
        }
    }
    let mut file = file;
    use std::io::Seek;
    file.seek(std::io::SeekFrom::End(0)).map_err(fail)?;
    Ok(file)
}

/// The checkpoint file behind its lock: a signal handler takes the lock, so that it never
/// exits in the middle of a line.
struct Writer {
    file: Option<File>,
    last_sync: Instant,
    failure: Option<Failure>,
}

impl Writer {
    fn append(&mut self, line: &str) {
        let Some(file) = &mut self.file else { return };
        if self.failure.is_some() {
            return;
        }
        // One write call for the whole line: a kill leaves it whole or torn at the end.
        if let Err(e) = file.write_all(line.as_bytes()) {
            self.failure = Some(Failure::input(format!("cannot write the checkpoint: {e}")));
            return;
        }
        if self.last_sync.elapsed() >= SYNC_EVERY {
            file.sync_data().ok();
            self.last_sync = Instant::now();
        }
    }

    fn sync(&mut self) {
        if let Some(file) = &self.file {
            file.sync_data().ok();
        }
    }
}

/// SIGINT and SIGTERM: wait for the line being written, sync, say how to resume, and exit
/// 130 or 143.
fn install_signal_handler(writer: &Arc<Mutex<Writer>>, hint: String) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    let writer = Arc::clone(writer);
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Holding the lock until exit: no line is begun after this one.
            let mut guard = writer.lock();
            if let Ok(w) = &mut guard {
                w.sync();
            }
            let mut err = std::io::stderr().lock();
            if err.is_terminal() {
                // Over the progress bar.
                write!(err, "\r\x1b[2K").ok();
            }
            if hint.is_empty() {
                writeln!(err, "interrupted").ok();
            } else {
                writeln!(
                    err,
                    "interrupted; finished units are kept in the checkpoint. To resume: {hint}"
                )
                .ok();
            }
            std::process::exit(128 + signal);
        }
    });
}

/// The command line to run again: this one, quoted for a POSIX shell.
fn resume_command() -> String {
    std::env::args()
        .map(|a| shell_quote(&a))
        .collect::<Vec<_>>()
        .join(" ")
}

fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// MemAvailable in MiB, where /proc/meminfo says it.
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let rest = text
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kb: usize = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb / 1024)
}

fn new_bar(len: u64, done: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(
        "[{bar:30}] {pos}/{len} units, {msg}, {elapsed} elapsed, ETA {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_position(done);
    bar.reset_eta();
    bar
}

/// What this invocation counted.
struct Counted {
    seconds: f64,
    /// Nodes counted now (not read from the checkpoint).
    nodes: u64,
    /// Units the checkpoint held already.
    units_before: usize,
}

/// Sums the units and prints what a plain run prints.
fn report(
    args: &PerftArgs,
    run: &Run,
    board: &Board,
    done: &BTreeMap<usize, Done>,
    counted: &Counted,
) -> Result<u8, Failure> {
    let (seconds, counted_now) = (counted.seconds, counted.nodes);
    let nodes: u64 = done.values().map(|d| d.multiplicity * d.nodes).sum();
    let stats: Option<PerftStats> = run.stats.then(|| {
        done.values()
            .map(|d| d.stats.unwrap_or_default() * d.multiplicity)
            .sum()
    });
    if args.json {
        let mut value = json!({
            "fen": board.to_string(),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": json::seconds(seconds),
            "mnps": json::mnps(counted_now, seconds),
        });
        if let Some(stats) = &stats {
            value["stats"] = stats_json(stats);
        }
        value["split"] = run.split.into();
        value["units"] = run.units.into();
        value["units_done_before"] = counted.units_before.into();
        json::print(&value)?;
        return Ok(0);
    }
    let mut out = String::new();
    writeln!(out, "Nodes: {nodes}").ok();
    writeln!(
        out,
        "Time: {seconds:.3} s ({:.1} Mnps)",
        json::mnps(counted_now, seconds)
    )
    .ok();
    if let Some(stats) = &stats {
        out.push_str(&stats_table(stats));
    }
    crate::print(out)?;
    Ok(0)
}

/// Statistics from a unit line's `stats` object: every field there, and nothing else.
fn stats_from_json(object: &serde_json::Map<String, Value>) -> Option<PerftStats> {
    let get = |name: &str| object.get(name)?.as_u64();
    let s = PerftStats {
        nodes: get("nodes")?,
        captures: get("captures")?,
        en_passant: get("en_passant")?,
        castles: get("castles")?,
        promotions: get("promotions")?,
        checks: get("checks")?,
        direct_checks: get("direct_checks")?,
        single_discovered_checks: get("single_discovered_checks")?,
        direct_discovered_checks: get("direct_discovered_checks")?,
        double_discovered_checks: get("double_discovered_checks")?,
        discovered_checks: get("discovered_checks")?,
        double_checks: get("double_checks")?,
        checkmates: get("checkmates")?,
        direct_checkmates: get("direct_checkmates")?,
        single_discovered_checkmates: get("single_discovered_checkmates")?,
        direct_discovered_checkmates: get("direct_discovered_checkmates")?,
        double_discovered_checkmates: get("double_discovered_checkmates")?,
        stalemates: get("stalemates")?,
    };
    // A field added to PerftStats later and not read above would show here.
    let all_read = s
        .fields()
        .iter()
        .all(|(name, value)| get(name) == Some(*value))
        && object.len() == PerftStats::FIELD_COUNT;
    all_read.then_some(s)
}

/// `bitmove checkpoint show|compare`.
pub(crate) fn run(command: &CheckpointCommand) -> Result<u8, Failure> {
    match command {
        CheckpointCommand::Show { file, json } => show(file, *json),
        CheckpointCommand::Compare { a, b } => compare(a, b),
    }
}

fn read_existing(path: &Path) -> Result<Checkpoint, Failure> {
    read(path)?.ok_or_else(|| {
        Failure::input(format!(
            "{}: no checkpoint there (missing or empty)",
            path.display()
        ))
    })
}

fn show(path: &Path, as_json: bool) -> Result<u8, Failure> {
    let checkpoint = read_existing(path)?;
    let run = &checkpoint.run;
    let nodes: u64 = checkpoint
        .done
        .values()
        .map(|d| d.multiplicity * d.nodes)
        .sum();
    let paths: u64 = checkpoint.done.values().map(|d| d.multiplicity).sum();
    let stats: Option<PerftStats> = run.stats.then(|| {
        checkpoint
            .done
            .values()
            .map(|d| d.stats.unwrap_or_default() * d.multiplicity)
            .sum()
    });
    let complete = checkpoint.done.len() == run.units;
    if as_json {
        let mut value = json!({
            "fen": run.fen,
            "chess960": run.chess960,
            "depth": run.depth,
            "split": run.split,
            "stats": run.stats,
            "units": run.units,
            "units_done": checkpoint.done.len(),
            "complete": complete,
            "torn_last_line": checkpoint.torn,
            "nodes_so_far": nodes,
        });
        if let Some(stats) = &stats {
            value["stats_so_far"] = stats_json(stats);
        }
        json::print(&value)?;
        return Ok(0);
    }
    let mut out = String::new();
    writeln!(out, "Run: {}", run.describe()).ok();
    writeln!(
        out,
        "Units done: {}/{} ({:.1}%), {paths} of the move sequences to ply {}",
        checkpoint.done.len(),
        run.units,
        100.0 * checkpoint.done.len() as f64 / run.units.max(1) as f64,
        run.split
    )
    .ok();
    if checkpoint.torn {
        writeln!(out, "Last line torn (that unit will be counted again)").ok();
    }
    if complete {
        writeln!(out, "Nodes: {nodes}").ok();
    } else {
        writeln!(out, "Nodes so far: {nodes}").ok();
    }
    if let Some(stats) = &stats {
        out.push_str(&stats_table(stats));
    }
    crate::print(out)?;
    Ok(0)
}

fn compare(a: &Path, b: &Path) -> Result<u8, Failure> {
    let first = read_existing(a)?;
    let second = read_existing(b)?;
    // Statistics or not may differ: the node counts still compare.
    let wanted = Run {
        stats: first.run.stats,
        ..second.run.clone()
    };
    if let Some(difference) = first.run.difference(&wanted) {
        return Err(Failure::input(format!(
            "{} and {} are checkpoints of different runs: {difference}",
            a.display(),
            b.display()
        )));
    }
    let mut compared = 0;
    let mut differing = Vec::new();
    for (index, x) in &first.done {
        let Some(y) = second.done.get(index) else {
            continue;
        };
        compared += 1;
        let same = x.nodes == y.nodes
            && x.multiplicity == y.multiplicity
            && match (x.stats, y.stats) {
                (Some(p), Some(q)) => p == q,
                _ => true,
            };
        if !same {
            differing.push((*index, *x, *y));
        }
    }
    let mut out = String::new();
    if !differing.is_empty() {
        let board = crate::parse_fen(&first.run.fen, first.run.chess960)?;
        let units = bitmove::work_units(&board, first.run.split);
        for (index, x, y) in &differing {
            let fen = units
                .get(*index)
                .map(|u| u.board.to_string())
                .unwrap_or_default();
            let what = if x.nodes == y.nodes {
                "statistics differ".to_string()
            } else {
                format!("nodes {} in A, {} in B", x.nodes, y.nodes)
            };
            writeln!(out, "unit {index} ({fen}): {what}").ok();
        }
    }
    writeln!(
        out,
        "Compared {compared} units done in both ({} in A, {} in B, {} in the run): {} differ",
        first.done.len(),
        second.done.len(),
        first.run.units,
        differing.len()
    )
    .ok();
    crate::print(out)?;
    Ok(u8::from(!differing.is_empty()))
}
