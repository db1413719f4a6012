//! Perft at depth 2 with the "null count" shortcut.
//!
//! At depth 2 each of our moves needs the number of the opponent's replies. Count those
//! replies once on the unchanged board with the opponent to move (the "null" position). A
//! quiet move that provably cannot change the opponent's reply set contributes exactly that
//! count, without being made. Only the remaining moves are made and counted.
//!
//! A move of our piece P from f to t changes the opponent's replies only through:
//! - the occupancy of f and t: their slider rays, their pawn pushes, their pawn captures;
//! - pins and checks on their king: lines through their king;
//! - our attacks on the squares their king may go to (and on its castling path): P's own
//!   attacks from f and from t, and our sliders' rays through f or t towards those squares;
//! - special moves: captures, castling, en passant, promotions and double pushes (which may
//!   give them an en-passant capture) are never shortcut.
//!
//! So `forbidden` collects every square where f or t would matter, `zone` the squares whose
//! attack status matters (their king included: a piece of ours attacking it from t gives
//! check), and a move qualifies when neither f nor t is forbidden and P attacks no zone square
//! from f or t (sliders judged by their empty-board rays). Skipped when we are in check. The
//! perft suites, run through this path at every depth of 2 and more, prove it exact.

use crate::attacks::{
    Sliders, between, bishop_rays, king_attacks, king_attacks_set, knight_attacks_set,
    pawn_attacks_set, rook_rays,
};
use crate::{Bitboard, Board, Color, Piece, Rank};

/// Stamps out the depth-2 count with the given attributes. It must be compiled per
/// instruction set itself: closures take the target features of the function they are
/// written in, not of the one they are inlined into.
macro_rules! depth2_fn {
    ($(#[$attr:meta])* $name:ident) => {
/// The leaf count two plies below `board`.
$(#[$attr])*
pub(super) fn $name<S: Sliders>(s: S, board: &Board) -> u64 {
    let mut nodes = 0u64;
    if board.in_check() {
        board.generate_with(s, |moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_piece::<S, false>(s, moves.piece, mv);
                nodes += child.count_with(s) as u64;
            }
            false
        });
        return nodes;
    }

    let us = board.side_to_move();
    let them = !us;
    let ours = board.colors(us);
    let theirs = board.colors(them);
    let occupied = ours | theirs;
    let king = board.king(them);

    // Squares whose attack status by us matters to their king.
    let mut zone = king_attacks(king) | king;
    if !(board.castling_rights().rook_squares() & Rank::First.relative_to(them)).is_empty() {
        zone |= Rank::First.relative_to(them).bitboard();
    }

    let mut forbidden = zone;
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    for x in diagonal & theirs {
        forbidden |= s.bishop(x, occupied);
    }
    for x in straight & theirs {
        forbidden |= s.rook(x, occupied);
    }
    let their_pawns = board.colored_pieces(them, Piece::Pawn);
    let push = |set: Bitboard| match them {
        Color::White => set.up(),
        Color::Black => set.down(),
    };
    forbidden |= push(their_pawns)
        | push(push(their_pawns & Rank::Second.relative_to(them)))
        | pawn_attacks_set(them, their_pawns);
    // Our sliders' lines to the zone: a line with no blocker is cut by a piece landing on it;
    // a blocker that leaves may open it. Towards their king (pins and discovered checks) a
    // line matters up to two blockers; towards the other zone squares (judged with their king
    // lifted off the board) up to one.
    let without_king = occupied - king.bitboard();
    for z in zone {
        let lines = (rook_rays(z) & straight | bishop_rays(z) & diagonal) & ours;
        for x in lines {
            let segment = between(z, x);
            if z == king {
                let blockers = segment & occupied;
                match blockers.len() {
                    0 | 1 => forbidden |= segment,
                    2 => forbidden |= blockers,
                    _ => {}
                }
            } else {
                let blockers = segment & without_king;
                match blockers.len() {
                    0 => forbidden |= segment,
                    1 => forbidden |= blockers,
                    _ => {}
                }
            }
        }
    }

    // Landing or starting squares from which a piece of ours would attack the zone.
    let knight_bad = knight_attacks_set(zone);
    let king_bad = king_attacks_set(zone);
    let pawn_bad = pawn_attacks_set(them, zone);
    let never = forbidden | occupied | Rank::Eighth.relative_to(us).bitboard();
    let double_push = Rank::Fourth.relative_to(us).bitboard();
    let second = Rank::Second.relative_to(us);

    let mut null_count: Option<u64> = None;
    board.generate_with(s, |moves| {
        let from = moves.from;
        let quiet = if forbidden.has(from) {
            Bitboard::EMPTY
        } else {
            match moves.piece {
                Piece::Knight if !knight_bad.has(from) => moves.to - never - knight_bad,
                Piece::King if !king_bad.has(from) => moves.to - never - king_bad,
                Piece::Pawn if !pawn_bad.has(from) => {
                    let mut q = moves.to - never - pawn_bad;
                    if from.rank() == second {
                        q -= double_push;
                    }
                    // A diagonal step to an empty square is en passant.
                    q & from.file().bitboard()
                }
                Piece::Bishop | Piece::Rook | Piece::Queen => {
                    let rays = |sq| match moves.piece {
                        Piece::Bishop => bishop_rays(sq),
                        Piece::Rook => rook_rays(sq),
                        _ => bishop_rays(sq) | rook_rays(sq),
                    };
                    if (rays(from) & zone).is_empty() {
                        (moves.to - never)
                            .into_iter()
                            .filter(|&t| (rays(t) & zone).is_empty())
                            .collect()
                    } else {
                        Bitboard::EMPTY
                    }
                }
                _ => Bitboard::EMPTY,
            }
        };
        if !quiet.is_empty() {
            let null = *null_count.get_or_insert_with(|| {
                let mut null = board.clone();
                null.side = them;
                null.en_passant = None;
                null.update_checks(s);
                null.count_with(s) as u64
            });
            nodes += null * quiet.len() as u64;
        }
        let rest = crate::PieceMoves {
            to: moves.to - quiet,
            ..moves
        };
        for mv in rest {
            let mut child = board.clone();
            child.play_piece::<S, false>(s, moves.piece, mv);
            nodes += child.count_with(s) as u64;
        }
        false
    });
    nodes
}
    };
}

depth2_fn!(
    #[inline(always)]
    perft2_baseline
);
#[cfg(target_arch = "x86_64")]
depth2_fn!(
    #[target_feature(enable = "popcnt")]
    perft2_popcnt
);
#[cfg(target_arch = "x86_64")]
depth2_fn!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    perft2_modern
);
