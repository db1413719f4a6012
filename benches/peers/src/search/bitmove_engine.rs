//! A small alpha-beta search written on bitmove's engine API: the example that
//! docs/engine.md ("Search benchmark") points to, and one half of the
//! search benchmark (`peers search`; the other half, [`super::cozy_engine`], is the same
//! search on cozy-chess, move for move).
//!
//! What it uses, call by call:
//!
//! - `generate_moves` / `generate_captures`: legal moves in set form, straight into the
//!   ply's move buffer with their ordering keys; captures for quiescence cost their share.
//! - `clone` + `play_unchecked`: copy-make; `compute_checks` on full-width children, which
//!   are asked several questions (quiescence children stay lazy: most stand pat).
//! - `hash()`: the Polyglot key, which indexes and verifies the transposition table.
//! - `Move::to_u16` / `move_from_u16`: the table stores 16-bit moves, and a stored move is
//!   played only if `move_from_u16` says it is legal in this position (never trusted).
//! - `see_ge(mv, 0)`: quiescence skips captures that lose material.
//! - `null_move()`: null-move pruning.
//! - `KeyHistory` and `is_fifty_move_draw()`: repetition (en passant counted only when
//!   legal) and fifty-move draws inside the search.
//!
//! The search: iterative deepening to a fixed depth; principal variation search (the first
//! move with the full window, the rest with a null window and a re-search when they land
//! inside it); a transposition table (always replace, cut-offs at non-PV nodes only);
//! null-move pruning (non-PV, not in check, depth >= 3, static evaluation >= beta, the side
//! to move has a piece besides pawns and king; depth reduced by 3); moves ordered by the
//! table's move, then MVV-LVA, ties broken by from-square, to-square and promotion
//! ([`order_key`]), picked one at a time; quiescence on captures (stand pat, SEE >= 0);
//! material evaluation (pawn 100, knight 300, bishop 300, rook 500, queen 900).

use bitmove::{Board, KeyHistory, Move, Piece};

use super::common::{pick, score_from_table, score_to_table, INFINITY, MATE_BOUND, VALUES};
pub use super::common::{MATE, MAX_PLY, TABLE_SLOTS};

/// What a search returns: the score (side to move's view, centipawns), the best root move
/// (`None` when there is no legal move) and the nodes visited.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    pub score: i32,
    pub best: Option<Move>,
    pub nodes: u64,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    /// The score is at most the stored one (no move reached alpha).
    #[default]
    Upper,
    /// The score is at least the stored one (a cut-off).
    Lower,
    Exact,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// `Move::to_u16`, 0 for none.
    packed: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

/// The searcher: its transposition table, the key history of the current path, the node
/// count and one reusable move buffer per ply (no allocation inside the search).
pub struct Search {
    table: Vec<Entry>,
    history: KeyHistory,
    lists: Vec<Vec<(u32, Move)>>,
    nodes: u64,
    root_best: Option<Move>,
}

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

impl Search {
    pub fn new() -> Search {
        Search::with_slots(TABLE_SLOTS)
    }

    /// A searcher whose table has `slots` entries (rounded up to a power of two).
    pub fn with_slots(slots: usize) -> Search {
        Search {
            table: vec![Entry::default(); slots.max(1).next_power_of_two()],
            history: KeyHistory::with_capacity(MAX_PLY + 8),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            nodes: 0,
            root_best: None,
        }
    }

    /// Empties the transposition table (the benchmark does this before every search, outside
    /// the timed region, so that every search starts alike).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Searches `board` by iterative deepening, depth 1 to `depth`.
    pub fn run(&mut self, board: &Board, depth: i32) -> Outcome {
        self.nodes = 0;
        self.root_best = None;
        self.history.clear();
        self.history.push(board);
        let mut score = 0;
        for d in 1..=depth {
            score = self.search(board, d, 0, -INFINITY, INFINITY);
        }
        Outcome {
            score,
            best: self.root_best,
            nodes: self.nodes,
        }
    }

    fn search(&mut self, board: &Board, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        // The parent pushed this position: a repetition of any earlier position on the path
        // since the last irreversible move is a draw, as is the fifty-move rule.
        if ply > 0 && (self.history.is_repetition(2) || board.is_fifty_move_draw()) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(board, ply, alpha, beta);
        }
        self.nodes += 1;
        let pv = beta - alpha > 1;
        let key = board.hash();
        let slot = key as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut hinted = None;
        if entry.key == key {
            // Never trusted: a stored move is played only if it is legal here.
            hinted = board.move_from_u16(entry.packed);
            if !pv && i32::from(entry.depth) >= depth {
                let score = score_from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let in_check = board.in_check();
        if !pv && !in_check && depth >= 3 && has_pieces(board) && evaluate(board) >= beta {
            if let Some(mut passed) = board.null_move() {
                passed.compute_checks();
                self.history.push(&passed);
                let score = -self.search(&passed, depth - 3, ply + 1, -beta, -beta + 1);
                self.history.pop();
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let theirs = board.colors(!board.side_to_move());
        board.generate_moves(|moves| {
            for mv in moves {
                let key = if Some(mv) == hinted {
                    u32::MAX
                } else {
                    order_key(board, theirs, moves.piece, mv)
                };
                list.push((key, mv));
            }
            false
        });
        if list.is_empty() {
            self.lists[ply] = list;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = list[0].1;
        for i in 0..list.len() {
            let mv = pick(&mut list, i);
            let mut child = board.clone();
            child.play_unchecked(mv);
            if depth > 1 {
                // A full-width node asks in_check, the table move's legality and the moves:
                // work out checkers and pins once (quiescence nodes are left lazy: most stand
                // pat before generating).
                child.compute_checks();
            }
            self.history.push(&child);
            let mut score;
            if i == 0 {
                score = -self.search(&child, depth - 1, ply + 1, -beta, -alpha);
            } else {
                score = -self.search(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if score > alpha && score < beta {
                    score = -self.search(&child, depth - 1, ply + 1, -beta, -alpha);
                }
            }
            self.history.pop();
            if score > best_score {
                best_score = score;
                best_move = mv;
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table[slot] = Entry {
            key,
            packed: best_move.to_u16(),
            score: score_to_table(best_score, ply),
            depth: depth as i8,
            bound,
        };
        best_score
    }

    /// Captures only, from the static evaluation ("stand pat"), skipping captures whose
    /// static exchange loses material.
    fn quiescence(&mut self, board: &Board, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let mut best = evaluate(board);
        if best >= beta || ply >= MAX_PLY {
            return best;
        }
        alpha = alpha.max(best);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let theirs = board.colors(!board.side_to_move());
        board.generate_captures(|moves| {
            for mv in moves {
                list.push((order_key(board, theirs, moves.piece, mv), mv));
            }
            false
        });
        for i in 0..list.len() {
            let mv = pick(&mut list, i);
            if !board.see_ge(mv, 0) {
                continue;
            }
            let mut child = board.clone();
            child.play_unchecked(mv);
            let score = -self.quiescence(&child, ply + 1, -beta, -alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}

/// Material from the side to move's point of view.
fn evaluate(board: &Board) -> i32 {
    let us = board.side_to_move();
    let mut score = 0;
    for piece in [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
    ] {
        let mine = board.colored_pieces(us, piece).len() as i32;
        let theirs = board.colored_pieces(!us, piece).len() as i32;
        score += VALUES[piece.index()] * (mine - theirs);
    }
    score
}

/// Whether the side to move has a piece besides pawns and king (null-move pruning is unsafe
/// in pawn endings, where zugzwang is common).
fn has_pieces(board: &Board) -> bool {
    let us = board.side_to_move();
    let pawns_and_king =
        board.colored_pieces(us, Piece::Pawn) | board.colored_pieces(us, Piece::King);
    !(board.colors(us) - pawns_and_king).is_empty()
}

/// The ordering key of a move, higher first, unique per move: captures before quiet moves,
/// most valuable victim first, then least valuable attacker; ties (all quiet moves, and
/// captures of one kind by one kind) broken by from-square, to-square and promotion piece,
/// so that the order does not depend on the order in which moves are generated.
fn order_key(board: &Board, theirs: bitmove::Bitboard, piece: Piece, mv: Move) -> u32 {
    let victim = if theirs.has(mv.to) {
        board.piece_on(mv.to)
    } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
        Some(Piece::Pawn) // en passant
    } else {
        None
    };
    let class = match victim {
        Some(victim) => 8 + 8 * victim.index() as u32 + (7 - piece.index() as u32),
        None => 0,
    };
    let promotion = mv.promotion.map_or(0, |p| p.index() as u32); // knight 1 .. queen 4
    (class << 16) | ((mv.from as u32) << 10) | ((mv.to as u32) << 4) | promotion
}

/// The move's squares and promotion as indices, for comparing with the cozy-chess search.
pub fn move_parts(mv: Move) -> (usize, usize, Option<usize>) {
    (
        mv.from.index(),
        mv.to.index(),
        mv.promotion.map(Piece::index),
    )
}
