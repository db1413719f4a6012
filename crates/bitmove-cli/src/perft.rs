//! `bitmove perft` and `bitmove perftree`: the counting commands other tools script against,
//! so their text output does not change.

use std::fmt::Write;
use std::time::Instant;

use bitmove::PerftStats;
use serde_json::json;

use crate::cli::PerftArgs;
use crate::{Failure, json, position};

pub(crate) fn perft(args: &PerftArgs) -> Result<u8, Failure> {
    let board = position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        args.chess960,
    )?;
    let mut hash_mb = args
        .hash
        .unwrap_or_else(|| crate::checkpoint::default_hash_mb(args.depth));
    if args.hash_seed.is_some() {
        if args.hash == Some(0) {
            return Err(Failure::input(
                "--hash-seed needs a hash table (--hash above 0)",
            ));
        }
        hash_mb = hash_mb.max(64);
    }
    if args.checkpoint.is_some() || args.split.is_some() || args.hash_seed.is_some() {
        return crate::checkpoint::perft_units(args, &board, hash_mb);
    }
    let options = bitmove::PerftOptions {
        threads: args.threads,
        hash_mb,
    };
    if args.stats {
        return perft_stats(args, &board, &options);
    }
    let start = Instant::now();
    let split = (args.divide && args.depth > 0).then(|| {
        bitmove::divide_with(&board, args.depth, &options)
            .into_iter()
            .map(|(mv, nodes)| (board.uci(mv).to_string(), nodes))
            .collect::<Vec<_>>()
    });
    let nodes = match &split {
        Some(split) => split.iter().map(|(_, n)| n).sum(),
        None => bitmove::perft_with_options(&board, args.depth, &options),
    };
    let seconds = start.elapsed().as_secs_f64();

    if args.json {
        let mut value = json!({
            "fen": board.to_string(),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": json::seconds(seconds),
            "mnps": json::mnps(nodes, seconds),
        });
        if let Some(split) = &split {
            value["divide"] = split
                .iter()
                .map(|(mv, nodes)| json!({ "move": mv, "nodes": nodes }))
                .collect();
        }
        json::print(&value)?;
        return Ok(0);
    }
    let mut out = String::new();
    if let Some(split) = &split {
        for (mv, nodes) in split {
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
    crate::print(out)?;
    Ok(0)
}

/// `bitmove perft --stats`: the node lines as without it, then one aligned line per field.
fn perft_stats(
    args: &PerftArgs,
    board: &bitmove::Board,
    options: &bitmove::PerftOptions,
) -> Result<u8, Failure> {
    let start = Instant::now();
    let split = (args.divide && args.depth > 0).then(|| {
        bitmove::divide_stats_with(board, args.depth, options)
            .into_iter()
            .map(|(mv, stats)| (board.uci(mv).to_string(), stats))
            .collect::<Vec<_>>()
    });
    let stats: PerftStats = match &split {
        Some(split) => split.iter().map(|(_, s)| *s).sum(),
        None => bitmove::perft_stats_with_options(board, args.depth, options),
    };
    let seconds = start.elapsed().as_secs_f64();
    let nodes = stats.nodes;

    if args.json {
        let mut value = json!({
            "fen": board.to_string(),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": json::seconds(seconds),
            "mnps": json::mnps(nodes, seconds),
            "stats": stats_json(&stats),
        });
        if let Some(split) = &split {
            value["divide"] = split
                .iter()
                .map(|(mv, s)| json!({ "move": mv, "nodes": s.nodes, "stats": stats_json(s) }))
                .collect();
        }
        json::print(&value)?;
        return Ok(0);
    }
    let mut out = String::new();
    if let Some(split) = &split {
        for (mv, s) in split {
            writeln!(out, "{mv}: {}", s.nodes).ok();
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
    out.push_str(&stats_table(&stats));
    crate::print(out)?;
    Ok(0)
}

/// One `<field>: <value>` line per statistic, names and values aligned.
pub(crate) fn stats_table(stats: &PerftStats) -> String {
    let fields = stats.fields();
    let name_width = fields.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 1;
    let value_width = fields
        .iter()
        .map(|(_, v)| v.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for (name, value) in fields {
        writeln!(
            out,
            "{:<name_width$} {value:>value_width$}",
            format!("{name}:")
        )
        .ok();
    }
    out
}

/// The statistics as a JSON object keyed by field name.
pub(crate) fn stats_json(stats: &PerftStats) -> serde_json::Value {
    stats
        .fields()
        .iter()
        .map(|&(name, value)| (name.to_string(), serde_json::Value::from(value)))
        .collect::<serde_json::Map<_, _>>()
        .into()
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
