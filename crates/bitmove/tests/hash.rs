//! Zobrist hashing: Polyglot keys, and the incremental hash equals a hash from scratch.

use bitmove::{Board, Move};

const KEYS: &str = include_str!("../../../tests/data/polyglot-keys.txt");

#[test]
fn polyglot_reference_keys() {
    let mut checked = 0;
    for line in KEYS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let key = u64::from_str_radix(cols[0], 16).unwrap();
        let board = Board::from_fen(cols[1]).unwrap();
        assert_eq!(board.hash(), key, "{}", cols[1]);
        // The same position reached by playing the moves: incremental hash.
        let mut played = Board::default();
        if cols[2] != "-" {
            for uci in cols[2].split_whitespace() {
                let mv = played.parse_uci(uci).unwrap();
                played.play(mv).unwrap();
            }
        }
        assert_eq!(played.hash(), key, "{}", cols[2]);
        checked += 1;
    }
    assert!(checked >= 9);
}

/// xorshift64: a fixed, seeded stream for random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn incremental_hash_equals_hash_from_scratch_in_random_games() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut positions = 0;
    for _game in 0..200 {
        let mut board = Board::default();
        for _ply in 0..150 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv: Move = moves[rng.below(moves.len())];
            board.play(mv).unwrap();
            let fresh = Board::from_fen(&board.to_string()).unwrap();
            assert_eq!(board.hash(), fresh.hash(), "{board} after {mv}");
            assert_eq!(board, fresh);
            positions += 1;
        }
    }
    assert!(positions > 10_000);
}

/// The start position's key is a constant in `Board::startpos`: it equals the key worked
/// out from the pieces (here through the FEN reader, which computes it).
#[test]
fn start_key_is_computed_hash() {
    let from_fen =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(Board::startpos().hash(), from_fen.hash());
    assert_eq!(Board::startpos(), from_fen);
}
