"""Shared helpers: seeded random games played with python-chess as the oracle."""

import random

import pytest

chess = pytest.importorskip("chess")


def random_game(seed, max_plies=160, start=None, chess960=False):
    """The boards of one random game (python-chess), start position first.

    Captures are preferred now and then so that games reach endings (insufficient material,
    stalemate, mate), and knight/king shuffles repeat positions.
    """
    rng = random.Random(seed)
    board = chess.Board(start, chess960=chess960) if start else chess.Board(chess960=chess960)
    boards = [board.copy()]
    for _ in range(max_plies):
        moves = list(board.legal_moves)
        if not moves or board.is_insufficient_material():
            break
        captures = [m for m in moves if board.is_capture(m)]
        if captures and rng.random() < 0.5:
            move = rng.choice(captures)
        elif len(board.move_stack) >= 4 and rng.random() < 0.3:
            # Take back our own last move when possible: positions repeat.
            back = board.move_stack[-2]
            back_move = chess.Move(back.to_square, back.from_square)
            move = back_move if back_move in moves else rng.choice(moves)
        else:
            move = rng.choice(moves)
        board.push(move)
        boards.append(board.copy())
    return boards
