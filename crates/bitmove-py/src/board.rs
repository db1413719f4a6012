//! `bitmove.Board`: a position with its move history, under python-chess's names, and
//! `board.legal_moves`, the live view of its legal moves.

use bitmove::{CastlingNotation, Color, Game, Status};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};

use crate::args::parse_board;
use crate::encode;
use crate::errors::{IllegalMoveError, san_error, uci_error};
use crate::moves::{Move, import_chess, square};
use crate::outcome::{Outcome, Termination};
use crate::piece::Piece;

/// A chess position and the moves that led to it (for `pop`, repetition and `outcome`).
///
/// `Board()` is the start position; `Board(fen)` reads a FEN (X-FEN or Shredder-FEN castling
/// letters), `chess960=True` switches castling to king-takes-rook notation.
#[pyclass(module = "bitmove")]
#[derive(Clone)]
pub struct Board {
    game: Game,
}

impl Board {
    /// The current position.
    pub(crate) fn current(&self) -> &bitmove::Board {
        self.game.board()
    }

    /// `mv` (internal form) as the board's UCI writes it.
    fn shown(board: &bitmove::Board, mv: bitmove::Move) -> Move {
        Move::from_inner(board.uci(mv).as_move())
    }

    /// The internal form of `mv` if it is legal here, else `IllegalMoveError`.
    fn internal(&self, mv: &Move) -> PyResult<bitmove::Move> {
        self.current()
            .parse_uci_move(mv.inner)
            .map_err(|error| uci_error(&mv.inner.to_string(), error))
    }

    /// The moves played with the board each was played on, oldest first.
    fn history(&self) -> Vec<(bitmove::Board, bitmove::Move)> {
        let mut board = self.game.start().clone();
        let mut out = Vec::with_capacity(self.game.moves().len());
        for &mv in self.game.moves() {
            out.push((board.clone(), mv));
            board.play_unchecked(mv);
        }
        out
    }

    /// The FEN of `board`: X-FEN (or Shredder-FEN) castling letters, and, as python-chess
    /// writes it, an en-passant square only when an en-passant capture is legal.
    pub(crate) fn fen_of(board: &bitmove::Board, shredder: bool) -> String {
        let notation = if shredder {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::XFen
        };
        let fen = board.fen_with(notation).to_string();
        let Some(ep) = board.en_passant() else {
            return fen;
        };
        let capturable = board
            .legal_moves()
            .iter()
            .any(|mv| mv.to == ep && board.piece_on(mv.from) == Some(bitmove::Piece::Pawn));
        if capturable {
            return fen;
        }
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if let Some(field) = fields.get_mut(3) {
            *field = "-";
        }
        fields.join(" ")
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen=None, *, chess960=false))]
    fn new(fen: Option<&str>, chess960: bool) -> PyResult<Board> {
        Ok(Board {
            game: Game::new(parse_board(fen, chess960)?),
        })
    }

    /// The position as FEN. Castling as X-FEN (`KQkq`, a file letter for an inner rook),
    /// or Shredder-FEN (`HAha`) with `shredder=True`.
    #[pyo3(signature = (*, shredder=false))]
    fn fen(&self, shredder: bool) -> String {
        Board::fen_of(self.current(), shredder)
    }

    /// True when white is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.current().side_to_move() == Color::White
    }

    /// Whether castling is written king-takes-rook (Chess960).
    #[getter]
    fn chess960(&self) -> bool {
        self.current().is_chess960()
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.current().halfmove_clock()
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.current().fullmove_number()
    }

    /// The moves played since the board was made, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.history()
            .into_iter()
            .map(|(board, mv)| Board::shown(&board, mv))
            .collect()
    }

    /// The piece on `square` (0 = a1 ... 63 = h8), or None.
    fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        let at = crate::moves::square(square)
            .map_err(|_| PyIndexError::new_err(format!("square {square} is not in 0..=63")))?;
        let board = self.current();
        Ok(board
            .piece_on(at)
            .zip(board.color_on(at))
            .map(|(piece, color)| Piece::new(piece, color)))
    }

    /// A copy; with `stack=False` the copy starts at the current position, without history.
    #[pyo3(signature = (*, stack=true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board {
                game: Game::new(self.current().clone()),
            }
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The legal moves: a live view supporting `len()`, iteration, indexing and `in`.
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> LegalMoves {
        LegalMoves::new(slf.unbind())
    }

    /// The legal moves as UCI strings, in one call (faster than `[m.uci() for m in ...]`).
    fn legal_moves_uci<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let board = self.current();
        let moves = board.legal_moves();
        PyList::new(
            py,
            moves
                .iter()
                .map(|&mv| crate::moves::uci_string(py, board.uci(mv).as_move())),
        )
    }

    /// Plays a legal move; `IllegalMoveError` (and the board unchanged) otherwise.
    fn push(&mut self, mv: PyRef<'_, Move>) -> PyResult<()> {
        let inner = self.internal(&mv)?;
        self.game
            .play(inner)
            .map_err(|_| IllegalMoveError::new_err(format!("illegal move {}", mv.inner)))
    }

    /// Plays a move given in UCI and returns it: `InvalidMoveError` for text that is not UCI,
    /// `IllegalMoveError` for a move that is not legal; the board is unchanged after either.
    fn push_uci(&mut self, uci: &str) -> PyResult<Move> {
        let inner = self
            .current()
            .parse_uci(uci)
            .map_err(|error| uci_error(uci, error))?;
        let shown = Board::shown(self.current(), inner);
        self.game
            .play(inner)
            .map_err(|_| IllegalMoveError::new_err(format!("illegal move {uci:?}")))?;
        Ok(shown)
    }

    /// Plays a move given in SAN and returns it: `InvalidMoveError`, `IllegalMoveError` or
    /// `AmbiguousMoveError` otherwise, with the board unchanged.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let inner = self
            .current()
            .parse_san(san)
            .map_err(|error| san_error(san, error))?;
        let shown = Board::shown(self.current(), inner);
        self.game
            .play(inner)
            .map_err(|_| IllegalMoveError::new_err(format!("illegal move {san:?}")))?;
        Ok(shown)
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    fn pop(&mut self) -> PyResult<Move> {
        let mv = self
            .game
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        Ok(Board::shown(self.current(), mv))
    }

    /// The move in SAN (with `+` or `#`); `IllegalMoveError` if it is not legal here.
    fn san(&self, mv: PyRef<'_, Move>) -> PyResult<String> {
        let inner = self.internal(&mv)?;
        Ok(self.current().san(inner).to_string())
    }

    /// Reads SAN (leniently: `0-0`, a missing `+`) into a legal Move.
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        let inner = self
            .current()
            .parse_san(san)
            .map_err(|error| san_error(san, error))?;
        Ok(Board::shown(self.current(), inner))
    }

    /// Reads UCI into a legal Move (`e1h1` is accepted for `e1g1` on a standard board).
    fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        let inner = self
            .current()
            .parse_uci(uci)
            .map_err(|error| uci_error(uci, error))?;
        Ok(Board::shown(self.current(), inner))
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: PyRef<'_, Move>) -> bool {
        self.internal(&mv).is_ok()
    }

    /// Whether the legal `mv` gives check (`IllegalMoveError` if it is not legal).
    fn gives_check(&self, mv: PyRef<'_, Move>) -> PyResult<bool> {
        let inner = self.internal(&mv)?;
        Ok(self.current().gives_check(inner))
    }

    fn is_check(&self) -> bool {
        self.current().in_check()
    }

    fn is_checkmate(&self) -> bool {
        self.current().status() == Status::Checkmate
    }

    fn is_stalemate(&self) -> bool {
        self.current().status() == Status::Stalemate
    }

    /// Whether neither side has mating material (bitmove's rule: no pawns, rooks or queens,
    /// and at most one minor piece in all, or only bishops all on one colour of square).
    fn is_insufficient_material(&self) -> bool {
        self.current().is_insufficient_material()
    }

    /// Whether the position has occurred `count` times (now included) since the board was
    /// made; positions compare by Polyglot key.
    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game.is_repetition(count)
    }

    /// How the game ended, or None. The automatic endings are checked as python-chess does:
    /// checkmate, insufficient material, stalemate, the 75-move rule, fivefold repetition;
    /// with `claim_draw=True` also the fifty-move rule and threefold repetition in the current
    /// position.
    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome(&self, claim_draw: bool) -> Option<Outcome> {
        let board = self.current();
        let draw = |termination| Some(Outcome::new(termination, None));
        match board.status() {
            Status::Checkmate => {
                return Some(Outcome::new(
                    Termination::Checkmate,
                    Some(board.side_to_move() != Color::White),
                ));
            }
            _ if board.is_insufficient_material() => {
                return draw(Termination::InsufficientMaterial);
            }
            Status::Stalemate => return draw(Termination::Stalemate),
            Status::Ongoing => {}
        }
        if board.halfmove_clock() >= 150 {
            return draw(Termination::SeventyfiveMoves);
        }
        if self.game.is_repetition(5) {
            return draw(Termination::FivefoldRepetition);
        }
        if claim_draw {
            if board.halfmove_clock() >= 100 {
                return draw(Termination::FiftyMoves);
            }
            if self.game.is_repetition(3) {
                return draw(Termination::ThreefoldRepetition);
            }
        }
        None
    }

    /// Whether `outcome(claim_draw=...)` is not None.
    #[pyo3(signature = (*, claim_draw=false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome(claim_draw).map(|o| o.winner_value()) {
            None => "*",
            Some(Some(true)) => "1-0",
            Some(Some(false)) => "0-1",
            Some(None) => "1/2-1/2",
        }
    }

    /// The Polyglot Zobrist key, equal to `chess.polyglot.zobrist_hash` of the position.
    fn zobrist_hash(&self) -> u64 {
        self.current().hash()
    }

    /// The number of leaf nodes `depth` plies below this position (all cores, no hash table;
    /// the GIL is released and Ctrl-C interrupts it).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        crate::perft::perft_board(py, self.current().clone(), depth, None, 0)
    }

    /// The legal moves as a NumPy `bool` array of shape (64, 64), `[from_square, to_square]`:
    /// castling as its UCI move (`e1g1`, or `e1h1` in Chess960), promotions collapsed into one
    /// entry.
    fn legal_move_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut out = vec![0u8; encode::MASK_LEN];
        encode::mask(self.current(), &mut out);
        encode::bool_array(py, &out, &[64, 64])
    }

    /// The pieces as a NumPy `bool` array of shape (12, 8, 8): planes P N B R Q K of white,
    /// then of black, each indexed `[rank, file]` with rank 0 = the first rank (a1 is
    /// `[0, 0]`, h8 `[7, 7]`), so `planes()[p].ravel()[square]` is python-chess's numbering.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut out = vec![0u8; encode::PLANES_LEN];
        encode::planes(self.current(), &mut out);
        encode::bool_array(py, &out, &[12, 8, 8])
    }

    /// The same game as a `chess.Board` (needs python-chess): start position, moves, and so
    /// the current position and its history.
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = import_chess(py)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", self.chess960())?;
        let start = Board::fen_of(self.game.start(), false);
        let board = chess.getattr("Board")?.call((start,), Some(&kwargs))?;
        let from_uci = chess.getattr("Move")?.getattr("from_uci")?;
        for (before, mv) in self.history() {
            let uci = before.uci(mv).to_string();
            board.call_method1("push", (from_uci.call1((uci,))?,))?;
        }
        Ok(board)
    }

    /// A Board from a `chess.Board`: its root position and its move stack, so `pop` and
    /// repetitions work as there.
    #[classmethod]
    fn from_chess(_cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<Board> {
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let root_fen: String = board.call_method0("root")?.call_method0("fen")?.extract()?;
        let mut out = Board::new(Some(&root_fen), chess960)?;
        for mv in board.getattr("move_stack")?.try_iter()? {
            let uci: String = mv?.call_method0("uci")?.extract()?;
            out.push_uci(&uci)?;
        }
        Ok(out)
    }

    fn __eq__(&self, other: PyRef<'_, Board>) -> bool {
        self.current() == other.current()
    }

    fn __repr__(&self) -> String {
        let fen = self.fen(false);
        if self.chess960() {
            format!("Board('{fen}', chess960=True)")
        } else {
            format!("Board('{fen}')")
        }
    }

    /// The board drawn as python-chess draws it: rank 8 first, `.` for an empty square.
    fn __str__(&self) -> String {
        let board = self.current();
        let mut rows = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            let row: Vec<String> = (0..8)
                .map(|file| {
                    let at = square(rank * 8 + file).ok();
                    at.and_then(|sq| board.piece_on(sq).zip(board.color_on(sq)))
                        .map_or('.', |(piece, color)| piece.to_char_colored(color))
                        .to_string()
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }
}

/// The legal moves of a board, as it is when asked: `len()`, iteration, indexing, `in`.
#[pyclass(module = "bitmove", frozen)]
pub struct LegalMoves {
    board: Py<Board>,
}

impl LegalMoves {
    pub(crate) fn new(board: Py<Board>) -> LegalMoves {
        LegalMoves { board }
    }

    fn moves(&self, py: Python<'_>) -> Vec<Move> {
        let owner = self.board.borrow(py);
        let board = owner.current();
        board
            .legal_moves()
            .iter()
            .map(|&mv| Move::from_inner(board.uci(mv).as_move()))
            .collect()
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).current().count_moves()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.board.borrow(py).current().has_legal_moves()
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> bool {
        let Ok(mv) = mv.cast::<Move>() else {
            return false;
        };
        let inner = mv.get().inner;
        self.board
            .borrow(py)
            .current()
            .parse_uci_move(inner)
            .is_ok()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.moves(py))?
            .as_any()
            .try_iter()?
            .into_any())
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Move> {
        let moves = self.moves(py);
        let at = if index < 0 {
            index + moves.len() as isize
        } else {
            index
        };
        usize::try_from(at)
            .ok()
            .and_then(|i| moves.get(i).copied())
            .ok_or_else(|| PyIndexError::new_err("legal move index out of range"))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let owner = self.board.borrow(py);
        let board = owner.current();
        let sans: Vec<String> = board
            .legal_moves()
            .iter()
            .map(|&mv| board.san(mv).to_string())
            .collect();
        format!("<LegalMoves ({})>", sans.join(", "))
    }
}
