"""Syzygy probes per second: bitmove.syzygy against python-chess's chess.syzygy, Python to
Python, on the same random 3-4-piece positions (tests/data/syzygy, the complete set).

    .venv/bin/python scripts/bench-syzygy.py [--positions 2000] [--seed 1] [--rounds 5]

Prints probes/second for WDL and DTZ (one call per board, and the batch call over FENs) and
the ratios: medians over rounds that time python-chess and bitmove back to back, the ratio
the median of the rounds' paired ratios. Not a test: figures go to docs/tablebases.md with the CPU.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import bitmove
import bitmove.syzygy
import chess
import chess.syzygy

TABLES = Path(__file__).resolve().parent.parent / "tests" / "data" / "syzygy"


def random_fens(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    fens = []
    while len(fens) < n:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 4)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2 : 2 + rng.choice((1, 2))]:
            kind = rng.choice((chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN))
            board.set_piece_at(sq, chess.Piece(kind, rng.choice(chess.COLORS)))
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid():
            fens.append(board.fen())
    return fens


def rate(fn, items, min_seconds=1.0) -> float:
    n = 0
    start = time.perf_counter()
    while True:
        fn(items)
        n += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    fens = random_fens(args.positions, args.seed)
    theirs = [chess.Board(f) for f in fens]
    ours = [bitmove.Board(f) for f in fens]
    pc = chess.syzygy.open_tablebase(str(TABLES))
    bm = bitmove.syzygy.open_tablebase(TABLES)
    # Warm both (tables opened and mapped, pages in the cache), and check they agree.
    assert [pc.probe_wdl(b) for b in theirs] == [bm.probe_wdl(b) for b in ours]
    assert [pc.probe_dtz(b) for b in theirs] == [bm.probe_dtz(b) for b in ours]
    # Rounds interleave the three timings and the ratios are the medians of each round's
    # paired ratios: the machine is shared, and a slow moment then hits both sides of a ratio.
    rows = []
    for kind in ("wdl", "dtz"):
        theirs_probe = getattr(pc, f"probe_{kind}")
        ours_probe = getattr(bm, f"probe_{kind}")
        ours_many = getattr(bm, f"probe_{kind}_many")
        ps, os_, ms, r1, r2 = [], [], [], [], []
        for _ in range(args.rounds):
            p = rate(lambda bs, f=theirs_probe: [f(b) for b in bs], theirs[:200], 0.3)
            o = rate(lambda bs, f=ours_probe: [f(b) for b in bs], ours, 0.3)
            m = rate(ours_many, fens, 0.3)
            ps.append(p)
            os_.append(o)
            ms.append(m)
            r1.append(o / p)
            r2.append(m / p)
        rows.append((kind, *map(statistics.median, (ps, os_, r1, ms, r2))))
    print(f"{len(fens)} random 3-4-piece positions, probes/second")
    print(
        f"{'probe':<6} {'python-chess':>13} {'bitmove':>11} {'ratio':>7} {'batch (FENs)':>13} {'ratio':>7}"
    )
    for kind, p, o, r1, m, r2 in rows:
        print(f"{kind:<6} {p:>13,.0f} {o:>11,.0f} {r1:>6.0f}x {m:>13,.0f} {r2:>6.0f}x")


if __name__ == "__main__":
    main()
