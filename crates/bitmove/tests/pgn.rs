//! The PGN reader (feature `pgn`): every feature of the format on hand-made games, every
//! kind of error with its game, line and token, compressed input, threads against one
//! thread, the real files of tests/data/pgn, and hostile input.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use bitmove::pgn::{ErrorKind, Eval, Game, NULL_MOVE, Reader, Visitor, fen};
use bitmove::{Board, FenError, Move, SanError};

fn games(pgn: &[u8]) -> Vec<Game> {
    Reader::new(pgn)
        .collect::<Result<_, _>>()
        .expect("no I/O error")
}

fn one(pgn: &str) -> Game {
    let mut all = games(pgn.as_bytes());
    assert_eq!(all.len(), 1, "{pgn}");
    all.remove(0)
}

fn ucis(game: &Game) -> Vec<String> {
    game.positions().map(|p| p.uci()).collect()
}

/// The error of a game that must not replay: (line, token, kind).
fn error_of(pgn: &str) -> (usize, String, ErrorKind) {
    let game = one(pgn);
    let e = game.error.expect("an error");
    (e.line, e.token, e.kind)
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn")
}

fn data_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/pgn")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

#[test]
fn tags_escapes_and_encodings() {
    let game = one(
        "\u{feff}[Event \"A \\\"quoted\\\" \\\\ name\"]\r\n[White \"Foo \"Bar\" Baz\"]\r\n\
         [Site \"Ugra Cup \\\"]\r\n[Bad tag]\r\n\r\n1. e4 *\r\n",
    );
    assert_eq!(game.header("Event"), Some("A \"quoted\" \\ name"));
    assert_eq!(game.header("White"), Some("Foo \"Bar\" Baz"));
    assert_eq!(game.header("Site"), Some("Ugra Cup \\"));
    assert_eq!(game.headers.len(), 3);
    let latin1 = games(b"[White \"Mar\xeda\"]\n\n1. d4 *\n");
    assert_eq!(latin1[0].header("White"), Some("Mar\u{ed}a"));
    assert!(latin1[0].is_ok());
}

#[test]
fn movetext_forms() {
    let game = one(
        "[Event \"x\"]\n\n% an escape line\n1. e4! e5?! 2.Nf3 $1 Nc6 3. Bb5!? a6 ; a comment { not open\n\
         4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n",
    );
    assert!(game.is_ok(), "{:?}", game.error);
    assert_eq!(game.moves.len(), 20);
    assert_eq!(ucis(&game)[8], "e1g1");
    assert_eq!(game.termination.as_deref(), Some("1-0"));
    assert_eq!(game.result(), "1-0");

    let ep = one("1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 4. d4 *");
    assert!(ep.is_ok(), "{:?}", ep.error);
    assert_eq!(ucis(&ep)[4], "e5d6");
    let long = one("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O 0-0-0+ *");
    assert_eq!(ucis(&long)[8..], ["e1c1", "e8c8"]);
    let promotion = one("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=Q Kg6 2. Qb8 *");
    assert!(promotion.is_ok());
    assert_eq!(ucis(&promotion)[0], "a7a8q");
}

#[test]
fn black_to_move_from_a_fen() {
    let game = one(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 *",
    );
    assert!(game.is_ok());
    assert_eq!(ucis(&game), ["e7e5", "g1f3"]);
}

#[test]
fn chess960_games() {
    // Shredder-FEN castling rights, castling written O-O: UCI king-takes-rook.
    let pgn = "[Variant \"Chess960\"]\n[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1\"]\n\n\
               1. O-O O-O 2. Rfd1 *";
    let game = one(pgn);
    assert!(game.is_ok(), "{:?}", game.error);
    assert!(game.start.is_chess960());
    assert_eq!(ucis(&game), ["b1e1", "b8e8", "f1d1"]);
    // python-chess's FEN: X-FEN castling.
    assert_eq!(
        game.positions().next().map(|p| p.fen()).as_deref(),
        Some("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1")
    );
    let fischerandom = one(
        "[Variant \"fischerandom\"]\n[SetUp \"1\"]\n[FEN \"qrkrnnbb/pppppppp/8/8/8/8/PPPPPPPP/QRKRNNBB w KQkq - 0 1\"]\n\n1. d4 *",
    );
    assert!(fischerandom.is_ok() && fischerandom.start.is_chess960());
    // A standard game from a FEN with Chess960 rights is read as Chess960.
    let implied = one("[FEN \"1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1\"]\n\n1. O-O-O *");
    assert!(implied.is_ok() && implied.start.is_chess960());
}

#[test]
fn clocks_and_evals() {
    let game = one(
        "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:24:55.5] } { [%eval #-4] } \
         2. Nf3 { [%eval 0,1] [%emt 00:00:00] } (2. Qh5 { [%clk 0:00:01] }) { [%eval 9] } Nc6 *",
    );
    assert_eq!(game.clocks, [Some(180.0), Some(1495.5), None, None]);
    assert_eq!(
        game.evals,
        [
            Some(Eval::Centipawns(17)),
            Some(Eval::Mate(-4)),
            Some(Eval::Centipawns(0)),
            None
        ]
    );
}

#[test]
fn null_moves() {
    let game = one("[Event \"z\"]\n\n1. e4 Z0 2. d4 -- 3. Nf3 *");
    assert!(game.is_ok(), "{:?}", game.error);
    assert_eq!(game.moves[1], NULL_MOVE);
    assert_eq!(ucis(&game), ["e2e4", "0000", "d2d4", "0000", "g1f3"]);
    assert_eq!(
        fen(&game.end()),
        "rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 2 3"
    );
    // Marks glued to a null move are its NAGs, as python-chess reads `--??` (`--` and `??`).
    let game = one("1. e4 --?? 2. d4 Z0! 3. Nf3 0000!? *");
    assert!(game.is_ok(), "{:?}", game.error);
    assert_eq!(
        ucis(&game),
        ["e2e4", "0000", "d2d4", "0000", "g1f3", "0000"]
    );
    let tree = bitmove::pgn::Reader::new(&b"1. e4 --?? 2. d4 Z0! *"[..])
        .read_tree()
        .expect("read")
        .expect("a game");
    let nags: Vec<Vec<u32>> = tree
        .mainline()
        .map(|n| tree.node(n).nags().to_vec())
        .collect();
    assert_eq!(nags, [vec![], vec![4], vec![], vec![1]]);
    let (line, token, kind) = error_of("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ --");
    assert_eq!(
        (line, token.as_str(), kind),
        (1, "--", ErrorKind::NullMoveInCheck)
    );
}

#[test]
fn en_passant_in_fens_only_when_capturable() {
    let game = one("1. e4 d5 2. e5 f5 3. a3 *");
    let fens: Vec<String> = game.positions().map(|p| p.fen()).collect();
    assert_eq!(
        fens[2],
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        fens[4],
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    );
}

#[test]
fn every_kind_of_error_with_game_line_and_token() {
    use ErrorKind::*;
    let cases: [(&str, usize, &str, ErrorKind); 8] = [
        (
            "[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *",
            4,
            "Ke3",
            Move(SanError::Illegal),
        ),
        (
            "[FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n\n1. Nd2 *",
            3,
            "Nd2",
            Move(SanError::Ambiguous),
        ),
        ("1. e4 Nz6 *", 1, "Nz6", Move(SanError::Syntax)),
        ("1. e4 N@f3 *", 1, "N@f3", Move(SanError::Syntax)),
        ("1. e4 12e5 *", 1, "12e5", Token),
        (
            "[Variant \"Atomic\"]\n\n1. e4 *",
            1,
            "Atomic",
            Variant("Atomic".into()),
        ),
        ("1. e4 { never closed\n\n2. d4 *", 1, "{", UnclosedComment),
        ("1. e4 e5 } *", 1, "}", Token),
    ];
    for (pgn, line, token, kind) in cases {
        assert_eq!(error_of(pgn), (line, token.to_string(), kind), "{pgn}");
    }
    let (line, token, kind) = error_of("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/Kk6 w - - 0 1\"]\n\n*");
    assert_eq!((line, token.as_str()), (2, "8/8/8/8/8/8/8/Kk6 w - - 0 1"));
    assert!(matches!(kind, ErrorKind::Fen(FenError::Illegal(_))));
}

#[test]
fn parentheses_that_do_not_pair_up_are_read_as_python_chess_reads_them() {
    // A `)` closing nothing is passed over, a `(` before any move opens nothing, a
    // variation never closed ends with the game: no error, the mainline's moves kept.
    for (pgn, mainline) in [
        ("1. e4 (1. d4 d5\n2. c4\n", 1),
        ("1. e4 e5 ) *", 2),
        ("1. e4 (1. d4))) !? *", 1),
        ("((( 1. c4 *", 1),
        ("( 1. d4 ) 1... d5 *", 2),
    ] {
        let all = games(pgn.as_bytes());
        assert_eq!(all.len(), 1, "{pgn}");
        assert!(all[0].is_ok(), "{pgn}: {:?}", all[0].error);
        assert_eq!(all[0].moves.len(), mainline, "{pgn}");
    }
}

#[test]
fn moves_written_by_their_squares_are_read_as_python_chess_reads_them() {
    // UCI in the movetext (python-chess's data/pgn/uci-moves.pgn): any piece by its two
    // squares, castling as the king's step or as the king taking its rook.
    let all = games(b"1. g1f3 d7d5 2. g2g3 c8g4 3. f1g2 b8c6 4. e1g1 d8d7 5. d2d3 e8c8 *\n");
    assert!(all[0].is_ok(), "{:?}", all[0].error);
    assert_eq!(all[0].moves.len(), 10);
    let all = games(b"1. Nf3 d5 2. g3 Bg4 3. Bg2 Nc6 4. e1h1 *\n");
    assert!(all[0].is_ok(), "{:?}", all[0].error);
    // A pawn by its squares is still a pawn move; a piece that cannot go there is illegal.
    assert!(games(b"1. e2e4 *\n")[0].is_ok());
    let error = games(b"1. g1g3 *\n")[0].error.clone().expect("illegal");
    assert_eq!(error.kind, ErrorKind::Move(SanError::Illegal));
}

#[test]
fn the_reader_goes_on_after_an_error_and_keeps_the_moves_before_it() {
    let all = games(b"[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 *\n");
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].moves.len(), 2);
    let error = all[0].error.as_ref().expect("Ke3");
    assert_eq!(error.game, 0);
    assert!(error.reason().starts_with("illegal move \"Ke3\""));
    assert!(all[1].is_ok());
    assert_eq!((all[1].index, all[1].line), (1, 5));
}

#[test]
fn games_without_tags_moves_or_blank_lines() {
    let all = games(
        b"1. e4 e5 *\n\n[Event \"tags only\"]\n\n\n[Event \"no blank line\"]\n1. d4 *\n[Event \"next\"]\n\n*\n",
    );
    let counts: Vec<(usize, usize)> = all
        .iter()
        .map(|g| (g.headers.len(), g.moves.len()))
        .collect();
    assert_eq!(counts, [(0, 2), (1, 0), (1, 1), (1, 0)]);
    assert!(all.iter().all(Game::is_ok));
    assert!(games(b"").is_empty());
    assert!(games(b"\n\n% nothing\n; here\n").is_empty());
}

/// Collects the SAN of every move, variations included, with their depth.
#[derive(Default)]
struct AllMoves {
    depth: usize,
    moves: Vec<(usize, String)>,
    nags: Vec<u8>,
    comments: Vec<String>,
    errors: Vec<bitmove::pgn::GameError>,
}

impl Visitor for AllMoves {
    fn visit_variations(&self) -> bool {
        true
    }
    fn begin_variation(&mut self) -> bool {
        self.depth += 1;
        true
    }
    fn end_variation(&mut self) {
        self.depth -= 1;
    }
    fn play(&mut self, board: &Board, mv: Move, _san: &[u8]) {
        self.moves.push((self.depth, board.san(mv).to_string()));
    }
    fn nag(&mut self, nag: u8) {
        self.nags.push(nag);
    }
    fn comment(&mut self, text: &[u8]) {
        self.comments
            .push(String::from_utf8_lossy(text).into_owned());
    }
    fn end_game(&mut self, outcome: Result<(), bitmove::pgn::GameError>) {
        self.errors.extend(outcome.err());
    }
}

#[test]
fn variations_are_skipped_or_visited() {
    let pgn = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 {main} $14 *";
    let game = one(pgn);
    assert_eq!(ucis(&game), ["e2e4", "e7e5", "g1f3"]);
    let mut visitor = AllMoves::default();
    let mut reader = Reader::new(pgn.as_bytes());
    assert!(reader.visit(&mut visitor).expect("read"));
    assert!(!reader.visit(&mut visitor).expect("read"));
    let moves: Vec<(usize, &str)> = visitor
        .moves
        .iter()
        .map(|(d, s)| (*d, s.as_str()))
        .collect();
    assert_eq!(
        moves,
        [
            (0, "e4"),
            (0, "e5"),
            (1, "c5"),
            (1, "Nf3"),
            (2, "c3"),
            (2, "d5"),
            (1, "d6"),
            (1, "e6"),
            (0, "Nf3")
        ]
    );
    assert_eq!(
        (visitor.nags, visitor.comments),
        (vec![14], vec!["main".to_string()])
    );
    // An illegal move in a visited variation is the game's error.
    let mut visitor = AllMoves::default();
    let mut reader = Reader::new(&b"1. e4 (1. Ke2) *"[..]);
    reader.visit(&mut visitor).expect("read");
    assert_eq!(visitor.moves.len(), 1);
    let [error] = &visitor.errors[..] else {
        panic!("one error expected: {:?}", visitor.errors);
    };
    assert_eq!(
        (error.game, error.line, error.token.as_str()),
        (0, 1, "Ke2")
    );
    assert_eq!(error.kind, ErrorKind::Move(SanError::Illegal));
    // Skipped (not visited), the same variation is no error.
    assert!(one("1. e4 (1. Ke2) *").is_ok());
}

#[test]
fn too_long_games_are_reported_and_skipped() {
    let mut pgn = b"[Event \"long\"]\n\n1. e4 {".to_vec();
    pgn.extend(std::iter::repeat_n(b'x', bitmove::pgn::MAX_GAME_BYTES));
    pgn.extend_from_slice(b"} *\n\n[Event \"next\"]\n\n1. d4 *\n");
    let all = games(&pgn);
    assert_eq!(all.len(), 2);
    assert_eq!(
        all[0].error.as_ref().map(|e| &e.kind),
        Some(&ErrorKind::TooLong)
    );
    assert!(all[1].is_ok());
}

/// Every data file, concatenated (each ends with a newline, and a blank line separates them).
fn all_data() -> Vec<u8> {
    let mut all = Vec::new();
    for path in data_files() {
        all.extend(std::fs::read(path).expect("read"));
        all.extend_from_slice(b"\n\n");
    }
    all
}

#[test]
fn real_files_replay() {
    for path in data_files() {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let games: Vec<Game> = Reader::open(&path)
            .expect("open")
            .collect::<Result<_, _>>()
            .expect("read");
        let errors: Vec<_> = games.iter().filter_map(|g| g.error.as_ref()).collect();
        // Variant games are errors of a reader that does not play them (the default) ...
        let variant_games = match name.as_str() {
            "lichess-evals-clocks-20.pgn" => 5, // Atomic games
            "variants-random-14.pgn" => 14,
            _ => 0,
        };
        let expected_errors = match name.as_str() {
            "chess-library-corrupted.pgn" | "chess-library-black2move.pgn" => 1,
            _ => 0,
        };
        assert_eq!(
            errors.len(),
            expected_errors + variant_games,
            "{name}: {errors:?}"
        );
        // ... and replay, into `Game::variant`, on one that does.
        let played: Vec<Game> = Reader::open(&path)
            .expect("open")
            .with_variants(true)
            .collect::<Result<_, _>>()
            .expect("read");
        let errors: Vec<_> = played.iter().filter_map(|g| g.error.as_ref()).collect();
        assert_eq!(errors.len(), expected_errors, "{name}: {errors:?}");
        let lines = played.iter().filter(|g| g.variant.is_some()).count();
        assert_eq!(lines, variant_games, "{name}");
        for game in played.iter().filter(|g| g.variant.is_some()) {
            assert!(game.moves.is_empty(), "{name}");
            let line = game.variant.as_deref().expect("a variant game");
            assert_eq!(game.clocks.len(), line.moves.len(), "{name}");
            assert_eq!(line.positions().count(), line.moves.len(), "{name}");
        }
        if name.starts_with("lichess-2021") {
            assert_eq!(games.len(), 30);
            assert!(games.iter().all(|g| g.clocks.iter().all(Option::is_some)));
            assert!(
                games
                    .iter()
                    .any(|g| g.evals.iter().any(|e| matches!(e, Some(Eval::Mate(_)))))
            );
        }
    }
}

/// `Reader::open_counted` counts the file's own bytes: compressed ones for a `.pgn.zst`, all
/// of them by the end, while `bytes_read` counts the text.
#[test]
fn open_counted_counts_the_files_bytes() {
    let plain = all_data();
    let zstd =
        ruzstd::encoding::compress_to_vec(&plain[..], ruzstd::encoding::CompressionLevel::Fastest);
    let dir = std::env::var_os("CARGO_TARGET_TMPDIR").map_or_else(std::env::temp_dir, Into::into);
    for (name, bytes) in [("plain.pgn", &plain), ("packed.pgn.zst", &zstd)] {
        let path = dir.join(format!(
            "bitmove-open-counted-{}-{name}",
            std::process::id()
        ));
        std::fs::write(&path, bytes).expect("write");
        let (mut reader, progress) = Reader::open_counted(&path).expect("open");
        let first = reader.next().expect("a game").expect("read");
        assert!(first.is_ok());
        assert!(progress.bytes() > 0 && progress.bytes() <= bytes.len() as u64);
        let rest = reader.by_ref().count();
        assert_eq!(1 + rest, games(&plain).len(), "{name}");
        assert_eq!(progress.bytes(), bytes.len() as u64, "{name}");
        assert_eq!(reader.bytes_read(), plain.len() as u64, "{name}");
        std::fs::remove_file(&path).expect("remove");
    }
    assert!(zstd.len() < plain.len() / 2);
    let missing = Reader::open_counted("/nonexistent/bitmove/x.pgn").map(|_| ());
    assert_eq!(missing.unwrap_err().kind(), std::io::ErrorKind::NotFound);
}

#[test]
fn compressed_input_reads_like_plain() {
    let plain = all_data();
    let expected = games(&plain);
    let zstd =
        ruzstd::encoding::compress_to_vec(&plain[..], ruzstd::encoding::CompressionLevel::Fastest);
    let read = |bytes: Vec<u8>| -> Vec<Game> {
        Reader::from_read(Cursor::new(bytes))
            .expect("open")
            .collect::<Result<_, _>>()
            .expect("read")
    };
    assert_eq!(read(zstd.clone()), expected);
    // Two frames in a row: the games of both halves.
    let middle = plain.len() / 2
        + plain[plain.len() / 2..]
            .windows(8)
            .position(|w| w == b"\n\n[Event")
            .expect("a game after the middle");
    let (a, b) = plain.split_at(middle + 2);
    let mut frames =
        ruzstd::encoding::compress_to_vec(a, ruzstd::encoding::CompressionLevel::Fastest);
    frames.extend(ruzstd::encoding::compress_to_vec(
        b,
        ruzstd::encoding::CompressionLevel::Fastest,
    ));
    let both: usize = read(frames).iter().map(|g| g.moves.len()).sum();
    let halves: usize = games(a)
        .iter()
        .chain(&games(b))
        .map(|g| g.moves.len())
        .sum();
    assert_eq!(both, halves);

    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &plain).expect("gzip");
    assert_eq!(read(gz.finish().expect("gzip")), expected);

    // A corrupt frame is an input error, not a panic.
    let mut corrupt = zstd;
    let middle = corrupt.len() / 2;
    corrupt.truncate(middle);
    let results: Vec<_> = Reader::from_read(Cursor::new(corrupt))
        .expect("open")
        .collect();
    assert!(results.last().is_some_and(Result::is_err));
}

#[test]
fn threads_give_the_games_of_one_thread_in_order() {
    let plain = all_data();
    let expected = games(&plain);
    for threads in [1, 2, 3] {
        let parallel: Vec<Game> = Reader::new(Cursor::new(plain.clone()))
            .par_map(threads, |game| game)
            .collect::<Result<_, _>>()
            .expect("read");
        assert_eq!(parallel, expected, "{threads} threads");
    }
    // One thread is the caller's: no thread is started, the input is read as games are
    // asked for (its progress too), and a game is read where it lies.
    let here = std::thread::current().id();
    let mut one =
        Reader::new(Cursor::new(plain.clone())).par_map(1, |_| std::thread::current().id());
    assert_eq!(one.bytes_read(), 0);
    assert_eq!(one.next().transpose().expect("read"), Some(here));
    assert!(one.bytes_read() > 0);
    assert!(one.all(|id| id.is_ok_and(|id| id == here)));
    assert_eq!(one.bytes_read(), plain.len() as u64);
    let mut two =
        Reader::new(Cursor::new(plain.clone())).par_map(2, |_| std::thread::current().id());
    assert!(two.all(|id| id.is_ok_and(|id| id != here)));
    // Many small games: many batches, still in order.
    let many = "1. e4 e5 *\n\n1. d4 *\n\n".repeat(2000);
    let lens: Vec<usize> = Reader::new(Cursor::new(many))
        .par_map(2, |game| game.index * 10 + game.moves.len())
        .collect::<Result<_, _>>()
        .expect("read");
    assert!(
        lens.iter()
            .enumerate()
            .all(|(i, &n)| n == i * 10 + 2 - i % 2)
    );
}

/// A plain file opened by `Reader::open` is read by the threads through a memory map, in
/// blocks: the games, numbers, lines and errors of one reader, also after games read first,
/// and the progress of `open_counted` reaches the file's end.
#[test]
fn mapped_files_give_the_games_of_one_thread() {
    // Some 5 MB: engine games with comments first (long games: the file is read in blocks),
    // then blocks of several sizes, cut between games of every kind.
    let tcec = std::fs::read(data_dir().join("tcec-frc-2-5.pgn")).expect("read");
    let mut plain = Vec::new();
    while plain.len() < 1 << 20 {
        plain.extend(&tcec);
    }
    while plain.len() < 5 << 20 {
        plain.extend(all_data());
    }
    let expected = games(&plain);
    let dir = std::env::var_os("CARGO_TARGET_TMPDIR").map_or_else(std::env::temp_dir, Into::into);
    let path = dir.join(format!("bitmove-mapped-{}.pgn", std::process::id()));
    std::fs::write(&path, &plain).expect("write");
    for threads in [2, 3] {
        let parallel: Vec<Game> = Reader::open(&path)
            .expect("open")
            .par_map(threads, |game| game)
            .collect::<Result<_, _>>()
            .expect("read");
        assert!(parallel == expected, "{threads} threads");
        // After five games read one at a time: the rest, numbered after them.
        let mut reader = Reader::open(&path).expect("open");
        let first: Vec<Game> = reader.by_ref().take(5).map(|g| g.expect("read")).collect();
        assert!(first[..] == expected[..5]);
        let rest: Vec<Game> = reader
            .par_map(threads, |game| game)
            .collect::<Result<_, _>>()
            .expect("read");
        assert!(
            rest[..] == expected[5..],
            "{threads} threads after five games"
        );
        let (reader, progress) = Reader::open_counted(&path).expect("open");
        let mut lens = reader.par_map(threads, |game| game.moves.len());
        let count = lens.by_ref().count();
        assert_eq!(count, expected.len());
        assert_eq!(lens.bytes_read(), plain.len() as u64);
        assert_eq!(progress.bytes(), plain.len() as u64);
    }
    std::fs::remove_file(&path).expect("remove");
}

/// A panic in the function given to `par_map` ends its results with an error, not early as
/// if the input had ended there: for a stream and for a mapped file.
#[test]
fn a_panic_in_par_map_is_an_error_not_an_early_end() {
    let plain = all_data().repeat(8);
    let total = games(&plain).len();
    let dir = std::env::var_os("CARGO_TARGET_TMPDIR").map_or_else(std::env::temp_dir, Into::into);
    let path = dir.join(format!("bitmove-panic-{}.pgn", std::process::id()));
    std::fs::write(&path, &plain).expect("write");
    let panics_at = move |game: Game| {
        assert!(game.index != total / 2, "a bug in the caller's function");
        game.index
    };
    let stream = Reader::new(Cursor::new(plain.clone())).par_map(2, panics_at);
    let mapped = Reader::open(&path).expect("open").par_map(2, panics_at);
    for (name, results) in [("stream", stream), ("mapped", mapped)] {
        let results: Vec<_> = results.collect();
        assert!(results.len() < total, "{name}");
        assert!(results.last().is_some_and(Result::is_err), "{name}");
        let read = results.iter().filter_map(|r| r.as_ref().ok());
        assert!(
            read.copied().eq(0..results.len() - 1),
            "{name}: in order, none lost"
        );
    }
    std::fs::remove_file(&path).expect("remove");
}

#[test]
fn hostile_input_never_panics() {
    use proptest::prelude::*;
    let alphabet: Vec<u8> = b"[]{}();%$!?+#=-./01289abcdefghNBRQKOZxe \n\r\t\"\\*@\xff".to_vec();
    let mut runner = proptest::test_runner::TestRunner::default();
    runner
        .run(
            &proptest::collection::vec(proptest::sample::select(alphabet), 0..400),
            |bytes| {
                for game in Reader::new(&bytes[..]) {
                    let game = game.expect("no I/O error");
                    for position in game.positions() {
                        let _ = (position.fen(), position.uci());
                    }
                    let _ = game.error.map(|e| e.to_string());
                }
                prop_assert!(true);
                Ok(())
            },
        )
        .expect("no panic");
}

/// Every real file read in small pieces (the reader's buffer refilled in the middle of lines,
/// tags, comments and games) gives the same games, errors and lines as read whole.
#[test]
fn files_read_in_small_pieces_give_the_same_games() {
    let files = data_files();
    assert!(files.len() > 30, "{files:?}");
    for path in files {
        let bytes = std::fs::read(&path).expect("read");
        let whole = games(&bytes);
        for capacity in [1, 5, 64, 4096] {
            let pieces: Vec<Game> =
                Reader::new(std::io::BufReader::with_capacity(capacity, &bytes[..]))
                    .collect::<Result<_, _>>()
                    .expect("no I/O error");
            assert_eq!(
                pieces,
                whole,
                "{} read {capacity} bytes at a time",
                path.display()
            );
        }
    }
}

/// `par_map` on threads replays variant games as the iterator does, when the reader plays
/// them.
#[test]
fn par_map_replays_variant_games_when_asked() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pgn/variants-random-14.pgn");
    let one: Vec<Game> = Reader::open(&path)
        .expect("open")
        .with_variants(true)
        .collect::<Result<_, _>>()
        .expect("read");
    for variants in [true, false] {
        let two: Vec<(usize, bool)> = Reader::open(&path)
            .expect("open")
            .with_variants(variants)
            .par_map(2, |game| {
                (
                    game.variant.as_ref().map_or(0, |line| line.moves.len()),
                    game.error.is_some(),
                )
            })
            .collect::<Result<_, _>>()
            .expect("read");
        let expected: Vec<(usize, bool)> = one
            .iter()
            .map(|g| match variants {
                true => (g.variant.as_ref().map_or(0, |l| l.moves.len()), false),
                false => (0, true),
            })
            .collect();
        assert_eq!(two, expected, "variants {variants}");
    }
}

/// A real lichess "From Position" game starts with eight bishops and eight pawns a side:
/// python-chess calls it valid, and it replays (the strict reader refused it, issue 45).
#[test]
fn from_position_games_with_eight_bishops_replay() {
    let game = one(concat!(
        "[Event \"Casual\"]\n[Variant \"From Position\"]\n",
        "[FEN \"bbbbkbbb/pppppppp/8/8/8/8/PPPPPPPP/BBBBKBBB w - - 0 1\"]\n[SetUp \"1\"]\n\n",
        "1. e4 e5 2. Bc4 Bc5 *\n"
    ));
    assert!(game.error.is_none(), "{:?}", game.error);
    assert_eq!(
        ucis(&game),
        ["e2e4", "e7e5", "f1c4", "f8c5"].map(String::from)
    );
}
