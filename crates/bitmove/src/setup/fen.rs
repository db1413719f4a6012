//! [`Setup`]'s FEN: read as python-chess reads it (any placement, missing fields filled in),
//! written as python-chess writes it.

use core::fmt::{self, Write};

use super::{EnPassantMode, Setup, SetupFenError, bb, msb, sq};
use crate::{Bitboard, Color, Piece, Square};

const FILE_LETTERS: &[u8; 8] = b"abcdefgh";

impl Setup {
    /// Reads a FEN as python-chess's `Board.set_fen` does: the placement must be 8 ranks of 8
    /// squares (piece letters, digits, `~` after a piece for a promoted one), any placement
    /// goes; missing fields default to `w - - 0 1`; castling letters `KQkq` pick the outermost
    /// rook (or the a/h-file square), file letters name the rook's file; the en-passant square
    /// is kept as written; a fullmove number of 0 reads as 1.
    ///
    /// ```
    /// use bitmove::Setup;
    ///
    /// let setup = Setup::from_fen("8/8/8/8/8/8/8/QQQQQQQQ", false).unwrap();
    /// assert_eq!(setup.fen(false, Default::default(), false), "8/8/8/8/8/8/8/QQQQQQQQ w - - 0 1");
    /// assert!(Setup::from_fen("8/8/8 w", false).is_err());
    /// ```
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Setup, SetupFenError> {
        let mut parts = fen.split_ascii_whitespace();
        let placement = parts.next().ok_or(SetupFenError::Empty)?;
        let turn = match parts.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(_) => return Err(SetupFenError::Turn),
        };
        let castling = parts.next().unwrap_or("-");
        if !castling_syntax(castling) {
            return Err(SetupFenError::Castling);
        }
        let ep_square = match parts.next() {
            None | Some("-") => None,
            Some(text) => Some(
                text.parse::<Square>()
                    .map_err(|_| SetupFenError::EnPassant)?,
            ),
        };
        let halfmove_clock = match parts.next() {
            None => 0,
            Some(text) => counter(text).ok_or(SetupFenError::HalfmoveClock)?,
        };
        let fullmove_number = match parts.next() {
            None => 1,
            Some(text) => counter(text).ok_or(SetupFenError::FullmoveNumber)?.max(1),
        };
        if parts.next().is_some() {
            return Err(SetupFenError::TooManyFields);
        }
        let mut setup = Setup::empty();
        setup.set_board_fen(placement)?;
        setup.chess960 = chess960;
        setup.turn = turn;
        setup.set_castling_fen(castling)?;
        setup.ep_square = ep_square;
        setup.halfmove_clock = halfmove_clock;
        setup.fullmove_number = fullmove_number;
        Ok(setup)
    }

    /// Replaces the pieces with a FEN's placement field (python-chess's `set_board_fen`);
    /// the rest of the state stays.
    pub fn set_board_fen(&mut self, placement: &str) -> Result<(), SetupFenError> {
        let placement = placement.trim();
        let mut pieces = [Bitboard::EMPTY; 6];
        let mut colors = [Bitboard::EMPTY; 2];
        let mut promoted = Bitboard::EMPTY;
        let mut ranks = 0;
        for (row, text) in placement.split('/').enumerate() {
            ranks += 1;
            if ranks > 8 {
                return Err(SetupFenError::Placement);
            }
            let rank = 7 - row as u32;
            let mut file = 0u32;
            let (mut after_digit, mut after_piece) = (false, false);
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    if after_digit {
                        return Err(SetupFenError::Placement);
                    }
                    file += d;
                    (after_digit, after_piece) = (true, false);
                } else if c == '~' {
                    if !after_piece {
                        return Err(SetupFenError::Placement);
                    }
                    promoted |= sq(rank * 8 + file - 1);
                    (after_digit, after_piece) = (false, false);
                } else if let Some((color, piece)) = piece_of(c) {
                    if file >= 8 {
                        return Err(SetupFenError::Placement);
                    }
                    let square = sq(rank * 8 + file);
                    pieces[piece.index()] |= square;
                    colors[color.index()] |= square;
                    file += 1;
                    (after_digit, after_piece) = (false, true);
                } else {
                    return Err(SetupFenError::Placement);
                }
                if file > 8 {
                    return Err(SetupFenError::Placement);
                }
            }
            if file != 8 {
                return Err(SetupFenError::Placement);
            }
        }
        if ranks != 8 {
            return Err(SetupFenError::Placement);
        }
        self.pieces = pieces;
        self.colors = colors;
        self.promoted = promoted;
        Ok(())
    }

    /// Sets the castling rights from a FEN's castling field (python-chess's
    /// `set_castling_fen`): `K`/`Q` the outermost rook on that side of the king (the h- or
    /// a-file square when there is none), a file letter that file's square.
    pub fn set_castling_fen(&mut self, castling: &str) -> Result<(), SetupFenError> {
        if !castling_syntax(castling) {
            return Err(SetupFenError::Castling);
        }
        let mut rights = 0u64;
        if castling != "-" {
            for flag in castling.chars() {
                let color = if flag.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let backrank: u64 = match color {
                    Color::White => 0xff,
                    Color::Black => 0xff << 56,
                };
                let base = (backrank.trailing_zeros() / 8) * 8;
                let rooks = self.of(Piece::Rook) & self.side(color) & backrank;
                let king = self.king(color);
                match flag.to_ascii_lowercase() {
                    'q' => {
                        // python-chess's lsb(0) is -1, below any king: with a king and no
                        // rook on the back rank, `Q` adds nothing.
                        let lowest = rooks & rooks.wrapping_neg();
                        if king.is_some_and(|k| rooks == 0 || rooks.trailing_zeros() < k as u32) {
                            rights |= lowest;
                        } else {
                            rights |= 1 << base;
                        }
                    }
                    'k' => {
                        if king.is_some_and(|k| rooks != 0 && (k as u32) < msb(rooks) as u32) {
                            rights |= bb(msb(rooks));
                        } else {
                            rights |= 1 << (base + 7);
                        }
                    }
                    letter => {
                        let file = FILE_LETTERS.iter().position(|&l| l as char == letter);
                        rights |= 1 << (base + file.unwrap_or(0) as u32);
                    }
                }
            }
        }
        self.castling_rights = Bitboard(rights);
        Ok(())
    }

    /// Writes the placement (python-chess's `board_fen`), `~` after promoted pieces when
    /// `promoted`.
    pub fn write_board_fen(&self, f: &mut impl Write, promoted: bool) -> fmt::Result {
        for rank in (0..8u32).rev() {
            let mut empty = 0;
            for file in 0..8u32 {
                let square = sq(rank * 8 + file);
                match self.piece_at(square) {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let letter = piece.to_char();
                        f.write_char(match color {
                            Color::White => letter.to_ascii_uppercase(),
                            Color::Black => letter,
                        })?;
                        if promoted && self.promoted.has(square) {
                            f.write_char('~')?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        Ok(())
    }

    /// Writes the castling field with file letters (Shredder-FEN), `-` for none.
    pub fn write_castling_shredder(&self, f: &mut impl Write) -> fmt::Result {
        let rights = self.clean_castling_rights();
        if rights == 0 {
            return f.write_char('-');
        }
        for (rank_mask, upper) in [(0xffu64, true), (0xff << 56, false)] {
            for square in Bitboard(rights & rank_mask).into_iter().rev() {
                let letter = FILE_LETTERS[square.file() as usize] as char;
                f.write_char(if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                })?;
            }
        }
        Ok(())
    }

    /// Writes the castling field as X-FEN: `KQkq`, a file letter only where another rook on
    /// the same side of the king would make `K`/`Q` ambiguous; `-` for none.
    pub fn write_castling_xfen(&self, f: &mut impl Write) -> fmt::Result {
        let rights = self.clean_castling_rights();
        let mut any = false;
        for color in Color::ALL {
            let Some(king) = self.king(color) else {
                continue;
            };
            let backrank: u64 = match color {
                Color::White => 0xff,
                Color::Black => 0xff << 56,
            };
            for rook in Bitboard(rights & backrank).into_iter().rev() {
                let a_side = (rook.file() as u32) < king.file() as u32;
                let others = self.side(color) & self.of(Piece::Rook) & backrank & !bb(rook);
                let ambiguous = Bitboard(others)
                    .into_iter()
                    .any(|other| ((other.file() as u32) < rook.file() as u32) == a_side);
                let letter = if ambiguous {
                    FILE_LETTERS[rook.file() as usize] as char
                } else if a_side {
                    'q'
                } else {
                    'k'
                };
                f.write_char(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                })?;
                any = true;
            }
        }
        if !any {
            f.write_char('-')?;
        }
        Ok(())
    }

    /// The en-passant square a FEN writes under `mode`.
    pub fn fen_ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        match mode {
            EnPassantMode::Always => self.ep_square,
            EnPassantMode::PseudoLegal => self
                .ep_square
                .filter(|_| self.has_pseudo_legal_en_passant()),
            EnPassantMode::Legal => self.ep_square.filter(|_| self.has_legal_en_passant()),
        }
    }

    /// Writes the first four fields (python-chess's `epd()` without operations).
    pub fn write_epd(
        &self,
        f: &mut impl Write,
        shredder: bool,
        en_passant: EnPassantMode,
        promoted: bool,
    ) -> fmt::Result {
        self.write_board_fen(f, promoted)?;
        f.write_str(match self.turn {
            Color::White => " w ",
            Color::Black => " b ",
        })?;
        if shredder {
            self.write_castling_shredder(f)?;
        } else {
            self.write_castling_xfen(f)?;
        }
        match self.fen_ep_square(en_passant) {
            Some(ep) => write!(f, " {ep}"),
            None => f.write_str(" -"),
        }
    }

    /// Writes the whole FEN (python-chess's `fen()`).
    pub fn write_fen(
        &self,
        f: &mut impl Write,
        shredder: bool,
        en_passant: EnPassantMode,
        promoted: bool,
    ) -> fmt::Result {
        self.write_epd(f, shredder, en_passant, promoted)?;
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

#[cfg(feature = "std")]
impl Setup {
    /// The FEN as python-chess's `fen(shredder=, en_passant=, promoted=)` writes it.
    pub fn fen(&self, shredder: bool, en_passant: EnPassantMode, promoted: bool) -> String {
        let mut out = String::with_capacity(90);
        let _ = self.write_fen(&mut out, shredder, en_passant, promoted);
        out
    }

    /// The placement field.
    pub fn board_fen(&self, promoted: bool) -> String {
        let mut out = String::with_capacity(72);
        let _ = self.write_board_fen(&mut out, promoted);
        out
    }

    /// The first four fields.
    pub fn epd(&self, shredder: bool, en_passant: EnPassantMode, promoted: bool) -> String {
        let mut out = String::with_capacity(80);
        let _ = self.write_epd(&mut out, shredder, en_passant, promoted);
        out
    }

    /// The castling field, X-FEN.
    pub fn castling_xfen(&self) -> String {
        let mut out = String::new();
        let _ = self.write_castling_xfen(&mut out);
        out
    }

    /// The castling field, Shredder-FEN.
    pub fn castling_shredder_fen(&self) -> String {
        let mut out = String::new();
        let _ = self.write_castling_shredder(&mut out);
        out
    }
}

/// python-chess's castling-field syntax: `-`, or `KQkq` and file letters (each at most once
/// per letter, at most two a side... python-chess checks the shape only).
fn castling_syntax(text: &str) -> bool {
    if text == "-" {
        return true;
    }
    // python-chess's FEN_CASTLING_REGEX: ^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z
    let bytes = text.as_bytes();
    let upper = bytes
        .iter()
        .take_while(|b| b"KQABCDEFGH".contains(b))
        .count();
    let lower = bytes[upper..]
        .iter()
        .take_while(|b| b"kqabcdefgh".contains(b))
        .count();
    upper <= 2 && lower <= 2 && upper + lower == bytes.len()
}

fn counter(text: &str) -> Option<u32> {
    // python-chess uses int(): an optional sign, digits; negative numbers are refused.
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

fn piece_of(c: char) -> Option<(Color, Piece)> {
    let piece = match c.to_ascii_lowercase() {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    };
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((color, piece))
}
