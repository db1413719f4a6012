//! Times the PGN writer: reads the games of a file as trees once, then writes them all as
//! python-chess's `str(game)` (`--columns N`: its `StringExporter(columns=N)`) several times,
//! and prints the best round. The Python side of the comparison is `scripts/pgn_write_bench.py`.
//!
//! `cargo run --release --features pgn --example pgn_write -- [--rounds N] [--columns N] FILE`
use std::time::Instant;

use bitmove::pgn::{GameTree, Reader, WriteOptions};

fn main() -> std::io::Result<()> {
    let (mut rounds, mut options, mut path) = (5, WriteOptions::unwrapped(), None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(5),
            "--columns" => options.columns = args.next().and_then(|n| n.parse().ok()),
            _ => path = Some(arg),
        }
    }
    let Some(path) = path else {
        eprintln!("usage: pgn_write [--rounds N] [--columns N] FILE");
        std::process::exit(2);
    };
    let trees: Vec<GameTree> = Reader::open(&path)?
        .trees()
        .filter(|tree| tree.as_ref().map_or(true, GameTree::is_set_up))
        .collect::<Result<_, _>>()?;
    let mut best = f64::INFINITY;
    let mut bytes = 0;
    let mut out = String::new();
    for _ in 0..rounds {
        let start = Instant::now();
        out.clear();
        for tree in &trees {
            tree.write(&options, &mut out);
            out.push_str("\n\n");
        }
        best = best.min(start.elapsed().as_secs_f64());
        bytes = out.len();
    }
    println!(
        "{} games, {} bytes written: {:.4} s, {:.0} games/s, {:.1} us/game",
        trees.len(),
        bytes,
        best,
        trees.len() as f64 / best,
        best * 1e6 / trees.len() as f64
    );
    Ok(())
}
