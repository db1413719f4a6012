"""Type stubs for bitmove._pgn, the native half of bitmove.pgn and bitmove.vocab (a
submodule of the native module, registered as ``bitmove._pgn``)."""

from collections.abc import Iterator
from os import PathLike
from typing import Any, TypeAlias, final

import numpy as np
import numpy.typing as npt

from bitmove._bitmove import Move

# (0, Move | None, fen_after_null | None), (1, comment), (2, nag), (3,), (4,), (5, result)
Event: TypeAlias = tuple[Any, ...]

COLUMNS: list[str]

def read_game_events(
    handle: Any, pending: bytes | None = None, variations: bool = True
) -> (
    tuple[
        list[tuple[str, str]],
        tuple[str, bool] | None,
        list[Event],
        tuple[str, str, int, str] | None,
        bytes | None,
    ]
    | None
): ...
def read_game_tree(
    handle: Any, pending: bytes | None = None
) -> (
    tuple[list[tuple[str, str]], LazyTree, tuple[str, str, int, str] | None, bytes | None] | None
): ...
def clock(comment: str) -> float | None: ...
def eval(comment: str) -> tuple[bool, int] | None: ...
def eval_depth(comment: str) -> int | None: ...
def games(path: str | PathLike[str], *, threads: int | None = None) -> GameRecords: ...
def positions(
    path: str | PathLike[str],
    *,
    batch_size: int = 65536,
    threads: int | None = None,
    columns: list[str] | None = None,
    vocab: str = "uci1968",
) -> PositionBatches: ...
def vocabulary(name: str) -> list[str]: ...
def vocabulary_index(name: str, uci: str) -> int | None: ...

@final
class GameRecord:
    """One game of ``bitmove.pgn.games``: its data, no node objects. Each list or dict is
    built when first read, then kept."""

    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def headers(self) -> dict[str, str]: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def result(self) -> str: ...
    @property
    def clocks(self) -> list[float | None]: ...
    @property
    def evals(self) -> list[float | str | None]: ...
    @property
    def errors(self) -> list[str]: ...

@final
class LazyTree:
    """A game's move tree as ``read_game`` read it, kept in Rust until its nodes are asked
    for."""

    @property
    def comment(self) -> str: ...
    @property
    def nags(self) -> list[int]: ...
    @property
    def result(self) -> str | None: ...
    def __len__(self) -> int: ...
    def mainline_moves(self) -> list[Move]: ...
    def nodes(self) -> list[tuple[int, Move, str, str, tuple[int, ...]]]: ...
    def write(self, writer: Writer, headers: list[tuple[str, str]], comment: str) -> bool: ...

@final
class GameRecords(Iterator[GameRecord]):
    @property
    def file_bytes_read(self) -> int: ...
    def __iter__(self) -> GameRecords: ...
    def __next__(self) -> GameRecord: ...

@final
class PositionBatches(Iterator[dict[str, npt.NDArray[np.generic]]]):
    @property
    def bytes_read(self) -> int: ...
    @property
    def file_bytes_read(self) -> int: ...
    def __iter__(self) -> PositionBatches: ...
    def __next__(self) -> dict[str, npt.NDArray[np.generic]]: ...

__all__ = [
    "GameRecord",
    "GameRecords",
    "LazyTree",
    "PositionBatches",
    "clock",
    "eval",
    "games",
    "positions",
    "read_game_events",
    "read_game_tree",
    "vocabulary",
    "vocabulary_index",
]

class Writer:
    """The Rust PGN writer behind ``StringExporter`` and ``FileExporter``."""

    def __init__(
        self,
        *,
        columns: int | None = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None: ...
    def header(self, name: str, value: str) -> None: ...
    def end_headers(self) -> None: ...
    def comment(self, text: str) -> None: ...
    def nag(self, nag: int) -> None: ...
    def play(self, fullmove: int, white: bool, san: str) -> None: ...
    def begin_variation(self) -> bool: ...
    def end_variation(self) -> None: ...
    def result(self, result: str) -> None: ...
    def end_game(self) -> None: ...
    def text(self) -> str: ...
    def take_lines(self) -> str: ...
    def write_tree(
        self,
        headers: list[tuple[str, str]],
        fen: str,
        chess960: bool,
        comment: str,
        nodes: list[tuple[int, Any, str, str, set[int]]],
    ) -> bool: ...
