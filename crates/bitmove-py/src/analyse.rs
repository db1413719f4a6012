//! Engine analysis of game files: a thin binding of `bitmove::analyse` for
//! `bitmove.analyse` and `python -m bitmove.cluster analyse`.
//!
//! What crosses into Python is plain data, so that Dask can pickle it: a job is a tuple
//! `(key, fen, variant, chess960, white_to_move)` (the key as 32 hex digits), an answer a
//! dict (`key`, `fen` and either `error` or the evaluation's fields: `cp`/`mate` from
//! White's view, `wdl`, `best`, `pv`, `depth`, `seldepth`, `nodes`, `lines`), a setting a
//! tuple `(engine, options, limit, multipv)`. The planner, the cache, the engine worker,
//! the pool and the writer are the library's.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::time::Duration;

use bitmove::analyse::{
    self, AnalyseError, Analysed, Cache, EngineSpec, Evaluation, Failure, Job, Line, OutputOptions,
    Pool, PositionKey, SearchLimit, Setting,
};
use bitmove::engine::EngineError;
use bitmove::pgn::Eval;
use bitmove::variant::Variant;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A job as Python holds it: key (hex), FEN, variant (UCI name), Chess960, White to move.
type JobTuple = (String, String, String, bool, bool);
/// A setting as Python holds it: engine name, options text, limit text, MultiPV.
type SettingTuple = (String, String, String, u32);

/// A library error as a Python exception: files are `OSError`, the engine's troubles
/// `bitmove.engine.EngineError` (`EngineTerminatedError` when it died), the rest
/// `ValueError`.
fn py_error(error: AnalyseError) -> PyErr {
    let text = error.to_string();
    match error {
        AnalyseError::Io(_, e) => PyOSError::new_err((e.raw_os_error().unwrap_or(0), text)),
        AnalyseError::Cache(_) => PyOSError::new_err(text),
        AnalyseError::Refused(_) => PyValueError::new_err(text),
        AnalyseError::Engine(_, e) => Python::attach(|py| {
            let name = match e {
                EngineError::Terminated { .. } => "EngineTerminatedError",
                _ => "EngineError",
            };
            match py
                .import("bitmove._engine_types")
                .and_then(|m| m.getattr(name))
            {
                Ok(class) => match class.call1((text.clone(),)) {
                    Ok(value) => PyErr::from_value(value),
                    Err(e) => e,
                },
                Err(_) => PyRuntimeError::new_err(text),
            }
        }),
    }
}

fn job_tuple(job: &Job) -> JobTuple {
    (
        job.key.to_string(),
        job.fen.clone(),
        job.variant.uci_name().to_string(),
        job.chess960,
        job.white_to_move,
    )
}

fn parse_key(text: &str) -> PyResult<PositionKey> {
    PositionKey::from_hex(text)
        .ok_or_else(|| PyValueError::new_err(format!("not a position key: {text:?}")))
}

fn job_of(job: JobTuple) -> PyResult<Job> {
    let (key, fen, variant, chess960, white_to_move) = job;
    Ok(Job {
        key: parse_key(&key)?,
        fen,
        variant: Variant::from_name(&variant)
            .ok_or_else(|| PyValueError::new_err(format!("unknown variant: {variant:?}")))?,
        chess960,
        white_to_move,
    })
}

fn setting_of(setting: &SettingTuple) -> Setting {
    Setting {
        engine: setting.0.clone(),
        options: setting.1.clone(),
        limit: setting.2.clone(),
        multipv: setting.3,
    }
}

fn set_eval(dict: &Bound<'_, PyDict>, eval: Option<Eval>) -> PyResult<()> {
    let (cp, mate) = match eval {
        Some(Eval::Centipawns(cp)) => (Some(cp), None),
        Some(Eval::Mate(n)) => (None, Some(n)),
        None => (None, None),
    };
    dict.set_item("cp", cp)?;
    dict.set_item("mate", mate)
}

fn get_eval(dict: &Bound<'_, PyDict>) -> PyResult<Option<Eval>> {
    let cp: Option<i64> = item(dict, "cp")?;
    let mate: Option<i64> = item(dict, "mate")?;
    Ok(match (cp, mate) {
        (_, Some(n)) => Some(Eval::Mate(n)),
        (Some(cp), None) => Some(Eval::Centipawns(cp)),
        (None, None) => None,
    })
}

fn item<'py, T: FromPyObjectOwned<'py>>(dict: &Bound<'py, PyDict>, name: &str) -> PyResult<T> {
    let py = dict.py();
    let value = dict
        .get_item(name)?
        .unwrap_or_else(|| py.None().into_bound(py));
    value.extract::<T>().map_err(|e| {
        let e: PyErr = e.into();
        PyValueError::new_err(format!("answer field {name:?}: {e}"))
    })
}

fn answer_dict<'py>(py: Python<'py>, answer: &Analysed) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    match answer {
        Analysed::Done(e) => {
            dict.set_item("key", e.key.to_string())?;
            dict.set_item("fen", &e.fen)?;
            set_eval(&dict, e.eval)?;
            dict.set_item("wdl", e.wdl)?;
            dict.set_item("best", &e.best_move)?;
            dict.set_item("pv", &e.pv)?;
            dict.set_item("depth", e.depth)?;
            dict.set_item("seldepth", e.seldepth)?;
            dict.set_item("nodes", e.nodes)?;
            let lines = PyList::empty(py);
            for line in &e.lines {
                let l = PyDict::new(py);
                set_eval(&l, line.eval)?;
                l.set_item("wdl", line.wdl)?;
                l.set_item("pv", &line.pv)?;
                l.set_item("depth", line.depth)?;
                lines.append(l)?;
            }
            dict.set_item("lines", lines)?;
        }
        Analysed::Failed(f) => {
            dict.set_item("key", f.key.to_string())?;
            dict.set_item("fen", &f.fen)?;
            dict.set_item("error", &f.reason)?;
        }
    }
    Ok(dict)
}

fn answer_of(dict: &Bound<'_, PyDict>) -> PyResult<Analysed> {
    let key: String = item(dict, "key")?;
    let key = parse_key(&key)?;
    let fen: String = item(dict, "fen")?;
    if let Some(reason) = item::<Option<String>>(dict, "error")? {
        return Ok(Analysed::Failed(Failure { key, fen, reason }));
    }
    let mut lines = Vec::new();
    if let Some(list) = item::<Option<Vec<Bound<'_, PyDict>>>>(dict, "lines")? {
        for l in &list {
            lines.push(Line {
                eval: get_eval(l)?,
                wdl: item(l, "wdl")?,
                pv: item::<Option<Vec<String>>>(l, "pv")?.unwrap_or_default(),
                depth: item(l, "depth")?,
            });
        }
    }
    Ok(Analysed::Done(Evaluation {
        key,
        fen,
        eval: get_eval(dict)?,
        wdl: item(dict, "wdl")?,
        best_move: item(dict, "best")?,
        pv: item::<Option<Vec<String>>>(dict, "pv")?.unwrap_or_default(),
        depth: item(dict, "depth")?,
        seldepth: item(dict, "seldepth")?,
        nodes: item(dict, "nodes")?,
        lines,
    }))
}

/// The engine, options, limit and MultiPV of a run, checked.
fn spec_of(
    command: Vec<String>,
    options: Vec<(String, String)>,
    limit: (String, u64),
    multipv: u32,
    timeout: f64,
) -> PyResult<EngineSpec> {
    if command.is_empty() {
        return Err(PyValueError::new_err("no engine command given"));
    }
    let (kind, value) = limit;
    let limit = match kind.as_str() {
        "nodes" if value > 0 => SearchLimit::Nodes(value),
        "depth" if value > 0 && value <= u64::from(u32::MAX) => SearchLimit::Depth(value as u32),
        "movetime" if value > 0 => SearchLimit::Movetime(value),
        _ => {
            return Err(PyValueError::new_err(format!(
                "a limit must be nodes, depth or movetime, above 0: got {kind} {value}"
            )));
        }
    };
    if multipv == 0 {
        return Err(PyValueError::new_err("multipv must be at least 1"));
    }
    if !(timeout.is_finite() && timeout > 0.0) {
        return Err(PyValueError::new_err(
            "timeout must be a positive number of seconds",
        ));
    }
    let mut spec = EngineSpec::new(command, limit);
    spec.options = options;
    spec.multipv = multipv;
    spec.timeout = Duration::from_secs_f64(timeout);
    Ok(spec)
}

/// Plans `files` from ply `from_ply`: a dict of `games`, `positions` (repeats counted),
/// `jobs` (the distinct positions as job tuples, in the order first met) and `bad_games`
/// (`(file, game, line, reason)`).
#[pyfunction]
#[pyo3(signature = (files, from_ply = 0))]
fn _analyse_plan<'py>(
    py: Python<'py>,
    files: Vec<String>,
    from_ply: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let plan = py
        .detach(|| analyse::plan_files(&files, from_ply))
        .map_err(py_error)?;
    let dict = PyDict::new(py);
    dict.set_item("games", plan.games)?;
    dict.set_item("positions", plan.positions)?;
    let jobs: Vec<JobTuple> = plan.jobs.iter().map(job_tuple).collect();
    dict.set_item("jobs", jobs)?;
    let bad: Vec<(String, usize, usize, String)> = plan
        .bad_games
        .iter()
        .map(|b| {
            (
                b.file.display().to_string(),
                b.game,
                b.line,
                b.reason.clone(),
            )
        })
        .collect();
    dict.set_item("bad_games", bad)?;
    Ok(dict)
}

/// The 128-bit key of a position (its FEN, its variant's UCI name), as an int.
#[pyfunction]
#[pyo3(signature = (fen, variant = "chess"))]
fn _analyse_key(fen: &str, variant: &str) -> PyResult<u128> {
    let variant = Variant::from_name(variant)
        .ok_or_else(|| PyValueError::new_err(format!("unknown variant: {variant:?}")))?;
    Ok(analyse::position_key(fen, variant).0)
}

/// An engine command line split into words as `bitmove analyse --engine` splits it
/// (quotes and backslashes as a shell's).
#[pyfunction]
fn _analyse_split_command(command: &str) -> PyResult<Vec<String>> {
    bitmove::engine::split_words(command)
        .map_err(|why| PyValueError::new_err(format!("the engine command {command:?}: {why}")))
}

/// The setting tuple of an engine called `engine` run with these options and limit.
#[pyfunction]
#[pyo3(signature = (engine, options, limit, multipv = 1))]
fn _analyse_setting(
    engine: String,
    options: Vec<(String, String)>,
    limit: (String, u64),
    multipv: u32,
) -> PyResult<SettingTuple> {
    let spec = spec_of(vec![engine.clone()], options, limit, multipv, 30.0)?;
    let s = Setting::new(&engine, &spec);
    Ok((s.engine, s.options, s.limit, s.multipv))
}

/// A library object behind a lock that `close`/`quit`/`stop` can take away: `what` names it
/// in the errors ("the cache was poisoned", "the cache is closed").
struct Slot<T> {
    value: Mutex<Option<T>>,
    what: &'static str,
    gone: &'static str,
}

impl<T> Slot<T> {
    fn new(value: T, what: &'static str, gone: &'static str) -> Slot<T> {
        Slot {
            value: Mutex::new(Some(value)),
            what,
            gone,
        }
    }

    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Option<T>>> {
        self.value
            .lock()
            .map_err(|_| PyRuntimeError::new_err(format!("the {} was poisoned", self.what)))
    }

    /// Runs `f` on the object; `ValueError` once it has been taken.
    fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> PyResult<R> {
        let mut guard = self.lock()?;
        let value = guard
            .as_mut()
            .ok_or_else(|| PyValueError::new_err(format!("the {} {}", self.what, self.gone)))?;
        Ok(f(value))
    }

    /// Takes the object out (`None` when already taken).
    fn take(&self) -> PyResult<Option<T>> {
        Ok(self.lock()?.take())
    }
}

/// The SQLite cache of evaluations (`bitmove::analyse::Cache`).
#[pyclass(module = "bitmove._bitmove", name = "_AnalysisCache")]
pub struct AnalysisCache {
    cache: Slot<Cache>,
}

impl AnalysisCache {
    fn with<T>(&self, f: impl FnOnce(&mut Cache) -> Result<T, AnalyseError>) -> PyResult<T> {
        self.cache.with(f)?.map_err(py_error)
    }
}

#[pymethods]
impl AnalysisCache {
    /// Opens (or creates) the cache at `path`; `None`: one in memory.
    #[new]
    #[pyo3(signature = (path = None))]
    fn new(py: Python<'_>, path: Option<std::path::PathBuf>) -> PyResult<AnalysisCache> {
        let cache = py
            .detach(|| match &path {
                Some(p) => Cache::open(p),
                None => Cache::open_in_memory(),
            })
            .map_err(py_error)?;
        Ok(AnalysisCache {
            cache: Slot::new(cache, "cache", "is closed"),
        })
    }

    /// The keys (hex) stored for `setting`.
    fn keys(&self, setting: SettingTuple) -> PyResult<std::collections::HashSet<String>> {
        let setting = setting_of(&setting);
        self.with(|c| Ok(c.keys(&setting)?.iter().map(|k| k.to_string()).collect()))
    }

    /// The answer stored for `key` (hex) and `setting`: an evaluation, else a failure,
    /// else `None`.
    fn get<'py>(
        &self,
        py: Python<'py>,
        setting: SettingTuple,
        key: &str,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let setting = setting_of(&setting);
        let key = parse_key(key)?;
        let answer = self.with(|c| {
            Ok(match c.get(&setting, key)? {
                Some(e) => Some(Analysed::Done(e)),
                None => c.failure(&setting, key)?.map(Analysed::Failed),
            })
        })?;
        answer.map(|a| answer_dict(py, &a)).transpose()
    }

    /// Stores `answers` (dicts as `Worker.analyse` returns them) in one transaction.
    fn store(
        &self,
        py: Python<'_>,
        setting: SettingTuple,
        answers: Vec<Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let setting = setting_of(&setting);
        let batch: Vec<Analysed> = answers.iter().map(answer_of).collect::<PyResult<_>>()?;
        py.detach(|| self.with(|c| c.store(&setting, &batch)))
    }

    /// Writes the games of `files` to `pgn` (a path) annotated from this cache's answers
    /// for `setting`, and their plies to `positions` (a path, or `None`); returns the
    /// summary as a dict.
    #[pyo3(signature = (files, setting, pgn, positions = None, from_ply = 0, judgements = false))]
    #[allow(clippy::too_many_arguments)]
    fn write<'py>(
        &self,
        py: Python<'py>,
        files: Vec<String>,
        setting: SettingTuple,
        pgn: std::path::PathBuf,
        positions: Option<std::path::PathBuf>,
        from_ply: usize,
        judgements: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let setting = setting_of(&setting);
        let options = OutputOptions {
            from_ply,
            judgements,
            ..OutputOptions::default()
        };
        let summary = py.detach(|| {
            let create = |p: &std::path::Path| {
                File::create(p)
                    .map(BufWriter::new)
                    .map_err(|e| AnalyseError::Io(format!("cannot write {}", p.display()), e))
            };
            let mut out = create(&pgn).map_err(py_error)?;
            let mut jsonl = positions
                .as_deref()
                .map(create)
                .transpose()
                .map_err(py_error)?;
            self.with(|c| {
                analyse::write_outputs(
                    &files,
                    &options,
                    c,
                    &setting,
                    &mut out,
                    jsonl.as_mut().map(|w| w as &mut dyn Write),
                )
            })
        })?;
        summary_dict(py, &summary)
    }

    /// The plies of `files` with this cache's answers for `setting`, as JSON Lines text
    /// (the `positions` output's lines).
    #[pyo3(signature = (files, setting, from_ply = 0, judgements = false))]
    fn results(
        &self,
        py: Python<'_>,
        files: Vec<String>,
        setting: SettingTuple,
        from_ply: usize,
        judgements: bool,
    ) -> PyResult<String> {
        let setting = setting_of(&setting);
        let options = OutputOptions {
            from_ply,
            judgements,
            ..OutputOptions::default()
        };
        let bytes = py.detach(|| {
            let mut lines: Vec<u8> = Vec::new();
            self.with(|c| {
                analyse::write_outputs(
                    &files,
                    &options,
                    c,
                    &setting,
                    &mut std::io::sink(),
                    Some(&mut lines),
                )
            })?;
            Ok::<_, PyErr>(lines)
        })?;
        String::from_utf8(bytes).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Commits and closes the database (later calls raise `ValueError`).
    fn close(&self) -> PyResult<()> {
        self.cache.take().map(drop)
    }
}

fn summary_dict<'py>(
    py: Python<'py>,
    summary: &analyse::WriteSummary,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("games", summary.games)?;
    dict.set_item("written", summary.written)?;
    dict.set_item("positions", summary.positions)?;
    dict.set_item("evaluated", summary.evaluated)?;
    dict.set_item("missing", summary.missing)?;
    let failed: Vec<(usize, usize, String, String)> = summary
        .failed
        .iter()
        .map(|(game, ply, f)| (*game, *ply, f.fen.clone(), f.reason.clone()))
        .collect();
    dict.set_item("failed", failed)?;
    Ok(dict)
}

/// One engine process in this Python process (`bitmove::analyse::Worker`): restarted when
/// it dies or hangs; the GIL is released while it searches.
#[pyclass(module = "bitmove._bitmove", name = "_AnalysisWorker")]
pub struct AnalysisWorker {
    worker: Slot<analyse::Worker>,
    name: String,
}

#[pymethods]
impl AnalysisWorker {
    #[new]
    #[pyo3(signature = (command, options, limit, multipv = 1, timeout = 30.0))]
    fn new(
        py: Python<'_>,
        command: Vec<String>,
        options: Vec<(String, String)>,
        limit: (String, u64),
        multipv: u32,
        timeout: f64,
    ) -> PyResult<AnalysisWorker> {
        let spec = spec_of(command, options, limit, multipv, timeout)?;
        let worker = py
            .detach(|| analyse::Worker::start(&spec))
            .map_err(py_error)?;
        Ok(AnalysisWorker {
            name: worker.engine_name().to_string(),
            worker: Slot::new(worker, "worker", "has quit"),
        })
    }

    /// The engine's `id name`.
    #[getter]
    fn engine_name(&self) -> &str {
        &self.name
    }

    /// How many times the engine was started again.
    #[getter]
    fn restarts(&self) -> PyResult<u32> {
        Ok(self.worker.lock()?.as_ref().map_or(0, |w| w.restarts()))
    }

    /// Analyses one job tuple; returns the answer dict.
    fn analyse<'py>(&self, py: Python<'py>, job: JobTuple) -> PyResult<Bound<'py, PyDict>> {
        let job = job_of(job)?;
        let answer = py.detach(|| self.worker.with(|w| w.analyse(&job)))?;
        answer_dict(py, &answer)
    }

    /// Quits the engine.
    fn quit(&self, py: Python<'_>) -> PyResult<()> {
        if let Some(w) = self.worker.take()? {
            py.detach(|| w.quit());
        }
        Ok(())
    }
}

/// J engine processes on threads fed from one queue (`bitmove::analyse::Pool`).
#[pyclass(module = "bitmove._bitmove", name = "_AnalysisPool")]
pub struct AnalysisPool {
    pool: Slot<Pool>,
    name: String,
}

impl AnalysisPool {
    fn with<T>(&self, f: impl FnOnce(&mut Pool) -> T) -> PyResult<T> {
        self.pool.with(f)
    }
}

#[pymethods]
impl AnalysisPool {
    #[new]
    #[pyo3(signature = (command, options, limit, multipv = 1, engines = 1, timeout = 30.0))]
    fn new(
        py: Python<'_>,
        command: Vec<String>,
        options: Vec<(String, String)>,
        limit: (String, u64),
        multipv: u32,
        engines: usize,
        timeout: f64,
    ) -> PyResult<AnalysisPool> {
        if engines == 0 {
            return Err(PyValueError::new_err("engines must be at least 1"));
        }
        let spec = spec_of(command, options, limit, multipv, timeout)?;
        let pool = py
            .detach(|| Pool::start(&spec, engines))
            .map_err(py_error)?;
        Ok(AnalysisPool {
            name: pool.engine_name().to_string(),
            pool: Slot::new(pool, "pool", "has stopped"),
        })
    }

    /// The engine's `id name`.
    #[getter]
    fn engine_name(&self) -> &str {
        &self.name
    }

    /// How many times an engine was started again.
    #[getter]
    fn restarts(&self) -> PyResult<u32> {
        self.with(|p| p.restarts())
    }

    /// Queues a job tuple.
    fn submit(&self, job: JobTuple) -> PyResult<()> {
        let job = job_of(job)?;
        self.with(|p| p.submit(job))
    }

    /// No more jobs: `recv` returns `None` once all are answered.
    fn close(&self) -> PyResult<()> {
        self.with(|p| p.close())
    }

    /// The next answer dict; `None` when closed and all answered, or after `timeout`
    /// seconds without one (then `done` tells which).
    #[pyo3(signature = (timeout = 0.2))]
    fn recv<'py>(
        &self,
        py: Python<'py>,
        timeout: f64,
    ) -> PyResult<(Option<Bound<'py, PyDict>>, bool)> {
        let wait = Duration::from_secs_f64(timeout.clamp(0.0, 3600.0));
        let got = py.detach(|| self.with(|p| p.recv_timeout(wait)))?;
        match got {
            Ok(answer) => Ok((Some(answer_dict(py, &answer)?), false)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Ok((None, false)),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Ok((None, true)),
        }
    }

    /// Stops the engines (each finishes its position; queued jobs are dropped) and waits
    /// for them.
    fn stop(&self, py: Python<'_>) -> PyResult<()> {
        if let Some(mut p) = self.pool.take()? {
            py.detach(|| {
                p.stop();
                p.join();
            });
        }
        Ok(())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_analyse_plan, m)?)?;
    m.add_function(wrap_pyfunction!(_analyse_key, m)?)?;
    m.add_function(wrap_pyfunction!(_analyse_setting, m)?)?;
    m.add_function(wrap_pyfunction!(_analyse_split_command, m)?)?;
    m.add_class::<AnalysisCache>()?;
    m.add_class::<AnalysisWorker>()?;
    m.add_class::<AnalysisPool>()?;
    Ok(())
}
