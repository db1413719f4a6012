"""`bitmove.polyglot` against python-chess's `chess.polyglot` (the oracle): every entry found
for every position along random games and along the test books' lines, the same entries in
the same order; choices with the same seeded random; the reader as a sequence."""

import random
from pathlib import Path

import bitmove
import bitmove.polyglot
import chess
import chess.polyglot
import pytest
from conftest import random_game

BOOKS = Path(__file__).resolve().parents[3] / "tests" / "data" / "polyglot"
PERFORMANCE = BOOKS / "performance.bin"
LASKER = BOOKS / "lasker-trap.bin"


def plain(entries):
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in entries]


def book_positions(path, limit):
    """FENs reached by following every book move from the start position (python-chess),
    breadth first, at most `limit`."""
    fens, queue, seen = [], [chess.Board()], set()
    with chess.polyglot.open_reader(path) as book:
        while queue and len(fens) < limit:
            board = queue.pop(0)
            if board.fen() in seen:
                continue
            seen.add(board.fen())
            fens.append(board.fen())
            for entry in book.find_all(board, minimum_weight=0):
                child = board.copy(stack=False)
                child.push(entry.move)
                queue.append(child)
    return fens


@pytest.fixture(scope="module")
def readers():
    with (
        bitmove.polyglot.open_reader(PERFORMANCE) as ours,
        chess.polyglot.open_reader(PERFORMANCE) as theirs,
    ):
        yield ours, theirs


def compare(ours, theirs, fen, chess960=False):
    board = bitmove.Board(fen, chess960=chess960)
    oracle = chess.Board(fen, chess960=chess960)
    found = 0
    for weight in (0, 1, 5):
        mine = plain(ours.find_all(board, minimum_weight=weight))
        assert mine == plain(theirs.find_all(oracle, minimum_weight=weight)), (fen, weight)
        found += len(mine)
    expected = theirs.get(oracle)
    got = ours.get(board)
    assert (got and plain([got])) == (expected and plain([expected])), fen
    key = chess.polyglot.zobrist_hash(oracle)
    assert plain(ours.find_all(key)) == plain(theirs.find_all(key)), fen
    return found


def test_every_entry_along_the_book_lines(readers):
    ours, theirs = readers
    fens = book_positions(PERFORMANCE, 4000)
    assert len(fens) == 4000
    found = sum(compare(ours, theirs, fen) for fen in fens)
    assert found > 10000


def test_every_entry_along_random_games(readers):
    ours, theirs = readers
    found = 0
    for seed in range(60):
        for board in random_game(seed, max_plies=40):
            found += compare(ours, theirs, board.fen())
    assert found > 100


def test_chess960_boards_keep_castling_as_king_takes_rook(readers):
    ours, theirs = readers
    fen = "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10"
    assert compare(ours, theirs, fen, chess960=True) > 0
    moves = [e.move.uci() for e in ours.find_all(bitmove.Board(fen, chess960=True))]
    assert moves == ["e1h1", "e1a1", "h2h3"]


def test_exclude_moves_and_choices_with_a_seeded_random(readers):
    ours, theirs = readers
    for fen in book_positions(PERFORMANCE, 300):
        board, oracle = bitmove.Board(fen), chess.Board(fen)
        moves = [e.move for e in theirs.find_all(oracle)]
        exclude = moves[:1]
        mine = ours.find_all(board, exclude_moves=[bitmove.Move.from_uci(m.uci()) for m in exclude])
        assert plain(mine) == plain(theirs.find_all(oracle, exclude_moves=exclude))
        if not moves:
            with pytest.raises(IndexError):
                ours.weighted_choice(board)
            continue
        for seed in range(3):
            a, b = random.Random(seed), random.Random(seed)
            assert plain([ours.choice(board, random=a)]) == plain([theirs.choice(oracle, random=b)])
            assert plain([ours.weighted_choice(board, random=a)]) == plain(
                [theirs.weighted_choice(oracle, random=b)]
            )
            assert a.random() == b.random()  # the same number of draws


def test_the_reader_as_a_sequence(readers):
    ours, theirs = readers
    assert len(ours) == len(theirs) == 92_954
    for i in list(range(200)) + list(range(-200, 0)) + [46_000]:
        assert plain([ours[i]]) == plain([theirs[i]])
        assert ours[i] == (*ours[i][:4], ours[i].move)
    with pytest.raises(IndexError):
        ours[len(ours)]
    with pytest.raises(IndexError):
        ours[-len(ours) - 1]
    assert ours[-1] == next(reversed(ours))
    for key in (0, ours[500].key, ours[500].key + 1, 2**64 - 1):
        assert ours.bisect_key_left(key) == theirs.bisect_key_left(key)
    assert list(ours.find_all(2**64)) == [] and list(ours.find_all(-1)) == []
    assert ours[10] in ours
    assert ours[10]._replace(weight=60_000) not in ours


def test_lasker_trap_and_the_whole_small_book():
    with (
        bitmove.polyglot.open_reader(str(LASKER)) as ours,
        chess.polyglot.open_reader(LASKER) as theirs,
    ):
        assert plain(ours) == plain(theirs)
        fen = "rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2KpPP/RN1Q1BNR b kq - 1 7"
        board = bitmove.Board(fen)
        assert board.san(ours.find(board).move) == "fxg1=N+"
        for fen in book_positions(LASKER, 100):
            compare(ours, theirs, fen)


def test_malformed_and_closed_books(tmp_path):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(PERFORMANCE.read_bytes()[:17])
    with pytest.raises(OSError):
        bitmove.polyglot.open_reader(bad)
    with pytest.raises(FileNotFoundError):
        bitmove.polyglot.open_reader(tmp_path / "missing.bin")
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with bitmove.polyglot.open_reader(empty) as book:
        assert len(book) == 0 and list(book.find_all(bitmove.Board())) == []
        with pytest.raises(IndexError):
            book.find(bitmove.Board())
    # Garbage entries under the start key: only legal moves come out, in python-chess's order.
    key = chess.polyglot.zobrist_hash(chess.Board()).to_bytes(8, "big")
    rng = random.Random(7)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"".join(key + rng.randbytes(8) for _ in range(3000)))
    with (
        bitmove.polyglot.open_reader(junk) as ours,
        chess.polyglot.open_reader(junk) as theirs,
    ):
        got = plain(ours.find_all(bitmove.Board(), minimum_weight=0))
        assert got and got == plain(theirs.find_all(chess.Board(), minimum_weight=0))
    book = bitmove.polyglot.open_reader(PERFORMANCE)
    book.close()
    with pytest.raises(ValueError):
        len(book)
    with pytest.raises(ValueError):
        book.get(bitmove.Board())


def test_random_array_and_zobrist_hash():
    assert bitmove.polyglot.POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    board = bitmove.Board()
    assert bitmove.polyglot.zobrist_hash(board) == chess.polyglot.zobrist_hash(chess.Board())


def test_variant_boards_judge_legality_by_their_rules(readers):
    import bitmove.variant
    import chess.variant

    ours, theirs = readers
    for name in ("CrazyhouseBoard", "AtomicBoard", "ThreeCheckBoard"):
        board = getattr(bitmove.variant, name)()
        oracle = getattr(chess.variant, name)()
        for uci in ("e2e4", "e7e5", "g1f3"):
            assert plain(ours.find_all(board)) == plain(theirs.find_all(oracle)), name
            board.push_uci(uci)
            oracle.push_uci(uci)
        assert plain(ours.find_all(board))
