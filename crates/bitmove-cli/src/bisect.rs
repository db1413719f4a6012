//! `bitmove bisect`: walk down two perft divides to the first position where they disagree.
//!
//! At each level both sides divide the same position; when their move lists match but some
//! counts differ, bisect plays the first such move and goes one ply deeper. It stops where
//! one side has a move the other lacks (the bug is there), at depth 1, or when the counts
//! agree after all (a side that is not deterministic).

use std::io::Write;
use std::time::Duration;

use bitmove::Board;
use serde_json::json;

use crate::cli::BisectArgs;
use crate::engine::{Divide, Engine};
use crate::{Failure, json};

/// Where divides come from: bitmove in-process, or an engine.
enum Side {
    Builtin,
    Engine(Engine),
}

impl Side {
    fn name(&self) -> String {
        match self {
            Side::Builtin => format!("bitmove {} (built in)", env!("CARGO_PKG_VERSION")),
            Side::Engine(engine) => engine.command().to_string(),
        }
    }

    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        board: Option<&Board>,
        depth: u32,
    ) -> Result<Divide, Failure> {
        match (self, board) {
            (Side::Engine(engine), _) => engine.divide(fen, moves, depth),
            (Side::Builtin, Some(board)) => Ok(bitmove::divide(board, depth)
                .into_iter()
                .map(|(mv, nodes)| (board.uci(mv).to_string(), nodes))
                .collect()),
            // Only reachable with two engines, and then the built-in side is not used.
            (Side::Builtin, None) => Err(Failure::input(
                "bitmove cannot follow a move it considers illegal",
            )),
        }
    }
}

/// One level of the walk.
struct Step {
    depth: u32,
    moves: Vec<String>,
    engine: u64,
    reference: u64,
}

/// How two divides of one position compare.
struct Comparison {
    only_engine: Vec<String>,
    only_reference: Vec<String>,
    /// Moves both have, with the engine's and the reference's counts.
    differ: Vec<(String, u64, u64)>,
}

fn compare(engine: &Divide, reference: &Divide) -> Comparison {
    Comparison {
        only_engine: engine
            .keys()
            .filter(|m| !reference.contains_key(*m))
            .cloned()
            .collect(),
        only_reference: reference
            .keys()
            .filter(|m| !engine.contains_key(*m))
            .cloned()
            .collect(),
        differ: engine
            .iter()
            .filter_map(|(m, &e)| {
                let &r = reference.get(m)?;
                (e != r).then(|| (m.clone(), e, r))
            })
            .collect(),
    }
}

pub(crate) fn run(args: &BisectArgs) -> Result<u8, Failure> {
    if args.depth == 0 {
        return Err(Failure::input("--depth must be at least 1"));
    }
    if !(args.timeout > 0.0 && args.timeout <= 1e6) {
        return Err(Failure::input(
            "--timeout must be a number of seconds above 0 (at most 1000000)",
        ));
    }
    let timeout = Duration::from_secs_f64(args.timeout);
    let root = crate::position(args.fen.as_deref(), [], args.chess960)?;
    let root_fen = root.to_string();
    let mut engine = Side::Engine(Engine::start(&args.engine, args.chess960, timeout)?);
    let mut reference = match &args.reference {
        Some(command) => Side::Engine(Engine::start(command, args.chess960, timeout)?),
        None => Side::Builtin,
    };

    let mut out = std::io::stdout().lock();
    if !args.json {
        writeln!(out, "engine:    {}", engine.name()).ok();
        writeln!(out, "reference: {}", reference.name()).ok();
        writeln!(out, "position:  {root_fen}").ok();
        writeln!(out).ok();
    }
    let mut steps = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let mut board = Some(root);
    let mut depth = args.depth;
    let comparison = loop {
        let e = engine.divide(&root_fen, &moves, board.as_ref(), depth)?;
        let r = reference.divide(&root_fen, &moves, board.as_ref(), depth)?;
        let step = Step {
            depth,
            moves: moves.clone(),
            engine: e.values().sum(),
            reference: r.values().sum(),
        };
        if !args.json {
            write_step(&mut out, &step);
        }
        steps.push(step);
        let comparison = compare(&e, &r);
        let missing = !comparison.only_engine.is_empty() || !comparison.only_reference.is_empty();
        match comparison.differ.first() {
            Some((mv, _, _)) if !missing && depth > 1 => {
                let mv = mv.clone();
                board = board.and_then(|mut b| {
                    let parsed = b.parse_uci(&mv).ok()?;
                    b.play_unchecked(parsed);
                    Some(b)
                });
                moves.push(mv);
                depth -= 1;
            }
            _ => break comparison,
        }
    };

    let agree = comparison.only_engine.is_empty()
        && comparison.only_reference.is_empty()
        && comparison.differ.is_empty();
    let fen = board.as_ref().map(Board::to_string);
    if args.json {
        json::print(&json!({
            "engine": engine.name(),
            "reference": reference.name(),
            "fen": root_fen,
            "depth": args.depth,
            "agree": agree && moves.is_empty(),
            "steps": steps
                .iter()
                .map(|s| json!({
                    "depth": s.depth,
                    "moves": s.moves,
                    "engine": s.engine,
                    "reference": s.reference,
                }))
                .collect::<Vec<_>>(),
            "moves": moves,
            "fen_at_difference": fen,
            "only_engine": comparison.only_engine,
            "only_reference": comparison.only_reference,
            "counts_differ": comparison
                .differ
                .iter()
                .map(|(m, e, r)| json!({ "move": m, "engine": e, "reference": r }))
                .collect::<Vec<_>>(),
        }))?;
    } else {
        writeln!(out).ok();
        if agree && moves.is_empty() {
            writeln!(
                out,
                "The engine and the reference agree: {} nodes at depth {}.",
                steps[0].engine, args.depth
            )
            .ok();
        } else if agree {
            writeln!(
                out,
                "The counts differed one ply up but agree here: one side is not deterministic."
            )
            .ok();
        }
        if !agree || !moves.is_empty() {
            let path = if moves.is_empty() {
                "(none: the start position)".to_string()
            } else {
                moves.join(" ")
            };
            writeln!(out, "moves: {path}").ok();
            writeln!(
                out,
                "fen:   {}",
                fen.as_deref()
                    .unwrap_or("(unknown: bitmove considers a move on the way illegal)")
            )
            .ok();
            write_moves(
                &mut out,
                "only the engine has:   ",
                &comparison.only_engine,
                board.as_ref(),
            );
            write_moves(
                &mut out,
                "only the reference has:",
                &comparison.only_reference,
                board.as_ref(),
            );
            if !comparison.differ.is_empty() {
                let listed: Vec<String> = comparison
                    .differ
                    .iter()
                    .take(8)
                    .map(|(m, e, r)| format!("{m} (engine {e}, reference {r})"))
                    .collect();
                let more = comparison.differ.len().saturating_sub(listed.len());
                writeln!(
                    out,
                    "counts differ for:     {}{}",
                    listed.join(", "),
                    if more > 0 {
                        format!(", and {more} more")
                    } else {
                        String::new()
                    }
                )
                .ok();
            }
        }
    }
    Ok(if agree && moves.is_empty() { 0 } else { 1 })
}

fn write_step(out: &mut impl Write, step: &Step) {
    let after = if step.moves.is_empty() {
        "start".to_string()
    } else {
        step.moves.join(" ")
    };
    let difference = step.engine as i128 - step.reference as i128;
    writeln!(
        out,
        "depth {:>2}  engine {:>12}  reference {:>12}  ({difference:+})  after {after}",
        step.depth, step.engine, step.reference
    )
    .ok();
}

/// A labelled list of UCI moves, each with its SAN where bitmove finds it legal.
fn write_moves(out: &mut impl Write, label: &str, moves: &[String], board: Option<&Board>) {
    let shown: Vec<String> = moves
        .iter()
        .map(|text| {
            let san = board.and_then(|b| {
                let mv = b.parse_uci(text).ok()?;
                b.is_legal(mv).then(|| b.san(mv).to_string())
            });
            match san {
                Some(san) => format!("{text} ({san})"),
                None => text.clone(),
            }
        })
        .collect();
    let shown = if shown.is_empty() {
        "-".to_string()
    } else {
        shown.join(" ")
    };
    writeln!(out, "{label} {shown}").ok();
}
