//! Perft speed of bitmove against peer Rust move generators.
//!
//! ```text
//! peers [quick|full] [--pext-bin PATH]
//! ```
//!
//! For each of five runs, each position and each engine (interleaved in that order) one
//! single-threaded, bulk-counting perft is timed and its node count checked against the known
//! value; a wrong count is a hard failure. The result is a Markdown table of median Mnps per
//! position, the aggregate (total nodes / total median seconds) and the ratio to bitmove,
//! then bitmove's speed-up over each peer per position (the median of the runs' paired
//! ratios) with their geometric mean.
//!
//! cozy-chess exists in two builds (its `pext` cargo feature on or off) and cargo unifies
//! features within a build, so this binary contains only one of them. The other one is the
//! same crate built with `--features cozy-pext`; its path comes from `--pext-bin` or the
//! `PEERS_PEXT_BIN` environment variable, and each of its measurements runs as a child
//! process in the hidden mode `peers __measure ENGINE DEPTH FEN`, which prints
//! `NODES SECONDS` on stdout. Without that path the cozy-pext row is skipped.
//! `scripts/bench-peers.sh` builds both and wires them together.
//!
//! `peers engine [...]` runs the engine-style benchmark instead (make-all perft, listing
//! moves, captures only; see the `engine_bench` module and `scripts/bench-engine.sh`).
//!
//! `peers pgn [--runs N] FILE...` reads and replays PGN files with bitmove's reader and with
//! pgn-reader (see the `pgn_bench` module and `scripts/bench-pgn.sh`).
//!
//! `peers variant [--runs N]` runs the lichess variants' perft against shakmaty's (see the
//! `variant_bench` module).
//!
//! `peers syzygy [...]` times Syzygy probes against shakmaty-syzygy (see the `syzygy_bench`
//! module).
//!
//! `peers search [...]` runs the search benchmark: one alpha-beta search written on bitmove
//! and on cozy-chess, node counts checked equal (see the `search` module and
//! `scripts/bench-search.sh`).

mod engine_bench;
mod engines;
mod pgn_bench;
mod search;
mod syzygy_bench;
mod variant_bench;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

use engines::Engine;

/// Measurements per (engine, position); the table reports their median.
const RUNS: usize = 5;

const CHILD_MODE: &str = "__measure";
const PEXT_BIN_ENV: &str = "PEERS_PEXT_BIN";

struct Position {
    name: &'static str,
    fen: &'static str,
    /// Depth of the full set; the quick set is one ply less.
    full_depth: u32,
    full_nodes: u64,
    quick_nodes: u64,
}

const POSITIONS: [Position; 6] = [
    Position {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        full_depth: 7,
        full_nodes: 3_195_901_860,
        quick_nodes: 119_060_324,
    },
    Position {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        full_depth: 5,
        full_nodes: 193_690_690,
        quick_nodes: 4_085_603,
    },
    Position {
        name: "pos3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        full_depth: 7,
        full_nodes: 178_633_661,
        quick_nodes: 11_030_083,
    },
    Position {
        name: "pos4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        full_depth: 6,
        full_nodes: 706_045_033,
        quick_nodes: 15_833_292,
    },
    Position {
        name: "pos5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        full_depth: 5,
        full_nodes: 89_941_194,
        quick_nodes: 2_103_487,
    },
    Position {
        name: "pos6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        full_depth: 5,
        full_nodes: 164_075_551,
        quick_nodes: 3_894_594,
    },
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Set {
    Quick,
    Full,
}

impl Set {
    fn name(self) -> &'static str {
        match self {
            Set::Quick => "quick",
            Set::Full => "full",
        }
    }

    fn depth(self, pos: &Position) -> u32 {
        match self {
            Set::Quick => pos.full_depth - 1,
            Set::Full => pos.full_depth,
        }
    }

    fn nodes(self, pos: &Position) -> u64 {
        match self {
            Set::Quick => pos.quick_nodes,
            Set::Full => pos.full_nodes,
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let result = if args.get(1).map(String::as_str) == Some(CHILD_MODE) {
        child(&args[2..])
    } else if args.get(1).map(String::as_str) == Some("engine") {
        engine_bench::run(&args[2..], &args)
    } else if args.get(1).map(String::as_str) == Some("search") {
        search::run(&args[2..], &args)
    } else if args.get(1).map(String::as_str) == Some("variant") {
        variant_bench::run(&args[2..])
    } else if args.get(1).map(String::as_str) == Some("pgn") {
        pgn_bench::run(&args[2..])
    } else if args.get(1).map(String::as_str) == Some("syzygy") {
        syzygy_bench::run(&args[2..])
    } else {
        parse_args(&args[1..]).and_then(|(set, pext_bin)| bench(set, pext_bin, &args))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("peers: error: {message}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str =
    "usage: peers [quick|full] [--pext-bin PATH]   (or PEERS_PEXT_BIN=PATH)\n       \
                     peers engine [--runs N] [--positions N] [--seed N] [--build LABEL]\n       \
                     peers search [--runs N] [--depth N] [--build LABEL]\n       \
                     peers pgn [--runs N] FILE...\n       \
                     peers variant [--runs N]\n       \
                     peers syzygy [--runs N] [--positions N] [--seed N] [--tables DIR]";

fn parse_args(args: &[String]) -> Result<(Set, Option<PathBuf>), String> {
    let mut set = None;
    let mut pext_bin = std::env::var_os(PEXT_BIN_ENV)
        .filter(|p| !p.is_empty())
        .map(PathBuf::from);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "quick" | "full" if set.is_none() => {
                set = Some(if arg == "quick" {
                    Set::Quick
                } else {
                    Set::Full
                });
            }
            "--pext-bin" => {
                let path = rest.next().ok_or("--pext-bin needs a path")?;
                pext_bin = Some(PathBuf::from(path));
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
    }
    Ok((set.unwrap_or(Set::Quick), pext_bin))
}

/// The hidden child mode: `__measure ENGINE DEPTH FEN` runs one measurement in this build and
/// prints `NODES SECONDS`.
fn child(args: &[String]) -> Result<(), String> {
    let [engine, depth, fen] = args else {
        return Err(format!("usage: peers {CHILD_MODE} ENGINE DEPTH FEN"));
    };
    let engine = Engine::from_id(engine).ok_or_else(|| format!("unknown engine {engine:?}"))?;
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let (nodes, seconds) = engine.measure(fen, depth)?;
    println!("{nodes} {seconds}");
    Ok(())
}

/// Runs one measurement in the child build and parses its `NODES SECONDS` line.
fn measure_in_child(
    bin: &PathBuf,
    engine: Engine,
    fen: &str,
    depth: u32,
) -> Result<(u64, f64), String> {
    let output = Command::new(bin)
        .args([CHILD_MODE, engine.id(), &depth.to_string(), fen])
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{} {CHILD_MODE} {} failed: {}",
            bin.display(),
            engine.id(),
            output.status
        ));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut fields = text.split_whitespace();
    let parsed = (|| {
        let nodes = fields.next()?.parse().ok()?;
        let seconds = fields.next()?.parse().ok()?;
        fields.next().is_none().then_some((nodes, seconds))
    })();
    parsed.ok_or_else(|| format!("unexpected child output {text:?}"))
}

fn bench(set: Set, pext_bin: Option<PathBuf>, argv: &[String]) -> Result<(), String> {
    if cfg!(feature = "cozy-pext") {
        return Err(
            "this is the cozy-pext build, which only serves child measurements; run the \
                    build without the feature (see scripts/bench-peers.sh)"
                .into(),
        );
    }
    let engines: Vec<Engine> = Engine::ALL
        .into_iter()
        .filter(|e| e.is_native() || pext_bin.is_some())
        .collect();
    if pext_bin.is_none() {
        eprintln!(
            "peers: note: no --pext-bin / {PEXT_BIN_ENV}; skipping {}",
            Engine::FOREIGN_COZY.label()
        );
    }

    // seconds[engine][position] holds one entry per run.
    let mut seconds = vec![vec![Vec::with_capacity(RUNS); POSITIONS.len()]; engines.len()];
    for run in 0..RUNS {
        for (p, pos) in POSITIONS.iter().enumerate() {
            let depth = set.depth(pos);
            let expected = set.nodes(pos);
            for (e, &engine) in engines.iter().enumerate() {
                let (nodes, secs) = match &pext_bin {
                    Some(bin) if !engine.is_native() => {
                        measure_in_child(bin, engine, pos.fen, depth)?
                    }
                    _ => engine.measure(pos.fen, depth)?,
                };
                if nodes != expected {
                    return Err(format!(
                        "WRONG NODE COUNT: {} {} depth {depth}: got {nodes}, expected {expected}",
                        engine.label(),
                        pos.name
                    ));
                }
                eprintln!(
                    "run {}/{RUNS}  {:<9} d{depth}  {:<26} {:>8.3} s  {:>8.1} Mnps",
                    run + 1,
                    pos.name,
                    engine.label(),
                    secs,
                    mnps(nodes, secs)
                );
                seconds[e][p].push(secs);
            }
        }
    }

    println!("{}", report(set, &engines, &seconds, argv));
    Ok(())
}

fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes as f64 / seconds / 1e6
}

fn median(xs: &[f64]) -> f64 {
    let mut xs = xs.to_vec();
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// A Markdown table's two header lines: `first`, one column per position, then the two
/// columns `last` names (`"a | b"`), all right-aligned but the first.
fn table_header(out: &mut String, set: Set, first: &str, last: &str) {
    let _ = write!(out, "| {first} |");
    for pos in &POSITIONS {
        let _ = write!(out, " {} d{} |", pos.name, set.depth(pos));
    }
    let _ = writeln!(out, " {last} |");
    let _ = write!(out, "|---|");
    for _ in &POSITIONS {
        let _ = write!(out, "---:|");
    }
    let _ = writeln!(out, "---:|---:|");
}

fn report(set: Set, engines: &[Engine], seconds: &[Vec<Vec<f64>>], argv: &[String]) -> String {
    let total_nodes: u64 = POSITIONS.iter().map(|p| set.nodes(p)).sum();
    let aggregate = |e: usize| {
        let total_secs: f64 = seconds[e].iter().map(|runs| median(runs)).sum();
        mnps(total_nodes, total_secs)
    };
    let base = engines
        .iter()
        .position(|&e| e == Engine::Bitmove)
        .map(aggregate)
        .expect("bitmove is always measured");

    let mut out = String::new();
    let _ = writeln!(out);
    let _ = writeln!(out, "CPU: {}", cpu_model());
    let _ = writeln!(out, "Command: {}", shell_words(argv));
    let _ = writeln!(
        out,
        "Set: {} ({RUNS} runs, interleaved; perft with bulk counting, single thread; Mnps of the median time)",
        set.name()
    );
    let _ = writeln!(out);

    table_header(&mut out, set, "engine", "aggregate | vs bitmove");

    for (e, engine) in engines.iter().enumerate() {
        let _ = write!(out, "| {} |", engine.label());
        for (p, pos) in POSITIONS.iter().enumerate() {
            let _ = write!(
                out,
                " {:.1} |",
                mnps(set.nodes(pos), median(&seconds[e][p]))
            );
        }
        let agg = aggregate(e);
        let _ = writeln!(out, " {agg:.1} | {:.2} |", agg / base);
    }
    // bitmove's speed-up over each peer, position by position, with the geometric mean of
    // the per-position ratios next to the aggregate (which the deepest position dominates).
    let bitmove = engines.iter().position(|&e| e == Engine::Bitmove);
    if let Some(b) = bitmove {
        let _ = writeln!(out);
        table_header(&mut out, set, "bitmove vs", "geomean | aggregate");
        for (e, engine) in engines.iter().enumerate() {
            if e == b {
                continue;
            }
            let _ = write!(out, "| {} |", engine.label());
            let mut log_sum = 0.0;
            for (theirs, ours) in seconds[e].iter().zip(&seconds[b]) {
                // Paired: each run's two times were taken seconds apart, so their ratio
                // shares the machine's state; the median of the per-run ratios is steadier
                // on a noisy machine than the ratio of two separate medians.
                let paired: Vec<f64> = theirs.iter().zip(ours).map(|(t, o)| t / o).collect();
                let ratio = median(&paired);
                log_sum += ratio.ln();
                let _ = write!(out, " {ratio:.2}x |");
            }
            let geomean = (log_sum / POSITIONS.len() as f64).exp();
            let _ = writeln!(out, " {geomean:.2}x | {:.2}x |", base / aggregate(e));
        }
    }
    let _ = writeln!(out);
    let _ = write!(
        out,
        "Mnps = million leaf nodes per second. aggregate = total nodes / sum of median seconds. \
         bitmove vs X = the median over runs of X's time / bitmove's in the same run, per position; \
         geomean = their geometric mean."
    );
    if engines.contains(&Engine::CozyPext) {
        let _ = write!(
            out,
            "\ncozy-chess (pext) runs in a separate build with `--features cozy-pext`, compiled with \
             `-C target-feature=+bmi2` (its pext module is a compile_error without BMI2)."
        );
    }
    out
}

/// `model name` from /proc/cpuinfo, with family and model numbers when present.
fn cpu_model() -> String {
    let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
        return "unknown".into();
    };
    let field = |key: &str| {
        info.lines()
            .filter_map(|line| line.split_once(':'))
            .find(|(k, _)| k.trim() == key)
            .map(|(_, v)| v.trim().to_string())
    };
    let name = field("model name").unwrap_or_else(|| "unknown".into());
    match (field("cpu family"), field("model")) {
        (Some(family), Some(model)) => format!("{name} (family {family}, model {model})"),
        _ => name,
    }
}

/// The command line, with arguments that need it in single quotes.
fn shell_words(argv: &[String]) -> String {
    argv.iter()
        .map(|a| {
            let plain = !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@".contains(c));
            if plain {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
