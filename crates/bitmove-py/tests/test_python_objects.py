"""The Python objects the boards hand out, as python-chess's behave: boards that take new
attributes (and which copies keep them), the 12 shared pieces, the native SquareSet's
subclasses and class methods. python-chess is the oracle throughout."""

import copy
import pickle
import random

import bitmove
import chess
import pytest

FEN = "r1bqkb1r/1p2pppp/p1np1n2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7"


def boards(cls_chess=chess.Board, cls_ours=bitmove.Board):
    theirs, ours = cls_chess(FEN), cls_ours(FEN)
    for board in (theirs, ours):
        board.push_san("O-O")
        board.some_flag = 1
        board.info = {"name": "test"}
    return theirs, ours


class ChessSub(chess.Board):
    pass


class OurSub(bitmove.Board):
    pass


@pytest.mark.parametrize("classes", [(chess.Board, bitmove.Board), (ChessSub, OurSub)])
def test_a_board_takes_new_attributes_and_copies_keep_them_as_python_chess(classes):
    theirs, ours = boards(*classes)
    assert ours.some_flag == theirs.some_flag == 1
    assert ours.info == theirs.info
    for make in (
        lambda b: b.copy(),
        lambda b: b.copy(stack=False),
        copy.copy,
        copy.deepcopy,
        lambda b: b.mirror(),
        lambda b: pickle.loads(pickle.dumps(b)),
    ):
        made_theirs, made_ours = make(theirs), make(ours)
        assert (type(made_ours) is type(ours)) == (type(made_theirs) is type(theirs))
        assert hasattr(made_ours, "some_flag") == hasattr(made_theirs, "some_flag")
        assert getattr(made_ours, "info", None) == getattr(made_theirs, "info", None)
        assert made_ours.fen() == made_theirs.fen()
        assert [m.uci() for m in made_ours.move_stack] == [m.uci() for m in made_theirs.move_stack]
    del ours.some_flag
    with pytest.raises(AttributeError):
        ours.some_flag  # noqa: B018 - the read is the test
    # The board's own state stays its own: an attribute is not a way around the setters.
    # `turn` reads as a plain attribute, as python-chess's, but it is the native board's (a
    # struct member, not in the instance dict) and setting it goes to the native setter (the
    # FEN and the moves change).
    ours.turn = not ours.turn
    theirs.turn = not theirs.turn
    assert ours.turn is theirs.turn is vars(theirs)["turn"] and "turn" not in vars(ours)
    assert ours.fen() == theirs.fen()
    assert sorted(ours.legal_moves_uci()) == sorted(m.uci() for m in theirs.legal_moves)


def test_pickles_of_boards_without_attributes_load():
    board = bitmove.Board(FEN)
    board.push_san("Nxc6")
    again = pickle.loads(pickle.dumps(board))
    assert again == board and vars(again) == {}
    # A pickle from before boards kept attributes: a three-item state.
    fresh = bitmove.Board.__new__(bitmove.Board)
    fresh.__setstate__((FEN, False, ["d4c6"]))
    assert fresh.fen() == board.fen()
    # A pickle from before the state attributes were members kept `turn` in the dict: the
    # board's own state wins and the dict keeps only what the program set.
    older = bitmove.Board.__new__(bitmove.Board)
    older.__setstate__((FEN, False, ["d4c6"], {"turn": True, "some_flag": 1}))
    assert older.turn is False and vars(older) == {"some_flag": 1}


def test_piece_map_keys_values_and_order_are_python_chess_ones_with_any_mask():
    rng = random.Random(11)
    for _ in range(40):
        theirs = chess.Board()
        for _ in range(rng.randrange(90)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            theirs.push(rng.choice(moves))
        ours = bitmove.Board(theirs.fen())
        for mask in (chess.BB_ALL, rng.getrandbits(64), chess.BB_RANK_2, 0):
            want = [(sq, p.symbol()) for sq, p in theirs.piece_map(mask=mask).items()]
            got = ours.piece_map(mask=mask)
            assert [(sq, p.symbol()) for sq, p in got.items()] == want
            assert all(p is ours.piece_at(sq) for sq, p in got.items())


def test_pieces_are_shared_and_equal_python_chess_ones():
    ours, theirs = bitmove.Board(FEN), chess.Board(FEN)
    assert ours.piece_map() == {
        sq: bitmove.Piece(p.piece_type, p.color) for sq, p in theirs.piece_map().items()
    }
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {
        sq: p.symbol() for sq, p in theirs.piece_map().items()
    }
    assert ours.piece_at(chess.E1) is ours.piece_at(chess.E1) is ours.piece_map()[chess.E1]
    for square in chess.SQUARES:
        mine, other = ours.piece_at(square), theirs.piece_at(square)
        if other is None:
            assert mine is None
            continue
        assert (mine.piece_type, mine.color, hash(mine)) == (
            other.piece_type,
            other.color,
            hash(other),
        )
        assert type(mine.color) is bool and type(mine.piece_type) is int
    piece = bitmove.Piece(chess.KNIGHT, chess.BLACK)
    assert piece == bitmove.Piece.from_symbol("n") and piece != bitmove.Piece(chess.KNIGHT, True)
    assert (piece == "n") is False and pickle.loads(pickle.dumps(piece)) == piece
    with pytest.raises(AttributeError):
        piece.color = True
    assert ours.remove_piece_at(chess.E1) == bitmove.Piece(chess.KING, chess.WHITE)


def test_square_set_subclasses_and_constructors_as_python_chess():
    class Ours(bitmove.SquareSet):
        def __init__(self, squares=0):
            super().__init__(squares)
            self.tag = "x"

    class Theirs(chess.SquareSet):
        def __init__(self, squares=0):
            super().__init__(squares)
            self.tag = "x"

    for name in ("ray", "between"):
        ours, theirs = (
            getattr(Ours, name)(chess.A1, chess.H8),
            getattr(Theirs, name)(chess.A1, chess.H8),
        )
        assert type(ours) is Ours and int(ours) == int(theirs) and ours.tag == theirs.tag
    assert int(Ours.from_square(chess.E4)) == int(Theirs.from_square(chess.E4))
    assert int(Ours([1, 2])) == int(Theirs([1, 2])) and Ours(5).tag == "x"
    assert bitmove.SquareSet(squares=7) == chess.SquareSet(squares=7)
    for bad in (None, "e4", [64], 1.5j):
        with pytest.raises(Exception) as ours_error:
            bitmove.SquareSet(bad)
        with pytest.raises(Exception) as theirs_error:
            chess.SquareSet(bad)
        assert ours_error.type is theirs_error.type, bad
    assert int(0xFF | bitmove.SquareSet(0x100)) == 0x1FF and int(3 & bitmove.SquareSet(1)) == 1
    board = bitmove.Board(FEN)
    assert type(board.attacks(chess.D4)) is bitmove.SquareSet
    assert board.checkers() == chess.Board(FEN).checkers()


def test_pgn_reader_passes_over_words_without_a_move_as_python_chess():
    import io

    import bitmove.pgn
    import chess.pgn

    text = (
        '[Event "x"]\n\n1. e4 Zz9 e5 2. Nf3 N xx Nc6 3. Bb5 Ke3 a6 *\n\n'
        '[Event "y"]\n\n1. d4 Qi9 d5 *\n'
    )
    for_each = []
    for module in (chess, bitmove):
        handle = io.StringIO(text)
        games = []
        while (game := module.pgn.read_game(handle)) is not None:
            moves = [m.uci() for m in game.mainline_moves()]
            games.append((moves, [type(e).__name__ for e in game.errors]))
        for_each.append(games)
    assert for_each[0] == for_each[1]
    assert for_each[1][0][0] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]


def test_reused_square_sets_keep_their_class_and_a_subclass_its_attributes():
    # SquareSet objects are reused after they are freed (a free list): a subclass's objects,
    # freed by CPython's own path, must never come back as base objects, nor base ones as
    # the subclass's.
    class Tagged(bitmove.SquareSet):
        pass

    board, kept = bitmove.Board(FEN), []
    for index in range(3000):
        tagged, made, plain = Tagged(index), board.attacks(index % 64), bitmove.SquareSet(index)
        tagged.note = index
        assert type(tagged) is Tagged and type(made) is type(plain) is bitmove.SquareSet
        assert int(tagged) == int(plain) == index and "note" not in dir(plain)
        if index % 7 == 0:
            kept.append(tagged)
        del tagged, made, plain
    assert all(type(one) is Tagged and one.note == int(one) for one in kept)
