"""Gaviota endgame tablebase probing with python-chess's `chess.gaviota` names.

    >>> import bitmove, bitmove.gaviota
    >>> with bitmove.gaviota.open_tablebase("data/gaviota") as tables:  # doctest: +SKIP
    ...     tables.probe_dtm(bitmove.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1"))
    -10

The probing is native (`bitmove::gaviota` in Rust, the GIL released while it runs) and reads
`.gtb.cp4` tables, as python-chess's pure-Python prober does. bitmove does not load libgtb:
`open_tablebase_native` raises the `OSError` python-chess raises where libgtb is missing, and
`open_tablebase` always gives the Rust prober.
"""

from __future__ import annotations

import ctypes
import logging
import os
from typing import Any

from bitmove._gaviota import MissingTableError, Tablebase

__all__ = [
    "MissingTableError",
    "NativeTablebase",
    "PythonTablebase",
    "Tablebase",
    "open_tablebase",
    "open_tablebase_native",
]

LOGGER = logging.getLogger(__name__)

# python-chess's name for the prober that needs no shared library.
PythonTablebase = Tablebase


def _no_libgtb(libgtb: str | None) -> OSError:
    name = libgtb or "libgtb.so.1.0.1"
    return OSError(f"{name}: bitmove does not load libgtb (open_tablebase probes in Rust)")


class NativeTablebase:
    """python-chess's libgtb prober: bitmove has none (use `open_tablebase`)."""

    def __init__(self, libgtb: Any) -> None:
        raise _no_libgtb(None)


def open_tablebase_native(
    directory: str | os.PathLike[str],
    *,
    libgtb: str | None = None,
    LibraryLoader: Any = ctypes.cdll,
) -> NativeTablebase:
    """python-chess's libgtb prober: always the `OSError` python-chess raises without libgtb
    (so code falling back to the pure prober, and python-chess's tests, go on as there)."""
    raise _no_libgtb(libgtb)


def open_tablebase(
    directory: str | os.PathLike[str],
    *,
    libgtb: str | None = None,
    LibraryLoader: Any = ctypes.cdll,
) -> Tablebase:
    """A `Tablebase` with the `.gtb.cp4` tables of `directory` (python-chess's
    `open_tablebase`; `libgtb` and `LibraryLoader` are accepted and unused)."""
    tables = Tablebase()
    tables.add_directory(directory)
    return tables
