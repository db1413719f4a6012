//! `bitmove analyse` with real engines (Debian's /usr/games/stockfish, Threads=1, small node
//! limits: deterministic): resume after kill -9, an engine that crashes, one that hangs, a
//! position that always kills it, the cache's contents, each position analysed once, and
//! hostile input.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::{BITMOVE, assert_bad_input, data, stderr, stdout};

const STOCKFISH: &str = "/usr/games/stockfish";

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitmove-analyse-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn games() -> String {
    data("analyse/games.pgn")
}

/// The relay engine of tests/data/analyse/fault_engine.py with `extra` arguments.
fn fault(extra: &str) -> String {
    format!(
        "python3 {} {STOCKFISH} {extra}",
        data("analyse/fault_engine.py")
    )
}

/// The analyse command line on the test games, to `out` (with positions and cache beside it).
fn args(engine: &str, out: &Path) -> Vec<String> {
    let out_dir = out.parent().unwrap();
    [
        games().as_str(),
        "--engine",
        engine,
        "--engine-option",
        "Threads=1",
        "--engine-option",
        "Hash=16",
        "--nodes",
        "2000",
        "--engines",
        "2",
        "--judgements",
        "--timeout",
        "10",
        "--out",
        out.to_str().unwrap(),
        "--positions",
        out_dir.join("out.jsonl").to_str().unwrap(),
        "--cache",
        out_dir.join("cache.sqlite").to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn run(args: &[String]) -> Output {
    Command::new(BITMOVE)
        .arg("analyse")
        .args(args)
        .output()
        .unwrap()
}

/// The outputs of one uninterrupted run with plain Stockfish: (PGN, JSON Lines).
fn reference() -> &'static (Vec<u8>, Vec<u8>) {
    static REFERENCE: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    REFERENCE.get_or_init(|| {
        let dir = dir("reference");
        let out = dir.join("out.pgn");
        let result = run(&args(STOCKFISH, &out));
        assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
        let both = (
            std::fs::read(&out).unwrap(),
            std::fs::read(dir.join("out.jsonl")).unwrap(),
        );
        std::fs::remove_dir_all(&dir).unwrap();
        both
    })
}

fn outputs(dir: &Path) -> (Vec<u8>, Vec<u8>) {
    (
        std::fs::read(dir.join("out.pgn")).unwrap(),
        std::fs::read(dir.join("out.jsonl")).unwrap(),
    )
}

fn distinct() -> usize {
    bitmove::analyse::plan_files(&[games()], 0)
        .unwrap()
        .jobs
        .len()
}

fn rows(cache: &Path) -> i64 {
    let conn = rusqlite::Connection::open(cache).unwrap();
    conn.busy_timeout(Duration::from_secs(5)).unwrap();
    conn.query_row("SELECT count(*) FROM evaluations", [], |r| r.get(0))
        .unwrap_or(0)
}

fn summary_value(out: &Output, name: &str) -> String {
    let text = stdout(out);
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {text}"))
        .to_string()
}

#[test]
fn a_run_killed_with_sigkill_and_run_again_writes_what_an_uninterrupted_run_writes() {
    let dir = dir("resume");
    let out = dir.join("out.pgn");
    let cache = dir.join("cache.sqlite");
    // The relay hangs at the last distinct position (the first time only, counted in the state
    // file): the run cannot end before it is killed however fast or slow the machine is, and
    // the run again goes through.
    let last = bitmove::analyse::plan_files(&[games()], 0)
        .unwrap()
        .jobs
        .last()
        .unwrap()
        .fen
        .clone();
    let engine = fault(&format!(
        "--delay 0.005 --mode hang --fen '{last}' --state {}",
        dir.join("state").display()
    ));
    let mut child = Command::new(BITMOVE)
        .arg("analyse")
        .args(args(&engine, &out))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while rows(&cache) < 64 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "finished before it was killed"
        );
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let kept = rows(&cache);
    assert!(kept >= 64 && (kept as usize) < distinct(), "{kept}");
    let again = run(&args(&engine, &out));
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    let from_cache: usize = summary_value(&again, "From cache").parse().unwrap();
    assert!(from_cache >= kept as usize, "{}", stdout(&again));
    assert_eq!(&outputs(&dir), reference());
    assert_eq!(rows(&cache) as usize, distinct());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_distinct_position_is_analysed_once_and_the_cache_holds_it() {
    let dir = dir("once");
    let out = dir.join("out.pgn");
    let log = dir.join("go.log");
    let engine = fault(&format!("--log {}", log.display()));
    let first = run(&args(&engine, &out));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let plan = bitmove::analyse::plan_files(&[games()], 0).unwrap();
    assert!(
        plan.positions > plan.jobs.len(),
        "the games share their openings"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let gos = text.lines().filter(|l| l.starts_with("go ")).count();
    assert_eq!(gos, plan.jobs.len());
    assert!(
        text.lines()
            .all(|l| !l.starts_with("go ") || l == "go nodes 2000")
    );
    assert_eq!(
        summary_value(&first, "Distinct"),
        plan.jobs.len().to_string()
    );
    assert_eq!(
        summary_value(&first, "Positions"),
        plan.positions.to_string()
    );
    // The cache: one row per distinct position, its FEN the one planned, the setting named.
    let conn = rusqlite::Connection::open(dir.join("cache.sqlite")).unwrap();
    let mut statement = conn
        .prepare("SELECT key, fen, engine, options, search, multipv, cp, mate, best_move, pv, nodes FROM evaluations")
        .unwrap();
    let mut seen = 0;
    let mut rows = statement.query([]).unwrap();
    while let Some(row) = rows.next().unwrap() {
        seen += 1;
        let key: String = row.get(0).unwrap();
        let fen: String = row.get(1).unwrap();
        let job = plan.jobs.iter().find(|j| j.key.to_string() == key).unwrap();
        assert_eq!(job.fen, fen);
        assert!(row.get::<_, String>(2).unwrap().starts_with("Stockfish"));
        assert_eq!(row.get::<_, String>(3).unwrap(), "Threads=1 Hash=16");
        assert_eq!(row.get::<_, String>(4).unwrap(), "nodes 2000");
        assert_eq!(row.get::<_, i64>(5).unwrap(), 1);
        let cp: Option<i64> = row.get(6).unwrap();
        let mate: Option<i64> = row.get(7).unwrap();
        assert!(cp.is_some() != mate.is_some());
        let best: String = row.get(8).unwrap();
        let pv: String = row.get(9).unwrap();
        assert!(pv.starts_with(&best), "{pv} {best}");
        assert!(row.get::<_, i64>(10).unwrap() >= 2000);
    }
    assert_eq!(seen, plan.jobs.len());
    assert_eq!(&outputs(&dir), reference());
    // Run again: everything from the cache, no search, the same output.
    std::fs::remove_file(&log).unwrap();
    let second = run(&args(&engine, &out));
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    assert_eq!(summary_value(&second, "Analysed"), "0");
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(text.lines().filter(|l| l.starts_with("go ")).count(), 0);
    assert_eq!(&outputs(&dir), reference());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The FEN of a position in the middle of the test games.
fn victim() -> String {
    let plan = bitmove::analyse::plan_files(&[games()], 0).unwrap();
    plan.jobs[40].fen.clone()
}

#[test]
fn an_engine_that_crashes_or_hangs_is_restarted_and_its_position_redone() {
    for mode in ["crash", "hang"] {
        let dir = dir(mode);
        let out = dir.join("out.pgn");
        let engine = fault(&format!(
            "--mode {mode} --fen '{}' --state {}",
            victim(),
            dir.join("state").display()
        ));
        let mut a = args(&engine, &out);
        if mode == "hang" {
            let at = a.iter().position(|x| x == "--timeout").unwrap();
            a[at + 1] = "4".into();
        }
        let result = run(&a);
        assert_eq!(result.status.code(), Some(0), "{mode}: {}", stderr(&result));
        assert_eq!(summary_value(&result, "Engine restarts"), "1", "{mode}");
        assert_eq!(summary_value(&result, "Failed"), "0", "{mode}");
        assert_eq!(
            std::fs::read_to_string(dir.join("state")).unwrap(),
            "2",
            "{mode}: asked twice"
        );
        assert_eq!(&outputs(&dir), reference(), "{mode}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_position_that_always_kills_the_engine_is_reported() {
    let dir = dir("always");
    let out = dir.join("out.pgn");
    let fen = victim();
    let engine = fault(&format!("--mode always --fen '{fen}'"));
    let result = run(&args(&engine, &out));
    assert_eq!(result.status.code(), Some(1), "{}", stderr(&result));
    assert_eq!(summary_value(&result, "Failed"), "1");
    // Killed three times: started again twice for it, and once more if a job came after.
    let restarts: u32 = summary_value(&result, "Engine restarts").parse().unwrap();
    assert!((2..=3).contains(&restarts), "{restarts}");
    let report = stdout(&result);
    let failed = report.lines().find(|l| l.starts_with("failed: ")).unwrap();
    assert!(
        failed.contains(&fen) && failed.contains("3 times"),
        "{failed}"
    );
    let pgn = std::fs::read_to_string(&out).unwrap();
    assert!(pgn.contains("[bitmove: analysis failed]"));
    let jsonl = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
    let errors = jsonl.lines().filter(|l| l.contains("\"error\":")).count();
    assert!(errors >= 1);
    assert!(
        jsonl
            .lines()
            .filter(|l| l.contains("\"error\":"))
            .all(|l| l.contains(&fen))
    );
    // The failure is in the cache; a run with a sound engine clears it.
    let conn = rusqlite::Connection::open(dir.join("cache.sqlite")).unwrap();
    let n: i64 = conn
        .query_row("SELECT count(*) FROM failures", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
    drop(conn);
    let again = run(&args(STOCKFISH, &out));
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(summary_value(&again, "Analysed"), "1");
    assert_eq!(&outputs(&dir), reference());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hostile_input_is_one_error_line() {
    let dir = dir("hostile");
    let out = dir.join("out.pgn");
    let mut a = args(STOCKFISH, &out);
    // Not an engine: `cat` never says uciok.
    a[2] = "cat".into();
    let at = a.iter().position(|x| x == "--timeout").unwrap();
    a[at + 1] = "1".into();
    assert!(assert_bad_input(&run(&a)).contains("cannot start the engine"));
    // No such program.
    a[2] = "/nonexistent/engine".into();
    assert_bad_input(&run(&a));
    // An option the engine does not declare.
    let mut a = args(STOCKFISH, &out);
    a[4] = "Bogus=1".into();
    assert!(assert_bad_input(&run(&a)).contains("Bogus"));
    a[4] = "Threads".into();
    assert_bad_input(&run(&a));
    // No such file; a file with no games.
    let mut a = args(STOCKFISH, &out);
    a[0] = dir.join("none.pgn").to_string_lossy().into_owned();
    assert_bad_input(&run(&a));
    std::fs::write(dir.join("empty.pgn"), b"").unwrap();
    a[0] = dir.join("empty.pgn").to_string_lossy().into_owned();
    assert!(assert_bad_input(&run(&a)).contains("no games"));
    // A game that does not replay: reported, the others analysed, status 1.
    std::fs::write(dir.join("bad.pgn"), b"1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n").unwrap();
    a[0] = dir.join("bad.pgn").to_string_lossy().into_owned();
    let result = run(&a);
    assert_eq!(result.status.code(), Some(1), "{}", stderr(&result));
    assert!(stderr(&result).contains("Ke3"));
    assert!(!stderr(&result).contains("panicked"));
    assert_eq!(summary_value(&result, "Written"), "1");
    // A variant game, and an engine without UCI_Variant.
    std::fs::write(
        dir.join("atomic.pgn"),
        b"[Variant \"Atomic\"]\n\n1. e4 d5 *\n",
    )
    .unwrap();
    a[0] = dir.join("atomic.pgn").to_string_lossy().into_owned();
    assert!(assert_bad_input(&run(&a)).contains("UCI_Variant"));
    std::fs::remove_dir_all(&dir).unwrap();
}
