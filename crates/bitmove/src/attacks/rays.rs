//! `between` and `line`: the squares strictly between two aligned squares, and the whole line
//! through them. Both come from compile-time 64x64 tables and make pins, check evasions and
//! castling paths O(1).

use super::reference::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS, ray_attacks};
use crate::{Bitboard, Square};

/// `[between, line]`, each indexed `[a][b]`.
const fn build() -> [[[Bitboard; 64]; 64]; 2] {
    let mut tables = [[[Bitboard::EMPTY; 64]; 64]; 2];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sa, sb) = (Square::ALL[a], Square::ALL[b]);
            let same_file = sa.file() as u8 == sb.file() as u8;
            let same_rank = sa.rank() as u8 == sb.rank() as u8;
            let (df, dr) = (
                sb.file() as i8 - sa.file() as i8,
                sb.rank() as i8 - sa.rank() as i8,
            );
            let diagonal = df == dr || df == -dr;
            let directions = if same_file || same_rank {
                Some(&ROOK_DIRECTIONS)
            } else if diagonal {
                Some(&BISHOP_DIRECTIONS)
            } else {
                None
            };
            if let (Some(directions), false) = (directions, a == b) {
                let from_a = ray_attacks(sa, sb.bitboard(), directions);
                let from_b = ray_attacks(sb, sa.bitboard(), directions);
                tables[0][a][b] = from_a.intersect(from_b);
                let open_a = ray_attacks(sa, Bitboard::EMPTY, directions);
                let open_b = ray_attacks(sb, Bitboard::EMPTY, directions);
                tables[1][a][b] = open_a
                    .intersect(open_b)
                    .union(sa.bitboard())
                    .union(sb.bitboard());
            }
            b += 1;
        }
        a += 1;
    }
    tables
}

static TABLES: [[[Bitboard; 64]; 64]; 2] = build();

/// `[rook, bishop]` attacks on an empty board, per square.
static EMPTY_BOARD: [[Bitboard; 64]; 2] = {
    let mut rays = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        rays[0][sq] = ray_attacks(Square::ALL[sq], Bitboard::EMPTY, &ROOK_DIRECTIONS);
        rays[1][sq] = ray_attacks(Square::ALL[sq], Bitboard::EMPTY, &BISHOP_DIRECTIONS);
        sq += 1;
    }
    rays
};

/// The squares a rook on `square` would attack on an empty board: a cheap filter before a
/// real lookup.
#[inline(always)]
pub fn rook_rays(square: Square) -> Bitboard {
    EMPTY_BOARD[0][square.index()]
}

/// The squares a bishop on `square` would attack on an empty board.
#[inline(always)]
pub fn bishop_rays(square: Square) -> Bitboard {
    EMPTY_BOARD[1][square.index()]
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; empty
/// otherwise (and for neighbours or `a == b`).
///
/// ```
/// use bitmove::{between, Square};
///
/// assert_eq!(between(Square::A1, Square::D4).len(), 2); // b2, c3
/// assert!(between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES[0][a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b` (edge to edge, both included); empty
/// when they are not aligned or equal.
///
/// ```
/// use bitmove::{line, Square};
///
/// assert_eq!(line(Square::C3, Square::E5).len(), 8); // the long diagonal a1-h8
/// assert!(line(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES[1][a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A naive, independent construction: step from a towards b one square at a time.
    fn naive(a: Square, b: Square) -> (Bitboard, Bitboard) {
        let (fa, ra) = (a.file() as i8, a.rank() as i8);
        let (fb, rb) = (b.file() as i8, b.rank() as i8);
        let (df, dr) = (fb - fa, rb - ra);
        if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let mut between = Bitboard::EMPTY;
        let mut sq = a.offset(sf, sr).unwrap();
        while sq != b {
            between |= sq;
            sq = sq.offset(sf, sr).unwrap();
        }
        let mut line = Bitboard::EMPTY;
        for s in Square::ALL {
            let (f, r) = (s.file() as i8 - fa, s.rank() as i8 - ra);
            // s is on the line when (f, r) is a multiple of the unit step.
            let on_line = f * sr == r * sf;
            if on_line {
                line |= s;
            }
        }
        (between, line)
    }

    #[test]
    fn every_pair_matches_the_naive_walk() {
        for a in Square::ALL {
            for b in Square::ALL {
                let (nb, nl) = naive(a, b);
                assert_eq!(between(a, b), nb, "between {a} {b}");
                assert_eq!(line(a, b), nl, "line {a} {b}");
                assert_eq!(between(a, b), between(b, a));
            }
        }
    }
}
