//! `serde` support (feature `serde`): a [`Board`] is its FEN string and a [`Move`] its UCI
//! string, both validated on the way in.
//!
//! Strings keep the formats readable in JSON, TOML or a database column, and make every
//! deserialized board a valid one (the FEN parser checks legality). No allocation is needed in
//! either direction, so this works without `std`.
//!
//! - A board is written as `Display` writes it (Shredder-FEN castling in Chess960 mode). On the
//!   way in, the mode is inferred from the castling field: rook-file letters, or `KQkq` that
//!   standard chess cannot satisfy, mean Chess960. A Chess960 board without castling rights
//!   therefore comes back in standard mode, which only changes how castling would be written.
//! - A move is written in bitmove's internal form: castling as king-takes-own-rook (`e1h1`),
//!   which is UCI for Chess960 but not for standard chess. On the way in, the syntax is
//!   checked; legality needs a position, so check it with [`Board::is_legal`].

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::moves::parse_uci_syntax;
use crate::{Board, FenError, Move, PositionError};

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        deserializer.deserialize_str(FenVisitor)
    }
}

struct FenVisitor;

impl Visitor<'_> for FenVisitor {
    type Value = Board;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a FEN string")
    }

    fn visit_str<E: de::Error>(self, fen: &str) -> Result<Board, E> {
        board_from_fen(fen).map_err(E::custom)
    }
}

/// Parses a FEN in the mode its castling field implies.
fn board_from_fen(fen: &str) -> Result<Board, FenError> {
    let castling = fen.split_ascii_whitespace().nth(2).unwrap_or("-");
    if castling
        .chars()
        .any(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-'))
    {
        return Board::from_fen_with(fen, true);
    }
    match Board::from_fen(fen) {
        Err(FenError::Illegal(PositionError::CastlingRights)) => Board::from_fen_with(fen, true),
        parsed => parsed,
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        deserializer.deserialize_str(UciVisitor)
    }
}

struct UciVisitor;

impl Visitor<'_> for UciVisitor {
    type Value = Move;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UCI move such as e2e4 or e7e8q")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Move, E> {
        parse_uci_syntax(text).map_err(E::custom)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Move, Piece, Square};

    #[test]
    fn board_is_a_fen_string() {
        let board = Board::default();
        let json = serde_json::to_string(&board).unwrap();
        assert_eq!(
            json,
            "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""
        );
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
    }

    #[test]
    fn chess960_mode_survives_a_round_trip() {
        for n in [0, 518, 959] {
            let board = Board::chess960_startpos(n).unwrap();
            let json = serde_json::to_string(&board).unwrap();
            let back: Board = serde_json::from_str(&json).unwrap();
            assert_eq!(back, board, "{json}");
            assert!(back.is_chess960());
        }
        // X-FEN letters for a non-standard array also select Chess960.
        let back: Board =
            serde_json::from_str("\"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"")
                .unwrap();
        assert_eq!(back, Board::chess960_startpos(0).unwrap());
    }

    #[test]
    fn invalid_boards_are_refused() {
        for bad in [
            "\"8/8/8/8/8/8/8/Kk6 w - - 0 1\"",
            "\"not a fen\"",
            "\"\"",
            "42",
            "null",
        ] {
            let err = serde_json::from_str::<Board>(bad).unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
    }

    #[test]
    fn move_is_a_uci_string() {
        let mv = Move {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Piece::Queen),
        };
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"e7e8q\"");
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        let castle: Move = serde_json::from_str("\"e1h1\"").unwrap();
        assert_eq!(castle, Move::new(Square::E1, Square::H1));
        for bad in ["\"e2\"", "\"e7e8k\"", "\"0000\"", "7"] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn borrowed_and_owned_strings_both_work() {
        // serde_json hands an owned string when the text has escapes.
        let board: Board = serde_json::from_str(
            "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 \\u0031\"",
        )
        .unwrap();
        assert_eq!(board, Board::default());
    }
}
