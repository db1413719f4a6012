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

#[test]
fn missing_table_and_castling_are_errors() {
    let mut tb = Tablebase::new();
    tb.add_file(data_dir().join("KQvK.rtbw"));
    // No capture: the probe needs KQvKR itself (a capture would need KRvK first).
    let board: Board = "8/8/2k5/8/8/8/3q4/K6R w - - 0 1".parse().expect("FEN");
    assert_eq!(
        tb.probe_wdl(&board),
        Err(SyzygyError::MissingTable {
            name: "KQvKR".into(),
            kind: TableKind::Wdl
        })
    );
    let kqk: Board = "8/8/8/8/8/2k5/8/1K1Q4 b - - 0 1".parse().expect("FEN");
    assert_eq!(tb.probe_wdl(&kqk), Ok(Wdl::Loss));
    assert!(matches!(
        tb.probe_dtz(&kqk),
        Err(SyzygyError::MissingTable {
            kind: TableKind::Dtz,
            ..
        })
    ));
    let castling: Board = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().expect("FEN");
    assert_eq!(tb.probe_wdl(&castling), Err(SyzygyError::Castling));
}

#[test]
fn best_move_keeps_the_result() {
    let tb = tablebase();
    let text = std::fs::read_to_string(data_dir().join("endgame.epd")).expect("epd");
    for line in text.lines().filter(|l| !l.trim().is_empty()).step_by(4) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = format!(
            "{} {} {} {} 0 1",
            fields[0], fields[1], fields[2], fields[3]
        );
        let board: Board = fen.parse().expect("valid FEN");
        let wdl = tb.probe_wdl(&board).expect("wdl");
        let dtz = tb.probe_dtz(&board).expect("dtz");
        let ranked = tb.rank_moves(&board).expect("ranking");
        assert_eq!(ranked.len(), board.legal_moves().len());
        let Some(best) = ranked.first() else { continue };
        assert_eq!(best.wdl, wdl, "{fen}: best {best:?}");
        if wdl == Wdl::Win {
            // DTZ may be rounded by one ply where the table stores moves.
            assert!(
                best.dtz <= dtz + 1 && best.dtz > 0,
                "{fen}: dtz {dtz}, best {best:?}"
            );
        }
        for pair in ranked.windows(2) {
            assert!(pair[0].wdl >= pair[1].wdl, "{fen}: {ranked:?}");
        }
    }
}

/// Truncated and byte-mutated copies of every table: probing gives answers or errors, never a
/// panic, out-of-bounds read or endless loop.
#[test]
fn damaged_tables_never_crash() {
    let dir = std::env::temp_dir().join(format!("bitmove-syzygy-damaged-{}", std::process::id()));
    let text = std::fs::read_to_string(data_dir().join("endgame.epd")).expect("epd");
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.splitn(5, ' ').collect();
            format!("{} {} {} {} 0 1", f[0], f[1], f[2], f[3])
                .parse()
                .expect("FEN")
        })
        .collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut errors = 0;
    // Rounds 0..12 write the damaged tables to files, the rest hand them over in memory
    // (`add_bytes`, as the fuzz target `syzygy_table` does).
    for round in 0..48 {
        let in_memory = round >= 12;
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mut tb = Tablebase::new();
        for entry in std::fs::read_dir(data_dir()).expect("data") {
            let path = entry.expect("entry").path();
            let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
                continue;
            };
            if ext != "rtbw" && ext != "rtbz" {
                continue;
            }
            let mut bytes = std::fs::read(&path).expect("table");
            if round % 3 == 0 {
                let keep = (next() % bytes.len() as u64) as usize;
                bytes.truncate(keep);
            } else {
                // Mutate a few bytes, most of them in the header where the damage matters.
                for _ in 0..1 + round % 12 {
                    let span = if next() % 2 == 0 {
                        bytes.len().min(256)
                    } else {
                        bytes.len()
                    };
                    let at = (next() % span as u64) as usize;
                    bytes[at] = next() as u8;
                }
            }
            if in_memory {
                let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
                let kind = if ext == "rtbw" {
                    TableKind::Wdl
                } else {
                    TableKind::Dtz
                };
                assert!(tb.add_bytes(name, kind, bytes));
            } else {
                std::fs::write(dir.join(path.file_name().expect("name")), bytes).expect("write");
            }
        }
        if !in_memory {
            tb = Tablebase::open(&dir).expect("open");
        }
        for board in &boards {
            errors += tb.probe_wdl(board).is_err() as usize;
            errors += tb.probe_dtz(board).is_err() as usize;
            let _ = tb.rank_moves(board);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        errors > 0,
        "the damage was never noticed: the test does not exercise the reader"
    );
}

/// Tables handed over in memory (`add_bytes`) answer as the same files do, and a name that is
/// no table name is refused.
#[test]
fn tables_from_memory() {
    let files = Tablebase::open(data_dir()).expect("open");
    let mut memory = Tablebase::new();
    for entry in std::fs::read_dir(data_dir()).expect("data") {
        let path = entry.expect("entry").path();
        let kind = match path.extension().and_then(|e| e.to_str()) {
            Some("rtbw") => TableKind::Wdl,
            Some("rtbz") => TableKind::Dtz,
            _ => continue,
        };
        let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let bytes = std::fs::read(&path).expect("table");
        assert!(memory.add_bytes(name, kind, bytes));
    }
    assert_eq!(memory.len(), files.len());
    assert!(!memory.add_bytes("KQvKvK", TableKind::Wdl, Vec::new()));
    let text = std::fs::read_to_string(data_dir().join("endgame.epd")).expect("epd");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.splitn(5, ' ').collect();
        let board: Board = format!("{} {} {} {} 0 1", f[0], f[1], f[2], f[3])
            .parse()
            .expect("FEN");
        assert_eq!(memory.probe_wdl(&board), files.probe_wdl(&board), "{line}");
        assert_eq!(memory.probe_dtz(&board), files.probe_dtz(&board), "{line}");
    }
    let mut truncated = Tablebase::new();
    assert!(truncated.add_bytes("KQvKR", TableKind::Wdl, &b"\x71\xe8\x23\x5d"[..]));
    let board: Board = "8/8/8/8/8/2k5/8/1K1q3R w - - 0 1".parse().expect("FEN");
    match truncated.probe_wdl_table(&board) {
        Err(SyzygyError::Corrupt { path, .. }) => assert_eq!(path, PathBuf::from("KQvKR.rtbw")),
        other => panic!("{other:?}"),
    }
}

/// The halfmove clock turns a root move's win into a cursed win (and a loss into a blessed
/// loss) where its zeroing move would come after ply 100 of the count, as Fathom's
/// `tb_probe_root` ranks; at 0 the tables' own results stand.
#[test]
fn rank_moves_counts_the_halfmove_clock() {
    let tb = tablebase();
    // Black loses in 53 plies; after Black's moves White wins in about 52.
    for (fen, clock) in [
        ("8/2K5/4B3/3N4/8/8/4k3/8 b - - {} 1", 60u32),
        ("8/2K5/4B3/3N4/8/8/8/4k3 w - - {} 1", 55),
    ] {
        let at = |clock: u32| -> Vec<bitmove::syzygy::RankedMove> {
            let board: Board = fen.replace("{}", &clock.to_string()).parse().expect("FEN");
            tb.rank_moves(&board).expect("ranking")
        };
        let fresh = at(0);
        let late = at(clock);
        assert_eq!(fresh.len(), late.len());
        let mut changed = 0;
        for m in &late {
            let before = fresh.iter().find(|f| f.mv == m.mv).expect("same move");
            assert_eq!(m.dtz, before.dtz, "{fen}: {m:?}");
            let expected = match before.wdl {
                Wdl::Win if m.dtz + clock as i32 > 100 => Wdl::CursedWin,
                Wdl::Loss if -m.dtz + clock as i32 > 100 => Wdl::BlessedLoss,
                w => w,
            };
            assert_eq!(m.wdl, expected, "{fen} clock {clock}: {m:?}");
            changed += (m.wdl != before.wdl) as usize;
        }
        assert!(changed > 0, "{fen}: the clock changed nothing: {late:?}");
        for pair in late.windows(2) {
            assert!(pair[0].wdl >= pair[1].wdl, "{fen}: {late:?}");
        }
    }
}
