//! A move as one line of text for JavaScript, everything chess.js puts in a verbose move:
//! `{color}{piece}{captured}{promotion}{kind} {from} {to} {san} {lan} {fen after}`, where
//! captured and promotion are `-` when none, and kind is `n` (normal), `b` (pawn double
//! step), `e` (en passant), `k` (short castling) or `q` (long castling). For castling `to`
//! is the king's destination (chess.js's convention); `lan` is UCI as the board writes it.
//! The variants' records (`variant.rs`) add the kind `d`, a crazyhouse drop, whose `from` is its
//! `to`.

use bitmove::{Board, Color, Move, Piece, Square};

/// Appends the record of `mv` (legal on `board`) and a newline to `out`.
pub fn push_record(out: &mut String, board: &Board, mv: Move) {
    let (piece, captured, kind, to) = describe(board, mv);
    let mut after = board.clone();
    after.play_unchecked(mv);
    out.push(if board.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    out.push(piece.to_char());
    out.push(captured.map_or('-', Piece::to_char));
    out.push(mv.promotion.map_or('-', Piece::to_char));
    out.push(kind);
    out.push_str(&format!(
        " {} {to} {} {} {}\n",
        mv.from,
        board.san(mv),
        board.uci(mv),
        crate::fen_of(&after)
    ));
}

/// What a record says of a board move legal on `board`: the piece moved, the piece captured,
/// the kind (`n`, `b`, `e`, `k` or `q`) and the `to` square (the king's destination for
/// castling). The variants' records (`variant.rs`) describe their board moves alike.
pub fn describe(board: &Board, mv: Move) -> (Piece, Option<Piece>, char, Square) {
    let us = board.side_to_move();
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let castling = piece == Piece::King && board.color_on(mv.to) == Some(us);
    let en_passant = piece == Piece::Pawn && Some(mv.to) == board.en_passant();
    let double = piece == Piece::Pawn && mv.from.rank().index().abs_diff(mv.to.rank().index()) == 2;
    let captured = if en_passant {
        Some(Piece::Pawn)
    } else if castling {
        None
    } else {
        board.piece_on(mv.to)
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

/// The legal moves of `board` (those from `square` only, when given) as records.
pub fn records(board: &Board, square: Option<Square>) -> String {
    let mut out = String::new();
    for &mv in board.legal_moves().iter() {
        if square.is_none_or(|s| s == mv.from) {
            push_record(&mut out, board, mv);
        }
    }
    out
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
