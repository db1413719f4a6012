//! A byte string steers a game: each step either plays a generated move (chosen by a byte) or
//! tries an arbitrary decoded move, which `play` must refuse cleanly unless it is legal.
//! After every move the position is checked from scratch (FEN, hash, generation).
#![no_main]

use bitmove_fuzz::{arbitrary_move, check_arbitrary_move, check_position, root};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, mut rest)) = data.split_first() else {
        return;
    };
    let mut board = root(selector);
    check_position(&board);
    while let [op, a, b, tail @ ..] = rest {
        rest = tail;
        if op & 0x80 == 0 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                return;
            }
            let index = (usize::from(*a) << 8 | usize::from(*b)) % moves.len();
            board.play(moves[index]).expect("generated moves are legal");
            check_position(&board);
        } else {
            let mv = arbitrary_move(*a, *b, *op);
            check_arbitrary_move(&board, mv);
            if board.is_legal(mv) {
                board.play(mv).expect("checked legal");
                check_position(&board);
            }
        }
    }
});
