//! bitmove: exact, fast legal chess move generation on bitboards.
//!
//! A [`Board`] is a position; parse one from FEN, list or count its legal moves, play them,
//! and count the move tree with [`perft`].
//!
//! ```
//! use bitmove::{perft, Board, Move, Square};
//!
//! let mut board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//!     .parse()
//!     .expect("valid FEN");
//! assert_eq!(board.legal_moves().len(), 48);
//! assert_eq!(perft(&board, 3), 97_862);
//!
//! let castle = board.parse_uci("e1g1").expect("legal");
//! assert_eq!(castle, Move::new(Square::E1, Square::H1)); // king takes own rook, internally
//! board.play(castle).expect("legal");
//! assert_eq!(
//!     board.to_string(),
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
//! );
//! ```
//!
//! # A five-minute tour
//!
//! **Parse a position.** FEN in, FEN out (`Display`); a malformed or impossible position is
//! an error that says which field is wrong, never a panic.
//!
//! ```
//! use bitmove::{Board, FenError, PositionError};
//!
//! let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?;
//! assert_eq!(board.legal_moves().len(), 20);
//! assert_eq!(
//!     Board::from_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), // Black is in check, White to move
//!     Err(FenError::Illegal(PositionError::OpponentInCheck)),
//! );
//! # Ok::<(), FenError>(())
//! ```
//!
//! **List the legal moves in SAN.** [`Board::san`] writes a move with exactly the
//! disambiguation, capture mark and check suffix it needs, without allocating.
//!
//! ```
//! use bitmove::Board;
//!
//! let board: Board = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1".parse()?;
//! let sans: Vec<String> = board.legal_moves().iter().map(|&mv| board.san(mv).to_string()).collect();
//! assert!(sans.contains(&"Nbd2".to_string()) && sans.contains(&"Nfd2".to_string()));
//! # Ok::<(), bitmove::FenError>(())
//! ```
//!
//! **Play moves from SAN or UCI.** [`Board::parse_san`] reads SAN as leniently as real PGN
//! needs (`0-0`, `e8Q`, a missing `+`) but refuses an ambiguous move; [`Board::parse_uci`]
//! reads engine notation. Both return a [`Move`] that is legal here.
//!
//! ```
//! use bitmove::Board;
//!
//! let mut board = Board::default();
//! for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "0-0"] {
//!     let mv = board.parse_san(san)?;
//!     board.play_unchecked(mv); // legal: it came from parse_san
//! }
//! let mv = board.parse_uci("f8c5")?;
//! board.play(mv)?;
//! assert_eq!(
//!     board.to_string(),
//!     "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Detect checkmate and repetition.** A [`Board`] knows its [`Status`] (ongoing,
//! checkmate, stalemate), insufficient material and the fifty-move rule; a [`Game`] keeps the
//! history, so it also sees repetitions (by Zobrist hash) and can take moves back.
//!
//! ```
//! use bitmove::{Color, DrawReason, Game, Outcome, Status};
//!
//! let mut game = Game::default();
//! for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
//!     game.play_san(san)?;
//! }
//! assert_eq!(game.board().status(), Status::Checkmate);
//! assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
//!
//! let mut game = Game::default();
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     game.play_san(san)?;
//! }
//! assert!(game.is_repetition(3));
//! assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::ThreefoldRepetition)));
//! # Ok::<(), bitmove::SanError>(())
//! ```
//!
//! **Compute a Polyglot key.** [`Board::hash`] is the Zobrist key of the Polyglot
//! opening-book format, updated incrementally by every move; use it to look a position up in
//! a `.bin` book. (En passant counts only when a pawn can capture, as Polyglot requires.)
//!
//! ```
//! use bitmove::Board;
//!
//! let mut board = Board::default();
//! assert_eq!(board.hash(), 0x463b96181691fc9c);
//! board.play(board.parse_uci("e2e4")?)?;
//! assert_eq!(board.hash(), 0x823c9b50fd114196);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Chess960.** Castling is king-takes-own-rook inside, so Chess960 is no special case:
//! start positions by Scharnagl number ([`Board::chess960_startpos`], Double Fischer Random
//! too), FEN in Shredder or X-FEN notation ([`Board::fen_with`]), UCI castling as `e1g1` or
//! `e1h1` by the board's mode, `O-O`/`O-O-O` in SAN.
//!
//! ```
//! use bitmove::{Board, CastlingNotation};
//!
//! let board = Board::chess960_startpos(0).expect("0..960");
//! assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
//! assert_eq!(
//!     board.fen_with(CastlingNotation::XFen).to_string(),
//!     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
//! );
//! ```
//!
//! **For engines.** Captures and quiet moves apart (for quiescence search), `gives_check`,
//! the null move, attackers of a square and the squares a side attacks
//! ([`Board::attacks_by`]), static exchange evaluation ([`Board::see`], [`Board::see_ge`]),
//! and set-shaped generation that counts without building moves.
//!
//! ```
//! use bitmove::{Board, Color, Square};
//!
//! let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//!     .parse()?;
//! assert_eq!((board.captures().len(), board.quiets().len()), (8, 40));
//! let checks = board.legal_moves().iter().filter(|&&mv| board.gives_check(mv)).count();
//! assert_eq!(checks, 0);
//! assert_eq!(board.attackers_to(Square::D5, Color::Black).len(), 3); // e6, b6, f6
//! let passed = board.null_move().expect("not in check");
//! assert_eq!(passed.side_to_move(), Color::Black);
//! # Ok::<(), bitmove::FenError>(())
//! ```
//!
//! More in `examples/`: `perft`, `random_game_san`, `polyglot_key`, `list_moves`.
//!
//! # Design
//!
//! - Squares, sets of squares ([`Bitboard`]), colours and pieces are small `Copy` types with
//!   `const fn`s.
//! - Every attack table ([`attacks`]) is built at compile time; slider lookups go through PEXT
//!   or magic bitboards, chosen once at run time ([`SliderBackend`]).
//! - Generation is legal by construction (pins and check masks from [`between`] and
//!   [`line`](fn@line)) and can hand out moves in set form ([`PieceMoves`]) so that counting is a
//!   popcount.
//! - Notation (UCI, SAN, FEN castling letters) is converted at the boundary; inside there is
//!   one castling encoding for standard chess and Chess960.
//!
//! # Features
//!
//! | feature | default | gives | costs |
//! |---|---|---|---|
//! | `std` | yes | [`divide`], [`Game`] (its history is a `Vec`), the `BITMOVE_SLIDERS` override, `Box` in the magic finder | the standard library |
//! | `serde` | no | `Serialize`/`Deserialize` for [`Board`] (a FEN string, validated on the way in) and [`Move`] (a UCI string in the internal castling form, `e1h1`) | a dependency on `serde` without default features; no allocator |
//! | `pgn` | no | `bitmove::pgn`: a streaming PGN reader that replays every move (plain, zstd and gzip input; threads over one input), and game trees written back as python-chess writes them | `std` and the pure-Rust decoders `ruzstd` and `flate2` (miniz_oxide) |
//! | `mmap` | no | `book::Book::open`: a Polyglot opening book file memory-mapped (the [`book`] module itself is `no_std`) | `std` and a dependency on `memmap2` |
//! | `deep` | no | `bitmove::deep`: deep perft in work units with a resumable JSON Lines checkpoint, shared by the CLI and the Python cluster driver | `std` and a dependency on `serde_json` |
//! | `engine` | no | `bitmove::engine`: UCI and XBoard lines read (as python-chess reads them) and written, an engine process driver with timeouts, a blocking UCI client; what the CLI's `bisect`, `bitmove.engine` and the JavaScript `Engine` share | `std` only (threads and channels, no async runtime) |
//!
//! Without `std` the crate is `no_std` and needs no allocator: boards, generation, perft,
//! FEN, UCI, SAN, Chess960 and the position queries all remain. No feature changes the speed
//! of generation.
//!
//! The minimum supported Rust version is 1.95.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(unsafe_code)]
#![deny(missing_docs)]
// No input may make the library panic: no unwrap or expect outside tests (clippy.toml).
#![deny(clippy::unwrap_used, clippy::expect_used)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "analyse")]
pub mod analyse;
pub mod attacks;
mod bitboard;
mod board;
pub mod book;
mod chess960;
#[cfg(feature = "deep")]
pub mod deep;
mod delta;
#[cfg(feature = "engine")]
pub mod engine;
mod fen;
#[cfg(feature = "std")]
mod game;
#[cfg(feature = "gaviota")]
pub mod gaviota;
#[cfg(feature = "std")]
mod history;
#[cfg(any(feature = "syzygy", feature = "gaviota"))]
mod mapped;
#[cfg(feature = "std")]
pub mod messages;
mod movegen;
mod moves;
mod perft;
#[cfg(feature = "pgn")]
pub mod pgn;
mod piece;
mod san;
mod see;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod setup;
mod square;
mod status;
#[cfg(feature = "std")]
pub mod svg;
#[cfg(feature = "syzygy")]
pub mod syzygy;
#[cfg(test)]
mod test_rng;
mod uci;
#[cfg(feature = "std")]
mod unique;
pub mod variant;
pub mod vocab;
mod zobrist;

pub use attacks::{SliderBackend, between, line};
pub use bitboard::{Bitboard, BitboardIter, Subsets};
pub use board::{Board, CastlingRights, CastlingSide, IllegalMove};
pub use chess960::{CastlingNotation, Fen, chess960_back_rank};
pub use delta::{MoveDelta, PlacedPiece};
pub use fen::{FenError, FenField, PositionError};
#[cfg(feature = "std")]
pub use game::{DrawReason, Game, Outcome};
#[cfg(feature = "std")]
pub use history::KeyHistory;
pub use moves::{
    MAX_MOVES, Move, MoveList, MoveListIntoIter, PieceMoves, PieceMovesIter, UciError,
};
pub use perft::{MAX_DEPTH, PerftStats, perft, perft_backend, perft_stats};
#[cfg(feature = "std")]
pub use perft::{
    PerftOptions, divide, divide_with, divide_with_stop, perft_with_options, perft_with_stop,
};
#[cfg(feature = "std")]
pub use perft::{
    PerftStatsTable, PerftTable, divide_stats_with, perft_stats_with_options, perft_stats_with_stop,
};
pub use piece::{Color, Piece};
pub use san::{San, SanError};
pub use see::SeeValues;
pub use setup::{EnPassantMode, Setup, SetupFenError, SetupSanError, SetupStatus};
pub use square::{File, ParseSquareError, Rank, Square};
pub use status::Status;
pub use uci::Uci;
#[cfg(feature = "std")]
pub use unique::{
    MAX_PASSES, UniqueCount, UniqueError, UniqueOptions, UniqueProgress, WorkUnit, count_unique,
    work_units, work_units_with_stop,
};

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

/// The Rust examples of docs/library.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
struct LibraryDocDoctests;

/// The Rust examples of docs/variants.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/variants.md")]
struct VariantsDocDoctests;

/// The Rust examples of docs/statistics.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/statistics.md")]
struct StatisticsDocDoctests;

/// The Rust examples of docs/deep-perft.md, run as doctests.
#[cfg(all(doctest, feature = "deep"))]
#[doc = include_str!("../../../docs/deep-perft.md")]
struct DeepPerftDocDoctests;

/// The Rust examples of docs/pgn.md, run as doctests.
#[cfg(all(doctest, feature = "pgn"))]
#[doc = include_str!("../../../docs/pgn.md")]
struct PgnDocDoctests;

/// The Rust example of docs/tablebases.md, compiled as a doctest.
#[cfg(all(doctest, feature = "syzygy"))]
#[doc = include_str!("../../../docs/tablebases.md")]
struct TablebasesDocDoctests;

/// The crate README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;

/// The Rust example of docs/engine.md (a small search), run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/engine.md")]
struct EngineDocDoctests;

/// The Rust example of docs/books.md (Polyglot books), run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/books.md")]
struct BooksDocDoctests;
