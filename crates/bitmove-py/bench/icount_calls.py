"""Instructions per call of bitmove's Python API under callgrind: repeatable before/after
figures on a noisy machine, where wall-clock timings of 100 ns calls move by a third.

Each statement runs in a fresh interpreter under `valgrind --tool=callgrind`, N and 11 N
times; the difference over 10 N is the statement's cost, without the start-up's.
`--before DIR` runs the same statements a second time with DIR first on `PYTHONPATH` (an
earlier tree's `python/` folder with its `_bitmove` module copied in), for a ratio.

    .venv/bin/python crates/bitmove-py/bench/icount_calls.py
    .venv/bin/python crates/bitmove-py/bench/icount_calls.py --before /tmp/base/python

`--scripts` measures bench_calls.py's typical scripts instead, per item (ply, leaf,
position, ...): each script runs 0 and 2 rounds in a fresh interpreter, under bitmove and
under python-chess (`--before` adds the earlier tree's bitmove).
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
    return collected(program, path)[0]


def per_call(statement: str, n: int, path: str | None) -> float:
    return (instructions(statement, 11 * n, path) - instructions(statement, n, path)) / (10 * n)


SCRIPT = """
import sys
sys.path.insert(0, {bench!r})
import bench_calls
lib = bench_calls.chess if {lib!r} == "chess" else bench_calls.bitmove
for title, unit, script, kwargs in bench_calls.prepared_scripts():
    if title == {title!r}:
        print("items", sum(script(lib, r, **kwargs) for r in range({rounds})))
"""


def collected(program: str, path: str | None) -> tuple[int, str]:
    """Instructions callgrind counted for `program` (with `path` first on PYTHONPATH), and
    its output."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # string hashes decide dict probes
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        + [sys.executable, "-c", program],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"Collected : (\d+)", done.stderr)
    if match is None:
        raise SystemExit(f"no instruction count from callgrind:\n{done.stderr}")
    return int(match.group(1)), done.stdout


def per_item(title: str, lib: str, path: str | None) -> float:
    bench = os.path.dirname(os.path.abspath(__file__))
    counts = []
    for rounds in (0, 2):
        program = SCRIPT.format(bench=bench, lib=lib, title=title, rounds=rounds)
        counts.append(collected(program, path))
    items = int(counts[1][1].split()[1])
    return (counts[1][0] - counts[0][0]) / items


def scripts(before: str | None) -> None:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_calls

    print("| script | per | python-chess | bitmove | before | ratio to python-chess |")
    print("|---|---|---:|---:|---:|---:|")
    for title, unit, _, _ in bench_calls.prepared_scripts():
        theirs, ours = per_item(title, "chess", None), per_item(title, "bitmove", None)
        old = f"{per_item(title, 'bitmove', before):.0f}" if before else ""
        print(f"| {title} | {unit} | {theirs:.0f} | {ours:.0f} | {old} | {theirs / ours:.1f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="PYTHONPATH entry of the tree to compare with")
    parser.add_argument("-n", type=int, default=2000, help="calls in the shorter run")
    parser.add_argument("statements", nargs="*", help="statements (default: a set of calls)")
    parser.add_argument("--scripts", action="store_true", help="the typical scripts, per item")
    args = parser.parse_args()
    if args.scripts:
        scripts(args.before)
        return
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
