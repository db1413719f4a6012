//! Perft with threads and a transposition table.
//!
//! The tree is cut one or more plies below the root into work items (deeper while there are
//! fewer than 64 per thread, so the load evens out), handed out dynamically through an
//! atomic counter: a thread that finishes early takes the next item. Every thread probes and
//! fills one shared lock-free [`Table`]. Results are identical to the plain recursion.

use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
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

    fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
        .min(Self::MAX_THREADS)
    }
}

/// [`perft`](crate::perft) with threads and an optional hash table.
pub fn perft_with_options(board: &Board, depth: u32, options: &PerftOptions) -> u64 {
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
    let depth = depth.max(1);
    let roots: Vec<Move> = board.legal_moves().to_vec();
    let threads = options.thread_count().max(1);
    let table = (options.hash_mb > 0)
        .then(|| Table::with_bytes(options.hash_mb.saturating_mul(1 << 20)))
        .flatten();

    // Work items: (root index, position), all `remaining` plies deep. Split further down
    // while there are few items per thread and the subtrees stay big enough to hand out.
    let mut remaining = depth - 1;
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
    // Bigger subtrees first, roughly: positions with more moves tend to have bigger trees.
    items.sort_by_key(|(_, b)| core::cmp::Reverse(b.count_moves()));

    let totals: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let backend = SliderBackend::current();
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some((root, position)) = items.get(i) else {
            break;
        };
        let nodes = dispatch!(backend, |s| match &table {
            Some(t) => perft_tt::<_, true>(s, position, remaining, Some(t)),
            None => perft_tt::<_, false>(s, position, remaining, None),
        });
        totals[*root].fetch_add(nodes, Ordering::Relaxed);
    };
    std::thread::scope(|scope| {
        // No more threads than work items: the others would find nothing to do.
        for _ in 1..threads.min(items.len()) {
            scope.spawn(work);
        }
        work();
    });
    roots
        .into_iter()
        .zip(totals)
        .map(|(mv, total)| (mv, total.into_inner()))
        .collect()
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
