//! The engine client's line readers on arbitrary text: every UCI and XBoard reader must return
//! (never panic) on any line, and a principal variation read from a line is either a run of
//! legal moves from the position or names the first word that is not one. The first byte picks
//! the position the lines' moves are read against.
#![no_main]

use bitmove::engine::{
    line_moves, parse_bestmove, parse_features, parse_id, parse_info, parse_option, parse_post,
    parse_uci_line, parse_xboard_line, parse_xboard_option, split_words,
};
use bitmove_fuzz::root;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let board = root(selector);
    let text = String::from_utf8_lossy(rest);
    for line in text.lines().take(16) {
        let _ = parse_uci_line(line);
        let _ = parse_xboard_line(line);
        let _ = parse_id(line);
        let _ = parse_features(line);
        let _ = parse_xboard_option(line);
        let _ = split_words(line);
        let bestmove = parse_bestmove(line);
        let _ = format!("{bestmove:?}");
        if let Ok(option) = parse_option(line) {
            // A value read for the option's own type never panics either.
            for word in line.split_ascii_whitespace().take(4) {
                let _ = option.parse_value(word);
            }
        }
        let info = parse_info(line);
        check_line(&board, info.pv.as_deref().unwrap_or(&[]));
        if let Some(post) = parse_post(line) {
            check_line(&board, &post.pv);
        }
    }
});

/// `line_moves` either plays every word or stops at a word that is really not a legal move.
fn check_line(board: &bitmove::Board, words: &[String]) {
    match line_moves(board, words) {
        Ok(moves) => assert_eq!(moves.len(), words.len()),
        Err(at) => {
            assert!(
                at < words.len(),
                "error index {at} past {} words",
                words.len()
            );
            let played = line_moves(board, &words[..at]).expect("the words before it play");
            let mut position = board.clone();
            for mv in played {
                position.play(mv).expect("line_moves gives legal moves");
            }
            assert!(
                position.parse_uci(&words[at].to_ascii_lowercase()).is_err(),
                "{position}: {} refused but legal",
                words[at]
            );
        }
    }
}
