//! `Game`: play and undo, repetition by hash, the fifty-move rule and outcomes.

use bitmove::{Board, Color, DrawReason, Game, Move, Outcome, SanError, Square};

fn play(game: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

#[test]
fn threefold_repetition_by_knight_shuffle() {
    let mut game = Game::default();
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    play(&mut game, "Nf3 Nf6 Ng1");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "Ng8");
    assert!(game.is_repetition(3));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
    assert!(!game.is_repetition(4));
    game.undo();
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
}

#[test]
fn repetition_needs_the_same_side_rights_and_en_passant() {
    // Castling rights lost on the way: the placement repeats, the position does not.
    let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let mut game = Game::new(board);
    play(&mut game, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(game.repetitions(), 2); // the start had rights; these two do not
    play(&mut game, "Kf1 Kf8 Ke1 Ke8");
    assert!(game.is_repetition(3));

    // A pawn move resets the window: earlier positions cannot recur.
    let mut game = Game::default();
    play(&mut game, "Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 2);

    // The same placement with the other side to move is another position.
    let board: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
    let mut game = Game::new(board);
    play(&mut game, "Ra2 Kd8 Ra1 Ke8 Ra2");
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn undo_restores_everything() {
    let mut game = Game::default();
    play(&mut game, "e4 d5 exd5 Qxd5 Nc3");
    let before = game.board().clone();
    let mv = game.play_san("Qa5").unwrap();
    assert_eq!(game.moves().len(), 6);
    assert_eq!(game.undo(), Some(mv));
    assert_eq!(game.board(), &before);
    while game.undo().is_some() {}
    assert_eq!(game.board(), &Board::default());
    assert_eq!(game.board(), game.start());
    assert!(game.moves().is_empty());
    assert_eq!(game.undo(), None);
}

#[test]
fn illegal_input_leaves_the_game_unchanged() {
    let mut game = Game::default();
    assert!(game.play(Move::new(Square::E2, Square::E5)).is_err());
    assert_eq!(game.play_san("Nf6"), Err(SanError::Illegal));
    assert_eq!(game.play_san("hello"), Err(SanError::Syntax));
    assert!(game.moves().is_empty());
    assert!(game.play(Move::new(Square::E2, Square::E4)).is_ok());
    assert_eq!(game.moves(), &[Move::new(Square::E2, Square::E4)]);
}

#[test]
fn san_moves_replay_the_game() {
    let mut game = Game::default();
    let text = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O";
    play(&mut game, text);
    let written: Vec<String> = game.san_moves().map(|s| s.to_string()).collect();
    assert_eq!(written.join(" "), text);
}

#[test]
fn outcomes() {
    let mut game = Game::default();
    play(&mut game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );

    let stalemate: Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert_eq!(
        Game::new(stalemate).outcome(),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );

    let bare: Board = "8/8/4k3/8/8/4K3/8/8 w - - 0 1".parse().unwrap();
    assert_eq!(
        Game::new(bare).outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );

    let mut game = Game::new("8/8/4k3/8/8/3RK3/8/8 w - - 98 80".parse().unwrap());
    play(&mut game, "Rd1");
    assert_eq!(game.outcome(), None);
    play(&mut game, "Ke7");
    assert!(game.is_fifty_move_draw());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoveRule))
    );
}
