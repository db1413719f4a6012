"""Deep perft on a Dask cluster: ``python -m bitmove.cluster perft --depth D ...``.

The run is split like ``bitmove perft --checkpoint``: the distinct positions K plies below the
root (work units, in the library's fixed order) with their multiplicities. Units are grouped
into tasks; each task counts its units with bitmove's Rust perft in the worker process (the
GIL released, one hash table per task) and returns ``(index, multiplicity, nodes, stats)`` per
unit. A task is a pure function of its inputs and results are keyed by unit index, so a task
that runs twice (its worker died after finishing it) is never counted twice.

With ``--checkpoint FILE`` the driver appends each finished unit to FILE in the CLI's
checkpoint format (JSON Lines) as results arrive: a run can start on the CLI and finish here,
or the reverse, and a driver killed mid-run continues from its checkpoint.

Without ``--scheduler`` a ``LocalCluster`` of ``--workers`` processes (default: the cores) is
started on 127.0.0.1. Exit status: 0 success, 2 bad input (bad FEN, unreachable scheduler,
a worker without bitmove, another run's checkpoint), 130/143 on SIGINT/SIGTERM.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import signal
import sys
import time
from typing import Any, Optional

import bitmove

FORMAT = "bitmove-perft-checkpoint"
VERSION = 1
MIN_UNITS = 1000
MIN_UNIT_DEPTH = 4
#: Tasks per worker the units are grouped into (more: better balance, more overhead).
TASKS_PER_WORKER = 8


class BadInput(Exception):
    """An error for the user: one line, exit status 2."""


def count_task(
    units: list[tuple[int, str, int]],
    depth: int,
    chess960: bool,
    stats: bool,
    threads: int,
    hash_mb: int,
    hash_seed: Optional[int] = None,
) -> list[tuple[int, int, int, Optional[dict[str, int]]]]:
    """Counts work units ``(index, fen, multiplicity)`` at ``depth``: runs in a worker."""
    fens = [fen for _, fen, _ in units]
    if stats:
        counted = bitmove.perft_stats_many(
            fens, depth, threads=threads, hash_mb=hash_mb, chess960=chess960, hash_seed=hash_seed
        )
        return [(i, m, s["nodes"], dict(s)) for (i, _, m), s in zip(units, counted)]
    nodes = bitmove.perft_many(
        fens, depth, threads=threads, hash_mb=hash_mb, chess960=chess960, hash_seed=hash_seed
    )
    return [(i, m, n, None) for (i, _, m), n in zip(units, nodes)]


def auto_split(fen: str, depth: int, chess960: bool) -> int:
    """The CLI's rule: the smallest K with at least 1000 units, at most depth - 4."""
    most = max(depth - MIN_UNIT_DEPTH, 0)
    split = 0
    while split < most and len(bitmove.work_units(fen, split, chess960=chess960)) < MIN_UNITS:
        split += 1
    return split


def default_hash_mb(depth: int) -> int:
    """Per task: none up to depth 6, 64 MiB at depth 7, four times more per ply, at most 1 GiB."""
    if depth <= 6:
        return 0
    return min(64 << (2 * min(depth - 7, 3)), 1024)


class Checkpoint:
    """A checkpoint file: its header (the run) and its finished units."""

    def __init__(self, run: dict[str, Any], done: dict[int, dict[str, Any]], whole_len: int):
        self.run = run
        self.done = done
        self.whole_len = whole_len


def header(run: dict[str, Any]) -> str:
    value = {"format": FORMAT, "version": VERSION}
    value.update(run)
    return json.dumps(value, separators=(",", ":")) + "\n"


def read_checkpoint(path: str) -> Optional[Checkpoint]:
    """Reads a checkpoint; None for a missing or empty one. A torn last line is left out."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e}") from e
    whole_len = data.rfind(b"\n") + 1
    lines = data[:whole_len].decode("utf-8", errors="replace").splitlines()
    if not lines:
        return None
    try:
        head = json.loads(lines[0])
        if head.get("format") != FORMAT or head.get("version") != VERSION:
            raise ValueError
        run = {k: head[k] for k in ("fen", "chess960", "depth", "split", "stats", "units")}
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise BadInput(
            f"{path}:1: not a bitmove checkpoint header (format {FORMAT} version {VERSION})"
        ) from e
    done: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            unit = json.loads(line)
            index = unit["unit"]
            if not (isinstance(index, int) and 0 <= index < run["units"]):
                raise ValueError
            entry = {"multiplicity": unit["multiplicity"], "nodes": unit["nodes"]}
            if run["stats"]:
                entry["stats"] = unit["stats"]
        except (ValueError, KeyError, TypeError) as e:
            raise BadInput(f"{path}:{number}: not a unit line of this run") from e
        if index in done and done[index] != entry:
            raise BadInput(f"{path}:{number}: unit {index} recorded twice with different counts")
        done[index] = entry
    return Checkpoint(run, done, whole_len)


def difference(there: dict[str, Any], here: dict[str, Any]) -> Optional[str]:
    """The first way the run of a checkpoint differs from the one asked for."""
    if there["fen"] != here["fen"]:
        return f'position "{there["fen"]}" there, "{here["fen"]}" here'
    for name in ("chess960", "depth", "split"):
        if there[name] != here[name]:
            a, b = there[name], here[name]
            if isinstance(a, bool):
                a, b = str(a).lower(), str(b).lower()
            return f"{name} {a} there, {b} here"
    if there["stats"] != here["stats"]:

        def say(s: bool) -> str:
            return "with --stats" if s else "without --stats"

        return f"statistics: {say(there['stats'])} there, {say(here['stats'])} here"
    if there["units"] != here["units"]:
        return f"units {there['units']} there, {here['units']} here"
    return None


def stats_sum(done: dict[int, dict[str, Any]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for entry in done.values():
        for name, value in entry["stats"].items():
            total[name] = total.get(name, 0) + value * entry["multiplicity"]
    return total


def stats_table(stats: dict[str, int]) -> str:
    name_width = max(len(n) for n in stats) + 1
    value_width = max(len(str(v)) for v in stats.values())
    return "".join(f"{n + ':':<{name_width}} {v:>{value_width}}\n" for n, v in stats.items())


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m bitmove.cluster",
        description="Deep perft on a Dask cluster, in the CLI's work units and checkpoints.",
    )
    commands = top.add_subparsers(dest="command", required=True)
    p = commands.add_parser(
        "perft",
        help="count the leaves of the move tree on a Dask cluster",
        epilog=(
            "Examples:\n"
            "  python -m bitmove.cluster perft --depth 8 --workers 2\n"
            "  python -m bitmove.cluster perft --depth 11 --stats "
            "--scheduler tcp://10.0.0.1:8786 --checkpoint p11.jsonl\n"
            "Default --hash: none up to depth 6, then 64 MiB per task at depth 7, four times "
            "more per ply, at most 1024."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--depth", "-d", type=int, required=True)
    p.add_argument("--fen", help="start from this FEN instead of the start position")
    p.add_argument("--moves", nargs="+", default=[], help="UCI moves to play first")
    p.add_argument("--chess960", action="store_true")
    p.add_argument("--split", type=int, help="split ply K (default: the CLI's rule)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="tcp://HOST:PORT of a running dask scheduler")
    where.add_argument("--workers", type=int, help="LocalCluster worker processes (default: cores)")
    p.add_argument("--threads-per-task", type=int, default=1)
    p.add_argument("--hash", type=int, help="hash table MiB per task")
    p.add_argument(
        "--hash-seed",
        type=int,
        help="key the hash table with Zobrist keys drawn from this seed",
    )
    p.add_argument("--stats", action="store_true", help="also count the leaves by kind")
    p.add_argument("--checkpoint", help="JSON Lines checkpoint, the CLI's format")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return top


class Interrupted(Exception):
    def __init__(self, signum: int):
        self.signum = signum


def _raise_interrupted(signum: int, _frame: Any) -> None:
    raise Interrupted(signum)


def perft(args: argparse.Namespace) -> int:
    if args.depth < 0 or args.depth > 256:
        raise BadInput("--depth must be 0 to 256")
    try:
        board = bitmove.Board(args.fen, chess960=args.chess960)
        for move in args.moves:
            board.push_uci(move)
    except ValueError as e:
        raise BadInput(str(e).splitlines()[0] if str(e) else repr(e)) from e
    fen = board.fen(shredder=True) if args.chess960 else board.fen()
    existing = read_checkpoint(args.checkpoint) if args.checkpoint else None
    if args.split is not None and not 0 <= args.split <= args.depth:
        raise BadInput(f"--split {args.split} is deeper than --depth {args.depth}")
    if args.stats and args.split is not None and args.depth > 0 and args.split >= args.depth:
        raise BadInput(f"--split {args.split} with --stats must be below --depth {args.depth}")
    if args.hash_seed is not None and not 0 <= args.hash_seed < 2**64:
        raise BadInput("--hash-seed must be 0 to 2^64 - 1")
    split = args.split
    if split is None:
        split = existing.run["split"] if existing else auto_split(fen, args.depth, args.chess960)
    units = bitmove.work_units(fen, split, chess960=args.chess960)
    run = {
        "fen": fen,
        "chess960": args.chess960,
        "depth": args.depth,
        "split": split,
        "stats": args.stats,
        "units": len(units),
    }
    if existing:
        diff = difference(existing.run, run)
        if diff:
            raise BadInput(f"{args.checkpoint} is a checkpoint of another run: {diff}")
    done = dict(existing.done) if existing else {}
    for index, entry in done.items():
        if entry["multiplicity"] != units[index][1]:
            raise BadInput(f"checkpoint unit {index}: multiplicity differs")
    file = None
    if args.checkpoint:
        try:
            file = open(args.checkpoint, "r+b" if existing else "wb")
            if existing:
                file.truncate(existing.whole_len)
                file.seek(existing.whole_len)
            else:
                file.write(header(run).encode())
                file.flush()
                os.fsync(file.fileno())
        except OSError as e:
            raise BadInput(f"cannot write {args.checkpoint}: {e}") from e

    done_before = len(done)
    pending = [i for i in range(len(units)) if i not in done]
    hash_mb = args.hash if args.hash is not None else default_hash_mb(args.depth)
    if args.hash_seed is not None:
        if args.hash == 0:
            raise BadInput("--hash-seed needs a hash table (--hash above 0)")
        hash_mb = max(hash_mb, 64)
    start = time.monotonic()
    counted_now = 0
    if pending:
        counted_now = run_on_cluster(args, run, units, pending, done, file, hash_mb)
    if file:
        file.flush()
        os.fsync(file.fileno())
        file.close()
    seconds = time.monotonic() - start
    nodes = sum(e["multiplicity"] * e["nodes"] for e in done.values())
    mnps = round(counted_now / max(seconds, 1e-9) / 1e5) / 10
    stats = stats_sum(done) if args.stats else None
    if args.json:
        value: dict[str, Any] = {
            "fen": fen,
            "depth": args.depth,
            "nodes": nodes,
            "seconds": round(seconds, 3),
            "mnps": mnps,
        }
        if stats is not None:
            value["stats"] = stats
        value["split"] = split
        value["units"] = len(units)
        value["units_done_before"] = done_before
        print(json.dumps(value, indent=2))
        return 0
    out = f"Nodes: {nodes}\nTime: {seconds:.3f} s ({mnps:.1f} Mnps)\n"
    if stats is not None:
        out += stats_table(stats)
    sys.stdout.write(out)
    return 0


def run_on_cluster(
    args: argparse.Namespace,
    run: dict[str, Any],
    units: list[tuple[str, int]],
    pending: list[int],
    done: dict[int, dict[str, Any]],
    file: Any,
    hash_mb: int,
) -> int:
    """Counts the pending units on the cluster, recording each as it arrives."""
    import logging

    from distributed import Client, LocalCluster, as_completed

    cluster = None
    try:
        if args.scheduler:
            try:
                client = Client(args.scheduler, timeout="5s")
            except (OSError, TimeoutError) as e:
                raise BadInput(f"cannot reach the scheduler at {args.scheduler}: {e}") from e
        else:
            workers = args.workers or os.cpu_count() or 1
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
    except BadInput:
        raise
    except Exception as e:
        raise BadInput(f"cannot start a local cluster: {e}") from e
    counted_now = 0
    try:
        # Every worker must import bitmove; without this check, a task that cannot be
        # unpickled on a worker would leave the run waiting forever.
        try:
            client.run(exec, "import bitmove.cluster")
        except Exception as e:
            text = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise BadInput(f"a worker cannot import bitmove: {type(e).__name__}: {text}") from e
        workers = max(len(client.scheduler_info().get("workers", {})), 1)
        size = max(1, math.ceil(len(pending) / (TASKS_PER_WORKER * workers)))
        chunks = [pending[i : i + size] for i in range(0, len(pending), size)]
        futures = [
            client.submit(
                count_task,
                [(i, units[i][0], units[i][1]) for i in chunk],
                run["depth"] - run["split"],
                run["chess960"],
                run["stats"],
                args.threads_per_task,
                hash_mb,
                args.hash_seed,
                key=f"bitmove-perft-{chunk[0]}-{len(chunk)}-{time.time_ns()}",
                retries=2,
            )
            for chunk in chunks
        ]
        bar = Progress(len(units), len(done)) if sys.stderr.isatty() and not args.json else None
        for future in as_completed(futures):
            try:
                results = future.result()
            except Exception as e:
                text = str(e).splitlines()[0] if str(e) else type(e).__name__
                if isinstance(e, (ModuleNotFoundError, ImportError)) or "bitmove" in text:
                    raise BadInput(f"a worker cannot run bitmove: {text}") from e
                raise BadInput(f"a task failed: {type(e).__name__}: {text}") from e
            for index, multiplicity, nodes, stats in results:
                if index in done:
                    continue  # counted already: never twice
                entry: dict[str, Any] = {"multiplicity": multiplicity, "nodes": nodes}
                line: dict[str, Any] = {"unit": index, **entry}
                if stats is not None:
                    entry["stats"] = stats
                    line["stats"] = stats
                done[index] = entry
                counted_now += multiplicity * nodes
                if file:
                    file.write((json.dumps(line, separators=(",", ":")) + "\n").encode())
                    file.flush()
            if bar:
                bar.update(len(done), counted_now)
        if bar:
            bar.finish()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return counted_now


class Progress:
    """A one-line progress display on standard error (a terminal only)."""

    def __init__(self, total: int, done: int):
        self.total = total
        self.first = done
        self.start = time.monotonic()

    def update(self, done: int, nodes: int) -> None:
        elapsed = time.monotonic() - self.start
        rate = nodes / max(elapsed, 1e-9) / 1e6
        new = done - self.first
        left = self.total - done
        eta = elapsed / new * left if new else 0.0
        sys.stderr.write(
            f"\r{done}/{self.total} units, {nodes} nodes, {rate:.1f} Mnps, ETA {eta:.0f} s  "
        )
        sys.stderr.flush()

    def finish(self) -> None:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def main(argv: Optional[list[str]] = None) -> int:
    args = parser().parse_args(argv)
    previous = signal.signal(signal.SIGTERM, _raise_interrupted)
    try:
        return perft(args)
    except BadInput as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    except (KeyboardInterrupt, Interrupted) as e:
        signum = e.signum if isinstance(e, Interrupted) else signal.SIGINT
        hint = " ".join(
            shlex.quote(a) for a in [sys.executable, "-m", "bitmove.cluster"] + sys.argv[1:]
        )
        if args.checkpoint:
            sys.stderr.write(
                f"interrupted; finished units are kept in the checkpoint. To resume: {hint}\n"
            )
        else:
            sys.stderr.write("interrupted\n")
        return 128 + int(signum)
    finally:
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    # Run through the importable module, so that tasks name `bitmove.cluster.count_task`
    # (which workers import) rather than this `__main__`.
    from bitmove.cluster import main as _main

    sys.exit(_main())
