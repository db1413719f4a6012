//! The line readers under `bitmove.engine` (python-chess's `chess.engine`): each takes one
//! line an engine wrote (with or without its first word) and gives plain Python values; the
//! reading itself is `bitmove::engine`'s. The asyncio protocol is Python's (engine.py).
//!
//! A line that cannot be read raises `ValueError`, its message python-chess's where
//! python-chess fails on the same line, the reason and the line also as the attributes
//! `reason` and `line`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use bitmove::engine::{self, FeatureValue, OptionValue, ParseError, Score, UciOption};

/// The text of a Python string; lone surrogates (bytes decoded with `surrogateescape`)
/// become U+FFFD, as the Rust driver's lossy decoding makes them.
fn text(line: &Bound<'_, PyString>) -> String {
    line.to_string_lossy().into_owned()
}

fn value_error(py: Python<'_>, error: &ParseError) -> PyErr {
    let err = PyValueError::new_err(error.to_string());
    let instance = err.value(py);
    instance.setattr("reason", &error.reason).ok();
    instance.setattr("line", &error.line).ok();
    err
}

fn score<'py>(py: Python<'py>, score: &Score) -> PyResult<Bound<'py, PyTuple>> {
    let bound = score.bound.map(|b| b.as_str());
    (score.kind.as_str(), score.value, bound).into_pyobject(py)
}

fn option_value<'py>(py: Python<'py>, value: &OptionValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        OptionValue::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        OptionValue::Int(n) => n.into_pyobject(py)?.into_any(),
        OptionValue::Str(s) => s.into_pyobject(py)?.into_any(),
        OptionValue::None => py.None().into_bound(py),
    })
}

type OptionTuple<'py> = (
    String,
    &'static str,
    Bound<'py, PyAny>,
    Option<i64>,
    Option<i64>,
    Vec<String>,
);

fn option_tuple(py: Python<'_>, option: UciOption) -> PyResult<OptionTuple<'_>> {
    Ok((
        option.name,
        option.kind.as_str(),
        option_value(py, &option.default)?,
        option.min,
        option.max,
        option.var,
    ))
}

/// An `info` line as a dict with python-chess's `InfoDict` keys and raw values.
#[pyfunction]
pub(crate) fn uci_parse_info<'py>(
    py: Python<'py>,
    line: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyDict>> {
    let info = engine::parse_info(&text(line));
    let dict = PyDict::new(py);
    let ints = [
        ("depth", info.depth),
        ("seldepth", info.seldepth),
        ("multipv", info.multipv),
        ("nodes", info.nodes),
        ("nps", info.nps),
        ("hashfull", info.hashfull),
        ("tbhits", info.tbhits),
        ("cpuload", info.cpuload),
        ("currmovenumber", info.currmovenumber),
    ];
    for (key, value) in ints {
        if let Some(value) = value {
            dict.set_item(key, value)?;
        }
    }
    if let Some(ms) = info.time_ms {
        dict.set_item("time", ms as f64 / 1000.0)?;
    }
    if let Some(ebf) = info.ebf {
        dict.set_item("ebf", ebf)?;
    }
    if let Some(s) = &info.score {
        dict.set_item("score", score(py, s)?)?;
    }
    if let Some(wdl) = info.wdl {
        dict.set_item("wdl", wdl)?;
    }
    if let Some(pv) = &info.pv {
        dict.set_item("pv", PyList::new(py, pv)?)?;
    }
    if let Some(m) = &info.currmove {
        dict.set_item("currmove", m)?;
    }
    if let Some(r) = &info.refutation {
        dict.set_item("refutation", PyList::new(py, r)?)?;
    }
    if let Some((cpu, moves)) = &info.currline {
        dict.set_item("currline", (*cpu, PyList::new(py, moves)?))?;
    }
    if let Some(s) = &info.string {
        dict.set_item("string", s)?;
    }
    Ok(dict)
}

/// An `option` line: (name, type, default, min, max, var), the default read for the type
/// as python-chess's `Option.parse` reads it.
#[pyfunction]
pub(crate) fn uci_parse_option<'py>(
    py: Python<'py>,
    line: &Bound<'py, PyString>,
) -> PyResult<OptionTuple<'py>> {
    let option = engine::parse_option(&text(line)).map_err(|e| value_error(py, &e))?;
    option_tuple(py, option)
}

/// A `bestmove` line: (move, ponder), each a lowercase UCI word or None.
#[pyfunction]
pub(crate) fn uci_parse_bestmove(line: &Bound<'_, PyString>) -> (Option<String>, Option<String>) {
    let best = engine::parse_bestmove(&text(line));
    (best.bestmove, best.ponder)
}

/// An `id` line: (key, value).
#[pyfunction]
pub(crate) fn uci_parse_id(line: &Bound<'_, PyString>) -> (String, String) {
    engine::parse_id(&text(line))
}

/// A `feature` line: its (name, value) pairs in order, a value an int when it reads as one
/// (never for `option`).
#[pyfunction]
pub(crate) fn xboard_parse_features<'py>(
    py: Python<'py>,
    line: &Bound<'py, PyString>,
) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
    let features = engine::parse_features(&text(line)).map_err(|e| value_error(py, &e))?;
    features
        .into_iter()
        .map(|(key, value)| {
            let value = match value {
                FeatureValue::Int(n) => n.into_pyobject(py)?.into_any(),
                FeatureValue::Str(s) => s.into_pyobject(py)?.into_any(),
            };
            Ok((key, value))
        })
        .collect()
}

/// The value of an XBoard `feature option="..."`: the tuple of `uci_parse_option`.
#[pyfunction]
pub(crate) fn xboard_parse_option<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyString>,
) -> PyResult<OptionTuple<'py>> {
    let option = engine::parse_xboard_option(&text(value)).map_err(|e| value_error(py, &e))?;
    option_tuple(py, option)
}

/// A line of XBoard thinking output as a dict, or None when the line is none.
#[pyfunction]
pub(crate) fn xboard_parse_post<'py>(
    py: Python<'py>,
    line: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(post) = engine::parse_post(&text(line)) else {
        return Ok(None);
    };
    let dict = PyDict::new(py);
    dict.set_item("depth", post.depth)?;
    dict.set_item("score", score(py, &post.score)?)?;
    dict.set_item("time", post.time_cs as f64 / 100.0)?;
    dict.set_item("nodes", post.nodes)?;
    if let Some(n) = post.seldepth {
        dict.set_item("seldepth", n)?;
    }
    if let Some(n) = post.nps {
        dict.set_item("nps", n)?;
    }
    if let Some(n) = post.tbhits {
        dict.set_item("tbhits", n)?;
    }
    dict.set_item("pv", PyList::new(py, &post.pv)?)?;
    Ok(Some(dict))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(uci_parse_info, m)?)?;
    m.add_function(wrap_pyfunction!(uci_parse_option, m)?)?;
    m.add_function(wrap_pyfunction!(uci_parse_bestmove, m)?)?;
    m.add_function(wrap_pyfunction!(uci_parse_id, m)?)?;
    m.add_function(wrap_pyfunction!(xboard_parse_features, m)?)?;
    m.add_function(wrap_pyfunction!(xboard_parse_option, m)?)?;
    m.add_function(wrap_pyfunction!(xboard_parse_post, m)?)?;
    Ok(())
}
