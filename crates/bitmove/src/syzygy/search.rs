//! Probing with captures resolved: the tables store "don't care" values where a capture
//! decides, so WDL is an alpha-beta search over captures down to the stored values, DTZ a
//! one-ply search where the table cannot answer, and en passant (which the tables ignore) is
//! probed move by move. The same steps as Fathom and python-chess, so the answers agree.

use std::vec::Vec;

use super::index::{DtzValue, Table};
use super::table::Corrupt;
use super::{MAX_PIECES, SyzygyError, TableKind, Tablebase, Wdl};
use crate::{Board, Move, MoveList, Piece, Status};

/// A legal move with what the tables say about it, from the side playing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// The result after it, for the side playing it.
    pub wdl: Wdl,
    /// Plies to the next zeroing move counted from before this move (1 for a winning capture,
    /// pawn move or mate), in the sign of the result, 0 for a draw; as Stockfish ranks root
    /// moves.
    pub dtz: i32,
    /// The move mates.
    pub mate: bool,
}

/// ±1 for a win or loss by a zeroing move now, ±101 for the fifty-move-rule cases.
const fn dtz_before_zeroing(wdl: i32) -> i32 {
    match wdl {
        2 => 1,
        1 => 101,
        -1 => -101,
        -2 => -1,
        _ => 0,
    }
}

/// A root move's result once the halfmove clock `clock` counts: the tables assume the move
/// was reached with the clock at 0 (where they already tell cursed wins and blessed losses),
/// so only a win or loss whose zeroing move comes after ply 100 of the count changes.
fn with_clock(wdl: Wdl, dtz: i32, clock: u32) -> Wdl {
    let after = dtz.unsigned_abs().saturating_add(clock) > 100;
    match wdl {
        Wdl::Win if after => Wdl::CursedWin,
        Wdl::Loss if after => Wdl::BlessedLoss,
        _ => wdl,
    }
}

fn child(board: &Board, mv: Move) -> Board {
    let mut b = board.clone();
    b.play_unchecked(mv);
    b
}

fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.en_passant() == Some(mv.to)
        && board.piece_on(mv.from) == Some(Piece::Pawn)
        && board.piece_on(mv.to).is_none()
}

fn is_zeroing(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::Pawn)
        || board.color_on(mv.to) == Some(!board.side_to_move())
}

/// The en passant captures; only called when the board has an en passant square, as a
/// `MoveList` is a kilobyte to move around.
fn en_passant_moves(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    for &mv in board.captures().iter() {
        if is_en_passant(board, mv) {
            list.push(mv);
        }
    }
    list
}

impl Tablebase {
    fn corrupt(table: &Table) -> impl Fn(Corrupt) -> SyzygyError + '_ {
        |c| SyzygyError::Corrupt {
            path: table.path.clone(),
            reason: c.0,
        }
    }

    fn check(&self, board: &Board) -> Result<(), SyzygyError> {
        if !board.castling_rights().is_empty() {
            return Err(SyzygyError::Castling);
        }
        let n = board.occupied().len();
        if n > MAX_PIECES + 1 {
            return Err(SyzygyError::TooManyPieces(n));
        }
        Ok(())
    }

    /// The stored WDL value, without captures (0 for the bare kings).
    fn wdl_table(&self, board: &Board) -> Result<i32, SyzygyError> {
        if board.occupied() == board.pieces(Piece::King) {
            return Ok(0);
        }
        let n = board.occupied().len();
        if n > MAX_PIECES {
            return Err(SyzygyError::TooManyPieces(n));
        }
        let (table, key) = self.table(board, TableKind::Wdl)?;
        table.probe_wdl(board, key).map_err(Self::corrupt(table))
    }

    /// Alpha-beta over the captures (en passant aside) down to the stored values. The second
    /// value is 2 when a capture is the best move (or at least as good as the stored value
    /// and winning), else 1.
    fn probe_ab(&self, board: &Board, mut alpha: i32, beta: i32) -> Result<(i32, u8), SyzygyError> {
        // Iterated by reference: moving the list into an iterator would copy all of it.
        let captures = board.captures();
        for &mv in captures.iter() {
            if is_en_passant(board, mv) {
                continue;
            }
            let v = -self.probe_ab(&child(board, mv), -beta, -alpha)?.0;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.wdl_table(board)?;
        Ok(if alpha >= v {
            (alpha, 1 + (alpha > 0) as u8)
        } else {
            (v, 1)
        })
    }

    /// WDL with en passant resolved (-2..=2).
    pub(crate) fn wdl(&self, board: &Board) -> Result<i32, SyzygyError> {
        let (mut v, _) = self.probe_ab(board, -2, 2)?;
        if board.en_passant().is_none() {
            return Ok(v);
        }
        let eps = en_passant_moves(board);
        if eps.is_empty() {
            return Ok(v);
        }
        let mut v1 = -3;
        for &mv in eps.iter() {
            v1 = v1.max(-self.probe_ab(&child(board, mv), -2, 2)?.0);
        }
        // A losing en passant capture counts only when it is the only legal move.
        let forced = || {
            board
                .legal_moves()
                .iter()
                .all(|&mv| is_en_passant(board, mv))
        };
        if v1 >= v || (v == 0 && forced()) {
            v = v1;
        }
        Ok(v)
    }

    fn dtz_no_ep(&self, board: &Board) -> Result<i32, SyzygyError> {
        let (wdl, success) = self.probe_ab(board, -2, 2)?;
        self.dtz_no_ep_from(board, wdl, success)
    }

    /// The DTZ of a position the side to move loses (negative), `None` when it does not
    /// lose (its DTZ would be 0 or positive): the one-ply search of a winning position
    /// needs no more, and so looks in no DTZ table for the moves that spoil the win.
    fn dtz_if_losing(&self, board: &Board) -> Result<Option<i32>, SyzygyError> {
        if board.en_passant().is_some() {
            let d = self.dtz(board)?;
            return Ok((d < 0).then_some(d));
        }
        let (wdl, success) = self.probe_ab(board, -2, 2)?;
        if wdl >= 0 {
            return Ok(None);
        }
        self.dtz_no_ep_from(board, wdl, success).map(Some)
    }

    /// [`dtz_no_ep`](Self::dtz_no_ep) once `probe_ab` has given `wdl` and `success`.
    fn dtz_no_ep_from(&self, board: &Board, wdl: i32, success: u8) -> Result<i32, SyzygyError> {
        if wdl == 0 {
            return Ok(0);
        }
        if success == 2 {
            return Ok(dtz_before_zeroing(wdl));
        }
        let moves = board.legal_moves();
        if wdl > 0 {
            // A pawn push keeping the result is a zeroing move that wins now.
            for &mv in moves.iter() {
                if board.piece_on(mv.from) != Some(Piece::Pawn)
                    || board.piece_on(mv.to).is_some()
                    || is_en_passant(board, mv)
                {
                    continue;
                }
                if -self.wdl(&child(board, mv))? == wdl {
                    return Ok(dtz_before_zeroing(wdl));
                }
            }
        }
        let (table, key) = self.table(board, TableKind::Dtz)?;
        match table
            .probe_dtz(board, key, wdl)
            .map_err(Self::corrupt(table))?
        {
            DtzValue::Plies(d) => {
                return Ok(dtz_before_zeroing(wdl) + if wdl > 0 { d } else { -d });
            }
            DtzValue::OtherSide => {}
        }
        // The table stores the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            for &mv in moves.iter() {
                if is_zeroing(board, mv) {
                    continue;
                }
                let after = child(board, mv);
                let Some(d) = self.dtz_if_losing(&after)? else {
                    continue;
                };
                let v = -d;
                if v == 1 && after.status() == Status::Checkmate {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for &mv in moves.iter() {
                let after = child(board, mv);
                let v = if is_zeroing(board, mv) {
                    if wdl == -2 {
                        -1
                    } else if self.probe_ab(&after, 1, 2)?.0 == 2 {
                        0
                    } else {
                        -101
                    }
                } else {
                    -self.dtz(&after)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// DTZ with en passant resolved.
    pub(crate) fn dtz(&self, board: &Board) -> Result<i32, SyzygyError> {
        let mut v = self.dtz_no_ep(board)?;
        if board.en_passant().is_none() {
            return Ok(v);
        }
        let eps = en_passant_moves(board);
        if eps.is_empty() {
            return Ok(v);
        }
        let mut v1 = -3;
        for &mv in eps.iter() {
            v1 = v1.max(-self.probe_ab(&child(board, mv), -2, 2)?.0);
        }
        let v1 = dtz_before_zeroing(v1);
        let take = if v < -100 {
            v1 >= 0
        } else if v < 0 {
            !(-100..0).contains(&v1)
        } else if v > 100 {
            v1 > 0
        } else if v > 0 {
            v1 == 1
        } else if v1 >= 0 {
            true
        } else {
            board
                .legal_moves()
                .iter()
                .all(|&mv| is_en_passant(board, mv))
        };
        if take {
            v = v1;
        }
        Ok(v)
    }

    /// Win, draw or loss for the side to move, assuming the position was reached by a capture
    /// or pawn move (the halfmove clock is not looked at).
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl, SyzygyError> {
        self.check(board)?;
        Ok(Wdl::from_i32(self.wdl(board)?))
    }

    /// The value the WDL table stores for this position, captures and en passant not looked
    /// at (python-chess's `probe_wdl_table`): where a capture decides, the stored value may be
    /// any "don't care" value.
    pub fn probe_wdl_table(&self, board: &Board) -> Result<Wdl, SyzygyError> {
        self.check(board)?;
        Ok(Wdl::from_i32(self.wdl_table(board)?))
    }

    /// The DTZ file's stored value for this position if its WDL is `wdl` (python-chess's
    /// `probe_dtz_table`): plies, before the zeroing move's +1; `None` when the file stores
    /// only the other side to move.
    pub fn probe_dtz_table(&self, board: &Board, wdl: i32) -> Result<Option<i32>, SyzygyError> {
        self.check(board)?;
        let (table, key) = self.table(board, TableKind::Dtz)?;
        match table
            .probe_dtz(board, key, wdl)
            .map_err(Self::corrupt(table))?
        {
            DtzValue::Plies(d) => Ok(Some(d)),
            DtzValue::OtherSide => Ok(None),
        }
    }

    /// DTZ with en passant captures not considered (python-chess's `probe_dtz_no_ep`).
    pub fn probe_dtz_no_ep(&self, board: &Board) -> Result<i32, SyzygyError> {
        self.check(board)?;
        self.dtz_no_ep(board)
    }

    /// Distance to zeroing in plies, positive when the side to move wins, negative when it
    /// loses, 0 for a draw; ±100 more for the fifty-move-rule cases (cursed win, blessed
    /// loss). As python-chess and Fathom: the value may be one ply longer than the true
    /// distance where the table stores moves, never so that it changes the result.
    pub fn probe_dtz(&self, board: &Board) -> Result<i32, SyzygyError> {
        self.check(board)?;
        self.dtz(board)
    }

    /// Every legal move with its WDL and DTZ for the side playing it, best first: the best
    /// result, then among wins the fewest plies to zeroing (a mate before anything), among
    /// losses the most. Draws keep the generation order. The halfmove clock counts, as in
    /// Fathom's `tb_probe_root`: a win whose zeroing move would come after the hundredth
    /// ply since the last one (`dtz` plus the clock over 100) is a [`Wdl::CursedWin`], a
    /// loss the opponent cannot zero in time a [`Wdl::BlessedLoss`].
    pub fn rank_moves(&self, board: &Board) -> Result<Vec<RankedMove>, SyzygyError> {
        self.check(board)?;
        let mut ranked = Vec::new();
        for &mv in board.legal_moves().iter() {
            let after = child(board, mv);
            let mate = after.status() == Status::Checkmate;
            let wdl = -self.wdl(&after)?;
            let dtz = if mate {
                1
            } else if is_zeroing(board, mv) {
                dtz_before_zeroing(wdl)
            } else {
                let d = -self.dtz(&after)?;
                d + d.signum()
            };
            ranked.push(RankedMove {
                mv,
                wdl: with_clock(Wdl::from_i32(wdl), dtz, board.halfmove_clock()),
                dtz,
                mate,
            });
        }
        ranked.sort_by_key(|m| (-(m.wdl as i32), !m.mate, m.dtz));
        Ok(ranked)
    }

    /// The first move of [`rank_moves`](Tablebase::rank_moves): one that keeps the best
    /// result and makes the most progress (Fathom's `tb_probe_root`, shakmaty-syzygy's
    /// `best_move`); `None` when there is no legal move.
    pub fn best_move(&self, board: &Board) -> Result<Option<RankedMove>, SyzygyError> {
        Ok(self.rank_moves(board)?.into_iter().next())
    }
}
