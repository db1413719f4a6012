//! Magic-bitboard sliders: `((occupied & mask) * magic) >> shift` indexes a per-square slice.
//!
//! The portable fast path, for CPUs without a fast PEXT (AMD before Zen 3) and for other
//! architectures. The magics are our own: [`finder`] searches for them with a seeded random
//! search, `bitmove magics --seed 1 --write crates/bitmove/src/attacks/magics.rs` regenerates
//! the committed file byte for byte, and the compile-time table builder asserts that no
//! magic maps two blocker sets with different attacks to one entry (a collision fails the
//! build). Every square uses exactly its number of relevant bits ("fancy" magics with a
//! per-square shift), so the table has the same 107,648 entries as the PEXT one.

pub mod finder;
mod magics;

#[cfg_attr(target_arch = "wasm32", allow(unused_imports))]
use super::reference::{self, for_each_subset};
use crate::{Bitboard, Square};

#[derive(Clone, Copy)]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// The table size the committed magics need, in entries.
pub const TABLE_SIZE: usize = table_size();

/// The table's length: [`TABLE_SIZE`] rounded up to a power of two, masked into bounds at
/// each lookup as the PEXT table is.
const LENGTH: usize = TABLE_SIZE.next_power_of_two();

const fn table_size() -> usize {
    let mut total = 0;
    let mut sq = 0;
    while sq < 64 {
        total += 1 << magics::ROOK[sq].1;
        total += 1 << magics::BISHOP[sq].1;
        sq += 1;
    }
    total
}

/// Fills `$entries` (`[rook, bishop]` per square) and, given a body, runs it for each magic
/// slot in order with `$slot` its index in the attack table and `$attacks` what it holds.
/// A macro so that the compile-time table (native builds) and the one built at start-up
/// (WebAssembly) come from one loop.
macro_rules! for_each_slot {
    ($entries:ident $(, |$slot:ident, $attacks:ident| $body:block)?) => {{
        let masks = reference::all_masks();
        let mut offset = 0usize;
        let mut kind = 0;
        while kind < 2 {
            let (directions, found) = if kind == 0 {
                (&reference::ROOK_DIRECTIONS, &magics::ROOK)
            } else {
                (&reference::BISHOP_DIRECTIONS, &magics::BISHOP)
            };
            let _ = directions; // unused when only the entries are built
            let mut sq = 0;
            while sq < 64 {
                let mask = masks[kind][sq].0;
                let (magic, bits) = found[sq];
                let entry = Entry {
                    mask,
                    magic,
                    shift: 64 - bits as u32,
                    offset: offset as u32,
                };
                $entries[kind][sq] = entry;
                $(for_each_subset!(mask, |_i, subset| {
                    let $attacks =
                        reference::ray_attacks(Square::ALL[sq], Bitboard(subset), directions);
                    let $slot = offset + (subset.wrapping_mul(magic) >> entry.shift) as usize;
                    $body
                });)?
                offset += 1 << bits;
                sq += 1;
            }
            kind += 1;
        }
    }};
}

const EMPTY_ENTRY: Entry = Entry {
    mask: 0,
    magic: 0,
    shift: 0,
    offset: 0,
};

/// `[rook, bishop]` per square: 2 KiB, built at compile time everywhere.
static ENTRIES: [[Entry; 64]; 2] = {
    let mut entries = [[EMPTY_ENTRY; 64]; 2];
    for_each_slot!(entries);
    entries
};

/// The attack table, built at compile time (native builds: 841 KiB of the binary).
#[cfg(not(target_arch = "wasm32"))]
const fn build() -> [Bitboard; LENGTH] {
    let mut table = [Bitboard::EMPTY; LENGTH];
    let mut entries = [[EMPTY_ENTRY; 64]; 2];
    for_each_slot!(entries, |slot, attacks| {
        // Slider attacks are never empty, so an empty slot is a free one.
        let old = table[slot].0;
        assert!(
            old == 0 || old == attacks.0,
            "magic collision: rerun `bitmove magics --write`"
        );
        table[slot] = attacks;
    });
    table
}

#[cfg(not(target_arch = "wasm32"))]
#[allow(long_running_const_eval)]
static ATTACKS: [Bitboard; LENGTH] = build();

/// WebAssembly: the attack table is zeros in the module (memory, not bytes of the download)
/// and filled on first use. Slider attacks are never empty, and every lookup of a real
/// occupancy lands on a filled slot, so a zero read means "not built yet": the check is on
/// the value just loaded, with no flag and no ordering between threads to get right (a
/// slot is either zero or its final value). Atomics only so that it can be a plain static;
/// without threads they are plain loads and stores.
#[cfg(target_arch = "wasm32")]
mod table {
    use super::{Bitboard, EMPTY_ENTRY, Entry, LENGTH, Square, magics, reference};
    use crate::attacks::reference::for_each_subset;
    use core::sync::atomic::{AtomicU64, Ordering};

    static ATTACKS: [AtomicU64; LENGTH] = [const { AtomicU64::new(0) }; LENGTH];

    #[cold]
    #[inline(never)]
    fn build(index: usize) -> Bitboard {
        let mut entries = [[EMPTY_ENTRY; 64]; 2];
        for_each_slot!(entries, |slot, attacks| {
            ATTACKS[slot].store(attacks.0, Ordering::Relaxed);
        });
        Bitboard(ATTACKS[index].load(Ordering::Relaxed))
    }

    #[inline(always)]
    pub(super) fn get(index: usize) -> Bitboard {
        match ATTACKS[index].load(Ordering::Relaxed) {
            0 => build(index),
            attacks => Bitboard(attacks),
        }
    }
}

/// The magic-bitboard slider backend; available on every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Magic;

impl Magic {
    #[inline(always)]
    fn lookup(self, kind: usize, square: Square, occupied: Bitboard) -> Bitboard {
        let entry = ENTRIES[kind][square.index()];
        let hash = (occupied.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift;
        let index = (entry.offset as usize + hash as usize) & (LENGTH - 1);
        #[cfg(not(target_arch = "wasm32"))]
        return ATTACKS[index];
        #[cfg(target_arch = "wasm32")]
        return table::get(index);
    }

    /// Rook attacks from `square` with blockers `occupied`.
    #[inline(always)]
    pub fn rook_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(0, square, occupied)
    }

    /// Bishop attacks from `square` with blockers `occupied`.
    #[inline(always)]
    pub fn bishop_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(1, square, occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_magics_use_the_relevant_bits() {
        for sq in Square::ALL {
            assert_eq!(
                magics::ROOK[sq.index()].1 as u32,
                reference::rook_mask(sq).len()
            );
            assert_eq!(
                magics::BISHOP[sq.index()].1 as u32,
                reference::bishop_mask(sq).len()
            );
        }
        assert_eq!(TABLE_SIZE, 107_648);
    }
}
