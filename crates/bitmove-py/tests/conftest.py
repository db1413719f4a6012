"""Shared helpers: seeded random games played with python-chess as the oracle; a Dask
scheduler and workers as real processes on 127.0.0.1."""

import random
import socket
import subprocess
import sys
from pathlib import Path

import pytest

chess = pytest.importorskip("chess")


def random_game(seed, max_plies=160, start=None, chess960=False):
    """The boards of one random game (python-chess), start position first.

    Captures are preferred now and then so that games reach endings (insufficient material,
    stalemate, mate), and knight/king shuffles repeat positions.
    """
    rng = random.Random(seed)
    board = chess.Board(start, chess960=chess960) if start else chess.Board(chess960=chess960)
    boards = [board.copy()]
    for _ in range(max_plies):
        moves = list(board.legal_moves)
        if not moves or board.is_insufficient_material():
            break
        captures = [m for m in moves if board.is_capture(m)]
        if captures and rng.random() < 0.5:
            move = rng.choice(captures)
        elif len(board.move_stack) >= 4 and rng.random() < 0.3:
            # Take back our own last move when possible: positions repeat.
            back = board.move_stack[-2]
            back_move = chess.Move(back.to_square, back.from_square)
            move = back_move if back_move in moves else rng.choice(moves)
        else:
            move = rng.choice(moves)
        board.push(move)
        boards.append(board.copy())
    return boards


BIN = Path(sys.executable).parent


def stop(proc):
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dask_cluster(tmp_path):
    """An external `dask scheduler` and two `dask worker` processes (no nanny: a killed
    worker stays dead) on 127.0.0.1; yields (address, workers)."""
    pytest.importorskip("distributed")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = []
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    try:
        procs.append(
            subprocess.Popen(
                [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                 "--no-dashboard"],
                **quiet,
            )
        )  # fmt: skip
        workers = [
            subprocess.Popen(
                [str(BIN / "dask"), "worker", address, "--nthreads", "1", "--no-nanny",
                 "--host", "127.0.0.1", "--no-dashboard", "--local-directory", str(tmp_path)],
                **quiet,
            )
            for _ in range(2)
        ]  # fmt: skip
        procs.extend(workers)
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address, workers
    finally:
        for proc in procs:
            stop(proc)
