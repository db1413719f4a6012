//! Squares, files and ranks.
//!
//! Squares are numbered rank-major from a1 = 0 to h8 = 63, so `square = 8 * rank + file` and a
//! square's bit in a [`Bitboard`](crate::Bitboard) is `1 << square`.

use core::fmt;
use core::str::FromStr;

use crate::Bitboard;

macro_rules! simple_enum {
    ($(#[$meta:meta])* $name:ident [$count:literal] { $($(#[$vmeta:meta])* $variant:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum $name {
            $($(#[$vmeta])* $variant),*
        }

        impl $name {
            /// Every value, in index order.
            pub const ALL: [$name; $count] = [$($name::$variant),*];
            /// The number of values.
            pub const COUNT: usize = $count;

            /// The value with this index; `index` is taken modulo the number of values.
            #[inline(always)]
            pub const fn index_wrapping(index: usize) -> Self {
                // A match on the discriminants compiles to a plain integer move, where a
                // lookup in `ALL` would cost a load.
                let index = index % $count;
                $(
                    if index == $name::$variant as usize {
                        return $name::$variant;
                    }
                )*
                Self::ALL[0]
            }

            /// The value with this index, or `None` when it is out of range.
            #[inline]
            pub const fn try_index(index: usize) -> Option<Self> {
                if index < $count {
                    Some(Self::ALL[index])
                } else {
                    None
                }
            }

            /// This value's index.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

simple_enum! {
    /// A file (column), a to h.
    File[8] {
        /// The a-file.
        A,
        /// The b-file.
        B,
        /// The c-file.
        C,
        /// The d-file.
        D,
        /// The e-file.
        E,
        /// The f-file.
        F,
        /// The g-file.
        G,
        /// The h-file.
        H,
    }
}

simple_enum! {
    /// A rank (row), first (White's back rank) to eighth.
    Rank[8] {
        /// The first rank.
        First,
        /// The second rank.
        Second,
        /// The third rank.
        Third,
        /// The fourth rank.
        Fourth,
        /// The fifth rank.
        Fifth,
        /// The sixth rank.
        Sixth,
        /// The seventh rank.
        Seventh,
        /// The eighth rank.
        Eighth,
    }
}

simple_enum! {
    /// A square of the board, a1 to h8, numbered rank-major (a1 = 0, b1 = 1, ..., h8 = 63).
    Square[64] {
        #[allow(missing_docs)] A1, #[allow(missing_docs)] B1, #[allow(missing_docs)] C1,
        #[allow(missing_docs)] D1, #[allow(missing_docs)] E1, #[allow(missing_docs)] F1,
        #[allow(missing_docs)] G1, #[allow(missing_docs)] H1,
        #[allow(missing_docs)] A2, #[allow(missing_docs)] B2, #[allow(missing_docs)] C2,
        #[allow(missing_docs)] D2, #[allow(missing_docs)] E2, #[allow(missing_docs)] F2,
        #[allow(missing_docs)] G2, #[allow(missing_docs)] H2,
        #[allow(missing_docs)] A3, #[allow(missing_docs)] B3, #[allow(missing_docs)] C3,
        #[allow(missing_docs)] D3, #[allow(missing_docs)] E3, #[allow(missing_docs)] F3,
        #[allow(missing_docs)] G3, #[allow(missing_docs)] H3,
        #[allow(missing_docs)] A4, #[allow(missing_docs)] B4, #[allow(missing_docs)] C4,
        #[allow(missing_docs)] D4, #[allow(missing_docs)] E4, #[allow(missing_docs)] F4,
        #[allow(missing_docs)] G4, #[allow(missing_docs)] H4,
        #[allow(missing_docs)] A5, #[allow(missing_docs)] B5, #[allow(missing_docs)] C5,
        #[allow(missing_docs)] D5, #[allow(missing_docs)] E5, #[allow(missing_docs)] F5,
        #[allow(missing_docs)] G5, #[allow(missing_docs)] H5,
        #[allow(missing_docs)] A6, #[allow(missing_docs)] B6, #[allow(missing_docs)] C6,
        #[allow(missing_docs)] D6, #[allow(missing_docs)] E6, #[allow(missing_docs)] F6,
        #[allow(missing_docs)] G6, #[allow(missing_docs)] H6,
        #[allow(missing_docs)] A7, #[allow(missing_docs)] B7, #[allow(missing_docs)] C7,
        #[allow(missing_docs)] D7, #[allow(missing_docs)] E7, #[allow(missing_docs)] F7,
        #[allow(missing_docs)] G7, #[allow(missing_docs)] H7,
        #[allow(missing_docs)] A8, #[allow(missing_docs)] B8, #[allow(missing_docs)] C8,
        #[allow(missing_docs)] D8, #[allow(missing_docs)] E8, #[allow(missing_docs)] F8,
        #[allow(missing_docs)] G8, #[allow(missing_docs)] H8,
    }
}

impl File {
    /// The file's set of squares.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }

    /// The file's letter, `'a'` to `'h'`.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file of a letter `'a'..='h'` (either case).
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::ALL[c as usize - 'a' as usize]),
            'A'..='H' => Some(File::ALL[c as usize - 'A' as usize]),
            _ => None,
        }
    }

    /// The file mirrored left to right (a <-> h).
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }
}

impl Rank {
    /// The rank's set of squares.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xFF << (8 * self as u8))
    }

    /// The rank's digit, `'1'` to `'8'`.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank of a digit `'1'..='8'`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::ALL[c as usize - '1' as usize]),
            _ => None,
        }
    }

    /// The rank seen from the other side (first <-> eighth).
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// The rank as seen by `color`: `relative_to(Black)` flips it.
    #[inline(always)]
    pub const fn relative_to(self, color: crate::Color) -> Rank {
        match color {
            crate::Color::White => self,
            crate::Color::Black => self.flip(),
        }
    }
}

impl Square {
    /// The square on `file` and `rank`.
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// The square's file.
    #[inline(always)]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The square's rank.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The set holding just this square.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// The square `files` to the right and `ranks` up, or `None` when that leaves the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::ALL[(rank * 8 + file) as usize])
        } else {
            None
        }
    }

    /// The square mirrored top to bottom (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square as seen by `color`: `relative_to(Black)` mirrors it top to bottom.
    #[inline(always)]
    pub const fn relative_to(self, color: crate::Color) -> Square {
        match color {
            crate::Color::White => self,
            crate::Color::Black => self.flip_rank(),
        }
    }
}

/// The error for text that is not a square name such as `e4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (expected a file a-h and a rank 1-8, such as e4)")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f @ 'a'..='h'), Some(r), None) => {
                match (File::from_char(f), Rank::from_char(r)) {
                    (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                    _ => Err(ParseSquareError),
                }
            }
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            assert_eq!(sq.bitboard().0, 1u64 << sq.index());
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!(Square::H8.index(), 63);
    }

    #[test]
    fn rejects_bad_names() {
        for bad in ["", "e", "e9", "i1", "e44", "E4", "4e", "é4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn offsets_stay_on_board() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(1, 2), Some(Square::B3));
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::E2.flip_rank(), Square::E7);
    }
}
