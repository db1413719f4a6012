//! Standard Algebraic Notation: writing moves as `Nf3`, `exd6`, `O-O`, `e8=Q#`, and reading
//! them back.
//!
//! Writing is exact. Disambiguation looks at the *legal* moves only (a pinned knight does not
//! make its twin's move ambiguous) and adds the origin file, else the rank, else both; the
//! suffix is `+` for check and `#` for mate. Castling, king-takes-own-rook inside bitmove, is
//! written `O-O` (towards the h-file) or `O-O-O`, in Chess960 too.
//!
//! Reading is lenient where PGN files from the wild need it, and strict where leniency would
//! mean guessing:
//!
//! - accepted: `0-0` and `0-0-0`; a missing, extra or wrong `+`/`#`; annotations (`!`, `?`,
//!   `!?`); `e8Q` as well as `e8=Q` (and a lower-case promotion letter); the capture mark `x`
//!   is optional and not checked; a trailing `e.p.` (or `ep`); origins longer than needed (`Ng1f3`,
//!   `Ng1-f3`, `e2e4`).
//! - refused: a move that matches two legal moves ([`SanError::Ambiguous`]); a pawn reaching
//!   the last rank without a promotion letter; castling written as a king move (`Kg1`).

use core::fmt;

use crate::attacks::{
    SliderBackend, Sliders, between, bishop_rays, dispatch, king_attacks, knight_attacks,
    pawn_attacks, rook_rays,
};
use crate::{Bitboard, Board, CastlingSide, Color, File, Move, Piece, Rank, Square};

/// Why a SAN move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanError {
    /// The text is not SAN (nor one of the lenient variants that [`Board::parse_san`]
    /// accepts).
    Syntax,
    /// Well-formed, but no legal move matches (including a promotion without its piece, or a
    /// promotion letter on a move that does not promote).
    Illegal,
    /// Well-formed, but more than one legal move matches: the origin square needs
    /// disambiguation (`Nbd2` rather than `Nd2`).
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Syntax => {
                "not a SAN move (expected something like e4, Nf3, exd5, O-O or e8=Q)"
            }
            SanError::Illegal => "no legal move in this position matches the SAN",
            SanError::Ambiguous => {
                "the SAN matches more than one legal move (add the origin file or rank)"
            }
        })
    }
}

impl core::error::Error for SanError {}

/// A move in Standard Algebraic Notation, made by [`Board::san`].
///
/// It holds what the text needs (piece, disambiguation, capture, target, promotion, check), so
/// it is small, `Copy`, and displays without allocating.
///
/// ```
/// use bitmove::{Board, Move, Square};
///
/// let board = Board::default();
/// let mv = Move::new(Square::G1, Square::F3);
/// assert_eq!(board.san(mv).to_string(), "Nf3");
/// assert!(!board.san(mv).is_capture());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct San {
    kind: SanKind,
    check: Suffix,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SanKind {
    Castle(CastlingSide),
    Normal {
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Piece>,
    },
    /// An illegal move: there is nothing sensible to write.
    Illegal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Suffix {
    None,
    Check,
    Mate,
}

impl San {
    /// Whether the move captures (en passant included; castling does not).
    pub fn is_capture(&self) -> bool {
        matches!(self.kind, SanKind::Normal { capture: true, .. })
    }

    /// Whether the move gives check (mate included).
    pub fn is_check(&self) -> bool {
        self.check != Suffix::None
    }

    /// Whether the move mates.
    pub fn is_checkmate(&self) -> bool {
        self.check == Suffix::Mate
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            SanKind::Castle(CastlingSide::Short) => f.write_str("O-O")?,
            SanKind::Castle(CastlingSide::Long) => f.write_str("O-O-O")?,
            SanKind::Illegal => return f.write_str("--"),
            SanKind::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if piece != Piece::Pawn {
                    write!(f, "{}", piece.to_char().to_ascii_uppercase())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.to_char().to_ascii_uppercase())?;
                }
            }
        }
        match self.check {
            Suffix::None => Ok(()),
            Suffix::Check => f.write_str("+"),
            Suffix::Mate => f.write_str("#"),
        }
    }
}

impl Board {
    /// The move in SAN. `mv` must be legal here (castling as king-takes-own-rook, as the
    /// generator makes it); an illegal move is written `--`.
    ///
    /// Costs one legality test, one generation pass when a piece of the same kind could need
    /// disambiguating, and one make (plus a generation pass when the move checks, to tell `+`
    /// from `#`).
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// assert_eq!(board.san(Move::new(Square::E1, Square::A1)).to_string(), "O-O-O");
    /// assert_eq!(board.san(Move::new(Square::A1, Square::A8)).to_string(), "Rxa8+");
    /// assert_eq!(board.san(Move::new(Square::E1, Square::E5)).to_string(), "--");
    /// ```
    pub fn san(&self, mv: Move) -> San {
        let plain = self.san_plain(mv);
        if plain.kind == SanKind::Illegal {
            return plain;
        }
        let mut after = self.clone();
        after.play_unchecked(mv);
        let check = if !after.in_check() {
            Suffix::None
        } else if after.generate_moves(|_| true) {
            Suffix::Check
        } else {
            Suffix::Mate
        };
        San {
            kind: plain.kind,
            check,
        }
    }

    /// The move in SAN without its check mark (`+` or `#`): what a reader compares a written
    /// move with. Costs what [`san`](Board::san) costs but the make.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// assert_eq!(board.san_plain(Move::new(Square::A1, Square::A8)).to_string(), "Rxa8");
    /// assert!(!board.san_plain(Move::new(Square::A1, Square::A8)).is_check());
    /// ```
    pub fn san_plain(&self, mv: Move) -> San {
        let illegal = San {
            kind: SanKind::Illegal,
            check: Suffix::None,
        };
        if !self.is_legal(mv) {
            return illegal;
        }
        let Some(piece) = self.piece_on(mv.from) else {
            return illegal;
        };
        let us = self.side_to_move();
        let theirs = self.colors(!us);
        let kind = if piece == Piece::King && self.colors(us).has(mv.to) {
            SanKind::Castle(castling_side(mv))
        } else if piece == Piece::Pawn {
            let capture = mv.from.file() != mv.to.file();
            SanKind::Normal {
                piece,
                file: capture.then(|| mv.from.file()),
                rank: None,
                capture,
                to: mv.to,
                promotion: mv.promotion,
            }
        } else {
            let (file, rank) = self.disambiguation(piece, mv);
            SanKind::Normal {
                piece,
                file,
                rank,
                capture: theirs.has(mv.to),
                to: mv.to,
                promotion: None,
            }
        };
        San {
            kind,
            check: Suffix::None,
        }
    }

    /// The origin file and/or rank that tell `mv` apart from legal moves of other pieces of
    /// the same kind to the same square: the file if it suffices, else the rank, else both.
    fn disambiguation(&self, piece: Piece, mv: Move) -> (Option<File>, Option<Rank>) {
        // Only one king: nothing to tell apart, and no generation pass needed.
        if piece == Piece::King || self.colored_pieces(self.side_to_move(), piece).len() < 2 {
            return (None, None);
        }
        // A rival that can move to `mv.to` attacks it (no pawn or king here, and the target
        // holds no piece of ours): test only those, not the whole move list.
        let us = self.side_to_move();
        let candidates = self.attackers_to(mv.to, us)
            & self.colored_pieces(us, piece)
            & !Bitboard::from(mv.from);
        let mut rivals = Bitboard::EMPTY;
        for from in candidates {
            if self.is_legal(Move::new(from, mv.to)) {
                rivals |= from;
            }
        }
        if rivals.is_empty() {
            (None, None)
        } else if (rivals & mv.from.file()).is_empty() {
            (Some(mv.from.file()), None)
        } else if (rivals & mv.from.rank()).is_empty() {
            (None, Some(mv.from.rank()))
        } else {
            (Some(mv.from.file()), Some(mv.from.rank()))
        }
    }

    /// Parses a move in SAN and finds the one legal move it stands for.
    ///
    /// Lenient where PGN files from the wild need it, strict where leniency would mean
    /// guessing:
    ///
    /// - accepted: `0-0` and `0-0-0`; a missing, extra or wrong `+`/`#`; annotations (`!`,
    ///   `?`, `!?`); `e8Q` as well as `e8=Q` (and a lower-case promotion letter); a trailing
    ///   `e.p.` (or `ep`); origins longer than needed (`Ng1f3`, `Ng1-f3`, `e2e4`). The capture mark `x`
    ///   is optional and not checked.
    /// - refused: a move that matches two legal moves ([`SanError::Ambiguous`]); a pawn
    ///   reaching the last rank without a promotion letter; castling written as a king move
    ///   (`Kg1`); lower-case piece letters (`b` is a file).
    ///
    /// ```
    /// use bitmove::{Board, Move, SanError, Square};
    ///
    /// // Knights on b1 and f3 can both go to d2.
    /// let board: Board = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(board.parse_san("Nbd2"), Ok(Move::new(Square::B1, Square::D2)));
    /// assert_eq!(board.parse_san("Nf3d2!?"), Ok(Move::new(Square::F3, Square::D2)));
    /// assert_eq!(board.parse_san("Nd2"), Err(SanError::Ambiguous));
    /// assert_eq!(board.parse_san("Nd3"), Err(SanError::Illegal));
    /// assert_eq!(board.parse_san("Nz2"), Err(SanError::Syntax));
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        self.parse_san_bytes(text.trim().as_bytes())
    }

    /// [`parse_san`](Board::parse_san) of bytes, as a PGN file holds them: the same moves
    /// read, with no UTF-8 check (a byte that is not ASCII is a syntax error anyway).
    ///
    /// ```
    /// use bitmove::{Board, Square};
    ///
    /// let board = Board::default();
    /// assert_eq!(board.parse_san_bytes(b"Nf3!?").map(|mv| mv.to), Ok(Square::F3));
    /// ```
    pub fn parse_san_bytes(&self, text: &[u8]) -> Result<Move, SanError> {
        dispatch!(SliderBackend::current(), |s| self
            .checked(s)
            .parse_san_with(s, text))
    }

    /// SAN to the legal move it stands for, on a board whose checkers and pins are known.
    #[inline]
    pub(crate) fn parse_san_with<S: Sliders>(&self, s: S, text: &[u8]) -> Result<Move, SanError> {
        self.parse_san_moved(s, text).map(|(_, mv)| mv)
    }

    /// [`parse_san_with`](Board::parse_san_with), with the kind of the piece that moves
    /// (the king for castling): a replay then makes the move without looking it up.
    #[inline]
    pub(crate) fn parse_san_moved<S: Sliders>(
        &self,
        s: S,
        text: &[u8],
    ) -> Result<(Piece, Move), SanError> {
        match parse_syntax(text)? {
            Parsed::Castle(side) => Ok((Piece::King, self.find_castling(s, side)?)),
            Parsed::Normal {
                piece: Piece::Pawn,
                file: Some(file),
                rank: Some(rank),
                to,
                promotion: None,
            } if self
                .piece_on(Square::new(file, rank))
                .is_some_and(|p| p != Piece::Pawn) =>
            {
                self.find_from_to(Square::new(file, rank), to)
            }
            Parsed::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
            } => Ok((
                piece,
                self.find_normal(s, piece, file, rank, to, promotion)?,
            )),
        }
    }

    /// A move written by its two squares without a piece letter (`g1f3`, `e1g1`, `e1h1`:
    /// UCI in the movetext), for a piece that is not a pawn: read as python-chess reads a
    /// fully specified move, the legal move between those squares, castling written as the
    /// king's step or as the king taking its rook.
    fn find_from_to(&self, from: Square, to: Square) -> Result<(Piece, Move), SanError> {
        let piece = self.piece_on(from).ok_or(SanError::Illegal)?;
        if !self.colors(self.side_to_move()).has(from) {
            return Err(SanError::Illegal);
        }
        let mut mv = Move::new(from, to);
        if piece == Piece::King
            && !self.chess960
            && let Some(castle) = self.standard_castling(mv)
        {
            mv = castle;
        }
        if self.is_legal(mv) {
            Ok((piece, mv))
        } else {
            Err(SanError::Illegal)
        }
    }

    fn find_castling<S: Sliders>(&self, s: S, side: CastlingSide) -> Result<Move, SanError> {
        if self.in_check() {
            return Err(SanError::Illegal);
        }
        let us = self.side_to_move();
        let mut found = None;
        self.generate_castling(s, us, &mut |moves| {
            for rook in moves.to {
                let mv = Move::new(moves.from, rook);
                if castling_side(mv) == side {
                    found = Some(mv);
                }
            }
            found.is_some()
        });
        found.ok_or(SanError::Illegal)
    }

    /// The one legal move of a `piece` to `to` from the origin as written: the squares from
    /// which such a piece reaches `to` (a pawn: pushes onto an empty square, captures of a
    /// piece or en passant), each then tested for legality with the pins and checkers
    /// already known; no generation.
    #[inline]
    fn find_normal<S: Sliders>(
        &self,
        s: S,
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    ) -> Result<Move, SanError> {
        let us = self.side_to_move();
        let ours = self.colors(us);
        // Castling (a king onto its own rook) is only ever written O-O or O-O-O.
        if ours.has(to) {
            return Err(SanError::Illegal);
        }
        let occupied = self.occupied();
        let reach = match piece {
            Piece::Pawn => {
                let back = if us == Color::White { -1 } else { 1 };
                let mut reach = Bitboard::EMPTY;
                if !occupied.has(to)
                    && let Some(one) = to.offset(0, back)
                {
                    if occupied.has(one) {
                        reach |= one;
                    } else if to.rank() == Rank::Fourth.relative_to(us)
                        && let Some(two) = one.offset(0, back)
                    {
                        reach |= two;
                    }
                }
                // A pawn written without its file pushes straight ahead.
                if file.is_some() && (self.colors(!us).has(to) || self.en_passant == Some(to)) {
                    reach |= pawn_attacks(!us, to);
                }
                reach
            }
            Piece::Knight => knight_attacks(to),
            Piece::King => king_attacks(to),
            // A slider: ours on the target's empty-board rays with nothing between. (Two
            // small tables, not the slider tables: a replay of a game whose comments stream
            // through the cache finds these in it far more often.)
            Piece::Bishop | Piece::Rook | Piece::Queen => {
                let rays = match piece {
                    Piece::Bishop => bishop_rays(to),
                    Piece::Rook => rook_rays(to),
                    _ => bishop_rays(to) | rook_rays(to),
                };
                let mut reach = Bitboard::EMPTY;
                for from in rays & self.colored_pieces(us, piece) {
                    if (between(from, to) & occupied).is_empty() {
                        reach |= from;
                    }
                }
                reach
            }
        };
        let mut candidates = reach & self.colored_pieces(us, piece);
        if let Some(file) = file {
            candidates &= file;
        }
        if let Some(rank) = rank {
            candidates &= rank;
        }
        let promotes = piece == Piece::Pawn && to.rank() == Rank::Eighth.relative_to(us);
        let legal = |from| {
            self.is_legal_known(
                s,
                piece,
                Move {
                    from,
                    to,
                    promotion: None,
                },
            )
        };
        let from = match candidates.single() {
            // Usually one piece of the kind reaches the square: no iteration.
            Some(from) if legal(from) => from,
            Some(_) => return Err(SanError::Illegal),
            None => {
                let mut origins = candidates.into_iter().filter(|&from| legal(from));
                match (origins.next(), origins.next()) {
                    (None, _) => return Err(SanError::Illegal),
                    (Some(from), None) => from,
                    (Some(_), Some(_)) => return Err(SanError::Ambiguous),
                }
            }
        };
        if promotes != promotion.is_some() {
            return Err(SanError::Illegal);
        }
        Ok(Move {
            from,
            to,
            promotion,
        })
    }
}

/// Which way a king-takes-own-rook move castles.
fn castling_side(mv: Move) -> CastlingSide {
    if mv.to.file() > mv.from.file() {
        CastlingSide::Short
    } else {
        CastlingSide::Long
    }
}

/// SAN as read, before the position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parsed {
    Castle(CastlingSide),
    Normal {
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// Reads the syntax of a SAN move.
fn parse_syntax(text: &[u8]) -> Result<Parsed, SanError> {
    match parse_common(text) {
        Some(parsed) => Ok(parsed),
        None => parse_general(text),
    }
}

/// The shapes of most moves in a game, read directly: `e4`, `Nf3`, `Nxe5`, `exd5`, with at
/// most one check mark; `None` for anything else (promotions and pawn moves to the last
/// rank, origins, annotations, castling), which [`parse_general`] reads.
#[inline]
fn parse_common(text: &[u8]) -> Option<Parsed> {
    let plain = match text {
        [head @ .., b'+' | b'#'] => head,
        _ => text,
    };
    let piece_of = |letter: u8| match letter {
        b'N' => Some(Piece::Knight),
        b'B' => Some(Piece::Bishop),
        b'R' => Some(Piece::Rook),
        b'Q' => Some(Piece::Queen),
        b'K' => Some(Piece::King),
        _ => None,
    };
    let square = |file: u8, rank: u8| Some(Square::new(file_of(file).ok()?, rank_of(rank).ok()?));
    let normal = |piece, file, to| Parsed::Normal {
        piece,
        file,
        rank: None,
        to,
        promotion: None,
    };
    match *plain {
        [f, r @ b'2'..=b'7'] => square(f, r).map(|to| normal(Piece::Pawn, None, to)),
        [p @ (b'N' | b'B' | b'R' | b'Q' | b'K'), f, r]
        | [p @ (b'N' | b'B' | b'R' | b'Q' | b'K'), b'x', f, r] => piece_of(p)
            .zip(square(f, r))
            .map(|(piece, to)| normal(piece, None, to)),
        [from @ b'a'..=b'h', b'x', f, r @ b'2'..=b'7'] => {
            square(f, r).map(|to| normal(Piece::Pawn, file_of(from).ok(), to))
        }
        _ => None,
    }
}

/// Reads the syntax: `[piece][file][rank][x|:|-]<square>[[=]promotion]`, or castling, after
/// dropping check marks, annotations and `e.p.`.
fn parse_general(text: &[u8]) -> Result<Parsed, SanError> {
    let mut text = text.trim_ascii();
    // Suffixes, looked for only when the last byte could end one (most moves end in a
    // rank digit).
    while let Some(&last) = text.last() {
        let before = text.len();
        match last {
            b'+' | b'#' | b'!' | b'?' => text = &text[..before - 1],
            b'.' => text = text.strip_suffix(b"e.p.").unwrap_or(text),
            // `gxf6ep`, as some tools write en passant: no SAN ends in `ep` otherwise.
            b'p' => text = text.strip_suffix(b"ep").unwrap_or(text),
            _ => {}
        }
        text = text.trim_ascii_end();
        if text.len() == before {
            break;
        }
    }
    if matches!(text.first(), Some(b'O' | b'0' | b'o')) {
        match text {
            b"O-O" | b"0-0" | b"o-o" => return Ok(Parsed::Castle(CastlingSide::Short)),
            b"O-O-O" | b"0-0-0" | b"o-o-o" => return Ok(Parsed::Castle(CastlingSide::Long)),
            _ => {}
        }
    }
    let bytes = text;
    let (piece, rest) = match bytes {
        [b'N', rest @ ..] => (Piece::Knight, rest),
        [b'B', rest @ ..] => (Piece::Bishop, rest),
        [b'R', rest @ ..] => (Piece::Rook, rest),
        [b'Q', rest @ ..] => (Piece::Queen, rest),
        [b'K', rest @ ..] => (Piece::King, rest),
        [b'P', rest @ ..] => (Piece::Pawn, rest),
        rest => (Piece::Pawn, rest),
    };
    // The promotion: a letter after the target's rank, with or without `=`.
    let (rest, promotion) = match rest {
        [head @ .., b'=', letter] | [head @ .., letter]
            if piece == Piece::Pawn
                && letter.is_ascii_alphabetic()
                && matches!(head.last(), Some(b'1'..=b'8')) =>
        {
            let promotion = match letter.to_ascii_uppercase() {
                b'Q' => Piece::Queen,
                b'R' => Piece::Rook,
                b'B' => Piece::Bishop,
                b'N' => Piece::Knight,
                _ => return Err(SanError::Syntax),
            };
            (head, Some(promotion))
        }
        rest => (rest, None),
    };
    let [rest @ .., to_file, to_rank] = rest else {
        return Err(SanError::Syntax);
    };
    let to = Square::new(file_of(*to_file)?, rank_of(*to_rank)?);
    let origin = match rest {
        // A pawn capture names the pawn's file: `xd5` alone could be read as a push.
        [b'x' | b':' | b'-'] if piece == Piece::Pawn => return Err(SanError::Syntax),
        [origin @ .., b'x' | b':' | b'-'] => origin,
        origin => origin,
    };
    let (file, rank) = match *origin {
        [] => (None, None),
        [c @ b'a'..=b'h'] => (Some(file_of(c)?), None),
        [c] => (None, Some(rank_of(c)?)),
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return Err(SanError::Syntax),
    };
    Ok(Parsed::Normal {
        piece,
        file,
        rank,
        to,
        promotion,
    })
}

/// A file letter, lower case only: `B` is a bishop.
fn file_of(byte: u8) -> Result<File, SanError> {
    match byte {
        b'a'..=b'h' => Ok(File::index_wrapping((byte - b'a') as usize)),
        _ => Err(SanError::Syntax),
    }
}

fn rank_of(byte: u8) -> Result<Rank, SanError> {
    match byte {
        b'1'..=b'8' => Ok(Rank::index_wrapping((byte - b'1') as usize)),
        _ => Err(SanError::Syntax),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(
        piece: Piece,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    ) -> Parsed {
        Parsed::Normal {
            piece,
            file,
            rank,
            to,
            promotion,
        }
    }

    /// The direct reading of the common shapes agrees with the general one, on every text
    /// of up to five bytes from the bytes that make SAN.
    #[test]
    fn common_shapes_read_as_the_general_path_reads_them() {
        let alphabet = b"aeh1278NKx+#=Q";
        let mut texts: std::vec::Vec<std::vec::Vec<u8>> = std::vec![std::vec::Vec::new()];
        let mut read = 0;
        for _ in 0..5 {
            texts = texts
                .iter()
                .flat_map(|t| {
                    alphabet.iter().map(move |&b| {
                        let mut longer = t.clone();
                        longer.push(b);
                        longer
                    })
                })
                .collect();
            for text in &texts {
                if let Some(parsed) = parse_common(text) {
                    assert_eq!(Ok(parsed), parse_general(text), "{:?}", text);
                    read += 1;
                }
            }
        }
        assert!(read > 250, "{read}");
    }

    #[test]
    fn syntax_variants() {
        use Piece::*;
        let cases = [
            ("e4", normal(Pawn, None, None, Square::E4, None)),
            ("Pe4", normal(Pawn, None, None, Square::E4, None)),
            (
                "exd6 e.p.",
                normal(Pawn, Some(File::E), None, Square::D6, None),
            ),
            (
                "exd6e.p.+",
                normal(Pawn, Some(File::E), None, Square::D6, None),
            ),
            (
                "gxf6ep",
                normal(Pawn, Some(File::G), None, Square::F6, None),
            ),
            ("ed6", normal(Pawn, Some(File::E), None, Square::D6, None)),
            (
                "e2e4",
                normal(Pawn, Some(File::E), Some(Rank::Second), Square::E4, None),
            ),
            ("e8=Q#", normal(Pawn, None, None, Square::E8, Some(Queen))),
            ("e8Q", normal(Pawn, None, None, Square::E8, Some(Queen))),
            ("e8n", normal(Pawn, None, None, Square::E8, Some(Knight))),
            (
                "bxa1=B+",
                normal(Pawn, Some(File::B), None, Square::A1, Some(Bishop)),
            ),
            ("Nf3", normal(Knight, None, None, Square::F3, None)),
            (
                "Nbd7!?",
                normal(Knight, Some(File::B), None, Square::D7, None),
            ),
            (
                "R1a3",
                normal(Rook, None, Some(Rank::First), Square::A3, None),
            ),
            (
                "Qh4xe1#",
                normal(Queen, Some(File::H), Some(Rank::Fourth), Square::E1, None),
            ),
            (
                "Ng1-f3",
                normal(Knight, Some(File::G), Some(Rank::First), Square::F3, None),
            ),
            ("Kxe2??", normal(King, None, None, Square::E2, None)),
            ("  Bb5+  ", normal(Bishop, None, None, Square::B5, None)),
            ("O-O", Parsed::Castle(CastlingSide::Short)),
            ("0-0+", Parsed::Castle(CastlingSide::Short)),
            ("O-O-O#", Parsed::Castle(CastlingSide::Long)),
            ("0-0-0", Parsed::Castle(CastlingSide::Long)),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_syntax(text.as_bytes()), Ok(expected), "{text}");
        }
    }

    #[test]
    fn syntax_errors() {
        for text in [
            "", "+", "e", "e9", "i4", "Nf", "nf3", "Ke8=Q", "e8=K", "e8=", "Nbcd2", "Nb1xxd2",
            "O-O-O-O", "00", "--", "é4", "Z", "xe4", "e4x", "Nb1d2d3",
        ] {
            assert_eq!(
                parse_syntax(text.as_bytes()),
                Err(SanError::Syntax),
                "{text:?}"
            );
        }
    }

    #[test]
    fn errors_display() {
        for e in [SanError::Syntax, SanError::Illegal, SanError::Ambiguous] {
            assert!(!e.to_string().is_empty());
        }
    }
}
