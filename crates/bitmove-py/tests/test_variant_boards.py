"""`bitmove.variant`'s boards against python-chess's `chess.variant`, call by call: seeded
random games of every variant, comparing at every ply the legal moves, FEN, SAN, checks,
the variant's endings, outcome, status, pockets and check counters, then taking every move
back."""

from __future__ import annotations

import random

import bitmove
import bitmove.variant
import chess
import chess.variant
import pytest

NAMES = [
    "SuicideBoard",
    "GiveawayBoard",
    "AntichessBoard",
    "AtomicBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "HordeBoard",
    "ThreeCheckBoard",
    "CrazyhouseBoard",
]


def same(ours, theirs) -> None:
    fen = theirs.fen()
    assert ours.fen() == fen
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(
        m.uci() for m in theirs.legal_moves
    ), fen
    assert ours.legal_moves.count() == theirs.legal_moves.count(), fen
    assert ours.is_check() == theirs.is_check(), fen
    for name in ("is_variant_end", "is_variant_win", "is_variant_loss", "is_variant_draw"):
        assert getattr(ours, name)() == getattr(theirs, name)(), (name, fen)
    assert ours.is_checkmate() == theirs.is_checkmate(), fen
    assert ours.is_stalemate() == theirs.is_stalemate(), fen
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    assert ours.result() == theirs.result(), fen
    assert int(ours.status()) == int(theirs.status()), fen
    if isinstance(theirs, chess.variant.CrazyhouseBoard):
        assert [str(p) for p in ours.pockets] == [str(p) for p in theirs.pockets]
    if isinstance(theirs, chess.variant.ThreeCheckBoard):
        assert ours.remaining_checks == list(theirs.remaining_checks)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_agree_call_by_call(name, seed):
    rng = random.Random(f"{name}{seed}")
    theirs = getattr(chess.variant, name)()
    ours = getattr(bitmove.variant, name)()
    assert ours.uci_variant == theirs.uci_variant
    assert ours.starting_fen == theirs.starting_fen
    assert ours.aliases == theirs.aliases
    plies = 0
    while not theirs.is_game_over() and plies < 200:
        same(ours, theirs)
        move = rng.choice(list(theirs.legal_moves))
        ours_move = bitmove.Move.from_uci(move.uci())
        assert ours.is_legal(ours_move)
        assert ours.san(ours_move) == theirs.san(move)
        assert ours.parse_san(theirs.san(move)).uci() == move.uci()
        assert ours.gives_check(ours_move) == theirs.gives_check(move)
        assert ours.push_san(theirs.san(move)).uci() == move.uci()
        theirs.push(move)
        plies += 1
    same(ours, theirs)
    outcome = theirs.outcome()
    if outcome is None:
        assert ours.outcome() is None
    else:
        assert ours.outcome().termination.name == outcome.termination.name
        assert ours.outcome().winner == outcome.winner
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    assert ours.root().fen() == theirs.root().fen()
    copy = ours.copy()
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen() == theirs.fen()
    assert copy.fen() != ours.fen() or plies == 0
    assert type(copy) is type(ours)


def test_find_variant_and_the_list():
    assert [v.__name__ for v in bitmove.variant.VARIANTS] == [
        v.__name__ for v in chess.variant.VARIANTS
    ]
    for board in chess.variant.VARIANTS:
        for alias in board.aliases:
            assert bitmove.variant.find_variant(alias).__name__ == board.__name__
            assert bitmove.variant.find_variant(alias.upper()).__name__ == board.__name__
    with pytest.raises(ValueError):
        bitmove.variant.find_variant("Bughouse")


def test_variant_boards_hold_any_placement():
    """As python-chess's: an empty board, a horde with a white king; `status()` says what is
    wrong. A pocket of 200 pieces is still refused (at most 32)."""
    empty = bitmove.variant.AtomicBoard(None)
    assert empty.fen() == chess.variant.AtomicBoard(None).fen()
    assert empty.status() == chess.variant.AtomicBoard(None).status()
    assert list(empty.legal_moves) == []
    fen = "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1"
    horde = bitmove.variant.HordeBoard(fen)
    assert horde.status() == chess.variant.HordeBoard(fen).status()
    assert horde.fen() == fen
    with pytest.raises(bitmove.FenError):
        bitmove.variant.CrazyhouseBoard("8/8/8/8/8/8/8/K6k[" + "Q" * 200 + "] w - - 0 1")
    board = bitmove.variant.CrazyhouseBoard()
    with pytest.raises(bitmove.IllegalMoveError):
        board.push(bitmove.Move.from_uci("N@e4"))  # empty pocket
    with pytest.raises(ValueError):
        bitmove.Board().push(bitmove.Move.from_uci("N@e4"))
    assert isinstance(board, bitmove.Board)


def test_pgn_variant_games_get_their_variant_boards():
    """bitmove.pgn replays lichess variant games by their Variant tag, as chess.pgn does:
    the same mainline, end position and board class (variations of variant games are
    skipped by bitmove's reader)."""
    import io
    from pathlib import Path

    import bitmove.pgn
    import chess.pgn

    text = (Path(__file__).parents[3] / "tests/data/pgn/variants-random-14.pgn").read_text()
    ours_handle, theirs_handle = io.StringIO(text), io.StringIO(text)
    count = 0
    while True:
        theirs = chess.pgn.read_game(theirs_handle)
        ours = bitmove.pgn.read_game(ours_handle)
        if theirs is None:
            assert ours is None
            break
        assert not ours.errors, ours.errors
        assert type(ours.board()).__name__ == type(theirs.board()).__name__
        assert [m.uci() for m in ours.mainline_moves()] == [
            m.uci() for m in theirs.mainline_moves()
        ]
        assert ours.end().board().fen() == theirs.end().board().fen()
        count += 1
    assert count == 14
