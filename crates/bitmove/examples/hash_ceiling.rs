//! How much a perft hash table can gain at most: `cargo run --release --example hash_ceiling --
//! [depth] [fen]` (default: the start position, depth 7).
//!
//! A hashed perft still has to count depth 2 below every *distinct* position two plies above
//! the leaves; only the repeats are free. This times, one thread each:
//!
//! - the plain perft (no table),
//! - the perft with a 256 MiB table,
//! - the depth-2 counts of the distinct positions alone, one after another from an array in
//!   the order a search first meets them, with no table, no probes and no search above them:
//!   the floor no table can go below,
//!
//! three rounds, interleaved, and prints the medians: the speedup of the table and the ceiling
//! that floor sets.

mod common;

use std::collections::HashMap;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use bitmove::{Board, PerftOptions, perft, perft_with_options};

/// The distinct positions `plies` below `board` (by Zobrist key), in the order they are
/// first reached.
#[derive(Default)]
struct Positions {
    index: HashMap<u64, usize>,
    distinct: Vec<Board>,
    visits: u64,
}

impl Positions {
    fn collect(&mut self, board: &Board, plies: u32) {
        if plies == 0 {
            self.visits += 1;
            let next = self.distinct.len();
            if *self.index.entry(board.hash()).or_insert(next) == next {
                self.distinct.push(board.clone());
            }
            return;
        }
        for &mv in board.legal_moves().iter() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.collect(&child, plies - 1);
        }
    }
}

fn main() -> ExitCode {
    common::run(|| {
        let mut args = std::env::args().skip(1);
        // Depth 9 would hold some 96 million boards of ply 7 in memory.
        let depth = common::number(args.next(), "depth", 7, 3..=8)?;
        measure(depth, &common::board(args)?);
        Ok(())
    })
}

fn measure(depth: u32, board: &Board) {
    let mut positions = Positions::default();
    positions.collect(board, depth - 2);
    let distinct = &positions.distinct;
    println!(
        "ply {}: {} positions reached, {} distinct ({:.2} visits each)",
        depth - 2,
        positions.visits,
        distinct.len(),
        positions.visits as f64 / distinct.len() as f64
    );

    let time = |f: &dyn Fn() -> u64| {
        let start = Instant::now();
        let nodes = black_box(f());
        (nodes, start.elapsed().as_secs_f64())
    };
    let options = PerftOptions {
        threads: 1,
        hash_mb: 256,
    };
    let nodes = perft(board, depth);
    let (mut plain, mut hashed, mut floor) = (vec![], vec![], vec![]);
    for _ in 0..3 {
        let (plain_nodes, seconds) = time(&|| perft(board, depth));
        assert_eq!(plain_nodes, nodes);
        plain.push(seconds);
        let (hashed_nodes, seconds) = time(&|| perft_with_options(board, depth, &options));
        assert_eq!(hashed_nodes, nodes, "the hashed count differs");
        hashed.push(seconds);
        floor.push(time(&|| distinct.iter().map(|board| perft(board, 2)).sum()).1);
    }
    let (plain, hashed, floor) = (
        common::median(plain),
        common::median(hashed),
        common::median(floor),
    );

    println!("perft {depth}: {nodes} nodes; median of three runs:");
    println!("no table:        {plain:.3} s");
    println!("256 MiB table:   {hashed:.3} s ({:.2}x)", plain / hashed);
    println!(
        "distinct depth-2 counts alone: {floor:.3} s (ceiling {:.2}x; the rest of the hashed \
         run, probes and search above, {:.0}%)",
        plain / floor,
        100.0 * (hashed - floor) / hashed
    );
}
