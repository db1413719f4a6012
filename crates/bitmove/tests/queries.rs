//! Position queries: attackers, checks, status, draws by material and by the fifty-move rule,
//! the null move, and the captures/quiets split, over every suite position and hand-picked
//! cases.

use std::collections::HashSet;

use bitmove::{Bitboard, Board, Color, Move, Piece, Square, Status};

const SUITE: &str = include_str!("../../../tests/data/suite.epd");
const CHESS960: &str = include_str!("../../../tests/data/chess960.epd");

/// Every suite position with its depth-1 perft.
fn positions() -> Vec<(Board, u64)> {
    let parse = |text: &'static str, chess960: bool| {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(move |l| {
                let mut parts = l.split(" ;");
                let board = Board::from_fen_with(parts.next().unwrap(), chess960).unwrap();
                let d1 = parts.next().unwrap().trim().strip_prefix("D1 ").unwrap();
                (board, d1.parse().unwrap())
            })
    };
    parse(SUITE, false).chain(parse(CHESS960, true)).collect()
}

/// The slow way: walk each ray from `square` until a blocker, for every piece of `color`.
fn attackers_slow(board: &Board, square: Square, color: Color) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    let (f, r) = (square.file() as i8, square.rank() as i8);
    let on = |df: i8, dr: i8| square.offset(df, dr);
    let is = |sq: Square, pieces: &[Piece]| {
        board.color_on(sq) == Some(color) && board.piece_on(sq).is_some_and(|p| pieces.contains(&p))
    };
    for (df, dr) in [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ] {
        if let Some(sq) = on(df, dr).filter(|&sq| is(sq, &[Piece::Knight])) {
            found |= sq;
        }
    }
    for df in -1..=1 {
        for dr in -1..=1 {
            if let Some(sq) = on(df, dr).filter(|&sq| sq != square && is(sq, &[Piece::King])) {
                found |= sq;
            }
        }
    }
    // A white pawn attacks from one rank below, a black one from one rank above.
    let behind = if color == Color::White { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(sq) = on(df, behind).filter(|&sq| is(sq, &[Piece::Pawn])) {
            found |= sq;
        }
    }
    let rays = [
        ((1, 0), Piece::Rook),
        ((-1, 0), Piece::Rook),
        ((0, 1), Piece::Rook),
        ((0, -1), Piece::Rook),
        ((1, 1), Piece::Bishop),
        ((1, -1), Piece::Bishop),
        ((-1, 1), Piece::Bishop),
        ((-1, -1), Piece::Bishop),
    ];
    for ((df, dr), slider) in rays {
        let (mut x, mut y) = (f + df, r + dr);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let sq = Square::new(
                bitmove::File::ALL[x as usize],
                bitmove::Rank::ALL[y as usize],
            );
            if board.piece_on(sq).is_some() {
                if is(sq, &[slider, Piece::Queen]) {
                    found |= sq;
                }
                break;
            }
            x += df;
            y += dr;
        }
    }
    found
}

#[test]
fn attackers_match_a_ray_walk() {
    for (board, _) in positions() {
        for square in Square::ALL {
            for color in Color::ALL {
                let fast = board.attackers_to(square, color);
                assert_eq!(
                    fast,
                    attackers_slow(&board, square, color),
                    "{board} {square}"
                );
                assert_eq!(board.is_attacked(square, color), !fast.is_empty());
            }
        }
        let us = board.side_to_move();
        assert_eq!(board.attackers_to(board.king(us), !us), board.checkers());
    }
}

#[test]
fn status_agrees_with_perft() {
    let mut terminal = 0;
    for (board, d1) in positions() {
        let expected = match (d1, board.in_check()) {
            (0, true) => Status::Checkmate,
            (0, false) => Status::Stalemate,
            _ => Status::Ongoing,
        };
        assert_eq!(board.status(), expected, "{board}");
        assert_eq!(board.has_legal_moves(), d1 > 0);
        terminal += (d1 == 0) as usize;
    }
    assert!(terminal > 0);
}

#[test]
fn captures_and_quiets_partition_the_legal_moves() {
    for (board, _) in positions() {
        let all: HashSet<Move> = board.legal_moves().iter().copied().collect();
        let captures: HashSet<Move> = board.captures().iter().copied().collect();
        let quiets: HashSet<Move> = board.quiets().iter().copied().collect();
        assert_eq!(captures.len() + quiets.len(), all.len(), "{board}");
        assert_eq!(&captures | &quiets, all, "{board}");
        let them = !board.side_to_move();
        for mv in &captures {
            let en_passant =
                board.piece_on(mv.from) == Some(Piece::Pawn) && board.en_passant() == Some(mv.to);
            assert!(
                board.color_on(mv.to) == Some(them) || en_passant,
                "{board}: {mv}"
            );
        }
        for mv in &quiets {
            assert_ne!(board.color_on(mv.to), Some(them), "{board}: {mv}");
            assert!(!board.san(*mv).is_capture(), "{board}: {mv}");
        }
    }
}

#[test]
fn capture_promotions_come_four_each() {
    let board: Board = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    let captures = board.captures();
    assert_eq!(captures.len(), 4);
    assert!(
        captures
            .iter()
            .all(|m| m.to == Square::B8 && m.promotion.is_some())
    );
    assert_eq!(
        board
            .quiets()
            .iter()
            .filter(|m| m.promotion.is_some())
            .count(),
        4
    );
}

#[test]
fn castling_is_quiet() {
    let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let quiets = board.quiets();
    assert!(quiets.contains(&Move::new(Square::E1, Square::H1)));
    assert!(quiets.contains(&Move::new(Square::E1, Square::A1)));
    assert_eq!(board.captures().len(), 2); // Rxa8+, Rxh8+
}

#[test]
fn gives_check_in_every_way() {
    let cases = [
        // Direct, discovered, double.
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", true),
        ("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", true),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1b1", false),
        // En passant: no check, then one that uncovers a bishop's diagonal.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", false),
        ("7k/8/8/3pP3/8/8/8/B5K1 w - d6 0 2", "e5d6", true),
        // En passant that empties a rank between rook and king.
        ("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2", "e5d6", true),
        // Castling whose rook checks.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true),
        // Promotion to a knight that checks.
        ("8/4P3/8/3k4/8/8/8/4K3 w - - 0 1", "e7e8n", false),
        ("8/4P3/5k2/8/8/8/8/4K3 w - - 0 1", "e7e8n", true),
    ];
    for (fen, uci, expected) in cases {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        assert_eq!(board.gives_check(mv), expected, "{fen} {uci}");
    }
}

#[test]
fn insufficient_material() {
    for (fen, expected) in [
        ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/4KN2/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/4KB2/8/8 w - - 0 1", true),
        // Bishops, any number, all on one colour of square.
        ("8/8/4k3/8/2b5/3B4/4K3/8 w - - 0 1", true),
        ("8/8/4k3/8/2b5/4B3/4K3/8 w - - 0 1", false),
        ("8/8/4kb2/8/8/3B1B2/4K3/8 w - - 0 1", false),
        // Two knights, or knight against anything, can mate (with help).
        ("8/8/4k3/8/8/4KNN1/8/8 w - - 0 1", false),
        ("8/8/4kn2/8/8/4KN2/8/8 w - - 0 1", false),
        ("8/8/4kb2/8/8/4KN2/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/4KP2/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/4KR2/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/4Kq2/8/8 w - - 0 1", false),
    ] {
        let board: Board = fen.parse().unwrap();
        assert_eq!(board.is_insufficient_material(), expected, "{fen}");
    }
}

#[test]
fn fifty_move_rule() {
    let draw: Board = "8/8/4k3/8/8/3RK3/8/8 b - - 100 80".parse().unwrap();
    assert!(draw.is_fifty_move_draw());
    let early: Board = "8/8/4k3/8/8/3RK3/8/8 b - - 99 80".parse().unwrap();
    assert!(!early.is_fifty_move_draw());
    // Mate on the hundredth ply wins instead.
    let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80".parse().unwrap();
    assert_eq!(mated.status(), Status::Checkmate);
    assert!(!mated.is_fifty_move_draw());
}

#[test]
fn null_move() {
    for (board, _) in positions() {
        let Some(passed) = board.null_move() else {
            assert!(board.in_check(), "{board}");
            continue;
        };
        assert!(!board.in_check());
        assert_eq!(passed.side_to_move(), !board.side_to_move());
        assert_eq!(passed.en_passant(), None);
        assert!(!passed.in_check(), "{board}");
        // Hash, pins and checkers equal those of the same position parsed afresh.
        let fresh = Board::from_fen_with(&passed.to_string(), board.is_chess960()).unwrap();
        assert_eq!(passed.hash(), fresh.hash(), "{board}");
        assert_eq!(passed.pinned(), fresh.pinned(), "{board}");
        assert_eq!(passed, fresh, "{board}");
        // Passing twice restores the position (but for the clocks).
        if let Some(back) = passed.null_move()
            && board.en_passant().is_none()
        {
            assert_eq!(back.hash(), board.hash());
        }
    }
}
