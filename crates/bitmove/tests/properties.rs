//! Property tests (proptest): FEN-like text never panics the parser and what parses
//! round-trips (also for random boards, often legal, and their children); positions reached by random legal moves round-trip through FEN with the same
//! hash; UCI and SAN round-trip for every legal move; `is_legal` and `play` agree with
//! generation for arbitrary from x to x promotion candidates.

use bitmove::{Board, Move, Piece, Square};
use proptest::prelude::*;

const ROOTS: [(&str, bool); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
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

/// A position reached from one of the roots by random legal moves (stopping early at mate or
/// stalemate).
fn reached() -> impl Strategy<Value = Board> {
    (
        0..ROOTS.len(),
        proptest::collection::vec(any::<u16>(), 0..120),
    )
        .prop_map(|(root, choices)| {
            let (fen, chess960) = ROOTS[root];
            let mut board = Board::from_fen_with(fen, chess960).unwrap();
            for choice in choices {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play_unchecked(moves[usize::from(choice) % moves.len()]);
            }
            board
        })
}

/// A move that may or may not be legal: any from, any to, any promotion piece or none.
fn candidate() -> impl Strategy<Value = Move> {
    (0..64usize, 0..64usize, 0..7usize).prop_map(|(from, to, promotion)| Move {
        from: Square::ALL[from],
        to: Square::ALL[to],
        promotion: promotion.checked_sub(1).map(|i| Piece::ALL[i]),
    })
}

/// FEN-shaped text: eight ranks of piece letters and digits (sometimes too many or too few),
/// then fields drawn from valid and invalid values.
fn fen_like() -> impl Strategy<Value = String> {
    let rank = "[pnbrqkPNBRQK1-9]{0,9}";
    let placement = proptest::collection::vec(rank, 6..10).prop_map(|r| r.join("/"));
    (
        placement,
        prop_oneof!["[wb]", "[wbWBx-]{0,2}"],
        prop_oneof!["-", "K?Q?k?q?", "[A-Ha-hKQkq-]{0,5}"],
        prop_oneof!["-", "[a-h][36]", "[a-i0-9-]{0,3}"],
        prop_oneof!["[0-9]{1,3}", "[0-9+x-]{0,12}"],
        prop_oneof!["[1-9][0-9]{0,2}", "[0-9+x-]{0,12}"],
        0..4usize,
    )
        .prop_map(|(placement, side, castling, ep, half, full, drop)| {
            let fields = [placement, side, castling, ep, half, full];
            // Sometimes leave out the last fields, as FENs in the wild do.
            fields[..6 - drop].join(" ")
        })
}

/// A FEN from 64 random squares (mostly empty) with one king of each colour somewhere, and
/// random fields: well-formed, often legal, sometimes not (checks, pawns on the back rank,
/// castling rights without rooks, en-passant squares without a pawn).
fn board_like() -> impl Strategy<Value = String> {
    let square = prop_oneof![
        12 => Just(' '),
        1 => proptest::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']),
    ];
    (
        proptest::collection::vec(square, 64),
        0..64usize,
        0..64usize,
        "[wb]",
        prop_oneof!["-", "K?Q?k?q?", "[A-Ha-h]{1,4}"],
        prop_oneof![3 => Just("-".to_string()), 1 => "[a-h][36]"],
        0..120u32,
        1..200u32,
    )
        .prop_map(
            |(mut squares, white_king, black_king, side, castling, ep, half, full)| {
                squares[white_king] = 'K';
                squares[black_king] = 'k';
                let ranks: Vec<String> = squares
                    .chunks(8)
                    .map(|rank| {
                        let mut text = String::new();
                        let mut empty = 0;
                        for &c in rank {
                            if c == ' ' {
                                empty += 1;
                                continue;
                            }
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(c);
                        }
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                        }
                        text
                    })
                    .collect();
                format!("{} {side} {castling} {ep} {half} {full}", ranks.join("/"))
            },
        )
}

/// Our FEN parses back to the same board, with the same hash, in the same mode.
fn assert_fen_round_trip(board: &Board) -> Result<(), TestCaseError> {
    let fen = board.to_string();
    let again = Board::from_fen_with(&fen, board.is_chess960());
    prop_assert!(again.is_ok(), "{fen}: {:?}", again);
    let again = again.unwrap();
    prop_assert_eq!(again.to_string(), fen.clone());
    prop_assert_eq!(again.hash(), board.hash(), "{}", fen);
    prop_assert!(again == *board, "{}", fen);
    Ok(())
}

proptest! {
    // A failure prints its shrunk input; no regression files (this is not a library source
    // tree proptest can find), and a fresh seed each run so that coverage grows over time.
    #![proptest_config(ProptestConfig {
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,120}") {
        for chess960 in [false, true] {
            if let Ok(board) = Board::from_fen_with(&text, chess960) {
                assert_fen_round_trip(&board)?;
            }
        }
    }

    #[test]
    fn fen_like_text_never_panics_and_round_trips(text in fen_like()) {
        for chess960 in [false, true] {
            match Board::from_fen_with(&text, chess960) {
                Ok(board) => {
                    assert_fen_round_trip(&board)?;
                    prop_assert_eq!(board.legal_moves().len(), board.count_moves());
                }
                Err(e) => prop_assert!(!e.to_string().contains('\n')),
            }
        }
    }

    #[test]
    fn board_like_fens_round_trip(text in board_like()) {
        for chess960 in [false, true] {
            if let Ok(board) = Board::from_fen_with(&text, chess960) {
                assert_fen_round_trip(&board)?;
                let moves = board.legal_moves();
                prop_assert_eq!(moves.len(), board.count_moves());
                for &mv in moves.iter() {
                    prop_assert!(board.is_legal(mv), "{} {}", board, mv);
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    assert_fen_round_trip(&child)?;
                }
            }
        }
    }

    #[test]
    fn reached_positions_round_trip_through_fen(board in reached()) {
        assert_fen_round_trip(&board)?;
    }

    #[test]
    fn uci_and_san_round_trip(board in reached()) {
        for &mv in board.legal_moves().iter() {
            let uci = board.uci(mv).to_string();
            prop_assert_eq!(board.parse_uci(&uci), Ok(mv), "{} {}", board, uci);
            // The internal king-takes-rook form is accepted in either mode.
            prop_assert_eq!(board.parse_uci(&mv.to_string()), Ok(mv), "{} {}", board, mv);
            let san = board.san(mv).to_string();
            prop_assert_eq!(board.parse_san(&san), Ok(mv), "{} {}", board, san);
        }
    }

    #[test]
    fn is_legal_and_play_agree_with_generation(board in reached(), candidates in proptest::collection::vec(candidate(), 1..64)) {
        let generated = board.legal_moves();
        for mv in candidates {
            let legal = generated.contains(&mv);
            prop_assert_eq!(board.is_legal(mv), legal, "{} {:?}", board, mv);
            let mut copy = board.clone();
            match copy.play(mv) {
                Ok(()) => {
                    prop_assert!(legal, "{} accepted {:?}", board, mv);
                    assert_fen_round_trip(&copy)?;
                }
                Err(_) => {
                    prop_assert!(!legal, "{} refused {:?}", board, mv);
                    prop_assert!(copy == board, "{} changed by refused {:?}", board, mv);
                }
            }
        }
        // And every generated move is accepted.
        for &mv in generated.iter() {
            prop_assert!(board.is_legal(mv), "{} {}", board, mv);
        }
    }
}
