//! Named move-generator traps, each a FEN and a perft depth with its known count.
//!
//! Counts are the published values of Martin Sedlak's perft test positions and the Chess
//! Programming Wiki table, which the suite data (tests/data) confirm independently, and, where
//! a test says so, Stockfish's `go perft`.

use bitmove::{Board, Move, Square, perft};

fn check(fen: &str, depth: u32, nodes: u64) {
    let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(perft(&board, depth), nodes, "{fen} depth {depth}");
}

#[test]
fn en_passant_rank_pin_is_refused() {
    // After ...d7-d5 the c5 pawn may not take en passant: that would open the fifth rank
    // between the king on a5 and the rook on h5.
    let mut board = Board::from_fen("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1").unwrap();
    board.play(Move::new(Square::D7, Square::D5)).unwrap();
    assert_eq!(board.en_passant(), Some(Square::D6));
    assert!(!board.is_legal(Move::new(Square::C5, Square::D6)));
    assert!(
        board
            .legal_moves()
            .iter()
            .all(|m| m.to != Square::D6 || m.from != Square::C5)
    );
    check("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1_134_888);
}

#[test]
fn en_passant_diagonal_pin_and_discovered_check() {
    check("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1_015_133);
    check("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1_440_467);
}

#[test]
fn castling_gives_check() {
    check("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661_072);
    check("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803_711);
}

#[test]
fn castling_rights_and_castling_through_check() {
    check("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1_274_206);
    check("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1_720_476);
    // The d-file rook covers d1: long castling passes through check, short is fine.
    let board = Board::from_fen("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert!(!board.is_legal(Move::new(Square::E1, Square::A1)));
    assert!(board.is_legal(Move::new(Square::E1, Square::H1)));
    // b1 attacked does not stop long castling: only the king's squares matter.
    let board = Board::from_fen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(board.is_legal(Move::new(Square::E1, Square::A1)));
}

#[test]
fn promotion_out_of_check_and_with_check() {
    check("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3_821_001);
    check("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217_342);
    check("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92_683);
}

#[test]
fn discovered_and_double_check() {
    check("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1_004_658);
    check("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23_527);
    // Double check: only king moves.
    let board =
        Board::from_fen("4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(board.checkers().len(), 2);
    assert!(board.legal_moves().iter().all(|m| m.from == Square::E1));
}

#[test]
fn stalemate_and_checkmate() {
    check("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217);
    check("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567_584);
    let mate =
        Board::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    assert!(mate.in_check());
    assert_eq!(mate.legal_moves().len(), 0);
}

#[test]
fn the_218_move_position() {
    let board = Board::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
    assert_eq!(board.legal_moves().len(), 218);
    assert_eq!(board.count_moves(), 218);
    check(
        "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1",
        1,
        218,
    );
}

#[test]
fn kiwipete_and_cpw_positions() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    );
    check("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083);
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    );
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    );
}

#[test]
fn chess960_castling_with_the_rook_shielding_the_king() {
    // The castling rook on g1 shields the king on f1 from the enemy rook on h1. Short
    // castling swaps them and leaves the king on g1 beside that rook: illegal.
    let board = Board::from_fen_with("4k3/8/8/8/8/8/8/5KRr w G - 0 1", true).unwrap();
    assert!(!board.is_legal(Move::new(Square::F1, Square::G1)));
}

#[test]
fn a_quiet_slider_move_that_pins() {
    // ...Qd8-a5 pins the knight on c3 once d2 has moved: the depth-2 shortcut must not take
    // the queen's move for one that leaves White's replies alone. (An early version of the
    // correction-based shortcut counted 28 replies instead of 23 here; counts by Stockfish.)
    check(
        "rnbqkbnr/pp1ppppp/8/2p5/8/2NP4/PPP1PPPP/R1BQKBNR b KQkq - 0 2",
        2,
        611,
    );
    check(
        "rnbqkbnr/pp1ppppp/8/2p5/8/2NP4/PPP1PPPP/R1BQKBNR b KQkq - 0 2",
        3,
        15_011,
    );
    check(
        "rnbqkbnr/pp1ppppp/8/2p5/3P4/2N5/PPP1PPPP/R1BQKBNR b KQkq - 0 2",
        2,
        682,
    );
    check(
        "rnbqkbnr/pp1ppppp/8/2p5/3P4/2N5/PPP1PPPP/R1BQKBNR b KQkq - 0 2",
        3,
        17_212,
    );
}
