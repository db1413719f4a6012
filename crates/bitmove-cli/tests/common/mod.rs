//! Helpers shared by the process-driven CLI tests: run the binary, read its output, check the
//! bad-input contract, find the repository's test data.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The binary under test.
pub const BITMOVE: &str = env!("CARGO_BIN_EXE_bitmove");

/// Runs `bitmove` with `args` (colour left to the binary's own terminal test).
pub fn bitmove(args: &[&str]) -> Output {
    Command::new(BITMOVE)
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("run bitmove")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A bad-input run: status 2, exactly one `error: ` line on stderr, no panic; returns it.
pub fn assert_bad_input(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// The path of a file in the repository's tests/data.
pub fn data(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "tests",
        "data",
        name,
    ]
    .iter()
    .collect();
    path.to_string_lossy().into_owned()
}
