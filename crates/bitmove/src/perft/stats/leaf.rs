//! Leaf classification: the leaves one ply below a position, by kind. Captures and direct and
//! discovered checks are counted set-wise, per piece and per pawn set; castling, en passant
//! and the leaves that may have no reply are made (the mate and stalemate tests are in
//! `mate.rs`).

use super::PerftStats;
use super::checks::{CheckGroup, CheckKind, CheckRecorder, after, check_kind};
use super::mate::{mates, mobile_units, quiet_stalemates};
use crate::attacks::{
    Sliders, between, bishop_rays, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::movegen::{forward, forward_east, forward_west};
use crate::{Bitboard, Board, Color, Move, Piece, Rank, Square};

/// What a position tells about the leaves below it, worked out once per parent of leaves.
struct LeafContext {
    /// Their king.
    king: Square,
    /// For each kind of our pieces, the squares from which it would attack their king.
    check_squares: [Bitboard; 6],
    /// Our pieces that alone stand between their king and one of our sliders.
    discoverers: Bitboard,
    /// Their mobile units (see [`mobile_units`]), counted up to 4.
    units: u32,
    /// Where a move of ours takes one of those units away (below 4): the units' squares (a
    /// capture) and the unit pawns' push squares (a block).
    cover: Bitboard,
    /// The squares on lines through their king: only a piece leaving one can uncover a pin.
    king_lines: Bitboard,
}

impl LeafContext {
    /// The targets of an ordinary, non-checking move of ours from `from` (by a slider when
    /// `slider`) that may leave them without a move: those that can take away all their
    /// mobile units. Landing on a square of `cover` takes one; a slider landing on a line
    /// through their king may pin one more, and leaving such a line may uncover one more
    /// pin. Nothing else a move does takes a unit (a square our piece lands on is a capture
    /// for them), so with a unit left they have a move.
    #[inline(always)]
    fn stalemate_risk(&self, slider: bool, from: Square) -> Bitboard {
        if self.units >= 4 {
            return Bitboard::EMPTY;
        }
        let uncovered = u32::from(self.king_lines.has(from));
        let pins = if slider {
            self.king_lines
        } else {
            Bitboard::EMPTY
        };
        match self.units.saturating_sub(uncovered) {
            0 => Bitboard::FULL,
            1 => self.cover | pins,
            2 => self.cover & pins,
            _ => Bitboard::EMPTY,
        }
    }
}

/// The last rank of `us`, where pawns promote.
#[inline(always)]
fn last_rank(us: Color) -> Bitboard {
    Rank::Eighth.relative_to(us).bitboard()
}

/// Stamps out the leaf count with the given attributes, so that it can be compiled for several
/// instruction sets like the recursion that calls it (see `stats_fn` in `mod.rs`).
macro_rules! leaves_fn {
    ($(#[$attr:meta])* $leaves:ident) => {
        /// Statistics of the leaves one ply below `board`, added to `out`. The moves are
        /// walked as in counting (set-wise pawns, one target set per piece), never built.
        $(#[$attr])*
        pub(super) fn $leaves<S: Sliders, const WHITE: bool, R: CheckRecorder>(
            s: S,
            board: &Board,
            out: &mut PerftStats,
            record: &mut R,
        ) {
            let us = if WHITE { Color::White } else { Color::Black };
            let context = leaf_context(s, board, us);
            let ours = board.colors(us);
            let theirs = board.colors(!us);
            let occupied = ours | theirs;
            let (mut nodes, mut captures) = (0u64, 0u64);
            // Ordinary moves of one piece from one square: counted set-wise; those that check
            // (and, where their side may run out of moves, the rest) are made.
            macro_rules! ordinary {
                ($piece:expr, $from:expr, $to:expr) => {{
                    let (piece, from, to): (Piece, Square, Bitboard) = ($piece, $from, $to);
                    nodes += u64::from(to.len());
                    captures += u64::from((to & theirs).len());
                    let direct = to & context.check_squares[piece.index()];
                    let discovered = if context.discoverers.has(from) {
                        to - line(context.king, from)
                    } else {
                        Bitboard::EMPTY
                    };
                    if !(direct | discovered).is_empty() {
                        let group = CheckGroup { piece, from, promotion: None, direct, discovered };
                        record.record(group);
                        checking_moves(s, board, group, out);
                    }
                    if context.units < 4 {
                        let slider = matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen);
                        let quiet = (to - direct - discovered) & context.stalemate_risk(slider, from);
                        if !quiet.is_empty() {
                            quiet_stalemates(s, board, piece, from, None, quiet, out);
                        }
                    }
                }};
            }
            board.generate_king(s, us, &mut |moves| {
                ordinary!(Piece::King, moves.from, moves.to);
                false
            });
            if !board.checkers.has_many() {
                let king = board.king(us);
                let in_check = !board.checkers.is_empty();
                let target = match board.checkers.first() {
                    Some(checker) => between(king, checker) | checker,
                    None => !ours,
                };
                let pinned = board.pinned;
                let free = ours - pinned;
                let queens = board.pieces(Piece::Queen);
                for from in board.pieces(Piece::Knight) & free {
                    ordinary!(Piece::Knight, from, knight_attacks(from) & target);
                }
                for from in board.pieces(Piece::Bishop) & free {
                    ordinary!(Piece::Bishop, from, s.bishop(from, occupied) & target);
                }
                for from in board.pieces(Piece::Rook) & free {
                    ordinary!(Piece::Rook, from, s.rook(from, occupied) & target);
                }
                for from in queens & free {
                    ordinary!(Piece::Queen, from, s.queen(from, occupied) & target);
                }
                if !in_check {
                    let sliders = board.pieces(Piece::Bishop) | board.pieces(Piece::Rook) | queens;
                    for from in sliders & pinned {
                        let (piece, reach) = if queens.has(from) {
                            (Piece::Queen, s.queen(from, occupied))
                        } else if board.pieces(Piece::Bishop).has(from) {
                            (Piece::Bishop, s.bishop(from, occupied))
                        } else {
                            (Piece::Rook, s.rook(from, occupied))
                        };
                        ordinary!(piece, from, reach & target & line(king, from));
                    }
                }

                // Pawns: set-wise where nothing is special about them (not pinned, not
                // unmasking a check, not about to promote); one by one otherwise.
                let pawns = board.pieces(Piece::Pawn) & ours;
                let empty = !occupied;
                let last = last_rank(us);
                let third = Rank::Third.relative_to(us).bitboard();
                let plain = pawns - pinned - context.discoverers - Rank::Seventh.relative_to(us);
                let single = forward::<WHITE>(plain) & empty;
                let double = forward::<WHITE>(single & third) & empty & target;
                let single = single & target;
                let west = forward_west::<WHITE>(plain) & theirs & target;
                let east = forward_east::<WHITE>(plain) & theirs & target;
                nodes += u64::from(single.len() + double.len() + west.len() + east.len());
                captures += u64::from(west.len() + east.len());
                // Where the pawn came from: White steps up (to - step), Black down (to + step).
                let sets = [(single, 8, 8), (double, 16, 16), (west, 7, 9), (east, 9, 7)];
                for (set, white_step, black_step) in sets {
                    let from = |to: Square| {
                        Square::index_wrapping(if WHITE {
                            to as usize - white_step
                        } else {
                            to as usize + black_step
                        })
                    };
                    let checks = set & context.check_squares[Piece::Pawn.index()];
                    for to in checks {
                        let group = CheckGroup {
                            piece: Piece::Pawn,
                            from: from(to),
                            promotion: None,
                            direct: to.bitboard(),
                            discovered: Bitboard::EMPTY,
                        };
                        record.record(group);
                        checking_moves(s, board, group, out);
                    }
                    if context.units < 4 {
                        for to in set - checks {
                            if context.stalemate_risk(false, from(to)).has(to) {
                                quiet_stalemates(s, board, Piece::Pawn, from(to), None, to.bitboard(), out);
                            }
                        }
                    }
                }
                for from in pawns - plain {
                    if in_check && pinned.has(from) {
                        continue;
                    }
                    let one = forward::<WHITE>(from.bitboard()) & empty;
                    let two = forward::<WHITE>(one & third) & empty;
                    let mut to = (one | two | pawn_attacks(us, from) & theirs) & target;
                    if pinned.has(from) {
                        to &= line(king, from);
                    }
                    let promotions = to & last;
                    if !promotions.is_empty() {
                        // The promoted piece checks from its square with the pawn's square
                        // empty: a pawn leaving the seventh rank can open the new piece's line.
                        let open = occupied - from;
                        let bishop = s.bishop(context.king, open);
                        let rook = s.rook(context.king, open);
                        let discovered = if context.discoverers.has(from) {
                            promotions - line(context.king, from)
                        } else {
                            Bitboard::EMPTY
                        };
                        let n = u64::from(promotions.len());
                        out.promotions += 4 * n;
                        out.nodes += 4 * n;
                        out.captures += 4 * u64::from((promotions & theirs).len());
                        for (piece, checks) in [
                            (Piece::Queen, bishop | rook),
                            (Piece::Rook, rook),
                            (Piece::Bishop, bishop),
                            (Piece::Knight, knight_attacks(context.king)),
                        ] {
                            let direct = promotions & checks;
                            let promotion = Some(piece);
                            if !(direct | discovered).is_empty() {
                                let group = CheckGroup { piece: Piece::Pawn, from, promotion, direct, discovered };
                                record.record(group);
                                checking_moves(s, board, group, out);
                            }
                            // The new piece may be a slider.
                            let quiet = (promotions - direct - discovered)
                                & context.stalemate_risk(true, from);
                            if context.units < 4 && !quiet.is_empty() {
                                quiet_stalemates(s, board, Piece::Pawn, from, promotion, quiet, out);
                            }
                        }
                    }
                    ordinary!(Piece::Pawn, from, to - last);
                }
                if let Some(ep) = board.en_passant {
                    let victim = Square::new(ep.file(), Rank::Fifth.relative_to(us));
                    for from in pawn_attacks(!us, ep) & pawns {
                        if board.en_passant_is_legal(s, us, king, from, ep, victim) {
                            out.captures += 1;
                            out.en_passant += 1;
                            if made_leaf(s, board, Piece::Pawn, Move::new(from, ep), ep, out) {
                                record.unlisted();
                            }
                        }
                    }
                }
                if !in_check {
                    board.generate_castling(s, us, &mut |moves| {
                        for rook in moves.to {
                            let rook_to = crate::board::castling_targets(us, moves.from, rook).1;
                            out.castles += 1;
                            if made_leaf(s, board, Piece::King, Move::new(moves.from, rook), rook_to, out) {
                                record.unlisted();
                            }
                        }
                        false
                    });
                }
            }
            out.nodes += nodes;
            out.captures += captures;
        }
    };
}

leaves_fn!(leaves_baseline);
#[cfg(target_arch = "x86_64")]
leaves_fn!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    leaves_modern
);

/// The checking moves of `group`, counted by kind; each is made to see whether it mates.
#[inline(never)]
fn checking_moves<S: Sliders>(s: S, board: &Board, group: CheckGroup, out: &mut PerftStats) {
    let both = group.direct & group.discovered;
    out.add_checks(CheckKind::Direct, u64::from((group.direct - both).len()));
    out.add_checks(
        CheckKind::SingleDiscovered,
        u64::from((group.discovered - both).len()),
    );
    out.add_checks(CheckKind::DirectDiscovered, u64::from(both.len()));
    mates(s, board, &group, out);
}

/// The leaf `mv` (by `piece`) leads to, made and classified from its checkers: for the moves
/// that set-wise counting leaves out (castling, en passant). `moved` is where the
/// moved piece ends up. Counts `nodes` and the check, mate and stalemate fields, and says
/// whether the move checks.
#[inline(never)]
fn made_leaf<S: Sliders>(
    s: S,
    board: &Board,
    piece: Piece,
    mv: Move,
    moved: Square,
    out: &mut PerftStats,
) -> bool {
    let child = after(s, board, piece, mv);
    out.nodes += 1;
    let has_move = child.generate_with(s, |_| true);
    if child.checkers.is_empty() {
        out.stalemates += u64::from(!has_move);
        false
    } else {
        let kind = check_kind(child.checkers, moved);
        out.add_checks(kind, 1);
        if !has_move {
            out.add_mate(kind);
        }
        true
    }
}

/// The one leaf `mv` leads to, classified on its own (for splitting depth-1 statistics by
/// root move): its kind (capture, en passant, castle, promotion) from `board`, then its
/// checks, mates and stalemates from the made child. `board`'s checkers and pins are known.
#[cfg(feature = "std")]
pub(super) fn one_leaf<S: Sliders>(s: S, board: &Board, mv: Move) -> PerftStats {
    let mut out = PerftStats::default();
    let us = board.side_to_move();
    let Some(piece) = board.piece_on(mv.from) else {
        return out;
    };
    let castle = piece == Piece::King && board.colors(us).has(mv.to);
    let en_passant =
        piece == Piece::Pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to);
    out.captures = u64::from(en_passant || board.colors(!us).has(mv.to));
    out.en_passant = u64::from(en_passant);
    out.castles = u64::from(castle);
    out.promotions = u64::from(piece == Piece::Pawn && mv.promotion.is_some());
    // Where the piece that may check directly ends up: the rook, when castling.
    let moved = if castle {
        crate::board::castling_targets(us, mv.from, mv.to).1
    } else {
        mv.to
    };
    made_leaf(s, board, piece, mv, moved, &mut out);
    out
}

/// Works out [`LeafContext`] for `board`, whose side to move is `us`.
#[inline(always)]
fn leaf_context<S: Sliders>(s: S, board: &Board, us: Color) -> LeafContext {
    let them = !us;
    let ours = board.colors(us);
    let theirs = board.colors(them);
    let occupied = ours | theirs;
    let king = board.king(them);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let snipers = (rook_rays(king) & straight | bishop_rays(king) & diagonal) & ours;
    let mut discoverers = Bitboard::EMPTY;
    let mut their_pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if blockers.single().is_some() {
            if (blockers & ours).is_empty() {
                their_pinned |= blockers;
            } else {
                discoverers |= blockers;
            }
        }
    }
    let bishop = s.bishop(king, occupied);
    let rook = s.rook(king, occupied);
    let check_squares = [
        pawn_attacks(them, king),
        knight_attacks(king),
        bishop,
        rook,
        bishop | rook,
        Bitboard::EMPTY,
    ];
    let (units, cover) = mobile_units(s, board, them, their_pinned);
    LeafContext {
        king,
        check_squares,
        discoverers,
        units,
        cover,
        king_lines: rook_rays(king) | bishop_rays(king),
    }
}
