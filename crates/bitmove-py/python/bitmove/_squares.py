"""python-chess's module-level names: colours, piece types, squares, bitboards, the attack and
ray tables, the bitboard functions, the `Status` flags, and `SquareSet`.

Squares are ints 0 (a1) ... 63 (h8), bitboards are ints with bit `square` set, piece types
ints 1 (pawn) ... 6 (king), colours bools (True = white): the same values as python-chess's,
so code written for `chess` reads the same with `import bitmove as chess`. The attack tables
(`BB_KNIGHT_ATTACKS`, `BB_RAYS`, `BB_DIAG_ATTACKS`, ...) and `between` come from the Rust
library's own tables, read once at import.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Iterator
from operator import index as _index
from typing import Literal, SupportsInt

from bitmove._bitmove import SquareSet, _native_functions, _tables

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
    "BB_A1",
    "BB_A2",
    "BB_A3",
    "BB_A4",
    "BB_A5",
    "BB_A6",
    "BB_A7",
    "BB_A8",
    "BB_ALL",
    "BB_B1",
    "BB_B2",
    "BB_B3",
    "BB_B4",
    "BB_B5",
    "BB_B6",
    "BB_B7",
    "BB_B8",
    "BB_BACKRANKS",
    "BB_C1",
    "BB_C2",
    "BB_C3",
    "BB_C4",
    "BB_C5",
    "BB_C6",
    "BB_C7",
    "BB_C8",
    "BB_CENTER",
    "BB_CORNERS",
    "BB_D1",
    "BB_D2",
    "BB_D3",
    "BB_D4",
    "BB_D5",
    "BB_D6",
    "BB_D7",
    "BB_D8",
    "BB_DARK_SQUARES",
    "BB_DIAG_ATTACKS",
    "BB_DIAG_MASKS",
    "BB_E1",
    "BB_E2",
    "BB_E3",
    "BB_E4",
    "BB_E5",
    "BB_E6",
    "BB_E7",
    "BB_E8",
    "BB_EMPTY",
    "BB_F1",
    "BB_F2",
    "BB_F3",
    "BB_F4",
    "BB_F5",
    "BB_F6",
    "BB_F7",
    "BB_F8",
    "BB_FILES",
    "BB_FILE_A",
    "BB_FILE_ATTACKS",
    "BB_FILE_B",
    "BB_FILE_C",
    "BB_FILE_D",
    "BB_FILE_E",
    "BB_FILE_F",
    "BB_FILE_G",
    "BB_FILE_H",
    "BB_FILE_MASKS",
    "BB_G1",
    "BB_G2",
    "BB_G3",
    "BB_G4",
    "BB_G5",
    "BB_G6",
    "BB_G7",
    "BB_G8",
    "BB_H1",
    "BB_H2",
    "BB_H3",
    "BB_H4",
    "BB_H5",
    "BB_H6",
    "BB_H7",
    "BB_H8",
    "BB_KING_ATTACKS",
    "BB_KNIGHT_ATTACKS",
    "BB_LIGHT_SQUARES",
    "BB_PAWN_ATTACKS",
    "BB_RANKS",
    "BB_RANK_1",
    "BB_RANK_2",
    "BB_RANK_3",
    "BB_RANK_4",
    "BB_RANK_5",
    "BB_RANK_6",
    "BB_RANK_7",
    "BB_RANK_8",
    "BB_RANK_ATTACKS",
    "BB_RANK_MASKS",
    "BB_RAYS",
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
    "FEN_CASTLING_REGEX",
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
    "SAN_REGEX",
    "SQUARES",
    "SQUARES_180",
    "SQUARE_NAMES",
    "STARTING_BOARD_FEN",
    "STARTING_FEN",
    "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_EMPTY",
    "STATUS_IMPOSSIBLE_CHECK",
    "STATUS_INVALID_EP_SQUARE",
    "STATUS_NO_BLACK_KING",
    "STATUS_NO_WHITE_KING",
    "STATUS_OPPOSITE_CHECK",
    "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_RACE_CHECK",
    "STATUS_RACE_MATERIAL",
    "STATUS_RACE_OVER",
    "STATUS_TOO_MANY_BLACK_PAWNS",
    "STATUS_TOO_MANY_BLACK_PIECES",
    "STATUS_TOO_MANY_CHECKERS",
    "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS",
    "STATUS_TOO_MANY_WHITE_PIECES",
    "STATUS_VALID",
    "UNICODE_PIECE_SYMBOLS",
    "WHITE",
    "Bitboard",
    "Color",
    "ColorName",
    "EnPassantSpec",
    "IntoSquareSet",
    "PieceType",
    "Square",
    "SquareSet",
    "Status",
    "between",
    "flip_anti_diagonal",
    "flip_diagonal",
    "flip_horizontal",
    "flip_vertical",
    "lsb",
    "msb",
    "parse_square",
    "piece_name",
    "piece_symbol",
    "popcount",
    "ray",
    "scan_forward",
    "scan_reversed",
    "shift_2_down",
    "shift_2_left",
    "shift_2_right",
    "shift_2_up",
    "shift_down",
    "shift_down_left",
    "shift_down_right",
    "shift_left",
    "shift_right",
    "shift_up",
    "shift_up_left",
    "shift_up_right",
    "square",
    "square_distance",
    "square_file",
    "square_knight_distance",
    "square_manhattan_distance",
    "square_mirror",
    "square_name",
    "square_rank",
]  # fmt: skip

EnPassantSpec = Literal["legal", "fen", "xfen"]

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS = [WHITE, BLACK]
ColorName = Literal["white", "black"]
COLOR_NAMES: list[ColorName] = ["black", "white"]

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

# White's symbols upper case, black's lower case, in python-chess's order.
UNICODE_PIECE_SYMBOLS = {
    letter: symbol
    for white, black, letter_white in zip("♖♘♗♕♔♙", "♜♞♝♛♚♟", "RNBQKP")
    for letter, symbol in ((letter_white, white), (letter_white.lower(), black))
}

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]


class Status(enum.IntFlag):
    """The flags `Board.status()` combines, python-chess's: each names one reason a position
    is not a valid chess position (`VALID`, 0, when there is none)."""

    VALID = 0
    NO_WHITE_KING = 1
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK

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
    """The king-step (Chebyshev) distance between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """The number of rook steps of one square (files plus ranks) between two squares."""
    return abs(square_file(a) - square_file(b)) + abs(square_rank(a) - square_rank(b))


def square_knight_distance(a: Square, b: Square) -> int:
    """The fewest knight moves from `a` to `b` on an empty board (0 for `a == b`)."""
    return _KNIGHT_DISTANCE[a][b]


def square_mirror(square: Square) -> Square:
    """The square mirrored top to bottom (e2 <-> e7)."""
    return square ^ 0x38


SQUARES_180 = [square_mirror(sq) for sq in SQUARES]

Bitboard = int
BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << sq for sq in SQUARES]
# fmt: off
(BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
 BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
 BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
 BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
 BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
 BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
 BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
 BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8) = BB_SQUARES
# fmt: on

BB_FILES = [sum(BB_SQUARES[square(f, r)] for r in range(8)) for f in range(8)]
BB_RANKS = [0xFF << (8 * r) for r in range(8)]
(BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H) = BB_FILES
(BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8) = BB_RANKS
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8
BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5
# a1 is dark: a square is light when its file and rank indices differ in parity.
BB_LIGHT_SQUARES: Bitboard = sum(BB_SQUARES[sq] for sq in SQUARES if (sq + (sq >> 3)) & 1)
BB_DARK_SQUARES: Bitboard = BB_ALL ^ BB_LIGHT_SQUARES

_TABLES = _tables()
BB_KNIGHT_ATTACKS: list[Bitboard] = _TABLES["KNIGHT_ATTACKS"]
BB_KING_ATTACKS: list[Bitboard] = _TABLES["KING_ATTACKS"]
# Indexed [color][square], as python-chess: [BLACK] (index 0) attacks downwards.
BB_PAWN_ATTACKS: list[list[Bitboard]] = _TABLES["PAWN_ATTACKS"]
# Per square, the blockers that matter to a slider there (the board's far edges left out),
# and every subset of them mapped to the squares attacked: python-chess's lookup tables.
BB_DIAG_MASKS: list[Bitboard] = _TABLES["DIAG_MASKS"]
BB_DIAG_ATTACKS: list[dict[Bitboard, Bitboard]] = _TABLES["DIAG_ATTACKS"]
BB_FILE_MASKS: list[Bitboard] = _TABLES["FILE_MASKS"]
BB_FILE_ATTACKS: list[dict[Bitboard, Bitboard]] = _TABLES["FILE_ATTACKS"]
BB_RANK_MASKS: list[Bitboard] = _TABLES["RANK_MASKS"]
BB_RANK_ATTACKS: list[dict[Bitboard, Bitboard]] = _TABLES["RANK_ATTACKS"]
# [a][b]: the whole rank, file or diagonal through two aligned squares, both included.
BB_RAYS: list[list[Bitboard]] = _TABLES["RAYS"]
_BB_BETWEEN: list[list[Bitboard]] = _TABLES["BETWEEN"]
del _TABLES


def ray(a: Square, b: Square) -> Bitboard:
    """The whole rank, file or diagonal through `a` and `b` (edge to edge); 0 when they are
    not aligned or the same square."""
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between `a` and `b` on their rank, file or diagonal; 0 when they
    are not aligned. A square outside 0..63 raises (`ValueError` or `IndexError`)."""
    if a < 0 or b < 0:
        raise ValueError(f"not a square: {min(a, b)}")
    return _BB_BETWEEN[a][b]


SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")


def lsb(bb: Bitboard) -> int:
    """The lowest square of `bb` (-1 for an empty board)."""
    bb = _index(bb)
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of `bb` (-1 for an empty board)."""
    return _index(bb).bit_length() - 1


popcount: Callable[[Bitboard], int] = int.bit_count


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of `bb` (taken as 64 bits), lowest first."""
    mask = _index(bb) & BB_ALL
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of `bb` (taken as 64 bits), highest first."""
    mask = _index(bb) & BB_ALL
    while mask:
        sq = mask.bit_length() - 1
        yield sq
        mask ^= 1 << sq


# Each byte with its bits in the opposite order (a rank mirrored left to right).
_REVERSED_BYTES = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _flipped(bb: Bitboard, flip: Callable[[int], int]) -> Bitboard:
    """`flip` of `bb` taken as 64 bits; a `SquareSet` in gives a `SquareSet` out."""
    result = flip(_index(bb) & BB_ALL)
    return SquareSet(result) if isinstance(bb, SquareSet) else result  # type: ignore[return-value]


def _mirror_ranks(mask: int) -> int:
    return int.from_bytes(mask.to_bytes(8, "little"), "big")


def _mirror_files(mask: int) -> int:
    return int.from_bytes(mask.to_bytes(8, "little").translate(_REVERSED_BYTES), "little")


def flip_vertical(bb: Bitboard) -> Bitboard:
    """`bb` mirrored top to bottom (rank 1 <-> rank 8)."""
    return _flipped(bb, _mirror_ranks)


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """`bb` mirrored left to right (a-file <-> h-file)."""
    return _flipped(bb, _mirror_files)


# The diagonal flips by three delta swaps each (blocks of 4x4, 2x2, then single squares
# exchanged across the diagonal), as plain operators: an int goes in and comes out (any int,
# as python-chess's), as does a SquareSet (through its operators).
def flip_diagonal(bb: Bitboard) -> Bitboard:
    """`bb` mirrored at the a1-h8 diagonal (a square's file and rank swap)."""
    t = (bb ^ (bb << 28)) & 0x0F0F0F0F00000000
    bb = bb ^ t ^ (t >> 28)
    t = (bb ^ (bb << 14)) & 0x3333000033330000
    bb = bb ^ t ^ (t >> 14)
    t = (bb ^ (bb << 7)) & 0x5500550055005500
    return bb ^ t ^ (t >> 7)


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """`bb` mirrored at the a8-h1 diagonal."""
    t = bb ^ (bb << 36)
    bb = bb ^ ((t ^ (bb >> 36)) & 0xF0F0F0F00F0F0F0F)
    t = (bb ^ (bb << 18)) & 0xCCCC0000CCCC0000
    bb = bb ^ t ^ (t >> 18)
    t = (bb ^ (bb << 9)) & 0xAA00AA00AA00AA00
    return bb ^ t ^ (t >> 9)


# The shifts, as python-chess has them: squares pushed over an edge fall off; an int goes in
# and comes out, as does a SquareSet (through its operators).
_NOT_FILE_A = ~BB_FILE_A
_NOT_FILE_H = ~BB_FILE_H
_NOT_FILES_AB = ~(BB_FILE_A | BB_FILE_B)
_NOT_FILES_GH = ~(BB_FILE_G | BB_FILE_H)


def shift_down(b: Bitboard) -> Bitboard:
    """Every square one rank down."""
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    """Every square two ranks down."""
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    """Every square one rank up."""
    return b << 8 & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    """Every square two ranks up."""
    return b << 16 & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    """Every square one file right (towards h)."""
    return b << 1 & BB_ALL & _NOT_FILE_A


def shift_2_right(b: Bitboard) -> Bitboard:
    """Every square two files right."""
    return b << 2 & BB_ALL & _NOT_FILES_AB


def shift_left(b: Bitboard) -> Bitboard:
    """Every square one file left (towards a)."""
    return b >> 1 & _NOT_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    """Every square two files left."""
    return b >> 2 & _NOT_FILES_GH


def shift_up_left(b: Bitboard) -> Bitboard:
    """Every square one rank up and one file left."""
    return b << 7 & BB_ALL & _NOT_FILE_H


def shift_up_right(b: Bitboard) -> Bitboard:
    """Every square one rank up and one file right."""
    return b << 9 & BB_ALL & _NOT_FILE_A


def shift_down_left(b: Bitboard) -> Bitboard:
    """Every square one rank down and one file left."""
    return b >> 9 & _NOT_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    """Every square one rank down and one file right."""
    return b >> 7 & _NOT_FILE_A


def _knight_distances() -> list[list[int]]:
    """[a][b]: the fewest knight moves between two squares, by a breadth-first walk."""
    table = []
    for start in SQUARES:
        row = [0] * 64
        seen = frontier = BB_SQUARES[start]
        steps = 0
        while frontier:
            reach = 0
            for sq in scan_forward(frontier):
                row[sq] = steps
                reach |= BB_KNIGHT_ATTACKS[sq]
            frontier = reach & ~seen
            seen |= frontier
            steps += 1
        table.append(row)
    return table


_KNIGHT_DISTANCE = _knight_distances()

IntoSquareSet = SupportsInt | Iterable[Square]


# `SquareSet` is native (`bitmove._bitmove.SquareSet`, imported above): a set's answers and
# its algebra cost no Python frame.


# The one-line functions above again as builtin functions (src/oneline.rs), which CPython
# calls without a Python frame: exact ints answered natively, anything else by the Python
# versions above, so the answers and errors are theirs.
_NATIVE = _native_functions(globals())
_PYTHON_VERSIONS = {name: globals()[name] for name in _NATIVE}  # kept for the tests
globals().update(_NATIVE)
del _NATIVE
