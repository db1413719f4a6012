"""bitmove has no engine module: driving UCI and XBoard engines is python-chess's
``chess.engine``, and it works with a bitmove board through its FEN and moves::

    import chess, chess.engine, bitmove

    board = bitmove.Board()
    with chess.engine.SimpleEngine.popen_uci("stockfish") as engine:
        result = engine.play(chess.Board(board.fen()), chess.engine.Limit(time=0.1))
    board.push(bitmove.Move.from_uci(result.move.uci()))

The evaluation scores of PGN comments (``Cp``, ``Mate``, ``PovScore``) are in
``bitmove.pgn``.
"""

raise ImportError(
    "bitmove has no engine module (and no gaviota module): use python-chess's chess.engine "
    "with chess.Board(board.fen()) and play its moves back with "
    "bitmove.Move.from_uci(move.uci()); PGN evaluation scores (Cp, Mate, PovScore) are in "
    "bitmove.pgn"
)
