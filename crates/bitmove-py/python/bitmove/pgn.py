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

import dataclasses
import enum
import gc
import logging
import os
import re
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from typing import IO, TYPE_CHECKING, Any, Generic, Literal, TypeVar, Union

from bitmove import _pgn
from bitmove._bitmove import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move

if TYPE_CHECKING:
    from typing_extensions import Self

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

_WILD = frozenset(f"wild/{n}" for n in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "8a"))

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

COLUMNS: tuple[str, ...] = tuple(_pgn.COLUMNS)
"""The columns ``positions`` can give (all of them by default)."""

PathLike = Union[str, "os.PathLike[str]"]

T = TypeVar("T")
ResultT = TypeVar("ResultT")
HeadersT = TypeVar("HeadersT", bound="Headers")

# Numeric Annotation Glyphs: the ones python-chess names.
NAG_NULL = 0
NAG_GOOD_MOVE = 1
"""``!``"""
NAG_MISTAKE = 2
"""``?``"""
NAG_BRILLIANT_MOVE = 3
"""``!!``"""
NAG_BLUNDER = 4
"""``??``"""
NAG_SPECULATIVE_MOVE = 5
"""``!?``"""
NAG_DUBIOUS_MOVE = 6
"""``?!``"""
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_REGEX = re.compile(r"^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*$")
"""A tag pair line, ``[Name "value"]``."""
TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
"""A tag name: a letter or digit, then letters, digits and ``_+#=:-``."""


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
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
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

    def __copy__(self) -> Headers:
        return self.copy()

    @classmethod
    def builder(cls) -> HeadersBuilder[Self]:
        """A ``HeadersBuilder`` that makes headers of this class."""
        return HeadersBuilder(Headers=cls)

    def is_wild(self) -> bool:
        """Whether the ``Variant`` tag names one of ICS's wild variants (played as
        standard chess from the ``FEN`` tag)."""
        return self.get("Variant", "").lower() in _WILD

    def is_chess960(self) -> bool:
        """Whether the ``Variant`` tag names Chess960."""
        variant = self.get("Variant", "").lower()
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
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        from bitmove.variant import find_variant

        return find_variant(self["Variant"])

    def board(self) -> Board:
        """The start position the tags describe (``FEN``, ``Variant``)."""
        variant = self.variant()
        board = variant(self.get("FEN", variant.starting_fen), chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

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
# Annotations in comments: [%clk], [%emt], [%eval], [%csl]/[%cal]
#
# Reading them is the Rust reader's (`_pgn.clock`, `_pgn.eval`, the same code the bulk
# readers use); these patterns find the annotation a setter replaces, with the one space
# around it that python-chess's setters keep or drop.

_TIME = r"(?P<h>\d+):(?P<m>\d+):(?P<s>\d+(?:\.\d*)?)"
_CLOCK = re.compile(r"(?P<before>\s?)\[%clk\s" + _TIME + r"\](?P<after>\s?)")
_EMT = re.compile(r"(?P<before>\s?)\[%emt\s" + _TIME + r"\](?P<after>\s?)")
_EVAL = re.compile(
    r"(?P<before>\s?)\[%eval\s(?:\#[+-]?\d+|[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?))"
    r"(?:,\d+)?\](?P<after>\s?)"
)
_ARROWS = re.compile(
    r"(?P<before>\s?)\[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?"
    r"(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<after>\s?)"
)


def _replacing(text: str) -> Callable[[re.Match[str]], str]:
    """The replacement of an annotation: `text` between the spaces that were around the
    old one; when `text` is empty, one space is kept only if there was one on each side."""

    def replace(match: re.Match[str]) -> str:
        if text:
            return match.group("before") + text + match.group("after")
        return match.group("before") and match.group("after")

    return replace


def _time_text(seconds: float) -> str:
    """`H:MM:SS[.fff]`, clamped at zero, as python-chess writes clocks."""
    seconds = max(0, seconds)
    hours = int(seconds // 3600)
    minutes = int(seconds % 3600 // 60)
    rest = f"{seconds % 3600 % 60:06.3f}".rstrip("0").rstrip(".")
    return f"{hours:d}:{minutes:02d}:{rest}"


def _time_of(pattern: re.Pattern[str], comment: str) -> float | None:
    match = pattern.search(comment)
    if match is None:
        return None
    return int(match.group("h")) * 3600 + int(match.group("m")) * 60 + float(match.group("s"))


# ------------------------------------------------------------------------------------
# Nodes


class GameNode:
    """A node of a game tree: the root ``Game`` or a ``ChildNode`` (a move), as
    python-chess's ``chess.pgn.GameNode``."""

    # Slots for the node's own fields (a tree of 100,000 nodes allocates no dict per node,
    # and the garbage collector has a quarter fewer objects to follow); "__dict__" keeps
    # setting other attributes working, as on python-chess's nodes.
    __slots__ = (
        "__dict__",
        "__weakref__",
        "_depth",
        "_root",
        "comment",
        "move",
        "nags",
        "parent",
        "starting_comment",
        "variations",
    )

    parent: GameNode | None
    move: Move | None

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        # The root and the depth below it, kept so that game(), ply() and turn() cost the
        # same on the 10,000th move as on the first (python-chess walks up).
        self._root: Game | None = None
        self._depth = 0
        self.variations: list[ChildNode] = []
        self.comment = comment
        self.starting_comment = ""
        self.nags: set[int] = set()

    # The tree -----------------------------------------------------------------------

    def game(self) -> Game:
        """The root node."""
        root = self._root
        if root is None:
            node: GameNode = self
            while node.parent is not None:
                node = node.parent
            root = node  # type: ignore[assignment]
        return root  # type: ignore[return-value]

    def root(self) -> GameNode:
        """The root node (the ``Game``)."""
        return self.game()

    def board(self) -> Board:
        raise NotImplementedError

    def ply(self) -> int:
        raise NotImplementedError

    def turn(self) -> bool:
        """The side to move at this node (True: White)."""
        return self.ply() % 2 == 0

    def end(self) -> GameNode:
        """The last node of the mainline from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """Whether the node has no continuation."""
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether the node begins a variation (an alternative to its parent's main
        continuation: it can have a starting comment)."""
        if not self.parent or not self.parent.variations:
            return False
        return self.parent.variations[0] != self

    def is_mainline(self) -> bool:
        """Whether the node is on the game's mainline."""
        node: GameNode = self
        while node.parent:
            parent = node.parent
            if not parent.variations or parent.variations[0] != node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """Whether the node is the first child of its parent (or the root)."""
        if not self.parent:
            return True
        return not self.parent.variations or self.parent.variations[0] == self

    def __getitem__(self, move: int | Move | GameNode) -> ChildNode:
        try:
            return self.variations[move]  # type: ignore[index]
        except TypeError:
            for variation in self.variations:
                if variation.move == move or variation == move:
                    return variation
        raise KeyError(move)

    def __contains__(self, move: int | Move | GameNode) -> bool:
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move: int | Move | GameNode) -> ChildNode:
        """A child by index, move or node (``KeyError`` when there is none)."""
        return self[move]

    def has_variation(self, move: int | Move | GameNode) -> bool:
        """Whether a child has this index, move or node."""
        return move in self

    def promote_to_main(self, move: int | Move | GameNode) -> None:
        """Makes the child the main continuation."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: int | Move | GameNode) -> None:
        """Moves the child one place up among the variations."""
        variation = self[move]
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: int | Move | GameNode) -> None:
        """Moves the child one place down among the variations."""
        variation = self[move]
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: int | Move | GameNode) -> None:
        """Removes the child (and everything after it)."""
        self.variations.remove(self.variation(move))

    def add_variation(
        self,
        move: Move,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> ChildNode:
        """Adds a child node for ``move``, last among the variations. A subclass overrides
        this to make its own node class (the only place nodes are made)."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(
        self, move: Move, *, comment: str = "", nags: Iterable[int] = ()
    ) -> ChildNode:
        """Adds a child node for ``move`` as the main continuation."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def add_line(
        self,
        moves: Iterable[Move],
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> GameNode:
        """Adds the moves as a line of nodes (each the last variation of the one before);
        ``starting_comment`` goes to the first, ``comment`` and ``nags`` to the last, which
        is returned."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = f"{node.comment} {comment}" if node.comment else comment
        node.nags.update(nags)
        return node

    def next(self) -> ChildNode | None:
        """The main continuation, or None."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> Mainline:
        """The nodes of the mainline after this one."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> Mainline:
        """The moves of the mainline after this one."""
        return Mainline(self, lambda node: node.move)

    # Annotations ----------------------------------------------------------------------

    def clock(self) -> float | None:
        """The clock in the comment, ``[%clk 0:03:00]``, in seconds; None when absent."""
        return _pgn.clock(self.comment)

    def set_clock(self, seconds: float | None) -> None:
        """Replaces the comment's first ``[%clk]`` (or adds one; None removes it)."""
        text = "" if seconds is None else f"[%clk {_time_text(seconds)}]"
        self._set_annotation(_CLOCK, text)

    def emt(self) -> float | None:
        """The elapsed move time in the comment, ``[%emt 0:00:05]``, in seconds."""
        return _time_of(_EMT, self.comment)

    def set_emt(self, seconds: float | None) -> None:
        """Replaces the comment's first ``[%emt]`` (or adds one; None removes it)."""
        text = "" if seconds is None else f"[%emt {_time_text(seconds)}]"
        self._set_annotation(_EMT, text)

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

    def set_eval(self, score: Any, depth: int | None = None) -> None:
        """Replaces the comment's first ``[%eval]`` with ``score`` (a ``PovScore``, this
        module's or python-chess's), written from White's view, and ``depth``; None removes
        it."""
        text = ""
        if score is not None:
            suffix = "" if depth is None else f",{max(depth, 0):d}"
            white = score.white()
            cp = white.score()
            if cp is not None:
                text = f"[%eval {float(cp) / 100:.2f}{suffix}]"
            elif white.mate():
                text = f"[%eval #{white.mate()}{suffix}]"
        self._set_annotation(_EVAL, text, newline_ends=False)

    def arrows(self) -> list[Any]:
        """The arrows and marked squares of the comment's ``[%cal]`` and ``[%csl]``, as
        ``bitmove.svg.Arrow`` objects."""
        from bitmove.svg import Arrow

        return [
            Arrow.from_pgn(part)
            for match in _ARROWS.finditer(self.comment)
            for part in match.group("arrows").split(",")
        ]

    def set_arrows(self, arrows: Iterable[Any]) -> None:
        """Replaces every ``[%csl]`` and ``[%cal]`` of the comment with ``arrows``
        (``Arrow`` objects or ``(tail, head)`` pairs; tail == head marks a square), written
        at the comment's start."""
        from bitmove.svg import Arrow

        squares: list[str] = []
        lines: list[str] = []
        for arrow in arrows:
            if not isinstance(arrow, Arrow):
                tail, head = arrow
                arrow = Arrow(tail, head)
            (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
        comment = _ARROWS.sub(_replacing(""), self.comment)
        prefix = ""
        if squares:
            prefix += f"[%csl {','.join(squares)}]"
        if lines:
            prefix += f"[%cal {','.join(lines)}]"
        if prefix and comment and not comment.startswith((" ", "\n")):
            comment = f"{prefix} {comment}"
        else:
            comment = prefix + comment
        self.comment = comment

    def _set_annotation(
        self, pattern: re.Pattern[str], text: str, *, newline_ends: bool = True
    ) -> None:
        comment, found = pattern.subn(_replacing(text), self.comment, count=1)
        if not found and text:
            ends = (" ", "\n") if newline_ends else (" ",)
            if comment and not comment.endswith(ends):
                comment += " "
            comment += text
        self.comment = comment

    # Visiting -------------------------------------------------------------------------

    def accept(self, visitor: BaseVisitor[Any]) -> Any:
        """Walks the tree from the move leading here in PGN order, calling the visitor;
        returns ``visitor.result()``."""
        raise NotImplementedError

    def accept_subgame(self, visitor: BaseVisitor[Any]) -> Any:
        """Walks the tree after this node as a game of its own (its position as the
        ``FEN`` tag); returns ``visitor.result()``."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            dummy = Game.without_tag_roster()
            dummy.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in dummy.headers:
                    visitor.visit_header(name, value)
            for name, value in dummy.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {id(self):#x}>"


class ChildNode(GameNode):
    """A move of the game tree, with its comments and NAGs; made by its parent's
    ``add_variation``, it adds itself to ``parent.variations``."""

    __slots__ = ()

    parent: GameNode
    move: Move

    def __init__(
        self,
        parent: GameNode,
        move: Move,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> None:
        self.parent = parent
        self.move = move
        self._root = parent._root
        self._depth = parent._depth + 1
        self.variations = []
        self.comment = comment
        self.starting_comment = starting_comment
        self.nags = set(nags)
        parent.variations.append(self)

    def board(self) -> Board:
        """The position at this node, with the moves from the start on its stack."""
        moves: list[Move] = []
        node: GameNode = self
        while node.parent is not None:
            moves.append(node.move)  # type: ignore[arg-type]
            node = node.parent
        board = node.game().board()
        for move in reversed(moves):
            board.push(move)
        return board

    def ply(self) -> int:
        """Half-moves from the start of the game, counting from the start position's move
        number, as python-chess counts."""
        if self._root is not None:
            return self._root.ply() + self._depth
        depth, node = 0, self
        while node.parent is not None:
            depth += 1
            node = node.parent  # type: ignore[assignment]
        return node.game().ply() + depth

    def san(self) -> str:
        """The move in SAN, in the parent's position."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: bool | None = None) -> str:
        """The move in UCI, in the parent's position."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def end(self) -> ChildNode:
        return self if not self.variations else super().end()  # type: ignore[return-value]

    def _accept_node(self, board: Board, visitor: BaseVisitor[Any]) -> None:
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(board, self.move)
        board.push(self.move)
        visitor.visit_board(board)
        board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def _accept(self, board: Board, visitor: BaseVisitor[Any], *, sidelines: bool = True) -> None:
        """python-chess's PGN order from this node, without recursion: the node, then
        (with ``sidelines``) its siblings after it as variations, then its continuation."""
        # A frame: [node, state, the sidelines still to visit, a variation is open].
        stack: list[list[Any]] = [[self, 0, self._sidelines(sidelines), False]]
        while stack:
            frame = stack[-1]
            node, state = frame[0], frame[1]
            if frame[3]:
                frame[3] = False
                visitor.end_variation()
            if state == 0:
                node._accept_node(board, visitor)
                frame[1] = 1
            elif state == 1:
                variation = next(frame[2], None)
                if variation is not None:
                    if visitor.begin_variation() is not SKIP:
                        stack.append([variation, 0, iter(()), False])
                    frame[3] = True
                elif node.variations:
                    board.push(node.move)
                    stack.append(
                        [node.variations[0], 0, node.variations[0]._sidelines(True), False]
                    )
                    frame[1] = 2
                else:
                    frame[1] = 3
            elif state == 2:
                board.pop()
                frame[1] = 3
            else:
                stack.pop()

    def _sidelines(self, sidelines: bool) -> Iterator[ChildNode]:
        return iter(self.parent.variations[1:]) if sidelines else iter(())

    def accept(self, visitor: BaseVisitor[Any]) -> Any:
        """Walks this node, its variations and its continuation in PGN order (not the
        node's siblings); returns ``visitor.result()``."""
        self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self.parent.board()
            text = f"{board.fullmove_number}{'.' if board.turn else '...'} {board.san(self.move)}"
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        return f"<{type(self).__name__} at {id(self):#x} ({text} ...)>"


class Game(GameNode):
    """The root of a game tree: headers (the start position is the ``FEN`` and
    ``Variant`` tags'), the comment before the first move, errors met reading it."""

    def __init__(
        self, headers: Iterable[tuple[str, str]] | Mapping[str, str] | None = None
    ) -> None:
        super().__init__()
        self._root = self
        self.headers = Headers(headers)
        self.errors: list[Exception] = []

    def board(self) -> Board:
        """The start position (the ``FEN`` tag's, or the variant's start)."""
        return self.headers.board()

    def ply(self) -> int:
        """The start position's ply (0 without a ``FEN`` tag)."""
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Board | str) -> None:
        """Starts the game from ``board`` (a board or a FEN): sets or removes the ``FEN``,
        ``SetUp`` and ``Variant`` tags."""
        if isinstance(board, str):
            setup = Board(board)
            setup.chess960 = setup.has_chess960_castling_rights()
        else:
            setup = board
        fen = setup.fen()
        kind = type(setup)
        if fen == kind.starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        alias = kind.aliases[0]
        if alias == "Standard" and setup.chess960:
            self.headers["Variant"] = "Chess960"
        elif alias != "Standard":
            self.headers["Variant"] = alias
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor: BaseVisitor[Any]) -> Any:
        """Walks the game in PGN order (tags, start position, comment, moves, result);
        returns ``visitor.result()``."""
        if type(visitor) in _EXPORTERS:
            visitor.begin_game()
            if self._write_whole(visitor._writer):
                visitor.end_game()
                return visitor.result()
        elif visitor.begin_game() is SKIP:
            visitor.end_game()
            return visitor.result()
        for name, value in self.headers.items():
            visitor.visit_header(name, value)
        if visitor.end_headers() is not SKIP:
            board = self.board()
            visitor.visit_board(board)
            if self.comment:
                visitor.visit_comment(self.comment)
            if self.variations:
                self.variations[0]._accept(board, visitor)
            visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def _write_whole(self, writer: Any) -> bool:
        """Hands the whole tree to the Rust writer at once (an exporter's ``accept``: the
        same text as its calls one by one, without a Python call per move). False when the
        writer cannot replay it (a variant, an illegal move, a position the fast board does
        not hold): then the tree is walked."""
        if self.headers.variant() is not Board:
            return False
        try:
            board = self.board()
        except ValueError:
            return False
        # The nodes in preorder (each after its parent, siblings in their order): the
        # main continuation is followed in place, the other children wait on a stack.
        nodes: list[tuple[int, Move, str, str, set[int]]] = []
        append = nodes.append
        stack: list[tuple[ChildNode, int]] = []
        index = 0
        node: GameNode = self
        while True:
            variations = node.variations
            if variations:
                if len(variations) > 1:
                    stack.extend((child, index) for child in reversed(variations[1:]))
                node, parent = variations[0], index
            elif stack:
                node, parent = stack.pop()
            else:
                break
            append((parent, node.move, node.starting_comment, node.comment, node.nags))  # type: ignore[arg-type]
            index = len(nodes)
        return writer.write_tree(
            list(self.headers.items()),
            board.fen(),
            board.chess960,
            self.comment,
            nodes,
        )

    def time_control(self) -> TimeControl:
        """The ``TimeControl`` tag, parsed (``TimeControlType.UNKNOWN`` without one)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board: Board) -> Self:
        """A game of the board's moves, from its root position, with its result."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls) -> Self:
        """An empty game without the Seven Tag Roster's default tags."""
        return cls(headers={})

    @classmethod
    def builder(cls) -> GameBuilder[Self]:
        """A ``GameBuilder`` that makes games of this class (``read_game(handle,
        Visitor=MyGame.builder)``)."""
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (
            f"<{type(self).__name__} at {id(self):#x} ({self.headers.get('White', '?')!r} vs. "
            f"{self.headers.get('Black', '?')!r}, {self.headers.get('Date', '????.??.??')!r} "
            f"at {self.headers.get('Site', '?')!r}{errors})>"
        )


GameT = TypeVar("GameT", bound=Game)


class Mainline(Generic[T]):
    """The mainline after a node: its nodes (``mainline()``) or moves
    (``mainline_moves()``)."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], T]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[T]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __reversed__(self) -> Iterator[T]:
        node = self.start.end()
        while node.parent and node != self.start:
            yield self.f(node)  # type: ignore[arg-type]
            node = node.parent

    def __len__(self) -> int:
        count, node = 0, self.start
        while node.variations:
            node = node.variations[0]
            count += 1
        return count

    def __getitem__(self, index: Any) -> Any:
        return [self.f(node) for node in _mainline_nodes(self.start)][index]

    def accept(self, visitor: BaseVisitor[Any]) -> Any:
        """Walks the mainline's nodes (no variations); returns ``visitor.result()``."""
        node = self.start
        board = self.start.board()
        while node.variations:
            node = node.variations[0]
            node._accept_node(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        text = self.accept(StringExporter(columns=None, comments=False))
        return f"<Mainline at {id(self):#x} ({text})>"


def _mainline_nodes(start: GameNode) -> list[ChildNode]:
    nodes = []
    node = start
    while node.variations:
        node = node.variations[0]
        nodes.append(node)
    return nodes


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
    visitor = None if fast else Visitor()
    # A visitor that skips every variation: the reader skips them unread (their moves are
    # not checked, as python-chess does not parse what it skips).
    variations = fast or type(visitor).begin_variation not in _SKIPS_VARIATIONS
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
    if visitor is None:
        # The tree's nodes are all kept: the cyclic garbage collector would only walk them
        # again and again while they are made (a third of read_game's time).
        if gc.isenabled():
            gc.disable()
            try:
                return _build(headers, events, exception)
            finally:
                gc.enable()
        return _build(headers, events, exception)
    return _drive(visitor, headers, events, exception)


_SKIPS_VARIATIONS = (BoardBuilder.begin_variation, SkipVisitor.begin_variation)
# The exporters whose calls the Rust writer makes itself for a whole tree (not subclasses:
# they may change a call).
_EXPORTERS = (StringExporter, FileExporter)


def _build(headers: list[tuple[str, str]], events: list[tuple[Any, ...]], error: Any) -> Game:
    """The tree from the reader's events, as ``GameBuilder`` builds it (the same steps,
    without a visitor's calls: this is ``read_game``'s usual path)."""
    game = Game()
    tags = game.headers
    for name, value in headers:
        try:
            tags[name] = value
        except ValueError:
            tags._others[name] = value  # the reader's tag names are python-chess's
    stack: list[GameNode] = [game]
    starting_comment = ""
    in_variation = False
    null = None
    for event in events:
        code = event[0]
        if code == 0:
            move = event[1]
            if move is None:
                move = null = null or Move.null()
            node = ChildNode(stack[-1], move)
            if starting_comment:
                node.starting_comment = starting_comment
                starting_comment = ""
            stack[-1] = node
            in_variation = True
        elif code == 1:
            top = stack[-1]
            if in_variation or (top.parent is None and not top.variations):
                top.comment = f"{top.comment} {event[1]}" if top.comment else event[1]
            else:
                starting_comment = (
                    f"{starting_comment} {event[1]}" if starting_comment else event[1]
                )
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
        elif code == 5 and tags.get("Result", "*") == "*":
            tags["Result"] = event[1]
    if error is not None:
        LOGGER.error("%s while parsing %r", error, game)
        game.errors.append(error)
    return game


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
