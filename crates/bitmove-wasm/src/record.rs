//! A move as one line of text for JavaScript, everything chess.js puts in a verbose move:
//! `{color}{piece}{captured}{promotion}{kind} {from} {to} {san} {lan} {fen after}`, where
//! captured and promotion are `-` when none, and kind is `n` (normal), `b` (pawn double
//! step), `e` (en passant), `k` (short castling) or `q` (long castling). For castling `to`
//! is the king's destination (chess.js's convention); `lan` is UCI as the board writes it.
//! The variants' records (`variant.rs`) add the kind `d`, a crazyhouse drop, whose `from` is its
//! `to`.

use bitmove::{Board, Color, Move, Piece, Square};

/// What a record says of a board move legal on `board`: the piece moved, the piece captured,
/// the kind (`n`, `b`, `e`, `k` or `q`) and the `to` square (the king's destination for
/// castling). The variants' records (`variant.rs`) describe their board moves alike.
#[cfg(feature = "full")]
pub fn describe(board: &Board, mv: Move) -> (Piece, Option<Piece>, char, Square) {
    let at = |s: Square| Some((board.color_on(s)?, board.piece_on(s)?));
    describe_with(board.side_to_move(), at, board.en_passant(), mv)
}

/// [`describe`] for any position: `at` tells what stands on a square, `en_passant` is the
/// square a pawn may take en passant. A king moving onto its own rook castles.
pub fn describe_with(
    us: Color,
    at: impl Fn(Square) -> Option<(Color, Piece)>,
    en_passant: Option<Square>,
    mv: Move,
) -> (Piece, Option<Piece>, char, Square) {
    let piece = at(mv.from).map_or(Piece::Pawn, |(_, p)| p);
    let target = at(mv.to);
    let castling = piece == Piece::King && target.is_some_and(|(c, _)| c == us);
    let en_passant = piece == Piece::Pawn && Some(mv.to) == en_passant && target.is_none();
    let double = piece == Piece::Pawn && mv.from.rank().index().abs_diff(mv.to.rank().index()) == 2;
    let captured = if en_passant {
        Some(Piece::Pawn)
    } else if castling {
        None
    } else {
        target.map(|(_, p)| p)
    };
    let (kind, to) = if castling {
        let short = mv.to.file() > mv.from.file();
        let side = if short {
            bitmove::CastlingSide::Short
        } else {
            bitmove::CastlingSide::Long
        };
        (
            if short { 'k' } else { 'q' },
            Square::new(side.king_to(), mv.from.rank()),
        )
    } else if en_passant {
        ('e', mv.to)
    } else if double {
        ('b', mv.to)
    } else {
        ('n', mv.to)
    };
    (piece, captured, kind, to)
}

/// The legal moves of `board` (those from `square` only, when given) in SAN, one per line.
pub fn sans(board: &Board, square: Option<Square>) -> String {
    let mut out = String::new();
    for &mv in board.legal_moves().iter() {
        if square.is_none_or(|s| s == mv.from) {
            out.push_str(&board.san(mv).to_string());
            out.push('\n');
        }
    }
    out
}

/// The placement as 64 characters, a8 to h1 (chess.js's order): a FEN piece letter or `.`.
#[cfg(feature = "full")]
pub fn placement(board: &Board) -> String {
    (0..64)
        .map(|i| {
            square_from_js(i)
                .and_then(|s| Some(board.piece_on(s)?.to_char_colored(board.color_on(s)?)))
                .unwrap_or('.')
        })
        .collect()
}

/// The square with index `index` (a8 = 0 ... h1 = 63, chess.js's order), or `None` for any
/// other number (64 means "all squares" to the callers).
pub fn square_from_js(index: u32) -> Option<Square> {
    if index >= 64 {
        return None;
    }
    let file = index % 8;
    let rank = 7 - index / 8;
    Square::try_index((rank * 8 + file) as usize)
}
