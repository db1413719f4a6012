//! Any bytes, as PGN read into game trees and written back: the reader and the writer never
//! panic, whatever the options; a tree's main line and the moves the `Game` record reads
//! agree (see `agree` for where one may stop sooner); every
//! move of a tree is legal where it is played; and the text written ends with the result
//! (less its trailing spaces). With the first byte's top bit set, the games of the lichess
//! variants are read too (`with_variants`): their trees' moves are checked on the variant
//! board, against the record's variant line.
#![no_main]

use bitmove::pgn::{Game, GameTree, NodeId, Reader, WriteOptions, NULL_MOVE, NULL_VARIANT_MOVE};
use bitmove::variant::VariantPosition;
use libfuzzer_sys::fuzz_target;

/// Every move of a variant game's tree is legal in its position (or a null move, not in
/// check).
fn check_variant_moves(tree: &GameTree, start: &VariantPosition) {
    let mut stack = vec![(NodeId::ROOT, start.clone())];
    while let Some((id, position)) = stack.pop() {
        for child in tree.children(id) {
            let mv = tree
                .variant_move(child)
                .expect("a variant game's node has its move");
            let mut after = position.clone();
            if mv == NULL_VARIANT_MOVE {
                assert!(!after.is_check(), "a null move is never played in check");
                after.play_null();
            } else {
                after.play(mv).expect("legal");
            }
            stack.push((child, after));
        }
    }
}

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

/// A tree's main line and the record's moves agree as far as both go. The tree may stop
/// sooner (an error inside a variation, which the record skips unread) or the record (a
/// variation it skips and that is never closed ends it: skipping, python-chess counts every
/// parenthesis, so in `f3 (() c6` a reader that visits variations reads c6 on the main line
/// and one that skips them does not, and so does bitmove); when the tree has no error, the
/// record has none and the tree holds all of its moves.
fn agree<M: PartialEq + core::fmt::Debug>(
    tree_moves: &[M],
    record_moves: &[M],
    tree: &GameTree,
    record: &Game,
) {
    let common = tree_moves.len().min(record_moves.len());
    assert_eq!(tree_moves[..common], record_moves[..common]);
    if tree.error.is_none() {
        assert!(record.error.is_none());
        assert!(tree_moves.starts_with(record_moves));
    }
}

fuzz_target!(|data: &[u8]| {
    let variants = data.first().is_some_and(|b| b & 0x80 != 0);
    let records: Vec<_> = Reader::new(data)
        .with_variants(variants)
        .map(|game| game.expect("reading a slice cannot fail"))
        .collect();
    let trees: Vec<_> = Reader::new(data)
        .with_variants(variants)
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
        if let Some(start) = tree.variant_start() {
            let line = record.variant.as_ref().expect("a variant game's record");
            let moves: Vec<_> = tree
                .mainline()
                .map(|n| tree.variant_move(n).expect("a variant move"))
                .collect();
            agree(&moves, &line.moves, tree, record);
            check_variant_moves(tree, start);
        } else {
            let moves: Vec<_> = tree.mainline_moves().collect();
            agree(&moves, &record.moves, tree, record);
            if tree.is_set_up() {
                check_moves(tree);
            }
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
