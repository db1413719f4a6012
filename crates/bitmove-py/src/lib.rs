//! The native module `bitmove._bitmove`: a thin PyO3 layer over the `bitmove` crate. Each
//! Python class has its file (`board.rs`, `moves.rs`, ...); conversions happen here at the
//! boundary and chess logic stays in the library.
//!
//! Built with the workspace's `python` profile (unwinding panics), so a panic, which the
//! library is written never to raise, would reach Python as `PanicException`, not abort.

use pyo3::prelude::*;

mod analyse;
mod args;
mod board;
mod deep;
mod encode;
mod engine;
mod errors;
mod gaviota;
mod moves;
mod oneline;
mod outcome;
mod perft;
mod pgn;
mod pgn_events;
mod pgn_lazy;
mod pgn_writer;
mod piece;
mod polyglot;
mod positions;
mod source;
mod squares;
mod svg;
mod syzygy;
mod tables;

#[pymodule]
fn _bitmove(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::Board>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<piece::Piece>()?;
    m.add_class::<squares::SquareSet>()?;
    m.add_class::<board::LegalMoves>()?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<deep::DeepPerft>()?;
    m.add_class::<outcome::Termination>()?;
    m.add_class::<polyglot::PolyglotBook>()?;
    m.add(
        "_POLYGLOT_RANDOM_ARRAY",
        bitmove::book::POLYGLOT_RANDOM_ARRAY.to_vec(),
    )?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("CheckpointError", py.get_type::<errors::CheckpointError>())?;
    m.add_function(wrap_pyfunction!(oneline::_native_functions, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft::divide, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft_stats, m)?)?;
    m.add_function(wrap_pyfunction!(perft::work_units, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft_many, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft_stats_many, m)?)?;
    m.add_function(wrap_pyfunction!(deep::task_hash_mb, m)?)?;
    m.add_function(wrap_pyfunction!(deep::stats_table, m)?)?;
    m.add_function(wrap_pyfunction!(encode::legal_move_masks, m)?)?;
    m.add_function(wrap_pyfunction!(encode::planes_batch, m)?)?;
    m.add_function(wrap_pyfunction!(tables::tables, m)?)?;
    m.add_function(wrap_pyfunction!(board::_mirror_in, m)?)?;
    m.add_function(wrap_pyfunction!(board::_methods_in, m)?)?;
    m.add("_MIRRORED_ATTRIBUTES", board::mirrored_attributes())?;
    m.add_function(wrap_pyfunction!(svg::_svg_board, m)?)?;
    m.add_function(wrap_pyfunction!(svg::_svg_piece, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    pgn::register(m)?;
    syzygy::register(m)?;
    engine::register(m)?;
    gaviota::register(m)?;
    analyse::register(m)?;
    Ok(())
}
