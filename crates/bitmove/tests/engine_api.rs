//! The engine toolkit against plain make-and-test: 16-bit moves over every value, gives_check
//! and key_after without making the move, what a move changed, and generation by kind.

mod common;

use std::collections::BTreeSet;

use bitmove::{Board, Color, Move, Piece, PieceMoves, Square};
use common::{CHESS960, SUITE, board, random_positions};

/// The suite positions (standard and Chess960), and positions from random games.
fn positions() -> Vec<Board> {
    let mut all: Vec<Board> = Vec::new();
    for (text, chess960) in [(SUITE, false), (CHESS960, true)] {
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fen = line.split(';').next().unwrap().trim();
            all.push(board(fen, chess960));
        }
    }
    all.extend(random_positions(400, 120, 29));
    all
}

fn made(board: &Board, mv: Move) -> Board {
    let mut child = board.clone();
    child.play_unchecked(mv);
    child
}

#[test]
fn every_16_bit_value_is_a_legal_move_exactly_when_it_packs_one() {
    let mut checked = 0;
    for board in positions().iter().step_by(3) {
        let legal: BTreeSet<u16> = board.legal_moves().iter().map(|mv| mv.to_u16()).collect();
        assert_eq!(
            legal.len(),
            board.legal_moves().len(),
            "packing is one to one"
        );
        for value in 0..=u16::MAX {
            let back = board.move_from_u16(value);
            assert_eq!(
                back.is_some(),
                legal.contains(&value),
                "{board} {value:#06x}"
            );
            if let Some(mv) = back {
                assert_eq!(mv.to_u16(), value);
                assert!(board.legal_moves().contains(&mv));
            }
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn a_packed_move_is_never_zero_and_unpacks_to_itself() {
    for from in Square::ALL {
        for to in Square::ALL {
            for promotion in [
                None,
                Some(Piece::Knight),
                Some(Piece::Bishop),
                Some(Piece::Rook),
            ]
            .into_iter()
            .chain([Some(Piece::Queen), Some(Piece::King), Some(Piece::Pawn)])
            {
                let mv = Move {
                    from,
                    to,
                    promotion,
                };
                assert_ne!(mv.to_u16(), 0);
            }
        }
    }
    let board = Board::default();
    assert_eq!(board.move_from_u16(0), None);
    assert_eq!(board.move_from_u16(u16::MAX), None);
}

#[test]
fn gives_check_equals_make_and_test() {
    let (mut moves, mut checks) = (0, 0);
    for board in positions() {
        for mv in board.legal_moves() {
            let expected = made(&board, mv).in_check();
            assert_eq!(board.gives_check(mv), expected, "{board} {mv}");
            moves += 1;
            checks += usize::from(expected);
        }
    }
    assert!(
        moves > 10_000 && checks > 300,
        "{moves} moves, {checks} checks"
    );
}

#[test]
fn gives_check_in_the_special_cases() {
    let cases = [
        ("8/8/8/1k6/2pP4/8/8/5B1K b - d3 0 1", "c4d3", false),
        ("4k3/8/8/3pP3/8/8/8/B3K3 w - d6 0 2", "e5d6", false),
        ("7k/8/8/3pP3/8/8/8/B3K3 w - d6 0 2", "e5d6", true), // the a1 bishop sees h8
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", false),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", true), // the rook lands on d1
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", true), // and on f1
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", true),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", false),
        ("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", false),
        ("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8r", true),
        ("1k6/8/8/8/8/8/8/1N2K3 w - - 0 1", "b1c3", false),
        ("1k6/8/8/8/8/8/1N6/1R2K3 w - - 0 1", "b2c4", true), // discovered by the knight
    ];
    for (fen, uci, expected) in cases {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        assert_eq!(board.gives_check(mv), expected, "{fen} {uci}");
        assert_eq!(made(&board, mv).in_check(), expected, "{fen} {uci} (made)");
    }
}

#[test]
fn key_after_is_the_childs_key() {
    for board in positions() {
        for mv in board.legal_moves() {
            assert_eq!(board.key_after(mv), made(&board, mv).hash(), "{board} {mv}");
        }
    }
}

fn placement(board: &Board) -> BTreeSet<(u8, u8, u8)> {
    let mut set = BTreeSet::new();
    for color in Color::ALL {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                set.insert((
                    color.index() as u8,
                    piece.index() as u8,
                    square.index() as u8,
                ));
            }
        }
    }
    set
}

#[test]
fn a_move_delta_turns_the_placement_before_into_the_one_after() {
    let mut castles = 0;
    for board in positions() {
        for mv in board.legal_moves() {
            let mut child = board.clone();
            let delta = child.play_with_delta(mv);
            assert_eq!(child, made(&board, mv));
            let mut set = placement(&board);
            for &(c, p, s) in delta.removed() {
                let key = (c.index() as u8, p.index() as u8, s.index() as u8);
                assert!(set.remove(&key), "{board} {mv}: {key:?} was not there");
            }
            for &(c, p, s) in delta.added() {
                let key = (c.index() as u8, p.index() as u8, s.index() as u8);
                assert!(set.insert(key), "{board} {mv}: {key:?} was there already");
            }
            assert_eq!(set, placement(&child), "{board} {mv}");
            castles += usize::from(delta.added().len() == 2);
        }
    }
    assert!(castles > 20, "{castles}");
}

fn flattened(
    board: &Board,
    generate: impl Fn(&Board, &mut dyn FnMut(PieceMoves) -> bool) -> bool,
) -> Vec<Move> {
    let mut out = Vec::new();
    generate(board, &mut |moves| {
        out.extend(moves);
        false
    });
    out.sort_by_key(|mv| mv.to_u16());
    out
}

#[test]
fn captures_and_quiets_partition_the_legal_moves() {
    for board in positions() {
        let captures = flattened(&board, |b, f| b.generate_captures(f));
        let quiets = flattened(&board, |b, f| b.generate_quiets(f));
        let mut all: Vec<Move> = board.legal_moves().to_vec();
        all.sort_by_key(|mv| mv.to_u16());
        let mut both: Vec<Move> = captures.iter().chain(&quiets).copied().collect();
        both.sort_by_key(|mv| mv.to_u16());
        assert_eq!(both, all, "{board}");
        let mut listed: Vec<Move> = board.captures().to_vec();
        listed.sort_by_key(|mv| mv.to_u16());
        assert_eq!(listed, captures, "{board}");
        for mv in &captures {
            let takes = board.color_on(mv.to) == Some(!board.side_to_move())
                || (board.piece_on(mv.from) == Some(Piece::Pawn)
                    && board.en_passant() == Some(mv.to));
            assert!(takes, "{board} {mv}");
        }
        // Stopping early stops.
        let mut calls = 0;
        let stopped = board.generate_captures(|_| {
            calls += 1;
            true
        });
        assert_eq!(stopped, !captures.is_empty());
        assert!(calls <= 1);
    }
}

/// A random move among those `prefer` picks, or (one time in `one_in`, or when it picks
/// none) among all of `moves`, which is not empty.
fn pick_preferring(
    rng: &mut common::Rng,
    moves: &[Move],
    one_in: usize,
    prefer: impl Fn(&Move) -> bool,
) -> Move {
    let preferred: Vec<Move> = moves.iter().copied().filter(|mv| prefer(mv)).collect();
    let pool = if preferred.is_empty() || rng.below(one_in) == 0 {
        moves
    } else {
        &preferred
    };
    pool[rng.below(pool.len())]
}

/// Repetitions counted the slow way: every earlier position on the path with the same side
/// to move, placement, castling rights and legal en-passant captures, since the last capture
/// or pawn move.
fn slow_repetitions(path: &[Board]) -> usize {
    let last = path.last().unwrap();
    let same = |a: &Board, b: &Board| {
        let ep_moves = |board: &Board| -> Vec<Move> {
            board
                .legal_moves()
                .into_iter()
                .filter(|mv| {
                    board.piece_on(mv.from) == Some(Piece::Pawn)
                        && board.en_passant() == Some(mv.to)
                        && mv.from.file() != mv.to.file()
                })
                .collect()
        };
        Color::ALL.iter().all(|&c| {
            Piece::ALL
                .iter()
                .all(|&p| a.colored_pieces(c, p) == b.colored_pieces(c, p))
        }) && a.side_to_move() == b.side_to_move()
            && a.castling_rights() == b.castling_rights()
            && ep_moves(a) == ep_moves(b)
    };
    let window = last.halfmove_clock() as usize;
    path.iter()
        .rev()
        .take(window + 1)
        .filter(|b| same(b, last))
        .count()
}

#[test]
fn key_history_counts_repetitions_like_the_slow_comparison() {
    let mut rng = common::Rng(7);
    let mut repeated = 0;
    for game in 0..300 {
        // Knights and kings shuffling from a few roots repeat often; pawn moves reset.
        let roots = [
            "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
            "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2",
        ];
        let mut board: Board = roots[game % roots.len()].parse().unwrap();
        let mut path = vec![board.clone()];
        let mut history = bitmove::KeyHistory::new();
        history.push(&board);
        for _ in 0..40 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer king and knight moves, so positions recur.
            let mv = pick_preferring(&mut rng, &moves, 10, |mv| {
                matches!(board.piece_on(mv.from), Some(Piece::King | Piece::Knight))
            });
            board.play_unchecked(mv);
            path.push(board.clone());
            history.push(&board);
            let expected = slow_repetitions(&path);
            assert_eq!(history.repetitions(), expected, "{board}");
            repeated += usize::from(expected > 1);
            if rng.below(5) == 0 {
                // Take a move back and play on from there.
                history.pop();
                path.pop();
                board = path.last().unwrap().clone();
                assert_eq!(history.repetitions(), slow_repetitions(&path));
            }
        }
    }
    assert!(repeated > 100, "{repeated}");
}

#[test]
fn upcoming_repetition_equals_trying_every_move() {
    let mut rng = common::Rng(11);
    let (mut upcoming, mut not) = (0, 0);
    for game in 0..240 {
        // Sliders, knights and kings shuffling; castling rights a king or rook move would
        // lose; a pinned piece whose move back would be illegal; a side in check.
        let roots = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/4r3/8/8/4B3/8/4K1N1 w - - 0 1",
            "3qk3/8/8/8/8/8/3Q4/2B1K1N1 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "1k6/1b6/8/8/4N3/8/8/R5K1 b - - 0 1",
            "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2",
        ];
        let mut board: Board = roots[game % roots.len()].parse().unwrap();
        let mut path = vec![board.clone()];
        let mut history = bitmove::KeyHistory::new();
        history.push(&board);
        for _ in 0..30 {
            let moves = board.legal_moves();
            // The oracle: make every legal move and count the child's repetitions on the path
            // by comparing whole positions (no keys).
            let expected = moves.iter().any(|&mv| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                path.push(child);
                let repeats = slow_repetitions(&path) > 1;
                path.pop();
                repeats
            });
            assert_eq!(history.upcoming_repetition(&board), expected, "{board}");
            if expected {
                upcoming += 1;
            } else {
                not += 1;
            }
            if moves.is_empty() {
                break;
            }
            // No pawn move, capture or castling (the king takes its own rook).
            let mv = pick_preferring(&mut rng, &moves, 12, |mv| {
                board.piece_on(mv.from) != Some(Piece::Pawn) && !board.occupied().has(mv.to)
            });
            board.play_unchecked(mv);
            path.push(board.clone());
            history.push(&board);
        }
    }
    assert!(
        upcoming > 300 && not > 300,
        "{upcoming} upcoming, {not} not"
    );
}
