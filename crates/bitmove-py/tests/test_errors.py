"""Each refusal raises its documented type (all ValueError) and leaves the board unchanged."""

import bitmove
import chess
import pytest

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_error_types_are_value_errors():
    for error in (
        bitmove.FenError,
        bitmove.InvalidMoveError,
        bitmove.IllegalMoveError,
        bitmove.AmbiguousMoveError,
    ):
        assert issubclass(error, ValueError)
    assert (
        len({bitmove.InvalidMoveError, bitmove.IllegalMoveError, bitmove.AmbiguousMoveError}) == 3
    )


@pytest.mark.parametrize(
    "fen, words",
    [
        ("", "found 0"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "king"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move field"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X'"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant"),
    ],
)
def test_fen_errors_name_the_problem(fen, words):
    with pytest.raises(bitmove.FenError) as info:
        bitmove.Board(fen, strict=True)
    message = str(info.value)
    assert words in message
    # The command line's message: the input quoted, the offending part marked «like this».
    if fen:
        assert "«" in message and "»" in message
    quoted = message.rsplit(" in ", 1)[1]
    assert quoted.replace("«", "").replace("»", "") == f'"{fen}"'
    with pytest.raises(bitmove.FenError):
        bitmove.perft(fen, 1)


def unchanged_after(board, action, error):
    before = (board.fen(), [m.uci() for m in board.move_stack], board.zobrist_hash())
    with pytest.raises(error):
        action(board)
    assert (board.fen(), [m.uci() for m in board.move_stack], board.zobrist_hash()) == before


def test_move_errors_leave_the_board_unchanged():
    board = bitmove.Board(KIWIPETE)
    board.push_san("a3")
    cases = [
        (lambda b: b.push_uci("e2e9"), bitmove.InvalidMoveError),
        (lambda b: b.push_uci("a7a5"), bitmove.IllegalMoveError),  # white's move is over
        (lambda b: b.push_uci("e8e6"), bitmove.IllegalMoveError),
        (lambda b: b.push_san("Qz9"), bitmove.InvalidMoveError),
        (lambda b: b.push_san("Kd1"), bitmove.IllegalMoveError),
        (lambda b: b.push(bitmove.Move.from_uci("e3e4")), bitmove.IllegalMoveError),  # empty
        (lambda b: b.parse_san("hello"), bitmove.InvalidMoveError),
    ]
    for action, error in cases:
        unchanged_after(board, action, error)


def test_ambiguous_san():
    board = bitmove.Board("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    unchanged_after(board, lambda b: b.push_san("Nd2"), bitmove.AmbiguousMoveError)
    assert board.push_san("Nbd2").uci() == "b1d2"
    # python-chess says the same.
    theirs = chess.Board("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    with pytest.raises(chess.AmbiguousMoveError):
        theirs.parse_san("Nd2")


def test_other_refusals():
    # A promotion to a king or pawn reads (python-chess reads it: antichess), never legal here.
    for uci in ("e7e8k", "g7g8p"):
        assert bitmove.Move.from_uci(uci).uci() == chess.Move.from_uci(uci).uci() == uci
        assert not bitmove.Board("8/4P1P1/8/8/8/8/8/k6K w - - 0 1").is_legal(
            bitmove.Move.from_uci(uci)
        )
    with pytest.raises(bitmove.InvalidMoveError):
        bitmove.Move.from_uci("e7e8x")
    with pytest.raises(ValueError):
        bitmove.Move(64, 0)
    with pytest.raises(ValueError):
        bitmove.Move(0, 8, promotion=7)
    with pytest.raises(IndexError):
        bitmove.Board().piece_at(64)
    with pytest.raises(IndexError):
        bitmove.Board().pop()
    with pytest.raises(ValueError):
        bitmove.perft(chess.STARTING_FEN, 2, threads=0)
    with pytest.raises(OverflowError):
        bitmove.perft(chess.STARTING_FEN, -1)
    with pytest.raises(TypeError):
        bitmove.legal_move_masks(chess.STARTING_FEN)  # a str, not a list of FENs


def test_comparisons_with_other_types_are_just_false():
    assert bitmove.Board() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert bitmove.Board() != 5
    assert bitmove.Move.from_uci("e2e4") != "e2e4"
    assert (
        bitmove.Move.from_uci("e2e4")
        not in bitmove.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1").legal_moves
    )
    assert "e2e4" not in bitmove.Board().legal_moves  # only Move objects are members


MESSAGE_FEN = "r1bqkb1r/1p2pppp/p1np1n2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7"


@pytest.mark.parametrize(
    "call",
    [
        lambda C, b: b.parse_san("Ke3"),
        lambda C, b: b.push_san("Ke3"),
        lambda C, b: b.parse_san("Zz9"),
        lambda C, b: b.parse_san(""),
        lambda C, b: b.parse_san("N'f3"),
        lambda C, b: C.Board("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1").parse_san("Nd2"),
        lambda C, b: b.parse_uci("e2e5"),
        lambda C, b: b.push_uci("a1a8"),
        lambda C, b: b.parse_uci("e1e1"),
        lambda C, b: C.Move.from_uci("xx"),
        lambda C, b: C.Move.from_uci("e9e4"),
        lambda C, b: C.Move.from_uci(""),
        lambda C, b: b.find_move(0, 63),
        lambda C, b: b.parse_xboard("zz"),
    ],
)
def test_move_errors_carry_python_chess_words(call):
    """The message of each refusal is python-chess's, word for word (programs match them)."""
    messages = []
    for module in (chess, bitmove):
        with pytest.raises(ValueError) as error:
            call(module, module.Board(MESSAGE_FEN))
        messages.append((type(error.value).__name__, str(error.value)))
    assert messages[0] == messages[1]
