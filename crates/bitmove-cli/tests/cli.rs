//! The command-line contract, driven as a process: output formats and exit statuses.

mod common;

use common::{assert_bad_input, bitmove, data, stderr, stdout};

#[test]
fn perft_prints_nodes_and_time() {
    let out = bitmove(&["perft", "--depth", "4"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Nodes: 197281");
    assert!(
        lines[1].starts_with("Time: ") && lines[1].ends_with(" Mnps)"),
        "{}",
        lines[1]
    );
}

#[test]
fn perft_divide_with_fen_and_moves() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = bitmove(&["perft", "--fen", kiwipete, "--depth", "2", "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let (moves, rest) = text.split_once("\n\n").unwrap();
    assert_eq!(moves.lines().count(), 48);
    assert!(moves.lines().any(|l| l == "e1g1: 43"), "{moves}");
    assert!(rest.starts_with("Nodes: 2039\n"));

    let out = bitmove(&["perft", "--moves", "e2e4", "e7e5", "--depth", "1"]);
    assert!(stdout(&out).starts_with("Nodes: 29\n"), "{}", stdout(&out));
}

#[test]
fn default_run_is_startpos_perft() {
    let out = bitmove(&[]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("Nodes: 119060324\n"));
}

#[test]
fn perftree_protocol() {
    let startpos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = bitmove(&["perftree", "3", startpos, "e2e4 e7e5"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 29 + 2);
    assert!(lines.iter().take(29).all(|l| l.split(' ').count() == 2));
    assert_eq!(lines[29], "");
    let expected = bitmove::perft(
        &{
            let mut b = bitmove::Board::default();
            for m in ["e2e4", "e7e5"] {
                let mv = b.parse_uci(m).unwrap();
                b.play(mv).unwrap();
            }
            b
        },
        3,
    );
    assert_eq!(lines[30], expected.to_string());
}

#[test]
fn suite_passes_and_reports() {
    let out = bitmove(&["suite", &data("suite.epd"), "--max-nodes", "100000"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");

    let out = bitmove(&[
        "suite",
        "--chess960",
        &data("chess960.epd"),
        "--max-nodes",
        "100000",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).trim_end().ends_with(" passed, 0 failed"));
}

#[test]
fn suite_reports_mismatches_with_status_1() {
    let dir = std::env::temp_dir().join(format!("bitmove-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.epd");
    std::fs::write(
        &file,
        "# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n",
    )
    .unwrap();
    let out = bitmove(&["suite", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("depth 2: expected 401, got 400"), "{text}");
    assert!(text.trim_end().ends_with("1 passed, 1 failed"), "{text}");

    std::fs::write(&file, "# ok\n8/8/8/8/8/8/8/Kk6 w - - 0 1 ;D1 3\n").unwrap();
    let out = bitmove(&["suite", file.to_str().unwrap()]);
    assert_bad_input(&out);
    assert!(stderr(&out).contains(":2:"), "{}", stderr(&out));

    std::fs::write(&file, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 x\n").unwrap();
    let out = bitmove(&["suite", file.to_str().unwrap()]);
    assert_bad_input(&out);
    assert!(stderr(&out).contains(":1:"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert_bad_input(&bitmove(&["perft", "--fen", "not a fen"]));
    assert_bad_input(&bitmove(&["perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]));
    assert_bad_input(&bitmove(&["perft", "--moves", "e2e5"]));
    assert_bad_input(&bitmove(&["perft", "--moves", "zz"]));
    assert_bad_input(&bitmove(&["perftree", "2", "\u{1F980}"]));
    assert_bad_input(&bitmove(&["suite", "/nonexistent/file.epd"]));
}

#[test]
fn magics_seed_1_regenerates_the_committed_file() {
    let dir = std::env::temp_dir().join(format!("bitmove-magics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("magics.rs");
    let out = bitmove(&["magics", "--seed", "1", "--write", file.to_str().unwrap()]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Table size: 107648 entries"), "{text}");
    let committed = include_str!("../../bitmove/src/attacks/magic/magics.rs");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), committed);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn show_svg_writes_the_picture() {
    let dir = std::env::temp_dir().join(format!("bitmove-show-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("board.svg");
    let moves = ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"];
    let mut args = vec!["show", "--moves"];
    args.extend(moves);
    args.extend(["--svg", path.to_str().unwrap(), "--size", "400"]);
    let out = bitmove(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.contains("viewBox=\"0 0 390 390\" width=\"400\" height=\"400\""));
    assert!(text.contains("class=\"square light lastmove d1\""));
    assert!(text.contains("class=\"square light lastmove h5\""));
    // Black's king on e8 is in check (mate): marked, at the top with White at the bottom.
    assert!(text.contains("<rect x=\"195\" y=\"15\" width=\"45\" height=\"45\" class=\"check\""));
    assert_eq!(text.matches("<use href=\"#").count(), 32);
    std::fs::remove_dir_all(&dir).unwrap();

    // `-` is standard output; --flip puts h8 at the bottom left.
    let out = bitmove(&["show", "--svg", "-", "--flip"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains(
            "<rect x=\"15\" y=\"330\" width=\"45\" height=\"45\" class=\"square dark h8\""
        )
    );
    assert!(!text.contains("lastmove"));

    // A variant's board, and a file that cannot be written.
    let out = bitmove(&["show", "--variant", "antichess", "--svg", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("id=\"black-king\""));
    let out = bitmove(&["show", "--svg", "/nonexistent-dir/x.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    let out = bitmove(&["show", "--flip"]);
    assert_eq!(out.status.code(), Some(2));
}
