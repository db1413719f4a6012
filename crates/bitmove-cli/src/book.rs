//! `bitmove book`: a Polyglot opening book's moves for a position, heaviest first, with
//! SAN, weight, learn and share. The book is memory-mapped (`bitmove::book::Book::open`).

use std::fmt::Write;

use bitmove::book::Book;

use crate::Failure;
use crate::cli::BookArgs;

pub(crate) fn run(args: &BookArgs) -> Result<u8, Failure> {
    let board = crate::position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        args.chess960,
    )?;
    let book = Book::open(&args.file)
        .map_err(|e| Failure::input(format!("{}: {e}", args.file.display())))?;
    let found = book.find_all(&board, args.min_weight, &[]);
    let total: u64 = found.iter().map(|m| u64::from(m.entry.weight)).sum();
    let mut out = format!("Key: {:016x}\n", board.hash());
    if found.is_empty() {
        out.push_str("No entries.\n");
    } else {
        let _ = writeln!(
            out,
            "{:<6} {:<8} {:>6} {:>10} {:>7}",
            "move", "san", "weight", "learn", "share"
        );
    }
    for m in &found {
        let share = if total == 0 {
            0.0
        } else {
            100.0 * f64::from(m.entry.weight) / total as f64
        };
        let _ = writeln!(
            out,
            "{:<6} {:<8} {:>6} {:>10} {:>6.2}%",
            board.uci(m.mv).to_string(),
            board.san(m.mv).to_string(),
            m.entry.weight,
            m.entry.learn,
            share
        );
    }
    crate::print(out).map(|()| 0)
}
