//! The vocabulary of checks that leaf counting and the mate tests share: the kinds of check
//! by who gives it, the groups of checking moves a parent of leaves records, and a leaf made
//! from its parent.

use super::PerftStats;
use crate::attacks::Sliders;
use crate::{Bitboard, Board, Move, Piece, Square};

/// The kinds of check, by who gives it.
#[derive(Clone, Copy)]
pub(super) enum CheckKind {
    Direct,
    SingleDiscovered,
    DirectDiscovered,
    DoubleDiscovered,
}

impl PerftStats {
    /// Counts `n` checking leaves of one kind.
    #[inline(always)]
    pub(super) fn add_checks(&mut self, kind: CheckKind, n: u64) {
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
    pub(super) fn add_mate(&mut self, kind: CheckKind) {
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
pub(super) fn check_kind(checkers: Bitboard, moved: Square) -> CheckKind {
    let others = checkers - moved;
    match (checkers.has(moved), others.has_many()) {
        (true, false) if others.is_empty() => CheckKind::Direct,
        (true, _) => CheckKind::DirectDiscovered,
        (false, false) => CheckKind::SingleDiscovered,
        (false, true) => CheckKind::DoubleDiscovered,
    }
}

/// Checking moves of one piece from one square: `piece` from `from` (a pawn promoting to
/// `promotion`) to `direct` (the moved piece itself checks) and to `discovered` (it unmasks
/// a slider), both where both.
#[derive(Clone, Copy)]
pub(super) struct CheckGroup {
    pub(super) piece: Piece,
    pub(super) from: Square,
    pub(super) promotion: Option<Piece>,
    pub(super) direct: Bitboard,
    pub(super) discovered: Bitboard,
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
pub(super) trait CheckRecorder {
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
pub(super) struct CheckList {
    groups: [CheckGroup; 16],
    pub(super) len: usize,
    pub(super) unlisted: bool,
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
    pub(super) fn groups(&self) -> &[CheckGroup] {
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

/// `board` after `piece` makes `mv`.
#[inline(always)]
pub(super) fn after<S: Sliders>(s: S, board: &Board, piece: Piece, mv: Move) -> Board {
    let mut child = board.clone();
    child.play_piece::<S, false>(s, piece, mv);
    child
}
