//! Independent hash keys for the perft table: a key set drawn from a seed, so that two runs
//! of one deep perft with different seeds share no hash collision (the record computations'
//! check against a false table hit or a flipped bit).
//!
//! Mixing a seed into the Polyglot key would not do: two positions whose Polyglot keys are
//! equal would still collide under every seed. Here every (colour, piece, square), castling
//! right (with its rook's file), en-passant file and the side to move gets its own random key
//! from SplitMix64 seeded with the seed, and a node's key is computed from scratch at each
//! probe (nodes at depth 3 and more only: a small share of the work).

use super::{Table, perft_tt};
use crate::attacks::Sliders;
use crate::{Board, CastlingSide, Color, Piece};

/// A Zobrist key set drawn from a seed.
pub(crate) struct HashKeys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [[[u64; 8]; 2]; 2],
    en_passant: [u64; 8],
    black_to_move: u64,
}

impl HashKeys {
    pub(crate) fn new(seed: u64) -> HashKeys {
        let mut state = seed ^ 0x6A09_E667_F3BC_C908;
        let mut next = || {
            // SplitMix64.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut keys = HashKeys {
            pieces: [[[0; 64]; 6]; 2],
            castling: [[[0; 8]; 2]; 2],
            en_passant: [0; 8],
            black_to_move: 0,
        };
        for color in &mut keys.pieces {
            for piece in color.iter_mut() {
                for key in piece.iter_mut() {
                    *key = next();
                }
            }
        }
        for color in &mut keys.castling {
            for side in color.iter_mut() {
                for key in side.iter_mut() {
                    *key = next();
                }
            }
        }
        for key in &mut keys.en_passant {
            *key = next();
        }
        keys.black_to_move = next();
        keys
    }

    /// The key of `board` under this key set, from scratch.
    pub(crate) fn key(&self, board: &Board) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in board.colored_pieces(color, piece) {
                    key ^= self.pieces[color.index()][piece.index()][square.index()];
                }
            }
        }
        let rights = board.castling_rights();
        for color in Color::ALL {
            for (i, side) in [CastlingSide::Short, CastlingSide::Long]
                .into_iter()
                .enumerate()
            {
                if let Some(file) = rights.rook(color, side) {
                    key ^= self.castling[color.index()][i][file.index()];
                }
            }
        }
        if let Some(ep) = board.en_passant() {
            key ^= self.en_passant[ep.file().index()];
        }
        if board.side_to_move() == Color::Black {
            key ^= self.black_to_move;
        }
        key
    }
}

/// Perft through `table` keyed by `keys`: probed and filled at depth 3 and more, the plain
/// (CPU-specialised) count below.
pub(crate) fn perft_seeded<S: Sliders>(
    s: S,
    board: &Board,
    depth: u32,
    table: &Table,
    keys: &HashKeys,
) -> u64 {
    let board = &*board.checked(s);
    if depth <= 2 {
        return perft_tt::<S, false>(s, board, depth, None);
    }
    let key = keys.key(board);
    if let Some(nodes) = table.get(key, depth) {
        return nodes;
    }
    let mut nodes = 0;
    board.generate_with(s, |moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_piece::<S, false>(s, moves.piece, mv);
            nodes += perft_seeded(s, &child, depth - 1, table, keys);
        }
        false
    });
    table.set(key, depth, nodes);
    nodes
}

/// [`perft_seeded`] for statistics: `table` keyed by `keys` at depth 3 and more, the plain
/// statistics below.
#[cfg(feature = "std")]
pub(crate) fn stats_seeded<S: Sliders>(
    s: S,
    board: &Board,
    depth: u32,
    table: &super::stats::StatsTable,
    keys: &HashKeys,
) -> super::PerftStats {
    let board = &*board.checked(s);
    if depth <= 2 {
        return super::stats::stats_with(s, board, depth, None);
    }
    let key = keys.key(board);
    if let Some(stats) = table.get(key, depth) {
        return stats;
    }
    let mut total = super::PerftStats::default();
    board.generate_with(s, |moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_piece::<S, false>(s, moves.piece, mv);
            total += stats_seeded(s, &child, depth - 1, table, keys);
        }
        false
    });
    table.set(key, depth, &total);
    total
}
