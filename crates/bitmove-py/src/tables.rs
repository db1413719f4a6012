//! python-chess's bitboard tables (`BB_KNIGHT_ATTACKS`, `BB_RAYS`, `BB_DIAG_ATTACKS`, ...)
//! read from the library's own attack, `between` and `line` tables, so the Python names and
//! the move generator have one source. `bitmove._squares` calls [`tables`] once at import.

use bitmove::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use bitmove::{Bitboard, Color, File, Rank, Square};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One u64 per square.
fn per_square(f: impl Fn(Square) -> Bitboard) -> Vec<u64> {
    Square::ALL.iter().map(|&sq| f(sq).0).collect()
}

/// One row of 64 per square: `f(a, b)` at `[a][b]`.
fn per_pair(f: impl Fn(Square, Square) -> Bitboard) -> Vec<Vec<u64>> {
    Square::ALL
        .iter()
        .map(|&a| Square::ALL.iter().map(|&b| f(a, b).0).collect())
        .collect()
}

/// The board's edge squares that do not block a slider on `square`: the first and last rank
/// unless `square` stands on it, the a- and h-file likewise (python-chess's masks leave
/// them out).
fn edges(square: Square) -> Bitboard {
    let ranks =
        (Rank::First.bitboard() | Rank::Eighth.bitboard()).without(square.rank().bitboard());
    let files = (File::A.bitboard() | File::H.bitboard()).without(square.file().bitboard());
    ranks | files
}

/// A slider table as python-chess keeps it: per square, the relevant-blocker mask and a dict
/// from every subset of that mask (in carry-rippler order, the empty set first) to the
/// attacks with those blockers.
fn slider_table<'py>(
    py: Python<'py>,
    rays: impl Fn(Square) -> Bitboard,
    attacks: impl Fn(Square, Bitboard) -> Bitboard,
) -> PyResult<(Vec<u64>, Vec<Bound<'py, PyDict>>)> {
    let mut masks = Vec::with_capacity(64);
    let mut dicts = Vec::with_capacity(64);
    for sq in Square::ALL {
        let mask = rays(sq).without(edges(sq));
        let dict = PyDict::new(py);
        for subset in mask.subsets() {
            dict.set_item(subset.0, attacks(sq, subset).0)?;
        }
        masks.push(mask.0);
        dicts.push(dict);
    }
    Ok((masks, dicts))
}

/// python-chess's tables, by the name after `BB_`: `KNIGHT_ATTACKS`, `KING_ATTACKS`,
/// `PAWN_ATTACKS` (indexed `[color][square]`, 0 = black), `RAYS` (the whole line through two
/// aligned squares), `BETWEEN` (the squares strictly between them), and `DIAG`/`FILE`/`RANK`
/// `_MASKS` and `_ATTACKS`. Internal: `bitmove._squares` reads it once.
#[pyfunction(name = "_tables")]
pub(crate) fn tables(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("KNIGHT_ATTACKS", per_square(knight_attacks))?;
    out.set_item("KING_ATTACKS", per_square(king_attacks))?;
    out.set_item(
        "PAWN_ATTACKS",
        [Color::Black, Color::White].map(|color| per_square(|sq| pawn_attacks(color, sq))),
    )?;
    out.set_item("RAYS", per_pair(line))?;
    out.set_item("BETWEEN", per_pair(between))?;
    let file = |sq: Square| sq.file().bitboard();
    let rank = |sq: Square| sq.rank().bitboard();
    let sliders = [
        ("DIAG", slider_table(py, bishop_rays, bishop_attacks)?),
        (
            "FILE",
            slider_table(
                py,
                |sq| rook_rays(sq) & file(sq),
                |sq, occupied| rook_attacks(sq, occupied) & file(sq),
            )?,
        ),
        (
            "RANK",
            slider_table(
                py,
                |sq| rook_rays(sq) & rank(sq),
                |sq, occupied| rook_attacks(sq, occupied) & rank(sq),
            )?,
        ),
    ];
    for (name, (masks, attacks)) in sliders {
        out.set_item(format!("{name}_MASKS"), masks)?;
        out.set_item(format!("{name}_ATTACKS"), attacks)?;
    }
    Ok(out)
}
