//! `bitmove probe` as a process: Syzygy WDL and DTZ of a position and its moves, best first,
//! against python-chess's answers in tests/data/syzygy/endgame.epd.

use serde_json::Value;

mod common;

use common::{assert_bad_input, bitmove, data, stderr, stdout};

fn tables() -> String {
    data("syzygy")
}

#[test]
fn text_output_gives_the_position_and_the_moves_best_first() {
    let tb = tables();
    let out = bitmove(&[
        "probe",
        "--tb",
        &tb,
        "--fen",
        "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "fen 8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1");
    assert_eq!(lines[1], "wdl -2 (loss)");
    assert_eq!(lines[2], "dtz -53");
    // The black king's legal moves, each a loss; the best delays the most.
    let moves = &lines[3..];
    assert!(!moves.is_empty());
    for line in moves {
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[2], "-2", "{line}");
        assert_eq!(cols[3], "loss", "{line}");
    }
    assert_eq!(moves[0].split_whitespace().nth(4), Some("-53"), "{text}");
}

#[test]
fn json_output_and_moves_played_first() {
    let tb = tables();
    // From endgame.epd: 8/8/1n6/8/7K/8/3k4/1Q6 w - - wdl 2; dtz 1. Play a king move first.
    let out = bitmove(&[
        "probe",
        "--tb",
        &tb,
        "--fen",
        "8/8/1n6/8/7K/8/3k4/1Q6 w - - 0 1",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["wdl"], 2);
    assert_eq!(v["dtz"], 1);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves[0]["wdl"], 2);
    assert_eq!(moves[0]["dtz"], 1);
    let out = bitmove(&[
        "probe",
        "--tb",
        &tb,
        "--fen",
        "8/8/1n6/8/7K/8/3k4/1Q6 w - - 0 1",
        "--moves",
        "h4g5",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(v["fen"].as_str().unwrap().contains(" b "));
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        v["moves"].as_array().unwrap().len()
    );
}

#[test]
fn missing_tables_and_bad_input_are_errors() {
    let tb = tables();
    // The start position: castling rights, 32 pieces.
    let out = bitmove(&["probe", "--tb", &tb]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("castling"), "{}", stderr(&out));
    // Five pieces: no table here.
    let out = bitmove(&[
        "probe",
        "--tb",
        &tb,
        "--fen",
        "7r/8/8/4k3/8/8/8/KQR5 w - - 0 1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("did not find wdl table KQRvKR"),
        "{}",
        stderr(&out)
    );
    assert_bad_input(&bitmove(&["probe", "--tb", &tb, "--fen", "not a fen"]));
    assert_bad_input(&bitmove(&["probe", "--tb", "/nonexistent/dir"]));
}
