//! Why a game does not replay: one [`GameError`] per game, with where and what.

use core::fmt;
use std::string::String;

use crate::{FenError, SanError};

/// Why a game was not replayed to its end. The reader reports it and goes on with the next
/// game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A move token that [`Board::parse_san`](crate::Board::parse_san) refused: not SAN
    /// ([`SanError::Syntax`]), no legal move matches ([`SanError::Illegal`]), or more than
    /// one does ([`SanError::Ambiguous`]).
    Move(SanError),
    /// A null move (`--`, `Z0`, `0000`, `@@@@`) played while the side to move is in check:
    /// passing would leave its king capturable.
    NullMoveInCheck,
    /// A token that is neither a move, a move number, a NAG, a comment, a variation nor a
    /// result (a drop like `N@f3`, a stray `}`).
    Token,
    /// The `Variant` tag names a game bitmove does not play (Atomic, Crazyhouse, ...). The
    /// variant's name is kept.
    Variant(String),
    /// The `FEN` tag is not a position bitmove can set up.
    Fen(FenError),
    /// A `{` comment that is never closed: the rest of the game would be lost in it.
    UnclosedComment,
    /// A `(` variation never closed by `)`. No longer given: the reader ends such a
    /// variation with the game, as python-chess does.
    UnclosedVariation,
    /// A `)` without its `(`. No longer given: the reader passes over it, as python-chess
    /// does.
    UnopenedVariation,
    /// The game is longer than [`MAX_GAME_BYTES`](super::MAX_GAME_BYTES); it was skipped, not
    /// held in memory.
    TooLong,
}

/// A game that does not replay: which game, where in the input, the token and the reason.
///
/// ```
/// use bitmove::pgn::{ErrorKind, Reader};
/// use bitmove::SanError;
///
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let games: Vec<_> = Reader::new(pgn.as_bytes()).collect::<Result<_, _>>()?;
/// let error = games[0].error.as_ref().expect("Ke3 is illegal");
/// assert_eq!((error.game, error.line, error.token.as_str()), (0, 3, "Ke3"));
/// assert_eq!(error.kind, ErrorKind::Move(SanError::Illegal));
/// assert_eq!(error.to_string(), "game 0, line 3: illegal move \"Ke3\": no legal move in this position matches the SAN");
/// assert!(games[1].error.is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The game's 0-based index in the input.
    pub game: usize,
    /// The 1-based line of the input where the trouble is.
    pub line: usize,
    /// The offending text (a move, a tag value, a bracket), lossily decoded; empty when
    /// there is none.
    pub token: String,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl GameError {
    /// The reason alone, without game and line: `illegal move "Ke3": ...`. One line, the
    /// token quoted with control characters escaped.
    pub fn reason(&self) -> String {
        let token = crate::messages::quote(&self.token, None);
        match &self.kind {
            ErrorKind::Move(SanError::Syntax) => {
                format!("unreadable move {token}: {}", SanError::Syntax)
            }
            ErrorKind::Move(SanError::Illegal) => {
                format!("illegal move {token}: {}", SanError::Illegal)
            }
            ErrorKind::Move(SanError::Ambiguous) => {
                format!("ambiguous move {token}: {}", SanError::Ambiguous)
            }
            ErrorKind::NullMoveInCheck => format!("null move {token} while in check"),
            ErrorKind::Token => format!("unreadable token {token}"),
            ErrorKind::Variant(name) => format!(
                "unsupported variant {} (this reader plays standard chess and Chess960)",
                crate::messages::quote(name, None)
            ),
            ErrorKind::Fen(error) => format!(
                "bad FEN tag: {}",
                crate::messages::fen_error(&self.token, error)
            ),
            ErrorKind::UnclosedComment => {
                "comment \"{\" not closed before the end of the game".into()
            }
            ErrorKind::UnclosedVariation => {
                "variation \"(\" not closed before the end of the game".into()
            }
            ErrorKind::UnopenedVariation => "\")\" without a variation to close".into(),
            ErrorKind::TooLong => format!(
                "game longer than {} MiB, skipped",
                super::MAX_GAME_BYTES >> 20
            ),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}: {}",
            self.game,
            self.line,
            self.reason()
        )
    }
}

impl std::error::Error for GameError {}
