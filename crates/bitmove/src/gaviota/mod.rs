//! Gaviota endgame tablebase probing (feature `gaviota`): depth to mate (DTM) and
//! win/draw/loss for positions of up to five pieces, from `.gtb.cp4` files.
//!
//! Tables are Miguel A. Ballicora's Gaviota format compressed with its scheme 4 (LZMA), the
//! one python-chess's pure-Python prober reads; files are memory-mapped on first use and
//! blocks of 16,384 positions decompressed as probed, the last 128 kept. A [`Tablebase`] is
//! `Send + Sync`: threads may probe one at the same time. Every read from a file is
//! bounds-checked: a truncated or damaged file gives [`GaviotaError::Corrupt`], never a panic.
//!
//! ```no_run
//! use bitmove::gaviota::Tablebase;
//! use bitmove::Board;
//!
//! let tb = Tablebase::open("data/gaviota")?;
//! let board: Board = "8/8/8/8/8/8/8/K2kr3 w - - 0 1".parse()?;
//! assert_eq!(tb.probe_dtm(&board)?, -10); // White is mated in ten plies
//! assert_eq!(tb.probe_wdl(&board)?, -1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Conventions are python-chess's (`chess.gaviota`): DTM in plies from the side to move,
//! positive when it mates, negative when it is mated, 0 for a draw and for a position that is
//! mate already; WDL -1, 0 or 1. En passant, which the tables do not store, is resolved by
//! playing each en passant capture and probing the position after it; positions with castling
//! rights are not in the tables.
//!
//! The decompression is [`lzma_rust2`] without its default features: pure, safe Rust (its
//! `unsafe` optimisations and encoder off), maintained, and able to decode a raw LZMA stream
//! with properties given apart from the data, which is how Gaviota's blocks store them.

mod index;
mod table;

use std::boxed::Box;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::vec::Vec;

use index::Shape;
use table::{Layout, Stored};

use crate::{Board, Color, Piece, Status};

/// The most pieces (kings included) of any Gaviota table.
pub const MAX_PIECES: u32 = 5;

/// Decompressed blocks kept (16 KiB each), as python-chess keeps.
const CACHE_BLOCKS: usize = 128;

/// The file name ending of the tables this module reads.
pub const SUFFIX: &str = ".gtb.cp4";

/// Why a probe has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GaviotaError {
    /// The position has castling rights, which no table holds.
    Castling,
    /// More pieces than tables exist for.
    TooManyPieces(u32),
    /// No table for this material (or for one an en passant capture reaches) was added.
    MissingTable {
        /// The material as python-chess names it, White first: `KQvK`.
        name: String,
    },
    /// The format has no index for the position (kings touching, which a legal position never
    /// has).
    NoIndex,
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

impl core::fmt::Display for GaviotaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GaviotaError::Castling => {
                f.write_str("gaviota tables do not contain positions with castling rights")
            }
            GaviotaError::TooManyPieces(n) => {
                write!(
                    f,
                    "gaviota tables support up to {MAX_PIECES} pieces, not {n}"
                )
            }
            GaviotaError::MissingTable { name } => {
                write!(f, "no gaviota table available for: {name}")
            }
            GaviotaError::NoIndex => f.write_str("gaviota tables have no index for this position"),
            GaviotaError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            GaviotaError::Corrupt { path, reason } => {
                write!(f, "{}: corrupt table: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for GaviotaError {}

/// Where a table's bytes come from.
enum Source {
    /// A file, memory-mapped when first probed.
    File(PathBuf),
    /// Bytes given by the caller; the path is only a label for errors (`kqk.gtb.cp4`).
    Memory(PathBuf, Arc<[u8]>),
}

impl Source {
    fn path(&self) -> &Path {
        match self {
            Source::File(p) | Source::Memory(p, _) => p,
        }
    }
}

/// An opened table.
struct Table {
    /// Unique among every table opened, for the block cache's keys.
    id: u64,
    path: PathBuf,
    bytes: crate::mapped::Bytes,
    layout: Layout,
}

/// One table name's file, opened on first use.
struct Entry {
    name: String,
    shape: Option<Shape>,
    source: Source,
    table: OnceLock<Result<Arc<Table>, GaviotaError>>,
}

/// A decompressed block and when it was last used.
type CachedBlock = (Arc<[u8]>, u64);

/// The decompressed blocks last used, by (table id, block number).
#[derive(Default)]
struct Cache {
    blocks: HashMap<(u64, usize), CachedBlock>,
    clock: u64,
}

/// A set of Gaviota tables from one or more directories.
#[derive(Default)]
pub struct Tablebase {
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    cache: Mutex<Cache>,
}

impl core::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tablebase")
            .field("tables", &self.entries.len())
            .finish()
    }
}

/// A table name's stored sides, from `board`'s pieces of `color`: the letters (king first,
/// strongest first) and the squares in that order (like pieces by square).
fn side(board: &Board, color: Color) -> (String, Vec<usize>) {
    let mut letters = String::new();
    let mut squares = Vec::new();
    for (piece, letter) in [
        (Piece::King, 'k'),
        (Piece::Queen, 'q'),
        (Piece::Rook, 'r'),
        (Piece::Bishop, 'b'),
        (Piece::Knight, 'n'),
        (Piece::Pawn, 'p'),
    ] {
        for sq in board.colored_pieces(color, piece) {
            letters.push(letter);
            squares.push(sq.index());
        }
    }
    (letters, squares)
}

fn next_table_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
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

    /// Adds every `*.gtb.cp4` file of `dir` (not its subdirectories); returns how many it
    /// added. Files are opened when first probed. As python-chess, every such file is listed
    /// by its name before `.gtb.cp4`, whether or not that names a table.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> std::io::Result<usize> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        Ok(paths.iter().filter(|p| self.add_file(p)).count())
    }

    /// Adds one table file; `false` when its name does not end in `.gtb.cp4` or it is not a
    /// file.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let Some(name) = path
            .file_name()
            .and_then(|s| s.to_str())
            .and_then(|s| s.strip_suffix(SUFFIX))
        else {
            return false;
        };
        if name.is_empty() || !path.is_file() {
            return false;
        }
        self.add_source(name.to_string(), Source::File(path.to_path_buf()));
        true
    }

    /// Adds one table from memory rather than from a file: `name` is the table's name as its
    /// file would be named without `.gtb.cp4` (`kqk`). The bytes are checked as a file's
    /// are: damaged bytes give [`GaviotaError::Corrupt`], never a panic. For tables kept in
    /// memory and for tests (the fuzz target `gaviota_table`).
    pub fn add_bytes(&mut self, name: &str, bytes: impl Into<Arc<[u8]>>) {
        let label = PathBuf::from(std::format!("{name}{SUFFIX}"));
        self.add_source(name.to_string(), Source::Memory(label, bytes.into()));
    }

    fn add_source(&mut self, name: String, source: Source) {
        let entry = Entry {
            shape: Shape::of_name(&name),
            name: name.clone(),
            source,
            table: OnceLock::new(),
        };
        match self.by_name.get(&name) {
            Some(&i) => self.entries[i] = entry,
            None => {
                self.by_name.insert(name, self.entries.len());
                self.entries.push(entry);
            }
        }
    }

    /// The tables added, as `(name, path)`: the name before `.gtb.cp4`, the file (or the
    /// label of bytes added), in the order added.
    pub fn tables(&self) -> impl Iterator<Item = (&str, &Path)> {
        self.entries
            .iter()
            .map(|e| (e.name.as_str(), e.source.path()))
    }

    /// How many tables were added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// No tables at all.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every table (unmapping the files) and the cached blocks.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.by_name.clear();
        if let Ok(mut cache) = self.cache.lock() {
            *cache = Cache::default();
        }
    }

    /// Depth to mate in plies from the side to move: positive when it mates, negative when it
    /// is mated, 0 for a draw or a position that is mate already (python-chess's
    /// `probe_dtm`). En passant captures are played and probed; the best of them and the
    /// position's stored value counts.
    pub fn probe_dtm(&self, board: &Board) -> Result<i32, GaviotaError> {
        if !board.castling_rights().is_empty() {
            return Err(GaviotaError::Castling);
        }
        let pieces = board.occupied().len();
        if pieces > MAX_PIECES {
            return Err(GaviotaError::TooManyPieces(pieces));
        }
        if board.occupied() == board.pieces(Piece::King) {
            return Ok(0);
        }
        let mut dtm = self.probe_dtm_no_ep(board)?;
        if board.en_passant().is_none() {
            return Ok(dtm);
        }
        for &mv in board.captures().iter() {
            let is_ep = board.en_passant() == Some(mv.to)
                && board.piece_on(mv.from) == Some(Piece::Pawn)
                && board.piece_on(mv.to).is_none();
            if !is_ep {
                continue;
            }
            let mut child = board.clone();
            child.play_unchecked(mv);
            let after = if child.status() == Status::Checkmate {
                1
            } else {
                match -self.probe_dtm_no_ep(&child)? {
                    v if v > 0 => v + 1,
                    v if v < 0 => v - 1,
                    _ => 0,
                }
            };
            // Of two wins the shorter, of two losses the longer, else the better result.
            dtm = if dtm.signum() * after.signum() > 0 {
                dtm.min(after)
            } else {
                dtm.max(after)
            };
        }
        Ok(dtm)
    }

    /// Win (1), draw (0) or loss (-1) for the side to move, from [`probe_dtm`]
    /// (python-chess's `probe_wdl`: a position that is mate already is a loss).
    ///
    /// [`probe_dtm`]: Tablebase::probe_dtm
    pub fn probe_wdl(&self, board: &Board) -> Result<i32, GaviotaError> {
        let dtm = self.probe_dtm(board)?;
        Ok(match dtm {
            0 if board.status() == Status::Checkmate => -1,
            0 => 0,
            d => d.signum(),
        })
    }

    /// The table's value for `board`'s pieces and side to move, en passant not considered.
    pub fn probe_dtm_no_ep(&self, board: &Board) -> Result<i32, GaviotaError> {
        let at = locate(board, |name| {
            self.by_name
                .get(name)
                .is_some_and(|&i| self.entries[i].shape.is_some())
        })
        .map_err(|name| GaviotaError::MissingTable { name })?;
        let i = self.by_name[&at.name];
        let idx = at
            .shape
            .index(&at.white, &at.black)
            .ok_or(GaviotaError::NoIndex)?;
        let table = self.table(i)?;
        let (block, n) = table.layout.block_of(at.shape, at.stored_side, idx);
        let bytes = self.block(&table, block, n)?;
        let byte = *bytes
            .get((idx % index::ENTRIES_PER_BLOCK) as usize)
            .ok_or_else(|| corrupt(&table.path, "short block"))?;
        let (white_wins, plies) = match table::unpack(at.stored_side, byte) {
            Stored::Draw => return Ok(0),
            Stored::WhiteMates(p) => (true, p as i32),
            Stored::BlackMates(p) => (false, p as i32),
        };
        // The real side to move wins when it is the stored winner (colours swapped when
        // the table is read reversed).
        let real_white = board.side_to_move() == Color::White;
        Ok(if white_wins ^ at.reversed == real_white {
            plies
        } else {
            -plies
        })
    }

    fn table(&self, i: usize) -> Result<Arc<Table>, GaviotaError> {
        let entry = &self.entries[i];
        let shape = entry.shape.ok_or_else(|| GaviotaError::MissingTable {
            name: entry.name.clone(),
        })?;
        entry
            .table
            .get_or_init(|| open_table(&entry.source, shape))
            .clone()
    }

    /// Block `block` of `table`, decompressed, from the cache or the file.
    fn block(&self, table: &Table, block: usize, n: usize) -> Result<Arc<[u8]>, GaviotaError> {
        let key = (table.id, block);
        if let Ok(mut cache) = self.cache.lock() {
            cache.clock += 1;
            let now = cache.clock;
            if let Some((bytes, age)) = cache.blocks.get_mut(&key) {
                *age = now;
                return Ok(bytes.clone());
            }
        }
        let decoded: Arc<[u8]> = table
            .layout
            .decode(table.bytes.as_ref().as_ref(), block, n)
            .map_err(|c| corrupt(&table.path, c.0))?
            .into();
        if let Ok(mut cache) = self.cache.lock() {
            if cache.blocks.len() >= CACHE_BLOCKS {
                let oldest = cache.blocks.iter().min_by_key(|(_, (_, age))| *age);
                if let Some((&k, _)) = oldest {
                    cache.blocks.remove(&k);
                }
            }
            let now = cache.clock;
            cache.blocks.insert(key, (decoded.clone(), now));
        }
        Ok(decoded)
    }
}

fn corrupt(path: &Path, reason: &'static str) -> GaviotaError {
    GaviotaError::Corrupt {
        path: path.to_path_buf(),
        reason,
    }
}

fn open_table(source: &Source, shape: Shape) -> Result<Arc<Table>, GaviotaError> {
    let (path, bytes): (&Path, crate::mapped::Bytes) = match source {
        Source::Memory(label, bytes) => (label, Box::new(bytes.clone())),
        Source::File(path) => {
            let bytes = crate::mapped::map_file(path).map_err(|e| GaviotaError::Io {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
            (path, bytes)
        }
    };
    let layout = Layout::parse(bytes.as_ref().as_ref(), shape).map_err(|c| corrupt(path, c.0))?;
    Ok(Arc::new(Table {
        id: next_table_id(),
        path: path.to_path_buf(),
        bytes,
        layout,
    }))
}

/// Where a position is stored: the table's name and shape, whether the table holds the
/// material with the colours swapped (and the board mirrored north to south), the stored
/// White and Black squares in the name's order, the stored side to move (0 White).
struct Located {
    name: String,
    shape: Shape,
    reversed: bool,
    white: Vec<usize>,
    black: Vec<usize>,
    stored_side: usize,
}

/// The table `board`'s material is stored in, among the names `has` accepts: White's pieces
/// first, else Black's (python-chess's order). `Err` names the material as python-chess's
/// error does (`KQvK`).
fn locate(board: &Board, has: impl Fn(&str) -> bool) -> Result<Located, String> {
    let (wl, ws) = side(board, Color::White);
    let (bl, bs) = side(board, Color::Black);
    let real_side = (board.side_to_move() == Color::Black) as usize;
    for reversed in [false, true] {
        let name = if reversed {
            std::format!("{bl}{wl}")
        } else {
            std::format!("{wl}{bl}")
        };
        let Some(shape) = Shape::of_name(&name).filter(|_| has(&name)) else {
            continue;
        };
        let mirror = |v: &[usize]| v.iter().map(|s| s ^ 56).collect::<Vec<_>>();
        let (white, black) = if reversed {
            (mirror(&bs), mirror(&ws))
        } else {
            (ws.clone(), bs.clone())
        };
        return Ok(Located {
            name,
            shape,
            reversed,
            white,
            black,
            stored_side: real_side ^ reversed as usize,
        });
    }
    Err(std::format!(
        "{}v{}",
        wl.to_ascii_uppercase(),
        bl.to_ascii_uppercase()
    ))
}

/// The index of a position in its table, for tests against other implementations of the
/// format: the table name, the side to move in the stored orientation (0 White), the index.
/// `None` when none of the names in `available` fits or the position has no index.
#[doc(hidden)]
pub fn debug_index(board: &Board, available: &[&str]) -> Option<(String, usize, u64)> {
    let at = locate(board, |name| available.contains(&name)).ok()?;
    let idx = at.shape.index(&at.white, &at.black)?;
    Some((at.name, at.stored_side, idx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tablebase_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Tablebase>();
    }

    #[test]
    fn names_and_errors() {
        let mut tb = Tablebase::new();
        tb.add_bytes("kqk", std::vec![0u8; 10]);
        tb.add_bytes("notatable", std::vec![]);
        assert_eq!(tb.len(), 2);
        let board: Board = "8/8/8/8/8/8/8/K2kq3 w - - 0 1".parse().expect("fen");
        // Black's queen: the kqk table reversed; its bytes are too short.
        assert!(matches!(
            tb.probe_dtm(&board),
            Err(GaviotaError::Corrupt { .. })
        ));
        let board: Board = "8/8/8/8/8/8/8/K2kr3 w - - 0 1".parse().expect("fen");
        assert_eq!(
            tb.probe_dtm(&board),
            Err(GaviotaError::MissingTable {
                name: "KvKR".into()
            })
        );
        let castling: Board = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().expect("fen");
        assert_eq!(tb.probe_dtm(&castling), Err(GaviotaError::Castling));
        let six: Board = "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1".parse().expect("fen");
        assert_eq!(tb.probe_dtm(&six), Err(GaviotaError::TooManyPieces(6)));
        let bare: Board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().expect("fen");
        assert_eq!(tb.probe_dtm(&bare), Ok(0));
        tb.clear();
        assert!(tb.is_empty());
    }
}
