//! `bitmove pgn`: read PGN files (plain, zstd or gzip), replay every mainline move, count the
//! games, positions and games that do not replay; optionally write every position as JSON
//! Lines. The reading and replaying are the library's (`bitmove::pgn`); this is the shell.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use bitmove::pgn::{Eval, Game, GameError, Reader};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use crate::cli::PgnArgs;
use crate::{Failure, json};

/// What the command keeps of one game: made on the thread that replayed it.
struct Summary {
    plies: usize,
    error: Option<GameError>,
    /// The game's positions as JSON Lines, when asked for and the game replays.
    lines: String,
}

/// Totals over all files.
#[derive(Default)]
struct Totals {
    games: u64,
    positions: u64,
    errors: Vec<serde_json::Value>,
}

pub(crate) fn run(args: &PgnArgs) -> Result<u8, Failure> {
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut positions = match &args.positions {
        Some(path) => Some(BufWriter::with_capacity(
            1 << 20,
            File::create(path)
                .map_err(|e| Failure::input(format!("cannot create {}: {e}", path.display())))?,
        )),
        None => None,
    };
    let sizes: u64 = args
        .files
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let bar = progress_bar(sizes, args.json);
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut done_bytes = 0;
    for path in &args.files {
        let cannot = |e: io::Error| Failure::input(format!("cannot read {}: {e}", path.display()));
        // The bar counts the file's own bytes (compressed ones for a compressed file).
        let (reader, progress) = Reader::open_counted(path).map_err(cannot)?;
        // Games of the lichess variants are replayed by their rules.
        let reader = reader.with_variants(true);
        let want_lines = positions.is_some();
        let first = totals.games as usize;
        let summarize = move |game: Game| summarize(game, first, want_lines);
        let mut last_tick = Instant::now();
        let mut each = |summary: io::Result<Summary>| -> Result<(), Failure> {
            let summary = summary.map_err(cannot)?;
            record(
                path,
                summary,
                &mut totals,
                positions.as_mut(),
                args.json,
                &bar,
            )?;
            if last_tick.elapsed() > Duration::from_millis(100) {
                last_tick = Instant::now();
                bar.set_position(done_bytes + progress.bytes());
                bar.set_message(format!("{} games", totals.games));
            }
            Ok(())
        };
        reader.par_map(threads, summarize).try_for_each(&mut each)?;
        done_bytes += progress.bytes();
    }
    if let Some(out) = positions.as_mut() {
        out.flush()
            .map_err(|e| Failure::input(format!("cannot write the positions: {e}")))?;
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let failed = !totals.errors.is_empty();
    if args.json {
        json::print(&json!({
            "games": totals.games,
            "positions": totals.positions,
            "errors": totals.errors,
            "seconds": json::seconds(seconds),
        }))?;
    } else {
        crate::print(format!(
            "Games: {}\nPositions: {}\nErrors: {}\nTime: {seconds:.3} s\n",
            totals.games,
            totals.positions,
            totals.errors.len()
        ))?;
    }
    Ok(u8::from(failed))
}

/// The summary of a game whose index in the whole run is `first + game.index`.
fn summarize(mut game: Game, first: usize, want_lines: bool) -> Summary {
    game.index += first;
    if let Some(error) = &mut game.error {
        error.game += first;
    }
    let lines = if want_lines && game.error.is_none() {
        position_lines(&game)
    } else {
        String::new()
    };
    Summary {
        plies: game
            .variant
            .as_ref()
            .map_or(game.moves.len(), |line| line.moves.len()),
        error: game.error,
        lines,
    }
}

/// One JSON object per position: `game`, `ply`, `fen` (before the move), `move` (UCI),
/// `result`, `clock` (seconds after the move, or null), `eval` (after the move, White's
/// view: pawns, or "#N" for a mate, or null).
/// A variant game's FENs are in its variant's form (crazyhouse pockets, three-check
/// counters) and its drops `N@f3`.
fn position_lines(game: &Game) -> String {
    let result = serde_json::to_string(game.result()).unwrap_or_else(|_| "null".into());
    let mut out = String::new();
    let mut line = |ply: usize, fen: &str, uci: &str| {
        let clock = match game.clocks.get(ply).copied().flatten() {
            Some(seconds) => format!("{seconds:?}"),
            None => "null".into(),
        };
        let eval = match game.evals.get(ply).copied().flatten() {
            Some(Eval::Centipawns(cp)) => format!("{:?}", cp as f64 / 100.0),
            Some(mate @ Eval::Mate(_)) => format!("\"{mate}\""),
            None => "null".into(),
        };
        let _ = writeln!(
            out,
            "{{\"game\":{},\"ply\":{ply},\"fen\":\"{fen}\",\"move\":\"{uci}\",\"result\":{result},\"clock\":{clock},\"eval\":{eval}}}",
            game.index,
        );
    };
    match &game.variant {
        Some(variant) => {
            for (ply, (position, mv)) in variant.positions().enumerate() {
                line(ply, &position.to_string(), &position.uci(mv).to_string());
            }
        }
        None => {
            for position in game.positions() {
                line(position.ply, &position.fen(), &position.uci());
            }
        }
    }
    out
}

/// Adds a game to the totals, reports its error on standard error and writes its positions.
fn record(
    path: &Path,
    summary: Summary,
    totals: &mut Totals,
    positions: Option<&mut BufWriter<File>>,
    json: bool,
    bar: &ProgressBar,
) -> Result<(), Failure> {
    totals.games += 1;
    match summary.error {
        None => totals.positions += summary.plies as u64,
        Some(error) => {
            let reason = error.reason();
            if !json {
                bar.suspend(|| {
                    let line = format!(
                        "{}:{}: game {}: {reason}\n",
                        path.display(),
                        error.line,
                        error.game
                    );
                    io::stderr().write_all(line.as_bytes()).ok();
                });
            }
            totals.errors.push(json!({
                "file": path.display().to_string(),
                "game": error.game,
                "line": error.line,
                "reason": reason,
            }));
        }
    }
    if let Some(out) = positions {
        out.write_all(summary.lines.as_bytes())
            .map_err(|e| Failure::input(format!("cannot write the positions: {e}")))?;
    }
    Ok(())
}

/// A bar over the files' bytes, drawn on standard error only when that is a terminal.
fn progress_bar(total: u64, json: bool) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {percent:>3}% {binary_bytes_per_sec} eta {eta}  {msg}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
