//! FEN parsing never panics, and whatever parses writes back to a FEN that parses to the same
//! board (and is a position every other check holds for).
#![no_main]

use bitmove::Board;
use bitmove_fuzz::check_position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for chess960 in [false, true] {
        if let Ok(board) = Board::from_fen_with(&text, chess960) {
            check_position(&board);
            for &mv in board.legal_moves().iter() {
                let mut child = board.clone();
                child.play(mv).expect("generated moves are legal");
                check_position(&child);
            }
        }
    }
    let _ = text.parse::<Board>();
});
