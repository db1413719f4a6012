"""bitmove: exact, fast legal chess move generation in Rust, with python-chess's names.

>>> import bitmove
>>> board = bitmove.Board()
>>> board.push_san("e4")
Move.from_uci('e2e4')
>>> len(board.legal_moves)
20
>>> bitmove.perft(bitmove.Board().fen(), 4)
197281
"""

# python-chess's module-level names (colours, piece types, squares, SquareSet) and
# `bitmove.polyglot`, so that `import bitmove as chess` runs python-chess scripts.
from types import ModuleType as _ModuleType

from bitmove import _squares, polyglot
from bitmove._bitmove import (
    AmbiguousMoveError,
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
from bitmove._squares import *

# isort: split
from bitmove._board import BaseBoard, Board, LegalMoveGenerator, PseudoLegalMoveGenerator

# isort: split
# `bitmove.pgn` as an attribute too, as `chess.pgn` is once python-chess scripts import it
# (`chess.pgn.read_game(...)`), and `bitmove.vocab`: after the native module, which
# registers the `bitmove._pgn` they import.
from bitmove import pgn, vocab
from bitmove.analyse import analyse  # noqa: F401 (the function, over its module's name)


class _NotYetImported(_ModuleType):
    """A submodule before its first use (`bitmove.engine`: asyncio, processes): reading any
    of its names imports it, and the import makes `bitmove.engine` the real module, so that
    `import bitmove as chess` then `chess.engine.SimpleEngine` works as `import chess.engine`
    makes it work. A stand-in object rather than a module `__getattr__`: a package with a
    `__getattr__` makes every `bitmove.NAME` read slow (Python does not specialise attribute
    reads of such a module), `chess.WHITE` and `chess.square_file` included."""

    def __getattr__(self, name: str) -> object:
        import importlib

        return getattr(importlib.import_module(self.__name__), name)


engine = _NotYetImported("bitmove.engine")
del _ModuleType


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
__all__ += ["BaseBoard", "LegalMoveGenerator", "PseudoLegalMoveGenerator"]
__all__ += ["pgn", "polyglot", "vocab"]
__all__ += _squares.__all__
