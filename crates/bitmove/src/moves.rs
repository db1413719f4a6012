//! [`Move`], set-shaped [`PieceMoves`], the fixed-capacity [`MoveList`], and UCI notation.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, BitboardIter, Piece, Rank, Square};

/// A move: from-square, to-square, and the promotion piece if any.
///
/// Castling is encoded as the king capturing its own rook (`e1h1` for White's short castling
/// in standard chess), which works unchanged for Chess960. Convert to standard UCI (`e1g1`)
/// or SAN at the boundary, with [`Board::uci`](crate::Board::uci).
///
/// `Display` writes this internal form, which is UCI in Chess960 mode.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The square the moving piece leaves (the king's square for castling).
    pub from: Square,
    /// The square it goes to (the castling rook's square for castling).
    pub to: Square,
    /// The piece a pawn promotes to.
    pub promotion: Option<Piece>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }
}

impl Move {
    /// The move packed in 16 bits, never 0 (so `Option<NonZeroU16>` of a packed move is two
    /// bytes): from-square in bits 0-5, to-square in bits 6-11, the promotion in bits 12-14
    /// (0 none, 1 knight, 2 bishop, 3 rook, 4 queen; 5 and 6 for a king or pawn, which no
    /// legal move has), and bit 15 always set. Read it back with
    /// [`Board::move_from_u16`](crate::Board::move_from_u16), which checks that it is legal.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board = Board::default();
    /// let mv = Move::new(Square::G1, Square::F3);
    /// let packed = mv.to_u16();
    /// assert_ne!(packed, 0);
    /// assert_eq!(board.move_from_u16(packed), Some(mv));
    /// assert_eq!(board.move_from_u16(Move::new(Square::G1, Square::G3).to_u16()), None);
    /// ```
    pub const fn to_u16(self) -> u16 {
        let promotion = match self.promotion {
            None => 0,
            Some(Piece::Knight) => 1,
            Some(Piece::Bishop) => 2,
            Some(Piece::Rook) => 3,
            Some(Piece::Queen) => 4,
            Some(Piece::King) => 5,
            Some(Piece::Pawn) => 6,
        };
        0x8000 | (promotion << 12) | ((self.to as u16) << 6) | self.from as u16
    }

    /// The move a [`to_u16`](Move::to_u16) value stands for, legal or not: `None` for a value
    /// that no move packs to.
    pub(crate) const fn unpack(packed: u16) -> Option<Move> {
        if packed & 0x8000 == 0 {
            return None;
        }
        let promotion = match (packed >> 12) & 7 {
            0 => None,
            1 => Some(Piece::Knight),
            2 => Some(Piece::Bishop),
            3 => Some(Piece::Rook),
            4 => Some(Piece::Queen),
            5 => Some(Piece::King),
            6 => Some(Piece::Pawn),
            _ => return None,
        };
        Some(Move {
            from: Square::index_wrapping((packed & 63) as usize),
            to: Square::index_wrapping(((packed >> 6) & 63) as usize),
            promotion,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.to_char())?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Move {
    type Err = UciError;

    /// Parses UCI move syntax without a position (`e2e4`, `e7e8q`; surrounding whitespace is
    /// ignored): squares and promotion letter only, so only [`UciError::Syntax`] can come
    /// back. Legality needs a board: [`Board::parse_uci_move`](crate::Board::parse_uci_move).
    ///
    /// ```
    /// use bitmove::{Move, Piece, Square, UciError};
    ///
    /// let mv: Move = "e7e8q".parse().unwrap();
    /// assert_eq!((mv.from, mv.to, mv.promotion), (Square::E7, Square::E8, Some(Piece::Queen)));
    /// assert_eq!("e7e8k".parse::<Move>(), Err(UciError::Syntax));
    /// ```
    fn from_str(text: &str) -> Result<Move, UciError> {
        parse_uci_syntax(text)
    }
}

/// Moves in set form: one piece, one from-square, every target square at once.
///
/// Generation hands these out so that callers can count (`len`) without building single
/// moves. Castling comes as a king whose target is its own rook's square; a pawn's targets on
/// the last rank stand for four moves each (queen, rook, bishop, knight).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Where it stands.
    pub from: Square,
    /// Where it may go.
    pub to: Bitboard,
}

const PROMOTION_RANKS: Bitboard = Bitboard(Rank::First.bitboard().0 | Rank::Eighth.bitboard().0);

impl PieceMoves {
    /// The number of moves, counting each promotion target four times.
    #[inline(always)]
    pub fn len(&self) -> usize {
        let n = self.to.len() as usize;
        if self.piece == Piece::Pawn {
            n + 3 * (self.to & PROMOTION_RANKS).len() as usize
        } else {
            n
        }
    }

    /// Whether there are no moves.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Whether the set holds `mv` (a promotion piece is required exactly on the last rank).
    pub fn contains(&self, mv: Move) -> bool {
        if mv.from != self.from || !self.to.has(mv.to) {
            return false;
        }
        let promotes = self.piece == Piece::Pawn && PROMOTION_RANKS.has(mv.to);
        match mv.promotion {
            None => !promotes,
            Some(p) => promotes && Piece::PROMOTIONS.contains(&p),
        }
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter {
            moves: self,
            targets: self.to.into_iter(),
            pending: None,
            promotion: 0,
        }
    }
}

/// The single moves of a [`PieceMoves`]; promotions come queen, rook, bishop, knight.
#[derive(Clone, Debug)]
pub struct PieceMovesIter {
    moves: PieceMoves,
    targets: BitboardIter,
    pending: Option<Square>,
    promotion: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if let Some(to) = self.pending {
            let promotion = Piece::PROMOTIONS[self.promotion];
            self.promotion += 1;
            if self.promotion == 4 {
                self.pending = None;
            }
            return Some(Move {
                from: self.moves.from,
                to,
                promotion: Some(promotion),
            });
        }
        let to = self.targets.next()?;
        if self.moves.piece == Piece::Pawn && PROMOTION_RANKS.has(to) {
            self.pending = Some(to);
            self.promotion = 1;
            return Some(Move {
                from: self.moves.from,
                to,
                promotion: Some(Piece::PROMOTIONS[0]),
            });
        }
        Some(Move::new(self.moves.from, to))
    }
}

/// The capacity of a [`MoveList`]: more than the 218 moves of the richest known position.
pub const MAX_MOVES: usize = 256;

/// A list of moves with fixed capacity and no heap allocation.
#[derive(Clone, PartialEq, Eq)]
pub struct MoveList {
    /// Not zeroed when made: a list costs only the moves pushed into it.
    moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new_const(),
        }
    }

    /// Appends a move; a move past the capacity is dropped (no legal position has that many).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        // A full list drops the move (no legal position has more than 218).
        let _ = self.moves.try_push(mv);
    }

    /// Appends every move of a set-shaped batch (promotions as four moves).
    #[inline(always)]
    pub(crate) fn push_all(&mut self, moves: PieceMoves) {
        if moves.piece == Piece::Pawn && !(moves.to & PROMOTION_RANKS).is_empty() {
            for mv in moves {
                self.push(mv);
            }
            return;
        }
        // No promotion: one move per target, without the iterator's promotion state.
        for to in moves.to {
            self.push(Move::new(moves.from, to));
        }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.as_slice()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The moves of a list, by value: `for mv in board.legal_moves()`.
///
/// ```
/// let board = bitmove::Board::default();
/// let mut count = 0;
/// for mv in board.legal_moves() {
///     assert!(board.is_legal(mv));
///     count += 1;
/// }
/// assert_eq!(count, 20);
/// ```
impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The by-value iterator of a [`MoveList`].
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.as_slice().get(self.next).copied();
        self.next += usize::from(mv.is_some());
        mv
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl core::iter::FusedIterator for MoveListIntoIter {}

/// Why a UCI move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciError {
    /// The text is not UCI move syntax (`e2e4`, `e7e8q`, `0000` is not accepted).
    Syntax,
    /// Well-formed, but not a legal move in the position.
    Illegal,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UciError::Syntax => {
                "not a UCI move (expected from-square, to-square and an optional promotion letter, such as e2e4 or e7e8q)"
            }
            UciError::Illegal => "not a legal move in this position",
        })
    }
}

impl core::error::Error for UciError {}

/// Parses UCI syntax without a position: squares and promotion letter.
pub(crate) fn parse_uci_syntax(text: &str) -> Result<Move, UciError> {
    let text = text.trim();
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(UciError::Syntax);
    }
    let from: Square = text[0..2].parse().map_err(|_| UciError::Syntax)?;
    let to: Square = text[2..4].parse().map_err(|_| UciError::Syntax)?;
    let promotion = match text[4..].chars().next() {
        None => None,
        Some(c) => match Piece::from_char(c) {
            Some(p) if c.is_ascii_lowercase() && Piece::PROMOTIONS.contains(&p) => Some(p),
            _ => return Err(UciError::Syntax),
        },
    };
    Ok(Move {
        from,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_sets_expand_to_four_moves() {
        let moves = PieceMoves {
            piece: Piece::Pawn,
            from: Square::B7,
            to: Square::A8.bitboard() | Square::B8.bitboard(),
        };
        assert_eq!(moves.len(), 8);
        let all: Vec<Move> = moves.into_iter().collect();
        assert_eq!(all.len(), 8);
        assert_eq!(all[0].to_string(), "b7a8q");
        assert_eq!(all[3].to_string(), "b7a8n");
        assert!(moves.contains(all[5]));
        assert!(!moves.contains(Move::new(Square::B7, Square::B8)));
    }

    #[test]
    fn uci_syntax() {
        assert_eq!(
            parse_uci_syntax("e7e8q"),
            Ok(Move {
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Piece::Queen)
            })
        );
        for bad in ["", "e2", "e2e9", "e7e8k", "e7e8Q", "e2e4e", "é2e4", "0000"] {
            assert_eq!(parse_uci_syntax(bad), Err(UciError::Syntax), "{bad}");
        }
    }

    #[test]
    fn move_list_never_overflows() {
        let mut list = MoveList::new();
        for _ in 0..300 {
            list.push(Move::new(Square::A1, Square::B1));
        }
        assert_eq!(list.len(), MAX_MOVES);
    }
}
