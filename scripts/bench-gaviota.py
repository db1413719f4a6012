"""Gaviota probes per second: bitmove.gaviota against python-chess's pure-Python
chess.gaviota, Python to Python, on the same random 3-piece positions (the five tables of
python-chess's sdist, fetched by tests/python_chess_suite.py).

    .venv/bin/python scripts/bench-gaviota.py [--positions 2000] [--seed 1] [--rounds 5]

Prints probes/second for DTM and WDL, each round with fresh tablebases (the first pass reads
and decompresses the blocks, cold) and then again over the same positions (warm: blocks
cached), medians over rounds, python-chess and bitmove timed back to back, the ratio the
median of the rounds' paired ratios. Not a test: figures go to docs/tablebases.md with the CPU.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from pathlib import Path

import bitmove
import bitmove.gaviota
import chess
import chess.gaviota

ROOT = Path(__file__).resolve().parent.parent


def tables_dir() -> Path:
    spec = importlib.util.spec_from_file_location("suite", ROOT / "tests" / "python_chess_suite.py")
    assert spec is not None and spec.loader is not None
    suite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite)
    return suite.sdist() / "data" / "gaviota"


def random_fens(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    fens = []
    while len(fens) < n:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 3)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        kind = chess.PIECE_SYMBOLS.index(rng.choice("qrbnp"))
        board.set_piece_at(squares[2], chess.Piece(kind, rng.choice(chess.COLORS)))
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid():
            fens.append(board.fen())
    return fens


def rate(probe, boards) -> float:
    start = time.perf_counter()
    for board in boards:
        probe(board)
    return len(boards) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    directory = tables_dir()
    fens = random_fens(args.positions, args.seed)
    theirs_boards = [chess.Board(f) for f in fens]
    ours_boards = [bitmove.Board(f) for f in fens]
    results: dict[str, list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        theirs = chess.gaviota.open_tablebase(str(directory), LibraryLoader=None)
        ours = bitmove.gaviota.open_tablebase(directory)
        for label, t_probe, o_probe in (
            ("dtm cold", theirs.probe_dtm, ours.probe_dtm),
            ("dtm warm", theirs.probe_dtm, ours.probe_dtm),
            ("wdl warm", theirs.probe_wdl, ours.probe_wdl),
        ):
            pair = (rate(t_probe, theirs_boards), rate(o_probe, ours_boards))
            results.setdefault(label, []).append(pair)
        theirs.close()
        ours.close()
    print(f"{len(fens)} random 3-piece positions, {args.rounds} rounds (probes/s, medians)")
    for label, pairs in results.items():
        t = statistics.median(p[0] for p in pairs)
        o = statistics.median(p[1] for p in pairs)
        ratio = statistics.median(p[1] / p[0] for p in pairs)
        print(f"{label}: python-chess {t:,.0f}  bitmove {o:,.0f}  x{ratio:.1f}")


if __name__ == "__main__":
    main()
