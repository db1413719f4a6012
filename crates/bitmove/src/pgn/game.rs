//! [`Game`]: one game as a record (tags, start position, mainline moves, clocks,
//! evaluations, result, error), and its positions one by one.

use std::string::String;
use std::vec::Vec;

use super::{Eval, GameError, NULL_MOVE, Tag, Visitor};
use crate::attacks::{SliderBackend, dispatch};
use crate::variant::{VariantMove, VariantPosition};
use crate::{Board, CastlingNotation, Move};
use std::boxed::Box;

/// One game as read: what a bulk reader keeps of it. Made by [`Reader`](super::Reader) (an
/// iterator of games) and [`Reader::par_map`](super::Reader::par_map).
///
/// ```
/// use bitmove::pgn::{Eval, Reader};
///
/// let pgn = "[Event \"Rated Blitz game\"]\n[Result \"1-0\"]\n\n\
///            1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:02:58.5] } 2. Qh5?! 1-0\n";
/// let game = Reader::new(pgn.as_bytes()).next().expect("one game")?;
/// assert_eq!(game.header("Event"), Some("Rated Blitz game"));
/// assert_eq!(game.result(), "1-0");
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.clocks, [Some(180.0), Some(178.5), None]);
/// assert_eq!(game.evals, [Some(Eval::Centipawns(17)), None, None]);
/// let ucis: Vec<String> = game.positions().map(|p| p.uci()).collect();
/// assert_eq!(ucis, ["e2e4", "e7e5", "d1h5"]);
/// assert_eq!(game.end().to_string(), "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Game {
    /// The 0-based index of the game in the input.
    pub index: usize,
    /// The 1-based line where the game starts.
    pub line: usize,
    /// The tag pairs in input order (a repeated tag appears twice; [`Game::header`] takes
    /// the last).
    pub headers: Vec<(String, String)>,
    /// The start position (the standard one when the tags could not be set up).
    pub start: Board,
    /// The mainline moves replayed, each legal in its position (castling as
    /// king-takes-rook; [`NULL_MOVE`] for a null move). When [`error`](Game::error) is set,
    /// the moves before it.
    pub moves: Vec<Move>,
    /// The clock after each move, in seconds, from `[%clk ...]`; one entry per move.
    pub clocks: Vec<Option<f64>>,
    /// The evaluation after each move, from `[%eval ...]`; one entry per move.
    pub evals: Vec<Option<Eval>>,
    /// The result marker that closes the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub termination: Option<String>,
    /// Why the game did not replay to its end; `None` when it did.
    pub error: Option<GameError>,
    /// A game of a lichess variant, replayed by its rules (by a reader made with
    /// [`Reader::with_variants`](super::Reader::with_variants)): its start and moves.
    /// [`start`](Game::start) is then the standard start and [`moves`](Game::moves) empty;
    /// [`clocks`](Game::clocks) and [`evals`](Game::evals) have one entry per variant move.
    pub variant: Option<Box<VariantLine>>,
}

/// The moves of a variant game, by its variant's rules: see [`Game::variant`].
#[derive(Clone, Debug, PartialEq)]
pub struct VariantLine {
    /// The start position (the `FEN` tag's or the variant's own).
    pub start: VariantPosition,
    /// The mainline moves replayed, each legal in its position (drops included), or
    /// [`NULL_VARIANT_MOVE`](super::NULL_VARIANT_MOVE) for a null move.
    pub moves: Vec<VariantMove>,
}

/// Plays a move of a variant game on `position`: a move legal there, or
/// [`NULL_VARIANT_MOVE`](super::NULL_VARIANT_MOVE) (the turn passes, as python-chess's
/// `push(Move.null())` does).
pub fn play_variant(position: &mut VariantPosition, mv: VariantMove) {
    if mv == super::NULL_VARIANT_MOVE {
        position.play_null();
    } else {
        position.play_unchecked(mv);
    }
}

impl VariantLine {
    /// The position before each move, with the move.
    pub fn positions(&self) -> impl Iterator<Item = (VariantPosition, VariantMove)> + '_ {
        let mut position = self.start.clone();
        self.moves.iter().map(move |&mv| {
            let before = position.clone();
            play_variant(&mut position, mv);
            (before, mv)
        })
    }

    /// The position after the last move replayed.
    pub fn end(&self) -> VariantPosition {
        let mut position = self.start.clone();
        for &mv in &self.moves {
            play_variant(&mut position, mv);
        }
        position
    }
}

impl Game {
    /// The value of a tag (the last one, if it is repeated).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The result as python-chess reports it: the `Result` tag, unless it is missing or `*`
    /// and the movetext ends with a result; else `*`.
    pub fn result(&self) -> &str {
        match self.header("Result") {
            Some(tag) if tag != "*" => tag,
            _ => self.termination.as_deref().unwrap_or("*"),
        }
    }

    /// Whether every move replayed.
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }

    /// The position before each mainline move, with the move, its clock and evaluation.
    pub fn positions(&self) -> Positions<'_> {
        Positions {
            game: self,
            board: self.start.clone(),
            ply: 0,
        }
    }

    /// The position after the last move replayed.
    pub fn end(&self) -> Board {
        let mut board = self.start.clone();
        for &mv in &self.moves {
            play(&mut board, mv);
        }
        board
    }
}

/// Plays a move of a game record (legal, or the null move).
fn play(board: &mut Board, mv: Move) {
    if mv == NULL_MOVE {
        board.pass_turn();
    } else {
        board.play_unchecked(mv);
    }
}

/// The positions of a game, one per mainline move; made by [`Game::positions`].
pub struct Positions<'a> {
    game: &'a Game,
    board: Board,
    ply: usize,
}

impl Iterator for Positions<'_> {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        let mv = *self.game.moves.get(self.ply)?;
        let position = Position {
            ply: self.ply,
            board: self.board.clone(),
            mv,
            clock: self.game.clocks.get(self.ply).copied().flatten(),
            eval: self.game.evals.get(self.ply).copied().flatten(),
        };
        play(&mut self.board, mv);
        self.ply += 1;
        Some(position)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.game.moves.len() - self.ply;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Positions<'_> {}

/// A position of a game and the move played from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The 0-based ply: 0 for the first move of the game.
    pub ply: usize,
    /// The position before the move.
    pub board: Board,
    /// The move played (legal here, castling as king-takes-rook), or [`NULL_MOVE`].
    pub mv: Move,
    /// The mover's clock after the move, in seconds.
    pub clock: Option<f64>,
    /// The evaluation after the move, from White's view.
    pub eval: Option<Eval>,
}

impl Position {
    /// The move in UCI: castling as `e1g1` in standard chess and as king-takes-rook (`e1h1`)
    /// in Chess960, as python-chess writes them; `0000` for a null move.
    pub fn uci(&self) -> String {
        if self.mv == NULL_MOVE {
            return "0000".into();
        }
        self.board.uci(self.mv).to_string()
    }

    /// The position's FEN as python-chess writes it ([`fen`](super::fen)).
    pub fn fen(&self) -> String {
        fen(&self.board)
    }
}

/// A FEN as python-chess's `board.fen()` writes it, so that the two can be compared: X-FEN
/// castling (`KQkq`, a file letter only for an inner rook, in Chess960 too) and an
/// en-passant square only when an en-passant capture is legal.
///
/// ```
/// use bitmove::Board;
/// use bitmove::pgn::fen;
///
/// let mut board = Board::default();
/// board.play(board.parse_san("e4")?)?;
/// assert_eq!(fen(&board), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fen(board: &Board) -> String {
    let text = board.fen_with(CastlingNotation::XFen).to_string();
    let Some(ep) = board.en_passant() else {
        return text;
    };
    if dispatch!(SliderBackend::current(), |s| board
        .en_passant_capturable(s, ep))
    {
        return text;
    }
    let ep = ep.to_string();
    text.replacen(&format!(" {ep} "), " - ", 1)
}

/// The visitor that builds a [`Game`].
#[derive(Default)]
pub(crate) struct GameBuilder {
    /// Whether variant games are replayed by their rules (else they end with an error).
    pub(crate) variants: bool,
    game: Game,
    /// Whether a comment now belongs to the last mainline move (not after a variation).
    attach: bool,
    /// Depth of visited variations (0: mainline).
    depth: usize,
    /// The sizes of the last game, to reserve for the next.
    plies: usize,
    headers: usize,
}

impl GameBuilder {
    /// A builder; `variants`: whether variant games are replayed by their rules.
    pub(crate) fn new(variants: bool) -> GameBuilder {
        GameBuilder {
            variants,
            ..GameBuilder::default()
        }
    }

    /// The game built; the builder is ready for the next one.
    pub(crate) fn take(&mut self) -> Game {
        self.plies = self.game.moves.len().next_power_of_two();
        self.headers = self.game.headers.len();
        core::mem::take(&mut self.game)
    }
}

impl Visitor for GameBuilder {
    fn begin_game(&mut self, index: usize, line: usize) {
        // Room for a game as long as the last one: most games need no regrowth.
        let plies = self.plies.max(16);
        self.game = Game {
            index,
            line,
            headers: Vec::with_capacity(self.headers.max(8)),
            moves: Vec::with_capacity(plies),
            clocks: Vec::with_capacity(plies),
            evals: Vec::with_capacity(plies),
            ..Game::default()
        };
        self.attach = false;
        self.depth = 0;
    }

    fn header(&mut self, tag: Tag<'_>) {
        self.game
            .headers
            .push((tag.name().into(), tag.value().into_owned()));
    }

    fn start(&mut self, board: &Board) {
        self.game.start = board.clone();
    }

    fn play(&mut self, _board: &Board, mv: Move, _san: &[u8]) {
        self.game.moves.push(mv);
        self.game.clocks.push(None);
        self.game.evals.push(None);
        self.attach = true;
    }

    fn plays_variants(&self) -> bool {
        self.variants
    }

    fn start_variant(&mut self, position: &VariantPosition) {
        self.game.variant = Some(Box::new(VariantLine {
            start: position.clone(),
            moves: Vec::new(),
        }));
    }

    fn play_variant(&mut self, _position: &VariantPosition, mv: VariantMove, _san: &[u8]) {
        if let Some(line) = &mut self.game.variant {
            line.moves.push(mv);
        }
        self.game.clocks.push(None);
        self.game.evals.push(None);
        self.attach = true;
    }

    fn comment(&mut self, text: &[u8]) {
        if !self.attach {
            return;
        }
        let (Some(clock), Some(eval)) = (self.game.clocks.last_mut(), self.game.evals.last_mut())
        else {
            return;
        };
        super::comments::read_commands(text, clock, eval);
    }

    fn begin_variation(&mut self) -> bool {
        self.attach = false;
        false
    }

    fn result(&mut self, result: &str) {
        self.game.termination = Some(result.into());
    }

    fn end_game(&mut self, outcome: Result<(), GameError>) {
        self.game.error = outcome.err();
    }
}
