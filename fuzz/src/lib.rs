//! What every fuzz target checks about a position it reaches, and the positions games start
//! from. A failed check panics, which libFuzzer reports as a crash with the input saved.

use bitmove::{Board, Move, Piece, Square};

/// Start positions chosen by the first input byte: castling both ways, en passant, promotions,
/// checks and a Chess960 array, so that short inputs reach the rare rules.
pub const ROOTS: [(&str, bool); 8] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        false,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        false,
    ),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        true,
    ),
    (
        "1r2k1r1/pbppnp1p/1b3P2/8/Q7/B1PB1q2/P4PPP/3RK1R1 w GDgb - 0 1",
        true,
    ),
];

/// The root for a selector byte.
pub fn root(selector: u8) -> Board {
    let (fen, chess960) = ROOTS[usize::from(selector) % ROOTS.len()];
    Board::from_fen_with(fen, chess960).expect("root FENs are valid")
}

/// A move built from three bytes, legal or not: any from, any to, any promotion piece
/// (including pawn and king, which are never legal).
pub fn arbitrary_move(a: u8, b: u8, c: u8) -> Move {
    let promotion = match c % 8 {
        0..=1 => None,
        n => Some(Piece::ALL[usize::from(n - 2)]),
    };
    Move {
        from: Square::ALL[usize::from(a % 64)],
        to: Square::ALL[usize::from(b % 64)],
        promotion,
    }
}

/// The invariants of a legal position: FEN round-trip, hash from scratch, generation agrees
/// with counting and with `is_legal`, UCI round-trip of every move.
pub fn check_position(board: &Board) {
    let fen = board.to_string();
    let again = match Board::from_fen_with(&fen, board.is_chess960()) {
        Ok(b) => b,
        Err(e) => panic!("our own FEN {fen} is refused: {e}"),
    };
    assert_eq!(again.to_string(), fen, "FEN round-trip");
    assert_eq!(again.hash(), board.hash(), "{fen}: incremental hash");
    assert!(again == *board, "{fen}: reparsed board differs");
    assert_eq!(board.in_check(), !board.checkers().is_empty(), "{fen}");

    let moves = board.legal_moves();
    assert_eq!(moves.len(), board.count_moves(), "{fen}: count_moves");
    for &mv in moves.iter() {
        assert!(board.is_legal(mv), "{fen}: generated {mv} is not legal");
        let uci = board.uci(mv).to_string();
        assert_eq!(board.parse_uci(&uci), Ok(mv), "{fen}: UCI {uci}");
    }
}

/// `is_legal` agrees with generation for `mv`, and `play` accepts it exactly when it is legal,
/// leaving the board untouched when it refuses.
pub fn check_arbitrary_move(board: &Board, mv: Move) {
    let generated = board.legal_moves().contains(&mv);
    assert_eq!(board.is_legal(mv), generated, "{board}: is_legal({mv})");
    let mut copy = board.clone();
    match copy.play(mv) {
        Ok(()) => assert!(generated, "{board}: play accepted {mv}"),
        Err(_) => {
            assert!(!generated, "{board}: play refused legal {mv}");
            assert!(copy == *board, "{board}: refused {mv} changed the board");
        }
    }
    // Documented to never panic, whatever the move.
    let mut scratch = board.clone();
    scratch.play_unchecked(mv);
}

/// The placement field of a FEN for a board given square by square (a1 first, `None` empty,
/// pieces as FEN letters): what the tablebase targets build their positions from.
pub fn placement_fen(grid: &[Option<char>; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match grid[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}
