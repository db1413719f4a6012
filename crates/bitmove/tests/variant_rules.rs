//! One test per rule that variant implementations get wrong (the list in
//! `tests/data/variants/README.md`), each on a hand-made position, plus the variant keys,
//! FEN round trips, hostile FENs and UCI errors. Every expected FEN, move set and outcome
//! was computed with python-chess 1.11.2 (`chess.variant`) and is written here as it gave it.

use bitmove::variant::{Variant, VariantMove, VariantOutcome, VariantPosition, perft};
use bitmove::{Color, FenError, Piece, PositionError, Square, UciError};

fn pos(variant: Variant, fen: &str) -> VariantPosition {
    VariantPosition::from_fen(variant, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// Plays UCI moves, each checked legal.
fn play(pos: &mut VariantPosition, moves: &str) {
    for uci in moves.split_whitespace() {
        let mv = pos
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{pos:?}: {uci}: {e}"));
        pos.play(mv).unwrap();
    }
}

fn after(variant: Variant, fen: &str, moves: &str) -> VariantPosition {
    let mut p = pos(variant, fen);
    play(&mut p, moves);
    p
}

/// The legal moves in UCI, sorted (python-chess's `sorted(b.uci(m) for m in b.legal_moves)`),
/// after checking that counting and perft agree with the list.
fn legal(pos: &VariantPosition) -> Vec<String> {
    let list = pos.legal_moves();
    assert_eq!(pos.count_moves(), list.len() as u64, "{pos:?}: count_moves");
    assert_eq!(perft(pos, 1), list.len() as u64, "{pos:?}: perft 1");
    let mut moves: Vec<String> = list.iter().map(|&m| pos.uci(m).to_string()).collect();
    moves.sort();
    moves
}

fn fen(pos: &VariantPosition) -> String {
    pos.fen().to_string()
}

// ---------------------------------------------------------------------------------------
// Atomic
// ---------------------------------------------------------------------------------------

/// Bxd5: the bishop, the queen and every non-pawn on the eight squares around d5 (both
/// sides' pieces: the knights on c6 and d4, the rook on d6, the bishop on e6) vanish; the
/// pawns on c5, e5 and c4 stay.
#[test]
fn atomic_explosion_spares_only_pawns() {
    let p = after(
        Variant::Atomic,
        "4k3/8/2nrb3/2Pqp3/2pNB3/8/8/4K3 w - - 0 1",
        "e4d5",
    );
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "4k3/8/8/2P1p3/2p5/8/8/4K3 b - - 0 1");
    assert_eq!(
        legal(&p),
        ["c4c3", "e5e4", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
}

/// exd6 en passant explodes around d6, where the pawn lands (the knight on c7, the bishop
/// on e7, the rook on c5), not around d5, where the captured pawn stood: the knight on d4,
/// next to d5 only, survives.
#[test]
fn atomic_en_passant_explodes_around_the_destination() {
    let p = after(
        Variant::Atomic,
        "4k3/2npb3/8/2r1P3/3N4/8/8/4K3 b - - 0 1",
        "d7d5 e5d6",
    );
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "4k3/8/8/8/3N4/8/8/4K3 b - - 0 2");
    assert_eq!(legal(&p), ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
    // python-chess: insufficient material (a lone knight cannot explode a king).
    assert_eq!(p.outcome(), Some(VariantOutcome::InsufficientMaterial));
}

/// The rook on e8 attacks the white king, but the kings touch: no check, and the king may
/// step onto e2 and e4 (on the rook's file) as long as it keeps touching the black king.
#[test]
fn atomic_adjacent_kings_cancel_check() {
    let p = pos(Variant::Atomic, "4r3/8/8/8/8/3kK3/8/8 w - - 0 1");
    assert!(!p.is_check());
    // python-chess 1.11.2:
    assert_eq!(
        legal(&p),
        ["e3d2", "e3d4", "e3e2", "e3e4", "e3f2", "e3f3", "e3f4"]
    );
}

/// Rxd5 would explode the white king on c4 and the black king on e6 together: illegal.
#[test]
fn atomic_exploding_both_kings_is_illegal() {
    let p = pos(Variant::Atomic, "8/8/4k3/3n4/2K5/8/8/3R4 w - - 0 1");
    // python-chess 1.11.2:
    assert_eq!(
        legal(&p),
        [
            "c4b3", "c4b5", "c4c5", "c4d3", "c4d4", "d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1d4",
            "d1e1", "d1f1", "d1g1", "d1h1"
        ]
    );
    let rxd5 = p.parse_uci("d1d5");
    assert_eq!(rxd5, Err(UciError::Illegal));
}

/// Bxg7 explodes the rook on h8: Black loses the kingside right (and cannot castle there).
#[test]
fn atomic_castling_right_goes_with_exploded_rook() {
    let p = after(
        Variant::Atomic,
        "r3k2r/6b1/8/8/8/8/1B6/R3K2R w KQkq - 0 1",
        "b2g7",
    );
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1");
    assert_eq!(
        legal(&p),
        [
            "a8a1", "a8a2", "a8a3", "a8a4", "a8a5", "a8a6", "a8a7", "a8b8", "a8c8", "a8d8", "e8c8",
            "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Crazyhouse
// ---------------------------------------------------------------------------------------

/// In check from the rook on e8, White may drop only between (e2 to e7), never elsewhere.
#[test]
fn crazyhouse_drop_blocks_single_check() {
    let p = pos(Variant::Crazyhouse, "4r1k1/8/8/8/8/8/8/4K3[Nn] w - - 0 1");
    assert!(p.is_check());
    // python-chess 1.11.2:
    assert_eq!(
        legal(&p),
        [
            "N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "e1d1", "e1d2", "e1f1", "e1f2"
        ]
    );
}

/// In double check (rook e8 and bishop b4) no drop helps, whatever the pocket holds.
#[test]
fn crazyhouse_no_drop_in_double_check() {
    let p = pos(
        Variant::Crazyhouse,
        "4r1k1/8/8/8/1b6/8/8/4K3[QRBNPqrbnp] w - - 0 1",
    );
    assert!(p.is_check());
    // python-chess 1.11.2:
    assert_eq!(legal(&p), ["e1d1", "e1f1", "e1f2"]);
}

/// A pawn in the pocket may go to the second to seventh ranks only.
#[test]
fn crazyhouse_no_pawn_drop_on_back_ranks() {
    let p = pos(Variant::Crazyhouse, "k7/8/8/8/8/8/8/7K[P] w - - 0 1");
    let mut expected: Vec<String> = Vec::new();
    for file in 'a'..='h' {
        for rank in 2..=7 {
            expected.push(format!("P@{file}{rank}"));
        }
    }
    expected.extend(["h1g1", "h1g2", "h1h2"].map(String::from));
    // python-chess 1.11.2: the 48 drops on ranks 2-7 and 3 king moves (51 moves).
    assert_eq!(legal(&p), expected);
    for square in ["a1", "h8", "e8", "d1"] {
        assert_eq!(p.parse_uci(&format!("P@{square}")), Err(UciError::Illegal));
    }
}

/// A promoted queen is written `Q~`; captured, it goes to the captor's pocket as a pawn,
/// which may then be dropped as one.
#[test]
fn crazyhouse_promoted_piece_returns_as_pawn() {
    let mut p = pos(Variant::Crazyhouse, "r5k1/4P3/8/8/8/8/8/3K4[] w - - 0 1");
    play(&mut p, "e7e8q");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "r3Q~1k1/8/8/8/8/8/8/3K4[] b - - 0 1");
    assert_eq!(p.promoted(), Square::E8.bitboard());
    assert_eq!(legal(&p), ["a8e8", "g8g7", "g8h7"]);
    play(&mut p, "a8e8");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "4r1k1/8/8/8/8/8/8/3K4[p] w - - 0 2");
    assert_eq!(legal(&p), ["d1c1", "d1c2", "d1d2"]);
    assert_eq!(p.pocket(Color::Black).count(Piece::Pawn), 1);
    assert_eq!(p.pocket(Color::Black).count(Piece::Queen), 0);
    assert!(p.promoted().is_empty());

    // A marked queen read from FEN, taken by a knight, then dropped back as a pawn.
    let mut p = pos(Variant::Crazyhouse, "4k3/8/8/3Q~4/8/2n5/8/4K3[] b - - 0 1");
    play(&mut p, "c3d5");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "4k3/8/8/3n4/8/8/8/4K3[p] w - - 0 2");
    play(&mut p, "e1e2 P@d3");
    // python-chess 1.11.2 (a drop advances the halfmove clock):
    assert_eq!(fen(&p), "4k3/8/8/3n4/8/3p4/4K3/8[] w - - 2 3");
    assert!(p.is_check());
    assert_eq!(
        legal(&p),
        ["e2d1", "e2d2", "e2d3", "e2e1", "e2f1", "e2f2", "e2f3"]
    );
}

/// A promoted rook that castles leaves no `~` mark behind on its empty start square
/// (python-chess drops the mark with the move); a piece dropped there later is no promoted
/// piece. (Only a FEN can give a promoted rook a castling right.)
#[test]
fn crazyhouse_castling_leaves_no_promoted_mark() {
    let mut p = pos(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/R~3K3[N] w Q - 0 1");
    play(&mut p, "e1c1");
    // python-chess 1.11.2 (no promoted square left):
    assert_eq!(fen(&p), "4k3/8/8/8/8/8/8/2KR4[N] b - - 1 1");
    assert!(p.promoted().is_empty(), "{:?}", p.promoted());
    assert_eq!(p.hash(), pos(Variant::Crazyhouse, &fen(&p)).hash());
    play(&mut p, "e8e7 N@a1");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "8/4k3/8/8/8/8/8/N1KR4[] b - - 3 2");
}

/// A marked pawn taken en passant takes its mark along: a knight dropped where it stood is
/// no promoted piece. (Only a FEN can mark a pawn.)
#[test]
fn crazyhouse_en_passant_leaves_no_promoted_mark() {
    let mut p = pos(Variant::Crazyhouse, "4k3/8/8/3p~P3/8/8/8/4K3[N] w - d6 0 1");
    play(&mut p, "e5d6");
    // python-chess 1.11.2 (no promoted square left):
    assert_eq!(fen(&p), "4k3/8/3P4/8/8/8/8/4K3[NP] b - - 0 1");
    assert!(p.promoted().is_empty(), "{:?}", p.promoted());
    play(&mut p, "e8f7 N@d5");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "8/5k2/3P4/3N4/8/8/8/4K3[P] b - - 2 2");
}

// ---------------------------------------------------------------------------------------
// Horde
// ---------------------------------------------------------------------------------------

/// The pawn on a1 may step to a2 or a3 (and take on b2); its two-square step gives Black no
/// en-passant square, so b3xa2 is no move.
#[test]
fn horde_first_rank_double_step_without_en_passant() {
    let p = pos(Variant::Horde, "4k3/8/8/8/8/8/1p6/P7 w - - 0 1");
    // python-chess 1.11.2:
    assert_eq!(legal(&p), ["a1a2", "a1a3", "a1b2"]);

    let p = after(Variant::Horde, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1a3");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "4k3/8/8/8/8/Pp6/8/8 b - - 0 1");
    assert_eq!(p.board().en_passant(), None);
    assert_eq!(legal(&p), ["b3b2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
}

// ---------------------------------------------------------------------------------------
// Racing kings
// ---------------------------------------------------------------------------------------

/// No move may give check: not Nc4 (a direct check on a5), and no move of the knight on a2,
/// which would uncover the rook on a1.
#[test]
fn racing_kings_forbids_checks_discovered_too() {
    let p = pos(Variant::RacingKings, "8/8/8/k7/8/4N3/N7/R4K2 w - - 0 1");
    // python-chess 1.11.2 (its pseudo-legal moves that give check: e3c4, a2b4, a2c3, a2c1):
    assert_eq!(
        legal(&p),
        [
            "a1b1", "a1c1", "a1d1", "a1e1", "e3c2", "e3d1", "e3d5", "e3f5", "e3g2", "e3g4", "f1e1",
            "f1e2", "f1f2", "f1g1", "f1g2"
        ]
    );
    for uci in ["e3c4", "a2b4", "a2c3", "a2c1"] {
        assert_eq!(p.parse_uci(uci), Err(UciError::Illegal), "{uci}");
    }
}

/// White reaches the eighth rank first; Black, one step from it, gets one move: reaching it
/// draws, anything else loses. A Black king two steps away loses at once.
#[test]
fn racing_kings_black_gets_one_move_to_draw() {
    let start = "8/k5K1/8/8/8/8/8/8 w - - 0 1";
    let p = after(Variant::RacingKings, start, "g7g8");
    // python-chess 1.11.2: the game goes on.
    assert_eq!(fen(&p), "6K1/k7/8/8/8/8/8/8 b - - 1 1");
    assert!(!p.is_variant_end());
    assert_eq!(p.outcome(), None);
    assert_eq!(legal(&p), ["a7a6", "a7a8", "a7b6", "a7b7", "a7b8"]);

    let draw = after(Variant::RacingKings, start, "g7g8 a7a8");
    // python-chess 1.11.2: VARIANT_DRAW.
    assert_eq!(fen(&draw), "k5K1/8/8/8/8/8/8/8 w - - 2 2");
    assert_eq!(draw.outcome(), Some(VariantOutcome::VariantDraw));
    assert!(draw.is_variant_draw());
    assert!(legal(&draw).is_empty());

    let lost = after(Variant::RacingKings, start, "g7g8 a7b6");
    // python-chess 1.11.2: VARIANT_WIN, White.
    assert_eq!(fen(&lost), "6K1/8/1k6/8/8/8/8/8 w - - 2 2");
    assert_eq!(
        lost.outcome(),
        Some(VariantOutcome::VariantWin {
            winner: Color::White
        })
    );
    assert!(legal(&lost).is_empty());

    let too_far = after(Variant::RacingKings, "8/6K1/k7/8/8/8/8/8 w - - 0 1", "g7g8");
    // python-chess 1.11.2: VARIANT_LOSS for Black to move, White wins.
    assert_eq!(fen(&too_far), "6K1/8/k7/8/8/8/8/8 b - - 1 1");
    assert!(too_far.is_variant_end());
    assert!(too_far.is_variant_loss());
    assert_eq!(
        too_far.outcome(),
        Some(VariantOutcome::VariantWin {
            winner: Color::White
        })
    );
    assert!(legal(&too_far).is_empty());
}

// ---------------------------------------------------------------------------------------
// Three-check
// ---------------------------------------------------------------------------------------

/// O-O puts the rook on f1, checking the king on f8: that check counts, and the third one
/// wins.
#[test]
fn three_check_counts_check_by_castling() {
    let p = after(
        Variant::ThreeCheck,
        "5k2/8/8/8/8/8/8/4K2R w K - 3+3 0 1",
        "e1g1",
    );
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "5k2/8/8/8/8/8/8/5RK1 b - - 2+3 1 1");
    assert!(p.is_check());
    assert_eq!(p.remaining_checks(Color::White), 2);
    assert_eq!(p.remaining_checks(Color::Black), 3);
    assert_eq!(legal(&p), ["f8e7", "f8e8", "f8g7", "f8g8"]);

    let won = after(
        Variant::ThreeCheck,
        "r4k2/8/8/8/8/8/8/4K2R w K - 1+3 0 1",
        "e1g1",
    );
    // python-chess 1.11.2: VARIANT_LOSS for Black, no legal moves.
    assert_eq!(fen(&won), "r4k2/8/8/8/8/8/8/5RK1 b - - 0+3 1 1");
    assert_eq!(
        won.outcome(),
        Some(VariantOutcome::VariantWin {
            winner: Color::White
        })
    );
    assert!(legal(&won).is_empty());
}

// ---------------------------------------------------------------------------------------
// Antichess
// ---------------------------------------------------------------------------------------

/// After d7-d5 the only capture is exd6 en passant, and captures are compulsory: it is the
/// only move (the rook's fourteen moves and e6 are not).
#[test]
fn antichess_en_passant_capture_is_compulsory() {
    let p = after(Variant::Antichess, "8/3p4/8/4P3/8/8/8/R7 b - - 0 1", "d7d5");
    // python-chess 1.11.2:
    assert_eq!(fen(&p), "8/8/8/3pP3/8/8/8/R7 w - d6 0 2");
    assert_eq!(legal(&p), ["e5d6"]);

    // Without the en-passant square, every move.
    let p = pos(Variant::Antichess, "8/8/8/3pP3/8/8/8/R7 w - - 0 2");
    assert_eq!(legal(&p).len(), 15);

    let p = after(
        Variant::Antichess,
        "8/3p4/8/4P3/8/8/8/R7 b - - 0 1",
        "d7d5 e5d6",
    );
    // python-chess 1.11.2: Black has lost every piece and wins.
    assert_eq!(fen(&p), "8/8/3P4/8/8/8/8/R7 b - - 0 2");
    assert_eq!(
        p.outcome(),
        Some(VariantOutcome::VariantWin {
            winner: Color::Black
        })
    );
}

/// The king is an ordinary piece: a pawn may promote to one (a side may have two), and a
/// king may step onto attacked squares.
#[test]
fn antichess_king_is_ordinary() {
    let p = pos(Variant::Antichess, "8/4P3/8/8/8/8/k7/7K w - - 0 1");
    // python-chess 1.11.2:
    assert_eq!(
        legal(&p),
        [
            "e7e8b", "e7e8k", "e7e8n", "e7e8q", "e7e8r", "h1g1", "h1g2", "h1h2"
        ]
    );
    let k = after(Variant::Antichess, "8/4P3/8/8/8/8/k7/7K w - - 0 1", "e7e8k");
    // python-chess 1.11.2:
    assert_eq!(fen(&k), "4K3/8/8/8/8/8/k7/7K b - - 0 1");
    assert_eq!(k.board().pieces(Piece::King).len(), 3);
    assert!(!k.is_check());

    // The rook on b3 attacks a2, b1 and b2: the king may go to each (no check exists).
    let p = pos(Variant::Antichess, "8/8/8/8/8/1r6/8/K7 w - - 0 1");
    assert!(!p.is_check());
    // python-chess 1.11.2:
    assert_eq!(legal(&p), ["a1a2", "a1b1", "a1b2"]);
}

/// A side with pieces but no legal move wins (lichess's rule), whoever's turn it is.
#[test]
fn antichess_stalemated_side_wins() {
    for (fen_text, winner) in [
        ("8/8/8/8/8/p7/P7/8 w - - 0 1", Color::White),
        ("8/8/8/8/8/p7/P7/8 b - - 0 1", Color::Black),
    ] {
        let p = pos(Variant::Antichess, fen_text);
        assert!(legal(&p).is_empty());
        assert!(p.is_stalemate(), "{fen_text}");
        // python-chess 1.11.2: VARIANT_WIN for the side to move.
        assert_eq!(
            p.outcome(),
            Some(VariantOutcome::VariantWin { winner }),
            "{fen_text}"
        );
    }
    let p = after(Variant::Antichess, "8/8/8/8/p7/8/P7/8 w - - 0 1", "a2a3");
    // python-chess 1.11.2: VARIANT_WIN, Black.
    assert_eq!(fen(&p), "8/8/8/8/p7/P7/8/8 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(VariantOutcome::VariantWin {
            winner: Color::Black
        })
    );
}

// ---------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------

fn assert_all_keys_differ(variant: Variant, fens: &[&str]) {
    let keys: Vec<u64> = fens.iter().map(|f| pos(variant, f).hash()).collect();
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "{} and {}", fens[i], fens[j]);
        }
    }
}

#[test]
fn hash_differs_by_pocket() {
    assert_all_keys_differ(
        Variant::Crazyhouse,
        &[
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[B] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
        ],
    );
}

#[test]
fn hash_differs_by_promoted_mark() {
    assert_all_keys_differ(
        Variant::Crazyhouse,
        &[
            "4k3/8/8/3Q4/8/8/8/4K3[] w - - 0 1",
            "4k3/8/8/3Q~4/8/8/8/4K3[] w - - 0 1",
            "4k3/8/8/3q4/8/8/8/4K3[] w - - 0 1",
            "4k3/8/8/3q~4/8/8/8/4K3[] w - - 0 1",
        ],
    );
}

#[test]
fn hash_differs_by_check_counters() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let fens: Vec<String> = ["3+3", "2+3", "3+2", "2+2", "1+3", "3+1"]
        .iter()
        .map(|c| format!("{start} {c} 0 1"))
        .collect();
    let fens: Vec<&str> = fens.iter().map(String::as_str).collect();
    assert_all_keys_differ(Variant::ThreeCheck, &fens);
}

/// Equal positions reached by different move orders have the same key, and the key made
/// move by move equals the key of the FEN read from scratch.
#[test]
fn hash_equal_across_move_orders() {
    for (variant, a, b, expected) in [
        (
            Variant::Crazyhouse,
            "e2e4 d7d5 e4d5 d8d5 g1f3 g8f6",
            "e2e4 d7d5 e4d5 g8f6 g1f3 d8d5",
            // python-chess 1.11.2 (the same but for the halfmove clock, 2 and 0):
            "rnb1kb1r/ppp1pppp/5n2/3q4/8/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq -",
        ),
        (
            Variant::ThreeCheck,
            "e2e4 d7d6 f1b5 b8d7 g1f3 g8f6",
            "g1f3 g8f6 e2e4 d7d6 f1b5 b8d7",
            // python-chess 1.11.2 (halfmove clocks 4 and 2):
            "r1bqkb1r/pppnpppp/3p1n2/1B6/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2+3",
        ),
        (
            Variant::Atomic,
            "e2e4 d7d5 e4d5 g8f6 g1f3 b8c6",
            "g1f3 g8f6 e2e4 d7d5 e4d5 b8c6",
            "r1bqkb1r/ppp1pppp/2n2n2/8/8/5N2/PPPP1PPP/RNBQKB1R w KQkq -",
        ),
    ] {
        let one = after(variant, variant.start_fen(), a);
        let two = after(variant, variant.start_fen(), b);
        assert!(fen(&one).starts_with(expected), "{}", fen(&one));
        assert!(fen(&two).starts_with(expected), "{}", fen(&two));
        assert_eq!(one.hash(), two.hash(), "{variant}");
        assert_eq!(one.hash(), pos(variant, &fen(&one)).hash(), "{variant}");
        assert_eq!(two.hash(), pos(variant, &fen(&two)).hash(), "{variant}");
    }
}

// ---------------------------------------------------------------------------------------
// FEN round trips
// ---------------------------------------------------------------------------------------

#[test]
fn fen_round_trips_like_python_chess() {
    // (variant, FEN read, FEN python-chess 1.11.2 writes for it)
    let cases = [
        (
            Variant::Crazyhouse,
            "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R[pBnQ] w KQkq - 2 3",
            "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R[QBnp] w KQkq - 2 3",
        ),
        (
            Variant::Crazyhouse,
            "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R/pBnQ w KQkq - 2 3",
            "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R[QBnp] w KQkq - 2 3",
        ),
        (
            Variant::Crazyhouse,
            "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R/ w KQkq - 2 3",
            "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R[] w KQkq - 2 3",
        ),
        (
            Variant::Crazyhouse,
            "2kr1Q~2/ppp5/8/8/8/8/PPP2q~2/2KR4[RRbn] b - - 0 20",
            "2kr1Q~2/ppp5/8/8/8/8/PPP2q~2/2KR4[RRbn] b - - 0 20",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +0+0",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2",
        ),
    ];
    for (variant, input, expected) in cases {
        let p = pos(variant, input);
        assert_eq!(fen(&p), expected, "{input}");
        let again = pos(variant, expected);
        assert_eq!(fen(&again), expected);
        assert_eq!(again, p, "{input}");
        assert_eq!(again.hash(), p.hash(), "{input}");
    }
    let p = pos(
        Variant::Crazyhouse,
        "2kr1Q~2/ppp5/8/8/8/8/PPP2q~2/2KR4[RRbn] b - - 0 20",
    );
    assert_eq!(p.promoted(), Square::F8.bitboard() | Square::F2.bitboard());
    assert_eq!(p.pocket(Color::White).count(Piece::Rook), 2);
    assert_eq!(p.pocket(Color::Black).len(), 2);
}

// ---------------------------------------------------------------------------------------
// Hostile FENs
// ---------------------------------------------------------------------------------------

/// Parses under every variant (none may panic) and returns `variant`'s answer.
fn parse_everywhere(variant: Variant, fen: &str) -> Result<VariantPosition, FenError> {
    for v in Variant::ALL {
        let _ = VariantPosition::from_fen(v, fen);
    }
    VariantPosition::from_fen(variant, fen)
}

#[test]
fn hostile_pocket_of_200_pieces() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for pocket in ["Q".repeat(200), "p".repeat(200), "NnBb".repeat(50)] {
        for fen in [
            format!("{board}[{pocket}] w KQkq - 0 1"),
            format!("{board}/{pocket} w KQkq - 0 1"),
        ] {
            assert_eq!(
                parse_everywhere(Variant::Crazyhouse, &fen).err(),
                Some(FenError::Pocket),
                "{fen}"
            );
        }
    }
    // Past 32 pieces with the board's: refused too.
    let fen = format!("{board}[Q] w KQkq - 0 1");
    assert_eq!(
        parse_everywhere(Variant::Crazyhouse, &fen).err(),
        Some(FenError::Pocket)
    );
    // A king is never in a pocket.
    let fen = "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1";
    assert!(parse_everywhere(Variant::Crazyhouse, fen).is_err());
}

#[test]
fn hostile_check_counters() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    for fen in [
        format!("{board} 99+99 0 1"),
        format!("{board} 4+0 0 1"),
        format!("{board} 0+4 0 1"),
        format!("{board} -1+3 0 1"),
        format!("{board} 3+ 0 1"),
        format!("{board} + 0 1"),
        format!("{board} 3+3+3 0 1"),
        format!("{board} 0 1 +99+99"),
        format!("{board} 0 1 +4+0"),
        format!("{board} 0 1 +1"),
        format!("{board} 0 1 ++"),
    ] {
        assert_eq!(
            parse_everywhere(Variant::ThreeCheck, &fen).err(),
            Some(FenError::RemainingChecks),
            "{fen}"
        );
    }
}

#[test]
fn hostile_horde_with_white_king() {
    let fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPKPPPP w kq - 0 1";
    assert!(matches!(
        parse_everywhere(Variant::Horde, fen),
        Err(FenError::Illegal(PositionError::Variant(_)))
    ));
}

#[test]
fn hostile_racing_kings() {
    // A pawn.
    let fen = "8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1";
    assert!(matches!(
        parse_everywhere(Variant::RacingKings, fen),
        Err(FenError::Illegal(PositionError::Variant(_)))
    ));
    // The side to move in check (rook h1 on the king h2).
    let fen = "8/8/8/8/8/8/k6K/7r w - - 0 1";
    assert!(parse_everywhere(Variant::RacingKings, fen).is_err());
    // The side not to move in check.
    let fen = "8/8/8/8/8/8/k6K/R7 w - - 0 1";
    assert!(parse_everywhere(Variant::RacingKings, fen).is_err());
}

#[test]
fn hostile_promoted_mark_without_piece() {
    for fen in [
        "~rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "rnbqkbnr/~pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/4~4/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ~~[] w Qkq - 0 1",
        "~",
        "~~~~ w - - 0 1",
        "[~] w - - 0 1",
    ] {
        assert!(parse_everywhere(Variant::Crazyhouse, fen).is_err(), "{fen}");
    }
}

#[test]
fn hostile_garbage_and_long_strings() {
    let mut inputs: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\0\0\0\0".into(),
        String::from_utf8_lossy(&[0xff, 0xfe, 0x80, 0x00, 0x7f, b'[', b']', 0xc3]).into_owned(),
        "\u{1F600}/8/8/8/8/8/8/8[\u{e9}] w - - 0 1".into(),
        "[] w - - 0 1".into(),
        "[[[]]] w - - 0 1".into(),
        "8/8/8/8/8/8/8/8/8/8 w - - 0 1".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3+3".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +0+0".into(),
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1".into(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999".into(),
    ];
    // Pseudo-random bytes (a fixed xorshift), read as text.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2_000 {
        let len = (x % 90) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly FEN characters, some anything.
                const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/[]~+- wb0123KQkqa-h";
                if x.is_multiple_of(5) {
                    (x >> 8) as u8
                } else {
                    ALPHABET[(x >> 8) as usize % ALPHABET.len()]
                }
            })
            .collect();
        inputs.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    // Very long strings.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    inputs.push("8/".repeat(100_000));
    inputs.push("1".repeat(1 << 20));
    inputs.push("~".repeat(1 << 20));
    inputs.push(format!("{start}[{}] w KQkq - 0 1", "p".repeat(1 << 20)));
    inputs.push(format!("{start}/{} w KQkq - 0 1", "Q".repeat(1 << 20)));
    inputs.push(format!("{start}{} w KQkq - 0 1", "~".repeat(100_000)));
    inputs.push(format!("{start} w KQkq - {}+3 0 1", "3".repeat(100_000)));
    inputs.push(format!("{start} w KQkq - 0 1 +{}", "+".repeat(100_000)));
    inputs.push(format!("{start} w KQkq - 0 1{}", " 0".repeat(100_000)));
    inputs.push(format!("{start} w {} - 0 1", "K".repeat(100_000)));
    for input in &inputs {
        for variant in Variant::ALL {
            if let Ok(p) = VariantPosition::from_fen(variant, input) {
                // Whatever is accepted is a position every query answers.
                let again = pos(variant, &fen(&p));
                assert_eq!(fen(&again), fen(&p));
                let _ = (legal(&p), p.outcome());
            }
        }
    }
    for input in &inputs[inputs.len() - 10..] {
        for variant in Variant::ALL {
            assert!(VariantPosition::from_fen(variant, input).is_err());
        }
    }
}

// ---------------------------------------------------------------------------------------
// UCI and play
// ---------------------------------------------------------------------------------------

#[test]
fn parse_uci_refuses_drop_onto_occupied_square() {
    let p = pos(Variant::Crazyhouse, "4k3/8/8/8/8/8/4P3/4K3[NP] w - - 0 1");
    for uci in ["N@e2", "N@e1", "N@e8", "P@e2"] {
        assert_eq!(p.parse_uci(uci), Err(UciError::Illegal), "{uci}");
    }
    assert_eq!(
        p.parse_uci("N@e3"),
        Ok(VariantMove::Drop {
            piece: Piece::Knight,
            to: Square::E3
        })
    );
    // A piece that is not in the pocket, a king, no square.
    assert!(p.parse_uci("Q@e3").is_err());
    assert!(p.parse_uci("K@e3").is_err());
    assert!(p.parse_uci("N@").is_err());
    assert!(p.parse_uci("NN@e3").is_err());
}

#[test]
fn parse_uci_refuses_drops_outside_crazyhouse() {
    let p = VariantPosition::new(Variant::Chess);
    for uci in ["N@e3", "P@e4", "@e4", "n@e5", "Q@d4"] {
        assert!(p.parse_uci(uci).is_err(), "{uci}");
    }
    let drop = VariantMove::Drop {
        piece: Piece::Knight,
        to: Square::E4,
    };
    assert!(!p.is_legal(drop));
    for variant in Variant::ALL {
        if variant != Variant::Crazyhouse {
            assert!(VariantPosition::new(variant).parse_uci("N@e4").is_err());
        }
    }
}

#[test]
fn play_illegal_move_is_refused_unchanged() {
    let illegal = [
        (Variant::Chess, "e2e5"),
        (Variant::Atomic, "e1e2"),
        (Variant::Antichess, "e1e1"),
        (Variant::Crazyhouse, "N@e4"),
        (Variant::ThreeCheck, "d1h5"),
        (Variant::KingOfTheHill, "e2e1"),
        (Variant::Horde, "a1a2"),
        (Variant::RacingKings, "h2h3h"),
    ];
    for (variant, uci) in illegal {
        let p = VariantPosition::new(variant);
        let mv = match uci.split_once('@') {
            Some((_, to)) => VariantMove::Drop {
                piece: Piece::Knight,
                to: to.parse().unwrap(),
            },
            None => VariantMove::Normal(bitmove::Move {
                from: uci[0..2].parse().unwrap(),
                to: uci[2..4].parse().unwrap(),
                promotion: (uci.len() > 4).then_some(Piece::Queen),
            }),
        };
        let mut copy = p.clone();
        assert!(copy.play(mv).is_err(), "{variant} {uci}");
        assert_eq!(copy, p, "{variant} {uci}");
        assert_eq!(fen(&copy), fen(&p));
        assert_eq!(copy.hash(), p.hash());
    }
    // Atomic: the king may not capture (it would explode itself).
    let p = pos(Variant::Atomic, "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    let kxe2 = VariantMove::Normal(bitmove::Move::new(Square::E1, Square::E2));
    let mut copy = p.clone();
    assert!(copy.play(kxe2).is_err());
    assert_eq!(copy, p);
    // Crazyhouse: a drop of a piece the pocket lacks, and onto an occupied square.
    let p = pos(Variant::Crazyhouse, "4k3/8/8/8/8/8/4P3/4K3[N] w - - 0 1");
    for mv in [
        VariantMove::Drop {
            piece: Piece::Queen,
            to: Square::E4,
        },
        VariantMove::Drop {
            piece: Piece::Knight,
            to: Square::E2,
        },
        VariantMove::Drop {
            piece: Piece::King,
            to: Square::E4,
        },
    ] {
        let mut copy = p.clone();
        assert!(copy.play(mv).is_err(), "{mv}");
        assert_eq!(copy, p);
        assert_eq!(copy.pocket(Color::White).count(Piece::Knight), 1);
    }
}

/// Antichess with castling rights (python-chess's suicide and giveaway start with KQkq): a
/// captured king takes its side's rights with it, as python-chess's clean rights say (found
/// by the Python boards' test against python-chess: `w Kk` where python-chess writes `w k`).
#[test]
fn antichess_king_capture_drops_its_castling_rights() {
    let mut p = pos(Variant::Antichess, "4k3/8/8/8/8/8/8/r3K2R b K - 0 1");
    let rxe1 = VariantMove::Normal(bitmove::Move::new(Square::A1, Square::E1));
    p.play(rxe1).unwrap();
    assert_eq!(p.fen().to_string(), "4k3/8/8/8/8/8/8/4r2R w - - 0 2");
    let mut again = pos(Variant::Antichess, "4k3/8/8/8/8/8/8/4r2R w - - 0 2");
    assert_eq!(again.hash(), p.hash());
    again
        .play(VariantMove::Normal(bitmove::Move::new(
            Square::H1,
            Square::E1,
        )))
        .unwrap();
}
