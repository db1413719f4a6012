"""python-chess's module-level names (bitboard constants, tables, bitboard functions, `Status`),
`SquareSet`, drops in `Move` and `Piece`'s hash, checked value by value against python-chess
itself, the oracle."""

import copy
import inspect
import pickle
import random

import bitmove
import chess
import pytest

RNG = random.Random(45)
# Random 64-bit masks, sparse and dense ones, and the edge cases.
MASKS = [0, 1, 1 << 63, chess.BB_ALL, 0x1E22_2212_0E0A_1222, 0x00A2_0900_0004_A600]
MASKS += [RNG.getrandbits(64) for _ in range(300)]
MASKS += [RNG.getrandbits(64) & RNG.getrandbits(64) & RNG.getrandbits(64) for _ in range(300)]
MASKS += chess.BB_SQUARES

# python-chess names bitmove leaves out: typing helpers and modules python-chess imports, its
# private helpers, and the board classes that are the Board's work, not this module's.
NOT_OURS = {
    "annotations", "collections", "copy", "dataclasses", "enum", "itertools", "math", "re",
    "typing", "Callable", "ClassVar", "Counter", "Dict", "Generic", "Hashable", "Iterable",
    "Iterator", "List", "Literal", "Mapping", "Optional", "SupportsInt", "Tuple", "Type",
    "TypeVar", "Union", "BaseBoardT", "BoardT", "BaseBoard", "LegalMoveGenerator",
    "PseudoLegalMoveGenerator",
}  # fmt: skip


def python_chess_names():
    # Submodules (chess.pgn, chess.engine, ...) are attributes once imported: not compared.
    return {
        n
        for n in dir(chess)
        if not n.startswith("_") and n not in NOT_OURS and not inspect.ismodule(getattr(chess, n))
    }


def test_bitmove_has_every_python_chess_module_name():
    assert sorted(python_chess_names() - set(dir(bitmove))) == []
    for name in python_chess_names() & set(bitmove._squares.__all__):
        assert name in bitmove.__all__, name


def test_every_constant_equals_python_chess():
    compared = 0
    for name in sorted(python_chess_names()):
        theirs, ours = getattr(chess, name), getattr(bitmove, name)
        if callable(theirs) or inspect.ismodule(theirs) or name in ("ColorName", "EnPassantSpec"):
            continue
        assert ours == theirs, name
        assert type(ours) is type(theirs) or isinstance(theirs, chess.Status), name
        compared += 1
    assert compared > 120
    # The slider tables keep python-chess's key order too (the carry-rippler order).
    for table in ("BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS"):
        ours, theirs = getattr(bitmove, table), getattr(chess, table)
        assert [list(d) for d in ours] == [list(d) for d in theirs], table
    assert list(bitmove.UNICODE_PIECE_SYMBOLS) == list(chess.UNICODE_PIECE_SYMBOLS)
    assert bitmove.ColorName == chess.ColorName and bitmove.EnPassantSpec == chess.EnPassantSpec


def test_status_flags_are_python_chess_ones():
    assert [(s.name, s.value) for s in bitmove.Status] == [(s.name, s.value) for s in chess.Status]
    assert issubclass(bitmove.Status, int)
    combined = bitmove.STATUS_NO_WHITE_KING | bitmove.STATUS_EMPTY
    assert combined == chess.STATUS_NO_WHITE_KING | chess.STATUS_EMPTY
    assert bitmove.STATUS_EMPTY in combined and bitmove.STATUS_VALID == 0


def test_regexes_match_as_python_chess():
    texts = ["e4", "Nf3", "exd5", "e8=Q+", "Qh4#", "O-O", "Nbd7", "R1e2", "Kxe2", "z9", "e4e5"]
    texts += ["KQkq", "-", "Kk", "AHah", "KQkqK", "kq", "x", "", "HAha"]
    for text in texts:
        for name in ("SAN_REGEX", "FEN_CASTLING_REGEX"):
            ours = getattr(bitmove, name).match(text)
            theirs = getattr(chess, name).match(text)
            assert (ours and ours.groups()) == (theirs and theirs.groups()), (name, text)


def test_bitboard_functions_equal_python_chess_on_random_masks():
    functions = [
        "lsb", "msb", "popcount", "flip_vertical", "flip_horizontal", "flip_diagonal",
        "flip_anti_diagonal", "shift_down", "shift_2_down", "shift_up", "shift_2_up",
        "shift_right", "shift_2_right", "shift_left", "shift_2_left", "shift_up_left",
        "shift_up_right", "shift_down_left", "shift_down_right",
    ]  # fmt: skip
    for mask in MASKS:
        for name in functions:
            assert getattr(bitmove, name)(mask) == getattr(chess, name)(mask), (name, hex(mask))
        assert list(bitmove.scan_forward(mask)) == list(chess.scan_forward(mask))
        assert list(bitmove.scan_reversed(mask)) == list(chess.scan_reversed(mask))
    # The shifts and the diagonal flips also on ints outside 64 bits and negative ones,
    # where python-chess's are plain arithmetic.
    for mask in (-1, -2, ~chess.BB_FILE_A, 1 << 70, 1 << 70 | 0x8142):
        for name in ["flip_diagonal", "flip_anti_diagonal", *functions[7:]]:
            assert getattr(bitmove, name)(mask) == getattr(chess, name)(mask), (name, mask)


def test_flips_take_square_sets():
    for mask in MASKS[:50]:
        for name in ("flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"):
            ours = getattr(bitmove, name)(bitmove.SquareSet(mask))
            theirs = getattr(chess, name)(chess.SquareSet(mask))
            assert isinstance(ours, bitmove.SquareSet) and int(ours) == int(theirs), name
        for name in ("shift_up", "shift_left", "shift_down_right", "shift_2_right"):
            ours = getattr(bitmove, name)(bitmove.SquareSet(mask))
            theirs = getattr(chess, name)(chess.SquareSet(mask))
            assert isinstance(ours, bitmove.SquareSet) and int(ours) == int(theirs), name


def test_square_functions_equal_python_chess_on_every_pair():
    for a in chess.SQUARES:
        for b in chess.SQUARES:
            for name in (
                "square_distance", "square_manhattan_distance", "square_knight_distance",
                "between", "ray",
            ):  # fmt: skip
                assert getattr(bitmove, name)(a, b) == getattr(chess, name)(a, b), (name, a, b)
            assert bitmove.SquareSet.ray(a, b) == chess.SquareSet.ray(a, b)
            assert bitmove.SquareSet.between(a, b) == chess.SquareSet.between(a, b)
        assert bitmove.SquareSet.from_square(a) == chess.SquareSet.from_square(a)
        assert bitmove.SQUARES_180[a] == chess.SQUARES_180[a]


def test_bad_squares_raise():
    for bad in (64, 1000, 2**70):
        for function in (bitmove.between, bitmove.ray, bitmove.square_knight_distance):
            with pytest.raises(IndexError):
                function(0, bad)
    with pytest.raises(ValueError):
        bitmove.between(-1, 0)
    with pytest.raises(TypeError):
        bitmove.ray("a1", 0)
    with pytest.raises(TypeError):
        bitmove.flip_diagonal(1.5)


def pair(mask):
    return bitmove.SquareSet(mask), chess.SquareSet(mask)


def same(ours, theirs):
    if isinstance(theirs, chess.SquareSet):
        assert isinstance(ours, bitmove.SquareSet)
        assert int(ours) == int(theirs)
    else:
        assert ours == theirs


def test_square_set_methods_equal_python_chess():
    unary = ["__len__", "__bool__", "__int__", "__index__", "__repr__", "__str__", "tolist"]
    unary += ["copy", "mirror", "__invert__"]
    binary = [
        "isdisjoint", "issubset", "issuperset", "union", "intersection", "difference",
        "symmetric_difference", "__or__", "__and__", "__sub__", "__xor__", "__eq__",
    ]  # fmt: skip
    for mask in MASKS[:120]:
        ours, theirs = pair(mask)
        assert list(ours) == list(theirs) and list(reversed(ours)) == list(reversed(theirs))
        assert [sq in ours for sq in chess.SQUARES] == [sq in theirs for sq in chess.SQUARES]
        for name in unary:
            same(getattr(ours, name)(), getattr(theirs, name)())
        for other in (MASKS[RNG.randrange(len(MASKS))], 0, chess.BB_ALL):
            for name in binary:
                for argument in (other, chess.SquareSet(other), list(chess.SquareSet(other))):
                    same(getattr(ours, name)(argument), getattr(theirs, name)(argument))
            for shift in (0, 1, 7, 8, 63):
                same(ours << shift, theirs << shift)
                same(ours >> shift, theirs >> shift)
        assert ours == mask and mask == ours and ours == mask + 2**64
        assert hex(ours) == hex(theirs) and bin(ours) == bin(theirs)


def test_square_set_mutations_equal_python_chess():
    for mask in MASKS[:60]:
        ours, theirs = pair(mask)
        other = MASKS[RNG.randrange(len(MASKS))]
        steps = [
            ("update", (other, chess.BB_RANK_1)),
            ("intersection_update", (other | chess.BB_FILE_E, chess.BB_ALL)),
            ("difference_update", (chess.BB_RANK_2,)),
            ("symmetric_difference_update", (other,)),
            ("add", (RNG.randrange(64),)),
            ("discard", (RNG.randrange(64),)),
            ("__ior__", (other,)),
            ("__iand__", (~other & chess.BB_ALL | chess.BB_CENTER,)),
            ("__isub__", ([chess.E4, chess.D5],)),
            ("__ixor__", (chess.BB_DARK_SQUARES,)),
            ("__ilshift__", (3,)),
            ("__irshift__", (5,)),
        ]
        for name, arguments in steps:
            same(getattr(ours, name)(*arguments), getattr(theirs, name)(*arguments))
            assert int(ours) == int(theirs), name
        while theirs:
            assert ours.pop() == theirs.pop()
        with pytest.raises(KeyError):
            ours.pop()
        ours.update(mask)
        theirs.update(mask)
        for sq in chess.SQUARES:
            if sq in theirs:
                ours.remove(sq)
                theirs.remove(sq)
            else:
                with pytest.raises(KeyError):
                    ours.remove(sq)
        assert int(ours) == int(theirs) == 0
        ours.update(mask)
        ours.clear()
        assert ours == 0


def test_square_set_subsets_construction_and_hashing():
    for mask in (0, 1, chess.BB_FILE_B, chess.BB_CENTER | chess.BB_CORNERS, 0x8000_0000_0001_0000):
        ours, theirs = pair(mask)
        assert list(ours.carry_rippler()) == list(theirs.carry_rippler())
    for squares in ([], [0, 9, 63], range(64), {chess.E4}, (chess.A1, chess.A1), -1, 2**65):
        assert int(bitmove.SquareSet(squares)) == int(chess.SquareSet(squares))
    assert bitmove.SquareSet(bitmove.SquareSet(999)) == 999
    assert bitmove.SquareSet(True) == chess.SquareSet(True)
    with pytest.raises(TypeError):
        hash(bitmove.SquareSet())
    with pytest.raises(TypeError):
        hash(chess.SquareSet())
    assert (bitmove.SquareSet() == "a1") is False and bitmove.SquareSet() != [64]
    assert "e4" not in bitmove.SquareSet(chess.BB_ALL) and 64 not in bitmove.SquareSet(-1)
    copied = pickle.loads(pickle.dumps(bitmove.SquareSet(chess.BB_CENTER)))
    assert copied == chess.BB_CENTER and copy.copy(copied) == chess.BB_CENTER


UCI = [
    "e2e4",
    "b5c7",
    "e7e8q",
    "a7a8n",
    "h2h1r",
    "e7e8k",
    "a2a1p",
    "0000",
    "P@e4",
    "B@f4",
    "N@f3",
    "k@a1",
]
UCI += ["q@h8", "R@d1"]
BAD_UCI = ["", "N", "z1g3", "Q@g9", "X@e4", "N@", "N@e44", "@@@@", "e2e2", "e7e8x", "e2e4qq"]
BAD_UCI += ["e2", "N-f3", "NN@e4", "n@i1", "é@e4", "N@é", "Ne4e5", " e2e4", "e2e4 ", "e2e4\n"]


def test_moves_and_drops_equal_python_chess():
    for text in UCI:
        ours, theirs = bitmove.Move.from_uci(text), chess.Move.from_uci(text)
        assert ours.uci() == theirs.uci() and str(ours) == str(theirs)
        assert ours.xboard() == theirs.xboard() and repr(ours) == repr(theirs)
        assert (ours.from_square, ours.to_square) == (theirs.from_square, theirs.to_square)
        assert (ours.promotion, ours.drop, bool(ours)) == (
            theirs.promotion,
            theirs.drop,
            bool(theirs),
        )
        assert copy.copy(ours) == ours and copy.deepcopy(ours) == ours
        assert pickle.loads(pickle.dumps(ours)) == ours
        assert ours.to_chess() == theirs
        if theirs:
            assert bitmove.Move.from_chess(theirs) == ours
        rebuilt = bitmove.Move(theirs.from_square, theirs.to_square, theirs.promotion, theirs.drop)
        assert rebuilt == ours and hash(rebuilt) == hash(ours)
    moves = [bitmove.Move.from_uci(text) for text in UCI]
    assert len(set(moves)) == len(UCI)
    assert bitmove.Move.from_uci("N@f3") != bitmove.Move.from_uci("B@f3")
    assert bitmove.Move.from_uci("N@a1") != bitmove.Move.null()
    assert bitmove.Move.from_uci("n@f3") == bitmove.Move.from_uci("N@f3")


def test_bad_uci_is_refused_by_both():
    for text in BAD_UCI:
        with pytest.raises(chess.InvalidMoveError):
            chess.Move.from_uci(text)
        with pytest.raises(bitmove.InvalidMoveError):
            bitmove.Move.from_uci(text)


def test_a_standard_board_refuses_drops():
    board = bitmove.Board()
    for drop in (bitmove.Move.from_uci("N@f3"), chess.Move.from_uci("P@e4")):
        with pytest.raises(ValueError, match="drop"):
            board.push(drop)
        assert drop not in board.legal_moves
    assert board.fen() == chess.STARTING_FEN and board.move_stack == []
    with pytest.raises(ValueError, match="drop or a promotion"):
        bitmove.Move(0, 0, promotion=chess.QUEEN, drop=chess.PAWN)
    with pytest.raises(ValueError):
        bitmove.Move(0, 0, drop=7)


def test_piece_hash_is_python_chess_one():
    for symbol in "pnbrqkPNBRQK":
        ours, theirs = bitmove.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert hash(ours) == hash(theirs)
    assert {hash(bitmove.Piece.from_symbol(s)) for s in "pnbrqkPNBRQK"} == set(range(12))
