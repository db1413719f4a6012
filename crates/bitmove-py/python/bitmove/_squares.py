"""python-chess's module-level names for colours, piece types and squares, and `SquareSet`.

Squares are ints 0 (a1) ... 63 (h8), bitboards are ints with bit `square` set, piece types
ints 1 (pawn) ... 6 (king), colours bools (True = white): the same values as python-chess's,
so code written for `chess` reads the same with `import bitmove as chess`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import SupportsInt, Union

__all__ = [
    "A1",
    "A2",
    "A3",
    "A4",
    "A5",
    "A6",
    "A7",
    "A8",
    "B1",
    "B2",
    "B3",
    "B4",
    "B5",
    "B6",
    "B7",
    "B8",
    "BB_ALL",
    "BB_EMPTY",
    "BB_SQUARES",
    "BISHOP",
    "BLACK",
    "C1",
    "C2",
    "C3",
    "C4",
    "C5",
    "C6",
    "C7",
    "C8",
    "COLORS",
    "COLOR_NAMES",
    "D1",
    "D2",
    "D3",
    "D4",
    "D5",
    "D6",
    "D7",
    "D8",
    "E1",
    "E2",
    "E3",
    "E4",
    "E5",
    "E6",
    "E7",
    "E8",
    "F1",
    "F2",
    "F3",
    "F4",
    "F5",
    "F6",
    "F7",
    "F8",
    "FILE_NAMES",
    "G1",
    "G2",
    "G3",
    "G4",
    "G5",
    "G6",
    "G7",
    "G8",
    "H1",
    "H2",
    "H3",
    "H4",
    "H5",
    "H6",
    "H7",
    "H8",
    "KING",
    "KNIGHT",
    "PAWN",
    "PIECE_NAMES",
    "PIECE_SYMBOLS",
    "PIECE_TYPES",
    "QUEEN",
    "RANK_NAMES",
    "ROOK",
    "SQUARES",
    "SQUARE_NAMES",
    "STARTING_BOARD_FEN",
    "STARTING_FEN",
    "WHITE",
    "SquareSet",
    "flip_horizontal",
    "flip_vertical",
    "parse_square",
    "piece_name",
    "piece_symbol",
    "square",
    "square_distance",
    "square_file",
    "square_mirror",
    "square_name",
    "square_rank",
]  # fmt: skip

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PieceType = int
PAWN: PieceType = 1
KNIGHT: PieceType = 2
BISHOP: PieceType = 3
ROOK: PieceType = 4
QUEEN: PieceType = 5
KING: PieceType = 6
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

Square = int
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
# fmt: off
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES
# fmt: on

Bitboard = int
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << sq for sq in SQUARES]


def piece_symbol(piece_type: PieceType) -> str:
    """The lower-case letter of a piece type (`piece_symbol(KNIGHT) == "n"`)."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The name of a piece type (`piece_name(KNIGHT) == "knight"`)."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


def square(file_index: int, rank_index: int) -> Square:
    """The square on file `file_index` (0 = a) and rank `rank_index` (0 = the first)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file of `square`: 0 (a) ... 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of `square`: 0 (the first) ... 7 (the eighth)."""
    return square >> 3


def square_name(square: Square) -> str:
    """The name of `square`, e.g. `square_name(12) == "e2"`."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> Square:
    """The square called `name` (`"e4"` -> 28); `ValueError` for anything else."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"not a square name: {name!r}") from None


def square_distance(a: Square, b: Square) -> int:
    """The king-step distance between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_mirror(square: Square) -> Square:
    """The square mirrored top to bottom (e2 <-> e7)."""
    return square ^ 0x38


def flip_vertical(bb: Bitboard) -> Bitboard:
    """A bitboard mirrored top to bottom (for `Board.transform`)."""
    return int.from_bytes((bb & BB_ALL).to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """A bitboard mirrored left to right (for `Board.transform`)."""
    out = 0
    for sq in _scan(bb):
        out |= 1 << (sq ^ 7)
    return out


def _scan(mask: int) -> Iterator[Square]:
    mask &= BB_ALL
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


IntoSquareSet = Union[SupportsInt, Iterable[Square]]


def _mask(value: IntoSquareSet) -> int:
    try:
        return int(value) & BB_ALL  # type: ignore[arg-type]
    except TypeError:
        mask = 0
        for sq in value:  # type: ignore[union-attr]
            mask |= BB_SQUARES[sq]
        return mask


class SquareSet:
    """A set of squares held as a bitboard, as python-chess's `SquareSet`: iteration
    (ascending), `len`, `in`, set operators, `int()`."""

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = BB_EMPTY) -> None:
        self.mask = _mask(squares)

    def __iter__(self) -> Iterator[Square]:
        return _scan(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return iter(sorted(_scan(self.mask), reverse=True))

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and 0 <= square < 64 and bool(self.mask >> square & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)  # type: ignore[arg-type]
        except (TypeError, ValueError, IndexError):
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __and__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask & _mask(other))

    __rand__ = __and__

    def __or__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask | _mask(other))

    __ror__ = __or__

    def __xor__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask ^ _mask(other))

    __rxor__ = __xor__

    def __sub__(self, other: IntoSquareSet) -> SquareSet:
        return SquareSet(self.mask & ~_mask(other))

    def __invert__(self) -> SquareSet:
        return SquareSet(~self.mask & BB_ALL)

    def add(self, square: Square) -> None:
        self.mask |= BB_SQUARES[square]

    def discard(self, square: Square) -> None:
        self.mask &= ~BB_SQUARES[square]

    def tolist(self) -> list[bool]:
        return [bool(self.mask >> sq & 1) for sq in SQUARES]

    def mirror(self) -> SquareSet:
        return SquareSet(flip_vertical(self.mask))

    def copy(self) -> SquareSet:
        return SquareSet(self.mask)

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + f) & 1 else "." for f in range(8)))
        return "\n".join(rows)
