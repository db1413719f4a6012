//! The deep run's unit tests: the format, resume, refusals, sizes.

use super::*;
use crate::perft_stats;
use serde_json::Value;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitmove-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn lines_round_trip() {
    let stats = perft_stats(&Board::default(), 3);
    let count = UnitCount {
        multiplicity: 2,
        nodes: stats.nodes,
        stats: Some(stats),
    };
    let header = RunHeader {
        fen: Board::default().to_string(),
        chess960: false,
        depth: 5,
        split: 2,
        stats: true,
        units: 400,
    };
    let text = format!("{}\n{}", header.line(), count.line(7));
    let checkpoint = Checkpoint::parse(Path::new("x"), text.as_bytes())
        .unwrap()
        .unwrap();
    assert_eq!(checkpoint.run, header);
    assert_eq!(checkpoint.done.get(&7), Some(&count));
    assert!(!checkpoint.torn);
    // The same text through serde_json: the hand-written JSON is JSON.
    let value: Value = serde_json::from_str(count.line(7).trim_end()).unwrap();
    assert_eq!(value["stats"]["checks"], stats.checks);
}

#[test]
fn torn_and_hostile_lines() {
    let header = RunHeader {
        fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1".into(),
        chess960: false,
        depth: 3,
        split: 1,
        stats: false,
        units: 3,
    };
    let unit = UnitCount {
        multiplicity: 1,
        nodes: 5,
        stats: None,
    };
    let path = Path::new("c.jsonl");
    let torn = format!("{}\n{}{{\"unit\":1", header.line(), unit.line(0));
    let c = Checkpoint::parse(path, torn.as_bytes()).unwrap().unwrap();
    assert!(c.torn);
    assert_eq!(c.done.len(), 1);
    for bad in [
        "{\"unit\":9,\"multiplicity\":1,\"nodes\":5}\n",
        "{\"unit\":-1,\"multiplicity\":1,\"nodes\":5}\n",
        "[1,2]\n",
        "not json\n",
        "{\"unit\":0,\"multiplicity\":1}\n",
    ] {
        let text = format!("{}\n{bad}", header.line());
        assert!(matches!(
            Checkpoint::parse(path, text.as_bytes()),
            Err(DeepError::NotUnitLine { line: 2, .. })
        ));
    }
    let twice = format!(
        "{}\n{}{}",
        header.line(),
        unit.line(0),
        UnitCount { nodes: 6, ..unit }.line(0)
    );
    assert!(matches!(
        Checkpoint::parse(path, twice.as_bytes()),
        Err(DeepError::RecordedTwice { unit: 0, .. })
    ));
    assert!(matches!(
        Checkpoint::parse(path, b"{\"format\":\"other\"}\n"),
        Err(DeepError::NotHeader { .. })
    ));
    assert!(matches!(
        Checkpoint::parse(path, b"\xff\xfe\n"),
        Err(DeepError::NotUtf8 { .. })
    ));
    assert_eq!(Checkpoint::parse(path, b"").unwrap(), None);
    assert_eq!(Checkpoint::parse(path, b"{\"form").unwrap(), None);
}

#[test]
fn resume_refuse_and_finish() {
    let path = temp("resume.jsonl");
    std::fs::remove_file(&path).ok();
    let board = Board::default();
    let mut run = DeepPerft::open(&board, 4, Some(2), true, Some(&path)).unwrap();
    let pending = run.pending();
    assert_eq!(pending.len(), 400);
    for &index in &pending[..100] {
        let unit = &run.units()[index];
        let stats = perft_stats(&unit.board, run.remaining_depth());
        let count = UnitCount {
            multiplicity: unit.multiplicity,
            nodes: stats.nodes,
            stats: Some(stats),
        };
        assert!(run.record(index, count).unwrap());
        assert!(!run.record(index, count).unwrap(), "never twice");
        let wrong = UnitCount {
            stats: None,
            ..count
        };
        assert_eq!(
            run.record(index, wrong),
            Err(DeepError::BadResult { unit: index })
        );
    }
    assert_eq!(
        run.record(
            400,
            UnitCount {
                multiplicity: 1,
                nodes: 1,
                stats: None
            }
        ),
        Err(DeepError::BadResult { unit: 400 })
    );
    assert!(matches!(
        run.finish(),
        Err(DeepError::Incomplete { missing: 300 })
    ));
    // Another run's checkpoint is refused; this one's is resumed at its split.
    let other = DeepPerft::open(&board, 5, None, true, Some(&path)).unwrap_err();
    assert_eq!(
        other.to_string(),
        format!(
            "{} is a checkpoint of another run: depth 4 there, 5 here",
            path.display()
        )
    );
    let mut run = DeepPerft::open(&board, 4, None, true, Some(&path)).unwrap();
    assert_eq!(run.done_before(), 100);
    for index in run.pending() {
        let unit = &run.units()[index];
        let stats = perft_stats(&unit.board, 2);
        let count = UnitCount {
            multiplicity: unit.multiplicity,
            nodes: stats.nodes,
            stats: Some(stats),
        };
        run.record(index, count).unwrap();
    }
    let total = run.finish().unwrap();
    assert_eq!(total.stats, Some(perft_stats(&board, 4)));
    assert_eq!(total.nodes, 197_281);
    let checkpoint = Checkpoint::read(&path).unwrap().unwrap();
    assert!(checkpoint.is_complete());
    assert_eq!(checkpoint.nodes(), 197_281);
    assert_eq!(checkpoint.paths(), 400);
    let same = checkpoint.compare(&checkpoint).unwrap();
    assert_eq!((same.compared, same.differing.len()), (400, 0));
    std::fs::remove_file(&path).ok();
}

#[test]
fn plans_refused() {
    let board = Board::default();
    assert_eq!(
        DeepPerft::open(&board, 3, Some(4), false, None).unwrap_err(),
        DeepError::SplitTooDeep { split: 4, depth: 3 }
    );
    assert_eq!(
        DeepPerft::open(&board, 3, Some(3), true, None).unwrap_err(),
        DeepError::SplitAtLeaves { split: 3, depth: 3 }
    );
    assert!(DeepPerft::open(&board, 3, Some(3), false, None).is_ok());
}

#[test]
fn hash_sizes() {
    assert_eq!(hash_mb_for_depth(6), 0);
    assert_eq!(hash_mb_for_depth(7), 64);
    assert_eq!(hash_mb_for_depth(8), 256);
    assert_eq!(hash_mb_for_depth(30), 4096);
    assert_eq!(default_task_hash_mb(12), 1024);
    assert_eq!(default_hash_mb(5), 0);
    assert!(default_hash_mb(8) <= 256);
    assert_eq!(hash_mb_with_seed(None, 0, true), Ok(64));
    assert_eq!(hash_mb_with_seed(Some(0), 0, false), Ok(0));
    assert_eq!(
        hash_mb_with_seed(Some(0), 0, true),
        Err(DeepError::SeedWithoutTable)
    );
    assert_eq!(auto_split(&Board::default(), 8), 3);
    assert_eq!(auto_split(&Board::default(), 4), 0);
}

#[test]
fn stats_pairs() {
    let stats = perft_stats(&Board::default(), 3);
    assert_eq!(stats_from_fields(stats.fields()), Some(stats));
    let mut pairs = stats.fields().to_vec();
    pairs.pop();
    assert_eq!(stats_from_fields(pairs.iter().copied()), None);
    pairs.push(("nodes", 1));
    assert_eq!(stats_from_fields(pairs), None);
}
