"""The natural python-chess script that `bitmove analyse` is measured against: a
multiprocessing pool of `chess.engine.SimpleEngine.analyse` over each game's mainline, one
engine per process, every position of every game analysed (no cache, no dedup).

    python scripts/bench-analyse.py GAMES.pgn --engine stockfish --nodes 10000 --engines 2

Prints the positions analysed, the seconds and the positions per second.

    python scripts/bench-analyse.py GAMES.pgn --direct [--ucinewgame] ...

feeds the engines the distinct positions of the games (what `bitmove analyse` asks) straight
over their pipes instead, each engine taking the next position when it is free: `position
fen`, `go nodes N`, read to `bestmove`, nothing parsed;
the floor that bitmove's own cost is measured against (it also prints the engines'
processor seconds). `--ucinewgame` also sends
`ucinewgame` + `isready` before each, as bitmove's worker does (its determinism)."""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import queue
import resource
import time

import chess.engine
import chess.pgn

ENGINE = None


def start(command: str, options: dict) -> None:
    global ENGINE
    ENGINE = chess.engine.SimpleEngine.popen_uci(command)
    ENGINE.configure(options)


def analyse_game(args: tuple) -> list:
    pgn, nodes = args
    import io

    game = chess.pgn.read_game(io.StringIO(pgn))
    board = game.board()
    out = []
    for move in game.mainline_moves():
        info = ENGINE.analyse(board, chess.engine.Limit(nodes=nodes), game=game)
        out.append(info["score"].white().score(mate_score=100000))
        board.push(move)
    return out


def direct_positions(command: str, fens: queue.Queue[str], nodes: int, newgame: bool) -> int:
    """One engine fed positions from the shared queue until it is empty; returns how many."""
    import subprocess

    engine = subprocess.Popen(
        [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line: str) -> None:
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait(prefix: str) -> None:
        for line in engine.stdout:
            if line.startswith(prefix):
                return
        raise RuntimeError("the engine ended")

    send("uci")
    wait("uciok")
    send("setoption name Threads value 1")
    send("setoption name Hash value 16")
    send("isready")
    wait("readyok")
    done = 0
    while True:
        try:
            fen = fens.get_nowait()
        except queue.Empty:
            break
        if newgame:
            send("ucinewgame")
            send("isready")
            wait("readyok")
        send(f"position fen {fen}")
        send(f"go nodes {nodes}")
        wait("bestmove")
        done += 1
    send("quit")
    engine.wait()
    return done


def distinct_fens(path: str) -> list[str]:
    seen = set()
    fens = []
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                key = board.epd()
                if key not in seen:
                    seen.add(key)
                    fens.append(board.fen())
                board.push(move)
            if board.epd() not in seen and not board.is_game_over():
                seen.add(board.epd())
                fens.append(board.fen())
    return fens


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games")
    parser.add_argument("--engine", default="stockfish")
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--engines", type=int, default=2)
    parser.add_argument("--direct", action="store_true")
    parser.add_argument("--ucinewgame", action="store_true")
    args = parser.parse_args()
    if args.direct:
        todo: queue.Queue[str] = queue.Queue()
        for fen in distinct_fens(args.games):
            todo.put(fen)
        start_time = time.perf_counter()
        # A thread per engine, each taking the next position when its engine is free (as
        # bitmove's pool does); the threads wait on pipes, so the GIL is no bottleneck.
        with concurrent.futures.ThreadPoolExecutor(args.engines) as pool:
            counts = list(
                pool.map(
                    lambda _: direct_positions(args.engine, todo, args.nodes, args.ucinewgame),
                    range(args.engines),
                )
            )
        seconds = time.perf_counter() - start_time
        positions = sum(counts)
        # The engines are this process's only children: their processor time alone.
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(
            f"positions {positions} seconds {seconds:.2f} per_second {positions / seconds:.1f}"
            f" engines_cpu_seconds {children.ru_utime + children.ru_stime:.2f}"
        )
        return
    texts = []
    with open(args.games) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            texts.append(str(game))
    start_time = time.perf_counter()
    options = {"Threads": 1, "Hash": 16}
    with multiprocessing.Pool(args.engines, start, (args.engine, options)) as pool:
        results = pool.map(analyse_game, [(t, args.nodes) for t in texts], chunksize=1)
    seconds = time.perf_counter() - start_time
    positions = sum(len(r) for r in results)
    print(f"positions {positions} seconds {seconds:.2f} per_second {positions / seconds:.1f}")


if __name__ == "__main__":
    main()
