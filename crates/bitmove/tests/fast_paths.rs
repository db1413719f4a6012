//! Exactness of the fast paths: every slider backend (PEXT where the CPU has BMI2, magic, the
//! ray-walking reference), hashed perft, threaded perft (2 and 4 threads whatever the core
//! count) and both together give the suite's node counts on every position of tests/data.
//! Hashed runs use a 1 MiB table, which forces constant replacement at these depths (and costs
//! less to zero per call than a big one). The default run keeps each count small; `--ignored`
//! runs every count of the suites.

use bitmove::{Board, PerftOptions, divide, divide_with, perft_backend, perft_with_options};
use bitmove::{SliderBackend, Square, perft};

mod common;

const STANDARD: &str = include_str!("../../../tests/data/standard.epd");
const SUITE: &str = include_str!("../../../tests/data/suite.epd");
const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

/// (board, [(depth, nodes)]) of every position of every suite file.
fn positions() -> Vec<(Board, Vec<(u32, u64)>)> {
    let mut out = Vec::new();
    for (text, chess960) in [(STANDARD, false), (SUITE, false), (CHESS960, true)] {
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let board = Board::from_fen_with(fen, chess960).unwrap();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            out.push((board, depths));
        }
    }
    out
}

/// A named way of running perft.
type Runner = (String, Box<dyn Fn(&Board, u32) -> u64>);

/// Ways of running perft, each checked against the suite's counts.
fn runners() -> Vec<Runner> {
    let mut runners: Vec<Runner> = Vec::new();
    for backend in SliderBackend::ALL.into_iter().filter(|b| b.is_supported()) {
        runners.push((
            format!("backend {backend}"),
            Box::new(move |b: &Board, d| perft_backend(backend, b, d)),
        ));
    }
    for (threads, hash_mb) in [(1, 1), (2, 0), (2, 1), (4, 1)] {
        let options = PerftOptions { threads, hash_mb };
        runners.push((
            format!("{threads} threads, {hash_mb} MiB table"),
            Box::new(move |b: &Board, d| perft_with_options(b, d, &options)),
        ));
    }
    runners
}

/// Runs every runner on every (position, depth) whose count passes `keep`; returns the number
/// of checks, after listing every mismatch in the panic message.
fn check_all(keep: impl Fn(u32, u64) -> bool) -> usize {
    let runners = runners();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (board, depths) in positions() {
        for &(depth, expected) in depths.iter().filter(|(d, n)| keep(*d, *n)) {
            for (name, run) in &runners {
                let got = run(&board, depth);
                checked += 1;
                if got != expected {
                    failures.push(format!(
                        "{name}: {board} depth {depth}: expected {expected}, got {got}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!(
        "fast paths: {checked} suite counts checked through {} ways of running perft",
        runners.len()
    );
    checked
}

#[test]
fn every_fast_path_matches_the_suite() {
    // The largest depth of each position up to 100,000 nodes, and depth 1 always.
    let checked = check_all(|d, n| n <= 100_000 || d == 1);
    assert!(checked > 1_000, "{checked}");
}

#[test]
fn divide_with_options_splits_like_divide() {
    let options = [
        PerftOptions {
            threads: 2,
            hash_mb: 1,
        },
        PerftOptions {
            threads: 1,
            hash_mb: 4,
        },
    ];
    for (board, _) in positions().into_iter().step_by(5) {
        let plain = divide(&board, 3);
        for options in &options {
            let split = divide_with(&board, 3, options);
            assert_eq!(split, plain, "{board}");
        }
    }
}

#[test]
fn repeated_hashed_runs_share_nothing_stale() {
    // Two positions that transpose into each other at different depths, through one table
    // size: counts must depend on (position, depth), never on what ran before.
    let board = Board::default();
    let options = PerftOptions {
        threads: 1,
        hash_mb: 1,
    };
    let mut after = board.clone();
    for mv in [(Square::G1, Square::F3), (Square::G8, Square::F6)] {
        after.play(bitmove::Move::new(mv.0, mv.1)).unwrap();
    }
    for _ in 0..2 {
        assert_eq!(perft_with_options(&board, 5, &options), 4_865_609);
        assert_eq!(
            perft_with_options(&after, 3, &options),
            perft_backend(SliderBackend::Reference, &after, 3)
        );
    }
}

#[test]
#[ignore = "deep: every suite count (up to 5,000,000 nodes) through every fast path, minutes in release"]
fn every_fast_path_matches_the_suite_deep() {
    check_all(|_, n| n <= 5_000_000);
}

#[test]
fn a_table_that_grows_mid_search_counts_exactly() {
    // A 64 MiB budget starts at 1 MiB and doubles as it fills: these searches store a few
    // hundred thousand entries, so the table grows (and moves its entries) while one or two
    // threads are reading and writing it.
    let kiwipete =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    for threads in [1, 2] {
        let options = PerftOptions {
            threads,
            hash_mb: 64,
        };
        assert_eq!(
            perft_with_options(&Board::default(), 6, &options),
            119_060_324
        );
        assert_eq!(perft_with_options(&kiwipete, 5, &options), 193_690_690);
    }
}

/// Perft `depth` the slow way: every move made, the last ply counted by listing moves (which
/// the differential test holds against shakmaty).
fn made_children(board: &Board, depth: u32) -> u64 {
    if depth == 1 {
        return board.legal_moves().len() as u64;
    }
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            made_children(&child, depth - 1)
        })
        .sum()
}

/// Depth 2 counts most moves without making them (the null count, corrected for what each
/// move changes: captures, attacks around their king, lines through it): crowded positions
/// from the first moves of games, where castling is still about, and later ones, standard
/// and Chess960, each at depths 2 and 3 against the made children.
#[test]
fn depth_two_shortcut_agrees_with_made_children() {
    let early = common::random_positions(3_000, 24, 0x0D2_0001);
    let late = common::random_positions(3_000, 140, 0x0D2_0002);
    for (i, board) in early.iter().chain(&late).enumerate() {
        let depth = if i % 6 == 0 { 3 } else { 2 };
        assert_eq!(
            perft(board, depth),
            made_children(board, depth),
            "{board} depth {depth}"
        );
    }
}
