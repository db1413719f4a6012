//! SAN and LAN on a [`Setup`], written and read as python-chess does on any placement.

use core::fmt::{self, Write};

use super::{Setup, bb};
use crate::{Color, Move, Piece, Square};

/// Why [`Setup::parse_san`] refused a move (python-chess's three `ValueError`s).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetupSanError {
    /// Not SAN at all (python-chess's `InvalidMoveError`).
    Invalid,
    /// No legal move matches (`IllegalMoveError`).
    Illegal,
    /// Several legal moves match (`AmbiguousMoveError`).
    Ambiguous,
}

impl fmt::Display for SetupSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupSanError::Invalid => "invalid san",
            SetupSanError::Illegal => "illegal san",
            SetupSanError::Ambiguous => "ambiguous san",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetupSanError {}

const FILES: &[u8; 8] = b"abcdefgh";

fn upper(piece: Piece) -> char {
    piece.to_char().to_ascii_uppercase()
}

fn piece_of_letter(letter: u8) -> Option<Piece> {
    Some(match letter.to_ascii_lowercase() {
        b'p' => Piece::Pawn,
        b'n' => Piece::Knight,
        b'b' => Piece::Bishop,
        b'r' => Piece::Rook,
        b'q' => Piece::Queen,
        b'k' => Piece::King,
        _ => return None,
    })
}

/// The pieces of SAN text: `([NBKRQ])?([a-h])?([1-8])?[-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[+#]?`.
struct SanParts {
    piece: Option<Piece>,
    file: Option<u32>,
    rank: Option<u32>,
    to: Square,
    promotion: Option<Piece>,
}

fn split_san(text: &str) -> Option<SanParts> {
    let mut b = text.as_bytes();
    if let [rest @ .., b'+' | b'#'] = b {
        b = rest;
    }
    let mut promotion = None;
    if let [rest @ .., last] = b
        && b"nbrqkNBRQK".contains(last)
    {
        promotion = piece_of_letter(*last);
        b = rest;
        if let [rest @ .., b'='] = b {
            b = rest;
        }
    }
    let [rest @ .., f, r] = b else {
        return None;
    };
    if !(b'a'..=b'h').contains(f) || !(b'1'..=b'8').contains(r) {
        return None;
    }
    let to = Square::index_wrapping(((r - b'1') * 8 + (f - b'a')) as usize);
    let mut b = rest;
    if let [rest @ .., b'-' | b'x'] = b {
        b = rest;
    }
    let mut piece = None;
    if let [first, rest @ ..] = b
        && b"NBKRQ".contains(first)
    {
        piece = piece_of_letter(*first);
        b = rest;
    }
    let mut file = None;
    if let [first, rest @ ..] = b
        && (b'a'..=b'h').contains(first)
    {
        file = Some(u32::from(first - b'a'));
        b = rest;
    }
    let mut rank = None;
    if let [first, rest @ ..] = b
        && (b'1'..=b'8').contains(first)
    {
        rank = Some(u32::from(first - b'1'));
        b = rest;
    }
    b.is_empty().then_some(SanParts {
        piece,
        file,
        rank,
        to,
        promotion,
    })
}

impl Setup {
    /// The pieces of `piece` of the side to move.
    fn ours(&self, piece: Piece) -> u64 {
        self.of(piece) & self.side(self.turn)
    }

    /// Writes `mv` (internal form, legal) in SAN, or LAN (`Ng1-f3`) with `long`, with `+`/`#`.
    pub fn write_san(&self, f: &mut impl Write, mv: Move, long: bool) -> fmt::Result {
        self.write_san_without_suffix(f, mv, long)?;
        let mut after = *self;
        after.push(mv);
        if after.is_check() {
            let mut any = false;
            after.for_each_legal(u64::MAX, u64::MAX, &mut |_| any = true);
            f.write_char(if any { '+' } else { '#' })?;
        }
        Ok(())
    }

    fn write_san_without_suffix(&self, f: &mut impl Write, mv: Move, long: bool) -> fmt::Result {
        if self.is_castling(mv) {
            return f.write_str(if (mv.to.file() as u32) < mv.from.file() as u32 {
                "O-O-O"
            } else {
                "O-O"
            });
        }
        let Some((_, piece)) = self.piece_at(mv.from) else {
            return f.write_str("--");
        };
        let capture = self.is_capture(mv);
        if piece != Piece::Pawn {
            f.write_char(upper(piece))?;
        }
        if long {
            write!(f, "{}", mv.from)?;
        } else if piece != Piece::Pawn {
            let mut others = 0u64;
            let from_mask = self.ours(piece) & !bb(mv.from);
            self.for_each_legal(from_mask, bb(mv.to), &mut |m| others |= bb(m.from));
            if others != 0 {
                let rank_mask = crate::Rank::bitboard(mv.from.rank()).0;
                let file_mask = crate::File::bitboard(mv.from.file()).0;
                let mut column = others & rank_mask != 0;
                let row = others & file_mask != 0;
                if !row {
                    column = true;
                }
                if column {
                    f.write_char(FILES[mv.from.file() as usize] as char)?;
                }
                if row {
                    write!(f, "{}", mv.from as u32 / 8 + 1)?;
                }
            }
        } else if capture {
            f.write_char(FILES[mv.from.file() as usize] as char)?;
        }
        if capture {
            f.write_char('x')?;
        } else if long {
            f.write_char('-')?;
        }
        write!(f, "{}", mv.to)?;
        if let Some(promotion) = mv.promotion {
            write!(f, "={}", upper(promotion))?;
        }
        Ok(())
    }

    /// The legal move from `from` to `to` (a pawn reaching the last rank promotes to a
    /// queen unless told otherwise; `e1g1` is castling in standard chess), as python-chess's
    /// `find_move`; `None` when there is none.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Piece>) -> Option<Move> {
        let back_ranks = 0xffu64 | 0xff << 56;
        let promotion = promotion.or_else(|| {
            (self.of(Piece::Pawn) & bb(from) != 0 && bb(to) & back_ranks != 0)
                .then_some(Piece::Queen)
        });
        let mv = self.from_uci_move(Move {
            from,
            to,
            promotion,
        });
        self.is_legal(mv).then_some(mv)
    }

    /// Reads SAN as python-chess's `parse_san`: castling as `O-O`/`0-0`, over-specified and
    /// long forms, `=` optional before the promotion letter; `Ok(None)` for a null move
    /// (`--`, `Z0`, `0000`, `@@@@`). The move comes back in internal form.
    pub fn parse_san(&self, text: &str) -> Result<Option<Move>, SetupSanError> {
        let castle = match text {
            "O-O" | "O-O+" | "O-O#" | "0-0" | "0-0+" | "0-0#" => Some(true),
            "O-O-O" | "O-O-O+" | "O-O-O#" | "0-0-0" | "0-0-0+" | "0-0-0#" => Some(false),
            _ => None,
        };
        if let Some(short) = castle {
            let mut found = None;
            self.for_each_castling(u64::MAX, u64::MAX, &mut |m| {
                let kingside = m.to.file() as u32 > m.from.file() as u32;
                if found.is_none() && kingside == short {
                    found = Some(m);
                }
            });
            return found.map(Some).ok_or(SetupSanError::Illegal);
        }
        let Some(parts) = split_san(text) else {
            if matches!(text, "--" | "Z0" | "0000" | "@@@@") {
                return Ok(None);
            }
            return Err(SetupSanError::Invalid);
        };
        let to_mask = bb(parts.to) & !self.side(self.turn);
        let mut from_mask = u64::MAX;
        if let Some(file) = parts.file {
            from_mask &= 0x0101_0101_0101_0101 << file;
        }
        if let Some(rank) = parts.rank {
            from_mask &= 0xff << (8 * rank);
        }
        if let Some(piece) = parts.piece {
            from_mask &= self.ours(piece);
        } else if let (Some(file), Some(rank)) = (parts.file, parts.rank) {
            let from = Square::index_wrapping((rank * 8 + file) as usize);
            let mv = self
                .find_move(from, parts.to, parts.promotion)
                .ok_or(SetupSanError::Illegal)?;
            return if mv.promotion == parts.promotion {
                Ok(Some(mv))
            } else {
                Err(SetupSanError::Illegal)
            };
        } else {
            from_mask &= self.of(Piece::Pawn);
            if parts.file.is_none() {
                from_mask &= 0x0101_0101_0101_0101 << (parts.to.file() as u32);
            }
        }
        let mut matched = None;
        let mut ambiguous = false;
        self.for_each_legal(from_mask, to_mask, &mut |m| {
            if m.promotion != parts.promotion {
                return;
            }
            if matched.is_some() {
                ambiguous = true;
            }
            matched = Some(m);
        });
        if ambiguous {
            return Err(SetupSanError::Ambiguous);
        }
        matched.map(Some).ok_or(SetupSanError::Illegal)
    }

    /// Whether `mv` (internal form) castles towards the h-file.
    pub fn is_kingside_castling(&self, mv: Move) -> bool {
        self.is_castling(mv) && mv.to.file() as u32 > mv.from.file() as u32
    }

    /// Whether `mv` (internal form) castles towards the a-file.
    pub fn is_queenside_castling(&self, mv: Move) -> bool {
        self.is_castling(mv) && (mv.to.file() as u32) < mv.from.file() as u32
    }

    /// python-chess's `has_insufficient_material(color)`: `color` cannot mate by any
    /// sequence of legal moves (a lone king; a king and one knight against no pieces but
    /// queens; kings and bishops all on one square colour, without pawns or knights).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let us = self.side(color);
        let heavy = self.of(Piece::Pawn) | self.of(Piece::Rook) | self.of(Piece::Queen);
        if us & heavy != 0 {
            return false;
        }
        if us & self.of(Piece::Knight) != 0 {
            let others = self.side(!color) & !self.of(Piece::King) & !self.of(Piece::Queen);
            return us.count_ones() <= 2 && others == 0;
        }
        if us & self.of(Piece::Bishop) != 0 {
            const DARK: u64 = 0xaa55_aa55_aa55_aa55;
            let bishops = self.of(Piece::Bishop);
            let same_colour = bishops & DARK == 0 || bishops & !DARK == 0;
            return same_colour && self.of(Piece::Pawn) == 0 && self.of(Piece::Knight) == 0;
        }
        true
    }

    /// Whether neither side can mate (both have insufficient material).
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|color| self.has_insufficient_material(color))
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        let mut any = false;
        self.for_each_legal(u64::MAX, u64::MAX, &mut |_| any = true);
        any
    }

    /// Checkmate: in check without a legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Stalemate: not in check, without a legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `mv` (internal form) gives up castling rights (python-chess's
    /// `_reduces_castling_rights`).
    pub fn reduces_castling_rights(&self, mv: Move) -> bool {
        let rights = self.clean_castling_rights();
        let touched = bb(mv.from) ^ bb(mv.to);
        let kings = touched & self.of(Piece::King) & !self.promoted.0;
        touched & rights != 0
            || (rights & 0xff != 0 && kings & self.side(Color::White) != 0)
            || (rights & (0xff << 56) != 0 && kings & self.side(Color::Black) != 0)
    }

    /// Whether no later position can repeat one before `mv` (python-chess's
    /// `is_irreversible`): a capture or pawn move, lost castling rights, or an en-passant
    /// capture given up.
    pub fn is_irreversible(&self, mv: Move) -> bool {
        self.is_zeroing(mv) || self.reduces_castling_rights(mv) || self.has_legal_en_passant()
    }

    /// What makes two positions the same for repetitions: pieces, side to move, meaningful
    /// castling rights, and the en-passant square when a capture there is legal.
    pub fn transposition_key(&self) -> TranspositionKey {
        TranspositionKey {
            pieces: self.pieces.map(|p| p.0),
            colors: self.colors.map(|c| c.0),
            turn: self.turn,
            castling: self.clean_castling_rights(),
            ep_square: self.ep_square.filter(|_| self.has_legal_en_passant()),
        }
    }
}

/// [`Setup::transposition_key`]'s value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TranspositionKey {
    pieces: [u64; 6],
    colors: [u64; 2],
    turn: Color,
    castling: u64,
    ep_square: Option<Square>,
}

#[cfg(feature = "std")]
impl Setup {
    /// `mv` (internal form, legal) in SAN with its `+`/`#`.
    pub fn san(&self, mv: Move) -> String {
        let mut out = String::with_capacity(8);
        let _ = self.write_san(&mut out, mv, false);
        out
    }

    /// `mv` (internal form, legal) in long algebraic notation (`Ng1-f3`, `e7xd8=Q+`).
    pub fn lan(&self, mv: Move) -> String {
        let mut out = String::with_capacity(10);
        let _ = self.write_san(&mut out, mv, true);
        out
    }
}
