"""Conversions to and from python-chess keep position, history and moves."""

import subprocess
import sys

import bitmove
import chess
from conftest import random_game


def test_board_round_trips_keep_the_history():
    for seed in range(5):
        theirs = random_game(seed, max_plies=60)[-1]
        ours = bitmove.Board.from_chess(theirs)
        assert ours.fen() == theirs.fen()
        assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
        back = ours.to_chess()
        assert isinstance(back, chess.Board)
        assert back.fen() == theirs.fen() and back.move_stack == theirs.move_stack
        assert back.root().fen() == theirs.root().fen()
        if theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()


def test_from_a_fen_with_no_history():
    theirs = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 5 40")
    ours = bitmove.Board.from_chess(theirs)
    assert ours.fen() == theirs.fen() and ours.move_stack == []


def test_moves_convert_both_ways():
    for uci in ["e2e4", "e7e8q", "a2a1n", "e1g1"]:
        theirs = chess.Move.from_uci(uci)
        ours = bitmove.Move.from_chess(theirs)
        assert ours.uci() == uci == str(ours)
        assert (ours.from_square, ours.to_square, ours.promotion) == (
            theirs.from_square,
            theirs.to_square,
            theirs.promotion,
        )
        assert ours.to_chess() == theirs
        assert ours == bitmove.Move.from_uci(uci) and hash(ours) == hash(bitmove.Move.from_uci(uci))
    assert bitmove.Move(chess.E7, chess.E8, chess.QUEEN).uci() == "e7e8q"


def test_piece_at_matches_python_chess():
    board = bitmove.Board()
    piece = board.piece_at(chess.E1)
    assert (piece.piece_type, piece.color, piece.symbol()) == (chess.KING, chess.WHITE, "K")
    assert board.piece_at(chess.E4) is None
    assert board.piece_at(chess.D8).symbol() == "q"


def test_without_python_chess_the_error_says_what_to_install():
    code = (
        "import sys; sys.modules['chess'] = None\n"
        "import bitmove\n"
        "try:\n"
        "    bitmove.Board().to_chess()\n"
        "except ImportError as e:\n"
        "    print('ImportError:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "ImportError: " in out.stdout and "pip install chess" in out.stdout
