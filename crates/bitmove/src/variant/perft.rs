//! Perft for the variants: at depth 1 the legal moves are counted, without being built where
//! the variant allows it (the board's own counter for standard rules, a popcount for drops).

#[cfg(feature = "std")]
use super::VariantMove;
use super::recursion::{self, End, Kind};
use super::rules;
use super::{Variant, VariantPosition};
use crate::Piece;
use crate::attacks::{SliderBackend, dispatch};
use crate::perft::check_depth;

/// The number of leaf nodes `depth` plies below `pos`, by its variant's rules. `perft(pos,
/// 0)` is 1; a position whose game is over has no moves.
///
/// # Panics
///
/// If `depth` is greater than [`MAX_DEPTH`](crate::MAX_DEPTH).
///
/// ```
/// use bitmove::variant::{perft, Variant, VariantPosition};
///
/// assert_eq!(perft(&VariantPosition::new(Variant::Horde), 3), 1_274);
/// assert_eq!(perft(&VariantPosition::new(Variant::RacingKings), 3), 11_264);
/// ```
pub fn perft(pos: &VariantPosition, depth: u32) -> u64 {
    check_depth(depth);
    perft_inner(pos, depth)
}

fn perft_inner(pos: &VariantPosition, depth: u32) -> u64 {
    let kind = match pos.variant {
        Variant::Chess => Some(Kind::Shaped(End::None)),
        Variant::KingOfTheHill => Some(Kind::Shaped(End::Hill)),
        Variant::ThreeCheck => Some(Kind::Shaped(End::Checks(pos.remaining_checks))),
        Variant::RacingKings => Some(Kind::Racing),
        Variant::Atomic => Some(Kind::Atomic),
        Variant::Horde => Some(Kind::Horde),
        _ => None,
    };
    if let Some(kind) = kind
        && depth >= 1
    {
        return dispatch!(SliderBackend::current(), |s| {
            let board = &*pos.board.checked(s);
            recursion::perft(s, board, depth, kind)
        });
    }
    match depth {
        0 => 1,
        1 => count_leaves(pos),
        _ => {
            let mut nodes = 0;
            for mv in pos.legal_moves() {
                let mut child = pos.clone();
                rules::play(&mut child, mv);
                nodes += perft_inner(&child, depth - 1);
            }
            nodes
        }
    }
}

/// The number of legal moves of `pos`.
pub(crate) fn count_leaves(pos: &VariantPosition) -> u64 {
    if rules::is_variant_end(pos) {
        return 0;
    }
    let b = &pos.board;
    let has_king = !b.colored_pieces(b.side, Piece::King).is_empty();
    match pos.variant {
        Variant::Chess | Variant::KingOfTheHill | Variant::ThreeCheck => b.count_moves() as u64,
        Variant::Horde if has_king => {
            let lost = dispatch!(SliderBackend::current(), |s| {
                rules::horde_lost_king_targets(s, b)
            });
            b.count_moves() as u64 + u64::from(lost.len())
        }
        Variant::Horde => dispatch!(SliderBackend::current(), |s| {
            crate::attacks::cpu::with_best_isa(|| rules::count_kingless(s, b))
        }),
        Variant::Crazyhouse => {
            let squares = rules::drop_squares(b);
            let mut drops = 0;
            for piece in pos.pockets[b.side.index()].kinds() {
                drops += if piece == Piece::Pawn {
                    rules::pawn_drop_squares(squares).len()
                } else {
                    squares.len()
                };
            }
            b.count_moves() as u64 + u64::from(drops)
        }
        Variant::Antichess => dispatch!(SliderBackend::current(), |s| rules::count_antichess(s, b)),
        Variant::Atomic => dispatch!(SliderBackend::current(), |s| rules::count_atomic(s, b)),
        _ => {
            let mut moves = 0;
            rules::legal_moves(pos, &mut |_| moves += 1);
            moves
        }
    }
}

/// The legal moves of `pos` with the perft of each at `depth - 1`, in generation order.
/// `depth` 0 gives an empty list.
#[cfg(feature = "std")]
pub fn divide(pos: &VariantPosition, depth: u32) -> std::vec::Vec<(VariantMove, u64)> {
    divide_threads(pos, depth, 1)
}

/// [`perft`] on `threads` threads (the root's moves shared out among them).
#[cfg(feature = "std")]
pub fn perft_threads(pos: &VariantPosition, depth: u32, threads: usize) -> u64 {
    let options = crate::PerftOptions {
        threads,
        hash_mb: 0,
    };
    perft_with_options(pos, depth, &options)
}

/// [`perft`] with threads and a hash table ([`PerftOptions`](crate::PerftOptions): `threads`
/// 0 for one per core, `hash_mb` 0 for no table). The table is keyed by
/// [`VariantPosition::hash`], which tells pockets, promoted marks and check counters apart;
/// it is shared by the threads.
///
/// ```
/// use bitmove::PerftOptions;
/// use bitmove::variant::{perft, perft_with_options, Variant, VariantPosition};
///
/// let pos = VariantPosition::new(Variant::Crazyhouse);
/// let options = PerftOptions { threads: 2, hash_mb: 16 };
/// assert_eq!(perft_with_options(&pos, 4, &options), perft(&pos, 4));
/// ```
#[cfg(feature = "std")]
pub fn perft_with_options(pos: &VariantPosition, depth: u32, options: &crate::PerftOptions) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    divide_with_options(pos, depth, options)
        .iter()
        .map(|&(_, nodes)| nodes)
        .sum()
}

/// [`divide`] on `threads` threads.
#[cfg(feature = "std")]
pub fn divide_threads(
    pos: &VariantPosition,
    depth: u32,
    threads: usize,
) -> std::vec::Vec<(VariantMove, u64)> {
    let options = crate::PerftOptions {
        threads,
        hash_mb: 0,
    };
    divide_with_options(pos, depth, &options)
}

/// Perft through a hash table: below depth 2 the bulk count, else a look-up first.
#[cfg(feature = "std")]
fn perft_table(pos: &VariantPosition, depth: u32, table: &crate::perft::table::Table) -> u64 {
    if depth <= 1 {
        return perft_inner(pos, depth);
    }
    let key = pos.hash();
    if let Some(nodes) = table.get(key, depth) {
        return nodes;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        rules::play(&mut child, mv);
        nodes += perft_table(&child, depth - 1, table);
    }
    table.set(key, depth, nodes);
    nodes
}

/// [`divide`] with threads and a hash table (see [`perft_with_options`]).
#[cfg(feature = "std")]
pub fn divide_with_options(
    pos: &VariantPosition,
    depth: u32,
    options: &crate::PerftOptions,
) -> std::vec::Vec<(VariantMove, u64)> {
    use core::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    use std::vec::Vec;

    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let table = (options.hash_mb > 0)
        .then(|| crate::perft::table::Table::with_bytes(options.hash_mb.saturating_mul(1 << 20)))
        .flatten();
    let moves = pos.legal_moves();
    let results = Mutex::new(Vec::with_capacity(moves.len()));
    let next = AtomicUsize::new(0);
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(index) else {
                break;
            };
            let mut child = pos.clone();
            rules::play(&mut child, mv);
            let nodes = match &table {
                Some(table) => perft_table(&child, depth - 1, table),
                None => perft_inner(&child, depth - 1),
            };
            results
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push((index, mv, nodes));
        }
    };
    let threads = options.thread_count().clamp(1, moves.len().max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    let mut results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    results.sort_unstable_by_key(|&(index, _, _)| index);
    results
        .into_iter()
        .map(|(_, mv, nodes)| (mv, nodes))
        .collect()
}

/// One position of a perft suite in the `.perft` block format.
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The `id` line's name (empty when the block has none).
    pub id: std::string::String,
    /// The position, as the `epd` line gives it.
    pub epd: std::string::String,
    /// The `perft DEPTH NODES` lines, in order.
    pub depths: std::vec::Vec<(u32, u64)>,
    /// The 1-based line of the block's `epd` line.
    pub line: usize,
}

/// Reads a perft suite in the `.perft` block format used across the field (scalachess,
/// python-chess, shakmaty, Fairy-Stockfish): blocks of `id NAME`, `epd EPD` and `perft DEPTH
/// NODES` lines, separated by blank lines; `#` starts a comment. An error names the 1-based
/// line and what is wrong with it.
///
/// ```
/// let suite = "# start\nid start\nepd 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -\nperft 1 21\nperft 2 421\n";
/// let cases = bitmove::variant::parse_perft_blocks(suite).unwrap();
/// assert_eq!(cases[0].id, "start");
/// assert_eq!(cases[0].depths, vec![(1, 21), (2, 421)]);
/// ```
#[cfg(feature = "std")]
pub fn parse_perft_blocks(
    text: &str,
) -> Result<std::vec::Vec<PerftCase>, (usize, std::string::String)> {
    use std::string::{String, ToString};
    use std::vec::Vec;

    let mut cases: Vec<PerftCase> = Vec::new();
    let mut id = String::new();
    let mut current: Option<PerftCase> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            if raw.trim().is_empty() {
                cases.extend(current.take());
                id.clear();
            }
            continue;
        }
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "id" => {
                cases.extend(current.take());
                id = value.to_string();
            }
            "epd" | "fen" => {
                cases.extend(current.take());
                if value.is_empty() {
                    return Err((number, "an epd line without a position".to_string()));
                }
                current = Some(PerftCase {
                    id: core::mem::take(&mut id),
                    epd: value.to_string(),
                    depths: Vec::new(),
                    line: number,
                });
            }
            "perft" => {
                let case = current
                    .as_mut()
                    .ok_or((number, "a perft line before any epd line".to_string()))?;
                let mut parts = value.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse::<u32>().ok());
                let nodes = parts.next().and_then(|n| n.parse::<u64>().ok());
                match (depth, nodes, parts.next()) {
                    (Some(depth), Some(nodes), None) => case.depths.push((depth, nodes)),
                    _ => {
                        return Err((
                            number,
                            "expected 'perft DEPTH NODES' with two whole numbers".to_string(),
                        ));
                    }
                }
            }
            _ => {
                return Err((
                    number,
                    std::format!("unknown line {key:?} (expected id, epd or perft)"),
                ));
            }
        }
    }
    cases.extend(current);
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::super::{Variant, VariantPosition, rules};
    use crate::test_rng::Lcg;

    /// Perft through the legal move list and the variant position's own make, leaves
    /// counted from the list: the path the bare-board recursions replace.
    fn by_list(pos: &VariantPosition, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                rules::play(&mut child, mv);
                by_list(&child, depth - 1)
            })
            .sum()
    }

    /// The horde recursion against the list path along random games: horde's start, the
    /// suite's middlegame, a king beside a1 (the king steps the board's generator drops),
    /// and a pawn's double step from the first rank beside a black pawn (no en passant).
    #[test]
    fn horde_recursion_agrees_with_the_list() {
        let fens = [
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
            "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
            "8/8/8/8/8/2P5/1PP5/k7 b - - 0 1",
            "4k3/8/8/8/8/1p6/8/PP6 w - - 0 1",
        ];
        let mut rng = Lcg::new(0x40de_0a70);
        for fen in fens {
            for _ in 0..12 {
                let mut pos = VariantPosition::from_fen(Variant::Horde, fen).unwrap();
                for _ in 0..80 {
                    for depth in 1..=3 {
                        assert_eq!(
                            super::perft(&pos, depth),
                            by_list(&pos, depth),
                            "{} depth {depth}",
                            pos.board
                        );
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let pick = moves[(rng.next_u64() >> 33) as usize % moves.len()];
                    rules::play(&mut pos, pick);
                }
            }
        }
    }
}
