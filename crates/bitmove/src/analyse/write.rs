//! The writer: games back as python-chess writes them with lichess's `[%eval ...]`
//! comments and, optionally, judgements as NAGs; JSON Lines of every analysed ply.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::string::{String, ToString};
use std::vec::Vec;

use super::{AnalyseError, Analysed, Cache, Failure, PlannedPosition, Setting, Terminal};
use super::{game_positions, read_games};
use crate::pgn::{Eval, GameTree, NodeId, WriteOptions};

/// What the writer writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OutputOptions {
    /// The first ply analysed (as planned): positions before it get no evaluation.
    pub from_ply: usize,
    /// Whether to mark moves `?!`, `?`, `??` (NAGs 6, 2, 4) by [`judge`].
    pub judgements: bool,
    /// How the PGN is written (python-chess's exporter options).
    pub pgn: WriteOptions,
}

/// A move's quality by the drop in the mover's winning chances (lichess's thresholds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgement {
    /// A drop of 0.1 or more: `?!`, NAG 6.
    Inaccuracy,
    /// A drop of 0.2 or more: `?`, NAG 2.
    Mistake,
    /// A drop of 0.3 or more: `??`, NAG 4.
    Blunder,
}

impl Judgement {
    /// The NAG: 6 (`?!`), 2 (`?`), 4 (`??`).
    pub fn nag(self) -> u32 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// White's winning chances in [-1, 1] for an evaluation from White's view, as lichess
/// reckons them: `2 / (1 + exp(-0.00368208 * cp)) - 1` with the centipawns clamped to
/// ±1000; a mate is 1 for the side that mates (-1 when Black mates; `#0` is 0).
///
/// ```
/// use bitmove::analyse::winning_chances;
/// use bitmove::pgn::Eval;
///
/// assert_eq!(winning_chances(Eval::Centipawns(0)), 0.0);
/// assert!((winning_chances(Eval::Centipawns(100)) - 0.1820).abs() < 1e-4);
/// assert_eq!(winning_chances(Eval::Mate(-3)), -1.0);
/// assert_eq!(winning_chances(Eval::Centipawns(5000)), winning_chances(Eval::Centipawns(1000)));
/// ```
pub fn winning_chances(eval: Eval) -> f64 {
    match eval {
        Eval::Centipawns(cp) => {
            let cp = cp.clamp(-1000, 1000) as f64;
            2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
        }
        Eval::Mate(n) => (n.signum()) as f64,
    }
}

/// The judgement of a move from lichess's thresholds on the drop in the mover's winning
/// chances ([`winning_chances`], White's view `before` and `after` the move): 0.3 or more a
/// blunder, 0.2 a mistake, 0.1 an inaccuracy, less nothing.
///
/// ```
/// use bitmove::analyse::{Judgement, judge};
///
/// assert_eq!(judge(0.0, -0.35, true), Some(Judgement::Blunder));
/// assert_eq!(judge(0.0, -0.35, false), None); // Black moved: good for Black
/// assert_eq!(judge(0.1, 0.25, false), Some(Judgement::Inaccuracy));
/// ```
pub fn judge(before: f64, after: f64, white_moved: bool) -> Option<Judgement> {
    let drop = if white_moved {
        before - after
    } else {
        after - before
    };
    // The thresholds are compared with a little slack below them, so that a drop that is
    // 0.3 in exact arithmetic is not read as 0.29999... in floating point.
    const SLACK: f64 = 1e-12;
    if drop >= 0.3 - SLACK {
        Some(Judgement::Blunder)
    } else if drop >= 0.2 - SLACK {
        Some(Judgement::Mistake)
    } else if drop >= 0.1 - SLACK {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// An evaluation as lichess writes it in `[%eval ...]`: pawns with the fewest digits that
/// give the centipawns back (`0.17`, `-0.08`, `0.0`, `1.5`), a mate as `#3` or `#-3`.
///
/// ```
/// use bitmove::analyse::eval_text;
/// use bitmove::pgn::Eval;
///
/// assert_eq!(eval_text(Eval::Centipawns(17)), "0.17");
/// assert_eq!(eval_text(Eval::Centipawns(0)), "0.0");
/// assert_eq!(eval_text(Eval::Centipawns(-150)), "-1.5");
/// assert_eq!(eval_text(Eval::Mate(-3)), "#-3");
/// ```
pub fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Centipawns(cp) => std::format!("{:?}", cp as f64 / 100.0),
        Eval::Mate(n) => std::format!("#{n}"),
    }
}

/// The comment `comment` with `[%eval text]` in it: in place of the first `[%eval ...]`
/// there was, else first, before the rest (lichess writes the evaluation before the clock).
pub(super) fn with_eval(comment: &str, text: &str) -> String {
    let command = std::format!("[%eval {text}]");
    let rest = match comment.find("[%eval") {
        Some(at) => match comment[at..].find(']') {
            Some(end) => {
                let (before, after) = (&comment[..at], &comment[at + end + 1..]);
                std::format!("{}{}", before.trim_end(), after)
            }
            None => comment.to_string(),
        },
        None => comment.to_string(),
    };
    let rest = rest.trim_start();
    if rest.is_empty() {
        command
    } else {
        std::format!("{command} {rest}")
    }
}

/// The text put in a move's comment for a position the engine failed on.
pub const FAILED_COMMENT: &str = "[bitmove: analysis failed]";

/// White's winning chances at a position, if known: from the game's end, or the answer.
fn chances(position: &PlannedPosition, answer: Option<&Analysed>) -> Option<f64> {
    match position.terminal {
        Some(Terminal::Drawn) => Some(0.0),
        Some(Terminal::Lost) => Some(if position.white_to_move { -1.0 } else { 1.0 }),
        Some(Terminal::Won) => Some(if position.white_to_move { 1.0 } else { -1.0 }),
        None => match answer {
            Some(Analysed::Done(e)) => e.eval.map(winning_chances),
            _ => None,
        },
    }
}

/// The judgement of the move played from `positions[i]`, when both it and the next
/// position have a known value.
fn judgement_at(
    positions: &[PlannedPosition],
    answers: &[Option<Analysed>],
    i: usize,
) -> Option<Judgement> {
    let (here, next) = (positions.get(i)?, positions.get(i + 1)?);
    let before = chances(here, answers.get(i)?.as_ref())?;
    let after = chances(next, answers.get(i + 1)?.as_ref())?;
    judge(before, after, here.white_to_move)
}

/// Writes the answers into `tree`: `answers[i]` belongs to `positions[i]` (as
/// [`game_positions`] lists them, `None` where there is no answer or no job). Each move
/// that leads to an analysed position gets `[%eval ...]` in its comment (replacing one that
/// was there); a move leading to a position the engine failed on gets
/// [`FAILED_COMMENT`]; with `options.judgements`, each move is marked by [`judge`] (its
/// move-quality NAGs 1 to 6 replaced) where both positions around it have a value.
pub fn annotate(
    tree: &mut GameTree,
    positions: &[PlannedPosition],
    answers: &[Option<Analysed>],
    options: &OutputOptions,
) {
    for (i, position) in positions.iter().enumerate() {
        if position.node == NodeId::ROOT {
            continue;
        }
        let node = tree.node_mut(position.node);
        match answers.get(i).and_then(Option::as_ref) {
            Some(Analysed::Done(e)) => {
                if let Some(eval) = e.eval {
                    node.comment = with_eval(&node.comment, &eval_text(eval));
                }
            }
            Some(Analysed::Failed(_)) => {
                node.comment = if node.comment.is_empty() {
                    FAILED_COMMENT.to_string()
                } else {
                    std::format!("{FAILED_COMMENT} {}", node.comment)
                };
            }
            None => {}
        }
    }
    if options.judgements {
        for i in 0..positions.len().saturating_sub(1) {
            let Some(judgement) = judgement_at(positions, answers, i) else {
                continue;
            };
            let node = tree.node_mut(positions[i + 1].node);
            for nag in 1..=6 {
                node.remove_nag(nag);
            }
            node.add_nag(judgement.nag());
        }
    }
}

fn json_str(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

fn json_eval(eval: Option<Eval>) -> String {
    match eval {
        Some(Eval::Centipawns(cp)) => std::format!("{{\"cp\":{cp}}}"),
        Some(Eval::Mate(n)) => std::format!("{{\"mate\":{n}}}"),
        None => "null".into(),
    }
}

fn json_wdl(wdl: Option<(i64, i64, i64)>) -> String {
    match wdl {
        Some((w, d, l)) => std::format!("[{w},{d},{l}]"),
        None => "null".into(),
    }
}

fn json_words(words: &[String]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| json_str(w)).collect();
    std::format!("[{}]", quoted.join(","))
}

fn json_opt<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "null".into(), |v| v.to_string())
}

/// Appends one JSON object per analysed ply of game `game` to `out` (each on its own line):
/// `game`, `ply`, `fen` (before the move), `move` (UCI), `score` (`{"cp": N}` or
/// `{"mate": N}`, White's view, or null), `wdl` (`[white, draw, black]` permille or null),
/// `best` (the engine's best move, UCI), `pv` (UCI moves), `depth`, `nodes`; with
/// `options.judgements`, `judgement` (`"?!"`, `"?"`, `"??"` or null); with MultiPV, `lines`
/// (each `{"score", "wdl", "pv"}`); for a position the engine failed on, `error`.
pub fn json_lines(
    game: usize,
    positions: &[PlannedPosition],
    answers: &[Option<Analysed>],
    options: &OutputOptions,
    out: &mut String,
) {
    for (i, position) in positions.iter().enumerate() {
        let Some(mv) = &position.mv else { continue };
        let answer = answers.get(i).and_then(Option::as_ref);
        let _ = write!(
            out,
            "{{\"game\":{game},\"ply\":{},\"fen\":{},\"move\":{}",
            position.ply,
            json_str(&position.fen),
            json_str(mv)
        );
        match answer {
            Some(Analysed::Done(e)) => {
                let _ = write!(
                    out,
                    ",\"score\":{},\"wdl\":{},\"best\":{},\"pv\":{},\"depth\":{},\"nodes\":{}",
                    json_eval(e.eval),
                    json_wdl(e.wdl),
                    e.best_move
                        .as_deref()
                        .map_or_else(|| "null".into(), json_str),
                    json_words(&e.pv),
                    json_opt(e.depth),
                    json_opt(e.nodes),
                );
                if e.lines.len() > 1 {
                    let lines: Vec<String> = e
                        .lines
                        .iter()
                        .map(|l| {
                            std::format!(
                                "{{\"score\":{},\"wdl\":{},\"pv\":{}}}",
                                json_eval(l.eval),
                                json_wdl(l.wdl),
                                json_words(&l.pv)
                            )
                        })
                        .collect();
                    let _ = write!(out, ",\"lines\":[{}]", lines.join(","));
                }
            }
            _ => {
                out.push_str(
                    ",\"score\":null,\"wdl\":null,\"best\":null,\"pv\":[],\"depth\":null,\"nodes\":null",
                );
            }
        }
        if options.judgements {
            let judgement = judgement_at(positions, answers, i);
            let _ = write!(
                out,
                ",\"judgement\":{}",
                judgement.map_or_else(|| "null".into(), |j| json_str(j.symbol()))
            );
        }
        if let Some(Analysed::Failed(f)) = answer {
            let _ = write!(out, ",\"error\":{}", json_str(&f.reason));
        }
        out.push_str("}\n");
    }
}

/// What [`write_outputs`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteSummary {
    /// Games read.
    pub games: usize,
    /// Games written (those that read to their end).
    pub written: usize,
    /// Positions with a job, repeats counted.
    pub positions: usize,
    /// Of those, positions with an evaluation.
    pub evaluated: usize,
    /// Positions the engine failed on: the game's index, the ply and the failure.
    pub failed: Vec<(usize, usize, Failure)>,
    /// Positions with neither an evaluation nor a failure in the cache.
    pub missing: usize,
}

/// Reads `files` again ([`read_games`]) and writes every game that reads to its end to
/// `pgn` as python-chess writes it (a blank line after each), annotated from `cache`'s
/// answers for `setting` ([`annotate`]), and its plies to `jsonl` ([`json_lines`]). The
/// output depends on the files, the options and the cache's contents only.
pub fn write_outputs<P: AsRef<Path>>(
    files: &[P],
    options: &OutputOptions,
    cache: &Cache,
    setting: &Setting,
    pgn: &mut dyn Write,
    mut jsonl: Option<&mut dyn Write>,
) -> Result<WriteSummary, AnalyseError> {
    let mut summary = WriteSummary::default();
    let mut text = String::new();
    let mut lines = String::new();
    let cannot = |e: std::io::Error| AnalyseError::Io("cannot write the output".into(), e);
    read_games(files, |_, index, mut tree| {
        summary.games += 1;
        if tree.error.is_some() {
            return Ok(());
        }
        let positions = game_positions(&tree, options.from_ply);
        let mut answers = Vec::with_capacity(positions.len());
        for position in &positions {
            let answer = match &position.job {
                None => None,
                Some(job) => {
                    summary.positions += 1;
                    match cache.get(setting, job.key)? {
                        Some(e) => {
                            summary.evaluated += 1;
                            Some(Analysed::Done(e))
                        }
                        None => match cache.failure(setting, job.key)? {
                            Some(f) => {
                                summary.failed.push((index, position.ply, f.clone()));
                                Some(Analysed::Failed(f))
                            }
                            None => {
                                summary.missing += 1;
                                None
                            }
                        },
                    }
                }
            };
            answers.push(answer);
        }
        annotate(&mut tree, &positions, &answers, options);
        text.clear();
        tree.write(&options.pgn, &mut text);
        text.push_str("\n\n");
        pgn.write_all(text.as_bytes()).map_err(cannot)?;
        if let Some(out) = jsonl.as_mut() {
            lines.clear();
            json_lines(index, &positions, &answers, options, &mut lines);
            out.write_all(lines.as_bytes()).map_err(cannot)?;
        }
        summary.written += 1;
        Ok(())
    })?;
    pgn.flush().map_err(cannot)?;
    if let Some(out) = jsonl.as_mut() {
        out.flush().map_err(cannot)?;
    }
    Ok(summary)
}
