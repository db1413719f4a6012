//! Perft statistics: what the leaves of the move tree are, not just how many.
//!
//! Counted the Chess Programming Wiki's way, at the leaves. Most of it is set-wise at the
//! parents of the leaves, without making a leaf: captures are the targets on their pieces,
//! direct checks the targets among the squares from which the moving piece would attack their
//! king, discovered checks the moves of our pieces that alone stood between their king and one
//! of our sliders, off that line. Only special moves (castling, en passant, promotions) are
//! made and classified from the child's checkers, and leaves that may have no reply: every
//! checking leaf (mate or not), and, when their side could run out of moves after our move,
//! the quiet ones (stalemate or not).

use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul};

use super::depth2;
use super::depth2::Attackers;
use crate::attacks::{
    Sliders, between, bishop_rays, king_attacks, knight_attacks, knight_attacks_set, line,
    pawn_attacks, pawn_attacks_set, rook_rays,
};
use crate::movegen::{forward, forward_east, forward_west};
use crate::{Bitboard, Board, Color, Move, Piece, PieceMoves, Rank, Square};

/// Perft statistics: the leaves of the move tree `depth` plies below a position, by kind.
///
/// Every field counts leaves (positions at the full depth), the way the Chess Programming
/// Wiki's perft tables do; the move that *reached* a leaf is what makes it a capture, a
/// castle or a promotion. Fields add up exactly, so results of parts can be summed
/// (`+`, `+=`, [`Sum`]).
///
/// "The moved piece" is the piece on the move's destination: the promoted piece for a
/// promotion, the **rook** for castling (a king never gives check), the capturing pawn for en
/// passant. Check kinds, for a leaf whose side to move is in check:
///
/// | kind | checked by |
/// |---|---|
/// | direct | the moved piece only |
/// | single discovered | exactly one other piece, not the moved piece |
/// | direct discovered | the moved piece and one other piece |
/// | double discovered | two pieces, neither the moved one: only en passant, which lifts two pawns off a line, can do it |
///
/// The four kinds add up to [`checks`](PerftStats::checks) and the four mate kinds to
/// [`checkmates`](PerftStats::checkmates). Examples of the rare kinds:
/// - a castle that checks: `5k2/8/8/8/8/8/8/4K2R w K - 0 1`, O-O (the rook lands on f1);
/// - direct discovered: `k1N4R/pp6/8/8/8/8/8/7K w - - 0 1`, Nb6 is mate by the knight and by
///   the rook it unmasks;
/// - double discovered: `8/8/4k3/3pP3/2B5/8/8/K3R3 w - d6 0 1`, exd6 e.p. lifts e5 off the
///   rook's file and d5 off the bishop's diagonal.
///
/// ```
/// use bitmove::{perft_stats, Board};
///
/// let stats = perft_stats(&Board::default(), 4);
/// assert_eq!(stats.nodes, 197_281);
/// assert_eq!(stats.captures, 1_576);
/// assert_eq!(stats.checks, 469);
/// assert_eq!(stats.checkmates, 8);
/// let halves = perft_stats(&Board::default(), 3) + perft_stats(&Board::default(), 3);
/// assert_eq!(halves.nodes, 2 * 8_902);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerftStats {
    /// Every leaf.
    pub nodes: u64,
    /// The move that reached it captured (en passant included).
    pub captures: u64,
    /// It was an en-passant capture.
    pub en_passant: u64,
    /// It was castling.
    pub castles: u64,
    /// It was a promotion (each promoted piece counts).
    pub promotions: u64,
    /// The side to move is in check (checkmates included).
    pub checks: u64,
    /// In check by the moved piece only.
    pub direct_checks: u64,
    /// In check by exactly one other piece, not by the moved piece.
    pub single_discovered_checks: u64,
    /// In check by the moved piece and another piece.
    pub direct_discovered_checks: u64,
    /// In check by two pieces, neither the moved piece (only en passant can do this).
    pub double_discovered_checks: u64,
    /// In check and the moved piece gives no check: single plus double discovered (the CPW
    /// column "Discovery Checks").
    pub discovered_checks: u64,
    /// In check by two pieces (the CPW column "Double Checks").
    pub double_checks: u64,
    /// Checkmate.
    pub checkmates: u64,
    /// Checkmate by the moved piece only.
    pub direct_checkmates: u64,
    /// Checkmate by exactly one other piece.
    pub single_discovered_checkmates: u64,
    /// Checkmate by the moved piece and another piece.
    pub direct_discovered_checkmates: u64,
    /// Checkmate by two pieces, neither the moved piece.
    pub double_discovered_checkmates: u64,
    /// Stalemate.
    pub stalemates: u64,
}

/// Applies `$m!(field)` to every field of [`PerftStats`], in declaration order.
macro_rules! for_each_field {
    ($m:ident) => {
        $m!(
            nodes,
            captures,
            en_passant,
            castles,
            promotions,
            checks,
            direct_checks,
            single_discovered_checks,
            direct_discovered_checks,
            double_discovered_checks,
            discovered_checks,
            double_checks,
            checkmates,
            direct_checkmates,
            single_discovered_checkmates,
            direct_discovered_checkmates,
            double_discovered_checkmates,
            stalemates
        )
    };
}

impl PerftStats {
    /// How many fields there are.
    pub const FIELD_COUNT: usize = 18;

    /// The field names, in declaration order: they are also the JSON keys of the command line.
    pub const FIELD_NAMES: [&'static str; PerftStats::FIELD_COUNT] = {
        macro_rules! names {
            ($($f:ident),*) => { [$(stringify!($f)),*] };
        }
        for_each_field!(names)
    };

    /// Every field as `(name, value)`, in declaration order.
    ///
    /// ```
    /// use bitmove::{perft_stats, Board};
    ///
    /// let fields = perft_stats(&Board::default(), 1).fields();
    /// assert_eq!(fields[0], ("nodes", 20));
    /// assert!(fields[1..].iter().all(|&(_, n)| n == 0));
    /// ```
    pub fn fields(&self) -> [(&'static str, u64); PerftStats::FIELD_COUNT] {
        macro_rules! pairs {
            ($($f:ident),*) => { [$((stringify!($f), self.$f)),*] };
        }
        for_each_field!(pairs)
    }

    /// The value of the field called `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.fields()
            .into_iter()
            .find_map(|(n, v)| (n == name).then_some(v))
    }
}

impl AddAssign for PerftStats {
    fn add_assign(&mut self, other: PerftStats) {
        macro_rules! add {
            ($($f:ident),*) => { $(self.$f += other.$f;)* };
        }
        for_each_field!(add);
    }
}

impl Add for PerftStats {
    type Output = PerftStats;

    fn add(mut self, other: PerftStats) -> PerftStats {
        self += other;
        self
    }
}

/// Every field times `factor`: the statistics below a position reached `factor` ways.
impl Mul<u64> for PerftStats {
    type Output = PerftStats;

    fn mul(mut self, factor: u64) -> PerftStats {
        macro_rules! scale {
            ($($f:ident),*) => { $(self.$f *= factor;)* };
        }
        for_each_field!(scale);
        self
    }
}

impl Sum for PerftStats {
    fn sum<I: Iterator<Item = PerftStats>>(iter: I) -> PerftStats {
        iter.fold(PerftStats::default(), Add::add)
    }
}

impl<'a> Sum<&'a PerftStats> for PerftStats {
    fn sum<I: Iterator<Item = &'a PerftStats>>(iter: I) -> PerftStats {
        iter.copied().sum()
    }
}

/// The kinds of check, by who gives it.
#[derive(Clone, Copy)]
enum CheckKind {
    Direct,
    SingleDiscovered,
    DirectDiscovered,
    DoubleDiscovered,
}

impl PerftStats {
    /// Counts `n` checking leaves of one kind.
    #[inline(always)]
    fn add_checks(&mut self, kind: CheckKind, n: u64) {
        self.checks += n;
        match kind {
            CheckKind::Direct => self.direct_checks += n,
            CheckKind::SingleDiscovered => {
                self.single_discovered_checks += n;
                self.discovered_checks += n;
            }
            CheckKind::DirectDiscovered => {
                self.direct_discovered_checks += n;
                self.double_checks += n;
            }
            CheckKind::DoubleDiscovered => {
                self.double_discovered_checks += n;
                self.discovered_checks += n;
                self.double_checks += n;
            }
        }
    }

    /// Counts one checkmate of one kind.
    #[inline(always)]
    fn add_mate(&mut self, kind: CheckKind) {
        self.checkmates += 1;
        match kind {
            CheckKind::Direct => self.direct_checkmates += 1,
            CheckKind::SingleDiscovered => self.single_discovered_checkmates += 1,
            CheckKind::DirectDiscovered => self.direct_discovered_checkmates += 1,
            CheckKind::DoubleDiscovered => self.double_discovered_checkmates += 1,
        }
    }
}

/// The kind of check in a position whose checkers are `checkers`, `moved` being the square of
/// the piece that just moved.
#[inline(always)]
fn check_kind(checkers: Bitboard, moved: Square) -> CheckKind {
    let others = checkers - moved;
    match (checkers.has(moved), others.has_many()) {
        (true, false) if others.is_empty() => CheckKind::Direct,
        (true, _) => CheckKind::DirectDiscovered,
        (false, false) => CheckKind::SingleDiscovered,
        (false, true) => CheckKind::DoubleDiscovered,
    }
}

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

/// Stamps out the statistics recursion with the given attributes, so that it can be compiled
/// for several instruction sets like plain perft (closures take the target features of the
/// function they are written in).
macro_rules! stats_fn {
    ($(#[$attr:meta])* $name:ident, $depth2:ident, $leaves:ident) => {
        /// Statistics of the leaves one ply below `board`, added to `out`. The moves are
        /// walked as in counting (set-wise pawns, one target set per piece), never built.
        $(#[$attr])*
        fn $leaves<S: Sliders, const WHITE: bool, R: CheckRecorder>(
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
        fn $depth2<S: Sliders, const WHITE: bool>(s: S, board: &Board, out: &mut PerftStats) {
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

        /// Statistics of the leaves `depth` plies below `board`, added to `out`.
        $(#[$attr])*
        fn $name<S: Sliders, const TT: bool>(
            s: S,
            board: &Board,
            depth: u32,
            table: Option<&StatsTable>,
            out: &mut PerftStats,
        ) {
            match depth {
                0 => out.nodes += 1,
                1 => match board.side {
                    Color::White => $leaves::<S, true, ()>(s, board, out, &mut ()),
                    Color::Black => $leaves::<S, false, ()>(s, board, out, &mut ()),
                },
                _ => {
                    if TT {
                        if let Some(found) = table.and_then(|t| t.get(board.hash, depth)) {
                            *out += found;
                            return;
                        }
                    }
                    let mut here = PerftStats::default();
                    if depth == 2 {
                        match board.side {
                            Color::White => $depth2::<S, true>(s, board, &mut here),
                            Color::Black => $depth2::<S, false>(s, board, &mut here),
                        }
                    } else {
                        board.generate_with(s, |moves| {
                            for mv in moves {
                                let mut child = board.clone();
                                child.play_piece::<S, TT>(s, moves.piece, mv);
                                $name::<S, TT>(s, &child, depth - 1, table, &mut here);
                            }
                            false
                        });
                    }
                    if TT {
                        if let Some(t) = table {
                            t.set(board.hash, depth, &here);
                        }
                    }
                    *out += here;
                }
            }
        }
    };
}

stats_fn!(stats_baseline, depth2_baseline, leaves_baseline);
#[cfg(target_arch = "x86_64")]
stats_fn!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    stats_modern,
    depth2_modern,
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

/// The checkmates among the checking moves `group` on `board`: each is made and asked for a
/// reply.
#[inline(never)]
fn mates<S: Sliders>(s: S, board: &Board, group: &CheckGroup, out: &mut PerftStats) {
    let (direct, discovered) = (group.direct, group.discovered);
    let both = direct & discovered;
    let escape = KingEscape::new(board, board.side, Bitboard::EMPTY, group);
    for to in direct | discovered {
        if escape.exists(s, to) {
            continue;
        }
        let mv = Move {
            from: group.from,
            to,
            promotion: group.promotion,
        };
        if !after(s, board, group.piece, mv).generate_with(s, |_| true) {
            out.add_mate(if both.has(to) {
                CheckKind::DirectDiscovered
            } else if direct.has(to) {
                CheckKind::Direct
            } else {
                CheckKind::SingleDiscovered
            });
        }
    }
}

/// The checkmates among the checking replies after our quiet shortcut move `mv` of `piece`
/// on `board`: those of the null position, `checks` (with our king's steps after each,
/// `escapes`), with the direct checks of their sliders changed by `edits`. A reply that
/// keeps an answer it had in the null position (a step of our king or another move) is no
/// mate; of the others, the child is made only for those after which our king has no step.
#[inline(never)]
fn shortcut_mates<S: Sliders>(
    s: S,
    board: &Board,
    piece: Piece,
    mv: Move,
    (checks, escapes, edits): (&CheckList, &NullEscapes, &[CheckEdit]),
    out: &mut PerftStats,
) {
    // A step stays one unless our piece lands on it or leaves a line to it; another answer
    // stays one unless our piece is the one that answers, or lands on its way.
    let lost = mv.to.bitboard() | bishop_rays(mv.from) | rook_rays(mv.from);
    let answers = |answer: Option<Answer>| {
        answer.is_some_and(|(from, way)| from != mv.from && !way.has(mv.to))
    };
    let touched = mv.from.bitboard() | mv.to;
    let mut child = None;
    let mut test = |group: &CheckGroup| {
        let escape = KingEscape::new(board, !board.side, touched, group);
        let trapped: Bitboard = (group.direct | group.discovered)
            .into_iter()
            .filter(|&to| !escape.exists(s, to))
            .collect();
        if !trapped.is_empty() {
            let child = child.get_or_insert_with(|| after(s, board, piece, mv));
            let group = CheckGroup {
                direct: group.direct & trapped,
                discovered: group.discovered & trapped,
                ..*group
            };
            mates(s, child, &group, out);
        }
    };
    let groups = checks.groups();
    for (index, group) in groups.iter().enumerate() {
        let mut group = *group;
        let mut unsure = Bitboard::EMPTY;
        for edit in edits.iter().filter(|edit| edit.from == group.from) {
            group.direct = (group.direct - edit.was) | edit.now;
            unsure |= edit.now - edit.was;
        }
        match escapes.of(index) {
            Some(steps) => {
                for &(to, steps, answer) in steps {
                    if (steps - lost).is_empty() && !answers(answer) {
                        unsure |= to;
                    }
                }
            }
            None => unsure = group.direct | group.discovered,
        }
        if !unsure.is_empty() {
            group.direct &= unsure;
            group.discovered &= unsure;
            test(&group);
        }
    }
    // A slider with no checking move in the null position: its edits are all it has (a
    // queen's two line kinds apart).
    for edit in edits {
        if !groups.iter().any(|group| group.from == edit.from) {
            test(&CheckGroup {
                piece: edit.piece,
                from: edit.from,
                promotion: None,
                direct: edit.now,
                discovered: Bitboard::EMPTY,
            });
        }
    }
}

/// A move of ours other than a king step that answers a check: the square of the piece, and
/// its way (the squares it passes and the one it goes to).
type Answer = (Square, Bitboard);

/// How we answer each checking reply of the null position (the checks of a depth-2 node's
/// null position, with us to move on `board`), for [`shortcut_mates`]: per group, the
/// target, our king's steps and one other answer. Up to 32 replies; the groups beyond have
/// none.
struct NullEscapes {
    steps: [(Square, Bitboard, Option<Answer>); 32],
    /// Where each group's replies end in `steps`.
    ends: [u8; 16],
    /// How many groups have theirs.
    groups: usize,
}

impl NullEscapes {
    #[inline(always)]
    fn new<S: Sliders>(s: S, board: &Board, null: &Board, checks: &CheckList) -> NullEscapes {
        let mut escapes = NullEscapes {
            steps: [(Square::A1, Bitboard::EMPTY, None); 32],
            ends: [0; 16],
            groups: 0,
        };
        let mut len = 0;
        for group in checks.groups() {
            let targets = group.direct | group.discovered;
            if len + targets.len() as usize > escapes.steps.len() {
                break;
            }
            let escape = KingEscape::new(board, !board.side, Bitboard::EMPTY, group);
            for to in targets {
                let mv = Move {
                    from: group.from,
                    to,
                    promotion: group.promotion,
                };
                let reply = after(s, null, group.piece, mv);
                let mut answer = None;
                reply.generate_with(s, |moves| {
                    let Some(target) = moves.to.first() else {
                        return false;
                    };
                    // Not an en-passant capture, whose victim's square counts too.
                    let en_passant = moves.piece == Piece::Pawn && reply.en_passant == Some(target);
                    if moves.piece == Piece::King || en_passant {
                        return false;
                    }
                    answer = Some((moves.from, between(moves.from, target) | target));
                    true
                });
                escapes.steps[len] = (to, escape.steps(s, to), answer);
                len += 1;
            }
            escapes.ends[escapes.groups] = len as u8;
            escapes.groups += 1;
        }
        escapes
    }

    /// The targets and steps of group `index`, if it has them.
    #[inline(always)]
    fn of(&self, index: usize) -> Option<&[(Square, Bitboard, Option<Answer>)]> {
        if index >= self.groups {
            return None;
        }
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        Some(&self.steps[usize::from(start)..usize::from(self.ends[index])])
    }
}

/// Whether their king has a step after a checking move of ours, asked before the move is
/// made: most checks are not mate, and one square the king may go to proves it cheaply.
struct KingEscape {
    /// Their king and their pieces.
    king: Square,
    theirs: Bitboard,
    /// The occupancy once the moving piece has left and their king is lifted off the board.
    occupied: Bitboard,
    /// Our pieces without the moving one, and what it is once moved (the promoted piece for
    /// a promotion).
    ours: Attackers,
    moved: Piece,
}

impl KingEscape {
    /// For the checking moves `group` of `us` on `board`, or on the child of a quiet move of
    /// theirs that leaves `touched` (from and to; empty for none).
    #[inline(always)]
    fn new(board: &Board, us: Color, touched: Bitboard, group: &CheckGroup) -> KingEscape {
        let king = board.king(!us);
        KingEscape {
            king,
            theirs: board.colors(!us) ^ touched,
            occupied: (board.occupied() ^ touched) - group.from - king,
            ours: Attackers::of(board, us, group.from.bitboard()),
            moved: group.promotion.unwrap_or(group.piece),
        }
    }

    /// The squares their king may step to after the ordinary move to `to`: not theirs, and
    /// attacked by nothing of ours (with the king gone from its square).
    #[inline(always)]
    fn free<S: Sliders>(&self, s: S, to: Square) -> impl Iterator<Item = Square> {
        let occupied = self.occupied | to;
        let ours = self.ours.with(self.moved, to);
        (king_attacks(self.king) - (self.theirs - to))
            .into_iter()
            .filter(move |&square| !ours.attack(s, square, occupied))
    }

    /// [`free`](Self::free) as a set.
    #[inline(always)]
    fn steps<S: Sliders>(&self, s: S, to: Square) -> Bitboard {
        self.free(s, to).collect()
    }

    /// Whether, after the ordinary move to `to`, their king has a square that is not theirs
    /// and that nothing of ours attacks (with the king gone from its square). `false` says
    /// nothing: the move may still be answered otherwise.
    #[inline(always)]
    fn exists<S: Sliders>(&self, s: S, to: Square) -> bool {
        self.free(s, to).next().is_some()
    }
}

/// Checking moves of one piece from one square: `piece` from `from` (a pawn promoting to
/// `promotion`) to `direct` (the moved piece itself checks) and to `discovered` (it unmasks
/// a slider), both where both.
#[derive(Clone, Copy)]
struct CheckGroup {
    piece: Piece,
    from: Square,
    promotion: Option<Piece>,
    direct: Bitboard,
    discovered: Bitboard,
}

impl CheckGroup {
    const NONE: CheckGroup = CheckGroup {
        piece: Piece::Pawn,
        from: Square::A1,
        promotion: None,
        direct: Bitboard::EMPTY,
        discovered: Bitboard::EMPTY,
    };
}

/// Where the leaf count hands its checking moves, besides counting them.
trait CheckRecorder {
    fn record(&mut self, group: CheckGroup);
    /// A checking move that no group describes (castling, en passant).
    fn unlisted(&mut self);
}

/// Not kept.
impl CheckRecorder for () {
    #[inline(always)]
    fn record(&mut self, _: CheckGroup) {}
    #[inline(always)]
    fn unlisted(&mut self) {}
}

/// Kept, up to 16 groups (`unlisted` says when there were more, or checking moves no group
/// describes).
struct CheckList {
    groups: [CheckGroup; 16],
    len: usize,
    unlisted: bool,
}

impl Default for CheckList {
    fn default() -> CheckList {
        CheckList {
            groups: [CheckGroup::NONE; 16],
            len: 0,
            unlisted: false,
        }
    }
}

impl CheckList {
    fn groups(&self) -> &[CheckGroup] {
        &self.groups[..self.len]
    }
}

impl CheckRecorder for CheckList {
    #[inline(always)]
    fn record(&mut self, group: CheckGroup) {
        match self.groups.get_mut(self.len) {
            Some(slot) => {
                *slot = group;
                self.len += 1;
            }
            None => self.unlisted = true,
        }
    }

    #[inline(always)]
    fn unlisted(&mut self) {
        self.unlisted = true;
    }
}

/// Quiet (non-checking) moves of `piece` from `from` (a pawn promoting to `promotion`) to
/// `targets`, each made to see whether it stalemates.
#[inline(never)]
fn quiet_stalemates<S: Sliders>(
    s: S,
    board: &Board,
    piece: Piece,
    from: Square,
    promotion: Option<Piece>,
    targets: Bitboard,
    out: &mut PerftStats,
) {
    for to in targets {
        let child = after(
            s,
            board,
            piece,
            Move {
                from,
                to,
                promotion,
            },
        );
        out.stalemates += u64::from(!child.generate_with(s, |_| true));
    }
}

/// `board` after `piece` makes `mv`.
#[inline(always)]
fn after<S: Sliders>(s: S, board: &Board, piece: Piece, mv: Move) -> Board {
    let mut child = board.clone();
    child.play_piece::<S, false>(s, piece, mv);
    child
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

/// How many *strong* mobile units the side to move on `board` has, counted up to 8: unpinned
/// pawns whose push square is empty, unpinned knights with two squares to go to that are not
/// their own, and unpinned sliders with two such squares next to them (first steps along two
/// of their lines). A quiet move that keeps off the lines from its own king to their sliders
/// (so pins stay as they are) leaves all of them mobile but two: the piece that moves, and
/// the pawn whose push square it lands on. The others keep a square (a landing square blocks
/// one step), which is what [`mobile_units`] asks of a unit.
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

/// What our king needs of a move for the depth-2 statistics shortcut, and the correction of
/// their captures and moves that the move brings.
struct KingGuard {
    /// Squares a shortcut move must neither leave nor land on: the lines from our king to
    /// their sliders that hold one blocker (a pin, or a piece of theirs that would discover
    /// check), and the blockers of those that hold two.
    forbidden: Bitboard,
    king: Square,
    /// Squares from which a diagonal, a straight piece or a pawn of theirs attacks our king.
    bishop_checks: Bitboard,
    rook_checks: Bitboard,
    pawn_checks: Bitboard,
    /// Where their bishops and queens, their rooks and queens may go in the null position.
    bishop_reach: Bitboard,
    rook_reach: Bitboard,
    /// Their pieces that alone stand between our king and one of their sliders.
    discoverers: Bitboard,
    their_queens: Bitboard,
    their_free_knights: Bitboard,
    /// Whether their pawns can be recounted set-wise: none pinned, none standing between
    /// our king and their slider.
    plain_pawns: bool,
    /// Their pawn moves in the null position (with where they may promote).
    null_pawns: PawnTally,
    /// Their pawns about to promote.
    promoters: Bitboard,
    /// Whether they may castle.
    castles: bool,
}

impl KingGuard {
    #[inline(always)]
    fn new<S: Sliders, const WHITE: bool>(
        s: S,
        board: &Board,
        replies: &depth2::NullReplies,
        castles: bool,
    ) -> KingGuard {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let king = board.king(us);
        let occupied = replies.occupied;
        let theirs = board.colors(them);
        let queens = board.pieces(Piece::Queen);
        let diagonal = board.pieces(Piece::Bishop) | queens;
        let straight = board.pieces(Piece::Rook) | queens;
        let bishop_checks = s.bishop(king, occupied);
        let rook_checks = s.rook(king, occupied);
        let mut forbidden = Bitboard::EMPTY;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in (bishop_rays(king) & diagonal | rook_rays(king) & straight) & theirs {
            let segment = between(king, sniper);
            let blockers = segment & occupied;
            match blockers.len() {
                0 | 1 => {
                    forbidden |= segment;
                    discoverers |= blockers & theirs;
                }
                2 => forbidden |= blockers,
                _ => {}
            }
        }
        let seventh = Rank::Seventh.relative_to(them).bitboard();
        let pawn_checks = pawn_attacks(us, king);
        let null_pawns = their_pawn_moves::<WHITE>(
            replies.their_pawns,
            replies.ours,
            occupied,
            [
                pawn_checks,
                knight_attacks(king),
                bishop_checks | rook_checks,
            ],
        );
        let promoters = replies.their_pawns & seventh;
        let (mut bishop_reach, mut rook_reach) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for x in replies.diagonals.iter().chain(&replies.straights) {
            let reach = x.attacks & x.allowed;
            if diagonal.has(x.square) {
                bishop_reach |= reach;
            }
            if straight.has(x.square) {
                rook_reach |= reach;
            }
        }
        KingGuard {
            forbidden,
            king,
            bishop_checks,
            rook_checks,
            pawn_checks,
            bishop_reach,
            rook_reach,
            discoverers,
            their_queens: queens & theirs,
            their_free_knights: (board.pieces(Piece::Knight) & theirs) - replies.their_pinned,
            plain_pawns: (replies.their_pawns & (replies.their_pinned | discoverers)).is_empty(),
            null_pawns,
            promoters,
            castles,
        }
    }

    /// How much our quiet move from `from` to `to` (a shortcut of `replies`, keeping off
    /// `forbidden`) changes their move, capture, promotion and direct-check counts; the
    /// direct checks of their sliders that change are written to `edits`. `None` (then the
    /// move is made) when it may change a check otherwise: a slider that can unmask a check
    /// and whose moves or direct checks change, castling or a promotion on our king's lines
    /// that change, or pawns to recount that are pinned, unmask a check or may check.
    #[inline(always)]
    fn correction<S: Sliders, const WHITE: bool>(
        &self,
        s: S,
        replies: &depth2::NullReplies,
        from: Square,
        to: Square,
        edits: &mut CheckEdits,
    ) -> Option<Correction> {
        let touched = from.bitboard() | to;
        let occupied = replies.occupied ^ touched;
        let ours = replies.ours;
        let ours_after = ours ^ touched;
        let (mut nodes, mut captures, mut checks) = (0i64, 0i64, 0i64);
        edits.len = 0;
        // A move on our king's lines moves the squares their sliders would check from.
        let (mut bishop_checks, mut rook_checks) = (self.bishop_checks, self.rook_checks);
        let (mut bishop_moved, mut rook_moved) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let on_lines = !((bishop_checks | rook_checks) & touched).is_empty();
        if on_lines {
            // Where a castled rook checks from changes too (with their king gone from its
            // square).
            if self.castles {
                return None;
            }
            bishop_checks = s.bishop(self.king, occupied);
            rook_checks = s.rook(self.king, occupied);
            bishop_moved = bishop_checks ^ self.bishop_checks;
            rook_moved = rook_checks ^ self.rook_checks;
            // And where a promoted piece does, also through the square its pawn leaves.
            let lines = bishop_checks | rook_checks | self.bishop_checks | self.rook_checks;
            if !(self.null_pawns.promotion_squares & (bishop_moved | rook_moved)).is_empty()
                || !(self.promoters & lines).is_empty()
            {
                return None;
            }
        }
        // Whether a slider that the move does not reach gains or loses checking moves.
        let unreached = on_lines
            && !((self.bishop_reach & bishop_moved) | (self.rook_reach & rook_moved)).is_empty();
        if unreached || !(replies.slider_reach & touched).is_empty() {
            let lists = [
                (replies.diagonals.as_slice(), true),
                (replies.straights.as_slice(), false),
            ];
            for (list, diagonal) in lists {
                for x in list {
                    let reached = !(x.attacks & touched).is_empty();
                    if !reached && !unreached {
                        continue;
                    }
                    let before = x.attacks & x.allowed;
                    let moves = if reached {
                        let moves = if diagonal {
                            s.bishop(x.square, occupied)
                        } else {
                            s.rook(x.square, occupied)
                        } & x.allowed;
                        nodes += i64::from(moves.len()) - i64::from(x.moves);
                        captures += i64::from((moves & ours_after).len())
                            - i64::from((before & ours).len());
                        let off_line = (moves | before) - line(self.king, x.square);
                        if self.discoverers.has(x.square) && !off_line.is_empty() {
                            return None;
                        }
                        moves
                    } else {
                        before
                    };
                    // Its checking moves by this line kind: the squares it reaches from
                    // which it checks, before and after.
                    let queen = self.their_queens.has(x.square);
                    let checking = |bishop: Bitboard, rook: Bitboard| match (queen, diagonal) {
                        (true, _) => bishop | rook,
                        (false, true) => bishop,
                        (false, false) => rook,
                    };
                    let was = before & checking(self.bishop_checks, self.rook_checks);
                    let now = moves & checking(bishop_checks, rook_checks);
                    if was != now {
                        if self.discoverers.has(x.square) {
                            return None;
                        }
                        let piece = match (queen, diagonal) {
                            (true, _) => Piece::Queen,
                            (false, true) => Piece::Bishop,
                            (false, false) => Piece::Rook,
                        };
                        edits.push(CheckEdit {
                            piece,
                            from: x.square,
                            was,
                            now,
                        })?;
                        checks += i64::from(now.len()) - i64::from(was.len());
                    }
                }
            }
        }
        let mut promotions = 0;
        if !(replies.pawn_reach & touched).is_empty() {
            if !self.plain_pawns || self.null_pawns.may_check {
                return None;
            }
            let lines = bishop_checks | rook_checks;
            let checks = [self.pawn_checks, knight_attacks(self.king), lines];
            let after =
                their_pawn_moves::<WHITE>(replies.their_pawns, ours_after, occupied, checks);
            if after.may_check || !(self.promoters & lines).is_empty() {
                return None;
            }
            nodes += after.nodes - self.null_pawns.nodes;
            captures += after.captures - self.null_pawns.captures;
            promotions = after.promotions - self.null_pawns.promotions;
        }
        let knights = self.their_free_knights;
        captures += i64::from((knight_attacks(to) & knights).len())
            - i64::from((knight_attacks(from) & knights).len());
        Some(Correction {
            nodes,
            captures,
            promotions,
            checks,
        })
    }
}

/// Their king's steps in the null position, for the shortcut moves that attack squares
/// around it ([`depth2::ShortcutRules::near_king`]): such a move changes their replies only
/// in those steps, and the change is worked out square by square.
struct KingSteps {
    king: Square,
    /// Where it may step in the null position.
    null: Bitboard,
    /// The squares around it that are not theirs.
    open: Bitboard,
    /// For each kind of our pieces but the king (which never takes the shortcut), the
    /// squares from which one attacks the zone; for a slider, along lines as they are (a
    /// slider that reaches the zone only through the square it leaves stands on such a
    /// line).
    views: [Bitboard; 6],
}

impl KingSteps {
    /// `None` when a step of their king may check ours: it stands between our king and
    /// one of their sliders.
    #[inline(always)]
    fn new<S: Sliders>(
        s: S,
        board: &Board,
        replies: &depth2::NullReplies,
        guard: &KingGuard,
    ) -> Option<KingSteps> {
        let them = !board.side;
        let king = board.king(them);
        if guard.discoverers.has(king) {
            return None;
        }
        let zone = replies.rules.king_zone.zone;
        let (mut diagonal, mut straight) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for square in zone {
            diagonal |= s.bishop(square, replies.occupied);
            straight |= s.rook(square, replies.occupied);
        }
        Some(KingSteps {
            king,
            null: replies.null.king_targets(s, them, king),
            open: king_attacks(king) - board.colors(them),
            views: [
                pawn_attacks_set(them, zone),
                knight_attacks_set(zone),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ],
        })
    }

    /// How many more steps and captures their king has after our `piece` (not the king)
    /// goes from `from` to `to`; `None` when the move changes an attack on a square they
    /// castle across. `rules` has the zone.
    #[inline(always)]
    fn change<S: Sliders>(
        &self,
        s: S,
        board: &Board,
        rules: &depth2::ShortcutRules,
        piece: Piece,
        from: Square,
        to: Square,
    ) -> Option<(i64, i64)> {
        let view = self.views[piece.index()];
        let lines = rules.king_zone.ring_lines;
        if !view.has(from) && !view.has(to) && !lines.has(from) && !lines.has(to) {
            return Some((0, 0));
        }
        let us = board.side;
        let occupied = board.occupied() ^ from ^ to;
        // Through a square it blocks or opens, a slider of ours may gain or lose any of
        // their king's steps.
        let opened = if lines.has(from) || lines.has(to) {
            self.open - rules.king_zone.castle_path
        } else {
            Bitboard::EMPTY
        };
        let attacks = match piece {
            Piece::Pawn => pawn_attacks(us, from) | pawn_attacks(us, to),
            Piece::Knight => knight_attacks(from) | knight_attacks(to),
            Piece::Bishop => s.bishop(from, board.occupied()) | s.bishop(to, occupied),
            Piece::Rook => s.rook(from, board.occupied()) | s.rook(to, occupied),
            Piece::Queen => s.queen(from, board.occupied()) | s.queen(to, occupied),
            Piece::King => Bitboard::EMPTY,
        };
        let changed = attacks & rules.king_zone.zone | opened;
        if !(changed & rules.king_zone.castle_path).is_empty() {
            return None;
        }
        let squares = changed & self.open;
        if squares.is_empty() {
            return Some((0, 0));
        }
        let ours = Attackers::of(board, us, from.bitboard()).with(piece, to);
        let lifted = occupied - self.king;
        let mut after = self.null - squares;
        for square in squares {
            if !ours.attack(s, square, lifted) {
                after |= square;
            }
        }
        let ours_after = board.colors(us) ^ from ^ to;
        let captures =
            i64::from((after & ours_after).len()) - i64::from((self.null & board.colors(us)).len());
        Some((
            i64::from(after.len()) - i64::from(self.null.len()),
            captures,
        ))
    }
}

/// What a shortcut move changes in their replies' counts.
struct Correction {
    nodes: i64,
    captures: i64,
    promotions: i64,
    /// Direct checks (see [`CheckEdits`]).
    checks: i64,
}

/// The checking replies of their sliders that a shortcut move changes: moves on our king's
/// lines move the squares they check from, and the squares they reach change with the two
/// squares' occupancy. Up to 8 (`None` from [`push`](Self::push) beyond).
struct CheckEdits {
    list: [CheckEdit; 8],
    len: usize,
}

/// One slider's direct checks along one line kind: `was` in the null position, `now` after
/// the move.
#[derive(Clone, Copy)]
struct CheckEdit {
    piece: Piece,
    from: Square,
    was: Bitboard,
    now: Bitboard,
}

impl CheckEdit {
    const NONE: CheckEdit = CheckEdit {
        piece: Piece::Pawn,
        from: Square::A1,
        was: Bitboard::EMPTY,
        now: Bitboard::EMPTY,
    };
}

impl CheckEdits {
    fn new() -> CheckEdits {
        CheckEdits {
            list: [CheckEdit::NONE; 8],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, edit: CheckEdit) -> Option<()> {
        *self.list.get_mut(self.len)? = edit;
        self.len += 1;
        Some(())
    }

    fn edits(&self) -> &[CheckEdit] {
        &self.list[..self.len]
    }
}

/// The moves of their pawns, counted as the statistics count them.
#[derive(Clone, Copy)]
struct PawnTally {
    nodes: i64,
    captures: i64,
    promotions: i64,
    /// Where they may promote.
    promotion_squares: Bitboard,
    /// Whether a move may check: a step onto a square from which a pawn attacks our king,
    /// or a promotion onto a line of our king or a knight's step from it.
    may_check: bool,
}

/// The moves of `pawns`, theirs when White (`WHITE`) is us, none of them pinned, with
/// `enemies` (ours) and `occupied`. `checks` are the squares from which a pawn, a knight
/// and a slider would attack our king.
#[inline(always)]
fn their_pawn_moves<const WHITE: bool>(
    pawns: Bitboard,
    enemies: Bitboard,
    occupied: Bitboard,
    checks: [Bitboard; 3],
) -> PawnTally {
    let (single, west, east) = if WHITE {
        (
            forward::<false>(pawns),
            forward_west::<false>(pawns),
            forward_east::<false>(pawns),
        )
    } else {
        (
            forward::<true>(pawns),
            forward_west::<true>(pawns),
            forward_east::<true>(pawns),
        )
    };
    let us = if WHITE { Color::White } else { Color::Black };
    let third = Rank::Sixth.relative_to(us).bitboard();
    let last = Rank::First.relative_to(us).bitboard();
    let single = single - occupied;
    let double = if WHITE {
        forward::<false>(single & third)
    } else {
        forward::<true>(single & third)
    } - occupied;
    let (west, east) = (west & enemies, east & enemies);
    let targets = single | double | west | east;
    let captures = west.len() + east.len() + 3 * ((west & last).len() + (east & last).len());
    let promotions = (single & last).len() + (west & last).len() + (east & last).len();
    let [pawn, knight, lines] = checks;
    PawnTally {
        nodes: i64::from(single.len() + double.len() + west.len() + east.len() + 3 * promotions),
        captures: i64::from(captures),
        promotions: i64::from(4 * promotions),
        promotion_squares: targets & last,
        may_check: !((targets - last) & pawn).is_empty()
            || !(targets & last & (knight | lines)).is_empty(),
    }
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

/// How many *mobile units* `them` (not to move on `board`, whose pieces in `pinned` are
/// pinned) has, counted up to 4: unpinned pawns whose push square is empty, and unpinned
/// knights, bishops, rooks and queens with a square to go to that is not their own (every
/// such square stays a move after any move of ours: if ours arrives on it or in between, that
/// is a capture). Their king is not counted: our move may take its squares. Below 4, also
/// the units' cover: their squares, and the pawns' push squares.
///
/// An ordinary move of ours (not castling, not en passant, not a promotion) that gives no
/// check takes away at most three units ([`LeafContext::stalemate_risk`]); while one is
/// left, they have a legal move, so there is no stalemate to look for.
#[inline(always)]
fn mobile_units<S: Sliders>(s: S, board: &Board, them: Color, pinned: Bitboard) -> (u32, Bitboard) {
    let theirs = board.colors(them);
    let occupied = board.occupied();
    let free = theirs - pinned;
    let pawns = board.pieces(Piece::Pawn) & free;
    let pushes = match them {
        Color::White => pawns.up(),
        Color::Black => pawns.down(),
    } - occupied;
    let mut units = pushes.len();
    let mut cover = pushes
        | match them {
            Color::White => pushes.down(),
            Color::Black => pushes.up(),
        };
    if units >= 4 {
        return (4, cover);
    }
    for from in board.pieces(Piece::Knight) & free {
        if !(knight_attacks(from) - theirs).is_empty() {
            units += 1;
            cover |= from;
        }
    }
    if units >= 4 {
        return (4, cover);
    }
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    for from in (straight | diagonal) & free {
        let mut reach = Bitboard::EMPTY;
        if straight.has(from) {
            reach |= s.rook(from, occupied);
        }
        if diagonal.has(from) {
            reach |= s.bishop(from, occupied);
        }
        if !(reach - theirs).is_empty() {
            units += 1;
            cover |= from;
            if units >= 4 {
                return (4, cover);
            }
        }
    }
    (units, cover)
}

/// A hash table of whole statistics, for stats runs with `hash_mb`: a mutex per slot (the
/// entries are 144 bytes, too big to update atomically), replaced always. Probed at depth 2
/// and more, where a node's subtree is worth far more than the lock.
#[cfg(feature = "std")]
pub(crate) struct StatsTable {
    slots: std::vec::Vec<std::sync::Mutex<Slot>>,
    mask: usize,
}

/// One entry: the full key, the depth (0: empty) and the statistics.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    depth: u32,
    stats: PerftStats,
}

#[cfg(feature = "std")]
impl StatsTable {
    /// A table of at most `bytes`, a power of two slots; `None` when not even one fits or the
    /// allocator refuses every size down to 64 KiB.
    pub(crate) fn with_bytes(bytes: usize) -> Option<StatsTable> {
        let slot = core::mem::size_of::<std::sync::Mutex<Slot>>();
        let mut count = (bytes / slot).checked_next_power_of_two()?;
        if count * slot > bytes {
            count /= 2;
        }
        while count * slot >= 1 << 16 {
            let mut slots = std::vec::Vec::new();
            if slots.try_reserve_exact(count).is_ok() {
                slots.resize_with(count, Default::default);
                return Some(StatsTable {
                    slots,
                    mask: count - 1,
                });
            }
            count /= 2;
        }
        None
    }

    #[inline]
    fn slot(&self, key: u64, depth: u32) -> &std::sync::Mutex<Slot> {
        let mixed = key ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.slots[(mixed as usize) & self.mask]
    }

    pub(super) fn get(&self, key: u64, depth: u32) -> Option<PerftStats> {
        let slot = self.slot(key, depth).lock().ok()?;
        (slot.key == key && slot.depth == depth).then_some(slot.stats)
    }

    pub(super) fn set(&self, key: u64, depth: u32, stats: &PerftStats) {
        if let Ok(mut slot) = self.slot(key, depth).lock() {
            *slot = Slot {
                key,
                depth,
                stats: *stats,
            };
        }
    }
}

/// Without `std` there is no table; the type only fills the recursion's signature.
#[cfg(not(feature = "std"))]
pub(crate) struct StatsTable;

#[cfg(not(feature = "std"))]
impl StatsTable {
    fn get(&self, _key: u64, _depth: u32) -> Option<PerftStats> {
        None
    }

    fn set(&self, _key: u64, _depth: u32, _stats: &PerftStats) {}
}

/// Statistics through `s` and, if given, `table` (then the recursion keeps keys), compiled
/// for the best instruction set this CPU has.
pub(crate) fn stats_with<S: Sliders>(
    s: S,
    board: &Board,
    depth: u32,
    table: Option<&StatsTable>,
) -> PerftStats {
    let mut out = PerftStats::default();
    #[cfg(target_arch = "x86_64")]
    {
        if crate::attacks::cpu::has_modern_bit_ops() {
            // SAFETY: CPUID reported POPCNT, LZCNT, BMI1 and BMI2, all that `stats_modern`
            // is compiled for.
            #[allow(unsafe_code)]
            unsafe {
                match table {
                    Some(t) => stats_modern::<S, true>(s, board, depth, Some(t), &mut out),
                    None => stats_modern::<S, false>(s, board, depth, None, &mut out),
                }
            }
            return out;
        }
    }
    match table {
        Some(t) => stats_baseline::<S, true>(s, board, depth, Some(t), &mut out),
        None => stats_baseline::<S, false>(s, board, depth, None, &mut out),
    }
    out
}

/// [`perft_stats`](crate::perft_stats) with threads and an optional hash table (which then
/// stores whole statistics): the same figures, sooner.
///
/// ```
/// use bitmove::{perft_stats, perft_stats_with_options, Board, PerftOptions};
///
/// let options = PerftOptions { threads: 2, hash_mb: 16 };
/// let board = Board::default();
/// assert_eq!(perft_stats_with_options(&board, 4, &options), perft_stats(&board, 4));
/// ```
#[cfg(feature = "std")]
pub fn perft_stats_with_options(
    board: &Board,
    depth: u32,
    options: &super::PerftOptions,
) -> PerftStats {
    if depth <= 1 {
        return crate::perft_stats(board, depth);
    }
    divide_stats_with(board, depth, options)
        .iter()
        .map(|(_, stats)| stats)
        .sum()
}

/// Statistics split by root move, with threads and an optional hash table: each legal move
/// with the statistics of the leaves below it (depth 0 counts as 1), in generation order.
///
/// ```
/// use bitmove::{divide_stats_with, Board, PerftOptions};
///
/// let split = divide_stats_with(&Board::default(), 3, &PerftOptions::default());
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|(_, s)| s.checks).sum::<u64>(), 12);
/// ```
#[cfg(feature = "std")]
pub fn divide_stats_with(
    board: &Board,
    depth: u32,
    options: &super::PerftOptions,
) -> std::vec::Vec<(Move, PerftStats)> {
    use core::sync::atomic::{AtomicUsize, Ordering};
    use std::vec::Vec;

    let depth = depth.max(1);
    let threads = options.thread_count().max(1);
    let (roots, items, remaining) = super::parallel::work_items(board, depth, threads);
    let table = (options.hash_mb > 0)
        .then(|| StatsTable::with_bytes(options.hash_mb.saturating_mul(1 << 20)))
        .flatten();
    let next = AtomicUsize::new(0);
    let backend = crate::SliderBackend::current();
    let work = || {
        let mut totals = std::vec![PerftStats::default(); roots.len()];
        while let Some((root, position)) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
            totals[*root] += crate::attacks::dispatch!(backend, |s| stats_with(
                s,
                position,
                remaining,
                table.as_ref()
            ));
        }
        totals
    };
    let parts: Vec<Vec<PerftStats>> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.min(items.len()))
            .map(|_| scope.spawn(work))
            .collect();
        let mut parts = std::vec![work()];
        for helper in helpers {
            parts.push(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        parts
    });
    roots
        .iter()
        .enumerate()
        .map(|(i, &mv)| (mv, parts.iter().map(|part| part[i]).sum()))
        .collect()
}
