//! Chess960 start positions (Scharnagl numbers, Double Fischer Random) and X-FEN /
//! Shredder-FEN output, against the arrays and perft values of tests/data/chess960.epd.

use bitmove::{Board, CastlingNotation, Piece, chess960_back_rank, perft};

const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

/// A "Chess960 start array #N" entry: Scharnagl number, FEN, and (depth, nodes) pairs.
type Array = (u32, String, Vec<(u32, u64)>);

fn numbered_arrays() -> Vec<Array> {
    let mut out = Vec::new();
    let mut number = None;
    for line in CHESS960.lines() {
        if let Some(rest) = line.strip_prefix("# Chess960 start array #") {
            number = rest.split_whitespace().next().and_then(|n| n.parse().ok());
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(n) = number.take() {
            let mut parts = line.split(" ;");
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let (d, nodes) = p.trim().split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), nodes.parse().unwrap())
                })
                .collect();
            out.push((n, fen, depths));
        }
    }
    out
}

#[test]
fn startpos_518_is_the_standard_position() {
    let board = Board::chess960_startpos(518).unwrap();
    let mut standard = Board::default();
    standard.set_chess960(true);
    assert_eq!(board, standard);
    assert_eq!(board.hash(), Board::default().hash());
    assert_eq!(
        board.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        board.fen_with(CastlingNotation::XFen).to_string(),
        Board::default().to_string()
    );
}

#[test]
fn numbered_arrays_match_the_suite_and_its_perft() {
    let arrays = numbered_arrays();
    assert!(arrays.len() >= 10, "{}", arrays.len());
    for (n, fen, depths) in arrays {
        let board = Board::chess960_startpos(n).unwrap();
        assert_eq!(board.to_string(), fen, "array {n}");
        for (depth, nodes) in depths.into_iter().filter(|&(d, _)| d <= 4) {
            assert_eq!(perft(&board, depth), nodes, "array {n} depth {depth}");
        }
    }
}

#[test]
fn every_start_position_is_valid_and_round_trips() {
    for n in 0..960 {
        let board = Board::chess960_startpos(n).unwrap();
        assert!(board.is_chess960());
        assert_eq!(board.legal_moves().len() as u64, perft(&board, 1));
        assert_eq!(board.castling_rights().rook_squares().len(), 4, "{n}");
        // Both FEN notations parse back to the same board.
        for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
            let fen = board.fen_with(notation).to_string();
            assert_eq!(Board::from_fen_with(&fen, true).unwrap(), board, "{fen}");
        }
        // Start arrays always castle with the outermost rooks: X-FEN says KQkq.
        let xfen = board.fen_with(CastlingNotation::XFen).to_string();
        assert!(xfen.contains(" w KQkq - "), "{xfen}");
        assert_eq!(
            board.fen_with(CastlingNotation::Shredder).to_string(),
            board.to_string()
        );
    }
    assert!(Board::chess960_startpos(960).is_none());
}

#[test]
fn double_fischer_random() {
    let board = Board::double_chess960_startpos(0, 959).unwrap();
    let white = chess960_back_rank(0).unwrap();
    let black = chess960_back_rank(959).unwrap();
    let fen = board.to_string();
    let ranks: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
    let letters = |rank: [Piece; 8], upper: bool| -> String {
        rank.iter()
            .map(|p| {
                let c = p.to_char();
                if upper { c.to_ascii_uppercase() } else { c }
            })
            .collect()
    };
    assert_eq!(ranks[0], letters(black, false));
    assert_eq!(ranks[7], letters(white, true));
    assert_eq!(board.castling_rights().rook_squares().len(), 4);
    // Same number on both sides is plain Chess960.
    assert_eq!(
        Board::double_chess960_startpos(77, 77),
        Board::chess960_startpos(77)
    );
    assert!(Board::double_chess960_startpos(0, 960).is_none());
    assert!(Board::double_chess960_startpos(960, 0).is_none());
    // Built through the FEN parser: the hash is the from-scratch one.
    let mirrored = Board::double_chess960_startpos(959, 0).unwrap();
    assert_eq!(
        Board::from_fen_with(&mirrored.to_string(), true)
            .unwrap()
            .hash(),
        mirrored.hash()
    );
}

#[test]
fn xfen_uses_file_letters_for_inner_rooks() {
    for (fen, xfen) in [
        // The long-side right is the inner b1 rook; the outer a1 rook has none.
        (
            "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1",
            "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1",
        ),
        // Both sides' outer rooks: plain KQkq.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ),
        // An inner short rook for Black only.
        (
            "1r3krr/8/8/8/8/8/8/1R3K1R w HBgb - 0 1",
            "1r3krr/8/8/8/8/8/8/1R3K1R w KQgq - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
    ] {
        let board = Board::from_fen_with(fen, true).unwrap();
        assert_eq!(board.fen_with(CastlingNotation::XFen).to_string(), xfen);
        assert_eq!(board.fen_with(CastlingNotation::Shredder).to_string(), fen);
        assert_eq!(Board::from_fen_with(xfen, true).unwrap(), board);
    }
}

#[test]
fn every_suite_position_writes_both_notations() {
    for line in CHESS960
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(" ;").next().unwrap().trim();
        let board = Board::from_fen_with(fen, true).unwrap();
        assert_eq!(board.fen_with(CastlingNotation::Shredder).to_string(), fen);
        let xfen = board.fen_with(CastlingNotation::XFen).to_string();
        assert_eq!(Board::from_fen_with(&xfen, true).unwrap(), board, "{xfen}");
    }
}
