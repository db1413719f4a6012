//! Gaviota probing on the 3-piece tables python-chess's sdist ships (fetched by
//! `tests/python_chess_suite.py` into `target/python-chess-suite`, never vendored; or the
//! directory `BITMOVE_GAVIOTA_DIR` names). Without them each test prints why it skips.
//! The answers below are python-chess's own test expectations; the Python tests compare
//! thousands of positions with python-chess's prober.

use std::path::PathBuf;

use bitmove::Board;
use bitmove::gaviota::{GaviotaError, Tablebase};

fn tables_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("BITMOVE_GAVIOTA_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../target/python-chess-suite/chess-1.11.2/data/gaviota"),
    };
    if dir.join("kqk.gtb.cp4").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: no Gaviota tables at {} (run `python tests/python_chess_suite.py \
             --baseline Gaviota` once to fetch python-chess's sdist)",
            dir.display()
        );
        None
    }
}

fn board(fen: &str) -> Board {
    fen.parse().expect("fen")
}

#[test]
fn python_chess_expectations() {
    let Some(dir) = tables_dir() else { return };
    let tb = Tablebase::open(&dir).expect("directory");
    assert_eq!(tb.len(), 5);
    for (fen, dtm) in [
        ("8/8/8/8/8/8/8/K2kr3 w - - 0 1", -10),
        ("6K1/8/8/8/4Q3/8/6k1/8 b - - 0 1", -14),
        ("8/3K4/8/8/8/4r3/4k3/8 b - - 0 1", 21),
        ("8/8/4K3/2n5/8/3k4/8/8 w - - 0 1", 0),
    ] {
        assert_eq!(tb.probe_dtm(&board(fen)), Ok(dtm), "{fen}");
    }
    assert_eq!(
        tb.probe_wdl(&board("8/8/4K3/2n5/8/3k4/8/8 w - - 0 1")),
        Ok(0)
    );
    assert_eq!(
        tb.probe_wdl(&board("8/8/1p2K3/8/8/3k4/8/8 b - - 0 1")),
        Ok(1)
    );
    // Mate on the board: DTM 0, a loss for the side to move.
    let mated = board("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(tb.probe_dtm(&mated), Ok(0));
    assert_eq!(tb.probe_wdl(&mated), Ok(-1));
    // Four pieces: no table.
    assert_eq!(
        tb.probe_dtm(&board("8/8/8/8/1pP5/7K/8/7k b - c3 0 1")),
        Err(GaviotaError::MissingTable {
            name: "KPvKP".into()
        })
    );
}

/// Truncated and damaged copies of a real table: every probe gives an answer or an error,
/// never a panic.
#[test]
fn damaged_tables_never_panic() {
    let Some(dir) = tables_dir() else { return };
    let fens = [
        "8/8/8/8/8/8/8/K2kr3 w - - 0 1",
        "8/3K4/8/8/8/4r3/4k3/8 b - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
        "7K/8/8/8/8/8/8/r6k w - - 0 1",
        "8/8/8/3k4/8/8/8/K6R b - - 0 1",
    ];
    let boards: Vec<Board> = fens.iter().map(|f| board(f)).collect();
    let bytes = std::fs::read(dir.join("krk.gtb.cp4")).expect("krk");
    let probe = |data: Vec<u8>| {
        let mut tb = Tablebase::new();
        tb.add_bytes("krk", data);
        let mut errors = 0;
        for b in &boards {
            if tb.probe_dtm(b).is_err() {
                errors += 1;
            }
        }
        errors
    };
    assert_eq!(probe(bytes.clone()), 0, "the real table answers");
    let mut damaged = 0;
    for len in (0..bytes.len()).step_by(37) {
        damaged += probe(bytes[..len].to_vec());
    }
    assert!(damaged > 0, "truncated tables give errors");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..400 {
        let mut copy = bytes.clone();
        for _ in 0..1 + seed % 4 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = (seed % copy.len() as u64) as usize;
            copy[at] = (seed >> 32) as u8;
        }
        probe(copy);
    }
}
