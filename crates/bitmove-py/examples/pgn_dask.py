"""Many PGN files over a Dask cluster, one task per file, results gathered in file order.

Each task reads one file with ``bitmove.pgn.games`` in the worker process (Rust threads,
the GIL released) and returns a small summary: games, plies, errors, results, and how
many positions carry a clock or an evaluation. Only summaries cross the network, never the
games. Without ``--scheduler`` a ``LocalCluster`` of ``--workers`` processes is started on
127.0.0.1 and stopped at the end, also on an error or Ctrl-C.

    python crates/bitmove-py/examples/pgn_dask.py a.pgn b.pgn.zst c.pgn --workers 2
    python crates/bitmove-py/examples/pgn_dask.py *.pgn.zst --scheduler tcp://10.0.0.1:8786

Every worker needs bitmove installed (``pip install bitmove``) and read access to the
files at the same paths (a shared disk). Splitting one huge file by byte ranges works the
same way, with a task per range that seeks to the range and reads games from the first
``[Event`` line at or after its start.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from typing import Any


def summarize(path: str, threads: int = 1) -> dict[str, Any]:
    """The summary of one file (runs in a worker)."""
    import bitmove.pgn

    games = plies = clocks = evals = 0
    errors: list[str] = []
    results: Counter[str] = Counter()
    for record in bitmove.pgn.games(path, threads=threads):
        games += 1
        if record.errors:
            errors.extend(record.errors)
            continue
        plies += len(record.moves)
        clocks += sum(c is not None for c in record.clocks)
        evals += sum(e is not None for e in record.evals)
        results[record.result] += 1
    return {
        "path": path,
        "games": games,
        "plies": plies,
        "errors": errors,
        "results": dict(sorted(results.items())),
        "clocks": clocks,
        "evals": evals,
    }


def run(
    paths: list[str],
    *,
    scheduler: str | None = None,
    workers: int = 2,
    threads: int = 1,
) -> list[dict[str, Any]]:
    """Summaries of ``paths``, in their order: one Dask task per file on the cluster at
    ``scheduler``, or on a LocalCluster of ``workers`` processes on 127.0.0.1 started and
    stopped here."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler, timeout="30s") as client:
            return gather(client, paths, threads)
    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        return gather(client, paths, threads)


def gather(client: Any, paths: list[str], threads: int) -> list[dict[str, Any]]:
    # pure=False: a file may change between runs; gather keeps the order of the futures.
    futures = client.map(summarize, paths, threads=threads, pure=False)
    return client.gather(futures)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help=".pgn, .pgn.zst or .pgn.gz files")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster processes")
    parser.add_argument("--threads", type=int, default=1, help="reader threads per task")
    args = parser.parse_args(argv)
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"no such file: {missing[0]}", file=sys.stderr)
        return 2
    paths = [os.path.abspath(p) for p in args.paths]
    try:
        summaries = run(paths, scheduler=args.scheduler, workers=args.workers, threads=args.threads)
    except (OSError, ValueError) as error:  # a task failed: the cluster is already stopped
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    for summary in summaries:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
