//! The variant perft recursions that run on the bare [`Board`] (no move list, no copy of the
//! whole variant position per move): the chess-shaped variants through the board's own
//! generator with the variant's end as a test at each node, racing kings through the same
//! generator with the moves that would give check masked off set-wise, atomic through its
//! pseudo-legal generator judged without making moves, its leaves counted by popcount where
//! no test is needed, horde with the side without a king moving by its pseudo-legal moves
//! (all legal) and counted by popcounts.
//!
//! Each recursion is stamped out twice, for the x86-64 baseline and for POPCNT, LZCNT, BMI1
//! and BMI2 (CPUID picks one per call), as standard perft is: bulk counting is mostly
//! popcounts, a dozen instructions each on the baseline.

use super::rules;
use crate::attacks::Sliders;
use crate::{Board, Color, Move, Piece};

/// The variant end a chess-shaped variant checks at each node.
#[derive(Clone, Copy)]
pub(crate) enum End {
    /// Standard chess: none.
    None,
    /// King of the hill: a king on a centre square.
    Hill,
    /// Three-check: the checks each side still has to give (White's, Black's).
    Checks([u8; 2]),
}

/// Which recursion a variant runs through.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// Chess, king of the hill, three-check.
    Shaped(End),
    /// Racing kings.
    Racing,
    /// Atomic.
    Atomic,
    /// Horde.
    Horde,
}

macro_rules! recursions {
    ($(#[$attr:meta])* $shaped:ident, $racing:ident, $atomic:ident, $horde:ident) => {
        /// Perft of a chess-shaped variant: moves taken as sets, the checks worked out by the
        /// make.
        $(#[$attr])*
        fn $shaped<S: Sliders>(s: S, b: &Board, depth: u32, end: End) -> u64 {
            let ended = match end {
                End::None => false,
                End::Hill => !(b.pieces(Piece::King) & rules::CENTER).is_empty(),
                End::Checks(left) => left.contains(&0),
            };
            if ended {
                return 0;
            }
            if depth == 1 {
                return b.count_with(s) as u64;
            }
            let mover = b.side.index();
            let mut nodes = 0;
            b.generate_with(s, |moves| {
                for mv in moves {
                    let mut child = b.clone();
                    child.play_piece::<S, false>(s, moves.piece, mv);
                    let next = match end {
                        End::Checks(mut left) => {
                            if child.in_check() {
                                left[mover] = left[mover].saturating_sub(1);
                            }
                            End::Checks(left)
                        }
                        other => other,
                    };
                    nodes += $shaped(s, &child, depth - 1, next);
                }
                false
            });
            nodes
        }

        /// Perft of racing kings: the board's legal moves less those that give check, a
        /// mask per piece (no pawns, no castling, no en passant in racing kings).
        $(#[$attr])*
        fn $racing<S: Sliders>(s: S, b: &Board, depth: u32) -> u64 {
            if rules::racing_end_with(s, b) {
                return 0;
            }
            let filter = rules::RacingFilter::new(s, b);
            let mut nodes = 0;
            if depth == 1 {
                b.generate_with(s, |moves| {
                    nodes += u64::from((moves.to & filter.allowed(moves.piece, moves.from)).len());
                    false
                });
                return nodes;
            }
            b.generate_with(s, |moves| {
                for to in moves.to & filter.allowed(moves.piece, moves.from) {
                    let mut child = b.clone();
                    child.play_piece::<S, false>(s, moves.piece, Move::new(moves.from, to));
                    nodes += $racing(s, &child, depth - 1);
                }
                false
            });
            nodes
        }

        /// Perft of atomic: over when a king has exploded; the moves judged without being
        /// made, and made without their key.
        $(#[$attr])*
        fn $atomic<S: Sliders>(s: S, b: &Board, depth: u32) -> u64 {
            if Color::ALL
                .into_iter()
                .any(|c| b.colored_pieces(c, Piece::King).is_empty())
            {
                return 0;
            }
            if depth == 1 {
                return rules::count_atomic(s, b);
            }
            let mut nodes = 0;
            rules::atomic_moves(s, b, &mut |mv| {
                let mut child = b.clone();
                rules::atomic_make::<false>(&mut child, mv);
                nodes += $atomic(s, &child, depth - 1);
            });
            nodes
        }

        /// Perft of horde: the side with a king through the board's generator (with the king
        /// steps it drops against a side without one put back), the side without through
        /// its pseudo-legal moves, all legal; leaves counted by popcounts. A move of the
        /// side with the king is made without checkers and pins (the side without has none
        /// to work out).
        $(#[$attr])*
        fn $horde<S: Sliders>(s: S, b: &Board, depth: u32) -> u64 {
            if b.colors[0].is_empty() || b.colors[1].is_empty() {
                return 0;
            }
            let us = b.side;
            let mut nodes = 0;
            if b.colored_pieces(us, Piece::King).is_empty() {
                if depth == 1 {
                    return rules::count_kingless(s, b);
                }
                rules::pseudo_moves(s, b, false, &mut |piece, mv| {
                    let mut child = b.clone();
                    child.play_piece::<S, false>(s, piece, mv);
                    rules::horde_first_rank_step(&mut child, piece, mv);
                    nodes += $horde(s, &child, depth - 1);
                });
                return nodes;
            }
            let lost = rules::horde_lost_king_targets(s, b);
            if depth == 1 {
                return b.count_with(s) as u64 + u64::from(lost.len());
            }
            // A side without a king has no checkers and pins to work out (none read).
            let kingless = b.colored_pieces(!us, Piece::King).is_empty();
            let step = |piece: Piece, mv: Move| {
                let mut child = b.clone();
                if kingless {
                    child.make_piece::<false>(piece, mv);
                } else {
                    child.play_piece::<S, false>(s, piece, mv);
                }
                rules::horde_first_rank_step(&mut child, piece, mv);
                $horde(s, &child, depth - 1)
            };
            b.generate_with(s, |moves| {
                for mv in moves {
                    nodes += step(moves.piece, mv);
                }
                false
            });
            let king = b.king(us);
            for to in lost {
                nodes += step(Piece::King, Move::new(king, to));
            }
            nodes
        }
    };
}

recursions!(
    shaped_baseline,
    racing_baseline,
    atomic_baseline,
    horde_baseline
);
#[cfg(target_arch = "x86_64")]
recursions!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    shaped_modern,
    racing_modern,
    atomic_modern,
    horde_modern
);

/// Perft of `b` (checkers and pins known, `depth` at least 1) by `kind`'s recursion,
/// compiled for the best instruction set this CPU has.
pub(crate) fn perft<S: Sliders>(s: S, b: &Board, depth: u32, kind: Kind) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if crate::attacks::cpu::has_modern_bit_ops() {
        // SAFETY: CPUID reported POPCNT, LZCNT, BMI1 and BMI2, all that the `_modern`
        // recursions are compiled for.
        #[allow(unsafe_code)]
        return unsafe {
            match kind {
                Kind::Shaped(end) => shaped_modern(s, b, depth, end),
                Kind::Racing => racing_modern(s, b, depth),
                Kind::Atomic => atomic_modern(s, b, depth),
                Kind::Horde => horde_modern(s, b, depth),
            }
        };
    }
    match kind {
        Kind::Shaped(end) => shaped_baseline(s, b, depth, end),
        Kind::Racing => racing_baseline(s, b, depth),
        Kind::Atomic => atomic_baseline(s, b, depth),
        Kind::Horde => horde_baseline(s, b, depth),
    }
}
