//! Whole boards: copies, mirrors, transforms, hashes, counting, encoders, python-chess interop, pickling, drawing.

use super::*;

#[pymethods]
impl Board {
    // ---- whole boards ----

    /// A copy; `stack=False` (or 0) drops the move stack, `stack=N` keeps the last N moves.
    #[pyo3(signature = (*, stack=None))]
    fn copy(slf: &Bound<'_, Self>, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let this = slf.try_borrow()?;
        let keep = match stack {
            None => usize::MAX,
            Some(value) if value.is_instance_of::<PyBool>() => {
                if value.extract::<bool>()? {
                    usize::MAX
                } else {
                    0
                }
            }
            Some(value) => {
                let n: i64 = value.extract()?;
                usize::try_from(n).map_err(|_| PyValueError::new_err("stack must be >= 0"))?
            }
        };
        let mut copy = this.clone();
        let skip = copy.stack.len().saturating_sub(keep);
        copy.mirror = this.mirror.share(slf.py(), skip)?;
        copy.stack.drain(..skip);
        drop(this);
        Board::same_class(slf, copy)
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Board::copy(slf, None)
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Board::copy(slf, None)
    }

    /// The position before the first move of the stack, without a stack.
    fn root(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        {
            let this = slf.try_borrow()?;
            if this.variant.is_some() {
                let root = this.variant_root();
                drop(this);
                return Board::same_class(slf, root);
            }
        }
        let this = slf.try_borrow()?;
        let root = this.stack.first().map_or(this.setup, |frame| frame.before);
        drop(this);
        Board::same_class(slf, Board::with(root))
    }

    /// The number of half-moves since the start of the game: python-chess's `ply()`.
    fn ply(&self) -> u32 {
        2 * self.setup.fullmove_number.saturating_sub(1)
            + u32::from(self.setup.turn == Color::Black)
    }

    /// Mirrors the board vertically with the colours swapped, in place (stack cleared
    /// as in python-chess: the position changes).
    fn apply_mirror(mut slf: PyRefMut<'_, Self>) -> PyResult<()> {
        Board::apply_mirror_impl(&mut slf);
        Board::sync_attrs(&mut slf)
    }

    /// A mirrored copy (see `apply_mirror`).
    fn mirror(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let mut copy = slf.try_borrow()?.clone();
        copy.apply_mirror_impl();
        Board::same_class(slf, copy)
    }

    /// Applies `f` (an int bitboard to int bitboard function, e.g. `chess.flip_horizontal`)
    /// to every bitboard of the position, in place; the stack is cleared.
    fn apply_transform(&mut self, py: Python<'_>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let map = |b: bitmove::Bitboard| -> PyResult<bitmove::Bitboard> {
            Ok(bitmove::Bitboard(f.call1((b.0,))?.extract()?))
        };
        let mut setup = self.setup;
        for set in setup.pieces.iter_mut().chain(setup.colors.iter_mut()) {
            *set = map(*set)?;
        }
        setup.promoted = map(setup.promoted)?;
        setup.castling_rights = map(setup.castling_rights)?;
        if let Some(ep) = setup.ep_square {
            let mask = map(bitmove::Bitboard(1 << (ep as u8)))?.0;
            setup.ep_square = (mask.count_ones() == 1)
                .then(|| square(i64::from(mask.trailing_zeros())).ok())
                .flatten();
        }
        self.setup = setup;
        self.forget_moves();
        self.sync(py)
    }

    /// A transformed copy (see `apply_transform`).
    fn transform(slf: &Bound<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut copy = slf.try_borrow()?.clone();
        copy.apply_transform(slf.py(), f)?;
        Board::same_class(slf, copy)
    }

    /// The Polyglot Zobrist key, equal to `chess.polyglot.zobrist_hash` of the position.
    fn zobrist_hash(&self) -> u64 {
        self.setup.zobrist_hash()
    }

    /// The number of leaf nodes `depth` plies below this position (all cores; the GIL is
    /// released and Ctrl-C interrupts it). Needs a valid position.
    fn perft(slf: &Bound<'_, Self>, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let this = slf.try_borrow()?;
        if let Some(game) = this.variant_game() {
            // A position the rules cannot play has no moves.
            let Some(pos) = game.playable().cloned() else {
                return Ok(u64::from(depth == 0));
            };
            drop(this);
            return Ok(py.detach(|| bitmove::variant::perft(&pos, depth)));
        }
        drop(this);
        // A copy, and the board released before counting: another thread may use the board
        // meanwhile.
        let board = slf.try_borrow()?.fast()?;
        crate::perft::perft_board(py, board, depth, None, 0)
    }

    /// The legal moves as a NumPy `bool` array of shape (64, 64), `[from_square, to_square]`:
    /// castling as its UCI move (`e1g1`, or `e1h1` in Chess960), promotions collapsed into one
    /// entry. Needs a valid position.
    fn legal_move_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut out = vec![0u8; encode::MASK_LEN];
        encode::mask(&self.fast()?, &mut out);
        encode::bool_array(py, &out, &[64, 64])
    }

    /// The pieces as a NumPy `bool` array of shape (12, 8, 8): planes P N B R Q K of white,
    /// then of black, each indexed `[rank, file]` with rank 0 = the first rank (a1 is
    /// `[0, 0]`, h8 `[7, 7]`), so `planes()[p].ravel()[square]` is python-chess's numbering.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut out = vec![0u8; encode::PLANES_LEN];
        for (color, base) in [(Color::White, 0), (Color::Black, 6)] {
            for piece in bitmove::Piece::ALL {
                let mask = self.setup.pieces[piece.index()].0 & self.setup.colors[color.index()].0;
                for sq in bitmove::Bitboard(mask) {
                    out[(base + piece.index()) * 64 + sq as usize] = 1;
                }
            }
        }
        encode::bool_array(py, &out, &[12, 8, 8])
    }

    /// The same game as a `chess.Board` (needs python-chess): root position and moves.
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = import_chess(py)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", self.setup.chess960)?;
        let root = self.stack.first().map_or(self.setup, |frame| frame.before);
        let fen = root.fen(self.setup.chess960, EnPassantMode::Always, false);
        let board = chess.getattr("Board")?.call((fen,), Some(&kwargs))?;
        let from_uci = chess.getattr("Move")?.getattr("from_uci")?;
        for frame in &self.stack {
            let uci = Board::shown(&frame.before, frame.mv).inner_uci();
            board.call_method1("push", (from_uci.call1((uci,))?,))?;
        }
        Ok(board)
    }

    /// A Board from a `chess.Board`: its root position and its move stack.
    #[classmethod]
    fn from_chess(cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
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
        let kwargs = PyDict::new(board.py());
        kwargs.set_item("en_passant", "fen")?;
        let root_fen: String = board
            .call_method0("root")?
            .call_method("fen", (), Some(&kwargs))?
            .extract()?;
        let mut out = Board::new(board.py(), Some(&root_fen), chess960, false)?;
        for mv in board.getattr("move_stack")?.try_iter()? {
            let uci: String = mv?.call_method0("uci")?.extract()?;
            let mv = Move::from_uci_text(&uci)?;
            let inner = (!mv.is_null_move()).then(|| out.setup.from_uci_move(mv.inner));
            out.push_inner(inner)?;
        }
        Board::of_class(cls, out)
    }

    /// Boards are equal when their positions are (pieces, turn, clean castling rights, legal
    /// en-passant square, counters), as python-chess compares them.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let (Ok(other), Some(game)) = (other.cast::<Board>(), self.variant_game()) {
            return other.try_borrow().is_ok_and(|o| {
                o.variant_game().is_some_and(|g| {
                    let fen = |g: &variant::GameView<'_>| g.fen_text(false, EnPassantMode::Legal);
                    g.name == game.name && fen(&g) == fen(&game)
                })
            });
        }
        let Ok(other) = other.cast::<Board>() else {
            return false;
        };
        let Ok(other) = other.try_borrow() else {
            return false;
        };
        let (a, b) = (&self.setup, &other.setup);
        a.halfmove_clock == b.halfmove_clock
            && a.fullmove_number == b.fullmove_number
            && a.transposition_key() == b.transposition_key()
    }

    /// For pickle: the root position, the mode, the moves and the board's own attributes.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>, PickledBoard<'py>)> {
        let py = slf.py();
        let this = slf.try_borrow()?;
        let root = this.stack.first().map_or(this.setup, |frame| frame.before);
        let moves = this
            .stack
            .iter()
            .map(|frame| Board::shown(&frame.before, frame.mv).inner_uci())
            .collect();
        // A `bitmove.Board` keeps `turn` in its dict beside the program's own attributes.
        let attributes = match slf.getattr_opt("__dict__")? {
            Some(dict) => dict.cast_into::<PyDict>()?.copy()?,
            None => PyDict::new(py),
        };
        let _ = attributes.del_item("turn");
        let state = (
            root.fen(true, EnPassantMode::Always, true),
            this.setup.chess960,
            moves,
            (!attributes.is_empty()).then_some(attributes),
        );
        Ok((slf.get_type(), PyTuple::empty(py), state))
    }

    fn __setstate__(slf: &Bound<'_, Self>, state: &Bound<'_, PyTuple>) -> PyResult<()> {
        let (fen, chess960, moves): (String, bool, Vec<String>) =
            state.get_slice(0, 3).extract()?;
        let mut board = Board::new(slf.py(), Some(&fen), chess960, false)?;
        for uci in moves {
            let mv = Move::from_uci_text(&uci)?;
            let inner = (!mv.is_null_move()).then(|| board.setup.from_uci_move(mv.inner));
            board.push_inner(inner)?;
        }
        *slf.try_borrow_mut()? = board;
        Board::sync_attrs(&mut slf.try_borrow_mut()?)?;
        if let Ok(attributes) = state.get_item(3)
            && !attributes.is_none()
        {
            // A pickle from before the state attributes were members (`mirror.rs`) has `turn`
            // among them: the board's own state wins.
            let attributes = attributes.cast::<PyDict>()?.copy()?;
            for name in mirrored_attributes() {
                if attributes.contains(name)? {
                    attributes.del_item(name)?;
                }
            }
            slf.getattr("__dict__")?
                .call_method1("update", (attributes,))?;
        }
        Ok(())
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let this = slf.try_borrow()?;
        let name = slf.get_type().name()?;
        let fen = this.fen_string(false, EnPassantMode::Legal, false);
        Ok(if this.setup.chess960 {
            format!("{name}('{fen}', chess960=True)")
        } else {
            format!("{name}('{fen}')")
        })
    }

    /// The board drawn as python-chess draws it: rank 8 first, `.` for an empty square.
    fn __str__(&self) -> String {
        self.draw(false, false, ".", true)
    }

    /// The board in Unicode chess symbols (python-chess's `unicode`).
    #[pyo3(signature = (*, invert_color=false, borders=false, empty_square="⭘", orientation=true))]
    fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        self.draw_unicode(invert_color, borders, empty_square, orientation)
    }
}

/// The FEN of Chess960 start position with back rank `rank` (white's pieces, a to h),
/// castling rights on both rooks.
pub(super) fn board_fen_960(rank: &[bitmove::Piece; 8]) -> String {
    let white: String = rank
        .iter()
        .map(|p| p.to_char_colored(Color::White))
        .collect();
    let black = white.to_ascii_lowercase();
    let rooks: String = rank
        .iter()
        .enumerate()
        .filter(|(_, p)| **p == bitmove::Piece::Rook)
        .map(|(file, _)| (b'a' + file as u8) as char)
        .collect();
    let castling = format!("{}{rooks}", rooks.to_ascii_uppercase());
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
}

/// A Python iterator over `moves`.
pub(super) fn iterate(py: Python<'_>, moves: Vec<Move>) -> PyResult<Bound<'_, PyAny>> {
    Ok(PyList::new(py, moves)?.as_any().try_iter()?.into_any())
}

impl Board {
    pub(super) fn castling_side(&self, white: bool, kingside: bool) -> bool {
        self.setup.has_castling_side(color(white), kingside)
    }

    /// A board of `slf`'s class (a subclass stays a subclass) holding `board`.
    pub(super) fn same_class(slf: &Bound<'_, Self>, board: Board) -> PyResult<Py<PyAny>> {
        Board::of_class(&slf.get_type(), board)
    }

    /// A board of class `class` (Board or a subclass) holding `board`.
    pub(super) fn of_class(class: &Bound<'_, PyType>, mut board: Board) -> PyResult<Py<PyAny>> {
        let py = class.py();
        board.sync(py)?;
        if class.is(py.get_type::<Board>()) {
            return Ok(Bound::new(py, board)?.into_any().unbind());
        }
        if !class.is_subclass_of::<Board>()? {
            return Err(PyTypeError::new_err("not a subclass of Board"));
        }
        let initializer = pyo3::PyClassInitializer::from(board);
        // The subclass's object made from here, as the native class's `Bound::new` makes
        // its own: through `Board.__new__(class, None)` a copy cost four times as much
        // (the call, its argument parsing, an empty position, then the state written over).
        // `tp_new_impl` is the helper behind every PyO3 `#[new]` (`pyo3::impl_`, the macros'
        // API, pinned with PyO3 in Cargo.lock).
        // SAFETY: `class` is a live type object, Board or a subclass of it (checked above),
        // which is what `tp_new_impl` requires: it allocates an object of that class with the
        // class's `tp_alloc` and moves `board` into it. The pointer it returns is a new
        // (owned) reference.
        let made = unsafe {
            let object = pyo3::impl_::pymethods::tp_new_impl(py, initializer, class.as_type_ptr())?;
            Bound::from_owned_ptr(py, object)
        };
        Ok(made.unbind())
    }

    pub(super) fn algebraic(&self, mv: &Bound<'_, PyAny>, long: bool) -> PyResult<String> {
        let Some(inner) = self.internal(mv)? else {
            return Ok("--".to_string());
        };
        if self.setup.piece_at(inner.from).is_none() {
            return Err(IllegalMoveError::new_err(format!(
                "san() and lan() expect move to be legal or null, but got {} in {}",
                self.setup.to_uci_move(inner),
                self.fen_string(false, EnPassantMode::Legal, false)
            )));
        }
        Ok(if long {
            self.setup.lan(inner)
        } else {
            self.setup.san(inner)
        })
    }

    pub(super) fn parse_san_inner(&self, san: &str) -> PyResult<Option<bitmove::Move>> {
        self.setup.parse_san(san).map_err(|error| {
            let fen = self.fen_string(false, EnPassantMode::Legal, false);
            if error == SetupSanError::Invalid && san.contains(',') {
                return InvalidMoveError::new_err(format!("unsupported multi-leg move: {san:?}"));
            }
            san_error(san, error, &fen)
        })
    }

    pub(super) fn draw(
        &self,
        _invert: bool,
        _borders: bool,
        empty: &str,
        white_first: bool,
    ) -> String {
        let mut rows = Vec::with_capacity(8);
        let ranks: Vec<u32> = if white_first {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        for rank in ranks {
            let files: Vec<u32> = if white_first {
                (0..8).collect()
            } else {
                (0..8).rev().collect()
            };
            let row: Vec<String> = files
                .into_iter()
                .map(|file| {
                    let sq = bitmove::Square::ALL[(rank * 8 + file) as usize];
                    self.setup
                        .piece_at(sq)
                        .map_or(empty.to_string(), |(color, piece)| {
                            piece.to_char_colored(color).to_string()
                        })
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }

    pub(super) fn draw_unicode(
        &self,
        invert: bool,
        borders: bool,
        empty: &str,
        white_first: bool,
    ) -> String {
        const WHITE: [&str; 6] = ["♙", "♘", "♗", "♖", "♕", "♔"];
        const BLACK: [&str; 6] = ["♟", "♞", "♝", "♜", "♛", "♚"];
        let mut out = String::new();
        let ranks: Vec<u32> = if white_first {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let rule = "  -----------------\n";
        for (i, rank) in ranks.into_iter().enumerate() {
            if borders {
                out.push_str(rule);
                out.push_str(&format!("{} ", rank + 1));
            }
            let files: Vec<u32> = if white_first {
                (0..8).collect()
            } else {
                (0..8).rev().collect()
            };
            for (j, file) in files.into_iter().enumerate() {
                if borders {
                    out.push('|');
                } else if j > 0 {
                    out.push(' ');
                }
                let sq = bitmove::Square::ALL[(rank * 8 + file) as usize];
                match self.setup.piece_at(sq) {
                    Some((color, piece)) => {
                        let white = (color == Color::White) != invert;
                        out.push_str(if white { WHITE } else { BLACK }[piece.index()]);
                    }
                    None => out.push_str(empty),
                }
            }
            if borders {
                out.push('|');
            }
            if borders || i < 7 {
                out.push('\n');
            }
        }
        if borders {
            out.push_str(rule);
            out.push_str(if white_first {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        out
    }
}

/// The bodies of the methods above that can change the side to move (each wrapper then
/// brings the attributes to the new state: `Board::sync_attrs`).
impl Board {
    fn apply_mirror_impl(&mut self) {
        let setup = &mut self.setup;
        let flip = |b: bitmove::Bitboard| bitmove::Bitboard(b.0.swap_bytes());
        setup.pieces = setup.pieces.map(flip);
        setup.colors = [flip(setup.colors[1]), flip(setup.colors[0])];
        setup.promoted = flip(setup.promoted);
        setup.castling_rights = flip(setup.castling_rights);
        setup.ep_square = setup
            .ep_square
            .map(|sq| square(i64::from(sq as u8 ^ 56)).unwrap_or(sq));
        setup.turn = !setup.turn;
        self.forget_moves();
    }
}
