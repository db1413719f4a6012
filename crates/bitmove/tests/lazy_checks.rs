//! A move made with `play_unchecked` leaves the checkers and pins to be worked out by the
//! first query that needs them. Every query on such a board must answer as on the same
//! position parsed from its FEN (where they are worked out at once).

mod common;

use bitmove::{Board, Move, PerftOptions, Square, perft, perft_stats, perft_with_options};
use common::random_positions;

/// The position of `board` rebuilt from its FEN: checkers and pins computed by the parser.
fn reparsed(board: &Board) -> Board {
    let fen = board.to_string();
    Board::from_fen_with(&fen, board.is_chess960()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Boards just made by `play_unchecked` (or a null move), with at least one checking and one
/// pinning position among them.
fn made_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    for parent in random_positions(300, 80, 41) {
        for (i, mv) in parent.legal_moves().into_iter().enumerate() {
            let mut child = parent.clone();
            child.play_unchecked(mv);
            // Every checking child, and a sample of the rest.
            if child.in_check() || i % 7 == 0 {
                let mut fresh = parent.clone();
                fresh.play_unchecked(mv);
                boards.push(fresh);
            }
        }
        if let Some(passed) = parent.null_move() {
            boards.push(passed);
        }
    }
    assert!(boards.iter().any(|b| b.checkers().has_many()));
    assert!(boards.iter().any(|b| !b.pinned().is_empty()));
    boards
}

#[test]
fn every_query_on_a_made_board_answers_as_on_its_fen() {
    for board in made_boards() {
        let fresh = reparsed(&board);
        let fen = fresh.to_string();
        assert_eq!(board, fresh, "{fen}");
        assert_eq!(board.hash(), fresh.hash(), "{fen}");
        assert_eq!(board.checkers(), fresh.checkers(), "{fen}");
        assert_eq!(board.pinned(), fresh.pinned(), "{fen}");
        assert_eq!(board.in_check(), fresh.in_check(), "{fen}");
        assert_eq!(board.legal_moves(), fresh.legal_moves(), "{fen}");
        assert_eq!(board.count_moves(), fresh.count_moves(), "{fen}");
        assert_eq!(board.captures(), fresh.captures(), "{fen}");
        assert_eq!(board.quiets(), fresh.quiets(), "{fen}");
        assert_eq!(board.status(), fresh.status(), "{fen}");
        assert_eq!(board.repetition_key(), fresh.repetition_key(), "{fen}");
        assert_eq!(
            board.null_move().map(|b| b.to_string()),
            fresh.null_move().map(|b| b.to_string()),
            "{fen}"
        );
        let mut generated = Vec::new();
        board.generate_captures(|moves| {
            generated.extend(moves);
            false
        });
        let mut expected = Vec::new();
        fresh.generate_captures(|moves| {
            expected.extend(moves);
            false
        });
        assert_eq!(generated, expected, "{fen}");
        for from in Square::ALL {
            for to in Square::ALL {
                let mv = Move::new(from, to);
                assert_eq!(board.is_legal(mv), fresh.is_legal(mv), "{fen} {mv}");
            }
        }
        for mv in fresh.legal_moves() {
            assert_eq!(board.gives_check(mv), fresh.gives_check(mv), "{fen} {mv}");
            assert_eq!(board.see(mv), fresh.see(mv), "{fen} {mv}");
            assert_eq!(board.key_after(mv), fresh.key_after(mv), "{fen} {mv}");
            assert_eq!(board.san(mv).to_string(), fresh.san(mv).to_string());
            assert_eq!(board.move_from_u16(mv.to_u16()), Some(mv), "{fen} {mv}");
        }
    }
}

#[test]
fn perft_from_a_made_board_counts_as_from_its_fen() {
    let threads = PerftOptions {
        threads: 2,
        hash_mb: 1,
    };
    for board in made_boards().into_iter().step_by(40) {
        let fresh = reparsed(&board);
        let fen = fresh.to_string();
        assert_eq!(perft(&board, 3), perft(&fresh, 3), "{fen}");
        assert_eq!(perft_stats(&board, 2), perft_stats(&fresh, 2), "{fen}");
        assert_eq!(
            perft_with_options(&board, 3, &threads),
            perft(&fresh, 3),
            "{fen}"
        );
    }
}
