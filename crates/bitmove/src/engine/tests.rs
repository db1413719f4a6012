//! The parsers on real engines' lines (Stockfish 16 and 17, Lc0, Komodo, Crafty, Fairy-
//! Stockfish) and on hostile ones.

use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

use super::*;
use proptest::strategy::Strategy;

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn info(line: &str) -> Info {
    match parse_uci_line(line) {
        Ok(UciMessage::Info(info)) => *info,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn stockfish_info_lines() {
    let i = info(
        "info depth 24 seldepth 33 multipv 1 score cp 31 wdl 61 926 13 nodes 2011384 nps 1005692 hashfull 712 tbhits 0 time 2000 pv e2e4 e7e5 g1f3 b8c6 f1b5",
    );
    assert_eq!(
        (
            i.depth, i.seldepth, i.multipv, i.nodes, i.nps, i.hashfull, i.tbhits, i.time_ms
        ),
        (
            Some(24),
            Some(33),
            Some(1),
            Some(2011384),
            Some(1005692),
            Some(712),
            Some(0),
            Some(2000)
        )
    );
    assert_eq!(
        i.score,
        Some(Score {
            kind: ScoreKind::Cp,
            value: 31,
            bound: None
        })
    );
    assert_eq!(i.wdl, Some((61, 926, 13)));
    assert_eq!(
        i.pv.as_deref(),
        Some(&strings(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"])[..])
    );
    assert!(i.problems.is_empty());
    assert_eq!(i.time(), Some(std::time::Duration::from_secs(2)));
    let moves = i.pv_moves(&crate::Board::default()).unwrap();
    assert_eq!(moves.len(), 5);

    let i = info("info depth 10 currmove e2e4 currmovenumber 1");
    assert_eq!(
        (i.currmove.as_deref(), i.currmovenumber),
        (Some("e2e4"), Some(1))
    );

    let i = info(
        "info string NNUE evaluation using nn-b1a57edbea57.nnue (103MiB, (22528, 3072, 15, 32, 1))",
    );
    assert_eq!(
        i.string.as_deref(),
        Some("NNUE evaluation using nn-b1a57edbea57.nnue (103MiB, (22528, 3072, 15, 32, 1))")
    );
    // Words before `string` count; `string` takes the rest, keywords and all.
    let i = info("info depth 3 string depth 9 pv e2e4");
    assert_eq!(
        (i.depth, i.string.as_deref(), i.pv),
        (Some(3), Some("depth 9 pv e2e4"), None)
    );

    let i = info(
        "info depth 18 seldepth 2 multipv 1 score mate 1 nodes 40 nps 20000 tbhits 0 time 2 pv h5f7",
    );
    assert_eq!(
        i.score,
        Some(Score {
            kind: ScoreKind::Mate,
            value: 1,
            bound: None
        })
    );
    let i = info("info depth 0 score mate 0");
    assert_eq!(i.score.unwrap().value, 0);
    let i = info("info depth 30 seldepth 41 multipv 3 score cp -57 upperbound nodes 9 pv d2d4");
    assert_eq!(i.score.unwrap().bound, Some(Bound::Upper));
    let i = info("info depth 30 score mate -4 lowerbound pv d2d4");
    let s = i.score.unwrap();
    assert_eq!(
        (s.kind, s.value, s.bound),
        (ScoreKind::Mate, -4, Some(Bound::Lower))
    );
    assert_eq!(s.white(false).value, 4);
    assert_eq!(s.white(false).bound, Some(Bound::Upper));
}

#[test]
fn other_engines_info_lines() {
    // Lc0: the fields in another order, wdl.
    let i = info(
        "info depth 8 seldepth 29 time 3001 nodes 3311 score cp 22 wdl 187 660 153 hashfull 10 nps 1103 tbhits 0 multipv 1 pv d2d4 g8f6 c2c4 e7e6",
    );
    assert_eq!(
        (i.depth, i.time_ms, i.wdl, i.multipv),
        (Some(8), Some(3001), Some((187, 660, 153)), Some(1))
    );
    // Komodo and others: ebf, cpuload.
    let i = info("info depth 14 ebf 1.85 cpuload 998 time 412 nodes 512000 score cp 9 pv e2e4");
    assert_eq!((i.ebf, i.cpuload), (Some(1.85), Some(998)));
    // currline and refutation (rare, but in the protocol).
    let i = info("info currline 1 e2e4 e7e5 g1f3 depth 4");
    assert_eq!(i.currline, Some((1, strings(&["e2e4", "e7e5", "g1f3"]))));
    assert_eq!(i.depth, Some(4));
    let i = info("info refutation d1h5 g6h5 nodes 7");
    assert_eq!(i.refutation, Some(strings(&["d1h5", "g6h5"])));
    assert_eq!(i.nodes, Some(7));
    // Crazyhouse drops and a null move in a line.
    let i = info("info depth 5 pv e2e4 N@f3 0000 e7e5");
    assert_eq!(i.pv, Some(strings(&["e2e4", "N@f3", "0000", "e7e5"])));
    let i = info("info depth 1 pv e7e8q");
    assert!(
        i.pv_moves(&"4k3/4P3/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap())
            .is_err()
    );
}

#[test]
fn hostile_info_lines() {
    // A number that does not read drops its field and consumes its word.
    let i = info("info depth abc nodes 5");
    assert_eq!(
        (i.depth, i.nodes, i.problems.as_slice()),
        (None, Some(5), &["depth"][..])
    );
    let i = info("info depth");
    assert_eq!((i.depth, i.problems.as_slice()), (None, &["depth"][..]));
    let i = info("info score foo 12 lowerbound depth 3");
    assert_eq!((i.score, i.depth), (None, Some(3)));
    let i = info("info score cp");
    assert_eq!((i.score, i.problems.as_slice()), (None, &["score"][..]));
    let i = info("info wdl 1 2 depth 3");
    assert_eq!((i.wdl, i.depth), (None, None));
    // Unknown words are skipped.
    let i = info("info hello world depth 7 sbhits 3 nodes 9");
    assert_eq!((i.depth, i.nodes), (Some(7), Some(9)));
    // A pv ends at the first word that is no move; parsing goes on from there.
    let i = info("info pv e2e4 e7e5 xyz depth 3");
    assert_eq!((i.pv, i.depth), (Some(strings(&["e2e4", "e7e5"])), Some(3)));
    let i = info("info pv");
    assert_eq!(i.pv, Some(Vec::new()));
    let i = info("info currmove e9e4 depth 2");
    assert_eq!((i.currmove, i.depth), (None, Some(2)));
    let i = info("info refutation");
    assert_eq!(i.refutation, Some(Vec::new()));
    // Blank, huge, odd whitespace, Python's int() forms.
    assert_eq!(info("info"), Info::default());
    assert_eq!(info("info   ").depth, None);
    let huge = format!("info depth 3 {}", "x ".repeat(50_000));
    assert_eq!(info(&huge).depth, Some(3));
    let i = info("info\tdepth\u{a0}5 nodes 1_000 nps +9");
    assert_eq!((i.depth, i.nodes, i.nps), (Some(5), Some(1000), Some(9)));
    let i = info("info nodes 99999999999999999999999");
    assert_eq!(i.nodes, None);
    // Lossy decoding leaves U+FFFD, which is just another word.
    let i = info("info depth 4 \u{fffd}\u{fffd} nodes 2");
    assert_eq!((i.depth, i.nodes), (Some(4), Some(2)));
    // Without the word `info`.
    assert_eq!(parse_info("depth 9").depth, Some(9));
}

fn option(line: &str) -> UciOption {
    match parse_uci_line(line) {
        Ok(UciMessage::Option(o)) => o,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn option_declarations() {
    let o = option("option name Threads type spin default 1 min 1 max 1024");
    assert_eq!(
        (o.name.as_str(), o.kind, &o.default, o.min, o.max),
        (
            "Threads",
            OptionKind::Spin,
            &OptionValue::Int(1),
            Some(1),
            Some(1024)
        )
    );
    let o = option("option name Clear Hash type button");
    assert_eq!(
        (o.name.as_str(), o.kind, &o.default),
        ("Clear Hash", OptionKind::Button, &OptionValue::None)
    );
    let o = option("option name Ponder type check default false");
    assert_eq!(o.default, OptionValue::Bool(false));
    let o = option("option name UCI_ShowWDL type check default true");
    assert_eq!(o.default, OptionValue::Bool(true));
    // A check without a default is the empty string, as python-chess keeps it.
    let o = option("option name Odd type check");
    assert_eq!(o.default, OptionValue::Str(String::new()));
    let o = option("option name Debug Log File type string default");
    assert_eq!(
        (o.kind, &o.default),
        (OptionKind::String, &OptionValue::Str(String::new()))
    );
    let o = option("option name SyzygyPath type string default <empty>");
    assert_eq!(o.default, OptionValue::Str("<empty>".into()));
    let o = option("option name NNUE File type string default nn-1111cefa1111.nnue");
    assert_eq!(o.default, OptionValue::Str("nn-1111cefa1111.nnue".into()));
    let o = option(
        "option name UCI_Variant type combo default chess var 3check var atomic var chess var crazyhouse var giveaway",
    );
    assert_eq!(
        o.var,
        strings(&["3check", "atomic", "chess", "crazyhouse", "giveaway"])
    );
    assert_eq!(o.default, OptionValue::Str("chess".into()));
    // Values with spaces.
    let o = option("option name Book File type string default C:\\My Books\\book one.bin");
    assert_eq!(
        o.default,
        OptionValue::Str("C:\\My Books\\book one.bin".into())
    );
    let o = option("option name Style type combo default Very Solid var Very Solid var Risky Play");
    assert_eq!(o.var, strings(&["Very Solid", "Risky Play"]));
    // Keywords inside words stay words; a keyword used again is text.
    let o = option("option name Minimum Thinking Time type spin default 20 min 0 max 5000");
    assert_eq!((o.name.as_str(), o.min), ("Minimum Thinking Time", Some(0)));
    // `name` again is text, and the empty text after it overwrites the name: python-chess
    // reads this name as empty.
    let o = option("option name Max name type string default x");
    assert_eq!(o.name, "");
    // A bad bound is none; a bad default fails, with python-chess's message.
    let o = option("option name Hash type spin default 16 min x max 64");
    assert_eq!((o.min, o.max), (None, Some(64)));
    let e = parse_option("option name Hash type spin default lots").unwrap_err();
    assert_eq!(
        e.reason,
        "expected integer for spin option 'Hash', got: 'lots'"
    );
    let e = parse_option("option name Hash type spin default 0 min 1 max 9").unwrap_err();
    assert_eq!(
        e.reason,
        "expected value for option 'Hash' to be at least 1, got: 0"
    );
    let e =
        parse_option("option name Style type combo default Wild var Calm var Sharp").unwrap_err();
    assert_eq!(
        e.reason,
        "invalid value for combo option 'Style', got: Wild (available: Calm, Sharp)"
    );
    let e = parse_option("option name X type slider default 1").unwrap_err();
    assert_eq!(e.reason, "unknown option type: 'slider'");
    assert!(parse_option("option").is_err());
    assert!(
        e.to_string()
            .contains("option name X type slider default 1")
    );
    // Checking values.
    let o = option("option name Skill Level type spin default 20 min 0 max 20");
    assert_eq!(o.parse_value("5"), Ok(OptionValue::Int(5)));
    assert!(o.parse_value("21").is_err());
}

#[test]
fn other_uci_lines() {
    assert_eq!(
        parse_uci_line("id name Stockfish 17").unwrap(),
        UciMessage::Id("name".into(), "Stockfish 17".into())
    );
    assert_eq!(
        parse_uci_line("id author the Stockfish developers (see AUTHORS file)").unwrap(),
        UciMessage::Id(
            "author".into(),
            "the Stockfish developers (see AUTHORS file)".into()
        )
    );
    assert_eq!(parse_id("id"), (String::new(), String::new()));
    assert_eq!(parse_uci_line("uciok").unwrap(), UciMessage::UciOk);
    assert_eq!(parse_uci_line("readyok").unwrap(), UciMessage::ReadyOk);
    assert_eq!(
        parse_uci_line("copyprotection ok").unwrap(),
        UciMessage::CopyProtection("ok".into())
    );
    assert_eq!(
        parse_uci_line("registration checking").unwrap(),
        UciMessage::Registration("checking".into())
    );
    let best = |l: &str| {
        let b = parse_bestmove(l);
        (b.bestmove, b.ponder)
    };
    assert_eq!(
        best("bestmove e2e4 ponder e7e5"),
        (Some("e2e4".into()), Some("e7e5".into()))
    );
    assert_eq!(best("bestmove g1f3"), (Some("g1f3".into()), None));
    assert_eq!(best("bestmove (none)"), (None, None));
    assert_eq!(best("bestmove NULL ponder e7e5"), (None, None));
    assert_eq!(
        best("bestmove e2e4 ponder (none)"),
        (Some("e2e4".into()), None)
    );
    assert_eq!(best("bestmove 0000"), (Some("0000".into()), None));
    assert_eq!(best("bestmove"), (None, None));
    assert_eq!(best("bestmove E7E8Q"), (Some("e7e8q".into()), None));
    assert_eq!(
        best("bestmove e2e4 something e7e5"),
        (Some("e2e4".into()), None)
    );
    let b = parse_bestmove("bestmove e1g1");
    let board: crate::Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    assert!(b.legal(&board).unwrap().is_some());
    assert!(
        parse_bestmove("bestmove e2e5")
            .legal(&crate::Board::default())
            .is_err()
    );
    assert!(matches!(parse_uci_line("").unwrap(), UciMessage::Other(_)));
    assert!(matches!(
        parse_uci_line("Stockfish 17 by the Stockfish developers").unwrap(),
        UciMessage::Other(_)
    ));
}

#[test]
fn xboard_lines() {
    let features = parse_features(
        r#"feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 myname="Crafty-25.2" variants="normal,nocastle" colors=0 done=0"#,
    )
    .unwrap();
    assert_eq!(features[0], ("ping".into(), FeatureValue::Int(1)));
    assert_eq!(features[5], ("time".into(), FeatureValue::Int(1)));
    assert_eq!(
        features[6],
        ("myname".into(), FeatureValue::Str("Crafty-25.2".into()))
    );
    assert_eq!(
        features[7],
        (
            "variants".into(),
            FeatureValue::Str("normal,nocastle".into())
        )
    );
    assert_eq!(
        features.last().unwrap(),
        &("done".into(), FeatureValue::Int(0))
    );
    let f = parse_features(r#"feature option="Hash -spin 64 1 4096" done=1"#).unwrap();
    assert_eq!(
        f[0],
        (
            "option".into(),
            FeatureValue::Str("Hash -spin 64 1 4096".into())
        )
    );
    let f = parse_features("feature option=123").unwrap();
    assert_eq!(f[0].1, FeatureValue::Str("123".into()));
    assert!(parse_features("feature myname=\"open").is_err());
    assert!(parse_features("feature done").is_err());

    let o = parse_xboard_option("Ponder -check 1").unwrap();
    assert_eq!(
        (o.kind, o.default),
        (OptionKind::Check, OptionValue::Int(1))
    );
    let o = parse_xboard_option("Book -file").unwrap();
    assert_eq!(o.default, OptionValue::Str(String::new()));
    let o = parse_xboard_option("Clear -button").unwrap();
    assert_eq!(o.default, OptionValue::None);
    assert!(parse_xboard_option("Hash -spin 64").is_err());
    assert!(parse_xboard_option("Hash").is_err());

    let line = |l: &str| parse_xboard_line(l).unwrap();
    assert_eq!(line("move e2e4"), XboardMessage::Move("e2e4".into()));
    assert_eq!(line("move Nf3"), XboardMessage::Move("Nf3".into()));
    assert_eq!(line("Hint: e7e5"), XboardMessage::Hint("e7e5".into()));
    assert_eq!(line("pong 7"), XboardMessage::Pong("7".into()));
    assert_eq!(line("resign"), XboardMessage::Resign);
    assert_eq!(line("offer draw"), XboardMessage::OfferDraw);
    assert_eq!(
        line("1-0 {White mates}"),
        XboardMessage::Result("1-0".into(), "White mates".into())
    );
    assert_eq!(
        line("1/2-1/2 {Draw by repetition}"),
        XboardMessage::Result("1/2-1/2".into(), "Draw by repetition".into())
    );
    assert_eq!(
        line("0-1"),
        XboardMessage::Result("0-1".into(), String::new())
    );
    assert_eq!(
        line("# depth 5 done"),
        XboardMessage::Comment("depth 5 done".into())
    );
    assert_eq!(line("#x"), XboardMessage::Comment("x".into()));
    assert_eq!(
        line("Illegal move: e2e5"),
        XboardMessage::Error("Illegal move: e2e5".into())
    );
    assert_eq!(
        line("Illegal move (no piece there): e3e4"),
        XboardMessage::Error("Illegal move (no piece there): e3e4".into())
    );
    assert_eq!(
        line("Error (unknown command): foo"),
        XboardMessage::Error("Error (unknown command): foo".into())
    );
    assert!(matches!(line("Error foo"), XboardMessage::Other(_)));
    assert!(matches!(
        line("Error (a (b)): foo"),
        XboardMessage::Other(_)
    ));
    assert_eq!(
        line("tellusererror Bad book"),
        XboardMessage::TellUserError("Bad book".into())
    );
    assert!(matches!(line("1 2 3"), XboardMessage::Other(_)));

    let XboardMessage::Post(p) = line("  9   156   1084  48000   Nf3 Nc6 Nc3 Nf6") else {
        panic!()
    };
    assert_eq!(
        (p.depth, p.score.value, p.time_cs, p.nodes, p.seldepth),
        (9, 156, 1084, 48000, None)
    );
    assert_eq!(p.time(), std::time::Duration::from_millis(10840));
    let p = parse_post("12 -35 200 400000 18 2000000 0 7 33 1. e4 e5 2. Nf3 3... Nc6").unwrap();
    assert_eq!(
        (p.seldepth, p.nps, p.tbhits),
        (Some(18), Some(2000000), Some(33))
    );
    assert_eq!(p.pv, strings(&["e4", "e5", "Nf3", "Nc6"]));
    assert_eq!(p.pv_moves(&crate::Board::default()).len(), 4);
    let score = |l: &str| {
        let s = parse_post(l).unwrap().score;
        (s.kind, s.value)
    };
    assert_eq!(score("5 100003 1 1 Qh5"), (ScoreKind::Mate, 3));
    assert_eq!(score("5 -100002 1 1 Qh5"), (ScoreKind::Mate, -2));
    assert_eq!(score("5 -100000 1 1"), (ScoreKind::Mate, 0));
    assert_eq!(score("5 100000 1 1"), (ScoreKind::MateGiven, 0));
    assert!(parse_post("5 10 1").is_none());
}

#[test]
fn commands() {
    use std::time::Duration;
    let mut limit = Limit::default();
    assert_eq!(go_command(&limit), "go");
    limit.infinite = true;
    limit.searchmoves = strings(&["e2e4", "d2d4"]);
    assert_eq!(go_command(&limit), "go infinite searchmoves e2e4 d2d4");
    let limit = Limit {
        ponder: true,
        mate: Some(3),
        nodes: Some(10),
        movetime: Some(Duration::from_millis(1500)),
        movestogo: Some(0),
        ..Limit::default()
    };
    assert_eq!(
        go_command(&limit),
        "go ponder nodes 10 mate 3 movetime 1500"
    );
    assert_eq!(
        setoption_command("Hash", &OptionValue::Int(64)),
        "setoption name Hash value 64"
    );
    assert_eq!(
        setoption_command("Clear Hash", &OptionValue::None),
        "setoption name Clear Hash"
    );
    assert_eq!(
        setoption_command("Ponder", &OptionValue::Bool(false)),
        "setoption name Ponder value false"
    );
    assert_eq!(
        variant_command(crate::variant::Variant::ThreeCheck),
        "setoption name UCI_Variant value 3check"
    );

    // Chess960 castling: king takes rook when the engine is in Chess960 mode.
    let mut board: crate::Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    board.set_chess960(true);
    let castle = crate::Move::new(crate::Square::E1, crate::Square::H1);
    let c960 = position_command(&board, &[castle], true).unwrap();
    assert_eq!(
        c960,
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 moves e1h1"
    );
    let standard: crate::Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let long = crate::Move::new(crate::Square::E1, crate::Square::A1);
    assert_eq!(
        position_command(&standard, &[long], false).unwrap(),
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1c1"
    );
    let e4 = crate::Board::default().parse_uci("e2e4").unwrap();
    assert_eq!(
        position_command(&crate::Board::default(), &[e4, e4], false),
        Err(1)
    );

    use xboard::command;
    assert_eq!(
        command::level(40, Duration::from_secs(300), Duration::from_millis(0)),
        "level 40 5:00 0"
    );
    assert_eq!(
        command::level(0, Duration::from_secs(65), Duration::from_millis(1500)),
        "level 0 1:05 1.5"
    );
    assert_eq!(command::st(Duration::from_millis(1)), "st 0.01");
    assert_eq!(command::time(Duration::from_millis(12_345)), "time 1235");
    assert_eq!(
        command::option("Ponder", &OptionValue::Bool(true)),
        "option Ponder=1"
    );
    assert_eq!(
        command::variant(crate::variant::Variant::Antichess),
        "variant giveaway"
    );
    assert_eq!(command::usermove(&standard, long, true), "usermove e1c1");
    let mut c960 = standard.clone();
    c960.set_chess960(true);
    assert_eq!(command::usermove(&c960, long, false), "O-O-O");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// No line panics any parser, made of the protocols' words or of anything.
    #[test]
    fn no_line_panics(words in proptest::collection::vec(
        proptest::prop_oneof![
            proptest::sample::select(vec![
                "info", "depth", "score", "cp", "mate", "lowerbound", "upperbound", "pv", "wdl",
                "string", "currline", "refutation", "currmove", "time", "ebf", "option", "name",
                "type", "default", "min", "max", "var", "spin", "check", "combo", "button",
                "bestmove", "ponder", "id", "feature", "move", "e2e4", "N@f3", "0000", "=",
                "\"", "'", "\\", "1", "-100000", "100000", "#", "Error", "(", ")", ":", "{", "}",
                "1-0", "", " ", "\u{1f}", "\u{a0}", "\u{fffd}", "99999999999999999999",
            ]).prop_map(String::from),
            ".{0,6}",
        ],
        0..24,
    )) {
        let line = words.join(" ");
        let _ = parse_uci_line(&line);
        let _ = parse_xboard_line(&line);
        let _ = parse_xboard_option(&line);
        let _ = parse_features(&line);
        let _ = parse_option(&line);
        if let Some(post) = parse_post(&line) {
            let _ = post.pv_moves(&crate::Board::default());
        }
        let i = parse_info(&line);
        let _ = i.pv_moves(&crate::Board::default());
    }
}
