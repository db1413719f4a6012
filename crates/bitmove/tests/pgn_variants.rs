//! Variant games' variations and null moves, as python-chess's `chess.pgn` reads them
//! (checked against python-chess in crates/bitmove-py/tests/test_pgn_variants.py).

use bitmove::pgn::{ErrorKind, NULL_MOVE, Reader, Visitor};
use bitmove::variant::{VariantMove, VariantPosition};

/// Records what the reader tells of a variant game, variations visited.
#[derive(Default)]
struct Events(Vec<String>, Option<ErrorKind>);

impl Visitor for Events {
    fn visit_variations(&self) -> bool {
        true
    }
    fn begin_variation(&mut self) -> bool {
        self.0.push("(".into());
        true
    }
    fn end_variation(&mut self) {
        self.0.push(")".into());
    }
    fn comment(&mut self, text: &[u8]) {
        self.0
            .push(format!("{{{}}}", String::from_utf8_lossy(text).trim()));
    }
    fn nag(&mut self, nag: u8) {
        self.0.push(format!("${nag}"));
    }
    fn plays_variants(&self) -> bool {
        true
    }
    fn play_variant(&mut self, position: &VariantPosition, mv: VariantMove, _san: &[u8]) {
        let uci = if mv == VariantMove::Normal(NULL_MOVE) {
            "0000".into()
        } else {
            position.uci(mv).to_string()
        };
        self.0.push(format!("{uci} {}", position.fen()));
    }
    fn end_game(&mut self, outcome: Result<(), bitmove::pgn::GameError>) {
        self.1 = outcome.err().map(|e| e.kind);
    }
}

fn events(pgn: &str) -> Events {
    let mut events = Events::default();
    let mut reader = Reader::new(pgn.as_bytes());
    assert!(reader.visit(&mut events).expect("read"));
    events
}

#[test]
fn atomic_variation_replayed_from_the_position_before() {
    let e = events(
        "[Variant \"Atomic\"]\n\n1. e4 {a} (1. d4 $1 d5 (1... Nf6 2. Bg5) 2. c4) 1... e5 *\n",
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let after_d4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    let after_d5 = "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2";
    let after_nf6 = "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2";
    let expected = [
        format!("e2e4 {start}"),
        "{a}".into(),
        "(".into(),
        format!("d2d4 {start}"),
        "$1".into(),
        format!("d7d5 {after_d4}"),
        "(".into(),
        format!("g8f6 {after_d4}"),
        format!("c1g5 {after_nf6}"),
        ")".into(),
        format!("c2c4 {after_d5}"),
        ")".into(),
        format!("e7e5 {after_e4}"),
    ];
    assert_eq!(e.0, expected);
    assert_eq!(e.1, None);
}

#[test]
fn null_moves_pass_the_turn_in_variant_games() {
    // Three-check: the counters stay; crazyhouse: the pockets stay; en passant is cleared.
    let e = events("[Variant \"Three-check\"]\n\n1. e4 -- 2. d4 Z0 3. Bb5+ *\n");
    let fens: Vec<&str> =
        e.0.iter()
            .filter_map(|s| Some(s.split_once(" ")?.1))
            .collect();
    assert_eq!(e.0[1].split(' ').next(), Some("0000"));
    assert_eq!(
        fens[1],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3+3 0 1"
    );
    assert_eq!(
        fens[2],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 1 2"
    );
    // (FENs as python-chess 1.11.2 gives them.)
    assert_eq!(
        fens[4],
        "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 3+3 1 3"
    );
    assert_eq!(e.1, None);
    let e = events("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 -- 3. P@e6 (3. --) *\n");
    let fens: Vec<&str> =
        e.0.iter()
            .filter_map(|s| Some(s.split_once(" ")?.1))
            .collect();
    assert_eq!(
        fens[3],
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2"
    );
    assert_eq!(
        fens[4],
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 1 3"
    );
    assert_eq!(e.0[6].split(' ').next(), Some("0000"));
    assert_eq!(e.1, None);
}

#[test]
fn errors_inside_a_variant_variation_end_the_game() {
    let e = events("[Variant \"Antichess\"]\n\n1. e4 (1. d4 d5 2. Qxd5) 1... b5 *\n");
    assert!(matches!(e.1, Some(ErrorKind::Move(_))), "{:?}", e.1);
    // A null move in check is refused, as in standard games (python-chess pushes it).
    let e = events("[Variant \"King of the Hill\"]\n\n1. e4 f5 2. Qh5+ -- *\n");
    assert_eq!(e.1, Some(ErrorKind::NullMoveInCheck));
}

#[test]
fn game_positions_replay_variant_null_moves() {
    let pgn = "[Variant \"Horde\"]\n\n1. e5 -- 2. e6 *\n";
    let game = Reader::new(pgn.as_bytes())
        .with_variants(true)
        .next()
        .expect("a game")
        .expect("read");
    let line = game.variant.expect("a horde game");
    assert_eq!(line.moves[1], VariantMove::Normal(NULL_MOVE));
    assert_eq!(line.positions().count(), 3);
    assert_eq!(
        line.end().fen().to_string(),
        "rnbqkbnr/pppppppp/4P3/1PP2PP1/PPPP1PPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b kq - 0 2"
    );
}

#[test]
fn variant_trees_are_written_as_python_chess_writes_them() {
    // The expected text is python-chess 1.11.2's str(game) of the same input.
    let pgn =
        "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 (2... Nf6 3. P@e5 -- 4. d4) 3. Nc3 *\n";
    let tree = Reader::new(pgn.as_bytes())
        .with_variants(true)
        .read_tree()
        .expect("read")
        .expect("a game");
    assert!(tree.error.is_none(), "{:?}", tree.error);
    assert_eq!(
        tree.to_string(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n\
         1. e4 d5 2. exd5 Qxd5 ( 2... Nf6 3. @e5 -- 4. d4 ) 3. Nc3 *"
    );
    // Without with_variants the game is refused, as before.
    let tree = Reader::new(pgn.as_bytes())
        .read_tree()
        .expect("read")
        .expect("a game");
    assert!(matches!(
        tree.error.as_ref().map(|e| &e.kind),
        Some(ErrorKind::Variant(_))
    ));
    assert!(tree.variant_start().is_none());

    // Built by hand: a drop, and a standard tree refuses variant moves.
    let mut tree = bitmove::pgn::GameTree::without_tag_roster();
    let start = VariantPosition::from_fen(
        bitmove::variant::Variant::Crazyhouse,
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
    )
    .expect("a FEN");
    assert!(
        tree.clone()
            .add_variant_move(bitmove::pgn::NodeId::ROOT, VariantMove::Normal(NULL_MOVE))
            .is_none()
    );
    assert!(tree.set_variant_start(start.clone()));
    let drop = start.parse_san("N@f3").expect("a drop");
    let node = tree
        .add_variant_move(bitmove::pgn::NodeId::ROOT, drop)
        .expect("a variant tree");
    assert_eq!(tree.variant_move(node), Some(drop));
    assert_eq!(tree.to_string(), "1. N@f3 *");
    // A board move added to a variant tree is that variant's move; an illegal one (a drop
    // with an empty pocket) is written `--` and passes the turn, never a panic.
    let reply = tree.add_variation(node, "e8d7".parse().expect("UCI"));
    assert_eq!(
        tree.variant_move(reply),
        Some(VariantMove::Normal("e8d7".parse().expect("UCI")))
    );
    let bad = tree.add_variant_move(reply, drop).expect("a variant tree");
    tree.add_variation(bad, "d7c7".parse().expect("UCI"));
    assert_eq!(tree.to_string(), "1. N@f3 Kd7 2. -- Kc7 *");
    // A standard start makes it a standard game's tree again.
    tree.setup(bitmove::Board::startpos());
    assert!(tree.variant_start().is_none() && tree.variant_move(node).is_none());
}
