//! `bitmove.Board`: a position with its move history, under python-chess's names, and
//! `board.legal_moves`, the live view of its legal moves.

use bitmove::{CastlingNotation, CastlingSide, Color, Game, Status};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PySlice, PyTuple, PyType};

use crate::args::{parse_board, parse_board_lenient};
use crate::encode;
use crate::errors::{IllegalMoveError, san_error, uci_error};
use crate::moves::{Move, import_chess, square};
use crate::outcome::{Outcome, Termination};
use crate::piece::Piece;

/// What a pickled board holds: the start position's FEN, Chess960 or not, the moves in UCI.
type PickledBoard = (String, bool, Vec<String>);

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

    /// The en-passant square as python-chess has it: the square a pawn just skipped with a
    /// double step (whether or not a pawn can take there); at the start, the FEN's (kept by
    /// bitmove only when a capture is pseudo-legal).
    fn raw_ep_square(&self) -> Option<bitmove::Square> {
        let board = self.current();
        let Some(&last) = self.game.moves().last() else {
            return board.en_passant();
        };
        let double_step = board.piece_on(last.to) == Some(bitmove::Piece::Pawn)
            && last.from.file() == last.to.file()
            && (last.from as i32 - last.to as i32).abs() == 16;
        double_step.then(|| square((last.from as i64 + last.to as i64) / 2).ok())?
    }

    /// The colour of a python-chess `color` argument (True = white).
    fn color(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// A `SquareSet` (the Python class in `bitmove._squares`) of `mask`.
    fn square_set<'py>(py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyAny>> {
        py.import("bitmove._squares")?
            .getattr("SquareSet")?
            .call1((mask,))
    }

    /// Whether `mv` is an en-passant capture here, as python-chess's `is_en_passant`.
    fn en_passant_move(&self, mv: bitmove::Move) -> bool {
        let board = self.current();
        self.raw_ep_square() == Some(mv.to)
            && board.piece_on(mv.from) == Some(bitmove::Piece::Pawn)
            && matches!((mv.to as i32 - mv.from as i32).abs(), 7 | 9)
            && board.piece_on(mv.to).is_none()
    }

    /// A board with this one's history and the position of `fen` (a new start).
    fn restart(&mut self, board: bitmove::Board) {
        self.game = Game::new(board);
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
    #[pyo3(signature = (fen=None, *, chess960=false, strict=true))]
    fn new(fen: Option<&str>, chess960: bool, strict: bool) -> PyResult<Board> {
        let board = match (fen, strict) {
            (Some(text), false) => parse_board_lenient(text, chess960)?,
            _ => parse_board(fen, chess960)?,
        };
        Ok(Board {
            game: Game::new(board),
        })
    }

    /// The position as FEN. Castling as X-FEN (`KQkq`, a file letter for an inner rook),
    /// or Shredder-FEN (`HAha`) with `shredder=True`.
    #[pyo3(signature = (*, shredder=false))]
    fn fen(&self, shredder: bool) -> String {
        Board::fen_of(self.current(), shredder)
    }

    /// True when white is to move. Settable, as in python-chess; setting it starts the board
    /// anew from the position with the other side to move (no history, no en-passant square),
    /// and a position where the side not to move would be in check is a `FenError`.
    #[getter]
    fn turn(&self) -> bool {
        self.current().side_to_move() == Color::White
    }

    #[setter]
    fn set_turn(&mut self, white: bool) -> PyResult<()> {
        if white == self.turn() {
            return Ok(());
        }
        let fen = Board::fen_of(self.current(), self.chess960());
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[1] = if white { "w" } else { "b" };
        fields[3] = "-";
        let text = fields.join(" ");
        let board = parse_board(Some(&text), self.chess960())?;
        self.restart(board);
        Ok(())
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

    /// A copy; with `stack=False` the copy starts at the current position, without history,
    /// with `stack=N` (an int) it keeps the last N moves.
    #[pyo3(signature = (*, stack=None))]
    fn copy(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let keep = match stack {
            None => return Ok(self.clone()),
            Some(value) if value.is_instance_of::<PyBool>() => {
                if value.extract::<bool>()? {
                    return Ok(self.clone());
                }
                0
            }
            Some(value) => {
                let n: i64 = value.extract()?;
                usize::try_from(n).map_err(|_| PyValueError::new_err("stack must be >= 0"))?
            }
        };
        let history = self.history();
        let skip = history.len().saturating_sub(keep);
        let Some((start, _)) = history.get(skip) else {
            return Ok(Board {
                game: Game::new(self.current().clone()),
            });
        };
        let mut game = Game::new(start.clone());
        for (_, mv) in &history[skip..] {
            game.play(*mv)
                .map_err(|_| PyValueError::new_err("history replay failed"))?;
        }
        Ok(Board { game })
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

    /// Plays a legal move (a bitmove `Move` or a python-chess `chess.Move`);
    /// `IllegalMoveError` (and the board unchanged) otherwise. Unlike python-chess, which
    /// pushes any move unchecked, an illegal or null move is refused.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = Move::coerce(mv)?;
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
    /// with `claim_draw=True` also the draws `can_claim_fifty_moves` and
    /// `can_claim_threefold_repetition` allow (a claim the next move would make counts, as in
    /// python-chess).
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
            if self.game.can_claim_fifty_moves() {
                return draw(Termination::FiftyMoves);
            }
            if self.game.can_claim_threefold_repetition() {
                return draw(Termination::ThreefoldRepetition);
            }
        }
        None
    }

    /// Whether the side to move may claim a draw (python-chess's rule): the fifty-move rule
    /// (reached, or reached by a legal move) or threefold repetition (reached, or reached by a
    /// legal move).
    fn can_claim_draw(&self) -> bool {
        self.game.can_claim_draw()
    }

    /// Whether a fifty-move claim is possible now or with a legal move.
    fn can_claim_fifty_moves(&self) -> bool {
        self.game.can_claim_fifty_moves()
    }

    /// Whether a threefold-repetition claim is possible now or with a legal move.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.game.can_claim_threefold_repetition()
    }

    /// Whether 75 moves by each side have gone by without capture or pawn move.
    fn is_seventyfive_moves(&self) -> bool {
        self.current().halfmove_clock() >= 150 && self.current().has_legal_moves()
    }

    /// Whether the position has occurred five times.
    fn is_fivefold_repetition(&self) -> bool {
        self.game.is_repetition(5)
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
    fn perft(slf: &Bound<'_, Self>, py: Python<'_>, depth: u32) -> PyResult<u64> {
        // A copy, and the board released before counting: another thread may use the board
        // meanwhile.
        let board = slf.try_borrow()?.current().clone();
        crate::perft::perft_board(py, board, depth, None, 0)
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
        let chess = import_chess(board.py());
        let is_board = match &chess {
            Ok(chess) => board.is_instance(&chess.getattr("Board")?)?,
            Err(_) => false,
        };
        if !is_board {
            return Err(PyTypeError::new_err(format!(
                "from_chess needs a chess.Board, not {}",
                board.get_type().name()?
            )));
        }
        let variant: String = board.getattr("uci_variant")?.extract()?;
        if variant != "chess" {
            return Err(PyValueError::new_err(format!(
                "from_chess reads standard chess and Chess960, not the variant {variant:?}"
            )));
        }
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let root_fen: String = board.call_method0("root")?.call_method0("fen")?.extract()?;
        let mut out = Board::new(Some(&root_fen), chess960, true)?;
        for mv in board.getattr("move_stack")?.try_iter()? {
            let uci: String = mv?.call_method0("uci")?.extract()?;
            out.push_uci(&uci)?;
        }
        Ok(out)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Board>() {
            Ok(other) => match other.try_borrow() {
                Ok(other) => self.current() == other.current(),
                Err(_) => false,
            },
            Err(_) => false,
        }
    }

    /// For pickle: the start position, the mode and the moves.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>, PickledBoard)> {
        let py = slf.py();
        let this = slf.try_borrow()?;
        let moves = this
            .history()
            .into_iter()
            .map(|(before, mv)| before.uci(mv).to_string())
            .collect();
        let state = (
            Board::fen_of(this.game.start(), this.chess960()),
            this.chess960(),
            moves,
        );
        Ok((slf.get_type(), PyTuple::empty(py), state))
    }

    fn __setstate__(&mut self, state: PickledBoard) -> PyResult<()> {
        let (fen, chess960, moves) = state;
        let mut board = Board::new(Some(&fen), chess960, true)?;
        for uci in moves {
            board.push_uci(&uci)?;
        }
        *self = board;
        Ok(())
    }

    // ---- python-chess names: pieces and squares ----

    /// The squares of `piece_type`'s pieces (1 = pawn ... 6 = king) of `color`, as a
    /// `SquareSet`.
    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: i64,
        color: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let piece = crate::piece::from_type(piece_type)?;
        let mask = self.current().colored_pieces(Board::color(color), piece).0;
        Board::square_set(py, mask)
    }

    /// `{square: Piece}` of every occupied square (in `mask`, default all), ascending.
    #[pyo3(signature = (*, mask=u64::MAX))]
    fn piece_map(&self, mask: u64) -> std::collections::BTreeMap<u8, Piece> {
        let board = self.current();
        bitmove::Square::ALL
            .into_iter()
            .filter(|&sq| mask >> (sq as u8) & 1 == 1)
            .filter_map(|sq| {
                let piece = board.piece_on(sq)?;
                let color = board.color_on(sq)?;
                Some((sq as u8, Piece::new(piece, color)))
            })
            .collect()
    }

    /// The piece type on `square` (1 = pawn ... 6 = king), or None.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        let at = crate::moves::square(square)?;
        Ok(self.current().piece_on(at).map(crate::moves::piece_type))
    }

    /// The colour of the piece on `square` (True = white), or None.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        let at = crate::moves::square(square)?;
        Ok(self.current().color_on(at).map(|c| c == Color::White))
    }

    /// The occupied squares as an int bitboard (bit 0 = a1).
    #[getter]
    fn occupied(&self) -> u64 {
        self.current().occupied().0
    }

    /// The square of `color`'s king (an int), as python-chess's `king`.
    fn king(&self, color: bool) -> Option<u8> {
        let board = self.current();
        let color = Board::color(color);
        (!board.colored_pieces(color, bitmove::Piece::King).is_empty())
            .then(|| board.king(color) as u8)
    }

    /// The pieces of `color` that attack `square`, as a `SquareSet` (pinned pieces
    /// included, as in python-chess).
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let at = crate::moves::square(square)?;
        let mask = self.current().attackers_to(at, Board::color(color)).0;
        Board::square_set(py, mask)
    }

    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        let at = crate::moves::square(square)?;
        Ok(!self
            .current()
            .attackers_to(at, Board::color(color))
            .is_empty())
    }

    // ---- python-chess names: the position ----

    /// The number of half-moves since the start of the game, from the move number:
    /// python-chess's `ply()`.
    fn ply(&self) -> u32 {
        let board = self.current();
        2 * board.fullmove_number().saturating_sub(1)
            + u32::from(board.side_to_move() == Color::Black)
    }

    /// Back to the standard start position, history cleared.
    fn reset(&mut self) {
        let mut board = bitmove::Board::default();
        board.set_chess960(self.chess960());
        self.restart(board);
    }

    /// Starts the board anew from `fen` (strictly read; history cleared).
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let board = parse_board(Some(fen), self.chess960())?;
        self.restart(board);
        Ok(())
    }

    /// The piece placement field of the FEN.
    #[pyo3(signature = (*, promoted=false))]
    fn board_fen(&self, promoted: bool) -> String {
        let _ = promoted;
        let fen = Board::fen_of(self.current(), false);
        fen.split(' ').next().unwrap_or_default().to_string()
    }

    /// The en-passant square as an int, as python-chess keeps it: set after every double
    /// pawn step (whether or not a capture is possible), else None.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.raw_ep_square().map(|sq| sq as u8)
    }

    /// The castling rights as an int bitboard of the rooks that may castle (python-chess's
    /// `castling_rights`).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.current().castling_rights().rook_squares().0
    }

    /// Whether `color` may still castle short.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.current()
            .castling_rights()
            .rook(Board::color(color), CastlingSide::Short)
            .is_some()
    }

    /// Whether `color` may still castle long.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.current()
            .castling_rights()
            .rook(Board::color(color), CastlingSide::Long)
            .is_some()
    }

    /// Whether `color` may still castle either way.
    fn has_castling_rights(&self, color: bool) -> bool {
        self.has_kingside_castling_rights(color) || self.has_queenside_castling_rights(color)
    }

    /// Whether `move` captures (en passant included), as python-chess's `is_capture`: by the
    /// squares, legal or not.
    fn is_capture(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = Move::coerce(mv)?.inner;
        let board = self.current();
        let them = !board.side_to_move();
        Ok(board.color_on(mv.to) == Some(them) || self.en_passant_move(mv))
    }

    /// Whether `move` is an en-passant capture.
    fn is_en_passant(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.en_passant_move(Move::coerce(mv)?.inner))
    }

    /// Whether `move` castles: the king moves two files or more, or onto its own rook.
    fn is_castling(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = Move::coerce(mv)?.inner;
        let board = self.current();
        let us = board.side_to_move();
        if board.piece_on(mv.from) != Some(bitmove::Piece::King)
            || board.color_on(mv.from) != Some(us)
        {
            return Ok(false);
        }
        let files = (mv.from.file() as i32 - mv.to.file() as i32).abs();
        Ok(files > 1
            || (board.piece_on(mv.to) == Some(bitmove::Piece::Rook)
                && board.color_on(mv.to) == Some(us)))
    }

    /// The last move played; `IndexError` when there is none.
    fn peek(&self) -> PyResult<Move> {
        self.history()
            .pop()
            .map(|(before, mv)| Board::shown(&before, mv))
            .ok_or_else(|| PyIndexError::new_err("peek from empty move stack"))
    }

    /// The start position, without history.
    fn root(&self) -> Board {
        Board {
            game: Game::new(self.game.start().clone()),
        }
    }

    /// The position mirrored vertically with colours swapped (no history), as python-chess.
    fn mirror(&self) -> Board {
        Board {
            game: Game::new(self.current().mirror()),
        }
    }

    /// python-chess's `transform(f)`: `f` maps each int bitboard (pieces, castling rooks,
    /// en-passant square) to another, e.g. `chess.flip_horizontal`. The result, without
    /// history, is read leniently: castling rights that no longer fit are dropped.
    fn transform(&self, f: &Bound<'_, PyAny>) -> PyResult<Board> {
        let board = self.current();
        let mut cells = [None::<char>; 64];
        for color in [Color::White, Color::Black] {
            for piece in bitmove::Piece::ALL {
                let mask: u64 = f
                    .call1((board.colored_pieces(color, piece).0,))?
                    .extract()?;
                for (sq, cell) in cells.iter_mut().enumerate() {
                    if mask >> sq & 1 == 1 {
                        *cell = Some(piece.to_char_colored(color));
                    }
                }
            }
        }
        let mut ranks = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match cells[rank * 8 + file] {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        let rooks: u64 = f
            .call1((board.castling_rights().rook_squares().0,))?
            .extract()?;
        let mut castling: String = [(7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')]
            .into_iter()
            .filter(|&(sq, _)| rooks >> sq & 1 == 1)
            .map(|(_, c)| c)
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = match board.en_passant() {
            Some(sq) => {
                let mask: u64 = f.call1((1u64 << (sq as u8),))?.extract()?;
                if mask.count_ones() == 1 {
                    crate::moves::square(i64::from(mask.trailing_zeros()))?.to_string()
                } else {
                    "-".to_string()
                }
            }
            None => "-".to_string(),
        };
        let fen = format!(
            "{} {} {castling} {ep} {} {}",
            ranks.join("/"),
            if board.side_to_move() == Color::White {
                "w"
            } else {
                "b"
            },
            board.halfmove_clock(),
            board.fullmove_number()
        );
        Ok(Board {
            game: Game::new(parse_board_lenient(&fen, self.chess960())?),
        })
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

    /// The board, or a `RuntimeError` if it is being changed right now (a callback from
    /// inside one of its own methods), never a panic.
    fn owner<'py>(&'py self, py: Python<'py>) -> PyResult<PyRef<'py, Board>> {
        Ok(self.board.bind(py).try_borrow()?)
    }

    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        let owner = self.owner(py)?;
        let board = owner.current();
        let moves = board
            .legal_moves()
            .iter()
            .map(|&mv| Move::from_inner(board.uci(mv).as_move()))
            .collect();
        Ok(moves)
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.owner(py)?.current().count_moves())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.owner(py)?.current().has_legal_moves())
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    /// Whether `mv` (a bitmove `Move` or a `chess.Move`) is legal.
    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(mv) = Move::coerce(mv) else {
            return Ok(false);
        };
        Ok(self.owner(py)?.current().parse_uci_move(mv.inner).is_ok())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.moves(py)?)?
            .as_any()
            .try_iter()?
            .into_any())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let owner = self.owner(py)?;
        let board = owner.current();
        let sans: Vec<String> = board
            .legal_moves()
            .iter()
            .map(|&mv| board.san(mv).to_string())
            .collect();
        Ok(format!("<LegalMoves ({})>", sans.join(", ")))
    }

    /// The moves last to first.
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut moves = self.moves(py)?;
        moves.reverse();
        Ok(PyList::new(py, moves)?.as_any().try_iter()?.into_any())
    }

    /// A move by index, or a list of moves by slice.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let list = PyList::new(py, self.moves(py)?)?;
            return list.as_any().get_item(slice);
        }
        let index: isize = index.extract()?;
        Ok(Bound::new(py, self.move_at(py, index)?)?.into_any())
    }
}

impl LegalMoves {
    fn move_at(&self, py: Python<'_>, index: isize) -> PyResult<Move> {
        let moves = self.moves(py)?;
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
}
