//! Perft the way a search walks the tree, with no counting shortcuts: every node lists its
//! legal moves, copies the board and plays each one. A measure of the public API's
//! make-and-generate speed: `cargo run --release -p bitmove --example make_all -- [--list]
//! [depth] [fen]` (`--list`: through `legal_moves()` instead of `generate_moves`).

mod common;

use std::process::ExitCode;
use std::time::Instant;

use bitmove::Board;

fn main() -> ExitCode {
    common::run(|| {
        let mut args = std::env::args().skip(1).peekable();
        let list = args.next_if(|a| a == "--list").is_some();
        let depth = common::number(args.next(), "depth", 5, 0..=64)?;
        let board = common::board(args)?;
        let start = Instant::now();
        let nodes = if list {
            make_all_listed(&board, depth)
        } else {
            make_all(&board, depth)
        };
        let seconds = start.elapsed().as_secs_f64();
        println!("Nodes: {nodes}");
        println!(
            "Time: {seconds:.3} s ({:.1} Mnps)",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
        Ok(())
    })
}

/// The leaves `depth` plies below `board`, each one made.
fn make_all(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += make_all(&child, depth - 1);
        }
        false
    });
    nodes
}

/// [`make_all`] through the move list.
fn make_all_listed(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in board.legal_moves() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        nodes += make_all_listed(&child, depth - 1);
    }
    nodes
}
