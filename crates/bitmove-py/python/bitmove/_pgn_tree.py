"""The game tree of ``bitmove.pgn`` (python-chess's ``chess.pgn`` nodes): headers, scores,
the annotations of comments, ``GameNode``, ``ChildNode``, ``Game`` (whose nodes are made on first use). Import
them from ``bitmove.pgn``."""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, TypeVar

from bitmove import _pgn
from bitmove._bitmove import Move
from bitmove._board import Board
from bitmove._pgn_mainline import Mainline, _move_of, _MovesRead, _node_itself
from bitmove._scores import Cp, Mate, PovScore

if TYPE_CHECKING:
    from typing_extensions import Self

    from bitmove._pgn_visit import BaseVisitor, GameBuilder, HeadersBuilder, TimeControl

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

    def _pairs(self) -> list[tuple[str, str]]:
        """The tags in order as a list (what ``list(self.items())`` gives, faster)."""
        roster = self._roster
        return [(key, roster[key]) for key in TAG_ROSTER if key in roster] + list(
            self._others.items()
        )

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
        return Mainline(self, _node_itself)

    def mainline_moves(self) -> Mainline:
        """The moves of the mainline after this one."""
        return Mainline(self, _move_of)

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

    # A game read by read_game keeps its moves in Rust (`_lazy`, a bitmove._pgn.LazyTree)
    # until its nodes are asked for: `variations` makes them then. Untouched, its
    # mainline_moves() and str() are read from the Rust tree. `_lazy_start` holds the FEN
    # and Variant tags it was read with (the start position the moves are played from).
    _lazy: Any = None
    _lazy_start: Any = None

    @property  # type: ignore[override]
    def variations(self) -> list[ChildNode]:
        """The children: the main continuation first, then the variations."""
        if self._lazy is not None:
            self._materialize()
        return _VARIATIONS.__get__(self, Game)  # type: ignore[no-any-return]

    @variations.setter
    def variations(self, value: list[ChildNode]) -> None:
        self._lazy = None
        _VARIATIONS.__set__(self, value)

    def next(self) -> ChildNode | None:
        """The main continuation, or None (the nodes made first if they were not yet)."""
        if self._lazy is not None:
            self._materialize()
        variations = self._variations_slot
        return variations[0] if variations else None

    def _materialize(self) -> None:
        """Makes the nodes of the tree read (the first use of ``variations``): the
        ``ChildNode``s ``add_variation`` would make, without a call per node."""
        tree, self._lazy = self._lazy, None
        made: list[GameNode] = [self]
        children: list[list[ChildNode]] = [_VARIATIONS.__get__(self, Game)]
        depths = [self._depth]
        new = object.__new__
        enabled = gc.isenabled()
        gc.disable()  # the new nodes are all kept: no use walking them while they are made
        try:
            for parent, move, starting_comment, comment, nags in tree.nodes():
                node = new(ChildNode)
                node.parent = made[parent]
                node.move = move
                node._root = self
                depth = depths[parent] + 1
                node._depth = depth
                node.variations = variations = []
                node.comment = comment
                node.starting_comment = starting_comment
                node.nags = set(nags)
                children[parent].append(node)
                made.append(node)
                children.append(variations)
                depths.append(depth)
        finally:
            if enabled:
                gc.enable()

    def _untouched(self) -> Any:
        """The Rust tree when the nodes were never made and the tags still give the start
        position the moves were read from; else None."""
        tree = self._lazy
        if tree is None:
            return None
        headers = self.headers
        if self._lazy_start != (headers.get("FEN"), headers.get("Variant")):
            return None
        return tree

    def mainline_moves(self) -> Mainline:
        tree = self._untouched()
        if tree is not None:
            return _MovesRead(self, tree.mainline_moves())
        return super().mainline_moves()

    def __str__(self) -> str:
        tree = self._untouched()
        if tree is not None:
            # Straight from the Rust tree, without an exporter's calls.
            writer = _pgn.Writer(columns=None)
            if tree.write(writer, self.headers._pairs(), self.comment):
                return writer.text()  # type: ignore[no-any-return]
        return super().__str__()

    def __reduce_ex__(self, protocol: Any) -> Any:
        # Copies and pickles take the nodes, not the Rust tree.
        if self._lazy is not None:
            self._materialize()
        return super().__reduce_ex__(protocol)

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
        tree = self._untouched()
        if tree is not None:
            return tree.write(writer, self.headers._pairs(), self.comment)  # type: ignore[no-any-return]
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
_VARIATIONS: Any = GameNode.__dict__["variations"]  # the slot behind Game.variations
# The same slot under a second name: `game._variations_slot` reads it as fast as any slot
# (the `variations` property, which makes the nodes of a game read lazily, costs a call).
Game._variations_slot = _VARIATIONS  # type: ignore[attr-defined]


# The visitors and exporters use the tree, and the tree's accept/str use them: imported
# last, once every name above exists.
from bitmove._pgn_visit import (
    _EXPORTERS,
    SKIP,
    GameBuilder,
    HeadersBuilder,
    StringExporter,
    parse_time_control,
)
