//! Our magic finder: a deterministic, seeded search for collision-free magics.
//!
//! For each square it draws sparse random candidates (the AND of three random words: magics
//! with few set bits spread blocker bits best), skips candidates whose top byte of
//! `mask * magic` has fewer than 6 bits (those cannot spread the mask's bits over the index),
//! and keeps the first candidate that maps every blocker subset of the square to a slot that
//! no subset with different attacks uses. Constructive collisions (same attacks) are allowed.
//! Every square gets exactly its relevant-bit count, so the tables stay at 107,648 entries.
//!
//! ```
//! let found = bitmove::attacks::magic::finder::find(1);
//! assert_eq!(found.table_size(), 107_648);
//! ```

use core::fmt;

use crate::attacks::reference::{self, for_each_subset};
use crate::{Bitboard, Square};

/// One square's magic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareMagic {
    /// The multiplier.
    pub magic: u64,
    /// The index width: the table slice has `1 << bits` entries and the shift is `64 - bits`.
    pub bits: u8,
    /// How many candidates were tested before this one worked (including it).
    pub tries: u64,
}

/// The result of a search: a magic for every rook and bishop square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundMagics {
    /// The seed the search started from.
    pub seed: u64,
    /// Rook magics, indexed by square.
    pub rook: [SquareMagic; 64],
    /// Bishop magics, indexed by square.
    pub bishop: [SquareMagic; 64],
}

impl FoundMagics {
    /// The entries a table built from these magics needs (rook and bishop together).
    pub fn table_size(&self) -> usize {
        self.rook
            .iter()
            .chain(self.bishop.iter())
            .map(|m| 1usize << m.bits)
            .sum()
    }

    /// The Rust source of the generated magics file, as committed in the crate.
    pub fn source(&self) -> impl fmt::Display + '_ {
        Source(self)
    }
}

/// SplitMix64: tiny, fast, and good for any seed, zero included.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// The largest slice: 12 relevant bits (a rook in a corner).
const MAX_ENTRIES: usize = 1 << 12;

struct Scratch {
    occupancies: [u64; MAX_ENTRIES],
    attacks: [u64; MAX_ENTRIES],
    slots: [u64; MAX_ENTRIES],
    stamps: [u64; MAX_ENTRIES],
    epoch: u64,
}

fn find_square(
    rng: &mut SplitMix64,
    scratch: &mut Scratch,
    square: Square,
    directions: &[reference::Direction; 4],
) -> SquareMagic {
    let mask = reference::relevant_mask(square, directions).0;
    let bits = mask.count_ones();
    let count = 1usize << bits;
    for_each_subset!(mask, |index, subset| {
        scratch.occupancies[index] = subset;
        scratch.attacks[index] = reference::ray_attacks(square, Bitboard(subset), directions).0;
    });
    let shift = 64 - bits;
    let mut tries = 0u64;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        tries += 1;
        scratch.epoch += 1;
        let epoch = scratch.epoch;
        let fits = (0..count).all(|i| {
            let slot = (scratch.occupancies[i].wrapping_mul(magic) >> shift) as usize;
            if scratch.stamps[slot] != epoch {
                scratch.stamps[slot] = epoch;
                scratch.slots[slot] = scratch.attacks[i];
                true
            } else {
                scratch.slots[slot] == scratch.attacks[i]
            }
        });
        if fits {
            return SquareMagic {
                magic,
                bits: bits as u8,
                tries,
            };
        }
    }
}

/// Searches magics for every square, rooks a1..h8 then bishops a1..h8, from `seed`.
///
/// The same seed always gives the same magics.
pub fn find(seed: u64) -> FoundMagics {
    let mut rng = SplitMix64(seed);
    #[cfg(feature = "std")]
    let mut scratch = std::boxed::Box::new(new_scratch());
    #[cfg(not(feature = "std"))]
    let mut scratch = new_scratch();
    let empty = SquareMagic {
        magic: 0,
        bits: 0,
        tries: 0,
    };
    let mut found = FoundMagics {
        seed,
        rook: [empty; 64],
        bishop: [empty; 64],
    };
    for square in Square::ALL {
        found.rook[square.index()] =
            find_square(&mut rng, &mut scratch, square, &reference::ROOK_DIRECTIONS);
    }
    for square in Square::ALL {
        found.bishop[square.index()] = find_square(
            &mut rng,
            &mut scratch,
            square,
            &reference::BISHOP_DIRECTIONS,
        );
    }
    found
}

fn new_scratch() -> Scratch {
    Scratch {
        occupancies: [0; MAX_ENTRIES],
        attacks: [0; MAX_ENTRIES],
        slots: [0; MAX_ENTRIES],
        stamps: [0; MAX_ENTRIES],
        epoch: 0,
    }
}

struct Source<'a>(&'a FoundMagics);

impl fmt::Display for Source<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let found = self.0;
        writeln!(
            f,
            "// @generated by `bitmove magics --seed {} --write crates/bitmove/src/attacks/magic/magics.rs`.",
            found.seed
        )?;
        writeln!(
            f,
            "// Do not edit: rerun that command. Each entry is (magic, relevant bits); the shift is"
        )?;
        writeln!(
            f,
            "// 64 - bits. The table builder in magic.rs fails the build on any collision."
        )?;
        writeln!(f, "// Table size: {} entries.", found.table_size())?;
        for (name, magics) in [("ROOK", &found.rook), ("BISHOP", &found.bishop)] {
            writeln!(f)?;
            writeln!(f, "pub(super) const {name}: [(u64, u8); 64] = [")?;
            for (square, m) in Square::ALL.iter().zip(magics.iter()) {
                writeln!(f, "    (0x{:016X}, {}), // {square}", m.magic, m.bits)?;
            }
            writeln!(f, "];")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_file_is_what_seed_1_finds() {
        let found = find(1);
        let text = std::format!("{}", found.source());
        assert_eq!(text, include_str!("magics.rs"));
    }

    #[test]
    fn other_seeds_find_working_magics_too() {
        let found = find(42);
        assert_eq!(found.table_size(), 107_648);
        assert_ne!(found.rook, find(1).rook);
    }
}
