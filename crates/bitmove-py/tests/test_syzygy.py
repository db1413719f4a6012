"""bitmove.syzygy against python-chess's chess.syzygy (the oracle) on the 3-4-piece tables of
tests/data/syzygy: random positions, the positions one move on (en passant included), errors,
the batch calls and the stub of the native submodule."""

import ast
import random
from pathlib import Path

import bitmove
import bitmove.syzygy
import chess
import chess.syzygy
import pytest
from bitmove import _syzygy
from conftest import en_passant_boards

TABLES = Path(__file__).resolve().parents[3] / "tests" / "data" / "syzygy"
PIECES = "QRBNP"


def random_fens(n, seed):
    """Legal 3-4-piece positions with no castling rights, python-chess's validity."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < n:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 4)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2 : 2 + rng.choice((1, 2))]:
            kind = chess.PIECE_SYMBOLS.index(rng.choice(PIECES).lower())
            board.set_piece_at(sq, chess.Piece(kind, rng.choice(chess.COLORS)))
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid():
            fens.append(board.fen())
    return fens


@pytest.fixture(scope="module")
def oracle():
    with chess.syzygy.open_tablebase(str(TABLES)) as tables:
        yield tables


@pytest.fixture(scope="module")
def tables():
    with bitmove.syzygy.open_tablebase(TABLES) as tables:
        yield tables


def test_random_positions_and_their_children_agree_with_python_chess(oracle, tables):
    fens = random_fens(250, 46)
    # One move on: double pushes give en passant positions, captures give 3-piece ones.
    for fen in list(fens):
        board = chess.Board(fen)
        for move in board.legal_moves:
            board.push(move)
            if board.ep_square is not None or chess.popcount(board.occupied) == 3:
                fens.append(board.fen())
            board.pop()
    fens += [board.fen() for board in en_passant_boards(60, 47)]
    checked = ep = 0
    for fen in fens:
        theirs = chess.Board(fen)
        ours = bitmove.Board(fen)
        assert tables.probe_wdl(ours) == oracle.probe_wdl(theirs), fen
        assert tables.probe_dtz(ours) == oracle.probe_dtz(theirs), fen
        assert tables.probe_wdl_table(ours) == oracle.probe_wdl_table(theirs), fen
        checked += 1
        ep += theirs.has_legal_en_passant()
    assert checked > 400 and ep > 5


def test_endgame_epd(tables):
    for line in (TABLES / "endgame.epd").read_text().splitlines():
        board, ops = bitmove.Board.from_epd(line)
        assert tables.probe_wdl_table(board) == ops["wdl_table"], line
        assert tables.probe_wdl(board) == ops["wdl"], line
        assert tables.probe_dtz(board) == ops["dtz"], line


def test_batch_calls_match_single_probes(tables):
    fens = random_fens(100, 7) + ["4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"]
    boards = [bitmove.Board(fen) for fen in fens]
    wdl = tables.probe_wdl_many(fens)
    assert wdl == tables.probe_wdl_many(boards)
    assert wdl[:-1] == [tables.probe_wdl(b) for b in boards[:-1]]
    assert wdl[-1] is None  # castling rights: no table has them
    assert tables.probe_dtz_many(fens, default=-999)[:-1] == [
        tables.probe_dtz(b) for b in boards[:-1]
    ]
    assert tables.probe_dtz_many(fens, default=-999)[-1] == -999


def test_errors_and_defaults():
    with bitmove.syzygy.Tablebase() as tables:
        assert tables.add_directory(TABLES, load_dtz=False) == 35
        board = bitmove.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1")
        assert tables.probe_wdl(board) == -2
        with pytest.raises(bitmove.syzygy.MissingTableError, match="dtz table KBNvK"):
            tables.probe_dtz(board)
        assert tables.get_dtz(board) is None
        assert tables.get_dtz(board, 7) == 7
        assert issubclass(bitmove.syzygy.MissingTableError, KeyError)
        with pytest.raises(KeyError):
            tables.probe_wdl(bitmove.Board())  # castling rights, 32 pieces
        tables.close()
        with pytest.raises(bitmove.syzygy.MissingTableError):
            tables.probe_wdl(board)


def test_rank_moves_best_first(tables):
    board = bitmove.Board("8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1")
    ranked = tables.rank_moves(board)
    assert len(ranked) == board.legal_moves.count()
    assert ranked[0][1] == tables.probe_wdl(board) == 2
    assert [r[1] for r in ranked] == sorted((r[1] for r in ranked), reverse=True)


def test_name_helpers_agree_with_python_chess():
    assert set(bitmove.syzygy.tablenames()) == set(chess.syzygy.tablenames())
    for name in chess.syzygy.tablenames(piece_count=5):
        assert bitmove.syzygy.normalize_tablename(name) == name
        assert set(bitmove.syzygy.dependencies(name)) == set(chess.syzygy.dependencies(name)), name
    assert bitmove.syzygy.normalize_tablename("KNNvKBB") == "KBBvKNN"
    board = bitmove.Board("8/8/8/8/8/2k5/8/1K1q3R w - - 0 1")
    assert bitmove.syzygy.calc_key(board) == chess.syzygy.calc_key(chess.Board(board.fen()))


def test_stub_lists_the_native_names():
    tree = ast.parse((Path(bitmove.__file__).parent / "_syzygy.pyi").read_text())
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    assert set(classes) == {n for n in dir(_syzygy) if not n.startswith("_")}
    members = {i.name for i in classes["Tablebase"].body if isinstance(i, ast.FunctionDef)}
    actual = {m for m in vars(_syzygy.Tablebase) if not m.startswith("_")}
    assert actual <= members


def test_single_table_files_agree_with_python_chess(oracle):
    wdl_ours = bitmove.syzygy.WdlTable(TABLES / "KRvKP.rtbw")
    dtz_ours = bitmove.syzygy.DtzTable(TABLES / "KRvKP.rtbz")
    wdl_theirs = chess.syzygy.WdlTable(str(TABLES / "KRvKP.rtbw"))
    dtz_theirs = chess.syzygy.DtzTable(str(TABLES / "KRvKP.rtbz"))
    wdl_theirs.init_table_wdl()
    dtz_theirs.init_table_dtz()
    checked = other_side = 0
    for fen in random_fens(3000, 5):
        board = chess.Board(fen)
        if chess.syzygy.normalize_tablename(chess.syzygy.calc_key(board)) != "KRvKP":
            continue
        ours = bitmove.Board(fen)
        assert wdl_ours.probe_wdl_table(ours) == wdl_theirs.probe_wdl_table(board), fen
        wdl = wdl_theirs.probe_wdl_table(board)
        if wdl != 0:
            expected = dtz_theirs.probe_dtz_table(board, wdl)
            assert dtz_ours.probe_dtz_table(ours, wdl) == expected, fen
            other_side += expected[1] == -1
        checked += 1
    assert checked > 5 and other_side > 0
    for table in (wdl_ours, dtz_ours, wdl_theirs, dtz_theirs):
        table.close()
