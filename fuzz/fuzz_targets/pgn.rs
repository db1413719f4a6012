//! Any bytes, as a PGN file, plain or behind a zstd or gzip magic number: the reader never
//! panics, every move it replays is legal in its position, every game it reads either
//! replays or says why, a visitor that enters the variations sees the same mainline, and
//! the games read in place (a slice, most of them open: the tokenizer finds their end) equal
//! those read from an input that hands over a few bytes at a time (copied) and those that
//! `par_map` cuts before it replays them.
#![no_main]

use bitmove::pgn::{Reader, Visitor, NULL_MOVE};
use bitmove::{Board, Move};
use libfuzzer_sys::fuzz_target;

/// Enters every variation and checks every move it is shown.
struct Everything;

impl Visitor for Everything {
    fn visit_variations(&self) -> bool {
        true
    }
    fn begin_variation(&mut self) -> bool {
        true
    }
    fn play(&mut self, board: &Board, mv: Move, _san: &[u8]) {
        assert!(mv == NULL_MOVE || board.is_legal(mv), "{board} {mv}");
    }
}

fuzz_target!(|data: &[u8]| {
    let in_place: Vec<_> = Reader::new(data)
        .map(|game| game.expect("reading a slice cannot fail"))
        .collect();
    let small_reads = std::io::BufReader::with_capacity(1 + data.len() % 61, data);
    let copied = Reader::new(small_reads).map(|game| game.expect("reading a slice cannot fail"));
    assert!(
        copied.eq(in_place.iter().cloned()),
        "in place and copied differ"
    );
    // `par_map` cuts every game before replaying it; `Reader::new` over a slice reads most
    // games open (the tokenizer finds their end).
    let cut_first = Reader::new(std::io::Cursor::new(data.to_vec()))
        .par_map(1, |game| game)
        .map(|game| game.expect("reading a slice cannot fail"));
    assert!(
        cut_first.eq(in_place.iter().cloned()),
        "read open and cut first differ"
    );
    for game in in_place {
        let mut board = game.start.clone();
        for position in game.positions() {
            assert_eq!(position.board, board);
            assert!(position.mv == NULL_MOVE || board.is_legal(position.mv));
            let _ = (position.fen(), position.uci());
            board = match position.mv {
                NULL_MOVE => board
                    .null_move()
                    .expect("a null move is never played in check"),
                mv => {
                    board.play(mv).expect("legal");
                    board
                }
            };
        }
        assert_eq!(game.end(), board);
        assert_eq!(game.clocks.len(), game.moves.len());
        if let Some(error) = &game.error {
            assert_eq!(error.game, game.index);
            assert!(error.line >= game.line);
            let _ = error.to_string();
        }
    }
    let mut reader = Reader::new(data);
    while reader
        .visit(&mut Everything)
        .expect("reading a slice cannot fail")
    {}
    // Compressed input: a corrupt stream is an error, never a panic.
    if let Ok(reader) = Reader::from_read(data) {
        for game in reader {
            if game.is_err() {
                break;
            }
        }
    }
});
