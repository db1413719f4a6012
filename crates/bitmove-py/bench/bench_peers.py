"""bitmove against python-chess, cozy-chess-py and rust-chess, side by side in one process.

Not a test: it prints a Markdown table for docs/python.md. Each row times one task over the same
3,000 positions from seeded random games (best of five runs), per position in microseconds,
and the speed-up of each library over python-chess.

    .venv/bin/pip install chess cozy-chess-py rust-chess   # the peers, from the package index
    .venv/bin/python crates/bitmove-py/bench/bench_peers.py

Each library is used the fastest way its own API offers for the task (listed below the
table); perft is a plain recursion counting the last ply in bulk for the peers, which have no
perft of their own, and bitmove.perft on one thread.
"""

import copy
import random
import sys
import time

import bitmove
import chess

try:
    import cozy_chess
except ImportError:
    cozy_chess = None
try:
    import rust_chess
except ImportError:
    rust_chess = None

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITIONS = 3000
RUNS = 5


def positions(count, seed=2024):
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randrange(10, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            if board.legal_moves.count() and len(fens) < count and rng.random() < 0.3:
                fens.append(board.fen())
    return fens


def best(task, items):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        task(items)
        times.append(time.perf_counter() - start)
    return min(times) / len(items) * 1e6  # microseconds per item


def chess_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def cozy_perft(board, depth):
    moves = board.generate_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = copy.copy(board)
        child.play(move)
        total += cozy_perft(child, depth - 1)
    return total


def rust_perft(board, depth):
    board.reset_move_generator()
    moves = list(board.generate_legal_moves())
    if depth == 1:
        return len(moves)
    return sum(rust_perft(board.make_move_new(move), depth - 1) for move in moves)


def main():
    fens = positions(POSITIONS)
    libs = {}

    # python-chess
    pc = [chess.Board(f) for f in fens]
    pc_first = [next(iter(b.legal_moves)) for b in pc]

    def pc_push_pop(items):
        for board, move in items:
            board.push(move)
            board.pop()

    libs["python-chess"] = {
        "legal moves as UCI": (lambda bs: [[m.uci() for m in b.legal_moves] for b in bs], pc),
        "count legal moves": (lambda bs: [b.legal_moves.count() for b in bs], pc),
        "parse FEN": (lambda fs: [chess.Board(f) for f in fs], fens),
        "push + pop": (pc_push_pop, list(zip(pc, pc_first))),
        "perft": (chess_perft, 3),
    }

    # bitmove
    bm = [bitmove.Board(f) for f in fens]
    bm_first = [b.legal_moves[0] for b in bm]
    libs["bitmove"] = {
        "legal moves as UCI": (lambda bs: [b.legal_moves_uci() for b in bs], bm),
        "legal moves as UCI (Move objects)": (
            lambda bs: [[m.uci() for m in b.legal_moves] for b in bs],
            bm,
        ),
        "count legal moves": (lambda bs: [len(b.legal_moves) for b in bs], bm),
        "parse FEN": (lambda fs: [bitmove.Board(f) for f in fs], fens),
        "push + pop": (pc_push_pop, list(zip(bm, bm_first))),
        "perft": (lambda b, d: bitmove.perft(KIWIPETE, d, threads=1), 5),
    }

    if cozy_chess is not None:
        cz = [cozy_chess.Board.from_fen(f) for f in fens]

        def cz_push_pop(items):
            for board, move in items:
                child = copy.copy(board)
                child.play(move)

        libs["cozy-chess-py"] = {
            "legal moves as UCI": (
                lambda bs: [[str(m) for m in b.generate_moves()] for b in bs],
                cz,
            ),
            "count legal moves": (lambda bs: [len(b.generate_moves()) for b in bs], cz),
            "parse FEN": (lambda fs: [cozy_chess.Board.from_fen(f) for f in fs], fens),
            "push + pop": (cz_push_pop, [(b, b.generate_moves()[0]) for b in cz]),
            "perft": (cozy_perft, 4),
        }

    if rust_chess is not None:
        rs = [rust_chess.Board.from_fen(f) for f in fens]

        def rs_uci(bs):
            out = []
            for b in bs:
                b.reset_move_generator()
                out.append([m.get_uci() for m in b.generate_legal_moves()])
            return out

        def rs_count(bs):
            out = []
            for b in bs:
                b.reset_move_generator()
                out.append(len(b.generate_legal_moves()))
            return out

        libs["rust-chess"] = {
            "legal moves as UCI": (rs_uci, rs),
            "count legal moves": (rs_count, rs),
            "parse FEN": (lambda fs: [rust_chess.Board.from_fen(f) for f in fs], fens),
            # No push + pop: make_move_new panics on some of these positions and the panic
            # aborts the interpreter (rust-chess 0.4.3, "index out of bounds" in board.rs).
            "perft": (rust_perft, 4),
        }

    # The libraries must agree before any timing counts.
    expected = [sorted(m.uci() for m in b.legal_moves) for b in pc]
    assert [sorted(x) for x in libs["bitmove"]["legal moves as UCI"][0](bm)] == expected

    results = {}
    for lib, tasks in libs.items():
        for task, (fn, arg) in tasks.items():
            if task == "perft":
                board = {
                    "python-chess": lambda: chess.Board(KIWIPETE),
                    "bitmove": lambda: None,
                    "cozy-chess-py": lambda: cozy_chess.Board.from_fen(KIWIPETE),
                    "rust-chess": lambda: rust_chess.Board.from_fen(KIWIPETE),
                }[lib]()
                runs = []
                for _ in range(3 if lib != "bitmove" else RUNS):
                    start = time.perf_counter()
                    nodes = fn(board, arg)
                    runs.append(time.perf_counter() - start)
                known = {3: 97862, 4: 4085603, 5: 193690690}[arg]
                assert nodes == known, (lib, nodes)
                results[(lib, task)] = nodes / min(runs)  # leaves per second
            else:
                results[(lib, task)] = best(fn, arg)

    tasks = [
        "legal moves as UCI",
        "legal moves as UCI (Move objects)",
        "count legal moves",
        "parse FEN",
        "push + pop",
        "perft",
    ]
    names = list(libs)
    print(f"Python {sys.version.split()[0]}, {POSITIONS} positions, best of {RUNS} runs.\n")
    print("| task | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for task in tasks:
        base = results.get(("python-chess", task))
        if task == "legal moves as UCI (Move objects)":
            base = results[("python-chess", "legal moves as UCI")]
        cells = []
        for lib in names:
            value = results.get((lib, task))
            if value is None:
                cells.append("")
            elif task == "perft":
                ratio = value / base
                cells.append(f"{value / 1e6:.3g} M leaves/s ({ratio:.0f}x)")
            else:
                cells.append(f"{value:.2f} us ({base / value:.1f}x)")
        label = task if task != "perft" else "perft, kiwipete (leaves per second)"
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
