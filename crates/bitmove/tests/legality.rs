//! Generation and `is_legal` agree: every generated move passes `is_legal`, and every
//! from x to x promotion candidate that `is_legal` accepts is generated. `is_legal` checks
//! moves on its own path (geometry, then the pins and checkers of that one move; en passant
//! made and tested), so this is a differential test. SAN resolution (which tests the
//! candidate origins the same way) is checked against a filter of the generated moves.

use std::collections::HashSet;

use bitmove::{Board, File, Move, Piece, SanError, Square};

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

/// The slow reading of `[piece][file]<square>[=promotion]`: the legal moves that match,
/// from the generator. A pawn written without its file moves straight ahead.
fn san_by_filter(
    board: &Board,
    piece: Piece,
    file: Option<File>,
    to: Square,
    promotion: Option<Piece>,
) -> Result<Move, SanError> {
    let us = board.colors(board.side_to_move());
    let matching: Vec<Move> = board
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| {
            board.piece_on(mv.from) == Some(piece)
                && mv.to == to
                && !us.has(mv.to)
                && file.is_none_or(|f| mv.from.file() == f)
                && (piece != Piece::Pawn || file.is_some() || mv.from.file() == to.file())
        })
        .collect();
    match matching.as_slice() {
        [] => Err(SanError::Illegal),
        [mv] if mv.promotion.is_some() != promotion.is_some() => Err(SanError::Illegal),
        [mv] => Ok(Move { promotion, ..*mv }),
        // Four promotions of one pawn are one move for the filter.
        [first, rest @ ..] if rest.iter().all(|m| m.from == first.from) => {
            if promotion.is_some() {
                Ok(Move {
                    promotion,
                    ..*first
                })
            } else {
                Err(SanError::Illegal)
            }
        }
        _ => Err(SanError::Ambiguous),
    }
}

#[test]
fn san_resolution_agrees_with_a_filter_of_the_legal_moves() {
    let letters = [
        (Piece::Pawn, ""),
        (Piece::Knight, "N"),
        (Piece::Bishop, "B"),
        (Piece::Rook, "R"),
        (Piece::Queen, "Q"),
        (Piece::King, "K"),
    ];
    let mut resolved = 0;
    for board in boards().iter().step_by(3) {
        for (piece, letter) in letters {
            for file in [None].into_iter().chain(File::ALL.map(Some)) {
                for to in Square::ALL {
                    let last_rank = matches!(to.rank().index(), 0 | 7);
                    let promotions: &[Option<Piece>] = if piece == Piece::Pawn && last_rank {
                        &[None, Some(Piece::Queen), Some(Piece::Knight)]
                    } else {
                        &[None]
                    };
                    for &promotion in promotions {
                        let mut text = String::from(letter);
                        if let Some(file) = file {
                            text.push_str(&file.to_string());
                        }
                        text.push_str(&to.to_string());
                        if let Some(p) = promotion {
                            text.push('=');
                            text.push(p.to_char().to_ascii_uppercase());
                        }
                        let expected = san_by_filter(board, piece, file, to, promotion);
                        assert_eq!(board.parse_san(&text), expected, "{board}: {text}");
                        resolved += usize::from(expected.is_ok());
                    }
                }
            }
        }
    }
    assert!(resolved > 50_000, "{resolved}");
}
