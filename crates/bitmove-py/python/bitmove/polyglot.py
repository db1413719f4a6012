"""`bitmove.polyglot`: Polyglot opening books with python-chess's `chess.polyglot` names.

The book is memory-mapped and searched in Rust (`bitmove::book`); this module keeps
python-chess's shapes: `open_reader`, `MemoryMappedReader` (a context manager and a sequence
of `Entry`), `find_all` in the book's order, `find`, `get`, `choice` and `weighted_choice`
calling the `random` object exactly as python-chess does (so a seeded `random.Random` draws
the same entries), `zobrist_hash` and `POLYGLOT_RANDOM_ARRAY`.
"""

from __future__ import annotations

import os
import random as _random
from collections.abc import Container, Iterator
from functools import partial
from types import TracebackType
from typing import TYPE_CHECKING, NamedTuple

from bitmove._bitmove import _POLYGLOT_RANDOM_ARRAY, Move
from bitmove._bitmove import _PolyglotBook as PolyglotBook
from bitmove._board import Board

POLYGLOT_RANDOM_ARRAY: list[int] = list(_POLYGLOT_RANDOM_ARRAY)
"""The 781 Polyglot random numbers (piece-square, castling, en-passant file, turn)."""

if TYPE_CHECKING:
    from typing import Self

__all__ = [
    "POLYGLOT_RANDOM_ARRAY",
    "Entry",
    "MemoryMappedReader",
    "open_reader",
    "zobrist_hash",
]

_U64 = 1 << 64


def zobrist_hash(board: Board) -> int:
    """The Polyglot Zobrist key of `board`'s position (as `Board.zobrist_hash()`): the
    en-passant file counts when a pawn could capture, legally or not, as the Polyglot
    standard and python-chess have it."""
    return board.zobrist_hash()


class Entry(NamedTuple):
    """An entry from a Polyglot opening book."""

    key: int
    """The Zobrist hash of the position."""

    raw_move: int
    """The move's 16 bits as stored; use `move`."""

    weight: int
    """The entry's weight."""

    learn: int
    """The learn value."""

    move: Move
    """The move (as the board writes it when found for a board; castling `e1g1`)."""


_make = tuple.__new__
_entry = partial(tuple.__new__, Entry)


class MemoryMappedReader:
    """A Polyglot opening book mapped into memory."""

    def __init__(self, filename: str | bytes | os.PathLike) -> None:
        self._book = PolyglotBook(os.fsdecode(filename))

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        size = len(self._book)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        return _make(Entry, self._book.entry(index))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is not below `key`."""
        if key < 0:
            return 0
        if key >= _U64:
            return len(self)
        return self._book.bisect_key_left(key)

    def __contains__(self, entry: Entry) -> bool:
        return any(
            current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight)
        )

    def _entries(self, board: Board | int, minimum_weight: int) -> list:
        if isinstance(board, Board):
            return self._book.find_board(board, minimum_weight)
        key = int(board)
        if not 0 <= key < _U64:
            return []
        return self._book.find_key(key, minimum_weight)

    def find_all(
        self,
        board: Board | int,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]:
        """The entries for a board (legal moves only) or a key, in the book's order."""
        entries = map(_entry, self._entries(board, minimum_weight))
        if exclude_moves:
            return (entry for entry in entries if entry.move not in exclude_moves)
        return entries

    def find(
        self,
        board: Board | int,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry:
        """The first of the heaviest entries; `IndexError` when there is none."""
        best = None
        for found in self._entries(board, minimum_weight):
            if best is not None and found[2] <= best[2]:
                continue
            if exclude_moves and found[4] in exclude_moves:
                continue
            best = found
        if best is None:
            raise IndexError()
        return _make(Entry, best)

    def get(
        self,
        board: Board | int,
        default: Entry | None = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry | None:
        """`find`, or `default` when there is no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Board | int,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: _random.Random | None = None,
    ) -> Entry:
        """An entry chosen uniformly; `IndexError` when there is none."""
        randint = _random.randint if random is None else random.randint
        chosen = None
        for i, entry in enumerate(
            self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        ):
            if chosen is None or randint(0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError()
        return chosen

    def weighted_choice(
        self,
        board: Board | int,
        *,
        exclude_moves: Container[Move] = (),
        random: _random.Random | None = None,
    ) -> Entry:
        """An entry chosen with chances in proportion to the weights; `IndexError` when
        there is none."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError()
        randint = _random.randint if random is None else random.randint
        pick = randint(0, total - 1)
        current = 0
        for entry in entries:
            current += entry.weight
            if current > pick:
                return entry
        raise IndexError()  # unreachable: the weights add up to total

    def close(self) -> None:
        """Unmaps the book."""
        self._book.close()


def open_reader(path: str | bytes | os.PathLike) -> MemoryMappedReader:
    """A reader of the Polyglot book at `path` (python-chess's `open_reader`)."""
    return MemoryMappedReader(path)
