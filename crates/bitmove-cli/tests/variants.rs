//! `--variant` as a process: `perft` with the lichess names and `suite` on the variant
//! suites in both formats, and hostile input answered with exit status 2 and one line.

use serde_json::Value;

mod common;

use common::{assert_bad_input, bitmove, data, stdout};

fn nodes(args: &[&str]) -> u64 {
    let out = bitmove(args);
    assert!(out.status.success(), "{args:?}: {}", common::stderr(&out));
    let text = stdout(&out);
    let line = text.lines().find(|l| l.starts_with("Nodes: ")).unwrap();
    line["Nodes: ".len()..].parse().unwrap()
}

#[test]
fn perft_by_every_name_gives_the_variants_counts() {
    // The start positions at depth 3, from the suites in tests/data/variants (king of the
    // hill and crazyhouse play as chess from the start at this depth).
    let cases = [
        (["atomic", "Atomic"], 8_902),
        (["antichess", "ANTICHESS"], 8_067),
        (["crazyhouse", "Crazyhouse"], 8_902),
        (["3check", "Three-check"], 8_902),
        (["kingofthehill", "King of the Hill"], 8_902),
        (["horde", "Horde"], 1_274),
        (["racingkings", "Racing Kings"], 11_264),
        (["chess", "Standard"], 8_902),
    ];
    for (names, expected) in cases {
        for name in names {
            for threads in ["1", "2"] {
                let args = [
                    "perft",
                    "--variant",
                    name,
                    "--depth",
                    "3",
                    "--threads",
                    threads,
                ];
                assert_eq!(nodes(&args), expected, "{args:?}");
            }
        }
    }
}

#[test]
fn perft_with_a_hash_table_gives_the_same_counts() {
    // Positions and counts of the suites (tests/data/variants), deep enough for table hits.
    let cases = [
        (
            "atomic",
            "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
            4,
            1_434_825,
        ),
        (
            "crazyhouse",
            "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
            4,
            2_083_382,
        ),
        (
            "3check",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1",
            3,
            97_848,
        ),
        (
            "horde",
            "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
            4,
            56_539,
        ),
    ];
    for (variant, fen, depth, expected) in cases {
        for threads in ["1", "2"] {
            let depth = depth.to_string();
            let args = [
                "perft",
                "--variant",
                variant,
                "--fen",
                fen,
                "--depth",
                &depth,
                "--hash",
                "16",
                "--threads",
                threads,
            ];
            assert_eq!(nodes(&args), expected, "{args:?}");
        }
    }
}

#[test]
fn perft_output_lines_are_the_standard_ones() {
    let out = bitmove(&[
        "perft",
        "--variant",
        "crazyhouse",
        "--fen",
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
        "--depth",
        "1",
        "--divide",
        "--threads",
        "1",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"Q@a1: 1"), "{text}");
    assert!(lines.contains(&"e1d2: 1"), "{text}");
    assert_eq!(lines.len(), 67 + 3, "{text}");
    assert_eq!(lines[68], "Nodes: 67");
    assert!(
        lines[69].starts_with("Time: ") && lines[69].ends_with(" Mnps)"),
        "{text}"
    );
}

#[test]
fn perft_json_after_moves_writes_the_variant_fen() {
    let out = bitmove(&[
        "perft",
        "--variant",
        "3check",
        "--moves",
        "e2e4",
        "e7e5",
        "f1c4",
        "f8c5",
        "c4f7",
        "--depth",
        "1",
        "--json",
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["fen"],
        "rnbqk1nr/pppp1Bpp/8/2b1p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3"
    );
    assert_eq!(value["nodes"], 3); // Ke7, Kf8, Kxf7
}

#[test]
fn suite_reads_the_perft_block_format_and_epd() {
    for name in [
        "atomic",
        "antichess",
        "crazyhouse",
        "3check",
        "horde",
        "racingkings",
    ] {
        let path = data(&format!("variants/{name}.perft"));
        let out = bitmove(&["suite", &path, "--variant", name, "--max-nodes", "300000"]);
        assert!(out.status.success(), "{name}: {}", common::stderr(&out));
        assert!(
            stdout(&out).contains(" 0 failed"),
            "{name}: {}",
            stdout(&out)
        );
    }
    let dir = std::env::temp_dir().join(format!("bitmove-variant-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let epd = dir.join("horde.epd");
    std::fs::write(
        &epd,
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1 ;D1 8 ;D2 128\n",
    )
    .unwrap();
    let out = bitmove(&["suite", epd.to_str().unwrap(), "--variant", "horde"]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    // A wrong count fails the suite (exit 1), in both formats.
    let wrong = dir.join("wrong.perft");
    std::fs::write(
        &wrong,
        "id x\nepd 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -\nperft 1 22\n",
    )
    .unwrap();
    let out = bitmove(&["suite", wrong.to_str().unwrap(), "--variant", "racingkings"]);
    assert_eq!(out.status.code(), Some(1));
    let broken = dir.join("broken.perft");
    std::fs::write(
        &broken,
        "id x\nepd 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -\nperft one 21\n",
    )
    .unwrap();
    let message = assert_bad_input(&bitmove(&[
        "suite",
        broken.to_str().unwrap(),
        "--variant",
        "racingkings",
    ]));
    assert!(message.contains("broken.perft:3:"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hostile_variant_input_is_one_line_and_status_two() {
    let cases: [(&[&str], &str); 8] = [
        (&["--variant", "shogi"], "unknown variant"),
        (
            &[
                "--variant",
                "crazyhouse",
                "--fen",
                &format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "Q".repeat(200)),
            ],
            "pocket",
        ),
        (
            &[
                "--variant",
                "3check",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - - 99+99 0 1",
            ],
            "check counter",
        ),
        (
            &[
                "--variant",
                "horde",
                "--fen",
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPKPPPP w kq - 0 1",
            ],
            "no king",
        ),
        (
            &[
                "--variant",
                "crazyhouse",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
                "--moves",
                "N@e1",
            ],
            "not a legal move",
        ),
        (&["--moves", "N@f3"], "not a uci move"),
        (
            &[
                "--variant",
                "racingkings",
                "--fen",
                "8/8/8/8/8/8/krbnNBRK/qrbnNBRP w - - 0 1",
            ],
            "no pawns",
        ),
        (&["--variant", "atomic", "--stats"], "--stats"),
    ];
    for (args, needle) in cases {
        let mut full = vec!["perft", "--depth", "1"];
        full.extend_from_slice(args);
        let message = assert_bad_input(&bitmove(&full));
        assert!(
            message.to_lowercase().contains(needle),
            "{full:?}: {message}"
        );
    }
}
