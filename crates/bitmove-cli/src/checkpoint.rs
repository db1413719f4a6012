//! `bitmove perft --checkpoint FILE` / `--split K`, and `bitmove checkpoint show|compare`:
//! the command line's side of a deep run. The run itself (units, the checkpoint format,
//! resume, refusal of another run's checkpoint, the default split) is `bitmove::deep`, which
//! the Python cluster driver uses too; here are the threads, the progress bar, the signals
//! and the output.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bitmove::deep::{Checkpoint, DeepError, DeepPerft, RunHeader, UnitCount, stats_table};
use bitmove::{Board, PerftStats, PerftStatsTable, PerftTable, WorkUnit};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::cli::{CheckpointCommand, PerftArgs};
use crate::json::stats_json;
use crate::{Failure, json};

impl From<DeepError> for Failure {
    fn from(e: DeepError) -> Failure {
        Failure::input(e.to_string())
    }
}

/// `bitmove perft --checkpoint FILE` or `--split K`: the run in units, `threads` units at a
/// time, each on one thread, all sharing one hash table.
pub(crate) fn perft_units(args: &PerftArgs, board: &Board, hash_mb: usize) -> Result<u8, Failure> {
    let run = DeepPerft::open(
        board,
        args.depth,
        args.split,
        args.stats,
        args.checkpoint.as_deref(),
    )?;
    let header = run.header().clone();
    let remaining = run.remaining_depth();
    let done_before = run.done_count();
    let nodes_before = run.nodes_so_far();
    let pending: Vec<(usize, WorkUnit)> = run
        .pending()
        .into_iter()
        .map(|i| (i, run.units()[i].clone()))
        .collect();
    let run = Arc::new(Mutex::new(run));
    let resume_hint = args
        .checkpoint
        .as_ref()
        .map(|_| resume_command())
        .unwrap_or_default();
    install_signal_handler(&run, resume_hint);

    let start = Instant::now();
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, bitmove::PerftOptions::MAX_THREADS)
    .min(pending.len().max(1));
    let show_bar = !args.json && std::io::stderr().is_terminal();
    let bar = show_bar.then(|| new_bar(header.units as u64, done_before as u64));
    let nodes_now = AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let failure: Mutex<Option<DeepError>> = Mutex::new(None);
    let table = (!args.stats).then(|| match args.hash_seed {
        Some(seed) => PerftTable::with_seed(hash_mb, seed),
        None => PerftTable::new(hash_mb),
    });
    let stats_hash = args.stats.then(|| match args.hash_seed {
        Some(seed) => PerftStatsTable::with_seed(hash_mb, seed),
        None => PerftStatsTable::new(hash_mb),
    });
    let count = |unit: &WorkUnit| -> UnitCount {
        match &stats_hash {
            Some(t) => {
                let stats = t.perft_stats(&unit.board, remaining);
                UnitCount {
                    multiplicity: unit.multiplicity,
                    nodes: stats.nodes,
                    stats: Some(stats),
                }
            }
            None => UnitCount {
                multiplicity: unit.multiplicity,
                nodes: table
                    .as_ref()
                    .map_or(0, |t| t.perft(&unit.board, remaining)),
                stats: None,
            },
        }
    };
    let work = || {
        while !failed.load(Ordering::Relaxed)
            && let Some((index, unit)) = pending.get(next.fetch_add(1, Ordering::Relaxed))
        {
            let counted = count(unit);
            let recorded = match run.lock() {
                Ok(mut run) => run.record(*index, counted),
                Err(_) => return,
            };
            if let Err(e) = recorded {
                failed.store(true, Ordering::Relaxed);
                if let Ok(mut failure) = failure.lock() {
                    failure.get_or_insert(e);
                }
                return;
            }
            let total = nodes_now.fetch_add(counted.weighted_nodes(), Ordering::Relaxed)
                + counted.weighted_nodes();
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
    let mut run = run
        .lock()
        .map_err(|_| Failure::input("a counting thread failed"))?;
    run.sync();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e.into());
    }
    let total = run.total()?;
    let counted = Counted {
        seconds,
        nodes: nodes_now.into_inner(),
        units_before: done_before,
    };
    report(args, &header, board, total.nodes, total.stats, &counted)
}

/// SIGINT and SIGTERM: wait for the line being written, sync, say how to resume, and exit
/// 130 or 143.
fn install_signal_handler(run: &Arc<Mutex<DeepPerft>>, hint: String) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    let run = Arc::clone(run);
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Holding the lock until exit: no line is begun after this one.
            let mut guard = run.lock();
            if let Ok(run) = &mut guard {
                run.sync();
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
    run: &RunHeader,
    board: &Board,
    nodes: u64,
    stats: Option<PerftStats>,
    counted: &Counted,
) -> Result<u8, Failure> {
    let (seconds, counted_now) = (counted.seconds, counted.nodes);
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

/// `bitmove checkpoint show|compare`.
pub(crate) fn run(command: &CheckpointCommand) -> Result<u8, Failure> {
    match command {
        CheckpointCommand::Show { file, json } => show(file, *json),
        CheckpointCommand::Compare { a, b } => compare(a, b),
    }
}

fn read_existing(path: &Path) -> Result<Checkpoint, Failure> {
    Checkpoint::read(path)?.ok_or_else(|| {
        Failure::input(format!(
            "{}: no checkpoint there (missing or empty)",
            path.display()
        ))
    })
}

fn show(path: &Path, as_json: bool) -> Result<u8, Failure> {
    let checkpoint = read_existing(path)?;
    let run = &checkpoint.run;
    let nodes = checkpoint.nodes();
    let paths = checkpoint.paths();
    let stats = checkpoint.stats();
    let complete = checkpoint.is_complete();
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
    let comparison = first.compare(&second).map_err(|difference| {
        Failure::input(format!(
            "{} and {} are checkpoints of different runs: {difference}",
            a.display(),
            b.display()
        ))
    })?;
    let (compared, differing) = (comparison.compared, comparison.differing);
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
