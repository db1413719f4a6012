//! Prints the Polyglot opening-book key of a position, the number a Polyglot `.bin` book is
//! sorted by: `cargo run --example polyglot_key -- [fen | uci moves from the start]`.
//!
//! `Board::hash` is that key; it is updated incrementally by every move. A book entry is 16
//! bytes, big-endian: key (8), move (2), weight (2), learn (4); look the key up by binary
//! search.

use bitmove::Board;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = args.join(" ");
    // A FEN has slashes; anything else is read as UCI moves from the start position.
    let board = if text.contains('/') {
        match Board::from_fen(&text) {
            Ok(board) => board,
            Err(e) => return eprintln!("{e}"),
        }
    } else {
        let mut board = Board::default();
        for uci in text.split_whitespace() {
            match board.parse_uci(uci) {
                Ok(mv) => board.play_unchecked(mv),
                Err(e) => return eprintln!("{uci}: {e}"),
            }
        }
        board
    };
    println!("{board}");
    println!("{:016x}", board.hash());
}
