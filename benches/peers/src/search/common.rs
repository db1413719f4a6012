//! What the two searches share, word for word: scores, limits, the table's mate-score
//! adjustment and the move picker. Everything that touches a board is in each engine.

/// A mate score at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
pub(super) const INFINITY: i32 = 31_000;
/// Scores beyond this are mates (a path is never longer than `MAX_PLY`).
pub(super) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The deepest ply searched; quiescence stops here with the static evaluation.
pub const MAX_PLY: usize = 128;
/// Transposition-table slots by default (16 bytes each: 1 MiB). Small enough that the
/// benchmark measures the chess code more than the memory's latency; `with_slots` for others.
pub const TABLE_SLOTS: usize = 1 << 16;

/// Material values by piece index (pawn, knight, bishop, rook, queen, king) in both crates.
pub(super) const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// Moves the best remaining move (by key) to `index` and returns it: one selection-sort step
/// per move tried, so a cut-off early spares sorting the rest.
pub(super) fn pick<M: Copy>(list: &mut [(u32, M)], index: usize) -> M {
    let mut best = index;
    for j in index + 1..list.len() {
        if list[j].0 > list[best].0 {
            best = j;
        }
    }
    list.swap(index, best);
    list[index].1
}

/// Mate scores are stored relative to the node (distance to mate from here), so that they
/// stay right when the position is reached at another ply.
pub(super) fn score_to_table(score: i32, ply: usize) -> i16 {
    let ply = ply as i32;
    (if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }) as i16
}

/// The inverse of [`score_to_table`].
pub(super) fn score_from_table(score: i16, ply: usize) -> i32 {
    let (score, ply) = (i32::from(score), ply as i32);
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}
