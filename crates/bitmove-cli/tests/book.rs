//! `bitmove book` as a process, on the test books (answers as python-chess 1.11.2 finds them).

mod common;

use common::{assert_bad_input, bitmove, data, stdout};

#[test]
fn lists_the_start_positions_moves_with_san_weight_learn_and_share() {
    let book = data("polyglot/performance.bin");
    let out = bitmove(&["book", &book]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "Key: 463b96181691fc9c\n\
         move   san      weight      learn   share\n\
         e2e4   e4            1  486544384  33.33%\n\
         d2d4   d4            1       5120  33.33%\n\
         c2c4   c4            1 3825144832  33.33%\n"
    );
}

#[test]
fn castling_is_shown_as_uci_and_san_heaviest_first() {
    let book = data("polyglot/performance.bin");
    let fen = "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10";
    let text = stdout(&bitmove(&["book", &book, "--fen", fen]));
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["e1g1", "O-O", "159", "201331712", "82.38%"],
            ["e1c1", "O-O-O", "18", "2717848576", "9.33%"],
            ["h2h3", "h3", "16", "3120501760", "8.29%"],
        ]
    );
    let text = stdout(&bitmove(&["book", &book, "--fen", fen, "--chess960"]));
    assert!(text.contains("e1h1   O-O "), "{text}");
}

#[test]
fn moves_played_first_and_positions_out_of_book() {
    let lasker = data("polyglot/lasker-trap.bin");
    let moves = [
        "d2d4", "d7d5", "c2c4", "e7e5", "d4e5", "d5d4", "e2e3", "f8b4", "c1d2", "d4e3", "d2b4",
        "e3f2", "e1e2",
    ];
    let mut args = vec!["book", lasker.as_str(), "--moves"];
    args.extend(moves);
    let text = stdout(&bitmove(&args));
    assert!(
        text.lines().nth(2).unwrap().starts_with("f2g1n  fxg1=N+ "),
        "{text}"
    );
    let out = bitmove(&["book", &lasker, "--moves", "a2a3"]);
    assert!(out.status.success());
    assert!(stdout(&out).ends_with("No entries.\n"));
}

#[test]
fn bad_books_and_positions_are_refused() {
    let dir = std::env::temp_dir().join(format!("bitmove-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, [0u8; 17]).unwrap();
    let err = assert_bad_input(&bitmove(&["book", bad.to_str().unwrap()]));
    assert!(err.contains("multiple of 16"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_bad_input(&bitmove(&["book", "/nonexistent/book.bin"]));
    let book = data("polyglot/performance.bin");
    assert_bad_input(&bitmove(&["book", &book, "--fen", "not a fen"]));
    assert_bad_input(&bitmove(&["book", &book, "--moves", "e2e5"]));
}
