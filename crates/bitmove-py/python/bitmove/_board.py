"""`bitmove.Board`, python-chess's `BaseBoard` and its move-generator classes.

`Board` is the native board (`bitmove._bitmove.Board`) whose python-chess state attributes
(`turn`, `castling_rights`, `ep_square`, the clocks, `chess960`, `promoted`, the piece
bitboards, `occupied`, the lists `occupied_co` and `move_stack`) are objects the native side
keeps in step at every change and Python reads as struct members, as fast as python-chess's
plain attributes (CPython specialises member reads, not getters). Assigning one goes to the
native setter.

`BaseBoard` is a board of pieces only (python-chess's base class of `Board`); here it is a
`Board` whose side to move, castling rights and counters stay at their defaults, made from a
board FEN. `LegalMoveGenerator(board)` and `PseudoLegalMoveGenerator(board)` are python-chess's
views over any object with `generate_legal_moves()` / `generate_pseudo_legal_moves()` (a
bitmove `Board` gives its own, faster views as `board.legal_moves`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bitmove import _bitmove
from bitmove._squares import STARTING_BOARD_FEN

__all__ = ["BaseBoard", "Board", "LegalMoveGenerator", "PseudoLegalMoveGenerator"]

# The native getters and setters of the attributes the native side mirrors: an assignment goes
# to the setter (the members are read-only), then the native side updates the members.
_NATIVE: dict[str, Any] = {
    name: _bitmove.Board.__dict__[name] for name in _bitmove._MIRRORED_ATTRIBUTES
}
_object_setattr = object.__setattr__


class Board(_bitmove.Board):
    __doc__ = _bitmove.Board.__doc__
    __module__ = "bitmove"

    def __setattr__(self, name: str, value: Any) -> None:
        native = _NATIVE.get(name)
        if native is None:
            _object_setattr(self, name, value)
        else:
            native.__set__(self, value)


_bitmove._mirror_in(Board)


class BaseBoard(Board):
    """A board of pieces: `BaseBoard(board_fen)`, `BaseBoard(None)` or `BaseBoard.empty()`
    for an empty one."""

    def __new__(cls, board_fen: str | None = STARTING_BOARD_FEN) -> BaseBoard:  # noqa: PYI034
        board = super().__new__(cls, None)
        if board_fen is not None:
            board.set_board_fen(board_fen)
        return board

    def __init__(self, board_fen: str | None = STARTING_BOARD_FEN) -> None:
        """The pieces were set by `__new__`."""

    @classmethod
    def empty(cls, *, chess960: bool = False) -> BaseBoard:
        return cls(None)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def _repr_svg_(self) -> str:
        """The pieces as a picture (Jupyter's), as python-chess's `BaseBoard` draws them."""
        from bitmove import svg

        return svg.board(board=self, size=400)


# The native methods again, as descriptors of these classes: CPython specialises a method
# call only on an object of the descriptor's own class (src/board/methods.rs).
_bitmove._methods_in(Board)
_bitmove._methods_in(BaseBoard)


class _Generator:
    _method = "generate_legal_moves"

    def __init__(self, board: Any) -> None:
        self.board = board

    def __iter__(self) -> Iterator[Any]:
        return iter(getattr(self.board, self._method)())

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        return len(list(self))

    def __contains__(self, move: Any) -> bool:
        if self._method == "generate_legal_moves":
            return bool(self.board.is_legal(move))
        return bool(self.board.is_pseudo_legal(move))

    def __repr__(self) -> str:
        sans = ", ".join(
            self.board.san(move) if self.board.is_legal(move) else self.board.uci(move)
            for move in self
        )
        return f"<{type(self).__name__} at {id(self):#x} ({sans})>"


class LegalMoveGenerator(_Generator):
    """The legal moves of `board`, generated anew at each iteration."""

    _method = "generate_legal_moves"


class PseudoLegalMoveGenerator(_Generator):
    """The pseudo-legal moves of `board`, generated anew at each iteration."""

    _method = "generate_pseudo_legal_moves"
