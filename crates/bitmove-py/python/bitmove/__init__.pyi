"""Type stubs for the bitmove package (the native module re-exported)."""

from bitmove._bitmove import (
    AmbiguousMoveError,
    Board,
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
    perft_stats,
    planes_batch,
)

__all__ = [
    "AmbiguousMoveError",
    "Board",
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
    "perft_stats",
    "planes_batch",
]
