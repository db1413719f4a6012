"""The plain records of ``bitmove.engine``: errors, ``Option``, ``Limit``, ``InfoDict``,
``PlayResult``, ``Info`` flags, ``Opponent``, ``UciOptionMap`` and ``BestMove``."""

from __future__ import annotations

import dataclasses
import enum
import logging
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

if TYPE_CHECKING:
    from bitmove import Move
    from bitmove._scores import PovScore, PovWdl

# Programs written for python-chess tune or silence this logger by its name.
LOGGER = logging.getLogger("chess.engine")

ConfigValue = str | int | bool | None
ConfigMapping = Mapping[str, ConfigValue]

# Options the protocol classes set themselves (lower case): `configure` refuses them.
MANAGED_OPTIONS = ["uci_chess960", "uci_variant", "multipv", "ponder"]

T = TypeVar("T")


class EngineError(RuntimeError):
    """The engine misbehaved, or the engine was used wrongly."""


class EngineTerminatedError(EngineError):
    """The engine process ended when it was not asked to."""


class AnalysisComplete(Exception):
    """More analysis information was asked for after the analysis ended and all of it had
    been read."""


@dataclasses.dataclass(frozen=True)
class Option:
    """An option the engine declares: its ``name``, ``type`` (``check``, ``spin``,
    ``combo``, ``button``, ``string``; XBoard adds ``reset``, ``save``, ``file`` and
    ``path``), ``default``, the bounds ``min``/``max`` of a spin and the choices ``var``
    of a combo."""

    name: str
    type: str
    default: ConfigValue
    min: int | None
    max: int | None
    var: list[str] | None

    def parse(self, value: ConfigValue) -> ConfigValue:
        """``value`` as this option takes it; raises ``EngineError`` if it does not fit."""
        kind = self.type
        if kind == "check":
            return value and value != "false"
        if kind == "spin":
            try:
                number = int(value)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise EngineError(
                    f"expected integer for spin option {self.name!r}, got: {value!r}"
                ) from None
            if self.min is not None and number < self.min:
                raise EngineError(
                    f"expected value for option {self.name!r} to be at least {self.min}, "
                    f"got: {number}"
                )
            if self.max is not None and number > self.max:
                raise EngineError(
                    f"expected value for option {self.name!r} to be at most {self.max}, "
                    f"got: {number}"
                )
            return number
        if kind == "combo":
            text = str(value)
            choices = self.var or []
            if text not in choices:
                listed = ", ".join(choices) if choices else "-"
                raise EngineError(
                    f"invalid value for combo option {self.name!r}, got: {text} "
                    f"(available: {listed})"
                )
            return text
        if kind in ("button", "reset", "save"):
            return None
        if kind in ("string", "file", "path"):
            text = str(value)
            if "\n" in text or "\r" in text:
                raise EngineError(f"invalid line-break in string option {self.name!r}: {text!r}")
            return text
        raise EngineError(f"unknown option type: {kind!r}")

    def is_managed(self) -> bool:
        """Whether the protocol sets this option itself (``UCI_Chess960``,
        ``UCI_Variant``, ``MultiPV``, ``Ponder``): ``configure`` refuses it."""
        return self.name.lower() in MANAGED_OPTIONS


@dataclasses.dataclass
class Limit:
    """When a search stops: after ``time`` seconds, at ``depth`` plies, after ``nodes``
    nodes, on finding a mate in ``mate`` moves, or by the clocks (``white_clock``,
    ``black_clock`` and the increments ``white_inc``, ``black_inc``, in seconds, with
    ``remaining_moves`` to the next time control). ``clock_id`` tells XBoard engines when
    the time control changed (a new ``clock_id`` sends ``level``/``st`` again)."""

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None
    mate: int | None = None
    white_clock: float | None = None
    black_clock: float | None = None
    white_inc: float | None = None
    black_inc: float | None = None
    remaining_moves: int | None = None
    clock_id: object = None

    def __repr__(self) -> str:
        # The fields that are set (clock_id is bookkeeping, not a limit).
        shown = [
            f"{field.name}={getattr(self, field.name)!r}"
            for field in dataclasses.fields(self)
            if field.name != "clock_id" and getattr(self, field.name) is not None
        ]
        return f"{type(self).__name__}({', '.join(shown)})"


class InfoDict(TypedDict, total=False):
    """What an engine reports about its search, gathered: ``score`` (a ``PovScore``),
    ``pv`` (moves), ``depth``, ``seldepth``, ``time`` (seconds), ``nodes``, ``nps``,
    ``multipv`` (1 for the best line), ``tbhits``, ``currmove``, ``currmovenumber``,
    ``hashfull``, ``cpuload``, ``refutation``, ``currline``, ``ebf``, ``wdl`` (a
    ``PovWdl``) and ``string``."""

    score: PovScore
    pv: list[Move]
    depth: int
    seldepth: int
    time: float
    nodes: int
    nps: int
    tbhits: int
    multipv: int
    currmove: Move
    currmovenumber: int
    hashfull: int
    cpuload: int
    refutation: dict[Move, list[Move]]
    currline: dict[int, list[Move]]
    ebf: float
    wdl: PovWdl
    string: str


class PlayResult:
    """What ``play`` returns: the engine's ``move`` and expected reply ``ponder`` (either
    may be ``None``), the ``info`` asked for, and whether it offered a draw
    (``draw_offered``) or resigned (``resigned``)."""

    def __init__(
        self,
        move: Move | None,
        ponder: Move | None,
        info: InfoDict | None = None,
        *,
        draw_offered: bool = False,
        resigned: bool = False,
    ) -> None:
        self.move = move
        self.ponder = ponder
        self.info: InfoDict = info or {}
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}, "
            f"info={self.info}, draw_offered={self.draw_offered}, resigned={self.resigned})>"
        )


class Info(enum.IntFlag):
    """Which search information to read (reading some of it costs time)."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


@dataclasses.dataclass
class Opponent:
    """The engine's opponent: ``name``, ``title`` (GM, IM, BOT, ...), ``rating`` and
    whether it ``is_engine``."""

    name: str | None
    title: str | None
    rating: int | None
    is_engine: bool | None


class BestMove:
    """What ``AnalysisResult.wait()`` gives: the engine's best ``move`` and expected reply
    ``ponder`` (either may be ``None``)."""

    def __init__(self, move: Move | None, ponder: Move | None) -> None:
        self.move = move
        self.ponder = ponder

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}>"


class UciOptionMap(MutableMapping[str, T]):
    """A dictionary whose keys compare without regard to case (UCI option names); it keeps
    each key as it was last written."""

    def __init__(self, data: Iterable[tuple[str, T]] | None = None, **kwargs: T) -> None:
        self._by_folded: dict[str, tuple[str, T]] = {}
        self.update({} if data is None else data, **kwargs)  # type: ignore[arg-type]

    def __setitem__(self, key: str, value: T) -> None:
        self._by_folded[key.lower()] = (key, value)

    def __getitem__(self, key: str) -> T:
        return self._by_folded[key.lower()][1]

    def __delitem__(self, key: str) -> None:
        del self._by_folded[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return iter([key for key, _ in self._by_folded.values()])

    def __len__(self) -> int:
        return len(self._by_folded)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        try:
            return all(key in other and other[key] == value for key, value in self.items()) and all(
                key in self and self[key] == value for key, value in other.items()
            )
        except TypeError:
            return NotImplemented

    def copy(self) -> UciOptionMap[T]:
        return type(self)(self._by_folded.values())

    def __copy__(self) -> UciOptionMap[T]:
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.items())!r})"


def chain_config(first: ConfigMapping, then: ConfigMapping) -> Iterator[tuple[str, Any]]:
    """``first``'s items, then ``then``'s whose keys ``first`` lacks."""
    yield from first.items()
    for name, value in then.items():
        if name not in first:
            yield name, value
