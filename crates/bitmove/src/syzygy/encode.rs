//! The index tables of the Syzygy position encoding, built at compile time.
//!
//! Squares are numbered a1 = 0 .. h8 = 63 as everywhere in bitmove. The encoding (Ronald de
//! Man's, as described by Fathom and Stockfish's `tbprobe`) puts the leading piece in the
//! a1-d1-d4 triangle for pawnless tables, and the leading pawn on files a-d for pawn tables.

/// Rank minus file: negative below the a1-h8 diagonal, 0 on it, positive above.
pub(crate) const fn off_diagonal(sq: u8) -> i8 {
    (sq >> 3) as i8 - (sq & 7) as i8
}

/// The square mirrored in the a1-h8 diagonal.
pub(crate) const fn flip_diagonal(sq: u8) -> u8 {
    ((sq >> 3) | (sq << 3)) & 63
}

/// Squares below the a1-h8 diagonal (b1 .. h7) numbered 0..28, in square order.
pub(crate) static MAP_B1H1H7: [u8; 64] = {
    let mut map = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 64 {
        if off_diagonal(sq) < 0 {
            map[sq as usize] = code;
            code += 1;
        }
        sq += 1;
    }
    assert!(code == 28);
    map
};

/// The a1-d1-d4 triangle numbered 0..10: the six squares below the diagonal first (b1 c1 d1
/// c2 d2 d3), then the four on it (a1 b2 c3 d4).
pub(crate) static MAP_A1D1D4: [u8; 64] = {
    let mut map = [0u8; 64];
    let mut code = 0;
    let mut sq = 0u8;
    while sq < 28 {
        if off_diagonal(sq) < 0 && (sq & 7) <= 3 {
            map[sq as usize] = code;
            code += 1;
        }
        sq += 1;
    }
    sq = 0;
    while sq < 28 {
        if off_diagonal(sq) == 0 && (sq & 7) <= 3 {
            map[sq as usize] = code;
            code += 1;
        }
        sq += 1;
    }
    assert!(code == 10);
    map
};

const fn kings_touch(a: u8, b: u8) -> bool {
    let df = (a & 7) as i8 - (b & 7) as i8;
    let dr = (a >> 3) as i8 - (b >> 3) as i8;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// The 462 placements of two kings with the first in the a1-d1-d4 triangle (indexed by
/// [`MAP_A1D1D4`]) and, when the first is on the diagonal, the second not above it. Placements
/// with both kings on the diagonal come last.
pub(crate) static MAP_KK: [[u16; 64]; 10] = {
    let mut map = [[0u16; 64]; 10];
    let mut code: u16 = 0;
    // First pass: every placement but both-on-diagonal; second pass: those.
    let mut pass = 0;
    while pass < 2 {
        let mut idx = 0;
        while idx < 10 {
            let mut s1 = 0u8;
            while s1 < 28 {
                let in_triangle = (s1 & 7) <= 3 && off_diagonal(s1) <= 0;
                if in_triangle && MAP_A1D1D4[s1 as usize] as usize == idx {
                    let mut s2 = 0u8;
                    while s2 < 64 {
                        let diag1 = off_diagonal(s1) == 0;
                        let skip = kings_touch(s1, s2) || (diag1 && off_diagonal(s2) > 0);
                        let both = diag1 && off_diagonal(s2) == 0;
                        if !skip && both == (pass == 1) {
                            map[idx][s2 as usize] = code;
                            code += 1;
                        }
                        s2 += 1;
                    }
                }
                s1 += 1;
            }
            idx += 1;
        }
        pass += 1;
    }
    assert!(code == 462);
    map
};

/// `BINOMIAL[k][n]`: the ways to choose k of n things (k up to 6, n up to 63).
pub(crate) static BINOMIAL: [[u64; 64]; 7] = {
    let mut table = [[0u64; 64]; 7];
    let mut n = 0;
    while n < 64 {
        let mut k = 0;
        while k < 7 {
            table[k][n] = if k == 0 {
                1
            } else if n == 0 {
                0
            } else {
                table[k - 1][n - 1] + table[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// Pawn squares a2..h7 numbered so that the highest is the leading pawn: nearest the edge,
/// then lowest rank (a2 = 47, h2 = 46, a3 = 45, ...). Ranks 1 and 8 map to 0.
pub(crate) static MAP_PAWNS: [u8; 64] = {
    let mut map = [0u8; 64];
    let mut available = 47u8;
    let mut file = 0;
    while file < 4 {
        let mut rank = 1;
        while rank < 7 {
            let sq = rank * 8 + file;
            map[sq] = available;
            available = available.wrapping_sub(1);
            map[sq ^ 7] = available;
            available = available.wrapping_sub(1);
            rank += 1;
        }
        file += 1;
    }
    map
};

/// The base index of the leading pawns group by their count (1..=5) and the leading pawn's
/// square (files a-d), and the size of that group per file: `LEAD_PAWNS[count]`.
pub(crate) struct LeadPawns {
    pub(crate) idx: [[u32; 64]; 6],
    pub(crate) size: [[u32; 4]; 6],
}

pub(crate) static LEAD_PAWNS: LeadPawns = {
    let mut t = LeadPawns {
        idx: [[0; 64]; 6],
        size: [[0; 4]; 6],
    };
    let mut count = 1;
    while count <= 5 {
        let mut file = 0;
        while file < 4 {
            let mut idx: u64 = 0;
            let mut rank = 1;
            while rank < 7 {
                let sq = rank * 8 + file;
                t.idx[count][sq] = idx as u32;
                idx += BINOMIAL[count - 1][MAP_PAWNS[sq] as usize];
                rank += 1;
            }
            t.size[count][file] = idx as u32;
            file += 1;
        }
        count += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(MAP_A1D1D4[1], 0); // b1
        assert_eq!(MAP_A1D1D4[0], 6); // a1
        assert_eq!(MAP_A1D1D4[27], 9); // d4
        assert_eq!(MAP_PAWNS[8], 47); // a2
        assert_eq!(MAP_PAWNS[15], 46); // h2
        assert_eq!(MAP_PAWNS[16], 45); // a3
        assert_eq!(BINOMIAL[2][5], 10);
        assert_eq!(BINOMIAL[3][62], 37820);
        assert_eq!(LEAD_PAWNS.size[1][0], 6);
        assert_eq!(flip_diagonal(16), 2); // a3 -> c1
    }
}
