"""The mainline of a game tree, ``Mainline`` (python-chess's ``chess.pgn.Mainline``): the
nodes or moves after a node. Import it from ``bitmove.pgn``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bitmove._bitmove import Move

if TYPE_CHECKING:
    from bitmove._pgn_tree import ChildNode, GameNode
    from bitmove._pgn_visit import BaseVisitor

T = TypeVar("T")


class Mainline(Generic[T]):
    """The mainline after a node: its nodes (``mainline()``) or moves
    (``mainline_moves()``)."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], T]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[T]:
        # The nodes and the moves, python-chess's two mainlines, without a call per node.
        node = self.start
        f = self.f
        if f is _node_itself:
            while node.variations:
                node = node.variations[0]
                yield node  # type: ignore[misc]
        elif f is _move_of:
            while node.variations:
                node = node.variations[0]
                yield node.move  # type: ignore[misc]
        else:
            while node.variations:
                node = node.variations[0]
                yield f(node)

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
        from bitmove._pgn_visit import StringExporter

        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        from bitmove._pgn_visit import StringExporter

        text = self.accept(StringExporter(columns=None, comments=False))
        return f"<Mainline at {id(self):#x} ({text})>"


class _MovesRead(Mainline[Move]):
    """The mainline moves of a game whose nodes were never made, read from its Rust tree
    (``accept`` and ``str`` make the nodes)."""

    def __init__(self, start: GameNode, moves: list[Move]) -> None:
        super().__init__(start, _move_of)
        self._moves = moves

    def __bool__(self) -> bool:
        return bool(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    def __getitem__(self, index: Any) -> Any:
        return self._moves[index]


def _move_of(node: ChildNode) -> Move:
    return node.move


def _node_itself(node: ChildNode) -> ChildNode:
    return node


def _mainline_nodes(start: GameNode) -> list[ChildNode]:
    nodes = []
    node = start
    while node.variations:
        node = node.variations[0]
        nodes.append(node)
    return nodes
