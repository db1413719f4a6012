//! SAN parsing against a position: the first byte picks a start position, the rest is text
//! whose whitespace-separated words are parsed as SAN and, when accepted, played. An accepted
//! move is legal and its own SAN reads back as the same move; the exact SAN of a legal move is
//! never refused, nor is shakmaty's SAN; where both read a word as a move, it is the same move.
#![no_main]

use bitmove_fuzz::{check_position, root, ROOTS};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, Position};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let mut board = root(selector);
    let (fen, chess960) = ROOTS[usize::from(selector) % ROOTS.len()];
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut theirs: Chess = fen
        .parse::<Fen>()
        .expect("root FEN")
        .into_position(mode)
        .expect("root position");
    let text = String::from_utf8_lossy(rest);
    for word in text.split_ascii_whitespace().take(64) {
        let parsed = board.parse_san(word);
        // shakmaty is strict where bitmove is lenient, so only its successes are compared.
        let their_move = San::from_ascii(word.as_bytes())
            .ok()
            .and_then(|san| san.to_move(&theirs).ok());
        match parsed {
            Ok(mv) => {
                assert!(board.is_legal(mv), "{board}: {word} parsed to illegal {mv}");
                let san = board.san(mv).to_string();
                assert_eq!(board.parse_san(&san), Ok(mv), "{board}: {word} -> {san}");
                if let Some(m) = their_move {
                    let theirs_uci = m.to_uci(CastlingMode::Chess960).to_string();
                    assert_eq!(theirs_uci, mv.to_string(), "{board}: {word}");
                }
                let key = mv.to_string();
                let m = theirs
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.to_uci(CastlingMode::Chess960).to_string() == key)
                    .expect("same legal moves");
                board.play(mv).expect("parsed moves are legal");
                theirs.play_unchecked(m);
                check_position(&board);
            }
            Err(e) => {
                let exact = board
                    .legal_moves()
                    .iter()
                    .any(|m| board.san(*m).to_string() == word);
                assert!(!exact, "{board}: exact SAN {word} refused: {e}");
                // shakmaty is lenient in its own ways (it reads `xe6` for `dxe6`), so a word
                // it reads may be refused, but never the SAN it would write itself.
                if let Some(m) = their_move {
                    let plain = San::from_move(&theirs, m).to_string();
                    let suffixed = SanPlus::from_move(theirs.clone(), m).to_string();
                    assert!(
                        word != plain && word != suffixed,
                        "{board}: shakmaty's own SAN {word} refused ({e:?})"
                    );
                }
            }
        }
    }
});
