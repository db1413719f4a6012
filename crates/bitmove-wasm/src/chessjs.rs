//! chess.js 1.4's own rules, where they are chess.js's rather than chess's, for the `Chess`
//! class of the npm package: its FEN check (`validateFen`, with its messages), its Zobrist
//! keys (`hash()` and its repetition count), the order it lists moves in, its reading of move
//! text (strict and permissive) and its insufficient-material rule. Facts taken from chess.js
//! (BSD-2-Clause), written here anew.

use bitmove::{Color, Piece, Setup, Square};

/// JavaScript's `text.split(/\s+/)`: runs of whitespace split, a leading or trailing run
/// gives an empty field.
pub fn js_fields(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_space = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if !in_space {
                out.push(&text[start..i]);
                in_space = true;
            }
        } else if in_space {
            start = i;
            in_space = false;
        }
    }
    out.push(if in_space { "" } else { &text[start..] });
    out
}

/// JavaScript's `parseInt(text, 10)`: leading whitespace, a sign and the digits that follow;
/// `None` for NaN.
pub fn js_parse_int(text: &str) -> Option<f64> {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let end = digits.bytes().take_while(u8::is_ascii_digit).count();
    if end == 0 {
        return None;
    }
    // Summed as an integer, not parsed as a float: the WebAssembly build then links no float
    // parser. Every caller compares with 0 or clamps at 1e9, which saturation keeps exact.
    let value = digits.bytes().take(end).fold(0u64, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    }) as f64;
    Some(if negative { -value } else { value })
}

/// chess.js's `load` pads a FEN of two to five fields with `- - 0 1`'s last ones.
pub fn pad_fen(fen: &str) -> String {
    let fields = js_fields(fen);
    if (2..6).contains(&fields.len()) {
        let extra = ["-", "-", "0", "1"];
        let mut all: Vec<&str> = fields.clone();
        all.extend_from_slice(&extra[extra.len() - (6 - fields.len())..]);
        return all.join(" ");
    }
    fen.to_string()
}

/// chess.js's `validateFen`: `None` when it accepts `fen`, else its message.
pub fn validate_fen(fen: &str) -> Option<&'static str> {
    let tokens = js_fields(fen);
    if tokens.len() != 6 {
        return Some("Invalid FEN: must contain six space-delimited fields");
    }
    if js_parse_int(tokens[5]).is_none_or(|n| n <= 0.0) {
        return Some("Invalid FEN: move number must be a positive integer");
    }
    if js_parse_int(tokens[4]).is_none_or(|n| n < 0.0) {
        return Some("Invalid FEN: half move counter number must be a non-negative integer");
    }
    let ep = tokens[3].as_bytes();
    let ep_ok = ep == b"-"
        || (ep.len() == 2 && (b'a'..=b'h').contains(&ep[0]) && matches!(ep[1], b'3' | b'6'));
    if !ep_ok {
        return Some("Invalid FEN: en-passant square is invalid");
    }
    if tokens[2]
        .chars()
        .any(|c| !matches!(c, 'k' | 'K' | 'q' | 'Q' | '-'))
    {
        return Some("Invalid FEN: castling availability is invalid");
    }
    if !matches!(tokens[1], "w" | "b") {
        return Some("Invalid FEN: side-to-move is invalid");
    }
    let rows: Vec<&str> = tokens[0].split('/').collect();
    if rows.len() != 8 {
        return Some("Invalid FEN: piece data does not contain 8 '/'-delimited rows");
    }
    for row in &rows {
        let mut sum = 0u32;
        let mut previous_was_number = false;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                if previous_was_number {
                    return Some("Invalid FEN: piece data is invalid (consecutive number)");
                }
                sum += n;
                previous_was_number = true;
            } else {
                if !"prnbqkPRNBQK".contains(c) {
                    return Some("Invalid FEN: piece data is invalid (invalid piece)");
                }
                sum += 1;
                previous_was_number = false;
            }
        }
        if sum != 8 {
            return Some("Invalid FEN: piece data is invalid (too many squares in rank)");
        }
    }
    if (ep.get(1) == Some(&b'3') && tokens[1] == "w")
        || (ep.get(1) == Some(&b'6') && tokens[1] == "b")
    {
        return Some("Invalid FEN: illegal en-passant square");
    }
    for (letter, missing, too_many) in [
        (
            'K',
            "Invalid FEN: missing white king",
            "Invalid FEN: too many white kings",
        ),
        (
            'k',
            "Invalid FEN: missing black king",
            "Invalid FEN: too many black kings",
        ),
    ] {
        match tokens[0].matches(letter).count() {
            0 => return Some(missing),
            1 => {}
            _ => return Some(too_many),
        }
    }
    if rows[0]
        .chars()
        .chain(rows[7].chars())
        .any(|c| c == 'p' || c == 'P')
    {
        return Some("Invalid FEN: some pawns are on the edge rows");
    }
    None
}

/// chess.js's Zobrist keys: xoroshiro128** from its seed, drawn in its order (pieces by
/// colour, kind and 0x88 square, then en passant by file, the 16 castling sets, the side).
struct Keys {
    pieces: [[[u64; 128]; 6]; 2],
    en_passant: [u64; 8],
    castling: [u64; 16],
    side: u64,
}

const fn next(state: &mut u128) -> u64 {
    let mut s0 = *state as u64;
    let mut s1 = (*state >> 64) as u64;
    let result = s0.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
    s1 ^= s0;
    s0 = s0.rotate_left(24) ^ s1 ^ (s1 << 16);
    s1 = s1.rotate_left(37);
    *state = ((s1 as u128) << 64) | s0 as u128;
    result
}

const KEYS: Keys = {
    let mut state: u128 = 0xa187eb39cdcaed8f31c4b365b102e01e;
    let mut keys = Keys {
        pieces: [[[0; 128]; 6]; 2],
        en_passant: [0; 8],
        castling: [0; 16],
        side: 0,
    };
    let mut color = 0;
    while color < 2 {
        let mut kind = 0;
        while kind < 6 {
            let mut square = 0;
            while square < 128 {
                keys.pieces[color][kind][square] = next(&mut state);
                square += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    let mut i = 0;
    while i < 8 {
        keys.en_passant[i] = next(&mut state);
        i += 1;
    }
    let mut i = 0;
    while i < 16 {
        keys.castling[i] = next(&mut state);
        i += 1;
    }
    keys.side = next(&mut state);
    keys
};

/// A square's 0x88 index (a8 = 0, h1 = 119), chess.js's board.
pub fn ox88(square: Square) -> usize {
    (7 - square.rank().index()) * 16 + square.file().index()
}

/// chess.js's castling flags of `color`: (king side, queen side), from the rights as rook
/// squares (a rook beyond the king's file is the king side; with no king, the h side).
pub fn castling_flags(setup: &Setup, color: Color) -> (bool, bool) {
    let rank_mask = match color {
        Color::White => 0xffu64,
        Color::Black => 0xff << 56,
    };
    let king_file = setup
        .king(color)
        .filter(|k| bit(*k) & rank_mask != 0)
        .map_or(4, |k| k.file().index());
    let mut flags = (false, false);
    let mut rights = setup.castling_rights.0 & rank_mask;
    while rights != 0 {
        let file = rights.trailing_zeros() as usize % 8;
        rights &= rights - 1;
        if file > king_file {
            flags.0 = true;
        } else {
            flags.1 = true;
        }
    }
    flags
}

fn bit(square: Square) -> u64 {
    1 << square.index()
}

/// chess.js's `hash()` of a position: pieces, the en-passant square as kept, the castling
/// flags, the side to move.
pub fn hash(setup: &Setup) -> u64 {
    let mut hash = 0;
    for (color_index, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for (kind, piece) in Piece::ALL.into_iter().enumerate() {
            let mut set = setup.pieces[piece.index()].0 & setup.colors[color.index()].0;
            while set != 0 {
                let square = Square::index_wrapping(set.trailing_zeros() as usize);
                set &= set - 1;
                hash ^= KEYS.pieces[color_index][kind][ox88(square)];
            }
        }
    }
    if let Some(ep) = setup.ep_square {
        hash ^= KEYS.en_passant[ep.file().index()];
    }
    let (wk, wq) = castling_flags(setup, Color::White);
    let (bk, bq) = castling_flags(setup, Color::Black);
    let index =
        usize::from(wk) | usize::from(wq) << 1 | usize::from(bk) << 2 | usize::from(bq) << 3;
    hash ^= KEYS.castling[index];
    if setup.turn == Color::Black {
        hash ^= KEYS.side;
    }
    hash
}

/// Where chess.js lists a move: by its from-square from a8 to h1, then the direction in its
/// offset tables, the distance and the promotion piece (knight, bishop, rook, queen); castling
/// after every other move, the king side first. `to` is the king's destination for castling.
pub fn order_key(
    turn: Color,
    piece: Piece,
    from: Square,
    to: Square,
    promotion: Option<Piece>,
    castling: Option<bool>,
) -> u32 {
    if let Some(king_side) = castling {
        return (1 << 20) | u32::from(!king_side);
    }
    const PAWN_WHITE: [i32; 4] = [-16, -32, -17, -15];
    const PAWN_BLACK: [i32; 4] = [16, 32, 17, 15];
    const KNIGHT: [i32; 8] = [-18, -33, -31, -14, 18, 33, 31, 14];
    const BISHOP: [i32; 4] = [-17, -15, 17, 15];
    const ROOK: [i32; 4] = [-16, 1, 16, -1];
    const QUEEN: [i32; 8] = [-17, -16, -15, 1, 17, 16, 15, -1];
    let delta = ox88(to) as i32 - ox88(from) as i32;
    let table: &[i32] = match piece {
        Piece::Pawn if turn == Color::White => &PAWN_WHITE,
        Piece::Pawn => &PAWN_BLACK,
        Piece::Knight => &KNIGHT,
        Piece::Bishop => &BISHOP,
        Piece::Rook => &ROOK,
        Piece::Queen | Piece::King => &QUEEN,
    };
    let slides = matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen);
    let (direction, distance) = table
        .iter()
        .enumerate()
        .find_map(|(j, &offset)| {
            if slides {
                let steps = delta / offset;
                (delta % offset == 0 && (1..=7).contains(&steps))
                    .then_some((j as u32, steps as u32))
            } else {
                (delta == offset).then_some((j as u32, 0))
            }
        })
        .unwrap_or((15, 0));
    let promotion = match promotion {
        Some(Piece::Bishop) => 1,
        Some(Piece::Rook) => 2,
        Some(Piece::Queen) => 3,
        _ => 0,
    };
    let from_index = ((7 - from.rank().index()) * 8 + from.file().index()) as u32;
    from_index << 12 | direction << 6 | distance << 3 | promotion
}

/// chess.js's insufficient material: two pieces; three with one bishop or one knight among
/// them; or two pieces besides any number of bishops all on squares of one colour.
pub fn insufficient_material(setup: &Setup) -> bool {
    let all = setup.occupied();
    let count = all.count_ones();
    let bishops = setup.pieces[Piece::Bishop.index()].0;
    let knights = setup.pieces[Piece::Knight.index()].0;
    if count == 2 {
        return true;
    }
    if count == 3 && (bishops.count_ones() == 1 || knights.count_ones() == 1) {
        return true;
    }
    if count == bishops.count_ones() + 2 {
        const DARK: u64 = 0xaa55_aa55_aa55_aa55;
        return bishops & DARK == 0 || bishops & !DARK == 0;
    }
    false
}

/// chess.js's `strippedSan`: the first `=` and the trailing `+`/`#` and `!`/`?` removed.
pub fn stripped_san(text: &str) -> String {
    let without = text.replacen('=', "", 1);
    let bytes = without.as_bytes();
    let cut = (0..=bytes.len())
        .find(|&i| {
            let rest = &bytes[i..];
            let rest = rest
                .strip_prefix(b"+")
                .or_else(|| rest.strip_prefix(b"#"))
                .unwrap_or(rest);
            rest.iter().all(|&b| b == b'!' || b == b'?')
        })
        .unwrap_or(bytes.len());
    without[..cut].to_string()
}

/// chess.js's `inferPieceType`: `None` when any piece may be meant, else the letter (which
/// may name no piece: then no move matches).
pub fn infer_piece(text: &str) -> Option<char> {
    let first = text.chars().next().unwrap_or('\0');
    if first.is_ascii_lowercase() && first <= 'h' {
        let bytes = text.as_bytes();
        // /[a-h]\d.*[a-h]\d/: two squares (a file letter and a digit each) in the text.
        let square_at = |i: usize| {
            matches!(bytes.get(i), Some(b'a'..=b'h'))
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
        };
        if let Some(first_square) = (0..bytes.len()).find(|&i| square_at(i))
            && (first_square + 2..bytes.len()).any(square_at)
        {
            return None;
        }
        return Some('p');
    }
    // JavaScript's toLowerCase on one letter, as far as a piece letter can come of it: the one
    // letter beyond ASCII that lowercases into ASCII letters of pieces is the Kelvin sign (any
    // other stays a letter that names no piece). Not `char::to_lowercase`, whose Unicode
    // tables the WebAssembly build would carry.
    let lower = match first {
        '\u{212A}' => 'k',
        c => c.to_ascii_lowercase(),
    };
    Some(if lower == 'o' { 'k' } else { lower })
}

/// What chess.js's permissive regular expressions capture from a move text: the piece
/// letter, the from part (a square, a file, a rank or nothing), the to-square and the
/// promotion letter.
#[derive(Debug, PartialEq, Eq)]
pub struct Loose<'a> {
    pub piece: Option<char>,
    pub from: &'a str,
    pub to: &'a str,
    pub promotion: Option<char>,
}

type Class = fn(u8) -> bool;

fn is_piece(b: u8) -> bool {
    b"pnbrqkPNBRQK".contains(&b)
}
fn is_file(b: u8) -> bool {
    (b'a'..=b'h').contains(&b)
}
fn is_rank(b: u8) -> bool {
    (b'1'..=b'8').contains(&b)
}
fn is_x(b: u8) -> bool {
    b == b'x'
}
fn is_dash(b: u8) -> bool {
    b == b'-'
}
fn is_promotion(b: u8) -> bool {
    b"qrbnQRBN".contains(&b)
}

/// One element of a pattern: its class, whether it is optional (greedy), its group (0: none).
type Atom = (Class, bool, usize);

/// `([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?`
const SQUARES: [Atom; 8] = [
    (is_piece, true, 1),
    (is_file, false, 2),
    (is_rank, false, 2),
    (is_x, true, 0),
    (is_dash, true, 0),
    (is_file, false, 3),
    (is_rank, false, 3),
    (is_promotion, true, 4),
];

/// `([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?`
const LOOSE: [Atom; 8] = [
    (is_piece, true, 1),
    (is_file, true, 2),
    (is_rank, true, 2),
    (is_x, true, 0),
    (is_dash, true, 0),
    (is_file, false, 3),
    (is_rank, false, 3),
    (is_promotion, true, 4),
];

/// Matches `atoms` at `at` with backtracking (greedy optionals); fills the group spans.
fn match_at(text: &[u8], atoms: &[Atom], at: usize, spans: &mut [(usize, usize); 5]) -> bool {
    let Some(&(class, optional, group)) = atoms.first() else {
        return true;
    };
    let saved = *spans;
    if text.get(at).is_some_and(|&b| class(b)) {
        if spans[group].0 == usize::MAX {
            spans[group].0 = at;
        }
        spans[group].1 = at + 1;
        if match_at(text, &atoms[1..], at + 1, spans) {
            return true;
        }
        *spans = saved;
    }
    if optional {
        if spans[group].0 == usize::MAX {
            spans[group] = (at, at);
        }
        if match_at(text, &atoms[1..], at, spans) {
            return true;
        }
        *spans = saved;
    }
    false
}

fn search<'a>(text: &'a str, atoms: &[Atom]) -> Option<Loose<'a>> {
    let bytes = text.as_bytes();
    for start in 0..=bytes.len() {
        let mut spans = [(usize::MAX, usize::MAX); 5];
        if match_at(bytes, atoms, start, &mut spans) {
            let part = |g: usize| {
                let (a, b) = spans[g];
                if a == usize::MAX { "" } else { &text[a..b] }
            };
            return Some(Loose {
                piece: part(1).chars().next(),
                from: part(2),
                to: part(3),
                promotion: part(4).chars().next(),
            });
        }
    }
    None
}

/// chess.js's permissive reading of a move text: its first regular expression (two
/// squares), else its second (a partial from-square).
pub fn loose(text: &str) -> Option<Loose<'_>> {
    search(text, &SQUARES).or_else(|| search(text, &LOOSE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_checks_and_fields() {
        assert_eq!(js_fields(" a  b "), ["", "a", "b", ""]);
        assert_eq!(js_parse_int(" 12x"), Some(12.0));
        assert_eq!(js_parse_int("x"), None);
        assert_eq!(js_parse_int("-0").map(f64::is_sign_negative), Some(true));
        assert_eq!(js_parse_int("-7"), Some(-7.0));
        for text in ["Nf3", "nf3", "\u{212A}e2", "Oe2", "\u{130}e2", "\u{3a3}e2"] {
            let first = text.chars().next().and_then(|c| c.to_lowercase().next());
            let expected = first.map(|c| if c == 'o' { 'k' } else { c });
            let ours = infer_piece(text);
            // A letter that names no piece may differ (it matches no move either way).
            if expected.is_some_and(|c| "pnbrqk".contains(c))
                || ours.is_some_and(|c| "pnbrqk".contains(c))
            {
                assert_eq!(ours, expected, "{text}");
            }
        }
        assert!(js_parse_int("123456789012345678901234567890").is_some_and(|n| n > 1e9));
        assert_eq!(pad_fen("8/8/8/8/8/8/8/8 w"), "8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            None
        );
        assert_eq!(
            validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"),
            Some("Invalid FEN: illegal en-passant square")
        );
        assert_eq!(
            validate_fen("8/8/8/8/8/8/8/K7 w - - 0 1"),
            Some("Invalid FEN: missing black king")
        );
    }

    #[test]
    fn start_position_hash_is_chess_js_s() {
        // new Chess().hash() in chess.js 1.4.0
        let setup = Setup::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        )
        .unwrap();
        assert_eq!(format!("{:x}", hash(&setup)), START_HASH);
    }
    const START_HASH: &str = "3436f01fd716346e";

    #[test]
    fn loose_reading() {
        let m = loose("Pe2-e4").unwrap();
        assert_eq!(
            (m.piece, m.from, m.to, m.promotion),
            (Some('P'), "e2", "e4", None)
        );
        let m = loose("bxc3").unwrap();
        assert_eq!((m.piece, m.from, m.to), (Some('b'), "", "c3"));
        let m = loose("Nge7").unwrap();
        assert_eq!((m.piece, m.from, m.to), (Some('N'), "g", "e7"));
        let m = loose("e7e8q").unwrap();
        assert_eq!((m.from, m.to, m.promotion), ("e7", "e8", Some('q')));
        assert_eq!(loose("xyz"), None);
        assert_eq!(stripped_san("e8=Q+!?"), "e8Q");
        assert_eq!(stripped_san("e4!+"), "e4!");
        assert_eq!(infer_piece("e2e4"), None);
        assert_eq!(infer_piece("exd5"), Some('p'));
        assert_eq!(infer_piece("O-O"), Some('k'));
    }
}
