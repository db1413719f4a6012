//! Syzygy probing against the known answers of `tests/data/syzygy/endgame.epd` (python-chess's
//! test positions: raw table WDL, WDL with en passant resolved, DTZ), and damaged table files.

use std::path::PathBuf;

use bitmove::Board;
use bitmove::syzygy::{SyzygyError, TableKind, Tablebase, Wdl};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/syzygy")
}

fn tablebase() -> Tablebase {
    let mut tb = Tablebase::new();
    assert_eq!(tb.add_directory(data_dir()).expect("test tables"), 70);
    tb
}

fn field(ops: &str, name: &str) -> i32 {
    let start = ops.find(&format!("{name} ")).expect("field") + name.len() + 1;
    ops[start..]
        .split(';')
        .next()
        .expect("value")
        .trim()
        .parse()
        .expect("number")
}

#[test]
fn endgame_epd_wdl_and_dtz() {
    let tb = tablebase();
    let text = std::fs::read_to_string(data_dir().join("endgame.epd")).expect("epd");
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = format!(
            "{} {} {} {} 0 1",
            fields[0], fields[1], fields[2], fields[3]
        );
        let ops = fields[4];
        let board: Board = fen.parse().expect("valid FEN");
        let wdl = tb.probe_wdl(&board).map(|w| w.to_i8() as i32);
        let dtz = tb.probe_dtz(&board);
        if wdl != Ok(field(ops, "wdl")) || dtz != Ok(field(ops, "dtz")) {
            failures.push(format!("{fen}: wdl {wdl:?} dtz {dtz:?}, expected {ops}"));
        }
        checked += 1;
    }
    assert_eq!(checked, 200);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn documented_example() {
    let tb = tablebase();
    let board: Board = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse().expect("FEN");
    assert_eq!(tb.probe_wdl(&board), Ok(Wdl::Loss));
    assert_eq!(tb.probe_dtz(&board), Ok(-53));
}
