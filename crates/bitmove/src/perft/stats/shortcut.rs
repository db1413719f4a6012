//! The depth-2 statistics shortcut: the leaves two plies below a position, from their replies
//! in the null position (us passing) and what each of our quiet moves changes in them
//! (`correction.rs`), where no reply can stalemate us; the other moves are made.

use super::PerftStats;
use super::checks::{CheckList, after};
use super::correction::{CheckEdits, KingGuard, KingSteps};
use super::leaf::leaves_baseline;
#[cfg(target_arch = "x86_64")]
use super::leaf::leaves_modern;
use super::mate::{NullEscapes, shortcut_mates};
use crate::attacks::{Sliders, bishop_rays, king_attacks, knight_attacks, rook_rays};
use crate::perft::depth2;
use crate::{Bitboard, Board, Color, Move, Piece, PieceMoves};

/// Stamps out the depth-2 count with the given attributes, calling the leaf count `$leaves`
/// compiled alike (see `stats_fn` in `mod.rs`).
macro_rules! depth2_fn {
    ($(#[$attr:meta])* $depth2:ident, $leaves:ident) => {
        /// Statistics of the leaves two plies below `board` (White to move when `WHITE`),
        /// added to `out`: the null-count shortcut of plain perft (`depth2.rs`), extended to
        /// statistics. Their replies to a shortcut move are the null position's, but for the
        /// moves, captures and promotions of their sliders and pawns that see the two squares,
        /// the captures of their knights that reach them, the direct checks of their sliders
        /// ([`CheckEdits`]) and, for a move that attacks squares around their king or
        /// changes our lines to them, that king's steps ([`KingSteps`]). It holds when the
        /// move changes no other check ([`KingGuard::correction`]) and we keep enough mobile
        /// units that no reply can stalemate us ([`strong_units`]). Each checking reply is
        /// then tested for mate again, unless an answer found in the null position survives
        /// the move ([`shortcut_mates`], [`NullEscapes`]).
        $(#[$attr])*
        pub(super) fn $depth2<S: Sliders, const WHITE: bool>(
            s: S,
            board: &Board,
            out: &mut PerftStats,
        ) {
            let make = |moves: PieceMoves, out: &mut PerftStats| {
                for mv in moves {
                    let child = after(s, board, moves.piece, mv);
                    if WHITE {
                        $leaves::<S, false, ()>(s, &child, out, &mut ());
                    } else {
                        $leaves::<S, true, ()>(s, &child, out, &mut ());
                    }
                }
            };
            let groups = depth2::move_groups::<S, WHITE>(s, board);
            let groups = groups.as_slice();
            let units = if board.in_check() { 0 } else { strong_units(board) };
            if units < 6 {
                for &moves in groups {
                    make(moves, out);
                }
                return;
            }
            let replies = depth2::NullReplies::new::<S, WHITE>(s, board);
            let mut null = PerftStats::default();
            let mut checks = CheckList::default();
            if WHITE {
                $leaves::<S, false, _>(s, &replies.null, &mut null, &mut checks);
            } else {
                $leaves::<S, true, _>(s, &replies.null, &mut null, &mut checks);
            }
            let unlisted = checks.unlisted;
            // Castling moves two pieces: two units of margin beyond what one reply takes.
            if unlisted || null.stalemates > 0 || (null.castles > 0 && units < 8) {
                for &moves in groups {
                    make(moves, out);
                }
                return;
            }
            let guard = KingGuard::new::<S, WHITE>(s, board, &replies, null.castles > 0);
            let steps = KingSteps::new(s, board, &replies, &guard);
            let mut edits = CheckEdits::new();
            let escapes = NullEscapes::new(s, board, &replies.null, &checks);
            let (mut shortcuts, mut nodes, mut captures, mut promotions) = (0u64, 0i64, 0i64, 0i64);
            let mut direct_checks = 0i64;
            for &moves in groups {
                let from = moves.from;
                // With their king's steps worked out per move, the moves that attack squares
                // around it qualify too.
                let shortcut = if moves.piece == Piece::King || guard.forbidden.has(from) {
                    Bitboard::EMPTY
                } else if steps.is_some() {
                    replies.rules.near_king(moves) - guard.forbidden
                } else {
                    replies.rules.shortcut(s, moves) - guard.forbidden
                };
                let mut made = moves.to - shortcut;
                for to in shortcut {
                    let stepped = match &steps {
                        Some(steps) => steps.change(s, board, &replies.rules, moves.piece, from, to),
                        None => Some((0, 0)),
                    };
                    let Some((step_nodes, step_captures)) = stepped else {
                        made |= to;
                        continue;
                    };
                    let Some(correction) = guard.correction::<S, WHITE>(s, &replies, from, to, &mut edits) else {
                        made |= to;
                        continue;
                    };
                    nodes += step_nodes;
                    captures += step_captures;
                    shortcuts += 1;
                    nodes += correction.nodes;
                    captures += correction.captures;
                    promotions += correction.promotions;
                    direct_checks += correction.checks;
                    if checks.len > 0 || edits.len > 0 {
                        // These replies check; whether they mate is theirs to say.
                        let mv = Move::new(from, to);
                        let replies = (&checks, &escapes, edits.edits());
                        shortcut_mates(s, board, moves.piece, mv, replies, out);
                    }
                }
                make(PieceMoves { to: made, ..moves }, out);
            }
            let mut unmated = null;
            unmated.checkmates = 0;
            unmated.direct_checkmates = 0;
            unmated.single_discovered_checkmates = 0;
            unmated.direct_discovered_checkmates = 0;
            unmated.double_discovered_checkmates = 0;
            *out += unmated * shortcuts;
            out.nodes = out.nodes.wrapping_add_signed(nodes);
            out.captures = out.captures.wrapping_add_signed(captures);
            out.promotions = out.promotions.wrapping_add_signed(promotions);
            out.checks = out.checks.wrapping_add_signed(direct_checks);
            out.direct_checks = out.direct_checks.wrapping_add_signed(direct_checks);
        }
    };
}

depth2_fn!(depth2_baseline, leaves_baseline);
#[cfg(target_arch = "x86_64")]
depth2_fn!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    depth2_modern,
    leaves_modern
);

/// How many *strong* mobile units the side to move on `board` has, counted up to 8: unpinned
/// pawns whose push square is empty, unpinned knights with two squares to go to that are not
/// their own, and unpinned sliders with two such squares next to them (first steps along two
/// of their lines). A quiet move that keeps off the lines from its own king to their sliders
/// (so pins stay as they are) leaves all of them mobile but two: the piece that moves, and
/// the pawn whose push square it lands on. The others keep a square (a landing square blocks
/// one step), which is what [`mobile_units`](super::mate::mobile_units) asks of a unit.
#[inline(always)]
fn strong_units(board: &Board) -> u32 {
    let us = board.side;
    let ours = board.colors(us);
    let free = ours - board.pinned;
    let pawns = board.pieces(Piece::Pawn) & free;
    let pushes = match us {
        Color::White => pawns.up(),
        Color::Black => pawns.down(),
    } - board.occupied();
    let mut units = pushes.len();
    for from in board.pieces(Piece::Knight) & free {
        units += u32::from((knight_attacks(from) - ours).has_many());
    }
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    for from in (straight | diagonal) & free {
        if units >= 8 {
            break;
        }
        let mut lines = Bitboard::EMPTY;
        if straight.has(from) {
            lines |= rook_rays(from);
        }
        if diagonal.has(from) {
            lines |= bishop_rays(from);
        }
        units += u32::from(((king_attacks(from) & lines) - ours).has_many());
    }
    units.min(8)
}
