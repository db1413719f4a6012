//! bitmove: exact, fast legal chess move generation on bitboards.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
mod bitboard;
mod board;
mod fen;
mod movegen;
mod moves;
mod perft;
mod piece;
mod square;
mod uci;
mod zobrist;

pub use attacks::{between, line, SliderBackend};
pub use bitboard::{Bitboard, BitboardIter, Subsets};
pub use board::{Board, CastlingRights, CastlingSide, IllegalMove};
pub use fen::{FenError, FenField, PositionError};
pub use moves::{Move, MoveList, PieceMoves, PieceMovesIter, UciError, MAX_MOVES};
#[cfg(feature = "std")]
pub use perft::divide;
pub use perft::{perft, perft_backend};
pub use piece::{Color, Piece};
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::Uci;
