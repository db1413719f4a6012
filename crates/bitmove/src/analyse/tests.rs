//! The pure parts: keys, planning, the cache, the writer (the engine parts are tested with
//! real engines in `tests/analyse.rs` and the CLI's tests).

use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

use super::*;
use crate::pgn::{Reader, WriteOptions};
use crate::variant::Variant;

fn tree(pgn: &str) -> crate::pgn::GameTree {
    Reader::new(pgn.as_bytes())
        .with_variants(true)
        .read_tree()
        .unwrap()
        .unwrap()
}

fn done(key: PositionKey, fen: &str, eval: Eval) -> Analysed {
    Analysed::Done(Evaluation {
        key,
        fen: fen.into(),
        eval: Some(eval),
        wdl: Some((10, 980, 10)),
        best_move: Some("e2e4".into()),
        pv: vec!["e2e4".into(), "e7e5".into()],
        depth: Some(9),
        seldepth: Some(12),
        nodes: Some(1000),
        lines: vec![Line {
            eval: Some(eval),
            wdl: Some((10, 980, 10)),
            pv: vec!["e2e4".into(), "e7e5".into()],
            depth: Some(9),
        }],
    })
}

#[test]
fn keys_ignore_move_order_and_counters_and_an_en_passant_square_that_cannot_be_taken() {
    let a = game_positions(&tree("1. Nf3 Nf6 2. Nc3 Nc6 *"), 0);
    let b = game_positions(&tree("1. Nc3 Nc6 2. Nf3 Nf6 *"), 0);
    assert_eq!(a[4].key, b[4].key);
    assert_eq!(a[4].fen, b[4].fen);
    assert_ne!(a[3].key, b[3].key);
    // After 1. e4 the en-passant square is not written (no pawn can take): the same key as
    // the position reached by e3-e4 in two moves would have, counters aside.
    let e4 = game_positions(&tree("1. e4 *"), 0);
    assert!(e4[1].fen.contains(" b KQkq - 0 1"));
    assert_eq!(
        e4[1].key,
        position_key(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 30",
            Variant::Chess
        )
    );
    assert_eq!(
        PositionKey::from_hex(&e4[1].key.to_string()),
        Some(e4[1].key)
    );
    assert_eq!(e4[1].key.to_string().len(), 32);
    // FNV-1a 128 of the empty text is its offset basis.
    assert_eq!(
        PositionKey::of_text("").to_string(),
        "6c62272e07bb014262b821756295c58d"
    );
}

#[test]
fn a_plan_lists_each_distinct_position_once_in_the_order_met() {
    let mut planner = Planner::new(0);
    let path = std::path::Path::new("x.pgn");
    assert!(planner.add_game(path, 0, &tree("1. e4 e5 2. Nf3 *")));
    assert!(planner.add_game(path, 1, &tree("1. e4 e5 2. Bc4 *")));
    assert!(!planner.add_game(path, 2, &tree("1. e4 e5 2. Ke3 *")));
    let plan = planner.finish();
    assert_eq!(plan.games, 3);
    assert_eq!(plan.positions, 8);
    // start, e4, e5 shared; Nf3 and Bc4 each once.
    assert_eq!(plan.jobs.len(), 5);
    assert_eq!(
        plan.jobs[0].fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(plan.bad_games.len(), 1);
    assert_eq!(plan.bad_games[0].game, 2);
    assert!(
        plan.bad_games[0].reason.contains("Ke3"),
        "{:?}",
        plan.bad_games
    );
    // From ply 2: the position after 1... e5 is the first.
    let mut planner = Planner::new(2);
    planner.add_game(path, 0, &tree("1. e4 e5 2. Nf3 *"));
    let plan = planner.finish();
    assert_eq!(plan.jobs.len(), 2);
    assert!(plan.jobs[0].fen.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/"));
    assert!(plan.variants().is_empty());
}

#[test]
fn game_ends_are_not_jobs_and_variants_and_chess960_are_marked() {
    let mate = game_positions(&tree("1. f3 e5 2. g4 Qh4# 0-1"), 0);
    assert_eq!(mate[4].terminal, Some(Terminal::Lost));
    assert!(mate[4].job.is_none() && mate[4].mv.is_none());
    assert!(mate[4].white_to_move);
    let atomic = game_positions(&tree("[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *"), 0);
    let job = atomic[0].job.as_ref().unwrap();
    assert_eq!(job.variant, Variant::Atomic);
    assert_ne!(
        atomic[0].key,
        game_positions(&tree("1. e4 *"), 0)[0].key,
        "the variant is part of the key"
    );
    let frc = game_positions(
        &tree(
            "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *",
        ),
        0,
    );
    assert!(frc[0].job.as_ref().unwrap().chess960);
    assert_eq!(frc[0].mv.as_deref(), Some("g2g3"));
}

#[test]
fn the_cache_keeps_evaluations_and_failures_per_setting() {
    let mut cache = Cache::open_in_memory().unwrap();
    let spec = EngineSpec::new(vec!["sf".into()], SearchLimit::Nodes(1000));
    let setting = Setting::new("Stockfish 17", &spec);
    let other = Setting::new("Stockfish 16", &spec);
    let key = PositionKey(42);
    let fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
    let mut answer = done(key, fen, Eval::Mate(-3));
    if let Analysed::Done(e) = &mut answer {
        e.lines.push(Line {
            eval: Some(Eval::Centipawns(-12)),
            wdl: None,
            pv: vec!["a1a2".into()],
            depth: None,
        });
    }
    let failure = Analysed::Failed(Failure {
        key: PositionKey(7),
        fen: fen.into(),
        reason: "died".into(),
    });
    cache.store(&setting, &[answer.clone(), failure]).unwrap();
    let Analysed::Done(stored) = &answer else {
        unreachable!()
    };
    assert_eq!(cache.get(&setting, key).unwrap().as_ref(), Some(stored));
    assert_eq!(cache.get(&other, key).unwrap(), None);
    assert_eq!(cache.keys(&setting).unwrap().len(), 1);
    assert_eq!(
        cache
            .failure(&setting, PositionKey(7))
            .unwrap()
            .unwrap()
            .reason,
        "died"
    );
    // A later success clears the failure.
    cache
        .store(&setting, &[done(PositionKey(7), fen, Eval::Centipawns(3))])
        .unwrap();
    assert_eq!(cache.failure(&setting, PositionKey(7)).unwrap(), None);
    assert_eq!(cache.keys(&setting).unwrap().len(), 2);
    let rows: i64 = cache
        .connection()
        .query_row(
            "SELECT count(*) FROM evaluations WHERE mate = -3 AND cp IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(rows, 1);
}

#[test]
fn a_cache_file_is_in_wal_mode_and_reopens() {
    let dir = std::env::temp_dir().join(format!("bitmove-analyse-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.sqlite");
    let spec = EngineSpec::new(vec!["sf".into()], SearchLimit::Depth(5));
    let setting = Setting::new("e", &spec);
    {
        let mut cache = Cache::open(&path).unwrap();
        cache
            .store(&setting, &[done(PositionKey(1), "f", Eval::Centipawns(1))])
            .unwrap();
        let mode: String = cache
            .connection()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }
    let cache = Cache::open(&path).unwrap();
    assert!(cache.get(&setting, PositionKey(1)).unwrap().is_some());
    drop(cache);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn eval_comments_are_written_as_lichess_writes_them() {
    assert_eq!(write::with_eval("", "0.17"), "[%eval 0.17]");
    assert_eq!(
        write::with_eval("[%clk 0:03:00]", "0.17"),
        "[%eval 0.17] [%clk 0:03:00]"
    );
    assert_eq!(
        write::with_eval("[%eval -1.2] [%clk 0:03:00]", "#2"),
        "[%eval #2] [%clk 0:03:00]"
    );
    assert_eq!(
        write::with_eval("good [%eval -1.2,20] move", "0.0"),
        "[%eval 0.0] good move"
    );
    for cp in [
        -2000, -101, -100, -99, -10, -1, 0, 1, 7, 10, 17, 29, 99, 100, 123, 4567,
    ] {
        let text = eval_text(Eval::Centipawns(cp));
        assert_eq!(
            crate::pgn::eval(format!("[%eval {text}]").as_bytes()),
            Some(Eval::Centipawns(cp)),
            "{text}"
        );
    }
}

#[test]
fn annotated_games_carry_evals_failures_and_judgements() {
    let mut game = tree("[Event \"t\"]\n\n1. e4 { [%clk 0:01:00] } e5 2. Qh5 Ke7 3. Qxe5# 1-0");
    let positions = game_positions(&game, 0);
    let evals = [
        Eval::Centipawns(20),
        Eval::Centipawns(17),
        Eval::Centipawns(25),
        Eval::Centipawns(-30),
        Eval::Mate(1),
    ];
    let mut answers: Vec<Option<Analysed>> = positions
        .iter()
        .zip(evals)
        .map(|(p, e)| p.job.as_ref().map(|j| done(j.key, &j.fen, e)))
        .collect();
    answers[3] = Some(Analysed::Failed(Failure {
        key: positions[3].key,
        fen: positions[3].fen.clone(),
        reason: "boom".into(),
    }));
    answers.push(None);
    let options = OutputOptions {
        from_ply: 0,
        judgements: true,
        pgn: WriteOptions {
            headers: false,
            columns: None,
            ..WriteOptions::default()
        },
    };
    annotate(&mut game, &positions, &answers, &options);
    let text = game.to_pgn(&options.pgn);
    // 2. Qh5 leads to a failed position: no judgement for it or for 2... Ke7; 3. Qxe5#
    // keeps White's won game. The mate ends the game: no eval after it.
    assert_eq!(
        text,
        "1. e4 { [%eval 0.17] [%clk 0:01:00] } 1... e5 { [%eval 0.25] } 2. Qh5 { [bitmove: analysis failed] } 2... Ke7 { [%eval #1] } 3. Qxe5# 1-0"
    );
    // Make 2. Qh5 a blunder (0.17 -> -3.0): ?? on it.
    let mut game = tree("1. e4 e5 2. Qh5 Ke7 *");
    let positions = game_positions(&game, 0);
    let evals = [
        Eval::Centipawns(20),
        Eval::Centipawns(17),
        Eval::Centipawns(25),
        Eval::Centipawns(-300),
        Eval::Centipawns(-250),
    ];
    let answers: Vec<Option<Analysed>> = positions
        .iter()
        .zip(evals)
        .map(|(p, e)| p.job.as_ref().map(|j| done(j.key, &j.fen, e)))
        .collect();
    annotate(&mut game, &positions, &answers, &options);
    assert_eq!(
        game.to_pgn(&options.pgn),
        "1. e4 { [%eval 0.17] } 1... e5 { [%eval 0.25] } 2. Qh5 $4 { [%eval -3.0] } 2... Ke7 { [%eval -2.5] } *"
    );
    let mut lines = String::new();
    json_lines(5, &positions, &answers, &options, &mut lines);
    let rows: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[2]["game"], 5);
    assert_eq!(rows[2]["ply"], 2);
    assert_eq!(rows[2]["move"], "d1h5");
    assert_eq!(rows[2]["score"]["cp"], 25);
    assert_eq!(rows[2]["judgement"], "??");
    assert_eq!(rows[2]["wdl"], serde_json::json!([10, 980, 10]));
    assert_eq!(rows[2]["pv"], serde_json::json!(["e2e4", "e7e5"]));
    assert_eq!(rows[0]["fen"], positions[0].fen.as_str());
    assert_eq!(rows[3]["judgement"], serde_json::Value::Null);
}

#[test]
fn winning_chances_follow_lichess_and_judgements_its_thresholds() {
    assert!((winning_chances(Eval::Centipawns(-100)) + 0.1820).abs() < 1e-4);
    assert_eq!(winning_chances(Eval::Mate(2)), 1.0);
    assert_eq!(judge(0.5, 0.41, true), None);
    assert_eq!(judge(0.5, 0.4, true), Some(Judgement::Inaccuracy));
    assert_eq!(judge(0.5, 0.3, true), Some(Judgement::Mistake));
    assert_eq!(judge(0.5, 0.2, true), Some(Judgement::Blunder));
    assert_eq!(judge(-0.5, -0.2, false), Some(Judgement::Blunder));
    assert_eq!(Judgement::Mistake.nag(), 2);
    let _ = ToString::to_string(&SearchLimit::Movetime(5));
    assert_eq!(SearchLimit::Nodes(10).to_string(), "nodes 10");
}
