//! `VariantSetup`: any placement of a variant, as python-chess's variant boards hold it. The
//! expected statuses were computed with python-chess 1.11.2 (`chess.variant`); hostile
//! placements are played into without a panic.

use bitmove::variant::{Variant, VariantSetup, VariantSetupError};
use bitmove::{SetupFenError, SetupStatus};

fn setup(variant: Variant, fen: &str) -> VariantSetup {
    VariantSetup::from_fen(variant, fen, false).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

#[test]
fn statuses_as_python_chess_gives_them() {
    let cases = [
        // A race already over, and one in check.
        (
            Variant::RacingKings,
            "3krQK1/8/8/8/1q6/3B1N2/1b6/1R4R1 b - - 0 0",
            SetupStatus::RACE_OVER,
        ),
        (
            Variant::RacingKings,
            "8/8/8/8/R7/8/krbnNB1K/qrbnNBRQ b - - 1 1",
            SetupStatus::RACE_CHECK
                | SetupStatus::TOO_MANY_CHECKERS
                | SetupStatus::IMPOSSIBLE_CHECK,
        ),
        // Atomic: 14 checkers, the most a game has.
        (
            Variant::Atomic,
            "3N1NB1/2N1Q1N1/3RkR2/2NP1PN1/3NKN2/8/8/n7 w - - 0 1",
            SetupStatus::VALID,
        ),
        // Atomic: too many pieces for a game, still played.
        (
            Variant::Atomic,
            "3kK3/8/8/2NNNNN1/2NN1pN1/2NN1NN1/2NNPNN1/2NNNNN1 w - - 0 1",
            SetupStatus::TOO_MANY_WHITE_PIECES,
        ),
        // Horde: a black piece on the first rank.
        (
            Variant::Horde,
            "rnb1kbnr/ppp1pppp/2Pp2PP/1P3PPP/PPP1PPPP/PPP1PPPP/PPP1PPP1/PPPqPP2 w kq - 0 1",
            SetupStatus::VALID,
        ),
        (
            Variant::Crazyhouse,
            "8/8/8/8/8/8/8/8 w - - 0 1",
            SetupStatus::NO_WHITE_KING | SetupStatus::NO_BLACK_KING | SetupStatus::EMPTY,
        ),
        (
            Variant::Antichess,
            "8/8/8/8/8/8/8/2b5 b - - 0 1",
            SetupStatus::VALID,
        ),
    ];
    for (variant, fen, status) in cases {
        assert_eq!(setup(variant, fen).status(), status, "{variant} {fen}");
    }
}

#[test]
fn played_where_the_generator_can() {
    let atomic = setup(
        Variant::Atomic,
        "3kK3/8/8/2NNNNN1/2NN1pN1/2NN1NN1/2NNPNN1/2NNNNN1 w - - 0 1",
    );
    let mut pos = atomic.position().unwrap();
    pos.play(pos.parse_san("e4").unwrap()).unwrap();
    pos.play(pos.parse_san("fxe3").unwrap()).unwrap();
    assert_eq!(
        pos.fen().to_string(),
        "3kK3/8/8/2NNNNN1/2N3N1/2N3N1/2N3N1/2NNNNN1 w - - 0 2"
    );

    let check = setup(
        Variant::RacingKings,
        "8/8/8/8/R7/8/krbnNB1K/qrbnNBRQ b - - 1 1",
    );
    assert!(!check.position().unwrap().legal_moves().is_empty());

    for (variant, fen) in [
        (Variant::Crazyhouse, "8/8/8/8/8/8/8/8[P] w - - 0 1"),
        (Variant::ThreeCheck, "8/8/8/8/8/8/8/K7 w - - 3+3 0 1"),
        (Variant::Horde, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        (Variant::Chess, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ] {
        assert!(setup(variant, fen).position().is_err(), "{variant} {fen}");
    }
}

#[test]
fn fen_round_trips_with_pockets_and_counters() {
    for (variant, fen) in [
        (Variant::Crazyhouse, "8/8/8/8/8/8/8/8[QNp] b - - 0 1"),
        (
            Variant::Crazyhouse,
            "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1",
        ),
        (Variant::ThreeCheck, "8/8/8/8/8/8/8/8 w - - 1+2 0 1"),
        (Variant::Horde, "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/8 b - - 7 9"),
    ] {
        let mut out = String::new();
        setup(variant, fen)
            .write_fen(&mut out, false, Default::default())
            .unwrap();
        assert_eq!(out, fen);
    }
    let lichess = setup(Variant::ThreeCheck, "8/8/8/8/8/8/8/8 w - - 0 1 +1+0");
    assert_eq!(lichess.remaining_checks, [2, 3]);
}

#[test]
fn junk_is_a_typed_error() {
    let junk = [
        (
            Variant::Crazyhouse,
            "8/8/8/8/8/8/8/8[K] w - - 0 1",
            VariantSetupError::Pocket,
        ),
        (
            Variant::ThreeCheck,
            "8/8/8/8/8/8/8/8 w - - 9+9 0 1",
            VariantSetupError::RemainingChecks,
        ),
        (
            Variant::Atomic,
            "8/8/8 w - - 0 1",
            VariantSetupError::Fen(SetupFenError::Placement),
        ),
        (
            Variant::Atomic,
            "8/8/8/8/8/8/8/8 x",
            VariantSetupError::Fen(SetupFenError::Turn),
        ),
    ];
    for (variant, fen, error) in junk {
        assert_eq!(
            VariantSetup::from_fen(variant, fen, false),
            Err(error),
            "{fen}"
        );
    }
    let long = format!("{} w - - 0 1", "1".repeat(400));
    assert!(VariantSetup::from_fen(Variant::Atomic, &long, false).is_err());
}

#[test]
fn hostile_placements_never_panic() {
    let mut fens = vec![
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/k6K w - - 0 1".to_string(),
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/k6K b - - 0 1".to_string(),
        "q1q1q1q1/1Q1Q1Q1Q/q1q1q1q1/1Q1Q1Q1Q/q1q1q1q1/1Q1Q1Q1Q/q1q1q1q1/KQ1Q1Q1k w - - 0 1"
            .to_string(),
        "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w KQkq - 0 1".to_string(),
        "8/PPPPPPPP/8/8/8/8/pppppppp/K6k w - - 0 1".to_string(),
    ];
    // Pieces on every square, by a fixed sequence.
    let letters = b"PNBRQKpnbrqk";
    let mut x = 12345u32;
    for _ in 0..50 {
        let mut placement = String::new();
        for rank in 0..8 {
            for _ in 0..8 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let i = (x >> 16) as usize % (letters.len() + 4);
                placement.push(letters.get(i).map_or('1', |&c| c as char));
            }
            if rank < 7 {
                placement.push('/');
            }
        }
        fens.push(format!("{placement} w KQkq - 0 1"));
    }
    for variant in Variant::ALL {
        for fen in &fens {
            let Ok(state) = VariantSetup::from_fen(variant, fen, false) else {
                continue;
            };
            let _ = state.status();
            let _ = state.is_insufficient_material();
            let Ok(pos) = state.position() else {
                continue;
            };
            let _ = pos.outcome();
            for &mv in pos.legal_moves().iter().take(30) {
                let _ = pos.san(mv).to_string();
                let mut child = pos.clone();
                child.play(mv).unwrap();
                let _ = child.legal_moves();
                let _ = child.fen().to_string();
            }
        }
    }
}
