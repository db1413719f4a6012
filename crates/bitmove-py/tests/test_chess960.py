"""Chess960: castling as king-takes-rook, X-FEN, O-O in SAN, against python-chess."""

import random

import bitmove
import chess
import chess.polyglot
import pytest


@pytest.mark.parametrize("number", [0, 1, 2, 100, 355, 518, 700, 959])
def test_random_chess960_games(number):
    rng = random.Random(number)
    theirs = chess.Board.from_chess960_pos(number)
    ours = bitmove.Board(theirs.fen(), chess960=True)
    assert ours.chess960
    for _ in range(120):
        assert ours.fen() == theirs.fen()
        assert sorted(ours.legal_moves_uci()) == sorted(m.uci() for m in theirs.legal_moves)
        assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)
        moves = list(theirs.legal_moves)
        if not moves:
            break
        castles = [m for m in moves if theirs.is_castling(m)]
        move = rng.choice(castles) if castles and rng.random() < 0.7 else rng.choice(moves)
        san = theirs.san(move)
        assert ours.san(bitmove.Move.from_uci(move.uci())) == san
        assert ours.push_san(san).uci() == move.uci()
        theirs.push(move)
    assert ours.to_chess().fen() == theirs.fen()
    assert bitmove.Board.from_chess(theirs) == ours
    if number == 518:  # the standard array: castling still king-takes-rook in 960 mode
        assert (
            "e1h1"
            in bitmove.Board(
                chess.STARTING_FEN.replace("RNBQKBNR", "R3K2R"), chess960=True
            ).legal_moves_uci()
        )


def test_some_games_castle():
    # The games above are only worth something if castling happens in them.
    castled = 0
    for number in [0, 1, 2, 100, 355, 518, 700, 959]:
        rng = random.Random(number)
        board = chess.Board.from_chess960_pos(number)
        for _ in range(120):
            moves = list(board.legal_moves)
            if not moves:
                break
            castles = [m for m in moves if board.is_castling(m)]
            move = rng.choice(castles) if castles and rng.random() < 0.7 else rng.choice(moves)
            castled += board.is_castling(move)
            board.push(move)
    assert castled >= 4


def test_standard_board_writes_castling_as_the_kings_step():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    standard = bitmove.Board(fen)
    assert {"e1g1", "e1c1"} <= set(standard.legal_moves_uci())
    assert standard.push_uci("e1h1").uci() == "e1g1"  # the 960 form is accepted, shown as UCI
    chess960 = bitmove.Board(fen, chess960=True)
    assert {"e1h1", "e1a1"} <= set(chess960.legal_moves_uci())
    assert chess960.san(bitmove.Move.from_uci("e1a1")) == "O-O-O"
    mask = chess960.legal_move_mask()
    assert mask[chess.E1, chess.H1] and not mask[chess.E1, chess.G1]
    assert bitmove.Board(fen).legal_move_mask()[chess.E1, chess.G1]


def test_perft_chess960():
    # Position 1 of the Chess960 perft suite (reference values from the suite).
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    assert [bitmove.perft(fen, d, chess960=True) for d in (1, 2, 3)] == [21, 528, 12189]


def test_chess960_pos_agrees_with_python_chess():
    # Every start position, near misses (a move played, a piece taken off, Black's back rank
    # not White's mirror, Black to move, castling rights gone) and positions of random games,
    # with each combination of python-chess's ignore_* flags.
    rng = random.Random(960)
    fens = []
    for number in range(960):
        board = chess.Board.from_chess960_pos(number)
        fens.append(board.fen())
        if number % 40 == 0:
            fens.append(board.fen().replace(" w ", " b "))
            fens.append(board.fen().split(" ")[0] + " w - - 0 1")
            fens.append(board.fen().split(" ")[0] + " w KQkq - 3 7")
            moved = board.copy()
            moved.push(rng.choice(list(moved.legal_moves)))
            fens.append(moved.fen())
            taken = board.copy()
            taken.remove_piece_at(rng.randrange(8))
            fens.append(taken.fen())
            other = chess.Board.from_chess960_pos((number + 1) % 960)
            ranks = board.board_fen().split("/")
            fens.append("/".join(other.board_fen().split("/")[:1] + ranks[1:]) + " w - - 0 1")
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randrange(1, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        fens.append(board.fen())
    flags = [
        {},
        {"ignore_turn": True},
        {"ignore_castling": True},
        {"ignore_counters": False},
    ]
    found = 0
    for fen in fens:
        theirs = chess.Board(fen, chess960=True)
        ours = bitmove.Board(fen, chess960=True)
        for kwargs in flags:
            expected = theirs.chess960_pos(**kwargs)
            assert ours.chess960_pos(**kwargs) == expected, (fen, kwargs)
            found += expected is not None
    assert found > 3 * 960
