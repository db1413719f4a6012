//! `bitmove._gaviota`: the native half of `bitmove.gaviota` (python-chess's `chess.gaviota`
//! names): a `Tablebase` over `bitmove::gaviota`, probes with the GIL released (a probe that
//! misses the block cache decompresses 16 KiB).

use std::path::PathBuf;

use bitmove::gaviota::{GaviotaError, Tablebase as Tables};
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::board::Board;
use crate::syzygy::or_default;

pyo3::create_exception!(
    _gaviota,
    MissingTableError,
    PyKeyError,
    "Can not probe position because a required table is missing."
);

pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_gaviota")?;
    m.add_class::<Tablebase>()?;
    m.add("MissingTableError", py.get_type::<MissingTableError>())?;
    m.add_function(wrap_pyfunction!(_debug_index, &m)?)?;
    parent.add_submodule(&m)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item("bitmove._gaviota", &m)?;
    Ok(())
}

/// The error python-chess raises, with its message (the FEN after it where python-chess
/// puts one).
fn to_py(e: GaviotaError, board: &Bound<'_, Board>) -> PyErr {
    let fen = || {
        board
            .call_method0("fen")
            .and_then(|f| f.extract::<String>())
            .unwrap_or_default()
    };
    match e {
        GaviotaError::MissingTable { .. } => MissingTableError::new_err(e.to_string()),
        GaviotaError::Io { .. } => PyOSError::new_err(e.to_string()),
        GaviotaError::Corrupt { .. } => PyValueError::new_err(e.to_string()),
        _ => PyKeyError::new_err(format!("{e}: {}", fen())),
    }
}

/// A standard board for probing (a variant board is a `KeyError`; an invalid position, which
/// the library's board cannot hold, a `ValueError`).
fn standard(board: &Board) -> PyResult<bitmove::Board> {
    match board.standard_board() {
        Some(b) => b,
        None => Err(PyKeyError::new_err(
            "gaviota tables are for standard chess, probed with a variant board",
        )),
    }
}

/// Gaviota tables (python-chess's `chess.gaviota.PythonTablebase`, probing in Rust).
#[pyclass(module = "bitmove._gaviota")]
pub(crate) struct Tablebase {
    tables: Tables,
}

impl Tablebase {
    fn probe(&self, py: Python<'_>, board: &Bound<'_, Board>, wdl: bool) -> PyResult<i32> {
        let b = standard(&board.borrow())?;
        let tables = &self.tables;
        py.detach(|| {
            if wdl {
                tables.probe_wdl(&b)
            } else {
                tables.probe_dtm(&b)
            }
        })
        .map_err(|e| to_py(e, board))
    }
}

#[pymethods]
impl Tablebase {
    #[new]
    fn new() -> Tablebase {
        Tablebase {
            tables: Tables::new(),
        }
    }

    /// Adds the `*.gtb.cp4` tables of a directory (opened when first probed); an `OSError`
    /// when it is not a directory, as python-chess.
    fn add_directory(&mut self, py: Python<'_>, directory: PathBuf) -> PyResult<()> {
        let directory = std::path::absolute(&directory).unwrap_or(directory);
        if !directory.is_dir() {
            let shown = PyString::new(py, &directory.to_string_lossy()).repr()?;
            return Err(PyOSError::new_err(format!("not a directory: {shown}")));
        }
        self.tables
            .add_directory(&directory)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", directory.display())))?;
        Ok(())
    }

    /// The tables added: name (`kqk`) to path, as python-chess's `available_tables`.
    #[getter]
    fn available_tables<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, path) in self.tables.tables() {
            d.set_item(name, path.to_string_lossy())?;
        }
        Ok(d)
    }

    /// Depth to mate in plies: positive when the side to move mates, negative when it is
    /// mated, 0 for a draw or a mate on the board.
    fn probe_dtm(&self, py: Python<'_>, board: &Bound<'_, Board>) -> PyResult<i32> {
        self.probe(py, board, false)
    }

    /// `probe_dtm`, or `default` where that raises a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_dtm(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        or_default(py, self.probe(py, board, false), default)
    }

    /// 1 win, 0 draw, -1 loss for the side to move.
    fn probe_wdl(&self, py: Python<'_>, board: &Bound<'_, Board>) -> PyResult<i32> {
        self.probe(py, board, true)
    }

    /// `probe_wdl`, or `default` where that raises a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_wdl(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        or_default(py, self.probe(py, board, true), default)
    }

    /// Closes every table (unmapping the files); `available_tables` is empty after it.
    fn close(&mut self) {
        self.tables.clear();
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, pyo3::types::PyTuple>) {
        self.tables.clear();
    }
}

/// `(table name, stored side to move, index)` of a position, for the tests that check the
/// index layouts against python-chess's (`available`: the table names to choose from).
#[pyfunction]
fn _debug_index(
    board: PyRef<'_, Board>,
    available: Vec<String>,
) -> PyResult<Option<(String, usize, u64)>> {
    let b = standard(&board)?;
    let names: Vec<&str> = available.iter().map(String::as_str).collect();
    Ok(bitmove::gaviota::debug_index(&b, &names))
}
