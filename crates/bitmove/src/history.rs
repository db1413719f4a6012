//! Draws inside a search: the keys of the positions on the path from the game's start to the
//! node being searched, pushed and popped with the moves, answering repetition since the
//! last irreversible move. Positions are compared by [`Board::repetition_key`], which counts
//! an en-passant square only when the capture is legal (FIDE's rule).

use std::sync::OnceLock;
use std::vec::Vec;

use crate::attacks::{
    SliderBackend, between, bishop_rays, dispatch, king_attacks, knight_attacks, rook_rays,
};
use crate::{Bitboard, Board, Color, Move, Piece, Square, zobrist};

impl Board {
    /// The Zobrist key under FIDE's rule for repeated positions: [`hash`](Board::hash), but
    /// with the en-passant square left out unless an en-passant capture is legal (the hash
    /// keeps it when a capture is merely pseudo-legal, e.g. by a pinned pawn).
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// // The d5 pawn may be taken en passant only by the e5 pawn, pinned by the h8 bishop.
    /// let pinned: Board = "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2".parse().unwrap();
    /// let without: Board = "4k2b/8/8/3pP3/8/8/8/K7 w - - 0 2".parse().unwrap();
    /// assert_ne!(pinned.hash(), without.hash());
    /// assert_eq!(pinned.repetition_key(), without.repetition_key());
    /// ```
    pub fn repetition_key(&self) -> u64 {
        match self.en_passant {
            Some(ep)
                if !dispatch!(SliderBackend::current(), |s| self
                    .en_passant_capturable(s, ep)) =>
            {
                self.hash ^ zobrist::en_passant(ep.file())
            }
            _ => self.hash,
        }
    }
}

/// The keys of the positions from the game's start to the node being searched, for
/// repetition draws inside a search: [`push`](KeyHistory::push) after making a move,
/// [`pop`](KeyHistory::pop) when taking it back.
///
/// ```
/// use bitmove::{Board, KeyHistory};
///
/// let mut board = Board::default();
/// let mut history = KeyHistory::new();
/// history.push(&board);
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     let mv = board.parse_uci(uci).unwrap();
///     board.play_unchecked(mv);
///     history.push(&board);
/// }
/// assert_eq!(history.repetitions(), 2); // the start position, a second time
/// assert!(history.is_repetition(2) && !history.is_repetition(3));
/// history.pop();
/// assert_eq!(history.repetitions(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyHistory {
    /// (repetition key, halfmove clock) of each position, oldest first.
    entries: Vec<(u64, u32)>,
}

impl KeyHistory {
    /// An empty history.
    pub fn new() -> KeyHistory {
        KeyHistory::default()
    }

    /// An empty history with room for `plies` positions without allocating.
    pub fn with_capacity(plies: usize) -> KeyHistory {
        KeyHistory {
            entries: Vec::with_capacity(plies),
        }
    }

    /// Records `board` as the newest position on the path.
    #[inline]
    pub fn push(&mut self, board: &Board) {
        self.entries
            .push((board.repetition_key(), board.halfmove_clock()));
    }

    /// Forgets the newest position (when its move is taken back).
    #[inline]
    pub fn pop(&mut self) {
        self.entries.pop();
    }

    /// How many positions are recorded.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no position is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// How many times the newest position occurs on the path, itself included (0 for an
    /// empty history). Only positions since the last capture or pawn move are looked at (the
    /// halfmove clock says how far back that was), two plies at a time.
    pub fn repetitions(&self) -> usize {
        let Some((&(key, clock), earlier)) = self.entries.split_last() else {
            return 0;
        };
        let window = (clock as usize).min(earlier.len());
        1 + earlier[earlier.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&(k, _)| k == key)
            .count()
    }

    /// Whether the newest position occurs at least `times` times on the path: in a search
    /// `is_repetition(2)` is the usual draw test, `is_repetition(3)` the game rule.
    pub fn is_repetition(&self, times: usize) -> bool {
        self.repetitions() >= times
    }

    /// Whether the side to move in `board` (the newest position of this history) has a legal
    /// move to a position already on the path since the last irreversible move: a search
    /// can score such a node as a draw before generating anything (Stockfish's "upcoming
    /// repetition" test, with the same cuckoo tables).
    ///
    /// Only a reversible move (a knight, bishop, rook, queen or king moving without capturing,
    /// castling or losing a castling right) can lead back, and for each earlier position with
    /// the other side to move the two keys differ by exactly one such move: it is found in a
    /// table of the 3,668 of them, then checked on `board` (our piece on one square, the other
    /// square and the path between empty, the move legal, the key after it equal). So the
    /// answer is exact, as exact as comparing positions by key is anywhere in this crate: the
    /// tests compare it with making every legal move and comparing whole positions.
    ///
    /// ```
    /// use bitmove::{Board, KeyHistory};
    ///
    /// let mut board = Board::default();
    /// let mut history = KeyHistory::new();
    /// history.push(&board);
    /// for uci in ["g1f3", "g8f6", "f3g1"] {
    ///     assert!(!history.upcoming_repetition(&board));
    ///     board.play_unchecked(board.parse_uci(uci).unwrap());
    ///     history.push(&board);
    /// }
    /// // Black's Nf6-g8 would bring back the start position.
    /// assert!(history.upcoming_repetition(&board));
    /// ```
    pub fn upcoming_repetition(&self, board: &Board) -> bool {
        let Some((&(key, clock), earlier)) = self.entries.split_last() else {
            return false;
        };
        // A move reaching an earlier position leaves the side to move as it was there, so only
        // every other position counts; one ply back is the opponent's own move, which our
        // move cannot undo: the first candidate is three plies back.
        let window = (clock as usize).min(earlier.len());
        let us = board.side_to_move();
        let occupied = board.occupied();
        let mut distance = 3;
        while distance <= window {
            let (other, _) = earlier[earlier.len() - distance];
            distance += 2;
            let Some((color, piece, a, b)) = cuckoo_lookup(key ^ other) else {
                continue;
            };
            if color != us || !(between(a, b) & occupied).is_empty() {
                continue;
            }
            let ours = board.colored_pieces(us, piece);
            let (from, to) = if ours.has(a) { (a, b) } else { (b, a) };
            if !ours.has(from) || occupied.has(to) {
                continue;
            }
            // In a real game the earlier position is legal, so the move is too; the test
            // keeps the answer exact for any history a caller builds.
            let mv = Move::new(from, to);
            if board.is_legal(mv) && board.key_after(mv) == other {
                return true;
            }
        }
        false
    }
}

/// The slots of the cuckoo table (a power of two); 3,668 moves fill it to 45%.
const CUCKOO_SLOTS: usize = 8192;

/// A reversible move between two squares, either way: colour, piece and the two squares.
type CuckooMove = (Color, Piece, Square, Square);

/// Every reversible move of a knight, bishop, rook, queen or king on an empty board, keyed
/// by what it XORs into the Zobrist key (its two squares and the side to move), in a
/// two-choice cuckoo hash: a key sits at one of two slots.
struct Cuckoo {
    keys: Vec<u64>,
    moves: Vec<Option<CuckooMove>>,
}

/// The two slots a key may sit at.
fn cuckoo_slots(key: u64) -> [usize; 2] {
    let mask = CUCKOO_SLOTS as u64 - 1;
    [(key & mask) as usize, ((key >> 16) & mask) as usize]
}

/// The key a move between `a` and `b` XORs into the Zobrist key.
fn cuckoo_key(color: Color, piece: Piece, a: Square, b: Square) -> u64 {
    zobrist::piece(color, piece, a) ^ zobrist::piece(color, piece, b) ^ zobrist::white_to_move()
}

/// Every square a `piece` on `square` reaches on an empty board.
fn empty_board_reach(piece: Piece, square: Square) -> Bitboard {
    match piece {
        Piece::Knight => knight_attacks(square),
        Piece::Bishop => bishop_rays(square),
        Piece::Rook => rook_rays(square),
        Piece::Queen => bishop_rays(square) | rook_rays(square),
        _ => king_attacks(square),
    }
}

/// Builds the table once (about 3,700 insertions).
fn cuckoo() -> &'static Cuckoo {
    static TABLE: OnceLock<Cuckoo> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Cuckoo {
            keys: std::vec![0; CUCKOO_SLOTS],
            moves: std::vec![None; CUCKOO_SLOTS],
        };
        for color in Color::ALL {
            for piece in [
                Piece::Knight,
                Piece::Bishop,
                Piece::Rook,
                Piece::Queen,
                Piece::King,
            ] {
                for a in Square::ALL {
                    for b in empty_board_reach(piece, a) {
                        if b.index() <= a.index() {
                            continue;
                        }
                        let mut entry =
                            (cuckoo_key(color, piece, a, b), Some((color, piece, a, b)));
                        let mut slot = cuckoo_slots(entry.0)[0];
                        // Take the slot, and move what was there to its other slot, until a
                        // slot was empty. (The keys are random: this ends after a few steps.)
                        loop {
                            core::mem::swap(&mut table.keys[slot], &mut entry.0);
                            core::mem::swap(&mut table.moves[slot], &mut entry.1);
                            if entry.1.is_none() {
                                break;
                            }
                            let [first, second] = cuckoo_slots(entry.0);
                            slot = if slot == first { second } else { first };
                        }
                    }
                }
            }
        }
        table
    })
}

/// The reversible move that XORs `key` into the Zobrist key, if there is one.
fn cuckoo_lookup(key: u64) -> Option<CuckooMove> {
    let table = cuckoo();
    cuckoo_slots(key)
        .into_iter()
        .find(|&slot| table.keys[slot] == key)
        .and_then(|slot| table.moves[slot])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cuckoo_table_holds_every_reversible_move_once() {
        let table = cuckoo();
        let moves: Vec<CuckooMove> = table.moves.iter().flatten().copied().collect();
        // Stockfish's count of the same moves.
        assert_eq!(moves.len(), 3668);
        for &(color, piece, a, b) in &moves {
            assert!(a.index() < b.index() && empty_board_reach(piece, a).has(b));
            assert_eq!(
                cuckoo_lookup(cuckoo_key(color, piece, a, b)),
                Some((color, piece, a, b))
            );
        }
        // A key that is no single move.
        let two = cuckoo_key(Color::White, Piece::Knight, Square::G1, Square::F3)
            ^ cuckoo_key(Color::White, Piece::Knight, Square::B1, Square::C3);
        assert_eq!(cuckoo_lookup(two), None);
    }
}
