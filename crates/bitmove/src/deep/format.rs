//! The checkpoint format: the header line naming a run, a line per finished unit, reading a
//! checkpoint back (a torn last line dropped), and comparing two.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::error::{DeepError, io_error};
use super::{FORMAT, VERSION};
use crate::PerftStats;

/// The run a checkpoint belongs to: its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunHeader {
    /// The root position as FEN (Shredder-FEN in Chess960).
    pub fen: String,
    /// Whether the root is a Chess960 position.
    pub chess960: bool,
    /// The depth of the whole run.
    pub depth: u32,
    /// The ply of the units.
    pub split: u32,
    /// Whether units carry statistics.
    pub stats: bool,
    /// How many units there are.
    pub units: usize,
}

impl RunHeader {
    /// The header line, without its newline.
    pub fn line(&self) -> String {
        format!(
            "{{\"format\":\"{FORMAT}\",\"version\":{VERSION},\"fen\":{},\"chess960\":{},\"depth\":{},\"split\":{},\"stats\":{},\"units\":{}}}",
            Value::from(self.fen.as_str()),
            self.chess960,
            self.depth,
            self.split,
            self.stats,
            self.units
        )
    }

    /// One line for people: `FEN depth D split K [stats] [chess960] (N units)`.
    pub fn describe(&self) -> String {
        format!(
            "{} depth {} split {}{}{} ({} units)",
            self.fen,
            self.depth,
            self.split,
            if self.stats { " stats" } else { "" },
            if self.chess960 { " chess960" } else { "" },
            self.units
        )
    }

    /// The first difference between this run (a checkpoint's) and the one `wanted`, as
    /// `<field> <there> there, <here> here`; `None` when they are the same run.
    pub fn difference(&self, wanted: &RunHeader) -> Option<String> {
        let field = |name: &str, there: String, here: String| {
            Some(format!("{name} {there} there, {here} here"))
        };
        if self.fen != wanted.fen {
            return field(
                "position",
                format!("\"{}\"", self.fen),
                format!("\"{}\"", wanted.fen),
            );
        }
        if self.chess960 != wanted.chess960 {
            return field(
                "chess960",
                self.chess960.to_string(),
                wanted.chess960.to_string(),
            );
        }
        if self.depth != wanted.depth {
            return field("depth", self.depth.to_string(), wanted.depth.to_string());
        }
        if self.split != wanted.split {
            return field("split", self.split.to_string(), wanted.split.to_string());
        }
        if self.stats != wanted.stats {
            let say = |s: bool| if s { "with --stats" } else { "without --stats" };
            return Some(format!(
                "statistics: {} there, {} here",
                say(self.stats),
                say(wanted.stats)
            ));
        }
        if self.units != wanted.units {
            return field("units", self.units.to_string(), wanted.units.to_string());
        }
        None
    }

    fn parse(line: &str) -> Option<RunHeader> {
        let value: Value = serde_json::from_str(line).ok()?;
        if value["format"] != FORMAT || value["version"] != VERSION {
            return None;
        }
        Some(RunHeader {
            fen: value["fen"].as_str()?.to_string(),
            chess960: value["chess960"].as_bool()?,
            depth: u32::try_from(value["depth"].as_u64()?).ok()?,
            split: u32::try_from(value["split"].as_u64()?).ok()?,
            stats: value["stats"].as_bool()?,
            units: usize::try_from(value["units"].as_u64()?).ok()?,
        })
    }
}

/// One counted unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitCount {
    /// How many move sequences reach the unit.
    pub multiplicity: u64,
    /// The count below the unit, not multiplied.
    pub nodes: u64,
    /// The statistics below the unit, in a run with statistics.
    pub stats: Option<PerftStats>,
}

impl UnitCount {
    /// The checkpoint line of unit `index`, with its newline.
    pub fn line(&self, index: usize) -> String {
        let mut line = format!(
            "{{\"unit\":{index},\"multiplicity\":{},\"nodes\":{}",
            self.multiplicity, self.nodes
        );
        if let Some(stats) = &self.stats {
            line.push_str(",\"stats\":");
            line.push_str(&stats_json(stats));
        }
        line.push_str("}\n");
        line
    }

    fn parse(line: &str, with_stats: bool) -> Option<(usize, UnitCount)> {
        let value: Value = serde_json::from_str(line).ok()?;
        let index = usize::try_from(value["unit"].as_u64()?).ok()?;
        let nodes = value["nodes"].as_u64()?;
        let stats = if with_stats {
            let stats = stats_from_json(value["stats"].as_object()?)?;
            (stats.nodes == nodes).then_some(())?;
            Some(stats)
        } else {
            None
        };
        Some((
            index,
            UnitCount {
                multiplicity: value["multiplicity"].as_u64()?,
                nodes,
                stats,
            },
        ))
    }

    /// The unit's share of the total: `multiplicity * nodes`.
    pub fn weighted_nodes(&self) -> u64 {
        self.multiplicity.wrapping_mul(self.nodes)
    }
}

/// The statistics as one JSON object keyed by field name, in declaration order (the JSON
/// the command line prints and the checkpoint holds).
pub fn stats_json(stats: &PerftStats) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in stats.fields().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!("\"{name}\":{value}"));
    }
    out.push('}');
    out
}

/// One `<field>: <value>` line per statistic, names and values aligned: what `bitmove
/// perft --stats` prints after the node count.
pub fn stats_table(stats: &PerftStats) -> String {
    let fields = stats.fields();
    let name_width = fields.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 1;
    let value_width = fields
        .iter()
        .map(|(_, v)| v.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for (name, value) in fields {
        out.push_str(&format!(
            "{:<name_width$} {value:>value_width$}\n",
            format!("{name}:")
        ));
    }
    out
}

/// Statistics from a JSON object: every field of [`PerftStats`] and nothing else.
fn stats_from_json(object: &serde_json::Map<String, Value>) -> Option<PerftStats> {
    let get = |name: &str| object.get(name)?.as_u64();
    let s = PerftStats {
        nodes: get("nodes")?,
        captures: get("captures")?,
        en_passant: get("en_passant")?,
        castles: get("castles")?,
        promotions: get("promotions")?,
        checks: get("checks")?,
        direct_checks: get("direct_checks")?,
        single_discovered_checks: get("single_discovered_checks")?,
        direct_discovered_checks: get("direct_discovered_checks")?,
        double_discovered_checks: get("double_discovered_checks")?,
        discovered_checks: get("discovered_checks")?,
        double_checks: get("double_checks")?,
        checkmates: get("checkmates")?,
        direct_checkmates: get("direct_checkmates")?,
        single_discovered_checkmates: get("single_discovered_checkmates")?,
        direct_discovered_checkmates: get("direct_discovered_checkmates")?,
        double_discovered_checkmates: get("double_discovered_checkmates")?,
        stalemates: get("stalemates")?,
    };
    // A field added to PerftStats later and not read above would show here.
    let all_read = s
        .fields()
        .iter()
        .all(|(name, value)| get(name) == Some(*value))
        && object.len() == PerftStats::FIELD_COUNT;
    all_read.then_some(s)
}

/// Statistics from `(name, value)` pairs: every field of [`PerftStats`] once and nothing
/// else, or `None`. (The Python driver hands results over this way.)
pub fn stats_from_fields<'a>(
    fields: impl IntoIterator<Item = (&'a str, u64)>,
) -> Option<PerftStats> {
    let mut object = serde_json::Map::new();
    for (name, value) in fields {
        if object
            .insert(name.to_string(), Value::from(value))
            .is_some()
        {
            return None;
        }
    }
    stats_from_json(&object)
}

/// A checkpoint read from disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The run it belongs to.
    pub run: RunHeader,
    /// The finished units by index.
    pub done: BTreeMap<usize, UnitCount>,
    /// Whether the file ended in a torn line (that unit is counted again).
    pub torn: bool,
    /// The length of the whole lines: a torn last line starts here.
    pub(super) whole_len: u64,
}

impl Checkpoint {
    /// Reads a checkpoint; `Ok(None)` for a missing or empty file (or one whose header line
    /// was torn: nothing was recorded yet).
    pub fn read(path: &Path) -> Result<Option<Checkpoint>, DeepError> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error(path, "read", &e)),
        };
        Checkpoint::parse(path, &bytes)
    }

    /// A checkpoint from its bytes (`path` names it in errors).
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Option<Checkpoint>, DeepError> {
        let whole_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let torn = whole_len < bytes.len();
        let text = core::str::from_utf8(&bytes[..whole_len]).map_err(|_| DeepError::NotUtf8 {
            path: path.to_path_buf(),
        })?;
        let mut lines = text.lines().enumerate();
        let Some((_, header)) = lines.next() else {
            return Ok(None);
        };
        let run = RunHeader::parse(header).ok_or_else(|| DeepError::NotHeader {
            path: path.to_path_buf(),
        })?;
        let mut done = BTreeMap::new();
        for (number, line) in lines {
            let (index, unit) = UnitCount::parse(line, run.stats)
                .filter(|(index, _)| *index < run.units)
                .ok_or_else(|| DeepError::NotUnitLine {
                    path: path.to_path_buf(),
                    line: number + 1,
                })?;
            if let Some(earlier) = done.insert(index, unit)
                && earlier != unit
            {
                return Err(DeepError::RecordedTwice {
                    path: path.to_path_buf(),
                    line: number + 1,
                    unit: index,
                });
            }
        }
        Ok(Some(Checkpoint {
            run,
            done,
            torn,
            whole_len: whole_len as u64,
        }))
    }

    /// The sum of the finished units' shares.
    pub fn nodes(&self) -> u64 {
        self.done.values().map(UnitCount::weighted_nodes).sum()
    }

    /// The move sequences to the split ply that the finished units stand for.
    pub fn paths(&self) -> u64 {
        self.done.values().map(|d| d.multiplicity).sum()
    }

    /// The sum of the finished units' statistics, in a run with statistics.
    pub fn stats(&self) -> Option<PerftStats> {
        sum_stats(&self.run, &self.done)
    }

    /// Whether every unit is finished.
    pub fn is_complete(&self) -> bool {
        self.done.len() == self.run.units
    }

    /// The units finished in both checkpoints whose counts differ, as `(index, self's,
    /// other's)`, and how many were compared. Statistics or not may differ between the two:
    /// node counts still compare. An error when they are checkpoints of different runs.
    pub fn compare(&self, other: &Checkpoint) -> Result<Comparison, String> {
        let wanted = RunHeader {
            stats: self.run.stats,
            ..other.run.clone()
        };
        if let Some(difference) = self.run.difference(&wanted) {
            return Err(difference);
        }
        let mut compared = 0;
        let mut differing = Vec::new();
        for (index, x) in &self.done {
            let Some(y) = other.done.get(index) else {
                continue;
            };
            compared += 1;
            let same = x.nodes == y.nodes
                && x.multiplicity == y.multiplicity
                && match (x.stats, y.stats) {
                    (Some(p), Some(q)) => p == q,
                    _ => true,
                };
            if !same {
                differing.push((*index, *x, *y));
            }
        }
        Ok(Comparison {
            compared,
            differing,
        })
    }
}

/// What [`Checkpoint::compare`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Units finished in both.
    pub compared: usize,
    /// Those whose counts differ: index, the first checkpoint's count, the second's.
    pub differing: Vec<(usize, UnitCount, UnitCount)>,
}

pub(super) fn sum_stats(run: &RunHeader, done: &BTreeMap<usize, UnitCount>) -> Option<PerftStats> {
    run.stats.then(|| {
        done.values()
            .map(|d| d.stats.unwrap_or_default() * d.multiplicity)
            .sum()
    })
}
