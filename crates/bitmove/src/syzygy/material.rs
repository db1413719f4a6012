//! Table names (`KQvKR`), material signatures and their keys.

use std::string::String;

use crate::{Board, Color, Piece};

/// The file is not a valid table (or not the table its name says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corrupt(pub(crate) &'static str);

/// The most pieces a Syzygy table holds.
pub const MAX_PIECES: u32 = 7;

const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// A table's material, in the table's own orientation: side 0 is the side named first.
#[derive(Clone, Debug)]
pub(crate) struct Material {
    /// `counts[side][piece]`, piece indexed pawn = 0 .. king = 5.
    pub(crate) counts: [[u8; 6]; 2],
    pub(crate) count: u8,
    pub(crate) has_pawns: bool,
    /// Both sides have the same pieces (`KRvKR`).
    pub(crate) symmetric: bool,
    /// Some side has exactly one of some kind of piece other than the king.
    pub(crate) unique_pieces: bool,
    /// Pawns of the leading colour (the side with fewer pawns, white on ties) and the other's.
    pub(crate) pawn_count: [u8; 2],
    pub(crate) key: u64,
    pub(crate) mirrored_key: u64,
}

pub(crate) const fn key_of(counts: &[[u8; 6]; 2], mirror: bool) -> u64 {
    let mut key = 0u64;
    let mut side = 0;
    while side < 2 {
        let mut p = 0;
        while p < 6 {
            let slot = (side ^ mirror as usize) * 6 + p;
            key |= (counts[side][p] as u64) << (4 * slot);
            p += 1;
        }
        side += 1;
    }
    key
}

/// The key of a board's material, White as side 0.
#[inline]
pub(crate) fn board_key(board: &Board) -> u64 {
    let mut key = 0u64;
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for piece in Piece::ALL {
            let n = board.colored_pieces(color, piece).len() as u64;
            key |= n.min(15) << (4 * (side * 6 + piece.index()));
        }
    }
    key
}

/// The name of a board's table as Syzygy files spell it: the stronger side first
/// (more pieces, then stronger pieces), kings first, pawns last.
pub(crate) fn board_table_name(board: &Board) -> String {
    let side = |color: Color| -> String {
        let mut s = String::new();
        for piece in Piece::ALL.iter().rev() {
            for _ in 0..board.colored_pieces(color, *piece).len() {
                s.push(LETTERS[piece.index()]);
            }
        }
        s
    };
    let (w, b) = (side(Color::White), side(Color::Black));
    // Strength order of a side: its letters as indices K=0 .. P=5, compared after length.
    let rank = |s: &str| -> (usize, std::vec::Vec<usize>) {
        (
            s.len(),
            s.chars()
                .map(|c| 5 - LETTERS.iter().position(|&l| l == c).unwrap_or(0))
                .collect(),
        )
    };
    let (rw, rb) = (rank(&w), rank(&b));
    // Black first when it has more pieces, or as many and stronger ones.
    if rw.0 < rb.0 || (rw.0 == rb.0 && rb.1 < rw.1) {
        std::format!("{b}v{w}")
    } else {
        std::format!("{w}v{b}")
    }
}

impl Material {
    /// Reads a table name such as `KRPvKR`; `None` when it is not one.
    pub(crate) fn from_name(name: &str) -> Option<Material> {
        let (w, b) = name.split_once('v')?;
        let mut counts = [[0u8; 6]; 2];
        for (side, part) in [w, b].into_iter().enumerate() {
            if !part.starts_with('K') {
                return None;
            }
            for c in part.chars() {
                let p = LETTERS.iter().position(|&l| l == c)?;
                counts[side][p] += 1;
            }
            if counts[side][5] != 1 {
                return None;
            }
        }
        let count: u8 = counts.iter().flatten().sum();
        if count as u32 > MAX_PIECES {
            return None;
        }
        let (wp, bp) = (counts[0][0], counts[1][0]);
        let white_leads = bp == 0 || (wp > 0 && bp >= wp);
        let pawn_count = if white_leads { [wp, bp] } else { [bp, wp] };
        let unique_pieces = counts.iter().any(|side| side[..5].contains(&1));
        Some(Material {
            counts,
            count,
            has_pawns: wp + bp > 0,
            symmetric: counts[0] == counts[1],
            unique_pieces,
            pawn_count,
            key: key_of(&counts, false),
            mirrored_key: key_of(&counts, true),
        })
    }

    /// Checks that a piece list read from the file holds exactly this material, so that the
    /// probe's reordering always finds its pieces.
    pub(crate) fn check_pieces(&self, pieces: &[u8]) -> Result<(), Corrupt> {
        let mut counts = [[0u8; 6]; 2];
        for &b in pieces {
            let kind = (b & 7) as usize;
            if !(1..=6).contains(&kind) {
                return Err(Corrupt("bad piece code"));
            }
            counts[(b >> 3) as usize & 1][kind - 1] += 1;
        }
        if counts != self.counts {
            return Err(Corrupt("pieces do not match the table name"));
        }
        if self.has_pawns && pieces.first().is_none_or(|&b| b & 7 != 1) {
            return Err(Corrupt("pawn table does not start with a pawn"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let m = Material::from_name("KRPvKR").expect("valid name");
        assert_eq!(m.count, 5);
        assert!(m.has_pawns && !m.symmetric && m.unique_pieces);
        assert_eq!(m.pawn_count, [1, 0]);
        assert!(Material::from_name("KvKvK").is_none());
        assert!(Material::from_name("QvK").is_none());
        let board: Board = "8/8/8/8/8/2k5/8/1K1q3R w - - 0 1"
            .parse()
            .expect("valid FEN");
        assert_eq!(board_table_name(&board), "KQvKR");
        assert_eq!(
            board_key(&board),
            Material::from_name("KQvKR").expect("name").mirrored_key
        );
    }
}
