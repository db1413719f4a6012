//! The hash table of whole statistics, for stats runs with a hash size.

use super::PerftStats;
#[cfg(feature = "std")]
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering, fence};

/// A hash table of whole statistics, for stats runs with `hash_mb`: one slot per key,
/// replaced always. Probed at depth 2 and more, where a node's subtree is worth far more than
/// the probe.
///
/// A slot is 22 words: a sequence number, the key, the depth (0: empty) and the 18 fields
/// (the last word unused), each an atomic. A writer makes the sequence number odd, writes, and
/// makes it even again; a reader keeps what it read only if the number was even and unchanged
/// around its reads (a seqlock), so a slot being written is a miss, never torn statistics.
///
/// Like the perft table, the whole budget is reserved at once (zeroed pages from the kernel,
/// not touched) but used from the front: 1 MiB at first, doubled whenever the stores pass half
/// the slots in use, up to the budget. A short run thus touches a few megabytes even with a
/// huge `hash_mb` (a table of `2^20` MiB once took 64 s and 22 GB before the first node was
/// counted). Entries whose slot moves with a doubling are not carried over: they are
/// recomputed when needed.
#[cfg(feature = "std")]
pub(in crate::perft) struct StatsTable {
    words: std::boxed::Box<[[AtomicU64; 2]]>,
    /// The number of slots the budget holds (a power of two).
    slots: usize,
    /// The number of slots in use minus one; only grows.
    mask: AtomicUsize,
    /// Stores seen, sampled (one in 2^SAMPLE_BITS keys).
    sampled_stores: AtomicUsize,
}

/// Word pairs per slot: sequence, key, depth, 18 fields, one spare.
#[cfg(feature = "std")]
const PAIRS: usize = 11;
#[cfg(feature = "std")]
const SLOT_BYTES: usize = PAIRS * 16;
/// One store in 2^SAMPLE_BITS is counted towards growing.
#[cfg(feature = "std")]
const SAMPLE_BITS: u32 = 6;

#[cfg(feature = "std")]
impl StatsTable {
    /// The slots in use at first: 1 MiB worth, if the budget allows.
    const FIRST_SLOTS: usize = (1 << 20) / SLOT_BYTES;

    /// A table of at most `bytes`, a power of two slots; `None` when not even one fits or the
    /// allocator refuses every size down to 64 KiB.
    pub(in crate::perft) fn with_bytes(bytes: usize) -> Option<StatsTable> {
        let mut count = (bytes / SLOT_BYTES).checked_next_power_of_two()?;
        if count.checked_mul(SLOT_BYTES)? > bytes {
            count /= 2;
        }
        while count * SLOT_BYTES >= 1 << 16 {
            if let Some(words) = super::super::table::zeroed_entries(count * PAIRS) {
                super::super::table::advise_huge_pages(&words);
                return Some(StatsTable {
                    words,
                    slots: count,
                    mask: AtomicUsize::new(count.min(Self::FIRST_SLOTS.next_power_of_two()) - 1),
                    sampled_stores: AtomicUsize::new(0),
                });
            }
            count /= 2;
        }
        None
    }

    /// The number of slots the budget holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots
    }

    /// The number of slots in use now.
    #[cfg(test)]
    fn in_use(&self) -> usize {
        self.mask.load(Ordering::Relaxed) + 1
    }

    #[inline]
    fn mixed(key: u64, depth: u32) -> u64 {
        key ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The words of the slot of `mixed` at the present size.
    #[inline]
    fn slot(&self, mixed: u64) -> impl Iterator<Item = &AtomicU64> {
        let index = (mixed as usize) & self.mask.load(Ordering::Relaxed);
        self.words[index * PAIRS..][..PAIRS].iter().flatten()
    }

    pub(in crate::perft) fn get(&self, key: u64, depth: u32) -> Option<PerftStats> {
        let mut words = self.slot(Self::mixed(key, depth));
        let seq = words.next()?;
        let before = seq.load(Ordering::Acquire);
        if before & 1 == 1 {
            return None;
        }
        let mut values = [0u64; PerftStats::FIELD_COUNT + 2];
        for (value, word) in values.iter_mut().zip(words) {
            *value = word.load(Ordering::Relaxed);
        }
        fence(Ordering::Acquire);
        if seq.load(Ordering::Relaxed) != before
            || values[0] != key
            || values[1] != u64::from(depth)
        {
            return None;
        }
        let mut fields = [0u64; PerftStats::FIELD_COUNT];
        fields.copy_from_slice(&values[2..]);
        Some(PerftStats::from_values(fields))
    }

    pub(in crate::perft) fn set(&self, key: u64, depth: u32, stats: &PerftStats) {
        if self.store(key, depth, stats) {
            self.count_store(Self::mixed(key, depth));
        }
    }

    /// Writes an entry (unless another thread is writing its slot): whether it did.
    fn store(&self, key: u64, depth: u32, stats: &PerftStats) -> bool {
        let mixed = Self::mixed(key, depth);
        let mut words = self.slot(mixed);
        let Some(seq) = words.next() else {
            return false;
        };
        let before = seq.load(Ordering::Relaxed);
        // Another thread is writing this slot: leave it to that one.
        if before & 1 == 1
            || seq
                .compare_exchange(before, before + 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return false;
        }
        fence(Ordering::Release);
        let values = [key, u64::from(depth)].into_iter().chain(stats.values());
        for (word, value) in words.zip(values) {
            word.store(value, Ordering::Relaxed);
        }
        seq.store(before + 2, Ordering::Release);
        true
    }

    /// Counts a store and doubles the slots in use when the stores pass half of them.
    #[inline]
    fn count_store(&self, mixed: u64) {
        if mixed >> (64 - SAMPLE_BITS) != 0 {
            return;
        }
        let stores = (self.sampled_stores.fetch_add(1, Ordering::Relaxed) + 1) << SAMPLE_BITS;
        let mask = self.mask.load(Ordering::Relaxed);
        if stores > mask.div_ceil(2) && mask < self.slots - 1 {
            // Another thread may have doubled it meanwhile; then this one leaves it be.
            if self
                .mask
                .compare_exchange(mask, mask * 2 + 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                self.spread(mask);
            }
        }
    }

    /// After a doubling from `old_mask + 1` slots: copies each entry whose slot index gained
    /// a bit to its new slot, so that growing loses (almost) nothing. Other threads go on
    /// meanwhile; a slot being written is skipped, which only costs recomputing it.
    #[cold]
    fn spread(&self, old_mask: usize) {
        let moved_bit = old_mask + 1;
        for index in 0..moved_bit {
            let mut words = self.words[index * PAIRS..][..PAIRS].iter().flatten();
            let Some(seq) = words.next() else {
                continue;
            };
            let before = seq.load(Ordering::Acquire);
            if before & 1 == 1 {
                continue;
            }
            let mut values = [0u64; PerftStats::FIELD_COUNT + 2];
            for (value, word) in values.iter_mut().zip(words) {
                *value = word.load(Ordering::Relaxed);
            }
            fence(Ordering::Acquire);
            let Ok(depth) = u32::try_from(values[1]) else {
                continue;
            };
            if seq.load(Ordering::Relaxed) != before
                || depth == 0
                || Self::mixed(values[0], depth) as usize & moved_bit == 0
            {
                continue;
            }
            let mut fields = [0u64; PerftStats::FIELD_COUNT];
            fields.copy_from_slice(&values[2..]);
            self.store(values[0], depth, &PerftStats::from_values(fields));
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn a_huge_budget_is_reserved_not_touched() {
        // 2^20 MiB: refused and halved until the allocator gives it, only 1 MiB in use.
        let table = StatsTable::with_bytes(1 << 40).unwrap();
        assert!(table.len() >= 1 << 10, "{}", table.len());
        assert!(table.in_use() <= (1 << 20) / SLOT_BYTES * 2);
        let stats = PerftStats {
            nodes: 5,
            stalemates: 7,
            ..PerftStats::default()
        };
        table.set(42, 3, &stats);
        assert_eq!(table.get(42, 3), Some(stats));
        assert_eq!(table.get(42, 4), None);
        assert_eq!(table.get(43, 3), None);
    }

    #[test]
    fn grows_as_it_fills_and_stays_within_its_budget() {
        let table = StatsTable::with_bytes(64 << 20).unwrap();
        assert_eq!(table.len(), (64 << 20) / 256); // 176-byte slots: a power of two that fits
        let first = table.in_use();
        for i in 1..=200_000u64 {
            table.set(
                i.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                2,
                &PerftStats::default(),
            );
        }
        assert!(table.in_use() > first, "{} {}", table.in_use(), first);
        assert!(table.in_use() <= table.len());
    }

    #[test]
    fn many_threads_never_read_torn_statistics() {
        let table = StatsTable::with_bytes(1 << 20).unwrap();
        std::thread::scope(|scope| {
            for t in 1..=4u64 {
                let table = &table;
                scope.spawn(move || {
                    for round in 0..20_000u64 {
                        let n = t * 1_000_000 + round;
                        let stats = PerftStats {
                            nodes: n,
                            captures: n,
                            stalemates: n,
                            ..PerftStats::default()
                        };
                        table.set(round % 64, 3, &stats);
                        if let Some(seen) = table.get((round + 1) % 64, 3) {
                            assert_eq!(seen.nodes, seen.captures);
                            assert_eq!(seen.nodes, seen.stalemates);
                        }
                    }
                });
            }
        });
    }
}

/// Without `std` there is no table; the type only fills the recursion's signature.
#[cfg(not(feature = "std"))]
pub(in crate::perft) struct StatsTable;

#[cfg(not(feature = "std"))]
impl StatsTable {
    pub(super) fn get(&self, _key: u64, _depth: u32) -> Option<PerftStats> {
        None
    }

    pub(super) fn set(&self, _key: u64, _depth: u32, _stats: &PerftStats) {}
}
