"""Move vocabularies for machine learning: a fixed numbering of chess moves.

A move played becomes a class index, the legal moves a mask over the classes. Both
vocabularies number moves as UCI writes them (castling ``e1g1`` in standard chess,
king-takes-rook ``e1h1`` in Chess960); the numbering is the Rust library's
(``bitmove::vocab``), so that ``bitmove.pgn.positions`` and these tables agree.

``uci1968``
    The 1,968 moves of DeepMind's *searchless chess*, in its order: for each from-square
    ``a1``, ``b1``, ..., ``h8``, the squares a queen attacks from it on an empty board in
    square order, then those a knight attacks (1,792 moves, castling included as king
    moves); then the promotions, rank 2 to rank 1 then rank 7 to rank 8, files ``a`` to
    ``h``, for each the push, the capture to the left, the capture to the right, each to
    ``q``, ``r``, ``b``, ``n`` (176 moves).

``from_to``
    ``from_square * 64 + to_square`` (4,096 classes, ``a1a1`` ... ``h8h8``); a promotion
    has the index of its squares, whatever the piece.

>>> from bitmove.vocab import uci1968, from_to
>>> len(uci1968), uci1968[0], uci1968.index("e2e4")
(1968, 'a1b1', 317)
>>> uci1968[1967]
'h7g8n'
>>> from_to.index("e7e8q") == 52 * 64 + 60
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from bitmove import _pgn
from bitmove._bitmove import Move

MoveLike = str | Move


class Vocabulary(Sequence[str]):
    """A numbering of moves: ``vocab[i]`` is the UCI of index ``i``, ``vocab.index(move)``
    the index of a move (UCI text or a ``Move``)."""

    __slots__ = ("_index", "_ucis", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._ucis: tuple[str, ...] = tuple(_pgn.vocabulary(name))
        self._index = {uci: i for i, uci in enumerate(self._ucis)}

    def __len__(self) -> int:
        return len(self._ucis)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._ucis[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ucis)

    def __contains__(self, move: object) -> bool:
        try:
            self.index(move)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False
        return True

    def index(self, move: MoveLike, start: int = 0, stop: int | None = None) -> int:  # type: ignore[override]
        """The index of a move (UCI text or a ``Move``); ``ValueError`` when the
        vocabulary has no such move."""
        uci = move if isinstance(move, str) else move.uci()
        found = self._index.get(uci)
        if found is None:
            found = _pgn.vocabulary_index(self.name, uci)
        if found is None or not start <= found < (len(self) if stop is None else stop):
            raise ValueError(f"{uci!r} is not in the {self.name} vocabulary")
        return found

    def uci(self, index: int) -> str:
        """The UCI of an index (``IndexError`` past the end)."""
        return self._ucis[index]

    def move(self, index: int) -> Move:
        """The ``bitmove.Move`` of an index."""
        return Move.from_uci(self._ucis[index])

    def __repr__(self) -> str:
        return f"<Vocabulary {self.name}: {len(self)} moves>"


uci1968 = Vocabulary("uci1968")
"""DeepMind's 1,968 moves (searchless chess), in its order."""

from_to = Vocabulary("from_to")
"""From-square times 64 plus to-square: 4,096 classes."""

VOCABULARIES = {"uci1968": uci1968, "from_to": from_to}

__all__ = ["VOCABULARIES", "Vocabulary", "from_to", "uci1968"]
