"""`python -m bitmove.cluster analyse` on real Dask clusters on 127.0.0.1 with Debian's
Stockfish (one thread, a small node limit, so that answers are deterministic): a
LocalCluster's output equals one process's (`bitmove.analyse(out=...)`) byte for byte; a
worker killed with SIGKILL mid-run changes nothing; a driver killed with SIGKILL and run
again resumes from its cache and writes the same bytes. Every process a test starts is
killed in a `finally`, also when the test fails."""

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import bitmove
import pytest
from conftest import stop

pytest.importorskip("distributed")

_PATH = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
STOCKFISH = shutil.which("stockfish", path=_PATH)
REPO = Path(__file__).resolve().parents[3]
GAMES = REPO / "tests/data/pgn/chess-library-multiple.pgn"
NODES = 3000


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """One process's output for GAMES: (pgn bytes, jsonl bytes, distinct positions)."""
    assert STOCKFISH, "stockfish is not installed (scripts/test-all.sh installs Debian's)"
    where = tmp_path_factory.mktemp("reference")
    summary = bitmove.analyse(
        GAMES, STOCKFISH, nodes=NODES, engines=2, out=where / "r.pgn",
        positions=where / "r.jsonl", progress=False,
    )  # fmt: skip
    assert summary.missing == 0 and not summary.failed
    return (where / "r.pgn").read_bytes(), (where / "r.jsonl").read_bytes(), summary.distinct


def driver(tmp_path, *args, name="out"):
    return subprocess.Popen(
        [sys.executable, "-m", "bitmove.cluster", "analyse", str(GAMES),
         "--engine", STOCKFISH, "--nodes", str(NODES), "--batch", "4",
         "--out", str(tmp_path / f"{name}.pgn"), "--positions", str(tmp_path / f"{name}.jsonl"),
         "--cache", str(tmp_path / f"{name}.sqlite"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def cached_rows(path):
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute("SELECT count(*) FROM evaluations").fetchone()[0]
    except sqlite3.Error:
        return 0


def wait_for_rows(proc, path, count, limit=90):
    deadline = time.monotonic() + limit
    while cached_rows(path) < count and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    assert proc.poll() is None, "finished before it could be killed"


def summary_of(out):
    return dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)


def test_a_local_cluster_writes_what_one_process_writes(reference, tmp_path):
    proc = driver(tmp_path, "--workers", "2")
    try:
        out, err = proc.communicate(timeout=180)
    finally:
        stop(proc)
    assert proc.returncode == 0, err
    pgn, jsonl, distinct = reference
    assert (tmp_path / "out.pgn").read_bytes() == pgn
    assert (tmp_path / "out.jsonl").read_bytes() == jsonl
    summary = summary_of(out)
    assert summary["Analysed"] == str(distinct) and summary["Failed"] == "0"


def test_a_worker_killed_mid_run_changes_nothing(dask_cluster, reference, tmp_path):
    address, workers = dask_cluster
    proc = driver(tmp_path, "--scheduler", address)
    try:
        wait_for_rows(proc, tmp_path / "out.sqlite", 12)
        workers[0].kill()
        _, err = proc.communicate(timeout=180)
    finally:
        stop(proc)
    assert proc.returncode == 0, err
    pgn, jsonl, distinct = reference
    assert (tmp_path / "out.pgn").read_bytes() == pgn
    assert (tmp_path / "out.jsonl").read_bytes() == jsonl
    assert cached_rows(tmp_path / "out.sqlite") == distinct


def test_a_killed_driver_resumes_from_its_cache(dask_cluster, reference, tmp_path):
    address, _ = dask_cluster
    proc = driver(tmp_path, "--scheduler", address)
    try:
        wait_for_rows(proc, tmp_path / "out.sqlite", 12)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        stop(proc)
    kept = cached_rows(tmp_path / "out.sqlite")
    pgn, jsonl, distinct = reference
    assert 12 <= kept < distinct
    assert not (tmp_path / "out.pgn").exists()
    proc = driver(tmp_path, "--scheduler", address)
    try:
        out, err = proc.communicate(timeout=180)
    finally:
        stop(proc)
    assert proc.returncode == 0, err
    summary = summary_of(out)
    assert int(summary["From cache"]) >= kept
    assert int(summary["From cache"]) + int(summary["Analysed"]) == distinct
    assert (tmp_path / "out.pgn").read_bytes() == pgn
    assert (tmp_path / "out.jsonl").read_bytes() == jsonl


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    for extra in [["--depth", "3"], ["--engine-option", "Threads"]]:
        proc = driver(tmp_path, "--workers", "1", *extra)
        try:
            _, err = proc.communicate(timeout=60)
        finally:
            stop(proc)
        assert proc.returncode == 2, err
        assert err.startswith("error: ") and err.count("\n") == 1, err


def cli_binary():
    """The most recently built bitmove CLI of this repository (cargo test builds one)."""
    built = [REPO / "target" / p / "bitmove" for p in ("debug", "release")]
    built = [path for path in built if path.exists()]
    if not built:
        pytest.skip("the bitmove CLI is not built (cargo build)")
    cli = str(max(built, key=lambda path: path.stat().st_mtime))
    if subprocess.run([cli, "analyse", "--help"], capture_output=True, check=False).returncode:
        pytest.skip("the built bitmove CLI has no analyse command (cargo build)")
    return cli


def test_the_cli_writes_what_the_cluster_and_one_process_write(reference, tmp_path):
    cli = cli_binary()
    done = subprocess.run(
        [cli, "analyse", str(GAMES), "--engine", STOCKFISH, "--nodes", str(NODES),
         "--engines", "2", "--out", str(tmp_path / "cli.pgn"),
         "--positions", str(tmp_path / "cli.jsonl"), "--cache", str(tmp_path / "cli.sqlite")],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    pgn, jsonl, _ = reference
    # test_a_local_cluster_writes_what_one_process_writes: the cluster's bytes are these too.
    assert (tmp_path / "cli.pgn").read_bytes() == pgn
    assert (tmp_path / "cli.jsonl").read_bytes() == jsonl
