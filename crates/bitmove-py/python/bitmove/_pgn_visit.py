"""The visitors, exporters and ``read_game`` of ``bitmove.pgn`` (python-chess's
``chess.pgn`` names), and its time controls. Import them from ``bitmove.pgn``."""

from __future__ import annotations

import dataclasses
import enum
import logging
import weakref
from typing import IO, Any, Generic, Literal, TypeVar

from bitmove import _pgn
from bitmove._bitmove import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from bitmove._board import Board
from bitmove._pgn_tree import Game, GameNode, Headers, HeadersT

LOGGER = logging.getLogger("bitmove.pgn")

ResultT = TypeVar("ResultT")
GameT = TypeVar("GameT", bound=Game)

# ------------------------------------------------------------------------------------
# Visitors


class SkipType(enum.Enum):
    """The type of ``SKIP``."""

    SKIP = None


SKIP = SkipType.SKIP
"""What a visitor returns from ``begin_game``, ``end_headers``, ``begin_variation`` or
``begin_parse_san`` to skip what follows."""


class BaseVisitor(Generic[ResultT]):
    """The base of visitors (``Game.accept``, ``read_game(handle, Visitor=...)``): every
    method is called in PGN order and does nothing here; ``result()`` must be given."""

    def begin_game(self) -> SkipType | None:
        """A game begins (``SKIP``: skip it)."""
        return None

    def begin_headers(self) -> Headers | None:
        """The tags begin (a ``Headers`` returned is the one the start position is read
        from)."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """One tag pair."""

    def end_headers(self) -> SkipType | None:
        """The tags are over (``SKIP``: skip the movetext)."""
        return None

    def begin_parse_san(self, board: Board, san: str) -> SkipType | None:
        """Reading only: a move is about to be read (``SKIP``: skip it and its line)."""
        return None

    def parse_san(self, board: Board, san: str) -> Move:
        """Reading only: the move a SAN is (``board.parse_san``)."""
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        """A move, with the position before it (restore the board if you change it)."""

    def visit_board(self, board: Board) -> None:
        """The start position and the position after each move."""

    def visit_comment(self, comment: str) -> None:
        """A comment."""

    def visit_nag(self, nag: int) -> None:
        """A NAG."""

    def begin_variation(self) -> SkipType | None:
        """A variation begins (``SKIP``: skip it; ``end_variation`` still follows)."""
        return None

    def end_variation(self) -> None:
        """The variation ends."""

    def visit_result(self, result: str) -> None:
        """The result (the ``Result`` tag's, when walking a tree)."""

    def end_game(self) -> None:
        """The game ends."""

    def result(self) -> ResultT:
        """What the visitor made."""
        raise NotImplementedError

    def handle_error(self, error: Exception) -> None:
        """An error met reading: raised again by default."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Builds a ``Game`` tree: ``read_game``'s default visitor. ``Game=`` takes a
    ``Game`` subclass."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: list[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        if parent is None:
            raise RuntimeError("begin_variation before any move")
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, (top.comment, comment)))
        else:
            self.starting_comment = " ".join(filter(None, (self.starting_comment, comment)))

    def visit_move(self, board: Board, move: Move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        self.variation_stack[-1] = node
        node.starting_comment = self.starting_comment
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Keeps the error in ``game.errors`` and logs it on the ``bitmove.pgn`` logger."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> GameT:
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Reads the tags only (``read_headers``)."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """The position at the end of the mainline (variations skipped)."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[Literal[True]]):
    """Skips a game (``skip_game``)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> Literal[True]:
        return True


class StringExporterMixin:
    """What the exporters share: each visitor call is passed to the Rust writer
    (``bitmove::pgn::Exporter``), which lays out the text as python-chess does: lines of
    at most ``columns`` characters (None: the movetext on one line), with or without
    ``headers``, ``comments`` (and NAGs) and ``variations``."""

    def __init__(
        self,
        *,
        columns: int | None = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        if columns is not None and columns < 0:
            raise ValueError(f"columns must not be negative, not {columns}")
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self._writer = _pgn.Writer(
            columns=columns, headers=headers, comments=comments, variations=variations
        )

    def begin_game(self) -> None:
        pass

    def begin_headers(self) -> None:
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self._writer.header(tagname, tagvalue)

    def end_headers(self) -> None:
        self._writer.end_headers()

    def begin_variation(self) -> SkipType | None:
        return None if self._writer.begin_variation() else SKIP

    def end_variation(self) -> None:
        self._writer.end_variation()

    def visit_comment(self, comment: str) -> None:
        self._writer.comment(comment)

    def visit_nag(self, nag: int) -> None:
        self._writer.nag(nag)

    def visit_move(self, board: Board, move: Move) -> None:
        self._writer.play(board.fullmove_number, board.turn, board.san(move))

    def visit_result(self, result: str) -> None:
        self._writer.result(result)

    def end_game(self) -> None:
        self._writer.end_game()


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes games as PGN text: ``game.accept(StringExporter())`` returns it (without a
    line end at its end); ``str(game)`` is ``StringExporter(columns=None)``'s."""

    def result(self) -> str:
        return self._writer.text()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes games as PGN to a text file, each followed by a blank line;
    ``game.accept(exporter)`` returns the characters written for that game."""

    def __init__(
        self,
        handle: IO[str],
        *,
        columns: int | None = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def end_game(self) -> None:
        self._writer.end_game()
        self.written += self.handle.write(self._writer.take_lines())

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# ------------------------------------------------------------------------------------
# Time controls


class TimeControlType(enum.Enum):
    """The kind of a time control, as lichess names them."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period: ``moves`` to play (0: the rest of the game) in ``time`` seconds, with
    ``increment`` or ``delay`` seconds a move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A ``TimeControl`` tag: its periods and its kind."""

    parts: list[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _time_control_part(text: str) -> TimeControlPart:
    period, plus, bonus = text.partition("+")
    part = TimeControlPart()
    if plus:
        if bonus.lower().endswith("d"):
            part.delay = float(bonus[:-1])
        else:
            part.increment = float(bonus)
    moves, slash, time = period.partition("/")
    if slash:
        part.moves = int(moves)
        part.time = int(time)
    else:
        part.time = int(moves)
    return part


def parse_time_control(time_control: str) -> TimeControl:
    """A ``TimeControl`` tag's value (``"40/7200:3600"``, ``"300+3"``, ``"60+5d"``,
    ``"-"``, ``"?"``) parsed, as python-chess parses it; ``ValueError`` when it is not one.
    The kind comes from the first period, its time plus 60 increments: bullet under 3
    minutes, blitz under 15, rapid under 60, standard from there."""
    control = TimeControl()
    if not time_control or time_control.startswith("?"):
        return control
    if time_control.startswith("-"):
        control.type = TimeControlType.UNLIMITED
        return control
    control.parts = [_time_control_part(part) for part in time_control.split(":")]
    if any(part.moves == 0 for part in control.parts[:-1]):
        raise ValueError("only the last period of a time control may be for the rest of the game")
    first = control.parts[0]
    estimate = first.time + 60 * first.increment
    if estimate < 3 * 60:
        control.type = TimeControlType.BULLET
    elif estimate < 15 * 60:
        control.type = TimeControlType.BLITZ
    elif estimate < 60 * 60:
        control.type = TimeControlType.RAPID
    else:
        control.type = TimeControlType.STANDARD
    return control


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


def read_game(handle: IO[Any], *, Visitor: Any = None) -> Any:
    """Reads the next game from a file object (text, as ``open(path)`` gives, or binary),
    as python-chess's ``chess.pgn.read_game``: a ``Game`` tree (or what ``Visitor()``
    makes of it: ``HeadersBuilder``, ``BoardBuilder``, ``SkipVisitor``, your own), or None
    at the end.

    Reads exactly one game's lines (``handle.readline()``), so that the handle can be
    passed again for the next game. Every move is checked by the Rust reader: a game that
    does not replay keeps the moves before the trouble, and the visitor's
    ``handle_error`` gets the exception (``IllegalMoveError``, ``AmbiguousMoveError``,
    ``InvalidMoveError``, or ``ValueError`` for an unsupported variant, a bad FEN, an
    unclosed comment ...); ``GameBuilder`` keeps it in ``game.errors`` and logs it on the
    ``bitmove.pgn`` logger, as python-chess does.
    """
    fast = Visitor is None or Visitor is GameBuilder
    if fast:
        return _read_lazily(handle)
    visitor = Visitor()
    # A visitor that skips every variation: the reader skips them unread (their moves are
    # not checked, as python-chess does not parse what it skips).
    variations = type(visitor).begin_variation not in _SKIPS_VARIATIONS
    read = _pgn.read_game_events(handle, _take_pending(handle), variations)
    if read is None:
        return None
    headers, _start, events, error, pending = read
    if pending is not None:
        _put_pending(handle, pending)
    exception = None
    if error is not None:
        kind, reason, _line, _token = error
        exception = _ERRORS.get(kind, ValueError)(reason)
    return _drive(visitor, headers, events, exception)


def _read_lazily(handle: IO[Any]) -> Game | None:
    """``read_game``'s usual path: the game as ``GameBuilder`` builds it, its nodes made
    when first asked for (the tree stays in Rust until then)."""
    read = _pgn.read_game_tree(handle, _take_pending(handle))
    if read is None:
        return None
    headers, tree, error, pending = read
    if pending is not None:
        _put_pending(handle, pending)
    game = Game()
    tags = game.headers
    for name, value in headers:
        try:
            tags[name] = value
        except ValueError:
            tags._others[name] = value  # the reader's tag names are python-chess's
    game.comment = tree.comment
    nags = tree.nags
    if nags:
        game.nags.update(nags)
    result = tree.result
    if result is not None and tags.get("Result", "*") == "*":
        tags["Result"] = result
    if len(tree):
        game._lazy = tree
        game._lazy_start = (tags.get("FEN"), tags.get("Variant"))
    if error is not None:
        kind, reason, _line, _token = error
        exception = _ERRORS.get(kind, ValueError)(reason)
        LOGGER.error("%s while parsing %r", exception, game)
        game.errors.append(exception)
    return game


_SKIPS_VARIATIONS = (BoardBuilder.begin_variation, SkipVisitor.begin_variation)
# The exporters whose calls the Rust writer makes itself for a whole tree (not subclasses:
# they may change a call).
_EXPORTERS = (StringExporter, FileExporter)


def _drive(
    visitor: BaseVisitor[Any],
    headers: list[tuple[str, str]],
    events: list[tuple[Any, ...]],
    error: Any,
) -> Any:
    """Calls the visitor with the game the reader read, in python-chess's order: tags,
    the start position, then comments, moves (with the position before and after),
    NAGs, variations and the result; ``SKIP`` honoured where python-chess honours it."""
    if visitor.begin_game() is SKIP:
        visitor.end_game()
        return visitor.result()
    managed = visitor.begin_headers()
    tags = managed if isinstance(managed, Headers) else Headers({})
    for name, value in headers:
        visitor.visit_header(name, value)
        if tags is not managed:
            try:
                tags[name] = value
            except ValueError:
                tags._others[name] = value
    if visitor.end_headers() is SKIP:
        visitor.end_game()
        return visitor.result()
    try:
        board = tags.board()
    except ValueError as exception:
        visitor.handle_error(exception)
        visitor.end_game()
        return visitor.result()
    visitor.visit_board(board)
    boards = [board]
    skipping = 0  # depth inside a skipped variation
    skip_line = False  # begin_parse_san said SKIP: the rest of this line goes
    for event in events:
        code = event[0]
        if skipping:
            if code == 3:
                skipping += 1
            elif code == 4:
                skipping -= 1
                if not skipping:
                    visitor.end_variation()
            continue
        if code == 0:
            if skip_line:
                continue
            board = boards[-1]
            move = event[1] if event[1] is not None else Move.null()
            if visitor.begin_parse_san(board, board.san(move)) is SKIP:
                skip_line = True
                continue
            visitor.visit_move(board, move)
            board.push(move)
            visitor.visit_board(board)
        elif code == 1:
            if not skip_line:
                visitor.visit_comment(event[1])
        elif code == 2:
            if not skip_line:
                visitor.visit_nag(event[1])
        elif code == 3:
            if visitor.begin_variation() is SKIP:
                skipping = 1
                continue
            board = boards[-1].copy()
            board.pop()
            boards.append(board)
            skip_line = False
        elif code == 4:
            if len(boards) > 1:
                boards.pop()
                visitor.end_variation()
            skip_line = False
        elif code == 5:
            visitor.visit_result(event[1])
    if error is not None:
        visitor.handle_error(error)
    visitor.end_game()
    return visitor.result()


def read_headers(handle: IO[Any]) -> Headers | None:
    """The tags of the next game (its moves skipped), or None at the end: for a quick
    pass over a file, with ``handle.tell()`` / ``seek`` to come back to a game."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle: IO[Any]) -> bool:
    """Skips the next game; False at the end."""
    return bool(read_game(handle, Visitor=SkipVisitor))
