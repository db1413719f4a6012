//! Differential test against shakmaty, an independent move generator.
//!
//! Seeded random games start from the standard position, every position of the standard suite,
//! all 960 Chess960 start positions and the Chess960 suite. In every position the two libraries
//! must agree on the legal moves (as UCI, in both castling conventions, and as SAN), which
//! moves give check, check, the checking pieces, checkmate, stalemate, insufficient material,
//! the Zobrist hash and the FEN in both directions. The default
//! run compares 10,000 positions; `cargo test --release --test differential --
//! --ignored` compares 250,000 (`BITMOVE_DIFF_POSITIONS` and `BITMOVE_DIFF_SEED` override the
//! count and the seed).

use std::collections::HashMap;
use std::time::Instant;

use bitmove::{Board, Move, Status};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

mod common;
use common::{Rng, chess960_start, roots};

fn mode(chess960: bool) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

fn shakmaty_from_fen(fen: &str, chess960: bool) -> Result<Chess, String> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| format!("shakmaty: {e}"))?;
    parsed
        .into_position(mode(chess960))
        .map_err(|e| format!("shakmaty: {e}"))
}

/// Sorted, with the differences spelled out when the two sets are not equal.
fn same_set(what: &str, ours: Vec<String>, theirs: Vec<String>) -> Result<(), String> {
    let (mut ours, mut theirs) = (ours, theirs);
    ours.sort();
    theirs.sort();
    if ours == theirs {
        return Ok(());
    }
    let extra: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
    let missing: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
    Err(format!(
        "{what}: bitmove has {} moves, shakmaty {}; only bitmove: {extra:?}; only shakmaty: {missing:?}",
        ours.len(),
        theirs.len()
    ))
}

/// Everything the two libraries must agree on in one position.
fn compare(ours: &Board, theirs: &Chess, chess960: bool) -> Result<(), String> {
    let moves = ours.legal_moves();
    if moves.len() != ours.count_moves() {
        return Err(format!(
            "legal_moves() has {} moves, count_moves() says {}",
            moves.len(),
            ours.count_moves()
        ));
    }
    let their_moves = theirs.legal_moves();
    // King-takes-rook castling on both sides: the one convention that needs no position.
    same_set(
        "legal moves (king-takes-rook castling)",
        moves.iter().map(Move::to_string).collect(),
        their_moves
            .iter()
            .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
            .collect(),
    )?;
    // The notation each library shows for the board's own mode (`e1g1` in standard chess).
    same_set(
        "legal moves (UCI of the board's mode)",
        moves.iter().map(|m| ours.uci(*m).to_string()).collect(),
        their_moves
            .iter()
            .map(|m| m.to_uci(mode(chess960)).to_string())
            .collect(),
    )?;

    // SAN of every move, with its check or mate suffix; shakmaty's SAN reads back as the move.
    let by_uci: HashMap<String, shakmaty::Move> = their_moves
        .iter()
        .map(|m| (m.to_uci(CastlingMode::Chess960).to_string(), *m))
        .collect();
    for &mv in moves.iter() {
        let m = by_uci[&mv.to_string()];
        let san = ours.san(mv).to_string();
        let their_san = SanPlus::from_move(theirs.clone(), m).to_string();
        if san != their_san {
            return Err(format!("SAN of {mv}: bitmove {san}, shakmaty {their_san}"));
        }
        if ours.parse_san(&their_san) != Ok(mv) {
            return Err(format!(
                "SAN {their_san} reads as {:?}, not {mv}",
                ours.parse_san(&their_san)
            ));
        }
        let mut after = theirs.clone();
        after.play_unchecked(m);
        if ours.gives_check(mv) != after.is_check() {
            return Err(format!("gives_check({mv}) differs"));
        }
    }

    if ours.in_check() != theirs.is_check() || ours.checkers().0 != theirs.checkers().0 {
        return Err(format!(
            "checkers: bitmove {:#x}, shakmaty {:#x}",
            ours.checkers().0,
            theirs.checkers().0
        ));
    }
    let mate = moves.is_empty() && ours.in_check();
    let stalemate = moves.is_empty() && !ours.in_check();
    if mate != theirs.is_checkmate() || stalemate != theirs.is_stalemate() {
        return Err(format!(
            "end of game: bitmove mate={mate} stalemate={stalemate}, shakmaty mate={} stalemate={}",
            theirs.is_checkmate(),
            theirs.is_stalemate()
        ));
    }

    let status = match (theirs.is_checkmate(), theirs.is_stalemate()) {
        (true, _) => Status::Checkmate,
        (_, true) => Status::Stalemate,
        _ => Status::Ongoing,
    };
    if ours.status() != status {
        return Err(format!(
            "status: bitmove {:?}, shakmaty {status:?}",
            ours.status()
        ));
    }
    if ours.is_insufficient_material() != theirs.is_insufficient_material() {
        return Err(format!(
            "insufficient material: bitmove {}, shakmaty {}",
            ours.is_insufficient_material(),
            theirs.is_insufficient_material()
        ));
    }

    let their_hash = theirs
        .zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal)
        .0;
    if ours.hash() != their_hash {
        return Err(format!(
            "hash: bitmove {:#018x}, shakmaty {their_hash:#018x}",
            ours.hash()
        ));
    }

    // Our FEN, read by shakmaty, is the position shakmaty reached by the same moves.
    let fen = ours.to_string();
    let reread = shakmaty_from_fen(&fen, chess960)?;
    if reread != *theirs
        || reread.halfmoves() != theirs.halfmoves()
        || reread.fullmoves() != theirs.fullmoves()
    {
        return Err(format!(
            "our FEN reads as a different position in shakmaty: {}",
            Fen::from_position(&reread, EnPassantMode::Always)
        ));
    }
    let their_ep = theirs
        .ep_square(EnPassantMode::PseudoLegal)
        .map(|s| s.to_string());
    if ours.en_passant().map(|s| s.to_string()) != their_ep {
        return Err(format!(
            "en-passant square: bitmove {:?}, shakmaty {their_ep:?}",
            ours.en_passant()
        ));
    }
    if !chess960 {
        // Same convention for the en-passant field: written when a capture is pseudo-legal.
        let theirs_written = Fen::from_position(theirs, EnPassantMode::PseudoLegal).to_string();
        if fen != theirs_written {
            return Err(format!("FEN text: shakmaty writes {theirs_written}"));
        }
    }
    // And shakmaty's FEN (en-passant square after every double step) reads as our board.
    let their_fen = Fen::from_position(theirs, EnPassantMode::Always).to_string();
    match Board::from_fen_with(&their_fen, chess960) {
        Ok(board) if board == *ours => {}
        Ok(board) => return Err(format!("shakmaty's FEN {their_fen} reads as {board}")),
        Err(e) => return Err(format!("shakmaty's FEN {their_fen} is refused: {e}")),
    }
    Ok(())
}

/// shakmaty's move with the same king-takes-rook UCI as `mv`.
fn find_their_move(theirs: &Chess, mv: Move) -> Option<shakmaty::Move> {
    let key = mv.to_string();
    theirs
        .legal_moves()
        .into_iter()
        .find(|m| m.to_uci(CastlingMode::Chess960).to_string() == key)
}

struct Tally {
    positions: usize,
    games: usize,
    mates: usize,
    stalemates: usize,
    checks: usize,
}

/// Plays random games from the roots in turn until `positions` positions have been compared;
/// panics with the FEN and the move at the first difference.
fn run(positions: usize, seed: u64) -> Tally {
    let roots = roots();
    let mut rng = Rng(seed);
    let mut tally = Tally {
        positions: 0,
        games: 0,
        mates: 0,
        stalemates: 0,
        checks: 0,
    };
    while tally.positions < positions {
        let group = &roots[tally.games % roots.len()];
        let (root, chess960) = &group[rng.below(group.len())];
        let chess960 = *chess960;
        tally.games += 1;
        let mut ours = Board::from_fen_with(root, chess960).unwrap();
        let mut theirs = shakmaty_from_fen(root, chess960).unwrap();
        let mut previous: Option<(String, String)> = None;
        // Long enough to reach endgames with promotions, short enough to visit many roots.
        let plies = 20 + rng.below(180);
        for _ in 0..=plies {
            tally.positions += 1;
            if let Err(why) = compare(&ours, &theirs, chess960) {
                let history = match &previous {
                    Some((fen, mv)) => format!("reached from {fen} by {mv}"),
                    None => "a root position".to_string(),
                };
                panic!(
                    "difference (seed {seed:#x}, game {}) in {ours} ({history}): {why}",
                    tally.games
                );
            }
            let moves = ours.legal_moves();
            if moves.is_empty() {
                if ours.in_check() {
                    tally.mates += 1;
                } else {
                    tally.stalemates += 1;
                }
                break;
            }
            tally.checks += usize::from(ours.in_check());
            let mv = moves[rng.below(moves.len())];
            let their_move = find_their_move(&theirs, mv).unwrap();
            // Their UCI in the board's mode parses back to our move.
            let their_uci = their_move.to_uci(mode(chess960)).to_string();
            assert_eq!(
                ours.parse_uci(&their_uci),
                Ok(mv),
                "{ours}: shakmaty's {their_uci}"
            );
            previous = Some((ours.to_string(), ours.uci(mv).to_string()));
            ours.play(mv).unwrap();
            theirs.play_unchecked(their_move);
        }
    }
    tally
}

fn report(tally: &Tally, seconds: f64) {
    println!(
        "differential: {} positions in {} games compared with shakmaty in {seconds:.2} s ({} checks, {} mates, {} stalemates)",
        tally.positions, tally.games, tally.checks, tally.mates, tally.stalemates
    );
}

#[test]
fn scharnagl_numbering() {
    assert_eq!(
        chess960_start(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        chess960_start(0),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    let distinct: std::collections::HashSet<String> = (0..960).map(chess960_start).collect();
    assert_eq!(distinct.len(), 960);
    // The library's own numbering, written independently, agrees.
    for n in 0..960 {
        let fen = chess960_start(n);
        let board = Board::from_fen_with(&fen, true).unwrap();
        assert_eq!(Board::chess960_startpos(n as u32), Some(board), "{n}");
    }
    assert_eq!(Board::chess960_startpos(960), None);
}

#[test]
fn differences_are_caught() {
    // The comparison itself: equal positions pass, and each kind of difference is reported.
    let start = Board::default();
    assert_eq!(compare(&start, &Chess::default(), false), Ok(()));
    let e4 = shakmaty_from_fen(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        false,
    )
    .unwrap();
    assert!(compare(&start, &e4, false).is_err());
    // Same pieces and moves, different clocks: only the FEN can tell.
    let clocks = shakmaty_from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 9",
        false,
    )
    .unwrap();
    let why = compare(&start, &clocks, false).unwrap_err();
    assert!(why.contains("FEN"), "{why}");
    // Same position, castling rights lost: the move lists still agree, the FEN does not.
    let rights = shakmaty_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", false).unwrap();
    let ours = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(compare(&ours, &rights, false).is_err());
}

#[test]
fn agrees_with_shakmaty_quick() {
    let start = Instant::now();
    let tally = run(10_000, 0x5EED_0001);
    report(&tally, start.elapsed().as_secs_f64());
    assert!(tally.positions >= 10_000);
}

#[test]
#[ignore = "long: 250,000 positions, about half a minute in release"]
fn agrees_with_shakmaty_full() {
    let positions = std::env::var("BITMOVE_DIFF_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(250_000);
    let seed = std::env::var("BITMOVE_DIFF_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(0x5EED_0002);
    let start = Instant::now();
    let tally = run(positions, seed);
    report(&tally, start.elapsed().as_secs_f64());
    assert!(tally.positions >= positions);
}
