//! When a variant game is over and who won, in python-chess's terms: the variant's own end
//! (`is_variant_end`, judged from the side to move as a win, loss or draw), then mate,
//! insufficient material and positions without a legal move.

use super::rules::{self, CENTER};
use super::{Variant, VariantPosition};
use crate::{Bitboard, Color, Piece, Rank};

/// How a variant game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantOutcome {
    /// By the variant's own rule (an exploded king, the third check, a king on the hill or
    /// the eighth rank, no pieces left, an antichess stalemate).
    VariantWin {
        /// Who won.
        winner: Color,
    },
    /// By the variant's own rule, a draw (both kings on the eighth rank in racing kings,
    /// both sides out of checks, an antichess stalemate with equal material in suicide).
    VariantDraw,
    /// Checkmate.
    Checkmate {
        /// Who gave mate.
        winner: Color,
    },
    /// Neither side has the material to win, by the variant's reckoning.
    InsufficientMaterial,
    /// No legal move, not in check.
    Stalemate,
}

impl VariantOutcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            VariantOutcome::VariantWin { winner } | VariantOutcome::Checkmate { winner } => {
                Some(winner)
            }
            _ => None,
        }
    }
}

impl VariantPosition {
    /// Whether the game has ended by the variant's own rule.
    pub fn is_variant_end(&self) -> bool {
        rules::is_variant_end(self)
    }

    /// Whether the side to move has won by the variant's rule.
    pub fn is_variant_win(&self) -> bool {
        let b = &self.board;
        let us = b.side;
        match self.variant {
            Variant::Chess | Variant::Crazyhouse => false,
            Variant::Atomic => {
                !b.pieces(Piece::King).is_empty() && b.colored_pieces(!us, Piece::King).is_empty()
            }
            Variant::Antichess => b.colors(us).is_empty() || self.is_stalemate(),
            Variant::ThreeCheck => {
                self.remaining_checks[us.index()] == 0 && self.remaining_checks[(!us).index()] > 0
            }
            Variant::KingOfTheHill => !(b.colored_pieces(us, Piece::King) & CENTER).is_empty(),
            Variant::Horde => !b.occupied().is_empty() && b.colors(!us).is_empty(),
            Variant::RacingKings => {
                let goal = b.pieces(Piece::King) & Rank::Eighth.bitboard();
                self.is_variant_end()
                    && !(goal & b.colors(us)).is_empty()
                    && (goal & b.colors(!us)).is_empty()
            }
        }
    }

    /// Whether the side to move has lost by the variant's rule.
    pub fn is_variant_loss(&self) -> bool {
        let b = &self.board;
        let us = b.side;
        match self.variant {
            Variant::Chess | Variant::Crazyhouse | Variant::Antichess => false,
            Variant::Atomic => {
                !b.pieces(Piece::King).is_empty() && b.colored_pieces(us, Piece::King).is_empty()
            }
            Variant::ThreeCheck => {
                self.remaining_checks[(!us).index()] == 0 && self.remaining_checks[us.index()] > 0
            }
            Variant::KingOfTheHill => !(b.colored_pieces(!us, Piece::King) & CENTER).is_empty(),
            Variant::Horde => !b.occupied().is_empty() && b.colors(us).is_empty(),
            Variant::RacingKings => {
                self.is_variant_end()
                    && (b.colored_pieces(us, Piece::King) & Rank::Eighth.bitboard()).is_empty()
            }
        }
    }

    /// Whether the game is drawn by the variant's rule.
    pub fn is_variant_draw(&self) -> bool {
        let b = &self.board;
        match self.variant {
            Variant::ThreeCheck => self.remaining_checks == [0, 0],
            Variant::Horde => b.occupied().is_empty(),
            Variant::RacingKings => {
                let goal = b.pieces(Piece::King) & Rank::Eighth.bitboard();
                Color::ALL
                    .into_iter()
                    .all(|c| !(goal & b.colors(c)).is_empty())
            }
            _ => false,
        }
    }

    /// Whether the side to move is checkmated (in check, no legal move, the game not over by
    /// the variant's rule).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move has no legal move and is not in check (a loss or a win in
    /// some variants: see [`outcome`](VariantPosition::outcome)).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !rules::is_variant_end(self) && self.legal_moves().is_empty()
    }

    /// Whether `color` lacks the material to win, by the variant's reckoning (python-chess's
    /// `has_insufficient_material`). Horde's involved rule is not yet followed: a horde
    /// side is never reckoned short of material.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = &self.board;
        let ours = b.colors(color);
        let theirs = b.colors(!color);
        let kings = b.pieces(Piece::King);
        let count = |p: Piece| b.pieces(p).len();
        match self.variant {
            Variant::Chess => standard_insufficient(b, color),
            Variant::KingOfTheHill | Variant::RacingKings | Variant::Horde => false,
            Variant::ThreeCheck => (ours - kings).is_empty(),
            Variant::Crazyhouse => {
                let pockets = &self.pockets;
                let in_pockets: u32 = pockets.iter().map(|p| p.len()).sum();
                let heavy_in_pockets = pockets.iter().any(|p| {
                    p.count(Piece::Pawn) + p.count(Piece::Rook) + p.count(Piece::Queen) > 0
                });
                b.occupied().len() + in_pockets <= 3
                    && self.promoted.is_empty()
                    && count(Piece::Pawn) + count(Piece::Rook) + count(Piece::Queen) == 0
                    && !heavy_in_pockets
            }
            Variant::Atomic => {
                if (theirs & kings).is_empty() {
                    return false;
                }
                if (ours - kings).is_empty() {
                    return true;
                }
                if !(theirs - kings).is_empty() {
                    let bishops = b.pieces(Piece::Bishop);
                    if b.occupied() == bishops | kings {
                        let white = b.colors(Color::White) & bishops;
                        let black = b.colors(Color::Black) & bishops;
                        if (white & Bitboard::DARK_SQUARES).is_empty() {
                            return (black & Bitboard::LIGHT_SQUARES).is_empty();
                        }
                        if (white & Bitboard::LIGHT_SQUARES).is_empty() {
                            return (black & Bitboard::DARK_SQUARES).is_empty();
                        }
                    }
                    return false;
                }
                if count(Piece::Queen) + count(Piece::Pawn) > 0 {
                    return false;
                }
                if count(Piece::Knight) + count(Piece::Bishop) + count(Piece::Rook) == 1 {
                    return true;
                }
                if b.occupied() == b.pieces(Piece::Knight) | kings {
                    return count(Piece::Knight) <= 2;
                }
                false
            }
            Variant::Antichess => {
                if ours.is_empty() {
                    return false;
                }
                if theirs.is_empty() {
                    return true;
                }
                let bishops = b.pieces(Piece::Bishop);
                if b.occupied() == bishops {
                    let we_light = !(ours & Bitboard::LIGHT_SQUARES).is_empty();
                    let we_dark = !(ours & Bitboard::DARK_SQUARES).is_empty();
                    let they_all_dark = (theirs & Bitboard::LIGHT_SQUARES).is_empty();
                    let they_all_light = (theirs & Bitboard::DARK_SQUARES).is_empty();
                    return (we_light && they_all_dark) || (we_dark && they_all_light);
                }
                if b.occupied() == b.pieces(Piece::Knight) && count(Piece::Knight) == 2 {
                    let white_light =
                        !(b.colors(Color::White) & Bitboard::LIGHT_SQUARES).is_empty();
                    let black_dark = !(b.colors(Color::Black) & Bitboard::DARK_SQUARES).is_empty();
                    return (b.side == color) ^ white_light ^ black_dark;
                }
                false
            }
        }
    }

    /// Whether neither side has the material to win.
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }

    /// How the game has ended, or `None` while it goes on, in python-chess's order: the
    /// variant's win, loss or draw, checkmate, insufficient material, no legal move. (The
    /// fifty-move rule and repetitions need the game's history: not judged here.)
    pub fn outcome(&self) -> Option<VariantOutcome> {
        let us = self.board.side;
        if self.is_variant_loss() {
            return Some(VariantOutcome::VariantWin { winner: !us });
        }
        if self.is_variant_win() {
            return Some(VariantOutcome::VariantWin { winner: us });
        }
        if self.is_variant_draw() {
            return Some(VariantOutcome::VariantDraw);
        }
        let no_moves = self.legal_moves().is_empty();
        if no_moves && self.is_check() {
            return Some(VariantOutcome::Checkmate { winner: !us });
        }
        if self.is_insufficient_material() {
            return Some(VariantOutcome::InsufficientMaterial);
        }
        no_moves.then_some(VariantOutcome::Stalemate)
    }
}

/// python-chess's `Board.has_insufficient_material(color)` for standard chess.
fn standard_insufficient(b: &crate::Board, color: Color) -> bool {
    let ours = b.colors(color);
    let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
    if !(ours & heavy).is_empty() {
        return false;
    }
    let knights = b.pieces(Piece::Knight);
    let bishops = b.pieces(Piece::Bishop);
    let kings = b.pieces(Piece::King);
    let queens = b.pieces(Piece::Queen);
    let pawns = b.pieces(Piece::Pawn);
    if !(ours & knights).is_empty() {
        return ours.len() <= 2 && (b.colors(!color) - kings - queens).is_empty();
    }
    if !(ours & bishops).is_empty() {
        let same_color = (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
        return same_color && pawns.is_empty() && knights.is_empty();
    }
    true
}
