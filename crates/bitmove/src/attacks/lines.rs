//! Line sliders: the attacks along each of a square's four lines from two masks and a bit
//! scan, with a 4 KiB table instead of the 1 MiB PEXT and magic ones.
//!
//! Available everywhere (`BITMOVE_SLIDERS=lines`; native tests check it against the
//! reference); WebAssembly builds used it until they built the magic table at start-up. For a
//! square and one of its lines (file, rank, diagonal, anti-diagonal), `lower` is the ray
//! towards bit 0 and `upper` the ray towards bit 63. The nearest blocker below is the highest
//! set bit of `occupied & lower` (a leading-zero count, one instruction in WebAssembly), the
//! nearest above the lowest set bit of `occupied & upper` (`x & -x`). The squares from the one
//! to the other, both included, are `2 * above - (1 << below)` in wrapping arithmetic (with no
//! blocker above, `above` is 0 and the difference runs to bit 63; with none below, `below` is
//! taken as bit 0); the line's two rays keep the attacked ones. No branch, no big table.

use super::reference::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS, ray_attacks};
use crate::{Bitboard, Square};

/// `[lower, upper]` rays of the four lines `[file, rank, diagonal, anti-diagonal]` per square.
static RAYS: [[[u64; 2]; 4]; 64] = {
    // The directions towards bit 63 (a positive shift), then their opposites.
    let up = [
        ROOK_DIRECTIONS[0],
        ROOK_DIRECTIONS[2],
        BISHOP_DIRECTIONS[0],
        BISHOP_DIRECTIONS[1],
    ];
    let down = [
        ROOK_DIRECTIONS[1],
        ROOK_DIRECTIONS[3],
        BISHOP_DIRECTIONS[3],
        BISHOP_DIRECTIONS[2],
    ];
    let mut rays = [[[0u64; 2]; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut line = 0;
        while line < 4 {
            let square = Square::ALL[sq];
            rays[sq][line][0] = ray_attacks(square, Bitboard::EMPTY, &[down[line]; 4]).0;
            rays[sq][line][1] = ray_attacks(square, Bitboard::EMPTY, &[up[line]; 4]).0;
            line += 1;
        }
        sq += 1;
    }
    rays
};

/// The attacks along one line with rays `[lower, upper]`.
#[inline(always)]
fn line_attacks(occupied: u64, [lower, upper]: [u64; 2]) -> u64 {
    let below = occupied & lower;
    let above = occupied & upper;
    let from = u64::MAX << (63 - (below | 1).leading_zeros());
    let to = above & above.wrapping_neg();
    (lower | upper) & to.wrapping_mul(2).wrapping_add(from)
}

/// The line slider backend; available on every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lines;

impl Lines {
    /// Rook attacks from `square` with blockers `occupied`.
    #[inline(always)]
    pub fn rook_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        let rays = &RAYS[square.index()];
        Bitboard(line_attacks(occupied.0, rays[0]) | line_attacks(occupied.0, rays[1]))
    }

    /// Bishop attacks from `square` with blockers `occupied`.
    #[inline(always)]
    pub fn bishop_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        let rays = &RAYS[square.index()];
        Bitboard(line_attacks(occupied.0, rays[2]) | line_attacks(occupied.0, rays[3]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::reference;

    /// Every square with every subset of its whole rays (edge squares included, which the
    /// relevant masks leave out) and the rest of the board filled at random: the reference's
    /// answer.
    #[test]
    fn lines_equal_the_reference_for_every_blocker_on_the_rays() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut checked = 0u64;
        for square in Square::ALL {
            let rook = reference::rook_attacks(square, Bitboard::EMPTY);
            let bishop = reference::bishop_attacks(square, Bitboard::EMPTY);
            for (rays, is_rook) in [(rook, true), (bishop, false)] {
                for subset in rays.subsets() {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let occupied = subset | (Bitboard(state) - rays);
                    let (want, got) = if is_rook {
                        (
                            reference::rook_attacks(square, subset),
                            Lines.rook_attacks(square, occupied),
                        )
                    } else {
                        (
                            reference::bishop_attacks(square, subset),
                            Lines.bishop_attacks(square, occupied),
                        )
                    };
                    assert_eq!(got, want, "{square} {subset:?} {is_rook}");
                    checked += 1;
                }
            }
        }
        // Rook rays are always 14 squares; bishop rays 7 to 13.
        assert!(checked > 64 * (1 << 14), "{checked}");
    }
}
