"""python-chess's `chess.variant` on bitmove: the lichess variants as `Board` subclasses.

Each class is a `bitmove.Board` playing its variant by the rules of the Rust library's
`bitmove::variant` (the same rules the command line and the npm package play):

>>> import bitmove.variant
>>> board = bitmove.variant.AtomicBoard()
>>> board.push_san("e4")
Move.from_uci('e2e4')
>>> bitmove.variant.find_variant("Three-check").uci_variant
'3check'

A variant board holds any placement, as python-chess's does (`AtomicBoard(None)` is an empty
board, `set_piece_at` anything, forty queens); `status()` and `is_valid()` judge it by the
variant's rules (python-chess's `STATUS_*` flags, `STATUS_RACE_*` for racing kings), and
the variant's rules play every valid position and the invalid ones they can (too many
pieces, racing kings' checks and finished races).

Differences from python-chess: a position the variant's rules cannot play (a side without
the one king its variant looks for, pawns on the back ranks, the side not to move in check
where checks count, more than two checkers, pawns in racing kings, more moves than a move
list holds) has no legal moves, and no variant ending, where python-chess still generates
pseudo-legal play; `push` refuses illegal moves; pockets hold at most 32 pieces in a FEN
and three-check counters are 0 to 3; assigning to `pockets[color]` does not change the
board (`add` and `remove` on it do); repetitions are not counted in variant games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from bitmove import _bitmove
from bitmove._board import Board
from bitmove._squares import PIECE_SYMBOLS, STARTING_FEN

__all__ = [
    "VARIANTS",
    "AntichessBoard",
    "AtomicBoard",
    "CrazyhouseBoard",
    "CrazyhousePocket",
    "GiveawayBoard",
    "HordeBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "SuicideBoard",
    "ThreeCheckBoard",
    "find_variant",
]

_DEFAULT: Any = object()


class _VariantBoard(Board):
    """The constructor every variant board shares: `XBoard(fen=starting_fen, chess960=False)`."""

    starting_fen = STARTING_FEN

    def __new__(cls, fen: str | None = _DEFAULT, chess960: bool = False) -> Any:
        board = Board.__new__(cls, None, chess960=chess960)
        board._set_variant(cls.uci_variant, cls.starting_fen if fen is _DEFAULT else fen, chess960)
        return board

    def __init__(self, fen: str | None = _DEFAULT, chess960: bool = False) -> None:
        """The position was set by `__new__`."""

    def reset(self) -> None:
        self.set_fen(type(self).starting_fen)


class SuicideBoard(_VariantBoard):
    """Suicide chess: captures are compulsory, the king is an ordinary piece; on stalemate
    the side with fewer pieces wins."""

    aliases: ClassVar[list[str]] = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    tbw_suffix = ".stbw"
    tbz_suffix = ".stbz"
    tbw_magic = b"\x7b\xf6\x93\x15"
    tbz_magic = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix = ".gtbw"
    pawnless_tbz_suffix = ".gtbz"
    pawnless_tbw_magic = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True


class GiveawayBoard(SuicideBoard):
    """Giveaway: suicide chess where a stalemated player wins."""

    aliases: ClassVar[list[str]] = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"
    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"


class AntichessBoard(GiveawayBoard):
    """Lichess's antichess: giveaway without castling."""

    aliases: ClassVar[list[str]] = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


class AtomicBoard(_VariantBoard):
    """Atomic chess: captures explode the pieces around the target square."""

    aliases: ClassVar[list[str]] = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    connected_kings = True
    one_king = True


class KingOfTheHillBoard(_VariantBoard):
    """King of the Hill: a king on a central square wins."""

    aliases: ClassVar[list[str]] = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class RacingKingsBoard(_VariantBoard):
    """Racing Kings: the first king on the eighth rank wins; no checks."""

    aliases: ClassVar[list[str]] = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class HordeBoard(_VariantBoard):
    """Horde: White's 36 pawns against Black's army."""

    aliases: ClassVar[list[str]] = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class ThreeCheckBoard(_VariantBoard):
    """Three-check: the third check wins."""

    aliases: ClassVar[list[str]] = [
        "Three-check",
        "Three check",
        "Threecheck",
        "Three check chess",
        "3-check",
        "3 check",
        "3check",
    ]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None

    @property
    def remaining_checks(self) -> list[int]:
        """The checks each side still has to give, `[black, white]` (index by colour)."""
        black, white = self._remaining_checks()
        return [black, white]


class CrazyhousePocket:
    """A crazyhouse pocket: how many pieces of each type it holds. A board's `pockets` are
    live: adding to or removing from one changes the board's pocket."""

    _board: Any = None
    _white = True

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self._pieces = [-1, 0, 0, 0, 0, 0, 0]
        for symbol in symbols:
            self.add(PIECE_SYMBOLS.index(symbol))

    def reset(self) -> None:
        for piece_type in range(1, 6):
            while self._pieces[piece_type]:
                self.remove(piece_type)

    def add(self, piece_type: int) -> None:
        if self._board is not None:
            self._board._pocket_change(self._white, piece_type)
        self._pieces[piece_type] += 1

    def remove(self, piece_type: int) -> None:
        if not self._pieces[piece_type]:
            raise ValueError(f"no {PIECE_SYMBOLS[piece_type]} in {self!r}")
        if self._board is not None:
            self._board._pocket_change(self._white, piece_type, remove=True)
        self._pieces[piece_type] -= 1

    def count(self, piece_type: int) -> int:
        return self._pieces[piece_type]

    def __str__(self) -> str:
        return "".join(PIECE_SYMBOLS[pt] * self.count(pt) for pt in range(6, 0, -1))

    def __len__(self) -> int:
        return sum(self._pieces[1:])

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def copy(self) -> CrazyhousePocket:
        """A pocket of its own, tied to no board."""
        pocket = type(self)()
        pocket._pieces = self._pieces[:]
        return pocket


class CrazyhouseBoard(_VariantBoard):
    """Crazyhouse: captured pieces change sides and may be dropped back."""

    aliases: ClassVar[list[str]] = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None

    @property
    def pockets(self) -> list[CrazyhousePocket]:
        """The pockets, `[black, white]` (index by colour), live: `add` and `remove` on them
        change the board's pockets (assigning to the list does not)."""
        out = []
        for white, counts in zip((False, True), self._pocket_counts()):
            pocket = CrazyhousePocket()
            pocket._pieces = [-1, *counts, 0]
            pocket._board = self
            pocket._white = white
            out.append(pocket)
        return out


VARIANTS: list[type[Board]] = [
    Board,
    SuicideBoard,
    GiveawayBoard,
    AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]

# As for Board (_board.py): each variant's calls of native methods specialised.
for _variant in VARIANTS[1:]:
    _bitmove._methods_in(_variant)
del _variant


def find_variant(name: str) -> type[Board]:
    """The board class of a variant by any of its names (`aliases`, any case)."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")
