"""`bitmove.polyglot.zobrist_hash`, as python-chess's `chess.polyglot.zobrist_hash`."""

from __future__ import annotations

from bitmove._bitmove import Board


def zobrist_hash(board: Board) -> int:
    """The Polyglot Zobrist key of `board`'s position (as `Board.zobrist_hash()`): the
    en-passant file counts when a pawn could capture, legally or not, as the Polyglot
    standard and python-chess have it."""
    return board.zobrist_hash()
