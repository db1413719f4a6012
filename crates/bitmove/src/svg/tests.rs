use super::*;
use crate::Bitboard;

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

#[test]
fn start_position_has_every_piece_once_in_defs_and_32_uses() {
    let picture = board(
        Some(&Placement::from(&Board::default())),
        &Options::default(),
    );
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(picture.ends_with("</svg>"));
    assert!(picture.contains("viewBox=\"0 0 390 390\""));
    assert!(!picture.contains("390\" width="));
    for color in ["white", "black"] {
        for piece in ["pawn", "knight", "bishop", "rook", "queen", "king"] {
            assert_eq!(count(&picture, &format!("id=\"{color}-{piece}\"")), 1);
        }
    }
    assert_eq!(count(&picture, "<use href=\"#"), 32);
    assert_eq!(count(&picture, "class=\"square "), 64);
    // a1 dark, h1 light, at the bottom left and right.
    assert!(picture.contains("<rect x=\"15\" y=\"330\" width=\"45\" height=\"45\" class=\"square dark a1\" stroke=\"none\" fill=\"#d18b47\" />"));
    assert!(picture.contains("class=\"square light h1\""));
    assert!(picture.contains("<pre>r n b q k b n r\np p p p p p p p\n"));
}

#[test]
fn black_at_the_bottom_puts_h8_bottom_left() {
    let options = Options {
        orientation: Color::Black,
        coordinates: false,
        ..Options::default()
    };
    let picture = board(None, &options);
    assert!(
        picture.contains(
            "<rect x=\"0\" y=\"315\" width=\"45\" height=\"45\" class=\"square dark h8\""
        )
    );
    assert!(picture.contains("viewBox=\"0 0 360 360\""));
    assert!(!picture.contains("<desc>"));
}

#[test]
fn lastmove_check_squares_fill_and_arrows() {
    let options = Options {
        lastmove: Some((Square::E2, Square::E4)),
        check: Some(Square::E8),
        squares: Bitboard::from(Square::A1),
        fill: vec![(Square::D4, "#cc0000cc".into())],
        arrows: vec![
            Arrow::new(Square::A1, Square::A1, "red"),
            Arrow::new(Square::E2, Square::E4, "#0000cc"),
        ],
        size: Some(400),
        ..Options::default()
    };
    let picture = board(None, &options);
    assert!(picture.contains("width=\"400\" height=\"400\""));
    assert!(picture.contains("class=\"square light lastmove e4\""));
    assert!(
        picture.contains("class=\"square light lastmove e2\" stroke=\"none\" fill=\"#cdd16a\"")
    );
    assert!(picture.contains("class=\"check\" fill=\"url(#check_gradient)\""));
    assert!(picture.contains("<radialGradient id=\"check_gradient\""));
    assert!(picture.contains("<g id=\"xx\">"));
    assert!(picture.contains("<use href=\"#xx\" xlink:href=\"#xx\" x=\"15\" y=\"330\" />"));
    assert!(picture.contains("fill=\"#cc0000\" opacity=\"0.8\""));
    // python-chess: circle of radius 20.25 at the square's centre, red #882020 at 0x80/255.
    assert!(picture.contains("<circle cx=\"37.5\" cy=\"352.5\" r=\"20.25\" stroke-width=\"4.5\" stroke=\"#882020\" opacity=\"0.5019607843137255\" fill=\"none\" class=\"circle\" />"));
    // e2-e4: a vertical line, the head 0.85 of a square before e4's centre.
    assert!(picture.contains("<line x1=\"217.5\" y1=\"307.5\" x2=\"217.5\" y2=\"255.75\" stroke=\"#0000cc\" stroke-width=\"9.0\" stroke-linecap=\"butt\" class=\"arrow\" />"));
    assert!(picture.contains("<polygon points=\"217.5,222.0 200.625,255.75 234.375,255.75\" fill=\"#0000cc\" class=\"arrow\" />"));
}

#[test]
fn colours_style_and_borders() {
    let options = Options {
        borders: true,
        colors: vec![
            ("square light".into(), "#fff8".into()),
            ("margin".into(), "red".into()),
        ],
        style: Some("rect { stroke: \"x\" } & <".into()),
        ..Options::default()
    };
    let picture = board(None, &options);
    assert!(picture.contains("viewBox=\"0 0 394 394\""));
    assert!(picture.contains("<style>rect { stroke: \"x\" } &amp; &lt;</style>"));
    assert!(picture.contains("<rect x=\"0.5\" y=\"0.5\" width=\"393\" height=\"393\" fill=\"none\" stroke=\"#111\" stroke-width=\"1\" />"));
    assert!(picture.contains("<rect x=\"8.5\" y=\"8.5\" width=\"377\" height=\"377\" fill=\"none\" stroke=\"red\" stroke-width=\"15\" />"));
    assert!(picture.contains("<rect x=\"16.5\" y=\"16.5\" width=\"361\" height=\"361\""));
    assert!(picture.contains(
        "class=\"square light b1\" stroke=\"none\" fill=\"#fff\" opacity=\"0.5333333333333333\""
    ));
}

#[test]
fn piece_picture() {
    let picture = piece(Color::White, Piece::King, Some(45));
    assert!(picture.contains("id=\"white-king\""));
    assert!(picture.contains("viewBox=\"0 0 45 45\" width=\"45\" height=\"45\""));
}

#[test]
fn board_fen_reading() {
    let start = Placement::from(&Board::default());
    assert_eq!(
        Placement::from_board_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        Some(start)
    );
    assert_eq!(
        Placement::from_board_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Some(start)
    );
    assert!(Placement::from_board_fen("8/8/8/8/8/8/8/7Q~[Qq]").is_some());
    for bad in [
        "",
        "8/8",
        "9/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/7",
        "ppppppppp/8/8/8/8/8/8/8",
        "x7/8/8/8/8/8/8/8",
        "80/8/8/8/8/8/8/8",
        "é/8/8/8/8/8/8/8",
    ] {
        assert_eq!(Placement::from_board_fen(bad), None, "{bad}");
    }
}

#[test]
fn hostile_colours_and_text_are_escaped() {
    let options = Options {
        arrows: vec![Arrow::new(Square::A1, Square::H8, "\"/><script>")],
        fill: vec![
            (Square::A1, "#é12".into()),
            (Square::B1, "#12345678é".into()),
        ],
        colors: vec![("coord".into(), "#zzzzzzzz".into())],
        ..Options::default()
    };
    let picture = board(None, &options);
    assert!(!picture.contains("<script>"));
    assert!(picture.contains("&quot;/&gt;&lt;script&gt;"));
    assert!(picture.contains("fill=\"#zzzzzzzz\""));
}
