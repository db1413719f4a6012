"""Perft and divide: published values, python-chess as oracle for divide, options."""

import bitmove
import chess
import pytest

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(
    "fen, counts",
    [
        (chess.STARTING_FEN, [1, 20, 400, 8902, 197281, 4865609]),
        (KIWIPETE, [1, 48, 2039, 97862, 4085603]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [1, 14, 191, 2812, 43238, 674624]),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            [1, 6, 264, 9467, 422333],
        ),
    ],
)
def test_published_perft_values(fen, counts):
    assert [bitmove.perft(fen, depth) for depth in range(len(counts))] == counts
    assert bitmove.Board(fen).perft(len(counts) - 1) == counts[-1]


@pytest.mark.parametrize("threads, hash_mb", [(1, 0), (2, 0), (1, 4), (2, 16), (None, 1)])
def test_options_change_no_count(threads, hash_mb):
    assert bitmove.perft(KIWIPETE, 4, threads=threads, hash_mb=hash_mb) == 4085603
    split = bitmove.divide(KIWIPETE, 3, threads=threads, hash_mb=hash_mb)
    assert sum(split.values()) == 97862


def naive_perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += naive_perft(board, depth - 1)
        board.pop()
    return total


def test_divide_matches_python_chess():
    theirs = chess.Board(KIWIPETE)
    expected = {}
    for move in theirs.legal_moves:
        theirs.push(move)
        expected[move.uci()] = naive_perft(theirs, 1)
        theirs.pop()
    assert bitmove.divide(KIWIPETE, 2) == expected
    assert "e1g1" in expected  # castling keyed as UCI writes it


def test_depth_zero():
    assert bitmove.perft(KIWIPETE, 0) == 1
    assert bitmove.Board().perft(0) == 1


def stats_by_python_chess(board, depth):
    """Leaf statistics by brute force: the oracle for perft_stats."""
    totals = {"nodes": 0, "captures": 0, "en_passant": 0, "castles": 0, "promotions": 0}
    totals.update({"checks": 0, "checkmates": 0, "stalemates": 0})

    def walk(depth):
        for move in board.legal_moves:
            if depth == 1:
                totals["nodes"] += 1
                totals["captures"] += board.is_capture(move)
                totals["en_passant"] += board.is_en_passant(move)
                totals["castles"] += board.is_castling(move)
                totals["promotions"] += move.promotion is not None
                board.push(move)
                totals["checks"] += board.is_check()
                totals["checkmates"] += board.is_checkmate()
                totals["stalemates"] += board.is_stalemate()
                board.pop()
            else:
                board.push(move)
                walk(depth - 1)
                board.pop()

    walk(depth)
    return totals


@pytest.mark.parametrize(
    "fen, depth",
    [
        (KIWIPETE, 2),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2),
    ],
)
def test_perft_stats_match_python_chess(fen, depth):
    ours = bitmove.perft_stats(fen, depth, threads=2, hash_mb=1)
    expected = stats_by_python_chess(chess.Board(fen), depth)
    assert {key: ours[key] for key in expected} == expected
    assert list(ours)[:5] == ["nodes", "captures", "en_passant", "castles", "promotions"]
    assert bitmove.perft_stats(fen, depth) == ours
