"""`bitmove pgn` against python-chess on real PGN files: the same games, the same games in
error, and for every game that replays the same moves, positions (the FEN before each move:
all the CLI writes; the final FEN and the headers are compared through the Python package,
crates/bitmove-py/tests/test_pgn.py), results, clocks and evaluations.

The files are slices of real collections (tests/data/pgn/README.md says where each comes
from). The CLI is the release build that `cargo test --release` leaves in target/release
(or BITMOVE_CLI); the test is skipped when there is none.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path

import pytest
from bitmove_cli import cli

chess_pgn = pytest.importorskip("chess.pgn")

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("BITMOVE_PGN_DATA", ROOT / "tests" / "data" / "pgn"))
FILES = sorted(p.name for p in DATA.glob("*.pgn"))

# Variants bitmove plays (python-chess's names for standard chess and Chess960, and the
# lichess variants as lichess and UCI name them); a game of any other variant is an error for
# bitmove, while python-chess plays it.
PLAYED = {"", "standard", "chess", "classical", "normal", "illegal", "from position"}
PLAYED |= {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"}
PLAYED |= {"atomic", "antichess", "crazyhouse", "three-check", "3check", "king of the hill"}
PLAYED |= {"kingofthehill", "horde", "racing kings", "racingkings"}


# Games where bitmove reports an error and python-chess, which skips any text it cannot
# read, does not: (file, game index) -> why.
KNOWN_ERRORS = {
    ("chess-library-corrupted.pgn", 0): 'the unreadable token "Kx"',
}


def decode(data: bytes) -> str:
    """Line by line, UTF-8 or else Latin-1, as bitmove decodes tag values."""
    lines = []
    for line in data.splitlines(keepends=True):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("latin-1"))
    return "".join(lines).lstrip("\ufeff")


def python_games(path: Path) -> list:
    handle = io.StringIO(decode(path.read_bytes()), newline=None)
    games = []
    while (game := chess_pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def eval_of(node):
    score = node.eval()
    if score is None:
        return None
    white = score.white()
    if white.is_mate():
        return f"#{white.mate()}"
    return white.score() / 100


@pytest.fixture(scope="module", params=FILES)
def compared(request, tmp_path_factory):
    path = DATA / request.param
    out = tmp_path_factory.mktemp("pgn") / "positions.jsonl"
    run = subprocess.run(
        [cli(), "pgn", str(path), "--json", "--threads", "2", "--positions", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    report = json.loads(run.stdout)
    positions: dict[int, list[dict]] = {}
    for line in out.read_text().splitlines():
        record = json.loads(line)
        positions.setdefault(record["game"], []).append(record)
    return path, report, positions, python_games(path)


def test_the_same_games_and_errors(compared):
    path, report, positions, games = compared
    assert report["games"] == len(games), path.name
    ours = {e["game"] for e in report["errors"]}
    theirs = {
        i
        for i, g in enumerate(games)
        if g.errors
        or g.headers.get("Variant", "").lower() not in PLAYED
        or (path.name, i) in KNOWN_ERRORS
    }
    assert ours == theirs, [e for e in report["errors"]]
    assert report["positions"] == sum(len(p) for p in positions.values())
    assert set(positions) <= set(range(len(games))) - ours


def test_the_same_moves_positions_clocks_and_evals(compared):
    path, report, positions, games = compared
    errors = {e["game"] for e in report["errors"]}
    for index, game in enumerate(games):
        if index in errors:
            continue
        ours = positions.get(index, [])
        nodes = list(game.mainline())
        assert [p["move"] for p in ours] == [n.move.uci() for n in nodes], (path.name, index)
        board = game.board()
        for ply, (mine, node) in enumerate(zip(ours, nodes)):
            where = (path.name, index, ply)
            assert mine["ply"] == ply, where
            assert mine["fen"] == board.fen(), where
            assert mine["result"] == game.headers["Result"], where
            assert mine["clock"] == node.clock(), where
            assert mine["eval"] == eval_of(node), where
            board.push(node.move)


def test_errors_name_the_game_line_and_reason(compared):
    _, report, _, _ = compared
    for error in report["errors"]:
        assert set(error) == {"file", "game", "line", "reason"}
        assert error["line"] >= 1 and error["reason"]
