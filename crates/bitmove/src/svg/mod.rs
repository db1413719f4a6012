//! Board pictures as SVG (feature `std`): [`board`] and [`piece`], with python-chess's
//! options (`chess.svg.board`): orientation, the last move, a check, arrows and circles,
//! filled squares, squares marked with an X, coordinates, borders, colours and a style sheet.
//!
//! One renderer serves every face (the CLI's `show --svg`, Python's `bitmove.svg`, the npm
//! package's `svg()`, the web workbench). The picture has python-chess's structure: the same
//! elements in the same order with the same classes (`square light e4 lastmove`, `check`,
//! `arrow`, `circle`) and geometry (45 units a square, a 15-unit coordinate margin), so that
//! style sheets and tests written for python-chess's pictures work on these. The piece
//! artwork is bitmove's own (drawn for it, in `svg/pieces.rs`), MIT OR Apache-2.0;
//! coordinates are `<text>`.
//!
//! ```
//! use bitmove::Board;
//! use bitmove::svg::{self, Arrow, Options, Placement};
//!
//! let board = Board::default();
//! let options = Options {
//!     arrows: vec![Arrow::new(bitmove::Square::E2, bitmove::Square::E4, "green")],
//!     size: Some(400),
//!     ..Options::default()
//! };
//! let picture = svg::board(Some(&Placement::from(&board)), &options);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("class=\"arrow\""));
//! ```

mod pieces;

use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use crate::{Board, Color, File, Piece, Rank, Square};

/// The side of a square in the picture's units.
pub const SQUARE_SIZE: u32 = 45;

/// The width of the coordinate margin.
const MARGIN: u32 = 15;

/// python-chess's default colours, by its keys (`DEFAULT_COLORS`).
pub const DEFAULT_COLORS: [(&str, &str); 12] = [
    ("square light", "#ffce9e"),
    ("square dark", "#d18b47"),
    ("square dark lastmove", "#aaa23b"),
    ("square light lastmove", "#cdd16a"),
    ("margin", "#212121"),
    ("inner border", "#111"),
    ("outer border", "#111"),
    ("coord", "#e5e5e5"),
    ("arrow green", "#15781B80"),
    ("arrow red", "#88202080"),
    ("arrow yellow", "#e68f00b3"),
    ("arrow blue", "#00308880"),
];

/// The pieces on the 64 squares (index: `Square as usize`, a1 = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement(pub [Option<(Color, Piece)>; 64]);

impl Default for Placement {
    fn default() -> Self {
        Placement([None; 64])
    }
}

impl Placement {
    /// The piece on a square.
    pub fn get(&self, square: Square) -> Option<(Color, Piece)> {
        self.0[square as usize]
    }

    /// Puts a piece on a square (or clears it).
    pub fn set(&mut self, square: Square, piece: Option<(Color, Piece)>) {
        self.0[square as usize] = piece;
    }

    /// Reads the board part of a FEN (`rnbqkbnr/pppppppp/8/...`), as loosely as python-chess's
    /// `BaseBoard` does: any placement of pieces, crazyhouse's `~` marks ignored, a trailing
    /// field (`[...]` pockets) ignored. `None` when it is not eight ranks of eight squares.
    pub fn from_board_fen(fen: &str) -> Option<Placement> {
        let fen = fen.split([' ', '[']).next().unwrap_or("");
        let mut placement = Placement::default();
        let mut rows = 0;
        for (row, text) in fen.split('/').enumerate() {
            if row >= 8 {
                return None;
            }
            rows += 1;
            let rank = Rank::ALL[7 - row];
            let mut file = 0usize;
            for c in text.chars() {
                if c == '~' {
                    continue;
                }
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return None;
                    }
                    file += d as usize;
                } else {
                    let piece = Piece::from_char(c.to_ascii_lowercase())?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if file >= 8 {
                        return None;
                    }
                    placement.set(Square::new(File::ALL[file], rank), Some((color, piece)));
                    file += 1;
                }
                if file > 8 {
                    return None;
                }
            }
            if file != 8 {
                return None;
            }
        }
        (rows == 8).then_some(placement)
    }

    /// The board as python-chess's `str(board)` writes it: ranks 8 to 1, `.` for an empty
    /// square, the pieces' letters, separated by spaces.
    pub fn ascii(&self) -> String {
        let mut text = String::new();
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                if file != File::A {
                    text.push(' ');
                }
                text.push(match self.get(Square::new(file, rank)) {
                    Some((color, piece)) => piece.to_char_colored(color),
                    None => '.',
                });
            }
            if rank != Rank::First {
                text.push('\n');
            }
        }
        text
    }
}

impl From<&Board> for Placement {
    fn from(board: &Board) -> Self {
        let mut placement = Placement::default();
        for square in Square::ALL {
            if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
                placement.set(square, Some((color, piece)));
            }
        }
        placement
    }
}

/// An arrow from `tail` to `head` (a circle when they are the same square), in a named colour
/// (`green`, `red`, `yellow`, `blue`: the `arrow <name>` colours) or any SVG colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The square the arrow starts on.
    pub tail: Square,
    /// The square it points to.
    pub head: Square,
    /// Its colour: a name looked up as `arrow <name>` in the colours, else used as it is.
    pub color: String,
}

impl Arrow {
    /// An arrow in a colour.
    pub fn new(tail: Square, head: Square, color: &str) -> Arrow {
        Arrow {
            tail,
            head,
            color: color.to_string(),
        }
    }
}

/// What to draw besides the pieces: python-chess's options of `chess.svg.board`.
#[derive(Clone, Debug)]
pub struct Options {
    /// The side at the bottom.
    pub orientation: Color,
    /// The last move's two squares, highlighted (`square light lastmove` colours, class
    /// `lastmove`).
    pub lastmove: Option<(Square, Square)>,
    /// A square marked as in check (a red radial gradient, class `check`).
    pub check: Option<Square>,
    /// Arrows and circles, drawn last, in this order.
    pub arrows: Vec<Arrow>,
    /// Squares filled with a colour (`#rrggbbaa` and `#rgba` give an opacity); a later entry
    /// for the same square wins.
    pub fill: Vec<(Square, String)>,
    /// Squares marked with an X.
    pub squares: crate::Bitboard,
    /// `width` and `height` of the picture, or none (it scales to its container).
    pub size: Option<u32>,
    /// The coordinate margin with the files' and ranks' names.
    pub coordinates: bool,
    /// Colours by python-chess's keys (see [`DEFAULT_COLORS`]), overriding the defaults.
    pub colors: Vec<(String, String)>,
    /// A border around the board and, with coordinates, around the margin.
    pub borders: bool,
    /// A CSS style sheet put into the picture.
    pub style: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            orientation: Color::White,
            lastmove: None,
            check: None,
            arrows: Vec::new(),
            fill: Vec::new(),
            squares: crate::Bitboard::EMPTY,
            size: None,
            coordinates: true,
            colors: Vec::new(),
            borders: false,
            style: None,
        }
    }
}

impl Options {
    /// The colour for a key: the caller's, else the default, else none.
    fn lookup(&self, key: &str) -> Option<&str> {
        self.colors
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .or_else(|| {
                DEFAULT_COLORS
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| *v)
            })
    }

    /// The colour and opacity for a key that has a default.
    fn select(&self, key: &str) -> (String, f64) {
        split_color(self.lookup(key).unwrap_or("#000"))
    }
}

/// Splits `#rrggbbaa` and `#rgba` into the colour and an opacity, as python-chess does; any
/// other colour is opaque.
fn split_color(color: &str) -> (String, f64) {
    let cut = match color.len() {
        5 => Some((4, 15.0)),
        9 => Some((7, 255.0)),
        _ => None,
    };
    if color.starts_with('#')
        && color.is_ascii()
        && color[1..].bytes().all(|b| b.is_ascii_hexdigit())
        && let Some((cut, max)) = cut
        && let Ok(alpha) = u32::from_str_radix(&color[cut..], 16)
    {
        return (color[..cut].to_string(), f64::from(alpha) / max);
    }
    (color.to_string(), 1.0)
}

/// A number as Python's `str(float)` writes it for the values of a picture (`22.5`, `9.0`),
/// so that the picture reads like python-chess's.
fn num(x: f64) -> String {
    if x.is_finite() && x == x.trunc() && x.abs() < 1e16 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// Escapes text for an attribute value or element content.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("&#10;"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes element content (newlines kept).
fn escape_text(text: &str) -> String {
    escape(text).replace("&#10;", "\n").replace("&quot;", "\"")
}

/// Writes one empty element; attributes with `None` values are left out.
fn element(out: &mut String, tag: &str, attrs: &[(&str, Option<String>)]) {
    out.push('<');
    out.push_str(tag);
    for (name, value) in attrs {
        if let Some(value) = value {
            out.push_str(&format!(" {name}=\"{}\"", escape(value)));
        }
    }
    out.push_str(" />");
}

/// The opacity attribute: left out when opaque.
fn opacity(value: f64) -> Option<String> {
    (value < 1.0).then(|| format!("{value}"))
}

fn open_svg(out: &mut String, viewbox: u32, size: Option<u32>) {
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         viewBox=\"0 0 {viewbox} {viewbox}\""
    ));
    if let Some(size) = size {
        out.push_str(&format!(" width=\"{size}\" height=\"{size}\""));
    }
    out.push('>');
}

/// One piece as a picture of one square (python-chess's `chess.svg.piece`).
pub fn piece(color: Color, piece: Piece, size: Option<u32>) -> String {
    let mut out = String::new();
    open_svg(&mut out, SQUARE_SIZE, size);
    pieces::group(&mut out, color, piece);
    out.push_str("</svg>");
    out
}

/// The X that marks a square.
const XX: &str = "<g id=\"xx\"><path d=\"M10 13.5l3.5-3.5 9 9 9-9 3.5 3.5-9 9 9 9-3.5 3.5-9-9-9 9-3.5-3.5 9-9z\" fill=\"#000\" stroke=\"#fff\" stroke-width=\"1.5\" stroke-linejoin=\"round\" /></g>";

/// The check mark's red glow.
const CHECK_GRADIENT: &str = "<radialGradient id=\"check_gradient\" r=\"0.5\"><stop offset=\"0%\" stop-color=\"#ff0000\" stop-opacity=\"1.0\" /><stop offset=\"50%\" stop-color=\"#e70000\" stop-opacity=\"1.0\" /><stop offset=\"100%\" stop-color=\"#9e0000\" stop-opacity=\"0.0\" /></radialGradient>";

/// A board as a picture (python-chess's `chess.svg.board`): the pieces of `placement` (none
/// for an empty board) and what `options` asks for.
pub fn board(placement: Option<&Placement>, options: &Options) -> String {
    let white_bottom = options.orientation == Color::White;
    let inner_border = u32::from(options.borders && options.coordinates);
    let outer_border = u32::from(options.borders);
    let margin = if options.coordinates { MARGIN } else { 0 };
    let offset = inner_border + margin + outer_border;
    let full = 2 * outer_border + 2 * margin + 2 * inner_border + 8 * SQUARE_SIZE;
    // Where a square's top-left corner is.
    let corner = |square: Square| -> (u32, u32) {
        let (file, rank) = (square.file() as u32, square.rank() as u32);
        let x = if white_bottom { file } else { 7 - file };
        let y = if white_bottom { 7 - rank } else { rank };
        (x * SQUARE_SIZE + offset, y * SQUARE_SIZE + offset)
    };

    let mut out = String::new();
    open_svg(&mut out, full, options.size);
    if let Some(style) = options.style.as_deref().filter(|s| !s.is_empty()) {
        out.push_str(&format!("<style>{}</style>", escape_text(style)));
    }
    if let Some(placement) = placement {
        out.push_str(&format!(
            "<desc><pre>{}</pre></desc>",
            escape_text(&placement.ascii())
        ));
    }

    out.push_str("<defs>");
    if let Some(placement) = placement {
        for color in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                if placement.0.contains(&Some((color, piece))) {
                    pieces::group(&mut out, color, piece);
                }
            }
        }
    }
    if !options.squares.is_empty() {
        out.push_str(XX);
    }
    if options.check.is_some() {
        out.push_str(CHECK_GRADIENT);
    }
    out.push_str("</defs>");

    let frame = |out: &mut String, key: &str, x: f64, width: u32, stroke: u32| {
        let (color, alpha) = options.select(key);
        element(
            out,
            "rect",
            &[
                ("x", Some(num(x))),
                ("y", Some(num(x))),
                ("width", Some(width.to_string())),
                ("height", Some(width.to_string())),
                ("fill", Some("none".into())),
                ("stroke", Some(color)),
                ("stroke-width", Some(stroke.to_string())),
                ("opacity", opacity(alpha)),
            ],
        );
    };
    if outer_border > 0 {
        frame(
            &mut out,
            "outer border",
            f64::from(outer_border) / 2.0,
            full - outer_border,
            outer_border,
        );
    }
    if margin > 0 {
        frame(
            &mut out,
            "margin",
            f64::from(outer_border) + f64::from(margin) / 2.0,
            full - 2 * outer_border - margin,
            margin,
        );
    }
    if inner_border > 0 {
        frame(
            &mut out,
            "inner border",
            f64::from(outer_border + margin) + f64::from(inner_border) / 2.0,
            full - 2 * outer_border - 2 * margin - inner_border,
            inner_border,
        );
    }

    if options.coordinates {
        let (color, alpha) = options.select("coord");
        let label = |out: &mut String, text: char, x: u32, y: u32, horizontal: bool| {
            // A 45 x 15 box under or over a file, a 15 x 45 box beside a rank.
            let (cx, cy) = if horizontal {
                (f64::from(SQUARE_SIZE) / 2.0, f64::from(margin) / 2.0)
            } else {
                (f64::from(margin) / 2.0, f64::from(SQUARE_SIZE) / 2.0)
            };
            out.push_str(&format!(
                "<g transform=\"translate({x}, {y})\" fill=\"{}\" stroke=\"{}\"",
                escape(&color),
                escape(&color)
            ));
            if let Some(alpha) = opacity(alpha) {
                out.push_str(&format!(" opacity=\"{alpha}\""));
            }
            out.push_str(&format!(
                "><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" \
                 font-family=\"sans-serif\" font-size=\"11\" stroke=\"none\">{text}</text></g>",
                num(cx),
                num(cy)
            ));
        };
        for file in File::ALL {
            let index = file as u32;
            let x = (if white_bottom { index } else { 7 - index }) * SQUARE_SIZE + offset;
            let name = file.to_char();
            label(&mut out, name, x, outer_border, true);
            label(&mut out, name, x, full - outer_border - margin, true);
        }
        for rank in Rank::ALL {
            let index = rank as u32;
            let y = (if white_bottom { 7 - index } else { index }) * SQUARE_SIZE + offset;
            let name = rank.to_char();
            label(&mut out, name, outer_border, y, false);
            label(&mut out, name, full - outer_border - margin, y, false);
        }
    }

    for square in Square::ALL {
        let (x, y) = corner(square);
        let light = (square.file() as u32 + square.rank() as u32) % 2 == 1;
        let mut class = String::from(if light { "square light" } else { "square dark" });
        if options
            .lastmove
            .is_some_and(|(from, to)| square == from || square == to)
        {
            class.push_str(" lastmove");
        }
        let (color, alpha) = options.select(&class);
        class.push(' ');
        class.push_str(&square.to_string());
        element(
            &mut out,
            "rect",
            &[
                ("x", Some(x.to_string())),
                ("y", Some(y.to_string())),
                ("width", Some(SQUARE_SIZE.to_string())),
                ("height", Some(SQUARE_SIZE.to_string())),
                ("class", Some(class)),
                ("stroke", Some("none".into())),
                ("fill", Some(color)),
                ("opacity", opacity(alpha)),
            ],
        );
        if let Some((_, fill)) = options.fill.iter().rev().find(|(s, _)| *s == square) {
            let (color, alpha) = split_color(fill);
            element(
                &mut out,
                "rect",
                &[
                    ("x", Some(x.to_string())),
                    ("y", Some(y.to_string())),
                    ("width", Some(SQUARE_SIZE.to_string())),
                    ("height", Some(SQUARE_SIZE.to_string())),
                    ("stroke", Some("none".into())),
                    ("fill", Some(color)),
                    ("opacity", opacity(alpha)),
                ],
            );
        }
    }

    if let Some(check) = options.check {
        let (x, y) = corner(check);
        element(
            &mut out,
            "rect",
            &[
                ("x", Some(x.to_string())),
                ("y", Some(y.to_string())),
                ("width", Some(SQUARE_SIZE.to_string())),
                ("height", Some(SQUARE_SIZE.to_string())),
                ("class", Some("check".into())),
                ("fill", Some("url(#check_gradient)".into())),
            ],
        );
    }

    for square in Square::ALL {
        let (x, y) = corner(square);
        if let Some((color, piece)) = placement.and_then(|p| p.get(square)) {
            let (color_name, piece_name) = pieces::id(color, piece);
            let href = format!("#{color_name}-{piece_name}");
            element(
                &mut out,
                "use",
                &[
                    ("href", Some(href.clone())),
                    ("xlink:href", Some(href)),
                    ("transform", Some(format!("translate({x}, {y})"))),
                ],
            );
        }
        if options.squares.has(square) {
            element(
                &mut out,
                "use",
                &[
                    ("href", Some("#xx".into())),
                    ("xlink:href", Some("#xx".into())),
                    ("x", Some(x.to_string())),
                    ("y", Some(y.to_string())),
                ],
            );
        }
    }

    let size = f64::from(SQUARE_SIZE);
    let center = |square: Square| -> (f64, f64) {
        let (file, rank) = (
            f64::from(square.file() as u8),
            f64::from(square.rank() as u8),
        );
        let x = if white_bottom { file + 0.5 } else { 7.5 - file };
        let y = if white_bottom { 7.5 - rank } else { rank + 0.5 };
        (f64::from(offset) + x * size, f64::from(offset) + y * size)
    };
    for arrow in &options.arrows {
        let key = format!("arrow {}", arrow.color);
        let (color, alpha) = match options.lookup(&key) {
            Some(c) => split_color(c),
            None => (arrow.color.clone(), 1.0),
        };
        let (xtail, ytail) = center(arrow.tail);
        let (xhead, yhead) = center(arrow.head);
        if arrow.tail == arrow.head {
            element(
                &mut out,
                "circle",
                &[
                    ("cx", Some(num(xhead))),
                    ("cy", Some(num(yhead))),
                    ("r", Some(num(size * 0.9 / 2.0))),
                    ("stroke-width", Some(num(size * 0.1))),
                    ("stroke", Some(color)),
                    ("opacity", opacity(alpha)),
                    ("fill", Some("none".into())),
                    ("class", Some("circle".into())),
                ],
            );
            continue;
        }
        let marker_size = 0.75 * size;
        let marker_margin = 0.1 * size;
        let (dx, dy) = (xhead - xtail, yhead - ytail);
        let hypot = dx.hypot(dy);
        let shaft_x = xhead - dx * (marker_size + marker_margin) / hypot;
        let shaft_y = yhead - dy * (marker_size + marker_margin) / hypot;
        let xtip = xhead - dx * marker_margin / hypot;
        let ytip = yhead - dy * marker_margin / hypot;
        element(
            &mut out,
            "line",
            &[
                ("x1", Some(num(xtail))),
                ("y1", Some(num(ytail))),
                ("x2", Some(num(shaft_x))),
                ("y2", Some(num(shaft_y))),
                ("stroke", Some(color.clone())),
                ("opacity", opacity(alpha)),
                ("stroke-width", Some(num(size * 0.2))),
                ("stroke-linecap", Some("butt".into())),
                ("class", Some("arrow".into())),
            ],
        );
        let points = [
            (xtip, ytip),
            (
                shaft_x + dy * 0.5 * marker_size / hypot,
                shaft_y - dx * 0.5 * marker_size / hypot,
            ),
            (
                shaft_x - dy * 0.5 * marker_size / hypot,
                shaft_y + dx * 0.5 * marker_size / hypot,
            ),
        ]
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ");
        element(
            &mut out,
            "polygon",
            &[
                ("points", Some(points)),
                ("fill", Some(color)),
                ("opacity", opacity(alpha)),
                ("class", Some("arrow".into())),
            ],
        );
    }

    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests;
