"""bitmove.engine against real engines (Debian's stockfish and fairy-stockfish, installed by
scripts/test-all.sh), python-chess's chess.engine as the oracle: the same engine, one thread,
the same node limit give the same moves and scores. Faults with real processes: an engine
killed mid-search, one that never answers, one that writes garbage, a Python process killed
or interrupted while its engine runs."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import bitmove
import bitmove.engine
import bitmove.pgn
import bitmove.variant
import chess
import chess.engine
import chess.variant
import pytest

_PATH = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
STOCKFISH = shutil.which("stockfish", path=_PATH)
FAIRY = shutil.which("fairy-stockfish", path=_PATH)
DATA = Path(__file__).resolve().parents[3] / "tests" / "data"
SETTINGS = {"Threads": 1, "Hash": 16}
NODES = 3000


@pytest.fixture(scope="module")
def stockfish():
    assert STOCKFISH, "stockfish is not installed (scripts/test-all.sh installs Debian's)"
    return STOCKFISH


@pytest.fixture(scope="module")
def fairy():
    assert FAIRY, "fairy-stockfish is not installed (scripts/test-all.sh installs Debian's)"
    return FAIRY


def gone(pid: int, within: float = 5.0) -> bool:
    """Whether process `pid` has exited (and is not a zombie) within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ", 1)[1].startswith("Z"):
                    return True
        except (FileNotFoundError, ProcessLookupError):
            return True
        time.sleep(0.05)
    return False


def script(tmp_path: Path, name: str, body: str) -> list[str]:
    """A fake engine: a Python script run by this interpreter."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


POSITIONS = [
    bitmove.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "8/8/8/3k4/8/3K4/3P4/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",  # mate in one
]


# ------------------------------------------------------------------------------------
# Stockfish, python-chess as the oracle


def test_play_and_analyse_agree_with_python_chess(stockfish):
    limit = {"nodes": NODES}
    ours, theirs = [], []
    with bitmove.engine.SimpleEngine.popen_uci(stockfish) as engine:
        engine.configure(SETTINGS)
        for fen in POSITIONS:
            board = bitmove.Board(fen)
            played = engine.play(board, bitmove.engine.Limit(**limit), game=fen)
            info = engine.analyse(board, bitmove.engine.Limit(**limit), game=fen + "a")
            assert played.move in board.legal_moves
            assert all(isinstance(m, bitmove.Move) for m in info["pv"])
            assert isinstance(info["score"], bitmove.engine.PovScore)
            ours.append((played.move.uci(), info["score"].white(), [m.uci() for m in info["pv"]]))
    with chess.engine.SimpleEngine.popen_uci(stockfish) as engine:
        engine.configure(SETTINGS)
        for fen in POSITIONS:
            board = chess.Board(fen)
            played = engine.play(board, chess.engine.Limit(**limit), game=fen)
            info = engine.analyse(board, chess.engine.Limit(**limit), game=fen + "a")
            theirs.append((played.move.uci(), info["score"].white(), [m.uci() for m in info["pv"]]))
    assert ours == theirs  # scores compare across the two libraries
    assert ours[3][1] == bitmove.engine.Mate(1) and ours[3][0] == "d1d8"


def test_multipv_and_options(stockfish):
    with bitmove.engine.SimpleEngine.popen_uci(stockfish) as engine:
        assert engine.id["name"].startswith("Stockfish")
        assert engine.options["hash"].type == "spin" and engine.options["Hash"].min == 1
        assert engine.options["uci_chess960"].default is False
        engine.configure({"Threads": 1})
        with pytest.raises(bitmove.engine.EngineError, match="automatically managed"):
            engine.configure({"MultiPV": 2})
        with pytest.raises(bitmove.engine.EngineError, match="does not support option"):
            engine.configure({"NoSuchOption": 1})
        with pytest.raises(bitmove.engine.EngineError, match="at most"):
            engine.configure({"Threads": 100000})
        board = bitmove.Board(POSITIONS[1])
        # A depth limit ends on a whole iteration: every line at the same depth.
        lines = engine.analyse(board, bitmove.engine.Limit(depth=6), multipv=3)
        assert len(lines) == 3
        assert [line["multipv"] for line in lines] == [1, 2, 3]
        assert len({line["pv"][0] for line in lines}) == 3
        scores = [line["score"].relative for line in lines]
        assert scores == sorted(scores, reverse=True)
        # UCI_ShowWDL for this search only: wdl per mille from the side to move.
        info = engine.analyse(
            board, bitmove.engine.Limit(nodes=NODES), options={"UCI_ShowWDL": True}
        )
        assert sum(info["wdl"].relative) == 1000 and len(info["wdl"]) == 3
        assert engine.ping() is None


def test_asyncio_analysis_iteration(stockfish):
    async def main():
        transport, engine = await bitmove.engine.popen_uci(stockfish)
        await engine.configure(SETTINGS)
        board = bitmove.Board(POSITIONS[1])
        depths = []
        with await engine.analysis(board) as analysis:  # infinite until stopped
            async for info in analysis:
                if "depth" in info and "pv" in info:
                    depths.append(info["depth"])
                    assert info["pv"][0] in board.legal_moves
                if len(depths) >= 4:
                    break
        best = await analysis.wait()
        assert best.move in board.legal_moves
        assert analysis.info["depth"] >= 4 and not analysis.would_block()
        async for _ in analysis:  # the rest of the queue, then the end
            pass
        assert analysis.empty()
        with pytest.raises(bitmove.engine.AnalysisComplete):
            await analysis.get()
        await engine.quit()
        assert await engine.returncode == 0
        transport.close()

    asyncio.run(main())


def test_sync_analysis_and_chess960(stockfish):
    board = bitmove.Board.from_chess960_pos(518 - 100)
    with bitmove.engine.SimpleEngine.popen_uci(stockfish) as engine:
        with engine.analysis(board, bitmove.engine.Limit(depth=6)) as analysis:
            infos = list(analysis)
        assert analysis.wait().move in board.legal_moves
        assert infos and max(info.get("depth", 0) for info in infos) == 6
        # A game with castling played by the engine's moves, Chess960 style (king takes
        # rook in the engine's notation): every move legal, sent back as the game so far.
        for _ in range(12):
            result = engine.play(board, bitmove.engine.Limit(nodes=500))
            assert result.move in board.legal_moves
            board.push(result.move)
        assert engine.protocol.config["UCI_Chess960"] is True


# ------------------------------------------------------------------------------------
# fairy-stockfish: variants by UCI_Variant


# (Debian's fairy-stockfish is built without atomic.)
@pytest.mark.parametrize("variant", ["Antichess", "Three-check", "Crazyhouse", "Horde"])
def test_fairy_stockfish_variant_moves_agree_with_python_chess(fairy, variant):
    ours_class = bitmove.variant.find_variant(variant)
    theirs_class = chess.variant.find_variant(variant)
    moves = {}
    for module, board in (
        (bitmove.engine, ours_class()),
        (chess.engine, theirs_class()),
    ):
        with module.SimpleEngine.popen_uci(fairy) as engine:
            engine.configure(SETTINGS)
            played = []
            for _ in range(6):
                result = engine.play(board, module.Limit(nodes=800))
                assert result.move in board.legal_moves
                board.push(result.move)
                played.append(result.move.uci())
            moves[module.__name__] = played
            assert engine.protocol.config["UCI_Variant"] == ours_class.uci_variant
    assert moves["bitmove.engine"] == moves["chess.engine"]


def test_fairy_stockfish_over_xboard_as_python_chess_sees_it(fairy):
    """fairy-stockfish speaks CECP too: the same features, name and answers through both
    modules (Debian's build refuses `post`/`nopost`: `play` fails alike, the engine alive)."""
    seen = {}
    for module, board in ((bitmove.engine, bitmove.Board()), (chess.engine, chess.Board())):
        with module.SimpleEngine.popen_xboard(fairy) as engine:
            engine.ping()
            with pytest.raises(module.EngineError) as error:
                engine.play(board, module.Limit(depth=3))
            engine.ping()
            seen[module.__name__] = (dict(engine.protocol.features), engine.id, str(error.value))
            engine.quit()
    assert seen["bitmove.engine"] == seen["chess.engine"]
    assert seen["bitmove.engine"][1] == {"name": "Fairy-Stockfish"}


# ------------------------------------------------------------------------------------
# Faults with real processes


def test_engine_killed_mid_analysis(stockfish):
    with bitmove.engine.SimpleEngine.popen_uci(stockfish) as engine:
        analysis = engine.analysis(bitmove.Board())
        assert analysis.get()  # it is searching
        os.kill(engine.transport.get_pid(), signal.SIGKILL)
        with pytest.raises(bitmove.engine.EngineTerminatedError, match="exit code: -9"):
            analysis.wait()
        with pytest.raises(bitmove.engine.EngineTerminatedError):
            engine.ping()
        assert engine.returncode.result(timeout=5) == -9


def test_engine_killed_mid_play_async(stockfish):
    async def main():
        transport, engine = await bitmove.engine.popen_uci(stockfish)
        engine.loop.call_later(0.3, os.kill, transport.get_pid(), signal.SIGKILL)
        with pytest.raises(bitmove.engine.EngineTerminatedError):
            await engine.play(bitmove.Board(), bitmove.engine.Limit(depth=200))
        transport.close()

    asyncio.run(main())


def test_engine_that_never_answers_uciok_times_out(tmp_path):
    pidfile = tmp_path / "pid"
    command = script(
        tmp_path,
        "mute.py",
        f"""
        import os, sys, time
        open({str(pidfile)!r}, "w").write(str(os.getpid()))
        sys.stdin.readline()
        print("id name Mute", flush=True)
        time.sleep(600)
        """,
    )
    started = time.monotonic()
    with pytest.raises(asyncio.TimeoutError):
        bitmove.engine.SimpleEngine.popen_uci(command, timeout=1.0)
    assert time.monotonic() - started < 5
    assert gone(int(pidfile.read_text()))


def test_engine_that_hangs_mid_search_times_out(tmp_path):
    command = script(
        tmp_path,
        "stuck.py",
        """
        import sys, time
        for line in sys.stdin:
            if line.strip() == "uci":
                print("uciok", flush=True)
            elif line.strip() == "isready":
                print("readyok", flush=True)
            elif line.startswith("go"):
                time.sleep(600)
        """,
    )
    with bitmove.engine.SimpleEngine.popen_uci(command, timeout=0.5) as engine:
        started = time.monotonic()
        with pytest.raises(asyncio.TimeoutError):
            engine.play(bitmove.Board(), bitmove.engine.Limit(time=0.2))
        assert time.monotonic() - started < 3
        pid = engine.transport.get_pid()
    assert gone(pid)


def test_garbage_and_half_line_then_exit(tmp_path, caplog):
    command = script(
        tmp_path,
        "garbage.py",
        """
        import sys
        sys.stdin.readline()
        out = sys.stdout.buffer
        out.write(b"id name Garbage\\n\\xff\\xfe\\x00 not utf-8\\n")
        out.write(b"option name Broken type spin default x min 1 max 2\\n")
        out.write(b"option name Broken type\\n")
        out.write(b"uci")  # half of uciok, then exit
        out.flush()
        """,
    )
    with (
        caplog.at_level(logging.WARNING, logger="chess.engine"),
        pytest.raises(bitmove.engine.EngineTerminatedError, match="exit code: 0"),
    ):
        bitmove.engine.SimpleEngine.popen_uci(command, timeout=5)
    assert any("not utf-8" in record.getMessage() for record in caplog.records)


def test_garbage_search_output_is_logged_and_skipped(tmp_path, caplog):
    command = script(
        tmp_path,
        "noisy.py",
        """
        import sys
        for line in sys.stdin:
            word = line.split()[0] if line.split() else ""
            if word == "uci":
                print("id name Noisy\\nuciok", flush=True)
            elif word == "isready":
                print("readyok", flush=True)
            elif word == "go":
                print("info depth x score cp", flush=True)
                print("info depth 3 score cp 12 pv e2e4 e7e5 e1e8 d2d4", flush=True)
                print("complete nonsense", flush=True)
                print("bestmove e2e4 ponder e2e5", flush=True)
            elif word == "quit":
                break
        """,
    )
    with (
        caplog.at_level(logging.WARNING, logger="chess.engine"),
        bitmove.engine.SimpleEngine.popen_uci(command, timeout=5) as engine,
    ):
        board = bitmove.Board()
        result = engine.play(board, bitmove.engine.Limit(depth=3), info=bitmove.engine.INFO_ALL)
        engine.quit()
    assert result.move == bitmove.Move.from_uci("e2e4")
    assert result.ponder is None  # e2e5 is no move after 1. e4
    # The illegal third pv move cuts the pv there.
    assert [move.uci() for move in result.info["pv"]] == ["e2e4", "e7e5"]
    assert result.info["score"] == bitmove.engine.PovScore(bitmove.engine.Cp(12), True)
    assert any("complete nonsense" in record.getMessage() for record in caplog.records)


CHILD = """
import sys, time
import bitmove, bitmove.engine
engine = bitmove.engine.SimpleEngine.popen_uci({stockfish!r})
print(engine.transport.get_pid(), flush=True)
with engine:
    {body}
"""


def run_child(stockfish: str, body: str) -> tuple[subprocess.Popen, int]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(stockfish=stockfish, body=body)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    pid = int(child.stdout.readline())
    time.sleep(0.5)  # into the search
    return child, pid


def test_python_process_killed_leaves_no_engine(stockfish):
    body = "engine.analysis(bitmove.Board()); time.sleep(600)"
    child, pid = run_child(stockfish, body)
    try:
        assert not gone(pid, within=0.1)
        child.kill()
        child.wait(timeout=5)
        assert gone(pid), "stockfish still runs after its parent was killed"
    finally:
        child.kill()
        if not gone(pid, within=0.1):
            os.kill(pid, signal.SIGKILL)


def test_ctrl_c_in_simple_engine_analyse(stockfish):
    body = "engine.analyse(bitmove.Board(), bitmove.engine.Limit())"
    child, pid = run_child(stockfish, body)
    try:
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=10)
        assert child.returncode != 0
        assert err.strip().splitlines()[-1] == "KeyboardInterrupt"
        assert gone(pid)
    finally:
        child.kill()
        if not gone(pid, within=0.1):
            os.kill(pid, signal.SIGKILL)


# ------------------------------------------------------------------------------------
# python-chess programs, unchanged but for their first line


ANNOTATE = """
import io, sys

pgn = io.StringIO(sys.argv[2])
game = chess.pgn.read_game(pgn)
with chess.engine.SimpleEngine.popen_uci(sys.argv[1]) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    board = game.board()
    for node in game.mainline():
        board.push(node.move)
        info = engine.analyse(board, chess.engine.Limit(nodes=1500), game=game)
        node.set_eval(info["score"], info.get("depth"))
        if info["score"].is_mate():
            node.comment += " mate"
        best = info["pv"][0]
        node.comment += " best " + board.san(best)
        wdl = info["score"].white().wdl(model="sf16", ply=board.ply())
        node.comment += f" e{wdl.expectation():.3f}"
print(game)
"""

SELF_PLAY = """
import sys

board = chess.Board()
with chess.engine.SimpleEngine.popen_uci(sys.argv[1]) as engine:
    engine.configure({"Threads": 1, "Hash": 16})
    while not board.is_game_over(claim_draw=True) and board.fullmove_number <= 30:
        result = engine.play(board, chess.engine.Limit(nodes=400), info=chess.engine.INFO_SCORE)
        score = result.info["score"].white()
        print(board.san(result.move), score, score.score(mate_score=10000))
        board.push(result.move)
print(board.fen(), board.outcome(claim_draw=True))
"""

HEADERS = {
    "bitmove": "import bitmove as chess\nimport bitmove.engine\nimport bitmove.pgn\n",
    "chess": "import chess\nimport chess.engine\nimport chess.pgn\n",
}


@pytest.mark.parametrize("program", [ANNOTATE, SELF_PLAY], ids=["annotate", "self_play"])
def test_python_chess_programs_run_unchanged(stockfish, program):
    game = (DATA / "pgn" / "lichess-2021-10-30.pgn").read_text().split("\n\n[Event")[0]
    game = "\n".join(game.splitlines()[:30]) + "\n"  # headers and a few moves
    outputs = {}
    for name, header in HEADERS.items():
        done = subprocess.run(
            [sys.executable, "-c", header + program, stockfish, game],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        outputs[name] = done.stdout.replace("Termination.", "").replace("Outcome(", "")
    assert outputs["bitmove"] == outputs["chess"]
    assert len(outputs["bitmove"].splitlines()) > 5
