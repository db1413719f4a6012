//! The slow, obviously correct slider attacks: walk each ray until the first blocker.
//!
//! Every fast backend is built from these functions at compile time and tested against them
//! for every square and every blocker subset.

use crate::{Bitboard, Square};

/// A ray direction: the shift that moves a square one step (positive = left shift), and the
/// squares from which a step would leave the board.
#[derive(Clone, Copy)]
pub(crate) struct Direction {
    shift: i8,
    edge: u64,
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = RANK_1 << 56;

/// The four rook directions: north, south, east, west.
pub(crate) const ROOK_DIRECTIONS: [Direction; 4] = [
    Direction {
        shift: 8,
        edge: RANK_8,
    },
    Direction {
        shift: -8,
        edge: RANK_1,
    },
    Direction {
        shift: 1,
        edge: FILE_H,
    },
    Direction {
        shift: -1,
        edge: FILE_A,
    },
];
/// The four bishop directions: north-east, north-west, south-east, south-west.
pub(crate) const BISHOP_DIRECTIONS: [Direction; 4] = [
    Direction {
        shift: 9,
        edge: RANK_8 | FILE_H,
    },
    Direction {
        shift: 7,
        edge: RANK_8 | FILE_A,
    },
    Direction {
        shift: -7,
        edge: RANK_1 | FILE_H,
    },
    Direction {
        shift: -9,
        edge: RANK_1 | FILE_A,
    },
];

/// One step along `d`, or 0 when `bit` is on the edge that `d` leaves by.
#[inline(always)]
const fn step(bit: u64, d: Direction) -> u64 {
    if bit & d.edge != 0 {
        0
    } else if d.shift > 0 {
        bit << d.shift
    } else {
        bit >> -d.shift
    }
}

/// The squares a slider on `square` moving along `directions` attacks, given the occupied set
/// `occupied`: each ray up to and including the first occupied square.
pub(crate) const fn ray_attacks(
    square: Square,
    occupied: Bitboard,
    directions: &[Direction; 4],
) -> Bitboard {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut bit = step(square.bitboard().0, directions[d]);
        while bit != 0 {
            attacks |= bit;
            if occupied.0 & bit != 0 {
                break;
            }
            bit = step(bit, directions[d]);
        }
        d += 1;
    }
    Bitboard(attacks)
}

/// The relevant blockers of a slider: every ray square except the last one before the edge,
/// since a blocker there changes nothing.
pub(crate) const fn relevant_mask(square: Square, directions: &[Direction; 4]) -> Bitboard {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut bit = step(square.bitboard().0, directions[d]);
        while bit != 0 && step(bit, directions[d]) != 0 {
            mask |= bit;
            bit = step(bit, directions[d]);
        }
        d += 1;
    }
    Bitboard(mask)
}

/// Rook attacks from `square` with `occupied` as blockers, by walking the rays.
pub const fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    ray_attacks(square, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks from `square` with `occupied` as blockers, by walking the rays.
pub const fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    ray_attacks(square, occupied, &BISHOP_DIRECTIONS)
}

/// Queen attacks: rook attacks | bishop attacks.
pub const fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied).union(bishop_attacks(square, occupied))
}

/// The relevant-blocker mask of a rook on `square` (its rays without the edge squares).
pub const fn rook_mask(square: Square) -> Bitboard {
    relevant_mask(square, &ROOK_DIRECTIONS)
}

/// The relevant-blocker mask of a bishop on `square` (its rays without the edge squares).
pub const fn bishop_mask(square: Square) -> Bitboard {
    relevant_mask(square, &BISHOP_DIRECTIONS)
}

/// The relevant masks of both sliders for every square: `[rook masks, bishop masks]`.
pub(crate) const fn all_masks() -> [[Bitboard; 64]; 2] {
    let mut masks = [[Bitboard::EMPTY; 64]; 2];
    let mut i = 0;
    while i < 64 {
        masks[0][i] = rook_mask(Square::ALL[i]);
        masks[1][i] = bishop_mask(Square::ALL[i]);
        i += 1;
    }
    masks
}

/// Calls `fill(index, subset)` for every subset of `mask` in carry-rippler order, which is the
/// order of the subsets' PEXT index (subset number `i` is `pdep(i, mask)`).
macro_rules! for_each_subset {
    ($mask:expr, |$index:ident, $subset:ident| $body:block) => {{
        let mask: u64 = $mask;
        let mut $subset: u64 = 0;
        let mut $index: usize = 0;
        loop {
            $body
            $index += 1;
            $subset = $subset.wrapping_sub(mask) & mask;
            if $subset == 0 {
                break;
            }
        }
    }};
}
pub(crate) use for_each_subset;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_sizes_match_the_known_totals() {
        let rook: u32 = Square::ALL.iter().map(|&s| rook_mask(s).len()).sum();
        let bishop: u32 = Square::ALL.iter().map(|&s| bishop_mask(s).len()).sum();
        // 4 corners x 12 + 24 edge squares x 11 + 36 inner squares x 10.
        assert_eq!(rook, 4 * 12 + 24 * 11 + 36 * 10);
        assert_eq!(rook_mask(Square::A1).len(), 12);
        assert_eq!(rook_mask(Square::E4).len(), 10);
        assert_eq!(bishop_mask(Square::E4).len(), 9);
        assert_eq!(bishop_mask(Square::A1).len(), 6);
        assert_eq!(bishop, 364);
    }

    #[test]
    fn walks_stop_at_the_first_blocker() {
        let occ = Square::E6.bitboard() | Square::C4.bitboard() | Square::E2.bitboard();
        let expected: Bitboard = [
            Square::E5,
            Square::E6,
            Square::D4,
            Square::C4,
            Square::F4,
            Square::G4,
            Square::H4,
            Square::E3,
            Square::E2,
        ]
        .into_iter()
        .collect();
        assert_eq!(rook_attacks(Square::E4, occ), expected);
        assert_eq!(bishop_attacks(Square::A1, Bitboard::EMPTY).len(), 7);
        assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).len(), 27);
    }
}
