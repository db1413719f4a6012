//! `bitmove::engine` against real processes: Debian's Stockfish and Fairy-Stockfish (small
//! node limits), and engines that fail: one that never says `uciok`, one that prints
//! garbage and half a line and exits, Stockfish killed with SIGKILL mid-search.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bitmove::Board;
use bitmove::engine::{EngineError, Limit, Process, ScoreKind, Uci};
use bitmove::variant::{Variant, VariantPosition};

const STOCKFISH: &str = "/usr/games/stockfish";
const FAIRY: &str = "/usr/games/fairy-stockfish";

fn installed(path: &str) -> bool {
    if Path::new(path).exists() {
        true
    } else {
        println!("skipped: {path} is not installed");
        false
    }
}

/// A shell script in a fresh temporary directory.
fn script(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitmove-engine-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("engine.sh");
    std::fs::write(&path, body).unwrap();
    path
}

fn alive(pid: u32) -> bool {
    // A zombie has exited too: read its state.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat.split(") ").nth(1).is_some_and(|s| s.starts_with('Z')),
        Err(_) => false,
    }
}

#[test]
fn stockfish_analyses_and_plays_legal_moves() {
    if !installed(STOCKFISH) {
        return;
    }
    let mut engine = Uci::start(&[STOCKFISH], Duration::from_secs(10)).unwrap();
    assert!(
        engine.name().unwrap().starts_with("Stockfish"),
        "{:?}",
        engine.id()
    );
    assert!(engine.option("Hash").is_some() && engine.option("threads").is_some());
    engine
        .configure(&[("Threads", "1"), ("Hash", "16"), ("MultiPV", "2")])
        .unwrap();
    assert!(engine.set_option("Hash", "lots").is_err());
    assert!(engine.set_option("No Such Option", "1").is_err());

    let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
        .parse()
        .unwrap();
    let analysis = engine.analyse(&board, &[], &Limit::depth(6)).unwrap();
    let best = analysis.bestmove.legal(&board).unwrap().unwrap();
    assert_eq!(board.uci(best).to_string(), "h5f7", "mate in one");
    let lines = analysis.lines();
    assert_eq!(lines.len(), 2);
    let top = lines[0].score.unwrap();
    assert_eq!((top.kind, top.value), (ScoreKind::Mate, 1));
    for info in &analysis.infos {
        if info.pv.is_some() {
            info.pv_moves(&board).expect("every pv legal");
        }
    }

    // After moves, castling as the engine wants it (e1g1 without UCI_Chess960).
    let start = Board::default();
    let mut moves = Vec::new();
    let mut b = start.clone();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        let mv = b.parse_uci(m).unwrap();
        b.play(mv).unwrap();
        moves.push(mv);
    }
    let mut infos = 0;
    let analysis = engine
        .analyse(&start, &moves, &Limit::nodes(5_000))
        .unwrap();
    infos += analysis.infos.len();
    assert!(infos > 0);
    assert!(analysis.bestmove.legal(&b).unwrap().is_some());

    // Chess960: king takes rook.
    engine.set_option("UCI_Chess960", "true").unwrap();
    let c960 = Board::chess960_startpos(518).unwrap();
    let analysis = engine.analyse(&c960, &[], &Limit::nodes(2_000)).unwrap();
    assert!(analysis.bestmove.legal(&c960).unwrap().is_some());

    // No legal move: bestmove (none), a mate score of 0.
    engine.set_option("UCI_Chess960", "false").unwrap();
    let mated: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    let analysis = engine.analyse(&mated, &[], &Limit::depth(3)).unwrap();
    assert_eq!(analysis.bestmove.bestmove, None);
    let pid = engine.process().id();
    assert!(engine.quit().is_some());
    assert!(!alive(pid));
}

#[test]
fn fairy_stockfish_plays_a_legal_variant_move() {
    if !installed(FAIRY) {
        return;
    }
    let mut engine = Uci::start(&[FAIRY], Duration::from_secs(10)).unwrap();
    for variant in [Variant::Atomic, Variant::Crazyhouse] {
        let mut position = VariantPosition::new(variant);
        for m in ["e2e4", "d7d5", "e4d5"] {
            let mv = position.parse_uci(m).unwrap();
            position.play(mv).unwrap();
        }
        let analysis = engine
            .analyse_variant(&position, &[], &Limit::nodes(3_000))
            .unwrap();
        let best = analysis.bestmove.legal_variant(&position);
        assert!(
            matches!(best, Ok(Some(_))),
            "{variant:?}: {:?}",
            analysis.bestmove
        );
    }
    engine.quit();
}

#[test]
fn an_engine_that_never_says_uciok_times_out_and_is_killed() {
    let path = script("silent", "while read -r line; do :; done\n");
    let process = Process::spawn(&["sh", path.to_str().unwrap()]).unwrap();
    let pid = process.id();
    let started = Instant::now();
    let error = Uci::on(process, Duration::from_millis(300)).err().unwrap();
    assert!(matches!(error, EngineError::Timeout(_)), "{error}");
    assert!(started.elapsed() < Duration::from_secs(5));
    std::thread::sleep(Duration::from_millis(100));
    assert!(!alive(pid), "the silent engine still runs");
}

#[test]
fn an_engine_that_prints_garbage_and_exits_is_terminated() {
    let path = script(
        "garbage",
        "read -r line; printf 'id name Garbage\\n\\377\\376 option name Broken type spin default x\\nhalf a li'; echo 'out of cheese' >&2; exit 3\n",
    );
    let mut skipped = Vec::new();
    let process = Process::spawn(&["sh", path.to_str().unwrap()]).unwrap();
    let error = Uci::on(process, Duration::from_secs(5)).err().unwrap();
    match &error {
        EngineError::Terminated { status, stderr } => {
            assert_eq!(status.and_then(|s| s.code()), Some(3));
            assert_eq!(stderr, "out of cheese");
        }
        other => panic!("{other}"),
    }
    assert!(error.to_string().contains("out of cheese"));
    // The lines come through the reader as they are: lossy, the half line last.
    let mut process = Process::spawn(&["sh", path.to_str().unwrap()]).unwrap();
    process.send("uci").unwrap();
    while let Ok(line) = process.recv(Duration::from_secs(5)) {
        skipped.push(line);
    }
    assert_eq!(skipped.len(), 3, "{skipped:?}");
    assert!(skipped[1].starts_with('\u{fffd}'));
    assert_eq!(skipped[2], "half a li");
    assert!(matches!(
        process.send("isready"),
        Err(EngineError::Terminated { .. })
    ));
}

#[test]
fn stockfish_killed_mid_search_is_a_typed_error() {
    if !installed(STOCKFISH) {
        return;
    }
    let mut engine = Uci::start(&[STOCKFISH], Duration::from_secs(10)).unwrap();
    let pid = engine.process().id();
    let killer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        std::process::Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status()
            .unwrap();
    });
    let started = Instant::now();
    let limit = Limit {
        infinite: true,
        ..Limit::default()
    };
    let error = engine
        .analyse(&Board::default(), &[], &limit)
        .err()
        .unwrap();
    killer.join().unwrap();
    match error {
        EngineError::Terminated { status, .. } => {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.and_then(|s| s.signal()), Some(9));
        }
        other => panic!("{other}"),
    }
    assert!(started.elapsed() < Duration::from_secs(5));
}
