//! Syzygy endgame tablebase probing (feature `syzygy`): win/draw/loss (WDL) and distance to
//! zeroing (DTZ) for standard chess, and the legal moves ranked by them.
//!
//! Tables are Ronald de Man's format (`.rtbw` WDL, `.rtbz` DTZ), memory-mapped on first use;
//! a [`Tablebase`] is `Send + Sync`, so threads may probe one at the same time. Every read
//! from a table file is bounds-checked: a truncated or damaged file gives
//! [`SyzygyError::Corrupt`], never a panic.
//!
//! ```no_run
//! use bitmove::syzygy::{Tablebase, Wdl};
//! use bitmove::Board;
//!
//! let mut tb = Tablebase::new();
//! tb.add_directory("tests/data/syzygy")?;
//! let board: Board = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse()?;
//! assert_eq!(tb.probe_wdl(&board)?, Wdl::Loss);
//! assert_eq!(tb.probe_dtz(&board)?, -53);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Conventions are python-chess's and Fathom's: WDL from the side to move (-2 loss, -1 loss
//! saved by the fifty-move rule, 0 draw, 1 win spoiled by the fifty-move rule, 2 win); DTZ in
//! plies to the next capture or pawn move (in the sign of the result, possibly one ply too
//! long where the table stores moves), en passant resolved by probing its captures.

mod encode;
mod index;
mod material;
mod search;
mod table;

use std::boxed::Box;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::sync::{Arc, OnceLock};
use std::vec::Vec;

use index::Table;
pub use material::MAX_PIECES;
use material::Material;
pub use search::RankedMove;

/// Win/draw/loss from the side to move, with the fifty-move rule's two middle cases.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(i8)]
pub enum Wdl {
    /// A loss.
    Loss = -2,
    /// A loss the fifty-move rule turns into a draw.
    BlessedLoss = -1,
    /// A draw.
    Draw = 0,
    /// A win the fifty-move rule turns into a draw.
    CursedWin = 1,
    /// A win.
    Win = 2,
}

impl Wdl {
    /// -2..=2 as python-chess returns it.
    pub const fn to_i8(self) -> i8 {
        self as i8
    }

    pub(crate) const fn from_i32(v: i32) -> Wdl {
        match v {
            i32::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            _ => Wdl::Win,
        }
    }
}

/// Which of the two files of a table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableKind {
    /// `.rtbw`: win/draw/loss.
    Wdl,
    /// `.rtbz`: distance to zeroing.
    Dtz,
}

/// Why a probe has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyzygyError {
    /// The position has castling rights, which no table holds.
    Castling,
    /// More pieces than tables exist for.
    TooManyPieces(u32),
    /// The table this position (or one reached by a capture) needs is not loaded.
    MissingTable {
        /// Its name, as the file is named (`KQvKR`).
        name: String,
        /// WDL or DTZ.
        kind: TableKind,
    },
    /// A table file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// A table file is damaged or truncated (or not the table its name says).
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl core::fmt::Display for SyzygyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SyzygyError::Castling => {
                f.write_str("syzygy tables do not contain positions with castling rights")
            }
            SyzygyError::TooManyPieces(n) => {
                write!(
                    f,
                    "syzygy tables support up to {MAX_PIECES} pieces, not {n}"
                )
            }
            SyzygyError::MissingTable { name, kind } => {
                let kind = match kind {
                    TableKind::Wdl => "wdl",
                    TableKind::Dtz => "dtz",
                };
                write!(f, "did not find {kind} table {name}")
            }
            SyzygyError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            SyzygyError::Corrupt { path, reason } => {
                write!(f, "{}: corrupt table: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for SyzygyError {}

/// Where a table's bytes come from.
enum Source {
    /// A file, memory-mapped when first probed.
    File(PathBuf),
    /// Bytes given by the caller ([`Tablebase::add_bytes`]); the path is only a label for
    /// errors (`KQvKR.rtbw`).
    Memory(PathBuf, Arc<[u8]>),
}

/// One table name's files, opened on first use.
struct Entry {
    mat: Material,
    name: String,
    sources: [Option<Source>; 2],
    tables: [OnceLock<Result<Arc<Table>, SyzygyError>>; 2],
}

/// A multiply-shift hasher for the 48-bit material keys.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(26);
    }
}

type KeyMap = HashMap<u64, usize, core::hash::BuildHasherDefault<KeyHasher>>;

/// A set of Syzygy tables from one or more directories.
#[derive(Default)]
pub struct Tablebase {
    entries: Vec<Entry>,
    by_key: KeyMap,
    max_pieces: u32,
}

impl core::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tablebase")
            .field("tables", &self.entries.len())
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl Tablebase {
    /// An empty set: add tables with [`add_directory`](Tablebase::add_directory).
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// A set with the tables of `dir`.
    pub fn open(dir: impl AsRef<Path>) -> std::io::Result<Tablebase> {
        let mut tb = Tablebase::new();
        tb.add_directory(dir)?;
        Ok(tb)
    }

    /// Adds every `.rtbw` and `.rtbz` file of `dir` (not its subdirectories) whose name is a
    /// table name; returns how many files it added. Files are opened when first probed.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> std::io::Result<usize> {
        let mut added = 0;
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        for path in paths {
            if self.add_file(&path) {
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds one table file; `false` when its name is not `<table>.rtbw` or `<table>.rtbz`.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let (Some(stem), Some(ext)) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.extension().and_then(|s| s.to_str()),
        ) else {
            return false;
        };
        let kind = match ext {
            "rtbw" => TableKind::Wdl,
            "rtbz" => TableKind::Dtz,
            _ => return false,
        };
        if !path.is_file() {
            return false;
        }
        self.add_source(stem, kind, Source::File(path.to_path_buf()))
    }

    /// Adds one table from memory rather than from a file: `name` is the table's name as its
    /// file would be named (`KQvKR`), `kind` which of its two files `bytes` holds. Returns
    /// `false` (adding nothing) when `name` is not a table name. The bytes are parsed when
    /// first probed, and checked as a file's are: damaged bytes give
    /// [`SyzygyError::Corrupt`] (naming `KQvKR.rtbw`), never a panic. For tables kept in
    /// memory, sent over a network or made by a test (the fuzz target `syzygy_table`).
    pub fn add_bytes(&mut self, name: &str, kind: TableKind, bytes: impl Into<Arc<[u8]>>) -> bool {
        let ext = match kind {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        };
        let label = PathBuf::from(std::format!("{name}.{ext}"));
        self.add_source(name, kind, Source::Memory(label, bytes.into()))
    }

    fn add_source(&mut self, name: &str, kind: TableKind, source: Source) -> bool {
        let Some(mat) = Material::from_name(name) else {
            return false;
        };
        let i = match self.by_key.get(&mat.key) {
            Some(&i) => i,
            None => {
                let i = self.entries.len();
                self.by_key.insert(mat.key, i);
                self.by_key.insert(mat.mirrored_key, i);
                self.max_pieces = self.max_pieces.max(mat.count as u32);
                self.entries.push(Entry {
                    mat,
                    name: name.to_string(),
                    sources: [None, None],
                    tables: [OnceLock::new(), OnceLock::new()],
                });
                i
            }
        };
        let entry = &mut self.entries[i];
        entry.sources[kind as usize] = Some(source);
        entry.tables[kind as usize] = OnceLock::new();
        true
    }

    /// The most pieces of any table added (0 when none).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// How many table names have at least one file.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// No tables at all.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every table (unmapping the files).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.by_key.clear();
        self.max_pieces = 0;
    }

    /// The table for `board`'s material, opened on first use, and the material's key (computed
    /// once per probe: the table's orientation compares it with the table's).
    fn table(&self, board: &crate::Board, kind: TableKind) -> Result<(&Table, u64), SyzygyError> {
        let key = material::board_key(board);
        let missing = || SyzygyError::MissingTable {
            name: material::board_table_name(board),
            kind,
        };
        let entry = self
            .by_key
            .get(&key)
            .map(|&i| &self.entries[i])
            .ok_or_else(missing)?;
        let k = kind as usize;
        let Some(source) = &entry.sources[k] else {
            return Err(missing());
        };
        let loaded = entry.tables[k].get_or_init(|| match source {
            Source::File(path) => open_table(path, &entry.mat, kind),
            Source::Memory(label, bytes) => {
                parse_table(label, Box::new(bytes.clone()), &entry.mat, kind)
            }
        });
        match loaded {
            Ok(t) => Ok((t, key)),
            Err(e) => Err(e.clone()),
        }
    }

    /// The names of the tables added (`KQvKR`), in the order they were added.
    pub fn table_names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }
}

fn open_table(path: &Path, mat: &Material, kind: TableKind) -> Result<Arc<Table>, SyzygyError> {
    let io = |e: std::io::Error| SyzygyError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let bytes = crate::mapped::map_file(path).map_err(io)?;
    parse_table(path, bytes, mat, kind)
}

fn parse_table(
    path: &Path,
    bytes: Box<dyn AsRef<[u8]> + Send + Sync>,
    mat: &Material,
    kind: TableKind,
) -> Result<Arc<Table>, SyzygyError> {
    let layout = table::Layout::parse(
        table::Bytes(bytes.as_ref().as_ref()),
        mat,
        kind == TableKind::Dtz,
    )
    .map_err(|c| SyzygyError::Corrupt {
        path: path.to_path_buf(),
        reason: c.0,
    })?;
    Ok(Arc::new(Table {
        path: path.to_path_buf(),
        bytes,
        layout,
        mat: mat.clone(),
    }))
}
