//! PEXT sliders: `pext(occupied, mask)` is a dense index into one shared table.
//!
//! BMI2's `pext` gathers the bits of `occupied` selected by `mask` into the low bits of the
//! result, so the relevant blockers of a square map one-to-one onto `0..2^bits`. No magic
//! numbers, no wasted entries: rooks need 102,400 entries and bishops 5,248, 107,648 in all.
//! Each square's slice is filled at compile time by enumerating its blocker subsets in
//! carry-rippler order, which is exactly PEXT-index order.

use super::reference::{self, for_each_subset};
use crate::{Bitboard, Square};

/// Where a square's slice of the table starts, and its relevant-blocker mask.
#[derive(Clone, Copy)]
struct Entry {
    mask: u64,
    offset: u32,
}

/// The number of entries in the shared table: rook 102,400 + bishop 5,248.
pub const TABLE_SIZE: usize = 107_648;

/// The table's length: [`TABLE_SIZE`] rounded up to a power of two. A lookup masks its index
/// with `LENGTH - 1` (which changes no index in use), so the compiler can see it is in bounds:
/// one `and` instead of a compare and a branch at every lookup. The padding is never read.
const LENGTH: usize = TABLE_SIZE.next_power_of_two();

struct Tables {
    /// `[rook, bishop]` per square.
    entries: [[Entry; 64]; 2],
    attacks: [Bitboard; LENGTH],
}

const fn build() -> Tables {
    let masks = reference::all_masks();
    let mut tables = Tables {
        entries: [[Entry { mask: 0, offset: 0 }; 64]; 2],
        attacks: [Bitboard::EMPTY; LENGTH],
    };
    let mut offset = 0usize;
    let mut kind = 0;
    while kind < 2 {
        let directions = if kind == 0 {
            &reference::ROOK_DIRECTIONS
        } else {
            &reference::BISHOP_DIRECTIONS
        };
        let mut sq = 0;
        while sq < 64 {
            let mask = masks[kind][sq].0;
            tables.entries[kind][sq] = Entry {
                mask,
                offset: offset as u32,
            };
            for_each_subset!(mask, |index, subset| {
                tables.attacks[offset + index] =
                    reference::ray_attacks(Square::ALL[sq], Bitboard(subset), directions);
            });
            offset += 1 << mask.count_ones();
            sq += 1;
        }
        kind += 1;
    }
    assert!(offset == TABLE_SIZE, "PEXT table size is not 107,648");
    tables
}

#[allow(long_running_const_eval)]
static TABLES: Tables = build();

/// The PEXT slider backend. A value exists only on a CPU with BMI2: get one from
/// [`Pext::new`], which checks, so holding a `Pext` proves the instruction is there.
#[derive(Clone, Copy, Debug)]
pub struct Pext(());

impl Pext {
    /// The backend, when this CPU has BMI2 (whether or not its PEXT is fast).
    pub fn new() -> Option<Pext> {
        if super::cpu::has_bmi2() {
            Some(Pext(()))
        } else {
            None
        }
    }

    #[inline(always)]
    fn lookup(self, kind: usize, square: Square, occupied: Bitboard) -> Bitboard {
        let entry = TABLES.entries[kind][square.index()];
        let index = entry.offset as usize + pext(occupied.0, entry.mask) as usize;
        TABLES.attacks[index & (LENGTH - 1)]
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

    /// The bits of `value` under `mask`, packed to the bottom: the PEXT instruction itself.
    // (Used by the std-only modules: distinct positions, history, PGN.)
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn extract(self, value: u64, mask: u64) -> u64 {
        pext(value, mask)
    }
}

/// `pext` through inline assembly, so callers need no `target_feature` and no RUSTFLAGS.
/// Only [`Pext`] calls it, and a `Pext` exists only after the CPU was found to have BMI2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pext(value: u64, mask: u64) -> u64 {
    let result: u64;
    // SAFETY: `pext` reads two registers and writes one; it touches no memory, stack or flags.
    // The instruction exists: this function is reached only through a `Pext` value, and
    // `Pext::new` hands one out only when CPUID reports BMI2.
    #[allow(unsafe_code)]
    unsafe {
        core::arch::asm!(
            "pext {result}, {value}, {mask}",
            result = lateout(reg) result,
            value = in(reg) value,
            mask = in(reg) mask,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    result
}

/// Other architectures have no PEXT: `Pext::new` always says `None` there, so this software
/// version exists only to keep the code compiling and is never reached.
#[cfg(not(target_arch = "x86_64"))]
fn pext(value: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut bit = 1;
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            result |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_dense_and_exact_size() {
        let rook: usize = (0..64)
            .map(|s| 1usize << TABLES.entries[0][s].mask.count_ones())
            .sum();
        let bishop: usize = (0..64)
            .map(|s| 1usize << TABLES.entries[1][s].mask.count_ones())
            .sum();
        assert_eq!(rook, 102_400);
        assert_eq!(bishop, 5_248);
        assert_eq!(rook + bishop, TABLE_SIZE);
        assert!(TABLES.attacks[..TABLE_SIZE].iter().all(|a| !a.is_empty()));
        assert!(TABLES.attacks[TABLE_SIZE..].iter().all(|a| a.is_empty()));
    }
}
