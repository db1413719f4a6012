//! Move vocabularies for machine learning: a fixed numbering of moves, so that a move played
//! is a class index and the legal moves are a mask over the classes.
//!
//! Two vocabularies, both over moves as UCI writes them ([`Board::uci`](crate::Board::uci):
//! castling `e1g1` in standard chess, king-takes-rook `e1h1` in Chess960):
//!
//! - [`Vocabulary::Uci1968`]: the 1,968 moves of DeepMind's *searchless chess*, in its
//!   order. For each from-square `a1`, `b1`, ..., `h8`: the squares a queen attacks from it
//!   on an empty board in square order (`a1` = 0 ... `h8` = 63), then those a knight attacks,
//!   in square order (1,792 moves, castling included as king moves); then the promotions:
//!   rank 2 to rank 1 (Black) then rank 7 to rank 8 (White), file `a` to `h`, for each the
//!   straight push, the capture to the left, the capture to the right, each to `q`, `r`, `b`,
//!   `n` (176 moves).
//! - [`Vocabulary::FromTo`]: `from * 64 + to` (4,096 classes); a promotion shares its
//!   class with the other promotions of the same squares.
//!
//! ```
//! use bitmove::vocab::Vocabulary;
//! use bitmove::{Board, Move, Piece, Square};
//!
//! let uci = Vocabulary::Uci1968;
//! assert_eq!(uci.len(), 1968);
//! assert_eq!(uci.index(Move::new(Square::A1, Square::B1)), Some(0));
//! let e8q = Move { from: Square::E7, to: Square::E8, promotion: Some(Piece::Queen) };
//! assert_eq!(uci.move_at(uci.index(e8q).unwrap_or(0)), Some(e8q));
//!
//! let board = Board::default();
//! let mut mask = [0u8; 1968];
//! uci.mask(&board, &mut mask);
//! assert_eq!(mask.iter().filter(|&&m| m == 1).count(), 20);
//! ```

use crate::{Board, Move, Piece, Square};

/// A numbering of moves: see the [module](self) for the two orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vocabulary {
    /// The 1,968 moves of DeepMind's searchless chess (`"uci1968"`).
    Uci1968,
    /// From-square times 64 plus to-square (`"from_to"`).
    FromTo,
}

/// The number of moves in [`Vocabulary::Uci1968`].
pub const UCI1968_LEN: usize = 1968;

/// A move packed as from (bits 0-5), to (bits 6-11), promotion (bits 12-14: 0 none, then
/// the index of the piece).
const fn pack(from: usize, to: usize, promotion: usize) -> u16 {
    (from | (to << 6) | (promotion << 12)) as u16
}

/// The slot of a packed move in [`INDEX`]: 64 x 64 x 5.
const fn slot(from: usize, to: usize, promotion: usize) -> usize {
    (from * 64 + to) * 5 + promotion
}

/// Promotion codes in the table: 0 none, 1 queen, 2 rook, 3 bishop, 4 knight.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

const fn promotion_code(piece: Option<Piece>) -> Option<usize> {
    match piece {
        None => Some(0),
        Some(Piece::Queen) => Some(1),
        Some(Piece::Rook) => Some(2),
        Some(Piece::Bishop) => Some(3),
        Some(Piece::Knight) => Some(4),
        Some(_) => None,
    }
}

/// Whether a queen (or a knight) on `from` attacks `to` on an empty board.
const fn queen_reaches(from: usize, to: usize) -> bool {
    let (ff, fr) = ((from % 8) as i32, (from / 8) as i32);
    let (tf, tr) = ((to % 8) as i32, (to / 8) as i32);
    let (df, dr) = (tf - ff, tr - fr);
    from != to && (df == 0 || dr == 0 || df == dr || df == -dr)
}

const fn knight_reaches(from: usize, to: usize) -> bool {
    let (df, dr) = (
        (to % 8) as i32 - (from % 8) as i32,
        (to / 8) as i32 - (from / 8) as i32,
    );
    (df * df + dr * dr) == 5
}

/// The moves in order, packed.
static MOVES: [u16; UCI1968_LEN] = {
    let mut moves = [0u16; UCI1968_LEN];
    let mut n = 0;
    let mut from = 0;
    while from < 64 {
        let mut to = 0;
        while to < 64 {
            if queen_reaches(from, to) {
                moves[n] = pack(from, to, 0);
                n += 1;
            }
            to += 1;
        }
        to = 0;
        while to < 64 {
            if knight_reaches(from, to) {
                moves[n] = pack(from, to, 0);
                n += 1;
            }
            to += 1;
        }
        from += 1;
    }
    // Promotions: Black's (rank 2 to 1), then White's (rank 7 to 8).
    let ranks = [(1usize, 0usize), (6, 7)];
    let mut r = 0;
    while r < 2 {
        let (rank, next) = ranks[r];
        let mut file = 0i32;
        while file < 8 {
            let targets = [file, file - 1, file + 1];
            let mut t = 0;
            while t < 3 {
                let target = targets[t];
                if target >= 0 && target < 8 {
                    let mut p = 1;
                    while p <= 4 {
                        moves[n] = pack(rank * 8 + file as usize, next * 8 + target as usize, p);
                        n += 1;
                        p += 1;
                    }
                }
                t += 1;
            }
            file += 1;
        }
        r += 1;
    }
    assert!(n == UCI1968_LEN);
    moves
};

/// For each (from, to, promotion) slot, the index in [`MOVES`] plus one; 0 when absent.
static INDEX: [u16; 64 * 64 * 5] = {
    let mut index = [0u16; 64 * 64 * 5];
    let mut i = 0;
    while i < UCI1968_LEN {
        let packed = MOVES[i] as usize;
        index[slot(packed & 63, (packed >> 6) & 63, packed >> 12)] = (i + 1) as u16;
        i += 1;
    }
    index
};

impl Vocabulary {
    /// The vocabulary of a name: `"uci1968"` or `"from_to"`.
    ///
    /// ```
    /// use bitmove::vocab::Vocabulary;
    ///
    /// assert_eq!(Vocabulary::from_name("from_to"), Some(Vocabulary::FromTo));
    /// assert_eq!(Vocabulary::from_name("lc0"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Vocabulary> {
        match name {
            "uci1968" => Some(Vocabulary::Uci1968),
            "from_to" => Some(Vocabulary::FromTo),
            _ => None,
        }
    }

    /// Its name: `"uci1968"` or `"from_to"`.
    pub const fn name(self) -> &'static str {
        match self {
            Vocabulary::Uci1968 => "uci1968",
            Vocabulary::FromTo => "from_to",
        }
    }

    /// The number of classes: 1,968 or 4,096.
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(self) -> usize {
        match self {
            Vocabulary::Uci1968 => UCI1968_LEN,
            Vocabulary::FromTo => 64 * 64,
        }
    }

    /// The index of a move as UCI writes it (see [`Board::uci`](crate::Board::uci)); `None`
    /// for a move outside the vocabulary (in `uci1968`: a from-to pair no queen or knight
    /// makes, a promotion off the last ranks).
    pub fn index(self, mv: Move) -> Option<usize> {
        let (from, to) = (mv.from.index(), mv.to.index());
        match self {
            Vocabulary::FromTo => Some(from * 64 + to),
            Vocabulary::Uci1968 => match promotion_code(mv.promotion) {
                None => None,
                Some(code) => match INDEX[slot(from, to, code)] {
                    0 => None,
                    i => Some(i as usize - 1),
                },
            },
        }
    }

    /// The move of an index; `None` past the end. In `from_to` the move has no promotion.
    pub fn move_at(self, index: usize) -> Option<Move> {
        if index >= self.len() {
            return None;
        }
        let (from, to, promotion) = match self {
            Vocabulary::FromTo => (index / 64, index % 64, 0),
            Vocabulary::Uci1968 => {
                let packed = MOVES[index] as usize;
                (packed & 63, (packed >> 6) & 63, packed >> 12)
            }
        };
        Some(Move {
            from: Square::index_wrapping(from),
            to: Square::index_wrapping(to),
            promotion: match promotion {
                0 => None,
                p => Some(PROMOTIONS[(p - 1) & 3]),
            },
        })
    }

    /// The index of `mv` played on `board` (legal there, in the board's internal form:
    /// castling as king-takes-rook), written as UCI writes it first.
    pub fn index_on(self, board: &Board, mv: Move) -> Option<usize> {
        self.index(board.uci(mv).as_move())
    }

    /// Sets `out[i]` to 1 for the index of each legal move of `board` (as UCI writes it);
    /// the other entries are left as they are. `out` should hold [`len`](Vocabulary::len)
    /// entries: indexes past its end are skipped.
    pub fn mask(self, board: &Board, out: &mut [u8]) {
        for &mv in board.legal_moves().iter() {
            if let Some(cell) = self.index_on(board, mv).and_then(|i| out.get_mut(i)) {
                *cell = 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci1968_is_a_bijection_in_deepmind_order() {
        let v = Vocabulary::Uci1968;
        for i in 0..v.len() {
            let mv = v.move_at(i).expect("in range");
            assert_eq!(v.index(mv), Some(i));
        }
        assert_eq!(v.move_at(v.len()), None);
        // The first moves: from a1, the queen's targets in square order, then the knight's.
        let first: [(Square, Square); 3] = [
            (Square::A1, Square::B1),
            (Square::A1, Square::C1),
            (Square::A1, Square::D1),
        ];
        for (i, (from, to)) in first.into_iter().enumerate() {
            assert_eq!(v.move_at(i), Some(Move::new(from, to)));
        }
        // 21 queen moves and 2 knight moves from a1.
        assert_eq!(v.move_at(21), Some(Move::new(Square::A1, Square::C2)));
        assert_eq!(v.move_at(22), Some(Move::new(Square::A1, Square::B3)));
        // The promotions start at 1,792 with a2a1q.
        let a1q = Move {
            from: Square::A2,
            to: Square::A1,
            promotion: Some(Piece::Queen),
        };
        assert_eq!(v.index(a1q), Some(1792));
        let h8n = Move {
            from: Square::H7,
            to: Square::G8,
            promotion: Some(Piece::Knight),
        };
        assert_eq!(v.index(h8n), Some(1967));
        assert_eq!(v.index(Move::new(Square::A1, Square::H7)), None);
        let king = Move {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Piece::King),
        };
        assert_eq!(v.index(king), None);
    }

    #[test]
    fn from_to() {
        let v = Vocabulary::FromTo;
        assert_eq!(
            v.index(Move::new(Square::E2, Square::E4)),
            Some(12 * 64 + 28)
        );
        assert_eq!(
            v.move_at(12 * 64 + 28),
            Some(Move::new(Square::E2, Square::E4))
        );
        assert_eq!(v.move_at(4096), None);
    }

    #[test]
    fn masks_hold_every_legal_move() {
        // Castling and promotions, in standard chess and Chess960.
        for (fen, chess960) in [
            ("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1", false),
            ("r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1", false),
            ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true),
        ] {
            let board = Board::from_fen_with(fen, chess960).expect("valid");
            let legal = board.legal_moves();
            for v in [Vocabulary::Uci1968, Vocabulary::FromTo] {
                let mut mask = std::vec![0u8; v.len()];
                v.mask(&board, &mut mask);
                let marked = mask.iter().filter(|&&m| m == 1).count();
                let mut expected: std::vec::Vec<usize> = legal
                    .iter()
                    .map(|&mv| {
                        v.index_on(&board, mv)
                            .expect("every legal move has a class")
                    })
                    .collect();
                expected.sort_unstable();
                expected.dedup();
                assert_eq!(marked, expected.len(), "{fen} {}", v.name());
                if v == Vocabulary::Uci1968 {
                    assert_eq!(marked, legal.len(), "{fen}");
                }
            }
        }
    }
}
