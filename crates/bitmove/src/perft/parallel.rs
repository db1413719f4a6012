//! Perft with threads and a transposition table.
//!
//! The tree is cut one or more plies below the root into work items (deeper while there are
//! fewer than 64 per thread, so the load evens out), handed out dynamically through an
//! atomic counter: a thread that finishes early takes the next item. Every thread probes and
//! fills one shared lock-free [`Table`]. Results are identical to the plain recursion.

use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::vec::Vec;

use super::{Table, perft_tt};
use crate::attacks::{SliderBackend, dispatch};
use crate::{Board, Move};

/// How to run perft: threads and hash table size.
///
/// ```
/// use bitmove::{perft_with_options, Board, PerftOptions};
///
/// let options = PerftOptions { threads: 2, hash_mb: 16 };
/// assert_eq!(perft_with_options(&Board::default(), 5, &options), 4_865_609);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// Worker threads; 0 means one per available core. At most
    /// [`MAX_THREADS`](PerftOptions::MAX_THREADS) are used, and never more than there are
    /// pieces of work.
    pub threads: usize,
    /// Transposition table budget in MiB; 0 means no table. The table starts at 1 MiB and
    /// doubles as it fills, never past this (nor past what the allocator can reserve: a
    /// budget it refuses is halved until it fits).
    pub hash_mb: usize,
}

impl Default for PerftOptions {
    /// All cores, no hash table.
    fn default() -> PerftOptions {
        PerftOptions {
            threads: 0,
            hash_mb: 0,
        }
    }
}

impl PerftOptions {
    /// The most threads a run uses: past this, more threads only add start-up time and split
    /// the tree into more items than there is use for.
    pub const MAX_THREADS: usize = 1024;

    pub(crate) fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
        .min(Self::MAX_THREADS)
    }
}

/// [`perft`](crate::perft) with threads and an optional hash table.
pub fn perft_with_options(board: &Board, depth: u32, options: &PerftOptions) -> u64 {
    super::check_depth(depth);
    if depth <= 1 || (options.thread_count() == 1 && options.hash_mb == 0) {
        return crate::perft(board, depth);
    }
    divide_with(board, depth, options)
        .iter()
        .map(|(_, nodes)| nodes)
        .sum()
}

/// [`divide`](crate::divide) with threads and an optional hash table: each root move with
/// the number of leaves below it, in generation order.
pub fn divide_with(board: &Board, depth: u32, options: &PerftOptions) -> Vec<(Move, u64)> {
    split_count(board, depth, options, None).unwrap_or_default()
}

/// Subtrees this deep or shallower are counted without looking at the stop flag: a few
/// million leaves at most in real positions, a few milliseconds.
pub(super) const UNSTOPPABLE_DEPTH: u32 = 4;

/// [`perft_with_options`] that gives up when `stop` is set, for callers that must stay
/// responsive (a Ctrl-C handler, a time limit, a user interface): `None` when the flag was
/// seen set, else the count.
///
/// The flag is read between subtrees of at most four plies, so a stop takes effect within
/// milliseconds in real positions. Counts are identical to [`perft_with_options`]; checking the
/// flag costs well under one per cent.
///
/// ```
/// use core::sync::atomic::{AtomicBool, Ordering};
/// use bitmove::{perft_with_stop, Board, PerftOptions};
///
/// let stop = AtomicBool::new(false);
/// let options = PerftOptions { threads: 2, hash_mb: 0 };
/// assert_eq!(perft_with_stop(&Board::default(), 5, &options, &stop), Some(4_865_609));
///
/// stop.store(true, Ordering::Relaxed); // e.g. from another thread
/// assert_eq!(perft_with_stop(&Board::default(), 9, &options, &stop), None);
/// ```
pub fn perft_with_stop(
    board: &Board,
    depth: u32,
    options: &PerftOptions,
    stop: &AtomicBool,
) -> Option<u64> {
    super::check_depth(depth);
    if depth <= 1 {
        return (!stop.load(Ordering::Relaxed)).then(|| crate::perft(board, depth));
    }
    let split = split_count(board, depth, options, Some(stop))?;
    Some(split.iter().map(|(_, nodes)| nodes).sum())
}

/// [`divide_with`] that gives up when `stop` is set: `None` when the flag was seen set, else
/// each root move with its count. See [`perft_with_stop`].
///
/// ```
/// use core::sync::atomic::AtomicBool;
/// use bitmove::{divide_with_stop, Board, PerftOptions};
///
/// let stop = AtomicBool::new(false);
/// let split = divide_with_stop(&Board::default(), 3, &PerftOptions::default(), &stop);
/// assert_eq!(split.map(|s| s.len()), Some(20));
/// ```
pub fn divide_with_stop(
    board: &Board,
    depth: u32,
    options: &PerftOptions,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    split_count(board, depth, options, Some(stop))
}

/// `count(board, depth)` split into subtrees of at most [`UNSTOPPABLE_DEPTH`] plies, `stop`
/// read before each: `None` once it is set. For any count that is the sum of its children's
/// counts one ply less deep (perft, statistics), through any table.
pub(super) fn split_stoppable<T: core::ops::AddAssign + Default>(
    board: &Board,
    depth: u32,
    stop: &AtomicBool,
    count: &impl Fn(&Board, u32) -> T,
) -> Option<T> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= UNSTOPPABLE_DEPTH {
        return Some(count(board, depth));
    }
    let mut total = T::default();
    for &mv in board.legal_moves().iter() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        total += split_stoppable(&child, depth - 1, stop, count)?;
    }
    Some(total)
}

/// The work of [`divide_with`], stopping early (`None`) when `stop` is given and set.
fn split_count(
    board: &Board,
    depth: u32,
    options: &PerftOptions,
    stop: Option<&AtomicBool>,
) -> Option<Vec<(Move, u64)>> {
    super::check_depth(depth);
    let threads = options.thread_count().max(1);
    let (roots, items, remaining) = work_items(board, depth, threads);
    let table = (options.hash_mb > 0)
        .then(|| Table::with_bytes(options.hash_mb.saturating_mul(1 << 20)))
        .flatten();

    let totals: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let backend = SliderBackend::current();
    let count = |position: &Board, depth: u32| {
        dispatch!(backend, |s| match &table {
            Some(t) => perft_tt::<_, true>(s, position, depth, Some(t)),
            None => perft_tt::<_, false>(s, position, depth, None),
        })
    };
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some((root, position)) = items.get(i) else {
            break;
        };
        let nodes = match stop {
            None => count(position, remaining),
            Some(flag) => match split_stoppable(position, remaining, flag, &count) {
                Some(nodes) => nodes,
                None => break,
            },
        };
        totals[*root].fetch_add(nodes, Ordering::Relaxed);
    };
    std::thread::scope(|scope| {
        // No more threads than work items: the others would find nothing to do.
        // A thread the system cannot start is one helper less, not an error.
        for _ in 1..threads.min(items.len()) {
            if std::thread::Builder::new()
                .spawn_scoped(scope, work)
                .is_err()
            {
                break;
            }
        }
        work();
    });
    if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
        return None;
    }
    Some(
        roots
            .into_iter()
            .zip(totals)
            .map(|(mv, total)| (mv, total.into_inner()))
            .collect(),
    )
}

/// The work of a threaded run: the root moves, and positions `remaining` plies above the
/// leaves, each with the index of its root move. Split one ply below the root, and further
/// while there are few items per thread and the subtrees stay big enough to hand out; bigger
/// subtrees (roughly: more moves) first.
pub(super) fn work_items(
    board: &Board,
    depth: u32,
    threads: usize,
) -> (Vec<Move>, Vec<(usize, Board)>, u32) {
    let roots: Vec<Move> = board.legal_moves().to_vec();
    let mut remaining = depth.max(1) - 1;
    let mut items: Vec<(usize, Board)> = roots
        .iter()
        .enumerate()
        .map(|(index, &mv)| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            (index, child)
        })
        .collect();
    while threads > 1 && !items.is_empty() && items.len() < 64 * threads && remaining >= 4 {
        items = items
            .into_iter()
            .flat_map(|(index, position)| {
                position.legal_moves().to_vec().into_iter().map(move |mv| {
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    (index, child)
                })
            })
            .collect();
        remaining -= 1;
    }
    items.sort_by_key(|(_, b)| core::cmp::Reverse(b.count_moves()));
    (roots, items, remaining)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_ends_when_the_game_does() {
        // Mated at the root: there is nothing to split.
        let mated: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
            .parse()
            .unwrap();
        let options = PerftOptions {
            threads: 2,
            hash_mb: 0,
        };
        assert_eq!(perft_with_options(&mated, 6, &options), 0);
        assert!(divide_with(&mated, 6, &options).is_empty());
    }

    #[test]
    fn a_stop_flag_changes_no_count_and_stops_a_deep_run() {
        let kiwipete: Board =
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                .parse()
                .unwrap();
        let stop = AtomicBool::new(false);
        for (threads, hash_mb) in [(1, 0), (2, 0), (1, 1), (2, 4)] {
            let options = PerftOptions { threads, hash_mb };
            // Depth 6: the subtrees below the root are deeper than UNSTOPPABLE_DEPTH.
            assert_eq!(
                perft_with_stop(&Board::default(), 6, &options, &stop),
                Some(119_060_324),
                "{options:?}"
            );
            assert_eq!(
                divide_with_stop(&kiwipete, 3, &options, &stop),
                Some(crate::divide(&kiwipete, 3))
            );
            assert_eq!(perft_with_stop(&kiwipete, 1, &options, &stop), Some(48));
        }
        // Set from another thread while a depth-9 run (hours) is under way.
        let started = std::time::Instant::now();
        let result = std::thread::scope(|scope| {
            let run = scope.spawn(|| {
                perft_with_stop(
                    &kiwipete,
                    9,
                    &PerftOptions {
                        threads: 2,
                        hash_mb: 0,
                    },
                    &stop,
                )
            });
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
            run.join().unwrap()
        });
        assert_eq!(result, None);
        assert!(
            started.elapsed().as_secs_f64() < 2.0,
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn threads_and_hash_change_nothing() {
        let kiwipete: Board =
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                .parse()
                .unwrap();
        let plain = crate::divide(&kiwipete, 3);
        for (threads, hash_mb) in [(1, 1), (2, 0), (3, 1), (2, 4)] {
            let options = PerftOptions { threads, hash_mb };
            assert_eq!(divide_with(&kiwipete, 3, &options), plain, "{options:?}");
            assert_eq!(perft_with_options(&kiwipete, 4, &options), 4_085_603);
        }
    }
}

#[cfg(test)]
mod depth_limit_tests {
    use super::*;
    use crate::MAX_DEPTH;

    #[test]
    fn the_deepest_depth_fits_a_spawned_threads_stack() {
        // Descends MAX_DEPTH plies at once (depth first), then is stopped: a stack overflow
        // would abort the test binary.
        let stop = AtomicBool::new(false);
        let options = PerftOptions {
            threads: 1,
            hash_mb: 1,
        };
        std::thread::scope(|scope| {
            let run = std::thread::Builder::new()
                .stack_size(2 << 20)
                .spawn_scoped(scope, || {
                    perft_with_stop(&Board::default(), MAX_DEPTH, &options, &stop)
                })
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
            assert_eq!(run.join().unwrap(), None);
            let stats = std::thread::Builder::new()
                .stack_size(2 << 20)
                .spawn_scoped(scope, || {
                    crate::perft_stats_with_stop(&Board::default(), MAX_DEPTH, &options, &stop)
                })
                .unwrap();
            assert_eq!(stats.join().unwrap(), None);
        });
    }

    #[test]
    #[should_panic(expected = "MAX_DEPTH")]
    fn deeper_is_a_panic_not_a_stack_overflow() {
        crate::perft(&Board::default(), MAX_DEPTH + 1);
    }

    #[test]
    #[should_panic(expected = "MAX_DEPTH")]
    fn deeper_stats_is_a_panic() {
        crate::perft_stats(&Board::default(), 2500);
    }
}
