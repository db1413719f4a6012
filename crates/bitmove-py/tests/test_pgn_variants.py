"""Variations and null moves in lichess-variant PGN games, against python-chess's chess.pgn."""

from __future__ import annotations

import io
import random
from pathlib import Path

import bitmove.pgn
import chess
import chess.pgn
import chess.variant
import pytest

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "pgn"

TEXTS = [
    # Nested variations, comments and NAGs in them.
    '[Variant "Atomic"]\n\n1. e4 {a} (1. d4 $1 d5 (1... Nf6 {b} 2. Bg5 $2) 2. c4) 1... e5 2. Nf3 *\n',
    # Null moves, on the mainline and in a variation; drops inside variations.
    '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 -- (2... Nf6 3. P@e5 (3. --) 3... Qxd5) 3. P@e6 Z0 *\n',
    '[Variant "Three-check"]\n\n1. e4 -- 2. d4 (2. Bb5 e6 (2... --)) 2... Z0 3. Bb5+ c6 *\n',
    '[Variant "King of the Hill"]\n\n1. e4 e5 (1... d5 2. exd5) 2. Ke2 -- 3. Ke3 *\n',
    '[Variant "Horde"]\n\n1. e5 -- (1... d6 2. exd6) 2. e6 *\n',
    '[Variant "Racing Kings"]\n\n1. Ka3 (1. Kh3 Ka3) 1... -- 2. Kb4 *\n',
    '[Variant "Antichess"]\n\n1. e3 b5 (1... e6 2. --) 2. Bxb5 *\n',
    # An illegal move inside a variation.
    '[Variant "Atomic"]\n\n1. e4 (1. d4 d5 2. Qxd5) 1... e5 *\n',
    '[Variant "Crazyhouse"]\n\n1. e4 (1. N@f3) 1... e5 *\n',
]


def walk(game) -> list:
    """The whole tree in preorder, iteratively: move, comments, NAGs, FEN before."""
    out = []
    stack = [game]
    while stack:
        node = stack.pop()
        move = None if node.parent is None else node.move.uci()
        out.append(
            (move, node.comment, node.starting_comment, sorted(node.nags), node.board().fen())
        )
        stack.extend(reversed(node.variations))
    return out


def both(text: str):
    ours = bitmove.pgn.read_game(io.StringIO(text))
    theirs = chess.pgn.read_game(io.StringIO(text))
    return ours, theirs


@pytest.mark.parametrize("text", TEXTS)
def test_variant_variations_and_null_moves_as_python_chess(text):
    ours, theirs = both(text)
    if theirs.errors:
        # An error ends bitmove's replay (its kind, not the rest of the tree, is compared).
        assert ours.errors, text
        assert type(ours.errors[0]).__name__ == type(theirs.errors[0]).__name__
        return
    assert not ours.errors, (text, ours.errors)
    assert walk(ours) == walk(theirs)
    assert str(ours) == str(theirs)


def play_random(node, rng: random.Random, null_rate: float):
    """A random legal move (or, not in check, a null move with `null_rate`) added after
    `node`; None when the game is over there."""
    board = node.board()
    moves = list(board.legal_moves)
    if not moves or board.is_variant_end():
        return None
    if not board.is_check() and rng.random() < null_rate:
        return node.add_variation(chess.Move.null())
    return node.add_variation(rng.choice(moves))


def random_game(rng: random.Random, cls) -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.setup(cls())
    game.headers["Variant"] = cls.uci_variant
    node = game
    for ply in range(rng.randrange(10, 60)):
        if node.parent and len(node.parent.variations) < 3 and rng.random() < 0.2:
            alts = [m for m in node.parent.board().legal_moves if m != node.move]
            if alts:
                side = node.parent.add_variation(rng.choice(alts))
                side.comment = f"v{ply}"
                side.nags.add(rng.choice([1, 2, 3]))
                for _ in range(rng.randrange(0, 4)):
                    side = play_random(side, rng, 0.15)
                    if side is None:
                        break
        node = play_random(node, rng, 0.05)
        if node is None:
            break
    return game


VARIANTS = [
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.CrazyhouseBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]


@pytest.mark.parametrize("seed", range(20))
def test_random_variant_games_with_variations(seed):
    rng = random.Random(seed)
    cls = VARIANTS[seed % len(VARIANTS)]
    text = str(random_game(rng, cls)) + "\n\n"
    ours, theirs = both(text)
    assert not theirs.errors
    assert not ours.errors, (text, ours.errors)
    assert walk(ours) == walk(theirs)
    assert str(ours) == str(theirs)


def test_the_random_variant_file_reads_as_python_chess():
    text = (DATA / "variants-random-14.pgn").read_text()
    ours, theirs = io.StringIO(text), io.StringIO(text)
    count = 0
    while True:
        a = bitmove.pgn.read_game(ours)
        b = chess.pgn.read_game(theirs)
        assert (a is None) == (b is None)
        if a is None:
            break
        assert walk(a) == walk(b)
        assert str(a) == str(b)
        count += 1
    assert count == 14
