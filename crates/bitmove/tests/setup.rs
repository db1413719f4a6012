//! `Setup` (any placement, python-chess's rules) against `Board` (the fast generator) on
//! valid positions: the same legal moves, the same positions after each, and perft counts of
//! the suites through `Setup` alone. python-chess is the oracle for invalid positions (the
//! Python package's tests).

mod common;

use std::collections::HashSet;

use bitmove::{Board, EnPassantMode, Move, Setup, SetupStatus};

fn moves_of(board: &Board) -> HashSet<Move> {
    board.legal_moves().iter().copied().collect()
}

fn perft(setup: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = setup.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = *setup;
            next.push(mv);
            perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn same_moves_and_positions_as_board_on_random_games() {
    let mut checked = 0;
    for board in common::random_positions(3000, 120, 0x5e7u64) {
        let setup = Setup::from_board(&board);
        assert_eq!(setup.status(), SetupStatus::VALID, "{board}");
        assert_eq!(setup.zobrist_hash(), board.hash(), "{board}");
        let back = setup.to_board().expect("valid");
        assert_eq!(back, board, "round trip of {board}");
        assert_eq!(
            moves_of(&back),
            moves_of(&board),
            "generation after to_board: {board}"
        );
        let ours: HashSet<Move> = setup.legal_moves().into_iter().collect();
        assert_eq!(ours, moves_of(&board), "{board}");
        for mv in &ours {
            assert!(setup.is_legal(*mv), "{board} {mv}");
            assert!(setup.is_pseudo_legal(*mv), "{board} {mv}");
            let san = setup.san(*mv);
            assert_eq!(san, board.san(*mv).to_string(), "{board} {mv}");
            assert_eq!(setup.parse_san(&san), Ok(Some(*mv)), "{board} {san}");
            let mut after = setup;
            after.push(*mv);
            let mut played = board.clone();
            played.play_unchecked(*mv);
            assert_eq!(
                after.to_board().expect("valid after a move"),
                played,
                "{board} {mv}"
            );
        }
        checked += ours.len();
        let fen = setup.fen(board.is_chess960(), EnPassantMode::Legal, false);
        assert_eq!(
            Setup::from_fen(&fen, board.is_chess960())
                .unwrap()
                .to_board()
                .unwrap(),
            board
        );
    }
    assert!(checked > 50_000, "{checked}");
}

#[test]
fn perft_through_setup_equals_the_suites() {
    // Standard suite positions (counts from the perft suites; Board's perft is the check).
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
        ),
    ];
    for (fen, depth) in cases {
        let board: Board = fen.parse().unwrap();
        let setup: Setup = fen.parse().unwrap();
        assert_eq!(perft(&setup, depth), bitmove::perft(&board, depth), "{fen}");
    }
}

#[test]
fn any_placement_is_held_and_never_panics() {
    let mut rng = common::Rng(0xabcdef);
    let letters = b"PNBRQKpnbrqk";
    for _ in 0..3000 {
        let mut setup = Setup::empty();
        let count = rng.below(64);
        for _ in 0..count {
            let square = bitmove::Square::ALL[rng.below(64)];
            let letter = letters[rng.below(12)] as char;
            let color = if letter.is_ascii_uppercase() {
                bitmove::Color::White
            } else {
                bitmove::Color::Black
            };
            let piece = bitmove::Piece::ALL["pnbrqk".find(letter.to_ascii_lowercase()).unwrap()];
            setup.set_piece_at(square, Some((color, piece)), rng.below(4) == 0);
        }
        setup.turn = if rng.below(2) == 0 {
            bitmove::Color::White
        } else {
            bitmove::Color::Black
        };
        setup.castling_rights = bitmove::Bitboard(rng.next() & rng.next());
        setup.ep_square = (rng.below(2) == 0).then(|| bitmove::Square::ALL[rng.below(64)]);
        setup.chess960 = rng.below(2) == 0;
        let _ = setup.status();
        let fen = setup.fen(true, EnPassantMode::Always, true);
        let read = Setup::from_fen(&fen, setup.chess960).unwrap();
        assert_eq!(read.fen(true, EnPassantMode::Always, true), fen);
        for mv in setup.pseudo_legal_moves() {
            assert!(setup.is_pseudo_legal(mv), "{fen} {mv}");
            let legal = setup.is_legal(mv);
            let mut next = setup;
            next.push(mv);
            let _ = (legal, next.status(), next.legal_moves());
        }
        if let Ok(board) = setup.to_board() {
            let ours: HashSet<Move> = setup.legal_moves().into_iter().collect();
            assert_eq!(ours, moves_of(&board), "{fen}");
        }
    }
}
