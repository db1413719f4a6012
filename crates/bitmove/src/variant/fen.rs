//! FEN in each variant's form. Read: crazyhouse pockets as `[QNp]` after the placement or as
//! a ninth rank (`.../RNBQKBNR/QNp w`), `~` after a promoted piece; three-check's counters as
//! `3+3` after the en-passant field (checks still needed) or lichess's `+0+1` after the move
//! counters (checks given); castling in standard, X-FEN or Shredder-FEN letters, Chess960
//! when the rights need it. Written: pockets in brackets, the counters as `3+3`, X-FEN
//! castling (Shredder on request), the en-passant square only when a legal move takes there,
//! as python-chess writes them.

use core::fmt;

use arrayvec::{ArrayString, ArrayVec};

use super::rules;
use super::{Pocket, Variant, VariantMove, VariantPosition};
use crate::chess960::{write_castling, write_placement};
use crate::fen::{RawFen, check_kings, check_material};
use crate::{
    Bitboard, Board, CastlingNotation, Color, FenError, File, Piece, PositionError, Rank, Square,
};

/// The most pieces a game has: on the board and in the pockets together.
const MAX_PIECES: u32 = 32;

impl VariantPosition {
    /// Parses a FEN of `variant` (see the module docs for the forms each variant reads).
    ///
    /// ```
    /// use bitmove::variant::{Variant, VariantPosition};
    /// use bitmove::Color;
    ///
    /// let pos = VariantPosition::from_fen(
    ///     Variant::ThreeCheck,
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0",
    /// )
    /// .unwrap();
    /// assert_eq!(pos.remaining_checks(Color::White), 1);
    /// assert_eq!(pos.fen().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1");
    ///
    /// let horde_with_king = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPKPPPP w kq - 0 1";
    /// assert!(VariantPosition::from_fen(Variant::Horde, horde_with_king).is_err());
    /// ```
    pub fn from_fen(variant: Variant, fen: &str) -> Result<VariantPosition, FenError> {
        let mut tokens: ArrayVec<&str, 7> = ArrayVec::new();
        let found = fen.split_ascii_whitespace().count();
        for token in fen.split_ascii_whitespace() {
            if tokens.try_push(token).is_err() {
                return Err(FenError::FieldCount { found });
            }
        }
        let mut remaining_checks = [3u8; 2];
        if variant == Variant::ThreeCheck {
            if tokens.len() >= 7 && tokens[6].starts_with('+') {
                let given = parse_checks(&tokens[6][1..])?;
                remaining_checks = [3 - given[0], 3 - given[1]];
                tokens.remove(6);
            } else if tokens.len() >= 5 && tokens[4].contains('+') {
                remaining_checks = parse_checks(tokens[4])?;
                tokens.remove(4);
            }
        }
        if !(4..=6).contains(&tokens.len()) {
            return Err(FenError::FieldCount { found });
        }
        let mut fields = ["", "", "", "", "0", "1"];
        fields[..tokens.len()].copy_from_slice(&tokens);

        let mut pockets = [Pocket::default(); 2];
        let mut promoted = Bitboard::EMPTY;
        let mut placement = ArrayString::<160>::new();
        if variant == Variant::Crazyhouse {
            let (board_text, pocket_text) = split_pocket(fields[0])?;
            pockets = parse_pocket(pocket_text)?;
            promoted = strip_promoted(board_text, &mut placement)?;
        } else {
            placement
                .try_push_str(fields[0])
                .map_err(|_| FenError::RankLength { rank: 8 })?;
        }
        fields[0] = placement.as_str();
        let parts = Parts {
            pockets,
            promoted,
            remaining_checks,
        };
        VariantPosition::from_parts(variant, &fields, parts, false)
    }

    /// The position of `fields` (the placement without pockets or marks) and `parts`,
    /// judged by `variant`'s rules, or with `lax` only by what its move generator needs
    /// (no piece counts, racing kings' checks and finished races allowed).
    pub(crate) fn from_parts(
        variant: Variant,
        fields: &[&str; 6],
        parts: Parts,
        lax: bool,
    ) -> Result<VariantPosition, FenError> {
        let pockets = &parts.pockets;
        let board = match parse_board(variant, fields, false, pockets, lax) {
            Err(FenError::Illegal(PositionError::CastlingRights)) => {
                parse_board(variant, fields, true, pockets, lax)?
            }
            other => other?,
        };
        // A mark on an empty square or a king means nothing: dropped.
        let promoted = parts.promoted & (board.occupied() - board.pieces(Piece::King));
        Ok(VariantPosition {
            board,
            variant,
            pockets: parts.pockets,
            promoted,
            remaining_checks: parts.remaining_checks,
        })
    }

    /// The position as FEN in its variant's form, with X-FEN castling letters.
    pub fn fen(&self) -> VariantFen<'_> {
        self.fen_with(CastlingNotation::XFen)
    }

    /// The position as FEN with castling in `notation`.
    pub fn fen_with(&self, notation: CastlingNotation) -> VariantFen<'_> {
        VariantFen {
            pos: self,
            notation,
        }
    }
}

/// What a variant position holds beside its board.
#[derive(Clone, Copy)]
pub(crate) struct Parts {
    pub(crate) pockets: [Pocket; 2],
    pub(crate) promoted: Bitboard,
    pub(crate) remaining_checks: [u8; 2],
}

/// Reads `N+M` (each 0 to 3).
pub(crate) fn parse_checks(text: &str) -> Result<[u8; 2], FenError> {
    let (white, black) = text.split_once('+').ok_or(FenError::RemainingChecks)?;
    let one = |t: &str| match t {
        "0" => Ok(0),
        "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        _ => Err(FenError::RemainingChecks),
    };
    Ok([one(white)?, one(black)?])
}

/// Splits a crazyhouse placement into the board and the pocket (`[...]` or a ninth rank).
pub(crate) fn split_pocket(text: &str) -> Result<(&str, &str), FenError> {
    if let Some(inner) = text.strip_suffix(']') {
        let open = inner.find('[').ok_or(FenError::Pocket)?;
        return Ok((&inner[..open], &inner[open + 1..]));
    }
    if text.bytes().filter(|&b| b == b'/').count() == 8
        && let Some(cut) = text.rfind('/')
    {
        return Ok((&text[..cut], &text[cut + 1..]));
    }
    Ok((text, ""))
}

pub(crate) fn parse_pocket(text: &str) -> Result<[Pocket; 2], FenError> {
    let mut pockets = [Pocket::default(); 2];
    let mut total = 0;
    for c in text.chars() {
        let piece = Piece::from_char(c)
            .filter(|&p| p != Piece::King)
            .ok_or(FenError::Pocket)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        total += 1;
        if total > MAX_PIECES {
            return Err(FenError::Pocket);
        }
        pockets[color.index()].add(piece);
    }
    Ok(pockets)
}

/// Copies a placement without its `~` marks into `out`, and returns the squares marked.
fn strip_promoted(text: &str, out: &mut ArrayString<160>) -> Result<Bitboard, FenError> {
    let mut promoted = Bitboard::EMPTY;
    let mut rank = 7i32;
    let mut file = 0i32;
    let mut last_piece: Option<(i32, i32)> = None;
    for c in text.chars() {
        match c {
            '~' => {
                let (r, f) = last_piece
                    .take()
                    .ok_or(FenError::PieceLetter { found: '~' })?;
                if (0..8).contains(&r) && (0..8).contains(&f) {
                    promoted |= Square::new(File::ALL[f as usize], Rank::ALL[r as usize]);
                }
                continue;
            }
            '/' => {
                rank -= 1;
                file = 0;
                last_piece = None;
            }
            '1'..='8' => {
                file += c as i32 - '0' as i32;
                last_piece = None;
            }
            _ => {
                last_piece = Some((rank, file));
                file += 1;
            }
        }
        out.try_push(c)
            .map_err(|_| FenError::RankLength { rank: 8 })?;
    }
    Ok(promoted)
}

/// The board of a FEN's fields, judged by `variant`'s rules (with `lax`, only by what the
/// variant's generator needs: kings where it looks for them, no pawns on the ranks it
/// promotes on, no pawns in racing kings, the side not to move not in check where checks
/// count).
fn parse_board(
    variant: Variant,
    fields: &[&str; 6],
    chess960: bool,
    pockets: &[Pocket; 2],
    lax: bool,
) -> Result<Board, FenError> {
    let raw = RawFen::parse(fields, chess960)?;
    let b = &raw.board;
    let count = |c: Color, p: Piece| b.colored_pieces(c, p).len();
    let kings = |c: Color| count(c, Piece::King);
    let pawns_on_back = |c: Color| {
        !(b.colored_pieces(c, Piece::Pawn) & (Rank::First.bitboard() | Rank::Eighth.bitboard()))
            .is_empty()
    };
    let limits = |c: Color, pieces: u32, pawns: u32| {
        if !lax && (b.colors(c).len() > pieces || count(c, Piece::Pawn) > pawns) {
            Err(FenError::Illegal(PositionError::TooManyPieces(c)))
        } else {
            Ok(())
        }
    };
    match variant {
        Variant::Chess | Variant::KingOfTheHill | Variant::ThreeCheck => {
            if lax {
                for c in Color::ALL {
                    if kings(c) != 1 {
                        return Err(PositionError::KingCount(c).into());
                    }
                    if pawns_on_back(c) {
                        return Err(PositionError::PawnOnBackRank.into());
                    }
                }
            } else {
                check_material(b)?;
            }
            check_kings(raw.resolve()?)
        }
        Variant::Crazyhouse => {
            for c in Color::ALL {
                if kings(c) != 1 {
                    return Err(PositionError::KingCount(c).into());
                }
                if pawns_on_back(c) {
                    return Err(PositionError::PawnOnBackRank.into());
                }
            }
            let in_pockets: u32 = pockets.iter().map(Pocket::len).sum();
            let pawns = b.pieces(Piece::Pawn).len()
                + pockets.iter().map(|p| p.count(Piece::Pawn)).sum::<u32>();
            if !lax && (b.occupied().len() + in_pockets > MAX_PIECES || pawns > 16) {
                return Err(FenError::Pocket);
            }
            check_kings(raw.resolve()?)
        }
        Variant::Atomic => {
            let us = b.side;
            if kings(!us) != 1 {
                return Err(PositionError::KingCount(!us).into());
            }
            if kings(us) > 1 {
                return Err(PositionError::KingCount(us).into());
            }
            for c in Color::ALL {
                if pawns_on_back(c) {
                    return Err(PositionError::PawnOnBackRank.into());
                }
                limits(c, 16, 8)?;
            }
            raw.resolve()
        }
        Variant::Antichess => {
            for c in Color::ALL {
                if pawns_on_back(c) {
                    return Err(PositionError::PawnOnBackRank.into());
                }
                limits(c, 16, 8)?;
            }
            raw.resolve()
        }
        Variant::Horde => {
            if kings(Color::White) != 0 {
                return Err(PositionError::Variant("the horde (White) has no king").into());
            }
            if kings(Color::Black) != 1 {
                return Err(PositionError::KingCount(Color::Black).into());
            }
            let white_pawns = b.colored_pieces(Color::White, Piece::Pawn);
            if !(white_pawns & Rank::Eighth.bitboard()).is_empty() || pawns_on_back(Color::Black) {
                return Err(PositionError::PawnOnBackRank.into());
            }
            limits(Color::White, 36, 36)?;
            limits(Color::Black, 16, 8)?;
            let board = raw.resolve()?;
            if board.side == Color::White {
                check_kings(board)
            } else {
                Ok(board)
            }
        }
        Variant::RacingKings => {
            for c in Color::ALL {
                if kings(c) != 1 {
                    return Err(PositionError::KingCount(c).into());
                }
                if count(c, Piece::Pawn) > 0 {
                    return Err(PositionError::Variant("racing kings has no pawns").into());
                }
                if !lax
                    && (count(c, Piece::Knight) > 2
                        || count(c, Piece::Bishop) > 2
                        || count(c, Piece::Rook) > 2
                        || count(c, Piece::Queen) > 1)
                {
                    return Err(PositionError::TooManyPieces(c).into());
                }
            }
            let board = check_kings(raw.resolve()?)?;
            if lax {
                return Ok(board);
            }
            if board.in_check() {
                return Err(PositionError::Variant(
                    "a king is in check, which racing kings never allows",
                )
                .into());
            }
            let goal = Rank::Eighth.bitboard();
            if board.side == Color::Black
                && Color::ALL
                    .into_iter()
                    .all(|c| !(board.colored_pieces(c, Piece::King) & goal).is_empty())
            {
                return Err(PositionError::Variant(
                    "both kings stand on the eighth rank with Black to move, after the game's end",
                )
                .into());
            }
            Ok(board)
        }
    }
}

/// A variant position displayed as FEN; made by [`VariantPosition::fen`].
#[derive(Clone, Copy, Debug)]
pub struct VariantFen<'a> {
    pos: &'a VariantPosition,
    notation: CastlingNotation,
}

impl fmt::Display for VariantFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.pos;
        let b = &pos.board;
        let crazyhouse = pos.variant == Variant::Crazyhouse;
        let promoted = if crazyhouse {
            pos.promoted
        } else {
            Bitboard::EMPTY
        };
        write_placement(b, promoted, f)?;
        if crazyhouse {
            f.write_str("[")?;
            for color in Color::ALL {
                for piece in [
                    Piece::Queen,
                    Piece::Rook,
                    Piece::Bishop,
                    Piece::Knight,
                    Piece::Pawn,
                ] {
                    for _ in 0..pos.pockets[color.index()].count(piece) {
                        write!(f, "{}", piece.to_char_colored(color))?;
                    }
                }
            }
            f.write_str("]")?;
        }
        write!(f, " {} ", b.side.to_char())?;
        write_castling(b, self.notation, f)?;
        match legal_en_passant(pos) {
            Some(ep) => write!(f, " {ep}")?,
            None => f.write_str(" -")?,
        }
        if pos.variant == Variant::ThreeCheck {
            write!(
                f,
                " {}+{}",
                pos.remaining_checks[0], pos.remaining_checks[1]
            )?;
        }
        write!(f, " {} {}", b.halfmove, b.fullmove)
    }
}

impl fmt::Display for VariantPosition {
    /// [`VariantPosition::fen`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.fen(), f)
    }
}

/// The en-passant square when a legal move takes there.
fn legal_en_passant(pos: &VariantPosition) -> Option<Square> {
    let ep = pos.board.en_passant?;
    let pawns = pos.board.pieces(Piece::Pawn);
    let mut legal = false;
    rules::legal_moves(pos, &mut |mv| {
        if let VariantMove::Normal(mv) = mv {
            legal |= mv.to == ep && pawns.has(mv.from) && mv.from.file() != ep.file();
        }
    });
    legal.then_some(ep)
}
