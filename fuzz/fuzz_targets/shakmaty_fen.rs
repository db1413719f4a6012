//! Differential fuzzing: a FEN that both bitmove and shakmaty accept (shakmaty told to overlook
//! impossible checks and surplus material, which bitmove allows) must give the same legal
//! moves, check and en-passant square, and keep doing so along a game the remaining bytes
//! steer. The first byte chooses standard or Chess960 mode and the number of plies.
#![no_main]

use bitmove::Board;
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn compare(ours: &Board, theirs: &Chess) {
    let fen = ours.to_string();
    let our_moves = sorted(ours.legal_moves().iter().map(|m| m.to_string()).collect());
    let their_moves = sorted(
        theirs
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
            .collect(),
    );
    assert_eq!(our_moves, their_moves, "{fen}: legal moves");
    assert_eq!(ours.checkers().0, theirs.checkers().0, "{fen}: checkers");
    let their_ep = theirs
        .ep_square(EnPassantMode::PseudoLegal)
        .map(|s| s.to_string());
    assert_eq!(
        ours.en_passant().map(|s| s.to_string()),
        their_ep,
        "{fen}: en passant"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&control, text)) = data.split_first() else {
        return;
    };
    let chess960 = control & 1 == 1;
    let plies = usize::from(control >> 1);
    let text = String::from_utf8_lossy(text);
    let (first_line, steering) = text.split_once('\n').unwrap_or((&text, ""));
    let Ok(mut ours) = Board::from_fen_with(first_line, chess960) else {
        return;
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let Ok(fen) = Fen::from_ascii(first_line.trim().as_bytes()) else {
        return;
    };
    let Some(mut theirs) = (match fen.into_position::<Chess>(mode) {
        Ok(position) => Some(position),
        Err(e) => match e.ignore_impossible_check() {
            Ok(position) => Some(position),
            Err(e) => e.ignore_too_much_material().ok(),
        },
    }) else {
        return;
    };
    let mut steer = steering.bytes().chain(core::iter::repeat(0));
    for _ in 0..=plies.min(32) {
        compare(&ours, &theirs);
        let moves = ours.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[usize::from(steer.next().unwrap_or(0)) % moves.len()];
        let key = mv.to_string();
        let Some(their_move) = theirs
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(CastlingMode::Chess960).to_string() == key)
        else {
            panic!("{ours}: {key} not found in shakmaty");
        };
        ours.play(mv).expect("generated moves are legal");
        theirs.play_unchecked(their_move);
    }
});
