//! Perft statistics: what the leaves of the move tree are, not just how many.
//!
//! Counted the Chess Programming Wiki's way, at the leaves. Most of it is set-wise at the
//! parents of the leaves, without making a leaf: captures are the targets on their pieces,
//! direct checks the targets among the squares from which the moving piece would attack their
//! king, discovered checks the moves of our pieces that alone stood between their king and one
//! of our sliders, off that line. Only special moves (castling, en passant, promotions) are
//! made and classified from the child's checkers, and leaves that may have no reply: every
//! checking leaf (mate or not), and, when their side could run out of moves after our move,
//! the quiet ones (stalemate or not).
//!
//! The parts, by what they count: `leaf.rs` the leaves one ply below a position (captures,
//! the kinds of check, and which leaves are made), `mate.rs` whether a checking leaf is mate
//! and a quiet one stalemate, `shortcut.rs` the leaves two plies below (the depth-2 shortcut
//! through the null position), `correction.rs` what a shortcut move changes in their
//! replies' counts, `table.rs` the hash table of whole statistics. This file has the type,
//! the recursion and the entry points.

mod checks;
mod correction;
mod leaf;
mod mate;
mod shortcut;
mod table;

use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul};

use self::leaf::leaves_baseline;
#[cfg(target_arch = "x86_64")]
use self::leaf::leaves_modern;
use self::shortcut::depth2_baseline;
#[cfg(target_arch = "x86_64")]
use self::shortcut::depth2_modern;
pub(super) use self::table::StatsTable;
#[cfg(feature = "std")]
use crate::Move;
use crate::attacks::Sliders;
use crate::{Board, Color};

/// Perft statistics: the leaves of the move tree `depth` plies below a position, by kind.
///
/// Every field counts leaves (positions at the full depth), the way the Chess Programming
/// Wiki's perft tables do; the move that *reached* a leaf is what makes it a capture, a
/// castle or a promotion. Fields add up exactly, so results of parts can be summed
/// (`+`, `+=`, [`Sum`]).
///
/// "The moved piece" is the piece on the move's destination: the promoted piece for a
/// promotion, the **rook** for castling (a king never gives check), the capturing pawn for en
/// passant. Check kinds, for a leaf whose side to move is in check:
///
/// | kind | checked by |
/// |---|---|
/// | direct | the moved piece only |
/// | single discovered | exactly one other piece, not the moved piece |
/// | direct discovered | the moved piece and one other piece |
/// | double discovered | two pieces, neither the moved one: only en passant, which lifts two pawns off a line, can do it |
///
/// The four kinds add up to [`checks`](PerftStats::checks) and the four mate kinds to
/// [`checkmates`](PerftStats::checkmates). Examples of the rare kinds:
/// - a castle that checks: `5k2/8/8/8/8/8/8/4K2R w K - 0 1`, O-O (the rook lands on f1);
/// - direct discovered: `k1N4R/pp6/8/8/8/8/8/7K w - - 0 1`, Nb6 is mate by the knight and by
///   the rook it unmasks;
/// - double discovered: `8/8/4k3/3pP3/2B5/8/8/K3R3 w - d6 0 1`, exd6 e.p. lifts e5 off the
///   rook's file and d5 off the bishop's diagonal.
///
/// ```
/// use bitmove::{perft_stats, Board};
///
/// let stats = perft_stats(&Board::default(), 4);
/// assert_eq!(stats.nodes, 197_281);
/// assert_eq!(stats.captures, 1_576);
/// assert_eq!(stats.checks, 469);
/// assert_eq!(stats.checkmates, 8);
/// let halves = perft_stats(&Board::default(), 3) + perft_stats(&Board::default(), 3);
/// assert_eq!(halves.nodes, 2 * 8_902);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerftStats {
    /// Every leaf.
    pub nodes: u64,
    /// The move that reached it captured (en passant included).
    pub captures: u64,
    /// It was an en-passant capture.
    pub en_passant: u64,
    /// It was castling.
    pub castles: u64,
    /// It was a promotion (each promoted piece counts).
    pub promotions: u64,
    /// The side to move is in check (checkmates included).
    pub checks: u64,
    /// In check by the moved piece only.
    pub direct_checks: u64,
    /// In check by exactly one other piece, not by the moved piece.
    pub single_discovered_checks: u64,
    /// In check by the moved piece and another piece.
    pub direct_discovered_checks: u64,
    /// In check by two pieces, neither the moved piece (only en passant can do this).
    pub double_discovered_checks: u64,
    /// In check and the moved piece gives no check: single plus double discovered (the CPW
    /// column "Discovery Checks").
    pub discovered_checks: u64,
    /// In check by two pieces (the CPW column "Double Checks").
    pub double_checks: u64,
    /// Checkmate.
    pub checkmates: u64,
    /// Checkmate by the moved piece only.
    pub direct_checkmates: u64,
    /// Checkmate by exactly one other piece.
    pub single_discovered_checkmates: u64,
    /// Checkmate by the moved piece and another piece.
    pub direct_discovered_checkmates: u64,
    /// Checkmate by two pieces, neither the moved piece.
    pub double_discovered_checkmates: u64,
    /// Stalemate.
    pub stalemates: u64,
}

/// Applies `$m!(field)` to every field of [`PerftStats`], in declaration order.
macro_rules! for_each_field {
    ($m:ident) => {
        $m!(
            nodes,
            captures,
            en_passant,
            castles,
            promotions,
            checks,
            direct_checks,
            single_discovered_checks,
            direct_discovered_checks,
            double_discovered_checks,
            discovered_checks,
            double_checks,
            checkmates,
            direct_checkmates,
            single_discovered_checkmates,
            direct_discovered_checkmates,
            double_discovered_checkmates,
            stalemates
        )
    };
}

impl PerftStats {
    /// How many fields there are.
    pub const FIELD_COUNT: usize = 18;

    /// The field names, in declaration order: they are also the JSON keys of the command line.
    pub const FIELD_NAMES: [&'static str; PerftStats::FIELD_COUNT] = {
        macro_rules! names {
            ($($f:ident),*) => { [$(stringify!($f)),*] };
        }
        for_each_field!(names)
    };

    /// Every field as `(name, value)`, in declaration order.
    ///
    /// ```
    /// use bitmove::{perft_stats, Board};
    ///
    /// let fields = perft_stats(&Board::default(), 1).fields();
    /// assert_eq!(fields[0], ("nodes", 20));
    /// assert!(fields[1..].iter().all(|&(_, n)| n == 0));
    /// ```
    pub fn fields(&self) -> [(&'static str, u64); PerftStats::FIELD_COUNT] {
        macro_rules! pairs {
            ($($f:ident),*) => { [$((stringify!($f), self.$f)),*] };
        }
        for_each_field!(pairs)
    }

    /// The value of the field called `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.fields()
            .into_iter()
            .find_map(|(n, v)| (n == name).then_some(v))
    }
}

impl PerftStats {
    /// The fields' values in declaration order (for the hash table).
    #[cfg(feature = "std")]
    pub(super) fn values(&self) -> [u64; PerftStats::FIELD_COUNT] {
        self.fields().map(|(_, value)| value)
    }

    /// Statistics from their values in declaration order (for the hash table).
    #[cfg(feature = "std")]
    pub(super) fn from_values(values: [u64; PerftStats::FIELD_COUNT]) -> PerftStats {
        let mut values = values.into_iter();
        let mut out = PerftStats::default();
        macro_rules! take {
            ($($f:ident),*) => { $(out.$f = values.next().unwrap_or(0);)* };
        }
        for_each_field!(take);
        out
    }
}

impl AddAssign for PerftStats {
    fn add_assign(&mut self, other: PerftStats) {
        macro_rules! add {
            ($($f:ident),*) => { $(self.$f += other.$f;)* };
        }
        for_each_field!(add);
    }
}

impl Add for PerftStats {
    type Output = PerftStats;

    fn add(mut self, other: PerftStats) -> PerftStats {
        self += other;
        self
    }
}

/// Every field times `factor`: the statistics below a position reached `factor` ways.
impl Mul<u64> for PerftStats {
    type Output = PerftStats;

    fn mul(mut self, factor: u64) -> PerftStats {
        macro_rules! scale {
            ($($f:ident),*) => { $(self.$f *= factor;)* };
        }
        for_each_field!(scale);
        self
    }
}

impl Sum for PerftStats {
    fn sum<I: Iterator<Item = PerftStats>>(iter: I) -> PerftStats {
        iter.fold(PerftStats::default(), Add::add)
    }
}

impl<'a> Sum<&'a PerftStats> for PerftStats {
    fn sum<I: Iterator<Item = &'a PerftStats>>(iter: I) -> PerftStats {
        iter.copied().sum()
    }
}

/// Stamps out the statistics recursion with the given attributes, so that it can be compiled
/// for several instruction sets like plain perft (closures take the target features of the
/// function they are written in).
macro_rules! stats_fn {
    ($(#[$attr:meta])* $name:ident, $depth2:ident, $leaves:ident) => {
        /// Statistics of the leaves `depth` plies below `board`, added to `out`.
        $(#[$attr])*
        fn $name<S: Sliders, const TT: bool>(
            s: S,
            board: &Board,
            depth: u32,
            table: Option<&StatsTable>,
            out: &mut PerftStats,
        ) {
            match depth {
                0 => out.nodes += 1,
                1 => match board.side {
                    Color::White => $leaves::<S, true, ()>(s, board, out, &mut ()),
                    Color::Black => $leaves::<S, false, ()>(s, board, out, &mut ()),
                },
                _ => {
                    if TT {
                        if let Some(found) = table.and_then(|t| t.get(board.hash, depth)) {
                            *out += found;
                            return;
                        }
                    }
                    let mut here = PerftStats::default();
                    if depth == 2 {
                        match board.side {
                            Color::White => $depth2::<S, true>(s, board, &mut here),
                            Color::Black => $depth2::<S, false>(s, board, &mut here),
                        }
                    } else {
                        board.generate_with(s, |moves| {
                            for mv in moves {
                                let mut child = board.clone();
                                child.play_piece::<S, TT>(s, moves.piece, mv);
                                $name::<S, TT>(s, &child, depth - 1, table, &mut here);
                            }
                            false
                        });
                    }
                    if TT {
                        if let Some(t) = table {
                            t.set(board.hash, depth, &here);
                        }
                    }
                    *out += here;
                }
            }
        }
    };
}

stats_fn!(stats_baseline, depth2_baseline, leaves_baseline);
#[cfg(target_arch = "x86_64")]
stats_fn!(
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    stats_modern,
    depth2_modern,
    leaves_modern
);

/// Statistics through `s` and, if given, `table` (then the recursion keeps keys), compiled
/// for the best instruction set this CPU has.
pub(super) fn stats_with<S: Sliders>(
    s: S,
    board: &Board,
    depth: u32,
    table: Option<&StatsTable>,
) -> PerftStats {
    // The board may come from `play_unchecked`: work out its checkers and pins first.
    let board = &*board.checked(s);
    let mut out = PerftStats::default();
    #[cfg(target_arch = "x86_64")]
    {
        if crate::attacks::cpu::has_modern_bit_ops() {
            // SAFETY: CPUID reported POPCNT, LZCNT, BMI1 and BMI2, all that `stats_modern`
            // is compiled for.
            #[allow(unsafe_code)]
            unsafe {
                match table {
                    Some(t) => stats_modern::<S, true>(s, board, depth, Some(t), &mut out),
                    None => stats_modern::<S, false>(s, board, depth, None, &mut out),
                }
            }
            return out;
        }
    }
    match table {
        Some(t) => stats_baseline::<S, true>(s, board, depth, Some(t), &mut out),
        None => stats_baseline::<S, false>(s, board, depth, None, &mut out),
    }
    out
}

/// [`perft_stats`](crate::perft_stats) with threads and an optional hash table (which then
/// stores whole statistics): the same figures, sooner.
///
/// ```
/// use bitmove::{perft_stats, perft_stats_with_options, Board, PerftOptions};
///
/// let options = PerftOptions { threads: 2, hash_mb: 16 };
/// let board = Board::default();
/// assert_eq!(perft_stats_with_options(&board, 4, &options), perft_stats(&board, 4));
/// ```
#[cfg(feature = "std")]
pub fn perft_stats_with_options(
    board: &Board,
    depth: u32,
    options: &super::PerftOptions,
) -> PerftStats {
    if depth <= 1 {
        return crate::perft_stats(board, depth);
    }
    divide_stats_with(board, depth, options)
        .iter()
        .map(|(_, stats)| stats)
        .sum()
}

/// Statistics split by root move, with threads and an optional hash table: each legal move
/// with the statistics of the leaves below it (depth 0 counts as 1), in generation order.
///
/// ```
/// use bitmove::{divide_stats_with, Board, PerftOptions};
///
/// let split = divide_stats_with(&Board::default(), 3, &PerftOptions::default());
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|(_, s)| s.checks).sum::<u64>(), 12);
/// ```
#[cfg(feature = "std")]
pub fn divide_stats_with(
    board: &Board,
    depth: u32,
    options: &super::PerftOptions,
) -> std::vec::Vec<(Move, PerftStats)> {
    split_stats(board, depth, options, None).unwrap_or_default()
}

/// [`perft_stats_with_options`] that gives up when `stop` is set (`None`), for callers that
/// must stay responsive: the flag is read between subtrees of at most four plies, as
/// [`perft_with_stop`](crate::perft_with_stop) does. The same figures otherwise.
///
/// ```
/// use core::sync::atomic::{AtomicBool, Ordering};
/// use bitmove::{perft_stats, perft_stats_with_stop, Board, PerftOptions};
///
/// let stop = AtomicBool::new(false);
/// let options = PerftOptions { threads: 2, hash_mb: 16 };
/// let board = Board::default();
/// assert_eq!(perft_stats_with_stop(&board, 4, &options, &stop), Some(perft_stats(&board, 4)));
/// stop.store(true, Ordering::Relaxed);
/// assert_eq!(perft_stats_with_stop(&board, 9, &options, &stop), None);
/// ```
///
/// # Panics
///
/// If `depth` is greater than [`MAX_DEPTH`](crate::MAX_DEPTH).
#[cfg(feature = "std")]
pub fn perft_stats_with_stop(
    board: &Board,
    depth: u32,
    options: &super::PerftOptions,
    stop: &core::sync::atomic::AtomicBool,
) -> Option<PerftStats> {
    super::check_depth(depth);
    if depth <= 1 {
        return (!stop.load(core::sync::atomic::Ordering::Relaxed))
            .then(|| crate::perft_stats(board, depth));
    }
    let split = split_stats(board, depth, options, Some(stop))?;
    Some(split.iter().map(|(_, stats)| stats).sum())
}

/// The work of [`divide_stats_with`], giving up (`None`) when `stop` is given and set.
#[cfg(feature = "std")]
fn split_stats(
    board: &Board,
    depth: u32,
    options: &super::PerftOptions,
    stop: Option<&core::sync::atomic::AtomicBool>,
) -> Option<std::vec::Vec<(Move, PerftStats)>> {
    use core::sync::atomic::{AtomicUsize, Ordering};
    use std::vec::Vec;

    super::check_depth(depth);
    let depth = depth.max(1);
    if depth == 1 {
        // A leaf's statistics are those of the move that reached it, which the child
        // position alone does not tell: each root move is classified from the root.
        let backend = crate::SliderBackend::current();
        return crate::attacks::dispatch!(backend, |s| {
            let root = board.checked(s);
            Some(
                root.legal_moves()
                    .into_iter()
                    .map(|mv| (mv, leaf::one_leaf(s, &root, mv)))
                    .collect(),
            )
        });
    }
    let threads = options.thread_count().max(1);
    let (roots, items, remaining) = super::parallel::work_items(board, depth, threads);
    let table = (options.hash_mb > 0)
        .then(|| StatsTable::with_bytes(options.hash_mb.saturating_mul(1 << 20)))
        .flatten();
    let next = AtomicUsize::new(0);
    let backend = crate::SliderBackend::current();
    let count = |position: &Board, depth: u32| {
        crate::attacks::dispatch!(backend, |s| stats_with(s, position, depth, table.as_ref()))
    };
    let work = || {
        let mut totals = std::vec![PerftStats::default(); roots.len()];
        while let Some((root, position)) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
            totals[*root] += match stop {
                None => count(position, remaining),
                Some(flag) => {
                    match super::parallel::split_stoppable(position, remaining, flag, &count) {
                        Some(stats) => stats,
                        None => break,
                    }
                }
            };
        }
        totals
    };
    let parts: Vec<Vec<PerftStats>> = std::thread::scope(|scope| {
        // A thread the system cannot start is one helper less, not an error.
        let helpers: Vec<_> = (1..threads.min(items.len()))
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut parts = std::vec![work()];
        for helper in helpers {
            parts.push(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        parts
    });
    if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
        return None;
    }
    Some(
        roots
            .iter()
            .enumerate()
            .map(|(i, &mv)| (mv, parts.iter().map(|part| part[i]).sum()))
            .collect(),
    )
}
