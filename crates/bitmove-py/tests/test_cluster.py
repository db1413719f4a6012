"""Deep perft in work units: the binding's unit functions and the Dask driver
(`python -m bitmove.cluster`), run as real processes on 127.0.0.1: a LocalCluster, an
external `dask scheduler` with `dask worker`s (one killed mid-run), a driver killed and
restarted, and checkpoints shared with the CLI. Every process a test starts is killed in a
`finally`, also when the test fails."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import bitmove
import pytest
from conftest import free_port, start_dask, stop

pytest.importorskip("distributed")

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BIN = Path(sys.executable).parent
REPO = Path(__file__).resolve().parents[3]


def test_units_times_counts_below_are_the_whole():
    for fen, chess960, depth in [(START, False, 4), (KIWIPETE, False, 3), (CHESS960, True, 3)]:
        for ply in range(depth):
            units = bitmove.work_units(fen, ply, chess960=chess960)
            fens = [f for f, _ in units]
            below = depth - ply
            for threads, hash_mb, seed in [(None, 0, None), (2, 4, None), (2, 1, 5)]:
                nodes = bitmove.perft_many(
                    fens, below, threads=threads, hash_mb=hash_mb, chess960=chess960, hash_seed=seed
                )
                total = sum(m * n for (_, m), n in zip(units, nodes))
                assert total == bitmove.perft(fen, depth, chess960=chess960)
            whole = bitmove.perft_stats(fen, depth, chess960=chess960)
            for seed in [None, 11]:
                stats = bitmove.perft_stats_many(
                    fens, below, threads=2, hash_mb=1, chess960=chess960, hash_seed=seed
                )
                for name in whole:
                    assert sum(m * s[name] for (_, m), s in zip(units, stats)) == whole[name]


def driver(*args, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-m", "bitmove.cluster", "perft", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def finish(proc, timeout=120):
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


def unit_lines(path):
    try:
        text = Path(path).read_text()
    except FileNotFoundError:
        return []
    return [json.loads(line) for line in text.splitlines()[1:] if line.endswith("}")]


def wait_for_units(path, count, limit=60):
    deadline = time.monotonic() + limit
    while len(unit_lines(path)) < count and time.monotonic() < deadline:
        time.sleep(0.01)


def test_a_local_cluster_of_two_workers_is_exact(tmp_path):
    proc = driver("--depth", "5", "--split", "2", "--workers", "2", "--json")
    try:
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    value = json.loads(out)
    assert value["nodes"] == 4_865_609
    assert value["split"] == 2 and value["units"] == 400
    # Keyed by seeded Zobrist keys: the same count.
    proc = driver("--depth", "5", "--split", "1", "--workers", "2", "--hash-seed", "3")
    try:
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    assert out.splitlines()[0] == "Nodes: 4865609"
    # Statistics, a Chess960 position, a checkpoint, text output like the CLI's.
    checkpoint = tmp_path / "c.jsonl"
    proc = driver(
        "--fen", CHESS960, "--chess960", "--depth", "3", "--split", "1", "--workers", "2",
        "--stats", "--checkpoint", str(checkpoint),
    )  # fmt: skip
    try:
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"Nodes: {bitmove.perft(CHESS960, 3, chess960=True)}"
    assert lines[1].startswith("Time: ")
    whole = bitmove.perft_stats(CHESS960, 3, chess960=True)
    assert [line.split()[0] for line in lines[2:]] == [f"{name}:" for name in whole]
    assert [int(line.split()[1]) for line in lines[2:]] == list(whole.values())
    assert len(unit_lines(checkpoint)) == len(bitmove.work_units(CHESS960, 1, chess960=True))


def test_a_worker_killed_mid_run_changes_nothing(dask_cluster, tmp_path):
    address, workers = dask_cluster
    checkpoint = tmp_path / "k.jsonl"
    proc = driver(
        "--fen", KIWIPETE, "--depth", "6", "--split", "2", "--hash", "0",
        "--scheduler", address, "--checkpoint", str(checkpoint),
    )  # fmt: skip
    try:
        wait_for_units(checkpoint, 20)
        assert proc.poll() is None, "finished before the worker could be killed"
        workers[0].kill()
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    assert out.splitlines()[0] == "Nodes: 8031647685"
    indices = [u["unit"] for u in unit_lines(checkpoint)]
    assert sorted(indices) == list(range(len(bitmove.work_units(KIWIPETE, 2))))


def test_a_driver_killed_mid_run_resumes_without_recounting(dask_cluster, tmp_path):
    address, _ = dask_cluster
    checkpoint = tmp_path / "d.jsonl"
    args = [
        "--fen", KIWIPETE, "--depth", "6", "--split", "2", "--hash", "0",
        "--scheduler", address, "--checkpoint", str(checkpoint),
    ]  # fmt: skip
    proc = driver(*args)
    try:
        wait_for_units(checkpoint, 20)
        assert proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        stop(proc)
    before = unit_lines(checkpoint)
    assert 20 <= len(before) < 1000
    proc = driver(*args, "--json")
    try:
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    value = json.loads(out)
    assert value["nodes"] == 8_031_647_685
    assert value["units_done_before"] == len(before)
    after = unit_lines(checkpoint)
    # The finished units were kept as they were and not recorded (nor counted) again.
    assert after[: len(before)] == before
    assert sorted(u["unit"] for u in after) == list(range(value["units"]))


def cli_binary():
    """The most recently built bitmove CLI of this repository (cargo test builds one)."""
    built = [REPO / "target" / p / "bitmove" for p in ("debug", "release")]
    built = [path for path in built if path.exists()]
    if not built:
        pytest.skip("the bitmove CLI is not built (cargo build)")
    return str(max(built, key=lambda path: path.stat().st_mtime))


def test_checkpoints_move_between_the_cli_and_the_cluster(tmp_path):
    cli = cli_binary()
    checkpoint = tmp_path / "shared.jsonl"
    common = ["--depth", "5", "--split", "2", "--stats", "--checkpoint", str(checkpoint)]
    # The CLI starts; half its lines are kept, as if it had been killed.
    run = subprocess.run(
        [cli, "perft", *common], check=False, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    expected = run.stdout.splitlines()
    text = checkpoint.read_text().splitlines(keepends=True)
    checkpoint.write_text("".join(text[:200]) + text[200][:30])  # and a torn line
    proc = driver(*common, "--workers", "2")
    try:
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    got = out.splitlines()
    assert got[0] == expected[0] and got[2:] == expected[2:]
    # The reverse: the cluster's checkpoint, cut, finished by the CLI.
    text = checkpoint.read_text().splitlines(keepends=True)
    checkpoint.write_text("".join(text[:100]))
    run = subprocess.run(
        [cli, "perft", *common], check=False, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[2:] == expected[2:]
    assert run.stdout.splitlines()[0] == expected[0]
    # Chess960: the header's FEN is written alike.
    c960 = tmp_path / "960.jsonl"
    args = ["--fen", CHESS960, "--chess960", "--depth", "3", "--split", "1"]
    run = subprocess.run(
        [cli, "perft", *args, "--checkpoint", str(c960)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    lines = c960.read_text().splitlines(keepends=True)
    c960.write_text("".join(lines[:5]))
    proc = driver(*args, "--checkpoint", str(c960), "--workers", "1")
    try:
        code, out, err = finish(proc)
    finally:
        stop(proc)
    assert code == 0, err
    assert out.splitlines()[0] == run.stdout.splitlines()[0]


def test_errors_are_one_line_and_exit_2(tmp_path):
    cases = [
        (["--depth", "3", "--fen", "not a fen", "--workers", "1"], "fen"),
        (["--depth", "3", "--scheduler", f"tcp://127.0.0.1:{free_port()}"], "scheduler"),
        (["--depth", "3", "--moves", "e2e5", "--workers", "1"], "e2e5"),
    ]
    other = tmp_path / "other.jsonl"
    proc = driver("--depth", "2", "--split", "1", "--workers", "1", "--checkpoint", str(other))
    try:
        assert finish(proc)[0] == 0
    finally:
        stop(proc)
    cases.append((["--depth", "3", "--split", "1", "--checkpoint", str(other)], "depth 2 there"))
    for args, what in cases:
        proc = driver(*args)
        try:
            code, _out, err = finish(proc, timeout=60)
        finally:
            stop(proc)
        assert code == 2, err
        assert err.count("\n") == 1 and err.startswith("error: "), err
        assert what.lower() in err.lower(), err


def test_a_worker_without_bitmove_is_one_line(tmp_path):
    # A worker whose `import bitmove` fails, as on a host where it is not installed.
    fake = tmp_path / "shadow" / "bitmove"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('No module named bitmove')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "shadow"))
    procs = []
    try:
        address, _ = start_dask(tmp_path, procs, workers=1, env=env)
        proc = driver("--depth", "3", "--split", "1", "--scheduler", address)
        procs.append(proc)
        code, _out, err = finish(proc, timeout=60)
        assert code == 2, err
        assert err.count("\n") == 1 and "bitmove" in err, err
    finally:
        for proc in procs:
            stop(proc)
