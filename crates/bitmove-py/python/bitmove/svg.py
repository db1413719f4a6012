"""Board pictures as SVG, with python-chess's names (`chess.svg`): `board`, `piece`, `Arrow`
and `SvgWrapper`.

The pictures are drawn by bitmove's renderer in Rust (`bitmove::svg`, the same one the CLI's
`show --svg` and the npm package's `svg()` use), with python-chess's structure: the same
elements, classes and geometry for the same options. The piece artwork is bitmove's own
(MIT OR Apache-2.0).

>>> import bitmove, bitmove.svg
>>> picture = bitmove.svg.board(bitmove.Board(), size=350, arrows=[bitmove.svg.Arrow(bitmove.E2, bitmove.E4)])
>>> picture.startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bitmove._bitmove import _svg_board, _svg_piece
from bitmove._squares import SQUARE_NAMES, SquareSet, parse_square

__all__ = ["DEFAULT_COLORS", "MARGIN", "SQUARE_SIZE", "Arrow", "SvgWrapper", "board", "piece"]

SQUARE_SIZE = 45
MARGIN = 20

DEFAULT_COLORS = {
    "square light": "#ffce9e",
    "square dark": "#d18b47",
    "square dark lastmove": "#aaa23b",
    "square light lastmove": "#cdd16a",
    "margin": "#212121",
    "inner border": "#111",
    "outer border": "#111",
    "coord": "#e5e5e5",
    "arrow green": "#15781B80",
    "arrow red": "#88202080",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
}

_PGN_COLORS = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}


class Arrow:
    """An arrow from `tail` to `head` (a circle when they are the same square), as
    python-chess's `chess.svg.Arrow`; `color` is `green`, `red`, `yellow`, `blue` (the
    `arrow ...` colours) or any SVG colour."""

    tail: int
    head: int
    color: str

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as `[%cal ...]` and `[%csl ...]` comments write it: `Ga1`, `Ya2h2`.
        Colours other than red, yellow and blue are written as green."""
        letter = {"red": "R", "yellow": "Y", "blue": "B"}.get(self.color, "G")
        if self.tail == self.head:
            return f"{letter}{SQUARE_NAMES[self.tail]}"
        return f"{letter}{SQUARE_NAMES[self.tail]}{SQUARE_NAMES[self.head]}"

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        tail = SQUARE_NAMES[self.tail].upper()
        head = SQUARE_NAMES[self.head].upper()
        return f"Arrow({tail}, {head}, color={self.color!r})"

    @classmethod
    def from_pgn(cls, pgn: str) -> Arrow:
        """Reads `Ga1` or `Ya2h2` (the colour letter may be left out: green).

        :raises: `ValueError` if the text is not such an arrow."""
        color = "green"
        if pgn[:1] in _PGN_COLORS:
            color = _PGN_COLORS[pgn[0]]
            pgn = pgn[1:]
        tail = parse_square(pgn[:2])
        head = parse_square(pgn[2:]) if len(pgn) > 2 else tail
        return cls(tail, head, color=color)


class SvgWrapper(str):
    """A picture's text that Jupyter shows as the picture."""

    def _repr_svg_(self) -> SvgWrapper:
        return self

    def _repr_html_(self) -> SvgWrapper:
        return self


def piece(piece: Any, size: int | None = None) -> str:
    """A piece (a `Piece`, bitmove's or python-chess's) as a picture of one square."""
    return SvgWrapper(_svg_piece(piece.symbol(), size))


def board(
    board: Any = None,
    *,
    orientation: bool = True,
    lastmove: Any = None,
    check: int | None = None,
    arrows: Iterable[Arrow | tuple[int, int]] = (),
    fill: Mapping[int, str] = {},
    squares: Any = None,
    size: int | None = None,
    coordinates: bool = True,
    colors: Mapping[str, str] = {},
    flipped: bool = False,
    borders: bool = False,
    style: str | None = None,
) -> str:
    """A board as an SVG picture, with python-chess's options (`chess.svg.board`).

    `board`: any board with `board_fen()` (bitmove's or python-chess's), or None for no
    pieces; `orientation`: the side at the bottom (`flipped=True`, the old form, turns it);
    `lastmove`: a move whose squares are highlighted; `check`: a square marked red;
    `arrows`: `Arrow`s or `(tail, head)` pairs, a circle when both are one square; `fill`:
    square to colour; `squares`: squares marked with an X; `size`: width and height in
    pixels; `coordinates`: the margin with the names of files and ranks; `colors`: colours by
    python-chess's keys (`DEFAULT_COLORS`), `#rrggbbaa` with an opacity; `borders`: a line
    around the board and the margin; `style`: a CSS style sheet put into the picture.
    """
    orientation = bool(orientation) ^ bool(flipped)
    board_fen = None if board is None else board.board_fen()
    move = (lastmove.from_square, lastmove.to_square) if lastmove else None
    drawn = []
    for arrow in arrows:
        if hasattr(arrow, "tail"):
            drawn.append((arrow.tail, arrow.head, arrow.color))
        else:
            tail, head = arrow
            drawn.append((tail, head, "green"))
    mask = int(SquareSet(squares)) if squares else 0
    return SvgWrapper(
        _svg_board(
            board_fen,
            orientation,
            move,
            check,
            drawn,
            list(fill.items()),
            mask,
            size,
            bool(coordinates),
            list(colors.items()),
            bool(borders),
            style or None,
        )
    )


def _repr_board(b: Any) -> str:
    """`Board._repr_svg_` as python-chess draws it: the last move and a check marked."""
    return board(
        b,
        size=390,
        lastmove=b.peek() if b.move_stack else None,
        check=b.king(b.turn) if b.is_check() else None,
    )
