//! Distinct positions: how many different positions lie exactly `depth` plies below a board.
//!
//! Two positions are the same when piece placement, side to move and castling rights agree,
//! and the en-passant square agrees where it counts: only when an en-passant capture is legal
//! there (FIDE's rule for repetitions). Move counters do not count.
//!
//! The count goes ply by ply: the distinct positions at ply `n` are the distinct children of
//! the distinct positions at ply `n - 1`, so each position is expanded once however many move
//! orders reach it. Every position is kept as an exact 24-byte key ([`encode`]: the occupancy,
//! then four bit planes of a 4-bit code per occupied square), never a hash, so two different
//! positions are never merged. A ply's keys are sorted and deduplicated.
//!
//! Memory stays within a budget. When a ply's children do not fit, they are bucketed by a key
//! prefix (the Zobrist key of placement, side and castling) into passes: each pass expands
//! every parent but keeps only the children of its bucket, deduplicates them in memory and adds
//! their number; equal positions always fall in the same bucket. A ply's distinct positions
//! that are needed as parents and outgrow a quarter of the budget are spilled to a file in a
//! temporary directory, which is removed when the count ends, also on error or when stopped.

use core::sync::atomic::{AtomicBool, Ordering};
use std::fs::File as FsFile;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::string::String;
use std::vec::Vec;

use crate::attacks::{Pext, SliderBackend, Sliders, dispatch};
use crate::{Bitboard, Board, Color, Piece, Rank, Square, zobrist};

/// A position, exactly: occupancy, then the compressed bit planes of the square codes.
type Key = [u64; 3];

const KEY_BYTES: usize = core::mem::size_of::<Key>();

/// Parents handed to the threads at a time, and read from a spill file at a time.
const CHUNK: usize = 1 << 16;

/// The most buckets (passes over the parents) a ply may take before the budget is called too
/// small.
pub const MAX_PASSES: usize = 4096;

/// How to count: memory budget, threads, where to spill, and hooks for progress and stopping.
///
/// ```
/// use bitmove::{count_unique, Board, UniqueOptions};
///
/// let count = count_unique(&Board::default(), 4, &UniqueOptions::default())?;
/// assert_eq!(count.positions, 72_078);
/// assert_eq!(count.per_ply, [1, 20, 400, 5_362, 72_078]);
/// # Ok::<(), bitmove::UniqueError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UniqueOptions<'a> {
    /// The memory budget in bytes for the positions kept (default 1 GiB).
    pub memory_bytes: usize,
    /// Worker threads; 0 means one per available core.
    pub threads: usize,
    /// Where the spill directory goes (default: the system's temporary directory).
    pub temp_dir: Option<&'a Path>,
    /// Checked between chunks of work: once set, the count ends with
    /// [`UniqueError::Stopped`].
    pub stop: Option<&'a AtomicBool>,
    /// Called as work is done, from the calling thread.
    pub progress: Option<&'a (dyn Fn(&UniqueProgress) + Sync)>,
}

impl Default for UniqueOptions<'_> {
    fn default() -> Self {
        UniqueOptions {
            memory_bytes: 1 << 30,
            threads: 0,
            temp_dir: None,
            stop: None,
            progress: None,
        }
    }
}

impl core::fmt::Debug for UniqueOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UniqueOptions")
            .field("memory_bytes", &self.memory_bytes)
            .field("threads", &self.threads)
            .field("temp_dir", &self.temp_dir)
            .finish_non_exhaustive()
    }
}

/// Where a count stands, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniqueProgress {
    /// The ply being expanded into (1 to the depth).
    pub ply: u32,
    /// The depth asked for.
    pub depth: u32,
    /// The bucket being collected (0-based) and how many the ply takes.
    pub pass: usize,
    /// How many buckets the ply takes.
    pub passes: usize,
    /// Parents expanded so far in this pass, of `parents`.
    pub done: u64,
    /// Parents at the previous ply.
    pub parents: u64,
}

/// The result of [`count_unique`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniqueCount {
    /// Distinct positions at the depth asked for.
    pub positions: u64,
    /// Distinct positions at every ply from 0 (the root: 1) to the depth.
    pub per_ply: Vec<u64>,
    /// The most buckets any ply took (1: everything fit in memory at once).
    pub passes: usize,
    /// Bytes written to the spill directory (0: none was made).
    pub spilled_bytes: u64,
}

/// Why [`count_unique`] could not finish.
#[derive(Debug)]
pub enum UniqueError {
    /// The budget cannot hold one bucket of a ply within [`MAX_PASSES`] passes.
    TooLittleMemory {
        /// The budget, in bytes.
        budget: usize,
        /// About the least that would do, in bytes.
        needed: usize,
    },
    /// The spill directory or a file in it could not be made, written or read.
    Io {
        /// What was being done, with the path.
        context: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// The stop flag was set.
    Stopped,
}

impl core::fmt::Display for UniqueError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            UniqueError::TooLittleMemory { budget, needed } => write!(
                f,
                "a memory budget of {} MiB is too small: one bucket needs about {} MiB",
                budget >> 20,
                needed.div_ceil(1 << 20)
            ),
            UniqueError::Io { context, source } => write!(f, "{context}: {source}"),
            UniqueError::Stopped => f.write_str("stopped"),
        }
    }
}

impl std::error::Error for UniqueError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UniqueError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Counts the distinct positions `depth` plies below `board` (see the module docs for what
/// counts as the same position), within the memory budget of `options`.
///
/// ```
/// use bitmove::{count_unique, Board, UniqueOptions};
///
/// // After 1. e4 there are 20 replies, all different.
/// let board: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// let count = count_unique(&board, 1, &UniqueOptions::default())?;
/// assert_eq!(count.positions, 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_unique(
    board: &Board,
    depth: u32,
    options: &UniqueOptions<'_>,
) -> Result<UniqueCount, UniqueError> {
    let backend = SliderBackend::current();
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, 256);
    let mut run = Run {
        backend,
        chess960: board.is_chess960(),
        threads,
        options,
        spill: None,
        spilled_bytes: 0,
        passes: 1,
    };
    let root = encode(board, ep_is_legal(board), Pext::new());
    let mut level = Level::Memory(std::vec![root]);
    let mut per_ply = std::vec![1u64];
    for ply in 1..=depth {
        let last = ply == depth;
        let (count, next) = run.expand(&level, ply, depth, last)?;
        per_ply.push(count);
        if let Level::Disk { path, .. } = &level {
            std::fs::remove_file(path).ok();
        }
        level = next;
        if count == 0 {
            per_ply.resize(depth as usize + 1, 0);
            break;
        }
    }
    Ok(UniqueCount {
        positions: per_ply[depth as usize],
        per_ply,
        passes: run.passes,
        spilled_bytes: run.spilled_bytes,
    })
}

/// The distinct positions of one ply: in memory, or in a spill file, sorted either way.
enum Level {
    Memory(Vec<Key>),
    Disk { path: PathBuf, len: u64 },
}

impl Level {
    fn len(&self) -> u64 {
        match self {
            Level::Memory(keys) => keys.len() as u64,
            Level::Disk { len, .. } => *len,
        }
    }

    fn memory_bytes(&self) -> usize {
        match self {
            Level::Memory(keys) => keys.len() * KEY_BYTES,
            Level::Disk { .. } => 0,
        }
    }

    /// Hands the keys to `each` in chunks of at most [`CHUNK`].
    fn chunks(
        &self,
        mut each: impl FnMut(&[Key]) -> Result<(), UniqueError>,
    ) -> Result<(), UniqueError> {
        match self {
            Level::Memory(keys) => keys.chunks(CHUNK).try_for_each(each),
            Level::Disk { path, len } => {
                let file = FsFile::open(path).map_err(|e| io_error("opening", path, e))?;
                let mut reader = BufReader::with_capacity(1 << 20, file);
                let mut buffer = std::vec![[0u64; 3]; CHUNK];
                let mut bytes = std::vec![0u8; CHUNK * KEY_BYTES];
                let mut left = *len;
                while left > 0 {
                    let n = left.min(CHUNK as u64) as usize;
                    reader
                        .read_exact(&mut bytes[..n * KEY_BYTES])
                        .map_err(|e| io_error("reading", path, e))?;
                    for (key, raw) in buffer.iter_mut().zip(bytes.chunks_exact(KEY_BYTES)) {
                        for (word, b) in key.iter_mut().zip(raw.chunks_exact(8)) {
                            let mut w = [0u8; 8];
                            w.copy_from_slice(b);
                            *word = u64::from_le_bytes(w);
                        }
                    }
                    each(&buffer[..n])?;
                    left -= n as u64;
                }
                Ok(())
            }
        }
    }
}

fn io_error(doing: &str, path: &Path, source: std::io::Error) -> UniqueError {
    UniqueError::Io {
        context: std::format!("{doing} {}", path.display()),
        source,
    }
}

/// The spill directory, removed with everything in it when dropped.
struct SpillDir {
    path: PathBuf,
    files: usize,
}

impl Drop for SpillDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.path).ok();
    }
}

/// Where the next ply's keys go as they come out of the merge, in order.
enum Sink {
    Count,
    Memory(Vec<Key>),
    Disk {
        writer: BufWriter<FsFile>,
        path: PathBuf,
    },
}

/// One count's settings and spill state.
struct Run<'a> {
    backend: SliderBackend,
    chess960: bool,
    threads: usize,
    options: &'a UniqueOptions<'a>,
    spill: Option<SpillDir>,
    spilled_bytes: u64,
    passes: usize,
}

impl Run<'_> {
    fn stopped(&self) -> Result<(), UniqueError> {
        match self.options.stop {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(UniqueError::Stopped),
            _ => Ok(()),
        }
    }

    /// A new file in the spill directory, which is made on first use.
    fn spill_file(&mut self) -> Result<(BufWriter<FsFile>, PathBuf), UniqueError> {
        let dir = match &mut self.spill {
            Some(dir) => dir,
            None => {
                let base = match self.options.temp_dir {
                    Some(dir) => dir.to_path_buf(),
                    None => std::env::temp_dir(),
                };
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let path = base.join(std::format!(
                    "bitmove-unique-{}-{nanos:09}",
                    std::process::id()
                ));
                std::fs::create_dir(&path).map_err(|e| io_error("creating", &path, e))?;
                self.spill.insert(SpillDir { path, files: 0 })
            }
        };
        dir.files += 1;
        let path = dir.path.join(std::format!("ply-{}.keys", dir.files));
        let file = FsFile::create(&path).map_err(|e| io_error("creating", &path, e))?;
        Ok((BufWriter::with_capacity(1 << 20, file), path))
    }

    /// Expands `level` (the positions at ply `ply - 1`) into the distinct positions at `ply`:
    /// their number, and themselves unless `last`.
    fn expand(
        &mut self,
        level: &Level,
        ply: u32,
        depth: u32,
        last: bool,
    ) -> Result<(u64, Level), UniqueError> {
        let budget = self.options.memory_bytes;
        // How many children: an upper bound on what a pass must hold, found by counting.
        let mut children = 0u64;
        let backend = self.backend;
        let chess960 = self.chess960;
        let threads = self.threads;
        level.chunks(|chunk| {
            self.stopped()?;
            let count = |part: &[Key]| -> u64 {
                part.iter()
                    .map(|key| {
                        dispatch!(backend, |s| decode(s, key, chess960).count_with(s)) as u64
                    })
                    .sum()
            };
            children += std::thread::scope(|scope| {
                let parts: Vec<_> = chunk
                    .chunks(chunk.len().div_ceil(threads))
                    .map(|part| scope.spawn(move || count(part)))
                    .collect();
                parts
                    .into_iter()
                    .map(|part| part.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .sum::<u64>()
            });
            Ok(())
        })?;
        // The buffers of a spill file read: the bytes and the keys.
        let working = 2 * CHUNK * KEY_BYTES;
        let available = budget
            .saturating_sub(level.memory_bytes())
            .saturating_sub(working);
        let needed = (children as usize).saturating_mul(KEY_BYTES);
        // 1/8 headroom: buckets are even only on average.
        let per_pass = available / 9 * 8;
        let passes = if needed == 0 {
            1
        } else {
            needed.div_ceil(per_pass.max(1))
        };
        if passes > MAX_PASSES || per_pass < KEY_BYTES * CHUNK {
            return Err(UniqueError::TooLittleMemory {
                budget,
                needed: needed / MAX_PASSES + level.memory_bytes() + working + KEY_BYTES * CHUNK,
            });
        }
        self.passes = self.passes.max(passes);
        // The next ply (a third of the children, roughly) stays in memory if it is small.
        let mut sink = if last {
            Sink::Count
        } else if passes == 1 && needed / 3 <= budget / 4 {
            Sink::Memory(Vec::new())
        } else {
            let (writer, path) = self.spill_file()?;
            Sink::Disk { writer, path }
        };
        let mut total = 0u64;
        let capacity = (needed / passes / KEY_BYTES / self.threads) * 9 / 8 + CHUNK;
        for pass in 0..passes {
            let mut buffers: Vec<Vec<Key>> = (0..self.threads)
                .map(|_| Vec::with_capacity(capacity))
                .collect();
            let mut done = 0u64;
            level.chunks(|chunk| {
                self.stopped()?;
                let part = chunk.len().div_ceil(self.threads);
                std::thread::scope(|scope| {
                    for (slice, buffer) in chunk.chunks(part).zip(buffers.iter_mut()) {
                        scope.spawn(move || {
                            dispatch!(backend, |s| collect(
                                s, slice, chess960, pass, passes, buffer
                            ))
                        });
                    }
                });
                done += chunk.len() as u64;
                if let Some(progress) = self.options.progress {
                    progress(&UniqueProgress {
                        ply,
                        depth,
                        pass,
                        passes,
                        done,
                        parents: level.len(),
                    });
                }
                Ok(())
            })?;
            self.stopped()?;
            std::thread::scope(|scope| {
                for buffer in buffers.iter_mut() {
                    scope.spawn(move || {
                        buffer.sort_unstable();
                        buffer.dedup();
                    });
                }
            });
            total += merge(&buffers, &mut sink)?;
        }
        let next = match sink {
            Sink::Count => Level::Memory(Vec::new()),
            Sink::Memory(keys) => Level::Memory(keys),
            Sink::Disk { mut writer, path } => {
                writer.flush().map_err(|e| io_error("writing", &path, e))?;
                self.spilled_bytes += total * KEY_BYTES as u64;
                Level::Disk { path, len: total }
            }
        };
        Ok((total, next))
    }
}

/// Makes the children of `parents` that fall in bucket `pass` of `passes` and appends their
/// keys to `out`.
fn collect<S: Sliders>(
    s: S,
    parents: &[Key],
    chess960: bool,
    pass: usize,
    passes: usize,
    out: &mut Vec<Key>,
) {
    let pext = Pext::new();
    for key in parents {
        let board = decode(s, key, chess960);
        board.generate_with(s, |moves| {
            for mv in moves {
                let mut child = None;
                if passes > 1 {
                    let mut bucket_key = board.hash ^ board.key_change(moves.piece, mv);
                    if moves.piece == Piece::Pawn
                        && (mv.to as i32 - mv.from as i32).unsigned_abs() == 16
                    {
                        // A double step may leave an en-passant square in the key: take it out.
                        let mut made = board.clone();
                        made.play_piece::<S, true>(s, moves.piece, mv);
                        if let Some(ep) = made.en_passant {
                            bucket_key ^= zobrist::en_passant(ep.file());
                        }
                        child = Some(made);
                    }
                    if bucket(bucket_key, passes) != pass {
                        continue;
                    }
                }
                let child = child.unwrap_or_else(|| {
                    let mut child = board.clone();
                    child.play_piece::<S, false>(s, moves.piece, mv);
                    child
                });
                if out.len() == out.capacity() {
                    // Grow by an eighth: large blocks are remapped, not copied, so the peak
                    // stays near the size.
                    out.reserve_exact(out.len() / 8 + CHUNK);
                }
                out.push(encode(&child, ep_is_legal_with(s, &child), pext));
            }
            false
        });
    }
}

/// The bucket of a position whose Zobrist key without en passant is `key`.
#[inline]
fn bucket(key: u64, passes: usize) -> usize {
    ((u128::from(key) * passes as u128) >> 64) as usize
}

/// Merges the sorted, deduplicated `buffers` into `sink`, each key once; returns how many.
fn merge(buffers: &[Vec<Key>], sink: &mut Sink) -> Result<u64, UniqueError> {
    let mut heads = std::vec![0usize; buffers.len()];
    let mut count = 0u64;
    loop {
        let mut least: Option<Key> = None;
        for (buffer, &head) in buffers.iter().zip(&heads) {
            if let Some(&key) = buffer.get(head)
                && least.is_none_or(|l| key < l)
            {
                least = Some(key);
            }
        }
        let Some(key) = least else {
            return Ok(count);
        };
        for (buffer, head) in buffers.iter().zip(heads.iter_mut()) {
            if buffer.get(*head) == Some(&key) {
                *head += 1;
            }
        }
        count += 1;
        match sink {
            Sink::Count => {}
            Sink::Memory(keys) => keys.push(key),
            Sink::Disk { writer, path } => {
                let mut raw = [0u8; KEY_BYTES];
                for (chunk, word) in raw.chunks_exact_mut(8).zip(key) {
                    chunk.copy_from_slice(&word.to_le_bytes());
                }
                writer
                    .write_all(&raw)
                    .map_err(|e| io_error("writing", path, e))?;
            }
        }
    }
}

/// Whether an en-passant capture is legal on `board` (which keeps a square only when one is
/// pseudo-legal).
fn ep_is_legal(board: &Board) -> bool {
    dispatch!(SliderBackend::current(), |s| ep_is_legal_with(s, board))
}

#[inline]
fn ep_is_legal_with<S: Sliders>(s: S, board: &Board) -> bool {
    match board.en_passant {
        None => false,
        Some(ep) => board.en_passant_capturable(s, ep),
    }
}

/// Square codes: 0-5 White's pawn to king, 6-11 Black's; 12 and 13 a White or Black rook
/// with a castling right; 14 a pawn that may be taken en passant; 15 the White king with
/// Black to move (5 is the White king with White to move).
const WHITE_ROOK_CASTLING: u8 = 12;
const BLACK_ROOK_CASTLING: u8 = 13;
const EN_PASSANT_PAWN: u8 = 14;
const WHITE_KING_BLACK_TO_MOVE: u8 = 15;

/// The squares of each code on `board`.
fn code_squares(board: &Board, ep_legal: bool) -> [Bitboard; 16] {
    let mut squares = [Bitboard::EMPTY; 16];
    for color in Color::ALL {
        for piece in Piece::ALL {
            squares[color.index() * 6 + piece.index()] = board.colored_pieces(color, piece);
        }
    }
    let rooks = board.castling.rook_squares();
    let white_rooks = rooks & Rank::First.bitboard();
    let black_rooks = rooks & Rank::Eighth.bitboard();
    squares[3] -= white_rooks;
    squares[9] -= black_rooks;
    squares[WHITE_ROOK_CASTLING as usize] = white_rooks;
    squares[BLACK_ROOK_CASTLING as usize] = black_rooks;
    if let Some(ep) = board.en_passant.filter(|_| ep_legal) {
        let pawn = Square::new(ep.file(), Rank::Fifth.relative_to(board.side));
        let index = (!board.side).index() * 6;
        squares[index] -= pawn;
        squares[EN_PASSANT_PAWN as usize] = pawn.bitboard();
    }
    if board.side == Color::Black {
        squares[WHITE_KING_BLACK_TO_MOVE as usize] = squares[5];
        squares[5] = Bitboard::EMPTY;
    }
    squares
}

/// The exact key of `board`; `ep_legal` says whether its en-passant square counts. `pext`,
/// where the CPU has it, packs the planes in one instruction each.
#[inline]
pub(crate) fn encode(board: &Board, ep_legal: bool, pext: Option<Pext>) -> Key {
    let squares = code_squares(board, ep_legal);
    let mut planes = [Bitboard::EMPTY; 4];
    for (code, &set) in squares.iter().enumerate() {
        for (bit, plane) in planes.iter_mut().enumerate() {
            if code >> bit & 1 == 1 {
                *plane |= set;
            }
        }
    }
    let occupied = board.occupied();
    let mut packed = [0u64; 2];
    for (bit, plane) in planes.iter().enumerate() {
        let compressed = match pext {
            Some(pext) => pext.extract(plane.0, occupied.0),
            None => compress(plane.0, occupied.0),
        };
        packed[bit / 2] |= compressed << (32 * (bit % 2));
    }
    [occupied.0, packed[0], packed[1]]
}

/// The bits of `value` under `mask`, packed to the bottom (a software PEXT).
#[inline]
fn compress(value: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut mask = mask;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        out |= u64::from(value & low != 0) << bit;
        bit += 1;
        mask ^= low;
    }
    out
}

/// The board of a key made by [`encode`] (counters reset).
pub(crate) fn decode<S: Sliders>(s: S, key: &Key, chess960: bool) -> Board {
    let mut board = Board::empty(chess960);
    let packed = (u128::from(key[2]) << 64) | u128::from(key[1]);
    let mut kings = [None; 2];
    let mut castling_rooks = Bitboard::EMPTY;
    for (index, square) in Bitboard(key[0]).into_iter().enumerate() {
        let mut code = 0u8;
        for bit in 0..4 {
            let plane = (packed >> (64 * (bit / 2) + 32 * (bit % 2))) as u64;
            code |= ((plane >> index & 1) as u8) << bit;
        }
        let (color, piece) = match code {
            WHITE_ROOK_CASTLING => {
                castling_rooks |= square;
                (Color::White, Piece::Rook)
            }
            BLACK_ROOK_CASTLING => {
                castling_rooks |= square;
                (Color::Black, Piece::Rook)
            }
            EN_PASSANT_PAWN => {
                let color = if square.rank() == Rank::Fourth {
                    Color::White
                } else {
                    Color::Black
                };
                let behind = if color == Color::White { -1 } else { 1 };
                board.en_passant = square.offset(0, behind);
                (color, Piece::Pawn)
            }
            WHITE_KING_BLACK_TO_MOVE => {
                board.side = Color::Black;
                (Color::White, Piece::King)
            }
            _ => (
                Color::ALL[usize::from(code / 6).min(1)],
                Piece::ALL[usize::from(code % 6)],
            ),
        };
        if piece == Piece::King {
            kings[color.index()] = Some(square.file());
        }
        board.put(color, piece, square);
    }
    // A key with a castling rook always has its king on the back rank.
    for rook in castling_rooks {
        let color = if rook.rank() == Rank::First {
            Color::White
        } else {
            Color::Black
        };
        if let Some(king_file) = kings[color.index()] {
            board.castling.add(color, king_file, rook.file());
        }
    }
    board.hash = board.compute_hash();
    board.update_checks(s);
    board
}

/// A distinct position `ply` plies below a root, with its *multiplicity*: the number of move
/// sequences from the root that reach it. See [`work_units`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkUnit {
    /// The position (move counters reset: they change no count below it).
    pub board: Board,
    /// How many move sequences from the root reach it.
    pub multiplicity: u64,
}

/// The distinct positions `ply` plies below `board` (the same-position rule of
/// [`count_unique`]) with their multiplicities, in a fixed order (by exact key), so that a
/// unit's index names it in every run. Perft of the root at depth `d >= ply` is the sum of
/// `multiplicity * perft(unit, d - ply)`, and so is every statistic: the basis of splitting a
/// deep perft into pieces of work.
///
/// ```
/// use bitmove::{perft, work_units, Board};
///
/// let units = work_units(&Board::default(), 3);
/// assert_eq!(units.len(), 5_362);
/// assert_eq!(units.iter().map(|u| u.multiplicity).sum::<u64>(), 8_902);
/// let total: u64 = units.iter().map(|u| u.multiplicity * perft(&u.board, 2)).sum();
/// assert_eq!(total, perft(&Board::default(), 5));
/// ```
///
/// # Panics
///
/// If `ply` is greater than [`MAX_DEPTH`](crate::MAX_DEPTH).
pub fn work_units(board: &Board, ply: u32) -> Vec<WorkUnit> {
    let never = core::sync::atomic::AtomicBool::new(false);
    work_units_with_stop(board, ply, &never).unwrap_or_default()
}

/// [`work_units`] that gives up (`None`) once `stop` is set, read before each position of
/// each ply is expanded: for callers that must stay responsive (a deep `ply` takes long).
///
/// ```
/// use core::sync::atomic::{AtomicBool, Ordering};
/// use bitmove::{work_units, work_units_with_stop, Board};
///
/// let stop = AtomicBool::new(false);
/// let units = work_units_with_stop(&Board::default(), 2, &stop).unwrap();
/// assert_eq!(units, work_units(&Board::default(), 2));
/// stop.store(true, Ordering::Relaxed);
/// assert_eq!(work_units_with_stop(&Board::default(), 9, &stop), None);
/// ```
///
/// # Panics
///
/// If `ply` is greater than [`MAX_DEPTH`](crate::MAX_DEPTH).
pub fn work_units_with_stop(
    board: &Board,
    ply: u32,
    stop: &core::sync::atomic::AtomicBool,
) -> Option<Vec<WorkUnit>> {
    crate::perft::check_depth(ply);
    let backend = SliderBackend::current();
    let chess960 = board.is_chess960();
    let mut level: Vec<(Key, u64)> = std::vec![(encode(board, ep_is_legal(board), Pext::new()), 1)];
    for _ in 0..ply {
        let mut children: Vec<(Key, u64)> = Vec::new();
        for &(key, multiplicity) in &level {
            if stop.load(core::sync::atomic::Ordering::Relaxed) {
                return None;
            }
            dispatch!(backend, |s| {
                let parent = decode(s, &key, chess960);
                parent.generate_with(s, |moves| {
                    for mv in moves {
                        let mut child = parent.clone();
                        child.play_piece::<_, false>(s, moves.piece, mv);
                        let key = encode(&child, ep_is_legal_with(s, &child), Pext::new());
                        children.push((key, multiplicity));
                    }
                    false
                });
            });
        }
        children.sort_unstable_by_key(|&(key, _)| key);
        level.clear();
        for (key, multiplicity) in children {
            match level.last_mut() {
                Some((last, total)) if *last == key => *total += multiplicity,
                _ => level.push((key, multiplicity)),
            }
        }
    }
    Some(
        level
            .into_iter()
            .map(|(key, multiplicity)| WorkUnit {
                board: dispatch!(backend, |s| decode(s, &key, chess960)),
                multiplicity,
            })
            .collect(),
    )
}
