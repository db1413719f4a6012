//! Deep perft in work units: `perft --checkpoint/--split` and `checkpoint show|compare`, run
//! as real processes (killed with SIGKILL, interrupted with SIGINT and SIGTERM).

mod common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{BITMOVE, assert_bad_input, bitmove, stderr, stdout};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

/// A fresh directory for one test, removed when dropped (also on failure).
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("bitmove-ckpt-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// A child process killed when dropped, so that a failing test leaves none behind.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

fn spawn(args: &[&str]) -> Running {
    Running(
        Command::new(BITMOVE)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    )
}

/// The output without the `Time:` line, which differs from run to run.
fn counts(out: &std::process::Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    stdout(out)
        .lines()
        .filter(|l| !l.starts_with("Time:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn unit_lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn splitting_is_exact_at_every_ply_with_and_without_statistics() {
    let dir = TempDir::new("exact");
    let cases: &[(&[&str], &str, &str, &[&str])] = &[
        (&[], "6", "119060324", &["0", "1", "3"]),
        (&["--fen", KIWIPETE], "4", "4085603", &["1", "2", "3"]),
        (&["--fen", POSITION3], "6", "11030083", &["2", "4"]),
        (
            &["--fen", CHESS960, "--chess960"],
            "5",
            "8146062",
            &["1", "3"],
        ),
    ];
    let mut n = 0;
    for (position, depth, nodes, splits) in cases {
        for stats in [false, true] {
            let mut plain: Vec<&str> = vec!["perft", "--depth", depth];
            plain.extend_from_slice(position);
            if stats {
                plain.push("--stats");
            }
            // Statistics are slower: one ply less.
            let shallower = (depth.parse::<u32>().unwrap() - 1).to_string();
            if stats {
                plain[2] = &shallower;
            }
            let expected = counts(&bitmove(&plain));
            if !stats {
                assert!(
                    expected.contains(&format!("Nodes: {nodes}\n")),
                    "{expected}"
                );
            }
            for split in *splits {
                if stats && split >= &shallower.as_str() {
                    // Refused: a leaf's kind is counted at its parent.
                    let mut args = plain.clone();
                    args.extend(["--split", split]);
                    assert_bad_input(&bitmove(&args));
                    continue;
                }
                n += 1;
                let file = dir.file(&format!("{n}.jsonl"));
                let mut args = plain.clone();
                args.extend(["--split", split, "--threads", "2", "--checkpoint", &file]);
                assert_eq!(counts(&bitmove(&args)), expected, "{args:?}");
                // Without a checkpoint file, too.
                let mut args = plain.clone();
                args.extend(["--split", split]);
                assert_eq!(counts(&bitmove(&args)), expected, "{args:?}");
            }
        }
    }
}

#[test]
fn the_automatic_split_and_the_header() {
    let dir = TempDir::new("auto");
    let file = dir.file("auto.jsonl");
    let out = bitmove(&["perft", "--depth", "6", "--checkpoint", &file, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["nodes"], 119_060_324);
    // Depth 6: at most depth - 4 = 2 plies, where the start position has 400 units.
    assert_eq!(value["split"], 2);
    assert_eq!(value["units"], 400);
    let text = std::fs::read_to_string(&file).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["format"], "bitmove-perft-checkpoint");
    assert_eq!(header["version"], 1);
    assert_eq!(header["depth"], 6);
    assert_eq!(header["split"], 2);
    assert_eq!(header["stats"], false);
    assert_eq!(header["units"], 400);
    assert_eq!(text.lines().count(), 401);
}

/// Waits until the checkpoint holds at least `lines` unit lines (or the time runs out).
fn wait_for_units(path: &str, lines: usize, limit: Duration) {
    let start = Instant::now();
    while unit_lines(path).len() < lines && start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_run_killed_at_any_moment_resumes_to_the_exact_total() {
    let dir = TempDir::new("kill");
    let file = dir.file("kill.jsonl");
    // Startpos depth 7 split at 3: 5362 units of depth 4; a few seconds in all without a table.
    let args = [
        "perft",
        "--depth",
        "7",
        "--split",
        "3",
        "--threads",
        "2",
        "--hash",
        "0",
        "--checkpoint",
        &file,
    ];
    let mut seen = 0;
    for wanted in [0, 1, 300, 1500, 3000] {
        let mut child = spawn(&args);
        if wanted == 0 {
            // Before or while the header is written.
            std::thread::sleep(Duration::from_millis(2));
        } else {
            wait_for_units(&file, seen + wanted, Duration::from_secs(30));
        }
        child.0.kill().unwrap();
        child.0.wait().unwrap();
        let now = unit_lines(&file).len();
        assert!(now >= seen, "{now} < {seen}");
        seen = now;
    }
    let out = bitmove(&args);
    assert_eq!(counts(&out), "Nodes: 3195901860\n");
    // Every unit once, none lost, none twice.
    let mut units: Vec<u64> = unit_lines(&file)
        .iter()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["unit"]
                .as_u64()
                .unwrap()
        })
        .collect();
    units.sort_unstable();
    units.dedup();
    assert_eq!(units.len(), 5362);
    assert_eq!(unit_lines(&file).len(), 5362);
}

#[test]
fn a_torn_last_line_is_counted_again() {
    let dir = TempDir::new("torn");
    let file = dir.file("torn.jsonl");
    let args = [
        "perft",
        "--depth",
        "5",
        "--split",
        "2",
        "--checkpoint",
        &file,
        "--stats",
    ];
    let expected = counts(&bitmove(&args));
    let text = std::fs::read_to_string(&file).unwrap();
    // Cut the file in the middle of its last line, as a kill during the write would.
    let cut = text.len() - 40;
    std::fs::write(&file, &text[..cut]).unwrap();
    let show = bitmove(&["checkpoint", "show", &file]);
    assert!(
        stdout(&show).contains("Units done: 399/400"),
        "{}",
        stdout(&show)
    );
    assert!(stdout(&show).contains("torn"), "{}", stdout(&show));
    assert_eq!(counts(&bitmove(&args)), expected);
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 401);
    let show = bitmove(&["checkpoint", "show", &file]);
    assert!(
        stdout(&show).contains("Nodes: 4865609"),
        "{}",
        stdout(&show)
    );
}

#[test]
fn a_checkpoint_of_another_run_is_refused() {
    let dir = TempDir::new("other");
    let file = dir.file("other.jsonl");
    assert!(
        bitmove(&[
            "perft",
            "--depth",
            "4",
            "--split",
            "2",
            "--checkpoint",
            &file
        ])
        .status
        .success()
    );
    let before = std::fs::read(&file).unwrap();
    for (args, what) in [
        (
            vec!["--depth", "5", "--split", "2"],
            "depth 4 there, 5 here",
        ),
        (
            vec!["--depth", "4", "--split", "1"],
            "split 2 there, 1 here",
        ),
        (vec!["--depth", "4", "--stats"], "statistics"),
        (vec!["--depth", "4", "--moves", "e2e4"], "position"),
    ] {
        let mut all = vec!["perft", "--checkpoint", &file];
        all.extend(args);
        let err = assert_bad_input(&bitmove(&all));
        assert!(
            err.contains("checkpoint of another run") && err.contains(what),
            "{err}"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "left untouched");
    // Not a checkpoint at all.
    let junk = dir.file("junk.jsonl");
    std::fs::write(&junk, "hello\n").unwrap();
    let err = assert_bad_input(&bitmove(&["perft", "--depth", "4", "--checkpoint", &junk]));
    assert!(err.contains("not a bitmove checkpoint"), "{err}");
}

#[test]
fn sigint_and_sigterm_finish_the_line_and_say_how_to_resume() {
    let dir = TempDir::new("signal");
    for (signal, status) in [("INT", 130), ("TERM", 143)] {
        let file = dir.file(&format!("{signal}.jsonl"));
        let args = [
            "perft",
            "--depth",
            "7",
            "--split",
            "3",
            "--threads",
            "2",
            "--hash",
            "0",
            "--checkpoint",
            &file,
        ];
        let mut child = spawn(&args);
        wait_for_units(&file, 10, Duration::from_secs(30));
        let pid = child.0.id().to_string();
        assert!(
            Command::new("kill")
                .args([&format!("-{signal}"), &pid])
                .status()
                .unwrap()
                .success()
        );
        let out = std::mem::replace(&mut child.0, Command::new("true").spawn().unwrap())
            .wait_with_output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(status), "{err}");
        assert!(
            err.contains("To resume:") && err.contains("--checkpoint"),
            "{err}"
        );
        // Every line whole.
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.ends_with('\n'));
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line).unwrap();
        }
    }
}

#[test]
fn compare_names_the_units_that_differ() {
    let dir = TempDir::new("compare");
    let a = dir.file("a.jsonl");
    let b = dir.file("b.jsonl");
    let args = ["perft", "--depth", "4", "--split", "2", "--hash", "1"];
    assert!(
        bitmove(&[&args[..], &["--checkpoint", &a]].concat())
            .status
            .success()
    );
    assert!(
        bitmove(&[&args[..], &["--checkpoint", &b, "--threads", "1"]].concat())
            .status
            .success()
    );
    let out = bitmove(&["checkpoint", "compare", &a, &b]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Compared 400 units done in both"),
        "{}",
        stdout(&out)
    );
    // Make unit 7 of B wrong.
    let text = std::fs::read_to_string(&b).unwrap();
    let changed: String = text
        .lines()
        .map(|l| {
            if l.starts_with("{\"unit\":7,") {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["nodes"] = (v["nodes"].as_u64().unwrap() + 1).into();
                format!("{v}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&b, changed).unwrap();
    let out = bitmove(&["checkpoint", "compare", &a, &b]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("unit 7 ("), "{text}");
    assert!(text.contains("1 differ"), "{text}");
    // Another run cannot be compared.
    let c = dir.file("c.jsonl");
    assert!(
        bitmove(&["perft", "--depth", "3", "--split", "2", "--checkpoint", &c])
            .status
            .success()
    );
    assert_bad_input(&bitmove(&["checkpoint", "compare", &a, &c]));
}

#[test]
fn runs_with_different_hash_seeds_agree_unit_by_unit() {
    let dir = TempDir::new("seed");
    let (a, b) = (dir.file("a.jsonl"), dir.file("b.jsonl"));
    for (file, seed) in [(&a, "1"), (&b, "2")] {
        let args = [
            "perft",
            "--fen",
            KIWIPETE,
            "--depth",
            "5",
            "--split",
            "1",
            "--hash",
            "4",
            "--hash-seed",
            seed,
            "--checkpoint",
            file,
        ];
        assert_eq!(counts(&bitmove(&args)), "Nodes: 193690690\n");
    }
    let out = bitmove(&["checkpoint", "compare", &a, &b]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("Compared 48 units"),
        "{}",
        stdout(&out)
    );
    // Without a checkpoint too, with statistics too, and refused without a table.
    let out = bitmove(&["perft", "--depth", "5", "--hash-seed", "9"]);
    assert_eq!(counts(&out), "Nodes: 4865609\n");
    let seeded = bitmove(&["perft", "--depth", "5", "--hash-seed", "9", "--stats"]);
    let plain = bitmove(&["perft", "--depth", "5", "--stats"]);
    let without_time = |out: &std::process::Output| -> String {
        stdout(out)
            .lines()
            .filter(|l| !l.starts_with("Time:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(seeded.status.success());
    assert_eq!(without_time(&seeded), without_time(&plain));
    assert_bad_input(&bitmove(&[
        "perft",
        "--depth",
        "5",
        "--hash-seed",
        "9",
        "--hash",
        "0",
    ]));
}

/// A tmpfs mounted on a directory for one test, unmounted when dropped (also on failure).
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        Command::new("umount").arg(&self.0).status().ok();
    }
}

/// A checkpoint on a full disk: the run stops with one line and status 2, and what it wrote
/// is still a checkpoint (whole lines, at worst a torn last one) that `checkpoint show` reads.
/// Needs a small tmpfs, which only root can mount; elsewhere the test says so and passes.
#[test]
fn a_full_disk_under_the_checkpoint_stops_the_run_with_one_line() {
    let dir = TempDir::new("full");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&dir.0)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here (not root?)");
        return;
    }
    let _mount = Mounted(dir.0.clone());
    let path = dir.file("full.jsonl");
    // 5,362 units with statistics: about 2.5 MB of lines for a 64 KiB disk.
    let out = bitmove(&[
        "perft",
        "--depth",
        "5",
        "--split",
        "3",
        "--stats",
        "--threads",
        "2",
        "--checkpoint",
        &path,
    ]);
    let err = assert_bad_input(&out);
    assert!(err.contains("No space left"), "{err}");
    let show = bitmove(&["checkpoint", "show", "--json", &path]);
    assert_eq!(show.status.code(), Some(0), "{}", stderr(&show));
    let value: serde_json::Value = serde_json::from_str(&stdout(&show)).unwrap();
    let done = value["units_done"].as_u64().unwrap();
    assert!(done > 0 && done < 5362, "{done} units recorded");
    assert_eq!(value["complete"], false);
}
