//! Distinct positions against an independent oracle: a set of FEN-like strings (placement,
//! side, castling, and the en-passant square only where an en-passant capture is legal),
//! built by making every move through the public API.

mod common;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use bitmove::{
    Board, PerftStats, Piece, UniqueError, UniqueOptions, count_unique, perft_stats, work_units,
};

/// The position's identity under the repetition rule, as a string.
fn identity(board: &Board) -> String {
    let fen = board.to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let ep_legal = board.legal_moves().iter().any(|mv| {
        board.piece_on(mv.from) == Some(Piece::Pawn)
            && mv.from.file() != mv.to.file()
            && board.piece_on(mv.to).is_none()
    });
    let ep = if ep_legal { fields[3] } else { "-" };
    format!("{} {} {} {ep}", fields[0], fields[1], fields[2])
}

/// Distinct positions at every ply to `depth`, by sets of identities.
fn oracle(board: &Board, depth: u32) -> Vec<u64> {
    let mut level: Vec<Board> = vec![board.clone()];
    let mut counts = vec![1];
    for _ in 0..depth {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for parent in &level {
            for &mv in parent.legal_moves().iter() {
                let mut child = parent.clone();
                child.play_unchecked(mv);
                if seen.insert(identity(&child)) {
                    next.push(child);
                }
            }
        }
        counts.push(next.len() as u64);
        level = next;
    }
    counts
}

fn count(board: &Board, depth: u32) -> Vec<u64> {
    count_unique(board, depth, &UniqueOptions::default())
        .unwrap()
        .per_ply
}

#[test]
fn start_position_counts() {
    // OEIS A083276 and the CPW: 20, 400, 5,362, 72,078, 822,518, 9,417,681.
    let counts = count_unique(&Board::default(), 6, &UniqueOptions::default()).unwrap();
    assert_eq!(
        counts.per_ply,
        [1, 20, 400, 5_362, 72_078, 822_518, 9_417_681]
    );
    assert_eq!(counts.positions, 9_417_681);
    assert_eq!((counts.passes, counts.spilled_bytes), (1, 0));
    assert_eq!(oracle(&Board::default(), 4), count(&Board::default(), 4));
}

#[test]
fn en_passant_counts_only_when_legal() {
    for fen in [
        // c7-c5 gives White b5xc6 e.p. pseudo-legally, but the rook on h5 pins the b5 pawn.
        "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
        // Here the capture is legal.
        "8/2p5/8/1P5r/K7/8/8/7k b - - 0 1",
        // Both sides' double steps next to enemy pawns, kings on the lines.
        "4k3/2p1p3/8/1P1P4/8/8/4P1p1/4K2R w K - 0 1",
        "r3k3/1p6/8/2P5/5p2/8/4P1P1/R3K2R w KQq - 0 1",
    ] {
        let board: Board = fen.parse().unwrap();
        assert_eq!(oracle(&board, 4), count(&board, 4), "{fen}");
    }
}

#[test]
fn random_positions_agree_with_the_oracle() {
    let positions = common::random_positions(120, 100, 0x756e_6971);
    for (i, board) in positions.iter().enumerate() {
        let depth = if i % 3 == 0 { 3 } else { 2 };
        assert_eq!(oracle(board, depth), count(board, depth), "{board}");
    }
    assert!(positions.iter().filter(|b| b.is_chess960()).count() > 40);
}

/// A scratch directory for spill files, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("bitmove-test-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        Scratch(path)
    }

    fn entries(&self) -> usize {
        std::fs::read_dir(&self.0).unwrap().count()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

#[test]
fn buckets_and_spilling_change_nothing() {
    let scratch = Scratch::new("spill");
    // Ply 4 takes two buckets and goes to a file; ply 5 reads it in about twenty passes.
    let options = UniqueOptions {
        memory_bytes: 6 << 20,
        threads: 2,
        temp_dir: Some(&scratch.0),
        ..UniqueOptions::default()
    };
    let counts = count_unique(&Board::default(), 5, &options).unwrap();
    assert_eq!(counts.per_ply, [1, 20, 400, 5_362, 72_078, 822_518]);
    assert!(counts.passes > 1, "{counts:?}");
    assert!(counts.spilled_bytes > 0, "{counts:?}");
    assert_eq!(scratch.entries(), 0, "the spill directory was left behind");

    let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap();
    let small = UniqueOptions {
        memory_bytes: 12 << 20,
        threads: 3,
        temp_dir: Some(&scratch.0),
        ..UniqueOptions::default()
    };
    let in_memory = count(&kiwipete, 4);
    let bucketed = count_unique(&kiwipete, 4, &small).unwrap();
    assert_eq!(bucketed.per_ply, in_memory);
    assert!(bucketed.passes > 1);
    assert_eq!(oracle(&kiwipete, 3), in_memory[..4]);
}

#[test]
fn errors_leave_nothing_behind() {
    let scratch = Scratch::new("errors");
    let stop = AtomicBool::new(true);
    let stopped = UniqueOptions {
        memory_bytes: 24 << 20,
        temp_dir: Some(&scratch.0),
        stop: Some(&stop),
        ..UniqueOptions::default()
    };
    assert!(matches!(
        count_unique(&Board::default(), 6, &stopped),
        Err(UniqueError::Stopped)
    ));
    assert_eq!(scratch.entries(), 0);

    let tiny = UniqueOptions {
        memory_bytes: 1 << 20,
        ..UniqueOptions::default()
    };
    let error = count_unique(&Board::default(), 6, &tiny).unwrap_err();
    assert!(
        matches!(error, UniqueError::TooLittleMemory { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("too small"), "{error}");

    let missing = scratch.0.join("no/such/dir");
    let unwritable = UniqueOptions {
        memory_bytes: 24 << 20,
        temp_dir: Some(&missing),
        ..UniqueOptions::default()
    };
    let error = count_unique(&Board::default(), 6, &unwritable).unwrap_err();
    assert!(matches!(error, UniqueError::Io { .. }), "{error}");
    assert!(error.to_string().contains("no/such/dir"), "{error}");
    assert_eq!(scratch.entries(), 0);
}

#[test]
fn ends_of_the_game() {
    let mated: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    assert_eq!(count(&mated, 3), [1, 0, 0, 0]);
    assert_eq!(count(&Board::default(), 0), [1]);
}

#[test]
fn work_units_split_perft_exactly() {
    let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap();
    let position_3: Board = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1".parse().unwrap();
    let chess960 = common::board(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        true,
    );
    for (board, depth) in [
        (Board::default(), 5),
        (kiwipete, 4),
        (position_3, 5),
        (chess960, 4),
    ] {
        let whole = perft_stats(&board, depth);
        for ply in 0..=3 {
            let units = work_units(&board, ply);
            assert_eq!(units.len() as u64, count(&board, ply)[ply as usize]);
            let parts: PerftStats = units
                .iter()
                .map(|u| perft_stats(&u.board, depth - ply) * u.multiplicity)
                .sum();
            assert_eq!(parts, whole, "{board} depth {depth} split at ply {ply}");
        }
    }
    // The order is fixed: the same units in the same order every time.
    assert_eq!(
        work_units(&Board::default(), 3),
        work_units(&Board::default(), 3)
    );
}
