//! `bitmove perft --stats` and `bitmove unique` as processes: the output contracts
//! (`Nodes:`, aligned statistics lines, `Positions:`, JSON keys), bad input, the spill
//! directory under a small `--memory`, and Ctrl-C.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;

use common::{BITMOVE, assert_bad_input, bitmove, stdout};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const FIELDS: [&str; 18] = [
    "nodes",
    "captures",
    "en_passant",
    "castles",
    "promotions",
    "checks",
    "direct_checks",
    "single_discovered_checks",
    "direct_discovered_checks",
    "double_discovered_checks",
    "discovered_checks",
    "double_checks",
    "checkmates",
    "direct_checkmates",
    "single_discovered_checkmates",
    "direct_discovered_checkmates",
    "double_discovered_checkmates",
    "stalemates",
];

fn json(args: &[&str]) -> Value {
    let out = bitmove(args);
    assert!(out.status.success(), "{args:?}: {}", common::stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)))
}

#[test]
fn perft_stats_text_is_the_node_lines_then_one_aligned_line_per_field() {
    let out = bitmove(&["perft", "--depth", "4", "--stats", "--threads", "1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Nodes: 197281");
    assert!(lines[1].starts_with("Time: "), "{text}");
    assert_eq!(lines.len(), 2 + FIELDS.len(), "{text}");
    let width = lines[2].len();
    for (line, name) in lines[2..].iter().zip(FIELDS) {
        assert!(line.starts_with(&format!("{name}:")), "{line}");
        assert_eq!(line.len(), width, "not aligned: {text}");
    }
    let value = |name: &str| -> u64 {
        lines[2..]
            .iter()
            .find_map(|l| l.strip_prefix(&format!("{name}:")))
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    assert_eq!(
        (value("captures"), value("checks"), value("checkmates")),
        (1576, 469, 8)
    );
}

#[test]
fn perft_stats_json_with_divide_threads_hash_and_moves() {
    let plain = json(&[
        "perft", "--fen", KIWIPETE, "--depth", "3", "--stats", "--json",
    ]);
    assert_eq!(plain["nodes"], 97_862);
    let keys: Vec<&str> = plain["stats"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, FIELDS);
    assert_eq!(plain["stats"]["castles"], 3_162);
    assert_eq!(plain["stats"]["en_passant"], 45);
    let split = json(&[
        "perft",
        "--fen",
        KIWIPETE,
        "--depth",
        "3",
        "--stats",
        "--json",
        "--divide",
        "--threads",
        "2",
        "--hash",
        "4",
    ]);
    assert_eq!(split["stats"], plain["stats"]);
    let items = split["divide"].as_array().unwrap();
    assert_eq!(items.len(), 48);
    let castles: u64 = items
        .iter()
        .map(|i| i["stats"]["castles"].as_u64().unwrap())
        .sum();
    assert_eq!(castles, 3_162);
    for item in items {
        assert_eq!(item["nodes"], item["stats"]["nodes"]);
    }
    // --moves and --chess960 reach the same code: 1. e4 e5 then depth 2.
    let moved = json(&[
        "perft",
        "--moves",
        "e2e4",
        "e7e5",
        "--depth",
        "2",
        "--stats",
        "--json",
        "--chess960",
    ]);
    assert_eq!(
        moved["nodes"],
        bitmove_perft(&["--moves", "e2e4", "e7e5", "--depth", "2"])
    );
}

fn bitmove_perft(args: &[&str]) -> u64 {
    let mut all = vec!["perft", "--json"];
    all.extend_from_slice(args);
    json(&all)["nodes"].as_u64().unwrap()
}

#[test]
fn stats_and_unique_refuse_what_perft_refuses() {
    for args in [
        &["perft", "--stats", "--fen", "8/8/8/8/8/8/8/Kk6 w - - 0 1"][..],
        &["perft", "--stats", "--moves", "e2e5"],
        &["perft", "--stats", "--depth", "300"],
        &["unique", "--fen", "not a fen"],
        &["unique", "--moves", "e1e2"],
        &["unique", "--depth", "-1"],
        &["unique", "--memory", "0"],
        &["unique", "--memory", "1", "--depth", "6"],
    ] {
        let err = assert_bad_input(&bitmove(args));
        if args.contains(&"--memory") && args.contains(&"1") {
            assert!(err.contains("too small"), "{err}");
        }
    }
}

#[test]
fn unique_prints_positions_and_json() {
    let out = bitmove(&["unique", "--depth", "4"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Positions: 72078");
    assert!(
        lines[1].starts_with("Time: ") && lines[1].ends_with(" s"),
        "{text}"
    );
    assert_eq!(lines.len(), 2);
    let value = json(&["unique", "--depth", "3", "--fen", KIWIPETE, "--json"]);
    assert_eq!(value["positions"], value["per_ply"][3]);
    assert_eq!(value["per_ply"][1], 48);
    assert_eq!(value["passes"], 1);
    assert_eq!(value["spilled_bytes"], 0);
}

/// A scratch directory used as `TMPDIR`, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bitmove-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn entries(&self) -> Vec<String> {
        std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

#[test]
fn unique_spills_under_a_small_budget_and_cleans_up() {
    let scratch = Scratch::new("unique-spill");
    let out = Command::new(BITMOVE)
        .args(["unique", "--depth", "5", "--memory", "6", "--json"])
        .env("TMPDIR", &scratch.0)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", common::stderr(&out));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["positions"], 822_518);
    assert!(value["spilled_bytes"].as_u64().unwrap() > 0, "{value}");
    assert!(scratch.entries().is_empty(), "{:?}", scratch.entries());

    // A temporary directory that cannot be written: one line, status 2.
    let missing = scratch.0.join("missing");
    let out = Command::new(BITMOVE)
        .args(["unique", "--depth", "5", "--memory", "6"])
        .env("TMPDIR", &missing)
        .output()
        .unwrap();
    let err = assert_bad_input(&out);
    assert!(err.contains("missing"), "{err}");
    assert!(scratch.entries().is_empty(), "{:?}", scratch.entries());
}

#[test]
fn unique_ctrl_c_exits_130_and_removes_the_spill_directory() {
    let scratch = Scratch::new("unique-sigint");
    // Depth 7 with a small budget runs for minutes, spilling from ply 5 on.
    let mut child = Command::new(BITMOVE)
        .args(["unique", "--depth", "7", "--memory", "40"])
        .env("TMPDIR", &scratch.0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the spill directory exists, then interrupt.
    let start = Instant::now();
    while scratch.entries().is_empty() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!scratch.entries().is_empty(), "never spilled");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            child.wait().ok();
            panic!("no exit within 20 s of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(130), "{}", common::stderr(&out));
    assert!(common::stderr(&out).contains("interrupted"));
    assert!(scratch.entries().is_empty(), "{:?}", scratch.entries());
}

/// A full disk under the spill directory: one line, status 2, nothing left. Needs a small
/// tmpfs, which only root can mount; elsewhere the test says so and passes.
#[test]
fn unique_on_a_full_disk_is_one_line_and_leaves_nothing() {
    let scratch = Scratch::new("unique-full");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=512k", "tmpfs"])
        .arg(&scratch.0)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here (not root?)");
        return;
    }
    let out = Command::new(BITMOVE)
        .args(["unique", "--depth", "5", "--memory", "6"])
        .env("TMPDIR", &scratch.0)
        .output()
        .unwrap();
    let left = scratch.entries();
    Command::new("umount").arg(&scratch.0).status().ok();
    let err = assert_bad_input(&out);
    assert!(err.contains("No space left"), "{err}");
    assert!(left.is_empty(), "{left:?}");
}
