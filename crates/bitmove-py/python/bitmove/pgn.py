"""Reading PGN: python-chess's ``chess.pgn.read_game`` and node tree, and bulk readers.

Two faces:

- ``read_game(handle)``: one game from a file object, as python-chess reads it (headers
  with the Seven Tag Roster defaults, ``game.board()``, ``mainline_moves()``,
  ``mainline()`` nodes with ``.move``, ``.comment``, ``.board()``, ``.ply()``,
  ``.clock()``, ``.eval()``, variations as child nodes, ``game.errors``). Every move is
  replayed and checked by the Rust reader (``bitmove::pgn``); the nodes are Python objects.
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

import logging
import os
import weakref
from collections.abc import Iterable, Iterator, MutableMapping, Sequence
from typing import IO, Any, Union

from bitmove import _pgn
from bitmove._bitmove import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move

GameRecord = _pgn.GameRecord

LOGGER = logging.getLogger(__name__)

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster, in its order."""

_DEFAULTS = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

COLUMNS: tuple[str, ...] = tuple(_pgn.COLUMNS)
"""The columns ``positions`` can give (all of them by default)."""

PathLike = Union[str, "os.PathLike[str]"]


# ------------------------------------------------------------------------------------
# Headers


class Headers(MutableMapping[str, str]):
    """Tag pairs, python-chess's ``chess.pgn.Headers``: a dict whose Seven Tag Roster
    tags come first, in roster order; a new ``Headers()`` has the roster's defaults."""

    def __init__(
        self, data: Iterable[tuple[str, str]] | dict[str, str] | None = None, **kwargs: str
    ):
        self._roster: dict[str, str] = {}
        self._others: dict[str, str] = {}
        if data is None:
            data = _DEFAULTS
        self.update(data, **kwargs)

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._roster[key] = value
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        if key in TAG_ROSTER:
            return self._roster[key]
        return self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def copy(self) -> Headers:
        return type(self)(self)

    def is_chess960(self) -> bool:
        """Whether the ``Variant`` tag names Chess960."""
        variant = self.get("Variant", "").lower().strip()
        return variant in (
            "chess960",
            "chess 960",
            "fischerandom",
            "fischerrandom",
            "fischer random",
        )

    def variant(self) -> type[Board]:
        """The board class of the ``Variant`` tag: ``Board`` for standard chess, Chess960
        and "From Position", a ``bitmove.variant`` class for a lichess variant."""
        if "Variant" not in self or self.is_chess960():
            return Board
        from bitmove.variant import find_variant

        return find_variant(self["Variant"])

    def board(self) -> Board:
        """The start position the tags describe (``FEN``, ``Variant``)."""
        variant = self.variant()
        return variant(self.get("FEN", variant.starting_fen), chess960=self.is_chess960())

    def __repr__(self) -> str:
        pairs = ", ".join(f"{key}={value!r}" for key, value in self.items())
        return f"Headers({pairs})"


# ------------------------------------------------------------------------------------
# Scores: python-chess's chess.engine.Cp, Mate and PovScore, for node.eval()


class Score:
    """A score from one side's view: ``Cp`` (centipawns) or ``Mate`` (moves to mate)."""

    def score(self, *, mate_score: int | None = None) -> int | None:
        raise NotImplementedError

    def mate(self) -> int | None:
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def __neg__(self) -> Score:
        raise NotImplementedError

    def _key(self) -> tuple:
        # (mate, score with a mate worth 10^6): tells Mate(0) (mated) from MateGiven.
        return (self.mate(), self.score(mate_score=1_000_000))

    def __eq__(self, other: object) -> bool:
        # Also equal to python-chess's own scores (any object with its `mate` and `score`).
        mate, score = getattr(other, "mate", None), getattr(other, "score", None)
        if isinstance(other, Score) or (callable(mate) and callable(score)):
            try:
                key = (mate(), score(mate_score=1_000_000))  # type: ignore[misc]
            except TypeError:
                return NotImplemented
            return self._key() == key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())


class Cp(Score):
    """Centipawns: ``Cp(17)`` is 0.17 pawns."""

    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: int | None = None) -> int:
        return self.cp

    def mate(self) -> None:
        return None

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)


class Mate(Score):
    """Mate in ``moves`` (negative: the side is mated)."""

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: int | None = None) -> int | None:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def __neg__(self) -> Score:
        # `Mate(0)`: the side is mated; the other side has given mate.
        return MateGiven if self.moves == 0 else Mate(-self.moves)

    def __repr__(self) -> str:
        return f"Mate({str(self).lstrip('#')})"

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"


class _MateGiven(Score):
    """The side has given mate: ``-Mate(0)``, python-chess's ``MateGiven``."""

    __slots__ = ()

    def score(self, *, mate_score: int | None = None) -> int | None:
        return mate_score

    def mate(self) -> int:
        return 0

    def __neg__(self) -> Mate:
        return Mate(0)

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = _MateGiven()


class PovScore:
    """A score with the side it is relative to, python-chess's ``PovScore``."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from White's view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov(False)

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s view (True: White)."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


# ------------------------------------------------------------------------------------
# Nodes


class NullMove:
    """The null move (``--``, ``Z0`` in PGN): passes the turn. Falsy, UCI ``0000``, as
    python-chess's ``Move.null()``."""

    from_square = 0
    to_square = 0
    promotion = None
    drop = None

    def uci(self) -> str:
        return "0000"

    def __bool__(self) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NullMove) or (hasattr(other, "uci") and other.uci() == "0000")  # type: ignore[union-attr]

    def __hash__(self) -> int:
        return hash("0000")

    def __str__(self) -> str:
        return "0000"

    def __repr__(self) -> str:
        return "Move.from_uci('0000')"


AnyMove = Union[Move, NullMove]


class GameNode:
    """A node of a game tree: the root ``Game`` or a ``ChildNode`` (a move)."""

    parent: GameNode | None
    move: AnyMove | None

    def __init__(self) -> None:
        self.parent = None
        self.move = None
        # The root and the depth below it, kept so that game(), ply(), turn() and eval()
        # cost the same on the 10,000th move as on the first (python-chess walks up).
        self._root: Game | None = None
        self._depth = 0
        self.variations: list[ChildNode] = []
        self.comment = ""
        self.starting_comment = ""
        self.nags: set[int] = set()

    # The tree -----------------------------------------------------------------------

    def game(self) -> Game:
        """The root node."""
        assert self._root is not None
        return self._root

    def root(self) -> GameNode:
        return self.game()

    def end(self) -> GameNode:
        """The last node of the mainline from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        return not self.variations

    def next(self) -> ChildNode | None:
        """The main continuation, or None."""
        return self.variations[0] if self.variations else None

    def variation(self, move: int | AnyMove | GameNode) -> ChildNode:
        """A child by index, move or node."""
        if isinstance(move, int):
            return self.variations[move]
        for child in self.variations:
            if child is move or child.move == move:
                return child
        raise KeyError(move)

    def has_variation(self, move: AnyMove | GameNode) -> bool:
        return any(child is move or child.move == move for child in self.variations)

    def is_mainline(self) -> bool:
        """Whether the node is on the game's mainline."""
        node: GameNode = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        """Whether the node is the first child of its parent (or the root)."""
        return self.parent is None or self.parent.variations[0] is self

    def mainline(self) -> Mainline:
        """The nodes of the mainline after this one."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> Mainline:
        """The moves of the mainline after this one."""
        return Mainline(self, lambda node: node.move)

    def add_variation(
        self,
        move: AnyMove,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> ChildNode:
        """Adds a child node for ``move`` (last among the variations)."""
        node = ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)
        self.variations.append(node)
        return node

    def add_main_variation(
        self, move: AnyMove, *, comment: str = "", nags: Iterable[int] = ()
    ) -> ChildNode:
        """Adds a child node for ``move`` as the main continuation."""
        node = ChildNode(self, move, comment=comment, nags=nags)
        self.variations.insert(0, node)
        return node

    def promote_to_main(self, move: AnyMove | GameNode) -> None:
        variation = self.variation(move)  # type: ignore[arg-type]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def remove_variation(self, move: AnyMove | GameNode) -> None:
        self.variations.remove(self.variation(move))  # type: ignore[arg-type]

    # Positions ------------------------------------------------------------------------

    def board(self) -> Board:
        """The position at this node, with the moves from the start on its stack (after
        a null move, only the moves since)."""
        moves: list[ChildNode] = []
        node: GameNode = self
        while node.parent is not None:
            moves.append(node)  # type: ignore[arg-type]
            node = node.parent
        game = node
        assert isinstance(game, Game)
        board = game.board()
        for child in reversed(moves):
            if isinstance(child.move, NullMove):
                board = Board(child._fen_after, chess960=board.chess960)
            else:
                board.push(child.move)  # type: ignore[arg-type]
        return board

    def ply(self) -> int:
        """Half-moves from the start of the game, counting from the start position's move
        number, as python-chess counts (``board().ply()``)."""
        return self.game()._start_ply() + self._depth

    def turn(self) -> bool:
        """The side to move at this node (True: White)."""
        return self.ply() % 2 == 0

    # Comments -------------------------------------------------------------------------

    def clock(self) -> float | None:
        """The clock in the comment, ``[%clk 0:03:00]``, in seconds; None when absent."""
        return _pgn.clock(self.comment)

    def eval(self) -> PovScore | None:
        """The evaluation in the comment, ``[%eval 0.17]`` or ``[%eval #-4]`` (written from
        White's view), relative to the side to move as python-chess gives it (``white()``,
        ``pov(color)``); ``#0``: the side to move is mated. None when absent."""
        found = _pgn.eval(self.comment)
        if found is None:
            return None
        is_mate, value = found
        turn = self.turn()
        if is_mate and value == 0:
            return PovScore(Mate(0), turn)
        score = Mate(value) if is_mate else Cp(value)
        return PovScore(score if turn else -score, turn)

    def eval_depth(self) -> int | None:
        """The search depth of the comment's evaluation, ``[%eval 0.17,20]``: 20; None when
        not written."""
        return _pgn.eval_depth(self.comment)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {id(self):#x}>"


class ChildNode(GameNode):
    """A move of the game tree, with its comments and NAGs."""

    parent: GameNode
    move: AnyMove

    def __init__(
        self,
        parent: GameNode,
        move: AnyMove,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> None:
        super().__init__()
        self.parent = parent
        self._root = parent._root
        self._depth = parent._depth + 1
        self.move = move
        self.comment = comment
        self.starting_comment = starting_comment
        self.nags = set(nags)
        self._fen_after = ""

    def san(self) -> str:
        """The move in SAN, in the parent's position."""
        if isinstance(self.move, NullMove):
            return "--"
        return self.parent.board().san(self.move)

    def uci(self) -> str:
        """The move in UCI."""
        return self.move.uci()

    def __repr__(self) -> str:
        return f"<ChildNode at {id(self):#x} ({self.move.uci()} after {self.ply() - 1} plies)>"


class Game(GameNode):
    """The root of a game tree: headers, the start position, errors."""

    def __init__(self, headers: Iterable[tuple[str, str]] | dict[str, str] | None = None) -> None:
        super().__init__()
        self._root = self
        self.headers = Headers(headers)
        self.errors: list[Exception] = []
        self._start: tuple[str, bool] | None = None

    def board(self) -> Board:
        """The start position (the ``FEN`` tag's, or the standard one)."""
        if self._start is not None:
            fen, chess960 = self._start
            return self.headers.variant()(fen, chess960=chess960)
        return self.headers.board()

    def _start_ply(self) -> int:
        board = self.board()
        return 2 * (board.fullmove_number - 1) + (0 if board.turn else 1)

    def __repr__(self) -> str:
        return (
            f"<Game at {id(self):#x} ({self.headers.get('White', '?')!r} vs. "
            f"{self.headers.get('Black', '?')!r}, {self.headers.get('Date', '????.??.??')})>"
        )


class Mainline(Sequence[Any]):
    """The mainline after a node: its nodes (``mainline()``) or moves
    (``mainline_moves()``), as a sequence."""

    def __init__(self, start: GameNode, f: Any) -> None:
        self.start = start
        self.f = f

    def _nodes(self) -> list[ChildNode]:
        nodes = []
        node = self.start
        while node.variations:
            node = node.variations[0]
            nodes.append(node)
        return nodes

    def __iter__(self) -> Iterator[Any]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __reversed__(self) -> Iterator[Any]:
        return (self.f(node) for node in reversed(self._nodes()))

    def __len__(self) -> int:
        return len(self._nodes())

    def __getitem__(self, index: Any) -> Any:
        return [self.f(node) for node in self._nodes()][index]

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({' '.join(str(m) for m in self)})>"


# ------------------------------------------------------------------------------------
# read_game

# The line read ahead by the last read_game of a handle (a game running straight into the
# next game's tags), given back to the next call on the same handle.
_PENDING: weakref.WeakKeyDictionary[Any, bytes] = weakref.WeakKeyDictionary()
_PENDING_BY_ID: dict[int, bytes] = {}

_ERRORS = {
    "illegal": IllegalMoveError,
    "ambiguous": AmbiguousMoveError,
    "invalid": InvalidMoveError,
}


def _take_pending(handle: Any) -> bytes | None:
    try:
        return _PENDING.pop(handle, None)
    except TypeError:
        return _PENDING_BY_ID.pop(id(handle), None)


def _put_pending(handle: Any, line: bytes) -> None:
    try:
        _PENDING[handle] = line
    except TypeError:
        _PENDING_BY_ID[id(handle)] = line


def read_game(handle: IO[Any]) -> Game | None:
    """Reads the next game from a file object (text, as ``open(path)`` gives, or binary),
    as python-chess's ``chess.pgn.read_game``: a ``Game`` tree, or None at the end.

    Reads exactly one game's lines (``handle.readline()``), so that the handle can be
    passed again for the next game. Every move is checked: a game that does not replay
    keeps the moves before the trouble, and ``game.errors`` holds the exception
    (``IllegalMoveError``, ``AmbiguousMoveError``, ``InvalidMoveError``, or ``ValueError``
    for an unsupported variant, a bad FEN, an unclosed comment ...), which is also logged
    on the ``bitmove.pgn`` logger, as python-chess does.
    """
    read = _pgn.read_game_events(handle, _take_pending(handle))
    if read is None:
        return None
    headers, start, events, error, pending = read
    if pending is not None:
        _put_pending(handle, pending)
    game = Game()
    for name, value in headers:
        game.headers[name] = value
    game._start = start
    _build(game, events)
    if error is not None:
        kind, reason, _line, _token = error
        exception = _ERRORS.get(kind, ValueError)(reason)
        LOGGER.error("%s while parsing %r", exception, game)
        game.errors.append(exception)
    return game


def _build(game: Game, events: list[tuple[Any, ...]]) -> None:
    """Builds the tree from the reader's events, as python-chess's GameBuilder does."""
    stack: list[GameNode] = [game]
    starting_comment = ""
    in_variation = False
    for event in events:
        code = event[0]
        if code == 0:
            parent = stack[-1]
            move = event[1]
            if move is None:
                node = ChildNode(parent, NullMove())
                node._fen_after = event[2]
            else:
                node = ChildNode(parent, move)
            parent.variations.append(node)
            node.starting_comment = starting_comment
            starting_comment = ""
            stack[-1] = node
            in_variation = True
        elif code == 1:
            top = stack[-1]
            if in_variation or (top.parent is None and top.is_end()):
                top.comment = " ".join(filter(None, (top.comment, event[1])))
            else:
                starting_comment = " ".join(filter(None, (starting_comment, event[1])))
        elif code == 2:
            stack[-1].nags.add(event[1])
        elif code == 3:
            parent = stack[-1].parent
            if parent is None:  # the reader replays a variation only after a move
                raise RuntimeError("bitmove.pgn: a variation before any move")
            stack.append(parent)
            in_variation = False
        elif code == 4 and len(stack) > 1:
            stack.pop()
        elif code == 5 and game.headers.get("Result", "*") == "*":
            game.headers["Result"] = event[1]


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
    "TAG_ROSTER",
    "ChildNode",
    "Cp",
    "Game",
    "GameNode",
    "GameRecord",
    "Headers",
    "Mainline",
    "Mate",
    "MateGiven",
    "NullMove",
    "PovScore",
    "Score",
    "games",
    "positions",
    "read_game",
    "to_arrow",
]
