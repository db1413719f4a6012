//! Counts the leaves of the move tree: `cargo run --release --example perft -- [depth] [fen]`.
//!
//! Prints the split by root move (as `divide` in other tools) and the total, with the speed.

mod common;

use std::process::ExitCode;
use std::time::Instant;

use bitmove::{Board, divide};

fn main() -> ExitCode {
    common::run(|| {
        let mut args = std::env::args().skip(1);
        let depth = common::number(args.next(), "depth", 5, 1..=64)?;
        count(depth, &common::board(args)?);
        Ok(())
    })
}

fn count(depth: u32, board: &Board) {
    let start = Instant::now();
    let split = divide(board, depth);
    let elapsed = start.elapsed();
    let mut total = 0;
    for (mv, nodes) in &split {
        println!("{}: {nodes}", board.uci(*mv));
        total += nodes;
    }
    let mnps = total as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
    println!("\n{board}\ndepth {depth}: {total} nodes in {elapsed:.2?} ({mnps:.1} Mnps)");
}
