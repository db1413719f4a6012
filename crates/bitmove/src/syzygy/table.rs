//! One Syzygy table file: its header parsed into [`PairsData`] per side and pawn file, and
//! the decompression of one stored value.
//!
//! Every read from the file goes through [`Bytes`], which checks bounds: a truncated or
//! mutated file gives [`Corrupt`], never a panic or a read outside the mapping.

use std::vec::Vec;

use super::encode::{BINOMIAL, LEAD_PAWNS};
pub(crate) use super::material::Corrupt;
use super::material::Material;

type Res<T> = Result<T, Corrupt>;

pub(crate) const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
pub(crate) const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// Per-table flags of a DTZ file.
pub(crate) mod flag {
    pub(crate) const STM: u8 = 1;
    pub(crate) const MAPPED: u8 = 2;
    pub(crate) const WIN_PLIES: u8 = 4;
    pub(crate) const LOSS_PLIES: u8 = 8;
    pub(crate) const WIDE: u8 = 16;
    pub(crate) const SINGLE_VALUE: u8 = 128;
}

/// Bounds-checked little- and big-endian reads from the table's bytes.
#[derive(Clone, Copy)]
pub(crate) struct Bytes<'a>(pub(crate) &'a [u8]);

impl Bytes<'_> {
    #[inline(always)]
    pub(crate) fn u8(self, at: usize) -> Res<u8> {
        self.0.get(at).copied().ok_or(Corrupt("read past the end"))
    }

    #[inline(always)]
    fn array<const N: usize>(self, at: usize) -> Res<[u8; N]> {
        let end = at.checked_add(N).ok_or(Corrupt("offset overflow"))?;
        match self.0.get(at..end) {
            Some(s) => {
                let mut a = [0u8; N];
                a.copy_from_slice(s);
                Ok(a)
            }
            None => Err(Corrupt("read past the end")),
        }
    }

    #[inline(always)]
    pub(crate) fn u16_le(self, at: usize) -> Res<u16> {
        self.array::<2>(at).map(u16::from_le_bytes)
    }

    #[inline(always)]
    pub(crate) fn u32_le(self, at: usize) -> Res<u32> {
        self.array::<4>(at).map(u32::from_le_bytes)
    }

    /// Big-endian, with zeros past the end of the file: the decoder may look a few bytes
    /// ahead of the last symbol of the last block, bits it never uses.
    #[inline(always)]
    fn u32_be_padded(self, at: usize) -> u32 {
        match self.array::<4>(at) {
            Ok(a) => u32::from_be_bytes(a),
            Err(_) => {
                let mut a = [0u8; 4];
                for (i, b) in a.iter_mut().enumerate() {
                    *b = at
                        .checked_add(i)
                        .and_then(|j| self.0.get(j))
                        .copied()
                        .unwrap_or(0);
                }
                u32::from_be_bytes(a)
            }
        }
    }
}

/// The compression parameters and piece order of one sub-table (one side to move and one
/// leading-pawn file).
#[derive(Clone, Debug, Default)]
pub(crate) struct PairsData {
    /// DTZ flags ([`flag`]); WDL tables use only `SINGLE_VALUE`.
    pub(crate) flags: u8,
    /// The pieces in encoding order, as the file's nibbles: bit 3 the colour (relative to the
    /// table's first side), bits 0-2 pawn = 1 .. king = 6.
    pub(crate) pieces: [u8; 7],
    /// Pieces per group, 0-terminated.
    pub(crate) group_len: [u8; 8],
    /// The multiplier of each group; `group_idx[groups]` is the table size.
    pub(crate) group_idx: [u64; 8],
    /// The value every position has when `flags & SINGLE_VALUE`.
    single_value: u8,
    block_size: u64,
    span: u64,
    tb_size: u64,
    sparse_index: usize,
    sparse_index_size: usize,
    block_lengths: usize,
    block_lengths_size: usize,
    data: usize,
    blocks_num: u64,
    min_sym_len: u8,
    /// The first symbol of each code length, copied out of the file.
    lowest_sym: Vec<u16>,
    base64: Vec<u64>,
    symlen: Vec<u32>,
    /// The fast path of the decoder, indexed by the next `LUT_BITS` bits of the stream
    /// ([`PairsData::lut_entry`]).
    lut: Lut,
    btree: usize,
    /// DTZ value maps by WDL (offsets into the map region, plus 1).
    pub(crate) map_idx: [u16; 4],
}

/// A sub-table's decoding table: its size fixed, so that indexing it by `LUT_BITS` bits
/// needs no bounds check.
#[derive(Clone, Debug)]
struct Lut(std::boxed::Box<[u32; 1 << LUT_BITS]>);

impl Default for Lut {
    fn default() -> Lut {
        Lut(std::boxed::Box::new([0; 1 << LUT_BITS]))
    }
}

/// A parsed table: which bytes hold what.
#[derive(Debug)]
pub(crate) struct Layout {
    /// `pairs[side][file]`: side 1 only for two-sided WDL tables, files 1-3 only with pawns.
    pub(crate) pairs: [Vec<PairsData>; 2],
    /// Start of the DTZ value maps.
    pub(crate) map: usize,
}

impl Layout {
    /// Reads a table's header. `dtz` selects the DTZ layout (one side, value maps).
    pub(crate) fn parse(bytes: Bytes<'_>, mat: &Material, dtz: bool) -> Res<Layout> {
        let magic = bytes.array::<4>(0)?;
        if magic != if dtz { DTZ_MAGIC } else { WDL_MAGIC } {
            return Err(Corrupt("bad magic"));
        }
        let header = bytes.u8(4)?;
        if (header & 2 != 0) != mat.has_pawns {
            return Err(Corrupt("pawn flag does not match the table name"));
        }
        if !dtz && (header & 1 != 0) == mat.symmetric {
            return Err(Corrupt("split flag does not match the table name"));
        }
        let sides = if !dtz && !mat.symmetric { 2 } else { 1 };
        let files = if mat.has_pawns { 4 } else { 1 };
        let pp = mat.has_pawns && mat.pawn_count[1] > 0;
        let n = mat.count as usize;
        let mut pairs: [Vec<PairsData>; 2] = [Vec::new(), Vec::new()];
        let mut p = 5usize;
        for f in 0..files {
            let o0 = bytes.u8(p)?;
            let o1 = if pp { bytes.u8(p + 1)? } else { 0xff };
            let order = [[o0 & 0xf, o1 & 0xf], [o0 >> 4, o1 >> 4]];
            p += 1 + pp as usize;
            let mut pd = [PairsData::default(), PairsData::default()];
            for k in 0..n {
                let b = bytes.u8(p)?;
                p += 1;
                pd[0].pieces[k] = b & 0xf;
                pd[1].pieces[k] = b >> 4;
            }
            for (i, mut d) in pd.into_iter().enumerate().take(sides) {
                mat.check_pieces(&d.pieces[..n])?;
                set_groups(&mut d, mat, order[i], f)?;
                pairs[i].push(d);
            }
        }
        p += p & 1;
        for f in 0..files {
            for side in pairs.iter_mut().take(sides) {
                p = set_sizes(&mut side[f], bytes, p)?;
            }
        }
        let map = p;
        if dtz {
            for d in pairs[0].iter_mut() {
                if d.flags & flag::MAPPED == 0 {
                    continue;
                }
                if d.flags & flag::WIDE != 0 {
                    p += p & 1;
                    for i in 0..4 {
                        d.map_idx[i] = u16::try_from((p - map) / 2 + 1)
                            .map_err(|_| Corrupt("map too large"))?;
                        p += 2 * bytes.u16_le(p)? as usize + 2;
                    }
                } else {
                    for i in 0..4 {
                        d.map_idx[i] =
                            u16::try_from(p - map + 1).map_err(|_| Corrupt("map too large"))?;
                        p += bytes.u8(p)? as usize + 1;
                    }
                }
            }
            p += p & 1;
        }
        for f in 0..files {
            for side in pairs.iter_mut().take(sides) {
                let d = &mut side[f];
                d.sparse_index = p;
                p = add(p, mul(d.sparse_index_size, 6)?)?;
            }
        }
        for f in 0..files {
            for side in pairs.iter_mut().take(sides) {
                let d = &mut side[f];
                d.block_lengths = p;
                p = add(p, mul(d.block_lengths_size, 2)?)?;
            }
        }
        for f in 0..files {
            for side in pairs.iter_mut().take(sides) {
                let d = &mut side[f];
                p = add(p, 0x3f)? & !0x3f;
                d.data = p;
                let len = d
                    .blocks_num
                    .checked_mul(d.block_size)
                    .and_then(|l| usize::try_from(l).ok())
                    .ok_or(Corrupt("data size overflow"))?;
                p = add(p, len)?;
            }
        }
        if p > bytes.0.len() {
            return Err(Corrupt("file shorter than its header says"));
        }
        Ok(Layout { pairs, map })
    }
}

fn add(a: usize, b: usize) -> Res<usize> {
    a.checked_add(b).ok_or(Corrupt("offset overflow"))
}

fn mul(a: usize, b: usize) -> Res<usize> {
    a.checked_mul(b).ok_or(Corrupt("offset overflow"))
}

/// Splits the pieces into groups and works out each group's multiplier, in the order the file
/// gives (`order[0]` for the leading group, `order[1]` for the other side's pawns).
fn set_groups(d: &mut PairsData, mat: &Material, order: [u8; 2], file: usize) -> Res<()> {
    let n = mat.count as usize;
    let mut first_len: i32 = if mat.has_pawns {
        0
    } else if mat.unique_pieces {
        3
    } else {
        2
    };
    let mut groups = 0;
    d.group_len[0] = 1;
    for i in 1..n {
        first_len -= 1;
        if first_len > 0 || d.pieces[i] == d.pieces[i - 1] {
            d.group_len[groups] += 1;
        } else {
            groups += 1;
            d.group_len[groups] = 1;
        }
    }
    groups += 1;
    d.group_len[groups] = 0;

    let pp = mat.has_pawns && mat.pawn_count[1] > 0;
    if mat.has_pawns && d.group_len[0] != mat.pawn_count[0] {
        return Err(Corrupt("leading pawns out of order"));
    }
    if pp && d.group_len[1] != mat.pawn_count[1] {
        return Err(Corrupt("pawns out of order"));
    }
    let mut next = if pp { 2 } else { 1 };
    let mut free: u64 = 64 - d.group_len[0] as u64 - if pp { d.group_len[1] as u64 } else { 0 };
    let mut idx: u64 = 1;
    let (mut lead_set, mut pawns_set) = (false, !pp);
    let mut k = 0u8;
    while next < groups || k == order[0] || k == order[1] {
        if k == order[0] {
            d.group_idx[0] = idx;
            lead_set = true;
            let size = if mat.has_pawns {
                LEAD_PAWNS.size[d.group_len[0] as usize][file] as u64
            } else if mat.unique_pieces {
                31332
            } else {
                462
            };
            idx = idx.checked_mul(size).ok_or(Corrupt("size overflow"))?;
        } else if k == order[1] {
            d.group_idx[1] = idx;
            pawns_set = true;
            let b = binomial(d.group_len[1] as u64, 48 - d.group_len[0] as u64)?;
            idx = idx.checked_mul(b).ok_or(Corrupt("size overflow"))?;
        } else {
            d.group_idx[next] = idx;
            let len = d.group_len[next] as u64;
            idx = idx
                .checked_mul(binomial(len, free)?)
                .ok_or(Corrupt("size overflow"))?;
            free = free.checked_sub(len).ok_or(Corrupt("too many pieces"))?;
            next += 1;
        }
        k += 1;
        if k > 16 {
            return Err(Corrupt("bad group order"));
        }
    }
    if !lead_set || !pawns_set {
        return Err(Corrupt("bad group order"));
    }
    d.group_idx[groups] = idx;
    d.tb_size = idx;
    Ok(())
}

pub(crate) fn binomial(k: u64, n: u64) -> Res<u64> {
    BINOMIAL
        .get(k as usize)
        .and_then(|row| row.get(n as usize))
        .copied()
        .ok_or(Corrupt("binomial out of range"))
}

/// Reads the compression parameters of one sub-table at `p`; returns where the next begins.
fn set_sizes(d: &mut PairsData, bytes: Bytes<'_>, mut p: usize) -> Res<usize> {
    d.flags = bytes.u8(p)?;
    p += 1;
    if d.flags & flag::SINGLE_VALUE != 0 {
        d.single_value = bytes.u8(p)?;
        return Ok(p + 1);
    }
    let block_shift = bytes.u8(p)?;
    let span_shift = bytes.u8(p + 1)?;
    if block_shift >= 32 || span_shift >= 32 || span_shift == 0 {
        return Err(Corrupt("bad block size"));
    }
    d.block_size = 1 << block_shift;
    d.span = 1 << span_shift;
    d.sparse_index_size = usize::try_from(d.tb_size.div_ceil(d.span))
        .map_err(|_| Corrupt("sparse index too large"))?;
    let padding = bytes.u8(p + 2)? as usize;
    d.blocks_num = bytes.u32_le(p + 3)? as u64;
    d.block_lengths_size = d.blocks_num as usize + padding;
    let max_sym_len = bytes.u8(p + 7)?;
    let min_sym_len = bytes.u8(p + 8)?;
    if min_sym_len == 0 || max_sym_len < min_sym_len || max_sym_len > 32 {
        return Err(Corrupt("bad symbol lengths"));
    }
    d.min_sym_len = min_sym_len;
    p += 9;
    let lengths = (max_sym_len - min_sym_len + 1) as usize;
    d.lowest_sym = (0..lengths)
        .map(|i| bytes.u16_le(p + 2 * i))
        .collect::<Res<Vec<u16>>>()?;
    let mut base64 = std::vec![0u64; lengths];
    for i in (0..lengths - 1).rev() {
        let lo = bytes.u16_le(p + 2 * i)? as u64;
        let lo_next = bytes.u16_le(p + 2 * (i + 1))? as u64;
        base64[i] = base64[i + 1].wrapping_add(lo).wrapping_sub(lo_next) / 2;
    }
    for (i, b) in base64.iter_mut().enumerate() {
        *b <<= 64 - i as u32 - min_sym_len as u32;
    }
    d.base64 = base64;
    p += lengths * 2;
    let symbols = bytes.u16_le(p)? as usize;
    p += 2;
    d.btree = p;
    if bytes.0.len() < p + symbols * 3 {
        return Err(Corrupt("symbol tree past the end"));
    }
    d.symlen = symbol_lengths(bytes, d.btree, symbols)?;
    let mut lut = std::boxed::Box::new([0u32; 1 << LUT_BITS]);
    for (prefix, e) in lut.iter_mut().enumerate() {
        *e = d.lut_entry((prefix as u64) << (64 - LUT_BITS));
    }
    d.lut = Lut(lut);
    Ok(p + symbols * 3 + (symbols & 1))
}

/// Bits of the code stream the decoder's lookup table is indexed by: 2^10 entries of 4 bytes
/// per sub-table, which skip several short codes (WDL tables) or one longer code (most DTZ
/// codes) per look-up.
const LUT_BITS: u8 = 10;

/// The left and right halves of symbol `s` in the pair tree.
#[inline(always)]
fn tree_node(bytes: Bytes<'_>, btree: usize, s: usize) -> Res<(usize, usize)> {
    let at = btree + 3 * s;
    let a = bytes.array::<3>(at)?;
    let left = (((a[1] & 0xf) as usize) << 8) | a[0] as usize;
    let right = ((a[2] as usize) << 4) | (a[1] >> 4) as usize;
    Ok((left, right))
}

/// How many values each symbol stands for, minus one: a leaf (right half 0xfff) is 0, a pair
/// is the sum of its halves plus one. Walked with an explicit stack; a cycle in a corrupt
/// tree ends because every symbol is marked before its halves are visited.
fn symbol_lengths(bytes: Bytes<'_>, btree: usize, symbols: usize) -> Res<Vec<u32>> {
    let mut symlen = std::vec![0u32; symbols];
    let mut visited = std::vec![false; symbols];
    let mut stack: Vec<(usize, bool)> = Vec::new();
    for root in 0..symbols {
        if visited[root] {
            continue;
        }
        stack.push((root, false));
        while let Some((s, expanded)) = stack.pop() {
            if !expanded && visited[s] {
                continue;
            }
            let (l, r) = tree_node(bytes, btree, s)?;
            if r == 0xfff {
                visited[s] = true;
                symlen[s] = 0;
                continue;
            }
            if l >= symbols || r >= symbols {
                return Err(Corrupt("symbol out of range"));
            }
            if expanded {
                symlen[s] = symlen[l].saturating_add(symlen[r]).saturating_add(1);
            } else {
                visited[s] = true;
                stack.push((s, true));
                for c in [r, l] {
                    if !visited[c] {
                        stack.push((c, false));
                    }
                }
            }
        }
    }
    Ok(symlen)
}

impl PairsData {
    /// The length (minus `min_sym_len`) and symbol of the code at the top of `buf`;
    /// `start` is a code length (minus `min_sym_len`) known to be at most the code's.
    #[inline(always)]
    fn decode_one(&self, buf: u64, start: usize) -> Res<(usize, usize)> {
        let mut len = start;
        while buf < *self.base64.get(len).ok_or(Corrupt("bad code"))? {
            len += 1;
        }
        let code = (buf - self.base64[len]) >> (64 - len as u32 - self.min_sym_len as u32);
        let sym = (code as u16).wrapping_add(self.lowest_sym[len]) as usize;
        Ok((len, sym))
    }

    /// The lookup-table entry for the streams whose first `LUT_BITS` bits are those of `top`
    /// (the rest zero): `(bits << 24) | values`, how many bits the whole codes among those
    /// bits take and how many values their symbols stand for. Decoding a code of length `l`
    /// compares the stream with `base64[len]` for code lengths up to `l` only, which looks at
    /// no bit past the code's own, so the codes that fit are decoded the same way from any
    /// stream that starts with these bits. When not even one code fits, the entry is the
    /// shortest length (minus `min_sym_len`) a code starting with these bits can have, plus
    /// one: the length of the code of the largest such stream, as longer codes have smaller
    /// `base64` limits.
    fn lut_entry(&self, top: u64) -> u32 {
        let (mut used, mut values, mut t) = (0u32, 0u32, top);
        while let Ok((len, sym)) = self.decode_one(t, 0) {
            let bits = len as u32 + self.min_sym_len as u32;
            let Some(&sl) = self.symlen.get(sym) else {
                break;
            };
            match values.checked_add(sl).and_then(|v| v.checked_add(1)) {
                Some(v) if used + bits <= LUT_BITS as u32 && v < 1 << 24 => {
                    used += bits;
                    values = v;
                    t <<= bits;
                }
                _ => break,
            }
        }
        if used != 0 {
            return used << 24 | values;
        }
        match self.decode_one(top | (u64::MAX >> LUT_BITS), 0) {
            Ok((len, _)) => len as u32 + 1,
            Err(_) => 0,
        }
    }

    /// The value stored for position `idx`.
    pub(crate) fn decompress(&self, bytes: Bytes<'_>, idx: u64) -> Res<u16> {
        if self.flags & flag::SINGLE_VALUE != 0 {
            return Ok(self.single_value as u16);
        }
        if idx >= self.tb_size {
            return Err(Corrupt("index past the table's size"));
        }
        let k = (idx / self.span) as usize;
        let entry = self.sparse_index + 6 * k;
        let mut block = bytes.u32_le(entry)? as usize;
        let mut offset = bytes.u16_le(entry + 4)? as i64;
        offset += (idx % self.span) as i64 - (self.span / 2) as i64;

        let block_length = |b: usize| -> Res<i64> {
            if b >= self.block_lengths_size {
                return Err(Corrupt("block out of range"));
            }
            Ok(bytes.u16_le(self.block_lengths + 2 * b)? as i64)
        };
        while offset < 0 {
            block = block.checked_sub(1).ok_or(Corrupt("block out of range"))?;
            offset += block_length(block)? + 1;
        }
        loop {
            let len = block_length(block)?;
            if offset <= len {
                break;
            }
            offset -= len + 1;
            block += 1;
        }
        if block as u64 >= self.blocks_num {
            return Err(Corrupt("block out of range"));
        }
        let mut ptr = self.data + block * self.block_size as usize;
        let mut buf =
            ((bytes.u32_be_padded(ptr) as u64) << 32) | bytes.u32_be_padded(ptr + 4) as u64;
        ptr += 8;
        let mut bits = 64i32;
        let min = self.min_sym_len as u32;
        let sym = loop {
            // The fast path: the whole codes in the next `LUT_BITS` bits all come before the
            // value wanted, so only their lengths matter.
            let e = self.lut.0[(buf >> (64 - LUT_BITS)) as usize];
            let consumed = if e >> 24 != 0 && offset >= (e & 0xff_ffff) as i64 {
                offset -= (e & 0xff_ffff) as i64;
                e >> 24
            } else {
                // An entry without whole codes holds the shortest length the code can have,
                // plus one: the search for its length starts there.
                let start = if e >> 24 == 0 {
                    (e as usize).saturating_sub(1)
                } else {
                    0
                };
                let (len, sym) = self.decode_one(buf, start)?;
                let sl = *self.symlen.get(sym).ok_or(Corrupt("symbol out of range"))? as i64;
                if offset < sl + 1 {
                    break sym;
                }
                offset -= sl + 1;
                len as u32 + min
            };
            buf = buf.checked_shl(consumed).unwrap_or(0);
            bits -= consumed as i32;
            if bits <= 32 {
                bits += 32;
                buf |= (bytes.u32_be_padded(ptr) as u64) << (64 - bits);
                ptr += 4;
            }
        };
        let mut sym = sym;
        while self.symlen[sym] != 0 {
            let (left, right) = tree_node(bytes, self.btree, sym)?;
            let here = self.symlen[sym];
            let left_len = *self
                .symlen
                .get(left)
                .ok_or(Corrupt("symbol out of range"))?;
            let next = if offset < left_len as i64 + 1 {
                left
            } else {
                offset -= left_len as i64 + 1;
                right
            };
            match self.symlen.get(next) {
                Some(&l) if l < here => sym = next,
                _ => return Err(Corrupt("symbol tree not a tree")),
            }
        }
        Ok(tree_node(bytes, self.btree, sym)?.0 as u16)
    }
}
