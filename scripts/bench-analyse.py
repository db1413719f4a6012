"""The natural python-chess script that `bitmove analyse` is measured against: a
multiprocessing pool of `chess.engine.SimpleEngine.analyse` over each game's mainline, one
engine per process, every position of every game analysed (no cache, no dedup).

    python scripts/bench-analyse.py GAMES.pgn --engine stockfish --nodes 10000 --engines 2

Prints the positions analysed, the seconds and the positions per second."""

from __future__ import annotations

import argparse
import multiprocessing
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games")
    parser.add_argument("--engine", default="stockfish")
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--engines", type=int, default=2)
    args = parser.parse_args()
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
