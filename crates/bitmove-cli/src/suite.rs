//! `bitmove suite`: check an EPD perft suite, positions in parallel with `--jobs`, results
//! reported in file order whatever order they finish in.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use bitmove::Board;
use bitmove::variant::{Variant, VariantPosition, parse_perft_blocks};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use crate::cli::SuiteArgs;
use crate::{Failure, json};

/// One position of the suite and its expected counts by depth.
struct Entry {
    line: usize,
    board: Position,
    fen: String,
    depths: Vec<(u32, u64)>,
}

/// A suite's position: standard chess (and Chess960) or a variant's.
enum Position {
    Standard(Board),
    Variant(VariantPosition),
}

impl Position {
    /// The perft count at `depth` if it is at most `limit` (see [`perft_within`]).
    fn perft_within(&self, depth: u32, limit: u64) -> Option<u64> {
        match self {
            Position::Standard(board) => perft_within(board, depth, limit),
            Position::Variant(pos) => variant_perft_within(pos, depth, limit),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        match self {
            Position::Standard(board) => bitmove::perft(board, depth),
            Position::Variant(pos) => bitmove::variant::perft(pos, depth),
        }
    }
}

/// A variant suite in the `.perft` block format (`id`, `epd`, `perft DEPTH NODES`).
fn parse_blocks(path: &Path, text: &str, variant: Variant) -> Result<Vec<Entry>, Failure> {
    let cases = parse_perft_blocks(text).map_err(|(line, why)| malformed(path, line, why))?;
    let mut entries = Vec::new();
    for case in cases {
        let pos = VariantPosition::from_fen(variant, &case.epd).map_err(|e| {
            malformed(
                path,
                case.line,
                format!("{variant}: {}", crate::errors::fen_error(&case.epd, &e)),
            )
        })?;
        if let Some(&(depth, _)) = case.depths.iter().find(|(d, _)| *d > crate::cli::MAX_DEPTH) {
            return Err(malformed(
                path,
                case.line,
                format!("depth {depth} is deeper than {}", crate::cli::MAX_DEPTH),
            ));
        }
        if case.depths.is_empty() {
            return Err(malformed(path, case.line, "no `perft DEPTH NODES` lines"));
        }
        entries.push(Entry {
            line: case.line,
            board: Position::Variant(pos),
            fen: case.epd,
            depths: case.depths,
        });
    }
    Ok(entries)
}

/// [`perft_within`] by a variant's rules.
fn variant_perft_within(pos: &VariantPosition, depth: u32, limit: u64) -> Option<u64> {
    if depth <= 3 {
        let nodes = bitmove::variant::perft(pos, depth);
        return (nodes <= limit).then_some(nodes);
    }
    let mut total = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        total += variant_perft_within(&child, depth - 1, limit - total)?;
    }
    Some(total)
}

fn malformed(path: &Path, line: usize, why: impl std::fmt::Display) -> Failure {
    Failure::input(format!("{}:{line}: {why}", path.display()))
}

/// Parses the whole file first, so a malformed line is reported before any work is done.
fn parse(
    path: &Path,
    text: &str,
    make: impl Fn(&str) -> Result<Position, String>,
) -> Result<Vec<Entry>, Failure> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut parts = trimmed.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let board = make(&fen).map_err(|why| malformed(path, line, why))?;
        let mut depths = Vec::new();
        for part in parts {
            let part = part.trim();
            let parsed = part
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(char::is_whitespace))
                .and_then(|(d, n)| Some((d.parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?)))
                .filter(|&(depth, _)| depth <= crate::cli::MAX_DEPTH);
            match parsed {
                Some(pair) => depths.push(pair),
                None => {
                    return Err(malformed(
                        path,
                        line,
                        format!(
                            "expected `;D<depth> <nodes>` with a depth of at most {}, found {part:?}",
                            crate::cli::MAX_DEPTH
                        ),
                    ));
                }
            }
        }
        if depths.is_empty() {
            return Err(malformed(path, line, "no `;D<depth> <nodes>` entries"));
        }
        entries.push(Entry {
            line,
            board,
            fen,
            depths,
        });
    }
    Ok(entries)
}

/// One perft to check: an entry of the file at one depth.
struct Check {
    entry: usize,
    depth: u32,
    expected: u64,
}

/// What a check found.
#[derive(Clone, Copy)]
struct Outcome {
    /// The count, or `None` when the check was stopped once the count passed the expected
    /// one (under `--max-nodes` only).
    got: Option<u64>,
    seconds: f64,
}

impl Outcome {
    fn passed(&self, check: &Check) -> bool {
        self.got == Some(check.expected)
    }
}

/// The perft count of `board` at `depth` if it is at most `limit`; `None` as soon as the
/// count passes it. `--max-nodes` bounds the checks by the counts the file expects, and this
/// keeps the bound when a line understates its count (a `;D30 1` would otherwise run for
/// ever). Below depth 4 the count is one fast perft call (at most 218^3, about ten million nodes).
fn perft_within(board: &Board, depth: u32, limit: u64) -> Option<u64> {
    if depth <= 3 {
        let nodes = bitmove::perft(board, depth);
        return (nodes <= limit).then_some(nodes);
    }
    let mut total = 0;
    for &mv in board.legal_moves().iter() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        total += perft_within(&child, depth - 1, limit - total)?;
    }
    Some(total)
}

/// Whether a suite is in the `.perft` block format: its first line that is neither blank nor
/// a comment starts with `id `, `epd ` or `fen `.
fn looks_like_blocks(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with("id ") || l.starts_with("epd ") || l.starts_with("fen "))
}

/// The largest suite file read: far above any real suite (the biggest published ones are a
/// few megabytes), and a bound on what a device like /dev/zero can make bitmove hold.
const MAX_SUITE_BYTES: u64 = 256 << 20;

fn read_suite(path: &Path) -> Result<String, Failure> {
    use std::io::Read;
    let cannot = |e: std::io::Error| Failure::input(format!("cannot read {}: {e}", path.display()));
    let mut text = String::new();
    std::fs::File::open(path)
        .map_err(cannot)?
        .take(MAX_SUITE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(cannot)?;
    if text.len() as u64 > MAX_SUITE_BYTES {
        return Err(Failure::input(format!(
            "cannot read {}: larger than {} MiB",
            path.display(),
            MAX_SUITE_BYTES >> 20
        )));
    }
    Ok(text)
}

pub(crate) fn run(args: &SuiteArgs) -> Result<u8, Failure> {
    let path = args.file.as_path();
    let text = read_suite(path)?;
    let entries = match args.variant.filter(|&v| v != Variant::Chess) {
        Some(variant) if looks_like_blocks(&text) => parse_blocks(path, &text, variant)?,
        Some(variant) => parse(path, &text, |fen| {
            VariantPosition::from_fen(variant, fen)
                .map(Position::Variant)
                .map_err(|e| format!("{variant}: {}", crate::errors::fen_error(fen, &e)))
        })?,
        None if looks_like_blocks(&text) => parse_blocks(path, &text, Variant::Chess)?,
        None => parse(path, &text, |fen| {
            Board::from_fen_with(fen, args.chess960)
                .map(Position::Standard)
                .map_err(|e| crate::errors::fen_error(fen, &e))
        })?,
    };
    let limit = args.max_nodes.unwrap_or(u64::MAX);
    let mut checks = Vec::new();
    let mut skipped = 0usize;
    for (index, entry) in entries.iter().enumerate() {
        for &(depth, expected) in &entry.depths {
            if expected <= limit {
                checks.push(Check {
                    entry: index,
                    depth,
                    expected,
                });
            } else {
                skipped += 1;
            }
        }
    }
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, checks.len().max(1));

    let bar = progress_bar(&checks, args.json);
    // The first failure to write a FAIL line: the run stops there, as it does when the
    // reader went away.
    let mut write_failure = None;
    let start = Instant::now();
    let mut outcomes: Vec<Option<Outcome>> = vec![None; checks.len()];
    let mut printed = 0;
    let (mut passed, mut failed, mut nodes) = (0u64, 0u64, 0u64);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Outcome)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, checks, entries) = (&next, &checks, &entries);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(check) = checks.get(index) else {
                        break;
                    };
                    let started = Instant::now();
                    let board = &entries[check.entry].board;
                    let got = match args.max_nodes {
                        Some(_) => board.perft_within(check.depth, check.expected),
                        None => Some(board.perft(check.depth)),
                    };
                    let outcome = Outcome {
                        got,
                        seconds: started.elapsed().as_secs_f64(),
                    };
                    if sender.send((index, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Results come in any order; they are reported in file order. Leaving the loop early
        // drops the receiver: each worker finishes the check it is on (a perft cannot be
        // interrupted), fails to send it and starts no other.
        'results: for (index, outcome) in receiver {
            outcomes[index] = Some(outcome);
            let check = &checks[index];
            bar.inc(check.expected);
            bar.set_message(format!(
                "line {} depth {}",
                entries[check.entry].line, check.depth
            ));
            while let Some(Some(outcome)) = outcomes.get(printed) {
                let check = &checks[printed];
                nodes += outcome.got.unwrap_or(0);
                if outcome.passed(check) {
                    passed += 1;
                } else {
                    failed += 1;
                    if !args.json {
                        let entry = &entries[check.entry];
                        let got = match outcome.got {
                            Some(got) => got.to_string(),
                            None => format!("more than {}", check.expected),
                        };
                        let line = format!(
                            "FAIL line {}: {} depth {}: expected {}, got {got}\n",
                            entry.line, entry.fen, check.depth, check.expected
                        );
                        let written = bar.suspend(|| crate::print_to_reader(line));
                        if !matches!(written, Ok(true)) {
                            write_failure = written.err();
                            break 'results;
                        }
                    }
                }
                printed += 1;
            }
        }
    });
    bar.finish_and_clear();
    if let Some(failure) = write_failure {
        return Err(failure);
    }
    let seconds = start.elapsed().as_secs_f64();

    if args.json {
        let results: Vec<_> = checks
            .iter()
            .zip(&outcomes)
            .filter_map(|(check, outcome)| {
                let outcome = outcome.as_ref()?;
                let entry = &entries[check.entry];
                Some(json!({
                    "line": entry.line,
                    "fen": entry.fen,
                    "depth": check.depth,
                    "expected": check.expected,
                    "got": outcome.got,
                    "passed": outcome.passed(check),
                    "seconds": json::seconds(outcome.seconds),
                }))
            })
            .collect();
        json::print(&json!({
            "file": path.display().to_string(),
            "positions": entries.len(),
            "jobs": jobs,
            "max_nodes": args.max_nodes,
            "checks": results,
            "passed": passed,
            "failed": failed,
            "skipped": skipped,
            "nodes": nodes,
            "seconds": json::seconds(seconds),
            "mnps": json::mnps(nodes, seconds),
        }))?;
    } else {
        let summary = summary(&entries, &checks, &outcomes, nodes, skipped, jobs, seconds);
        crate::print(format!("{summary}{passed} passed, {failed} failed\n"))?;
    }
    Ok(if failed > 0 { 1 } else { 0 })
}

/// A bar over the expected node counts, drawn on standard error only when that is a terminal.
fn progress_bar(checks: &[Check], json: bool) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total = checks.iter().map(|c| c.expected).sum();
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {percent:>3}% eta {eta}  {msg}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The timing lines before the final count: totals, speed, and the slowest check.
fn summary(
    entries: &[Entry],
    checks: &[Check],
    outcomes: &[Option<Outcome>],
    nodes: u64,
    skipped: usize,
    jobs: usize,
    seconds: f64,
) -> String {
    let skipped = match skipped {
        0 => String::new(),
        n => format!(", {n} above --max-nodes skipped"),
    };
    let mut text = format!(
        "{} positions, {} checks{skipped}, {nodes} nodes in {seconds:.2} s ({:.1} Mnps, {jobs} job{})\n",
        entries.len(),
        checks.len(),
        json::mnps(nodes, seconds),
        if jobs == 1 { "" } else { "s" }
    );
    let slowest = checks
        .iter()
        .zip(outcomes)
        .filter_map(|(c, o)| Some((c, o.as_ref()?)))
        .max_by(|a, b| a.1.seconds.total_cmp(&b.1.seconds));
    if let Some((check, outcome)) = slowest {
        let nodes = match outcome.got {
            Some(got) => format!("{got} nodes"),
            None => "stopped".to_owned(),
        };
        text += &format!(
            "slowest: line {} depth {}, {nodes} in {:.2} s\n",
            entries[check.entry].line, check.depth, outcome.seconds
        );
    }
    text
}
