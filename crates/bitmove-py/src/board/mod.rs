//! `bitmove.Board`: python-chess's `Board` on the library's [`bitmove::Setup`] (any placement,
//! python-chess's rules), its move stack, and the live views `legal_moves` and
//! `pseudo_legal_moves`. Counting (perft) and the NumPy encoders use the fast
//! [`bitmove::Board`] when the position is valid.

use bitmove::{Color, EnPassantMode, Setup, SetupSanError};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PySlice, PyTuple, PyType};

use crate::encode;
use crate::errors::uci_error;
use crate::errors::{AmbiguousMoveError, FenError, IllegalMoveError, InvalidMoveError, fen_error};
use crate::moves::{Move, import_chess, square};
use crate::outcome::{Outcome, Termination};
use crate::piece::Piece;

/// What a pickled board holds: the root position's FEN (every detail kept), Chess960 or
/// not, the moves in UCI (`0000` for a null move), and the attributes a program set on the
/// board (its `__dict__`, as pickle keeps a python-chess board's; missing in older pickles).
type PickledBoard<'py> = (String, bool, Vec<String>, Option<Bound<'py, PyDict>>);

/// The standard start position.
const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One move of the stack: the position before it and the move (internal form; `None` for a
/// null move).
#[derive(Clone, Copy)]
struct Frame {
    before: Setup,
    mv: Option<bitmove::Move>,
}

/// A chess position (any placement, as python-chess holds it) and the moves that led to it.
///
/// `Board()` is the start position, `Board(None)` an empty board, `Board(fen)` reads a FEN
/// as python-chess does (`strict=True` refuses positions that `is_valid()` rejects);
/// `chess960=True` writes castling king-takes-rook.
#[pyclass(module = "bitmove", subclass)]
#[derive(Clone)]
pub struct Board {
    setup: Setup,
    stack: Vec<Frame>,
    /// The variant game for `chess.variant`'s boards (None for standard chess and Chess960).
    variant: Option<Box<variant::VariantGame>>,
    /// python-chess's state attributes as Python objects (see [`mirror::Mirror`]).
    mirror: mirror::Mirror,
}

/// The mask arguments of python-chess's generators (`from_mask`, `to_mask`), all squares by
/// default.
const ALL: u64 = u64::MAX;

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

fn en_passant_mode(value: &str) -> PyResult<EnPassantMode> {
    match value {
        "legal" => Ok(EnPassantMode::Legal),
        "xfen" => Ok(EnPassantMode::PseudoLegal),
        "fen" => Ok(EnPassantMode::Always),
        other => Err(PyValueError::new_err(format!(
            "en_passant must be 'legal', 'xfen' or 'fen', not {other:?}"
        ))),
    }
}

fn setup_fen_error(fen: &str, error: bitmove::SetupFenError) -> PyErr {
    FenError::new_err(format!("{error}: {fen:?}"))
}

/// A refused SAN in python-chess's words: `illegal san: 'Ke3' in <fen>`.
fn san_error(text: &str, error: SetupSanError, fen: &str) -> PyErr {
    let quoted = crate::errors::py_repr(text);
    match error {
        SetupSanError::Invalid => InvalidMoveError::new_err(format!("invalid san: {quoted}")),
        SetupSanError::Illegal => {
            IllegalMoveError::new_err(format!("illegal san: {quoted} in {fen}"))
        }
        SetupSanError::Ambiguous => {
            AmbiguousMoveError::new_err(format!("ambiguous san: {quoted} in {fen}"))
        }
    }
}

/// A `SquareSet` of `mask`.
fn square_set<'py>(py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyAny>> {
    Ok(crate::squares::square_set(py, mask)?.into_any())
}

/// A bitboard argument as python-chess takes one: any int, read as its low 64 bits (so
/// `~mask` and `-1` work); all squares when missing.
fn mask_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match value {
        None => Ok(ALL),
        Some(value) => value.bitand(u64::MAX)?.extract(),
    }
}

fn square_arg(value: i64) -> PyResult<bitmove::Square> {
    square(value).map_err(|_| PyIndexError::new_err(format!("square {value} is not in 0..=63")))
}

/// Puts python-chess's state attributes on `class` (`bitmove.Board`, `_board.py`, a subclass
/// of this one) as member descriptors of the boards' [`mirror::Mirror`]; called once, when the
/// package is imported.
#[pyfunction]
pub(crate) fn _mirror_in(class: &Bound<'_, PyType>) -> PyResult<()> {
    if !class.is_subclass_of::<Board>()? {
        return Err(PyTypeError::new_err("not a subclass of Board"));
    }
    let probe = Bound::new(class.py(), Board::with(Setup::default()))?;
    let board = probe.borrow();
    mirror::Mirror::install(class, probe.as_any(), &board.mirror)
}

/// The names of the attributes [`_mirror_in`] puts on the class, in slot order.
pub(crate) fn mirrored_attributes() -> Vec<&'static str> {
    mirror::NAMES
        .iter()
        .map(|name| name.to_str().expect("ASCII names"))
        .collect()
}

/// The ints 0 ..= 63 (the squares), made once: the keys of `piece_map()`.
fn square_ints(py: Python<'_>) -> &[Py<PyAny>; 64] {
    static SQUARES: pyo3::sync::PyOnceLock<[Py<PyAny>; 64]> = pyo3::sync::PyOnceLock::new();
    SQUARES.get_or_init(py, || {
        std::array::from_fn(|sq| {
            (sq as u8)
                .into_pyobject(py)
                .expect("an int")
                .into_any()
                .unbind()
        })
    })
}

impl Board {
    /// After a change: brings the attributes of `slf` (see [`mirror::Mirror`]) to its state.
    fn sync_attrs(slf: &mut PyRefMut<'_, Board>) -> PyResult<()> {
        let py = slf.py();
        slf.sync(py)
    }

    /// Brings the attributes (see [`mirror::Mirror`]) to the board's state.
    pub(crate) fn sync(&mut self, py: Python<'_>) -> PyResult<()> {
        let setup = &self.setup;
        let mut scalars = [0; mirror::SCALARS];
        let head = [
            u64::from(setup.turn == Color::White),
            setup.castling_rights.0,
            setup.ep_square.map_or(mirror::NO_SQUARE, |sq| sq as u64),
            u64::from(setup.halfmove_clock),
            u64::from(setup.fullmove_number),
            u64::from(setup.chess960),
            setup.promoted.0,
        ];
        scalars[..7].copy_from_slice(&head);
        for (slot, piece) in scalars[7..13].iter_mut().zip(bitmove::Piece::ALL) {
            *slot = self.mask_of(piece);
        }
        scalars[13] = setup.occupied();
        let state = mirror::State {
            scalars,
            colors: [setup.colors[1].0, setup.colors[0].0],
        };
        let stack_len = self.stack_len();
        let (list, have) = self.mirror.sync(py, &state, stack_len)?;
        for index in have..stack_len {
            list.append(self.move_at(index)?)?;
        }
        Ok(())
    }

    /// The number of moves on the move stack.
    fn stack_len(&self) -> usize {
        match &self.variant {
            Some(game) => game.stack.len(),
            None => self.stack.len(),
        }
    }

    /// Empties the move stack (of a variant game too); the position stays.
    fn forget_moves(&mut self) {
        self.stack.clear();
        if let Some(game) = self.variant.as_deref_mut() {
            game.stack.clear();
        }
    }

    /// Move `index` of the move stack, as `move_stack` shows it.
    fn move_at(&self, index: usize) -> PyResult<Move> {
        match &self.variant {
            Some(game) => {
                let frame = &game.stack[index];
                variant::GameView::shown(&frame.pos, frame.mv)
            }
            None => {
                let frame = &self.stack[index];
                Ok(Board::shown(&frame.before, frame.mv))
            }
        }
    }

    fn with(setup: Setup) -> Board {
        Board {
            setup,
            stack: Vec::new(),
            variant: None,
            mirror: mirror::Mirror::default(),
        }
    }

    /// The standard-chess board a tablebase probes: `None` for a variant board.
    pub(crate) fn standard_board(&self) -> Option<PyResult<bitmove::Board>> {
        self.variant.is_none().then(|| self.fast())
    }

    /// The fast board of the position, or a `ValueError` naming what is wrong with it.
    fn fast(&self) -> PyResult<bitmove::Board> {
        self.setup.to_board().map_err(|status| {
            PyValueError::new_err(format!(
                "this needs a valid position (status {:#x}): {}",
                status.0,
                self.fen_string(false, EnPassantMode::Legal, false)
            ))
        })
    }

    fn fen_string(&self, shredder: bool, en_passant: EnPassantMode, promoted: bool) -> String {
        self.setup.fen(shredder, en_passant, promoted)
    }

    /// `mv` (internal form) as this board writes it.
    fn shown(setup: &Setup, mv: Option<bitmove::Move>) -> Move {
        match mv {
            Some(mv) => Move::from_inner(setup.to_uci_move(mv)),
            None => Move::from_inner(bitmove::Move::new(bitmove::Square::A1, bitmove::Square::A1)),
        }
    }

    /// A Python move as the internal form here (`None` for the null move).
    fn internal(&self, value: &Bound<'_, PyAny>) -> PyResult<Option<bitmove::Move>> {
        let mv = Move::coerce_any(value)?;
        if mv.inner.from == mv.inner.to && mv.inner.promotion.is_none() {
            return Ok(None);
        }
        Ok(Some(self.setup.from_uci_move(mv.inner)))
    }

    fn push_inner(&mut self, mv: Option<bitmove::Move>) -> PyResult<()> {
        let before = self.setup;
        match mv {
            None => self.setup.push_null(),
            Some(mv) => {
                if self.setup.piece_at(mv.from).is_none() {
                    return Err(IllegalMoveError::new_err(format!(
                        "push() expects move to be pseudo-legal, but got {} in {}",
                        self.setup.to_uci_move(mv),
                        self.setup.board_fen(false)
                    )));
                }
                self.setup.push(mv);
            }
        }
        self.stack.push(Frame { before, mv });
        Ok(())
    }

    fn moves_of(&self, legal: bool, from_mask: u64, to_mask: u64) -> Vec<Move> {
        // Room for the moves of nearly every position at once: no reallocation as it fills.
        let mut out = Vec::with_capacity(64);
        let setup = &self.setup;
        let mut emit = |mv: bitmove::Move| out.push(Move::from_inner(setup.to_uci_move(mv)));
        if legal {
            setup.for_each_legal(from_mask, to_mask, &mut emit);
        } else {
            setup.for_each_pseudo_legal(from_mask, to_mask, &mut emit);
        }
        out
    }

    /// python-chess's `is_repetition(count)`: the position occurred `count` times, counting
    /// back to the last irreversible move.
    fn repetition(&self, mut count: usize) -> bool {
        let key = self.setup.transposition_key();
        for frame in self.stack.iter().rev() {
            if count <= 1 {
                return true;
            }
            let Some(mv) = frame.mv else {
                if frame.before.transposition_key() == key {
                    count -= 1;
                }
                continue;
            };
            if frame.before.is_irreversible(mv) {
                break;
            }
            if frame.before.transposition_key() == key {
                count -= 1;
            }
        }
        count <= 1
    }

    /// The transpositions since the last irreversible move, the current one included.
    fn transpositions(&self) -> Vec<bitmove::setup::TranspositionKey> {
        let mut keys = vec![self.setup.transposition_key()];
        for frame in self.stack.iter().rev() {
            if let Some(mv) = frame.mv
                && frame.before.is_irreversible(mv)
            {
                break;
            }
            keys.push(frame.before.transposition_key());
        }
        keys
    }

    fn halfmoves_reached(setup: &Setup, n: u32) -> bool {
        setup.halfmove_clock >= n && setup.has_legal_moves()
    }

    fn claim_fifty(&self) -> bool {
        if Board::halfmoves_reached(&self.setup, 100) {
            return true;
        }
        if self.setup.halfmove_clock >= 99 {
            for mv in self.setup.legal_moves() {
                if !self.setup.is_zeroing(mv) {
                    let mut after = self.setup;
                    after.push(mv);
                    if Board::halfmoves_reached(&after, 100) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn claim_threefold(&self) -> bool {
        let keys = self.transpositions();
        let now = self.setup.transposition_key();
        if keys.iter().filter(|&&k| k == now).count() >= 3 {
            return true;
        }
        self.setup.legal_moves().into_iter().any(|mv| {
            let mut after = self.setup;
            after.push(mv);
            let key = after.transposition_key();
            keys.iter().filter(|&&k| k == key).count() >= 2
        })
    }

    fn outcome_of(&self, claim_draw: bool) -> Option<Outcome> {
        if let Some(game) = self.variant_game() {
            return Board::variant_game_outcome(&game, claim_draw);
        }
        let setup = &self.setup;
        let draw = |termination| Some(Outcome::new(termination, None));
        if setup.is_checkmate() {
            return Some(Outcome::new(
                Termination::Checkmate,
                Some(setup.turn != Color::White),
            ));
        }
        if setup.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        if !setup.has_legal_moves() {
            return draw(Termination::Stalemate);
        }
        if Board::halfmoves_reached(setup, 150) {
            return draw(Termination::SeventyfiveMoves);
        }
        if self.repetition(5) {
            return draw(Termination::FivefoldRepetition);
        }
        if claim_draw {
            if self.claim_fifty() {
                return draw(Termination::FiftyMoves);
            }
            if self.claim_threefold() {
                return draw(Termination::ThreefoldRepetition);
            }
        }
        None
    }

    fn piece_arg(piece: &Bound<'_, PyAny>) -> PyResult<(Color, bitmove::Piece)> {
        let wrong = || -> PyResult<PyErr> {
            Ok(PyTypeError::new_err(format!(
                "expected a Piece, not {}",
                piece.get_type().name()?
            )))
        };
        let (Some(kind), Some(white)) = (
            piece.getattr_opt("piece_type")?,
            piece.getattr_opt("color")?,
        ) else {
            return Err(wrong()?);
        };
        let kind: i64 = kind.extract()?;
        let white: bool = white.extract()?;
        Ok((color(white), crate::piece::from_type(kind)?))
    }

    fn mask_of(&self, piece: bitmove::Piece) -> u64 {
        self.setup.pieces[piece.index()].0
    }

    /// A board from a FEN (`None` for an empty board), read as python-chess reads one.
    fn parse(fen: Option<&str>, chess960: bool, strict: bool) -> PyResult<Setup> {
        let Some(text) = fen else {
            let mut setup = Setup::empty();
            setup.chess960 = chess960;
            return Ok(setup);
        };
        if strict {
            bitmove::Board::from_fen_with(text, chess960).map_err(|e| fen_error(text, &e))?;
        }
        Setup::from_fen(text, chess960).map_err(|e| setup_fen_error(text, e))
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen=Some(STARTING_FEN), *, chess960=false, strict=false))]
    fn new(py: Python<'_>, fen: Option<&str>, chess960: bool, strict: bool) -> PyResult<Board> {
        let mut board = Board::with(Board::parse(fen, chess960, strict)?);
        board.sync(py)?;
        Ok(board)
    }

    /// Nothing more to do (`__new__` read the position): there for subclasses that call it.
    #[pyo3(signature = (fen=Some(STARTING_FEN), *, chess960=false, strict=false))]
    fn __init__(&self, fen: Option<&str>, chess960: bool, strict: bool) {
        let _ = (fen, chess960, strict);
    }

    // ---- python-chess's class attributes ----

    #[classattr]
    fn aliases() -> Vec<&'static str> {
        vec![
            "Standard",
            "Chess",
            "Classical",
            "Normal",
            "Illegal",
            "From Position",
        ]
    }
    #[classattr]
    fn uci_variant() -> Option<&'static str> {
        Some("chess")
    }
    #[classattr]
    fn xboard_variant() -> Option<&'static str> {
        Some("normal")
    }
    #[classattr]
    fn starting_fen() -> &'static str {
        STARTING_FEN
    }
    #[classattr]
    fn tbw_suffix() -> Option<&'static str> {
        Some(".rtbw")
    }
    #[classattr]
    fn tbz_suffix() -> Option<&'static str> {
        Some(".rtbz")
    }
    #[classattr]
    fn tbw_magic() -> Option<&'static [u8]> {
        Some(b"\x71\xe8\x23\x5d")
    }
    #[classattr]
    fn tbz_magic() -> Option<&'static [u8]> {
        Some(b"\xd7\x66\x0c\xa5")
    }
    #[classattr]
    fn pawnless_tbw_suffix() -> Option<&'static str> {
        None
    }
    #[classattr]
    fn pawnless_tbz_suffix() -> Option<&'static str> {
        None
    }
    #[classattr]
    fn pawnless_tbw_magic() -> Option<&'static [u8]> {
        None
    }
    #[classattr]
    fn pawnless_tbz_magic() -> Option<&'static [u8]> {
        None
    }
    #[classattr]
    fn connected_kings() -> bool {
        false
    }
    #[classattr]
    fn one_king() -> bool {
        true
    }
    #[classattr]
    fn captures_compulsory() -> bool {
        false
    }

    // ---- the state, as python-chess's attributes ----

    #[getter]
    fn turn(&self) -> bool {
        self.setup.turn == Color::White
    }
    #[setter]
    fn set_turn(&mut self, py: Python<'_>, white: bool) -> PyResult<()> {
        self.setup.turn = color(white);
        self.sync(py)
    }

    /// The castling rights as an int bitboard of the rooks that may castle, as set (see
    /// `clean_castling_rights`).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.setup.castling_rights.0
    }
    #[setter]
    fn set_castling_rights(&mut self, py: Python<'_>, mask: u64) -> PyResult<()> {
        self.setup.castling_rights = bitmove::Bitboard(mask);
        self.sync(py)
    }

    /// The en-passant square as python-chess keeps it: set after every double step.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.setup.ep_square.map(|sq| sq as u8)
    }
    #[setter]
    fn set_ep_square(&mut self, py: Python<'_>, value: Option<i64>) -> PyResult<()> {
        self.setup.ep_square = value.map(square).transpose()?;
        self.sync(py)
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.setup.halfmove_clock
    }
    #[setter]
    fn set_halfmove_clock(&mut self, py: Python<'_>, value: u32) -> PyResult<()> {
        self.setup.halfmove_clock = value;
        self.sync(py)
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.setup.fullmove_number
    }
    #[setter]
    fn set_fullmove_number(&mut self, py: Python<'_>, value: u32) -> PyResult<()> {
        self.setup.fullmove_number = value;
        self.sync(py)
    }

    /// Whether castling is written king-takes-rook (Chess960).
    #[getter]
    fn chess960(&self) -> bool {
        self.setup.chess960
    }
    #[setter]
    fn set_chess960(&mut self, py: Python<'_>, value: bool) -> PyResult<()> {
        self.setup.chess960 = value;
        self.sync(py)
    }

    /// The squares of promoted pieces, as an int bitboard.
    #[getter]
    fn promoted(&self) -> u64 {
        self.setup.promoted.0
    }
    #[setter]
    fn set_promoted(&mut self, py: Python<'_>, mask: u64) -> PyResult<()> {
        self.setup.promoted = bitmove::Bitboard(mask);
        self.sync(py)
    }

    #[getter]
    fn pawns(&self) -> u64 {
        self.mask_of(bitmove::Piece::Pawn)
    }
    #[getter]
    fn knights(&self) -> u64 {
        self.mask_of(bitmove::Piece::Knight)
    }
    #[getter]
    fn bishops(&self) -> u64 {
        self.mask_of(bitmove::Piece::Bishop)
    }
    #[getter]
    fn rooks(&self) -> u64 {
        self.mask_of(bitmove::Piece::Rook)
    }
    #[getter]
    fn queens(&self) -> u64 {
        self.mask_of(bitmove::Piece::Queen)
    }
    #[getter]
    fn kings(&self) -> u64 {
        self.mask_of(bitmove::Piece::King)
    }
    /// The occupied squares as an int bitboard (bit 0 = a1).
    #[getter]
    fn occupied(&self) -> u64 {
        self.setup.occupied()
    }
    /// `[black squares, white squares]`, indexed by colour as python-chess's `occupied_co`.
    #[getter]
    fn occupied_co(&self) -> Vec<u64> {
        vec![self.setup.colors[1].0, self.setup.colors[0].0]
    }

    /// The moves played since the board was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> PyResult<Vec<Move>> {
        (0..self.stack_len())
            .map(|index| self.move_at(index))
            .collect()
    }

    // ---- FEN, EPD ----

    /// The position as FEN: X-FEN castling (`shredder=True` for `HAha`), the en-passant
    /// square by `en_passant` (`"legal"`, `"xfen"` or `"fen"`), `~` marks with `promoted`.
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        if let Some(game) = self.variant_game() {
            let _ = promoted;
            return Ok(game.fen_text(shredder, en_passant_mode(en_passant)?));
        }
        Ok(self.fen_string(
            shredder,
            en_passant_mode(en_passant)?,
            promoted.unwrap_or(false),
        ))
    }

    #[pyo3(signature = (*, en_passant="legal", promoted=None))]
    fn shredder_fen(&self, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        self.fen(true, en_passant, promoted)
    }

    /// The piece placement field of the FEN.
    #[pyo3(signature = (*, promoted=false))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        if let Some(game) = self.variant_game() {
            let crazyhouse = game.variant() == bitmove::variant::Variant::Crazyhouse;
            return self.setup.board_fen(promoted.unwrap_or(crazyhouse));
        }
        self.setup.board_fen(promoted.unwrap_or(false))
    }

    /// Reads a FEN as python-chess does (any placement; missing fields default); clears the
    /// move stack.
    fn set_fen(mut slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        let out = Board::set_fen_impl(&mut slf, fen);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// Replaces the pieces from a FEN's placement field; clears the move stack.
    fn set_board_fen(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        self.setup
            .set_board_fen(fen)
            .map_err(|e| setup_fen_error(fen, e))?;
        self.forget_moves();
        self.sync(py)
    }

    /// Sets the castling rights from FEN letters (`KQkq`, file letters); clears the stack.
    fn set_castling_fen(&mut self, py: Python<'_>, castling_fen: &str) -> PyResult<()> {
        self.setup
            .set_castling_fen(castling_fen)
            .map_err(|e| setup_fen_error(castling_fen, e))?;
        self.forget_moves();
        self.sync(py)
    }

    /// The castling rights in X-FEN letters.
    fn castling_xfen(&self) -> String {
        self.setup.castling_xfen()
    }

    /// The castling rights in Shredder-FEN letters.
    fn castling_shredder_fen(&self) -> String {
        self.setup.castling_shredder_fen()
    }

    // ---- editing ----

    /// The piece on `square` (0 = a1 ... 63 = h8), or None.
    pub(super) fn piece_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<Py<Piece>>> {
        let at = square_arg(square)?;
        Ok(self
            .setup
            .piece_at(at)
            .map(|(color, piece)| Piece::interned(py, piece, color)))
    }

    /// The piece type on `square` (1 = pawn ... 6 = king), or None.
    pub(super) fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        let at = square_arg(square)?;
        Ok(self
            .setup
            .piece_at(at)
            .map(|(_, piece)| crate::moves::piece_type(piece)))
    }

    /// The colour of the piece on `square` (True = white), or None.
    pub(super) fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        let at = square_arg(square)?;
        Ok(self.setup.piece_at(at).map(|(c, _)| c == Color::White))
    }

    /// Puts `piece` on `square` (None empties it); clears the move stack, as python-chess.
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(
        &mut self,
        py: Python<'_>,
        square: i64,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: bool,
    ) -> PyResult<()> {
        let at = square_arg(square)?;
        let piece = piece.map(Board::piece_arg).transpose()?;
        self.setup.set_piece_at(at, piece, promoted);
        self.forget_moves();
        self.sync(py)
    }

    /// Empties `square` and returns the piece that stood there; clears the move stack, as
    /// python-chess.
    fn remove_piece_at(&mut self, py: Python<'_>, square: i64) -> PyResult<Option<Py<Piece>>> {
        let at = square_arg(square)?;
        let removed = self
            .setup
            .remove_piece_at(at)
            .map(|(color, piece)| Piece::interned(py, piece, color));
        self.forget_moves();
        self.sync(py)?;
        Ok(removed)
    }

    /// `{square: Piece}` of every occupied square (in `mask`, default all), from h8 down to a1
    /// as python-chess's (a dict's order is part of what a program sees).
    #[pyo3(signature = (*, mask=u64::MAX))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let pieces = Piece::table(py);
        let squares = square_ints(py);
        // Which of the 12 pieces stands on each square, from the 12 bitboards at once
        // (`EMPTY` where none does, as `piece_at` finds none there).
        const EMPTY: u8 = u8::MAX;
        let mut on = [EMPTY; 64];
        for color in [Color::White, Color::Black] {
            for piece in bitmove::Piece::ALL {
                let index = Piece::table_index(piece, color) as u8;
                for sq in self.setup.pieces[piece.index()] & self.setup.colors[color.index()] {
                    on[sq as usize] = index;
                }
            }
        }
        for sq in bitmove::Bitboard(self.setup.occupied() & mask)
            .into_iter()
            .rev()
        {
            let Some(piece) = pieces.get(usize::from(on[sq as usize])) else {
                continue;
            };
            // SAFETY: the GIL is held (`py`); `map` is a dict, the key an int and the value a
            // Piece, all live; PyDict_SetItem takes its own references to both.
            let status = unsafe {
                pyo3::ffi::PyDict_SetItem(
                    map.as_ptr(),
                    squares[sq as usize].as_ptr(),
                    piece.as_ptr(),
                )
            };
            if status < 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(map)
    }

    /// Replaces the pieces with `{square: Piece}`; clears the move stack.
    fn set_piece_map(&mut self, py: Python<'_>, pieces: &Bound<'_, PyDict>) -> PyResult<()> {
        let mut setup = self.setup;
        setup.pieces = [bitmove::Bitboard::EMPTY; 6];
        setup.colors = [bitmove::Bitboard::EMPTY; 2];
        setup.promoted = bitmove::Bitboard::EMPTY;
        for (square, piece) in pieces.iter() {
            let at = square_arg(square.extract()?)?;
            setup.set_piece_at(at, Some(Board::piece_arg(&piece)?), false);
        }
        self.setup = setup;
        self.forget_moves();
        self.sync(py)
    }

    /// Empties the board: no pieces, White to move, no rights, move stack cleared.
    fn clear(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        Board::clear_impl(&mut slf);
        Board::sync_attrs(&mut slf)
    }

    /// Removes every piece (the rest of the state stays); clears the move stack.
    fn clear_board(&mut self, py: Python<'_>) -> PyResult<()> {
        self.setup.pieces = [bitmove::Bitboard::EMPTY; 6];
        self.setup.colors = [bitmove::Bitboard::EMPTY; 2];
        self.setup.promoted = bitmove::Bitboard::EMPTY;
        self.forget_moves();
        self.sync(py)
    }

    /// Forgets the moves played (the position stays).
    fn clear_stack(&mut self, py: Python<'_>) -> PyResult<()> {
        self.forget_moves();
        self.sync(py)
    }

    /// Back to the standard start position, move stack cleared.
    fn reset(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        Board::reset_impl(&mut slf);
        Board::sync_attrs(&mut slf)
    }

    /// The start position's pieces (the rest of the state stays); clears the move stack.
    fn reset_board(&mut self, py: Python<'_>) -> PyResult<()> {
        let start = Setup::default();
        self.setup.pieces = start.pieces;
        self.setup.colors = start.colors;
        self.setup.promoted = start.promoted;
        self.forget_moves();
        self.sync(py)
    }

    /// An empty board (no pieces, White to move).
    #[classmethod]
    #[pyo3(signature = (*, chess960=false))]
    fn empty(cls: &Bound<'_, PyType>, chess960: bool) -> PyResult<Py<PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", chess960)?;
        Ok(cls.call((cls.py().None(),), Some(&kwargs))?.unbind())
    }

    /// Sets up Chess960 start position number `scharnagl` (0-959); clears the move stack.
    fn set_chess960_pos(mut slf: PyRefMut<'_, Self>, scharnagl: u32) -> PyResult<()> {
        let out = Board::set_chess960_pos_impl(&mut slf, scharnagl);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// The Chess960 start position this is (0-959), or None.
    #[pyo3(signature = (*, ignore_turn=false, ignore_castling=false, ignore_counters=true))]
    fn chess960_pos(
        &self,
        ignore_turn: bool,
        ignore_castling: bool,
        ignore_counters: bool,
    ) -> Option<u32> {
        let setup = &self.setup;
        if setup.ep_square.is_some()
            || (!ignore_turn && setup.turn != Color::White)
            || (!ignore_counters && (setup.fullmove_number != 1 || setup.halfmove_clock != 0))
        {
            return None;
        }
        // Every start position has the pawns on their ranks and White's pieces on rank 1
        // (Black's mirrored on rank 8): anything else answers at once, and only the number
        // whose back rank is White's is set up and compared in full.
        const WHITE_RANKS: u64 = 0xFFFF;
        const BLACK_RANKS: u64 = 0xFFFF << 48;
        if setup.pieces[bitmove::Piece::Pawn.index()].0 != 0xFF00 | 0xFF << 48
            || setup.colors[0].0 != WHITE_RANKS
            || setup.colors[1].0 != BLACK_RANKS
        {
            return None;
        }
        let mut white_rank = [bitmove::Piece::Pawn; 8];
        for (file, slot) in white_rank.iter_mut().enumerate() {
            *slot = setup.piece_at(bitmove::Square::ALL[file])?.1;
        }
        (0..960).find(|&n| {
            let Some(rank) = bitmove::chess960_back_rank(n) else {
                return false;
            };
            if rank != white_rank {
                return false;
            }
            let fen = board_fen_960(&rank);
            let Ok(start) = Setup::from_fen(&fen, true) else {
                return false;
            };
            start.pieces == setup.pieces
                && start.colors == setup.colors
                && (ignore_castling || start.castling_rights.0 == setup.clean_castling_rights())
        })
    }

    /// A board with Chess960 start position `scharnagl`.
    #[classmethod]
    fn from_chess960_pos(cls: &Bound<'_, PyType>, scharnagl: u32) -> PyResult<Py<PyAny>> {
        let board = Board::empty(cls, true)?;
        board
            .bind(cls.py())
            .call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }
}

mod epd;
mod fast;
mod legal_moves;
mod methods;
pub(crate) use methods::_methods_in;
mod mirror;
mod moves;
mod queries;
mod variant;
mod whole;

pub use legal_moves::LegalMoves;
use variant::variant_san_error;
use whole::{board_fen_960, iterate};

/// The bodies of the methods above that can change the side to move (each wrapper then
/// brings the attributes to the new state: `Board::sync_attrs`).
impl Board {
    fn set_fen_impl(&mut self, fen: &str) -> PyResult<()> {
        if self.variant.is_some() {
            return self.set_variant_fen(fen);
        }
        let setup =
            Setup::from_fen(fen, self.setup.chess960).map_err(|e| setup_fen_error(fen, e))?;
        let mirror = std::mem::take(&mut self.mirror);
        *self = Board::with(setup);
        self.mirror = mirror;
        Ok(())
    }
    fn clear_impl(&mut self) {
        let chess960 = self.setup.chess960;
        self.setup = Setup::empty();
        self.setup.chess960 = chess960;
        self.forget_moves();
    }
    fn reset_impl(&mut self) {
        let chess960 = self.setup.chess960;
        self.setup = Setup::default();
        self.setup.chess960 = chess960;
        self.forget_moves();
    }
    fn set_chess960_pos_impl(&mut self, scharnagl: u32) -> PyResult<()> {
        let rank = bitmove::chess960_back_rank(scharnagl).ok_or_else(|| {
            PyValueError::new_err(format!(
                "chess960 position index not 0 <= {scharnagl} < 960"
            ))
        })?;
        let fen = board_fen_960(&rank);
        self.setup = Setup::from_fen(&fen, true).map_err(|e| setup_fen_error(&fen, e))?;
        self.forget_moves();
        Ok(())
    }
}
