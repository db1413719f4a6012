"""Evaluation scores: python-chess's ``chess.engine`` score classes (``Score``, ``Cp``,
``Mate``, ``MateGiven``, ``PovScore``, ``Wdl``, ``PovWdl``), with its win/draw/loss models.

One home: ``bitmove.engine`` (the engine's ``info["score"]``) and ``bitmove.pgn``
(``node.eval()``) give these same classes.

>>> Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1) < MateGiven
True
>>> -Mate(0)
MateGiven
>>> Cp(100).wdl(model="sf16", ply=40).expectation() > 0.5
True
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from typing import Literal, overload

WdlModel = Literal["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]

# A mate counted in centipawns, far beyond any centipawn score: orders scores and compares
# them with python-chess's own (any object with `mate()` and `score(mate_score=)`).
_MATE_WORTH = 1 << 40


def _rank(score: object) -> tuple[int, int]:
    """The total order of scores: (bucket, value). Getting mated (sooner is worse) < any
    centipawn score (by value) < giving mate (sooner is better, ``MateGiven`` best)."""
    moves = score.mate()  # type: ignore[attr-defined]
    if moves is None:
        return (1, score.score())  # type: ignore[attr-defined]
    worth = score.score(mate_score=_MATE_WORTH)  # type: ignore[attr-defined]
    return (2, worth) if worth > 0 else (0, worth)


def _foreign_rank(other: object) -> tuple[int, int] | None:
    """``other``'s rank if it looks like a score (python-chess's classes included)."""
    if isinstance(other, Score):
        return _rank(other)
    if callable(getattr(other, "mate", None)) and callable(getattr(other, "score", None)):
        try:
            return _rank(other)
        except (TypeError, AttributeError):
            return None
    return None


class Score:
    """A score from one side's point of view: ``Cp`` (centipawns), ``Mate`` (moves to mate,
    negative when that side is getting mated) or ``MateGiven``. Scores are totally ordered
    and negate to the other side's view."""

    __slots__ = ()

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: int | None = None) -> int | None: ...
    def score(self, *, mate_score: int | None = None) -> int | None:
        """Centipawns, or ``None`` for a mate unless ``mate_score`` prices one (a mate in
        ``n`` is worth ``mate_score - n``)."""
        raise NotImplementedError

    def mate(self) -> int | None:
        """Moves to mate (negative: getting mated), ``None`` for a centipawn score. Both
        ``Mate(0)`` and ``MateGiven`` give 0."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        """Expected win/draw/loss per mille if this score is reached at half-move ``ply``,
        by a model: ``"sf"`` (the latest Stockfish's, today ``"sf16.1"``), ``"sf16"``,
        ``"sf15.1"``, ``"sf15"``, ``"sf14"``, ``"sf12"``, or ``"lichess"`` (its win
        percentage: no draws, ``ply`` unused)."""
        raise NotImplementedError

    def __neg__(self) -> Score:
        raise NotImplementedError

    def __pos__(self) -> Score:
        raise NotImplementedError

    def __abs__(self) -> Score:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        theirs = _foreign_rank(other)
        return NotImplemented if theirs is None else _rank(self) == theirs

    def __ne__(self, other: object) -> bool:
        theirs = _foreign_rank(other)
        return NotImplemented if theirs is None else _rank(self) != theirs

    def __lt__(self, other: object) -> bool:
        theirs = _foreign_rank(other)
        return NotImplemented if theirs is None else _rank(self) < theirs

    def __le__(self, other: object) -> bool:
        theirs = _foreign_rank(other)
        return NotImplemented if theirs is None else _rank(self) <= theirs

    def __gt__(self, other: object) -> bool:
        theirs = _foreign_rank(other)
        return NotImplemented if theirs is None else _rank(self) > theirs

    def __ge__(self, other: object) -> bool:
        theirs = _foreign_rank(other)
        return NotImplemented if theirs is None else _rank(self) >= theirs

    def __hash__(self) -> int:
        return hash(_rank(self))


# ------------------------------------------------------------------------------------
# Win/draw/loss models. Stockfish's (src/uci.cpp of each release) is a logistic curve in
# the evaluation whose centre `a` and width `b` are cubic polynomials in a material/ply
# term `m`; these are its published coefficients (highest power first).


@dataclasses.dataclass(frozen=True)
class _StockfishModel:
    centre: tuple[float, float, float, float]
    width: tuple[float, float, float, float]
    pawn_value: int | None  # internal units per pawn (None: centipawns as they are)
    clamp: int  # |evaluation| cap, in the model's units
    by_move: bool  # m from the move number (16.1) rather than the ply

    def win_permille(self, cp: int, ply: int) -> int:
        if self.by_move:
            m = min(120.0, max(8.0, ply / 2 + 1)) / 32
        else:
            m = min(240, max(ply, 0)) / 64
        a = _cubic(self.centre, m)
        b = _cubic(self.width, m)
        x = cp if self.pawn_value is None else cp * self.pawn_value / 100
        x = min(self.clamp, max(x, -self.clamp))
        return int(0.5 + 1000 / (1 + math.exp((a - x) / b)))


def _cubic(coefficients: tuple[float, float, float, float], m: float) -> float:
    c3, c2, c1, c0 = coefficients
    return ((c3 * m + c2) * m + c1) * m + c0


_STOCKFISH_MODELS = {
    "sf16.1": _StockfishModel(
        (-1.06249702, 7.42016937, 0.89425629, 348.60356174),
        (-5.33122190, 39.57831533, -90.84473771, 123.40620748),
        356,
        4000,
        True,
    ),
    "sf16": _StockfishModel(
        (0.38036525, -2.82015070, 23.17882135, 307.36768407),
        (-2.29434733, 13.27689788, -14.26828904, 63.45318330),
        328,
        4000,
        False,
    ),
    "sf15.1": _StockfishModel(
        (-0.58270499, 2.68512549, 15.24638015, 344.49745382),
        (-2.65734562, 15.96509799, -20.69040836, 73.61029937),
        361,
        4000,
        False,
    ),
    "sf15": _StockfishModel(
        (-1.17202460e-1, 5.94729104e-1, 1.12065546e1, 1.22606222e2),
        (-1.79066759, 11.30759193, -17.43677612, 36.47147479),
        None,
        2000,
        False,
    ),
    "sf14": _StockfishModel(
        (-3.68389304, 30.07065921, -60.52878723, 149.53378557),
        (-2.01818570, 15.85685038, -29.83452023, 47.59078827),
        None,
        2000,
        False,
    ),
    "sf12": _StockfishModel(
        (-8.24404295, 64.23892342, -95.73056462, 153.86478679),
        (-3.37154371, 28.44489198, -56.67657741, 72.05858751),
        None,
        1000,
        False,
    ),
}
_LATEST_STOCKFISH = _STOCKFISH_MODELS["sf16.1"]


def _lichess_win_permille(cp: int) -> int:
    # lichess's WinPercent: a logistic curve with slope 0.00368208 per centipawn.
    return round(1000 / (1 + math.exp(-0.00368208 * cp)))


class Cp(Score):
    """Centipawns: ``Cp(17)`` is 0.17 pawns."""

    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: int | None = None) -> int:
        return self.cp

    def mate(self) -> None:
        return None

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        if model == "lichess":
            wins = _lichess_win_permille(max(-1000, min(self.cp, 1000)))
            return Wdl(wins, 0, 1000 - wins)
        curve = _STOCKFISH_MODELS.get(model, _LATEST_STOCKFISH)
        wins = curve.win_permille(self.cp, ply)
        losses = curve.win_permille(-self.cp, ply)
        return Wdl(wins, 1000 - wins - losses, losses)

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __pos__(self) -> Cp:
        return Cp(self.cp)

    def __abs__(self) -> Cp:
        return Cp(abs(self.cp))

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)


class Mate(Score):
    """Mate in ``moves`` (negative, or ``-0``: the side is getting mated)."""

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: int | None = None) -> int | None: ...
    def score(self, *, mate_score: int | None = None) -> int | None:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        if model == "lichess":
            # lichess prices a mate in n as (21 - min(n, 10)) pawns.
            wins = _lichess_win_permille((21 - min(10, abs(self.moves))) * 100)
            if self.moves > 0:
                return Wdl(wins, 0, 1000 - wins)
            return Wdl(1000 - wins, 0, wins)
        return Wdl(1000, 0, 0) if self.moves > 0 else Wdl(0, 0, 1000)

    def __neg__(self) -> Mate | MateGivenType:
        # `Mate(0)`: the side is mated; the other side has given mate.
        return MateGiven if self.moves == 0 else Mate(-self.moves)

    def __pos__(self) -> Mate:
        return Mate(self.moves)

    def __abs__(self) -> Mate | MateGivenType:
        return MateGiven if self.moves == 0 else Mate(abs(self.moves))

    def __repr__(self) -> str:
        return f"Mate({str(self).lstrip('#')})"

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"


class MateGivenType(Score):
    """The side has given mate: ``-Mate(0)``. Its one value is ``MateGiven``."""

    __slots__ = ()

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: int | None = None) -> int | None: ...
    def score(self, *, mate_score: int | None = None) -> int | None:
        return mate_score

    def mate(self) -> int:
        return 0

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        return Wdl(1000, 0, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __pos__(self) -> MateGivenType:
        return self

    def __abs__(self) -> MateGivenType:
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


@dataclasses.dataclass
class Wdl:
    """Win/draw/loss counts (engines and models give them per mille)."""

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        """Wins, draws and losses together (1000 for an engine's or a model's)."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The share of wins."""
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        """The share of draws."""
        return self.draws / self.total()

    def losing_chance(self) -> float:
        """The share of losses."""
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected score: a win counts 1, a draw one half."""
        return (self.wins + self.draws / 2) / self.total()

    def __bool__(self) -> bool:
        return self.total() != 0

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __reversed__(self) -> Iterator[int]:
        return iter((self.losses, self.draws, self.wins))

    def __pos__(self) -> Wdl:
        return self

    def __neg__(self) -> Wdl:
        return Wdl(self.losses, self.draws, self.wins)


class PovScore:
    """A score and the side (``True``: White) whose point of view it is."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from White's point of view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's point of view."""
        return self.pov(False)

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s point of view (True: White)."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> PovWdl:
        """The relative score's ``wdl()``, from the same point of view."""
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


class PovWdl:
    """Win/draw/loss counts and the side whose point of view they are. Also reads as the
    tuple ``(wins, draws, losses)`` of the relative counts (python-chess's older
    ``info["wdl"]``)."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Wdl, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        """The counts from White's point of view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """The counts from Black's point of view."""
        return self.pov(False)

    def pov(self, color: bool) -> Wdl:
        """The counts from ``color``'s point of view (True: White)."""
        return self.relative if self.turn == color else -self.relative

    def _triple(self) -> tuple[int, int, int]:
        return (self.relative.wins, self.relative.draws, self.relative.losses)

    def __bool__(self) -> bool:
        return bool(self.relative)

    def __iter__(self) -> Iterator[int]:
        return iter(self._triple())

    def __len__(self) -> int:
        return 3

    def __getitem__(self, index: int) -> int:
        return self._triple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        if isinstance(other, tuple):
            return self._triple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self.white()))

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


__all__ = ["Cp", "Mate", "MateGiven", "MateGivenType", "PovScore", "PovWdl", "Score", "Wdl"]
__all__ += ["WdlModel"]
