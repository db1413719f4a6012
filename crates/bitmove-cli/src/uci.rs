//! `bitmove uci`: the part of UCI that perft tools use, answered from standard input, so that
//! bitmove can stand in as the reference engine of another tool.
//!
//! The hidden `--drop KIND` flag makes a deliberately broken engine that never generates one
//! kind of move; the tests bisect against it. Everything else about it is correct, so the
//! difference bisect reports is exactly the dropped moves.

use std::io::{BufRead, Write};

use bitmove::{Board, Move, Piece};

use crate::Failure;
use crate::cli::{MoveKind, UciArgs};

impl MoveKind {
    /// Whether the broken engine would generate `mv` on `board`.
    fn keeps(self, board: &Board, mv: Move) -> bool {
        let piece = board.piece_on(mv.from);
        match self {
            MoveKind::EnPassant => {
                !(piece == Some(Piece::Pawn)
                    && board.en_passant() == Some(mv.to)
                    && mv.from.file() != mv.to.file())
            }
            MoveKind::Castling => {
                !(piece == Some(Piece::King) && board.color_on(mv.to) == Some(board.side_to_move()))
            }
            MoveKind::Underpromotion => matches!(mv.promotion, None | Some(Piece::Queen)),
        }
    }
}

/// The moves an engine with `drop` generates: the legal ones, less the dropped kind.
fn moves(board: &Board, drop: Option<MoveKind>) -> Vec<Move> {
    let all = board.legal_moves();
    match drop {
        None => all.to_vec(),
        Some(drop) => all
            .iter()
            .copied()
            .filter(|&mv| drop.keeps(board, mv))
            .collect(),
    }
}

/// Perft of the engine with `drop`: the library's when nothing is dropped, otherwise a plain
/// recursion over the filtered moves.
fn count(board: &Board, depth: u32, drop: Option<MoveKind>) -> u64 {
    match (drop, depth) {
        (None, _) => bitmove::perft(board, depth),
        (_, 0) => 1,
        (Some(_), 1) => moves(board, drop).len() as u64,
        (Some(_), _) => moves(board, drop)
            .into_iter()
            .map(|mv| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                count(&child, depth - 1, drop)
            })
            .sum(),
    }
}

pub(crate) fn run(args: &UciArgs) -> Result<u8, Failure> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut chess960 = false;
    let mut board = Some(Board::default());
    let mut input = stdin.lock();
    let mut raw = Vec::new();
    while let Some(whole) = next_command(&mut input, &mut raw) {
        if !whole {
            writeln!(
                out,
                "info string error: a line longer than {MAX_COMMAND} bytes, ignored"
            )
            .ok();
            out.flush().ok();
            continue;
        }
        let line = String::from_utf8_lossy(&raw);
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        match words.as_slice() {
            ["uci"] => {
                writeln!(out, "id name bitmove {}", env!("CARGO_PKG_VERSION")).ok();
                writeln!(out, "id author the bitmove developers").ok();
                writeln!(
                    out,
                    "option name UCI_Chess960 type check default {chess960}"
                )
                .ok();
                writeln!(out, "uciok").ok();
            }
            ["isready"] => {
                writeln!(out, "readyok").ok();
            }
            ["quit"] => break,
            ["setoption", "name", name, "value", value]
                if name.eq_ignore_ascii_case("UCI_Chess960") =>
            {
                chess960 = value.eq_ignore_ascii_case("true");
                if let Some(b) = board.as_mut() {
                    b.set_chess960(chess960);
                }
            }
            ["position", rest @ ..] => match set_position(rest, chess960) {
                Ok(b) => board = Some(b),
                Err(why) => {
                    board = None;
                    writeln!(out, "info string error: {why}").ok();
                }
            },
            ["go", "perft", depth] => match (
                &board,
                depth
                    .parse::<u32>()
                    .ok()
                    .filter(|&d| d <= crate::cli::MAX_DEPTH),
            ) {
                (Some(board), Some(depth)) => go_perft(&mut out, board, depth, args.drop),
                (None, _) => {
                    writeln!(out, "info string error: no valid position").ok();
                }
                (_, None) => {
                    writeln!(out, "info string error: bad depth {depth:?}").ok();
                }
            },
            [] | ["ucinewgame"] | ["setoption", ..] => {}
            _ => {
                let shown: String = line.trim().chars().take(200).collect();
                let more = if shown.len() < line.trim().len() {
                    "..."
                } else {
                    ""
                };
                writeln!(out, "info string unsupported: {shown}{more}").ok();
            }
        }
        out.flush().ok();
    }
    Ok(0)
}

/// The longest command read whole: a `position startpos moves ...` line of a 100,000-ply
/// game is 500 KB. Past it the line is skipped, so that endless input without a newline
/// (`bitmove uci < /dev/zero`) cannot fill memory.
const MAX_COMMAND: usize = 1 << 24;

/// Reads the next line of `input` into `line` (without its newline): `None` at the end of
/// the input, `Some(false)` if the line was longer than [`MAX_COMMAND`] (then skipped).
fn next_command(input: &mut impl BufRead, line: &mut Vec<u8>) -> Option<bool> {
    line.clear();
    let mut whole = true;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok([]) | Err(_) => return any.then_some(whole),
            Ok(buffer) => buffer,
        };
        any = true;
        let (take, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (buffer.len(), false),
        };
        if whole && line.len() + take <= MAX_COMMAND {
            line.extend_from_slice(&buffer[..take]);
        } else {
            // Too long: the rest of the line is read and dropped.
            whole = false;
            line.clear();
        }
        input.consume(take + usize::from(done));
        if done {
            return Some(whole);
        }
    }
}

/// `position startpos|fen <FEN> [moves <m>...]`, the words after `position`.
fn set_position(words: &[&str], chess960: bool) -> Result<Board, String> {
    let (setup, moves) = match words.iter().position(|&w| w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut board = match setup {
        ["startpos"] => {
            let mut b = Board::default();
            b.set_chess960(chess960);
            b
        }
        ["fen", fen @ ..] => {
            Board::from_fen_with(&fen.join(" "), chess960).map_err(|e| e.to_string())?
        }
        _ => return Err("expected `position startpos` or `position fen <FEN>`".into()),
    };
    for text in moves {
        let mv = board
            .parse_uci(text)
            .map_err(|e| format!("move {text:?}: {e}"))?;
        board.play_unchecked(mv);
    }
    Ok(board)
}

/// Stockfish's divide: `<move>: <nodes>` per root move, a blank line, `Nodes searched: <N>`.
fn go_perft(out: &mut impl Write, board: &Board, depth: u32, drop: Option<MoveKind>) {
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for mv in moves(board, drop) {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let nodes = count(&child, depth - 1, drop);
            writeln!(out, "{}: {nodes}", board.uci(mv)).ok();
            total += nodes;
        }
    }
    writeln!(out).ok();
    writeln!(out, "Nodes searched: {total}").ok();
    writeln!(out).ok();
}
