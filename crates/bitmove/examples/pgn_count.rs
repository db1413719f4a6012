//! Counts games and plies of PGN files with a visitor that keeps nothing: a fixed workload
//! for profiling the reader (`valgrind --tool=callgrind`).
//!
//! `cargo run --release --example pgn_count -- FILE...`
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
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path)?;
        let mut reader = Reader::new(&bytes[..]);
        while reader.visit(&mut counter)? {}
    }
    println!(
        "games {} plies {} errors {}",
        counter.games, counter.plies, counter.errors
    );
    Ok(())
}
