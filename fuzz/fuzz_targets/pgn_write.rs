//! Any bytes, as PGN read into game trees and written back: the reader and the writer never
//! panic, whatever the options; a tree's main line is the moves the `Game` record reads (or
//! their start, when a variation, which the record skips unread, stopped the tree); every
//! move of a tree is legal where it is played; and the text written ends with the result
//! (less its trailing spaces).
#![no_main]

use bitmove::pgn::{GameTree, NodeId, Reader, WriteOptions, NULL_MOVE};
use libfuzzer_sys::fuzz_target;

/// Every move of the tree is legal in its position (or a null move).
fn check_moves(tree: &GameTree) {
    let mut stack = vec![(NodeId::ROOT, tree.start().clone())];
    while let Some((id, board)) = stack.pop() {
        for child in tree.children(id) {
            let mv = tree.node(child).mv();
            let mut after = board.clone();
            if mv == NULL_MOVE {
                after = after
                    .null_move()
                    .expect("a null move is never played in check");
            } else {
                after.play(mv).expect("legal");
            }
            stack.push((child, after));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let records: Vec<_> = Reader::new(data)
        .map(|game| game.expect("reading a slice cannot fail"))
        .collect();
    let trees: Vec<_> = Reader::new(data)
        .trees()
        .map(|tree| tree.expect("reading a slice cannot fail"))
        .collect();
    assert_eq!(records.len(), trees.len());
    let options = [
        WriteOptions::default(),
        WriteOptions::unwrapped(),
        WriteOptions {
            columns: Some(usize::from(data.first().copied().unwrap_or(0) % 16)),
            headers: false,
            comments: false,
            variations: false,
        },
    ];
    for (tree, record) in trees.iter().zip(&records) {
        let moves: Vec<_> = tree.mainline_moves().collect();
        assert!(record.moves.starts_with(&moves));
        if tree.error.is_none() {
            assert_eq!(moves, record.moves);
            assert!(record.error.is_none());
        }
        if tree.is_set_up() {
            check_moves(tree);
        }
        // (Without its trailing spaces, as Python's `rstrip` sees them.)
        let result = tree
            .result()
            .trim_end_matches(|c: char| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c));
        for options in &options {
            assert!(tree.to_pgn(options).ends_with(result));
        }
    }
});
