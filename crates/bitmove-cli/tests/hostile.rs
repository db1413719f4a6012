//! Hostile input through the command line: every FEN of tests/data/invalid-fens.txt, huge,
//! binary and unicode arguments, bad moves, and malformed suite files are refused with exit
//! status 2 and exactly one line on standard error (the library's message), never a panic.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::process::{Command, Output};

use bitmove::Board;

const INVALID: &str = include_str!("../../../tests/data/invalid-fens.txt");

fn bitmove<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: Into<OsString>,
{
    Command::new(env!("CARGO_BIN_EXE_bitmove"))
        .args(args.into_iter().map(Into::into))
        .output()
        .expect("run bitmove")
}

/// Status 2, nothing on stdout, one `error: ` line on stderr; returns that line.
fn refused(out: &Output, input: &str) -> String {
    let shown: String = input.chars().take(80).collect();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{shown:?}: {err}");
    assert!(out.stdout.is_empty(), "{shown:?}: stdout not empty");
    assert_eq!(
        err.lines().count(),
        1,
        "{shown:?}: stderr is not one line: {err}"
    );
    assert!(err.ends_with('\n'), "{shown:?}: {err}");
    assert!(err.starts_with("error: "), "{shown:?}: {err}");
    assert!(!err.contains("panicked"), "{shown:?}: {err}");
    err
}

/// Runs `bitmove uci` on `input`, written from another thread so that a large input cannot
/// deadlock against the output; returns its exit status and what it printed.
fn uci_session(input: Vec<u8>) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitmove"))
        .arg("uci")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run bitmove uci");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &input));
    let out = child.wait_with_output().expect("uci output");
    writer.join().expect("writer").expect("write");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn every_invalid_fen_is_refused_by_perft_and_perftree() {
    let mut checked = 0;
    for line in INVALID
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut cols = line.splitn(3, '\t');
        let chess960 = cols.next() == Some("chess960");
        let fen = cols.nth(1).expect("FEN column");
        let expected = Board::from_fen_with(fen, chess960)
            .expect_err("the corpus is invalid")
            .to_string();

        // `--fen=` so that a FEN starting with '-' is not read as an option.
        let mut args = vec![
            "perft".to_string(),
            "--depth=1".into(),
            format!("--fen={fen}"),
        ];
        if chess960 {
            args.push("--chess960".into());
        }
        let err = refused(&bitmove(&args), fen);
        assert!(err.contains(&expected), "{fen:?}: {err} lacks {expected}");

        if !chess960 {
            let err = refused(&bitmove(["perftree", "1", "--", fen]), fen);
            assert!(err.contains(&expected), "{fen:?}: {err} lacks {expected}");
        }
        checked += 1;
    }
    assert!(checked >= 60, "{checked}");
}

#[test]
fn empty_huge_control_and_unicode_arguments() {
    let huge_placement = format!("{} w - - 0 1", "p".repeat(100_000));
    let huge_counter = format!("4k3/8/8/8/8/8/8/4K3 w - - {} 1", "7".repeat(100_000));
    let controls: String = (1u8..32).map(char::from).collect();
    // One argument is limited to 128 KiB by the kernel; 1 MB inputs go through suite files.
    for fen in [
        "",
        " ",
        "\t\n",
        &huge_placement,
        &huge_counter,
        &controls,
        "\u{7f}\u{80}\u{ff}",
        "🦀/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\u{202e}",
        "４k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 \u{1b}[31m",
    ] {
        refused(&bitmove(["perft".into(), format!("--fen={fen}")]), fen);
    }
}

#[test]
fn bad_moves_are_refused() {
    let long = "e2e4".repeat(25_000);
    for mv in [
        "e2e5", "e7e5", "e1g1", "0000", "", "E2E4", "e2e4q", "🦀", "e2\u{7}", &long,
    ] {
        let out = bitmove(["perft".into(), "--depth=1".into(), format!("--moves={mv}")]);
        refused(&out, mv);
    }
    // A legal first move, then garbage: still one line.
    let out = bitmove(["perft", "--depth=1", "--moves", "e2e4", "e2e4"]);
    refused(&out, "e2e4 e2e4");
}

#[test]
fn non_utf8_argument_is_one_line() {
    let fen = OsString::from_vec(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\xff".to_vec());
    let mut arg = OsString::from("--fen=");
    arg.push(&fen);
    refused(&bitmove([OsString::from("perft"), arg]), "non-UTF-8 FEN");
}

/// A scratch directory for suite files, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("bitmove-hostile-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `bytes` to the file `name` and returns its path.
    fn write(&self, name: &str, bytes: &[u8]) -> String {
        let file = self.0.join(name);
        std::fs::write(&file, bytes).unwrap();
        file.to_string_lossy().into_owned()
    }

    /// Writes `bytes` to a suite file and runs `bitmove suite` on it.
    fn suite(&self, bytes: &[u8]) -> (Output, String) {
        let path = self.write("suite.epd", bytes);
        (bitmove(["suite", path.as_str()]), path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

#[test]
fn malformed_suite_lines_are_reported_with_their_number() {
    let scratch = Scratch::new("suite");
    let good = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25";
    let bad_lines = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 -5",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;Dx 5",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 6",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D99999999999 5",
        // Deeper than any perft can go: the recursion used to overflow the stack.
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D4216 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D4294967295 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 18446744073709551616",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 D1 5",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;E1 5",
        "8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0",
        "🦀 ;D1 1",
        ";D1 20",
        "\u{0} ;D1 1",
    ];
    for (i, bad) in bad_lines.iter().enumerate() {
        // Comments and blank lines count: the bad line is number `before + 1`.
        let before = i % 4;
        let mut text = String::from("# hostile suite\n");
        for _ in 1..before {
            text.push_str(if i % 2 == 0 { "\n" } else { good });
            text.push('\n');
        }
        let number = text.lines().count() + 1;
        text.push_str(bad);
        text.push_str(if i % 3 == 0 { "\r\n" } else { "\n" });
        text.push_str(good);
        let (out, path) = scratch.suite(text.as_bytes());
        let err = refused(&out, bad);
        assert!(
            err.contains(&format!("{path}:{number}:")),
            "{bad:?}: expected {path}:{number}: in {err}"
        );
    }
}

#[test]
fn huge_and_binary_suite_files() {
    let scratch = Scratch::new("huge");
    let megabyte = 1 << 20;

    // A 1 MB line after a good one: its number, and a message that does not echo it all.
    let mut text = String::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n");
    text.push_str(&"p".repeat(megabyte));
    text.push_str(" w - - 0 1 ;D1 1\n");
    let (out, path) = scratch.suite(text.as_bytes());
    let err = refused(&out, "1 MB line");
    assert!(err.contains(&format!("{path}:2:")), "{err}");
    assert!(err.len() < 10_000, "{} bytes", err.len());

    // 1 MB of ;D entries on one line, one of them bad.
    let mut text = String::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    text.push_str(&" ;D1 5".repeat(megabyte / 6));
    text.push_str(" ;D2 x\n");
    let (out, path) = scratch.suite(text.as_bytes());
    let err = refused(&out, "1 MB of depths");
    assert!(err.contains(&format!("{path}:1:")), "{err}");

    // Binary: every byte value, and a file that is not UTF-8.
    let bytes: Vec<u8> = (0..=255u8).cycle().take(megabyte).collect();
    refused(&scratch.suite(&bytes).0, "binary suite");
    let mut text = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n".to_vec();
    text.extend_from_slice(b"\xff\xfe ;D1 1\n");
    refused(&scratch.suite(&text).0, "non-UTF-8 suite");

    // Empty and comment-only files are a valid, empty suite.
    for empty in [&b""[..], b"\n\n", b"# nothing\n"] {
        let (out, _) = scratch.suite(empty);
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn a_hash_budget_beyond_memory_still_counts() {
    // Far more than the machine has (and, for the last, than any address space): the table
    // takes what the allocator will reserve instead of aborting.
    for mb in ["100000", "100000000", &usize::MAX.to_string()] {
        let out = bitmove(["perft", "--depth", "4", "--threads", "2", "--hash", mb]);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "--hash {mb}: {err}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(text.contains("Nodes: 197281\n"), "--hash {mb}: {text}");
    }
}

/// Runs bitmove with `args` and fails the test if it has not ended after a minute: for
/// regressions that would hang. Its output is read only at the end, so it must stay within
/// a pipe's buffer (64 KiB on Linux).
fn within_a_minute(args: &[&str]) -> Output {
    within_a_minute_to(args, std::process::Stdio::piped())
}

/// [`within_a_minute`] with standard output sent to `stdout`.
fn within_a_minute_to(args: &[&str], stdout: std::process::Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitmove"))
        .args(args)
        .stdout(stdout)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run bitmove");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().ok();
            panic!("{args:?}: still running after 60 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn a_suite_line_that_understates_its_count_ends_under_max_nodes() {
    // `;D30 1` passes a --max-nodes bound of 10000 on the file's word; before, the check then
    // ran for ever. Now it stops once the count passes what the line expects.
    let scratch = Scratch::new("understated");
    let suite = scratch.write(
        "suite.epd",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D2 400 ;D30 1 ;D3 8902\n",
    );
    let out = within_a_minute(&["suite", &suite, "--max-nodes", "10000"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("depth 30: expected 1, got more than 1\n"),
        "{text}"
    );
    assert!(text.ends_with("2 passed, 1 failed\n"), "{text}");
    let out = within_a_minute(&["suite", &suite, "--max-nodes", "10000", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let check = &json["checks"][1];
    assert_eq!(check["depth"], 30);
    assert!(check["got"].is_null(), "{check}");
    assert_eq!(check["passed"], false);
}

#[test]
fn a_suite_stops_at_the_first_fail_line_no_one_can_read() {
    // A failing line, then 2000 checks of a tenth of a second each. Before, a FAIL line that
    // could not be written was ignored and the whole file was run; now the run stops there:
    // with status 2 on a full disk, quietly (status 1: a check failed) when the reader went
    // away.
    let scratch = Scratch::new("stop");
    let mut text = String::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 1\n");
    for _ in 0..2000 {
        text += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D6 119060324\n";
    }
    let suite = scratch.write("long.epd", text.as_bytes());
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let out = within_a_minute_to(&["suite", &suite], full.into());
    let err = refused(&out, "suite > /dev/full");
    assert!(err.contains("cannot write to standard output"), "{err}");

    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = within_a_minute_to(&["suite", &suite], writer.into());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn absurd_thread_counts_are_capped() {
    // Before the cap, `usize::MAX` threads spun forever starting threads. A regression would
    // hang, so the child gets a deadline.
    for threads in ["100000", &usize::MAX.to_string()] {
        let out = within_a_minute(&["perft", "--depth", "4", "--threads", threads]);
        assert_eq!(out.status.code(), Some(0), "--threads {threads}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            text.contains("Nodes: 197281\n"),
            "--threads {threads}: {text}"
        );
    }
}

#[test]
fn depths_past_the_limit_are_refused_not_overflowing_the_stack() {
    // Before the limit of 256, 257 was accepted (and ran for ever) and the deeper ones
    // aborted with a stack overflow (status 134). The message names the limit, so a refusal
    // for another reason (bisect's engine `true` exits at once) does not pass for this one.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    for depth in ["257", "4218", "16880", "4294967295"] {
        for args in [
            ["perft", "--depth", depth].as_slice(),
            &["perft", "--threads", "1", "--depth", depth],
            &["perftree", depth, fen],
            &["bisect", "--engine", "true", "--depth", depth],
        ] {
            let err = refused(&bitmove(args), depth);
            assert!(err.contains("0..=256"), "{args:?}: {err}");
        }
    }
    let (status, text) =
        uci_session(format!("position fen {fen}\ngo perft 16883\ngo perft 1\nquit\n").into_bytes());
    assert_eq!(status, Some(0), "{text}");
    assert!(
        text.contains("info string error: bad depth \"16883\""),
        "{text}"
    );
    // The session goes on after the refusal.
    assert!(text.contains("Nodes searched: 5"), "{text}");
}

#[test]
fn unwritable_output_is_an_error_line_not_a_panic() {
    // A reader that goes away at once: quiet success. These panicked (status 134) before.
    for args in [
        ["magics"].as_slice(),
        &["completions", "fish"],
        &["completions", "zsh"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bitmove"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run bitmove");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("output");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    // A full disk: one error line and status 2.
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let scratch = Scratch::new("full");
    let suite = scratch.write(
        "suite.epd",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D2 1\n",
    );
    for args in [
        ["magics"].as_slice(),
        &["completions", "bash"],
        // These said nothing and exited 0 (or 1) before, their output lost.
        &["perft", "--depth", "3"],
        &["perft", "--depth", "3", "--json"],
        &["perftree", "2", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"],
        &["show"],
        &["bench", "--quick"],
        // A FAIL line as it streams, then the summary.
        &["suite", suite.as_str()],
        &["suite", suite.as_str(), "--max-nodes", "10"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_bitmove"))
            .args(args)
            .stdout(full.try_clone().expect("clone"))
            .output()
            .expect("run bitmove");
        let err = refused(&out, &format!("{args:?} > /dev/full"));
        assert!(err.contains("cannot write to standard output"), "{err}");
    }
    // An error message with nowhere to go still ends with status 2, not an abort.
    let out = Command::new(env!("CARGO_BIN_EXE_bitmove"))
        .args(["perft", "--depth", "abc"])
        .stderr(full)
        .output()
        .expect("run bitmove");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn magics_refuses_an_unwritable_file_before_searching() {
    let out = bitmove(["magics", "--write", "/nonexistent-dir/magics.rs"]);
    let err = refused(&out, "magics --write /nonexistent-dir/magics.rs");
    assert!(
        err.contains("cannot write /nonexistent-dir/magics.rs"),
        "{err}"
    );
}

#[test]
fn endless_input_is_bounded() {
    // A suite "file" without end: refused at 256 MiB instead of read until memory runs out.
    let out = bitmove(["suite", "/dev/zero"]);
    let err = refused(&out, "suite /dev/zero");
    assert!(err.contains("larger than 256 MiB"), "{err}");

    // An engine that never stops talking (`yes`): given up on after 100,000 lines; before,
    // its lines piled up in memory and bisect never ended.
    let out = bitmove(["bisect", "--engine", "yes", "--depth", "2"]);
    let err = refused(&out, "bisect --engine yes");
    assert!(err.contains("wrote over 100000 lines"), "{err}");

    // A UCI line past 16 MiB is skipped, and the session goes on.
    let mut input = vec![0u8; 20 << 20];
    input.extend_from_slice(b"\nposition startpos\ngo perft 2\nquit\n");
    let (_, text) = uci_session(input);
    assert!(
        text.contains("a line longer than 16777216 bytes, ignored"),
        "{text}"
    );
    assert!(text.contains("Nodes searched: 400"), "{text}");
}

#[test]
fn an_unknown_uci_line_is_quoted_short() {
    // A 1 MB unknown command used to be echoed back whole.
    let (_, text) = uci_session(format!("{}\nquit\n", "x".repeat(1 << 20)).into_bytes());
    assert!(text.starts_with("info string unsupported: xxx"), "{text}");
    assert!(text.trim_end().ends_with("..."), "{text}");
    assert!(text.len() < 300, "{} bytes", text.len());
}

#[test]
fn a_slider_override_that_names_nothing_is_refused() {
    // It used to be ignored without a word (the library's fallback).
    for value in ["garbage", "pex", "magic2"] {
        let out = Command::new(env!("CARGO_BIN_EXE_bitmove"))
            .args(["perft", "--depth", "1"])
            .env("BITMOVE_SLIDERS", value)
            .output()
            .expect("run bitmove");
        let err = refused(&out, value);
        assert!(
            err.contains("expected pext, magic, lines or reference"),
            "{err}"
        );
    }
    for value in ["", "magic", "Reference"] {
        let out = Command::new(env!("CARGO_BIN_EXE_bitmove"))
            .args(["perft", "--depth", "1"])
            .env("BITMOVE_SLIDERS", value)
            .output()
            .expect("run bitmove");
        assert_eq!(out.status.code(), Some(0), "{value:?}");
    }
}
