//! Generation and `is_legal` agree: every generated move passes `is_legal`, and every
//! from x to x promotion candidate that `is_legal` accepts is generated. `is_legal` checks
//! moves on its own path (geometry, then make-and-test), so this is a differential test.

use std::collections::HashSet;

use bitmove::{Board, Move, Piece, Square};

const SUITE: &str = include_str!("../../../tests/data/suite.epd");
const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

fn boards() -> Vec<Board> {
    let mut roots = Vec::new();
    for (text, chess960) in [(SUITE, false), (CHESS960, true)] {
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let fen = line.split(" ;").next().unwrap();
            roots.push(Board::from_fen_with(fen, chess960).unwrap());
        }
    }
    let mut all = roots.clone();
    for root in &roots {
        for &mv in root.legal_moves().iter() {
            let mut child = root.clone();
            child.play_unchecked(mv);
            all.push(child);
        }
    }
    all
}

#[test]
fn generation_and_is_legal_agree() {
    let promotions = [
        None,
        Some(Piece::Queen),
        Some(Piece::Rook),
        Some(Piece::Bishop),
        Some(Piece::Knight),
    ];
    let mut checked = 0;
    for board in boards() {
        let generated: HashSet<Move> = board.legal_moves().iter().copied().collect();
        assert_eq!(generated.len(), board.count_moves(), "{board}");
        for &mv in &generated {
            assert!(board.is_legal(mv), "{board}: generated {mv} is refused");
        }
        let mut accepted = 0;
        for from in board.colors(board.side_to_move()) {
            for to in Square::ALL {
                for promotion in promotions {
                    let mv = Move {
                        from,
                        to,
                        promotion,
                    };
                    if board.is_legal(mv) {
                        accepted += 1;
                        assert!(
                            generated.contains(&mv),
                            "{board}: {mv} is legal but not generated"
                        );
                    }
                }
            }
        }
        assert_eq!(accepted, generated.len(), "{board}");
        checked += 1;
    }
    assert!(checked > 4_000, "{checked}");
}

#[test]
fn play_refuses_illegal_moves_and_keeps_the_board() {
    let mut board = Board::default();
    let before = board.clone();
    for mv in [
        Move::new(Square::E2, Square::E5),
        Move::new(Square::E7, Square::E5),
        Move::new(Square::E1, Square::H1),
        Move {
            from: Square::E2,
            to: Square::E4,
            promotion: Some(Piece::Queen),
        },
        Move::new(Square::A1, Square::A1),
    ] {
        assert!(board.play(mv).is_err(), "{mv}");
        assert_eq!(board, before);
    }
}
