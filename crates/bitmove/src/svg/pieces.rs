//! The piece artwork: twelve pictures drawn for bitmove (simple shapes in a 45 x 45 box, the
//! size of one square), under the crate's licence, MIT OR Apache-2.0. A white piece is white
//! with black outlines and details, a black piece black with white details.

use crate::{Color, Piece};

/// One piece's shapes: the body (filled in the piece's colour) and the detail lines (drawn in
/// the other colour, with no fill).
struct Artwork {
    body: &'static str,
    details: &'static str,
}

const PAWN: Artwork = Artwork {
    body: "M22.5 8.5a4.5 4.5 0 0 0-2.6 8.2c-2 1.2-3.4 3.4-3.4 5.8 0 1.9.8 3.6 2.1 4.7-3.3 1.7-6.9 5.8-7.1 12.3h22c-.2-6.5-3.8-10.6-7.1-12.3 1.3-1.1 2.1-2.8 2.1-4.7 0-2.4-1.4-4.6-3.4-5.8a4.5 4.5 0 0 0-2.6-8.2z",
    details: "",
};

const KNIGHT: Artwork = Artwork {
    body: "M14 39.5c-.5-6 2.5-9.5 6-12.5 2-1.7 2.5-3.5 2-5.5-2 2-5 2.6-7.5 4.2-1.6 1-2.6 2.8-4.5 2.3-2-.6-3.2-2.4-2.6-4.5C9 18 12 14 15 11.5l-.5-4.5 3.5 2.5 2-3.5 2.5 3.5c7 .5 12.5 6 13.5 14 .8 6 .5 11 .5 16z",
    details: "M15.5 14.5h.01M24 12.5c5 1.5 8.5 6 9 12.5M11 23.5l1.5-.5",
};

const BISHOP: Artwork = Artwork {
    body: "M22.5 5a2.6 2.6 0 1 0 .01 0zM22.5 10.5c-5.5 3.5-8.5 9-6.5 16.5h13c2-7.5-1-13-6.5-16.5zM15 27.5h15l1 4H14zM12 35.5h21v4H12z",
    details: "M22.5 15.5v6.5M19.25 18.75h6.5M16 31h13",
};

const ROOK: Artwork = Artwork {
    body: "M10 39.5h25v-3.5H10zM12.5 36v-3.5l2.5-2.5h15l2.5 2.5V36zM15 30V17h15v13zM12 17l-1.5-2.5V8h4.5v3h4.75V8h5.5v3h4.75V8h4.5v6.5L33 17z",
    details: "M12.5 34h20M15 17h15M11 14.5h23",
};

const QUEEN: Artwork = Artwork {
    body: "M7.5 12.1a2.4 2.4 0 1 0 .01 0zM14.5 7.6a2.4 2.4 0 1 0 .01 0zM22.5 5.1a2.4 2.4 0 1 0 .01 0zM30.5 7.6a2.4 2.4 0 1 0 .01 0zM37.5 12.1a2.4 2.4 0 1 0 .01 0zM10 33L7.5 14.5 15 21l-.5-11 5 10.5 3-13 3 13 5-10.5-.5 11 7.5-6.5L35 33zM10 33h25l-1.5 3.5 1.5 3c-7 1.5-18 1.5-25 0l1.5-3z",
    details: "M11.5 36.5h22",
};

const KING: Artwork = Artwork {
    body: "M22.5 4v8M19 7.5h7M22.5 12.5c-2.5 0-4 2-4 4.5v2C14.5 16 8.5 17 8.5 23c0 5 4.5 8 4.5 8l-.5 5h20l-.5-5s4.5-3 4.5-8c0-6-6-7-10 -4v-2c0-2.5-1.5-4.5-4-4.5zM12 36h21v3.5H12z",
    details: "M18.5 19l4 4 4-4",
};

/// The `id` of a piece's picture, as python-chess names it (`white-king`); also its `class`
/// with a space for the dash.
pub(crate) fn id(color: Color, piece: Piece) -> (&'static str, &'static str) {
    let color = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    let piece = match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    };
    (color, piece)
}

/// The piece's `<g id="white-king" class="white king">` element, its shapes inside.
pub(crate) fn group(out: &mut String, color: Color, piece: Piece) {
    let art = match piece {
        Piece::Pawn => &PAWN,
        Piece::Knight => &KNIGHT,
        Piece::Bishop => &BISHOP,
        Piece::Rook => &ROOK,
        Piece::Queen => &QUEEN,
        Piece::King => &KING,
    };
    let (fill, detail) = match color {
        Color::White => ("#fff", "#000"),
        Color::Black => ("#000", "#fff"),
    };
    let (color_name, piece_name) = id(color, piece);
    out.push_str(&format!(
        "<g id=\"{color_name}-{piece_name}\" class=\"{color_name} {piece_name}\" fill=\"{fill}\" \
         stroke=\"#000\" stroke-width=\"1.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\
         <path d=\"{}\" />",
        art.body
    ));
    if !art.details.is_empty() {
        out.push_str(&format!(
            "<path d=\"{}\" fill=\"none\" stroke=\"{detail}\" />",
            art.details
        ));
    }
    out.push_str("</g>");
}
