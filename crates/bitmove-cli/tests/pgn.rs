//! `bitmove pgn`: the summary lines, errors on standard error with file, line, game and
//! reason, the JSON report, the positions file, exit statuses, several files, threads.

mod common;

use std::path::PathBuf;

use common::{assert_bad_input, bitmove, stderr, stdout};
use serde_json::Value;

/// A scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bitmove-pgn-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Scratch(dir)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write");
        path.to_string_lossy().into_owned()
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn data(name: &str) -> String {
    common::data(&format!("pgn/{name}"))
}

const GOOD: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] [%eval 0.17] } e5 \
                    { [%eval #-4] } 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
const BAD: &str = "[Event \"c\"]\n\n1. e4 e5\n2. Ke3 *\n\n[Variant \"Shogi\"]\n\n1. e4 *\n";

#[test]
fn summary_lines_and_exit_zero() {
    let out = bitmove(&["pgn", &data("masters-carlsen-30.pgn"), "--threads", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "Games: 30");
    assert!(lines[1].starts_with("Positions: ") && lines[1][11..].parse::<u64>().is_ok());
    assert_eq!(lines[2], "Errors: 0");
    assert!(
        lines[3].starts_with("Time: ") && lines[3].ends_with(" s"),
        "{text}"
    );
    assert!(stderr(&out).is_empty());
}

#[test]
fn errors_go_to_stderr_and_exit_one() {
    let scratch = Scratch::new("errors");
    let good = scratch.file("good.pgn", GOOD);
    let bad = scratch.file("bad.pgn", BAD);
    let out = bitmove(&["pgn", &good, &bad]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("Games: 4\nPositions: 8\nErrors: 2\nTime: "),
        "{text}"
    );
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    // Game indices count over all the files.
    assert!(
        lines[0].starts_with(&format!("{bad}:4: game 2: illegal move \"Ke3\"")),
        "{err}"
    );
    assert!(
        lines[1].starts_with(&format!("{bad}:6: game 3: unsupported variant \"Shogi\"")),
        "{err}"
    );
}

#[test]
fn json_report() {
    let scratch = Scratch::new("json");
    let bad = scratch.file("bad.pgn", BAD);
    let out = bitmove(&["pgn", &bad, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(report["games"], 2);
    assert_eq!(report["positions"], 0);
    let errors = report["errors"].as_array().expect("a list");
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0]["game"], 0);
    assert_eq!(errors[0]["line"], 4);
    assert_eq!(errors[0]["file"], bad.as_str());
    assert!(
        errors[0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("Ke3"))
    );
}

#[test]
fn positions_file() {
    let scratch = Scratch::new("positions");
    let good = scratch.file("good.pgn", GOOD);
    let bad = scratch.file("bad.pgn", BAD);
    let positions = scratch.path("positions.jsonl");
    let out = bitmove(&["pgn", &bad, &good, "--positions", &positions]);
    assert_eq!(out.status.code(), Some(1));
    let text = std::fs::read_to_string(&positions).expect("written");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 8);
    for record in &records {
        let keys: Vec<&str> = record
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            ["game", "ply", "fen", "move", "result", "clock", "eval"]
        );
    }
    let first = &records[0];
    assert_eq!(first["game"], 2);
    assert_eq!(first["ply"], 0);
    assert_eq!(
        first["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(first["move"], "e2e4");
    assert_eq!(first["result"], "1-0");
    assert_eq!(first["clock"], 180.0);
    assert_eq!(first["eval"], 0.17);
    assert_eq!(records[1]["eval"], "#-4");
    assert_eq!(records[1]["clock"], Value::Null);
    assert_eq!(records[6]["move"], "e1g1");
    assert_eq!(
        (
            &records[7]["game"],
            &records[7]["move"],
            &records[7]["result"]
        ),
        (&3.into(), &"d2d4".into(), &"*".into())
    );
}

#[test]
fn threads_write_the_same_positions() {
    let scratch = Scratch::new("threads");
    let file = data("lichess-2021-10-30.pgn");
    let mut outputs = Vec::new();
    for threads in ["1", "3"] {
        let positions = scratch.path(&format!("p{threads}.jsonl"));
        let out = bitmove(&[
            "pgn",
            &file,
            "--threads",
            threads,
            "--positions",
            &positions,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        outputs.push(std::fs::read(&positions).expect("written"));
    }
    assert!(!outputs[0].is_empty());
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn unreadable_input_is_bad_input() {
    let err = assert_bad_input(&bitmove(&["pgn", "/no/such/file.pgn"]));
    assert!(err.contains("cannot read /no/such/file.pgn"), "{err}");
    let scratch = Scratch::new("corrupt");
    // A zstd magic number and then nonsense.
    let path = scratch.path("corrupt.pgn.zst");
    std::fs::write(&path, b"\x28\xb5\x2f\xfd\x00\x00\x00\x00garbage").expect("write");
    let err = assert_bad_input(&bitmove(&["pgn", &path]));
    assert!(err.contains("cannot read"), "{err}");
    assert_bad_input(&bitmove(&["pgn"]));
}

#[test]
fn an_empty_file_has_no_games() {
    let scratch = Scratch::new("empty");
    let empty = scratch.file("empty.pgn", "");
    let out = bitmove(&["pgn", &empty]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("Games: 0\nPositions: 0\nErrors: 0\n"));
}

#[test]
fn export_writes_every_game_back() {
    let scratch = Scratch::new("export");
    let good = scratch.file("good.pgn", GOOD);
    let bad = scratch.file("bad.pgn", BAD);
    let out_path = scratch.path("out.pgn");
    let out = bitmove(&["pgn", &good, &bad, "--export", &out_path]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Games: 4\nPositions: 8\nErrors: 2\nWritten: 3\nTime: "),
        "{text}"
    );
    // The game with an illegal move is written up to it; the Shogi game is not written.
    let written = std::fs::read_to_string(&out_path).expect("the export");
    let roster = |event: &str, result: &str| {
        format!(
            "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n\n"
        )
    };
    assert_eq!(
        written,
        format!(
            "{}1. e4 {{ [%clk 0:03:00] [%eval 0.17] }} 1... e5 {{ [%eval #-4] }} 2. Nf3 Nc6 \
             3. Bc4\nNf6 4. O-O 1-0\n\n{}1. d4 *\n\n{}1. e4 e5 *\n\n",
            roster("a", "1-0"),
            roster("b", "*"),
            roster("c", "*")
        )
    );
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 2, "{err}");
}

#[test]
fn export_to_stdout_and_its_options() {
    let scratch = Scratch::new("export-options");
    let pgn = scratch.file(
        "g.pgn",
        "[White \"A\"]\n\n{Start} 1. e4 $1 e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 Nc6 3. Bb5 *\n",
    );
    let run = |flags: &[&str]| {
        let mut args = vec!["pgn", pgn.as_str(), "--export", "-"];
        args.extend_from_slice(flags);
        let out = bitmove(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        // The summary goes to standard error, the games to standard output.
        assert!(stderr(&out).starts_with("Games: 1\n"), "{}", stderr(&out));
        stdout(&out)
    };
    let full = run(&["--columns", "0"]);
    assert!(full.starts_with("[Event \"?\"]\n"), "{full}");
    assert!(
        full.ends_with(
            "\n\n{ Start } 1. e4 $1 e5 ( 1... c5 { Sicilian } 2. Nf3 ) 2. Nf3 Nc6 3. Bb5 *\n\n"
        ),
        "{full}"
    );
    assert_eq!(
        run(&["--no-headers", "--no-comments", "--no-variations"]),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n"
    );
    assert_eq!(
        run(&["--no-headers", "--columns", "20"]),
        "{ Start } 1. e4 $1\ne5 ( 1... c5\n{ Sicilian } 2. Nf3\n) 2. Nf3 Nc6 3. Bb5\n*\n\n"
    );
    // The export's options need --export; --export and --positions do not go together.
    assert_bad_input(&bitmove(&["pgn", &pgn, "--no-comments"]));
    let positions = scratch.path("p.jsonl");
    assert_bad_input(&bitmove(&[
        "pgn",
        &pgn,
        "--export",
        "-",
        "--positions",
        &positions,
    ]));
}

/// A variant game's variations are read past (its mainline is counted), and its null moves
/// are written `0000` in the positions file.
#[test]
fn variant_games_with_variations_and_null_moves() {
    let scratch = Scratch::new("variant-null");
    let game = scratch.file(
        "zh.pgn",
        "[Variant \"Crazyhouse\"]\n\n1. e4 d5 (1... Nf6 2. -- N@e3) 2. exd5 -- 3. P@e6 *\n",
    );
    let positions = scratch.path("positions.jsonl");
    let out = bitmove(&["pgn", &game, "--positions", &positions]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = std::fs::read_to_string(&positions).expect("written");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let moves: Vec<&str> = records
        .iter()
        .map(|r| r["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["e2e4", "d7d5", "e4d5", "0000", "P@e6"]);
    assert_eq!(
        records[4]["fen"],
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 1 3"
    );
}
