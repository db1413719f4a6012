//! `bitmove perft` and `bitmove perftree`: the counting commands other tools script against,
//! so their text output does not change.

use std::fmt::Write;
use std::time::Instant;

use bitmove::PerftStats;
use bitmove::deep::stats_table;
use bitmove::variant::Variant;
use serde_json::json;

use crate::cli::PerftArgs;
use crate::json::stats_json;
use crate::{Failure, json, position};

pub(crate) fn perft(args: &PerftArgs) -> Result<u8, Failure> {
    if let Some(variant) = args
        .variant
        .filter(|&v| v != bitmove::variant::Variant::Chess)
    {
        return variant_perft(args, variant);
    }
    let board = position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        args.chess960,
    )?;
    let hash_mb = bitmove::deep::hash_mb_with_seed(
        args.hash,
        bitmove::deep::default_hash_mb(args.depth),
        args.hash_seed.is_some(),
    )?;
    if args.checkpoint.is_some() || args.split.is_some() || args.hash_seed.is_some() {
        return crate::checkpoint::perft_units(args, &board, hash_mb);
    }
    let options = bitmove::PerftOptions {
        threads: args.threads,
        hash_mb,
    };
    let start = Instant::now();
    let uci = |mv| board.uci(mv).to_string();
    let divide = args.divide && args.depth > 0;
    let (split, stats) = match (divide, args.stats) {
        (true, true) => {
            let split: Vec<_> = bitmove::divide_stats_with(&board, args.depth, &options)
                .into_iter()
                .map(|(mv, stats)| (uci(mv), stats.nodes, Some(stats)))
                .collect();
            let total = split.iter().filter_map(|(_, _, s)| *s).sum();
            (Some(split), Some(total))
        }
        (true, false) => {
            let split = bitmove::divide_with(&board, args.depth, &options)
                .into_iter()
                .map(|(mv, nodes)| (uci(mv), nodes, None))
                .collect();
            (Some(split), None)
        }
        (false, true) => (
            None,
            Some(bitmove::perft_stats_with_options(
                &board, args.depth, &options,
            )),
        ),
        (false, false) => (None, None),
    };
    let nodes = match (&split, &stats) {
        (_, Some(stats)) => stats.nodes,
        (Some(split), None) => split.iter().map(|(_, n, _)| n).sum(),
        (None, None) => bitmove::perft_with_options(&board, args.depth, &options),
    };
    let result = Counted {
        split,
        nodes,
        stats,
        seconds: start.elapsed().as_secs_f64(),
    };
    report(&board.to_string(), args.depth, args.json, &result)
}

/// A finished count: per root move (with `--divide`: UCI, nodes, statistics with `--stats`),
/// the total, and how long it took.
pub(crate) struct Counted {
    pub(crate) split: Option<Vec<(String, u64, Option<PerftStats>)>>,
    pub(crate) nodes: u64,
    pub(crate) stats: Option<PerftStats>,
    pub(crate) seconds: f64,
}

/// Prints a count as `perft` does: the divide lines, `Nodes:`, `Time:` and the statistics,
/// or one JSON object.
pub(crate) fn report(
    fen: &str,
    depth: u32,
    as_json: bool,
    result: &Counted,
) -> Result<u8, Failure> {
    let Counted {
        split,
        nodes,
        stats,
        seconds,
    } = result;
    let (nodes, seconds) = (*nodes, *seconds);
    if as_json {
        let mut value = json!({
            "fen": fen,
            "depth": depth,
            "nodes": nodes,
            "seconds": json::seconds(seconds),
            "mnps": json::mnps(nodes, seconds),
        });
        if let Some(stats) = stats {
            value["stats"] = stats_json(stats);
        }
        if let Some(split) = split {
            value["divide"] = split
                .iter()
                .map(|(mv, nodes, stats)| {
                    let mut item = json!({ "move": mv, "nodes": nodes });
                    if let Some(stats) = stats {
                        item["stats"] = stats_json(stats);
                    }
                    item
                })
                .collect();
        }
        json::print(&value)?;
        return Ok(0);
    }
    let mut out = String::new();
    if let Some(split) = split {
        for (mv, nodes, _) in split {
            writeln!(out, "{mv}: {nodes}").ok();
        }
        writeln!(out).ok();
    }
    writeln!(out, "Nodes: {nodes}").ok();
    writeln!(
        out,
        "Time: {seconds:.3} s ({:.1} Mnps)",
        json::mnps(nodes, seconds)
    )
    .ok();
    if let Some(stats) = stats {
        out.push_str(&stats_table(stats));
    }
    crate::print(out)?;
    Ok(0)
}

/// `bitmove perft --variant NAME`: the `Nodes:` and `Time:` lines (and the divide) as for
/// standard chess.
fn variant_perft(args: &PerftArgs, variant: Variant) -> Result<u8, Failure> {
    let refuse = |option: &str| {
        Failure::input(format!(
            "{option} is not available with --variant {variant} (standard chess only, for now)"
        ))
    };
    if args.stats {
        return Err(refuse("--stats"));
    }
    if args.checkpoint.is_some() || args.split.is_some() || args.hash_seed.is_some() {
        return Err(refuse("deep perft (--checkpoint, --split, --hash-seed)"));
    }
    let pos = crate::variant::position(
        variant,
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
    )?;
    // The table's default size by depth, as for standard chess.
    let options = bitmove::PerftOptions {
        threads: args.threads,
        hash_mb: args
            .hash
            .unwrap_or_else(|| bitmove::deep::default_hash_mb(args.depth)),
    };
    let start = Instant::now();
    let (split, nodes) = if args.divide && args.depth > 0 {
        let split: Vec<_> = bitmove::variant::divide_with_options(&pos, args.depth, &options)
            .into_iter()
            .map(|(mv, nodes)| (crate::variant::uci(&pos, mv), nodes, None))
            .collect();
        let nodes = split.iter().map(|(_, n, _)| n).sum();
        (Some(split), nodes)
    } else {
        (
            None,
            bitmove::variant::perft_with_options(&pos, args.depth, &options),
        )
    };
    let result = Counted {
        split,
        nodes,
        stats: None,
        seconds: start.elapsed().as_secs_f64(),
    };
    report(&pos.to_string(), args.depth, args.json, &result)
}

pub(crate) fn perftree(depth: u32, fen: &str, moves: Option<&str>) -> Result<u8, Failure> {
    let board = position(
        Some(fen),
        moves.unwrap_or("").split_ascii_whitespace(),
        false,
    )?;
    let mut out = String::new();
    let mut total = 1;
    if depth > 0 {
        let split = bitmove::divide(&board, depth);
        for (mv, nodes) in &split {
            writeln!(out, "{} {nodes}", board.uci(*mv)).ok();
        }
        total = split.iter().map(|(_, n)| n).sum();
    }
    writeln!(out).ok();
    writeln!(out, "{total}").ok();
    crate::print(out)?;
    Ok(0)
}
