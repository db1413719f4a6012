//! One game from a Python file object (its `readline()`), read by the Rust reader into a
//! list of events: what `read_game` and the visitors of `bitmove.pgn` are built from
//! (`pgn.rs` hands them to Python as tuples, `pgn_lazy.rs` keeps them as a tree).

use std::io::{self, BufRead, Read};

use bitmove::pgn::{self as lib, ErrorKind, GameError, NULL_MOVE, Reader, Tag, Visitor};
use bitmove::{Board, SanError};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// A Python file object read one line at a time (`readline()`), text or binary: the
/// splitter then never reads past the game it is cutting.
struct Lines<'py> {
    /// The handle's `readline`, looked up once.
    readline: Bound<'py, PyAny>,
    line: Vec<u8>,
    at: usize,
    done: bool,
    /// The exception `readline()` raised, given back to Python after the read.
    error: Option<PyErr>,
}

impl Lines<'_> {
    fn read_line(&mut self) -> PyResult<()> {
        let line = self.readline.call0()?;
        if let Ok(text) = line.cast::<PyString>() {
            // UTF-8 straight into the buffer; a text with lone surrogates (which UTF-8
            // cannot hold) takes the lossy way.
            match text.encode_utf8() {
                Ok(bytes) => self.line.extend_from_slice(bytes.as_bytes()),
                Err(_) => self
                    .line
                    .extend_from_slice(text.to_string_lossy().as_bytes()),
            }
        } else if let Ok(bytes) = line.cast::<PyBytes>() {
            self.line.extend_from_slice(bytes.as_bytes());
        } else {
            return Err(PyTypeError::new_err(
                "read_game needs a file object whose readline() returns str or bytes",
            ));
        }
        Ok(())
    }
}

impl Read for Lines<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Lines<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.line.len() && !self.done {
            self.line.clear();
            self.at = 0;
            if let Err(error) = self.read_line() {
                self.error = Some(error);
                self.done = true;
                return Err(io::Error::other("readline failed"));
            }
            self.done = self.line.is_empty();
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.line.len());
    }
}

/// What the reader tells about one game, in order, for the Python node builder.
pub(crate) enum Event {
    /// A move as played on the board and as UCI writes it, or a null move with the FEN
    /// after it.
    Move(bitmove::Move, bitmove::Move, Option<String>),
    /// A move of a variant game in UCI (`N@f3` for a drop).
    VariantMove(String),
    Comment(String),
    Nag(u8),
    Begin,
    End,
    Result(String),
}

/// The visitor that records a game's events, variations included.
#[derive(Default)]
pub(crate) struct Events {
    pub(crate) headers: Vec<(String, String)>,
    /// The start position: a board, or a variant game's FEN and whether it is Chess960.
    pub(crate) start: Option<Result<Board, (String, bool)>>,
    pub(crate) events: Vec<Event>,
    pub(crate) error: Option<GameError>,
    /// For each line being read (the mainline, then each variation opened), whether a
    /// move was played on it: the reader replays a variation only then (it is an
    /// alternative to that move), and skips it otherwise.
    moved: Vec<bool>,
    /// Variations are skipped unread (a visitor that skips them all: their moves are not
    /// checked, as python-chess does not parse what it skips).
    skip_variations: bool,
}

/// A comment as python-chess keeps it: one space after `{` and one before `}` dropped, CRLF
/// as LF (what a text-mode file gives), UTF-8 or else Latin-1.
fn comment_text(text: &[u8]) -> String {
    let text = text.strip_prefix(b" ").unwrap_or(text);
    let text = text.strip_suffix(b" ").unwrap_or(text);
    let text = match std::str::from_utf8(text) {
        Ok(text) => text.to_owned(),
        Err(_) => text.iter().map(|&b| char::from(b)).collect(),
    };
    if text.contains('\r') {
        text.replace("\r\n", "\n")
    } else {
        text
    }
}

/// The FEN after a null move on `board`, as python-chess's `push(Move.null())` leaves it:
/// the other side to move, no en-passant square, the halfmove clock one more, the move
/// number one more after Black.
fn null_fen(board: &Board) -> String {
    let fen = lib::fen(board);
    let fields: Vec<&str> = fen.split(' ').collect();
    let [placement, side, castling, _, halfmove, fullmove] = fields[..] else {
        return fen;
    };
    let number = |text: &str| text.parse::<u32>().unwrap_or(0);
    let (side, fullmove) = match side {
        "w" => ("b", number(fullmove)),
        _ => ("w", number(fullmove) + 1),
    };
    format!(
        "{placement} {side} {castling} - {} {fullmove}",
        number(halfmove) + 1
    )
}

impl Events {
    /// After a move: the line has a move (a variation may follow), and `e6?!`'s suffix
    /// becomes the move's NAGs, as python-chess reads it.
    fn after_move(&mut self, san: &[u8]) {
        match self.moved.last_mut() {
            Some(moved) => *moved = true,
            None => self.moved.push(true),
        }
        let events = &mut self.events;
        bitmove::pgn::suffix_nags(san, |nag| events.push(Event::Nag(nag)));
    }
}

impl Visitor for Events {
    fn header(&mut self, tag: Tag<'_>) {
        // As written, escapes kept: python-chess's tag values.
        self.headers
            .push((tag.name().into(), tag.written_value().into_owned()));
    }

    fn start(&mut self, board: &Board) {
        self.start = Some(Ok(board.clone()));
    }

    fn play(&mut self, board: &Board, mv: bitmove::Move, san: &[u8]) {
        if mv == NULL_MOVE {
            self.events.push(Event::Move(mv, mv, Some(null_fen(board))));
        } else {
            self.events
                .push(Event::Move(mv, board.uci(mv).as_move(), None));
        }
        self.after_move(san);
    }

    fn plays_variants(&self) -> bool {
        true
    }

    fn start_variant(&mut self, position: &bitmove::variant::VariantPosition) {
        self.start = Some(Err((
            position.fen().to_string(),
            position.board().is_chess960(),
        )));
    }

    fn play_variant(
        &mut self,
        position: &bitmove::variant::VariantPosition,
        mv: bitmove::variant::VariantMove,
        san: &[u8],
    ) {
        let uci = if mv == lib::NULL_VARIANT_MOVE {
            "0000".to_string() // Move.null()
        } else {
            position.uci(mv).to_string()
        };
        self.events.push(Event::VariantMove(uci));
        self.after_move(san);
    }

    fn comment(&mut self, text: &[u8]) {
        self.events.push(Event::Comment(comment_text(text)));
    }

    fn nag(&mut self, nag: u8) {
        self.events.push(Event::Nag(nag));
    }

    fn visit_variations(&self) -> bool {
        !self.skip_variations
    }

    /// python-chess's reader passes over words without a move in them (`Zz9`).
    fn skips_non_moves(&self) -> bool {
        true
    }

    fn begin_variation(&mut self) -> bool {
        if self.skip_variations || self.moved.last() != Some(&true) {
            return false; // skipped by the reader: no End will come
        }
        self.moved.push(false);
        self.events.push(Event::Begin);
        true
    }

    fn end_variation(&mut self) {
        self.moved.pop();
        self.events.push(Event::End);
    }

    fn result(&mut self, result: &str) {
        self.events.push(Event::Result(result.into()));
    }

    fn end_game(&mut self, outcome: Result<(), GameError>) {
        self.error = outcome.err();
    }
}

/// The kind of exception for a game's error: `illegal`, `ambiguous`, `invalid` (a move
/// that is not SAN) or `game` (anything else).
pub(crate) fn error_kind(error: &GameError) -> &'static str {
    match error.kind {
        ErrorKind::Move(SanError::Illegal) | ErrorKind::NullMoveInCheck => "illegal",
        ErrorKind::Move(SanError::Ambiguous) => "ambiguous",
        ErrorKind::Move(SanError::Syntax) | ErrorKind::Token => "invalid",
        _ => "game",
    }
}

/// Reads one game from `handle` (its `readline()`) after the line `pending` read ahead by
/// an earlier call: the events, and the line read ahead that begins the next game. `None`
/// at the end of the input.
pub(crate) fn read_events<'py>(
    py: Python<'py>,
    handle: Bound<'py, PyAny>,
    pending: Option<Vec<u8>>,
    variations: bool,
) -> PyResult<Option<(Events, Option<Bound<'py, PyBytes>>)>> {
    let mut lines = Lines {
        readline: handle.getattr(pyo3::intern!(py, "readline"))?,
        line: pending.unwrap_or_default(),
        at: 0,
        done: false,
        error: None,
    };
    let mut visitor = Events {
        skip_variations: !variations,
        ..Events::default()
    };
    let mut reader = Reader::new(&mut lines);
    let found = reader.visit(&mut visitor);
    let pending = reader.pending_line().map(|line| PyBytes::new(py, line));
    drop(reader);
    if let Some(error) = lines.error.take() {
        return Err(error);
    }
    if !found.map_err(|e| PyRuntimeError::new_err(e.to_string()))? {
        return Ok(None);
    }
    Ok(Some((visitor, pending)))
}
