//! `bitmove unique`: the number of distinct positions at a depth.

use std::fmt::Write;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bitmove::{UniqueError, UniqueOptions, UniqueProgress};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::cli::UniqueArgs;
use crate::{Failure, json, position};

/// Exit status after Ctrl-C or SIGTERM: 128 + SIGINT, as shells report it.
const INTERRUPTED: u8 = 130;

pub(crate) fn run(args: &UniqueArgs) -> Result<u8, Failure> {
    let board = position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        args.chess960,
    )?;
    let memory_mb = args.memory.unwrap_or_else(default_memory_mb);
    if memory_mb == 0 {
        return Err(Failure::input("--memory must be at least 1 MB"));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // Ctrl-C and SIGTERM stop the count between chunks of work, so that the spill directory is
    // removed; a handler that cannot be installed only loses that.
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)).ok();

    let start = Instant::now();
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let show_bar = !args.json && std::io::stderr().is_terminal();
    let progress = |p: &UniqueProgress| {
        if !show_bar || start.elapsed() < Duration::from_secs(1) {
            return;
        }
        let Ok(mut bar) = bar.lock() else { return };
        let bar = bar.get_or_insert_with(new_bar);
        bar.set_length(p.parents);
        bar.set_position(p.done);
        bar.set_message(format!(
            "ply {}/{}, bucket {}/{}",
            p.ply,
            p.depth,
            p.pass + 1,
            p.passes
        ));
    };
    let options = UniqueOptions {
        memory_bytes: memory_mb.saturating_mul(1 << 20),
        threads: args.threads,
        temp_dir: None,
        stop: Some(&stop),
        progress: Some(&progress),
    };
    let result = bitmove::count_unique(&board, args.depth, &options);
    if let Ok(Some(bar)) = bar.lock().map(|mut b| b.take()) {
        bar.finish_and_clear();
    }
    let count = match result {
        Ok(count) => count,
        Err(UniqueError::Stopped) => {
            return Err(Failure {
                status: INTERRUPTED,
                message: "interrupted; nothing was left behind".to_string(),
            });
        }
        Err(e) => return Err(Failure::input(e.to_string())),
    };
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        json::print(&json!({
            "fen": board.to_string(),
            "depth": args.depth,
            "positions": count.positions,
            "per_ply": count.per_ply,
            "seconds": json::seconds(seconds),
            "passes": count.passes,
            "spilled_bytes": count.spilled_bytes,
        }))?;
        return Ok(0);
    }
    let mut out = String::new();
    writeln!(out, "Positions: {}", count.positions).ok();
    writeln!(out, "Time: {seconds:.3} s").ok();
    crate::print(out)?;
    Ok(0)
}

fn new_bar() -> ProgressBar {
    let bar = ProgressBar::new(0);
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} [{bar:30}] {pos}/{len} positions expanded, {elapsed} elapsed, ETA {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Half of the memory the system reports available (`MemAvailable`), or 1 GiB where that
/// cannot be read.
fn default_memory_mb() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|line| line.strip_prefix("MemAvailable:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<usize>()
                        .ok()
                })
        })
        .map_or(1024, |kb| (kb / 1024 / 2).max(64))
}
