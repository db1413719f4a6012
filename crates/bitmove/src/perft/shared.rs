//! Hash tables that outlive one call, for runs split into many pieces (work units) whose
//! counts should share what the table learned: each piece is counted on one thread, any
//! number of threads at once, all probing and filling the same table.

use super::seeded::{HashKeys, perft_seeded, stats_seeded};
use super::stats::{StatsTable, stats_with};
use super::{Table, perft_tt};
use crate::attacks::{SliderBackend, dispatch};
use crate::{Board, PerftStats};
use core::sync::atomic::AtomicBool;

/// A perft hash table to share between calls and threads: see [`PerftTable::perft`].
///
/// ```
/// use bitmove::{perft, work_units, Board, PerftTable};
///
/// let table = PerftTable::new(16);
/// let total: u64 = work_units(&Board::default(), 2)
///     .iter()
///     .map(|unit| unit.multiplicity * table.perft(&unit.board, 3))
///     .sum();
/// assert_eq!(total, perft(&Board::default(), 5));
/// ```
pub struct PerftTable {
    table: Option<Table>,
    keys: Option<std::boxed::Box<HashKeys>>,
}

impl PerftTable {
    /// A table of at most `hash_mb` MiB (0: none, every call counts from scratch). Like the
    /// table of [`PerftOptions`](crate::PerftOptions), it starts at 1 MiB and grows as it fills.
    pub fn new(hash_mb: usize) -> PerftTable {
        PerftTable {
            table: (hash_mb > 0)
                .then(|| Table::with_bytes(hash_mb.saturating_mul(1 << 20)))
                .flatten(),
            keys: None,
        }
    }

    /// A table keyed not by the Polyglot keys but by a key set drawn from `seed`: two runs
    /// with different seeds have independent collisions, so a false table hit (or a flipped
    /// bit) shows as a difference between them. A little slower than [`PerftTable::new`]
    /// (keys are computed from scratch at each probe, and probes start at depth 3).
    ///
    /// ```
    /// use bitmove::{perft, Board, PerftTable};
    ///
    /// let table = PerftTable::with_seed(16, 42);
    /// assert_eq!(table.perft(&Board::default(), 5), perft(&Board::default(), 5));
    /// ```
    pub fn with_seed(hash_mb: usize, seed: u64) -> PerftTable {
        PerftTable {
            keys: Some(std::boxed::Box::new(HashKeys::new(seed))),
            ..PerftTable::new(hash_mb)
        }
    }

    /// [`perft`](crate::perft) of `board` on the calling thread, through the table: the same
    /// count. Many threads may call this at once on one table.
    ///
    /// # Panics
    ///
    /// If `depth` is greater than [`MAX_DEPTH`](crate::MAX_DEPTH).
    pub fn perft(&self, board: &Board, depth: u32) -> u64 {
        super::check_depth(depth);
        dispatch!(
            SliderBackend::current(),
            |s| match (&self.table, &self.keys) {
                (Some(t), Some(keys)) => perft_seeded(s, board, depth, t, keys),
                (Some(t), None) => perft_tt::<_, true>(s, board, depth, Some(t)),
                (None, _) => perft_tt::<_, false>(s, board, depth, None),
            }
        )
    }

    /// [`PerftTable::perft`] that gives up (`None`) once `stop` is set, read between
    /// subtrees of at most four plies (see [`perft_with_stop`](crate::perft_with_stop)).
    ///
    /// ```
    /// use core::sync::atomic::{AtomicBool, Ordering};
    /// use bitmove::{Board, PerftTable};
    ///
    /// let table = PerftTable::new(16);
    /// let stop = AtomicBool::new(false);
    /// assert_eq!(table.perft_with_stop(&Board::default(), 5, &stop), Some(4_865_609));
    /// stop.store(true, Ordering::Relaxed);
    /// assert_eq!(table.perft_with_stop(&Board::default(), 9, &stop), None);
    /// ```
    pub fn perft_with_stop(&self, board: &Board, depth: u32, stop: &AtomicBool) -> Option<u64> {
        super::check_depth(depth);
        super::parallel::split_stoppable(board, depth, stop, &|b: &Board, d| self.perft(b, d))
    }
}

/// A hash table of perft statistics to share between calls and threads: see
/// [`PerftStatsTable::perft_stats`].
///
/// ```
/// use bitmove::{perft_stats, work_units, Board, PerftStats, PerftStatsTable};
///
/// let table = PerftStatsTable::new(16);
/// let total: PerftStats = work_units(&Board::default(), 2)
///     .iter()
///     .map(|unit| table.perft_stats(&unit.board, 2) * unit.multiplicity)
///     .sum();
/// assert_eq!(total, perft_stats(&Board::default(), 4));
/// ```
pub struct PerftStatsTable {
    table: Option<StatsTable>,
    keys: Option<std::boxed::Box<HashKeys>>,
}

impl PerftStatsTable {
    /// A table of at most `hash_mb` MiB (0: none).
    pub fn new(hash_mb: usize) -> PerftStatsTable {
        PerftStatsTable {
            table: (hash_mb > 0)
                .then(|| StatsTable::with_bytes(hash_mb.saturating_mul(1 << 20)))
                .flatten(),
            keys: None,
        }
    }

    /// A table keyed by a key set drawn from `seed`, as [`PerftTable::with_seed`]: a second
    /// run with another seed checks the first against false table hits.
    ///
    /// ```
    /// use bitmove::{perft_stats, Board, PerftStatsTable};
    ///
    /// let table = PerftStatsTable::with_seed(16, 7);
    /// assert_eq!(table.perft_stats(&Board::default(), 4), perft_stats(&Board::default(), 4));
    /// ```
    pub fn with_seed(hash_mb: usize, seed: u64) -> PerftStatsTable {
        PerftStatsTable {
            keys: Some(std::boxed::Box::new(HashKeys::new(seed))),
            ..PerftStatsTable::new(hash_mb)
        }
    }

    /// [`perft_stats`](crate::perft_stats) of `board` on the calling thread, through the
    /// table: the same figures. Many threads may call this at once on one table.
    ///
    /// # Panics
    ///
    /// If `depth` is greater than [`MAX_DEPTH`](crate::MAX_DEPTH).
    pub fn perft_stats(&self, board: &Board, depth: u32) -> PerftStats {
        super::check_depth(depth);
        if depth <= 1 {
            return crate::perft_stats(board, depth);
        }
        dispatch!(
            SliderBackend::current(),
            |s| match (&self.table, &self.keys) {
                (Some(table), Some(keys)) => stats_seeded(s, board, depth, table, keys),
                (table, _) => stats_with(s, board, depth, table.as_ref()),
            }
        )
    }

    /// [`PerftStatsTable::perft_stats`] that gives up (`None`) once `stop` is set, read
    /// between subtrees of at most four plies.
    ///
    /// ```
    /// use core::sync::atomic::AtomicBool;
    /// use bitmove::{perft_stats, Board, PerftStatsTable};
    ///
    /// let table = PerftStatsTable::new(16);
    /// let stop = AtomicBool::new(false);
    /// let board = Board::default();
    /// assert_eq!(table.perft_stats_with_stop(&board, 5, &stop), Some(perft_stats(&board, 5)));
    /// ```
    pub fn perft_stats_with_stop(
        &self,
        board: &Board,
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<PerftStats> {
        super::check_depth(depth);
        super::parallel::split_stoppable(board, depth, stop, &|b: &Board, d| self.perft_stats(b, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::work_units;

    #[test]
    fn shared_tables_change_no_count() {
        let kiwipete: Board =
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                .parse()
                .unwrap();
        for (hash_mb, seed) in [(0, None), (1, None), (8, None), (1, Some(7)), (8, Some(8))] {
            let table = match seed {
                Some(seed) => PerftTable::with_seed(hash_mb, seed),
                None => PerftTable::new(hash_mb),
            };
            let stats_table = match seed {
                Some(seed) => PerftStatsTable::with_seed(hash_mb, seed),
                None => PerftStatsTable::new(hash_mb),
            };
            for depth in 0..=4 {
                assert_eq!(
                    table.perft(&kiwipete, depth),
                    crate::perft(&kiwipete, depth)
                );
                assert_eq!(
                    stats_table.perft_stats(&kiwipete, depth),
                    crate::perft_stats(&kiwipete, depth)
                );
            }
            // Two threads over the units of one split, one table.
            let units = work_units(&kiwipete, 1);
            let (a, b) = units.split_at(units.len() / 2);
            let count = |part: &[crate::WorkUnit]| -> u64 {
                part.iter()
                    .map(|u| u.multiplicity * table.perft(&u.board, 3))
                    .sum()
            };
            let total = std::thread::scope(|scope| {
                let other = scope.spawn(|| count(b));
                count(a) + other.join().unwrap()
            });
            assert_eq!(total, 4_085_603);
        }
    }
}

#[cfg(test)]
mod seed_tests {
    use super::*;

    #[test]
    fn seeded_keys_are_independent_of_polyglot_and_of_each_other() {
        // Different seeds give different keys for one position; equal Polyglot keys (the same
        // position) give equal seeded keys; a move changes the key.
        let start = Board::default();
        let (a, b) = (HashKeys::new(1), HashKeys::new(2));
        assert_ne!(a.key(&start), b.key(&start));
        assert_ne!(a.key(&start), start.hash());
        let again: Board = start.to_string().parse().unwrap();
        assert_eq!(a.key(&again), a.key(&start));
        let mut moved = start.clone();
        moved.play(moved.parse_uci("e2e4").unwrap()).unwrap();
        assert_ne!(a.key(&moved), a.key(&start));
        // A tiny table forces replacement: counts stay exact.
        let table = PerftTable::with_seed(1, 3);
        assert_eq!(table.perft(&start, 6), 119_060_324);
    }
}
