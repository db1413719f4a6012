"""The PGN examples: the training-array script on a small .pgn.zst, and the Dask example
spreading files over a local cluster on 127.0.0.1 (stopped by the example, also when a task
fails)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import bitmove.pgn
import bitmove.vocab
import numpy as np
import pytest
from zstd_frames import write_zst

chess_pgn = pytest.importorskip("chess.pgn")

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
DATA = HERE.parents[2] / "tests" / "data" / "pgn"


def python_chess_plies(path: Path) -> list[int]:
    """Plies of each game python-chess reads without error (standard chess)."""
    handle = io.StringIO(path.read_text(encoding="utf-8"))
    plies = []
    while (game := chess_pgn.read_game(handle)) is not None:
        plies.append(None if game.errors else len(list(game.mainline_moves())))
    return plies


def test_training_arrays_from_a_zst_file(tmp_path):
    out = tmp_path / "train.npz"
    packed = write_zst(DATA / "lichess-2021-10-30.pgn", tmp_path / "lichess.pgn.zst")
    run = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "pgn_to_training_arrays.py"),
            str(packed),
            str(out),
            "--threads",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    # The progress bar: a share of the compressed file's size, at 100% once it is read.
    assert "positions" in run.stderr and "100.0%" in run.stderr.splitlines()[-1], run.stderr
    arrays = np.load(out)
    plies = python_chess_plies(DATA / "lichess-2021-10-30.pgn")
    assert len(arrays["move"]) == sum(p for p in plies if p)
    assert arrays["planes"].shape == (len(arrays["move"]), 12, 8, 8)
    assert arrays["mask"].shape == (len(arrays["move"]), 1968)
    assert list(arrays["vocab"]) == list(bitmove.vocab.uci1968)
    # The move played is always legal: marked in its mask.
    assert arrays["mask"][np.arange(len(arrays["move"])), arrays["move"]].all()
    value = arrays["value"]
    assert set(np.unique(value)) <= {-1, 0, 1}
    # White to move in a game White won: +1.
    white_won = (arrays["result"] == 1) & arrays["turn"]
    assert (value[white_won] == 1).all()


def test_training_arrays_filters_and_limits(tmp_path):
    out = tmp_path / "few.npz"
    args = [
        str(DATA / "lichess-2021-10-30.pgn"),
        str(out),
        "--max-positions",
        "100",
        "--min-elo",
        "1500",
        "--vocab",
        "from_to",
        "--no-progress",
    ]
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "pgn_to_training_arrays.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    arrays = np.load(out)
    assert len(arrays["move"]) == 100
    assert (arrays["white_elo"] >= 1500).all() and (arrays["black_elo"] >= 1500).all()
    assert arrays["mask"].shape == (100, 4096)


def run_dask_example(args, timeout=240):
    """Runs the Dask example in its own session; whatever it started is killed at the end,
    even when the test fails. Returns (returncode, stdout, stderr, processes left)."""
    import psutil

    child = subprocess.Popen(
        [sys.executable, str(EXAMPLES / "pgn_dask.py"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = child.communicate(timeout=timeout)
        deadline = time.monotonic() + 20
        while True:
            left = [p for p in psutil.process_iter() if session_of(p) == child.pid]
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        return child.returncode, out, err, left
    finally:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()


def session_of(process):
    try:
        return os.getsid(process.pid)
    except OSError:
        return None


def test_dask_spreads_files_and_gathers_them_in_order(tmp_path):
    pytest.importorskip("distributed")
    write_zst(DATA / "lichess-2021-10-30.pgn", tmp_path / "lichess-2021-10-30.pgn.zst")
    names = [
        "lichess-2021-10-30.pgn",
        "masters-carlsen-30.pgn",
        "lichess-2021-10-30.pgn.zst",
        "chesslib-z0.pgn",
        "tcec-frc-1.pgn",
    ]
    paths = [str((tmp_path if name.endswith(".zst") else DATA) / name) for name in names]
    code, out, err, left = run_dask_example([*paths, "--workers", "2"])
    assert code == 0, err
    assert not left, left
    summaries = [json.loads(line) for line in out.splitlines()]
    assert [s["path"] for s in summaries] == paths
    for name, path, summary in zip(names, paths, summaries):
        records = list(bitmove.pgn.games(path, threads=1))
        assert summary["games"] == len(records)
        # Independent count: python-chess's games and plies.
        plies = python_chess_plies(DATA / name.removesuffix(".zst"))
        assert summary["games"] == len(plies), name
        assert summary["plies"] == sum(p for p in plies if p), name
    assert summaries[0] == {**summaries[2], "path": summaries[0]["path"]}


def test_dask_on_a_running_scheduler(dask_cluster, tmp_path):
    # `--scheduler`: an external `dask scheduler` and two `dask worker`s (conftest), which
    # the example uses and leaves running.
    address, workers = dask_cluster
    names = ["masters-fischer-30.pgn", "tcec-frc-2-5.pgn", "lichess-2021-10-30.pgn"]
    paths = [str(DATA / name) for name in names]
    code, out, err, left = run_dask_example([*paths, "--scheduler", address])
    assert code == 0, err
    assert not left, left
    summaries = [json.loads(line) for line in out.splitlines()]
    assert [s["path"] for s in summaries] == paths
    for name, summary in zip(names, summaries):
        plies = python_chess_plies(DATA / name)
        assert (summary["games"], summary["plies"]) == (len(plies), sum(p for p in plies if p))
    assert all(worker.poll() is None for worker in workers)


def test_dask_cluster_is_stopped_when_a_task_fails(tmp_path):
    pytest.importorskip("distributed")
    # A directory exists but is no PGN file: its task fails on a worker.
    code, out, err, left = run_dask_example(
        [str(DATA / "chesslib-z0.pgn"), str(tmp_path), "--workers", "2"]
    )
    assert code == 1, (out, err)
    assert "error:" in err
    assert not left, left
