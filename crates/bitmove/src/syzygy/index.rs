//! A position's index in a table, and the value stored there.

use super::encode::{
    LEAD_PAWNS, MAP_A1D1D4, MAP_B1H1H7, MAP_KK, MAP_PAWNS, flip_diagonal, off_diagonal,
};
use super::material::Material;
use super::table::{Bytes, Corrupt, Layout, PairsData, binomial, flag};
use crate::{Board, Color, Piece};
use std::boxed::Box;

/// A table file, mapped and parsed.
pub(crate) struct Table {
    pub(crate) path: std::path::PathBuf,
    pub(crate) bytes: Box<dyn AsRef<[u8]> + Send + Sync>,
    pub(crate) layout: Layout,
    pub(crate) mat: Material,
}

/// What a DTZ table says about a position.
pub(crate) enum DtzValue {
    /// The stored value, in plies (before the +1 of the zeroing move).
    Plies(i32),
    /// The table stores only the other side to move.
    OtherSide,
}

impl Table {
    #[inline(always)]
    fn bytes(&self) -> Bytes<'_> {
        Bytes(self.bytes.as_ref().as_ref())
    }

    /// The sub-table and index of `board` (whose material key is `key`), and the leading
    /// pawn's file; `None` for a DTZ table that stores only the other side to move.
    fn locate(
        &self,
        board: &Board,
        key: u64,
        dtz: bool,
    ) -> Result<Option<(&PairsData, u64, usize)>, Corrupt> {
        let mat = &self.mat;
        let black_to_move = board.side_to_move() == Color::Black;
        let flip = (mat.symmetric && black_to_move) || key != mat.key;
        let flip_color: u8 = if flip { 8 } else { 0 };
        let flip_squares: u8 = if flip { 56 } else { 0 };
        let stm = (flip ^ black_to_move) as usize;

        let mut squares = [0u8; 8];
        let mut pieces = [0u8; 8];
        let mut size = 0;
        let mut lead_count = 0;
        let mut lead_pawns = crate::Bitboard(0);
        let mut file = 0;
        let first = &self.layout.pairs[0][0];
        if mat.has_pawns {
            let pc = first.pieces[0] ^ flip_color;
            let color = if pc & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            lead_pawns = board.colored_pieces(color, Piece::Pawn);
            for sq in lead_pawns {
                if size >= 7 {
                    return Err(Corrupt("too many pieces"));
                }
                squares[size] = sq as u8 ^ flip_squares;
                size += 1;
            }
            lead_count = size;
            if lead_count == 0 {
                return Err(Corrupt("no leading pawn"));
            }
            let mut best = 0;
            for i in 1..lead_count {
                if MAP_PAWNS[squares[i] as usize] > MAP_PAWNS[squares[best] as usize] {
                    best = i;
                }
            }
            squares.swap(0, best);
            let f = (squares[0] & 7) as usize;
            file = f.min(7 - f);
        }
        let side = if self.layout.pairs[1].is_empty() {
            0
        } else {
            stm
        };
        let d = self.layout.pairs[side]
            .get(file)
            .ok_or(Corrupt("missing sub-table"))?;
        let one_side_stored = mat.has_pawns || !mat.symmetric;
        if dtz && one_side_stored && (d.flags & flag::STM) as usize != stm {
            return Ok(None);
        }
        for sq in board.occupied().without(lead_pawns) {
            if size >= 7 {
                return Err(Corrupt("too many pieces"));
            }
            let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) else {
                continue;
            };
            squares[size] = sq as u8 ^ flip_squares;
            pieces[size] =
                (((color == Color::Black) as u8) << 3 | (piece.index() as u8 + 1)) ^ flip_color;
            size += 1;
        }
        if size != mat.count as usize {
            return Err(Corrupt("position does not match the table"));
        }
        // Put the pieces in the file's order.
        for i in lead_count..size.saturating_sub(1) {
            for j in i + 1..size {
                if d.pieces[i] == pieces[j] {
                    pieces.swap(i, j);
                    squares.swap(i, j);
                    break;
                }
            }
        }
        if squares[0] & 7 > 3 {
            for s in &mut squares[..size] {
                *s ^= 7;
            }
        }
        let mut idx: u64;
        if mat.has_pawns {
            idx = LEAD_PAWNS.idx[lead_count][squares[0] as usize] as u64;
            squares[1..lead_count].sort_unstable_by_key(|&s| MAP_PAWNS[s as usize]);
            for i in 1..lead_count {
                idx += binomial(i as u64, MAP_PAWNS[squares[i] as usize] as u64)?;
            }
        } else {
            if squares[0] >> 3 > 3 {
                for s in &mut squares[..size] {
                    *s ^= 56;
                }
            }
            for i in 0..d.group_len[0] as usize {
                let off = off_diagonal(squares[i]);
                if off == 0 {
                    continue;
                }
                if off > 0 {
                    for s in &mut squares[i..size] {
                        *s = flip_diagonal(*s);
                    }
                }
                break;
            }
            idx = if mat.unique_pieces {
                let s = [squares[0] as u64, squares[1] as u64, squares[2] as u64];
                let adjust1 = (s[1] > s[0]) as u64;
                let adjust2 = (s[2] > s[0]) as u64 + (s[2] > s[1]) as u64;
                let rank = |x: u64| x >> 3;
                let b1h1h7 = |x: u64| MAP_B1H1H7[x as usize] as u64;
                if off_diagonal(squares[0]) != 0 {
                    (MAP_A1D1D4[s[0] as usize] as u64 * 63 + (s[1] - adjust1)) * 62 + s[2] - adjust2
                } else if off_diagonal(squares[1]) != 0 {
                    (6 * 63 + rank(s[0]) * 28 + b1h1h7(s[1])) * 62 + s[2] - adjust2
                } else if off_diagonal(squares[2]) != 0 {
                    6 * 63 * 62
                        + 4 * 28 * 62
                        + rank(s[0]) * 7 * 28
                        + (rank(s[1]) - adjust1) * 28
                        + b1h1h7(s[2])
                } else {
                    6 * 63 * 62
                        + 4 * 28 * 62
                        + 4 * 7 * 28
                        + rank(s[0]) * 7 * 6
                        + (rank(s[1]) - adjust1) * 6
                        + (rank(s[2]) - adjust2)
                }
            } else {
                MAP_KK[MAP_A1D1D4[squares[0] as usize] as usize][squares[1] as usize] as u64
            };
        }
        idx = idx.wrapping_mul(d.group_idx[0]);
        let mut start = d.group_len[0] as usize;
        let mut remaining_pawns = mat.has_pawns && mat.pawn_count[1] > 0;
        let mut next = 1;
        while next < 8 && d.group_len[next] != 0 {
            let len = d.group_len[next] as usize;
            let end = (start + len).min(size);
            squares[start..end].sort_unstable();
            let mut n = 0u64;
            for i in start..end {
                let sq = squares[i];
                let adjust = squares[..start].iter().filter(|&&s| sq > s).count() as u64;
                let k = (sq as u64)
                    .checked_sub(adjust + 8 * remaining_pawns as u64)
                    .ok_or(Corrupt("bad square"))?;
                n += binomial((i - start + 1) as u64, k)?;
            }
            remaining_pawns = false;
            idx = idx.wrapping_add(n.wrapping_mul(d.group_idx[next]));
            start += len;
            next += 1;
        }
        Ok(Some((d, idx, file)))
    }

    /// The WDL value stored for `board` (-2..=2, material key `key`), not looking at captures.
    pub(crate) fn probe_wdl(&self, board: &Board, key: u64) -> Result<i32, Corrupt> {
        let Some((d, idx, _)) = self.locate(board, key, false)? else {
            return Err(Corrupt("WDL table without this side"));
        };
        let v = d.decompress(self.bytes(), idx)? as i32 - 2;
        if !(-2..=2).contains(&v) {
            return Err(Corrupt("WDL value out of range"));
        }
        Ok(v)
    }

    /// The DTZ value stored for `board` (material key `key`) whose WDL is `wdl` (not 0), in
    /// plies, before the zeroing move's +1.
    pub(crate) fn probe_dtz(&self, board: &Board, key: u64, wdl: i32) -> Result<DtzValue, Corrupt> {
        let Some((d, idx, _)) = self.locate(board, key, true)? else {
            return Ok(DtzValue::OtherSide);
        };
        let mut value = d.decompress(self.bytes(), idx)? as i32;
        let flags = d.flags;
        if flags & flag::MAPPED != 0 {
            const WDL_MAP: [usize; 5] = [1, 3, 0, 2, 0];
            let which = WDL_MAP[(wdl + 2).clamp(0, 4) as usize];
            let base = d.map_idx[which] as usize;
            let bytes = self.bytes();
            value = if flags & flag::WIDE != 0 {
                bytes.u16_le(self.layout.map + 2 * (base + value as usize))? as i32
            } else {
                bytes.u8(self.layout.map + base + value as usize)? as i32
            };
        }
        if (wdl == 2 && flags & flag::WIN_PLIES == 0)
            || (wdl == -2 && flags & flag::LOSS_PLIES == 0)
            || wdl == 1
            || wdl == -1
        {
            value *= 2;
        }
        Ok(DtzValue::Plies(value))
    }
}
