//! `bitmove pgn`: read PGN files (plain, zstd or gzip), replay every mainline move, count the
//! games, positions and games that do not replay; optionally write every position as JSON
//! Lines, or every game back as PGN (`--export`, python-chess's output). The reading,
//! replaying and writing are the library's (`bitmove::pgn`); this is the shell.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use bitmove::pgn::{Eval, Game, GameError, Reader, WriteOptions};
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
    if let Some(path) = &args.export {
        return export(args, path);
    }
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
/// counters), its drops `N@f3` and its null moves `0000`.
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
                let uci = if mv == bitmove::pgn::NULL_VARIANT_MOVE {
                    "0000".into()
                } else {
                    position.uci(mv).to_string()
                };
                line(ply, &position.to_string(), &uci);
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

/// `--export`: reads every game as a tree (variations, comments and NAGs) on this thread and
/// writes it back as python-chess writes it, to `path` (`-`: standard output, and then the
/// summary goes to standard error).
fn export(args: &PgnArgs, path: &Path) -> Result<u8, Failure> {
    let options = WriteOptions {
        columns: (args.columns > 0).then_some(args.columns),
        headers: !args.no_headers,
        comments: !args.no_comments,
        variations: !args.no_variations,
    };
    let to_stdout = path.as_os_str() == "-";
    let sink: Box<dyn Write> = if to_stdout {
        Box::new(io::stdout().lock())
    } else {
        Box::new(
            File::create(path)
                .map_err(|e| Failure::input(format!("cannot create {}: {e}", path.display())))?,
        )
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    let cannot_write =
        |e: io::Error| Failure::input(format!("cannot write {}: {e}", path.display()));
    let sizes: u64 = args
        .files
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let bar = progress_bar(sizes, args.json);
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut written = 0u64;
    let mut done_bytes = 0;
    let mut text = String::new();
    'files: for file in &args.files {
        let cannot = |e: io::Error| Failure::input(format!("cannot read {}: {e}", file.display()));
        let (reader, progress) = Reader::open_counted(file).map_err(cannot)?;
        let first = totals.games as usize;
        let mut last_tick = Instant::now();
        for tree in reader.with_variants(true).trees() {
            let tree = tree.map_err(cannot)?;
            if tree.is_set_up() {
                text.clear();
                tree.write(&options, &mut text);
                text.push_str("\n\n");
                match out.write_all(text.as_bytes()) {
                    Ok(()) => written += 1,
                    // A reader that went away (`| head`): no one wants the rest.
                    Err(e) if to_stdout && e.kind() == io::ErrorKind::BrokenPipe => break 'files,
                    Err(e) => return Err(cannot_write(e)),
                }
            }
            let summary = Summary {
                plies: tree.mainline().count(),
                error: tree.error.map(|mut error| {
                    error.game += first;
                    error
                }),
                lines: String::new(),
            };
            record(file, summary, &mut totals, None, args.json, &bar)?;
            if last_tick.elapsed() > Duration::from_millis(100) {
                last_tick = Instant::now();
                bar.set_position(done_bytes + progress.bytes());
                bar.set_message(format!("{} games", totals.games));
            }
        }
        done_bytes += progress.bytes();
    }
    match out.flush() {
        Err(e) if !(to_stdout && e.kind() == io::ErrorKind::BrokenPipe) => {
            return Err(cannot_write(e));
        }
        _ => {}
    }
    drop(out);
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let report = if args.json {
        let mut report = serde_json::to_string_pretty(&json!({
            "games": totals.games,
            "positions": totals.positions,
            "errors": totals.errors,
            "written": written,
            "seconds": json::seconds(seconds),
        }))
        .map_err(|e| Failure::input(format!("cannot write the report: {e}")))?;
        report.push('\n');
        report
    } else {
        format!(
            "Games: {}\nPositions: {}\nErrors: {}\nWritten: {written}\nTime: {seconds:.3} s\n",
            totals.games,
            totals.positions,
            totals.errors.len()
        )
    };
    if to_stdout {
        io::stderr()
            .write_all(report.as_bytes())
            .map_err(|e| Failure::input(format!("cannot write the summary: {e}")))?;
    } else {
        crate::print(report)?;
    }
    Ok(u8::from(!totals.errors.is_empty()))
}
