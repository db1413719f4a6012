"""The lichess variants against python-chess, the oracle: seeded random games of every
variant, and at every ply the legal moves (as sets, in UCI) and the FEN that `bitmove perft
--variant V --moves ... --depth 1 --divide --json` reports, and the legal moves in SAN and
the outcome that `bitmove show --variant V` prints, compared with python-chess's. Every few
plies the position is also read back from python-chess's own FEN. The CLI is the
release build that `cargo test --release` leaves in target/release (or BITMOVE_CLI); the test
is skipped when there is none."""

from __future__ import annotations

import json
import random
import subprocess

import pytest
from bitmove_cli import cli

chess_variant = pytest.importorskip("chess.variant")

VARIANTS = [
    ("atomic", chess_variant.AtomicBoard),
    ("antichess", chess_variant.AntichessBoard),
    ("crazyhouse", chess_variant.CrazyhouseBoard),
    ("3check", chess_variant.ThreeCheckBoard),
    ("kingofthehill", chess_variant.KingOfTheHillBoard),
    ("horde", chess_variant.HordeBoard),
    ("racingkings", chess_variant.RacingKingsBoard),
]

GAMES = 4
MAX_PLIES = 90


def bitmove_moves(variant: str, fen: str, moves: list[str]) -> tuple[set[str], str]:
    args = [cli(), "perft", "--variant", variant, "--fen", fen, "--depth", "1"]
    args += ["--divide", "--json", "--threads", "1"]
    if moves:
        args += ["--moves", *moves]
    out = subprocess.run(args, capture_output=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr.decode()
    value = json.loads(out.stdout)
    return {item["move"] for item in value.get("divide", [])}, value["fen"]


def bitmove_show(variant: str, fen: str) -> tuple[set[str], str]:
    """The SAN moves and the status line of `bitmove show --variant`."""
    args = [cli(), "show", "--variant", variant, fen, "--ascii"]
    out = subprocess.run(args, capture_output=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr.decode()
    lines = out.stdout.decode().splitlines()
    status = next(line for line in lines if line.startswith("status:"))[14:]
    start = next(i for i, line in enumerate(lines) if line.startswith("moves:"))
    words = " ".join(line[14:] for line in lines[start:]).split()
    return (set() if words == ["-"] else set(words)), status


def expected_status(board) -> str | None:
    """python-chess's outcome in the words of `bitmove show`; None for the draws that need
    the game's history (fivefold repetition, the seventy-five-move rule), which `show` does
    not judge."""
    outcome = board.outcome()
    if outcome is None:
        n = board.legal_moves.count()
        return f"{n} legal move{'' if n == 1 else 's'}"
    t = chess_variant.chess.Termination
    winner = {True: "white", False: "black", None: None}[outcome.winner]
    return {
        t.VARIANT_WIN: f"{winner} wins by the variant's rule",
        t.VARIANT_LOSS: f"{winner} wins by the variant's rule",
        t.VARIANT_DRAW: "draw by the variant's rule",
        t.CHECKMATE: f"checkmate: {winner} wins",
        t.INSUFFICIENT_MATERIAL: "insufficient material: draw",
        t.STALEMATE: "stalemate: draw",
    }.get(outcome.termination)


def choose(board, rng: random.Random):
    moves = list(board.legal_moves)
    # Captures and drops a little more often than the rest: explosions, pockets and
    # promotions come up sooner.
    weighted = [m for m in moves if board.is_capture(m) or m.drop] * 2 + moves
    return rng.choice(weighted)


@pytest.mark.parametrize("name,board_class", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_random_games_agree_with_python_chess(name, board_class):
    rng = random.Random(f"bitmove-{name}")
    plies = 0
    for _ in range(GAMES):
        board = board_class()
        start = board.fen()
        played: list[str] = []
        for ply in range(MAX_PLIES):
            expected = {m.uci() for m in board.legal_moves}
            got, fen = bitmove_moves(name, start, played)
            where = f"{name} {board.fen()} after {' '.join(played)}"
            assert fen == board.fen(), where
            assert got == expected, f"{where}: extra {got - expected}, missing {expected - got}"
            sans, status = bitmove_show(name, board.fen())
            assert sans == {board.san(m) for m in board.legal_moves}, where
            want = expected_status(board)
            if want is not None:
                assert status == want, where
            if ply % 5 == 4:
                again, fen_again = bitmove_moves(name, board.fen(), [])
                assert again == expected, f"{where} (read from its FEN)"
                assert fen_again == board.fen(), where
            plies += 1
            if not expected:
                break
            move = choose(board, rng)
            played.append(move.uci())
            board.push(move)
    assert plies > GAMES * 10
