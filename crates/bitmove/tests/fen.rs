//! FEN parsing and writing: round-trips, every error variant, hostile input.

use bitmove::{Board, Color, FenError, FenField, PositionError};

const SUITE: &str = include_str!("../../../tests/data/suite.epd");
const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

/// (comment, FEN) of every position of a suite file.
fn positions(text: &str) -> Vec<(&str, &str)> {
    let mut comment = "";
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') {
            comment = line;
        } else {
            out.push((comment, line.split(" ;").next().unwrap()));
        }
    }
    out
}

#[test]
fn suite_fens_round_trip() {
    for (text, chess960) in [(SUITE, false), (CHESS960, true)] {
        for (comment, fen) in positions(text) {
            let board = Board::from_fen_with(fen, chess960).unwrap();
            let written = board.to_string();
            if comment.contains("ep-square-without-capture") {
                // An en-passant square no pawn can use is dropped.
                let mut fields: Vec<&str> = fen.split(' ').collect();
                fields[3] = "-";
                assert_eq!(written, fields.join(" "));
            } else {
                assert_eq!(written, fen);
            }
            let again = Board::from_fen_with(&written, chess960).unwrap();
            assert_eq!(again, board);
            assert_eq!(again.to_string(), written);
        }
    }
}

#[test]
fn castling_notations() {
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let shredder = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1";
    let a: Board = standard.parse().unwrap();
    let b = Board::from_fen(shredder).unwrap();
    assert_eq!(a.castling_rights(), b.castling_rights());
    assert_eq!(b.to_string(), standard);
    let c = Board::from_fen_with(standard, true).unwrap();
    assert_eq!(c.to_string(), shredder);
    // X-FEN: an inner rook named by its file, the outer one by K.
    let x = Board::from_fen_with("4k3/8/8/8/8/8/8/1R1K1RR1 w KB - 0 1", true).unwrap();
    assert_eq!(x.to_string(), "4k3/8/8/8/8/8/8/1R1K1RR1 w GB - 0 1");
}

#[test]
fn missing_counters_default() {
    let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(board, Board::default());
    let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5").unwrap();
    assert_eq!(board.halfmove_clock(), 5);
    assert_eq!(board.fullmove_number(), 1);
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn err(fen: &str) -> FenError {
    match Board::from_fen(fen) {
        Ok(board) => panic!("{fen:?} parsed as {board}"),
        Err(e) => e,
    }
}

#[test]
fn every_error_variant() {
    use FenError::*;
    use PositionError as P;
    let cases: Vec<(String, FenError)> = vec![
        (String::new(), FieldCount { found: 0 }),
        (format!("{START} w KQkq"), FieldCount { found: 3 }),
        (
            format!("{START} w KQkq - 0 1 extra"),
            FieldCount { found: 7 },
        ),
        ("8/8/8/8/8/8/8 w - - 0 1".into(), RankCount { found: 7 }),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            RankLength { rank: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1".into(),
            RankLength { rank: 1 },
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            RankLength { rank: 6 },
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            PieceLetter { found: '9' },
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            PieceLetter { found: 'x' },
        ),
        (format!("{START} x KQkq - 0 1"), SideToMove),
        (format!("{START} w KQkqK - 0 1"), CastlingSyntax),
        (format!("{START} w KX - 0 1"), CastlingSyntax),
        (format!("{START} w KQkq e9 0 1"), EnPassantSyntax),
        (format!("{START} w KQkq e4 0 1"), EnPassantSyntax),
        (format!("{START} w KQkq - -1 1"), HalfmoveClock),
        (format!("{START} w KQkq - x 1"), HalfmoveClock),
        (format!("{START} w KQkq - 0 one"), FullmoveNumber),
        (format!("{START} w KQkq - 0 99999999999"), FullmoveNumber),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            Illegal(P::KingCount(Color::Black)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1".into(),
            Illegal(P::KingCount(Color::White)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w - - 0 1".into(),
            Illegal(P::PawnOnBackRank),
        ),
        (
            "4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/QQQQKQQQ w - - 0 1".into(),
            Illegal(P::TooManyPieces(Color::White)),
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1".into(),
            Illegal(P::TooManyPieces(Color::Black)),
        ),
        (
            "4k3/8/8/8/4Q3/8/8/4K3 w - - 0 1".into(),
            Illegal(P::OpponentInCheck),
        ),
        (
            "4k3/8/8/4r3/8/3n1n2/8/4K3 w - - 0 1".into(),
            Illegal(P::TooManyCheckers),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1".into(),
            Illegal(P::CastlingRights),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R2K3R w K - 0 1".into(),
            Illegal(P::CastlingRights),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1".into(),
            Illegal(P::CastlingRights),
        ),
        (
            "r3k2r/8/8/8/8/8/8/RR2K2R w B - 0 1".into(),
            Illegal(P::CastlingRights),
        ),
        (format!("{START} w KQkq e6 0 1"), Illegal(P::EnPassant)),
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1".into(),
            Illegal(P::EnPassant),
        ),
        (
            "4k3/8/8/8/4P3/8/4P3/4K3 b - e3 0 1".into(),
            Illegal(P::EnPassant),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(err(&fen), expected, "{fen:?}");
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn errors_name_their_field() {
    assert_eq!(
        err(&format!("{START} w KQkq - x 1")).field(),
        Some(FenField::HalfmoveClock)
    );
    let message = err(&format!("{START} w KQkq - x 1")).to_string();
    assert!(message.contains("halfmove clock"), "{message}");
    assert_eq!(err("").field(), None);
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1").field(),
        Some(FenField::Castling)
    );
}

#[test]
fn hostile_input_never_panics() {
    let long = "8/".repeat(1_000_000);
    let inputs = [
        "\0\0\0\0",
        "🦀🦀🦀 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \u{202e}",
        "/////// w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "K7/8/8/8/8/8/8/7k w - - 18446744073709551616 1",
        "K7/8/8/8/8/8/8/7k w ÄÖ - 0 1",
        "K7/8/8/8/8/8/8/7k w - é3 0 1",
        long.as_str(),
    ];
    for input in inputs {
        assert!(Board::from_fen(input).is_err());
        assert!(Board::from_fen_with(input, true).is_err());
    }
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let junk = String::from_utf8_lossy(&bytes);
    assert!(Board::from_fen(&junk).is_err());
}
