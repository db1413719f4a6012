//! Draws inside a search: the keys of the positions on the path from the game's start to the
//! node being searched, pushed and popped with the moves, answering repetition since the
//! last irreversible move. Positions are compared by [`Board::repetition_key`], which counts
//! an en-passant square only when the capture is legal (FIDE's rule).

use std::vec::Vec;

use crate::attacks::{SliderBackend, dispatch};
use crate::{Board, zobrist};

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
}
