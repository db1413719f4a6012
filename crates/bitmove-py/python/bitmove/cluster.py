"""Deep perft on a Dask cluster: ``python -m bitmove.cluster perft --depth D ...``.

The run is split like ``bitmove perft --checkpoint``: the distinct positions K plies below the
root (work units, in the library's fixed order) with their multiplicities. Units are grouped
into tasks; each task counts its units with bitmove's Rust perft in the worker process (the
GIL released, one hash table per task) and returns ``(index, multiplicity, nodes, stats)`` per
unit. A task is a pure function of its inputs and results are keyed by unit index, so a task
that runs twice (its worker died after finishing it) is never counted twice.

The run itself (the units, the checkpoint format, resume, the refusal of another run's
checkpoint, the default split and hash size) is the library's ``bitmove::deep``, the same code
``bitmove perft --checkpoint`` runs, reached through ``bitmove.DeepPerft``; this module keeps
what is Dask's: scheduling, retries, progress and the command line. With ``--checkpoint FILE``
each finished unit is appended to FILE as results arrive: a run can start on the CLI and
finish here, or the reverse, and a driver killed mid-run continues from its checkpoint.

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
from typing import Any

import bitmove

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
    hash_seed: int | None = None,
) -> list[tuple[int, int, int, dict[str, int] | None]]:
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
    a = commands.add_parser(
        "analyse",
        help="annotate game files with a UCI engine on a Dask cluster",
        epilog=(
            "Examples:\n"
            "  python -m bitmove.cluster analyse games.pgn --engine stockfish --nodes 10000 "
            "--out annotated.pgn --workers 2\n"
            "The options, the cache and the outputs are `bitmove analyse`'s; the driver keeps "
            "the cache, each worker process its own engine."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    a.add_argument("files", nargs="+", metavar="FILE")
    a.add_argument("--engine", required=True, help="the engine's command line")
    a.add_argument(
        "--engine-option", action="append", default=[], metavar="NAME=VALUE", dest="options"
    )
    a.add_argument("--nodes", type=int)
    a.add_argument("--depth", type=int)
    a.add_argument("--movetime", type=int, help="milliseconds per position")
    a.add_argument("--multipv", type=int, default=1)
    a.add_argument("--from-ply", type=int, default=0)
    a.add_argument("--out", required=True, help="the annotated PGN")
    a.add_argument("--positions", help="JSON Lines of every analysed ply")
    a.add_argument("--cache", help="the SQLite cache (default: OUT as .analysis.sqlite)")
    a.add_argument("--judgements", action="store_true", help="mark ?!, ?, ?? by the drop")
    a.add_argument("--timeout", type=float, default=30.0, help="seconds an engine may be silent")
    a.add_argument("--batch", type=int, default=8, help="positions per task")
    where = a.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="tcp://HOST:PORT of a running dask scheduler")
    where.add_argument("--workers", type=int, help="LocalCluster worker processes (default: cores)")
    return top


class Interrupted(Exception):
    def __init__(self, signum: int):
        self.signum = signum


def _raise_interrupted(signum: int, _frame: Any) -> None:
    raise Interrupted(signum)


def perft(args: argparse.Namespace) -> int:
    if args.depth < 0 or args.depth > 256:
        raise BadInput("--depth must be 0 to 256")
    if args.split is not None and not 0 <= args.split < 2**32:
        raise BadInput(f"--split {args.split} is out of range (0 to --depth)")
    if args.hash is not None and not 0 <= args.hash <= 1 << 20:
        raise BadInput("--hash must be 0 to 1048576 (MiB)")
    if args.hash_seed is not None and not 0 <= args.hash_seed < 2**64:
        raise BadInput("--hash-seed must be 0 to 2^64 - 1")
    try:
        fen = args.fen if args.fen is not None else bitmove.STARTING_FEN
        board = bitmove.Board(fen, chess960=args.chess960, strict=True)
        for move in args.moves:
            board.push_uci(move)
        fen = board.fen(shredder=True) if args.chess960 else board.fen()
        hash_mb = bitmove.task_hash_mb(
            args.depth, asked=args.hash, seeded=args.hash_seed is not None
        )
        run = bitmove.DeepPerft(
            fen,
            args.depth,
            split=args.split,
            stats=args.stats,
            checkpoint=args.checkpoint,
            chess960=args.chess960,
        )
    except ValueError as e:
        raise BadInput(str(e).splitlines()[0] if str(e) else repr(e)) from e

    done_before = run.done_count
    start = time.monotonic()
    counted_now = 0
    try:
        if run.pending():
            counted_now = run_on_cluster(args, run, hash_mb)
        nodes, stats = run.total()
    except bitmove.CheckpointError as e:
        raise BadInput(str(e)) from e
    finally:
        run.sync()
    seconds = time.monotonic() - start
    mnps = round(counted_now / max(seconds, 1e-9) / 1e5) / 10
    if args.json:
        value: dict[str, Any] = {
            "fen": run.fen,
            "depth": args.depth,
            "nodes": nodes,
            "seconds": round(seconds, 3),
            "mnps": mnps,
        }
        if stats is not None:
            value["stats"] = stats
        value["split"] = run.split
        value["units"] = run.units
        value["units_done_before"] = done_before
        print(json.dumps(value, indent=2))
        return 0
    out = f"Nodes: {nodes}\nTime: {seconds:.3f} s ({mnps:.1f} Mnps)\n"
    if stats is not None:
        out += bitmove.stats_table(stats)
    sys.stdout.write(out)
    return 0


def run_on_cluster(args: argparse.Namespace, run: bitmove.DeepPerft, hash_mb: int) -> int:
    """Counts the pending units on the cluster, recording each in ``run`` as it arrives."""
    from distributed import as_completed

    client, cluster = connect(args)
    counted_now = 0
    pending = run.pending()
    try:
        check_workers(client)
        workers = max(len(client.scheduler_info().get("workers", {})), 1)
        size = max(1, math.ceil(len(pending) / (TASKS_PER_WORKER * workers)))
        chunks = [pending[i : i + size] for i in range(0, len(pending), size)]
        futures = [
            client.submit(
                count_task,
                [(i, *run.unit(i)) for i in chunk],
                run.remaining_depth,
                run.chess960,
                run.stats,
                args.threads_per_task,
                hash_mb,
                args.hash_seed,
                key=f"bitmove-perft-{chunk[0]}-{len(chunk)}-{time.time_ns()}",
                retries=2,
            )
            for chunk in chunks
        ]
        bar = Progress(run.units, run.done_count) if sys.stderr.isatty() and not args.json else None
        for future in as_completed(futures):
            try:
                results = future.result()
            except Exception as e:
                raise task_failure(e) from e
            for index, multiplicity, nodes, stats in results:
                # A task that ran twice (its worker died after finishing it) is recorded once.
                if run.record(index, multiplicity, nodes, stats):
                    counted_now += multiplicity * nodes
            if bar:
                bar.update(run.done_count, counted_now)
        if bar:
            bar.finish()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return counted_now


def connect(args: argparse.Namespace) -> tuple[Any, Any]:
    """A client of ``--scheduler``, or of a new ``LocalCluster`` of ``--workers`` processes
    on 127.0.0.1 (closed by the caller): ``(client, cluster or None)``."""
    import logging

    from distributed import Client, LocalCluster

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
        if cluster is not None:
            cluster.close()
        raise BadInput(f"cannot start a local cluster: {e}") from e
    return client, cluster


def check_workers(client: Any) -> None:
    """Every worker must import bitmove; without this check, a task that cannot be
    unpickled on a worker would leave the run waiting forever."""
    try:
        client.run(exec, "import bitmove.cluster")
    except Exception as e:
        text = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise BadInput(f"a worker cannot import bitmove: {type(e).__name__}: {text}") from e


def task_failure(e: BaseException) -> BadInput:
    """A task's exception as the one-line error of the run."""
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    if isinstance(e, (ModuleNotFoundError, ImportError)) or "bitmove" in text:
        return BadInput(f"a worker cannot run bitmove: {text}")
    return BadInput(f"a task failed: {type(e).__name__}: {text}")


# Analysis ---------------------------------------------------------------------------------

#: This worker process's engines, by (command, options, limit, multipv, timeout): started by
#: the first task that needs one and kept alive across tasks.
_ENGINES: dict[tuple[Any, ...], Any] = {}


def _engine(spec: tuple[Any, ...]) -> Any:
    worker = _ENGINES.get(spec)
    if worker is None:
        import atexit

        command, options, limit, multipv, timeout = spec
        worker = bitmove._bitmove._AnalysisWorker(
            list(command), [tuple(o) for o in options], tuple(limit), multipv, timeout
        )
        if not _ENGINES:
            atexit.register(_quit_engines)
        _ENGINES[spec] = worker
    return worker


def _quit_engines() -> None:
    while _ENGINES:
        _, worker = _ENGINES.popitem()
        worker.quit()


def engine_name_task(spec: tuple[Any, ...]) -> str:
    """The engine's ``id name`` (starts this worker's engine): runs in a worker."""
    return _engine(spec).engine_name


def analyse_task(spec: tuple[Any, ...], jobs: list[tuple[str, str, str, bool, bool]]) -> list[Any]:
    """Analyses job tuples with this worker process's engine (restarted when it dies or
    hangs; a position that fails three times is answered with its error): runs in a worker.
    A pure function of its inputs, answers keyed by position: a task run twice changes
    nothing."""
    worker = _engine(spec)
    return [worker.analyse(job) for job in jobs]


def analyse(args: argparse.Namespace) -> int:
    """``python -m bitmove.cluster analyse``: plans on the driver, analyses the positions the
    cache lacks on the cluster, stores answers as they arrive, writes the outputs with the
    library's writer."""
    from distributed import as_completed

    from bitmove.analyse import Bar, check_run, default_cache

    options: dict[str, str] = {}
    for option in args.options:
        name, equals, value = option.partition("=")
        if not equals:
            raise BadInput(f"--engine-option {option!r}: write it NAME=VALUE")
        options[name.strip()] = value.strip()
    if args.batch < 1:
        raise BadInput("--batch must be at least 1")
    try:
        run = check_run(
            args.files, args.engine, options, args.nodes, args.depth, args.movetime,
            args.multipv, args.from_ply, args.timeout,
        )  # fmt: skip
        plan = bitmove._bitmove._analyse_plan(run.files, run.from_ply)
    except (ValueError, OSError) as e:
        raise BadInput(str(e)) from e
    if plan["games"] == 0:
        raise BadInput("no games in the input")
    for file, game, line, reason in plan["bad_games"]:
        sys.stderr.write(f"{file}:{line}: game {game}: {reason} (not analysed, not written)\n")
    cache_path = args.cache or default_cache(args.out)
    spec = (tuple(run.command), tuple(run.options), run.limit, run.multipv, run.timeout)
    start = time.monotonic()
    try:
        cache = bitmove._bitmove._AnalysisCache(cache_path)
    except (ValueError, OSError) as e:
        raise BadInput(str(e)) from e
    analysed = 0
    try:
        client, cluster = connect(args)
        try:
            check_workers(client)
            try:
                name = client.submit(engine_name_task, spec, pure=False).result()
            except Exception as e:
                raise BadInput(f"the engine on a worker: {type(e).__name__}: {e}") from e
            setting = run.setting(name)
            cached = cache.keys(setting)
            todo = [job for job in plan["jobs"] if job[0] not in cached]
            size = args.batch
            futures = [
                client.submit(
                    analyse_task,
                    spec,
                    todo[i : i + size],
                    key=f"bitmove-analyse-{todo[i][0]}-{time.time_ns()}",
                    retries=3,
                )
                for i in range(0, len(todo), size)
            ]
            bar = Bar(len(todo), len(plan["jobs"]) - len(todo)) if sys.stderr.isatty() else None
            for future in as_completed(futures):
                try:
                    answers = future.result()
                except Exception as e:
                    raise task_failure(e) from e
                # Stored as they arrive: a driver killed now resumes from the cache.
                cache.store(setting, answers)
                analysed += len(answers)
                if bar:
                    bar(analysed, len(todo))
            if bar:
                bar.finish()
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
        try:
            written = cache.write(
                run.files, setting, args.out, args.positions, run.from_ply, args.judgements
            )
        except (ValueError, OSError) as e:
            raise BadInput(str(e)) from e
    finally:
        cache.close()
    seconds = time.monotonic() - start
    sys.stdout.write(
        f"Games: {written['games']}\nWritten: {written['written']}\n"
        f"Positions: {written['positions']}\nDistinct: {len(plan['jobs'])}\n"
        f"From cache: {len(plan['jobs']) - len(todo)}\nAnalysed: {analysed}\n"
        f"Failed: {len(written['failed'])}\nTime: {seconds:.3f} s\nCache: {cache_path}\n"
    )
    for game, ply, fen, reason in written["failed"]:
        sys.stderr.write(f"game {game}, ply {ply} ({fen}): {reason}\n")
    return 0


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


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    previous = signal.signal(signal.SIGTERM, _raise_interrupted)
    try:
        if args.command == "analyse":
            return analyse(args)
        return perft(args)
    except BadInput as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    except (KeyboardInterrupt, Interrupted) as e:
        signum = e.signum if isinstance(e, Interrupted) else signal.SIGINT
        hint = " ".join(
            shlex.quote(a) for a in [sys.executable, "-m", "bitmove.cluster"] + sys.argv[1:]
        )
        if args.command == "analyse":
            sys.stderr.write(
                f"interrupted; the answers so far are kept in the cache. To resume: {hint}\n"
            )
        elif args.checkpoint:
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
