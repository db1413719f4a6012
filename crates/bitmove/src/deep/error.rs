//! What can go wrong with a deep run.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{FORMAT, VERSION};

/// What can go wrong with a deep run: its plan, its checkpoint, or a result handed in.
///
/// The messages name the command-line flags (`--split`, `--depth`), which the CLI and the
/// Python driver share.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeepError {
    /// The checkpoint could not be read or written.
    Io {
        /// The checkpoint.
        path: PathBuf,
        /// `"read"` or `"write"`.
        action: &'static str,
        /// What the system said.
        message: String,
    },
    /// The checkpoint is not UTF-8.
    NotUtf8 {
        /// The checkpoint.
        path: PathBuf,
    },
    /// The first line is not a checkpoint header of this format and version.
    NotHeader {
        /// The checkpoint.
        path: PathBuf,
    },
    /// A line after the header is not a unit line of the run (1-based `line`).
    NotUnitLine {
        /// The checkpoint.
        path: PathBuf,
        /// Its line number, from 1.
        line: usize,
    },
    /// One unit is recorded twice with different counts.
    RecordedTwice {
        /// The checkpoint.
        path: PathBuf,
        /// Its line number, from 1.
        line: usize,
        /// The unit's index.
        unit: usize,
    },
    /// The checkpoint belongs to another run.
    OtherRun {
        /// The checkpoint.
        path: PathBuf,
        /// The first difference, e.g. `depth 9 there, 8 here`.
        difference: String,
    },
    /// The split ply is deeper than the depth.
    SplitTooDeep {
        /// The split ply asked for.
        split: u32,
        /// The depth.
        depth: u32,
    },
    /// With statistics, the split must leave a ply below the units (a leaf's kind is counted
    /// at its parent).
    SplitAtLeaves {
        /// The split ply asked for.
        split: u32,
        /// The depth.
        depth: u32,
    },
    /// A unit's multiplicity in the checkpoint or in a result is not the unit's.
    Multiplicity {
        /// The unit's index.
        unit: usize,
        /// The multiplicity given.
        there: u64,
        /// The unit's.
        here: u64,
    },
    /// A result names no unit of the run, or has statistics where the run has none (or the
    /// other way round), or statistics whose node count is not the result's.
    BadResult {
        /// The unit index given.
        unit: usize,
    },
    /// The run was finished with units not counted.
    Incomplete {
        /// How many units are missing.
        missing: usize,
    },
    /// A hash seed was given with a zero-size hash table.
    SeedWithoutTable,
}

impl fmt::Display for DeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeepError::Io {
                path,
                action,
                message,
            } => write!(f, "cannot {action} {}: {message}", path.display()),
            DeepError::NotUtf8 { path } => {
                write!(
                    f,
                    "{}: not a bitmove checkpoint (not UTF-8)",
                    path.display()
                )
            }
            DeepError::NotHeader { path } => write!(
                f,
                "{}:1: not a bitmove checkpoint header (format {FORMAT} version {VERSION})",
                path.display()
            ),
            DeepError::NotUnitLine { path, line } => {
                write!(f, "{}:{line}: not a unit line of this run", path.display())
            }
            DeepError::RecordedTwice { path, line, unit } => write!(
                f,
                "{}:{line}: unit {unit} recorded twice with different counts",
                path.display()
            ),
            DeepError::OtherRun { path, difference } => write!(
                f,
                "{} is a checkpoint of another run: {difference}",
                path.display()
            ),
            DeepError::SplitTooDeep { split, depth } => {
                write!(f, "--split {split} is deeper than --depth {depth}")
            }
            DeepError::SplitAtLeaves { split, depth } => write!(
                f,
                "--split {split} with --stats must be below --depth {depth} (a leaf's kind is counted at its parent)"
            ),
            DeepError::Multiplicity { unit, there, here } => write!(
                f,
                "checkpoint unit {unit}: multiplicity {there} there, {here} here"
            ),
            DeepError::BadResult { unit } => {
                write!(f, "unit {unit}: not a result of this run")
            }
            DeepError::Incomplete { missing } => {
                write!(f, "{missing} units were not counted")
            }
            DeepError::SeedWithoutTable => {
                write!(f, "--hash-seed needs a hash table (--hash above 0)")
            }
        }
    }
}

impl std::error::Error for DeepError {}

pub(super) fn io_error(path: &Path, action: &'static str, e: &std::io::Error) -> DeepError {
    DeepError::Io {
        path: path.to_path_buf(),
        action,
        message: e.to_string(),
    }
}
