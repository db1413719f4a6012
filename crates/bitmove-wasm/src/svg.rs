//! `svgBoard`: the board picture of `bitmove::svg` for the npm package's `svg()`. index.js turns
//! the options object into these plain arguments (square indices, parallel lists of squares
//! and colours); a bad square is a `RangeError`, a bad board a `FenError`.

use bitmove::svg::{Arrow, Options, Placement};
use bitmove::{Bitboard, Color, Square};
use wasm_bindgen::prelude::*;

use crate::error;

fn square(index: u8) -> Result<Square, JsValue> {
    Square::ALL
        .get(usize::from(index))
        .copied()
        .ok_or_else(|| error("RangeError", &format!("square {index} is not in 0..64")))
}

/// The picture: `fen` a FEN or its board part (none: no pieces); `lastmove` none or two
/// squares; `arrows` pairs of squares with one colour each; `fill` squares with colours.
#[wasm_bindgen(js_name = svgBoard)]
#[allow(clippy::too_many_arguments)]
pub fn svg_board(
    fen: Option<String>,
    white_bottom: bool,
    lastmove: Vec<u8>,
    check: Option<u8>,
    arrow_squares: Vec<u8>,
    arrow_colors: Vec<String>,
    fill_squares: Vec<u8>,
    fill_colors: Vec<String>,
    squares: Vec<u8>,
    size: Option<u32>,
    coordinates: bool,
    color_keys: Vec<String>,
    color_values: Vec<String>,
    borders: bool,
    style: Option<String>,
) -> Result<String, JsValue> {
    let placement = match fen {
        Some(fen) => Some(
            Placement::from_board_fen(&fen)
                .ok_or_else(|| error("FenError", &format!("invalid board in FEN: {fen}")))?,
        ),
        None => None,
    };
    let lastmove = match lastmove.as_slice() {
        [] => None,
        [from, to] => Some((square(*from)?, square(*to)?)),
        _ => return Err(error("RangeError", "lastMove needs two squares")),
    };
    if arrow_squares.len() != 2 * arrow_colors.len() || fill_squares.len() != fill_colors.len() {
        return Err(error(
            "RangeError",
            "arrows or fill: squares and colours differ",
        ));
    }
    let mut marked = Bitboard::EMPTY;
    for s in squares {
        marked |= Bitboard::from(square(s)?);
    }
    let options = Options {
        orientation: if white_bottom {
            Color::White
        } else {
            Color::Black
        },
        lastmove,
        check: check.map(square).transpose()?,
        arrows: arrow_squares
            .chunks_exact(2)
            .zip(arrow_colors)
            .map(|(pair, color)| {
                Ok(Arrow {
                    tail: square(pair[0])?,
                    head: square(pair[1])?,
                    color,
                })
            })
            .collect::<Result<_, JsValue>>()?,
        fill: fill_squares
            .into_iter()
            .zip(fill_colors)
            .map(|(s, color)| Ok((square(s)?, color)))
            .collect::<Result<_, JsValue>>()?,
        squares: marked,
        size,
        coordinates,
        colors: color_keys.into_iter().zip(color_values).collect(),
        borders,
        style,
    };
    Ok(bitmove::svg::board(placement.as_ref(), &options))
}
