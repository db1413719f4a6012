//! The hash table of whole statistics, for stats runs with a hash size.

use super::PerftStats;

/// A hash table of whole statistics, for stats runs with `hash_mb`: a mutex per slot (the
/// entries are 144 bytes, too big to update atomically), replaced always. Probed at depth 2
/// and more, where a node's subtree is worth far more than the lock.
#[cfg(feature = "std")]
pub(in crate::perft) struct StatsTable {
    slots: std::vec::Vec<std::sync::Mutex<Slot>>,
    mask: usize,
}

/// One entry: the full key, the depth (0: empty) and the statistics.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    depth: u32,
    stats: PerftStats,
}

#[cfg(feature = "std")]
impl StatsTable {
    /// A table of at most `bytes`, a power of two slots; `None` when not even one fits or the
    /// allocator refuses every size down to 64 KiB.
    pub(in crate::perft) fn with_bytes(bytes: usize) -> Option<StatsTable> {
        let slot = core::mem::size_of::<std::sync::Mutex<Slot>>();
        let mut count = (bytes / slot).checked_next_power_of_two()?;
        if count * slot > bytes {
            count /= 2;
        }
        while count * slot >= 1 << 16 {
            let mut slots = std::vec::Vec::new();
            if slots.try_reserve_exact(count).is_ok() {
                slots.resize_with(count, Default::default);
                return Some(StatsTable {
                    slots,
                    mask: count - 1,
                });
            }
            count /= 2;
        }
        None
    }

    #[inline]
    fn slot(&self, key: u64, depth: u32) -> &std::sync::Mutex<Slot> {
        let mixed = key ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.slots[(mixed as usize) & self.mask]
    }

    pub(in crate::perft) fn get(&self, key: u64, depth: u32) -> Option<PerftStats> {
        let slot = self.slot(key, depth).lock().ok()?;
        (slot.key == key && slot.depth == depth).then_some(slot.stats)
    }

    pub(in crate::perft) fn set(&self, key: u64, depth: u32, stats: &PerftStats) {
        if let Ok(mut slot) = self.slot(key, depth).lock() {
            *slot = Slot {
                key,
                depth,
                stats: *stats,
            };
        }
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
