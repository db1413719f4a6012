//! How perft scales with threads, measured inside one process: `cargo run --release --example
//! thread_scaling -- [depth] [threads]` (default: the start position, depth 6, all cores).
//!
//! One thread and `threads` threads take turns, fifteen runs each after a warm-up, and the
//! medians are compared. In one process the threads' start-up and the first touch of their
//! memory are paid by the warm-up, so this shows what the split itself achieves; the CLI's
//! `Time:` line of a fresh process also includes the second thread's start.

mod common;

use std::process::ExitCode;
use std::time::Instant;

use bitmove::{Board, PerftOptions, perft, perft_with_options};

fn main() -> ExitCode {
    common::run(|| {
        let mut args = std::env::args().skip(1);
        let depth = common::number(args.next(), "depth", 6, 2..=8)?;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = common::number(args.next(), "threads", cores, 1..=1024)?;
        measure(depth, threads);
        Ok(())
    })
}

fn measure(depth: u32, threads: usize) {
    let board = Board::default();
    let nodes = perft(&board, depth);
    let run = |threads: usize| {
        let options = PerftOptions {
            threads,
            hash_mb: 0,
        };
        let start = Instant::now();
        assert_eq!(perft_with_options(&board, depth, &options), nodes);
        start.elapsed().as_secs_f64()
    };
    run(threads);
    let (mut one, mut many) = (Vec::new(), Vec::new());
    for _ in 0..15 {
        one.push(run(1));
        many.push(run(threads));
    }
    let (one, many) = (common::median(one), common::median(many));
    println!("perft {depth}: {nodes} nodes; medians of 15 interleaved runs");
    println!("1 thread:   {:.1} ms", one * 1e3);
    println!(
        "{threads} threads:  {:.1} ms ({:.2}x)",
        many * 1e3,
        one / many
    );
}
