"""Random games replayed move by move in bitmove and compared with python-chess."""

import bitmove
import chess
import chess.polyglot
import numpy as np
import pytest
from conftest import random_game

SEEDS = range(40)


def expected_mask(board):
    mask = np.zeros((64, 64), dtype=bool)
    for move in board.legal_moves:
        mask[move.from_square, move.to_square] = True
    return mask


def expected_planes(board):
    planes = np.zeros((12, 8, 8), dtype=bool)
    for square, piece in board.piece_map().items():
        plane = (piece.piece_type - 1) + (0 if piece.color == chess.WHITE else 6)
        planes[plane, chess.square_rank(square), chess.square_file(square)] = True
    return planes


def our_outcome(outcome):
    return None if outcome is None else (repr(outcome.termination).split(".")[-1], outcome.winner)


def their_outcome(outcome):
    return None if outcome is None else (outcome.termination.name, outcome.winner)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_matches_python_chess(seed):
    boards = random_game(seed)
    ours = bitmove.Board()
    for ply, theirs in enumerate(boards):
        if ply > 0:
            move = theirs.peek()
            # Half the moves go in as SAN written by python-chess, half as UCI Move objects.
            if ply % 2:
                played = ours.push_san(boards[ply - 1].san(move))
            else:
                played = bitmove.Move.from_uci(move.uci())
                ours.push(played)
            assert played.uci() == move.uci()
        assert ours.fen() == theirs.fen(), ply
        assert sorted(ours.legal_moves_uci()) == sorted(m.uci() for m in theirs.legal_moves)
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(ours.legal_moves_uci())
        assert len(ours.legal_moves) == theirs.legal_moves.count()
        assert ours.turn == theirs.turn
        assert ours.is_check() == theirs.is_check()
        assert ours.is_checkmate() == theirs.is_checkmate()
        assert ours.is_stalemate() == theirs.is_stalemate()
        assert ours.is_insufficient_material() == theirs.is_insufficient_material()
        assert ours.is_repetition(2) == theirs.is_repetition(2), ply
        assert ours.is_repetition(3) == theirs.is_repetition(3), ply
        assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)
        assert our_outcome(ours.outcome()) == their_outcome(theirs.outcome())
        assert ours.halfmove_clock == theirs.halfmove_clock
        assert ours.fullmove_number == theirs.fullmove_number
        if ply % 4 == 0:
            sans = sorted(ours.san(m) for m in ours.legal_moves)
            assert sans == sorted(theirs.san(m) for m in theirs.legal_moves)
            assert np.array_equal(ours.legal_move_mask(), expected_mask(theirs))
            assert np.array_equal(ours.planes(), expected_planes(theirs))
            for square in range(64):
                mine, other = ours.piece_at(square), theirs.piece_at(square)
                assert (mine and mine.symbol()) == (other and other.symbol())
    # Take the whole game back.
    for ply in range(len(boards) - 1, 0, -1):
        assert ours.pop().uci() == boards[ply].peek().uci()
        assert ours.fen() == boards[ply - 1].fen()
    with pytest.raises(IndexError):
        ours.pop()


def test_the_games_reach_what_they_test():
    """The random games are varied enough that the comparisons above mean something."""
    seen = set()
    for seed in SEEDS:
        for board in random_game(seed):
            if board.is_checkmate():
                seen.add("checkmate")
            if board.is_stalemate():
                seen.add("stalemate")
            if board.is_insufficient_material():
                seen.add("insufficient")
            if board.is_repetition(3):
                seen.add("threefold")
            if board.is_check():
                seen.add("check")
            if board.ep_square is not None and board.has_legal_en_passant():
                seen.add("en passant")
            if any(board.is_castling(m) for m in board.legal_moves):
                seen.add("castling")
            if any(m.promotion for m in board.legal_moves):
                seen.add("promotion")
    assert seen >= {
        "checkmate",
        "insufficient",
        "threefold",
        "check",
        "en passant",
        "castling",
        "promotion",
    }, seen


def test_start_position_and_drawing():
    board = bitmove.Board()
    assert board.fen() == chess.STARTING_FEN
    assert str(board) == str(chess.Board())
    assert repr(board) == f"Board('{chess.STARTING_FEN}')"
    # legal_moves in python-chess's order; legal_moves_uci (bitmove's own, faster) in the
    # fast generator's: the same set.
    assert [m.uci() for m in board.legal_moves] == [m.uci() for m in chess.Board().legal_moves]
    assert sorted(board.legal_moves_uci()) == sorted(m.uci() for m in board.legal_moves)
    assert board == bitmove.Board(chess.STARTING_FEN)
    board.push_uci("e2e4")
    assert board != bitmove.Board()
    with pytest.raises(TypeError):
        hash(board)


def test_fen_writes_en_passant_only_when_legal_as_python_chess():
    # After c7c5 the white pawn on b5 is pinned by the bishop on a4... a pseudo-legal but
    # illegal en passant: python-chess writes '-', and so do we; the Polyglot key still
    # counts it (pseudo-legal), as chess.polyglot does.
    fen = "4k3/2p5/8/1P6/b7/8/8/4K3 b - - 0 1"
    theirs = chess.Board(fen)
    theirs.push_uci("c7c5")
    ours = bitmove.Board(fen)
    ours.push_uci("c7c5")
    assert ours.fen() == theirs.fen()
    assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)


def test_outcomes():
    mate = bitmove.Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        mate.push_san(san)
    outcome = mate.outcome()
    assert outcome.termination == bitmove.Termination.CHECKMATE
    assert outcome.winner is False
    assert outcome.result() == "0-1" == mate.result()
    assert mate.is_game_over()
    shuffle = bitmove.Board()
    for _ in range(2):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            shuffle.push_san(san)
    assert shuffle.outcome() is None
    assert shuffle.outcome(claim_draw=True).termination == bitmove.Termination.THREEFOLD_REPETITION
    assert shuffle.result(claim_draw=True) == "1/2-1/2"
    assert shuffle.result() == "*"
