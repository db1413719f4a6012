//! [`Board`]: a position, small enough to copy. Its `checkers` and `pinned` are worked out when
//! the board is parsed or generated from, not on every move: a move made through the public
//! [`Board::play_unchecked`] marks them unknown, and the first query that needs them computes
//! them (on a copy: every query takes `&self`). A search or a make-all perft makes many more
//! moves than it generates at, so a make is cheap and the check computation is paid once per
//! generating node.

use core::fmt;

use crate::attacks::{
    SliderBackend, Sliders, between, bishop_rays, dispatch, king_attacks, knight_attacks,
    pawn_attacks, rook_rays,
};
use crate::{Bitboard, Color, File, Move, Piece, Rank, Square, zobrist};

/// Castling rights, stored as the squares of the castling rooks, so that standard chess and
/// Chess960 need no separate cases: a right is lost when anything moves from or to its rook's
/// square, or when its king moves.
#[derive(Clone, Copy, Debug)]
pub struct CastlingRights {
    /// The rooks that may still castle: White's on rank 1, Black's on rank 8.
    rooks: Bitboard,
    /// Each side's king file, which tells short from long; meaningless for a side without
    /// rights.
    king_files: [File; 2],
}

/// Which way a king castles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastlingSide {
    /// Short castling, towards the h-file (`O-O`): king to g, rook to f.
    Short,
    /// Long castling, towards the a-file (`O-O-O`): king to c, rook to d.
    Long,
}

impl CastlingSide {
    /// Both sides, short first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::Short, CastlingSide::Long];

    /// The file the king ends on: g or c.
    pub const fn king_to(self) -> File {
        match self {
            CastlingSide::Short => File::G,
            CastlingSide::Long => File::C,
        }
    }

    /// The file the rook ends on: f or d.
    pub const fn rook_to(self) -> File {
        match self {
            CastlingSide::Short => File::F,
            CastlingSide::Long => File::D,
        }
    }
}

impl CastlingRights {
    /// No rights at all.
    pub const NONE: CastlingRights = CastlingRights {
        rooks: Bitboard::EMPTY,
        king_files: [File::E; 2],
    };

    /// The file of `color`'s castling rook on `side`, if that right remains.
    pub fn rook(&self, color: Color, side: CastlingSide) -> Option<File> {
        let king = self.king_files[color.index()];
        (self.rooks & Rank::First.relative_to(color))
            .into_iter()
            .map(Square::file)
            .find(|&file| match side {
                CastlingSide::Short => file > king,
                CastlingSide::Long => file < king,
            })
    }

    /// Adds a right: `color`'s king on `king_file` may castle with the rook on `rook_file`.
    pub(crate) fn add(&mut self, color: Color, king_file: File, rook_file: File) {
        self.king_files[color.index()] = king_file;
        self.rooks |= Square::new(rook_file, Rank::First.relative_to(color));
    }

    /// Whether no right remains.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.rooks.is_empty()
    }

    /// The squares of every castling rook with a right.
    #[inline(always)]
    pub const fn rook_squares(&self) -> Bitboard {
        self.rooks
    }

    /// The side a castling rook on `rook` castles to.
    #[inline(always)]
    pub(crate) fn side_of(&self, color: Color, rook: Square) -> CastlingSide {
        if rook.file() > self.king_files[color.index()] {
            CastlingSide::Short
        } else {
            CastlingSide::Long
        }
    }

    /// The Zobrist keys of the rights whose rooks stand on `rooks`.
    #[inline]
    pub(crate) fn hash(&self, rooks: Bitboard) -> u64 {
        let mut hash = 0;
        for rook in rooks {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            hash ^= zobrist::castling(color, self.side_of(color, rook) == CastlingSide::Long);
        }
        hash
    }
}

/// Rights are equal when the same rooks may castle to the same sides.
impl PartialEq for CastlingRights {
    fn eq(&self, other: &CastlingRights) -> bool {
        self.rooks == other.rooks
            && Color::ALL.into_iter().all(|c| {
                (self.rooks & Rank::First.relative_to(c)).is_empty()
                    || self.king_files[c.index()] == other.king_files[c.index()]
            })
    }
}

impl Eq for CastlingRights {}

impl core::hash::Hash for CastlingRights {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.rooks.hash(state);
        for c in Color::ALL {
            if !(self.rooks & Rank::First.relative_to(c)).is_empty() {
                self.king_files[c.index()].hash(state);
            }
        }
    }
}

impl Default for CastlingRights {
    fn default() -> CastlingRights {
        CastlingRights::NONE
    }
}

/// A chess position: the pieces, side to move, castling rights, en passant, and the move
/// counters.
///
/// A `Board` is always valid (one king a side, the side not to move not in check, ...): the
/// only ways to make one are FEN parsing, which checks, and legal moves. It is small and
/// `Clone`, made for copy-make: clone, [`play_unchecked`](Board::play_unchecked), discard.
///
/// ```
/// use bitmove::Board;
///
/// let mut board = Board::default();
/// let mv = board.parse_uci("e2e4").unwrap();
/// board.play(mv).unwrap();
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone)]
pub struct Board {
    pub(crate) pieces: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    /// The pieces giving check to the side to move, or [`UNKNOWN`] (every square: no valid
    /// board has more than two checkers) after a move made without working them out.
    pub(crate) checkers: Bitboard,
    /// The side to move's pinned pieces; meaningless while `checkers` is [`UNKNOWN`].
    pub(crate) pinned: Bitboard,
    pub(crate) hash: u64,
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    /// Set only when a pawn of the side to move stands beside the pawn that just made a double
    /// step, so that an en-passant capture is at least pseudo-legal.
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) chess960: bool,
}

/// The marker in [`Board::checkers`] for checkers and pins not yet worked out.
pub(crate) const UNKNOWN: Bitboard = Bitboard::FULL;

/// Boards are equal when their positions are: the cached checkers and pins (known or not) do
/// not count.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.pieces == other.pieces
            && self.colors == other.colors
            && self.hash == other.hash
            && self.side == other.side
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.chess960 == other.chess960
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.colors.hash(state);
        self.hash.hash(state);
        self.side.hash(state);
        core::hash::Hash::hash(&self.castling, state);
        self.en_passant.hash(state);
        self.halfmove.hash(state);
        self.fullmove.hash(state);
        self.chess960.hash(state);
    }
}

/// A board whose checkers and pins are known: the board itself, or a copy with them worked
/// out. What the public queries hand to the generic internals, which read the fields.
pub(crate) enum Checked<'a> {
    Known(&'a Board),
    Computed(Board),
}

impl core::ops::Deref for Checked<'_> {
    type Target = Board;

    #[inline(always)]
    fn deref(&self) -> &Board {
        match self {
            Checked::Known(board) => board,
            Checked::Computed(board) => board,
        }
    }
}

/// The error of [`Board::play`]: the move is not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl core::error::Error for IllegalMove {}

impl Default for Board {
    /// The standard start position.
    fn default() -> Board {
        Board::startpos()
    }
}

/// The Zobrist key of the standard start position.
const START_KEY: u64 = 0x463b_9618_1691_fc9c;

impl Board {
    /// The standard start position.
    pub fn startpos() -> Board {
        let mut board = Board::empty(false);
        let back = [
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Knight,
            Piece::Rook,
        ];
        for (file, piece) in File::ALL.into_iter().zip(back) {
            for color in Color::ALL {
                board.put(
                    color,
                    piece,
                    Square::new(file, Rank::First.relative_to(color)),
                );
                board.put(
                    color,
                    Piece::Pawn,
                    Square::new(file, Rank::Second.relative_to(color)),
                );
            }
        }
        for color in Color::ALL {
            board.castling.add(color, File::E, File::H);
            board.castling.add(color, File::E, File::A);
        }
        // The start position's Polyglot key, not worked out again for every board (a PGN
        // reader sets one up per game); `tests/hash.rs` checks it against the pieces.
        board.hash = START_KEY;
        board
    }

    /// A board with no pieces, White to move, no rights: a canvas for the FEN parser.
    pub(crate) fn empty(chess960: bool) -> Board {
        Board {
            pieces: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            hash: 0,
            side: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            chess960,
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, color: Color, piece: Piece, square: Square) {
        self.pieces[piece.index()] ^= square;
        self.colors[color.index()] ^= square;
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn colors(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The squares of every piece of kind `piece`, both colours.
    #[inline(always)]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// The squares of `color`'s pieces of kind `piece`.
    #[inline(always)]
    pub fn colored_pieces(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[piece.index()] & self.colors[color.index()]
    }

    /// The kind of piece on `square`, if any.
    #[inline]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|&p| self.pieces[p.index()].has(square))
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    pub fn color_on(&self, square: Square) -> Option<Color> {
        if self.colors[0].has(square) {
            Some(Color::White)
        } else if self.colors[1].has(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// `color`'s king square.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        // A valid board always has exactly one king per side.
        self.colored_pieces(color, Piece::King)
            .first()
            .unwrap_or(Square::A1)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        if self.checks_known() {
            self.checkers
        } else {
            dispatch!(SliderBackend::current(), |s| self.compute_checkers(s))
        }
    }

    /// The side to move's pieces that are pinned to its king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        if self.checks_known() {
            self.pinned
        } else {
            dispatch!(SliderBackend::current(), |s| self.checked(s).pinned)
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Works out the checkers and pins of a board just made, now, so that the queries that
    /// follow ([`in_check`](Board::in_check), generation, [`is_legal`](Board::is_legal), ...)
    /// share the work instead of each doing it on a copy. A no-op when they are known.
    ///
    /// [`play_unchecked`](Board::play_unchecked) leaves them to the first query that needs
    /// them, which is cheapest when a board is made and never asked (the leaves of a search
    /// that cut off on the evaluation); a search that asks several questions at every node it
    /// makes calls this after the move.
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let mut board = Board::default();
    /// board.play_unchecked(board.parse_uci("e2e4").unwrap());
    /// board.compute_checks();
    /// assert!(!board.in_check());
    /// assert_eq!(board.legal_moves().len(), 20);
    /// ```
    #[inline]
    pub fn compute_checks(&mut self) {
        if !self.checks_known() {
            dispatch!(SliderBackend::current(), |s| self.update_checks(s));
        }
    }

    /// Whether `checkers` and `pinned` hold the answers (not [`UNKNOWN`]).
    #[inline(always)]
    pub(crate) fn checks_known(&self) -> bool {
        self.checkers != UNKNOWN
    }

    /// This board with its checkers and pins known, for the internals that read the fields.
    #[inline(always)]
    pub(crate) fn checked<S: Sliders>(&self, s: S) -> Checked<'_> {
        if self.checks_known() {
            Checked::Known(self)
        } else {
            Checked::Computed(self.with_checks(s))
        }
    }

    /// A copy with the checkers and pins worked out, out of line: the boards that need it are
    /// those just made, and the query that follows costs far more than the call.
    #[inline(never)]
    fn with_checks<S: Sliders>(&self, s: S) -> Board {
        let mut board = self.clone();
        board.update_checks(s);
        board
    }

    /// The pieces giving check to the side to move, worked out from the position.
    #[inline(always)]
    pub(crate) fn compute_checkers<S: Sliders>(&self, s: S) -> Bitboard {
        let us = self.side;
        let king = self.king(us);
        let theirs = self.colors[(!us).index()];
        let p = &self.pieces;
        let leapers = knight_attacks(king) & p[Piece::Knight.index()]
            | pawn_attacks(us, king) & p[Piece::Pawn.index()];
        let rooks = (p[Piece::Rook.index()] | p[Piece::Queen.index()]) & theirs;
        let bishops = (p[Piece::Bishop.index()] | p[Piece::Queen.index()]) & theirs;
        let occupied = self.occupied();
        let mut checkers = leapers & theirs;
        if !(rook_rays(king) & rooks).is_empty() {
            checkers |= s.rook(king, occupied) & rooks;
        }
        if !(bishop_rays(king) & bishops).is_empty() {
            checkers |= s.bishop(king, occupied) & bishops;
        }
        checkers
    }

    /// The castling rights.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant square, when an en-passant capture is at least pseudo-legal (a pawn of
    /// the side to move stands beside the pawn that just made a double step).
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after Black's move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether the board uses Chess960 conventions for UCI castling (`e1h1`) and FEN
    /// (Shredder letters).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches the castling notation between standard and Chess960 (the position is unchanged).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The Zobrist hash, equal to the Polyglot opening-book key of the position.
    ///
    /// ```
    /// assert_eq!(bitmove::Board::default().hash(), 0x463b96181691fc9c);
    /// ```
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for tests and for boards built piece by piece).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in self.colored_pieces(color, piece) {
                    hash ^= zobrist::piece(color, piece, square);
                }
            }
        }
        hash ^= self.castling.hash(self.castling.rooks);
        if let Some(ep) = self.en_passant {
            hash ^= zobrist::en_passant(ep.file());
        }
        if self.side == Color::White {
            hash ^= zobrist::white_to_move();
        }
        hash
    }

    /// Plays a move, which must be legal (from this board's generator or checked with
    /// [`is_legal`](Board::is_legal)). An illegal move leaves the board in an unspecified but
    /// memory-safe state; it never panics.
    ///
    /// The make is cheap: pieces, Zobrist key, castling rights, en passant and clocks. Whether
    /// the new side to move is in check, and which of its pieces are pinned, is worked out by
    /// the first query that needs it (generation, [`in_check`](Board::in_check), ...).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        if let Some(moved) = self.piece_on(mv.from) {
            self.make_piece::<true>(moved, mv);
        }
    }

    /// Plays `mv` if it is legal; otherwise leaves the board unchanged and says why.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let mut board = Board::default();
    /// assert!(board.play(Move::new(Square::E2, Square::E5)).is_err());
    /// assert!(board.play(Move::new(Square::E2, Square::E4)).is_ok());
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// What `mv`, made by a piece of kind `moved`, XORs into the Zobrist key, worked out
    /// without making it: lets perft look a child up in its table before (or instead of)
    /// making it. [`play_piece`](Board::play_piece) uses it too, so the two cannot disagree.
    #[inline(always)]
    pub(crate) fn key_change(&self, moved: Piece, mv: Move) -> u64 {
        let captured = if self.colors[(!self.side).index()].has(mv.to) {
            self.piece_on(mv.to)
        } else {
            None
        };
        self.key_change_with(moved, mv, captured)
    }

    /// [`key_change`](Board::key_change) with the captured piece (if any) already known.
    #[inline(always)]
    fn key_change_with(&self, moved: Piece, mv: Move, captured: Option<Piece>) -> u64 {
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from, mv.to);
        let mut key = zobrist::white_to_move();
        if let Some(ep) = self.en_passant {
            key ^= zobrist::en_passant(ep.file());
        }
        if moved == Piece::King && self.colors[us.index()].has(to) {
            let (king_to, rook_to) = castling_targets(us, from, to);
            key ^= zobrist::piece(us, Piece::King, from)
                ^ zobrist::piece(us, Piece::King, king_to)
                ^ zobrist::piece(us, Piece::Rook, to)
                ^ zobrist::piece(us, Piece::Rook, rook_to);
        } else {
            if let Some(captured) = captured {
                key ^= zobrist::piece(them, captured, to);
            }
            let placed = mv
                .promotion
                .filter(|_| moved == Piece::Pawn)
                .unwrap_or(moved);
            key ^= zobrist::piece(us, moved, from) ^ zobrist::piece(us, placed, to);
            if moved == Piece::Pawn {
                if let Some(ep) = double_step_square(from, to) {
                    if !(pawn_attacks(us, ep) & self.colored_pieces(them, Piece::Pawn)).is_empty() {
                        key ^= zobrist::en_passant(ep.file());
                    }
                } else if from.file() != to.file() && !self.occupied().has(to) {
                    key ^= zobrist::piece(them, Piece::Pawn, Square::new(to.file(), from.rank()));
                }
            }
        }
        let lost = self.castling_lost(moved, from, to);
        if !lost.is_empty() {
            key ^= self.castling.hash(lost);
        }
        key
    }

    /// The castling rights that a move of `moved` from `from` to `to` takes away.
    #[inline(always)]
    fn castling_lost(&self, moved: Piece, from: Square, to: Square) -> Bitboard {
        let mut lost = self.castling.rooks & (from.bitboard() | to.bitboard());
        if moved == Piece::King {
            lost |= self.castling.rooks & Rank::First.relative_to(self.side);
        }
        lost
    }

    /// Plays `mv`, whose moving piece is known to be `moved`, and works out the new checkers
    /// and pins (perft generates at nearly every node it makes). With `HASH` false the Zobrist
    /// key is left stale (perft without a hash table has no use for it).
    #[inline(always)]
    pub(crate) fn play_piece<S: Sliders, const HASH: bool>(
        &mut self,
        s: S,
        moved: Piece,
        mv: Move,
    ) {
        // Its own body rather than `make_piece` + `update_checks`: the captured piece is
        // known before the key change, and the pieces move with `put`. Measured on perft,
        // this form runs fewer instructions than the one-pass make (which suits a lazy
        // `play_unchecked`, whose caller may never generate).
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from, mv.to);
        let captured = if self.colors[them.index()].has(to) {
            self.piece_on(to)
        } else {
            None
        };
        if HASH {
            self.hash ^= self.key_change_with(moved, mv, captured);
        }
        self.en_passant = None;
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if moved == Piece::King && self.colors[us.index()].has(to) {
            // Castling, encoded as the king taking its own rook.
            let (king_to, rook_to) = castling_targets(us, from, to);
            self.put(us, Piece::King, from);
            self.put(us, Piece::Rook, to);
            self.put(us, Piece::King, king_to);
            self.put(us, Piece::Rook, rook_to);
        } else {
            if let Some(captured) = captured {
                self.put(them, captured, to);
                self.halfmove = 0;
            }
            self.put(us, moved, from);
            let placed = mv
                .promotion
                .filter(|_| moved == Piece::Pawn)
                .unwrap_or(moved);
            self.put(us, placed, to);
            if moved == Piece::Pawn {
                self.halfmove = 0;
                if let Some(ep) = double_step_square(from, to) {
                    if !(pawn_attacks(us, ep) & self.colored_pieces(them, Piece::Pawn)).is_empty() {
                        self.en_passant = Some(ep);
                    }
                } else if captured.is_none() && from.file() != to.file() {
                    // En passant: the captured pawn stands behind the target square.
                    self.put(them, Piece::Pawn, Square::new(to.file(), from.rank()));
                }
            }
        }
        let lost = self.castling_lost(moved, from, to);
        self.castling.rooks -= lost;
        self.side = them;
        self.update_checks(s);
    }

    /// Plays `mv`, whose moving piece is known to be `moved`, leaving the checkers and pins
    /// [`UNKNOWN`].
    #[inline(always)]
    pub(crate) fn make_piece<const HASH: bool>(&mut self, moved: Piece, mv: Move) {
        // One pass over the move's cases, updating pieces and key together. Without `HASH`
        // the key's table loads are dead code and the optimiser drops them.
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from, mv.to);
        let mut key = zobrist::white_to_move();
        if let Some(ep) = self.en_passant.take() {
            key ^= zobrist::en_passant(ep.file());
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let lost = self.castling_lost(moved, from, to);
        if HASH && !lost.is_empty() {
            key ^= self.castling.hash(lost);
        }
        self.castling.rooks -= lost;
        let capture = self.colors[them.index()].has(to);
        if capture {
            // A capture (castling takes our own rook, never theirs).
            if let Some(captured) = self.piece_on(to) {
                self.put(them, captured, to);
                key ^= zobrist::piece(them, captured, to);
            }
            self.halfmove = 0;
        }
        let squares = from.bitboard() | to.bitboard();
        match moved {
            Piece::Pawn => {
                self.halfmove = 0;
                let placed = mv.promotion.unwrap_or(Piece::Pawn);
                self.pieces[Piece::Pawn.index()] ^= from;
                self.pieces[placed.index()] ^= to;
                self.colors[us.index()] ^= squares;
                key ^= zobrist::piece(us, Piece::Pawn, from) ^ zobrist::piece(us, placed, to);
                if let Some(ep) = double_step_square(from, to) {
                    if !(pawn_attacks(us, ep) & self.colored_pieces(them, Piece::Pawn)).is_empty() {
                        self.en_passant = Some(ep);
                        key ^= zobrist::en_passant(ep.file());
                    }
                } else if !capture && from.file() != to.file() {
                    // En passant: the captured pawn stands behind the target square.
                    let victim = Square::new(to.file(), from.rank());
                    self.put(them, Piece::Pawn, victim);
                    key ^= zobrist::piece(them, Piece::Pawn, victim);
                }
            }
            Piece::King if self.colors[us.index()].has(to) => {
                // Castling, encoded as the king taking its own rook.
                let (king_to, rook_to) = castling_targets(us, from, to);
                self.put(us, Piece::King, from);
                self.put(us, Piece::Rook, to);
                self.put(us, Piece::King, king_to);
                self.put(us, Piece::Rook, rook_to);
                key ^= zobrist::piece(us, Piece::King, from)
                    ^ zobrist::piece(us, Piece::King, king_to)
                    ^ zobrist::piece(us, Piece::Rook, to)
                    ^ zobrist::piece(us, Piece::Rook, rook_to);
            }
            _ => {
                self.pieces[moved.index()] ^= squares;
                self.colors[us.index()] ^= squares;
                key ^= zobrist::piece(us, moved, from) ^ zobrist::piece(us, moved, to);
            }
        }
        if HASH {
            self.hash ^= key;
        }
        self.side = them;
        self.checkers = UNKNOWN;
    }

    /// Takes away the castling rights whose rooks stand on `squares`, keeping the key up to
    /// date (atomic's explosions).
    pub(crate) fn drop_castling_rights(&mut self, squares: Bitboard) {
        let lost = self.castling.rooks & squares;
        if !lost.is_empty() {
            self.hash ^= self.castling.hash(lost);
            self.castling.rooks -= lost;
        }
    }

    /// Hands the move to the other side without moving a piece (a null move): clears en
    /// passant, advances the clocks, keeps the Zobrist key up to date. The caller
    /// makes sure the side to move is not in check.
    pub(crate) fn pass_turn(&mut self) {
        if let Some(ep) = self.en_passant.take() {
            self.hash ^= zobrist::en_passant(ep.file());
        }
        self.hash ^= zobrist::white_to_move();
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = !self.side;
        // The new side's checkers (none: the side that passed was not in check) and pins are
        // worked out when first needed, as after a move.
        self.checkers = UNKNOWN;
    }

    /// Recomputes `checkers` and `pinned` for the side to move.
    #[inline(always)]
    pub(crate) fn update_checks<S: Sliders>(&mut self, s: S) {
        let king = self.king(self.side);
        let theirs = self.colors[(!self.side).index()];
        let rooks = (self.pieces[Piece::Rook.index()] | self.pieces[Piece::Queen.index()]) & theirs;
        let bishops =
            (self.pieces[Piece::Bishop.index()] | self.pieces[Piece::Queen.index()]) & theirs;
        // Only sliders on the king's empty-board rays can check or pin: look up only then.
        let mut snipers = Bitboard::EMPTY;
        if !(rook_rays(king) & rooks).is_empty() {
            snipers |= s.rook(king, theirs) & rooks;
        }
        if !(bishop_rays(king) & bishops).is_empty() {
            snipers |= s.bishop(king, theirs) & bishops;
        }
        self.set_checks(king, snipers);
    }

    /// [`Board::update_checks`] without the slider tables: every slider of theirs on the
    /// king's empty-board rays, and what lies between. More lines to test than the lookups
    /// leave, but only two small tables: for the PGN replay, whose comments stream through
    /// the cache and push the slider tables out of it.
    #[cfg_attr(not(feature = "pgn"), allow(dead_code))]
    pub(crate) fn update_checks_by_rays(&mut self) {
        let king = self.king(self.side);
        let p = &self.pieces;
        let queens = p[Piece::Queen.index()];
        let snipers = (rook_rays(king) & (p[Piece::Rook.index()] | queens)
            | bishop_rays(king) & (p[Piece::Bishop.index()] | queens))
            & self.colors[(!self.side).index()];
        self.set_checks(king, snipers);
    }

    /// Sets `checkers` (their knights and pawns attacking our `king`, and the `snipers`, their
    /// sliders in line with it, with nothing between) and `pinned` (ours alone between a
    /// sniper and the king).
    #[inline(always)]
    fn set_checks(&mut self, king: Square, snipers: Bitboard) {
        let us = self.side;
        let theirs = self.colors[(!us).index()];
        let ours = self.colors[us.index()];
        let mut checkers = (knight_attacks(king) & self.pieces[Piece::Knight.index()]
            | pawn_attacks(us, king) & self.pieces[Piece::Pawn.index()])
            & theirs;
        let occupied = ours | theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper;
            } else if !blockers.has_many() {
                pinned |= blockers & ours;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Whether `square` is attacked by a piece of `by`, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn attacked_with<S: Sliders>(
        &self,
        s: S,
        square: Square,
        by: Color,
        occupied: Bitboard,
    ) -> bool {
        let theirs = self.colors[by.index()];
        let p = &self.pieces;
        let leapers = knight_attacks(square) & p[Piece::Knight.index()]
            | king_attacks(square) & p[Piece::King.index()]
            | pawn_attacks(!by, square) & p[Piece::Pawn.index()];
        if !(leapers & theirs).is_empty() {
            return true;
        }
        let rooks = (p[Piece::Rook.index()] | p[Piece::Queen.index()]) & theirs;
        let bishops = (p[Piece::Bishop.index()] | p[Piece::Queen.index()]) & theirs;
        sliders_attack(s, square, rooks, bishops, occupied)
    }
}

/// Whether one of `rooks` (straight movers) or `bishops` (diagonal movers) attacks `square`,
/// with `occupied` as the blockers. The empty-board rays filter out most slider lookups.
#[inline(always)]
pub(crate) fn sliders_attack<S: Sliders>(
    s: S,
    square: Square,
    rooks: Bitboard,
    bishops: Bitboard,
    occupied: Bitboard,
) -> bool {
    (!(rook_rays(square) & rooks).is_empty() && !(s.rook(square, occupied) & rooks).is_empty())
        || (!(bishop_rays(square) & bishops).is_empty()
            && !(s.bishop(square, occupied) & bishops).is_empty())
}

/// The squares castling of `us`'s king on `king` with the rook on `rook` needs: those the
/// king stands on after leaving `king` and crosses (no enemy may attack them), and those that
/// must be empty but for king and rook.
#[inline(always)]
pub(crate) fn castling_squares(us: Color, king: Square, rook: Square) -> (Bitboard, Bitboard) {
    let (king_to, rook_to) = castling_targets(us, king, rook);
    let king_path = between(king, king_to) | king_to;
    let must_be_empty =
        (king_path | between(rook, rook_to) | rook_to) - king.bitboard() - rook.bitboard();
    (king_path, must_be_empty)
}

/// Where king and rook end up when the king on `king` castles with the rook on `rook`.
#[inline(always)]
pub(crate) fn castling_targets(us: Color, king: Square, rook: Square) -> (Square, Square) {
    let side = if rook.file() > king.file() {
        CastlingSide::Short
    } else {
        CastlingSide::Long
    };
    let back = Rank::First.relative_to(us);
    (
        Square::new(side.king_to(), back),
        Square::new(side.rook_to(), back),
    )
}

/// The square a pawn passes over when it steps from `from` to `to`, if that is a double step.
#[inline(always)]
pub(crate) fn double_step_square(from: Square, to: Square) -> Option<Square> {
    let step = to as i32 - from as i32;
    (step == 16 || step == -16).then(|| Square::index_wrapping((from as usize + to as usize) / 2))
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checkers and pins found along the rays equal those found with the slider
    /// tables, on the positions of random games from standard, tactical and Chess960 starts.
    #[test]
    fn checks_by_rays_equal_checks_by_lookups() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "bbqrknrn/pppppppp/8/8/8/8/PPPPPPPP/BBQRKNRN w GDgd - 0 1",
        ];
        let mut rng = crate::test_rng::Lcg::new(0x853c_49e6_748f_ea9b);
        let mut checked = 0;
        for fen in starts {
            for _ in 0..40 {
                let chess960 = fen.starts_with("bb");
                let mut board = Board::from_fen_with(fen, chess960).expect("a valid FEN");
                for _ in 0..120 {
                    let mut by_rays = board.clone();
                    by_rays.update_checks_by_rays();
                    let mut by_lookups = board.clone();
                    dispatch!(SliderBackend::current(), |s| by_lookups.update_checks(s));
                    assert_eq!(
                        (by_rays.checkers, by_rays.pinned),
                        (by_lookups.checkers, by_lookups.pinned),
                        "{board}"
                    );
                    checked += 1;
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[(rng.next_u64() >> 33) as usize % moves.len()];
                    board.play_unchecked(mv);
                }
            }
        }
        assert!(checked > 10_000);
    }
}
