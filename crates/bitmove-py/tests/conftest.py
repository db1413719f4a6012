"""Shared helpers: seeded random games played with python-chess as the oracle; a Dask
scheduler and workers as real processes on 127.0.0.1."""

import io
import logging
import random
import socket
import subprocess
import sys
from pathlib import Path

import pytest

chess = pytest.importorskip("chess")


_DATA = Path(__file__).resolve().parents[3] / "tests" / "data"
PGN_FILES = sorted((_DATA / "pgn").glob("*.pgn")) + sorted((_DATA / "pgn-writer").glob("*.pgn"))
"""The PGN files of tests/data that the python-chess comparisons read."""


def read_games(module, text: str) -> list:
    """Every game of `text` as `module.read_game` (bitmove.pgn or chess.pgn) reads them, the
    errors' log lines silenced."""
    handle = io.StringIO(text)
    games = []
    logging.disable(logging.ERROR)
    try:
        while (game := module.read_game(handle)) is not None:
            games.append(game)
    finally:
        logging.disable(logging.NOTSET)
    return games


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


def en_passant_boards(n, seed):
    """Positions with two kings and two pawns just after a double pawn push that can be taken
    en passant (python-chess boards): for the tablebase tests."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < n:
        color = rng.choice(chess.COLORS)  # the side that pushes
        file = rng.randrange(8)
        capturer = file + rng.choice((-1, 1))
        if not 0 <= capturer < 8:
            continue
        board = chess.Board(None)
        start = chess.square(file, 1 if color else 6)
        board.set_piece_at(start, chess.Piece(chess.PAWN, color))
        board.set_piece_at(
            chess.square(capturer, 3 if color else 4), chess.Piece(chess.PAWN, not color)
        )
        free = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
        kings = rng.sample(free, 2)
        board.set_piece_at(kings[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(kings[1], chess.Piece(chess.KING, chess.BLACK))
        board.turn = color
        push = chess.Move(start, start + (16 if color else -16))
        if board.is_valid() and board.is_legal(push):
            board.push(push)
            if board.has_legal_en_passant():
                boards.append(board)
    return boards


def stop(proc):
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_dask(tmp_path, procs, workers=2, env=None):
    """Starts a `dask scheduler` and `workers` `dask worker` processes (no nanny: a killed
    worker stays dead) on 127.0.0.1, appending each to `procs` as it starts (the caller
    stops them in a `finally`), and waits for the workers; returns (address, workers)."""
    address = f"tcp://127.0.0.1:{free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    procs.append(
        subprocess.Popen(
            [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1",
             "--port", address.rsplit(":", 1)[1], "--no-dashboard"],
            **quiet,
        )
    )  # fmt: skip
    started = []
    for _ in range(workers):
        started.append(
            subprocess.Popen(
                [str(BIN / "dask"), "worker", address, "--nthreads", "1", "--no-nanny",
                 "--host", "127.0.0.1", "--no-dashboard", "--local-directory", str(tmp_path)],
                env=env,
                **quiet,
            )
        )  # fmt: skip
        procs.append(started[-1])
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(workers, timeout=60)
    return address, started


@pytest.fixture
def dask_cluster(tmp_path):
    """An external `dask scheduler` and two `dask worker`s on 127.0.0.1 (`start_dask`);
    yields (address, workers) and stops them all after the test, also when it fails."""
    pytest.importorskip("distributed")
    procs = []
    try:
        yield start_dask(tmp_path, procs)
    finally:
        for proc in procs:
            stop(proc)
