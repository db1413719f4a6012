"""The board methods with a fast path (src/board/fast.rs): the common call answers as
python-chess does, and every call (common or not: keywords, NumPy bools, ints for colours,
wrong types and arities, squares out of range) answers as PyO3's own function of the native
class does, errors included."""

import random
import re

import bitmove
import chess
import numpy as np
import pytest
from bitmove import _bitmove
from bitmove.variant import AtomicBoard, CrazyhouseBoard

SQUARE_ARG = ["attacks", "attacks_mask", "piece_type_at", "color_at", "piece_at"]
COLOUR_SQUARE = ["attackers", "is_attacked_by", "pin", "is_pinned"]
MOVE_ARG = ["is_capture", "is_en_passant", "is_castling", "is_zeroing"]
NO_ARGS = ["has_legal_en_passant", "has_pseudo_legal_en_passant", "checkers", "checkers_mask"]
NO_ARGS += ["is_check", "is_variant_end", "is_variant_win", "is_variant_loss", "is_variant_draw"]
FAST = SQUARE_ARG + COLOUR_SQUARE + MOVE_ARG + NO_ARGS + ["king", "pieces", "pieces_mask"]


def positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randrange(0, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append(board)
    return out


def outcome(function, *args, **kwargs):
    try:
        result = function(*args, **kwargs)
        return type(result).__name__, repr(result)
    except Exception as error:  # noqa: BLE001 - the errors are compared
        # CPython's own arity errors name the descriptor's class (Board, BaseBoard, ...).
        return type(error).__name__, re.sub(r"^\w+\.", "", str(error))


def test_the_fast_methods_are_the_package_classes_own_descriptors():
    for name in FAST:
        descriptor = bitmove.Board.__dict__[name]
        assert type(descriptor).__name__ == "method_descriptor", name
        assert descriptor.__doc__ == getattr(_bitmove.Board, name).__doc__, name


def test_common_calls_answer_as_python_chess():
    for theirs in positions(60, 57):
        ours = bitmove.Board(theirs.fen())
        for square in chess.SQUARES:
            for name in SQUARE_ARG:
                mine, its = getattr(ours, name)(square), getattr(theirs, name)(square)
                expected = int(its) if isinstance(its, chess.SquareSet) else its
                got = int(mine) if isinstance(mine, bitmove.SquareSet) else mine
                assert str(got) == str(expected), (name, square, theirs.fen())
            for color in chess.COLORS:
                for name in COLOUR_SQUARE:
                    mine = getattr(ours, name)(color, square)
                    its = getattr(theirs, name)(color, square)
                    assert int(mine) == int(its), (name, color, square, theirs.fen())
        for color in chess.COLORS:
            assert ours.king(color) == theirs.king(color)
            for piece_type in chess.PIECE_TYPES:
                assert int(ours.pieces(piece_type, color)) == int(theirs.pieces(piece_type, color))
                assert ours.pieces_mask(piece_type, color) == theirs.pieces_mask(piece_type, color)
        for move in theirs.pseudo_legal_moves:
            mine = bitmove.Move.from_uci(move.uci())
            for name in MOVE_ARG:
                assert getattr(ours, name)(mine) == getattr(theirs, name)(move), (name, move)
        for name in NO_ARGS:
            mine, its = getattr(ours, name)(), getattr(theirs, name)()
            assert int(mine) == int(its), (name, theirs.fen())


ODD = [True, False, 0, 1, 63, 64, -1, 2**70, np.True_, np.int64(5), None, "e4", 1.0]
ODD += [bitmove.Move.from_uci("e2e4"), chess.Move.from_uci("e2e4"), bitmove.Move.null()]


@pytest.mark.parametrize("name", FAST)
def test_every_call_answers_as_pyo3s_function(name):
    """The package's descriptor against the native class's own (PyO3's function), on
    boards of each kind, with odd arguments, keywords and wrong arities."""
    rng = random.Random(name)
    boards = [bitmove.Board(), bitmove.Board("8/8/8/3pP3/8/8/8/K1k5 w - d6 0 2")]
    boards += [bitmove.BaseBoard(), AtomicBoard(), CrazyhouseBoard()]
    native = getattr(_bitmove.Board, name)
    for board in boards:
        method = getattr(board, name)
        calls = [(), *[(v,) for v in ODD], *[(a, b) for a in ODD for b in ODD][::3]]
        calls += [(rng.choice(ODD), rng.choice(ODD), rng.choice(ODD)) for _ in range(20)]
        for args in calls:
            assert outcome(method, *args) == outcome(native, board, *args), (name, args)
        for keyword in ("color", "square", "piece_type", "move", "occupied"):
            call = outcome(method, True, **{keyword: 1})
            assert call == outcome(native, board, True, **{keyword: 1}), (name, keyword)


def test_a_subclass_of_the_package_board_reaches_the_fast_methods():
    """A user's subclass calls its base's descriptors (unspecialised by CPython)."""

    class Mine(bitmove.Board):
        pass

    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    board, theirs = Mine(fen), chess.Board(fen)
    assert board.king(chess.WHITE) == theirs.king(chess.WHITE) == chess.E1
    assert board.is_castling(bitmove.Move.from_uci("e1g1"))
    assert int(board.attackers(chess.BLACK, chess.E8)) == int(
        theirs.attackers(chess.BLACK, chess.E8)
    )
