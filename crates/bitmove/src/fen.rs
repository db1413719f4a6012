//! FEN in and out, with strict validation.
//!
//! Accepted castling fields: `KQkq` (standard, and X-FEN where they mean the outermost rook),
//! Shredder-FEN rook files (`HAha`, `Bb`), and X-FEN's file letters for inner rooks. Missing
//! halfmove and fullmove fields default to `0 1`. Output writes `KQkq` in standard mode and
//! Shredder-FEN in Chess960 mode. The en-passant square is written only when a pawn can capture
//! there (pseudo-legally); a FEN that names one no pawn can use parses, and writes back `-`.

use core::fmt;
use core::str::FromStr;

use crate::CastlingNotation;
use crate::attacks::{SliderBackend, dispatch};
use crate::board::{CastlingRights, CastlingSide};
use crate::{Bitboard, Board, Color, File, Piece, Rank, Square};

/// Which FEN field an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The first field: where the pieces stand.
    Placement,
    /// `w` or `b`.
    SideToMove,
    /// Castling rights.
    Castling,
    /// The en-passant square.
    EnPassant,
    /// The halfmove clock.
    HalfmoveClock,
    /// The fullmove number.
    FullmoveNumber,
    /// A crazyhouse pocket (`[QNp]` after the placement, or a ninth rank).
    Pocket,
    /// Three-check's counters (`3+3` after the en-passant square, or `+0+1` at the end).
    RemainingChecks,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Pocket => "pocket",
            FenField::RemainingChecks => "check counter",
        })
    }
}

/// Why a FEN was refused: one variant per cause. The first group are syntax errors in one
/// field; [`FenError::Illegal`] wraps a well-formed position that cannot occur.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    FieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// The placement does not have 8 ranks separated by `/`.
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank (counted from the eighth, 1-based as written: 8 is the first one) does not
    /// describe exactly 8 squares.
    RankLength {
        /// The rank, `8` for the first one written.
        rank: u8,
    },
    /// A character in the placement that is neither a piece letter nor a digit 1-8.
    PieceLetter {
        /// The character.
        found: char,
    },
    /// The side to move is not `w` or `b`.
    SideToMove,
    /// The castling field is not `-` or a set of castling letters.
    CastlingSyntax,
    /// The en-passant field is not `-` or a square on the third or sixth rank.
    EnPassantSyntax,
    /// The halfmove clock is not a non-negative number.
    HalfmoveClock,
    /// The fullmove number is not a non-negative number.
    FullmoveNumber,
    /// A crazyhouse pocket that is not piece letters (`PNBRQ`, `pnbrq`) in brackets or on a
    /// ninth rank, or that holds more pieces than a game has.
    Pocket,
    /// Three-check counters that are not `N+M` (checks still needed, 0-3) after the
    /// en-passant field or `+N+M` (checks given, 0-3) after the move counters.
    RemainingChecks,
    /// The position is well-formed but illegal.
    Illegal(PositionError),
}

/// Why a well-formed position is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// A side has no king or more than one.
    KingCount(Color),
    /// A pawn stands on the first or eighth rank.
    PawnOnBackRank,
    /// A side has more than 16 pieces or more than 8 pawns (python-chess's limits).
    TooManyPieces(Color),
    /// The side not to move is in check.
    OpponentInCheck,
    /// Three or more pieces give check, which no move can bring about.
    TooManyCheckers,
    /// A castling right without its king and rook on their squares (or two rights for one
    /// side, or a Chess960 right in standard mode).
    CastlingRights,
    /// An en-passant square that no double pawn step could just have made.
    EnPassant,
    /// A rule of the variant the position was read for (the reason says which), such as a
    /// white king in horde or a pawn in racing kings.
    Variant(&'static str),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::KingCount(c) => write!(f, "{c} must have exactly one king"),
            PositionError::PawnOnBackRank => f.write_str("pawns cannot stand on rank 1 or 8"),
            PositionError::TooManyPieces(c) => write!(
                f,
                "{c} has more pieces than a game allows (at most 16, at most 8 pawns)"
            ),
            PositionError::OpponentInCheck => {
                f.write_str("the side not to move is in check")
            }
            PositionError::TooManyCheckers => {
                f.write_str("three or more pieces give check, which no move can do")
            }
            PositionError::CastlingRights => {
                f.write_str("castling rights without the king and rook on their squares")
            }
            PositionError::Variant(reason) => f.write_str(reason),
            PositionError::EnPassant => f.write_str(
                "en-passant square that no double pawn step just made (it must be empty, behind a pawn of the side that moved, with the pawn's start square empty)",
            ),
        }
    }
}

impl FenError {
    /// The field the error is about, when it is about one.
    pub fn field(&self) -> Option<FenField> {
        Some(match self {
            FenError::FieldCount { .. } => return None,
            FenError::RankCount { .. }
            | FenError::RankLength { .. }
            | FenError::PieceLetter { .. } => FenField::Placement,
            FenError::SideToMove => FenField::SideToMove,
            FenError::CastlingSyntax => FenField::Castling,
            FenError::EnPassantSyntax => FenField::EnPassant,
            FenError::HalfmoveClock => FenField::HalfmoveClock,
            FenError::FullmoveNumber => FenField::FullmoveNumber,
            FenError::Pocket => FenField::Pocket,
            FenError::RemainingChecks => FenField::RemainingChecks,
            FenError::Illegal(PositionError::CastlingRights) => FenField::Castling,
            FenError::Illegal(PositionError::EnPassant) => FenField::EnPassant,
            FenError::Illegal(_) => FenField::Placement,
        })
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(field) = self.field() {
            write!(f, "invalid FEN, {field} field: ")?;
        } else {
            f.write_str("invalid FEN: ")?;
        }
        match self {
            FenError::FieldCount { found } => write!(
                f,
                "expected 4 to 6 space-separated fields (placement, side, castling, en passant, halfmove, fullmove), found {found}"
            ),
            FenError::RankCount { found } => {
                write!(f, "expected 8 ranks separated by '/', found {found}")
            }
            FenError::RankLength { rank } => {
                write!(f, "rank {rank} does not describe exactly 8 squares")
            }
            FenError::PieceLetter { found } => write!(
                f,
                "{found:?} is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"
            ),
            FenError::SideToMove => f.write_str("expected 'w' or 'b'"),
            FenError::CastlingSyntax => {
                f.write_str("expected '-' or castling letters (KQkq, or rook files such as HAha)")
            }
            FenError::EnPassantSyntax => {
                f.write_str("expected '-' or a square on rank 3 or 6, such as e3")
            }
            FenError::HalfmoveClock => f.write_str("expected a non-negative whole number"),
            FenError::FullmoveNumber => f.write_str("expected a non-negative whole number"),
            FenError::Pocket => f.write_str(
                "expected piece letters (PNBRQ, pnbrq) in brackets after the placement or on a ninth rank, at most 32 pieces on the board and in the pockets together",
            ),
            FenError::RemainingChecks => f.write_str(
                "expected the checks each side still needs as N+M (0-3 each) after the en-passant field, or the checks given as +N+M after the move counters",
            ),
            FenError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for FenError {}
impl core::error::Error for PositionError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Illegal(e)
    }
}

impl Board {
    /// Parses a FEN in standard-chess mode (castling rights must be the standard ones).
    ///
    /// ```
    /// use bitmove::{Board, FenError, PositionError};
    ///
    /// let board = Board::from_fen("8/8/8/8/8/8/8/Kk6 w - - 0 1");
    /// assert_eq!(board, Err(FenError::Illegal(PositionError::OpponentInCheck)));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        Board::from_fen_with(fen, false)
    }

    /// Parses a FEN, in Chess960 mode when `chess960` is set (any king and rook files; UCI
    /// castling as `e1h1` and Shredder-FEN output).
    pub fn from_fen_with(fen: &str, chess960: bool) -> Result<Board, FenError> {
        let fields: [&str; 6] = split_fields(fen)?;
        let raw = RawFen::parse(&fields, chess960)?;
        check_material(&raw.board)?;
        check_kings(raw.resolve()?)
    }
}

/// Checks the rules about kings of a board with one king a side: the side not to move is
/// not in check, and at most two pieces give check. Works out the checkers and pins.
pub(crate) fn check_kings(mut board: Board) -> Result<Board, FenError> {
    dispatch!(SliderBackend::current(), |s| {
        let king = board.king(!board.side);
        if board.attacked_with(s, king, board.side, board.occupied()) {
            return Err(PositionError::OpponentInCheck.into());
        }
        board.update_checks(s);
    });
    if board.checkers.len() > 2 {
        return Err(PositionError::TooManyCheckers.into());
    }
    Ok(board)
}

/// A FEN's fields read but the position not yet judged: the pieces on a board, with the
/// castling letters and the en-passant square as written. Standard chess and each variant
/// check the material by their own rules, then [`RawFen::resolve`] checks castling and en
/// passant.
pub(crate) struct RawFen {
    pub(crate) board: Board,
    castling: [Option<CastlingToken>; 4],
    en_passant: Option<Square>,
}

impl RawFen {
    /// Reads the six fields (as [`split_fields`] returns them).
    pub(crate) fn parse(fields: &[&str; 6], chess960: bool) -> Result<RawFen, FenError> {
        let mut board = Board::empty(chess960);
        parse_placement(&mut board, fields[0])?;
        board.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::SideToMove),
        };
        let castling = parse_castling(fields[2])?;
        let en_passant = match fields[3] {
            "-" => None,
            text => {
                let sq: Square = text.parse().map_err(|_| FenError::EnPassantSyntax)?;
                if sq.rank() != Rank::Third && sq.rank() != Rank::Sixth {
                    return Err(FenError::EnPassantSyntax);
                }
                Some(sq)
            }
        };
        board.halfmove = parse_counter(fields[4]).ok_or(FenError::HalfmoveClock)?;
        board.fullmove = parse_counter(fields[5]).ok_or(FenError::FullmoveNumber)?;
        Ok(RawFen {
            board,
            castling,
            en_passant,
        })
    }

    /// The board with its castling rights and en-passant square checked against the pieces,
    /// and its Zobrist key; checkers and pins are left for the caller.
    pub(crate) fn resolve(self) -> Result<Board, FenError> {
        let mut board = self.board;
        board.castling = resolve_castling(&board, &self.castling, board.chess960)?;
        if let Some(ep) = self.en_passant {
            board.en_passant = check_en_passant(&board, ep)?;
        }
        board.hash = board.compute_hash();
        board.checkers = crate::board::UNKNOWN;
        Ok(board)
    }
}

impl FromStr for Board {
    type Err = FenError;

    /// [`Board::from_fen`]: standard chess.
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Board::from_fen(fen)
    }
}

pub(crate) fn split_fields(fen: &str) -> Result<[&str; 6], FenError> {
    let mut fields = ["", "", "", "", "0", "1"];
    let mut count = 0;
    for field in fen.split_ascii_whitespace() {
        if count < 6 {
            fields[count] = field;
        }
        count += 1;
    }
    if !(4..=6).contains(&count) {
        return Err(FenError::FieldCount { found: count });
    }
    Ok(fields)
}

pub(crate) fn parse_placement(board: &mut Board, text: &str) -> Result<(), FenError> {
    let ranks = text.split('/').count();
    if ranks != 8 {
        return Err(FenError::RankCount { found: ranks });
    }
    for (row, rank_text) in text.split('/').enumerate() {
        let rank = Rank::ALL[7 - row];
        let mut file = 0usize;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if last_was_digit {
                    return Err(FenError::RankLength {
                        rank: 8 - row as u8,
                    });
                }
                last_was_digit = true;
                file += d as usize;
            } else {
                last_was_digit = false;
                let piece = Piece::from_char(c).ok_or(FenError::PieceLetter { found: c })?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file < 8 {
                    board.put(color, piece, Square::new(File::ALL[file], rank));
                }
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankLength {
                    rank: 8 - row as u8,
                });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: 8 - row as u8,
            });
        }
    }
    Ok(())
}

/// A castling letter as written: which colour, and either a side (K/Q) or a rook file.
#[derive(Clone, Copy)]
enum CastlingToken {
    Outermost(Color, CastlingSide),
    File(Color, File),
}

fn parse_castling(text: &str) -> Result<[Option<CastlingToken>; 4], FenError> {
    let mut tokens = [None; 4];
    if text == "-" {
        return Ok(tokens);
    }
    if text.is_empty() || text.chars().count() > 4 {
        return Err(FenError::CastlingSyntax);
    }
    for (i, c) in text.chars().enumerate() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        tokens[i] = Some(match c.to_ascii_lowercase() {
            'k' => CastlingToken::Outermost(color, CastlingSide::Short),
            'q' => CastlingToken::Outermost(color, CastlingSide::Long),
            _ => CastlingToken::File(color, File::from_char(c).ok_or(FenError::CastlingSyntax)?),
        });
    }
    Ok(tokens)
}

fn resolve_castling(
    board: &Board,
    tokens: &[Option<CastlingToken>; 4],
    chess960: bool,
) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    for token in tokens.iter().flatten() {
        let color = match *token {
            CastlingToken::Outermost(c, _) | CastlingToken::File(c, _) => c,
        };
        let back = Rank::First.relative_to(color);
        let king = board.colored_pieces(color, Piece::King) & back.bitboard();
        let king = king.single().ok_or(PositionError::CastlingRights)?;
        let rooks = board.colored_pieces(color, Piece::Rook) & back.bitboard();
        let (side, file) = match *token {
            CastlingToken::Outermost(_, side) => {
                let beyond = match side {
                    CastlingSide::Short => rooks.into_iter().rev().find(|r| r.file() > king.file()),
                    CastlingSide::Long => rooks.into_iter().find(|r| r.file() < king.file()),
                };
                (side, beyond.ok_or(PositionError::CastlingRights)?.file())
            }
            CastlingToken::File(_, file) => {
                if !rooks.has(Square::new(file, back)) || file == king.file() {
                    return Err(PositionError::CastlingRights.into());
                }
                let side = if file > king.file() {
                    CastlingSide::Short
                } else {
                    CastlingSide::Long
                };
                (side, file)
            }
        };
        if rights.rook(color, side).is_some() {
            return Err(PositionError::CastlingRights.into());
        }
        let standard_file = match side {
            CastlingSide::Short => File::H,
            CastlingSide::Long => File::A,
        };
        if !chess960 && (king.file() != File::E || file != standard_file) {
            return Err(PositionError::CastlingRights.into());
        }
        rights.add(color, king.file(), file);
    }
    Ok(rights)
}

pub(crate) fn parse_counter(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

pub(crate) fn check_material(board: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        if board.colored_pieces(color, Piece::King).len() != 1 {
            return Err(PositionError::KingCount(color).into());
        }
    }
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    if !(board.pieces(Piece::Pawn) & back_ranks).is_empty() {
        return Err(PositionError::PawnOnBackRank.into());
    }
    // python-chess's limits (its `status()`): at most 16 pieces and 8 pawns a side. Not the
    // stricter "promoted pieces only for missing pawns": real lichess "From Position" games
    // start with eight bishops and eight pawns a side.
    for color in Color::ALL {
        let pawns = board.colored_pieces(color, Piece::Pawn).len();
        if board.colors(color).len() > 16 || pawns > 8 {
            return Err(PositionError::TooManyPieces(color).into());
        }
    }
    Ok(())
}

/// Checks an en-passant square and keeps it only when a pawn of the side to move could capture
/// there (pseudo-legally).
fn check_en_passant(board: &Board, ep: Square) -> Result<Option<Square>, FenError> {
    let us = board.side;
    let them = !us;
    if ep.rank() != Rank::Sixth.relative_to(us) {
        return Err(PositionError::EnPassant.into());
    }
    let pushed = Square::new(ep.file(), Rank::Fifth.relative_to(us));
    let start = Square::new(ep.file(), Rank::Seventh.relative_to(us));
    let occupied = board.occupied();
    if occupied.has(ep)
        || occupied.has(start)
        || !board.colored_pieces(them, Piece::Pawn).has(pushed)
    {
        return Err(PositionError::EnPassant.into());
    }
    let capturers = crate::attacks::pawn_attacks(them, ep) & board.colored_pieces(us, Piece::Pawn);
    Ok((capturers != Bitboard::EMPTY).then_some(ep))
}

impl fmt::Display for Board {
    /// Writes the position as FEN: `KQkq` castling in standard mode, Shredder-FEN in Chess960
    /// mode (in standard mode the castling rooks are always the outermost ones, so X-FEN
    /// letters are the standard ones).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let notation = if self.chess960 {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::XFen
        };
        fmt::Display::fmt(&self.fen_with(notation), f)
    }
}

impl Board {
    /// The position mirrored top to bottom with the colours swapped, as python-chess's
    /// `Board.mirror`: a white pawn on e2 becomes a black pawn on e7, the side to move, the
    /// castling rights and the en-passant square swap with it; the move counters stay. Every
    /// count (perft, evaluation symmetry tests) is the same as the original's.
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(
    ///     board.mirror().to_string(),
    ///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    /// );
    /// assert_eq!(board.mirror().mirror(), board);
    /// ```
    pub fn mirror(&self) -> Board {
        let mut castling = crate::CastlingRights::NONE;
        for color in [Color::White, Color::Black] {
            let king_file = self.king(color).file();
            for rook in self.castling.rook_squares() & Rank::First.relative_to(color) {
                castling.add(!color, king_file, rook.file());
            }
        }
        let mut board = Board {
            pieces: self.pieces.map(Bitboard::flip_ranks),
            colors: [
                self.colors[Color::Black.index()].flip_ranks(),
                self.colors[Color::White.index()].flip_ranks(),
            ],
            checkers: crate::board::UNKNOWN,
            pinned: Bitboard::EMPTY,
            hash: 0,
            side: !self.side,
            castling,
            en_passant: self.en_passant.map(Square::flip_rank),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            chess960: self.chess960,
        };
        board.hash = board.compute_hash();
        board.compute_checks();
        board
    }
}
