//! Static exchange evaluation: what a move wins or loses in material once both sides have
//! captured on its target square for as long as capturing pays.
//!
//! The rules are documented on [`Board::see`] (this module is private). [`Board::see_ge`]
//! follows the same exchange forwards and stops as soon as the answer is known, usually
//! before generating an attacker (the bound checks of Stockfish's `see_ge`); both share one
//! exchange generator, so they agree on every move and threshold.

use crate::{Bitboard, Board, Color, Move, Piece, Rank, SliderBackend, Square};

/// Piece values for static exchange evaluation ([`Board::see_with`],
/// [`Board::see_ge_with`]).
///
/// The king has no value here: the exchange never lets it be captured. Any `i32` values are
/// accepted (the arithmetic is done in 64 bits, and [`Board::see_with`] saturates to the
/// `i32` range); attackers are still tried in the order pawn, knight, bishop, rook, queen,
/// king whatever the values say.
///
/// ```
/// use bitmove::{Board, Move, SeeValues, Square};
///
/// let values = SeeValues { knight: 320, bishop: 330, ..SeeValues::DEFAULT };
/// // Nxe5 wins a pawn defended by a pawn: +100 - 320.
/// let board: Board = "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1".parse()?;
/// assert_eq!(board.see_with(Move::new(Square::F3, Square::E5), &values), -220);
/// # Ok::<(), bitmove::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeeValues {
    /// A pawn's value (100 by default).
    pub pawn: i32,
    /// A knight's value (300 by default).
    pub knight: i32,
    /// A bishop's value (300 by default).
    pub bishop: i32,
    /// A rook's value (500 by default).
    pub rook: i32,
    /// A queen's value (900 by default).
    pub queen: i32,
}

impl SeeValues {
    /// Pawn 100, knight 300, bishop 300, rook 500, queen 900: the values of [`Board::see`].
    ///
    /// ```
    /// use bitmove::{Piece, SeeValues};
    ///
    /// assert_eq!(SeeValues::DEFAULT.value(Piece::Rook), 500);
    /// assert_eq!(SeeValues::default(), SeeValues::DEFAULT);
    /// ```
    pub const DEFAULT: SeeValues = SeeValues {
        pawn: 100,
        knight: 300,
        bishop: 300,
        rook: 500,
        queen: 900,
    };

    /// The value of `piece`; 0 for the king, which the exchange never captures.
    ///
    /// ```
    /// use bitmove::{Piece, SeeValues};
    ///
    /// assert_eq!(SeeValues::DEFAULT.value(Piece::Knight), 300);
    /// assert_eq!(SeeValues::DEFAULT.value(Piece::King), 0);
    /// ```
    pub const fn value(&self, piece: Piece) -> i32 {
        match piece {
            Piece::Pawn => self.pawn,
            Piece::Knight => self.knight,
            Piece::Bishop => self.bishop,
            Piece::Rook => self.rook,
            Piece::Queen => self.queen,
            Piece::King => 0,
        }
    }

    /// [`value`](SeeValues::value) widened for the exchange's arithmetic.
    #[inline(always)]
    fn of(&self, piece: Piece) -> i64 {
        i64::from(self.value(piece))
    }
}

impl Default for SeeValues {
    /// [`SeeValues::DEFAULT`].
    fn default() -> SeeValues {
        SeeValues::DEFAULT
    }
}

/// The attacker kinds in the order the exchange tries them.
const ORDER: [Piece; 6] = Piece::ALL;

/// An exchange on one square in progress: the position after the captures so far.
struct Exchange<'a> {
    board: &'a Board,
    values: &'a SeeValues,
    sliders: SliderBackend,
    target: Square,
    /// The squares still occupied (pieces that captured have left their squares).
    occupied: Bitboard,
    /// Pieces of either colour that attack the target through `occupied`; found on the
    /// first call of [`next`](Exchange::next), since `see_ge` often needs none.
    attackers: Option<Bitboard>,
    /// The side whose capture is next.
    side: Color,
    /// The value of the piece now standing on the target.
    on_target: i64,
    /// Rook and queen squares, bishop and queen squares (of the original board).
    straight: Bitboard,
    diagonal: Bitboard,
}

impl<'a> Exchange<'a> {
    /// The exchange after `mv`, with the material it won; `None` for a move that exchanges
    /// nothing by definition (see [`Board::see`]), whose value is 0.
    fn start(board: &'a Board, mv: Move, values: &'a SeeValues) -> Option<(Exchange<'a>, i64)> {
        let us = board.side_to_move();
        let (from, to) = (mv.from, mv.to);
        let mover = board.piece_on(from)?;
        if !board.colors(us).has(from) || board.colors(us).has(to) {
            return None;
        }
        let mut occupied = board.occupied() - from.bitboard();
        let mut gain = 0;
        if let Some(captured) = board.piece_on(to) {
            gain += values.of(captured);
        } else if mover == Piece::Pawn && Some(to) == board.en_passant() && to.file() != from.file()
        {
            let behind = Square::new(to.file(), from.rank());
            if board.colored_pieces(!us, Piece::Pawn).has(behind) {
                gain += values.of(Piece::Pawn);
                occupied -= behind.bitboard();
            }
        }
        let mut on_target = values.of(mover);
        if mover == Piece::Pawn
            && let Some(promoted) = mv.promotion
        {
            gain += values.of(promoted) - values.of(Piece::Pawn);
            on_target = values.of(promoted);
        }
        occupied |= to.bitboard();
        let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
        let sliders = SliderBackend::current();
        let exchange = Exchange {
            board,
            values,
            sliders,
            target: to,
            occupied,
            attackers: None,
            side: !us,
            on_target,
            straight,
            diagonal,
        };
        Some((exchange, gain))
    }

    /// The pieces of both colours attacking the target through `self.occupied`.
    fn all_attackers(&self) -> Bitboard {
        self.board.attackers_through(self.target, self.occupied) & self.occupied
    }

    /// The most the next capture (by `self.side`) can win, without looking for the capturer:
    /// the piece on the target, plus a promotion's gain if the target is on that side's last
    /// rank (where only a pawn would promote).
    fn next_gain_bound(&self) -> i64 {
        self.on_target + self.promotion_gain().max(0)
    }

    /// Whether a pawn of `self.side` capturing on the target promotes.
    fn promotes(&self) -> bool {
        self.target.rank() == Rank::Eighth.relative_to(self.side)
    }

    /// What promoting to a queen adds, if `self.side`'s pawns promote on the target; else 0.
    fn promotion_gain(&self) -> i64 {
        if self.promotes() {
            self.values.of(Piece::Queen) - self.values.of(Piece::Pawn)
        } else {
            0
        }
    }

    /// Attackers of the target through `occupied` that the removal of a piece moving along
    /// a line may have uncovered.
    fn sliders_through(&self, occupied: Bitboard, piece: Piece) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        if matches!(
            piece,
            Piece::Pawn | Piece::Bishop | Piece::Queen | Piece::King
        ) {
            found |= self.sliders.bishop_attacks(self.target, occupied) & self.diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen | Piece::King) {
            found |= self.sliders.rook_attacks(self.target, occupied) & self.straight;
        }
        found & occupied
    }

    /// The next capture: the material it wins for the side making it, or `None` when that
    /// side has no capture left (no attacker, or only a king facing a defended square). The
    /// exchange then ends.
    fn next(&mut self) -> Option<i64> {
        let attackers = match self.attackers {
            Some(attackers) => attackers,
            None => self.all_attackers(),
        };
        let mine = attackers & self.board.colors(self.side);
        if mine.is_empty() {
            return None;
        }
        let (piece, square) = ORDER.into_iter().find_map(|piece| {
            (mine & self.board.pieces(piece))
                .first()
                .map(|square| (piece, square))
        })?;
        let occupied = self.occupied - square.bitboard();
        let attackers = (attackers | self.sliders_through(occupied, piece)) & occupied;
        if piece == Piece::King && !(attackers & self.board.colors(!self.side)).is_empty() {
            return None;
        }
        let mut gain = self.on_target;
        self.on_target = self.values.of(piece);
        if piece == Piece::Pawn && self.promotes() {
            gain += self.values.of(Piece::Queen) - self.values.of(Piece::Pawn);
            self.on_target = self.values.of(Piece::Queen);
        }
        self.occupied = occupied;
        self.attackers = Some(attackers);
        self.side = !self.side;
        Some(gain)
    }
}

/// Saturates a 64-bit balance to the `i32` range.
fn saturate(value: i64) -> i32 {
    i32::try_from(value).unwrap_or(if value < 0 { i32::MIN } else { i32::MAX })
}

impl Board {
    /// The static exchange evaluation of `mv` with the default values (pawn 100, knight and
    /// bishop 300, rook 500, queen 900, [`SeeValues::DEFAULT`]): the material the side to
    /// move wins (positive) or loses (negative) by playing `mv` and then capturing back and
    /// forth on its target square while it pays.
    ///
    /// The rules:
    ///
    /// - After `mv` (which is forced) the sides alternately capture on the target, each with
    ///   its **least valuable attacker**, tried in the fixed order pawn, knight, bishop, rook,
    ///   queen, king (between two pieces of one kind, the lower square index, a1 = 0, first).
    ///   Before each capture the side to capture may **stand pat** instead, and does when
    ///   going on would lose.
    /// - **X-rays**: a rook, bishop or queen behind an attacker on the same line joins once
    ///   the piece in front has captured, including the piece behind `mv`'s from-square and,
    ///   after en passant, a rook or queen behind the captured pawn on the target's file.
    /// - **The king** captures only when the other side then has no attacker of the square
    ///   (counting a slider uncovered by the king's departure), so it is never captured and
    ///   has no value.
    /// - **En passant** wins a pawn, taken from its real square behind the target.
    /// - **Promotions**: `mv`'s promotion piece replaces the pawn, a gain of its value minus
    ///   a pawn's, and is what can then be recaptured; a pawn that recaptures on its last rank
    ///   later in the sequence becomes a **queen**, with the same accounting.
    /// - **Pins are ignored**: a pinned piece takes part as if it were free.
    /// - **0 by definition**: castling (the king onto its own rook, in this crate's
    ///   encoding), any move onto a piece of the mover's own colour, and a move whose
    ///   from-square holds no piece of the side to move. No move panics.
    ///
    /// `mv` is meant to be legal or pseudo-legal; for other moves the value follows the same
    /// rules from the piece on the from-square (which is not checked to reach the target),
    /// and means little. The promotion field counts only on a pawn move.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// // The Chess Programming Wiki's examples: Rxe5 wins an undefended pawn; Nxe5 loses the
    /// // knight for the pawn (Black recaptures with the knight; going on with Rxe5 Bxe5
    /// // Qxe5 Qxe5 would lose more).
    /// let board: Board = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1".parse()?;
    /// assert_eq!(board.see(Move::new(Square::E1, Square::E5)), 100);
    /// let board: Board = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1".parse()?;
    /// assert_eq!(board.see(Move::new(Square::D3, Square::E5)), -200);
    /// # Ok::<(), bitmove::FenError>(())
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        self.see_with(mv, &SeeValues::DEFAULT)
    }

    /// Whether `self.see(mv) >= threshold`, usually much cheaper than computing the value: the
    /// exchange stops as soon as the answer is known (often before any attacker is
    /// generated). Agrees with [`see`](Board::see) for every move and threshold.
    ///
    /// ```
    /// use bitmove::{Board, Move, Square};
    ///
    /// let board: Board = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1".parse()?;
    /// let nxe5 = Move::new(Square::D3, Square::E5);
    /// assert!(board.see_ge(nxe5, -200));
    /// assert!(!board.see_ge(nxe5, 0)); // a losing capture: prune it in quiescence
    /// # Ok::<(), bitmove::FenError>(())
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_ge_with(mv, threshold, &SeeValues::DEFAULT)
    }

    /// [`see`](Board::see) with the caller's piece values. The balance is computed in 64 bits
    /// and saturated to the `i32` range.
    ///
    /// ```
    /// use bitmove::{Board, Move, SeeValues, Square};
    ///
    /// let values = SeeValues { queen: 1000, ..SeeValues::DEFAULT };
    /// let board: Board = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1".parse()?;
    /// let promote = board.parse_uci("e7d8q")?; // takes the rook, becomes a queen
    /// assert_eq!(board.see_with(promote, &values), 500 + 1000 - 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn see_with(&self, mv: Move, values: &SeeValues) -> i32 {
        let Some((mut exchange, first)) = Exchange::start(self, mv, values) else {
            return 0;
        };
        // Each capture removes a piece from the board: at most 64 follow the move.
        let mut gains = [0i64; 65];
        gains[0] = first;
        let mut len = 1;
        while len < gains.len() {
            let Some(gain) = exchange.next() else { break };
            gains[len] = gain;
            len += 1;
        }
        // Backwards: each capturer nets its gain minus what the reply nets, if replying pays.
        let mut net = 0;
        for &gain in gains[..len].iter().rev() {
            net = gain - net.max(0);
        }
        saturate(net)
    }

    /// [`see_ge`](Board::see_ge) with the caller's piece values: whether
    /// `self.see_with(mv, values) >= threshold`.
    ///
    /// ```
    /// use bitmove::{Board, Move, SeeValues, Square};
    ///
    /// let values = SeeValues { bishop: 350, ..SeeValues::DEFAULT };
    /// let board: Board = "4k3/8/5n2/8/3B4/8/8/4K3 w - - 0 1".parse()?;
    /// assert!(board.see_ge_with(Move::new(Square::D4, Square::F6), 300, &values));
    /// assert!(!board.see_ge_with(Move::new(Square::D4, Square::F6), 301, &values));
    /// # Ok::<(), bitmove::FenError>(())
    /// ```
    pub fn see_ge_with(&self, mv: Move, threshold: i32, values: &SeeValues) -> bool {
        if threshold == i32::MIN {
            return true; // every value, saturated, is at least i32::MIN
        }
        let Some((mut exchange, first)) = Exchange::start(self, mv, values) else {
            return 0 >= threshold;
        };
        let threshold = i64::from(threshold);
        // Forward: after each capture the side to capture next decides. If stopping here
        // already wins it the question (for us: balance >= threshold; for them: below), it
        // stops and that is the answer; otherwise it must go on, and with no capture left the
        // answer is the balance as it stands.
        let mut balance = first;
        let mut we_decide = false;
        loop {
            let stop_is_ours = balance >= threshold;
            if stop_is_ours == we_decide {
                return stop_is_ours;
            }
            // Bounds before looking for a capturer: if even the best next capture cannot turn
            // the answer for the side making it, the other side stops after it and wins.
            let best = exchange.next_gain_bound();
            if we_decide && balance + best < threshold {
                return false;
            }
            if !we_decide && balance - best >= threshold {
                return true;
            }
            let Some(gain) = exchange.next() else {
                return stop_is_ours;
            };
            balance += if we_decide { gain } else { -gain };
            we_decide = !we_decide;
        }
    }
}
