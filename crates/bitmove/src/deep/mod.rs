//! Deep perft in work units, with a checkpoint to resume from: the one home of the run that
//! `bitmove perft --checkpoint FILE` and the Python cluster driver (`python -m
//! bitmove.cluster`) both carry out (feature `deep`).
//!
//! A run of depth D split at ply K is the distinct positions K plies below the root (the
//! units, in the fixed order of [`work_units`](crate::work_units())) with their
//! multiplicities; the total is the sum of multiplicity x perft(unit, D - K), statistics
//! column by column. Who counts the units, and where (threads, a cluster), is the caller's
//! business: this module plans the run, checks a checkpoint against it, and records each
//! finished unit.
//!
//! The checkpoint is JSON Lines: a header naming the run, then one line per finished unit,
//! each written with one `write` call as the unit finishes (so a killed process leaves whole
//! lines, or at worst a torn last line without its newline, which is dropped and counted
//! again), and synced to disk at most every few seconds and at the end:
//!
//! ```text
//! {"format":"bitmove-perft-checkpoint","version":1,"fen":"...","chess960":false,"depth":9,"split":3,"stats":false,"units":5362}
//! {"unit":17,"multiplicity":2,"nodes":12345678}
//! {"unit":3,"multiplicity":1,"nodes":23456789,"stats":{"nodes":23456789,"captures":...}}
//! ```
//!
//! `nodes` is the count below the unit (not multiplied).
//!
//! ```
//! use bitmove::deep::{DeepPerft, UnitCount};
//! use bitmove::{perft, Board};
//!
//! let board = Board::default();
//! let mut run = DeepPerft::open(&board, 5, Some(2), false, None).expect("a valid plan");
//! assert_eq!(run.header().units, 400);
//! for index in run.pending() {
//!     let unit = &run.units()[index];
//!     let nodes = perft(&unit.board, run.remaining_depth());
//!     run.record(index, UnitCount { multiplicity: unit.multiplicity, nodes, stats: None })
//!         .expect("recorded");
//! }
//! let total = run.finish().expect("every unit counted");
//! assert_eq!(total.nodes, 4_865_609);
//! ```

mod error;
mod format;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use error::DeepError;
use error::io_error;
use format::sum_stats;
pub use format::{
    Checkpoint, Comparison, RunHeader, UnitCount, stats_from_fields, stats_json, stats_table,
};

use crate::{Board, PerftStats, WorkUnit, work_units};

/// The `format` of a checkpoint header.
pub const FORMAT: &str = "bitmove-perft-checkpoint";
/// The version of the format written and read.
pub const VERSION: u64 = 1;
/// The automatic split aims at this many units at least.
pub const MIN_UNITS: usize = 1000;
/// The automatic split leaves units at least this many plies deep.
pub const MIN_UNIT_DEPTH: u32 = 4;
/// A hash table of a unit counted on a cluster worker is at most this large (MiB): the
/// driver cannot see the workers' memory.
pub const TASK_HASH_CAP_MB: usize = 1024;
/// The smallest table a run with a hash seed gets (MiB).
pub const SEEDED_HASH_MIN_MB: usize = 64;
/// Finished units are synced to disk at most this often (and at the end).
const SYNC_EVERY: Duration = Duration::from_secs(5);

/// The split ply chosen when none is given: the smallest K with at least [`MIN_UNITS`]
/// units, but at most D - [`MIN_UNIT_DEPTH`] (and at least 0).
pub fn auto_split(board: &Board, depth: u32) -> u32 {
    let most = depth.saturating_sub(MIN_UNIT_DEPTH);
    let mut split = 0;
    while split < most && work_units(board, split).len() < MIN_UNITS {
        split += 1;
    }
    split
}

/// The hash table size (MiB) by depth alone: none up to depth 6 (a second or less), then 64
/// MiB at depth 7 and four times more per ply, up to 4 GiB.
pub fn hash_mb_for_depth(depth: u32) -> usize {
    if depth <= 6 {
        return 0;
    }
    64usize << (2 * (depth - 7).min(3))
}

/// The hash table size (MiB) a count on this machine gets when none is asked for:
/// [`hash_mb_for_depth`], but never more than a quarter of the memory available (at least
/// 16 MiB where a table is wanted; 1 GiB at most where the memory cannot be read).
pub fn default_hash_mb(depth: u32) -> usize {
    let by_depth = hash_mb_for_depth(depth);
    if by_depth == 0 {
        return 0;
    }
    by_depth.min(available_mb().map_or(1024, |mb| (mb / 4).max(16)))
}

/// The hash table size (MiB) of one task of units counted on a cluster worker, whose memory
/// the driver cannot see: [`hash_mb_for_depth`] of the whole run, at most
/// [`TASK_HASH_CAP_MB`].
pub fn default_task_hash_mb(depth: u32) -> usize {
    hash_mb_for_depth(depth).min(TASK_HASH_CAP_MB)
}

/// The table size a run uses: `asked` if given, else `default`; with a hash seed at least
/// [`SEEDED_HASH_MIN_MB`] (a seeded run exists to key a table), and an error if the seed came
/// with `asked == Some(0)`.
pub fn hash_mb_with_seed(
    asked: Option<usize>,
    default: usize,
    seeded: bool,
) -> Result<usize, DeepError> {
    let mb = asked.unwrap_or(default);
    if !seeded {
        return Ok(mb);
    }
    if asked == Some(0) {
        return Err(DeepError::SeedWithoutTable);
    }
    Ok(mb.max(SEEDED_HASH_MIN_MB))
}

/// MemAvailable in MiB, where /proc/meminfo says it.
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let rest = text
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kb: usize = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb / 1024)
}

/// The total of a finished run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepTotal {
    /// Perft of the root at the run's depth.
    pub nodes: u64,
    /// The statistics, in a run with statistics.
    pub stats: Option<PerftStats>,
}

/// A deep run in progress: the plan (units, split), the units finished so far (from the
/// checkpoint and since), and the checkpoint file being appended to.
#[derive(Debug)]
pub struct DeepPerft {
    header: RunHeader,
    units: Vec<WorkUnit>,
    done: BTreeMap<usize, UnitCount>,
    done_before: usize,
    file: Option<(PathBuf, File)>,
    last_sync: Instant,
}

impl DeepPerft {
    /// Plans perft of `board` at `depth` in units `split` plies deep (`None`: the
    /// checkpoint's split when resuming, else [`auto_split`]), with statistics or not. With a
    /// `checkpoint`, its finished units are taken (after checking that it is a checkpoint of
    /// this run) and every unit recorded from now on is appended to it; a new checkpoint gets
    /// its header now, and a torn last line is cut off.
    pub fn open(
        board: &Board,
        depth: u32,
        split: Option<u32>,
        stats: bool,
        checkpoint: Option<&Path>,
    ) -> Result<DeepPerft, DeepError> {
        if let Some(split) = split {
            if split > depth {
                return Err(DeepError::SplitTooDeep { split, depth });
            }
            if stats && depth > 0 && split >= depth {
                return Err(DeepError::SplitAtLeaves { split, depth });
            }
        }
        let existing = match checkpoint {
            Some(path) => Checkpoint::read(path)?,
            None => None,
        };
        let split = split
            .or_else(|| existing.as_ref().map(|c| c.run.split))
            .unwrap_or_else(|| auto_split(board, depth));
        let mut header = RunHeader {
            fen: board.to_string(),
            chess960: board.is_chess960(),
            depth,
            split,
            stats,
            units: existing.as_ref().map_or(0, |c| c.run.units),
        };
        let refuse = |existing: &Checkpoint, header: &RunHeader| {
            let difference = existing.run.difference(header)?;
            Some(DeepError::OtherRun {
                path: checkpoint.unwrap_or(Path::new("")).to_path_buf(),
                difference,
            })
        };
        // Another run's checkpoint is refused before its units are worked out (its split
        // may be anything).
        if let Some(error) = existing.as_ref().and_then(|c| refuse(c, &header)) {
            return Err(error);
        }
        let units = work_units(board, split);
        header.units = units.len();
        let mut done = BTreeMap::new();
        if let Some(existing) = &existing {
            if let Some(error) = refuse(existing, &header) {
                return Err(error);
            }
            for (&index, unit) in &existing.done {
                let here = units.get(index).map_or(0, |u| u.multiplicity);
                if unit.multiplicity != here {
                    return Err(DeepError::Multiplicity {
                        unit: index,
                        there: unit.multiplicity,
                        here,
                    });
                }
            }
            done = existing.done.clone();
        }
        let file = match checkpoint {
            Some(path) => Some((
                path.to_path_buf(),
                open_for_append(path, existing.as_ref(), &header)?,
            )),
            None => None,
        };
        Ok(DeepPerft {
            done_before: done.len(),
            header,
            units,
            done,
            file,
            last_sync: Instant::now(),
        })
    }

    /// The run's header (what a checkpoint of it starts with).
    pub fn header(&self) -> &RunHeader {
        &self.header
    }

    /// The units, in their fixed order.
    pub fn units(&self) -> &[WorkUnit] {
        &self.units
    }

    /// The depth still to count below each unit.
    pub fn remaining_depth(&self) -> u32 {
        self.header.depth - self.header.split
    }

    /// The indices of the units not finished yet, in order.
    pub fn pending(&self) -> Vec<usize> {
        (0..self.units.len())
            .filter(|i| !self.done.contains_key(i))
            .collect()
    }

    /// How many units the checkpoint held when the run was opened.
    pub fn done_before(&self) -> usize {
        self.done_before
    }

    /// How many units are finished.
    pub fn done_count(&self) -> usize {
        self.done.len()
    }

    /// The finished units' share of the total so far.
    pub fn nodes_so_far(&self) -> u64 {
        self.done.values().map(UnitCount::weighted_nodes).sum()
    }

    /// Records unit `index` as counted, appending it to the checkpoint. `Ok(false)` if it was
    /// recorded already (a task that ran twice is never counted twice); an error if the
    /// result does not fit the run, or the checkpoint cannot be written.
    pub fn record(&mut self, index: usize, count: UnitCount) -> Result<bool, DeepError> {
        let Some(unit) = self.units.get(index) else {
            return Err(DeepError::BadResult { unit: index });
        };
        if count.multiplicity != unit.multiplicity {
            return Err(DeepError::Multiplicity {
                unit: index,
                there: count.multiplicity,
                here: unit.multiplicity,
            });
        }
        let stats_fit = match count.stats {
            Some(stats) => self.header.stats && stats.nodes == count.nodes,
            None => !self.header.stats,
        };
        if !stats_fit {
            return Err(DeepError::BadResult { unit: index });
        }
        if self.done.contains_key(&index) {
            return Ok(false);
        }
        if let Some((path, file)) = &mut self.file {
            // One write call for the whole line: a kill leaves it whole or torn at the end.
            file.write_all(count.line(index).as_bytes())
                .map_err(|e| io_error(path, "write", &e))?;
            if self.last_sync.elapsed() >= SYNC_EVERY {
                file.sync_data().ok();
                self.last_sync = Instant::now();
            }
        }
        self.done.insert(index, count);
        Ok(true)
    }

    /// Syncs the checkpoint to disk (done at most every few seconds while recording, and by
    /// [`finish`](DeepPerft::finish)).
    pub fn sync(&mut self) {
        if let Some((_, file)) = &self.file {
            file.sync_data().ok();
        }
    }

    /// The total, once every unit is recorded; syncs the checkpoint.
    pub fn finish(mut self) -> Result<DeepTotal, DeepError> {
        self.sync();
        self.total()
    }

    /// The total, once every unit is recorded (an error naming how many are missing before).
    pub fn total(&self) -> Result<DeepTotal, DeepError> {
        let missing = self.units.len() - self.done.len();
        if missing > 0 {
            return Err(DeepError::Incomplete { missing });
        }
        Ok(DeepTotal {
            nodes: self.nodes_so_far(),
            stats: sum_stats(&self.header, &self.done),
        })
    }
}

/// Opens the checkpoint to append to it: writes the header of a new one, cuts a torn last
/// line off an old one.
fn open_for_append(
    path: &Path,
    existing: Option<&Checkpoint>,
    header: &RunHeader,
) -> Result<File, DeepError> {
    let fail = |e: std::io::Error| io_error(path, "write", &e);
    let mut file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(fail)?;
    match existing {
        Some(checkpoint) => file.set_len(checkpoint.whole_len).map_err(fail)?,
        None => {
            file.set_len(0).map_err(fail)?;
            let mut line = header.line();
            line.push('\n');
            file.write_all(line.as_bytes()).map_err(fail)?;
            file.sync_data().map_err(fail)?;
        }
    }
    file.seek(SeekFrom::End(0)).map_err(fail)?;
    Ok(file)
}
