//! Counts games and plies of PGN files, with a visitor that keeps nothing or (`--games`)
//! through the iterator of `Game` records: a fixed workload for profiling the reader
//! (`valgrind --tool=callgrind`).
//!
//! `cargo run --release --features pgn --example pgn_count -- [--games] FILE...`
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
    for arg in std::env::args().skip(1) {
        if arg == "--games" {
            games = true;
            continue;
        }
        let bytes = std::fs::read(&arg)?;
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
    println!(
        "games {} plies {} errors {}",
        counter.games, counter.plies, counter.errors
    );
    Ok(())
}
