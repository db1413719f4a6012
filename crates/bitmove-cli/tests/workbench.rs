//! The perft workbench driven as a process: bisect (against a deliberately broken engine, a
//! garbage-speaking one, and Stockfish when installed), show, uci, suite with jobs, JSON
//! output, completions, help, and errors for people.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

mod common;

use common::{BITMOVE, assert_bad_input, bitmove, data, stderr, stdout};

const STOCKFISH: &str = "/usr/games/stockfish";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

/// The broken engine: bitmove's own UCI mode, leaving out one kind of move.
fn broken(kind: &str) -> String {
    format!("'{BITMOVE}' uci --drop {kind}")
}

/// A scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bitmove-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// The value after `label` on the line that starts with it.
fn field<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label:?} line in\n{text}"))
        .trim()
}

#[test]
fn bisect_walks_down_to_a_missing_en_passant() {
    let engine = broken("en-passant");
    let out = bitmove(&[
        "bisect", "--engine", &engine, "--fen", KIWIPETE, "--depth", "3",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(
        text.contains("depth  3  engine        97766  reference        97862"),
        "{text}"
    );
    assert_eq!(field(&text, "moves:"), "a1b1 c7c5");
    let fen = field(&text, "fen:");
    assert_eq!(
        fen,
        "r3k2r/p2pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/PPPBBPPP/1R2K2R w Kkq c6 0 2"
    );
    assert_eq!(field(&text, "only the engine has:"), "-");
    assert_eq!(field(&text, "only the reference has:"), "d5c6 (dxc6)");
    // The FEN printed is a real position where the reference has exactly one more move.
    let out = bitmove(&["perft", "--fen", fen, "--depth", "1"]);
    assert!(stdout(&out).starts_with("Nodes: 47\n"));
}

#[test]
fn bisect_reports_missing_underpromotions_at_the_root() {
    let engine = broken("underpromotion");
    let out = bitmove(&[
        "bisect", "--engine", &engine, "--fen", POSITION5, "--depth", "2",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert_eq!(field(&text, "moves:"), "(none: the start position)");
    assert_eq!(
        field(&text, "only the reference has:"),
        "d7c8b (dxc8=B) d7c8n (dxc8=N) d7c8r (dxc8=R)"
    );
}

#[test]
fn bisect_json_for_dropped_castling() {
    let engine = broken("castling");
    let out = bitmove(&[
        "bisect", "--engine", &engine, "--fen", KIWIPETE, "--depth", "2", "--json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["agree"], false);
    assert_eq!(v["depth"], 2);
    assert_eq!(v["moves"], serde_json::json!([]));
    assert_eq!(v["only_reference"], serde_json::json!(["e1c1", "e1g1"]));
    assert_eq!(v["only_engine"], serde_json::json!([]));
    assert_eq!(v["steps"][0]["reference"], 2039);
    assert!(v["engine"].as_str().unwrap().contains("--drop castling"));
}

#[test]
fn bisect_exits_0_when_the_engine_is_right() {
    let engine = format!("'{BITMOVE}' uci");
    let out = bitmove(&["bisect", "--engine", &engine, "--depth", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("The engine and the reference agree: 8902 nodes at depth 3."),
        "{}",
        stdout(&out)
    );
    // Chess960: castling is king-takes-rook on both sides of the protocol.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let out = bitmove(&[
        "bisect",
        "--engine",
        &engine,
        "--chess960",
        "--fen",
        fen,
        "--depth",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn bisect_against_stockfish_when_installed() {
    if !Path::new(STOCKFISH).exists() {
        eprintln!("skipped: {STOCKFISH} is not installed (apt-get install stockfish)");
        return;
    }
    let out = bitmove(&[
        "bisect", "--engine", STOCKFISH, "--fen", KIWIPETE, "--depth", "3",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).contains("agree: 97862 nodes"));

    // Stockfish as the reference finds the same bug as bitmove does.
    let engine = broken("en-passant");
    let out = bitmove(&[
        "bisect",
        "--engine",
        &engine,
        "--reference",
        STOCKFISH,
        "--fen",
        KIWIPETE,
        "--depth",
        "3",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(text.contains(&format!("reference: {STOCKFISH}")), "{text}");
    assert_eq!(field(&text, "moves:"), "a1b1 c7c5");
    assert_eq!(field(&text, "only the reference has:"), "d5c6 (dxc6)");

    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let out = bitmove(&[
        "bisect",
        "--engine",
        STOCKFISH,
        "--chess960",
        "--fen",
        fen,
        "--depth",
        "3",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}

#[test]
fn bisect_engine_failures_are_one_line_errors() {
    let err = assert_bad_input(&bitmove(&[
        "bisect",
        "--engine",
        "/nonexistent/engine",
        "--depth",
        "2",
    ]));
    assert!(
        err.contains("cannot start engine \"/nonexistent/engine\""),
        "{err}"
    );

    let err = assert_bad_input(&bitmove(&["bisect", "--engine", "true", "--depth", "2"]));
    assert!(err.contains("exited"), "{err}");

    let err = assert_bad_input(&bitmove(&[
        "bisect",
        "--engine",
        "cat",
        "--depth",
        "2",
        "--timeout",
        "0.3",
    ]));
    assert!(err.contains("said nothing for 0.3 s"), "{err}");
    assert!(err.contains("it said \"uci\""), "{err}");

    let scratch = Scratch::new("garbage-engine");
    let script = scratch.file(
        "engine.sh",
        "while read -r line; do case \"$line\" in\n\
         uci) echo uciok;; isready) echo readyok;;\n\
         go*) echo 'e2e4: lots'; echo 'Nodes searched: 3';; quit) exit 0;;\n\
         esac; done\n",
    );
    let engine = format!("sh '{script}'");
    let err = assert_bad_input(&bitmove(&["bisect", "--engine", &engine, "--depth", "2"]));
    assert!(err.contains("answered \"e2e4: lots\""), "{err}");

    let script = scratch.file(
        "dies.sh",
        "read -r line; echo 'engine: out of cheese' >&2; exit 3\n",
    );
    let engine = format!("sh '{script}'");
    let err = assert_bad_input(&bitmove(&["bisect", "--engine", &engine, "--depth", "2"]));
    assert!(err.contains("exit status: 3"), "{err}");
    assert!(err.contains("out of cheese"), "{err}");

    assert_bad_input(&bitmove(&[
        "bisect",
        "--engine",
        "'unclosed",
        "--depth",
        "2",
    ]));
    assert_bad_input(&bitmove(&["bisect", "--engine", "", "--depth", "2"]));
    assert_bad_input(&bitmove(&["bisect", "--engine", "cat", "--depth", "0"]));
    assert_bad_input(&bitmove(&[
        "bisect",
        "--engine",
        "cat",
        "--depth",
        "2",
        "--timeout",
        "-1",
    ]));
    assert_bad_input(&bitmove(&[
        "bisect", "--engine", "cat", "--depth", "2", "--fen", "x",
    ]));
}

#[test]
fn uci_mode_answers_go_perft() {
    let mut child = Command::new(BITMOVE)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"uci\nisready\nposition startpos moves e2e4\ngo perft 2\nposition fen junk\ngo perft 1\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(text.contains("uciok\nreadyok\n"), "{text}");
    assert!(text.contains("e7e5: 29\n"), "{text}");
    assert!(text.contains("\nNodes searched: 600\n"), "{text}");
    assert!(text.contains("info string error: invalid FEN"), "{text}");
}

#[test]
fn show_draws_the_board_and_lists_san() {
    let out = bitmove(&["show", KIWIPETE]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(!text.contains('\x1b'), "no colour when piped: {text:?}");
    assert!(text.starts_with("8  ♜  ·  ·  ·  ♚  ·  ·  ♜ \n"), "{text}");
    assert!(text.contains("\n1  ♖  ·  ·  ·  ♔  ·  ·  ♖ \n"), "{text}");
    assert_eq!(field(&text, "side to move:"), "white");
    assert_eq!(
        field(&text, "castling:"),
        "KQkq (white O-O and O-O-O, black O-O and O-O-O)"
    );
    assert_eq!(field(&text, "status:"), "48 legal moves");
    assert!(
        field(&text, "moves:").starts_with("O-O O-O-O Kd1 Kf1 Qd3"),
        "{text}"
    );
    assert!(text.contains(" Nxf7 "), "{text}");

    // Check, pin and en passant, in ASCII.
    let fen = "4k3/b7/1N6/2KPp3/8/8/8/2r5 w - e6 0 2";
    let out = bitmove(&["show", "--ascii", fen]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("\n6  . [N] .  ."), "{text}");
    assert!(text.contains("\n1  .  . (r) .  ."), "{text}");
    assert_eq!(field(&text, "en passant:"), "e6");
    assert_eq!(field(&text, "checkers:"), "c1 (rook)");
    assert_eq!(field(&text, "pinned:"), "b6 (knight)");
    assert_eq!(field(&text, "moves:"), "Kb4 Kb5 Kd6");

    let out = bitmove(&["show", "--ascii", "--moves", "f2f3", "e7e5", "g2g4", "d8h4"]);
    let text = stdout(&out);
    assert_eq!(field(&text, "status:"), "checkmate: black wins");
    assert_eq!(field(&text, "moves:"), "-");
    assert_eq!(field(&text, "checkers:"), "h4 (queen)");
}

#[test]
fn show_marks_pinned_pieces() {
    let out = bitmove(&["show", "--ascii", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"]);
    let text = stdout(&out);
    assert!(text.contains("2  .  .  . [N] ."), "{text}");
    assert_eq!(field(&text, "pinned:"), "d2 (knight)");
    assert_eq!(field(&text, "moves:"), "Kd1 Ke2 Kf1 Kf2");
}

#[test]
fn bad_fen_names_the_field_and_marks_the_text() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1";
    for args in [
        vec!["perft", "--fen", fen],
        vec!["show", fen],
        vec!["perftree", "1", fen],
        vec!["bisect", "--engine", "cat", "--fen", fen, "--depth", "1"],
    ] {
        let err = assert_bad_input(&bitmove(&args));
        assert_eq!(
            err.trim_end(),
            "error: invalid FEN, castling field: expected '-' or castling letters (KQkq, or rook files such as HAha) in \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w «KQxq» - 0 1\""
        );
    }
    let err = assert_bad_input(&bitmove(&[
        "show",
        "rnbqkbnr/ppp?pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ]));
    assert!(
        err.contains("piece placement field") && err.contains("ppp«?»pppp"),
        "{err}"
    );
    let err = assert_bad_input(&bitmove(&[
        "perft",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
    ]));
    assert!(
        err.contains("en passant field") && err.contains("«e4»"),
        "{err}"
    );
    let long = format!("{} w - - 0 1", "8/".repeat(30_000));
    let err = assert_bad_input(&bitmove(&["show", &long]));
    assert!(err.len() < 400, "{err}");
}

#[test]
fn argument_errors_are_one_line() {
    assert_bad_input(&bitmove(&["perft", "--depth", "x"]));
    assert_bad_input(&bitmove(&["perft", "--bogus"]));
    assert_bad_input(&bitmove(&["frobnicate"]));
    assert_bad_input(&bitmove(&["completions", "tcsh"]));
    assert_bad_input(&bitmove(&["bisect", "--depth", "3"]));
}

#[test]
fn suite_jobs_keep_file_order_and_summarise() {
    let scratch = Scratch::new("suite-jobs");
    let file = scratch.file(
        "wrong.epd",
        "# two wrong counts, far apart\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401 ;D3 8902\n\
         r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039\n\
         8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2813\n",
    );
    let one = bitmove(&["suite", &file, "--jobs", "1"]);
    let three = bitmove(&["suite", &file, "--jobs", "3"]);
    for out in [&one, &three] {
        assert_eq!(out.status.code(), Some(1));
        let text = stdout(out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(
            lines[0].starts_with("FAIL line 2: ")
                && lines[0].ends_with("depth 2: expected 401, got 400")
        );
        assert!(
            lines[1].starts_with("FAIL line 4: ")
                && lines[1].ends_with("depth 3: expected 2813, got 2812")
        );
        assert!(
            lines[2].starts_with("3 positions, 8 checks, 14426 nodes in "),
            "{}",
            lines[2]
        );
        assert!(lines[3].starts_with("slowest: line "), "{}", lines[3]);
        assert_eq!(lines[4], "6 passed, 2 failed");
    }
    assert!(stdout(&three).contains(" Mnps, 3 jobs)"));
    assert!(stderr(&three).is_empty(), "no progress bar when piped");

    let out = bitmove(&[
        "suite",
        &data("suite.epd"),
        "--max-nodes",
        "20000",
        "--jobs",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let last = stdout(&out).lines().last().unwrap().to_string();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");
    assert!(stdout(&out).contains(" above --max-nodes skipped, "));
}

#[test]
fn suite_json() {
    let out = bitmove(&[
        "suite",
        &data("suite.epd"),
        "--max-nodes",
        "5000",
        "--json",
        "-j",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    let checks = v["checks"].as_array().unwrap();
    assert_eq!(v["passed"].as_u64().unwrap(), checks.len() as u64);
    assert_eq!(v["failed"], 0);
    assert!(
        checks
            .iter()
            .all(|c| c["passed"] == true && c["got"] == c["expected"])
    );
    let lines: Vec<u64> = checks.iter().map(|c| c["line"].as_u64().unwrap()).collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "file order");
    let nodes: u64 = checks.iter().map(|c| c["got"].as_u64().unwrap()).sum();
    assert_eq!(v["nodes"].as_u64(), Some(nodes));

    let scratch = Scratch::new("suite-json");
    let file = scratch.file("bad.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 6\n");
    let out = bitmove(&["suite", &file, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["checks"][0]["got"], 5);
    let file = scratch.file(
        "malformed.epd",
        "\n\n4k3/8/8/8/8/8/8/4K3 w KQ - 0 1 ;D1 5\n",
    );
    let err = assert_bad_input(&bitmove(&["suite", &file, "--json"]));
    assert!(
        err.contains(":3: invalid FEN, castling field") && err.contains("«KQ»"),
        "{err}"
    );
}

#[test]
fn perft_and_divide_json() {
    let out = bitmove(&["perft", "--depth", "3", "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(v["seconds"].is_number() && v["mnps"].is_number());
    assert!(v.get("divide").is_none());

    let out = bitmove(&[
        "perft", "--fen", KIWIPETE, "--depth", "2", "--divide", "--json",
    ]);
    let v = json(&out);
    let divide = v["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 48);
    assert!(
        divide
            .iter()
            .any(|d| d["move"] == "e1g1" && d["nodes"] == 43)
    );
    assert_eq!(v["nodes"], 2039);
}

#[test]
fn bench_quick_json() {
    let out = bitmove(&["bench", "--quick", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 6);
    assert_eq!(positions[0]["name"], "startpos");
    assert_eq!(positions[0]["nodes"], 197_281);
    let sum: u64 = positions.iter().map(|p| p["nodes"].as_u64().unwrap()).sum();
    assert_eq!(v["total"]["nodes"].as_u64(), Some(sum));
    assert!(v["sliders"].is_string());

    let out = bitmove(&["bench", "--quick"]);
    assert!(out.status.success());
    assert!(stdout(&out).lines().last().unwrap().starts_with("total "));
}

#[test]
fn bench_stats_times_both_and_gives_the_ratio() {
    let out = bitmove(&["bench", "--quick", "--stats", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 6);
    assert_eq!(positions[3]["name"], "pos4");
    assert_eq!(positions[3]["nodes"], 422_333);
    for p in positions {
        assert!(
            p["plain_seconds"].is_number() && p["stats_seconds"].is_number(),
            "{p}"
        );
        assert!(p["ratio"].as_f64().is_some_and(|r| r > 0.0), "{p}");
    }
    assert!(v["ratio"].as_f64().is_some_and(|r| r > 0.0), "{v}");

    let out = bitmove(&["bench", "--quick", "--stats"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.lines().next().unwrap().contains("ratio"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("total ") && last.ends_with('x'), "{text}");
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "_bitmove()"),
        ("zsh", "#compdef bitmove"),
        ("fish", "complete -c bitmove"),
    ] {
        let out = bitmove(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let text = stdout(&out);
        assert!(text.contains(marker), "{shell}: {text}");
        assert!(text.contains("bisect"), "{shell}");
    }
}

#[test]
fn every_subcommand_has_examples_in_help() {
    let out = bitmove(&["--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Examples:"));
    for sub in [
        "perft",
        "perftree",
        "suite",
        "bisect",
        "show",
        "uci",
        "completions",
        "bench",
        "magics",
        "unique",
        "book",
    ] {
        let out = bitmove(&[sub, "--help"]);
        assert!(out.status.success(), "{sub}");
        let text = stdout(&out);
        assert!(text.contains("Example"), "{sub}: {text}");
        assert!(text.contains(&format!("bitmove {sub}")), "{sub}: {text}");
    }
    // The testing-only flag stays out of sight.
    assert!(!stdout(&bitmove(&["uci", "--help"])).contains("--drop"));
}
