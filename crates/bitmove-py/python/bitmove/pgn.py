"""Reading PGN: python-chess's ``chess.pgn.read_game`` and node tree, and bulk readers.

Two faces:

- ``read_game(handle)``: one game from a file object, as python-chess reads it (headers
  with the Seven Tag Roster defaults, ``game.board()``, ``mainline_moves()``,
  ``mainline()`` nodes with ``.move``, ``.comment``, ``.board()``, ``.ply()``,
  ``.clock()``, ``.eval()``, variations as child nodes, ``game.errors``). Every move is
  replayed and checked by the Rust reader (``bitmove::pgn``); the nodes are Python objects,
  made when first asked for (until then the moves stay in Rust).
- ``games(path)`` and ``positions(path)``: whole files (``.pgn``, ``.pgn.zst``,
  ``.pgn.gz``) on Rust threads with the GIL released, without node objects: light game
  records, or batches of NumPy columns (planes, move index, legal-move mask, ...). Ctrl-C
  stops them.

>>> import io
>>> import bitmove.pgn
>>> pgn = io.StringIO('[White "A"]\\n\\n1. e4 { [%clk 0:03:00] } e5 (1... c5) 2. Qh5 *\\n')
>>> game = bitmove.pgn.read_game(pgn)
>>> game.headers["White"], game.headers["Event"]
('A', '?')
>>> [move.uci() for move in game.mainline_moves()]
['e2e4', 'e7e5', 'd1h5']
>>> game.next().clock()
180.0
>>> game.next().variations[1].move.uci()  # 1... c5, the alternative to 1... e5
'c7c5'
>>> game.end().board().fen()
'rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2'
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any, Union

from bitmove import _pgn
from bitmove._pgn_tree import (
    NAG_ACTIVE_POSITION,
    NAG_BLACK_DECISIVE_ADVANTAGE,
    NAG_BLACK_DECISIVE_COUNTERPLAY,
    NAG_BLACK_MODERATE_ADVANTAGE,
    NAG_BLACK_MODERATE_COUNTERPLAY,
    NAG_BLACK_MODERATE_TIME_PRESSURE,
    NAG_BLACK_SEVERE_TIME_PRESSURE,
    NAG_BLACK_SLIGHT_ADVANTAGE,
    NAG_BLACK_ZUGZWANG,
    NAG_BLUNDER,
    NAG_BRILLIANT_MOVE,
    NAG_DRAWISH_POSITION,
    NAG_DUBIOUS_MOVE,
    NAG_FORCED_MOVE,
    NAG_GOOD_MOVE,
    NAG_MISTAKE,
    NAG_NOVELTY,
    NAG_NULL,
    NAG_QUIET_POSITION,
    NAG_SINGULAR_MOVE,
    NAG_SPECULATIVE_MOVE,
    NAG_UNCLEAR_POSITION,
    NAG_WHITE_DECISIVE_ADVANTAGE,
    NAG_WHITE_DECISIVE_COUNTERPLAY,
    NAG_WHITE_MODERATE_ADVANTAGE,
    NAG_WHITE_MODERATE_COUNTERPLAY,
    NAG_WHITE_MODERATE_TIME_PRESSURE,
    NAG_WHITE_SEVERE_TIME_PRESSURE,
    NAG_WHITE_SLIGHT_ADVANTAGE,
    NAG_WHITE_ZUGZWANG,
    NAG_WORST_MOVE,
    TAG_NAME_REGEX,
    TAG_REGEX,
    TAG_ROSTER,
    ChildNode,
    Game,
    GameNode,
    Headers,
    Mainline,
)
from bitmove._pgn_visit import (
    SKIP,
    BaseVisitor,
    BoardBuilder,
    FileExporter,
    GameBuilder,
    HeadersBuilder,
    SkipType,
    SkipVisitor,
    StringExporter,
    StringExporterMixin,
    TimeControl,
    TimeControlPart,
    TimeControlType,
    parse_time_control,
    read_game,
    read_headers,
    skip_game,
)
from bitmove._scores import (
    Cp,
    Mate,
    MateGiven,
    PovScore,
    Score,
)

GameRecord = _pgn.GameRecord

COLUMNS: tuple[str, ...] = tuple(_pgn.COLUMNS)
"""The columns ``positions`` can give (all of them by default)."""

PathLike = Union[str, "os.PathLike[str]"]

# ------------------------------------------------------------------------------------
# Bulk readers


def games(path: PathLike, *, threads: int | None = None) -> Iterator[GameRecord]:
    """The games of a PGN file (``.pgn``, ``.pgn.zst`` or ``.pgn.gz``, told apart by
    their first bytes) as light records, in file order, replayed on ``threads`` threads
    (None: one per core) with the GIL released.

    Each ``GameRecord`` has ``index``, ``line``, ``headers`` (dict), ``moves`` (UCI),
    ``result``, ``clocks`` and ``evals`` (one per move, None when absent; evals in pawns
    from White's view, ``"#-4"`` for a mate) and ``errors`` (why the game did not replay,
    or empty: then ``moves`` are those before the trouble).
    """
    return _pgn.games(os.fspath(path), threads=threads)


def positions(
    path: PathLike,
    *,
    batch_size: int = 65536,
    threads: int | None = None,
    columns: Sequence[str] | None = None,
    vocab: str = "uci1968",
    format: str = "numpy",
) -> Iterator[Any]:
    """Every position of every game of a PGN file that replays (a game with an error is
    left out whole), in file order, in batches of at most ``batch_size`` rows: each batch
    a dict of NumPy arrays, or a ``pyarrow.RecordBatch`` with ``format="arrow"``.

    Columns (``columns=`` picks some, in the order given; all by default):

    ========== ============== ==========================================================
    ``game``   int64          0-based index of the game in the file
    ``ply``    int32          0-based ply of the position in its game
    ``fen``    object (str)   the position before the move (python-chess's FEN)
    ``planes`` bool (N,12,8,8) pieces: P N B R Q K of White, then of Black; [r, f] = rank, file
    ``move``   int32          the move played, its index in ``vocab`` (-1: a null move)
    ``mask``   bool (N, V)    the legal moves in ``vocab`` (V = 1968 or 4096)
    ``turn``   bool           True when White is to move
    ``result`` int8           the game's result from White's view: 1, 0, -1; -2 for ``*``
    ``white_elo``/``black_elo`` int32 the Elo tags, -1 when missing
    ``clock``  float64        the mover's clock after the move (``[%clk]``), NaN if none
    ``eval``   float64        the evaluation after the move in pawns, White's view, NaN
                              if none or a mate
    ``mate``   int32          mate in so many moves after the move (``[%eval #-4]``: -4),
                              0 when not a mate
    ========== ============== ==========================================================

    ``vocab`` is ``"uci1968"`` or ``"from_to"`` (see ``bitmove.vocab``). The encoding runs
    on ``threads`` threads (None: one per core) with the GIL released; Ctrl-C stops it.
    """
    if format not in ("numpy", "arrow"):
        raise ValueError(f"format must be 'numpy' or 'arrow', not {format!r}")
    if format == "arrow":
        try:
            import pyarrow  # noqa: F401
        except ImportError as error:
            raise ImportError(
                "positions(format='arrow') needs pyarrow (pip install pyarrow)"
            ) from error
    batches = _pgn.positions(
        os.fspath(path),
        batch_size=batch_size,
        threads=threads,
        columns=None if columns is None else list(columns),
        vocab=vocab,
    )
    if format == "numpy":
        return batches
    return (to_arrow(batch) for batch in batches)


def to_arrow(batch: dict[str, Any]) -> Any:
    """A batch of ``positions`` as a ``pyarrow.RecordBatch``: ``planes`` and ``mask`` as
    fixed-size lists of booleans (768 and V per row), ``fen`` as strings."""
    import pyarrow as pa

    arrays = []
    for name, column in batch.items():
        if column.ndim > 1:
            width = 1
            for size in column.shape[1:]:
                width *= size
            flat = pa.array(column.reshape(-1))
            arrays.append(pa.FixedSizeListArray.from_arrays(flat, width))
        elif name == "fen":
            arrays.append(pa.array(column.tolist(), type=pa.string()))
        else:
            arrays.append(pa.array(column))
    return pa.RecordBatch.from_arrays(arrays, names=list(batch))


__all__ = [
    "COLUMNS",
    "NAG_ACTIVE_POSITION",
    "NAG_BLACK_DECISIVE_ADVANTAGE",
    "NAG_BLACK_DECISIVE_COUNTERPLAY",
    "NAG_BLACK_MODERATE_ADVANTAGE",
    "NAG_BLACK_MODERATE_COUNTERPLAY",
    "NAG_BLACK_MODERATE_TIME_PRESSURE",
    "NAG_BLACK_SEVERE_TIME_PRESSURE",
    "NAG_BLACK_SLIGHT_ADVANTAGE",
    "NAG_BLACK_ZUGZWANG",
    "NAG_BLUNDER",
    "NAG_BRILLIANT_MOVE",
    "NAG_DRAWISH_POSITION",
    "NAG_DUBIOUS_MOVE",
    "NAG_FORCED_MOVE",
    "NAG_GOOD_MOVE",
    "NAG_MISTAKE",
    "NAG_NOVELTY",
    "NAG_NULL",
    "NAG_QUIET_POSITION",
    "NAG_SINGULAR_MOVE",
    "NAG_SPECULATIVE_MOVE",
    "NAG_UNCLEAR_POSITION",
    "NAG_WHITE_DECISIVE_ADVANTAGE",
    "NAG_WHITE_DECISIVE_COUNTERPLAY",
    "NAG_WHITE_MODERATE_ADVANTAGE",
    "NAG_WHITE_MODERATE_COUNTERPLAY",
    "NAG_WHITE_MODERATE_TIME_PRESSURE",
    "NAG_WHITE_SEVERE_TIME_PRESSURE",
    "NAG_WHITE_SLIGHT_ADVANTAGE",
    "NAG_WHITE_ZUGZWANG",
    "NAG_WORST_MOVE",
    "SKIP",
    "TAG_NAME_REGEX",
    "TAG_REGEX",
    "TAG_ROSTER",
    "BaseVisitor",
    "BoardBuilder",
    "ChildNode",
    "Cp",
    "FileExporter",
    "Game",
    "GameBuilder",
    "GameNode",
    "GameRecord",
    "Headers",
    "HeadersBuilder",
    "Mainline",
    "Mate",
    "MateGiven",
    "PovScore",
    "Score",
    "SkipType",
    "SkipVisitor",
    "StringExporter",
    "StringExporterMixin",
    "TimeControl",
    "TimeControlPart",
    "TimeControlType",
    "games",
    "parse_time_control",
    "positions",
    "read_game",
    "read_headers",
    "skip_game",
    "to_arrow",
]

# The classes and functions live in bitmove._pgn_tree, _pgn_mainline and _pgn_visit (one module
# would be too long to read); their home for users, pickles and reprs is here. The scores
# (bitmove._scores) are python-chess's chess.engine classes: their home is bitmove.engine.
for _name in __all__:
    _item = globals()[_name]
    if getattr(_item, "__module__", "").startswith("bitmove._pgn_"):
        _item.__module__ = __name__
del _name, _item
