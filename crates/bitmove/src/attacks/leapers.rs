//! Knight, king and pawn attacks: one bitboard per square, built at compile time.

use crate::{Bitboard, Color, Square};

const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn leaper_table<const N: usize>(deltas: [(i8, i8); N]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut d = 0;
        while d < N {
            if let Some(to) = Square::ALL[sq].offset(deltas[d].0, deltas[d].1) {
                bits |= 1 << to as u8;
            }
            d += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(KNIGHT_DELTAS);
static KING: [Bitboard; 64] = leaper_table(KING_DELTAS);
static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table([(-1, 1), (1, 1)]),
    leaper_table([(-1, -1), (1, -1)]),
];

/// The squares a knight on `square` attacks.
#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT[square.index()]
}

/// The squares a king on `square` attacks.
#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    KING[square.index()]
}

/// The squares a pawn of `color` on `square` attacks (captures towards the opponent's side).
///
/// Pawns never stand on their first or last rank, but the table is defined there too.
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN[color.index()][square.index()]
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_AB: u64 = NOT_A & (NOT_A << 1);
const NOT_GH: u64 = NOT_H & (NOT_H >> 1);

/// Every square a knight on any square of `set` attacks, by shifts.
#[inline(always)]
pub fn knight_attacks_set(set: Bitboard) -> Bitboard {
    let b = set.0;
    Bitboard(
        ((b << 17) & NOT_A)
            | ((b << 15) & NOT_H)
            | ((b << 10) & NOT_AB)
            | ((b << 6) & NOT_GH)
            | ((b >> 17) & NOT_H)
            | ((b >> 15) & NOT_A)
            | ((b >> 10) & NOT_GH)
            | ((b >> 6) & NOT_AB),
    )
}

/// Every square a king on any square of `set` attacks, by shifts.
#[inline(always)]
pub fn king_attacks_set(set: Bitboard) -> Bitboard {
    let b = set.0;
    let sides = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | sides;
    Bitboard(sides | (row << 8) | (row >> 8))
}

/// Every square a pawn of `color` on any square of `set` attacks, by shifts.
#[inline(always)]
pub fn pawn_attacks_set(color: Color, set: Bitboard) -> Bitboard {
    let b = set.0;
    let sides = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    match color {
        Color::White => Bitboard(sides << 8),
        Color::Black => Bitboard(sides >> 8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    #[test]
    fn hand_checked_knights() {
        assert_eq!(knight_attacks(A1), set(&[B3, C2]));
        assert_eq!(knight_attacks(H8), set(&[G6, F7]));
        assert_eq!(knight_attacks(B1), set(&[A3, C3, D2]));
        assert_eq!(knight_attacks(E4), set(&[D6, F6, G5, G3, F2, D2, C3, C5]));
        let total: u32 = Square::ALL.iter().map(|&s| knight_attacks(s).len()).sum();
        assert_eq!(total, 336);
    }

    #[test]
    fn hand_checked_kings() {
        assert_eq!(king_attacks(A1), set(&[A2, B1, B2]));
        assert_eq!(king_attacks(E1), set(&[D1, D2, E2, F2, F1]));
        assert_eq!(king_attacks(H5), set(&[H4, H6, G4, G5, G6]));
        assert_eq!(king_attacks(D4).len(), 8);
        let total: u32 = Square::ALL.iter().map(|&s| king_attacks(s).len()).sum();
        assert_eq!(total, 420);
    }

    #[test]
    fn set_wise_attacks_equal_the_tables() {
        for sq in Square::ALL {
            let one = sq.bitboard();
            assert_eq!(knight_attacks_set(one), knight_attacks(sq), "{sq}");
            assert_eq!(king_attacks_set(one), king_attacks(sq), "{sq}");
            for color in Color::ALL {
                assert_eq!(
                    pawn_attacks_set(color, one),
                    pawn_attacks(color, sq),
                    "{sq}"
                );
            }
        }
        let set = Bitboard(0x8100_0018_2400_0081);
        let union = set
            .into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc | knight_attacks(sq));
        assert_eq!(knight_attacks_set(set), union);
    }

    #[test]
    fn hand_checked_pawns() {
        assert_eq!(pawn_attacks(Color::White, E4), set(&[D5, F5]));
        assert_eq!(pawn_attacks(Color::White, A2), set(&[B3]));
        assert_eq!(pawn_attacks(Color::White, H7), set(&[G8]));
        assert_eq!(pawn_attacks(Color::Black, E4), set(&[D3, F3]));
        assert_eq!(pawn_attacks(Color::Black, H7), set(&[G6]));
        assert_eq!(pawn_attacks(Color::Black, A1), Bitboard::EMPTY);
        assert_eq!(pawn_attacks(Color::White, C8), Bitboard::EMPTY);
    }
}
