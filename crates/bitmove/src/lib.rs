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
//! # Design
//!
//! - Squares, sets of squares ([`Bitboard`]), colours and pieces are small `Copy` types with
//!   `const fn`s.
//! - Every attack table ([`attacks`]) is built at compile time; slider lookups go through PEXT
//!   or magic bitboards, chosen once at run time ([`SliderBackend`]).
//! - Generation is legal by construction (pins and check masks from [`between`] and
//!   [`line`]) and can hand out moves in set form ([`PieceMoves`]) so that counting is a
//!   popcount.
//!
//! # Features
//!
//! - `std` (default): [`divide`], the `BITMOVE_SLIDERS` override and `Box` in the magic
//!   finder. Without it the crate is `no_std` and needs no allocator.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
mod bitboard;
mod board;
mod chess960;
mod fen;
#[cfg(feature = "std")]
mod game;
mod movegen;
mod moves;
mod perft;
mod piece;
mod san;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;
mod status;
mod uci;
mod zobrist;

pub use attacks::{between, line, SliderBackend};
pub use bitboard::{Bitboard, BitboardIter, Subsets};
pub use board::{Board, CastlingRights, CastlingSide, IllegalMove};
pub use chess960::{chess960_back_rank, CastlingNotation, Fen};
pub use fen::{FenError, FenField, PositionError};
#[cfg(feature = "std")]
pub use game::{DrawReason, Game, Outcome};
pub use moves::{Move, MoveList, PieceMoves, PieceMovesIter, UciError, MAX_MOVES};
#[cfg(feature = "std")]
pub use perft::{divide, divide_with, perft_with_options, PerftOptions};
pub use perft::{perft, perft_backend};
pub use piece::{Color, Piece};
pub use san::{San, SanError};
pub use square::{File, ParseSquareError, Rank, Square};
pub use status::Status;
pub use uci::Uci;
