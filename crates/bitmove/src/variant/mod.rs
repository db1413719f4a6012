//! The lichess variants: atomic, antichess, crazyhouse, three-check, king of the hill, horde
//! and racing kings, beside standard chess, in one position type, [`VariantPosition`].
//!
//! Standard chess does not pay for them: [`Board`] and its generator are untouched, and a
//! variant position keeps a `Board` for its pieces, side, castling rights, en passant and
//! clocks, plus what some variants add (crazyhouse's pockets and promoted marks,
//! three-check's counters). Each variant's rules live here, in one place each:
//!
//! - `rules.rs`: what a variant allows (legal moves, drops, explosions, the checks three-check
//!   counts, the goals of king of the hill and racing kings), and how a move is made;
//! - `fen.rs`: FEN in and out in each variant's form (pockets, `~` marks, check counters);
//! - `perft.rs`: perft, with bulk counting at the leaves where a variant allows it;
//! - `outcome.rs`: when a game is over and who won, insufficient material as each variant
//!   defines it;
//! - `san.rs`: SAN as python-chess writes and reads it (drops, `=K`, `#` for a variant's win).
//!
//! ```
//! use bitmove::variant::{Variant, VariantPosition};
//!
//! let pos = VariantPosition::new(Variant::Atomic);
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(bitmove::variant::perft(&pos, 3), 8_902);
//!
//! let zh: VariantPosition = VariantPosition::from_fen(
//!     Variant::Crazyhouse,
//!     "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
//! )
//! .unwrap();
//! assert_eq!(zh.legal_moves().len(), 67); // 5 king moves and 62 queen drops
//! ```

mod fen;
mod outcome;
mod perft;
mod recursion;
mod rules;
mod san;
mod setup;

use core::fmt;

use crate::{Bitboard, Board, Color, Move, Piece, Square};

pub use fen::VariantFen;
pub use outcome::VariantOutcome;
#[cfg(feature = "std")]
pub use perft::divide;
pub use perft::perft;
#[cfg(feature = "std")]
pub use perft::{
    PerftCase, divide_threads, divide_with_options, parse_perft_blocks, perft_threads,
    perft_with_options,
};
pub use san::VariantSan;
pub use setup::{VariantSetup, VariantSetupError};

/// The variants: standard chess and the seven lichess plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Standard chess (and Chess960).
    Chess,
    /// Atomic: a capture explodes the capturing piece and every non-pawn next to the square.
    Atomic,
    /// Antichess: captures are compulsory; losing every piece (or being stalemated) wins.
    Antichess,
    /// Crazyhouse: captured pieces go to the captor's pocket and may be dropped back.
    Crazyhouse,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// King of the Hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Horde: White's 36 pawns against Black's army; White wins by mate, Black by capturing
    /// every white piece.
    Horde,
    /// Racing Kings: no checks; the first king on the eighth rank wins.
    RacingKings,
}

impl Variant {
    /// Every variant, standard chess first.
    pub const ALL: [Variant; 8] = [
        Variant::Chess,
        Variant::Atomic,
        Variant::Antichess,
        Variant::Crazyhouse,
        Variant::ThreeCheck,
        Variant::KingOfTheHill,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The UCI_Variant name, as Stockfish's fork and lichess's engines spell it: `chess`,
    /// `atomic`, `antichess`, `crazyhouse`, `3check`, `kingofthehill`, `horde`, `racingkings`.
    pub const fn uci_name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::Crazyhouse => "crazyhouse",
            Variant::ThreeCheck => "3check",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::Horde => "horde",
            Variant::RacingKings => "racingkings",
        }
    }

    /// The name lichess writes in a PGN's `Variant` tag: "Standard", "Atomic", "Antichess",
    /// "Crazyhouse", "Three-check", "King of the Hill", "Horde", "Racing Kings".
    pub const fn lichess_name(self) -> &'static str {
        match self {
            Variant::Chess => "Standard",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::ThreeCheck => "Three-check",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
        }
    }

    /// The variant a name stands for: the UCI names, lichess's names and the usual aliases
    /// (python-chess's among them), in any case, with spaces, `-` and `_` ignored. `None` for
    /// a name that is no variant.
    ///
    /// ```
    /// use bitmove::variant::Variant;
    ///
    /// assert_eq!(Variant::from_name("Three-check"), Some(Variant::ThreeCheck));
    /// assert_eq!(Variant::from_name("King of the Hill"), Some(Variant::KingOfTheHill));
    /// assert_eq!(Variant::from_name("racingkings"), Some(Variant::RacingKings));
    /// assert_eq!(Variant::from_name("Standard"), Some(Variant::Chess));
    /// assert_eq!(Variant::from_name("shogi"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Variant> {
        let mut key = [0u8; 24];
        let mut len = 0;
        for b in name.trim().bytes() {
            if matches!(b, b' ' | b'-' | b'_') {
                continue;
            }
            *key.get_mut(len)? = b.to_ascii_lowercase();
            len += 1;
        }
        Some(match &key[..len] {
            b"chess" | b"standard" | b"normal" | b"chess960" | b"fromposition"
            | b"fischerandom" | b"fischerrandom" => Variant::Chess,
            b"atomic" | b"atom" | b"atomicchess" => Variant::Atomic,
            b"antichess" | b"anti" | b"giveaway" | b"giveawaychess" | b"suicide"
            | b"suicidechess" => Variant::Antichess,
            b"crazyhouse" | b"house" | b"zh" => Variant::Crazyhouse,
            b"3check" | b"threecheck" | b"threecheckchess" => Variant::ThreeCheck,
            b"kingofthehill" | b"koth" => Variant::KingOfTheHill,
            b"horde" | b"hordechess" => Variant::Horde,
            b"racingkings" | b"racing" | b"race" => Variant::RacingKings,
            _ => return None,
        })
    }

    /// The start position's FEN, in this variant's form.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Chess | Variant::Atomic | Variant::KingOfTheHill => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Variant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            Variant::Crazyhouse => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            Variant::Horde => {
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
            }
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        }
    }
}

impl fmt::Display for Variant {
    /// The UCI name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uci_name())
    }
}

/// The error of parsing a variant name that is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownVariant;

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown variant (expected chess, atomic, antichess, crazyhouse, 3check, kingofthehill, horde or racingkings)")
    }
}

impl core::error::Error for UnknownVariant {}

impl core::str::FromStr for Variant {
    type Err = UnknownVariant;

    /// [`Variant::from_name`].
    fn from_str(name: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_name(name).ok_or(UnknownVariant)
    }
}

/// A move in a variant: a board move, or a crazyhouse drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantMove {
    /// A piece moves (castling as the king taking its own rook, as [`Move`] everywhere).
    Normal(Move),
    /// A piece from the pocket is put on an empty square.
    Drop {
        /// The piece (never a king).
        piece: Piece,
        /// Where it goes.
        to: Square,
    },
}

impl VariantMove {
    /// The square the move goes to (the rook's square for castling).
    pub fn to(self) -> Square {
        match self {
            VariantMove::Normal(mv) => mv.to,
            VariantMove::Drop { to, .. } => to,
        }
    }

    /// The board move, or `None` for a drop.
    pub fn as_normal(self) -> Option<Move> {
        match self {
            VariantMove::Normal(mv) => Some(mv),
            VariantMove::Drop { .. } => None,
        }
    }
}

impl From<Move> for VariantMove {
    fn from(mv: Move) -> VariantMove {
        VariantMove::Normal(mv)
    }
}

impl fmt::Display for VariantMove {
    /// The internal form: [`Move`]'s for a board move (castling as king takes rook), UCI's
    /// `N@f3` for a drop.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantMove::Normal(mv) => write!(f, "{mv}"),
            VariantMove::Drop { piece, to } => {
                write!(f, "{}@{to}", piece.to_char_colored(Color::White))
            }
        }
    }
}

/// The moves of a variant position: room for the most any position has (crazyhouse's drops
/// included), on the stack.
pub type VariantMoveList = arrayvec::ArrayVec<VariantMove, 768>;

/// How many pieces of each kind (pawn to queen) a crazyhouse pocket holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pocket {
    counts: [u8; 5],
}

impl Pocket {
    /// How many of `piece` the pocket holds (never a king).
    pub fn count(&self, piece: Piece) -> u32 {
        self.counts.get(piece.index()).map_or(0, |&c| u32::from(c))
    }

    /// The number of pieces in the pocket.
    pub fn len(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether the pocket is empty.
    pub fn is_empty(&self) -> bool {
        self.counts == [0; 5]
    }

    /// Adds one `piece` (a king is ignored; a count stops at 255).
    pub fn add(&mut self, piece: Piece) {
        if let Some(c) = self.counts.get_mut(piece.index()) {
            *c = c.saturating_add(1);
        }
    }

    /// Takes one `piece` out (nothing when there is none).
    pub fn remove(&mut self, piece: Piece) {
        if let Some(c) = self.counts.get_mut(piece.index()) {
            *c = c.saturating_sub(1);
        }
    }

    /// The kinds with at least one piece, pawn first.
    pub(crate) fn kinds(&self) -> impl Iterator<Item = Piece> + '_ {
        Piece::ALL[..5]
            .iter()
            .copied()
            .filter(|p| self.counts[p.index()] > 0)
    }
}

/// A position of any [`Variant`]: the [`Board`] (pieces, side to move, castling rights, en
/// passant, clocks) and what the variant adds. Made only by FEN parsing, the start
/// positions and legal moves, so its variant's rules always hold.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct VariantPosition {
    pub(crate) board: Board,
    pub(crate) variant: Variant,
    /// Crazyhouse: White's and Black's pockets.
    pub(crate) pockets: [Pocket; 2],
    /// Crazyhouse: the pieces that were pawns (captured, they go to the pocket as pawns).
    pub(crate) promoted: Bitboard,
    /// Three-check: the checks White and Black still need to give (3 at the start).
    pub(crate) remaining_checks: [u8; 2],
}

impl VariantPosition {
    /// The start position of `variant`.
    pub fn new(variant: Variant) -> VariantPosition {
        VariantPosition::from_fen(variant, variant.start_fen())
            .unwrap_or_else(|_| unreachable!("the start positions are valid"))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board: pieces, side to move, castling rights, en passant, clocks. (For a variant
    /// other than chess, king of the hill and three-check, the board's own move generation
    /// follows standard chess's rules, not the variant's: use this type's.)
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.side
    }

    /// `color`'s crazyhouse pocket (empty in the other variants).
    pub fn pocket(&self, color: Color) -> &Pocket {
        &self.pockets[color.index()]
    }

    /// Crazyhouse: the pieces that were promoted pawns.
    pub fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// Three-check: the checks `color` still has to give to win (3 at the start).
    pub fn remaining_checks(&self, color: Color) -> u32 {
        u32::from(self.remaining_checks[color.index()])
    }

    /// Whether the side to move is in check (never in antichess and racing kings; in atomic
    /// not while the kings touch).
    pub fn is_check(&self) -> bool {
        rules::in_check(self)
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> VariantMoveList {
        let mut moves = VariantMoveList::new();
        // A full list drops the move: no position of a game has more, and a position read
        // by `VariantSetup` with more than the list holds is refused (`moves_fit`).
        rules::legal_moves(self, &mut |mv| {
            let _ = moves.try_push(mv);
        });
        moves
    }

    /// The number of legal moves, counted without building the list where the variant
    /// allows it.
    pub fn count_moves(&self) -> u64 {
        perft::count_leaves(self)
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: VariantMove) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move (from [`legal_moves`](VariantPosition::legal_moves)); an illegal
    /// one leaves the position in an unspecified but memory-safe state, never a panic.
    pub fn play_unchecked(&mut self, mv: VariantMove) {
        rules::play(self, mv);
    }

    /// Passes the turn, as python-chess's `push(Move.null())` does: the en-passant square
    /// is cleared and the clocks advance; pockets, promoted marks and three-check counters
    /// stay. Meant for a side not in check (else the position breaks its variant's rules).
    pub fn play_null(&mut self) {
        self.board.pass_turn();
    }

    /// Plays `mv` if it is legal; otherwise leaves the position unchanged.
    pub fn play(&mut self, mv: VariantMove) -> Result<(), IllegalVariantMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalVariantMove(mv))
        }
    }

    /// Parses a move in UCI notation and checks that it is legal here: `e2e4`, `e7e8q`
    /// (`e7e8k` in antichess), castling as the king's step (`e1g1`) or, in Chess960 and
    /// always accepted, as king takes rook (`e1h1`), and drops as `N@f3` or `P@e4` (any case
    /// for the piece letter).
    ///
    /// ```
    /// use bitmove::variant::{Variant, VariantMove, VariantPosition};
    /// use bitmove::{Piece, Square, UciError};
    ///
    /// let pos = VariantPosition::from_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    /// assert_eq!(pos.parse_uci("N@f3"), Ok(VariantMove::Drop { piece: Piece::Knight, to: Square::F3 }));
    /// assert_eq!(pos.parse_uci("Q@f3"), Err(UciError::Illegal));
    /// assert_eq!(pos.parse_uci("N@z9"), Err(UciError::Syntax));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<VariantMove, crate::UciError> {
        use crate::UciError;
        let text = text.trim();
        let mv = if let Some((piece, square)) = text.split_once('@') {
            let mut letters = piece.chars();
            let piece = match (letters.next(), letters.next()) {
                (Some(c), None) => Piece::from_char(c).ok_or(UciError::Syntax)?,
                (None, None) if self.variant == Variant::Crazyhouse => Piece::Pawn,
                _ => return Err(UciError::Syntax),
            };
            let to: Square = square.parse().map_err(|_| UciError::Syntax)?;
            VariantMove::Drop { piece, to }
        } else {
            let bytes = text.as_bytes();
            if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
                return Err(UciError::Syntax);
            }
            let from: Square = text[0..2].parse().map_err(|_| UciError::Syntax)?;
            let to: Square = text[2..4].parse().map_err(|_| UciError::Syntax)?;
            let promotion = match bytes.get(4) {
                None => None,
                Some(&c) => Some(
                    Piece::from_char(char::from(c).to_ascii_lowercase())
                        .filter(|&p| p != Piece::Pawn)
                        .ok_or(UciError::Syntax)?,
                ),
            };
            let mut mv = Move {
                from,
                to,
                promotion,
            };
            if !self.board.chess960
                && self
                    .board
                    .colored_pieces(self.board.side, Piece::King)
                    .has(from)
                && let Some(castle) = self.board.standard_castling(mv)
            {
                mv = castle;
            }
            VariantMove::Normal(mv)
        };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(UciError::Illegal)
        }
    }

    /// The move in UCI notation: castling as the king's step unless the position is
    /// Chess960, drops as `N@f3`.
    pub fn uci(&self, mv: VariantMove) -> VariantMove {
        match mv {
            VariantMove::Normal(m) => VariantMove::Normal(self.board.uci(m).as_move()),
            drop => drop,
        }
    }

    /// The Zobrist key: the [`Board::hash`] (the Polyglot key of the pieces, side, rights
    /// and en passant) combined with keys for the pockets, the promoted marks and the check
    /// counters, so that positions differing only in those differ in key.
    pub fn hash(&self) -> u64 {
        let mut key = self.board.hash;
        for color in Color::ALL {
            for piece in &Piece::ALL[..5] {
                let count = self.pockets[color.index()].count(*piece);
                key ^= extra_key(64 * (5 * color.index() + piece.index()) + count as usize % 64);
            }
            key ^= extra_key(
                640 + 4 * color.index() + self.remaining_checks[color.index()] as usize % 4,
            );
        }
        for square in self.promoted {
            key ^= extra_key(648 + square.index());
        }
        key
    }
}

/// Keys for what a variant adds to the board (pocket counts, check counters, promoted
/// marks): SplitMix64 of the index, seeded apart from the Polyglot keys.
const fn extra_key(index: usize) -> u64 {
    let mut z = (index as u64)
        .wrapping_add(0x5eed_0f0a_7a71_a0e5)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl fmt::Debug for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VariantPosition({}, \"{}\")", self.variant, self.fen())
    }
}

/// The error of [`VariantPosition::play`]: the move is not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalVariantMove(pub VariantMove);

impl fmt::Display for IllegalVariantMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl core::error::Error for IllegalVariantMove {}
