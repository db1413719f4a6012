//! The cache: the engine's answers in an SQLite file, one row per (position, setting).

use std::collections::HashSet;
use std::path::Path;
use std::string::{String, ToString};
use std::vec::Vec;

use rusqlite::{Connection, OptionalExtension, ToSql, params_from_iter};
use serde_json::{Value, json};

use super::{AnalyseError, Analysed, Evaluation, Failure, Line, PositionKey, Setting};
use crate::pgn::Eval;

/// The version of [`SCHEMA`], kept in the `meta` table (`schema_version`).
pub const SCHEMA_VERSION: i64 = 1;

/// The tables. Scores and WDL are from White's point of view; `key` is the position's
/// [`PositionKey`] in hex; (`engine`, `options`, `search`, `multipv`) is the [`Setting`];
/// `pv` and `best_move` are UCI, moves separated by spaces; `lines` is a JSON array of the
/// MultiPV lines, best first, each `{"cp", "mate", "wdl", "pv", "depth"}`.
pub const SCHEMA: &str = "\
CREATE TABLE IF NOT EXISTS meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS evaluations (
    key TEXT NOT NULL,
    engine TEXT NOT NULL,
    options TEXT NOT NULL,
    search TEXT NOT NULL,
    multipv INTEGER NOT NULL,
    fen TEXT NOT NULL,
    cp INTEGER,
    mate INTEGER,
    wdl_white INTEGER,
    wdl_draw INTEGER,
    wdl_black INTEGER,
    best_move TEXT,
    pv TEXT NOT NULL,
    depth INTEGER,
    seldepth INTEGER,
    nodes INTEGER,
    lines TEXT NOT NULL,
    PRIMARY KEY (key, engine, options, search, multipv)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS failures (
    key TEXT NOT NULL,
    engine TEXT NOT NULL,
    options TEXT NOT NULL,
    search TEXT NOT NULL,
    multipv INTEGER NOT NULL,
    fen TEXT NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (key, engine, options, search, multipv)
) WITHOUT ROWID;
";

/// The analysis cache: an SQLite file in WAL mode ([`SCHEMA`]). [`store`](Cache::store)
/// writes a batch in one transaction, so a process killed at any moment loses at most the
/// batch it was storing; a position analysed successfully clears its failure row.
pub struct Cache {
    conn: Connection,
}

impl Cache {
    /// Opens (or creates) the cache file.
    pub fn open(path: impl AsRef<Path>) -> Result<Cache, AnalyseError> {
        let path = path.as_ref();
        let conn = Connection::open(path).map_err(|e| {
            AnalyseError::Cache(std::format!("cannot open {}: {e}", path.display()))
        })?;
        Cache::setup(conn).map_err(|e| match e {
            AnalyseError::Cache(why) => {
                AnalyseError::Cache(std::format!("{}: {why}", path.display()))
            }
            other => other,
        })
    }

    /// A cache in memory (for tests and one-off runs).
    pub fn open_in_memory() -> Result<Cache, AnalyseError> {
        Cache::setup(Connection::open_in_memory()?)
    }

    fn setup(conn: Connection) -> Result<Cache, AnalyseError> {
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        let _mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        conn.execute_batch("PRAGMA synchronous=NORMAL;")?;
        conn.execute_batch(SCHEMA)?;
        let version: Option<String> = conn
            .query_row(
                "SELECT value FROM meta WHERE name = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        match version {
            None => {
                conn.execute(
                    "INSERT INTO meta (name, value) VALUES ('schema_version', ?1)",
                    [SCHEMA_VERSION.to_string()],
                )?;
            }
            Some(v) if v == SCHEMA_VERSION.to_string() => {}
            Some(v) => {
                return Err(AnalyseError::Cache(std::format!(
                    "schema version {v}, this bitmove reads version {SCHEMA_VERSION}"
                )));
            }
        }
        Ok(Cache { conn })
    }

    /// The connection, for queries of one's own.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The keys of the positions with an evaluation for `setting`.
    pub fn keys(&self, setting: &Setting) -> Result<HashSet<PositionKey>, AnalyseError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT key FROM evaluations WHERE engine = ?1 AND options = ?2 AND search = ?3 AND multipv = ?4",
        )?;
        let rows = statement.query_map(params_from_iter(of_setting(setting)), |r| {
            r.get::<_, String>(0)
        })?;
        let mut keys = HashSet::new();
        for key in rows {
            let key = key?;
            keys.insert(
                PositionKey::from_hex(&key)
                    .ok_or_else(|| AnalyseError::Cache(std::format!("a bad key {key:?}")))?,
            );
        }
        Ok(keys)
    }

    /// The evaluation of `key` for `setting`, if stored.
    pub fn get(
        &self,
        setting: &Setting,
        key: PositionKey,
    ) -> Result<Option<Evaluation>, AnalyseError> {
        let mut statement = self.conn.prepare_cached(&std::format!(
            "SELECT fen, cp, mate, wdl_white, wdl_draw, wdl_black, best_move, pv, depth, seldepth, nodes, lines \
             FROM evaluations WHERE {ROW}"
        ))?;
        let hex = key.to_string();
        let row = statement
            .query_row(params_from_iter(keyed(&hex, setting, &[])), |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<i64>>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    (
                        r.get::<_, Option<i64>>(3)?,
                        r.get::<_, Option<i64>>(4)?,
                        r.get::<_, Option<i64>>(5)?,
                    ),
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, String>(7)?,
                    (
                        r.get::<_, Option<i64>>(8)?,
                        r.get::<_, Option<i64>>(9)?,
                        r.get::<_, Option<i64>>(10)?,
                    ),
                    r.get::<_, String>(11)?,
                ))
            })
            .optional()?;
        let Some((fen, cp, mate, wdl, best_move, pv, (depth, seldepth, nodes), lines)) = row else {
            return Ok(None);
        };
        let lines: Value = serde_json::from_str(&lines)
            .map_err(|e| AnalyseError::Cache(std::format!("the lines of {key}: {e}")))?;
        let lines = lines
            .as_array()
            .map(|lines| lines.iter().map(line_from_json).collect())
            .unwrap_or_default();
        Ok(Some(Evaluation {
            key,
            fen,
            eval: eval_of(cp, mate),
            wdl: match wdl {
                (Some(w), Some(d), Some(l)) => Some((w, d, l)),
                _ => None,
            },
            best_move,
            pv: words(&pv),
            depth,
            seldepth,
            nodes,
            lines,
        }))
    }

    /// The failure stored for `key` and `setting`, if any (and no evaluation since).
    pub fn failure(
        &self,
        setting: &Setting,
        key: PositionKey,
    ) -> Result<Option<Failure>, AnalyseError> {
        let mut statement = self.conn.prepare_cached(&std::format!(
            "SELECT fen, reason FROM failures WHERE {ROW}"
        ))?;
        let hex = key.to_string();
        let row = statement
            .query_row(params_from_iter(keyed(&hex, setting, &[])), |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })
            .optional()?;
        Ok(row.map(|(fen, reason)| Failure { key, fen, reason }))
    }

    /// Stores `batch` in one transaction: evaluations replace what was stored for their
    /// position and setting, and clear its failure; failures are stored as failures.
    pub fn store(&mut self, setting: &Setting, batch: &[Analysed]) -> Result<(), AnalyseError> {
        if batch.is_empty() {
            return Ok(());
        }
        let tx = self.conn.transaction()?;
        {
            let mut put = tx.prepare_cached(
                "INSERT OR REPLACE INTO evaluations (key, engine, options, search, multipv, fen, cp, mate, \
                 wdl_white, wdl_draw, wdl_black, best_move, pv, depth, seldepth, nodes, lines) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            )?;
            let mut clear = tx.prepare_cached(&std::format!("DELETE FROM failures WHERE {ROW}"))?;
            let mut fail = tx.prepare_cached(
                "INSERT OR REPLACE INTO failures (key, engine, options, search, multipv, fen, reason) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?;
            for answer in batch {
                let key = answer.key().to_string();
                match answer {
                    Analysed::Done(e) => {
                        let (cp, mate) = columns_of(e.eval);
                        let lines: Vec<Value> = e.lines.iter().map(line_to_json).collect();
                        let (w, d, l) =
                            (e.wdl.map(|w| w.0), e.wdl.map(|w| w.1), e.wdl.map(|w| w.2));
                        let (pv, lines) = (e.pv.join(" "), Value::Array(lines).to_string());
                        put.execute(params_from_iter(keyed(
                            &key,
                            setting,
                            &[
                                &e.fen,
                                &cp,
                                &mate,
                                &w,
                                &d,
                                &l,
                                &e.best_move,
                                &pv,
                                &e.depth,
                                &e.seldepth,
                                &e.nodes,
                                &lines,
                            ],
                        )))?;
                        clear.execute(params_from_iter(keyed(&key, setting, &[])))?;
                    }
                    Analysed::Failed(f) => {
                        fail.execute(params_from_iter(keyed(&key, setting, &[&f.fen, &f.reason])))?;
                    }
                }
            }
        }
        tx.commit()?;
        Ok(())
    }
}

/// The condition that picks one position's row for one setting: `?1` the key, `?2`..`?5`
/// the setting (the parameters [`keyed`] gives).
const ROW: &str = "key = ?1 AND engine = ?2 AND options = ?3 AND search = ?4 AND multipv = ?5";

/// The setting's four columns as query parameters.
fn of_setting(setting: &Setting) -> [&dyn ToSql; 4] {
    [
        &setting.engine,
        &setting.options,
        &setting.limit,
        &setting.multipv,
    ]
}

/// The parameters of [`ROW`] (the key, then the setting's four columns) followed by `rest`.
fn keyed<'a>(
    key: &'a dyn ToSql,
    setting: &'a Setting,
    rest: &[&'a dyn ToSql],
) -> Vec<&'a dyn ToSql> {
    let mut all: Vec<&dyn ToSql> = std::vec![key];
    all.extend_from_slice(&of_setting(setting));
    all.extend_from_slice(rest);
    all
}

fn columns_of(eval: Option<Eval>) -> (Option<i64>, Option<i64>) {
    match eval {
        Some(Eval::Centipawns(cp)) => (Some(cp), None),
        Some(Eval::Mate(n)) => (None, Some(n)),
        None => (None, None),
    }
}

fn eval_of(cp: Option<i64>, mate: Option<i64>) -> Option<Eval> {
    match (cp, mate) {
        (_, Some(n)) => Some(Eval::Mate(n)),
        (Some(cp), None) => Some(Eval::Centipawns(cp)),
        (None, None) => None,
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn line_to_json(line: &Line) -> Value {
    let (cp, mate) = columns_of(line.eval);
    json!({
        "cp": cp,
        "mate": mate,
        "wdl": line.wdl.map(|(w, d, l)| [w, d, l]),
        "pv": line.pv.join(" "),
        "depth": line.depth,
    })
}

fn line_from_json(value: &Value) -> Line {
    let int = |name: &str| value.get(name).and_then(Value::as_i64);
    let wdl = value.get("wdl").and_then(Value::as_array).and_then(|w| {
        match (
            w.first().and_then(Value::as_i64),
            w.get(1).and_then(Value::as_i64),
            w.get(2).and_then(Value::as_i64),
        ) {
            (Some(a), Some(b), Some(c)) => Some((a, b, c)),
            _ => None,
        }
    });
    Line {
        eval: eval_of(int("cp"), int("mate")),
        wdl,
        pv: words(value.get("pv").and_then(Value::as_str).unwrap_or("")),
        depth: int("depth"),
    }
}
