"""Instructions per call of bitmove's Python API under callgrind: repeatable before/after
figures on a noisy machine, where wall-clock timings of 100 ns calls move by a third.

Each statement runs in a fresh interpreter under `valgrind --tool=callgrind`, N and 11 N
times; the difference over 10 N is the statement's cost, without the start-up's.
`--before DIR` runs the same statements a second time with DIR first on `PYTHONPATH` (an
earlier tree's `python/` folder with its `_bitmove` module copied in), for a ratio.

    .venv/bin/python crates/bitmove-py/bench/icount_calls.py
    .venv/bin/python crates/bitmove-py/bench/icount_calls.py --before /tmp/base/python
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

SETUP = """
import bitmove as chess
b = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
quiet, capture = chess.Move.from_uci("d2d3"), chess.Move.from_uci("c4f7")
"""

STATEMENTS = [
    "pass",  # the loop's own cost
    "b.push(quiet); b.pop()",
    "b.push(capture); b.pop()",
    "b.copy()",
    "b.turn",
    "b.pawns",
    "b.occupied_co[chess.WHITE]",
    "b.move_stack",
    "b.legal_moves.count()",
]


def instructions(statement: str, n: int, path: str | None) -> int:
    # In a function, so that the names are locals (a module's loop reads globals by name).
    program = (
        f"{SETUP}\ndef run(chess, b, quiet, capture):\n"
        f"    for _ in range({n}):\n        {statement}\n"
        "run(chess, b, quiet, capture)\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="0")  # string hashes decide dict probes
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        + [sys.executable, "-c", program],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None:
        raise SystemExit(f"no instruction count from callgrind:\n{out}")
    return int(match.group(1))


def per_call(statement: str, n: int, path: str | None) -> float:
    return (instructions(statement, 11 * n, path) - instructions(statement, n, path)) / (10 * n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="PYTHONPATH entry of the tree to compare with")
    parser.add_argument("-n", type=int, default=2000, help="calls in the shorter run")
    parser.add_argument("statements", nargs="*", help="statements (default: a set of calls)")
    args = parser.parse_args()
    print("| call | instructions | before | after / before |")
    print("|---|---:|---:|---:|")
    for statement in args.statements or STATEMENTS:
        after = per_call(statement, args.n, None)
        if args.before:
            before = per_call(statement, args.n, args.before)
            print(f"| `{statement}` | {after:.0f} | {before:.0f} | {after / before:.2f} |")
        else:
            print(f"| `{statement}` | {after:.0f} | | |")


if __name__ == "__main__":
    main()
