"""Type stubs for the bitmove package (the native module re-exported)."""

from bitmove import _squares as _squares
from bitmove import engine as engine  # loaded on first use
from bitmove import pgn as pgn
from bitmove import polyglot as polyglot
from bitmove import vocab as vocab
from bitmove._bitmove import (
    AmbiguousMoveError,
    Board,
    CheckpointError,
    DeepPerft,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoves,
    Move,
    Outcome,
    Piece,
    Termination,
    __version__,
    divide,
    legal_move_masks,
    perft,
    perft_many,
    perft_stats,
    perft_stats_many,
    planes_batch,
    stats_table,
    task_hash_mb,
    work_units,
)
from bitmove._board import BaseBoard as BaseBoard
from bitmove._board import LegalMoveGenerator as LegalMoveGenerator
from bitmove._board import PseudoLegalMoveGenerator as PseudoLegalMoveGenerator
from bitmove._squares import *
from bitmove.analyse import analyse as analyse

__all__ = [
    "AmbiguousMoveError",
    "Board",
    "CheckpointError",
    "DeepPerft",
    "FenError",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoves",
    "Move",
    "Outcome",
    "Piece",
    "Termination",
    "__version__",
    "divide",
    "legal_move_masks",
    "perft",
    "perft_many",
    "perft_stats",
    "perft_stats_many",
    "planes_batch",
    "stats_table",
    "task_hash_mb",
    "work_units",
]
__all__ += ["pgn", "polyglot", "vocab"]
__all__ += _squares.__all__
