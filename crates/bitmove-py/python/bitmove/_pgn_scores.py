"""Evaluation scores as ``node.eval()`` gives them: python-chess's ``chess.engine`` score
classes (``Cp``, ``Mate``, ``MateGiven``, ``PovScore``). Import them from ``bitmove.pgn``."""

from __future__ import annotations

# ------------------------------------------------------------------------------------
# Scores: python-chess's chess.engine.Cp, Mate and PovScore, for node.eval()


class Score:
    """A score from one side's view: ``Cp`` (centipawns) or ``Mate`` (moves to mate)."""

    def score(self, *, mate_score: int | None = None) -> int | None:
        raise NotImplementedError

    def mate(self) -> int | None:
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def __neg__(self) -> Score:
        raise NotImplementedError

    def _key(self) -> tuple:
        # (mate, score with a mate worth 10^6): tells Mate(0) (mated) from MateGiven.
        return (self.mate(), self.score(mate_score=1_000_000))

    def __eq__(self, other: object) -> bool:
        # Also equal to python-chess's own scores (any object with its `mate` and `score`).
        mate, score = getattr(other, "mate", None), getattr(other, "score", None)
        if isinstance(other, Score) or (callable(mate) and callable(score)):
            try:
                key = (mate(), score(mate_score=1_000_000))  # type: ignore[misc]
            except TypeError:
                return NotImplemented
            return self._key() == key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())


class Cp(Score):
    """Centipawns: ``Cp(17)`` is 0.17 pawns."""

    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: int | None = None) -> int:
        return self.cp

    def mate(self) -> None:
        return None

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)


class Mate(Score):
    """Mate in ``moves`` (negative: the side is mated)."""

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: int | None = None) -> int | None:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def __neg__(self) -> Score:
        # `Mate(0)`: the side is mated; the other side has given mate.
        return MateGiven if self.moves == 0 else Mate(-self.moves)

    def __repr__(self) -> str:
        return f"Mate({str(self).lstrip('#')})"

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"


class _MateGiven(Score):
    """The side has given mate: ``-Mate(0)``, python-chess's ``MateGiven``."""

    __slots__ = ()

    def score(self, *, mate_score: int | None = None) -> int | None:
        return mate_score

    def mate(self) -> int:
        return 0

    def __neg__(self) -> Mate:
        return Mate(0)

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = _MateGiven()


class PovScore:
    """A score with the side it is relative to, python-chess's ``PovScore``."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from White's view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov(False)

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s view (True: White)."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"
