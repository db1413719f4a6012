//! Perft: the number of leaf nodes of the legal move tree, the proof that a move generator is
//! exact and the measure of its speed.
//!
//! At depth 1 the count is the sum of the set-shaped moves' sizes (a popcount; promotions
//! count four): leaves are never made.

mod depth2;
#[cfg(feature = "std")]
mod parallel;
#[cfg(feature = "std")]
mod seeded;
#[cfg(feature = "std")]
mod shared;
mod stats;
#[cfg(feature = "std")]
pub(crate) mod table;

use crate::Board;
use crate::Move;
use crate::attacks::{SliderBackend, Sliders, dispatch};
#[cfg(feature = "std")]
pub use parallel::{
    PerftOptions, divide_with, divide_with_stop, perft_with_options, perft_with_stop,
};
#[cfg(feature = "std")]
pub use shared::{PerftStatsTable, PerftTable};
pub use stats::PerftStats;
#[cfg(feature = "std")]
pub use stats::{divide_stats_with, perft_stats_with_options, perft_stats_with_stop};
#[cfg(feature = "std")]
use table::Table;

/// Without `std` there is no table; the type only fills the recursion's signature.
#[cfg(not(feature = "std"))]
struct Table;

#[cfg(not(feature = "std"))]
impl Table {
    fn get(&self, _hash: u64, _depth: u32) -> Option<u64> {
        None
    }

    fn set(&self, _hash: u64, _depth: u32, _nodes: u64) {}

    fn prefetch(&self, _hash: u64, _depth: u32) {}
}

/// The deepest depth the perft functions take ([`perft`], [`perft_stats`], [`divide`], the
/// `_with_options` and `_with_stop` variants, the shared tables, [`work_units`](crate::work_units)'s
/// `ply`): each ply is a stack frame of at most a few KiB, so this depth fits in the 2 MiB of a
/// spawned thread's stack. Deeper asks are a caller's error and panic (never a stack
/// overflow); no real count gets near it (depth 15 is years of computing).
pub const MAX_DEPTH: u32 = 256;

/// Panics unless `depth` is at most [`MAX_DEPTH`].
#[inline]
#[track_caller]
pub(crate) fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} is deeper than bitmove::MAX_DEPTH ({MAX_DEPTH})"
    );
}

/// The number of leaf nodes `depth` plies below `board`. `perft(board, 0)` is 1.
///
/// # Panics
///
/// If `depth` is greater than [`MAX_DEPTH`].
///
/// ```
/// use bitmove::{perft, Board};
///
/// assert_eq!(perft(&Board::default(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    check_depth(depth);
    dispatch!(SliderBackend::current(), |s| perft_with(s, board, depth))
}

/// Perft statistics: the leaves `depth` plies below `board` by kind (captures, checks by
/// kind, mates, ...); see [`PerftStats`]. `perft_stats(board, 0)` counts one node and nothing
/// else (no move reached it).
///
/// ```
/// use bitmove::{perft_stats, Board};
///
/// let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
///     .parse()
///     .unwrap();
/// let stats = perft_stats(&kiwipete, 2);
/// assert_eq!((stats.nodes, stats.captures, stats.castles, stats.checks), (2_039, 351, 91, 3));
/// ```
pub fn perft_stats(board: &Board, depth: u32) -> PerftStats {
    check_depth(depth);
    dispatch!(SliderBackend::current(), |s| stats::stats_with(
        s, board, depth, None
    ))
}

/// [`perft`] through a chosen backend, e.g. to compare backends.
pub fn perft_backend(backend: SliderBackend, board: &Board, depth: u32) -> u64 {
    check_depth(depth);
    dispatch!(backend, |s| perft_with(s, board, depth))
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order.
///
/// ```
/// use bitmove::{divide, Board};
///
/// let split = divide(&Board::default(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
#[cfg(feature = "std")]
pub fn divide(board: &Board, depth: u32) -> std::vec::Vec<(Move, u64)> {
    check_depth(depth);
    let depth = depth.max(1);
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// The depth-2 count of a board through the stamped-out `$depth2`, for either side to move.
macro_rules! depth2_any {
    ($depth2:ident, $s:expr, $board:expr) => {
        match $board.side {
            crate::Color::White => depth2::$depth2::<_, true>($s, $board),
            crate::Color::Black => depth2::$depth2::<_, false>($s, $board),
        }
    };
}

/// Stamps out the perft recursion with the given attributes, so that one body can be compiled
/// for several instruction sets (below). With `TT` the recursion keeps Zobrist keys up to date
/// and probes and fills `table` at every node of depth 2 and more.
macro_rules! perft_fn {
    ($(#[$attr:meta])* $name:ident, $depth2:ident, $prefetching:ident) => {
        /// The children of a hashed node, in batches: the table entries of a batch are
        /// prefetched from the children's keys (worked out without making them), then each is
        /// looked up, and only the misses are made and searched.
        $(#[$attr])*
        fn $prefetching<S: Sliders>(s: S, board: &Board, depth: u32, table: &Table) -> u64 {
            const BATCH: usize = 32;
            let search = |batch: &[(crate::Piece, Move, u64)]| -> u64 {
                let mut nodes = 0;
                for &(piece, mv, key) in batch {
                    nodes += match table.get(key, depth - 1) {
                        Some(n) => n,
                        None => {
                            // The key is known: make the move without hashing, and search
                            // the child without probing again for what just missed.
                            let mut child = board.clone();
                            child.play_piece::<S, false>(s, piece, mv);
                            child.hash = key;
                            let n = if depth - 1 == 2 {
                                depth2_any!($depth2, s, &child)
                            } else {
                                $prefetching::<S>(s, &child, depth - 1, table)
                            };
                            table.set(key, depth - 1, n);
                            n
                        }
                    };
                }
                nodes
            };
            let filler = (crate::Piece::Pawn, Move::new(crate::Square::A1, crate::Square::A1), 0);
            let mut batch = [filler; BATCH];
            let mut len = 0;
            let mut nodes = 0;
            board.generate_with(s, |moves| {
                for mv in moves {
                    let key = board.hash ^ board.key_change(moves.piece, mv);
                    table.prefetch(key, depth - 1);
                    batch[len] = (moves.piece, mv, key);
                    len += 1;
                    if len == BATCH {
                        nodes += search(&batch);
                        len = 0;
                    }
                }
                false
            });
            nodes + search(&batch[..len])
        }

        $(#[$attr])*
        fn $name<S: Sliders, const TT: bool>(
            s: S,
            board: &Board,
            depth: u32,
            table: Option<&Table>,
        ) -> u64 {
            match depth {
                0 => 1,
                1 => board.count_with(s) as u64,
                _ => {
                    if TT {
                        if let Some(nodes) = table.and_then(|t| t.get(board.hash, depth)) {
                            return nodes;
                        }
                    }
                    let mut nodes = 0;
                    if let Some(t) = table.filter(|_| TT && depth >= 3) {
                        nodes = $prefetching::<S>(s, board, depth, t);
                    } else if depth == 2 {
                        nodes = depth2_any!($depth2, s, board);
                    } else {
                        board.generate_with(s, |moves| {
                            for mv in moves {
                                let mut child = board.clone();
                                child.play_piece::<S, TT>(s, moves.piece, mv);
                                nodes += $name::<S, TT>(s, &child, depth - 1, table);
                            }
                            false
                        });
                    }
                    if TT {
                        if let Some(t) = table {
                            t.set(board.hash, depth, nodes);
                        }
                    }
                    nodes
                }
            }
        }
    };
}

perft_fn!(perft_baseline, perft2_baseline, prefetching_baseline);
#[cfg(target_arch = "x86_64")]
perft_fn!(
    #[target_feature(enable = "popcnt")]
    perft_popcnt,
    perft2_popcnt,
    prefetching_popcnt
);
#[cfg(target_arch = "x86_64")]
perft_fn!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    perft_modern,
    perft2_modern,
    prefetching_modern
);

/// Perft through `s`, compiled for the best instruction set this CPU has.
///
/// The x86-64 baseline has no POPCNT, so `count_ones` would be a dozen instructions; bulk
/// counting is mostly popcounts. Rather than ask users for RUSTFLAGS, the recursion is
/// compiled three times and CPUID picks one, once per call.
pub(crate) fn perft_with<S: Sliders>(s: S, board: &Board, depth: u32) -> u64 {
    perft_tt::<S, false>(s, board, depth, None)
}

fn perft_tt<S: Sliders, const TT: bool>(
    s: S,
    board: &Board,
    depth: u32,
    table: Option<&Table>,
) -> u64 {
    // The board may come from `play_unchecked`: work out its checkers and pins first.
    let board = &*board.checked(s);
    #[cfg(target_arch = "x86_64")]
    {
        use crate::attacks::cpu;
        if cpu::has_modern_bit_ops() {
            // SAFETY: CPUID reported POPCNT, LZCNT, BMI1 and BMI2, all that
            // `perft_modern` is compiled for.
            #[allow(unsafe_code)]
            return unsafe { perft_modern::<S, TT>(s, board, depth, table) };
        }
        if cpu::has_popcnt() {
            // SAFETY: CPUID reported POPCNT, the one feature `perft_popcnt` is compiled for.
            #[allow(unsafe_code)]
            return unsafe { perft_popcnt::<S, TT>(s, board, depth, table) };
        }
    }
    perft_baseline::<S, TT>(s, board, depth, table)
}
