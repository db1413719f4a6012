//! Counts games and plies of PGN files, with a visitor that keeps nothing or (`--games`)
//! through the iterator of `Game` records: a fixed workload for profiling the reader
//! (`valgrind --tool=callgrind`).
//!
//! `cargo run --release --features pgn --example pgn_count -- [--games] [--repeat N] FILE...`
//! (`--repeat`: each file read once and counted N times, for `perf record`).
use bitmove::pgn::{GameError, Reader, Visitor};
use bitmove::{Board, Move};

#[derive(Default)]
struct Counter {
    games: u64,
    plies: u64,
    errors: u64,
}

impl Visitor for Counter {
    fn begin_game(&mut self, _index: usize, _line: usize) {
        self.games += 1;
    }
    fn play(&mut self, _board: &Board, _mv: Move, _san: &[u8]) {
        self.plies += 1;
    }
    fn end_game(&mut self, outcome: Result<(), GameError>) {
        self.errors += u64::from(outcome.is_err());
    }
}

fn main() -> std::io::Result<()> {
    let mut counter = Counter::default();
    let mut games = false;
    let mut repeat = 1;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--games" {
            games = true;
            continue;
        }
        if arg == "--repeat" {
            repeat = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
            continue;
        }
        let bytes = std::fs::read(&arg)?;
        for _ in 0..repeat {
            let mut reader = Reader::new(&bytes[..]);
            if games {
                for game in reader {
                    let game = game?;
                    counter.games += 1;
                    counter.plies += game.moves.len() as u64;
                    counter.errors += u64::from(game.error.is_some());
                }
            } else {
                while reader.visit(&mut counter)? {}
            }
        }
    }
    println!(
        "games {} plies {} errors {}",
        counter.games, counter.plies, counter.errors
    );
    Ok(())
}
