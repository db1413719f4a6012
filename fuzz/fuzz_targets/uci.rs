//! UCI parsing against a position: the first byte picks a start position, the rest is text
//! whose whitespace-separated words are parsed as moves and, when accepted, played.
#![no_main]

use bitmove::UciError;
use bitmove_fuzz::{check_position, root};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let mut board = root(selector);
    let text = String::from_utf8_lossy(rest);
    for word in text.split_ascii_whitespace().take(64) {
        match board.parse_uci(word) {
            Ok(mv) => {
                assert!(board.is_legal(mv), "{board}: {word} parsed to illegal {mv}");
                board.play(mv).expect("parsed moves are legal");
                check_position(&board);
            }
            Err(UciError::Illegal) => {
                let shown: Vec<String> = board
                    .legal_moves()
                    .iter()
                    .map(|m| board.uci(*m).to_string())
                    .collect();
                assert!(
                    !shown.iter().any(|s| s == word),
                    "{board}: {word} refused but generated"
                );
            }
            Err(UciError::Syntax) => {}
        }
    }
});
