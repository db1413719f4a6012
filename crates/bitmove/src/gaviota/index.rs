//! Gaviota's position indexes: which table a material is stored in, and where in it a
//! position lies.
//!
//! A table is named by its pieces, kings first, strongest first within a side and the stored
//! White side first (`kqk`, `krpkn`). Positions without pawns are folded by the board's eight
//! symmetries, driven by the black king: the kings' pair is one of 462 classes ([`Tables::kk`]).
//! Positions with pawns are folded only left to right, by the (first) pawn's file. Two or
//! three like pieces share one combined index (pairs [`Tables::aa`], triples by the
//! combinatorial number system, pawn pairs [`Tables::pp`], [`Tables::pp48`], [`Tables::ppp48`]).
//! Each shape of material has its own layout of the index; [`Shape`] names them (`Kabk`: two
//! different white pieces, `Kaak`: two alike, `Kpk`: a pawn), as Gaviota's probing code does.
//!
//! The layouts are facts of the file format, as Gaviota's MIT-licensed probing code
//! (`gtb-probe.c`) defines them; this is an implementation of them, not a translation.

use std::boxed::Box;
use std::sync::OnceLock;
use std::vec;
use std::vec::Vec;

/// Positions in one block of a table (per side to move).
pub(crate) const ENTRIES_PER_BLOCK: u64 = 16 * 1024;

const EMPTY: i16 = -1;
/// Classes of the two kings' squares (pawnless, folded by the eight symmetries).
const KK: u64 = 462;
/// Unordered pairs of distinct squares.
const AA: u64 = 2016;
/// Unordered triples of distinct squares.
const AAA: u64 = 41664;
/// Two white pawns, folded by the first pawn's file.
const PP: u64 = 576;
/// Two white pawns, unfolded.
const PP48: u64 = 1128;
/// Three white pawns, folded.
const PPP48: u64 = 8648;

const fn file(sq: usize) -> usize {
    sq & 7
}
const fn rank(sq: usize) -> usize {
    sq >> 3
}
const fn flip_we(sq: usize) -> usize {
    sq ^ 7
}
const fn flip_ns(sq: usize) -> usize {
    sq ^ 56
}
const fn flip_diag(sq: usize) -> usize {
    ((sq & 7) << 3) | (sq >> 3)
}
const fn queenside(sq: usize) -> bool {
    file(sq) < 4
}

/// Which of the three flips bring the black king `x` (and then `y`, the white king, on the
/// long diagonal) into the canonical triangle a1-d1-d4: bit 0 west-east, bit 1 north-south,
/// bit 2 the a1-h8 diagonal.
fn flip_type(mut x: usize, mut y: usize) -> u8 {
    let mut ret = 0;
    if file(x) > 3 {
        x = flip_we(x);
        y = flip_we(y);
        ret |= 1;
    }
    if rank(x) > 3 {
        x = flip_ns(x);
        y = flip_ns(y);
        ret |= 2;
    }
    if rank(x) > file(x) || (rank(x) == file(x) && rank(y) > file(y)) {
        ret |= 4;
    }
    ret
}

fn apply_flips(ft: u8, sq: usize) -> usize {
    let mut s = sq;
    if ft & 1 != 0 {
        s = flip_we(s);
    }
    if ft & 2 != 0 {
        s = flip_ns(s);
    }
    if ft & 4 != 0 {
        s = flip_diag(s);
    }
    s
}

/// A white pawn's square (ranks 2 to 7, files a to d) as 0..24, the most advanced first.
fn pawn24(sq: usize) -> Option<usize> {
    let s = flip_ns(sq).checked_sub(8)?;
    Some((s + (s & 3)) >> 1)
}

/// A white pawn's square (ranks 2 to 7) as 0..48, the most advanced first.
fn pawn48(sq: usize) -> Option<usize> {
    flip_ns(sq).checked_sub(8)
}

/// Of two white pawns, the one that fixes the fold (`anchor`) and the other: the more
/// advanced; on one rank the one nearer the edge; on mirrored files the lower square.
fn anchor_first(a: usize, b: usize) -> (usize, usize) {
    let edge = |x: usize| file(x).max(7 - file(x));
    if rank(b) != rank(a) {
        if rank(b) > rank(a) { (b, a) } else { (a, b) }
    } else if edge(b) != edge(a) {
        if edge(b) > edge(a) { (b, a) } else { (a, b) }
    } else if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The combined-index tables, built once.
pub(crate) struct Tables {
    /// `kk[black king][white king]`, defined for canonical (folded) pairs.
    kk: Box<[[i16; 64]; 64]>,
    /// `aa[x][y]`: the pair's index, either order.
    aa: Box<[[i16; 64]; 64]>,
    /// `pp[anchor as pawn24][other as pawn48]`.
    pp: Box<[[i16; 48]; 24]>,
    /// `pp48[x][y]` (pawns as mirrored 0..48), either order.
    pp48: Box<[[i16; 48]; 48]>,
    /// `ppp48[x][y][z]` (pawns as `square - 8`), any order.
    ppp48: Vec<i16>,
}

/// The 48 pawn squares in the order the triple index walks them: the king side's files h to
/// e from rank 7 down, then the queen side's d to a.
fn pawn_order() -> [usize; 48] {
    let mut out = [0; 48];
    let mut i = 0;
    for files in [[7, 6, 5, 4], [3, 2, 1, 0]] {
        for r in (1..7).rev() {
            for f in files {
                out[i] = r * 8 + f;
                i += 1;
            }
        }
    }
    out
}

impl Tables {
    pub(crate) fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::build)
    }

    fn build() -> Tables {
        let mut kk = Box::new([[EMPTY; 64]; 64]);
        let mut n = 0i16;
        for x in 0..64 {
            for y in 0..64 {
                let apart = file(x).abs_diff(file(y)) > 1 || rank(x).abs_diff(rank(y)) > 1;
                if !apart {
                    continue;
                }
                let ft = flip_type(x, y);
                let (i, j) = (apply_flips(ft, x), apply_flips(ft, y));
                if kk[i][j] == EMPTY {
                    kk[i][j] = n;
                    kk[x][y] = n;
                    n += 1;
                }
            }
        }
        debug_assert_eq!(n as u64, KK);

        let mut aa = Box::new([[EMPTY; 64]; 64]);
        let mut n = 0i16;
        for x in 0..64 {
            for y in x + 1..64 {
                aa[x][y] = n;
                aa[y][x] = n;
                n += 1;
            }
        }
        debug_assert_eq!(n as u64, AA);

        let mut pp = Box::new([[EMPTY; 48]; 24]);
        let mut n = 0i16;
        for a in (8..56).rev() {
            if queenside(a) {
                continue;
            }
            for b in (8..a).rev() {
                let (mut anchor, mut other) = anchor_first(a, b);
                if !queenside(anchor) {
                    anchor = flip_we(anchor);
                    other = flip_we(other);
                }
                let (i, j) = (pawn24(anchor).unwrap_or(0), pawn48(other).unwrap_or(0));
                if pp[i][j] == EMPTY {
                    pp[i][j] = n;
                    n += 1;
                }
            }
        }
        debug_assert_eq!(n as u64, PP);

        let mut pp48 = Box::new([[EMPTY; 48]; 48]);
        let mut n = 0i16;
        for a in (8..56).rev() {
            for b in (8..a).rev() {
                let i = flip_we(flip_ns(a)) - 8;
                let j = flip_we(flip_ns(b)) - 8;
                if pp48[i][j] == EMPTY {
                    pp48[i][j] = n;
                    pp48[j][i] = n;
                    n += 1;
                }
            }
        }
        debug_assert_eq!(n as u64, PP48);

        let order = pawn_order();
        let mut ppp48 = vec![EMPTY; 48 * 48 * 48];
        let at = |i: usize, j: usize, k: usize| (i * 48 + j) * 48 + k;
        let mut n = 0i16;
        for x in 0..48 {
            for y in x + 1..48 {
                for z in y + 1..48 {
                    let (a, b, c) = (order[x], order[y], order[z]);
                    if !queenside(b) || !queenside(c) {
                        continue;
                    }
                    let (i, j, k) = (a - 8, b - 8, c - 8);
                    if ppp48[at(i, j, k)] == EMPTY {
                        for (p, q, r) in [
                            (i, j, k),
                            (i, k, j),
                            (j, i, k),
                            (j, k, i),
                            (k, i, j),
                            (k, j, i),
                        ] {
                            ppp48[at(p, q, r)] = n;
                        }
                        n += 1;
                    }
                }
            }
        }
        debug_assert_eq!(n as u64, PPP48);

        Tables {
            kk,
            aa,
            pp,
            pp48,
            ppp48,
        }
    }

    fn kk(&self, bk: usize, wk: usize) -> Option<u64> {
        let v = self.kk[bk][wk];
        (v != EMPTY).then_some(v as u64)
    }
    fn aa(&self, x: usize, y: usize) -> Option<u64> {
        let v = self.aa[x][y];
        (v != EMPTY).then_some(v as u64)
    }
    fn pp(&self, anchor: usize, other: usize) -> Option<u64> {
        let v = *self.pp.get(pawn24(anchor)?)?.get(pawn48(other)?)?;
        (v != EMPTY).then_some(v as u64)
    }
}

/// The layout of a table's index, by the shape of its material (`a`, `b`, `c` distinct
/// pieces, `p` pawns; the white side first).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Shape {
    Kxk,
    Kpk,
    Kaak,
    Kabk,
    Kakb,
    Kapk,
    Kakp,
    Kppk,
    Kpkp,
    Kaaak,
    Kaabk,
    Kabbk,
    Kabck,
    Kaakb,
    Kabkc,
    Kaapk,
    Kabpk,
    Kappk,
    Kpppk,
    Kaakp,
    Kabkp,
    Kapkb,
    Kapkp,
    Kppka,
    Kppkp,
}

/// Piece letters' strength order within a side, as table names list them.
const ORDER: &str = "kqrbnp";

impl Shape {
    /// The shape of a table name (`kqrkp`), or `None` when no Gaviota table has that name:
    /// not one king a side, not sorted strongest first, more pieces on the second side, the
    /// weaker piece first in a one-against-one table, or more than five pieces.
    pub(crate) fn of_name(name: &str) -> Option<Shape> {
        let bytes = name.as_bytes();
        if bytes.first() != Some(&b'k') {
            return None;
        }
        let second = bytes[1..].iter().position(|&c| c == b'k')? + 1;
        let (w, b) = (&bytes[1..second], &bytes[second + 1..]);
        let rank_of = |c: &u8| ORDER.bytes().position(|o| o == *c);
        for side in [w, b] {
            let ranks: Option<Vec<usize>> = side.iter().map(rank_of).collect();
            let ranks = ranks?;
            if ranks.contains(&0) || ranks.windows(2).any(|p| p[0] > p[1]) {
                return None;
            }
        }
        let p = |c: u8| c == b'p';
        use Shape::*;
        Some(match (w, b) {
            ([a], []) => {
                if p(*a) {
                    Kpk
                } else {
                    Kxk
                }
            }
            ([a, c], []) => match (p(*a), p(*c)) {
                (false, false) if a == c => Kaak,
                (false, false) => Kabk,
                (false, true) => Kapk,
                _ => Kppk,
            },
            ([a], [c]) => match (p(*a), p(*c)) {
                (false, false) if rank_of(a) <= rank_of(c) => Kakb,
                (false, true) => Kakp,
                (true, true) => Kpkp,
                _ => return None,
            },
            ([a, m, c], []) => match (p(*a), p(*m), p(*c)) {
                (false, false, false) if a == m && m == c => Kaaak,
                (false, false, false) if a == m => Kaabk,
                (false, false, false) if m == c => Kabbk,
                (false, false, false) => Kabck,
                (false, false, true) if a == m => Kaapk,
                (false, false, true) => Kabpk,
                (false, true, true) => Kappk,
                _ => Kpppk,
            },
            ([a, m], [c]) => match (p(*a), p(*m), p(*c)) {
                (false, false, false) if a == m => Kaakb,
                (false, false, false) => Kabkc,
                (false, false, true) if a == m => Kaakp,
                (false, false, true) => Kabkp,
                (false, true, false) => Kapkb,
                (false, true, true) => Kapkp,
                (true, true, false) => Kppka,
                _ => Kppkp,
            },
            _ => return None,
        })
    }

    /// Positions per side to move.
    pub(crate) const fn max_index(self) -> u64 {
        use Shape::*;
        const S: u64 = 64;
        match self {
            Kxk => KK * S,
            Kpk => 24 * S * S,
            Kaak => KK * AA,
            Kabk | Kakb => KK * S * S,
            Kapk | Kakp => 24 * S * S * S,
            Kppk => PP * S * S,
            Kpkp => 24 * 48 * S * S,
            Kaaak => KK * AAA,
            Kaabk | Kabbk | Kaakb => KK * AA * S,
            Kabck | Kabkc => KK * S * S * S,
            Kaapk | Kaakp => 24 * AA * S * S,
            Kabpk | Kabkp | Kapkb => 24 * S * S * S * S,
            Kappk | Kppka => PP * S * S * S,
            Kpppk => PPP48 * S * S,
            Kapkp => 24 * 48 * S * S * S,
            Kppkp => 24 * PP48 * S * S,
        }
    }

    /// The index of a position in its table: `w` and `b` are the stored White and Black
    /// pieces' squares in the table name's order (king first). `None` where the format has no
    /// index for it (kings touching, two pieces on one square, a pawn on a back rank) or the
    /// squares do not fit the shape.
    pub(crate) fn index(self, w: &[usize], b: &[usize]) -> Option<u64> {
        let t = Tables::get();
        let idx = self.raw_index(t, w, b)?;
        (idx < self.max_index()).then_some(idx)
    }

    fn raw_index(self, t: &Tables, w: &[usize], b: &[usize]) -> Option<u64> {
        use Shape::*;
        const S: u64 = 64;
        let (wn, bn) = self.counts();
        if w.len() != wn || b.len() != bn || w.iter().chain(b).any(|&s| s >= 64) {
            return None;
        }
        let u = |s: usize| s as u64;
        match self {
            Kxk | Kaak | Kabk | Kakb | Kaaak | Kaabk | Kabbk | Kabck | Kaakb | Kabkc => {
                let ft = flip_type(b[0], w[0]);
                let mut ws = [0usize; 4];
                let mut bs = [0usize; 2];
                for (o, &s) in ws.iter_mut().zip(w) {
                    *o = apply_flips(ft, s);
                }
                for (o, &s) in bs.iter_mut().zip(b) {
                    *o = apply_flips(ft, s);
                }
                let ki = t.kk(bs[0], ws[0])?;
                Some(match self {
                    Kxk => ki * S + u(ws[1]),
                    Kabk => (ki * S + u(ws[1])) * S + u(ws[2]),
                    Kaak => ki * AA + t.aa(ws[1], ws[2])?,
                    Kakb => (ki * S + u(ws[1])) * S + u(bs[1]),
                    Kabck => ((ki * S + u(ws[1])) * S + u(ws[2])) * S + u(ws[3]),
                    Kabkc => ((ki * S + u(ws[1])) * S + u(ws[2])) * S + u(bs[1]),
                    Kabbk => (ki * AA + t.aa(ws[2], ws[3])?) * S + u(ws[1]),
                    Kaabk => (ki * AA + t.aa(ws[1], ws[2])?) * S + u(ws[3]),
                    Kaakb => (ki * AA + t.aa(ws[1], ws[2])?) * S + u(bs[1]),
                    _ => {
                        // Kaaak: the three squares sorted, as a 3-combination's rank.
                        let mut s = [ws[1], ws[2], ws[3]];
                        s.sort_unstable();
                        if s[0] == s[1] || s[1] == s[2] {
                            return None;
                        }
                        let c3 = |n: u64| n * n.saturating_sub(1) * n.saturating_sub(2) / 6;
                        let c2 = |n: u64| n * n.saturating_sub(1) / 2;
                        ki * AAA + c3(u(s[2])) + c2(u(s[1])) + u(s[0])
                    }
                })
            }
            Kpk | Kapk | Kakp | Kapkb | Kabpk | Kabkp | Kaapk | Kaakp => {
                // One pawn: the position is mirrored so that it stands on files a to d.
                let (pawn, white_pawn) = match self {
                    Kakp | Kabkp | Kaakp => (b[1], false),
                    _ => (w[w.len() - 1], true),
                };
                if !(8..56).contains(&pawn) {
                    return None;
                }
                let m = |s: usize| if file(pawn) > 3 { flip_we(s) } else { s };
                let pawn = m(pawn);
                // A black pawn counts from its own side of the board.
                let slice = u(pawn24(if white_pawn { pawn } else { flip_ns(pawn) })?);
                let (wk, bk) = (u(m(w[0])), u(m(b[0])));
                Some(match self {
                    Kpk => (slice * S + wk) * S + bk,
                    Kapk | Kakp => ((slice * S + wk) * S + bk) * S + u(m(w[1])),
                    Kapkb => (((slice * S + wk) * S + bk) * S + u(m(w[1]))) * S + u(m(b[1])),
                    Kabpk | Kabkp => {
                        (((slice * S + wk) * S + bk) * S + u(m(w[1]))) * S + u(m(w[2]))
                    }
                    _ => ((slice * S + wk) * S + bk) * AA + t.aa(m(w[1]), m(w[2]))?,
                })
            }
            Kpkp | Kapkp => {
                // The white pawn fixes the fold; the black pawn's square is counted as is.
                let (wp, bp) = (w[w.len() - 1], b[1]);
                let m = |s: usize| if file(wp) > 3 { flip_we(s) } else { s };
                let slice = u(pawn24(m(wp))?) * 48 + u(m(bp).checked_sub(8)?);
                if m(bp) >= 56 {
                    return None;
                }
                let (wk, bk) = (u(m(w[0])), u(m(b[0])));
                Some(match self {
                    Kpkp => (slice * S + wk) * S + bk,
                    _ => ((slice * S + wk) * S + bk) * S + u(m(w[1])),
                })
            }
            Kppk | Kappk | Kppka => {
                let (pa, pb) = (w[w.len() - 2], w[w.len() - 1]);
                let (anchor, other) = anchor_first(pa, pb);
                let m = |s: usize| if file(anchor) > 3 { flip_we(s) } else { s };
                let slice = t.pp(m(anchor), m(other))?;
                let (wk, bk) = (u(m(w[0])), u(m(b[0])));
                Some(match self {
                    Kppk => (slice * S + wk) * S + bk,
                    Kappk => ((slice * S + wk) * S + bk) * S + u(m(w[1])),
                    _ => ((slice * S + wk) * S + bk) * S + u(m(b[1])),
                })
            }
            Kppkp => {
                let bp = b[1];
                let m = |s: usize| if file(bp) > 3 { flip_we(s) } else { s };
                let (pa, pb, bp) = (m(w[1]), m(w[2]), m(bp));
                let i = flip_we(flip_ns(pa)).checked_sub(8)?;
                let j = flip_we(flip_ns(pb)).checked_sub(8)?;
                let pair = *t.pp48.get(i)?.get(j)?;
                if pair == EMPTY {
                    return None;
                }
                let s = bp.checked_sub(8)?;
                let k = u((s + (s & 3)) >> 1);
                Some(((k * PP48 + pair as u64) * S + u(m(w[0]))) * S + u(m(b[0])))
            }
            Kpppk => {
                let look = |pawns: [usize; 3]| {
                    let [i, j, k] = pawns.map(|s| s.checked_sub(8));
                    let (i, j, k) = (i?, j?, k?);
                    if i >= 48 || j >= 48 || k >= 48 {
                        return None;
                    }
                    let v = t.ppp48[(i * 48 + j) * 48 + k];
                    (v != EMPTY).then_some(v as u64)
                };
                let pawns = [w[1], w[2], w[3]];
                let (slice, m): (u64, fn(usize) -> usize) = match look(pawns) {
                    Some(v) => (v, |s| s),
                    None => (look(pawns.map(flip_we))?, flip_we),
                };
                Some((slice * S + u(m(w[0]))) * S + u(m(b[0])))
            }
        }
    }

    /// Pieces on the stored White and Black sides, kings included.
    const fn counts(self) -> (usize, usize) {
        use Shape::*;
        match self {
            Kxk | Kpk => (2, 1),
            Kaak | Kabk | Kapk | Kppk => (3, 1),
            Kakb | Kakp | Kpkp => (2, 2),
            Kaaak | Kaabk | Kabbk | Kabck | Kaapk | Kabpk | Kappk | Kpppk => (4, 1),
            Kaakb | Kabkc | Kaakp | Kabkp | Kapkb | Kapkp | Kppka | Kppkp => (3, 2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combined_tables_have_the_formats_sizes() {
        // Built with debug assertions on the counts; the maxima below are the format's.
        let t = Tables::get();
        let kk = t.kk.iter().flatten().filter(|&&v| v != EMPTY).count();
        assert!(kk >= KK as usize);
        assert_eq!(t.aa[3][9], t.aa[9][3]);
        assert_eq!(Shape::Kxk.max_index(), 29_568);
        assert_eq!(Shape::Kpk.max_index(), 98_304);
    }

    #[test]
    fn names_give_their_shapes() {
        assert_eq!(Shape::of_name("kqk"), Some(Shape::Kxk));
        assert_eq!(Shape::of_name("kpk"), Some(Shape::Kpk));
        assert_eq!(Shape::of_name("kqkq"), Some(Shape::Kakb));
        assert_eq!(Shape::of_name("kbkq"), None);
        assert_eq!(Shape::of_name("kpkq"), None);
        assert_eq!(Shape::of_name("kqpkp"), Some(Shape::Kapkp));
        assert_eq!(Shape::of_name("kppkp"), Some(Shape::Kppkp));
        assert_eq!(Shape::of_name("kbbkq"), Some(Shape::Kaakb));
        assert_eq!(Shape::of_name("kqkqq"), None);
        assert_eq!(Shape::of_name("krqk"), None);
        assert_eq!(Shape::of_name("kk"), None);
        assert_eq!(Shape::of_name("kqrbnk"), None);
        assert_eq!(Shape::of_name("kpppk"), Some(Shape::Kpppk));
    }

    #[test]
    fn touching_kings_have_no_index() {
        // White king e1, black king e2.
        assert_eq!(Shape::Kxk.index(&[4, 0], &[12]), None);
        assert!(Shape::Kxk.index(&[4, 0], &[20]).is_some());
    }
}
