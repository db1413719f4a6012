//! SAN in the variants, as python-chess writes and reads it: drops as `@e4` (a pawn) and
//! `N@f3`, king promotions as `=K` in antichess, the disambiguation among the variant's own
//! legal moves, and `#` for any move that ends the game by the variant's rule (an exploded
//! king, the third check, a king on the hill), `+` for a check.

use core::fmt;

use arrayvec::ArrayString;

use super::{VariantMove, VariantPosition};
use crate::{Bitboard, Color, Move, Piece, SanError, Square};

/// A move in SAN, as [`VariantPosition::san`] writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantSan(ArrayString<12>);

impl VariantSan {
    /// The text.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Display for VariantSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl VariantPosition {
    /// The legal move `mv` in SAN, with its `+` or `#` (python-chess's SAN: `#` also for a
    /// move that wins or loses by the variant's rule).
    ///
    /// ```
    /// use bitmove::variant::{Variant, VariantPosition};
    ///
    /// let pos = VariantPosition::from_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1").unwrap();
    /// assert_eq!(pos.san(pos.parse_uci("N@d6").unwrap()).to_string(), "N@d6+");
    /// assert_eq!(pos.san(pos.parse_uci("P@e4").unwrap()).to_string(), "@e4");
    /// assert_eq!(pos.parse_san("@e4").ok(), pos.parse_uci("P@e4").ok());
    /// ```
    pub fn san(&self, mv: VariantMove) -> VariantSan {
        let mut text = ArrayString::<12>::new();
        write_without_suffix(self, mv, &mut text);
        let mut after = self.clone();
        after.play_unchecked(mv);
        let check = after.is_check();
        let ends = after.is_variant_win() || after.is_variant_loss();
        if ends || (check && after.legal_moves().is_empty()) {
            let _ = text.try_push('#');
        } else if check {
            let _ = text.try_push('+');
        }
        VariantSan(text)
    }

    /// Parses a move in SAN (or a UCI move, or a drop as `N@f3`, `@e4` or `P@e4`) and checks
    /// that it is legal here. Lenient as [`Board::parse_san`](crate::Board::parse_san): `0-0`,
    /// a promotion without `=`, the suffixes `+ # ! ?` and a missing or needless `x` are
    /// read.
    pub fn parse_san(&self, text: &str) -> Result<VariantMove, SanError> {
        let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if text.is_empty() || !text.is_ascii() {
            return Err(SanError::Syntax);
        }
        if text.contains('@') {
            let drop = if let Some(square) = text.strip_prefix('@') {
                self.parse_uci_drop('P', square)
            } else {
                let (piece, square) = text.split_at(1);
                self.parse_uci_drop(
                    piece.chars().next().unwrap_or('?'),
                    square.strip_prefix('@').ok_or(SanError::Syntax)?,
                )
            };
            return drop;
        }
        let moves = self.legal_moves();
        if let Some(long) = castling_side(text) {
            let us = self.board.side;
            return moves
                .iter()
                .copied()
                .find(|&mv| match mv {
                    VariantMove::Normal(m) => {
                        self.board.colors(us).has(m.to)
                            && self.board.colored_pieces(us, Piece::King).has(m.from)
                            && (m.to.file() < m.from.file()) == long
                    }
                    VariantMove::Drop { .. } => false,
                })
                .ok_or(SanError::Illegal);
        }
        if let Ok(mv) = self.parse_uci(text) {
            return Ok(mv);
        }
        let pattern = Pattern::read(text)?;
        let mut found = None;
        for &mv in moves.iter() {
            let VariantMove::Normal(m) = mv else {
                continue;
            };
            if pattern.matches(self, m) {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(mv);
            }
        }
        found.ok_or(SanError::Illegal)
    }

    fn parse_uci_drop(&self, piece: char, square: &str) -> Result<VariantMove, SanError> {
        let piece = Piece::from_char(piece.to_ascii_lowercase()).ok_or(SanError::Syntax)?;
        let to: Square = square.parse().map_err(|_| SanError::Syntax)?;
        let mv = VariantMove::Drop { piece, to };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(SanError::Illegal)
        }
    }
}

/// `O-O` (false) or `O-O-O` (true), with zeros or letters.
fn castling_side(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    }
}

/// What a SAN move says: the piece, what is known of its square, the target, the promotion.
struct Pattern {
    piece: Piece,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<Piece>,
}

impl Pattern {
    fn read(text: &str) -> Result<Pattern, SanError> {
        let mut bytes = text.as_bytes();
        let piece = match bytes.first() {
            Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K')) => {
                bytes = &bytes[1..];
                Piece::from_char(char::from(c).to_ascii_lowercase()).ok_or(SanError::Syntax)?
            }
            _ => Piece::Pawn,
        };
        let mut promotion = None;
        if let Some((&last, rest)) = bytes.split_last()
            && matches!(
                last,
                b'N' | b'B' | b'R' | b'Q' | b'K' | b'n' | b'b' | b'r' | b'q' | b'k'
            )
            && piece == Piece::Pawn
        {
            promotion = Piece::from_char(char::from(last).to_ascii_lowercase());
            bytes = rest.strip_suffix(b"=").unwrap_or(rest);
        }
        if bytes.len() < 2 {
            return Err(SanError::Syntax);
        }
        let (head, target) = bytes.split_at(bytes.len() - 2);
        let to: Square = core::str::from_utf8(target)
            .ok()
            .and_then(|t| t.parse().ok())
            .ok_or(SanError::Syntax)?;
        let head = head.strip_suffix(b"x").unwrap_or(head);
        let (mut from_file, mut from_rank) = (None, None);
        for &c in head {
            match c {
                b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => {
                    from_file = Some(c - b'a');
                }
                b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
                _ => return Err(SanError::Syntax),
            }
        }
        Ok(Pattern {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    fn matches(&self, pos: &VariantPosition, mv: Move) -> bool {
        let b = &pos.board;
        let us = b.side;
        mv.to == self.to
            && !b.colors(us).has(mv.to)
            && b.colored_pieces(us, self.piece).has(mv.from)
            && mv.promotion == self.promotion
            && self
                .from_file
                .is_none_or(|f| mv.from.file().index() == usize::from(f))
            && self
                .from_rank
                .is_none_or(|r| mv.from.rank().index() == usize::from(r))
    }
}

/// The SAN of `mv` without its suffix, as python-chess's `_algebraic_without_suffix`.
fn write_without_suffix(pos: &VariantPosition, mv: VariantMove, out: &mut ArrayString<12>) {
    let b = &pos.board;
    let us = b.side;
    let mut push = |s: &str| {
        let _ = out.try_push_str(s);
    };
    let m = match mv {
        VariantMove::Drop { piece, to } => {
            if piece != Piece::Pawn {
                push(piece.to_char_colored(Color::White).encode_utf8(&mut [0; 4]));
            }
            push("@");
            push(square_name(to).as_str());
            return;
        }
        VariantMove::Normal(m) => m,
    };
    let Some(piece) = b.piece_on(m.from) else {
        return;
    };
    let castles = piece == Piece::King
        && (b.colored_pieces(us, Piece::Rook).has(m.to) && b.colors(us).has(m.to));
    if castles {
        push(if m.to.file() < m.from.file() {
            "O-O-O"
        } else {
            "O-O"
        });
        return;
    }
    let theirs = b.colors(!us);
    let capture = theirs.has(m.to)
        || (piece == Piece::Pawn && m.from.file() != m.to.file() && !b.occupied().has(m.to));
    let from = square_name(m.from);
    if piece == Piece::Pawn {
        if capture {
            push(&from[..1]);
        }
    } else {
        push(piece.to_char_colored(Color::White).encode_utf8(&mut [0; 4]));
        let mut others = Bitboard::EMPTY;
        for other in pos.legal_moves() {
            if let VariantMove::Normal(o) = other
                && o.to == m.to
                && o.from != m.from
                && b.colored_pieces(us, piece).has(o.from)
            {
                others |= o.from.bitboard();
            }
        }
        if !others.is_empty() {
            let same_rank = others.into_iter().any(|s| s.rank() == m.from.rank());
            let same_file = others.into_iter().any(|s| s.file() == m.from.file());
            let (mut column, row) = (same_rank, same_file);
            if !same_file {
                column = true;
            }
            if column {
                push(&from[..1]);
            }
            if row {
                push(&from[1..]);
            }
        }
    }
    if capture {
        push("x");
    }
    push(square_name(m.to).as_str());
    if let Some(promotion) = m.promotion {
        push("=");
        push(
            promotion
                .to_char_colored(Color::White)
                .encode_utf8(&mut [0; 4]),
        );
    }
}

fn square_name(square: Square) -> ArrayString<2> {
    let mut name = ArrayString::new();
    let _ = name.try_push(square.file().to_char());
    let _ = name.try_push(square.rank().to_char());
    name
}
