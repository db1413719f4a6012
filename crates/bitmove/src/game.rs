//! [`Game`]: a position with its history, for the rules a single position cannot decide
//! (repetition) and for taking moves back.
//!
//! The history keeps the board before each move, so [`Game::undo`] is a pop rather than an
//! unmake, and repetitions are found by comparing Zobrist hashes. A board is about a hundred
//! bytes, so a long game costs tens of kilobytes. Needs the `std` feature (the history is a
//! `Vec`).

use std::vec::Vec;

use crate::{Board, Color, IllegalMove, Move, San, SanError, Status};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// A draw, and why.
    Draw(DrawReason),
}

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate ([`Board::is_insufficient_material`]).
    InsufficientMaterial,
    /// A hundred half-moves without capture or pawn move ([`Board::is_fifty_move_draw`]).
    FiftyMoveRule,
    /// The position has occurred three times ([`Game::is_repetition`]).
    ThreefoldRepetition,
}

/// A game: the start position, the moves played, and the board they lead to.
///
/// ```
/// use bitmove::{Game, Outcome};
///
/// let mut game = Game::default();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     game.play_san(san).unwrap();
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: bitmove::Color::Black }));
/// assert_eq!(game.undo().map(|mv| mv.to_string()), Some("d8h4".to_string()));
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Board,
    board: Board,
    /// The board before each move, oldest first.
    before: Vec<Board>,
    moves: Vec<Move>,
}

impl Default for Game {
    /// A game from the standard start position.
    fn default() -> Game {
        Game::new(Board::default())
    }
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Board) -> Game {
        Game {
            board: start.clone(),
            start,
            before: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in SAN, oldest first (each against the board it was played on).
    ///
    /// ```
    /// use bitmove::Game;
    ///
    /// let mut game = Game::default();
    /// game.play_san("e4").unwrap();
    /// game.play_san("Nf6").unwrap();
    /// let sans: Vec<String> = game.san_moves().map(|san| san.to_string()).collect();
    /// assert_eq!(sans, ["e4", "Nf6"]);
    /// ```
    pub fn san_moves(&self) -> impl Iterator<Item = San> + '_ {
        self.before
            .iter()
            .zip(&self.moves)
            .map(|(board, &mv)| board.san(mv))
    }

    /// Plays `mv` if it is legal; otherwise the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.board.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        self.push(mv);
        Ok(())
    }

    /// Plays a move given in SAN (read as leniently as [`Board::parse_san`] reads it) and
    /// returns it.
    pub fn play_san(&mut self, san: &str) -> Result<Move, SanError> {
        let mv = self.board.parse_san(san)?;
        self.push(mv);
        Ok(mv)
    }

    fn push(&mut self, mv: Move) {
        let mut next = self.board.clone();
        next.play_unchecked(mv);
        self.before.push(core::mem::replace(&mut self.board, next));
        self.moves.push(mv);
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let board = self.before.pop()?;
        self.board = board;
        self.moves.pop()
    }

    /// How many times the current position has occurred, now included: same placement, side
    /// to move, castling rights and en-passant square (compared by
    /// [`Board::repetition_key`], so a collision, at odds of about 2^-64 per pair, could merge
    /// two positions). Only positions since the last capture or pawn move are looked at, as no
    /// earlier one can recur.
    ///
    /// En passant counts as FIDE (and python-chess) count it: only when an en-passant capture
    /// is legal. A capture that is pseudo-legal but illegal (a pinned pawn) changes nothing,
    /// unlike in the Polyglot key ([`Board::hash`]).
    ///
    /// ```
    /// use bitmove::Game;
    ///
    /// // After ...d5 the e5 pawn could take en passant but is pinned by the a5 rook.
    /// let mut game = Game::new("4k3/3p4/8/r3P2K/8/8/8/6N1 b - - 0 1".parse().unwrap());
    /// for san in ["d5", "Nf3", "Kf8", "Ng1", "Ke8", "Nf3", "Kf8", "Ng1", "Ke8"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert_eq!(game.repetitions(), 3);
    /// ```
    pub fn repetitions(&self) -> usize {
        let hash = self.board.repetition_key();
        let window = self.board.halfmove_clock() as usize;
        // The board before the last move had the other side to move: look two plies back at a
        // time.
        1 + self
            .before
            .iter()
            .rev()
            .take(window)
            .skip(1)
            .step_by(2)
            .filter(|board| board.repetition_key() == hash)
            .count()
    }

    /// Whether the current position has occurred at least `times` times (now included):
    /// `is_repetition(3)` is the threefold rule, `is_repetition(5)` the fivefold.
    ///
    /// ```
    /// use bitmove::Game;
    ///
    /// let mut game = Game::default();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert!(game.is_repetition(3));
    /// assert!(!game.is_repetition(4));
    /// ```
    pub fn is_repetition(&self, times: usize) -> bool {
        self.repetitions() >= times
    }

    /// Whether the side to move may claim a draw by threefold repetition, as FIDE (and
    /// python-chess's `can_claim_threefold_repetition`) rule it: the position has occurred
    /// three times, or a legal move leads to a position that would then have occurred three
    /// times.
    ///
    /// ```
    /// use bitmove::Game;
    ///
    /// let mut game = Game::default();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert!(!game.is_repetition(3));
    /// assert!(game.can_claim_threefold_repetition()); // ...Ng8 repeats the start a third time
    /// ```
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.is_repetition(3) {
            return true;
        }
        // The positions since the last irreversible move, the current one included.
        let window = self.board.halfmove_clock() as usize;
        let earlier: Vec<u64> = core::iter::once(&self.board)
            .chain(self.before.iter().rev().take(window))
            .map(Board::repetition_key)
            .collect();
        self.board.legal_moves().iter().any(|&mv| {
            let mut child = self.board.clone();
            child.play_unchecked(mv);
            if child.halfmove_clock() == 0 {
                return false;
            }
            let key = child.repetition_key();
            earlier.iter().filter(|&&k| k == key).count() >= 2
        })
    }

    /// Whether the side to move may claim a draw under the fifty-move rule, as python-chess's
    /// `can_claim_fifty_moves`: fifty moves by each side without capture or pawn move have
    /// been played (and the game is not over by a lack of moves), or a legal move that is
    /// neither a capture nor a pawn move completes them.
    pub fn can_claim_fifty_moves(&self) -> bool {
        let clock = self.board.halfmove_clock();
        if clock >= 100 {
            return self.board.has_legal_moves();
        }
        clock >= 99
            && self.board.legal_moves().iter().any(|&mv| {
                let mut child = self.board.clone();
                child.play_unchecked(mv);
                child.halfmove_clock() != 0
            })
    }

    /// [`can_claim_fifty_moves`](Game::can_claim_fifty_moves) or
    /// [`can_claim_threefold_repetition`](Game::can_claim_threefold_repetition).
    pub fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// Whether the fifty-move rule applies to the current position.
    pub fn is_fifty_move_draw(&self) -> bool {
        self.board.is_fifty_move_draw()
    }

    /// The result, if the game is over: checkmate, stalemate, insufficient material, the
    /// fifty-move rule or threefold repetition, in that order. The last two are draws a player
    /// may claim under FIDE rules; like engines and most servers, this treats them as claimed.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.board.status() {
            Status::Checkmate => {
                return Some(Outcome::Checkmate {
                    winner: !self.board.side_to_move(),
                });
            }
            Status::Stalemate => return Some(Outcome::Draw(DrawReason::Stalemate)),
            Status::Ongoing => {}
        }
        let reason = if self.board.is_insufficient_material() {
            DrawReason::InsufficientMaterial
        } else if self.board.halfmove_clock() >= 100 {
            DrawReason::FiftyMoveRule
        } else if self.is_repetition(3) {
            DrawReason::ThreefoldRepetition
        } else {
            return None;
        };
        Some(Outcome::Draw(reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow oracle: a position's identity for repetition, from its FEN, with the
    /// en-passant field kept only when a legal move is a pawn capturing onto it.
    fn fide_identity(board: &Board) -> String {
        let fen = board.to_string();
        let fields: Vec<&str> = fen.split(' ').collect();
        let legal_ep = board.en_passant().is_some_and(|ep| {
            board
                .legal_moves()
                .iter()
                .any(|mv| mv.to == ep && board.piece_on(mv.from) == Some(crate::Piece::Pawn))
        });
        let ep = if legal_ep { fields[3] } else { "-" };
        format!("{} {} {} {}", fields[0], fields[1], fields[2], ep)
    }

    fn slow_repetitions(game: &Game) -> usize {
        let now = fide_identity(game.board());
        let mut board = game.start().clone();
        let mut count = usize::from(fide_identity(&board) == now);
        for &mv in game.moves() {
            board.play_unchecked(mv);
            count += usize::from(fide_identity(&board) == now);
        }
        count
    }

    #[test]
    fn an_illegal_en_passant_capture_does_not_split_repetitions() {
        // The issue's game: after ...d5, exd6 would expose the king on h5 to the a5 rook.
        let start: Board = "4k3/3p4/8/r3P2K/8/8/8/6N1 b - - 0 1".parse().unwrap();
        let mut game = Game::new(start);
        for san in ["d5", "Nf3", "Kf8", "Ng1", "Ke8", "Nf3", "Kf8", "Ng1", "Ke8"] {
            game.play_san(san).unwrap();
            assert_eq!(game.repetitions(), slow_repetitions(&game), "after {san}");
        }
        assert!(game.is_repetition(3));
        // The Polyglot key still counts the square, as the Polyglot standard says.
        assert_ne!(game.start().hash(), 0);
    }

    #[test]
    fn a_legal_en_passant_capture_still_splits_repetitions() {
        // Here exd6 is legal: the position after ...d5 differs from the later ones.
        let start: Board = "4k3/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1".parse().unwrap();
        let mut game = Game::new(start);
        for san in ["d5", "Nf3", "Kf8", "Ng1", "Ke8", "Nf3", "Kf8", "Ng1", "Ke8"] {
            game.play_san(san).unwrap();
            assert_eq!(game.repetitions(), slow_repetitions(&game), "after {san}");
        }
        assert_eq!(game.repetitions(), 2);
    }
}
