//! Polyglot books (`bitmove::book`) against the known answers of the test books
//! (`tests/data/polyglot/README.md`; the entries python-chess 1.11.2 finds, written down
//! here), and malformed books that must not panic.

use bitmove::book::{Book, BookError, BookMove, ENTRY_SIZE, Entry};
use bitmove::{Board, Move};

const PERFORMANCE: &[u8] = include_bytes!("../../../tests/data/polyglot/performance.bin");
const LASKER: &[u8] = include_bytes!("../../../tests/data/polyglot/lasker-trap.bin");

fn board(fen: &str) -> Board {
    fen.parse().expect("valid FEN")
}

fn ucis(board: &Board, found: &[BookMove]) -> Vec<(String, u16, u32)> {
    found
        .iter()
        .map(|m| (board.uci(m.mv).to_string(), m.entry.weight, m.entry.learn))
        .collect()
}

fn mv(board: &Board, uci: &str) -> Move {
    board.parse_uci(uci).expect("legal")
}

#[test]
fn start_position_entries_as_python_chess_finds_them() {
    let book = Book::new(PERFORMANCE).unwrap();
    assert_eq!(book.len(), 92_954);
    let start = Board::default();
    // All three weigh 1: the order is the book's (python-chess's).
    assert_eq!(
        ucis(&start, &book.find_all(&start, 1, &[])),
        [
            ("e2e4".to_string(), 1, 486_544_384),
            ("d2d4".to_string(), 1, 5120),
            ("c2c4".to_string(), 1, 3_825_144_832),
        ]
    );
    assert_eq!(
        book.find(&start, 1, &[]).map(|m| m.mv),
        Some(mv(&start, "e2e4"))
    );
    assert_eq!(book.find(&start, 2, &[]), None); // python-chess: IndexError
    let no_e4 = [mv(&start, "e2e4")];
    assert_eq!(
        book.find(&start, 1, &no_e4).map(|m| m.mv),
        Some(mv(&start, "d2d4"))
    );
}

#[test]
fn following_the_heaviest_move_ends_where_the_readme_says() {
    let book = Book::new(PERFORMANCE).unwrap();
    let mut board = Board::default();
    let mut plies = 0;
    while let Some(found) = book.get(&board) {
        board.play(found.mv).expect("a book move is legal");
        plies += 1;
    }
    assert_eq!(plies, 29);
    assert_eq!(
        board.to_string(),
        "r2q1rk1/4bppp/p2p1n2/np5b/3BP1P1/5N1P/PPB2P2/RN1QR1K1 b - - 0 15"
    );
}

#[test]
fn lasker_trap_underpromotion() {
    let book = Book::new(LASKER).unwrap();
    assert_eq!(book.len(), 7);
    let b = board("rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2KpPP/RN1Q1BNR b kq - 1 7");
    let found = book.find(&b, 1, &[]).expect("in the book");
    assert_eq!(b.san(found.mv).to_string(), "fxg1=N+");
}

#[test]
fn castling_is_the_king_taking_its_rook() {
    let book = Book::new(PERFORMANCE).unwrap();
    let b = board("r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10");
    let found = book.find_all(&b, 1, &[]);
    assert_eq!(
        ucis(&b, &found),
        [
            ("e1g1".to_string(), 159, 201_331_712),
            ("e1c1".to_string(), 18, 2_717_848_576),
            ("h2h3".to_string(), 16, 3_120_501_760),
        ]
    );
    let sans: Vec<String> = found.iter().map(|m| b.san(m.mv).to_string()).collect();
    assert_eq!(sans, ["O-O", "O-O-O", "h3"]);

    let b = board("r3k1nr/1pp1q1pp/p1pb1p2/4p3/3PP1b1/2P1BN2/PP1N1PPP/R2Q1RK1 b kq - 4 9");
    let found = book.find_all(&b, 1, &[]);
    assert_eq!(found.len(), 1);
    assert_eq!(b.san(found[0].mv).to_string(), "O-O-O");

    // A rook move e1a1, not castling.
    let b = board("1r1qr1k1/1b2bp1n/p2p2pB/1pnPp2p/P1p1P3/R1P2NNP/1PBQ1PP1/4R1K1 w - - 0 1");
    let found = book.find(&b, 1, &[]).expect("in the book");
    assert_eq!(b.uci(found.mv).to_string(), "e1a1");
}

/// A mock random source: always the lowest or always the highest value (python-chess's
/// `FirstMockRandom` and `LastMockRandom`).
#[test]
fn choices_call_the_random_source_as_python_chess_does() {
    let book = Book::new(PERFORMANCE).unwrap();
    let start = Board::default();
    let first = &mut |_n: u64| 0;
    let last = &mut |n: u64| n - 1;
    let uci = |m: Option<BookMove>| start.uci(m.expect("found").mv).to_string();
    assert_eq!(uci(book.choice(&start, 1, &[], first)), "e2e4");
    assert_eq!(uci(book.choice(&start, 1, &[], last)), "c2c4");
    assert_eq!(uci(book.weighted_choice(&start, &[], first)), "e2e4");
    assert_eq!(uci(book.weighted_choice(&start, &[], last)), "c2c4");
    let no_e4 = [mv(&start, "e2e4")];
    assert_eq!(uci(book.weighted_choice(&start, &no_e4, first)), "d2d4");
    // A source that answers out of range is reduced, not trusted.
    assert!(
        book.weighted_choice(&start, &[], &mut |_| u64::MAX)
            .is_some()
    );
    let mut random = bitmove::book::default_random();
    for _ in 0..50 {
        let m = book
            .weighted_choice(&start, &[], &mut random)
            .expect("found");
        assert!(["e2e4", "d2d4", "c2c4"].contains(&start.uci(m.mv).to_string().as_str()));
    }
    assert_eq!(book.choice(&start, 2, &[], first), None);
}

fn entry_bytes(key: u64, raw_move: u16, weight: u16, learn: u32) -> [u8; ENTRY_SIZE] {
    Entry {
        key,
        raw_move,
        weight,
        learn,
    }
    .to_bytes()
}

/// A move's Polyglot bits: to in 0-5, from in 6-11.
fn raw(from: u16, to: u16) -> u16 {
    (from << 6) | to
}

#[test]
fn heaviest_first_ties_in_book_order_and_weight_zero() {
    let start = Board::default();
    let key = start.hash();
    let mut bytes = Vec::new();
    bytes.extend(entry_bytes(key - 1, raw(12, 28), 99, 0)); // another position
    bytes.extend(entry_bytes(key, raw(6, 21), 3, 1)); // g1f3
    bytes.extend(entry_bytes(key, raw(11, 27), 0, 2)); // d2d4, weight 0
    bytes.extend(entry_bytes(key, raw(12, 28), 5, 3)); // e2e4
    bytes.extend(entry_bytes(key, raw(12, 36), 9, 4)); // e2e5: not legal, skipped
    bytes.extend(entry_bytes(key, raw(10, 26), 3, 5)); // c2c4
    bytes.extend(entry_bytes(key + 1, raw(12, 28), 99, 0)); // another position
    let book = Book::new(bytes).unwrap();
    let found = book.find_all(&start, 1, &[]);
    let learns: Vec<u32> = found.iter().map(|m| m.entry.learn).collect();
    assert_eq!(learns, [3, 1, 5]);
    let in_order: Vec<u32> = book
        .entries(&start, 0, &[])
        .map(|m| m.entry.learn)
        .collect();
    assert_eq!(in_order, [1, 2, 3, 5]);
    assert_eq!(book.find(&start, 0, &[]).map(|m| m.entry.learn), Some(3));
    assert_eq!(book.entries_for_key(key).count(), 5);
}

#[test]
fn every_entry_is_found_under_its_key() {
    let book = Book::new(PERFORMANCE).unwrap();
    for (i, entry) in book.iter().enumerate() {
        assert_eq!(book.entry(i), Some(entry));
        assert!(book.entries_for_key(entry.key).any(|e| e == entry), "{i}");
    }
    assert_eq!(book.entry(book.len()), None);
    assert_eq!(book.entry(usize::MAX), None);
    assert_eq!(book.iter().next_back(), book.entry(book.len() - 1));
}

#[test]
fn malformed_books_never_panic() {
    assert_eq!(
        Book::new(&PERFORMANCE[..17]).err(),
        Some(BookError::Length(17))
    );
    assert!(BookError::Length(17).to_string().contains("multiple of 16"));
    let empty = Book::new(&[][..]).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.get(&Board::default()), None);

    // Entries reversed: unsorted, look-ups find what the search lands on and never panic.
    let mut reversed = Vec::new();
    for chunk in PERFORMANCE.chunks_exact(ENTRY_SIZE).rev() {
        reversed.extend_from_slice(chunk);
    }
    let book = Book::new(reversed).unwrap();
    let mut board = Board::default();
    for _ in 0..10 {
        let _ = book.find_all(&board, 0, &[]);
        let Some(first) = board.legal_moves().into_iter().next() else {
            break;
        };
        board.play(first).unwrap();
    }

    // Random bytes under the start position's key: every stored move not legal is skipped.
    let key = Board::default().hash();
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut bytes = Vec::new();
    for _ in 0..4096 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.extend(entry_bytes(key, state as u16, (state >> 16) as u16, 0));
    }
    let book = Book::new(bytes).unwrap();
    let start = Board::default();
    let legal = start.legal_moves();
    for found in book.find_all(&start, 0, &[]) {
        assert!(legal.contains(&found.mv));
    }
    let _ = book.weighted_choice(&start, &[], &mut |n| n / 2);
}

#[cfg(feature = "mmap")]
#[test]
fn open_maps_the_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/polyglot");
    let book = Book::open(format!("{dir}/performance.bin")).unwrap();
    assert_eq!(book.len(), 92_954);
    assert_eq!(book.data().as_ref(), PERFORMANCE);
    assert_eq!(
        book.get(&Board::default()).map(|m| m.entry),
        Book::new(PERFORMANCE)
            .unwrap()
            .get(&Board::default())
            .map(|m| m.entry)
    );
    assert!(Book::open("/dev/null").unwrap().is_empty());
    let tmp = std::env::temp_dir().join(format!("bitmove-book-{}.bin", std::process::id()));
    std::fs::write(&tmp, &PERFORMANCE[..20]).unwrap();
    let err = Book::open(&tmp).unwrap_err();
    std::fs::remove_file(&tmp).unwrap();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(Book::open("/nonexistent/book.bin").is_err());
}
