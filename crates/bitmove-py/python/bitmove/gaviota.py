"""bitmove has no gaviota module: Gaviota tablebases are out of its scope (Syzygy tables
are ``bitmove.syzygy``); python-chess's ``chess.gaviota`` probes a position given as
``chess.Board(board.fen())``."""

raise ImportError(
    "bitmove has no gaviota module: probe Syzygy tables with bitmove.syzygy, or Gaviota "
    "tables with python-chess's chess.gaviota on chess.Board(board.fen())"
)
