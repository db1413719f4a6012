"""`bitmove.analyse` against python-chess as the oracle: the same node limit on the same FENs
through `chess.engine.SimpleEngine.analyse` gives the same scores, and the written PGN read
by `chess.pgn.read_game` gives `node.eval()` equal to them. Real Stockfish (Debian's), one
thread, small node limits. Every engine and process a test starts is stopped in a
`finally`, also when the test fails."""

import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import bitmove
import bitmove.engine
import chess
import chess.engine
import chess.pgn
import pytest
from bitmove.analyse import PlyResult, Summary, result_of_line
from conftest import stop

_PATH = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
STOCKFISH = shutil.which("stockfish", path=_PATH)
REPO = Path(__file__).resolve().parents[3]
NODES = 3000

# A mate (terminal position: no engine), a repeated opening (analysed once), a game from a
# FEN with Black to move, a promotion.
GAMES = """[Event "mate"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "repeat"]
[Result "*"]

1. e4 e5 2. Bc4 Nc6 3. Nf3 Nf6 *

[Event "fen"]
[SetUp "1"]
[FEN "8/P6k/8/8/8/8/6K1/8 w - - 0 1"]
[Result "*"]

1. a8=Q Kg6 2. Qe4+ Kf6 *

"""


@pytest.fixture(scope="module")
def stockfish():
    assert STOCKFISH, "stockfish is not installed (scripts/test-all.sh installs Debian's)"
    return STOCKFISH


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    path = tmp_path_factory.mktemp("games") / "games.pgn"
    path.write_text(GAMES)
    return path


@pytest.fixture(scope="module")
def oracle(stockfish):
    """python-chess's analysis of a FEN at NODES nodes, from a fresh game (`ucinewgame`
    before each, as bitmove's worker sends), memoised."""
    engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    seen = {}

    def analyse(fen):
        if fen not in seen:
            seen[fen] = engine.analyse(
                chess.Board(fen), chess.engine.Limit(nodes=NODES), game=object()
            )
        return seen[fen]

    try:
        yield analyse
    finally:
        engine.quit()


def white_value(score):
    white = score.white()
    return ("mate", white.mate()) if white.is_mate() else ("cp", white.score())


def test_results_equal_python_chess(games, oracle, stockfish):
    results = list(bitmove.analyse(games, stockfish, nodes=NODES, engines=2, progress=False))
    assert all(isinstance(r, PlyResult) for r in results)
    # One result per move of every game, in order.
    plies = [(r.game, r.ply) for r in results]
    assert plies == [(0, p) for p in range(7)] + [(1, p) for p in range(6)] + [
        (2, p) for p in range(4)
    ]
    for r in results:
        board = chess.Board(r.fen)
        assert board.fen() == r.fen
        assert chess.Move.from_uci(r.move) in board.legal_moves
        info = oracle(r.fen)
        assert isinstance(r.score, bitmove.engine.PovScore)
        assert white_value(r.score) == white_value(info["score"]), r.fen
        assert r.pv == [m.uci() for m in info["pv"]], r.fen
        assert r.best_move == r.pv[0]
        assert r.depth == info["depth"]
        assert r.nodes == info["nodes"]
        assert r.error is None


def test_written_pgn_reads_back_with_the_same_evals(games, oracle, stockfish, tmp_path):
    out, positions = tmp_path / "out.pgn", tmp_path / "out.jsonl"
    summary = bitmove.analyse(
        [games], [stockfish], nodes=NODES, engines=1, out=out, positions=positions,
        progress=False,
    )  # fmt: skip
    assert isinstance(summary, Summary)
    assert (summary.games, summary.written, summary.missing, summary.failed) == (3, 3, 0, [])
    # 7 + 6 + 4 positions with a move, plus the end positions but the mate: 3 + 5 of the
    # repeat game's 7 (start, e4, e5, Bc4, Nc6 repeat) are planned once.
    assert summary.positions == 7 + 7 + 5
    assert summary.distinct == summary.positions - 5
    assert summary.analysed == summary.distinct and summary.from_cache == 0
    assert summary.cache == str(tmp_path / "out.analysis.sqlite")
    text = out.read_text()
    handle = io.StringIO(text)
    count = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        count += 1
        for node in game.mainline():
            board = node.board()
            if board.is_checkmate():
                assert node.eval() is None
                continue
            assert node.eval() is not None, node
            assert white_value(node.eval()) == white_value(oracle(board.fen())["score"])
    assert count == 3
    lines = [result_of_line(json.loads(x)) for x in positions.read_text().splitlines()]
    again = list(bitmove.analyse(games, stockfish, nodes=NODES, cache=summary.cache))
    assert lines == again


def test_a_second_run_takes_everything_from_the_cache(games, stockfish, tmp_path):
    out, cache = tmp_path / "a.pgn", tmp_path / "c.sqlite"
    first = bitmove.analyse(games, stockfish, nodes=NODES, out=out, cache=cache)
    text = out.read_bytes()
    out.unlink()
    second = bitmove.analyse(games, stockfish, nodes=NODES, out=out, cache=cache)
    assert (second.analysed, second.from_cache) == (0, first.distinct)
    assert out.read_bytes() == text
    with sqlite3.connect(cache) as db:
        (rows,) = db.execute("SELECT count(*) FROM evaluations").fetchone()
    assert rows == first.distinct
    # Another limit is another setting: analysed again, stored beside.
    third = bitmove.analyse(games, stockfish, nodes=NODES + 1, out=out, cache=cache)
    assert third.analysed == first.distinct


def test_judgements_and_multipv(games, stockfish, tmp_path):
    results = list(bitmove.analyse(games, stockfish, nodes=NODES, multipv=2, judgements=True))
    # Black's 3...Nf6?? allows mate in one.
    nf6 = next(r for r in results if r.game == 0 and r.ply == 5)
    assert nf6.move == "g8f6" and nf6.judgement == "??"
    assert all(r.judgement in (None, "?!", "?", "??") for r in results)


def test_bad_arguments_are_value_errors(games, stockfish):
    for kwargs in [
        {},
        {"nodes": 10, "depth": 2},
        {"nodes": 0},
        {"nodes": 10, "multipv": 0},
        {"nodes": 10, "engines": 0},
        {"nodes": 10, "from_ply": -1},
        {"nodes": 10, "positions": "x.jsonl"},
    ]:
        with pytest.raises(ValueError):
            bitmove.analyse(games, stockfish, **kwargs)
    with pytest.raises(ValueError):
        bitmove.analyse([], stockfish, nodes=10)
    with pytest.raises(ValueError):
        bitmove.analyse(games, "'unclosed", nodes=10)


def test_files_and_engines_failures_are_typed(games, tmp_path, stockfish):
    with pytest.raises(OSError):
        list(bitmove.analyse(tmp_path / "missing.pgn", stockfish, nodes=10))
    with pytest.raises(bitmove.engine.EngineError):
        list(bitmove.analyse(games, str(tmp_path / "no-engine"), nodes=10))
    with pytest.raises(bitmove.engine.EngineError):
        list(bitmove.analyse(games, "/bin/true", nodes=10))
    with pytest.raises(bitmove.engine.EngineError):
        list(bitmove.analyse(games, stockfish, nodes=10, options={"NoSuchOption": 1}))
    with pytest.raises(OSError):
        bitmove.analyse(games, stockfish, nodes=10, out=tmp_path / "no" / "dir" / "o.pgn")


def stockfish_children():
    found = subprocess.run(
        ["pgrep", "-P", str(os.getpid()), "-f", "stockfish"],
        check=False,
        capture_output=True,
        text=True,
    )
    return set(found.stdout.split())


def test_a_worker_restarts_a_dead_engine(stockfish):
    before = stockfish_children()
    worker = bitmove._bitmove._AnalysisWorker([stockfish], [], ("nodes", NODES))
    try:
        plan = bitmove._bitmove._analyse_plan([str(REPO / "tests/data/pgn/chess-library-book.pgn")])
        job = plan["jobs"][0]
        first = worker.analyse(job)
        # Kill the stockfish this worker started.
        children = stockfish_children() - before
        assert len(children) == 1
        for pid in children:
            os.kill(int(pid), signal.SIGKILL)
        again = worker.analyse(job)
        assert worker.restarts == 1
        assert again == first
        assert first["key"] == format(bitmove._bitmove._analyse_key(job[1]), "032x")
    finally:
        worker.quit()


CHILD = """
import sys, bitmove
bitmove.analyse(sys.argv[1], sys.argv[2], nodes=int(sys.argv[3]), engines=1,
                out=sys.argv[4], cache=sys.argv[5], progress=False)
"""


def test_ctrl_c_commits_the_cache_and_the_same_call_resumes(stockfish, tmp_path):
    games = REPO / "tests/data/pgn/chess-library-multiple.pgn"
    cache, out = tmp_path / "i.sqlite", tmp_path / "i.pgn"
    args = [sys.executable, "-c", CHILD, str(games), stockfish, str(NODES), str(out), str(cache)]
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        rows = 0
        while rows < 64 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
            try:
                with sqlite3.connect(cache) as db:
                    (rows,) = db.execute("SELECT count(*) FROM evaluations").fetchone()
            except sqlite3.Error:
                rows = 0
        assert proc.poll() is None, "finished before it could be interrupted"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode != 0 and "KeyboardInterrupt" in err
    finally:
        stop(proc)
    assert not out.exists()
    with sqlite3.connect(cache) as db:
        (kept,) = db.execute("SELECT count(*) FROM evaluations").fetchone()
    assert kept >= 64
    summary = bitmove.analyse(games, stockfish, nodes=NODES, out=out, cache=cache)
    assert summary.from_cache == kept and summary.missing == 0
    whole = tmp_path / "whole.pgn"
    bitmove.analyse(games, stockfish, nodes=NODES, out=whole, cache=tmp_path / "w.sqlite")
    assert out.read_bytes() == whole.read_bytes()
