//! Chess960 start positions by Scharnagl number, Double Fischer Random, and FEN output with
//! a choice of castling notation.
//!
//! Inside bitmove castling is king-takes-own-rook and rights are stored as rook squares, so
//! Chess960 needs no special cases in generation; what remains is naming things at the
//! boundary. The start arrays are numbered 0..960 as Reinhard Scharnagl did (518 is the
//! standard `RNBQKBNR`), and FEN can be written with either of the two castling conventions:
//!
//! - **Shredder-FEN**: the rook's file (`HAha` for the standard array), what
//!   [`Board`]'s `Display` writes in Chess960 mode;
//! - **X-FEN**: `KQkq` when the castling rook is the outermost one on its side of the king, the
//!   rook's file otherwise, so a standard position reads as standard FEN.
//!
//! The FEN parser reads both.

use core::fmt;

use crate::{Bitboard, Board, CastlingSide, Color, File, Piece, Rank, Square};

/// The back rank of Chess960 start array `number` (Scharnagl numbering, 0..960), a-file first;
/// `None` for a number out of range.
///
/// The number's digits in a mixed radix place, in order: the light-squared bishop (4 files),
/// the dark-squared bishop (4), the queen (6 free squares), the two knights (10 ways over the 5
/// free squares); rook, king, rook fill what is left.
///
/// ```
/// use bitmove::{chess960_back_rank, Piece::*};
///
/// assert_eq!(
///     chess960_back_rank(518),
///     Some([Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook])
/// );
/// assert_eq!(chess960_back_rank(960), None);
/// ```
pub fn chess960_back_rank(number: u32) -> Option<[Piece; 8]> {
    if number >= 960 {
        return None;
    }
    let mut rank: [Option<Piece>; 8] = [None; 8];
    let mut n = number as usize;
    // Light squares on the first rank are b, d, f, h; dark ones a, c, e, g.
    rank[2 * (n % 4) + 1] = Some(Piece::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Piece::Bishop);
    n /= 4;
    place_nth_free(&mut rank, n % 6, Piece::Queen);
    n /= 6;
    // The ten ways to put two knights on five free squares, in Scharnagl's order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n % 10];
    // The second knight first: placing it does not shift the first one's index.
    place_nth_free(&mut rank, second, Piece::Knight);
    place_nth_free(&mut rank, first, Piece::Knight);
    for piece in [Piece::Rook, Piece::King, Piece::Rook] {
        place_nth_free(&mut rank, 0, piece);
    }
    let mut out = [Piece::Pawn; 8];
    for (slot, piece) in out.iter_mut().zip(rank) {
        *slot = piece?;
    }
    Some(out)
}

/// Puts `piece` on the `n`-th still empty square (0-based, from the a-file).
fn place_nth_free(rank: &mut [Option<Piece>; 8], n: usize, piece: Piece) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(n) {
        *slot = Some(piece);
    }
}

impl Board {
    /// The Chess960 start position with Scharnagl number `number` (0..960), in Chess960 mode
    /// with all four castling rights; `None` for a number out of range.
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board = Board::chess960_startpos(0).unwrap();
    /// assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    ///
    /// let mut standard = Board::default();
    /// standard.set_chess960(true);
    /// assert_eq!(Board::chess960_startpos(518), Some(standard));
    /// ```
    pub fn chess960_startpos(number: u32) -> Option<Board> {
        Board::double_chess960_startpos(number, number)
    }

    /// A Double Fischer Random start position: White's back rank from start array `white`,
    /// Black's from `black` (Scharnagl numbers, 0..960). In Chess960 mode with all four
    /// castling rights; `None` if either number is out of range.
    ///
    /// ```
    /// use bitmove::Board;
    ///
    /// let board = Board::double_chess960_startpos(518, 0).unwrap();
    /// assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1");
    /// ```
    pub fn double_chess960_startpos(white: u32, black: u32) -> Option<Board> {
        let ranks = [chess960_back_rank(white)?, chess960_back_rank(black)?];
        // Built as FEN in a stack buffer, so that the parser's validation and hashing are the
        // only way a board comes to be.
        let mut fen = FenBuffer::new();
        fen.back_rank(ranks[1], Color::Black);
        fen.push(b"/pppppppp/8/8/8/8/PPPPPPPP/");
        fen.back_rank(ranks[0], Color::White);
        fen.push(b" w ");
        for (back, color) in [(ranks[0], Color::White), (ranks[1], Color::Black)] {
            // Rook files right of the king, then left: Shredder-FEN, short side first.
            let mut rooks = back.iter().enumerate().filter(|&(_, &p)| p == Piece::Rook);
            let rooks = [rooks.next_back(), rooks.next()];
            for (file, _) in rooks.into_iter().flatten() {
                let c = File::index_wrapping(file).to_char();
                fen.push(&[match color {
                    Color::White => c.to_ascii_uppercase(),
                    Color::Black => c,
                } as u8]);
            }
        }
        fen.push(b" - 0 1");
        Board::from_fen_with(fen.as_str(), true).ok()
    }

    /// The position as FEN with the castling field in the chosen notation; otherwise the same
    /// as `Display`.
    ///
    /// ```
    /// use bitmove::{Board, CastlingNotation};
    ///
    /// // The long-side rook is the inner one, on b1: X-FEN names its file.
    /// let board = Board::from_fen_with("4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1", true).unwrap();
    /// let fen = board.fen_with(CastlingNotation::XFen).to_string();
    /// assert_eq!(fen, "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    /// let fen = board.fen_with(CastlingNotation::Shredder).to_string();
    /// assert_eq!(fen, "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1");
    /// ```
    pub fn fen_with(&self, notation: CastlingNotation) -> Fen<'_> {
        Fen {
            board: self,
            notation,
        }
    }
}

/// How FEN names castling rights, for [`Board::fen_with`]. The FEN parser reads both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// `KQkq` for the outermost rook on a side, the rook's file letter for an inner one.
    /// Standard positions come out as standard FEN.
    XFen,
    /// Always the rook's file letter (`HAha` for the standard array).
    Shredder,
}

/// A board displayed as FEN in a chosen castling notation; made by [`Board::fen_with`].
#[derive(Clone, Copy, Debug)]
pub struct Fen<'a> {
    board: &'a Board,
    notation: CastlingNotation,
}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        write_placement(board, Bitboard::EMPTY, f)?;
        write!(f, " {} ", board.side_to_move().to_char())?;
        write_castling(board, self.notation, f)?;
        match board.en_passant() {
            Some(ep) => write!(f, " {ep}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", board.halfmove_clock(), board.fullmove_number())
    }
}

/// Writes FEN's first field, with `~` after the pieces on `promoted` (crazyhouse's mark of a
/// promoted pawn).
pub(crate) fn write_placement(
    board: &Board,
    promoted: Bitboard,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let square = Square::new(file, rank);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", piece.to_char_colored(color))?;
                    if promoted.has(square) {
                        f.write_str("~")?;
                    }
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank != Rank::First {
            f.write_str("/")?;
        }
    }
    Ok(())
}

/// Writes FEN's castling field in `notation`.
pub(crate) fn write_castling(
    board: &Board,
    notation: CastlingNotation,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let rights = board.castling_rights();
    if rights.is_empty() {
        return f.write_str("-");
    }
    for color in Color::ALL {
        let back = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook) & back;
        for side in CastlingSide::ALL {
            let Some(file) = rights.rook(color, side) else {
                continue;
            };
            let outermost = rooks.into_iter().all(|r| match side {
                CastlingSide::Short => r.file() <= file,
                CastlingSide::Long => r.file() >= file,
            });
            let c = match (notation, side) {
                (CastlingNotation::XFen, CastlingSide::Short) if outermost => 'k',
                (CastlingNotation::XFen, CastlingSide::Long) if outermost => 'q',
                _ => file.to_char(),
            };
            let c = match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            };
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

/// Room for the longest start-position FEN (56 bytes), on the stack.
struct FenBuffer {
    bytes: [u8; 64],
    len: usize,
}

impl FenBuffer {
    fn new() -> FenBuffer {
        FenBuffer {
            bytes: [0; 64],
            len: 0,
        }
    }

    /// Appends bytes; anything past the capacity is dropped (and the FEN then fails to parse).
    fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if let Some(slot) = self.bytes.get_mut(self.len) {
                *slot = b;
                self.len += 1;
            }
        }
    }

    fn back_rank(&mut self, rank: [Piece; 8], color: Color) {
        for piece in rank {
            self.push(&[piece.to_char_colored(color) as u8]);
        }
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_gives_a_distinct_valid_array() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = chess960_back_rank(n).unwrap();
            let files = |piece| {
                rank.iter()
                    .enumerate()
                    .filter(move |&(_, &p)| p == piece)
                    .map(|(f, _)| f)
            };
            let bishops: Vec<usize> = files(Piece::Bishop).collect();
            let rooks: Vec<usize> = files(Piece::Rook).collect();
            let king = files(Piece::King).next().unwrap();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            assert!(
                rooks[0] < king && king < rooks[1],
                "{n}: king not between rooks"
            );
            assert_eq!(files(Piece::Knight).count(), 2);
            assert_eq!(files(Piece::Queen).count(), 1);
            assert!(seen.insert(rank), "{n}: repeated array");
        }
        assert_eq!(chess960_back_rank(960), None);
        assert_eq!(chess960_back_rank(u32::MAX), None);
    }

    #[test]
    fn fen_buffer_drops_overflow() {
        let mut buffer = FenBuffer::new();
        for _ in 0..100 {
            buffer.push(b"x");
        }
        assert_eq!(buffer.as_str().len(), 64);
    }
}
