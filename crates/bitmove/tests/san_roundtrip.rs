//! SAN: round trip of every legal move of every suite position (and of every position one ply
//! further), exact texts for the tricky cases, agreement with shakmaty's SAN writer, and the
//! lenient reader.

use std::collections::HashSet;

use bitmove::{Board, Move, Piece, SanError, Square, Status};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

const SUITE: &str = include_str!("../../../tests/data/suite.epd");
const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

fn positions(text: &str, chess960: bool) -> Vec<Board> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fen = l.split(" ;").next().unwrap();
            Board::from_fen_with(fen, chess960).unwrap()
        })
        .collect()
}

fn all_positions() -> Vec<Board> {
    let mut boards = positions(SUITE, false);
    boards.extend(positions(CHESS960, true));
    boards
}

/// Checks every legal move of `board`: SAN parses back to the move, SAN texts are distinct,
/// the check suffix agrees with the position after the move. Returns the number of moves.
fn check_round_trip(board: &Board) -> usize {
    let moves = board.legal_moves();
    let mut texts = HashSet::new();
    for &mv in moves.iter() {
        let san = board.san(mv);
        let text = san.to_string();
        assert_eq!(board.parse_san(&text), Ok(mv), "{board}: {mv} as {text}");
        // Without its suffix, too.
        let bare = text.trim_end_matches(['+', '#']);
        assert_eq!(board.parse_san(bare), Ok(mv), "{board}: {bare}");
        assert!(texts.insert(text.clone()), "{board}: {text} twice");

        let mut after = board.clone();
        after.play(mv).unwrap();
        assert_eq!(san.is_check(), after.in_check(), "{board}: {text}");
        assert_eq!(
            san.is_checkmate(),
            after.status() == Status::Checkmate,
            "{board}: {text}"
        );
        assert_eq!(board.gives_check(mv), after.in_check(), "{board}: {text}");
    }
    moves.len()
}

#[test]
fn every_legal_move_round_trips() {
    let mut checked = 0;
    for board in all_positions() {
        checked += check_round_trip(&board);
        // One ply deeper: many more disambiguations, checks and mates.
        for &mv in board.legal_moves().iter() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            checked += check_round_trip(&child);
        }
    }
    assert!(checked > 90_000, "{checked}");
}

/// shakmaty's SAN for a bitmove move.
fn shakmaty_san(board: &Board, mv: Move) -> String {
    let mode = if board.is_chess960() {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let fen: Fen = board.to_string().parse().unwrap();
    let pos: Chess = fen.into_position(mode).unwrap();
    let uci: UciMove = board.uci(mv).to_string().parse().unwrap();
    let m = uci.to_move(&pos).unwrap();
    SanPlus::from_move(pos, m).to_string()
}

#[test]
fn san_agrees_with_shakmaty() {
    let mut checked = 0;
    for root in all_positions() {
        let mut boards = vec![root.clone()];
        for &mv in root.legal_moves().iter() {
            let mut child = root.clone();
            child.play_unchecked(mv);
            boards.push(child);
        }
        for board in boards {
            for &mv in board.legal_moves().iter() {
                assert_eq!(
                    board.san(mv).to_string(),
                    shakmaty_san(&board, mv),
                    "{board}: {mv}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 90_000, "{checked}");
}

fn board(fen: &str) -> Board {
    Board::from_fen_with(fen, false)
        .or_else(|_| Board::from_fen_with(fen, true))
        .unwrap()
}

fn mv(from: Square, to: Square) -> Move {
    Move::new(from, to)
}

#[test]
fn exact_texts() {
    let promote = |from, to, p| Move {
        from,
        to,
        promotion: Some(p),
    };
    let cases: &[(&str, Move, &str)] = &[
        // Disambiguation by file, by rank, by both.
        (
            "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
            mv(Square::B1, Square::D2),
            "Nbd2",
        ),
        (
            "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1",
            mv(Square::A1, Square::A2),
            "R1a2",
        ),
        (
            "6k1/8/8/8/8/Q7/7K/Q1Q5 w - - 0 1",
            mv(Square::A1, Square::B2),
            "Qa1b2",
        ),
        // A pinned twin does not make the move ambiguous.
        (
            "k3r3/8/8/8/8/8/2N1N3/4K3 w - - 0 1",
            mv(Square::C2, Square::D4),
            "Nd4",
        ),
        // Pawns: captures name the file, en passant, promotions, check and mate.
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            mv(Square::E5, Square::D6),
            "exd6",
        ),
        (
            "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
            promote(Square::E7, Square::D8, Piece::Queen),
            "exd8=Q+",
        ),
        (
            "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
            promote(Square::E7, Square::D8, Piece::Knight),
            "exd8=N",
        ),
        (
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            mv(Square::A1, Square::A8),
            "Ra8#",
        ),
        // Castling, standard and Chess960 (king-takes-own-rook inside).
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            mv(Square::E1, Square::H1),
            "O-O",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            mv(Square::E8, Square::A8),
            "O-O-O",
        ),
        (
            "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
            mv(Square::F1, Square::G1),
            "O-O",
        ),
        (
            "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
            mv(Square::B1, Square::A1),
            "O-O-O",
        ),
        (
            "3k4/8/8/8/8/8/8/4K2R w K - 0 1",
            mv(Square::E1, Square::H1),
            "O-O",
        ),
        (
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            mv(Square::E1, Square::H1),
            "O-O+",
        ),
        // King moves and captures.
        (
            "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
            mv(Square::E1, Square::D2),
            "Kxd2",
        ),
    ];
    for &(fen, m, text) in cases {
        let b = board(fen);
        assert_eq!(b.san(m).to_string(), text, "{fen}");
        assert_eq!(b.parse_san(text), Ok(m), "{fen}");
    }
}

#[test]
fn lenient_reading() {
    let b = board("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2");
    let short = mv(Square::E1, Square::H1);
    let long = mv(Square::E1, Square::A1);
    let ep = mv(Square::E5, Square::D6);
    let queen = Move {
        from: Square::B7,
        to: Square::B8,
        promotion: Some(Piece::Queen),
    };
    for (text, expected) in [
        ("O-O", short),
        ("0-0", short),
        ("O-O+", short),
        ("O-O!", short),
        ("0-0-0", long),
        ("O-O-O?!", long),
        ("exd6", ep),
        ("exd6 e.p.", ep),
        ("ed6", ep),
        ("e5d6", ep),
        ("b8=Q", queen),
        ("b8Q", queen),
        ("b8q", queen),
        ("b8=Q+", queen),
        ("b7b8q", queen),
        ("Rh1h7", mv(Square::H1, Square::H7)),
        ("Rh7#", mv(Square::H1, Square::H7)),
        ("Rhxh8", mv(Square::H1, Square::H8)),
        ("Rh8", mv(Square::H1, Square::H8)),
    ] {
        assert_eq!(b.parse_san(text), Ok(expected), "{text}");
    }
}

#[test]
fn strict_errors() {
    let b = board("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2");
    for (text, expected) in [
        ("b8", SanError::Illegal),   // promotion without a piece
        ("e6=Q", SanError::Illegal), // promotion letter on a non-promotion
        ("Kg1", SanError::Illegal),  // castling written as a king move
        ("Kxh1", SanError::Illegal), // ... or as king-takes-rook
        ("Nf3", SanError::Illegal),
        ("d6", SanError::Illegal), // en passant written as a push
        ("xd6", SanError::Syntax),
        ("castle", SanError::Syntax),
        ("", SanError::Syntax),
    ] {
        assert_eq!(b.parse_san(text), Err(expected), "{text}");
    }
    let b = board("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(b.parse_san("Nd2"), Err(SanError::Ambiguous));
    assert_eq!(b.parse_san("N1d2"), Ok(mv(Square::B1, Square::D2)));
    // No castling when the right is gone.
    let b = board("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(b.parse_san("O-O"), Err(SanError::Illegal));
    assert_eq!(b.parse_san("O-O-O"), Err(SanError::Illegal));
}

#[test]
fn hostile_input_never_panics() {
    let b = Board::default();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let alphabet = b"abcdefgh12345678NBRQKPOo0-=x+#!?: .e\xc3\xa9";
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = (state % 9) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|i| alphabet[((state >> (8 + 5 * i)) % alphabet.len() as u64) as usize])
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(m) = b.parse_san(&text) {
            assert!(b.is_legal(m), "{text}");
        }
    }
    // Illegal moves are written as "--", never a panic.
    assert_eq!(b.san(mv(Square::E2, Square::E5)).to_string(), "--");
    assert_eq!(b.san(mv(Square::A1, Square::A1)).to_string(), "--");
}
