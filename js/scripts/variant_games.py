"""Writes js/test/data/variant-games.json: the oracle of js/test/variant.test.mjs, made once by
python-chess (1.11.2, the .venv at the repository's root) and checked in, so that `npm test`
needs no Python.

For each lichess variant: seeded random games from its start position and from middlegames of
its perft suite (tests/data/variants; king of the hill: the published position of its README),
and a game of knight (or king) shuffles that repeats the start position three times. At every
ply python-chess's legal moves (UCI and SAN, as sets), FEN, Polyglot key, status predicates and
outcome, and the move played.

    .venv/bin/python js/scripts/variant_games.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import chess
import chess.polyglot
import chess.variant

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "js" / "test" / "data" / "variant-games.json"

BOARDS = {
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
}

# The published king of the hill position (tests/data/variants/README.md).
KOTH_MIDDLEGAME = "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12"

# Moves that go back and forth, repeating the start position three times after eight plies.
SHUFFLES = {
    "racingkings": ["h2h3", "a2a3", "h3h2", "a3a2"] * 2,
    "horde": None,  # White has only pawns
}
KNIGHTS = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2

# Positions where a game is over (or nearly), each variant's way: python-chess's answers.
ENDINGS = {
    "atomic": [
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 3",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "8/8/8/8/8/8/2k5/K1q5 w - - 0 1",
        "k7/8/8/8/8/8/1r6/K7 w - - 0 1",
    ],
    "antichess": [
        "8/8/8/8/8/8/8/k7 w - - 0 1",
        "8/8/8/8/8/p7/P7/8 w - - 0 1",
        "8/8/8/8/8/1p6/P7/8 w - - 0 1",
        "8/8/8/8/8/8/1b6/B7 w - - 0 1",
    ],
    "crazyhouse": [
        "k7/1Q6/1K6/8/8/8/8/8[n] b - - 0 1",
        "k7/8/1K6/8/8/8/8/Q7[n] b - - 0 1",
        "k7/8/1K6/8/8/8/8/Q7[] b - - 0 1",
        "7k/5K2/6Q1/8/8/8/8/8[] b - - 0 1",
        "7k/5K2/6Q1/8/8/8/8/8[p] b - - 0 1",
    ],
    "3check": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+0 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+1 0 3",
        "8/8/8/8/8/8/8/K6k w - - 1+2 0 1",
    ],
    "kingofthehill": [
        "8/8/8/3K4/8/8/8/7k b - - 0 1",
        "8/8/8/8/2K5/8/8/7k w - - 0 1",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
    ],
    "horde": [
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/P7 w - - 0 1",
        "7k/8/8/8/8/8/8/PPPPPPPP b - - 0 1",
        "8/8/8/8/8/5k2/8/5PPP b - - 0 1",
    ],
    "racingkings": [
        "k6K/8/8/8/8/8/8/8 w - - 0 2",
        "7K/8/8/8/8/8/k7/8 b - - 0 1",
        "7K/k7/8/8/8/8/8/8 b - - 0 1",
        "8/8/8/8/8/8/k7/7K w - - 0 1",
    ],
}

START_GAMES = 3
START_PLIES = 80
MIDDLEGAMES = 2
MIDDLEGAME_PLIES = 30


def middlegames(name: str) -> list[str]:
    if name == "kingofthehill":
        return [KOTH_MIDDLEGAME]
    text = (ROOT / "tests" / "data" / "variants" / f"{name}.perft").read_text()
    fens = [line[4:].strip() for line in text.splitlines() if line.startswith("epd ")]
    start = BOARDS[name]().epd()
    return [fen for fen in fens if fen != start][:MIDDLEGAMES]


def outcome(board) -> dict | None:
    """The outcome by the position alone (python-chess's fivefold and seventy-five-move rules
    left out: they need the history, and the random games are too short for them)."""
    result = board.outcome()
    t = chess.Termination
    if result is None or result.termination in (t.FIVEFOLD_REPETITION, t.SEVENTYFIVE_MOVES):
        return None
    winner = {True: "w", False: "b", None: None}[result.winner]
    return {"winner": winner, "termination": result.termination.name.lower()}


def ply(board) -> dict:
    moves = list(board.legal_moves)
    return {
        "fen": board.fen(),
        "uci": " ".join(sorted(m.uci() for m in moves)),
        "san": " ".join(sorted(board.san(m) for m in moves)),
        "key": f"{chess.polyglot.zobrist_hash(board):016x}",
        "check": board.is_check(),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "insufficient": board.is_insufficient_material(),
        "variantEnd": board.is_variant_end(),
        "variantWin": board.is_variant_win(),
        "variantLoss": board.is_variant_loss(),
        "variantDraw": board.is_variant_draw(),
        "threefold": board.is_repetition(3),
        "outcome": outcome(board),
    }


def ends(board, move) -> bool:
    board.push(move)
    over = board.is_variant_end() or board.is_checkmate()
    board.pop()
    return over


def choose(board, rng: random.Random):
    moves = list(board.legal_moves)
    # Now and then a move that ends the game, so that every ending comes up; else captures and
    # drops a little more often than the rest (explosions, pockets, promotions).
    if rng.random() < 0.3:
        enders = [m for m in moves if ends(board, m)]
        if enders:
            return rng.choice(enders)
    weighted = [m for m in moves if board.is_capture(m) or m.drop] * 2 + moves
    return rng.choice(weighted)


def game(name: str, fen: str | None, plies: int, rng: random.Random, script=None) -> dict:
    board = BOARDS[name]() if fen is None else BOARDS[name](fen)
    record = {"fen": board.fen(), "plies": []}
    moves = plies if script is None else len(script)
    for i in range(moves + 1):
        entry = ply(board)
        record["plies"].append(entry)
        if not entry["uci"] or i == moves:
            break
        move = chess.Move.from_uci(script[i]) if script is not None else choose(board, rng)
        entry["move"] = {"uci": move.uci(), "san": board.san(move)}
        board.push(move)
    return record


def main() -> None:
    out = {"generator": "js/scripts/variant_games.py", "python-chess": chess.__version__}
    variants = {}
    for name in BOARDS:
        rng = random.Random(f"bitmove-js-{name}")
        games = [game(name, None, START_PLIES, rng) for _ in range(START_GAMES)]
        games += [game(name, fen, MIDDLEGAME_PLIES, rng) for fen in middlegames(name)]
        script = SHUFFLES.get(name, KNIGHTS)
        if script is not None:
            games.append(game(name, None, 0, rng, script))
        variants[name] = games
    out["variants"] = variants
    endings = {}
    for name, fens in ENDINGS.items():
        boards = [BOARDS[name](fen) for fen in fens]
        invalid = [b.fen() for b in boards if not b.is_valid()]
        assert not invalid, f"{name}: python-chess refuses {invalid}"
        endings[name] = [ply(b) for b in boards]
    out["endings"] = endings
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    plies = sum(len(g["plies"]) for games in variants.values() for g in games)
    print(f"{OUT.relative_to(ROOT)}: {plies} plies, {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
