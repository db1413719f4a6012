"""Arbitrary text never crashes: it is accepted or refused with the documented error."""

import bitmove
import chess
from hypothesis import given, settings
from hypothesis import strategies as st

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MOVE_ERRORS = (bitmove.InvalidMoveError, bitmove.IllegalMoveError, bitmove.AmbiguousMoveError)

# Text near the real thing finds more paths than uniform noise: FEN pieces and move letters.
fen_like = st.lists(
    st.sampled_from(list("pnbrqkPNBRQK12345678/ wb-KQkqe3600") + ["8/", " w ", " - ", "\x00", "é"]),
    max_size=80,
).map("".join)
move_like = st.lists(
    st.sampled_from(list("abcdefgh12345678xO-+#=NBRQKqnbr0 ") + ["\x00"]), max_size=8
).map("".join)


def snapshot(board):
    return board.fen(), [m.uci() for m in board.move_stack]


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=100), fen_like))
def test_board_from_any_text(text):
    try:
        board = bitmove.Board(text)
    except bitmove.FenError:
        return
    # Accepted: a real position that round-trips and that python-chess reads the same way.
    assert bitmove.Board(board.fen()) == board
    assert sorted(board.legal_moves_uci()) == sorted(
        m.uci() for m in chess.Board(board.fen()).legal_moves
    )


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=12), move_like))
def test_push_uci_and_from_uci(text):
    board = bitmove.Board(KIWIPETE)
    before = snapshot(board)
    try:
        move = bitmove.Move.from_uci(text)
        assert bitmove.Move.from_uci(move.uci()) == move
    except bitmove.InvalidMoveError:
        pass
    try:
        board.push_uci(text)
    except MOVE_ERRORS:
        assert snapshot(board) == before
    else:
        assert len(board.move_stack) == 1


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=12), move_like))
def test_push_san(text):
    board = bitmove.Board(KIWIPETE)
    before = snapshot(board)
    try:
        move = board.push_san(text)
    except MOVE_ERRORS:
        assert snapshot(board) == before
    else:
        # Accepted: a legal move (or the null move, `--`, as python-chess), played, and
        # python-chess reads the text as the same move.
        theirs = chess.Board(KIWIPETE).parse_san(text)
        assert move.uci() == theirs.uci()
        assert move.uci() in {m.uci() for m in chess.Board(KIWIPETE).legal_moves} | {"0000"}
        assert [m.uci() for m in board.move_stack] == [move.uci()]
