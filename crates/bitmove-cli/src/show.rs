//! `bitmove show`: a position drawn for a person, with what matters for move generation
//! marked: checking pieces in (parentheses), pinned pieces in [brackets], and the legal moves
//! in SAN. Squares are coloured only on a terminal, and never when `NO_COLOR` is set or
//! `TERM` is `dumb`.

use std::io::IsTerminal;

use bitmove::variant::VariantPosition;
use bitmove::{Bitboard, Board, CastlingSide, Color, File, Piece, Rank, Square, Status};

use crate::Failure;
use crate::cli::ShowArgs;

/// How the board is drawn.
#[derive(Clone, Copy)]
struct Style {
    ascii: bool,
    color: bool,
}

/// ANSI 256-colour backgrounds.
const LIGHT: u8 = 180;
const DARK: u8 = 137;
const CHECKER: u8 = 160;
const PINNED: u8 = 68;

pub(crate) fn run(args: &ShowArgs) -> Result<u8, Failure> {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    let style = Style {
        ascii: args.ascii,
        color: std::io::stdout().is_terminal() && !no_color,
    };
    if let Some(variant) = args
        .variant
        .filter(|&v| v != bitmove::variant::Variant::Chess)
    {
        let pos = crate::variant::position(
            variant,
            args.fen.as_deref(),
            args.moves.iter().map(String::as_str),
        )?;
        let board = pos.board();
        if let Some(path) = &args.svg {
            return picture(args, board, path);
        }
        // The board's own checkers and pins follow standard chess: marked only where the
        // variant's checks are standard chess's.
        let (checkers, pinned) = match variant {
            bitmove::variant::Variant::Crazyhouse
            | bitmove::variant::Variant::ThreeCheck
            | bitmove::variant::Variant::KingOfTheHill => (board.checkers(), board.pinned()),
            _ => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        crate::print(format!(
            "{}\n{}",
            draw(board, checkers, pinned, style),
            describe_variant(&pos)
        ))?;
        return Ok(0);
    }
    let board = crate::position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        args.chess960,
    )?;
    if let Some(path) = &args.svg {
        return picture(args, &board, path);
    }
    let (checkers, pinned) = (board.checkers(), board.pinned());
    crate::print(format!(
        "{}\n{}",
        draw(&board, checkers, pinned, style),
        describe(&board)
    ))?;
    Ok(0)
}

/// `--svg FILE`: the board as a picture (`bitmove::svg`), the last move highlighted and a king
/// in check marked, written to the file or, for `-`, to standard output.
fn picture(args: &ShowArgs, board: &Board, path: &std::path::Path) -> Result<u8, Failure> {
    let lastmove = args.moves.last().and_then(|uci| {
        let from = uci.get(0..2)?.parse::<Square>().ok()?;
        let to = uci.get(2..4)?.parse::<Square>().ok()?;
        Some((from, to))
    });
    let options = bitmove::svg::Options {
        orientation: if args.flip {
            Color::Black
        } else {
            Color::White
        },
        lastmove,
        check: (!board.checkers().is_empty()).then(|| board.king(board.side_to_move())),
        size: args.size,
        ..bitmove::svg::Options::default()
    };
    let mut text = bitmove::svg::board(Some(&bitmove::svg::Placement::from(board)), &options);
    text.push('\n');
    if path.as_os_str() == "-" {
        crate::print(text)?;
    } else {
        std::fs::write(path, text)
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(0)
}

/// The board, White at the bottom, with rank and file labels.
fn draw(board: &Board, checkers: Bitboard, pinned: Bitboard, style: Style) -> String {
    let mut text = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        text.push_str(&format!("{rank} "));
        for file in File::ALL {
            let square = Square::new(file, rank);
            let glyph = match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => glyph(piece, color, style),
                // Coloured squares need no dot to be seen.
                _ if style.color => ' ',
                _ if style.ascii => '.',
                _ => '·',
            };
            let (open, close) = if checkers.has(square) {
                ('(', ')')
            } else if pinned.has(square) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            if style.color {
                let background = if checkers.has(square) {
                    CHECKER
                } else if pinned.has(square) {
                    PINNED
                } else if (file.index() + rank.index()) % 2 == 1 {
                    LIGHT
                } else {
                    DARK
                };
                let foreground = match board.color_on(square) {
                    Some(Color::White) => "97",
                    _ => "30",
                };
                text.push_str(&format!(
                    "\x1b[48;5;{background};{foreground}m{open}{glyph}{close}\x1b[0m"
                ));
            } else {
                text.push(open);
                text.push(glyph);
                text.push(close);
            }
        }
        text.push('\n');
    }
    text.push_str("  ");
    for file in File::ALL {
        text.push_str(&format!(" {file} "));
    }
    text.push('\n');
    text
}

fn glyph(piece: Piece, color: Color, style: Style) -> char {
    if style.ascii {
        return piece.to_char_colored(color);
    }
    // With colour the solid shapes read best for both sides; without, White is drawn hollow.
    let index = piece.index();
    if color == Color::White && !style.color {
        ['♙', '♘', '♗', '♖', '♕', '♔'][index]
    } else {
        ['♟', '♞', '♝', '♜', '♛', '♚'][index]
    }
}

/// The facts under the board: one `name: value` line each, then the legal moves in SAN.
fn describe(board: &Board) -> String {
    let side = board.side_to_move();
    let mut lines = vec![
        ("fen", board.to_string()),
        ("side to move", side.to_string()),
        ("castling", castling(board)),
        (
            "en passant",
            board
                .en_passant()
                .map_or("-".to_string(), |sq| sq.to_string()),
        ),
        ("checkers", pieces(board, board.checkers())),
        ("pinned", pieces(board, board.pinned())),
    ];
    let moves = board.legal_moves();
    let status = match board.status() {
        Status::Checkmate => format!("checkmate: {} wins", !side),
        Status::Stalemate => "stalemate: draw".to_string(),
        Status::Ongoing => {
            let mut s = format!("{} legal move{}", moves.len(), plural(moves.len()));
            if board.is_insufficient_material() {
                s.push_str("; insufficient material: draw");
            } else if board.is_fifty_move_draw() {
                s.push_str("; fifty-move rule: a draw can be claimed");
            }
            s
        }
    };
    lines.push(("status", status));
    let sans = moves.iter().map(|&mv| board.san(mv).to_string()).collect();
    facts(lines, sans)
}

/// The `name: value` lines, then the moves in SAN: castling first, pieces king to knight,
/// pawns, each group sorted, wrapped under their label.
fn facts(mut lines: Vec<(&str, String)>, mut sans: Vec<String>) -> String {
    sans.sort_by(|a, b| san_order(a).cmp(&san_order(b)).then_with(|| a.cmp(b)));
    lines.push(("moves", wrap(&sans, 14, 90)));
    let mut text = String::new();
    for (name, value) in lines {
        text.push_str(&format!("{:<14}{value}\n", format!("{name}:")));
    }
    text
}

/// The facts under a variant board (`bitmove show --variant`): one `name: value` line each,
/// then the legal moves in SAN, sorted as for standard chess and wrapped by `wrap`.
fn describe_variant(pos: &VariantPosition) -> String {
    use bitmove::variant::{Variant, VariantOutcome};

    let side = pos.side_to_move();
    let mut lines = vec![
        ("variant", pos.variant().lichess_name().to_string()),
        ("fen", pos.to_string()),
        ("side to move", side.to_string()),
    ];
    match pos.variant() {
        Variant::Crazyhouse => {
            for color in Color::ALL {
                let pocket = pos.pocket(color);
                let mut text = String::new();
                for piece in [
                    bitmove::Piece::Queen,
                    bitmove::Piece::Rook,
                    bitmove::Piece::Bishop,
                    bitmove::Piece::Knight,
                    bitmove::Piece::Pawn,
                ] {
                    for _ in 0..pocket.count(piece) {
                        text.push(piece.to_char_colored(color));
                    }
                }
                let name = match color {
                    Color::White => "white pocket",
                    Color::Black => "black pocket",
                };
                lines.push((name, if text.is_empty() { "-".into() } else { text }));
            }
        }
        Variant::ThreeCheck => lines.push((
            "checks to win",
            format!(
                "white {}, black {}",
                pos.remaining_checks(Color::White),
                pos.remaining_checks(Color::Black)
            ),
        )),
        _ => {}
    }
    lines.push((
        "check",
        if pos.is_check() { "yes" } else { "no" }.to_string(),
    ));
    let moves = pos.legal_moves();
    let status = match pos.outcome() {
        Some(VariantOutcome::VariantWin { winner }) => {
            format!("{winner} wins by the variant's rule")
        }
        Some(VariantOutcome::VariantDraw) => "draw by the variant's rule".to_string(),
        Some(VariantOutcome::Checkmate { winner }) => format!("checkmate: {winner} wins"),
        Some(VariantOutcome::InsufficientMaterial) => "insufficient material: draw".to_string(),
        Some(VariantOutcome::Stalemate) => "stalemate: draw".to_string(),
        None => format!("{} legal move{}", moves.len(), plural(moves.len())),
    };
    lines.push(("status", status));
    let sans = moves.iter().map(|&mv| pos.san(mv).to_string()).collect();
    facts(lines, sans)
}

/// Castling first, then pieces king to knight, then pawn moves.
fn san_order(san: &str) -> u8 {
    match san.chars().next() {
        Some('O') => 0,
        Some('K') => 1,
        Some('Q') => 2,
        Some('R') => 3,
        Some('B') => 4,
        Some('N') => 5,
        _ => 6,
    }
}

/// The FEN castling field, and what it means in words.
fn castling(board: &Board) -> String {
    let fen = board.to_string();
    let field = fen.split(' ').nth(2).unwrap_or("-").to_string();
    let rights = board.castling_rights();
    let mut words = Vec::new();
    for color in Color::ALL {
        let sides: Vec<&str> = CastlingSide::ALL
            .into_iter()
            .filter(|&side| rights.rook(color, side).is_some())
            .map(|side| match side {
                CastlingSide::Short => "O-O",
                CastlingSide::Long => "O-O-O",
            })
            .collect();
        if !sides.is_empty() {
            words.push(format!("{color} {}", sides.join(" and ")));
        }
    }
    if words.is_empty() {
        field
    } else {
        format!("{field} ({})", words.join(", "))
    }
}

/// `e4 (knight), h5 (queen)`, or `-` for none.
fn pieces(board: &Board, squares: Bitboard) -> String {
    let names: Vec<String> = squares
        .into_iter()
        .map(|sq| match board.piece_on(sq) {
            Some(piece) => format!("{sq} ({piece})"),
            None => sq.to_string(),
        })
        .collect();
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(", ")
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Words joined by spaces, wrapped at `width` columns with continuation lines indented by
/// `indent`.
fn wrap(words: &[String], indent: usize, width: usize) -> String {
    if words.is_empty() {
        return "-".to_string();
    }
    let mut text = String::new();
    let mut column = indent;
    for word in words {
        let len = word.chars().count();
        if column > indent && column + 1 + len > width {
            text.push('\n');
            text.push_str(&" ".repeat(indent));
            column = indent;
        } else if column > indent {
            text.push(' ');
            column += 1;
        }
        text.push_str(word);
        column += len;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_board_marks_checkers_and_pins() {
        // White's knight on d2 is pinned by the bishop on b4; nothing checks.
        let board: Board = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1".parse().unwrap();
        let style = Style {
            ascii: true,
            color: false,
        };
        let text = draw(&board, board.checkers(), board.pinned(), style);
        assert!(text.contains("2  .  .  . [N] .  .  .  . "), "{text}");
        let board: Board = "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1".parse().unwrap();
        let text = draw(&board, board.checkers(), board.pinned(), style);
        assert!(text.contains("4  . (b) ."), "{text}");
        assert!(text.ends_with("   a  b  c  d  e  f  g  h \n"), "{text:?}");
    }

    #[test]
    fn description_lists_moves_in_san() {
        let text = describe(&Board::default());
        assert!(text.contains("side to move: white\n"), "{text}");
        assert!(
            text.contains("castling:     KQkq (white O-O and O-O-O, black O-O and O-O-O)\n"),
            "{text}"
        );
        assert!(text.contains("status:       20 legal moves\n"), "{text}");
        assert!(
            text.contains("moves:        Na3 Nc3 Nf3 Nh3 a3 a4"),
            "{text}"
        );
    }

    #[test]
    fn wraps_long_move_lists() {
        let words: Vec<String> = (0..60).map(|i| format!("m{i}")).collect();
        let text = wrap(&words, 14, 40);
        assert!(text.lines().all(|l| l.chars().count() <= 40 - 14 + 14));
        assert!(text.lines().skip(1).all(|l| l.starts_with(&" ".repeat(14))));
    }
}
