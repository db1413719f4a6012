//! The search of [`super::bitmove_engine`], written on cozy-chess 0.3.4 as a cozy-chess engine
//! would write it: what the crate does not offer is written here plainly.
//!
//! - **Polyglot key**, updated incrementally on every move ([`Position`]): cozy-chess's own
//!   `hash()` uses other random numbers and keeps an en-passant file after every double step,
//!   so the transposition table (which must see the same keys as bitmove's, slot for slot)
//!   runs on a key of our own. The random numbers come from `data/polyglot-random64.txt`, the
//!   Polyglot book format's published table, parsed once when the searcher is made ([`Keys`]).
//!   En passant counts in the key when a pawn of the side to move stands beside the pawn
//!   that just made a double step (Polyglot's rule, and `bitmove::Board::hash`'s).
//! - **Repetition key** (FIDE's rule: en passant counted only when the capture is legal,
//!   checked with `is_legal`) and a key history with the halfmove clock ([`KeyHistory`]).
//! - **16-bit moves** of our own packing ([`pack`] / [`unpack`]), a stored move played only
//!   if `Board::is_legal` accepts it.
//! - **Captures** by masking each piece's targets to the enemy (and the en-passant square).
//! - **Static exchange evaluation** ([`see_ge`]) with the same rules as bitmove's `see_ge`.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard,
    Board, Color, File, Move, Piece, Rank, Square,
};

use super::common::{pick, score_from_table, score_to_table, INFINITY, MATE_BOUND, VALUES};
pub use super::common::{MATE, MAX_PLY, TABLE_SLOTS};

// -------------------------------------------------------------------------------------------
// Polyglot keys

/// The 781 Polyglot random numbers: 768 piece-square keys (index `64 * kind + square`, kind
/// = 2 * piece + 1 for White), 4 castling keys, 8 en-passant files, White to move.
pub struct Keys([u64; 781]);

impl Keys {
    /// Parses `data/polyglot-random64.txt` (one hexadecimal number a line, `#` comments).
    pub fn polyglot() -> Keys {
        let text = include_str!("../../data/polyglot-random64.txt");
        let mut keys = [0u64; 781];
        let mut n = 0;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            keys[n] = u64::from_str_radix(line, 16).expect("a hexadecimal Polyglot number");
            n += 1;
        }
        assert_eq!(n, keys.len(), "781 Polyglot numbers");
        Keys(keys)
    }

    #[inline(always)]
    fn piece(&self, color: Color, piece: Piece, square: Square) -> u64 {
        let kind = 2 * piece as usize + (color == Color::White) as usize;
        self.0[64 * kind + square as usize]
    }

    #[inline(always)]
    fn castling(&self, board: &Board) -> u64 {
        let mut key = 0;
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let rights = board.castle_rights(color);
            if rights.short.is_some() {
                key ^= self.0[768 + 2 * c];
            }
            if rights.long.is_some() {
                key ^= self.0[769 + 2 * c];
            }
        }
        key
    }

    #[inline(always)]
    fn en_passant(&self, file: File) -> u64 {
        self.0[772 + file as usize]
    }

    #[inline(always)]
    fn white_to_move(&self) -> u64 {
        self.0[780]
    }

    /// The key computed from scratch.
    pub fn of(&self, board: &Board) -> u64 {
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                for square in board.colored_pieces(color, piece) {
                    key ^= self.piece(color, piece, square);
                }
            }
        }
        key ^= self.castling(board);
        if let Some(file) = polyglot_en_passant(board) {
            key ^= self.en_passant(file);
        }
        if board.side_to_move() == Color::White {
            key ^= self.white_to_move();
        }
        key
    }
}

/// The en-passant file if a pawn of the side to move stands beside the pawn that just made a
/// double step (whether or not the capture is legal): when Polyglot counts it.
#[inline(always)]
fn polyglot_en_passant(board: &Board) -> Option<File> {
    let file = board.en_passant()?;
    let us = board.side_to_move();
    let square = Square::new(file, Rank::Sixth.relative_to(us));
    let capturers = get_pawn_attacks(square, !us) & board.colored_pieces(us, Piece::Pawn);
    (!capturers.is_empty()).then_some(file)
}

/// A cozy-chess board with its Polyglot key.
#[derive(Clone)]
pub struct Position {
    pub board: Board,
    pub key: u64,
}

impl Position {
    pub fn new(board: Board, keys: &Keys) -> Position {
        let key = keys.of(&board);
        Position { board, key }
    }

    /// Plays a legal move, updating the key incrementally.
    #[inline(always)]
    pub fn play(&mut self, mv: Move, keys: &Keys) {
        let board = &self.board;
        let us = board.side_to_move();
        let mut key = self.key ^ keys.white_to_move() ^ keys.castling(board);
        if let Some(file) = polyglot_en_passant(board) {
            key ^= keys.en_passant(file);
        }
        let moved = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        if board.colors(us).has(mv.to) {
            // Castling, encoded as the king taking its own rook.
            let rank = mv.from.rank();
            let (king_to, rook_to) = if mv.to.file() > mv.from.file() {
                (File::G, File::F)
            } else {
                (File::C, File::D)
            };
            key ^= keys.piece(us, Piece::King, mv.from)
                ^ keys.piece(us, Piece::Rook, mv.to)
                ^ keys.piece(us, Piece::King, Square::new(king_to, rank))
                ^ keys.piece(us, Piece::Rook, Square::new(rook_to, rank));
        } else {
            key ^= keys.piece(us, moved, mv.from);
            key ^= keys.piece(us, mv.promotion.unwrap_or(moved), mv.to);
            if let Some(captured) = board.piece_on(mv.to) {
                key ^= keys.piece(!us, captured, mv.to);
            } else if moved == Piece::Pawn && mv.from.file() != mv.to.file() {
                key ^= keys.piece(!us, Piece::Pawn, Square::new(mv.to.file(), mv.from.rank()));
            }
        }
        self.board.play_unchecked(mv);
        let board = &self.board;
        key ^= keys.castling(board);
        if let Some(file) = polyglot_en_passant(board) {
            key ^= keys.en_passant(file);
        }
        self.key = key;
    }

    /// The position after passing the turn; `None` in check.
    pub fn null_move(&self, keys: &Keys) -> Option<Position> {
        let board = self.board.null_move()?;
        let mut key = self.key ^ keys.white_to_move();
        if let Some(file) = polyglot_en_passant(&self.board) {
            key ^= keys.en_passant(file);
        }
        Some(Position { board, key })
    }

    /// The key under FIDE's rule for repeated positions: en passant only when legal.
    pub fn repetition_key(&self, keys: &Keys) -> u64 {
        let Some(file) = polyglot_en_passant(&self.board) else {
            return self.key;
        };
        let us = self.board.side_to_move();
        let square = Square::new(file, Rank::Sixth.relative_to(us));
        let capturers = get_pawn_attacks(square, !us) & self.board.colored_pieces(us, Piece::Pawn);
        let legal = capturers.into_iter().any(|from| {
            self.board.is_legal(Move {
                from,
                to: square,
                promotion: None,
            })
        });
        if legal {
            self.key
        } else {
            self.key ^ keys.en_passant(file)
        }
    }
}

/// The repetition keys and halfmove clocks of the positions on the path.
pub struct KeyHistory(Vec<(u64, u8)>);

impl KeyHistory {
    #[inline(always)]
    fn push(&mut self, position: &Position, keys: &Keys) {
        self.0.push((
            position.repetition_key(keys),
            position.board.halfmove_clock(),
        ));
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.0.pop();
    }

    /// Whether the newest position occurred before since the last irreversible move.
    fn is_repetition(&self) -> bool {
        let Some((&(key, clock), earlier)) = self.0.split_last() else {
            return false;
        };
        let window = (clock as usize).min(earlier.len());
        earlier[earlier.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&(k, _)| k == key)
    }
}

fn is_fifty_move_draw(board: &Board) -> bool {
    // Checkmate on the hundredth ply still counts as mate.
    board.halfmove_clock() >= 100
        && (board.checkers().is_empty() || board.generate_moves(|moves| !moves.is_empty()))
}

// -------------------------------------------------------------------------------------------
// 16-bit moves

/// from in bits 0-5, to in 6-11, promotion in 12-14 (0 none, 1 knight .. 4 queen); 0 is no
/// move.
#[inline(always)]
pub fn pack(mv: Move) -> u16 {
    let promotion = mv.promotion.map_or(0, |p| p as u16);
    (promotion << 12) | ((mv.to as u16) << 6) | mv.from as u16
}

#[inline(always)]
pub fn unpack(packed: u16) -> Option<Move> {
    let promotion = match packed >> 12 {
        0 => None,
        1 => Some(Piece::Knight),
        2 => Some(Piece::Bishop),
        3 => Some(Piece::Rook),
        4 => Some(Piece::Queen),
        _ => return None,
    };
    let from = Square::index((packed & 63) as usize);
    let to = Square::index(((packed >> 6) & 63) as usize);
    (from != to).then_some(Move {
        from,
        to,
        promotion,
    })
}

// -------------------------------------------------------------------------------------------
// Static exchange evaluation

/// The pieces of both colours attacking `square` through `occupied` (only pieces still on
/// `occupied` count).
#[inline(always)]
fn attackers(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    (get_pawn_attacks(square, Color::Black) & board.colored_pieces(Color::White, Piece::Pawn)
        | get_pawn_attacks(square, Color::White) & board.colored_pieces(Color::Black, Piece::Pawn)
        | get_knight_moves(square) & board.pieces(Piece::Knight)
        | get_king_moves(square) & board.pieces(Piece::King)
        | get_rook_moves(square, occupied) & straight
        | get_bishop_moves(square, occupied) & diagonal)
        & occupied
}

/// Whether the static exchange of `mv` wins at least `threshold` (values pawn 100, knight and
/// bishop 300, rook 500, queen 900), with bitmove's rules: least valuable attacker first
/// (lowest square among equals), x-rays re-added as pawns, bishops, rooks, queens and kings
/// leave (not knights), a king captures only onto an undefended square, a pawn recapturing
/// on its last rank becomes a queen, en passant wins the pawn behind, pins ignored, castling
/// worth 0. Each side may stop before its capture; the loop stops as soon as the side to
/// decide is content, or cannot change the answer with the best capture it could make.
pub fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    let us = board.side_to_move();
    let (from, to) = (mv.from, mv.to);
    let Some(mover) = board.piece_on(from) else {
        return 0 >= threshold;
    };
    if !board.colors(us).has(from) || board.colors(us).has(to) {
        return 0 >= threshold;
    }
    let mut occupied = board.occupied() ^ from.bitboard();
    let mut balance = 0;
    if let Some(captured) = board.piece_on(to) {
        balance += VALUES[captured as usize];
    } else if mover == Piece::Pawn && from.file() != to.file() {
        balance += VALUES[Piece::Pawn as usize];
        occupied ^= Square::new(to.file(), from.rank()).bitboard();
    }
    let mut on_target = VALUES[mover as usize];
    if let (Piece::Pawn, Some(promoted)) = (mover, mv.promotion) {
        balance += VALUES[promoted as usize] - VALUES[Piece::Pawn as usize];
        on_target = VALUES[promoted as usize];
    }
    occupied |= to.bitboard();
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let promotion_gain = VALUES[Piece::Queen as usize] - VALUES[Piece::Pawn as usize];

    let mut side = !us;
    let mut all: Option<BitBoard> = None;
    loop {
        let ours_to_decide = side == us;
        let content = balance >= threshold; // the answer if `side` stops here
        if content == ours_to_decide {
            return content;
        }
        let promotes = to.rank() == Rank::Eighth.relative_to(side);
        let best = on_target + if promotes { promotion_gain } else { 0 };
        if ours_to_decide && balance + best < threshold {
            return false;
        }
        if !ours_to_decide && balance - best >= threshold {
            return true;
        }
        let current = *all.get_or_insert_with(|| attackers(board, to, occupied));
        let mine = current & board.colors(side);
        let Some((piece, square)) = Piece::ALL
            .into_iter()
            .find_map(|p| (mine & board.pieces(p)).next_square().map(|s| (p, s)))
        else {
            return content;
        };
        occupied ^= square.bitboard();
        let mut uncovered = BitBoard::EMPTY;
        if matches!(
            piece,
            Piece::Pawn | Piece::Bishop | Piece::Queen | Piece::King
        ) {
            uncovered |= get_bishop_moves(to, occupied) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen | Piece::King) {
            uncovered |= get_rook_moves(to, occupied) & straight;
        }
        let current = (current | uncovered) & occupied;
        if piece == Piece::King && !(current & board.colors(!side)).is_empty() {
            return content;
        }
        let mut gain = on_target;
        on_target = VALUES[piece as usize];
        if piece == Piece::Pawn && promotes {
            gain += promotion_gain;
            on_target = VALUES[Piece::Queen as usize];
        }
        all = Some(current);
        balance += if ours_to_decide { gain } else { -gain };
        side = !side;
    }
}

// -------------------------------------------------------------------------------------------
// The search

#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    pub score: i32,
    pub best: Option<Move>,
    pub nodes: u64,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Upper,
    Lower,
    Exact,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    packed: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

pub struct Search {
    keys: Keys,
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
            keys: Keys::polyglot(),
            table: vec![Entry::default(); slots.max(1).next_power_of_two()],
            history: KeyHistory(Vec::with_capacity(MAX_PLY + 8)),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            nodes: 0,
            root_best: None,
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    pub fn run(&mut self, board: &Board, depth: i32) -> Outcome {
        self.nodes = 0;
        self.root_best = None;
        let root = Position::new(board.clone(), &self.keys);
        self.history.0.clear();
        self.history.push(&root, &self.keys);
        let mut score = 0;
        for d in 1..=depth {
            score = self.search(&root, d, 0, -INFINITY, INFINITY);
        }
        Outcome {
            score,
            best: self.root_best,
            nodes: self.nodes,
        }
    }

    fn search(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let board = &pos.board;
        if ply > 0 && (self.history.is_repetition() || is_fifty_move_draw(board)) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, ply, alpha, beta);
        }
        self.nodes += 1;
        let pv = beta - alpha > 1;
        let key = pos.key;
        let slot = key as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut hinted = None;
        if entry.key == key {
            hinted = unpack(entry.packed).filter(|&mv| board.is_legal(mv));
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

        let in_check = !board.checkers().is_empty();
        if !pv && !in_check && depth >= 3 && has_pieces(board) && evaluate(board) >= beta {
            if let Some(passed) = pos.null_move(&self.keys) {
                self.history.push(&passed, &self.keys);
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
            let mut child = pos.clone();
            child.play(mv, &self.keys);
            self.history.push(&child, &self.keys);
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
            packed: pack(best_move),
            score: score_to_table(best_score, ply),
            depth: depth as i8,
            bound,
        };
        best_score
    }

    fn quiescence(&mut self, pos: &Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let board = &pos.board;
        let mut best = evaluate(board);
        if best >= beta || ply >= MAX_PLY {
            return best;
        }
        alpha = alpha.max(best);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let us = board.side_to_move();
        let theirs = board.colors(!us);
        let en_passant = board.en_passant().map_or(BitBoard::EMPTY, |file| {
            Square::new(file, Rank::Sixth.relative_to(us)).bitboard()
        });
        board.generate_moves(|mut moves| {
            moves.to &= if moves.piece == Piece::Pawn {
                theirs | en_passant
            } else {
                theirs
            };
            for mv in moves {
                list.push((order_key(board, theirs, moves.piece, mv), mv));
            }
            false
        });
        for i in 0..list.len() {
            let mv = pick(&mut list, i);
            if !see_ge(board, mv, 0) {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv, &self.keys);
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
        score += VALUES[piece as usize] * (mine - theirs);
    }
    score
}

fn has_pieces(board: &Board) -> bool {
    let us = board.side_to_move();
    let pawns_and_king =
        board.colored_pieces(us, Piece::Pawn) | board.colored_pieces(us, Piece::King);
    !(board.colors(us) - pawns_and_king).is_empty()
}

fn order_key(board: &Board, theirs: BitBoard, piece: Piece, mv: Move) -> u32 {
    let victim = if theirs.has(mv.to) {
        board.piece_on(mv.to)
    } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
        Some(Piece::Pawn)
    } else {
        None
    };
    let class = match victim {
        Some(victim) => 8 + 8 * victim as u32 + (7 - piece as u32),
        None => 0,
    };
    let promotion = mv.promotion.map_or(0, |p| p as u32);
    (class << 16) | ((mv.from as u32) << 10) | ((mv.to as u32) << 4) | promotion
}

pub fn move_parts(mv: Move) -> (usize, usize, Option<usize>) {
    (
        mv.from as usize,
        mv.to as usize,
        mv.promotion.map(|p| p as usize),
    )
}
