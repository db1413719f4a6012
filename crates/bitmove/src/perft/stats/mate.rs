//! Mate and stalemate tests: whether a checking leaf leaves their side a reply (their king's
//! steps first, then the child is made), whether a quiet leaf does where their side may run
//! out of moves, and the checkmates among their checking replies after a depth-2 shortcut
//! move.

use super::PerftStats;
use super::checks::{CheckGroup, CheckKind, CheckList, after};
use super::correction::CheckEdit;
use crate::attacks::{Sliders, between, bishop_rays, king_attacks, knight_attacks, rook_rays};
use crate::perft::depth2::Attackers;
use crate::{Bitboard, Board, Color, Move, Piece, Square};

/// The checkmates among the checking moves `group` on `board`: each is made and asked for a
/// reply.
#[inline(never)]
pub(super) fn mates<S: Sliders>(s: S, board: &Board, group: &CheckGroup, out: &mut PerftStats) {
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
pub(super) fn shortcut_mates<S: Sliders>(
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
pub(super) struct NullEscapes {
    steps: [(Square, Bitboard, Option<Answer>); 32],
    /// Where each group's replies end in `steps`.
    ends: [u8; 16],
    /// How many groups have theirs.
    groups: usize,
}

impl NullEscapes {
    #[inline(always)]
    pub(super) fn new<S: Sliders>(
        s: S,
        board: &Board,
        null: &Board,
        checks: &CheckList,
    ) -> NullEscapes {
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

/// Quiet (non-checking) moves of `piece` from `from` (a pawn promoting to `promotion`) to
/// `targets`, each made to see whether it stalemates.
#[inline(never)]
pub(super) fn quiet_stalemates<S: Sliders>(
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

/// How many *mobile units* `them` (not to move on `board`, whose pieces in `pinned` are
/// pinned) has, counted up to 4: unpinned pawns whose push square is empty, and unpinned
/// knights, bishops, rooks and queens with a square to go to that is not their own (every
/// such square stays a move after any move of ours: if ours arrives on it or in between, that
/// is a capture). Their king is not counted: our move may take its squares. Below 4, also
/// the units' cover: their squares, and the pawns' push squares.
///
/// An ordinary move of ours (not castling, not en passant, not a promotion) that gives no
/// check takes away at most three units (`LeafContext::stalemate_risk` in `leaf.rs`); while
/// one is left, they have a legal move, so there is no stalemate to look for.
#[inline(always)]
pub(super) fn mobile_units<S: Sliders>(
    s: S,
    board: &Board,
    them: Color,
    pinned: Bitboard,
) -> (u32, Bitboard) {
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
