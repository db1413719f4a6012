//! [`Bitboard`]: a set of squares in one `u64`.

use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{File, Rank, Square};

/// A set of squares: bit `n` stands for the square with index `n` (a1 = 0, h8 = 63).
///
/// The operators are set algebra: `&` intersection, `|` union, `^` symmetric difference,
/// `-` difference and `!` complement.
///
/// ```
/// use bitmove::{Bitboard, Square};
///
/// let a = Square::E4.bitboard() | Square::D5.bitboard();
/// assert!(a.has(Square::E4));
/// assert_eq!(a.len(), 2);
/// assert_eq!(a.into_iter().collect::<Vec<_>>(), [Square::E4, Square::D5]);
/// assert_eq!(a - Square::E4.bitboard(), Square::D5.bitboard());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The squares on the edge of the board.
    pub const EDGES: Bitboard = Bitboard(0xFF81_8181_8181_81FF);
    /// The 32 light squares (h1 is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The 32 dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// Whether `square` is in the set.
    #[inline(always)]
    pub const fn has(self, square: Square) -> bool {
        self.0 & (1 << square as u8) != 0
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has more than one square.
    #[inline(always)]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square in the set, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::index_wrapping(self.0.trailing_zeros() as usize))
        }
    }

    /// The only square in the set, or `None` when it holds zero or several.
    #[inline(always)]
    pub const fn single(self) -> Option<Square> {
        if self.has_many() { None } else { self.first() }
    }

    /// Union (a `const` `|`).
    #[inline(always)]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Intersection (a `const` `&`).
    #[inline(always)]
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Difference (a `const` `-`).
    #[inline(always)]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The set mirrored top to bottom (rank 1 <-> rank 8).
    #[inline(always)]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set moved one rank up (towards rank 8); squares on rank 8 fall off.
    #[inline(always)]
    pub const fn up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set moved one rank down (towards rank 1); squares on rank 1 fall off.
    #[inline(always)]
    pub const fn down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every subset of this set, the empty set first and the full set last (the
    /// "carry-rippler" enumeration: subsets come in the order of their PEXT index).
    ///
    /// ```
    /// use bitmove::Bitboard;
    ///
    /// let subsets: Vec<u64> = Bitboard(0b1010).subsets().map(|b| b.0).collect();
    /// assert_eq!(subsets, [0b0000, 0b0010, 0b1000, 0b1010]);
    /// ```
    pub fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: 0,
            done: false,
        }
    }
}

/// The iterator of [`Bitboard::subsets`].
#[derive(Clone, Debug)]
pub struct Subsets {
    set: u64,
    next: u64,
    done: bool,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    fn next(&mut self) -> Option<Bitboard> {
        if self.done {
            return None;
        }
        let current = self.next;
        self.next = self.next.wrapping_sub(self.set) & self.set;
        self.done = self.next == 0;
        Some(Bitboard(current))
    }
}

/// The iterator over a [`Bitboard`]'s squares, lowest first.
#[derive(Clone, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::index_wrapping(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// From the highest square down (python-chess's `scan_reversed` order).
impl DoubleEndedIterator for BitboardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros();
        self.0 ^= 1 << index;
        Some(Square::index_wrapping(index as usize))
    }
}

impl ExactSizeIterator for BitboardIter {}
impl core::iter::FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl Bitboard {
    /// The squares of the set, lowest first.
    #[inline(always)]
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |set, sq| set | sq.bitboard())
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(square: Square) -> Bitboard {
        square.bitboard()
    }
}

impl From<File> for Bitboard {
    #[inline(always)]
    fn from(file: File) -> Bitboard {
        file.bitboard()
    }
}

impl From<Rank> for Bitboard {
    #[inline(always)]
    fn from(rank: Rank) -> Bitboard {
        rank.bitboard()
    }
}

macro_rules! set_operator {
    ($trait:ident $method:ident $assign_trait:ident $assign_method:ident |$a:ident, $b:ident| $body:expr) => {
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;

            #[inline(always)]
            fn $method(self, rhs: T) -> Bitboard {
                let ($a, $b) = (self.0, rhs.into().0);
                Bitboard($body)
            }
        }

        impl<T: Into<Bitboard>> $assign_trait<T> for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: T) {
                let ($a, $b) = (self.0, rhs.into().0);
                self.0 = $body;
            }
        }
    };
}

set_operator!(BitAnd bitand BitAndAssign bitand_assign |a, b| a & b);
set_operator!(BitOr bitor BitOrAssign bitor_assign |a, b| a | b);
set_operator!(BitXor bitxor BitXorAssign bitxor_assign |a, b| a ^ b);
set_operator!(Sub sub SubAssign sub_assign |a, b| a & !b);

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Draws the board as an 8x8 grid, rank 8 at the top: `X` for a square in the set, `.` else.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(0x{:016X})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.has(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                if file == File::H {
                    writeln!(f, "{c}")?;
                } else {
                    write!(f, "{c} ")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_algebra() {
        let a = Bitboard(0b1100);
        let b = Bitboard(0b1010);
        assert_eq!(a & b, Bitboard(0b1000));
        assert_eq!(a | b, Bitboard(0b1110));
        assert_eq!(a ^ b, Bitboard(0b0110));
        assert_eq!(a - b, Bitboard(0b0100));
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
        assert!(Bitboard(0b11).has_many());
        assert!(!Bitboard(0b10).has_many());
        assert_eq!(Bitboard(0b10).single(), Some(Square::B1));
        assert_eq!(Bitboard(0b11).single(), None);
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn iterates_every_square() {
        let all: Vec<Square> = Bitboard::FULL.into_iter().collect();
        assert_eq!(all, Square::ALL);
        assert_eq!(Bitboard::FULL.iter().len(), 64);
        let back: Bitboard = all.into_iter().collect();
        assert_eq!(back, Bitboard::FULL);
    }

    #[test]
    fn subsets_are_all_distinct_and_complete() {
        let set = Bitboard(0x8100_0000_0000_1042);
        let subsets: Vec<Bitboard> = set.subsets().collect();
        assert_eq!(subsets.len(), 1 << set.len());
        for (i, s) in subsets.iter().enumerate() {
            assert_eq!(*s - set, Bitboard::EMPTY);
            if i > 0 {
                assert!(s.0 > subsets[i - 1].0);
            }
        }
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
        assert_eq!(Bitboard::FULL.subsets().take(3).count(), 3);
    }

    #[test]
    fn debug_draws_the_grid() {
        let text = format!("{:?}", Square::A1.bitboard() | Square::H8.bitboard());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], ". . . . . . . X");
        assert_eq!(lines[8], "X . . . . . . .");
    }
}
