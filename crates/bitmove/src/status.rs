//! Questions about a position that engines and game front-ends ask: who attacks a square,
//! is the game over, and the split of moves into captures and quiets for
//! quiescence search.
//!
//! Everything here is built on the public board and generation API; the captures/quiets lists
//! come from [`Board::generate_captures`] and [`Board::generate_quiets`], which narrow the
//! targets before working them out.

use crate::SliderBackend;
use crate::attacks::{
    bishop_attacks, king_attacks, king_attacks_set, knight_attacks, knight_attacks_set,
    pawn_attacks, pawn_attacks_set, rook_attacks,
};
use crate::{Bitboard, Board, Color, MoveList, Piece, Square};

/// Whether the side to move can move, and if not, why not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
}

impl Board {
    /// The pieces of `color` that attack `square`, with the board's current blockers (a piece
    /// on `square` itself does not block).
    ///
    /// ```
    /// use bitmove::{Board, Color, Square};
    ///
    /// let board = Board::default();
    /// let defenders = board.attackers_to(Square::F3, Color::White);
    /// assert_eq!(defenders.len(), 3); // e2 and g2 pawns, g1 knight
    /// ```
    pub fn attackers_to(&self, square: Square, color: Color) -> Bitboard {
        self.attackers_through(square, self.occupied()) & self.colors(color)
    }

    /// The pieces of both colours that attack `square` with `occupied` as the blockers (the
    /// caller masks out pieces it has taken off): what [`attackers_to`](Board::attackers_to)
    /// and the static exchange evaluation share.
    #[inline]
    pub(crate) fn attackers_through(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let straight = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        let diagonal = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        // A pawn attacks `square` from where a pawn of the other colour on `square` would.
        pawn_attacks(Color::Black, square) & self.colored_pieces(Color::White, Piece::Pawn)
            | pawn_attacks(Color::White, square) & self.colored_pieces(Color::Black, Piece::Pawn)
            | knight_attacks(square) & self.pieces(Piece::Knight)
            | king_attacks(square) & self.pieces(Piece::King)
            | rook_attacks(square, occupied) & straight
            | bishop_attacks(square, occupied) & diagonal
    }

    /// Every square a piece of `color` attacks with the board's current blockers: pawn
    /// captures (whether or not anything stands there), knight, bishop, rook, queen and king
    /// attacks. Squares holding `color`'s own pieces are included when attacked: they are
    /// defended. The same set as the squares where [`is_attacked`](Board::is_attacked)`(sq,
    /// color)` holds.
    ///
    /// ```
    /// use bitmove::{Board, Color, Square};
    ///
    /// let board = Board::default();
    /// let white = board.attacks_by(Color::White);
    /// assert_eq!(white.len(), 22); // the third rank, and 14 own pieces: all but a1 and h1
    /// assert!(white.has(Square::F3) && white.has(Square::E1) && !white.has(Square::H1));
    /// assert_eq!(board.attacks_by(Color::Black), white.flip_ranks());
    /// ```
    pub fn attacks_by(&self, color: Color) -> Bitboard {
        let occupied = self.occupied();
        let sliders = SliderBackend::current();
        let ours = |piece| self.colored_pieces(color, piece);
        let queens = ours(Piece::Queen);
        let mut attacked = pawn_attacks_set(color, ours(Piece::Pawn))
            | knight_attacks_set(ours(Piece::Knight))
            | king_attacks_set(ours(Piece::King));
        for square in ours(Piece::Rook) | queens {
            attacked |= sliders.rook_attacks(square, occupied);
        }
        for square in ours(Piece::Bishop) | queens {
            attacked |= sliders.bishop_attacks(square, occupied);
        }
        attacked
    }

    /// Whether a piece of `by` attacks `square`.
    ///
    /// ```
    /// use bitmove::{Board, Color, Square};
    ///
    /// let board = Board::default();
    /// assert!(board.is_attacked(Square::F6, Color::Black));
    /// assert!(!board.is_attacked(Square::E4, Color::Black));
    /// ```
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        !self.attackers_to(square, by).is_empty()
    }

    /// Whether the side to move has at least one legal move; stops at the first one found.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// Whether the game goes on, or the side to move is mated or stalemated. Draws by rule
    /// (fifty moves, repetition, insufficient material) are separate questions:
    /// [`is_fifty_move_draw`](Board::is_fifty_move_draw),
    /// [`is_insufficient_material`](Board::is_insufficient_material), and
    /// [`Game`](crate::Game) for repetition.
    ///
    /// ```
    /// use bitmove::{Board, Status};
    ///
    /// let mated: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(mated.status(), Status::Checkmate);
    /// assert_eq!(Board::default().status(), Status::Ongoing);
    /// ```
    pub fn status(&self) -> Status {
        if self.has_legal_moves() {
            Status::Ongoing
        } else if self.in_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Whether neither side has the material to mate by any sequence of legal moves: no
    /// pawns, rooks or queens, and either at most one knight or bishop in all, or only
    /// bishops, all on squares of one colour. (K+N v K+N is not included: mate is possible,
    /// if only with help.)
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board: Board = "8/8/4k3/8/2b5/3B4/4K3/8 w - - 0 1".parse().unwrap(); // bishops on light squares
    /// assert!(board.is_insufficient_material());
    /// assert!(!Board::default().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(Piece::Pawn) | self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let bishops = self.pieces(Piece::Bishop);
        let minors = bishops | self.pieces(Piece::Knight);
        minors.len() <= 1
            || (minors == bishops
                && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                    || (bishops & Bitboard::DARK_SQUARES).is_empty()))
    }

    /// Whether the fifty-move rule applies: a hundred half-moves or more without a capture or
    /// a pawn move, and the side to move is not mated (mate on the hundredth ply wins).
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board: Board = "8/8/4k3/8/8/3RK3/8/8 w - - 100 80".parse().unwrap();
    /// assert!(board.is_fifty_move_draw());
    /// ```
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && self.status() != Status::Checkmate
    }

    /// The position with the side to move passing its turn, for null-move pruning; `None` when
    /// in check (passing would leave the king capturable). The en-passant square is cleared,
    /// the halfmove clock and move number advance as for a move, and the hash is updated
    /// incrementally (side-to-move and en-passant keys).
    ///
    /// ```
    /// use bitmove::{Board, Color};
    ///
    /// let passed = Board::default().null_move().unwrap();
    /// assert_eq!(passed.side_to_move(), Color::Black);
    /// assert_eq!(passed.hash(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
    ///     .parse::<Board>().unwrap().hash());
    /// ```
    pub fn null_move(&self) -> Option<Board> {
        if self.in_check() {
            return None;
        }
        let mut board = self.clone();
        board.pass_turn();
        Some(board)
    }

    /// The legal captures: moves onto an enemy piece, en passant, and capturing promotions
    /// (each of the four pieces).
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board: Board = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    /// let captures = board.captures();
    /// assert_eq!(captures.len(), 1);
    /// assert_eq!(captures[0].to_string(), "e5d6"); // en passant
    /// assert_eq!(board.quiets().len() + captures.len(), board.legal_moves().len());
    /// ```
    pub fn captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_captures(|moves| {
            list.push_all(moves);
            false
        });
        list
    }

    /// The legal moves that capture nothing: quiet moves, pushes, quiet promotions, and
    /// castling (which takes only its own rook).
    pub fn quiets(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_quiets(|moves| {
            list.push_all(moves);
            false
        });
        list
    }
}
