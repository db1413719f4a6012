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
    /// `has_insufficient_material`; for horde, its reckoning of which white material can
    /// still mate whatever Black keeps).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = &self.board;
        let ours = b.colors(color);
        let theirs = b.colors(!color);
        let kings = b.pieces(Piece::King);
        let count = |p: Piece| b.pieces(p).len();
        match self.variant {
            Variant::Chess => standard_insufficient(b, color),
            Variant::KingOfTheHill | Variant::RacingKings => false,
            Variant::Horde => color == Color::White && horde_insufficient(b),
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

/// Horde: whether White's material can never mate, whatever Black does (python-chess's rule,
/// derived in stevepapazis/horde-insufficient-material-tests). Black, with the king, can
/// always win by taking every white piece, so only White is judged. The conditions are kept
/// as python-chess lists them, one mating pattern a line, not minimised.
#[allow(clippy::nonminimal_bool)]
fn horde_insufficient(b: &crate::Board) -> bool {
    let white = b.colors(Color::White);
    let black = b.colors(Color::Black);
    let n = |set: Bitboard, p: Piece| (set & b.pieces(p)).len();
    let (queens, pawns, rooks, bishops, knights) = (
        n(white, Piece::Queen),
        n(white, Piece::Pawn),
        n(white, Piece::Rook),
        n(white, Piece::Bishop),
        n(white, Piece::Knight),
    );
    let horde_dark = (Bitboard::DARK_SQUARES & white & b.pieces(Piece::Bishop)).len();
    let horde_light = (Bitboard::LIGHT_SQUARES & white & b.pieces(Piece::Bishop)).len();
    // The square colour of the horde's bishops: light (true) when it has a light one.
    let horde_bishops_light = horde_light >= 1;
    let horde_num = pawns + knights + rooks + queens + horde_dark.min(2) + horde_light.min(2);

    let pieces_pawns = n(black, Piece::Pawn);
    let pieces_bishops = n(black, Piece::Bishop);
    let pieces_knights = n(black, Piece::Knight);
    let pieces_rooks = n(black, Piece::Rook);
    let pieces_queens = n(black, Piece::Queen);
    let pieces_dark = (Bitboard::DARK_SQUARES & black & b.pieces(Piece::Bishop)).len();
    let pieces_light = (Bitboard::LIGHT_SQUARES & black & b.pieces(Piece::Bishop)).len();
    let pieces_num = black.len();
    // Black's bishops on the other colour than the horde's, and on the same.
    let opposite_of = |light: bool| if light { pieces_dark } else { pieces_light };
    let same_as = |light: bool| if light { pieces_light } else { pieces_dark };
    let not_of = |count: u32| pieces_num - count;
    let horde_pair = horde_light >= 1 && horde_dark >= 1;
    let pieces_pair = pieces_light >= 1 && pieces_dark >= 1;

    if horde_num == 0 {
        return true;
    }
    if horde_num >= 4 {
        return false;
    }
    if (pawns >= 1 || queens >= 1) && horde_num >= 2 {
        return false;
    }
    if rooks >= 1
        && horde_num >= 2
        && !(horde_num == 2
            && rooks == 1
            && bishops == 1
            && not_of(same_as(horde_bishops_light)) == 1)
    {
        return false;
    }
    if horde_num == 1 {
        if pieces_num == 1 {
            return true;
        } else if queens == 1 {
            return !(pieces_pawns >= 1
                || pieces_rooks >= 1
                || pieces_light >= 2
                || pieces_dark >= 2);
        } else if pawns == 1 {
            // The pawn promotes to a queen or a knight: insufficient only if both are.
            let Some(square) = (white & b.pieces(Piece::Pawn)).first() else {
                return true;
            };
            let promoted = |piece: Piece| {
                let mut board = b.clone();
                board.put(Color::White, Piece::Pawn, square);
                board.put(Color::White, piece, square);
                horde_insufficient(&board)
            };
            return promoted(Piece::Queen) && promoted(Piece::Knight);
        } else if rooks == 1 {
            return !(pieces_pawns >= 2
                || (pieces_rooks >= 1 && pieces_pawns >= 1)
                || (pieces_rooks >= 1 && pieces_knights >= 1)
                || (pieces_pawns >= 1 && pieces_knights >= 1));
        } else if bishops == 1 {
            let opposite = opposite_of(horde_bishops_light);
            return !(opposite >= 2 || (opposite >= 1 && pieces_pawns >= 1) || pieces_pawns >= 2);
        } else if knights == 1 {
            return !(pieces_num >= 4
                && (pieces_knights >= 2
                    || pieces_pawns >= 2
                    || (pieces_rooks >= 1 && pieces_knights >= 1)
                    || (pieces_rooks >= 1 && pieces_bishops >= 1)
                    || (pieces_knights >= 1 && pieces_bishops >= 1)
                    || (pieces_rooks >= 1 && pieces_pawns >= 1)
                    || (pieces_knights >= 1 && pieces_pawns >= 1)
                    || (pieces_bishops >= 1 && pieces_pawns >= 1)
                    || (pieces_pair && pieces_pawns >= 1))
                && (pieces_dark < 2 || not_of(pieces_dark) >= 3)
                && (pieces_light < 2 || not_of(pieces_light) >= 3));
        }
    } else if horde_num == 2 {
        if pieces_num == 1 {
            return true;
        } else if knights == 2 {
            return pieces_pawns + pieces_bishops + pieces_knights < 1;
        } else if horde_pair {
            return !(pieces_pawns >= 1
                || pieces_bishops >= 1
                || (pieces_knights >= 1 && pieces_rooks + pieces_queens >= 1));
        } else if bishops >= 1 && knights >= 1 {
            return !(pieces_pawns >= 1
                || opposite_of(horde_bishops_light) >= 1
                || not_of(same_as(horde_bishops_light)) >= 3);
        } else {
            let opposite = opposite_of(horde_bishops_light);
            return !((pieces_pawns >= 1 && opposite >= 1)
                || (pieces_pawns >= 1 && pieces_knights >= 1)
                || (opposite >= 1 && pieces_knights >= 1)
                || opposite >= 2
                || pieces_knights >= 2
                || pieces_pawns >= 2);
        }
    } else if horde_num == 3 {
        return !((knights == 2 && bishops == 1) || knights == 3 || horde_pair) && pieces_num == 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Horde's insufficient material for White against python-chess 1.11.2's answers on
    /// random sparse positions (one to three white pieces, up to three black ones besides
    /// the king), about half of them insufficient.
    #[test]
    fn horde_insufficient_material_as_python_chess() {
        let cases = [
            ("1k6/7Q/8/8/8/8/8/8 b - - 0 1", true),
            ("8/3k2r1/8/8/8/2p5/8/6B1 b - - 0 1", true),
            ("8/5B2/2k5/8/8/2R5/8/8 b - - 0 1", true),
            ("8/8/8/1n2p3/8/2B4B/3Q4/5k2 b - - 0 1", false),
            ("2k5/5N2/8/2p5/4NB2/8/8/8 b - - 0 1", false),
            ("1k6/8/8/8/8/4N3/8/8 b - - 0 1", true),
            ("b7/k7/1N6/p2NP3/8/8/8/8 b - - 0 1", false),
            ("5N2/k5Bn/8/8/8/8/8/8 b - - 0 1", true),
            ("7k/8/6P1/5n2/7N/8/8/6N1 b - - 0 1", false),
            ("8/3N4/8/8/k7/8/8/8 b - - 0 1", true),
            ("8/3k4/4r3/2p5/8/5Q2/N7/8 b - - 0 1", false),
            ("3nr3/8/8/8/N7/8/2b5/5k2 b - - 0 1", false),
            ("8/8/8/1B6/8/6B1/1b6/6k1 b - - 0 1", false),
            ("8/5n1n/3k3N/8/7B/8/N7/8 b - - 0 1", false),
            ("8/8/8/7k/1n3P2/4N3/6p1/8 b - - 0 1", false),
            ("8/2kn4/8/8/8/5bR1/8/8 b - - 0 1", true),
            ("7n/8/5b2/6Q1/6k1/8/8/8 b - - 0 1", true),
            ("N7/8/4B2r/8/5nB1/8/4k3/8 b - - 0 1", false),
            ("8/8/8/k7/n7/8/4B3/8 b - - 0 1", true),
            ("7Q/2b5/8/r2N4/P7/5n2/5k2/8 b - - 0 1", false),
            ("8/p5n1/2n5/8/8/1k1B4/8/8 b - - 0 1", true),
            ("b7/R1P5/1k6/5b2/8/3b4/8/8 b - - 0 1", false),
            ("8/5b2/8/8/8/4n3/4N3/7k b - - 0 1", true),
            ("8/p2B2k1/8/4P3/8/2b5/2p5/5B2 b - - 0 1", false),
            ("8/8/8/8/8/8/8/3kB2Q b - - 0 1", false),
            ("8/6n1/8/3n4/5k2/N1Q5/8/7R b - - 0 1", false),
            ("8/8/8/8/3k4/1N5r/8/6R1 b - - 0 1", false),
            ("8/8/P6B/4p3/6n1/8/8/3k4 b - - 0 1", false),
            ("8/8/1k6/8/8/N7/8/1bb1Q3 b - - 0 1", false),
            ("7b/3p4/5p2/8/8/4N3/5k2/1R6 b - - 0 1", false),
            ("8/3B4/8/2k5/8/8/B1B5/8 b - - 0 1", true),
            ("r7/8/8/8/8/3kP3/8/1n6 b - - 0 1", false),
            ("b2k4/8/8/8/8/8/5n2/B7 b - - 0 1", true),
            ("5b2/8/8/N7/1N6/8/8/Q1kn2n1 b - - 0 1", false),
            ("8/8/8/6B1/8/8/8/5k2 b - - 0 1", true),
            ("5B2/7R/4k3/8/8/8/8/8 b - - 0 1", true),
            ("8/8/5p2/n7/8/6B1/4k3/8 b - - 0 1", true),
            ("6N1/2p5/8/8/1b6/8/6B1/1B5k b - - 0 1", false),
            ("8/8/8/5B2/7k/8/8/8 b - - 0 1", true),
            ("8/2N3k1/8/8/6N1/8/8/8 b - - 0 1", true),
            ("8/5p2/8/8/1B6/8/2k3N1/8 b - - 0 1", false),
            ("8/7B/8/8/2n3n1/1N6/1R5k/2r5 b - - 0 1", false),
            ("8/R7/3p4/7b/5k2/8/3N4/8 b - - 0 1", false),
            ("8/8/8/2N4B/8/k7/8/5R2 b - - 0 1", false),
            ("8/5k2/8/8/7n/8/N3p3/8 b - - 0 1", true),
            ("8/8/1nkR4/1P6/5n2/6b1/8/8 b - - 0 1", false),
            ("2R5/4R3/8/8/6N1/8/k7/3n4 b - - 0 1", false),
            ("8/2p5/8/8/6B1/2B5/5k2/8 b - - 0 1", false),
            ("8/8/8/N7/5B2/4k3/8/8 b - - 0 1", true),
            ("8/6B1/8/8/6nN/8/1k6/8 b - - 0 1", true),
            ("8/8/5k2/8/8/8/8/2B5 b - - 0 1", true),
            ("2B1kBn1/8/8/8/3p4/8/8/5Q1r b - - 0 1", false),
            ("3k4/6p1/7n/7N/8/8/5B1r/6N1 b - - 0 1", false),
            ("8/1B6/4k3/8/3B4/8/8/8 b - - 0 1", true),
            ("8/8/8/2n5/8/3R4/1k6/B7 b - - 0 1", false),
            ("8/8/8/6p1/6R1/5kQ1/8/8 b - - 0 1", false),
            ("8/8/3n4/b7/6P1/8/4k3/8 b - - 0 1", true),
            ("8/8/8/2N5/8/8/1k6/7Q b - - 0 1", false),
            ("8/7N/8/4Q3/8/8/8/5k2 b - - 0 1", false),
            ("8/8/8/8/n4b2/8/B3b3/4k3 b - - 0 1", true),
        ];
        for (fen, expected) in cases {
            let pos = VariantPosition::from_fen(Variant::Horde, fen).expect("a valid horde FEN");
            assert_eq!(
                pos.has_insufficient_material(Color::White),
                expected,
                "{fen}"
            );
            assert!(!pos.has_insufficient_material(Color::Black), "{fen}");
        }
    }
}
