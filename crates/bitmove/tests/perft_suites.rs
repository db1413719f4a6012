//! Perft against the independent node counts in tests/data (Stockfish, cross-checked with a
//! python-chess perft). Entries above `LIMIT` nodes run with `--ignored`.

use bitmove::{Board, SliderBackend, perft, perft_backend};

const LIMIT: u64 = 20_000_000;

struct Case {
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(" ;");
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            Case { fen, depths }
        })
        .collect()
}

fn run(text: &str, chess960: bool, keep: impl Fn(u64) -> bool) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in load(text) {
        let board = Board::from_fen_with(&case.fen, chess960)
            .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.depths {
            if !keep(expected) {
                continue;
            }
            let got = perft(&board, depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

const STANDARD: &str = include_str!("../../../tests/data/standard.epd");
const SUITE: &str = include_str!("../../../tests/data/suite.epd");
const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

#[test]
fn standard_positions() {
    assert!(run(STANDARD, false, |n| n <= LIMIT) > 30);
}

#[test]
fn suite_positions() {
    assert!(run(SUITE, false, |n| n <= LIMIT) > 700);
}

#[test]
fn chess960_positions() {
    assert!(run(CHESS960, true, |n| n <= LIMIT) > 180);
}

#[test]
#[ignore = "deep: about 2e9 nodes, run with --ignored in release"]
fn standard_positions_deep() {
    run(STANDARD, false, |n| n > LIMIT);
}

/// Every slider backend gives identical perft (PEXT only where the CPU has BMI2).
#[test]
fn every_backend_agrees() {
    for case in load(STANDARD).iter().chain(load(SUITE).iter().step_by(7)) {
        let board = Board::from_fen(&case.fen).unwrap();
        let (depth, expected) = *case
            .depths
            .iter()
            .rev()
            .find(|(_, n)| *n <= 200_000)
            .unwrap_or(&case.depths[0]);
        for backend in SliderBackend::ALL {
            if backend.is_supported() {
                assert_eq!(
                    perft_backend(backend, &board, depth),
                    expected,
                    "{backend} {}",
                    case.fen
                );
            }
        }
    }
}
