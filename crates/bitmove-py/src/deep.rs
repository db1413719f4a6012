//! `DeepPerft`: a deep perft run in work units with its checkpoint, as the library's
//! `bitmove::deep` plans and records it. The Python cluster driver counts the units on Dask
//! and hands each result here; the checkpoint format, resume and the refusal of another run's
//! checkpoint are the library's, shared with `bitmove perft --checkpoint`.

use std::path::PathBuf;

use bitmove::PerftStats;
use bitmove::deep::{self, UnitCount};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::parse_board;
use crate::errors::deep_error;
use crate::perft::stats_dict;

/// A deep perft run of `fen` at `depth`, split into the distinct positions `split` plies
/// below (default: the checkpoint's split when resuming, else the smallest with 1000 units,
/// at most depth - 4). With `checkpoint`, units finished there are taken (a checkpoint of
/// another run raises `CheckpointError`) and each unit recorded is appended to it.
#[pyclass(module = "bitmove")]
pub struct DeepPerft {
    run: deep::DeepPerft,
}

#[pymethods]
impl DeepPerft {
    #[new]
    #[pyo3(signature = (fen, depth, *, split=None, stats=false, checkpoint=None, chess960=false))]
    fn new(
        py: Python<'_>,
        fen: &str,
        depth: u32,
        split: Option<u32>,
        stats: bool,
        checkpoint: Option<PathBuf>,
        chess960: bool,
    ) -> PyResult<DeepPerft> {
        crate::perft::check_depth(depth)?;
        let board = parse_board(Some(fen), chess960)?;
        let run = py
            .detach(|| deep::DeepPerft::open(&board, depth, split, stats, checkpoint.as_deref()))
            .map_err(deep_error)?;
        Ok(DeepPerft { run })
    }

    /// The root as FEN (Shredder-FEN in Chess960), as the checkpoint header has it.
    #[getter]
    fn fen(&self) -> String {
        self.run.header().fen.clone()
    }

    #[getter]
    fn depth(&self) -> u32 {
        self.run.header().depth
    }

    #[getter]
    fn split(&self) -> u32 {
        self.run.header().split
    }

    #[getter]
    fn stats(&self) -> bool {
        self.run.header().stats
    }

    #[getter]
    fn chess960(&self) -> bool {
        self.run.header().chess960
    }

    /// How many units the run has.
    #[getter]
    fn units(&self) -> usize {
        self.run.header().units
    }

    /// The depth still to count below each unit: `depth - split`.
    #[getter]
    fn remaining_depth(&self) -> u32 {
        self.run.remaining_depth()
    }

    /// How many units the checkpoint held when the run was opened.
    #[getter]
    fn done_before(&self) -> usize {
        self.run.done_before()
    }

    /// How many units are finished.
    #[getter]
    fn done_count(&self) -> usize {
        self.run.done_count()
    }

    /// The finished units' share of the total so far.
    #[getter]
    fn nodes_so_far(&self) -> u64 {
        self.run.nodes_so_far()
    }

    /// The indices of the units not finished yet, in order.
    fn pending(&self) -> Vec<usize> {
        self.run.pending()
    }

    /// Unit `index` as `(fen, multiplicity)`.
    fn unit(&self, index: usize) -> PyResult<(String, u64)> {
        let unit = self
            .run
            .units()
            .get(index)
            .ok_or_else(|| PyIndexError::new_err(format!("no unit {index}")))?;
        Ok((unit.board.to_string(), unit.multiplicity))
    }

    /// Records unit `index` as counted (`nodes` below it, not multiplied; `stats` a
    /// `{field: count}` dict in a run with statistics) and appends it to the checkpoint.
    /// False if it was recorded already: a task that ran twice is never counted twice.
    #[pyo3(signature = (index, multiplicity, nodes, stats=None))]
    fn record(
        &mut self,
        index: usize,
        multiplicity: u64,
        nodes: u64,
        stats: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<bool> {
        let stats = stats.map(stats_from_dict).transpose()?;
        self.run
            .record(
                index,
                UnitCount {
                    multiplicity,
                    nodes,
                    stats,
                },
            )
            .map_err(deep_error)
    }

    /// Syncs the checkpoint to disk.
    fn sync(&mut self) {
        self.run.sync();
    }

    /// `(nodes, stats)` of the whole run once every unit is recorded (`stats` a dict in a run
    /// with statistics, else None); syncs the checkpoint. `CheckpointError` while units are
    /// missing.
    fn total<'py>(&mut self, py: Python<'py>) -> PyResult<(u64, Option<Bound<'py, PyDict>>)> {
        self.run.sync();
        let total = self.run.total().map_err(deep_error)?;
        let stats = total.stats.map(|s| stats_dict(py, &s)).transpose()?;
        Ok((total.nodes, stats))
    }

    fn __repr__(&self) -> String {
        format!(
            "DeepPerft({}, {}/{} units done)",
            self.run.header().describe(),
            self.run.done_count(),
            self.run.header().units
        )
    }
}

/// Statistics from a `{field: count}` dict with every field of the library and no other.
fn stats_from_dict(dict: &Bound<'_, PyDict>) -> PyResult<PerftStats> {
    let mut pairs = Vec::with_capacity(dict.len());
    for (name, value) in dict.iter() {
        pairs.push((name.extract::<String>()?, value.extract::<u64>()?));
    }
    deep::stats_from_fields(pairs.iter().map(|(n, v)| (n.as_str(), *v))).ok_or_else(|| {
        PyValueError::new_err(format!(
            "stats must have exactly the fields {}",
            PerftStats::FIELD_NAMES.join(", ")
        ))
    })
}

/// The hash table (MiB) for one task of units counted on a cluster worker when none is
/// asked for: none up to depth 6, 64 MiB at depth 7, four times more per ply, at most 1024.
/// With `seeded`, at least 64; `asked` 0 with `seeded` raises `CheckpointError`.
#[pyfunction]
#[pyo3(signature = (depth, *, asked=None, seeded=false))]
pub(crate) fn task_hash_mb(depth: u32, asked: Option<usize>, seeded: bool) -> PyResult<usize> {
    deep::hash_mb_with_seed(asked, deep::default_task_hash_mb(depth), seeded).map_err(deep_error)
}

/// One `<field>: <value>` line per statistic, aligned: what `bitmove perft --stats` prints.
#[pyfunction]
pub(crate) fn stats_table(stats: &Bound<'_, PyDict>) -> PyResult<String> {
    Ok(deep::stats_table(&stats_from_dict(stats)?))
}
