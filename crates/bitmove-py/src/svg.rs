//! The renderer under `bitmove.svg` (python-chess's `chess.svg`): `_svg_board` and
//! `_svg_piece` take plain values (a board FEN, square indices, colours) from `svg.py`, which
//! keeps python-chess's signatures, and hand them to `bitmove::svg`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use bitmove::svg::{Arrow, Options, Placement};
use bitmove::{Bitboard, Color, Square};

/// A square index 0..64, else `ValueError`.
fn square(index: i64) -> PyResult<Square> {
    usize::try_from(index)
        .ok()
        .and_then(|i| Square::ALL.get(i).copied())
        .ok_or_else(|| PyValueError::new_err(format!("square {index} is not in 0..64")))
}

/// The board picture: `board_fen` None for no pieces; `orientation` True for White at the
/// bottom; `arrows` as (tail, head, colour); `squares` a bitboard.
#[pyfunction]
#[pyo3(signature = (board_fen, orientation, lastmove, check, arrows, fill, squares, size, coordinates, colors, borders, style))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _svg_board(
    board_fen: Option<&str>,
    orientation: bool,
    lastmove: Option<(i64, i64)>,
    check: Option<i64>,
    arrows: Vec<(i64, i64, String)>,
    fill: Vec<(i64, String)>,
    squares: u64,
    size: Option<u32>,
    coordinates: bool,
    colors: Vec<(String, String)>,
    borders: bool,
    style: Option<String>,
) -> PyResult<String> {
    let placement = match board_fen {
        Some(fen) => Some(Placement::from_board_fen(fen).ok_or_else(|| {
            PyValueError::new_err(format!("invalid board part of a FEN: {fen:?}"))
        })?),
        None => None,
    };
    let options = Options {
        orientation: if orientation {
            Color::White
        } else {
            Color::Black
        },
        lastmove: lastmove
            .map(|(from, to)| Ok::<_, PyErr>((square(from)?, square(to)?)))
            .transpose()?,
        check: check.map(square).transpose()?,
        arrows: arrows
            .into_iter()
            .map(|(tail, head, color)| {
                Ok(Arrow {
                    tail: square(tail)?,
                    head: square(head)?,
                    color,
                })
            })
            .collect::<PyResult<_>>()?,
        fill: fill
            .into_iter()
            .map(|(s, color)| Ok((square(s)?, color)))
            .collect::<PyResult<_>>()?,
        squares: Bitboard(squares),
        size,
        coordinates,
        colors,
        borders,
        style,
    };
    Ok(bitmove::svg::board(placement.as_ref(), &options))
}

/// One piece's picture, by its letter (`K`, `n`).
#[pyfunction]
#[pyo3(signature = (symbol, size=None))]
pub(crate) fn _svg_piece(symbol: char, size: Option<u32>) -> PyResult<String> {
    let piece = bitmove::Piece::from_char(symbol.to_ascii_lowercase())
        .ok_or_else(|| PyValueError::new_err(format!("invalid piece symbol: {symbol:?}")))?;
    let color = if symbol.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok(bitmove::svg::piece(color, piece, size))
}

/// Jupyter's pictures of the native classes, drawn by `bitmove.svg` as python-chess's are.
#[pymethods]
impl crate::board::Board {
    /// The board as an SVG picture, with the last move and a check marked (python-chess's
    /// `Board._repr_svg_`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        Ok(py
            .import("bitmove.svg")?
            .getattr("_repr_board")?
            .call1((slf,))?
            .unbind())
    }
}

#[pymethods]
impl crate::piece::Piece {
    /// The piece as an SVG picture of one square (python-chess's `Piece._repr_svg_`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        Ok(py
            .import("bitmove.svg")?
            .getattr("piece")?
            .call1((slf, 45))?
            .unbind())
    }
}
