//! The perft transposition table: a lock-free, fixed-size hash of (position, depth) -> nodes.
//!
//! Each entry is two 64-bit words written with relaxed atomics: `check = key ^ nodes` and
//! `nodes`, where `key` is the position's Zobrist key XOR a random key per depth. A reader
//! accepts an entry only when `check ^ nodes == key`, so a torn entry (the two words from
//! different writes by different threads) is rejected instead of trusted, and no lock is
//! needed. Replacement is "always replace". The only `unsafe` here is two hints to the
//! hardware: a cache prefetch and a request for huge pages.
//!
//! A false hit needs two different (position, depth) pairs with equal 64-bit keys: with keys
//! that behave as random, the chance per probe is 2^-64, so even 10^12 probes (hours of deep
//! perft) give an expected 5e-8 false hits.

use core::sync::atomic::{AtomicU64, Ordering};
use std::vec::Vec;

/// A perft hash table shared by every thread of one run.
pub(crate) struct Table {
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
}

/// One random key per depth, so that one position at two depths gets two keys.
const DEPTH_KEYS: [u64; 64] = {
    let mut keys = [0u64; 64];
    let mut state = 0x0005_EED0_FB17_u64;
    let mut i = 0;
    while i < 64 {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

impl Table {
    /// The size of one entry in bytes.
    pub(crate) const ENTRY_BYTES: usize = 16;

    /// A table of at most `bytes` bytes (a power of two number of entries, at least one).
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / Self::ENTRY_BYTES).max(1);
        // The largest power of two that fits.
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut entries = Vec::with_capacity(count);
        entries.resize_with(count, || [AtomicU64::new(0), AtomicU64::new(0)]);
        advise_huge_pages(&entries);
        Table {
            entries,
            mask: count - 1,
        }
    }

    /// The number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    #[inline(always)]
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ DEPTH_KEYS[depth as usize & 63]
    }

    /// The stored count of `hash` at `depth`, if the table has it.
    #[inline(always)]
    pub(crate) fn get(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        let entry = &self.entries[key as usize & self.mask];
        let check = entry[0].load(Ordering::Relaxed);
        let nodes = entry[1].load(Ordering::Relaxed);
        (check ^ nodes == key).then_some(nodes)
    }

    /// Asks the CPU to start loading the entry of `hash` at `depth` into the cache, so that a
    /// few lookups can wait on memory at once instead of one after another.
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64, depth: u32) {
        let key = Self::key(hash, depth);
        let entry = &self.entries[key as usize & self.mask];
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE is part of the x86-64 baseline, and a prefetch only hints the cache:
            // it never faults or reads into the program, whatever the address.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(entry.as_ptr().cast::<i8>())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = entry;
    }

    /// Stores the count of `hash` at `depth`.
    #[inline(always)]
    pub(crate) fn set(&self, hash: u64, depth: u32, nodes: u64) {
        let key = Self::key(hash, depth);
        let entry = &self.entries[key as usize & self.mask];
        entry[0].store(key ^ nodes, Ordering::Relaxed);
        entry[1].store(nodes, Ordering::Relaxed);
    }
}

/// Asks Linux to back the table with 2 MiB pages where it can: lookups land anywhere in
/// hundreds of megabytes, and with 4 KiB pages nearly every one also misses the TLB. Only a
/// hint; nothing changes if the kernel says no.
#[cfg(target_os = "linux")]
fn advise_huge_pages(entries: &[[AtomicU64; 2]]) {
    const HUGE: usize = 2 << 20;
    let start = entries.as_ptr() as usize;
    let end = start + core::mem::size_of_val(entries);
    let (first, last) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if first < last {
        // SAFETY: [first, last) lies inside the table's own allocation, and MADV_HUGEPAGE
        // changes how the kernel backs those pages, never their contents.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_entries: &[[AtomicU64; 2]]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_within_its_budget() {
        assert_eq!(Table::with_bytes(1 << 20).len(), (1 << 20) / 16);
        assert_eq!(Table::with_bytes(3 << 20).len(), (2 << 20) / 16);
        assert_eq!(Table::with_bytes(0).len(), 1);
    }

    #[test]
    fn finds_what_it_stored_and_nothing_else() {
        let table = Table::with_bytes(1 << 16);
        table.set(0xDEAD_BEEF, 3, 12345);
        assert_eq!(table.get(0xDEAD_BEEF, 3), Some(12345));
        assert_eq!(table.get(0xDEAD_BEEF, 4), None);
        assert_eq!(table.get(0xDEAD_BEE0, 3), None);
        assert_eq!(table.get(1, 1), None);
    }
}
