//! Perft at depth 2 with the "null count" shortcut.
//!
//! At depth 2 each of our moves needs the number of the opponent's replies. Count those
//! replies once on the unchanged board with the opponent to move (the "null" position). Most
//! quiet moves change that count only a little and in ways that are cheap to work out, so they
//! are never made: their count is the null count corrected for the few opponent pieces whose
//! moves the move touches. Only the remaining moves are made and counted.
//!
//! A quiet move of our piece P from f to t changes the opponent's replies only through:
//! - the occupancy of f and t, seen by their sliders (a ray cut at t or opened at f) and their
//!   pawns (pushes into f or t, captures onto f or t): the *correction*, recomputed for just
//!   the sliders whose null-position attacks hold f or t and, when a pawn square is touched,
//!   for their pawns set-wise;
//! - pins and checks on their king: lines through their king;
//! - our attacks on the squares their king may go to (and on its castling path): P's own
//!   attacks from f and from t, and our sliders' rays through f or t towards those squares;
//!   a slider of ours that lines up with their king from f or t (pins made or released);
//! - special moves: captures, castling, en passant, promotions and double pushes that give
//!   them an en-passant capture are never shortcut.
//!
//! Their knights do not care (f and t stay squares they may go to), nor do their pins, which
//! the second rule keeps as they are. So `forbidden` collects the squares where f or t would
//! matter to their king, `zone` the squares whose attack status matters (their king included:
//! a piece of ours attacking it from t gives check), and a move is shortcut when neither f nor
//! t is forbidden and P attacks no zone square from f or from t. Skipped when we are in check.
//!
//! The moves this refuses get a second chance before they are made. A move of ours (not
//! castling, en passant, a promotion or a double step they may take en passant) that gives no
//! check, from t or through a line it opens, changes their replies only through:
//! - the two squares' occupancy and owner: the correction above, where a capture also takes
//!   the captured piece's moves away and gives their sliders, knights and pawns that see `t`
//!   a capture there;
//! - their king's steps: the squares around it that P attacks from f or t, or whose lines to
//!   our sliders run through f or t, and t itself when it lies next to their king (which may
//!   take P there), are asked about again with P moved. A piece that leaves a square next to
//!   their king needs nothing more: whether that square may be stepped to depends on our
//!   attacks on it, not on what stands there;
//! - their castling, when P attacks a square their king crosses from f or t, or f or t lies
//!   on their back rank or on a line from one of our sliders to such a square: each castling
//!   is judged again, asking only about the crossed squares on a line through f or t or
//!   attacked by P (a castling rook taken is gone, a square that must be empty may fill or
//!   empty);
//! - their pins: when f or t lies on a line through their king, the pins are found again
//!   with the move made, and each piece of theirs pinned or released by it has its moves
//!   counted again.
//!
//! The perft suites, run through this path at every depth of 2 and more, and a test against
//! made children on thousands of random positions prove it exact.

use crate::attacks::{
    Sliders, between, bishop_rays, king_attacks, king_attacks_set, knight_attacks,
    knight_attacks_set, line, pawn_attacks, pawn_attacks_set, rook_rays,
};
use crate::movegen::count_pawn_moves;
use crate::{Bitboard, Board, Color, File, Piece, PieceMoves, Rank, Square};
use arrayvec::ArrayVec;

/// One of their sliders in the null position: where it stands, what it attacks, the squares
/// it may move to (not its own side's, and along the pin line if pinned) and how many of its
/// attacks are moves.
#[derive(Clone, Copy)]
pub(super) struct Slider {
    pub(super) square: Square,
    pub(super) attacks: Bitboard,
    pub(super) allowed: Bitboard,
    pub(super) moves: u32,
}

/// Room for one side's diagonal or straight sliders: at most 15 pieces besides the king.
/// An `ArrayVec`, not an array: a fresh array would be zeroed on every depth-2 node (a
/// `memset` call, 1.8% of the instructions on position 3).
pub(super) type Sliders16 = ArrayVec<Slider, 16>;

/// One castling of theirs in the null position: the rook, the squares their king crosses and
/// those that must be empty ([`castling_squares`](crate::board::castling_squares)), and which
/// of the crossed squares we attack, with king and rook lifted.
#[derive(Clone, Copy)]
struct Castling {
    rook: Square,
    king_path: Bitboard,
    must_be_empty: Bitboard,
    attacked: Bitboard,
}

/// Our move groups at one node: at most 20 (15 pieces besides the king, the king, two
/// castlings, two en-passant captures).
pub(super) type Groups = ArrayVec<PieceMoves, 24>;

/// What a depth-2 node (side to move not in check) knows about the opponent's replies to
/// its quiet moves: the null position, their sliders and pawns as it sees them, and which of
/// our moves leave everything else about those replies as it is.
///
/// The statistics count builds on it. Plain perft's count below shares the zone and its lines
/// ([`KingZone`]) but keeps the rest of the analysis (the null position, their sliders and
/// pawns, the shortcut rules) written out in its own body: built through this struct, its
/// code cost 8% more instructions per leaf on the start position (measured with callgrind),
/// and it is the hot path. A change to those rules must be made in both places; the perft
/// suites and the statistics oracle test each.
pub(super) struct NullReplies {
    /// The position with the opponent to move and nothing else changed.
    pub(super) null: Board,
    pub(super) ours: Bitboard,
    pub(super) occupied: Bitboard,
    /// Their pieces pinned to their king, in the null position.
    pub(super) their_pinned: Bitboard,
    /// Their sliders, diagonal and straight apart (a queen is in both).
    pub(super) diagonals: Sliders16,
    pub(super) straights: Sliders16,
    /// Everything their sliders attack.
    pub(super) slider_reach: Bitboard,
    pub(super) their_pawns: Bitboard,
    /// The squares their pawns' pushes and captures depend on.
    pub(super) pawn_reach: Bitboard,
    /// Which of our moves may be shortcut.
    pub(super) rules: ShortcutRules,
}

/// Which quiet moves of ours leave the opponent's replies as the null position has them, but
/// for the occupancy of the two squares (see the module's documentation).
#[derive(Clone, Copy)]
pub(super) struct ShortcutRules {
    occupied: Bitboard,
    king: Square,
    /// Their king's zone and our sliders' lines to it. [`near_king`](Self::near_king) keeps
    /// to its `forbidden`; [`shortcut`](Self::shortcut) also to `ring_lines`.
    pub(super) king_zone: KingZone,
    forbidden: Bitboard,
    knight_bad: Bitboard,
    king_bad: Bitboard,
    pawn_bad: Bitboard,
    never: Bitboard,
    /// `never` as [`near_king`](Self::near_king) has it: without `ring_lines`.
    near_never: Bitboard,
    en_passant_risk: Bitboard,
    theirs: Bitboard,
    /// Our side.
    us: Color,
}

/// Their king's zone and our sliders' lines to it, for a position with us to move: what
/// both depth-2 counts (plain and statistics) decide their shortcuts by.
#[derive(Clone, Copy)]
pub(super) struct KingZone {
    /// Their king, the squares around it and [`castle_path`](Self::castle_path).
    pub(super) zone: Bitboard,
    /// The squares their king crosses to castle, where nothing stands in the way.
    pub(super) castle_path: Bitboard,
    /// Where a piece of ours that lands or leaves may change a pin or a check of theirs, or
    /// their castling: the zone, their back rank while they may castle, and our sliders'
    /// lines to their king and to the castle path.
    pub(super) forbidden: Bitboard,
    /// Where a piece that lands or leaves may change whether one of our sliders attacks a
    /// square their king may step to, with their king lifted.
    pub(super) ring_lines: Bitboard,
    /// Where a piece that lands or leaves may change their castling: their back rank while
    /// they may castle, and our sliders' lines to the castle path.
    pub(super) castle_lines: Bitboard,
}

impl KingZone {
    /// The zone of `board`'s side not to move; `us` is the side to move.
    #[inline(always)]
    pub(super) fn new(board: &Board, us: Color) -> KingZone {
        let them = !us;
        let ours = board.colors(us);
        let theirs = board.colors(them);
        let occupied = ours | theirs;
        let king = board.king(them);

        // Squares whose attack status by us matters to their king: its own and those around
        // it, and the squares it crosses to castle where nothing stands in the way. A move of
        // ours can only add blockers there; while it keeps off their back rank (below),
        // castling that is blocked stays blocked.
        let back = Rank::First.relative_to(them).bitboard();
        let castling_rooks = board.castling_rights().rook_squares() & back;
        let mut castle_path = Bitboard::EMPTY;
        for rook in castling_rooks {
            let (king_path, must_be_empty) = crate::board::castling_squares(them, king, rook);
            if (occupied & must_be_empty).is_empty() {
                castle_path |= king_path;
            }
        }
        let ring = king_attacks(king);
        let zone = ring | king | castle_path;

        // Our sliders' lines to the zone: a line with no blocker is cut by a piece landing on
        // it; a blocker that leaves may open it. Towards their king (pins and discovered
        // checks) a line matters up to two blockers; towards the other zone squares (judged
        // with their king lifted off the board) up to one. Whether we attack a square of
        // theirs matters to no reply.
        let mut lines = Bitboard::EMPTY;
        let mut castle_lines = Bitboard::EMPTY;
        if !castling_rooks.is_empty() {
            castle_lines |= back;
        }
        let mut ring_lines = Bitboard::EMPTY;
        let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
        let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        let without_king = occupied - king.bitboard();
        for x in (straight | diagonal) & ours {
            let mut rays = Bitboard::EMPTY;
            if straight.has(x) {
                rays |= rook_rays(x);
            }
            if diagonal.has(x) {
                rays |= bishop_rays(x);
            }
            for z in rays & zone {
                let segment = between(z, x);
                if z == king {
                    let blockers = segment & occupied;
                    match blockers.len() {
                        0 | 1 => lines |= segment,
                        2 => lines |= blockers,
                        _ => {}
                    }
                } else {
                    let blockers = segment & without_king;
                    let squares = match blockers.len() {
                        0 => segment,
                        1 => blockers,
                        _ => Bitboard::EMPTY,
                    };
                    if castle_path.has(z) {
                        castle_lines |= squares;
                    }
                    if ring.has(z) && !theirs.has(z) {
                        ring_lines |= squares;
                    }
                }
            }
        }
        KingZone {
            zone,
            castle_path,
            forbidden: zone | lines | castle_lines,
            ring_lines,
            castle_lines,
        }
    }
}

impl NullReplies {
    /// The analysis of `board`, whose side to move (White when `WHITE`) is not in check.
    #[inline(always)]
    pub(super) fn new<S: Sliders, const WHITE: bool>(s: S, board: &Board) -> NullReplies {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let ours = board.colors(us);
        let theirs = board.colors(them);
        let occupied = ours | theirs;
        let king = board.king(them);

        let king_zone = KingZone::new(board, us);
        let KingZone {
            zone,
            forbidden,
            ring_lines,
            ..
        } = king_zone;
        let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
        let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);

        let mut null = board.clone();
        null.side = them;
        null.en_passant = None;
        null.update_checks(s);
        let their_pinned = null.pinned;

        // Their sliders as the null position sees them.
        let mut diagonals = Sliders16::new();
        let mut straights = Sliders16::new();
        let mut slider_reach = Bitboard::EMPTY;
        for (set, list, diagonal) in [
            (diagonal & theirs, &mut diagonals, true),
            (straight & theirs, &mut straights, false),
        ] {
            for square in set {
                let attacks = if diagonal {
                    s.bishop(square, occupied)
                } else {
                    s.rook(square, occupied)
                };
                let mut allowed = !theirs;
                if their_pinned.has(square) {
                    allowed &= line(king, square);
                }
                slider_reach |= attacks;
                let _ = list.try_push(Slider {
                    square,
                    attacks,
                    allowed,
                    moves: (attacks & allowed).len(),
                });
            }
        }

        let their_pawns = board.colored_pieces(them, Piece::Pawn);
        let push = |set: Bitboard| if WHITE { set.down() } else { set.up() };
        let pawn_reach = push(their_pawns)
            | push(push(their_pawns & Rank::Second.relative_to(them)))
            | pawn_attacks_set(them, their_pawns);

        // Landing or starting squares from which a piece of ours would attack the zone, and
        // double-push squares beside one of their pawns (en passant).
        let beside = Bitboard((their_pawns.0 >> 1) & !File::H.bitboard().0)
            | Bitboard((their_pawns.0 << 1) & !File::A.bitboard().0);
        let near_never = forbidden | occupied | Rank::Eighth.relative_to(us).bitboard();
        NullReplies {
            null,
            ours,
            occupied,
            their_pinned,
            diagonals,
            straights,
            slider_reach,
            their_pawns,
            pawn_reach,
            rules: ShortcutRules {
                occupied,
                king,
                king_zone,
                forbidden: forbidden | ring_lines,
                knight_bad: knight_attacks_set(zone),
                king_bad: king_attacks_set(zone),
                pawn_bad: pawn_attacks_set(them, zone),
                never: near_never | ring_lines,
                near_never,
                en_passant_risk: beside & Rank::Fourth.relative_to(us).bitboard(),
                theirs,
                us,
            },
        }
    }
}

impl ShortcutRules {
    /// The targets of `moves` (ours) that change their replies only through the occupancy
    /// of the two squares, as the null position's sliders and pawns see it.
    #[inline(always)]
    pub(super) fn shortcut<S: Sliders>(&self, s: S, moves: PieceMoves) -> Bitboard {
        let from = moves.from;
        if self.forbidden.has(from) {
            return Bitboard::EMPTY;
        }
        let (king, zone) = (self.king, self.king_zone.zone);
        match moves.piece {
            Piece::Knight if !self.knight_bad.has(from) => moves.to - self.never - self.knight_bad,
            Piece::King if !self.king_bad.has(from) => moves.to - self.never - self.king_bad,
            Piece::Pawn if !self.pawn_bad.has(from) => {
                let mut to = moves.to - self.never - self.pawn_bad;
                if from.rank() == Rank::Second.relative_to(self.us) {
                    to -= self.en_passant_risk;
                }
                // A diagonal step to an empty square is en passant.
                to & from.file().bitboard()
            }
            Piece::Bishop | Piece::Rook | Piece::Queen
                if blind(s, moves.piece, from, self.occupied, king, zone) =>
            {
                (moves.to - self.never)
                    .into_iter()
                    .filter(|&to| blind(s, moves.piece, to, self.occupied ^ from ^ to, king, zone))
                    .collect()
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// The targets of `moves` (ours, not the king's) that [`shortcut`](Self::shortcut)
    /// refuses only because the piece attacks squares of the zone other than their king,
    /// from `from` or from the target. Such a move gives no check and, pinning no piece of
    /// theirs and releasing none, changes no pin: of their replies it changes, beyond what
    /// the occupancy of the two squares does, only their king's steps and castling, through
    /// the zone squares the piece attacks from either square, and through the squares their
    /// king may step to whose lines to our sliders it blocks or opens
    /// ([`ring_lines`](Self::ring_lines)). The result includes the targets `shortcut`
    /// accepts, and is worked out set-wise.
    #[inline(always)]
    pub(super) fn near_king(&self, moves: PieceMoves) -> Bitboard {
        let from = moves.from;
        if self.king_zone.forbidden.has(from) {
            return Bitboard::EMPTY;
        }
        let king = self.king;
        match moves.piece {
            Piece::Knight => moves.to - self.near_never - knight_attacks(king),
            Piece::Pawn => {
                let mut to = moves.to - self.near_never - pawn_attacks(!self.us, king);
                if from.rank() == Rank::Second.relative_to(self.us) {
                    to -= self.en_passant_risk;
                }
                to & from.file().bitboard()
            }
            Piece::Bishop | Piece::Rook | Piece::Queen => {
                // The lines through their king, which are the squares whose lines hold it.
                let lines = match moves.piece {
                    Piece::Bishop => bishop_rays(king),
                    Piece::Rook => rook_rays(king),
                    _ => bishop_rays(king) | rook_rays(king),
                };
                // On such a line, with nothing between it and their king (a check) or one
                // piece of theirs (a pin), the slider changes their replies.
                let pins = |square: Square, occupied: Bitboard| {
                    let blockers = between(square, king) & occupied;
                    blockers.is_empty()
                        || (blockers.single().is_some() && !(blockers & self.theirs).is_empty())
                };
                if lines.has(from) && pins(from, self.occupied) {
                    return Bitboard::EMPTY;
                }
                let to = moves.to - self.near_never;
                let mut free = to - lines;
                for square in to & lines {
                    if !pins(square, self.occupied ^ from ^ square) {
                        free |= square;
                    }
                }
                free
            }
            Piece::King => Bitboard::EMPTY,
        }
    }
}

/// One side's pieces by the way they attack, for asking which squares they attack in a
/// position the board does not hold yet (a move not made).
#[derive(Clone, Copy)]
pub(super) struct Attackers {
    /// The side they belong to.
    side: Color,
    pawns: Bitboard,
    knights: Bitboard,
    kings: Bitboard,
    /// Bishops and queens, rooks and queens.
    diagonal: Bitboard,
    straight: Bitboard,
}

impl Attackers {
    /// The pieces of `side` on `board`, but for any on `without`.
    #[inline(always)]
    pub(super) fn of(board: &Board, side: Color, without: Bitboard) -> Attackers {
        let own = board.colors(side) - without;
        let queens = board.pieces(Piece::Queen);
        Attackers {
            side,
            pawns: board.pieces(Piece::Pawn) & own,
            knights: board.pieces(Piece::Knight) & own,
            kings: board.pieces(Piece::King) & own,
            diagonal: (board.pieces(Piece::Bishop) | queens) & own,
            straight: (board.pieces(Piece::Rook) | queens) & own,
        }
    }

    /// With a `piece` on `square` as well.
    #[inline(always)]
    pub(super) fn with(mut self, piece: Piece, square: Square) -> Attackers {
        match piece {
            Piece::Pawn => self.pawns |= square,
            Piece::Knight => self.knights |= square,
            Piece::King => self.kings |= square,
            Piece::Bishop => self.diagonal |= square,
            Piece::Rook => self.straight |= square,
            Piece::Queen => {
                self.diagonal |= square;
                self.straight |= square;
            }
        }
        self
    }

    /// The squares of `squares` none of them attacks, with `occupied` as the blockers: the
    /// leapers set-wise, then each slider whose lines reach a square still left.
    #[inline(always)]
    pub(super) fn spare<S: Sliders>(
        &self,
        s: S,
        squares: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let mut left =
            squares - pawn_attacks_set(self.side, self.pawns) - king_attacks_set(self.kings);
        for knight in self.knights {
            left -= knight_attacks(knight);
        }
        for x in self.diagonal {
            if !(bishop_rays(x) & left).is_empty() {
                left -= s.bishop(x, occupied);
            }
        }
        for x in self.straight {
            if !(rook_rays(x) & left).is_empty() {
                left -= s.rook(x, occupied);
            }
        }
        left
    }

    /// Whether one of them attacks `square`, with `occupied` as the blockers.
    #[inline(always)]
    pub(super) fn attack<S: Sliders>(&self, s: S, square: Square, occupied: Bitboard) -> bool {
        !(pawn_attacks(!self.side, square) & self.pawns).is_empty()
            || !(knight_attacks(square) & self.knights).is_empty()
            || !(king_attacks(square) & self.kings).is_empty()
            || !(s.bishop(square, occupied) & self.diagonal).is_empty()
            || !(s.rook(square, occupied) & self.straight).is_empty()
    }
}

/// Our move groups, collected first so that the work on them runs in the caller's body rather
/// than in a closure inlined into every place generation emits moves.
#[inline(always)]
pub(super) fn move_groups<S: Sliders, const WHITE: bool>(s: S, board: &Board) -> Groups {
    let mut groups = Groups::new();
    board.generate_for::<S, WHITE>(s, |moves| {
        let _ = groups.try_push(moves);
        false
    });
    groups
}

/// Whether a slider of ours (`piece`) on `square` neither sees the zone nor lines up with
/// their king (on `king`) through any number of blockers (a pin made or released). A
/// function, not a closure: the closure was compiled out of line, a call per target.
#[inline(always)]
fn blind<S: Sliders>(
    s: S,
    piece: Piece,
    square: Square,
    occupied: Bitboard,
    king: Square,
    zone: Bitboard,
) -> bool {
    match piece {
        Piece::Bishop => {
            !bishop_rays(square).has(king) && (s.bishop(square, occupied) & zone).is_empty()
        }
        Piece::Rook => !rook_rays(square).has(king) && (s.rook(square, occupied) & zone).is_empty(),
        _ => {
            !(bishop_rays(square) | rook_rays(square)).has(king)
                && (s.queen(square, occupied) & zone).is_empty()
        }
    }
}

/// The legal move count of a child of a depth-2 node whose side to move is White when
/// `WHITE`: the child has the other side to move, known at compile time (`count_with` would
/// match on it at run time).
#[inline(always)]
fn count_child<S: Sliders, const WHITE: bool>(s: S, child: &Board) -> usize {
    if WHITE {
        child.count_for::<S, false>(s)
    } else {
        child.count_for::<S, true>(s)
    }
}

/// Stamps out the depth-2 count with the given attributes. It must be compiled per
/// instruction set itself: closures take the target features of the function they are
/// written in, not of the one they are inlined into.
macro_rules! depth2_fn {
    ($(#[$attr:meta])* $name:ident) => {
/// The leaf count two plies below `board`, whose side to move is White when `WHITE`.
$(#[$attr])*
pub(super) fn $name<S: Sliders, const WHITE: bool>(s: S, board: &Board) -> u64 {
    let mut nodes = 0u64;
    if board.in_check() {
        board.generate_for::<S, WHITE>(s, |moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_piece::<S, false>(s, moves.piece, mv);
                nodes += count_child::<S, WHITE>(s, &child) as u64;
            }
            false
        });
        return nodes;
    }

    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let ours = board.colors(us);
    let theirs = board.colors(them);
    let occupied = ours | theirs;
    let king = board.king(them);

    // Their king's zone and our sliders' lines to it. The second chance (below) keeps the
    // lines apart: lines to the squares their king may step to (`ring_lines`) only change
    // those steps, and lines to the castle path (`castle_lines`) their castling, which it
    // works out again; lines to their king change pins, which it finds again.
    let KingZone {
        zone,
        castle_path,
        forbidden,
        ring_lines,
        castle_lines,
    } = KingZone::new(board, us);
    let forbidden = forbidden | ring_lines;
    let ring = king_attacks(king);
    let castling_rooks =
        board.castling_rights().rook_squares() & Rank::First.relative_to(them).bitboard();
    let king_rays = bishop_rays(king) | rook_rays(king);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);

    // The null position: their replies if we could pass.
    let mut null = board.clone();
    null.side = them;
    null.en_passant = None;
    null.update_checks(s);
    // Their pawns' moves are part of the count (their king is not in check: we are to move).
    // Matched at run time: choosing the side at compile time, as for the children below,
    // measured slower here (code layout).
    let (null_count, null_pawn_moves) = match null.side {
        Color::White => null.count_and_pawns_for::<S, true>(s),
        Color::Black => null.count_and_pawns_for::<S, false>(s),
    };
    let (null_count, null_pawn_moves) = (null_count as i64, i64::from(null_pawn_moves));
    let their_pinned = null.pinned;

    // Their sliders as the null position sees them, diagonal and straight apart.
    let mut diagonals = Sliders16::new();
    let mut straights = Sliders16::new();
    let mut slider_reach = Bitboard::EMPTY;
    for (set, list, diagonal) in [
        (diagonal & theirs, &mut diagonals, true),
        (straight & theirs, &mut straights, false),
    ] {
        for square in set {
            let attacks = if diagonal {
                s.bishop(square, occupied)
            } else {
                s.rook(square, occupied)
            };
            let mut allowed = !theirs;
            if their_pinned.has(square) {
                allowed &= line(king, square);
            }
            slider_reach |= attacks;
            let _ = list.try_push(Slider {
                square,
                attacks,
                allowed,
                moves: (attacks & allowed).len(),
            });
        }
    }

    // Their pawns: the squares their pushes and captures depend on, and their move count.
    let their_pawns = board.colored_pieces(them, Piece::Pawn);
    let push = |set: Bitboard| if WHITE { set.down() } else { set.up() };
    let pawn_reach = push(their_pawns)
        | push(push(their_pawns & Rank::Second.relative_to(them)))
        | pawn_attacks_set(them, their_pawns);
    let pawn_moves = |pawns: Bitboard, pinned: Bitboard, enemies: Bitboard, occupied: Bitboard| {
        let args = (pawns, pinned, false, king, enemies, occupied, Bitboard::FULL);
        i64::from(if WHITE {
            count_pawn_moves::<false>(args.0, args.1, args.2, args.3, args.4, args.5, args.6)
        } else {
            count_pawn_moves::<true>(args.0, args.1, args.2, args.3, args.4, args.5, args.6)
        })
    };

    // Landing or starting squares from which a piece of ours would attack the zone, and
    // double-push squares beside one of their pawns (en passant).
    let knight_bad = if (board.pieces(Piece::Knight) & ours).is_empty() {
        Bitboard::EMPTY
    } else {
        knight_attacks_set(zone)
    };
    let king_bad = king_attacks_set(zone);
    let pawn_bad = pawn_attacks_set(them, zone);
    let never = forbidden | occupied | Rank::Eighth.relative_to(us).bitboard();
    let beside = Bitboard((their_pawns.0 >> 1) & !File::H.bitboard().0)
        | Bitboard((their_pawns.0 << 1) & !File::A.bitboard().0);
    let en_passant_risk = beside & Rank::Fourth.relative_to(us).bitboard();
    let second = Rank::Second.relative_to(us);
    // For the second chance: their king's steps in the null position, worked out when
    // first needed.
    let last = Rank::Eighth.relative_to(us).bitboard();
    let their_knights = board.colored_pieces(them, Piece::Knight);
    let mut null_steps: Option<Bitboard> = None;
    let open_ring = ring - theirs;
    // Their castlings in the null position, worked out when first needed: per castling
    // rook, the squares its king crosses, those that must be empty, and which of the former
    // we attack (with king and rook lifted); and how many they may play.
    let mut null_castles: Option<(ArrayVec<Castling, 2>, i64)> = None;

    // Our moves, collected first as `move_groups` does, but written out here: with the
    // closure in this function's body, not in `move_groups`, the count runs 1% to 3% fewer
    // instructions (callgrind).
    let mut groups = Groups::new();
    board.generate_for::<S, WHITE>(s, |moves| {
        let _ = groups.try_push(moves);
        false
    });
    for &moves in groups.as_slice() {
        let from = moves.from;
        // A slider of ours must not see the zone, nor line up with their king through any
        // number of blockers (a pin made or released).
        let shortcut = if forbidden.has(from) {
            Bitboard::EMPTY
        } else {
            match moves.piece {
                Piece::Knight if !knight_bad.has(from) => moves.to - never - knight_bad,
                Piece::King if !king_bad.has(from) => moves.to - never - king_bad,
                Piece::Pawn if !pawn_bad.has(from) => {
                    let mut to = moves.to - never - pawn_bad;
                    if from.rank() == second {
                        to -= en_passant_risk;
                    }
                    // A diagonal step to an empty square is en passant.
                    to & from.file().bitboard()
                }
                Piece::Bishop | Piece::Rook | Piece::Queen
                    if blind(s, moves.piece, from, occupied, king, zone) =>
                {
                    (moves.to - never)
                        .into_iter()
                        .filter(|&to| blind(s, moves.piece, to, occupied ^ from ^ to, king, zone))
                        .collect()
                }
                _ => Bitboard::EMPTY,
            }
        };
        for to in shortcut {
            let touched = from.bitboard() | to;
            let occupied = occupied ^ touched;
            let mut count = null_count;
            if !(slider_reach & touched).is_empty() {
                for x in diagonals.as_slice() {
                    if !(x.attacks & touched).is_empty() {
                        count += i64::from((s.bishop(x.square, occupied) & x.allowed).len())
                            - i64::from(x.moves);
                    }
                }
                for x in straights.as_slice() {
                    if !(x.attacks & touched).is_empty() {
                        count += i64::from((s.rook(x.square, occupied) & x.allowed).len())
                            - i64::from(x.moves);
                    }
                }
            }
            if !(pawn_reach & touched).is_empty() {
                count += pawn_moves(their_pawns, their_pinned, ours ^ touched, occupied)
                    - null_pawn_moves;
            }
            nodes += count as u64;
        }
        let mut made = moves.to - shortcut;
        // Most groups have nothing left (at the start position almost all): the setup below
        // would be work for nothing.
        if made.is_empty() {
            continue;
        }

        // The second chance, for a move of ours (not castling) that may capture, attack
        // the squares around their king or the ones it castles across, or make or release
        // pins of theirs, but gives no check. Their replies then change through the
        // occupancy and owner of the two squares (as above, plus what a capture takes off
        // the board and opens to capture), through their pieces whose pins it makes or
        // releases, through their king's steps, which are worked out again square by
        // square, and through their castling, judged again.
        //
        // What the piece attacks from `from`, and the targets left once the special moves
        // and the leapers' checks are taken off set-wise.
        let piece = moves.piece;
        let (seen_from, tries) = match piece {
            Piece::Pawn => {
                // Promotions, en passant (a diagonal step to an empty square), double steps
                // they may take en passant, and checks (also caught below, one by one).
                let mut tries = made - last - pawn_attacks(them, king);
                tries -= (tries - theirs) - from.file().bitboard();
                if from.rank() == second {
                    tries -= en_passant_risk;
                }
                (pawn_attacks(us, from), tries)
            }
            Piece::Knight => (knight_attacks(from), made - knight_attacks(king)),
            // Castling (the king takes its own rook).
            Piece::King => (king_attacks(from), made - ours),
            Piece::Bishop => (s.bishop(from, occupied), made),
            Piece::Rook => (s.rook(from, occupied), made),
            Piece::Queen => (s.queen(from, occupied), made),
        };
        for to in tries {
            let capture = theirs.has(to);
            let after = (occupied - from) | to;
            let seen_to = match piece {
                Piece::Pawn => pawn_attacks(us, to),
                Piece::Knight => knight_attacks(to),
                Piece::King => king_attacks(to),
                Piece::Bishop => s.bishop(to, after),
                Piece::Rook => s.rook(to, after),
                Piece::Queen => s.queen(to, after),
            };
            // A check from `to`.
            if seen_to.has(king) {
                continue;
            }
            let touched = from.bitboard() | to;
            let theirs_after = theirs - to;

            // Their pins, and our checks through lines the move opens, change only when it
            // leaves or lands on a line through their king.
            let mut pinned = their_pinned;
            if !(king_rays & touched).is_empty() {
                let mut diagonal_after = (diagonal & ours) - from;
                let mut straight_after = (straight & ours) - from;
                if matches!(piece, Piece::Bishop | Piece::Queen) {
                    diagonal_after |= to;
                }
                if matches!(piece, Piece::Rook | Piece::Queen) {
                    straight_after |= to;
                }
                pinned = Bitboard::EMPTY;
                let mut check = false;
                let snipers =
                    (bishop_rays(king) & diagonal_after) | (rook_rays(king) & straight_after);
                for x in snipers {
                    let blockers = between(king, x) & after;
                    if blockers.is_empty() {
                        check = true;
                    } else if !blockers.has_many() {
                        pinned |= blockers & theirs_after;
                    }
                }
                if check {
                    continue;
                }
            }
            // Their pieces pinned or released by the move (not the one it takes).
            let changed = (pinned ^ their_pinned) - to;
            let mut count = null_count;

            // Their king's steps: those our piece attacks from either square, and any whose
            // line to one of our sliders runs through them.
            let mut steps = ((seen_from | seen_to) & open_ring) | (ring & to);
            if !(ring_lines & touched).is_empty() {
                steps |= (bishop_rays(from) | rook_rays(from) | bishop_rays(to) | rook_rays(to))
                    & open_ring;
            }
            if !steps.is_empty() {
                let null_steps =
                    *null_steps.get_or_insert_with(|| null.king_targets(s, them, king));
                let attackers = Attackers::of(board, us, from.bitboard()).with(piece, to);
                let lifted = after - king;
                let mut now = null_steps - steps;
                if steps.len() <= 2 {
                    for step in steps {
                        if !attackers.attack(s, step, lifted) {
                            now |= step;
                        }
                    }
                } else {
                    now |= attackers.spare(s, steps, lifted);
                }
                count += i64::from(now.len()) - i64::from(null_steps.len());
            }

            // Their castlings, when the move attacks the squares their king crosses, or lands
            // or leaves on their back rank or a line from one of our sliders to those squares.
            if !(castle_lines & touched).is_empty()
                || !((seen_from | seen_to) & castle_path).is_empty()
            {
                let (castlings, null_castles) = null_castles.get_or_insert_with(|| {
                    let attackers = Attackers::of(board, us, Bitboard::EMPTY);
                    let mut castlings = ArrayVec::new();
                    let mut legal = 0;
                    for rook in castling_rooks {
                        let (king_path, must_be_empty) =
                            crate::board::castling_squares(them, king, rook);
                        let attacked =
                            king_path - attackers.spare(s, king_path, occupied - king - rook);
                        if (occupied & must_be_empty).is_empty() && attacked.is_empty() {
                            legal += 1;
                        }
                        let _ = castlings.try_push(Castling {
                            rook,
                            king_path,
                            must_be_empty,
                            attacked,
                        });
                    }
                    (castlings, legal)
                });
                // Only squares the piece attacks from either square, or on a line through
                // either, may change; the others keep their attack status.
                let near = seen_from | seen_to | bishop_rays(from) | rook_rays(from)
                    | bishop_rays(to) | rook_rays(to);
                let attackers = Attackers::of(board, us, from.bitboard()).with(piece, to);
                let mut legal = 0;
                for c in castlings.iter() {
                    let asked = c.king_path & near;
                    if theirs_after.has(c.rook)
                        && (after & c.must_be_empty).is_empty()
                        && (c.attacked - asked).is_empty()
                        && asked
                            .into_iter()
                            .all(|x| !attackers.attack(s, x, after - king - c.rook))
                    {
                        legal += 1;
                    }
                }
                count += legal - *null_castles;
            }

            // Their sliders that see either square or whose pin changed, with the captured
            // one's moves gone and a capture onto `to` for the others.
            let sliders = diagonal | straight;
            if !(slider_reach & touched).is_empty()
                || !((touched | changed) & theirs & sliders).is_empty()
            {
                let lists = [
                    (diagonals.as_slice(), true),
                    (straights.as_slice(), false),
                ];
                for (list, diagonal) in lists {
                    for x in list {
                        if x.square == to {
                            count -= i64::from(x.moves);
                        } else if !(x.attacks & touched).is_empty() || changed.has(x.square) {
                            let mut allowed = !theirs_after;
                            if pinned.has(x.square) {
                                allowed &= line(king, x.square);
                            }
                            let attacks = if diagonal {
                                s.bishop(x.square, after)
                            } else {
                                s.rook(x.square, after)
                            };
                            count += i64::from((attacks & allowed).len()) - i64::from(x.moves);
                        }
                    }
                }
            }
            // Their knights that may now take on `to`, the one taken, and those whose pin
            // changed (a pinned knight has no move).
            if capture {
                count += i64::from((knight_attacks(to) & (their_knights - pinned)).len());
                if (their_knights - their_pinned).has(to) {
                    count -= i64::from((knight_attacks(to) - theirs).len());
                }
            }
            for knight in changed & their_knights {
                let moves = i64::from((knight_attacks(knight) - theirs).len());
                count += if pinned.has(knight) { -moves } else { moves };
            }
            if !(pawn_reach & touched).is_empty() || !((touched | changed) & their_pawns).is_empty()
            {
                count += pawn_moves(their_pawns - to, pinned, (ours - from) | to, after)
                    - null_pawn_moves;
            }
            nodes += count as u64;
            made ^= to;
        }

        let rest = crate::PieceMoves { to: made, ..moves };
        for mv in rest {
            let mut child = board.clone();
            child.play_piece::<S, false>(s, moves.piece, mv);
            nodes += count_child::<S, WHITE>(s, &child) as u64;
        }
    }
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
