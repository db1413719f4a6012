//! `bitmove._syzygy`: the native half of `bitmove.syzygy` (python-chess's `chess.syzygy`
//! names): a `Tablebase` over `bitmove::syzygy`, WDL probes with the GIL held (shorter than
//! releasing it), DTZ probes, rankings and batches with it released.

use std::path::PathBuf;

use bitmove::syzygy::{SyzygyError, Tablebase as Tables};
use pyo3::exceptions::{PyKeyError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::board::Board;

pyo3::create_exception!(
    _syzygy,
    MissingTableError,
    PyKeyError,
    "Can not probe position because a required table is missing."
);

pub(crate) fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "_syzygy")?;
    m.add_class::<Tablebase>()?;
    m.add("MissingTableError", py.get_type::<MissingTableError>())?;
    parent.add_submodule(&m)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item("bitmove._syzygy", &m)?;
    Ok(())
}

fn to_py(e: SyzygyError) -> PyErr {
    match e {
        SyzygyError::MissingTable { .. } => MissingTableError::new_err(e.to_string()),
        SyzygyError::Io { .. } => PyOSError::new_err(e.to_string()),
        SyzygyError::Corrupt { .. } => PyValueError::new_err(e.to_string()),
        _ => PyKeyError::new_err(e.to_string()),
    }
}

/// A board for probing: a `bitmove.Board` of standard chess (a variant board is a `KeyError`,
/// as python-chess's tables opened for standard chess say).
fn standard(board: &Board) -> PyResult<bitmove::Board> {
    match board.standard_board() {
        Some(b) => b,
        None => Err(PyKeyError::new_err(
            "tablebase has been opened for chess, probed with a variant board",
        )),
    }
}

/// A board or a FEN for the batch calls.
fn position(item: &Bound<'_, PyAny>) -> PyResult<bitmove::Board> {
    if let Ok(board) = item.cast::<Board>() {
        return standard(&board.borrow());
    }
    if item.is_instance_of::<PyString>() {
        return item
            .extract::<String>()?
            .parse::<bitmove::Board>()
            .map_err(|e| PyValueError::new_err(format!("{e}")));
    }
    Err(PyTypeError::new_err(
        "expected a bitmove.Board or a FEN string",
    ))
}

/// Syzygy tables (python-chess's `chess.syzygy.Tablebase`).
#[pyclass(module = "bitmove._syzygy")]
pub(crate) struct Tablebase {
    tables: Tables,
    /// Opened for a variant (`VariantBoard=`): bitmove reads standard tables only, so every
    /// probe is a `MissingTableError`, as python-chess's would be without the variant's files.
    variant: Option<String>,
}

impl Tablebase {
    fn board(&self, board: &Board) -> PyResult<bitmove::Board> {
        if let Some(v) = &self.variant {
            return Err(MissingTableError::new_err(format!(
                "bitmove reads standard chess tables only, not {v}"
            )));
        }
        standard(board)
    }
}

#[pymethods]
impl Tablebase {
    #[new]
    #[pyo3(signature = (*, max_fds=None, VariantBoard=None))]
    #[allow(non_snake_case, unused_variables)]
    fn new(
        max_fds: Option<Bound<'_, PyAny>>,
        VariantBoard: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Tablebase> {
        let variant = match VariantBoard {
            Some(cls) => Some(cls.getattr("uci_variant")?.extract::<String>()?),
            None => None,
        }
        .filter(|v| v != "chess");
        Ok(Tablebase {
            tables: Tables::new(),
            variant,
        })
    }

    /// The variant name when opened for one (`None` for standard chess).
    #[getter]
    fn variant(&self) -> Option<String> {
        self.variant.clone()
    }

    /// Adds the `.rtbw` (with `load_wdl`) and `.rtbz` (with `load_dtz`) files of a directory;
    /// returns how many it added.
    #[pyo3(signature = (directory, *, load_wdl=true, load_dtz=true))]
    fn add_directory(
        &mut self,
        directory: PathBuf,
        load_wdl: bool,
        load_dtz: bool,
    ) -> PyResult<usize> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&directory)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", directory.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        let mut added = 0;
        for path in paths {
            let ext = path.extension().and_then(|e| e.to_str());
            let wanted = (ext == Some("rtbw") && load_wdl) || (ext == Some("rtbz") && load_dtz);
            if wanted && self.tables.add_file(&path) {
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds one table file; returns 1 if it is a table file, else 0.
    #[pyo3(signature = (path, *, load_wdl=true, load_dtz=true))]
    fn add_file(&mut self, path: PathBuf, load_wdl: bool, load_dtz: bool) -> usize {
        let ext = path.extension().and_then(|e| e.to_str());
        let wanted = (ext == Some("rtbw") && load_wdl) || (ext == Some("rtbz") && load_dtz);
        (wanted && self.tables.add_file(&path)) as usize
    }

    /// WDL from the side to move: -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win.
    /// With the GIL held: a WDL probe of open tables takes well under a microsecond, and
    /// releasing the GIL and taking it back would cost a fifth of that.
    fn probe_wdl(&self, board: PyRef<'_, Board>) -> PyResult<i32> {
        // A finished variant game needs no table (python-chess answers it before a probe).
        if let (Some(_), Some(wdl)) = (&self.variant, board.variant_end_wdl()) {
            return Ok(wdl);
        }
        let b = self.board(&board)?;
        self.tables
            .probe_wdl(&b)
            .map(|w| w.to_i8() as i32)
            .map_err(to_py)
    }

    /// The WDL table's stored value, captures not resolved (GIL held, as `probe_wdl`).
    fn probe_wdl_table(&self, board: PyRef<'_, Board>) -> PyResult<i32> {
        let b = self.board(&board)?;
        self.tables
            .probe_wdl_table(&b)
            .map(|w| w.to_i8() as i32)
            .map_err(to_py)
    }

    /// DTZ in plies, in the sign of the result (python-chess's conventions).
    fn probe_dtz(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        let b = self.board(&board)?;
        let tables = &self.tables;
        py.detach(|| tables.probe_dtz(&b)).map_err(to_py)
    }

    /// The DTZ file's stored value for a position of WDL `wdl` (not 0), in plies; `None` when
    /// the file stores only the other side to move.
    fn probe_dtz_table(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        wdl: i32,
    ) -> PyResult<Option<i32>> {
        let b = self.board(&board)?;
        let tables = &self.tables;
        py.detach(|| tables.probe_dtz_table(&b, wdl)).map_err(to_py)
    }

    /// DTZ without looking at en passant captures.
    fn probe_dtz_no_ep(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        let b = self.board(&board)?;
        let tables = &self.tables;
        py.detach(|| tables.probe_dtz_no_ep(&b)).map_err(to_py)
    }

    /// `probe_wdl`, or `default` where that raises a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_wdl(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        or_default(py, self.probe_wdl(board), default)
    }

    /// `probe_dtz`, or `default` where that raises a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_dtz(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        or_default(py, self.probe_dtz(py, board), default)
    }

    /// WDL of many boards or FENs in one call (the GIL released for all of them); `default`
    /// where a probe raises a `KeyError` (missing table, castling rights).
    #[pyo3(signature = (positions, default=None))]
    fn probe_wdl_many(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        default: Option<i32>,
    ) -> PyResult<Vec<Option<i32>>> {
        let boards = positions
            .try_iter()?
            .map(|item| position(&item?))
            .collect::<PyResult<Vec<_>>>()?;
        let tables = &self.tables;
        let results: Vec<Result<i32, SyzygyError>> = py.detach(|| {
            boards
                .iter()
                .map(|b| tables.probe_wdl(b).map(|w| w.to_i8() as i32))
                .collect()
        });
        many(results, default)
    }

    /// DTZ of many boards or FENs in one call, as `probe_wdl_many`.
    #[pyo3(signature = (positions, default=None))]
    fn probe_dtz_many(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        default: Option<i32>,
    ) -> PyResult<Vec<Option<i32>>> {
        let boards = positions
            .try_iter()?
            .map(|item| position(&item?))
            .collect::<PyResult<Vec<_>>>()?;
        let tables = &self.tables;
        let results: Vec<Result<i32, SyzygyError>> =
            py.detach(|| boards.iter().map(|b| tables.probe_dtz(b)).collect());
        many(results, default)
    }

    /// Every legal move as `(uci, wdl, dtz)` for the side playing it, best first (the halfmove
    /// clock turning wins it cannot reach in time into cursed wins, as Fathom ranks).
    fn rank_moves(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
    ) -> PyResult<Vec<(String, i32, i32)>> {
        let b = self.board(&board)?;
        let tables = &self.tables;
        let ranked = py.detach(|| tables.rank_moves(&b)).map_err(to_py)?;
        Ok(ranked
            .into_iter()
            .map(|m| (b.uci(m.mv).to_string(), m.wdl.to_i8() as i32, m.dtz))
            .collect())
    }

    /// Forgets every table (unmapping the files).
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

fn many(
    results: Vec<Result<i32, SyzygyError>>,
    default: Option<i32>,
) -> PyResult<Vec<Option<i32>>> {
    results
        .into_iter()
        .map(|r| match r {
            Ok(v) => Ok(Some(v)),
            Err(e @ (SyzygyError::Io { .. } | SyzygyError::Corrupt { .. })) => Err(to_py(e)),
            Err(_) => Ok(default),
        })
        .collect()
}

/// A probe's value, or `default` where it raised a `KeyError` (python-chess's `get_wdl` and
/// `get_dtz`, and Gaviota's `get_dtm` and `get_wdl`).
pub(crate) fn or_default(
    py: Python<'_>,
    probed: PyResult<i32>,
    default: Option<Py<PyAny>>,
) -> PyResult<Option<Py<PyAny>>> {
    match probed {
        Ok(v) => Ok(Some(v.into_pyobject(py)?.into_any().unbind())),
        Err(e) if e.is_instance_of::<PyKeyError>(py) => Ok(default),
        Err(e) => Err(e),
    }
}
