//! The perft transposition table: a lock-free hash of (position, depth) -> nodes.
//!
//! Each entry is two 64-bit words written with relaxed atomics: `check = key ^ nodes` and
//! `nodes`, where `key` is the position's Zobrist key XOR a random key per depth. A reader
//! accepts an entry only when `check ^ nodes == key`, so a torn entry (the two words from
//! different writes by different threads) is rejected instead of trusted, and no lock is
//! needed. Entries come in buckets of four, one cache line: a key may sit in any entry of its
//! bucket, so a lookup costs one memory access, and a store evicts the entry with the fewest
//! nodes (the cheapest to recompute) when the bucket is full.
//!
//! A false hit needs two different (position, depth) pairs with equal 64-bit keys: with keys
//! that behave as random, the chance is 2^-64 per entry compared, four per probe, so even
//! 10^12 probes (hours of deep perft) give an expected 2e-7 false hits.
//!
//! The whole budget is reserved at once but used from the front: the table starts with
//! [`Table::FIRST_BUCKETS`] buckets and doubles whenever the stores pass half its entries, up
//! to the budget. A small search then touches a few megabytes instead of every page of a
//! large table: the first touch of a page is not free (the kernel zeroes it, and on a virtual
//! machine the host may have to back it first; touching 256 MiB once took longer than the
//! depth-7 search it served). After a doubling, the entries whose bucket index gained a bit
//! are moved to their new bucket, so growing loses nothing.

use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::boxed::Box;

/// Entries per bucket: 4 x 16 bytes, one 64-byte cache line.
const WAYS: usize = 4;

/// A perft hash table shared by every thread of one run.
pub(crate) struct Table {
    /// The whole budget plus up to `WAYS - 1` entries of slack, so that buckets can start on
    /// a cache line; bucket `b` is `entries[first + WAYS * b..][..WAYS]`.
    entries: Box<[[AtomicU64; 2]]>,
    /// The index of the first entry that starts a cache line.
    first: usize,
    /// The number of buckets the budget holds.
    buckets: usize,
    /// The number of buckets in use minus one: a power of two minus one, below `buckets`.
    /// Only ever grows.
    mask: AtomicUsize,
    /// Stores seen, sampled: one count per store whose key has its top `SAMPLE_BITS` bits
    /// clear, so that threads rarely write to this shared word.
    sampled_stores: AtomicUsize,
}

/// One store in 2^SAMPLE_BITS is counted.
const SAMPLE_BITS: u32 = 6;

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
    /// The size of one bucket in bytes.
    const BUCKET_BYTES: usize = WAYS * 16;

    /// The number of buckets a table starts with (1 MiB), if its budget allows.
    pub(crate) const FIRST_BUCKETS: usize = 1 << 14;

    /// A table of at most `bytes` bytes (a power of two number of buckets, at least one),
    /// of which only the first megabyte is in use at first. If the allocator cannot reserve
    /// that much, the budget is halved until it can; `None` only if not even one bucket fits.
    pub(crate) fn with_bytes(bytes: usize) -> Option<Table> {
        let wanted = (bytes / Self::BUCKET_BYTES).max(1);
        // The largest power of two that fits.
        let mut buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let entries = loop {
            match zeroed_entries(buckets * WAYS + WAYS - 1) {
                Some(entries) => break entries,
                None if buckets > 1 => buckets /= 2,
                None => return None,
            }
        };
        let misalignment = entries.as_ptr() as usize % Self::BUCKET_BYTES;
        let first = (Self::BUCKET_BYTES - misalignment) % Self::BUCKET_BYTES / 16;
        advise_huge_pages(&entries);
        Some(Table {
            entries,
            first,
            buckets,
            mask: AtomicUsize::new(buckets.min(Self::FIRST_BUCKETS) - 1),
            sampled_stores: AtomicUsize::new(0),
        })
    }

    /// Bucket number `index`.
    #[inline(always)]
    fn bucket(&self, index: usize) -> &[[AtomicU64; 2]] {
        &self.entries[self.first + WAYS * index..][..WAYS]
    }

    /// The bucket `key` lives in at the table's present size.
    #[inline(always)]
    fn bucket_of(&self, key: u64) -> &[[AtomicU64; 2]] {
        self.bucket(key as usize & self.mask.load(Ordering::Relaxed))
    }

    /// Counts a store and doubles the table when the stores pass half its entries.
    #[inline(always)]
    fn count_store(&self, key: u64) {
        if key >> (64 - SAMPLE_BITS) != 0 {
            return;
        }
        let stores = (self.sampled_stores.fetch_add(1, Ordering::Relaxed) + 1) << SAMPLE_BITS;
        let mask = self.mask.load(Ordering::Relaxed);
        if stores > (mask + 1) * WAYS / 2
            && mask < self.buckets - 1
            // Another thread may have doubled it meanwhile; then this one leaves it be.
            && self
                .mask
                .compare_exchange(mask, mask * 2 + 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            self.spread(mask);
        }
    }

    /// After a doubling from `old_mask + 1` buckets: moves each entry whose bucket index
    /// gained a bit to the same place in its new bucket. An entry's key is `check ^ nodes`,
    /// so the entry itself says where it belongs. Other threads go on meanwhile; at worst a
    /// move overwrites an entry one of them just stored, which only costs recomputing it.
    #[cold]
    fn spread(&self, old_mask: usize) {
        let moved_bit = old_mask + 1;
        for index in 0..moved_bit {
            let (from, to) = (self.bucket(index), self.bucket(index | moved_bit));
            for (old, new) in from.iter().zip(to) {
                let check = old[0].load(Ordering::Relaxed);
                let nodes = old[1].load(Ordering::Relaxed);
                if (check ^ nodes) as usize & moved_bit != 0 {
                    new[0].store(check, Ordering::Relaxed);
                    new[1].store(nodes, Ordering::Relaxed);
                    old[0].store(0, Ordering::Relaxed);
                    old[1].store(0, Ordering::Relaxed);
                }
            }
        }
    }

    /// The number of entries the budget holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.buckets * WAYS
    }

    /// The number of entries in use now.
    #[cfg(test)]
    pub(crate) fn in_use(&self) -> usize {
        (self.mask.load(Ordering::Relaxed) + 1) * WAYS
    }

    #[inline(always)]
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ DEPTH_KEYS[depth as usize & 63]
    }

    /// The stored count of `hash` at `depth`, if the table has it.
    #[inline(always)]
    pub(crate) fn get(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        self.bucket_of(key).iter().find_map(|entry| {
            let check = entry[0].load(Ordering::Relaxed);
            let nodes = entry[1].load(Ordering::Relaxed);
            (check ^ nodes == key).then_some(nodes)
        })
    }

    /// Asks the CPU to start loading the bucket of `hash` at `depth` into the cache, so that
    /// a few lookups can wait on memory at once instead of one after another.
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64, depth: u32) {
        let key = Self::key(hash, depth);
        let bucket = self.bucket_of(key);
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE is part of the x86-64 baseline, and a prefetch only hints the cache:
            // it never faults or reads into the program, whatever the address.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast::<i8>())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// Stores the count of `hash` at `depth`: over the same key or an empty entry if its
    /// bucket has one, else over the entry with the fewest nodes.
    #[inline(always)]
    pub(crate) fn set(&self, hash: u64, depth: u32, nodes: u64) {
        let key = Self::key(hash, depth);
        let bucket = self.bucket_of(key);
        let mut victim = &bucket[0];
        let mut fewest = u64::MAX;
        for entry in bucket {
            let check = entry[0].load(Ordering::Relaxed);
            let stored = entry[1].load(Ordering::Relaxed);
            if check ^ stored == key || check | stored == 0 {
                victim = entry;
                break;
            }
            if stored < fewest {
                (victim, fewest) = (entry, stored);
            }
        }
        victim[0].store(key ^ nodes, Ordering::Relaxed);
        victim[1].store(nodes, Ordering::Relaxed);
        self.count_store(key);
    }
}

/// `count` zeroed entries, obtained already zeroed from the allocator, or `None` if it cannot
/// provide them. For a large table that is fresh pages from the kernel, which are zero
/// without being written: the memory is only touched, page by page, where the search stores
/// something, and the huge-page advice below arrives before the first touch instead of after
/// (writing 1 GiB of zeros up front once cost more time than a depth-7 perft).
pub(in crate::perft) fn zeroed_entries(count: usize) -> Option<Box<[[AtomicU64; 2]]>> {
    let layout = core::alloc::Layout::array::<[AtomicU64; 2]>(count).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout's size is not zero, as `alloc_zeroed` requires. All-zero bytes are a
    // valid `AtomicU64`, so a non-null result holds `count` valid entries, and the box frees
    // it with `Layout::array::<[AtomicU64; 2]>(count)`, the layout it was allocated with.
    #[allow(unsafe_code)]
    unsafe {
        let entries = std::alloc::alloc_zeroed(layout).cast::<[AtomicU64; 2]>();
        (!entries.is_null())
            .then(|| Box::from_raw(core::ptr::slice_from_raw_parts_mut(entries, count)))
    }
}

/// Asks Linux to back the table with 2 MiB pages where it can: lookups land anywhere in
/// hundreds of megabytes, and with 4 KiB pages nearly every one also misses the TLB. Only a
/// hint; nothing changes if the kernel says no.
#[cfg(target_os = "linux")]
pub(in crate::perft) fn advise_huge_pages(entries: &[[AtomicU64; 2]]) {
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
pub(in crate::perft) fn advise_huge_pages(_entries: &[[AtomicU64; 2]]) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(bytes: usize) -> Table {
        Table::with_bytes(bytes).unwrap()
    }

    #[test]
    fn an_impossible_budget_shrinks_to_what_the_allocator_gives() {
        // More than any address space: reserved a half at a time until it fits (only
        // reserved: the pages are never touched).
        let table = budget(usize::MAX);
        assert!(table.len() >= 1 << 16, "{}", table.len());
        table.set(7, 2, 400);
        assert_eq!(table.get(7, 2), Some(400));
    }

    #[test]
    fn stays_within_its_budget() {
        assert_eq!(budget(1 << 20).len(), (1 << 20) / 16);
        assert_eq!(budget(3 << 20).len(), (2 << 20) / 16);
        assert_eq!(budget(0).len(), WAYS);
    }

    /// Successive SplitMix64 increments: keys spread over all 64 bits.
    fn spread_keys(count: u64) -> impl Iterator<Item = u64> {
        (1..=count).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    #[test]
    fn grows_with_use_up_to_its_budget_and_keeps_what_it_holds() {
        let table = budget(64 << 20);
        assert_eq!(table.in_use(), Table::FIRST_BUCKETS * WAYS);
        for (nodes, key) in spread_keys(1 << 20).enumerate() {
            table.set(key, 2, nodes as u64);
            assert!(table.in_use() <= table.len());
        }
        // 2^20 stores: the table doubled until it held at least twice as many entries (give
        // or take the sampling) and no further.
        assert!(table.in_use() >= 1 << 21, "{}", table.in_use());
        assert!(table.in_use() <= 1 << 22, "{}", table.in_use());
        // Six doublings moved what they had to: nearly everything is still there (a few
        // entries lost to full buckets), where without the moves most would be gone.
        let found = spread_keys(1 << 20)
            .enumerate()
            .filter(|&(nodes, key)| table.get(key, 2) == Some(nodes as u64))
            .count();
        assert!(found > (1 << 20) * 98 / 100, "{found}");

        // A budget of 4 MiB (2^18 entries) and as many stores: it grows to the budget, no more.
        let small = budget(4 << 20);
        for (nodes, key) in spread_keys(1 << 18).enumerate() {
            small.set(key, 3, nodes as u64);
        }
        assert_eq!(small.in_use(), small.len());
    }

    #[test]
    fn a_full_bucket_keeps_its_biggest_counts() {
        let table = budget(Table::BUCKET_BYTES);
        for nodes in [50, 10, 40, 30, 20] {
            table.set(nodes, 4, nodes);
        }
        assert_eq!(table.get(10, 4), None);
        for nodes in [20, 30, 40, 50] {
            assert_eq!(table.get(nodes, 4), Some(nodes));
        }
    }

    #[test]
    fn finds_what_it_stored_and_nothing_else() {
        let table = budget(1 << 16);
        table.set(0xDEAD_BEEF, 3, 12345);
        assert_eq!(table.get(0xDEAD_BEEF, 3), Some(12345));
        assert_eq!(table.get(0xDEAD_BEEF, 4), None);
        assert_eq!(table.get(0xDEAD_BEE0, 3), None);
        assert_eq!(table.get(1, 1), None);
    }
}
