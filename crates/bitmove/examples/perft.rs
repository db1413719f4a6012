//! Counts the leaves of the move tree: `cargo run --release --example perft -- [depth] [fen]`.
//!
//! Prints the split by root move (as `divide` in other tools) and the total, with the speed.

use std::time::Instant;

use bitmove::{Board, divide};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|d| d.parse()) {
        None => 5,
        Some(Ok(d)) => d,
        Some(Err(e)) => return eprintln!("depth: {e}"),
    };
    let fen: Vec<String> = args.collect();
    let board = if fen.is_empty() {
        Board::default()
    } else {
        match Board::from_fen(&fen.join(" ")) {
            Ok(board) => board,
            Err(e) => return eprintln!("{e}"),
        }
    };

    let start = Instant::now();
    let split = divide(&board, depth);
    let elapsed = start.elapsed();
    let mut total = 0;
    for (mv, nodes) in &split {
        println!("{}: {nodes}", board.uci(*mv));
        total += nodes;
    }
    let mnps = total as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
    println!("\n{board}\ndepth {depth}: {total} nodes in {elapsed:.2?} ({mnps:.1} Mnps)");
}
