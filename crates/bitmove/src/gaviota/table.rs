//! One `.gtb.cp4` file: its header, its block offsets, a block decompressed, a stored byte
//! turned into a result and a distance.
//!
//! The file is a 40-byte header of ten little-endian 32-bit words (the ninth is where the
//! block data starts, which also fixes how many block offsets follow the header), then one
//! offset per block and one past the last, then the blocks. A table holds every index of both
//! sides to move, White's blocks first, each block [`ENTRIES_PER_BLOCK`] positions (the last
//! of a side shorter). A block is one byte of Gaviota's own, then an LZMA86 stream: a filter
//! byte (0: none; Gaviota writes no other), the five LZMA property bytes (`lc`, `lp`, `pb` and
//! the dictionary size), an eight-byte size, then raw LZMA data that decodes to one byte per
//! position.
//!
//! Every read is checked against the file's length: a damaged or truncated file gives
//! [`Corrupt`], never a panic.

use std::vec;
use std::vec::Vec;

use super::index::{ENTRIES_PER_BLOCK, Shape};

/// What is wrong with a table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corrupt(pub(crate) &'static str);

const HEADER: usize = 40;
/// Gaviota's byte, the LZMA86 filter byte, five property bytes, eight size bytes.
const BLOCK_HEADER: usize = 15;

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The block offsets of a table file, checked against its length and its shape's size.
#[derive(Debug)]
pub(crate) struct Layout {
    offsets: Vec<u32>,
    blocks_per_side: u64,
}

impl Layout {
    pub(crate) fn parse(bytes: &[u8], shape: Shape) -> Result<Layout, Corrupt> {
        let start = u32_at(bytes, 32).ok_or(Corrupt("shorter than its header"))? as usize;
        if start < HEADER + 8 || !(start - HEADER).is_multiple_of(4) {
            return Err(Corrupt("bad start of the block data"));
        }
        let n = (start - HEADER) / 4;
        if start > bytes.len() {
            return Err(Corrupt("truncated block offsets"));
        }
        let offsets: Vec<u32> = (0..n)
            .map(|i| u32_at(bytes, HEADER + 4 * i).unwrap_or(0))
            .collect();
        let blocks_per_side = shape.max_index().div_ceil(ENTRIES_PER_BLOCK);
        if ((n - 1) as u64) < 2 * blocks_per_side {
            return Err(Corrupt("fewer blocks than the table has positions"));
        }
        Ok(Layout {
            offsets,
            blocks_per_side,
        })
    }

    /// The block holding index `idx` for `side` (0 White, 1 Black to move in the stored
    /// orientation), and how many positions it holds.
    pub(crate) fn block_of(&self, shape: Shape, side: usize, idx: u64) -> (usize, usize) {
        let in_side = idx / ENTRIES_PER_BLOCK;
        let first = in_side * ENTRIES_PER_BLOCK;
        let n = (shape.max_index() - first).min(ENTRIES_PER_BLOCK);
        (
            (side as u64 * self.blocks_per_side + in_side) as usize,
            n as usize,
        )
    }

    /// Block `block` decompressed: `n` bytes, one per position.
    pub(crate) fn decode(&self, bytes: &[u8], block: usize, n: usize) -> Result<Vec<u8>, Corrupt> {
        let (Some(&from), Some(&to)) = (self.offsets.get(block), self.offsets.get(block + 1))
        else {
            return Err(Corrupt("block number past the block offsets"));
        };
        let data = bytes
            .get(from as usize..to as usize)
            .ok_or(Corrupt("block outside the file"))?;
        if data.len() < BLOCK_HEADER {
            return Err(Corrupt("block shorter than its header"));
        }
        if data[1] != 0 {
            return Err(Corrupt("block filtered (Gaviota writes plain LZMA)"));
        }
        let props = data[2];
        let dict = u32::from_le_bytes([data[3], data[4], data[5], data[6]]);
        let mut reader = lzma_rust2::LzmaReader::new_with_props(
            &data[BLOCK_HEADER..],
            n as u64,
            props,
            dict,
            None,
        )
        .map_err(|_| Corrupt("bad LZMA properties"))?;
        let mut out = vec![0u8; n];
        std::io::Read::read_exact(&mut reader, &mut out)
            .map_err(|_| Corrupt("bad or truncated LZMA data"))?;
        Ok(out)
    }
}

/// Who wins in a stored position (its orientation), and in how many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stored {
    Draw,
    WhiteMates(u32),
    BlackMates(u32),
}

/// A stored byte read for side `side` (0 White to move): the two low bits say who wins
/// (0 draw, 1 White, 2 Black, 3 an impossible position), the rest a count of moves. Counts
/// past 63 use the codes of the other two results, shifted, as the format defines.
pub(crate) fn unpack(side: usize, byte: u8) -> Stored {
    if byte == 0 || byte == 3 {
        return Stored::Draw;
    }
    let store = (byte >> 2) as u32;
    let odd = |moves: u32| moves * 2 - 1;
    let (white_wins, plies) = match (side == 0, byte & 3) {
        // White to move.
        (true, 1) => (true, odd(store + 1)),
        (true, 2) => (false, store * 2),
        (true, 0) => (true, odd(store + 64)),
        (true, _) => (false, (store + 63) * 2),
        // Black to move.
        (false, 2) => (false, odd(store + 1)),
        (false, 1) => (true, store * 2),
        (false, 0) if store == 63 => (true, (store + 1 + 63) * 2),
        (false, 0) => (false, odd(store + 64)),
        (false, _) => (true, (store + 63) * 2),
    };
    if white_wins {
        Stored::WhiteMates(plies)
    } else {
        Stored::BlackMates(plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_unpack_as_the_format_says() {
        assert_eq!(unpack(0, 0), Stored::Draw);
        assert_eq!(unpack(1, 3), Stored::Draw);
        // White to move, White mates: store 0 is mate in one move, one ply.
        assert_eq!(unpack(0, 1), Stored::WhiteMates(1));
        assert_eq!(unpack(0, 1 | (4 << 2)), Stored::WhiteMates(9));
        // White to move, Black mates: store 0 is mated now.
        assert_eq!(unpack(0, 2), Stored::BlackMates(0));
        assert_eq!(unpack(0, 2 | (5 << 2)), Stored::BlackMates(10));
        // Long mates borrow the draw and impossible codes.
        assert_eq!(unpack(0, 4), Stored::WhiteMates(129));
        assert_eq!(unpack(0, 7), Stored::BlackMates(128));
        assert_eq!(unpack(1, 63 << 2), Stored::WhiteMates(254));
        assert_eq!(unpack(1, 1 << 2), Stored::BlackMates(129));
    }

    #[test]
    fn short_or_damaged_headers_are_corrupt() {
        assert!(Layout::parse(&[], Shape::Kxk).is_err());
        assert!(Layout::parse(&[0; 39], Shape::Kxk).is_err());
        let mut head = std::vec![0u8; 60];
        head[32] = 60;
        // Five offsets, all zero: four empty blocks.
        let layout = Layout::parse(&head, Shape::Kxk).expect("layout");
        assert!(layout.decode(&head, 0, 10).is_err());
        assert!(layout.decode(&head, 9, 10).is_err());
        head[32] = 200;
        assert!(Layout::parse(&head, Shape::Kxk).is_err());
    }
}
