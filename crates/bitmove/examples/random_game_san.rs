//! Plays a random game from a seed and prints it as PGN movetext in SAN:
//! `cargo run --example random_game_san -- [seed]`.
//!
//! The same seed always gives the same game. The game ends by the rules ([`Game::outcome`]:
//! mate, stalemate, insufficient material, fifty moves, threefold repetition).

use bitmove::{Color, Game, Outcome};

/// splitmix64: tiny, seedable, and plenty for picking moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn main() {
    let seed = match std::env::args().nth(1).map(|s| s.parse()) {
        None => 2024,
        Some(Ok(seed)) => seed,
        Some(Err(e)) => return eprintln!("seed: {e}"),
    };
    let mut rng = Rng(seed);
    let mut game = Game::default();
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break Some(outcome);
        }
        if game.moves().len() >= 600 {
            break None;
        }
        let moves = game.board().legal_moves();
        let mv = moves[rng.below(moves.len())];
        // The moves come from the generator, so they are legal.
        if let Err(e) = game.play(mv) {
            return eprintln!("{e}");
        }
    };

    let mut text = String::new();
    for (ply, san) in game.san_moves().enumerate() {
        if ply % 2 == 0 {
            text += &format!("{}. ", ply / 2 + 1);
        }
        text += &format!("{san} ");
    }
    let result = match outcome {
        Some(Outcome::Checkmate {
            winner: Color::White,
        }) => "1-0",
        Some(Outcome::Checkmate {
            winner: Color::Black,
        }) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    };
    println!("[Seed \"{seed}\"]\n[Result \"{result}\"]\n");
    println!("{text}{result}");
    if let Some(outcome) = outcome {
        println!("\n{{{outcome:?}}}");
    }
}
