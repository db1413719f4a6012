//! `RawGame`: a game as chess.js 1.4 keeps one, what the JavaScript `Chess` wraps. Any
//! placement chess.js holds (the library's [`Setup`], with the fast [`Board`] beside it
//! whenever the position is a legal one), the moves played with what undoing them needs (as
//! chess.js undoes them: pieces moved back on the board as it is now, so that an edit made
//! after a move survives the move's undoing), null moves, chess.js's own hash and
//! repetition count, the tag pairs and the comments by position. PGN is read by the
//! library's reader and written by its writer (`game_pgn.rs`); the position and its moves are
//! in `anyboard.rs`, chess.js's own rules in `chessjs.rs`.

use crate::anyboard::{JsMove, Position, lax_perft};
use crate::chessjs::{self, castling_flags};
use crate::record::square_from_js;
use crate::{divide_of, error, perft_of};
#[cfg(feature = "full")]
use crate::{divide_stats_of, stats_of};
use bitmove::{Bitboard, Color, Move, Piece, Setup, Square};
use wasm_bindgen::prelude::*;

/// The standard start position.
pub(crate) const DEFAULT_POSITION: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One move of the history, with what chess.js's undo needs: the move (`None`: a null move),
/// what it moved and took, its kind, and the state before it.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    pub(crate) mv: Option<Move>,
    pub(crate) piece: Piece,
    pub(crate) captured: Option<Piece>,
    pub(crate) kind: char,
    pub(crate) turn: Color,
    pub(crate) castling: Bitboard,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

/// A chess.js game.
#[wasm_bindgen]
pub struct RawGame {
    pub(crate) pos: Position,
    pub(crate) frames: Vec<Frame>,
    /// How often each position (chess.js's hash) has occurred, for threefold repetition.
    pub(crate) counts: Vec<(u64, u32)>,
    pub(crate) headers: Vec<(String, Option<String>)>,
    /// Comments by the FEN of their position, in the order chess.js keeps them.
    pub(crate) comments: crate::comments::Comments,
    pub(crate) chess960: bool,
}

/// Bits of [`RawGame::status`].
pub mod bits {
    /// The side to move is in check.
    pub const CHECK: u32 = 1;
    /// Checkmate.
    pub const CHECKMATE: u32 = 2;
    /// Stalemate.
    pub const STALEMATE: u32 = 4;
    /// Neither side can mate.
    pub const INSUFFICIENT: u32 = 8;
    /// The position has occurred three times.
    pub const THREEFOLD: u32 = 16;
    /// A hundred half-moves without capture or pawn move (and not mate).
    pub const FIFTY: u32 = 32;
    /// Black is to move.
    pub const BLACK: u32 = 64;
    /// The game has ended by its variant's own rule (set by the variant classes only).
    #[cfg(feature = "full")]
    pub const VARIANT_END: u32 = 128;
    /// The side to move has won by its variant's rule.
    #[cfg(feature = "full")]
    pub const VARIANT_WIN: u32 = 256;
    /// The side to move has lost by its variant's rule.
    #[cfg(feature = "full")]
    pub const VARIANT_LOSS: u32 = 512;
    /// The game is drawn by its variant's rule.
    #[cfg(feature = "full")]
    pub const VARIANT_DRAW: u32 = 1024;
    /// Someone has won (checkmate, or the variant's win or loss): no draw bit then counts.
    /// Set by the variant classes only; standard chess keeps chess.js's reckoning.
    #[cfg(feature = "full")]
    pub const DECIDED: u32 = 2048;
}

fn fen_error(message: &str) -> JsValue {
    error("FenError", message)
}

fn illegal(message: &str) -> JsValue {
    error("IllegalMoveError", message)
}

fn piece_of(letter: &str) -> Option<Piece> {
    let mut chars = letter.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    Piece::from_char(c.to_ascii_lowercase())
}

fn color_of(letter: &str) -> Option<Color> {
    match letter {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ => None,
    }
}

impl RawGame {
    pub(crate) fn hash_now(&self) -> u64 {
        chessjs::hash(&self.pos.setup)
    }

    pub(crate) fn count_position(&mut self) {
        let hash = self.hash_now();
        match self.counts.iter_mut().find(|(h, _)| *h == hash) {
            Some((_, n)) => *n += 1,
            None => self.counts.push((hash, 1)),
        }
    }

    /// chess.js's `_updateCastlingRights`: rights whose king or rook is not in place go.
    pub(crate) fn update_castling(&mut self) {
        let setup = &mut self.pos.setup;
        let mut rights = setup.castling_rights.0;
        let mut kept = 0;
        while rights != 0 {
            let rook = Square::index_wrapping(rights.trailing_zeros() as usize);
            rights &= rights - 1;
            let color = if rook.rank().index() == 0 {
                Color::White
            } else {
                Color::Black
            };
            let rook_there = setup.piece_at(rook) == Some((color, Piece::Rook));
            let king_there = setup.king(color).is_some_and(|k| {
                k.rank() == rook.rank() && (setup.chess960 || k.file().index() == 4)
            });
            if rook_there && king_there {
                kept |= 1u64 << rook.index();
            }
        }
        setup.castling_rights = Bitboard(kept);
    }

    /// After an edit: castling rights and the en-passant square as chess.js leaves them
    /// (its `put` and `remove` always drop the en-passant square), the fast board, the tags.
    pub(crate) fn edited(&mut self) {
        self.update_castling();
        self.pos.setup.ep_square = None;
        self.pos.refresh();
        let fen = self.pos.fen(false);
        self.update_setup(&fen);
    }

    pub(crate) fn push(&mut self, m: Option<JsMove>) {
        let setup = &self.pos.setup;
        let frame = Frame {
            mv: m.map(|m| m.mv),
            piece: m.map_or(Piece::King, |m| m.piece),
            captured: m.and_then(|m| m.captured),
            kind: m.map_or('-', |m| m.kind),
            turn: setup.turn,
            castling: setup.castling_rights,
            ep: setup.ep_square,
            halfmove: setup.halfmove_clock,
            fullmove: setup.fullmove_number,
        };
        match m {
            Some(m) => self.pos.play(m.mv),
            None => self.pos.play_null(),
        }
        self.frames.push(frame);
        self.count_position();
    }

    /// The record of a null move as chess.js describes it (from and to a8, a king's move).
    pub(crate) fn null_record(&self, before: &Position) -> String {
        let mut after = before.clone();
        after.play_null();
        let color = if before.setup.turn == Color::White {
            'w'
        } else {
            'b'
        };
        format!("{color}k--- a8 a8 -- a8a8 {}", after.fen(false))
    }

    /// Takes back the last move as chess.js does (pieces moved back on the current board).
    pub(crate) fn unmake(setup: &mut Setup, frame: &Frame) {
        setup.turn = frame.turn;
        setup.castling_rights = frame.castling;
        setup.ep_square = frame.ep;
        setup.halfmove_clock = frame.halfmove;
        setup.fullmove_number = frame.fullmove;
        let Some(mv) = frame.mv else {
            return;
        };
        let us = frame.turn;
        if matches!(frame.kind, 'k' | 'q') {
            let rank = mv.from.rank();
            let (king_file, rook_file) = if frame.kind == 'k' {
                (bitmove::File::ALL[6], bitmove::File::ALL[5])
            } else {
                (bitmove::File::ALL[2], bitmove::File::ALL[3])
            };
            setup.remove_piece_at(Square::new(king_file, rank));
            setup.remove_piece_at(Square::new(rook_file, rank));
            setup.set_piece_at(mv.to, Some((us, Piece::Rook)), false);
            setup.set_piece_at(mv.from, Some((us, Piece::King)), false);
            return;
        }
        setup.remove_piece_at(mv.to);
        setup.set_piece_at(mv.from, Some((us, frame.piece)), false);
        if let Some(captured) = frame.captured {
            let square = if frame.kind == 'e' {
                Square::new(mv.to.file(), mv.from.rank())
            } else {
                mv.to
            };
            setup.set_piece_at(square, Some((!us, captured)), false);
        }
    }

    /// The start position and the frames, for a walk through the game.
    pub(crate) fn start(&self) -> Position {
        let mut setup = self.pos.setup;
        for frame in self.frames.iter().rev() {
            Self::unmake(&mut setup, frame);
        }
        Position::new(setup)
    }

    /// Each move's position before it, from the start.
    pub(crate) fn walk(&self, mut visit: impl FnMut(&Position, &Frame)) -> Position {
        let mut pos = self.start();
        for frame in &self.frames {
            visit(&pos, frame);
            match frame.mv {
                Some(mv) => pos.play(mv),
                None => pos.play_null(),
            }
        }
        pos
    }

    pub(crate) fn san_of(pos: &Position, frame: &Frame) -> String {
        match frame.mv {
            Some(mv) => pos.san(mv),
            None => "--".to_string(),
        }
    }

    pub(crate) fn square(square: u32) -> Option<Square> {
        square_from_js(square)
    }

    /// chess.js's reading of a move text (`_moveFromSan`): `Ok(None)` for a null move.
    pub(crate) fn find_text(&self, text: &str, strict: bool) -> Result<Option<JsMove>, ()> {
        let mut clean = chessjs::stripped_san(text);
        if !strict {
            if clean == "0-0" {
                clean = "O-O".into();
            } else if clean == "0-0-0" {
                clean = "O-O-O".into();
            }
        }
        if clean == "--" {
            return Ok(None);
        }
        // The library's SAN reader finds the move when the text is SAN; chess.js's strict
        // pass compares the text with every move's SAN, which finds the same move then (SANs
        // are unique, and a SAN's first letter is the piece chess.js infers).
        if let Some(board) = &self.pos.fast
            && let Ok(mv) = board.parse_san(&clean)
            && chessjs::stripped_san(&board.san_plain(mv).to_string()) == clean
        {
            return Ok(Some(self.pos.describe(mv)));
        }
        let moves = self.pos.moves();
        let of_piece =
            |piece: Option<char>, m: &JsMove| piece.is_none_or(|p| p == m.piece.to_char());
        let inferred = chessjs::infer_piece(&clean);
        for m in moves.iter().filter(|m| of_piece(inferred, m)) {
            if clean == chessjs::stripped_san(&self.pos.san(m.mv)) {
                return Ok(Some(*m));
            }
        }
        if strict {
            return Err(());
        }
        let Some(loose) = chessjs::loose(&clean) else {
            return Err(());
        };
        let piece = loose.piece.map(|p| p.to_ascii_lowercase()).or(inferred);
        let loose_piece = loose.piece.map(|p| p.to_ascii_lowercase());
        let candidates = moves.iter().filter(|m| of_piece(piece, m));
        let over = loose.from.len() == 1;
        let square_of = |text: &str| text.parse::<Square>().ok();
        for m in candidates {
            let promotion_ok = loose
                .promotion
                .is_none_or(|p| m.promotion().map(Piece::to_char) == Some(p.to_ascii_lowercase()));
            if loose.from.is_empty() {
                if clean == chessjs::stripped_san(&self.pos.san(m.mv)).replacen('x', "", 1) {
                    return Ok(Some(*m));
                }
            } else if loose_piece.is_none_or(|p| p == m.piece.to_char())
                && square_of(loose.from) == Some(m.mv.from)
                && square_of(loose.to) == Some(m.to)
                && promotion_ok
            {
                return Ok(Some(*m));
            } else if over {
                let from = m.mv.from.to_string();
                if loose_piece.is_none_or(|p| p == m.piece.to_char())
                    && square_of(loose.to) == Some(m.to)
                    && from.contains(loose.from)
                    && promotion_ok
                {
                    return Ok(Some(*m));
                }
            }
        }
        Err(())
    }

    pub(crate) fn play_found(&mut self, found: Option<JsMove>) -> Result<String, JsValue> {
        match found {
            None => {
                if self.pos.is_check() {
                    return Err(error("Error", "Null move not allowed when in check"));
                }
                let record = self.null_record(&self.pos);
                self.push(None);
                Ok(record)
            }
            Some(m) => {
                let record = self.pos.record(&m);
                self.push(Some(m));
                Ok(record)
            }
        }
    }

    pub(crate) fn load_inner(
        &mut self,
        fen: &str,
        skip_validation: bool,
        preserve_headers: bool,
    ) -> Result<(), JsValue> {
        let fen = chessjs::pad_fen(fen);
        let fields = chessjs::js_fields(&fen);
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        if !skip_validation {
            // Chess960's castling letters (Shredder-FEN, X-FEN) are the library's to read.
            let checked = if self.chess960 && fields.len() == 6 {
                let mut f = fields.clone();
                f[2] = "-";
                f.join(" ")
            } else {
                fen.clone()
            };
            if let Some(message) = chessjs::validate_fen(&checked) {
                return Err(fen_error(message));
            }
        }
        let castling: String = if self.chess960 {
            field(2)
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .collect()
        } else {
            "KQkq".chars().filter(|&c| field(2).contains(c)).collect()
        };
        let ep = field(3);
        let ep = if ep.parse::<Square>().is_ok() {
            ep
        } else {
            "-"
        };
        // The number as JavaScript writes it (`-0` for a negative zero), formatted as an
        // integer: the WebAssembly build then links no float formatting.
        let int = |i: usize, default: f64, least: f64| {
            let n =
                chessjs::js_parse_int(field(i)).map_or(default, |n| n.clamp(0.0, 1e9).max(least));
            if n == 0.0 && n.is_sign_negative() {
                "-0".to_string()
            } else {
                (n as u64).to_string()
            }
        };
        let normal = format!(
            "{} {} {} {ep} {} {}",
            field(0),
            if field(1) == "b" { "b" } else { "w" },
            if castling.is_empty() { "-" } else { &castling },
            int(4, 0.0, f64::NEG_INFINITY),
            int(5, 1.0, 1.0),
        );
        let setup = Setup::from_fen(&normal, self.chess960)
            .map_err(|e| fen_error(&format!("Invalid FEN: {e}")))?;
        self.clear_inner(preserve_headers);
        self.pos = Position::new(setup);
        self.update_setup(&fen);
        self.count_position();
        Ok(())
    }

    pub(crate) fn clear_inner(&mut self, preserve_headers: bool) {
        let mut setup = Setup::empty();
        setup.chess960 = self.chess960;
        self.pos = Position::new(setup);
        self.frames.clear();
        self.comments.clear();
        self.counts.clear();
        if !preserve_headers {
            self.headers = Self::template();
        }
        self.put_header("SetUp", None);
        self.put_header("FEN", None);
    }

    pub(crate) fn filtered(&self, square: u32, piece: &str) -> Vec<JsMove> {
        let from = Self::square(square);
        let piece = piece.chars().next().map(|c| c.to_ascii_lowercase());
        let mut moves = self.pos.moves();
        moves.retain(|m| {
            from.is_none_or(|s| s == m.mv.from) && piece.is_none_or(|p| p == m.piece.to_char())
        });
        moves
    }

    #[cfg(feature = "full")]
    pub(crate) fn legal_board(&self) -> Result<&bitmove::Board, JsValue> {
        self.pos.fast.as_ref().ok_or_else(|| {
            error(
                "RangeError",
                "perft statistics need a position that can arise in a game",
            )
        })
    }
}

#[wasm_bindgen]
impl RawGame {
    /// A game from `fen` (`undefined`: the standard start), as chess.js's constructor.
    #[wasm_bindgen(constructor)]
    pub fn new(
        fen: Option<String>,
        chess960: bool,
        skip_validation: bool,
    ) -> Result<RawGame, JsValue> {
        let mut setup = Setup::empty();
        setup.chess960 = chess960;
        let mut game = RawGame {
            pos: Position::new(setup),
            frames: Vec::new(),
            counts: Vec::new(),
            headers: Self::template(),
            comments: crate::comments::Comments::default(),
            chess960,
        };
        game.load_inner(
            fen.as_deref().unwrap_or(DEFAULT_POSITION),
            skip_validation,
            false,
        )?;
        Ok(game)
    }

    /// chess.js's `load`: a `FenError` (chess.js's message) leaves the game unchanged.
    pub fn load(
        &mut self,
        fen: &str,
        skip_validation: bool,
        preserve_headers: bool,
    ) -> Result<(), JsValue> {
        self.load_inner(fen, skip_validation, preserve_headers)
    }

    /// chess.js's `clear`: an empty board, White to move.
    pub fn clear(&mut self, preserve_headers: bool) {
        self.clear_inner(preserve_headers);
    }

    /// The current position's FEN as chess.js writes it.
    pub fn fen(&self, force_ep: bool) -> String {
        self.pos.fen(force_ep)
    }

    /// The FEN of the position the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.start().fen(false)
    }

    /// Whether the game is in Chess960 mode.
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Everything a status query needs, as [`bits`].
    pub fn status(&self) -> u32 {
        let mut out = 0;
        let check = self.pos.is_check();
        let moves = self.pos.has_moves();
        if check {
            out |= bits::CHECK;
        }
        if !moves {
            out |= if check {
                bits::CHECKMATE
            } else {
                bits::STALEMATE
            };
        }
        if chessjs::insufficient_material(&self.pos.setup) {
            out |= bits::INSUFFICIENT;
        }
        let hash = self.hash_now();
        if self.counts.iter().any(|&(h, n)| h == hash && n >= 3) {
            out |= bits::THREEFOLD;
        }
        let mate = check && !moves;
        if self.pos.setup.halfmove_clock >= 100 && !mate {
            out |= bits::FIFTY;
        }
        if self.pos.setup.turn == Color::Black {
            out |= bits::BLACK;
        }
        out
    }

    /// The fullmove number.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        self.pos.setup.fullmove_number
    }

    /// The halfmove clock.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.pos.setup.halfmove_clock
    }

    /// The placement as 64 characters, a8 to h1 (chess.js's order): a FEN piece letter or `.`.
    pub fn placement(&self) -> String {
        (0..64)
            .map(|i| {
                square_from_js(i)
                    .and_then(|s| self.pos.setup.piece_at(s))
                    .map_or('.', |(c, p)| p.to_char_colored(c))
            })
            .collect()
    }

    /// The legal moves in SAN, one per line, in chess.js's order; `square` (a8 = 0 ... h1 =
    /// 63; 64 or more: all) and `piece` (a letter; empty: all) filter.
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: u32, piece: &str) -> String {
        let mut out = String::new();
        for m in self.filtered(square, piece) {
            out.push_str(&self.pos.san(m.mv));
            out.push('\n');
        }
        out
    }

    /// The legal moves as records (see `record.rs`), one per line; filters as
    /// [`moves_san`](RawGame::moves_san).
    #[wasm_bindgen(js_name = movesVerbose)]
    pub fn moves_verbose(&self, square: u32, piece: &str) -> String {
        let mut out = String::new();
        for m in self.filtered(square, piece) {
            out.push_str(&self.pos.record(&m));
            out.push('\n');
        }
        out
    }

    /// Plays a move given as text, read as chess.js reads it (`--` a null move), and
    /// returns its record.
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str, strict: bool) -> Result<String, JsValue> {
        let found = self
            .find_text(text, strict)
            .map_err(|()| illegal(&format!("Invalid move: {text}")))?;
        self.play_found(found)
    }

    /// Plays the legal move from `from` to `to` (chess.js's squares; the king's destination
    /// for castling) with `promotion` (a letter; checked only when the move promotes), as
    /// chess.js's `move({ from, to, promotion })`.
    #[wasm_bindgen(js_name = playObject)]
    pub fn play_object(
        &mut self,
        from: u32,
        to: u32,
        promotion: Option<String>,
    ) -> Result<String, JsValue> {
        let (Some(from), Some(to)) = (Self::square(from), Self::square(to)) else {
            return Err(illegal("Invalid move"));
        };
        let found = self.pos.moves().into_iter().find(|m| {
            m.mv.from == from
                && m.to == to
                && m.promotion().is_none_or(|p| {
                    promotion.as_deref().and_then(piece_of) == Some(p)
                        && promotion
                            .as_deref()
                            .is_some_and(|s| s.chars().all(|c| c.is_ascii_lowercase()))
                })
        });
        match found {
            Some(m) => self.play_found(Some(m)),
            None => Err(illegal("Invalid move")),
        }
    }

    /// Takes back the last move and returns its record; `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let frame = self.frames.pop()?;
        let hash = self.hash_now();
        Self::unmake(&mut self.pos.setup, &frame);
        self.pos.refresh();
        if let Some(at) = self.counts.iter().position(|(h, _)| *h == hash) {
            if self.counts[at].1 == 1 {
                self.counts.swap_remove(at);
            } else {
                self.counts[at].1 -= 1;
            }
        }
        Some(match frame.mv {
            None => self.null_record(&self.pos),
            Some(mv) => {
                let m = JsMove {
                    mv,
                    piece: frame.piece,
                    captured: frame.captured,
                    kind: frame.kind,
                    to: self.pos.describe(mv).to,
                };
                self.pos.record(&m)
            }
        })
    }

    /// The number of moves played.
    #[wasm_bindgen(js_name = historyLength)]
    pub fn history_length(&self) -> usize {
        self.frames.len()
    }

    /// The moves played in SAN, one per line, oldest first.
    #[wasm_bindgen(js_name = historySan)]
    pub fn history_san(&self) -> String {
        let mut out = String::new();
        self.walk(|pos, frame| {
            out.push_str(&Self::san_of(pos, frame));
            out.push('\n');
        });
        out
    }

    /// The moves played as records, oldest first (each against the board it was played on).
    #[wasm_bindgen(js_name = historyVerbose)]
    pub fn history_verbose(&self) -> String {
        let mut out = String::new();
        self.walk(|pos, frame| {
            match frame.mv {
                None => out.push_str(&self.null_record(pos)),
                Some(mv) => out.push_str(&pos.record(&pos.describe(mv))),
            }
            out.push('\n');
        });
        out
    }

    /// The Polyglot key of the current position.
    #[wasm_bindgen(js_name = polyglotKey)]
    pub fn polyglot_key(&self) -> u64 {
        match &self.pos.fast {
            Some(board) => board.hash(),
            None => self.pos.setup.zobrist_hash(),
        }
    }

    /// How often the position with chess.js's key `hash` has occurred in the game (chess.js's
    /// `_getPositionCount`): what threefold repetition counts.
    #[wasm_bindgen(js_name = positionCount)]
    pub fn position_count(&self, hash: u64) -> u32 {
        self.counts
            .iter()
            .find(|&&(h, _)| h == hash)
            .map_or(0, |&(_, n)| n)
    }

    /// chess.js's `hash()`: its own Zobrist key, in hexadecimal.
    pub fn hash(&self) -> String {
        format!("{:x}", self.hash_now())
    }

    /// Perft of the current position (any placement: positions that are not legal ones are
    /// counted with the library's generator for any placement).
    pub fn perft(&self, depth: u32) -> Result<f64, JsValue> {
        match &self.pos.fast {
            Some(board) => perft_of(board, depth),
            None => {
                crate::check_depth(depth)?;
                Ok(lax_perft(&self.pos, depth) as f64)
            }
        }
    }

    /// Divide of the current position: lines `uci count`.
    pub fn divide(&self, depth: u32) -> Result<String, JsValue> {
        match &self.pos.fast {
            Some(board) => divide_of(board, depth),
            None => {
                let depth = crate::check_depth(depth)?.max(1);
                let mut out = String::new();
                for m in self.pos.moves() {
                    let mut child = self.pos.clone();
                    child.play(m.mv);
                    let nodes = lax_perft(&child, depth - 1);
                    out.push_str(&format!("{} {nodes}\n", self.pos.uci(m.mv)));
                }
                Ok(out)
            }
        }
    }

    /// chess.js's `put`: false for a second king of a side (or a bad piece or square).
    pub fn put(&mut self, piece: &str, color: &str, square: u32) -> bool {
        let (Some(piece), Some(color), Some(square)) =
            (piece_of(piece), color_of(color), Self::square(square))
        else {
            return false;
        };
        if piece == Piece::King && self.pos.setup.king(color).is_some_and(|k| k != square) {
            return false;
        }
        self.pos
            .setup
            .set_piece_at(square, Some((color, piece)), false);
        self.edited();
        true
    }

    /// chess.js's `remove`: the piece taken off as `{type}{color}` (`pw`), or `undefined`.
    pub fn remove(&mut self, square: u32) -> Option<String> {
        let square = Self::square(square)?;
        let removed = self.pos.setup.remove_piece_at(square);
        self.edited();
        let (color, piece) = removed?;
        Some(format!(
            "{}{}",
            piece.to_char(),
            if color == Color::White { 'w' } else { 'b' }
        ))
    }

    /// Whether `color` attacks `square` (chess.js's `isAttacked`).
    #[wasm_bindgen(js_name = isAttacked)]
    pub fn is_attacked(&self, square: u32, color: &str) -> bool {
        match (Self::square(square), color_of(color)) {
            (Some(square), Some(color)) => self.pos.setup.attackers_mask(color, square) != 0,
            _ => false,
        }
    }

    /// The squares of `color`'s pieces that attack `square`, a8 to h1, space-separated.
    pub fn attackers(&self, square: u32, color: &str) -> String {
        let (Some(square), Some(color)) = (Self::square(square), color_of(color)) else {
            return String::new();
        };
        let mask = self.pos.setup.attackers_mask(color, square);
        js_order(mask)
    }

    /// The squares of `color`'s pieces of kind `piece`, a8 to h1, space-separated.
    #[wasm_bindgen(js_name = findPiece)]
    pub fn find_piece(&self, piece: &str, color: &str) -> String {
        let (Some(piece), Some(color)) = (piece_of(piece), color_of(color)) else {
            return String::new();
        };
        let setup = &self.pos.setup;
        js_order(setup.pieces[piece.index()].0 & setup.colors[color.index()].0)
    }

    /// chess.js's `setCastlingRights`: sets or clears the king-side (`king`) and
    /// queen-side (`queen`) rights of `color`, then drops those whose king or rook is not
    /// in place; whether the result is what was asked.
    #[wasm_bindgen(js_name = setCastlingRights)]
    pub fn set_castling_rights(
        &mut self,
        color: &str,
        king: Option<bool>,
        queen: Option<bool>,
    ) -> bool {
        let Some(c) = color_of(color) else {
            return false;
        };
        let rank = if c == Color::White { 0 } else { 7 };
        let setup = &mut self.pos.setup;
        for (want, file) in [(king, 7usize), (queen, 0usize)] {
            let Some(want) = want else { continue };
            let side_mask = if file == 7 {
                // every rook square beyond the king's file (Chess960) or h1/h8
                let king_file = setup.king(c).map_or(4, |k| k.file().index());
                (0xffu64 << (king_file + 1)) & 0xff
            } else {
                let king_file = setup.king(c).map_or(4, |k| k.file().index());
                (1u64 << king_file) - 1
            } << (8 * rank);
            if want {
                if setup.castling_rights.0 & side_mask == 0 {
                    let rook = Square::index_wrapping(rank * 8 + file);
                    setup.castling_rights.0 |= 1u64 << rook.index();
                }
            } else {
                setup.castling_rights.0 &= !side_mask;
            }
        }
        self.update_castling();
        self.pos.refresh();
        let (k, q) = castling_flags(&self.pos.setup, c);
        king.is_none_or(|w| w == k) && queen.is_none_or(|w| w == q)
    }

    /// chess.js's `getCastlingRights`: `[king side, queen side]`.
    #[wasm_bindgen(js_name = getCastlingRights)]
    pub fn get_castling_rights(&self, color: &str) -> Vec<u8> {
        let Some(c) = color_of(color) else {
            return vec![0, 0];
        };
        let (k, q) = castling_flags(&self.pos.setup, c);
        vec![u8::from(k), u8::from(q)]
    }
}

/// Squares of `mask` in chess.js's order (a8 to h1), space-separated.
fn js_order(mask: u64) -> String {
    let mut out = Vec::new();
    for i in 0..64 {
        if let Some(square) = square_from_js(i)
            && mask & (1u64 << square.index()) != 0
        {
            out.push(square.to_string());
        }
    }
    out.join(" ")
}

/// Perft statistics: in the full build only (`bitmove/full`), as they are most of the code.
#[cfg(feature = "full")]
#[wasm_bindgen]
impl RawGame {
    /// Perft statistics of the current position: lines `name value`.
    #[wasm_bindgen(js_name = perftStats)]
    pub fn perft_stats(&self, depth: u32) -> Result<String, JsValue> {
        stats_of(self.legal_board()?, depth)
    }

    /// Perft statistics of each root move (see `divide_stats_of`).
    #[wasm_bindgen(js_name = divideStats)]
    pub fn divide_stats(&self, depth: u32) -> Result<String, JsValue> {
        divide_stats_of(self.legal_board()?, depth)
    }
}
