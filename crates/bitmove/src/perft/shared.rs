//! Hash tables that outlive one call, for runs split into many pieces (work units) whose
//! counts should share what the table learned: each piece is counted on one thread, any
//! number of threads at once, all probing and filling the same table.

use super::stats::{StatsTable, stats_with};
use super::{Table, perft_tt};
use crate::attacks::{SliderBackend, dispatch};
use crate::{Board, PerftStats};

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
}

impl PerftTable {
    /// A table of at most `hash_mb` MiB (0: none, every call counts from scratch). Like the
    /// table of [`PerftOptions`](crate::PerftOptions), it starts at 1 MiB and grows as it fills.
    pub fn new(hash_mb: usize) -> PerftTable {
        PerftTable {
            table: (hash_mb > 0)
                .then(|| Table::with_bytes(hash_mb.saturating_mul(1 << 20)))
                .flatten(),
        }
    }

    /// [`perft`](crate::perft) of `board` on the calling thread, through the table: the same
    /// count. Many threads may call this at once on one table.
    pub fn perft(&self, board: &Board, depth: u32) -> u64 {
        dispatch!(SliderBackend::current(), |s| match &self.table {
            Some(t) => perft_tt::<_, true>(s, board, depth, Some(t)),
            None => perft_tt::<_, false>(s, board, depth, None),
        })
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
}

impl PerftStatsTable {
    /// A table of at most `hash_mb` MiB (0: none).
    pub fn new(hash_mb: usize) -> PerftStatsTable {
        PerftStatsTable {
            table: (hash_mb > 0)
                .then(|| StatsTable::with_bytes(hash_mb.saturating_mul(1 << 20)))
                .flatten(),
        }
    }

    /// [`perft_stats`](crate::perft_stats) of `board` on the calling thread, through the
    /// table: the same figures. Many threads may call this at once on one table.
    pub fn perft_stats(&self, board: &Board, depth: u32) -> PerftStats {
        if depth <= 1 {
            return crate::perft_stats(board, depth);
        }
        dispatch!(SliderBackend::current(), |s| stats_with(
            s,
            board,
            depth,
            self.table.as_ref()
        ))
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
        for hash_mb in [0, 1, 8] {
            let table = PerftTable::new(hash_mb);
            let stats_table = PerftStatsTable::new(hash_mb);
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
