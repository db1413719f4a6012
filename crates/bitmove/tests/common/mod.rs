//! What several integration tests share: a seedable random source, the Chess960 start
//! positions by Scharnagl number, and positions from random games.
#![allow(dead_code)] // each test binary uses its own part

use bitmove::Board;

pub const SUITE: &str = include_str!("../../../../tests/data/suite.epd");
pub const CHESS960: &str = include_str!("../../../../tests/data/chess960.epd");

/// splitmix64: small, seedable, and good enough to pick moves.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The Chess960 start position with Scharnagl number `n` (518 is the standard array), as
/// Shredder-FEN.
pub fn chess960_start(n: usize) -> String {
    let mut rank: [Option<char>; 8] = [None; 8];
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some('B');
    rank[2 * (n / 4 % 4)] = Some('B');
    let place_on_free = |rank: &mut [Option<char>; 8], nth: usize, piece: char| {
        let file = (0..8).filter(|&f| rank[f].is_none()).nth(nth).unwrap();
        rank[file] = Some(piece);
    };
    place_on_free(&mut rank, n / 16 % 6, 'Q');
    // The ten ways to put two knights on the five free squares, in Scharnagl's order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n / 96];
    // The second knight counts free squares after the first one was placed.
    place_on_free(&mut rank, first, 'N');
    place_on_free(&mut rank, second - 1, 'N');
    for piece in ['R', 'K', 'R'] {
        place_on_free(&mut rank, 0, piece);
    }
    let white: String = rank.iter().map(|c| c.unwrap()).collect();
    let rooks: Vec<char> = (0..8)
        .filter(|&f| rank[f] == Some('R'))
        .map(|f| (b'a' + f as u8) as char)
        .collect();
    let castling: String = [rooks[1], rooks[0]]
        .iter()
        .map(|c| c.to_ascii_uppercase())
        .chain([rooks[1], rooks[0]])
        .collect();
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1",
        white.to_ascii_lowercase()
    )
}

/// Where games start, in three groups that take turns: the standard start and suite, the
/// Chess960 suite, the 960 Chess960 start positions. Each entry is (FEN, Chess960 mode).
pub fn roots() -> [Vec<(String, bool)>; 3] {
    let suite = |text: &str, chess960: bool| -> Vec<(String, bool)> {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| (l.split(';').next().unwrap().trim().to_string(), chess960))
            .collect()
    };
    let mut standard = vec![(Board::default().to_string(), false)];
    standard.extend(suite(SUITE, false));
    [
        standard,
        suite(CHESS960, true),
        (0..960).map(|n| (chess960_start(n), true)).collect(),
    ]
}

/// Parses `fen` in the given mode.
pub fn board(fen: &str, chess960: bool) -> Board {
    Board::from_fen_with(fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `count` positions from random games (a random root, then 0 to `max_plies` random moves,
/// stopping early where the game ends), taking the three groups of [`roots`] in turn.
pub fn random_positions(count: usize, max_plies: usize, seed: u64) -> Vec<Board> {
    let groups = roots();
    let mut rng = Rng(seed);
    (0..count)
        .map(|i| {
            let group = &groups[i % groups.len()];
            let (fen, chess960) = &group[rng.below(group.len())];
            let mut position = board(fen, *chess960);
            for _ in 0..rng.below(max_plies + 1) {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.below(moves.len())]);
            }
            position
        })
        .collect()
}
