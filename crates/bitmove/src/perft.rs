//! Perft: the number of leaf nodes of the legal move tree, the proof that a move generator is
//! exact and the measure of its speed.
//!
//! At depth 1 the count is the sum of the set-shaped moves' sizes (a popcount; promotions
//! count four): leaves are never made.

use crate::attacks::{dispatch, SliderBackend, Sliders};
use crate::Board;
#[cfg(feature = "std")]
use crate::Move;

/// The number of leaf nodes `depth` plies below `board`. `perft(board, 0)` is 1.
///
/// ```
/// use bitmove::{perft, Board};
///
/// assert_eq!(perft(&Board::default(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    dispatch!(SliderBackend::current(), |s| perft_with(s, board, depth))
}

/// [`perft`] through a chosen backend, e.g. to compare backends.
pub fn perft_backend(backend: SliderBackend, board: &Board, depth: u32) -> u64 {
    dispatch!(backend, |s| perft_with(s, board, depth))
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order.
///
/// ```
/// use bitmove::{divide, Board};
///
/// let split = divide(&Board::default(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
#[cfg(feature = "std")]
pub fn divide(board: &Board, depth: u32) -> std::vec::Vec<(Move, u64)> {
    let depth = depth.max(1);
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

pub(crate) fn perft_with<S: Sliders>(s: S, board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_with(s) as u64,
        _ => {
            let mut nodes = 0;
            board.generate_with(s, |moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_piece::<S, false>(s, moves.piece, mv);
                    nodes += perft_with(s, &child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}
