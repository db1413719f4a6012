//! The search benchmark: one small alpha-beta search, written once on bitmove's engine API
//! ([`bitmove_engine`]) and once on cozy-chess ([`cozy_engine`]), move for move the same.
//!
//! ```text
//! peers search [--runs N] [--depth N] [--table-bits N] [--build LABEL] [--summary-out PATH]
//! peers search --print-summary-header
//! ```
//!
//! 30 positions: the six of the Chess Programming Wiki's perft page and 24 middlegames from
//! seeded random games (the generator of the engine benchmark; the position after 30 plies
//! of each game that lasts that long). Every search starts from an empty transposition
//! table (cleared outside the timed region) and deepens iteratively to the fixed depth.
//! The two searches must visit the same number of nodes and return the same score and best
//! move on every position; a mismatch is a hard failure (nonzero exit). Runs are
//! interleaved (each run searches every position with both crates in turn); the tables give
//! nodes per second of the median time, and bitmove's speed over cozy-chess as the median of
//! the runs' paired time ratios.

pub mod bitmove_engine;
mod common;
pub mod cozy_engine;

use std::fmt::Write as _;
use std::time::Instant;

use crate::engine_bench::{random_positions, yes, POSITIONS};
use crate::{cpu_model, median, shell_words};

/// The depth of the benchmark (about 10-30 s per crate for the whole run on the machine of
/// docs/engine.md).
const DEPTH: i32 = 9;
/// The seed of the random games (the engine benchmark's).
const SEED: u64 = 29;
/// Random games are sampled after this many plies.
const MIDDLEGAME_PLY: u32 = 30;
const MIDDLEGAMES: usize = 24;

/// The 30 positions: (name, FEN).
pub fn positions() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = POSITIONS
        .iter()
        .map(|&(name, fen, _, _)| (name.to_string(), fen.to_string()))
        .collect();
    // The position after MIDDLEGAME_PLY plies (White to move, move 16) of each random game.
    let fullmove = MIDDLEGAME_PLY / 2 + 1;
    let mut count = 0;
    for fen in random_positions(8000, SEED) {
        let board = bitmove::Board::from_fen(&fen).expect("random positions parse");
        if board.fullmove_number() == fullmove && board.side_to_move() == bitmove::Color::White {
            count += 1;
            out.push((format!("random-{count:02}"), fen));
            if count == MIDDLEGAMES {
                break;
            }
        }
    }
    assert_eq!(
        count, MIDDLEGAMES,
        "enough random games reach ply {MIDDLEGAME_PLY}"
    );
    out
}

/// One search's result in crate-neutral terms: score, best move as (from, to, promotion)
/// indices (a1 = 0; promotion knight 1 .. queen 4), nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Result {
    pub score: i32,
    pub best: Option<(usize, usize, Option<usize>)>,
    pub nodes: u64,
}

/// Both searchers with their boards parsed.
pub struct Engines {
    pub bitmove: bitmove_engine::Search,
    pub cozy: cozy_engine::Search,
}

impl Engines {
    pub fn new() -> Engines {
        Engines::with_slots(bitmove_engine::TABLE_SLOTS)
    }

    pub fn with_slots(slots: usize) -> Engines {
        Engines {
            bitmove: bitmove_engine::Search::with_slots(slots),
            cozy: cozy_engine::Search::with_slots(slots),
        }
    }

    /// Searches with bitmove (cleared table), returning the result and the seconds.
    pub fn bitmove(&mut self, board: &bitmove::Board, depth: i32) -> (Result, f64) {
        self.bitmove.clear();
        let start = Instant::now();
        let out = self.bitmove.run(board, depth);
        let secs = start.elapsed().as_secs_f64();
        let result = Result {
            score: out.score,
            best: out.best.map(bitmove_engine::move_parts),
            nodes: out.nodes,
        };
        (result, secs)
    }

    pub fn cozy(&mut self, board: &cozy_chess::Board, depth: i32) -> (Result, f64) {
        self.cozy.clear();
        let start = Instant::now();
        let out = self.cozy.run(board, depth);
        let secs = start.elapsed().as_secs_f64();
        let result = Result {
            score: out.score,
            best: out.best.map(cozy_engine::move_parts),
            nodes: out.nodes,
        };
        (result, secs)
    }
}

impl Default for Engines {
    fn default() -> Engines {
        Engines::new()
    }
}

/// Parses a FEN for both crates.
pub fn boards(fen: &str) -> std::result::Result<(bitmove::Board, cozy_chess::Board), String> {
    Ok((
        bitmove::Board::from_fen(fen).map_err(|e| format!("bitmove: FEN {fen:?}: {e}"))?,
        cozy_chess::Board::from_fen(fen, false)
            .map_err(|e| format!("cozy-chess: FEN {fen:?}: {e:?}"))?,
    ))
}

/// Checks that the two results agree.
pub fn check(name: &str, b: &Result, c: &Result) -> std::result::Result<(), String> {
    if b != c {
        return Err(format!(
            "SEARCH MISMATCH on {name}: bitmove {b:?}, cozy-chess {c:?}"
        ));
    }
    Ok(())
}

struct Options {
    runs: usize,
    depth: i32,
    table_bits: u32,
    build: String,
    summary_out: Option<String>,
}

const USAGE: &str =
    "usage: peers search [--runs N] [--depth N] [--table-bits N] [--build LABEL] [--summary-out PATH]";

fn parse(args: &[String]) -> std::result::Result<Options, String> {
    let mut options = Options {
        runs: 5,
        depth: DEPTH,
        table_bits: bitmove_engine::TABLE_SLOTS.trailing_zeros(),
        build: "unlabelled".into(),
        summary_out: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = || {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value\n{USAGE}"))
        };
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: not a number: {v:?}"))
        };
        match arg.as_str() {
            "--runs" => options.runs = number(value()?)?.max(1) as usize,
            "--depth" => options.depth = number(value()?)?.clamp(1, 60) as i32,
            "--table-bits" => options.table_bits = number(value()?)?.clamp(1, 30) as u32,
            "--build" => options.build = value()?,
            "--summary-out" => options.summary_out = Some(value()?),
            "--print-summary-header" => {
                println!("{SUMMARY_HEADER}");
                std::process::exit(0);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
    }
    Ok(options)
}

/// The combined table's header (`scripts/bench-search.sh both` prints it above both rows).
const SUMMARY_HEADER: &str = "| build | depth | nodes | bitmove Mnps | cozy-chess Mnps | bitmove / cozy-chess (aggregate) | geomean of positions | slowest position |\n|---|---:|---:|---:|---:|---:|---:|---:|";

/// Runs the benchmark; `args` follow the `search` word, `argv` is the whole command line.
pub fn run(args: &[String], argv: &[String]) -> std::result::Result<(), String> {
    let options = parse(args)?;
    let positions = positions();
    let boards: Vec<_> = positions
        .iter()
        .map(|(_, fen)| boards(fen))
        .collect::<std::result::Result<_, _>>()?;
    let mut engines = Engines::with_slots(1 << options.table_bits);

    // seconds[engine][position], one entry per run; results from the first run.
    let n = positions.len();
    let mut seconds = [vec![Vec::new(); n], vec![Vec::new(); n]];
    let mut results: Vec<Option<Result>> = vec![None; n];
    for run in 0..options.runs {
        let mut run_secs = [0.0; 2];
        for (p, ((name, _), (bm, cz))) in positions.iter().zip(&boards).enumerate() {
            let (b, b_secs) = engines.bitmove(bm, options.depth);
            let (c, c_secs) = engines.cozy(cz, options.depth);
            check(name, &b, &c)?;
            if let Some(first) = &results[p] {
                check(name, first, &b)
                    .map_err(|e| format!("not deterministic across runs: {e}"))?;
            }
            results[p] = Some(b);
            seconds[0][p].push(b_secs);
            seconds[1][p].push(c_secs);
            run_secs[0] += b_secs;
            run_secs[1] += c_secs;
        }
        eprintln!(
            "run {}/{}: bitmove {:.2} s, cozy-chess {:.2} s",
            run + 1,
            options.runs,
            run_secs[0],
            run_secs[1]
        );
    }
    let results: Vec<Result> = results.into_iter().map(|r| r.expect("searched")).collect();

    let mut out = String::new();
    let _ = writeln!(out);
    let _ = writeln!(out, "### Search, build: {}", options.build);
    let _ = writeln!(out);
    let _ = writeln!(out, "CPU: {}", cpu_model());
    let _ = writeln!(out, "Command: {}", shell_words(argv));
    let _ = writeln!(
        out,
        "Compiled with: popcnt {}, bmi2 {}, avx2 {}; bitmove's slider backend at run time: {}",
        yes(cfg!(target_feature = "popcnt")),
        yes(cfg!(target_feature = "bmi2")),
        yes(cfg!(target_feature = "avx2")),
        bitmove::SliderBackend::current().name()
    );
    let _ = writeln!(
        out,
        "Depth {} (iterative deepening from 1), transposition table of 2^{} slots (16 bytes \
         each) cleared before every search; {} runs, interleaved; medians; one thread.",
        options.depth, options.table_bits, options.runs
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| position | nodes (both) | score | best move | bitmove Mnps | cozy-chess Mnps | bitmove / cozy-chess |"
    );
    let _ = writeln!(out, "|---|---:|---:|---|---:|---:|---:|");
    let mut log_sum = 0.0;
    let mut slowest = f64::INFINITY;
    let mut total_nodes = 0;
    let mut total_secs = [0.0; 2];
    for (p, (name, _)) in positions.iter().enumerate() {
        let r = &results[p];
        let med = [median(&seconds[0][p]), median(&seconds[1][p])];
        let paired: Vec<f64> = seconds[1][p]
            .iter()
            .zip(&seconds[0][p])
            .map(|(c, b)| c / b)
            .collect();
        let ratio = median(&paired);
        log_sum += ratio.ln();
        slowest = slowest.min(ratio);
        total_nodes += r.nodes;
        total_secs[0] += med[0];
        total_secs[1] += med[1];
        let best = r.best.map_or("-".to_string(), |(from, to, promotion)| {
            let square = |i: usize| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
            let promotion = promotion.map_or("", |p| ["", "n", "b", "r", "q"][p.min(4)]);
            format!("{}{}{promotion}", square(from), square(to))
        });
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {best} | {:.2} | {:.2} | {ratio:.2}x |",
            r.nodes,
            r.score,
            r.nodes as f64 / med[0] / 1e6,
            r.nodes as f64 / med[1] / 1e6,
        );
    }
    let mnps = [
        total_nodes as f64 / total_secs[0] / 1e6,
        total_nodes as f64 / total_secs[1] / 1e6,
    ];
    let aggregate = mnps[0] / mnps[1];
    let geomean = (log_sum / n as f64).exp();
    let _ = writeln!(
        out,
        "| **all {n}** (aggregate) | {total_nodes} | | | **{:.2}** | **{:.2}** | **{aggregate:.2}x** (geomean {geomean:.2}x) |",
        mnps[0], mnps[1]
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Nodes, scores and best moves are checked equal between the two searches on every \
         position and run. Mnps = million nodes (search and quiescence) per second of the \
         median time; aggregate = total nodes / sum of median seconds; bitmove / cozy-chess = \
         the median over runs of cozy-chess's time / bitmove's on the same position in the \
         same run. Goal (issue 29): 1.5x."
    );

    let row = format!(
        "| {} | {} | {total_nodes} | {:.2} | {:.2} | {aggregate:.2}x | {geomean:.2}x | {slowest:.2}x |",
        options.build, options.depth, mnps[0], mnps[1]
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "{SUMMARY_HEADER}");
    let _ = writeln!(out, "{row}");
    if let Some(path) = &options.summary_out {
        use std::io::Write as _;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {path}: {e}"))?;
        writeln!(file, "{row}").map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    println!("{out}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The benchmark's own check at a small depth: both searches visit the same nodes and
    /// agree on score and best move on all 30 positions.
    #[test]
    fn both_searches_agree_on_all_positions() {
        let mut engines = Engines::new();
        for (name, fen) in positions() {
            let (bm, cz) = boards(&fen).unwrap();
            for depth in [1, 3, 5] {
                let (b, _) = engines.bitmove(&bm, depth);
                let (c, _) = engines.cozy(&cz, depth);
                check(&format!("{name} depth {depth}"), &b, &c).unwrap();
                assert!(b.nodes > 0);
            }
        }
    }

    /// Positions where repetition, fifty-move, en-passant and mate rules decide.
    #[test]
    fn both_searches_agree_on_rule_positions() {
        let fens = [
            // Fifty-move clock near its end.
            "8/8/4k3/8/8/3RK3/8/8 w - - 97 80",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 98 70",
            // En passant legal, and pinned (counted in the hash but not for repetition).
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2",
            // Promotions with captures, underpromotion races.
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1",
            // Mate in two and stalemate tricks.
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
            // Perpetual check.
            "6k1/6p1/8/6Q1/8/8/q5PP/7K w - - 0 1",
        ];
        let mut engines = Engines::new();
        for fen in fens {
            let (bm, cz) = boards(fen).unwrap();
            for depth in [1, 2, 3, 5] {
                let (b, _) = engines.bitmove(&bm, depth);
                let (c, _) = engines.cozy(&cz, depth);
                check(&format!("{fen} depth {depth}"), &b, &c).unwrap();
            }
        }
    }

    /// The cozy-chess side's Polyglot key, from scratch and incrementally along random games
    /// (with null moves), equals bitmove's `hash()`, and its repetition key bitmove's
    /// `repetition_key()`.
    #[test]
    fn cozy_polyglot_keys_equal_bitmove_hash() {
        let keys = cozy_engine::Keys::polyglot();
        let start = cozy_engine::Position::new(cozy_chess::Board::default(), &keys);
        assert_eq!(start.key, 0x463b_9618_1691_fc9c);
        let fens = random_positions(3000, 11);
        for fen in &fens {
            let (bm, cz) = boards(fen).unwrap();
            let pos = cozy_engine::Position::new(cz, &keys);
            assert_eq!(pos.key, bm.hash(), "{fen}");
            assert_eq!(pos.repetition_key(&keys), bm.repetition_key(), "{fen}");
            // Every child, incrementally.
            for mv in bm.legal_moves() {
                let mut child = bm.clone();
                child.play_unchecked(mv);
                let cozy_mv: cozy_chess::Move = format!("{mv}").parse().unwrap();
                let mut cozy_child = pos.clone();
                cozy_child.play(cozy_mv, &keys);
                assert_eq!(cozy_child.key, child.hash(), "{fen} {mv}");
                assert_eq!(cozy_child.key, keys.of(&cozy_child.board), "{fen} {mv}");
            }
            if let (Some(passed), Some(cozy_passed)) = (bm.null_move(), pos.null_move(&keys)) {
                assert_eq!(cozy_passed.key, passed.hash(), "{fen} null move");
            } else {
                assert_eq!(bm.null_move().is_none(), pos.null_move(&keys).is_none());
            }
        }
    }

    /// The cozy-chess side's SEE agrees with bitmove's `see_ge` on every legal move of random
    /// positions at thresholds around every value an exchange can take.
    #[test]
    fn cozy_see_equals_bitmove_see() {
        let thresholds: Vec<i32> = (-10..=10)
            .map(|k| k * 100)
            .chain([-1, 1, 99, 101])
            .collect();
        let mut fens = random_positions(2000, 5);
        fens.push("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1".into());
        fens.push("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1".into());
        for fen in &fens {
            let (bm, cz) = boards(fen).unwrap();
            for mv in bm.legal_moves() {
                let cozy_mv: cozy_chess::Move = format!("{mv}").parse().unwrap();
                for &t in &thresholds {
                    assert_eq!(
                        cozy_engine::see_ge(&cz, cozy_mv, t),
                        bm.see_ge(mv, t),
                        "{fen} {mv} {t}"
                    );
                }
            }
        }
    }

    /// The cozy-chess side's 16-bit moves round-trip.
    #[test]
    fn cozy_packed_moves_round_trip() {
        for fen in random_positions(200, 3) {
            let (_, cz) = boards(&fen).unwrap();
            cz.generate_moves(|moves| {
                for mv in moves {
                    let packed = cozy_engine::pack(mv);
                    assert_ne!(packed, 0);
                    assert_eq!(cozy_engine::unpack(packed), Some(mv));
                }
                false
            });
        }
    }
}
