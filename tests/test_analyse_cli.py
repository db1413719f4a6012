"""`bitmove analyse` checked with python-chess as the oracle: the PGN it writes is read back by
`chess.pgn.read_game`, and every `node.eval()` equals the score the cache (read with sqlite3)
holds for that position, found by the position's key computed here from python-chess's EPD."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest
from bitmove_cli import ROOT, cli

STOCKFISH = "/usr/games/stockfish"
GAMES = ROOT / "tests" / "data" / "analyse" / "games.pgn"


def key(board: chess.Board) -> str:
    """FNV-1a (128-bit) of the EPD: the key bitmove documents."""
    value = 0x6C62272E07BB014262B821756295C58D
    for byte in board.epd().encode():
        value ^= byte
        value = (value * 0x0000000001000000000000000000013B) % (1 << 128)
    return f"{value:032x}"


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not Path(STOCKFISH).exists():
        pytest.skip("no /usr/games/stockfish")
    where = tmp_path_factory.mktemp("analyse")
    subprocess.run(
        [
            cli(),
            "analyse",
            str(GAMES),
            "--engine",
            STOCKFISH,
            "--engine-option",
            "Threads=1",
            "--nodes",
            "1500",
            "--engines",
            "2",
            "--judgements",
            "--out",
            str(where / "out.pgn"),
            "--positions",
            str(where / "out.jsonl"),
        ],
        check=True,
        capture_output=True,
    )
    yield where
    shutil.rmtree(where, ignore_errors=True)


def test_python_chess_reads_back_the_evaluations_the_cache_holds(analysed: Path) -> None:
    db = sqlite3.connect(analysed / "out.analysis.sqlite")
    scores = {k: (cp, mate) for k, cp, mate in db.execute("SELECT key, cp, mate FROM evaluations")}
    db.close()
    checked = 0
    with open(analysed / "out.pgn") as pgn, open(GAMES) as original:
        while (game := chess.pgn.read_game(pgn)) is not None:
            source = chess.pgn.read_game(original)
            assert [m.uci() for m in game.mainline_moves()] == [
                m.uci() for m in source.mainline_moves()
            ]
            for node in game.mainline():
                board = node.board()
                if board.is_game_over(claim_draw=False) and not board.legal_moves:
                    assert node.eval() is None
                    continue
                cp, mate = scores[key(board)]
                want = chess.engine.Mate(mate) if mate is not None else chess.engine.Cp(cp)
                assert node.eval() is not None, node
                assert node.eval().white() == want
                checked += 1
                # Judgements: at most one of ?! ? ?? on a move.
                assert len(node.nags & {2, 4, 6}) <= 1
    assert checked > 50


def test_the_json_lines_name_each_ply_with_its_cached_analysis(analysed: Path) -> None:
    db = sqlite3.connect(analysed / "out.analysis.sqlite")
    rows = {
        k: (cp, mate, best)
        for k, cp, mate, best in db.execute("SELECT key, cp, mate, best_move FROM evaluations")
    }
    db.close()
    with open(analysed / "out.jsonl") as f:
        lines = [json.loads(line) for line in f]
    with open(GAMES) as original:
        game_index = 0
        at = 0
        while (game := chess.pgn.read_game(original)) is not None:
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                line = lines[at]
                at += 1
                assert (line["game"], line["ply"]) == (game_index, ply)
                assert line["fen"] == board.fen()
                assert line["move"] == move.uci()
                cp, mate, best = rows[key(board)]
                assert line["score"] == ({"mate": mate} if mate is not None else {"cp": cp})
                assert line["best"] == best
                assert chess.Move.from_uci(line["best"]) in board.legal_moves
                board.push(move)
            game_index += 1
    assert at == len(lines)
