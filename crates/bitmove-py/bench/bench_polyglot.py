"""Polyglot book look-ups: bitmove.polyglot against python-chess's chess.polyglot.

Not a test: it prints a Markdown table for docs/books.md. Each row times one call over the
same 3,000 positions (best of five runs), boards built beforehand, per look-up in
microseconds: the positions the test book `tests/data/polyglot/performance.bin` reaches
from the start position (breadth first, so each has entries), and 3,000 positions of
seeded random games (mostly out of the book: a look-up that finds nothing).

    .venv/bin/python crates/bitmove-py/bench/bench_polyglot.py
"""

import random
import time
from pathlib import Path

import bitmove
import bitmove.polyglot
import chess
import chess.polyglot

BOOK = Path(__file__).resolve().parents[3] / "tests" / "data" / "polyglot" / "performance.bin"
COUNT = 3000
RUNS = 5


def book_fens(count):
    fens, queue, seen = [], [chess.Board()], set()
    with chess.polyglot.open_reader(BOOK) as book:
        while queue and len(fens) < count:
            board = queue.pop(0)
            if board.fen() in seen:
                continue
            seen.add(board.fen())
            fens.append(board.fen())
            for entry in book.find_all(board):
                child = board.copy(stack=False)
                child.push(entry.move)
                queue.append(child)
    return fens


def random_fens(count, seed=2024):
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randrange(2, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        fens.append(board.fen())
    return fens


def best(task, items):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        task(items)
        times.append(time.perf_counter() - start)
    return min(times) / len(items) * 1e6


def main():
    rows = []
    for label, fens in (("in the book", book_fens(COUNT)), ("random games", random_fens(COUNT))):
        ours = [bitmove.Board(f) for f in fens]
        theirs = [chess.Board(f) for f in fens]
        with (
            bitmove.polyglot.open_reader(BOOK) as a,
            chess.polyglot.open_reader(BOOK) as b,
        ):
            # Each call's result is dropped at once (kept, 9,000 entries would make the
            # collector's passes part of the time).
            tasks = {
                "find_all (list)": (
                    lambda xs: [len(list(a.find_all(x))) for x in xs],
                    lambda xs: [len(list(b.find_all(x))) for x in xs],
                ),
                "get": (
                    lambda xs: [a.get(x) is None for x in xs],
                    lambda xs: [b.get(x) is None for x in xs],
                ),
                "weighted_choice": (
                    lambda xs: [a.get(x) and a.weighted_choice(x) is None for x in xs],
                    lambda xs: [b.get(x) and b.weighted_choice(x) is None for x in xs],
                ),
            }
            for name, (mine, peer) in tasks.items():
                t_mine, t_peer = best(mine, ours), best(peer, theirs)
                rows.append((f"{name}, {label}", t_peer, t_mine, t_peer / t_mine))
    print("| look-up (3,000 positions) | python-chess µs | bitmove µs | speed-up |")
    print("|---|---:|---:|---:|")
    for name, peer, mine, ratio in rows:
        print(f"| {name} | {peer:.2f} | {mine:.2f} | {ratio:.1f}x |")


if __name__ == "__main__":
    main()
