"""Syzygy endgame tablebase probing with python-chess's `chess.syzygy` names.

    >>> import bitmove, bitmove.syzygy
    >>> with bitmove.syzygy.open_tablebase("tests/data/syzygy") as tables:
    ...     tables.probe_dtz(bitmove.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"))
    -53

The probing is native (`bitmove.syzygy.Tablebase`, the GIL released while it runs); the table
name helpers here are plain Python. Standard chess only.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from bitmove._syzygy import MissingTableError, Tablebase

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "TBPIECES",
    "DtzTable",
    "MissingTableError",
    "Tablebase",
    "WdlTable",
    "all_dependencies",
    "calc_key",
    "dependencies",
    "dtz_before_zeroing",
    "is_tablename",
    "normalize_tablename",
    "open_tablebase",
    "tablenames",
]

TBPIECES = 7

# Letters in table names, strongest first.
PCHR = "KQRBNP"
_PIECE_LETTER = {1: "P", 2: "N", 3: "B", 4: "R", 5: "Q", 6: "K"}


def open_tablebase(
    directory: str | os.PathLike[str],
    *,
    load_wdl: bool = True,
    load_dtz: bool = True,
    max_fds: int | None = 128,
    VariantBoard: Any = None,
) -> Tablebase:
    """A `Tablebase` with the tables of `directory` (python-chess's `open_tablebase`)."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ of a position whose best move zeroes now: ±1, or ±101 for the
    fifty-move-rule cases, 0 for a draw."""
    return ((wdl > 0) - (wdl < 0)) * (1 if abs(wdl) == 2 else 101)


def _side(pieces: str) -> str:
    return "".join(sorted(pieces, key=PCHR.index))


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name as table files spell it: the side with more (then stronger) pieces first."""
    w, b = name.split("v", 1)
    w, b = _side(w), _side(b)
    strength_w = (len(w), [PCHR.index(c) for c in b])
    strength_b = (len(b), [PCHR.index(c) for c in w])
    if mirror ^ (strength_w < strength_b):
        return b + "v" + w
    return w + "v" + b


def is_tablename(
    name: str,
    *,
    one_king: bool = True,
    piece_count: int | None = TBPIECES,
    normalized: bool = True,
) -> bool:
    """Whether `name` names a table (`KQvKR`)."""
    if name.count("v") != 1 or not all(c in PCHR + "v" for c in name):
        return False
    w, b = name.split("v")
    if one_king and (w.count("K") != 1 or b.count("K") != 1):
        return False
    if not w or not b:
        return False
    if piece_count is not None and len(w) + len(b) > piece_count:
        return False
    return not normalized or normalize_tablename(name) == name


def calc_key(board: Any, *, mirror: bool = False) -> str:
    """The table name of `board`'s material, White first (not normalized)."""
    sides = []
    for color in (True, False):
        letters = ""
        for piece_type in range(6, 0, -1):
            letters += _PIECE_LETTER[piece_type] * len(board.pieces(piece_type, color))
        sides.append(letters)
    w, b = sides
    return b + "v" + w if mirror else w + "v" + b


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """Every normalized table name with up to `piece_count` pieces (kings included)."""
    letters = "QRBNP" if one_king else PCHR
    kings = 2 if one_king else 0
    least = 0 if one_king else 1
    names = set()
    for total in range(2, piece_count + 1):
        others = total - kings
        for n_w in range(least, others - least + 1):
            for w in itertools.combinations_with_replacement(letters, n_w):
                for b in itertools.combinations_with_replacement(letters, others - n_w):
                    kw = "K" if one_king else ""
                    name = normalize_tablename(kw + "".join(w) + "v" + kw + "".join(b))
                    if one_king and name == "KvK":
                        continue
                    names.add(name)
    return iter(
        sorted(names, key=lambda n: (len(n), [PCHR.index(c) if c != "v" else -1 for c in n]))
    )


def _dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    w, b = target.split("v")
    for side, other, swap in ((w, b, False), (b, w, True)):
        for i, c in enumerate(side):
            if one_king and c == "K":
                continue
            rest = side[:i] + side[i + 1 :]
            # A capture of this piece.
            name = other + "v" + rest if swap else rest + "v" + other
            if (one_king and name != "KvK") or (not one_king and rest and other):
                yield normalize_tablename(name)
            if c == "P":
                for promoted in "QRBN" if one_king else "QRBNK":
                    side2 = rest + promoted
                    name = other + "v" + side2 if swap else side2 + "v" + other
                    yield normalize_tablename(name)


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables a probe in `target` may need next: one capture or one promotion away."""
    seen = set()
    for name in _dependencies(target, one_king=one_king):
        if name != target and name not in seen:
            seen.add(name)
            yield name


def all_dependencies(targets: Any, *, one_king: bool = True) -> Iterator[str]:
    """`targets` and every table they depend on, recursively."""
    closed = set()
    open_list = list(targets)
    while open_list:
        name = normalize_tablename(open_list.pop())
        if name in closed or (one_king and name == "KvK"):
            continue
        closed.add(name)
        yield name
        open_list.extend(dependencies(name, one_king=one_king))


class WdlTable:
    """One WDL file (python-chess's `WdlTable`): `probe_wdl_table` gives its stored value,
    captures not resolved."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._tables = Tablebase()
        if not self._tables.add_file(path, load_dtz=False):
            raise ValueError(f"not a table file name: {path}")

    def init_table_wdl(self) -> None:
        """Kept for python-chess's name: the file is opened on the first probe."""

    def probe_wdl_table(self, board: Any) -> int:
        return self._tables.probe_wdl_table(board)

    def close(self) -> None:
        self._tables.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()


class DtzTable:
    """One DTZ file (python-chess's `DtzTable`): `probe_dtz_table(board, wdl)` gives
    `(plies, 1)` as stored for a position of that WDL, or `(0, -1)` when the file stores only
    the other side to move."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._tables = Tablebase()
        if not self._tables.add_file(path, load_wdl=False):
            raise ValueError(f"not a table file name: {path}")

    def init_table_dtz(self) -> None:
        """Kept for python-chess's name: the file is opened on the first probe."""

    def probe_dtz_table(self, board: Any, wdl: int) -> tuple[int, int]:
        value = self._tables.probe_dtz_table(board, wdl)
        return (0, -1) if value is None else (value, 1)

    def close(self) -> None:
        self._tables.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()
