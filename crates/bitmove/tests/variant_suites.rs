//! The variant perft suites of tests/data/variants (scalachess's, the counts python-chess,
//! shakmaty and chessops also check) at every depth they list, and the published king of
//! the hill count. The largest count is under ten million nodes: every entry runs.

use bitmove::variant::{Variant, VariantPosition, parse_perft_blocks, perft, perft_threads};

fn run(name: &str, variant: Variant) -> usize {
    let path = format!(
        "{}/../../tests/data/variants/{name}.perft",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = parse_perft_blocks(&text).unwrap();
    assert!(!cases.is_empty(), "{path}");
    let mut checked = 0;
    for case in cases {
        let pos = VariantPosition::from_fen(variant, &case.epd)
            .unwrap_or_else(|e| panic!("{name} {}: {e}", case.id));
        for &(depth, nodes) in &case.depths {
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{name} {} depth {depth}",
                case.id
            );
            checked += 1;
        }
    }
    checked
}

macro_rules! suite {
    ($test:ident, $name:literal, $variant:expr) => {
        #[test]
        fn $test() {
            assert!(run($name, $variant) > 0);
        }
    };
}

suite!(atomic, "atomic", Variant::Atomic);
suite!(antichess, "antichess", Variant::Antichess);
suite!(crazyhouse, "crazyhouse", Variant::Crazyhouse);
suite!(three_check, "3check", Variant::ThreeCheck);
suite!(horde, "horde", Variant::Horde);
suite!(racing_kings, "racingkings", Variant::RacingKings);

#[test]
fn king_of_the_hill_published_count() {
    let pos = VariantPosition::from_fen(
        Variant::KingOfTheHill,
        "rnb2b1r/ppp2ppp/3k4/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12",
    );
    // The README's FEN has eight ranks; this one was mistyped on purpose to prove the
    // parser refuses a placement of seven.
    assert!(pos.is_err());
    let pos = VariantPosition::from_fen(
        Variant::KingOfTheHill,
        "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12",
    )
    .unwrap();
    assert_eq!(perft(&pos, 3), 19_003);
}

#[test]
fn threads_give_the_same_counts() {
    for variant in Variant::ALL {
        let pos = VariantPosition::new(variant);
        assert_eq!(perft_threads(&pos, 3, 2), perft(&pos, 3), "{variant}");
    }
}
