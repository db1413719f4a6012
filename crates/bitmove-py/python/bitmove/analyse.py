"""Engine analysis of game files: ``bitmove.analyse(files, engine, nodes=...)``.

The Python face of ``bitmove analyse``: the same options, the same SQLite cache and the same
outputs, through the library's planner, cache, engine pool and writer (``bitmove::analyse``,
bound in ``bitmove._bitmove``). With ``out`` (and ``positions``) the games are written back
with ``[%eval ...]`` comments and a :class:`Summary` is returned; without, an iterator of
:class:`PlyResult`. Each distinct position is analysed once, by its 128-bit key, across
games and runs: a run stopped by Ctrl-C (the engines are stopped and the cache committed)
continues where it stopped when called again with the same cache.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from bitmove import _bitmove
from bitmove._scores import Cp, Mate, PovScore, PovWdl, Wdl

__all__ = ["PlyResult", "Summary", "analyse"]

#: Answers stored per transaction.
BATCH = 64

Progress = Callable[[int, int], None]
EngineCommand = Union[str, "os.PathLike[str]", Iterable[str]]


@dataclass(frozen=True)
class PlyResult:
    """One analysed ply of one game: the position before ``move`` and what the engine said
    about it (``score`` and ``wdl`` as python-chess's ``PovScore``/``PovWdl``, from White's
    point of view; ``None`` when the engine failed on it, then ``error`` says why)."""

    game: int
    ply: int
    fen: str
    move: str
    score: PovScore | None
    wdl: PovWdl | None
    best_move: str | None
    pv: list[str]
    depth: int | None
    nodes: int | None
    judgement: str | None = None
    error: str | None = None


@dataclass
class Summary:
    """What a run with ``out`` did."""

    games: int
    written: int
    positions: int
    distinct: int
    from_cache: int
    analysed: int
    evaluated: int
    missing: int
    restarts: int
    seconds: float
    engine: str
    cache: str | None
    failed: list[tuple[int, int, str, str]] = field(default_factory=list)
    bad_games: list[tuple[str, int, int, str]] = field(default_factory=list)


def _score(value: dict[str, Any] | None) -> PovScore | None:
    if value is None:
        return None
    if "mate" in value:
        return PovScore(Mate(int(value["mate"])), True)
    return PovScore(Cp(int(value["cp"])), True)


def _wdl(value: list[int] | None) -> PovWdl | None:
    if value is None:
        return None
    return PovWdl(Wdl(*value), True)


def result_of_line(line: dict[str, Any]) -> PlyResult:
    """A :class:`PlyResult` from one line of the ``positions`` JSON Lines."""
    return PlyResult(
        game=line["game"],
        ply=line["ply"],
        fen=line["fen"],
        move=line["move"],
        score=_score(line.get("score")),
        wdl=_wdl(line.get("wdl")),
        best_move=line.get("best"),
        pv=list(line.get("pv") or []),
        depth=line.get("depth"),
        nodes=line.get("nodes"),
        judgement=line.get("judgement"),
        error=line.get("error"),
    )


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    return str(value)


@dataclass(frozen=True)
class Run:
    """Checked arguments of a run, shared with ``python -m bitmove.cluster analyse``."""

    files: list[str]
    command: list[str]
    options: list[tuple[str, str]]
    limit: tuple[str, int]
    multipv: int
    from_ply: int
    timeout: float

    def setting(self, engine_name: str) -> tuple[str, str, str, int]:
        """The cache's setting for an engine that calls itself ``engine_name``."""
        return _bitmove._analyse_setting(engine_name, self.options, self.limit, self.multipv)


def check_run(
    files: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    engine: EngineCommand,
    options: Mapping[str, object] | None,
    nodes: int | None,
    depth: int | None,
    movetime: int | None,
    multipv: int,
    from_ply: int,
    timeout: float,
) -> Run:
    """Checks the arguments (``ValueError`` for bad ones, as ``bitmove analyse`` refuses
    them)."""
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    paths = [os.fspath(f) for f in files]
    if not paths:
        raise ValueError("no input files given")
    if isinstance(engine, str):
        command = _bitmove._analyse_split_command(engine)
    elif isinstance(engine, os.PathLike):
        command = [os.fspath(engine)]
    else:
        command = [os.fspath(word) for word in engine]
    if not command:
        raise ValueError("the engine command is empty")
    limits = [(k, v) for k, v in (("nodes", nodes), ("depth", depth), ("movetime", movetime))]
    given = [(k, v) for k, v in limits if v is not None]
    if len(given) != 1:
        raise ValueError("give one of nodes, depth, movetime")
    kind, value = given[0]
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{kind} must be a positive int, not {value!r}")
    if isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1:
        raise ValueError(f"multipv must be an int of at least 1, not {multipv!r}")
    if isinstance(from_ply, bool) or not isinstance(from_ply, int) or from_ply < 0:
        raise ValueError(f"from_ply must be an int of at least 0, not {from_ply!r}")
    if not (isinstance(timeout, (int, float)) and 0 < timeout < float("inf")):
        raise ValueError("timeout must be a positive number of seconds")
    pairs = [(str(name), _option_text(v)) for name, v in (options or {}).items()]
    return Run(paths, command, pairs, (kind, value), multipv, from_ply, float(timeout))


class Bar:
    """A one-line progress display on standard error, positions/s and an ETA."""

    def __init__(self, total: int, from_cache: int):
        self.total = total
        self.from_cache = from_cache
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.2 and done < total:
            return
        self.last = now
        elapsed = now - self.start
        rate = done / max(elapsed, 1e-9)
        eta = (total - done) / rate if done else 0.0
        sys.stderr.write(
            f"\r{done}/{total} positions, {rate:.1f}/s, ETA {eta:.0f} s, "
            f"{self.from_cache} from cache  "
        )
        sys.stderr.flush()

    def finish(self) -> None:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def _progress(progress: Progress | bool | None, total: int, from_cache: int) -> Any:
    if progress is None:
        progress = sys.stderr.isatty()
    if progress is True:
        return Bar(total, from_cache)
    if progress is False:
        return None
    return progress


def run_pool(
    run: Run,
    cache: _bitmove._AnalysisCache,
    engines: int,
    progress: Progress | bool | None,
) -> dict[str, Any]:
    """Plans ``run``'s files, analyses the positions ``cache`` lacks on a pool of
    ``engines`` engine processes, storing the answers as they come; returns the counts."""
    plan = _bitmove._analyse_plan(run.files, run.from_ply)
    if plan["games"] == 0:
        raise ValueError("no games in the input")
    pool = _bitmove._AnalysisPool(
        run.command, run.options, run.limit, run.multipv, engines, run.timeout
    )
    analysed = 0
    try:
        setting = run.setting(pool.engine_name)
        cached = cache.keys(setting)
        todo = [job for job in plan["jobs"] if job[0] not in cached]
        for job in todo:
            pool.submit(job)
        pool.close()
        bar = _progress(progress, len(todo), len(plan["jobs"]) - len(todo))
        batch: list[dict[str, Any]] = []
        try:
            while True:
                answer, done = pool.recv(0.2)
                if answer is not None:
                    batch.append(answer)
                    analysed += 1
                    if len(batch) >= BATCH:
                        cache.store(setting, batch)
                        batch = []
                    if bar:
                        bar(analysed, len(todo))
                elif done:
                    break
        finally:
            # Also on Ctrl-C: what was answered is kept, so the same call continues.
            cache.store(setting, batch)
            if isinstance(bar, Bar):
                bar.finish()
        restarts = pool.restarts
    finally:
        pool.stop()
    return {
        "plan": plan,
        "setting": setting,
        "engine": pool.engine_name,
        "from_cache": len(plan["jobs"]) - len(todo),
        "analysed": analysed,
        "restarts": restarts,
    }


def summary_of(
    counts: dict[str, Any], written: dict[str, Any], seconds: float, cache: str | None
) -> Summary:
    plan = counts["plan"]
    return Summary(
        games=written["games"],
        written=written["written"],
        positions=written["positions"],
        distinct=len(plan["jobs"]),
        from_cache=counts["from_cache"],
        analysed=counts["analysed"],
        evaluated=written["evaluated"],
        missing=written["missing"],
        restarts=counts["restarts"],
        seconds=seconds,
        engine=counts["engine"],
        cache=cache,
        failed=list(written["failed"]),
        bad_games=list(plan["bad_games"]),
    )


def default_cache(out: str | os.PathLike[str]) -> str:
    """The cache file used without ``cache``: ``out`` with its extension replaced by
    ``.analysis.sqlite``, as ``bitmove analyse`` names it."""
    root, _ = os.path.splitext(os.fspath(out))
    return root + ".analysis.sqlite"


def analyse(
    files: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    engine: EngineCommand,
    *,
    options: Mapping[str, object] | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    movetime: int | None = None,
    multipv: int = 1,
    engines: int | None = None,
    from_ply: int = 0,
    out: str | os.PathLike[str] | None = None,
    positions: str | os.PathLike[str] | None = None,
    cache: str | os.PathLike[str] | None = None,
    judgements: bool = False,
    progress: Progress | bool | None = None,
    timeout: float = 30.0,
) -> Summary | Iterator[PlyResult]:
    """Analyses every position of the games in ``files`` with the UCI engine ``engine`` (a
    command line as ``bitmove analyse --engine`` takes it, or a list of words), each distinct
    position once, to ``nodes``, ``depth`` or ``movetime`` (milliseconds; give exactly one).

    ``options`` are UCI options set on each engine (in order); ``engines`` processes run at
    once (default: the cores); ``from_ply`` skips the plies before it. The answers are kept
    in the SQLite file ``cache`` (default with ``out``: ``out`` with ``.analysis.sqlite``;
    without ``out``: in memory).

    With ``out``, writes the games there as python-chess writes them with ``[%eval ...]``
    (and ``?!``/``?``/``??`` with ``judgements``), each ply to the JSON Lines ``positions``,
    and returns a :class:`Summary`. Without, returns an iterator of :class:`PlyResult`, one
    per ply of each game that reads (the analysis runs when iteration starts).

    ``progress``: ``True`` a bar on standard error, ``False`` none, a callable
    ``(done, total)``; default: a bar when standard error is a terminal. Raises
    ``ValueError`` for bad arguments, ``bitmove.engine.EngineError`` (or
    ``EngineTerminatedError``) when the engine cannot be started or configured, ``OSError``
    for files.
    """
    run = check_run(files, engine, options, nodes, depth, movetime, multipv, from_ply, timeout)
    if engines is None:
        engines = os.cpu_count() or 1
    if isinstance(engines, bool) or not isinstance(engines, int) or engines < 1:
        raise ValueError(f"engines must be an int of at least 1, not {engines!r}")
    if out is None and positions is not None:
        raise ValueError("positions needs out")
    if out is None:
        return _results(run, cache, engines, judgements, progress)
    cache_path = os.fspath(cache) if cache is not None else default_cache(out)
    start = time.monotonic()
    store = _bitmove._AnalysisCache(cache_path)
    try:
        counts = run_pool(run, store, engines, progress)
        written = store.write(
            run.files,
            counts["setting"],
            os.fspath(out),
            os.fspath(positions) if positions is not None else None,
            run.from_ply,
            judgements,
        )
    finally:
        store.close()
    return summary_of(counts, written, time.monotonic() - start, cache_path)


def _results(
    run: Run,
    cache: str | os.PathLike[str] | None,
    engines: int,
    judgements: bool,
    progress: Progress | bool | None,
) -> Iterator[PlyResult]:
    import json

    store = _bitmove._AnalysisCache(os.fspath(cache) if cache is not None else None)
    try:
        counts = run_pool(run, store, engines, progress)
        text = store.results(run.files, counts["setting"], run.from_ply, judgements)
    finally:
        store.close()
    for line in text.splitlines():
        yield result_of_line(json.loads(line))
