//! `bitmove bench`: a fixed perft benchmark of bitmove alone, a few seconds (`--quick`: a
//! fraction of a second), for checking that a change is faster. Every node count is checked
//! against the known value.

use std::time::Instant;

use bitmove::Board;
use serde_json::json;

use crate::{Failure, json};

/// The six Chess Programming Wiki perft positions at the depths of the peer benchmark
/// (4.53e9 nodes, about five seconds on the machine of docs/perft-speed.md's table):
/// name, FEN, depth, nodes, and the shallower depth and nodes of `--quick`.
const POSITIONS: [(&str, &str, u32, u64, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        7,
        3_195_901_860,
        4,
        197_281,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
        3,
        97_862,
    ),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
        5,
        674_624,
    ),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        6,
        706_045_033,
        4,
        422_333,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
        3,
        62_379,
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
        3,
        89_890,
    ),
];

/// The positions to time: name, FEN, board, depth and expected nodes (shallower with `quick`).
type Case = (&'static str, &'static str, Board, u32, u64);

fn cases(quick: bool) -> Result<Vec<Case>, Failure> {
    POSITIONS
        .iter()
        .map(
            |&(name, fen, depth, expected, quick_depth, quick_expected)| {
                let board = Board::from_fen(fen).map_err(|e| Failure::input(e.to_string()))?;
                Ok(if quick {
                    (name, fen, board, quick_depth, quick_expected)
                } else {
                    (name, fen, board, depth, expected)
                })
            },
        )
        .collect()
}

pub(crate) fn run(json: bool, quick: bool, stats: bool) -> Result<u8, Failure> {
    if stats {
        return run_stats(json, quick);
    }
    let sliders = bitmove::SliderBackend::current();
    if !json {
        crate::print(format!(
            "sliders: {sliders}\n{:<10} {:>5} {:>12} {:>9} {:>9}\n",
            "position", "depth", "nodes", "seconds", "Mnps"
        ))?;
    }
    let (mut total_nodes, mut total_seconds) = (0u64, 0f64);
    let mut results = Vec::new();
    for (name, fen, board, depth, expected) in cases(quick)? {
        let start = Instant::now();
        let nodes = bitmove::perft(&board, depth);
        let seconds = start.elapsed().as_secs_f64();
        if nodes != expected {
            return Err(Failure {
                status: 1,
                message: format!("{name} depth {depth}: expected {expected} nodes, got {nodes}"),
            });
        }
        total_nodes += nodes;
        total_seconds += seconds;
        if json {
            results.push(json!({
                "name": name,
                "fen": fen,
                "depth": depth,
                "nodes": nodes,
                "seconds": json::seconds(seconds),
                "mnps": json::mnps(nodes, seconds),
            }));
        } else {
            crate::print(format!(
                "{name:<10} {depth:>5} {nodes:>12} {seconds:>9.3} {:>9.1}\n",
                json::mnps(nodes, seconds)
            ))?;
        }
    }
    if json {
        json::print(&json!({
            "sliders": sliders.to_string(),
            "positions": results,
            "total": {
                "nodes": total_nodes,
                "seconds": json::seconds(total_seconds),
                "mnps": json::mnps(total_nodes, total_seconds),
            },
        }))?;
    } else {
        crate::print(format!(
            "{:<10} {:>5} {total_nodes:>12} {total_seconds:>9.3} {:>9.1}\n",
            "total",
            "",
            json::mnps(total_nodes, total_seconds)
        ))?;
    }
    Ok(0)
}

/// `bitmove bench --stats`: each position counted plain and with statistics, one after the
/// other in this process, and the time ratio; node counts checked as in the plain bench.
fn run_stats(json: bool, quick: bool) -> Result<u8, Failure> {
    if !json {
        crate::print(format!(
            "{:<10} {:>5} {:>12} {:>9} {:>9} {:>7}\n",
            "position", "depth", "nodes", "plain s", "stats s", "ratio"
        ))?;
    }
    let (mut plain_total, mut stats_total) = (0f64, 0f64);
    let mut results = Vec::new();
    for (name, _, board, depth, expected) in cases(quick)? {
        let start = Instant::now();
        let nodes = bitmove::perft(&board, depth);
        let plain = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let stats = bitmove::perft_stats(&board, depth);
        let with_stats = start.elapsed().as_secs_f64();
        if nodes != expected || stats.nodes != expected {
            return Err(Failure {
                status: 1,
                message: format!(
                    "{name} depth {depth}: expected {expected} nodes, got {nodes} and {} with statistics",
                    stats.nodes
                ),
            });
        }
        plain_total += plain;
        stats_total += with_stats;
        let ratio = with_stats / plain.max(1e-9);
        if json {
            results.push(json!({
                "name": name,
                "depth": depth,
                "nodes": nodes,
                "plain_seconds": json::seconds(plain),
                "stats_seconds": json::seconds(with_stats),
                "ratio": (ratio * 100.0).round() / 100.0,
            }));
        } else {
            crate::print(format!(
                "{name:<10} {depth:>5} {nodes:>12} {plain:>9.3} {with_stats:>9.3} {ratio:>6.2}x\n"
            ))?;
        }
    }
    let ratio = stats_total / plain_total.max(1e-9);
    if json {
        json::print(&json!({
            "positions": results,
            "plain_seconds": json::seconds(plain_total),
            "stats_seconds": json::seconds(stats_total),
            "ratio": (ratio * 100.0).round() / 100.0,
        }))?;
    } else {
        crate::print(format!(
            "{:<10} {:>5} {:>12} {plain_total:>9.3} {stats_total:>9.3} {ratio:>6.2}x\n",
            "total", "", ""
        ))?;
    }
    Ok(0)
}
