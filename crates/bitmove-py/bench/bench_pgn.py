"""PGN reading speed from Python: python-chess against bitmove.pgn (a benchmark, not a test).

    .venv/bin/python crates/bitmove-py/bench/bench_pgn.py [FILE.pgn ...] [--repeat 3]

Default files: the real collections in ../shared/games (or $BITMOVE_GAMES). For each file:

- python-chess: ``chess.pgn.read_game`` + ``board.push`` over ``mainline_moves()``;
- ``bitmove.pgn.read_game`` (a python-chess tree, every move checked in Rust, its nodes
  made on first use) and a walk over ``mainline_moves()``; the same walking ``mainline()``
  (the nodes made);
- writing: ``str(game)`` of every game each library read, untouched, and (bitmove) after
  its nodes were made;
- ``bitmove.pgn.games`` (light records) on 1 and 2 threads;
- ``bitmove.pgn.positions`` (planes, move index and legal-move mask in uci1968) on 1 and 2
  threads, against the same encoding written with python-chess and NumPy (timed on the
  first ``--encode-games`` games, rates compared per position).

Prints a Markdown table: games/s, plies/s, MB/s and the ratio to python-chess; best of
``--repeat`` runs. The CPU is named from /proc/cpuinfo.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import platform
import time
from pathlib import Path

import bitmove.pgn
import bitmove.vocab
import chess
import chess.pgn
import numpy as np

ROOT = Path(__file__).resolve().parents[3]
GAMES = Path(os.environ.get("BITMOVE_GAMES", ROOT.parent / "shared" / "games"))
DEFAULT = [
    "lichess-2021-10-first-999.pgn",
    "masters-fischer-827.pgn",
    "lichess-evals-clocks-989.pgn",
    "tcec-frc-50.pgn",
]


def cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip() + f", {os.cpu_count()} logical CPUs"
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def best(f, repeat):
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - start)
    return min(times), result


def python_chess_replay(text: str):
    handle = io.StringIO(text)
    games = plies = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
        games += 1
    return games, plies


def bitmove_read_game(text: str):
    handle = io.StringIO(text)
    games = plies = 0
    while (game := bitmove.pgn.read_game(handle)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
        games += 1
    return games, plies


def bitmove_read_nodes(text: str):
    handle = io.StringIO(text)
    games = plies = 0
    while (game := bitmove.pgn.read_game(handle)) is not None:
        plies += sum(1 for _ in game.mainline())
        games += 1
    return games, plies


def read_all(module, text: str) -> list:
    handle = io.StringIO(text)
    games = []
    while (game := module.read_game(handle)) is not None:
        games.append(game)
    return games


def write_all(games: list) -> int:
    return sum(len(str(game)) for game in games)


def bitmove_games(path: Path, threads: int):
    games = plies = 0
    for record in bitmove.pgn.games(path, threads=threads):
        games += 1
        plies += len(record.moves)
    return games, plies


def bitmove_positions(path: Path, threads: int, batch_size: int = 65536, limit_games=None):
    rows = 0
    columns = ["game", "planes", "move", "mask"]
    for batch in bitmove.pgn.positions(
        path, threads=threads, columns=columns, batch_size=batch_size
    ):
        if limit_games is not None:
            batch_rows = int((batch["game"] < limit_games).sum())
            rows += batch_rows
            if batch_rows < len(batch["game"]):
                break
        else:
            rows += len(batch["game"])
    return rows


INDEX = {uci: i for i, uci in enumerate(bitmove.vocab.uci1968)}


def python_chess_positions(text: str, limit_games: int):
    """The same encoding with python-chess and NumPy: planes, move index, legal mask."""
    handle = io.StringIO(text)
    planes_out, moves_out, masks_out = [], [], []
    for _ in range(limit_games):
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        if game.errors:
            continue
        board = game.board()
        for move in game.mainline_moves():
            planes = np.zeros((12, 64), dtype=bool)
            for square, piece in board.piece_map().items():
                planes[(0 if piece.color else 6) + piece.piece_type - 1, square] = True
            mask = np.zeros(1968, dtype=bool)
            for legal in board.legal_moves:
                mask[INDEX[legal.uci()]] = True
            planes_out.append(planes.reshape(12, 8, 8))
            moves_out.append(INDEX.get(move.uci(), -1))
            masks_out.append(mask)
            board.push(move)
    if not planes_out:
        return 0
    np.stack(planes_out), np.array(moves_out, dtype=np.int32), np.stack(masks_out)
    return len(moves_out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--encode-games", type=int, default=100, help="games for the python-chess+NumPy encoding"
    )
    parser.add_argument(
        "--long",
        type=int,
        default=10,
        help="positions also on the first file this many times over (steady state: a file of "
        "one 65,536-row batch measures mostly the first batch's fresh memory); 0: no",
    )
    args = parser.parse_args()
    files = [Path(f) for f in args.files] or [GAMES / name for name in DEFAULT]
    logging.getLogger("bitmove.pgn").setLevel(logging.CRITICAL)  # games bitmove does not play
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    print(f"CPU: {cpu()}; python-chess {chess.__version__}; bitmove {bitmove.__version__}\n")
    print("| file | reader | threads | games/s | plies/s | MB/s | vs python-chess |")
    print("|---|---|---|---|---|---|---|")
    first_rate = None
    for path in files:
        raw = path.read_bytes()
        text = raw.decode("utf-8", errors="replace")
        mb = len(raw) / 1e6
        base_time, (games, plies) = best(
            lambda text=text: python_chess_replay(text), min(args.repeat, 2)
        )

        def row(name, threads, seconds, games=games, plies=plies, base=base_time, path=path, mb=mb):
            print(
                f"| {path.name} | {name} | {threads} | {games / seconds:,.0f} | {plies / seconds:,.0f} | "
                f"{mb / seconds:,.1f} | {base / seconds:,.1f}x |"
            )

        row("python-chess read_game + push", 1, base_time)
        t, counted = best(lambda text=text: bitmove_read_game(text), args.repeat)
        assert counted[0] == games, (counted, games)
        row("bitmove.pgn.read_game", 1, t)
        t, counted = best(lambda text=text: bitmove_read_nodes(text), args.repeat)
        row("bitmove.pgn.read_game, walking mainline() nodes", 1, t)
        # Writing: str(game) of the games each library read (errors left out: python-chess
        # cannot write some of them).
        theirs = [g for g in read_all(chess.pgn, text) if not g.errors]
        ours = [g for g in read_all(bitmove.pgn, text) if not g.errors]
        write_base, _ = best(lambda theirs=theirs: write_all(theirs), min(args.repeat, 2))
        row("python-chess str(game)", 1, write_base, base=write_base, games=len(theirs))
        t, _ = best(lambda ours=ours: write_all(ours), args.repeat)
        row("bitmove str(game)", 1, t, base=write_base, games=len(ours))
        for game in ours:
            game.variations  # noqa: B018 - makes the nodes
        t, _ = best(lambda ours=ours: write_all(ours), args.repeat)
        row("bitmove str(game), nodes made", 1, t, base=write_base, games=len(ours))
        for threads in (1, 2):
            t, counted = best(
                lambda threads=threads, path=path: bitmove_games(path, threads), args.repeat
            )
            assert counted[0] == games
            row("bitmove.pgn.games", threads, t)
        # Positions: per position, against python-chess + NumPy on the first games.
        n = args.encode_games
        enc_time, enc_rows = best(lambda text=text, n=n: python_chess_positions(text, n), 1)
        enc_rate = enc_rows / enc_time
        first_rate = first_rate or enc_rate
        print(
            f"| {path.name} | python-chess + NumPy encoding (first {n} games) | 1 | | {enc_rate:,.0f} positions/s | | 1.0x (of the encoding) |"
        )
        for threads, size in ((1, 65536), (2, 65536), (1, 4096), (2, 4096)):
            t, rows = best(
                lambda threads=threads, path=path, size=size: bitmove_positions(
                    path, threads, size
                ),
                args.repeat,
            )
            rate = rows / t
            print(
                f"| {path.name} | bitmove.pgn.positions (planes, move, mask; batches of {size:,}) "
                f"| {threads} | {games / t:,.0f} | "
                f"{rate:,.0f} positions/s | {mb / t:,.1f} | {rate / enc_rate:,.1f}x (of the encoding) |"
            )
    if args.long and first_rate:
        long_positions(files[0], args.long, first_rate, args.repeat)


def long_positions(path: Path, times: int, enc_rate: float, repeat: int) -> None:
    """positions on `path` written `times` times over: many batches, so the arrays of the
    batches let go are written again (the steady state of a long file)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        long_path = Path(tmp) / f"{times}x-{path.name}"
        raw = path.read_bytes()
        long_path.write_bytes(b"\n\n".join([raw] * times))
        mb = len(raw) * times / 1e6
        for threads, size in ((1, 65536), (2, 65536), (1, 4096), (2, 4096)):
            t, rows = best(
                lambda threads=threads, size=size: bitmove_positions(long_path, threads, size),
                repeat,
            )
            rate = rows / t
            print(
                f"| {path.name} x{times} | bitmove.pgn.positions (planes, move, mask; batches of "
                f"{size:,}) | {threads} | | {rate:,.0f} positions/s | {mb / t:,.1f} | "
                f"{rate / enc_rate:,.1f}x (of the encoding) |"
            )


if __name__ == "__main__":
    main()
