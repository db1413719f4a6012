"""Batch encodings: the same as one board at a time, and a bad FEN named by its index."""

import bitmove
import chess
import numpy as np
import pytest
from conftest import random_game


def fens():
    out = []
    for seed in range(6):
        out.extend(board.fen() for board in random_game(seed, max_plies=100))
    return out


@pytest.mark.parametrize("threads", [None, 1, 2, 7])
def test_batches_equal_single_boards(threads):
    positions = fens()
    masks = bitmove.legal_move_masks(positions, threads=threads)
    planes = bitmove.planes_batch(positions, threads=threads)
    assert masks.shape == (len(positions), 64, 64) and masks.dtype == np.bool_
    assert planes.shape == (len(positions), 12, 8, 8) and planes.dtype == np.bool_
    for i, fen in enumerate(positions):
        board = bitmove.Board(fen)
        assert np.array_equal(masks[i], board.legal_move_mask())
        assert np.array_equal(planes[i], board.planes())
        assert masks[i].sum() == len(
            {(m.from_square, m.to_square) for m in chess.Board(fen).legal_moves}
        )


def test_big_batch_on_threads():
    positions = fens() * 20  # several thousand: split across threads
    masks = bitmove.legal_move_masks(positions, threads=2)
    assert np.array_equal(masks[len(positions) - 1], bitmove.Board(positions[-1]).legal_move_mask())
    assert masks.flags.writeable  # owned memory: a NumPy array the caller may change
    masks[0, 0, 0] = True


@pytest.mark.parametrize("function", [bitmove.legal_move_masks, bitmove.planes_batch])
@pytest.mark.parametrize("bad_at", [0, 1234, 2999])
def test_bad_fen_in_the_middle_is_named(function, bad_at):
    positions = [chess.STARTING_FEN] * 3000
    positions[bad_at] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - zero 1"
    positions[2999 if bad_at != 2999 else 0] = chess.STARTING_FEN
    with pytest.raises(bitmove.FenError) as info:
        function(positions, threads=2)
    assert str(info.value).startswith(f"fens[{bad_at}]: invalid FEN, halfmove clock field")
    assert info.value.index == bad_at


def test_first_of_several_bad_fens_is_named():
    positions = [chess.STARTING_FEN] * 2000
    positions[1500] = "bad"
    positions[700] = "also bad"
    with pytest.raises(bitmove.FenError) as info:
        bitmove.planes_batch(positions, threads=2)
    assert info.value.index == 700


def test_empty_batch_and_chess960():
    assert bitmove.legal_move_masks([]).shape == (0, 64, 64)
    assert bitmove.planes_batch([]).shape == (0, 12, 8, 8)
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert bitmove.legal_move_masks([fen], chess960=True)[0, chess.E1, chess.H1]
    assert bitmove.legal_move_masks([fen])[0, chess.E1, chess.G1]


def test_planes_layout():
    planes = bitmove.Board().planes()
    assert planes[0, 1].all()  # white pawns on rank 2 (index 1)
    assert planes[5, 0, 4]  # white king on e1: [rank 0, file 4]
    assert planes[11, 7, 4]  # black king on e8
    assert planes.sum() == 32


def test_absurd_thread_counts_are_capped():
    positions = [chess.STARTING_FEN] * 600
    assert bitmove.planes_batch(positions, threads=10**6).shape == (600, 12, 8, 8)
    with pytest.raises(ValueError):
        bitmove.planes_batch(positions, threads=0)
