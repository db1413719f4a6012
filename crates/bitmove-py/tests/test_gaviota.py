"""bitmove.gaviota against python-chess's pure-Python chess.gaviota (the oracle).

The tables are the five 3-piece ones python-chess's sdist ships (data/gaviota), fetched at
test time by tests/python_chess_suite.py (cached in target/python-chess-suite, never
vendored). Random positions of each table, both colours and both sides to move, pawns on their
last ranks before promotion and kings in check, are probed by both. No 4- or 5-piece tables
are public in a small size, so those layouts are checked two other ways: every index against
python-chess's index functions, and a made-up KPvKP table (random values, written in the
format here) probed by both, en passant included.
"""

import ast
import importlib.util
import lzma
import random
import struct
import subprocess
import tarfile
from pathlib import Path

import bitmove
import bitmove.gaviota
import chess
import chess.gaviota
import pytest
from bitmove import _gaviota
from conftest import en_passant_boards

ROOT = Path(__file__).resolve().parents[3]
THREE = ["kqk", "krk", "kbk", "knk", "kpk"]


def suite_module():
    spec = importlib.util.spec_from_file_location("suite", ROOT / "tests" / "python_chess_suite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def directory():
    try:
        return suite_module().sdist() / "data" / "gaviota"
    except (OSError, subprocess.CalledProcessError, tarfile.TarError) as err:  # offline
        pytest.skip(f"python-chess's sdist (its Gaviota tables) is not available: {err}")


@pytest.fixture(scope="module")
def oracle(directory):
    with chess.gaviota.open_tablebase(str(directory), LibraryLoader=None) as tables:
        assert isinstance(tables, chess.gaviota.PythonTablebase)
        yield tables


@pytest.fixture(scope="module")
def tables(directory):
    with bitmove.gaviota.open_tablebase(directory) as tables:
        yield tables


def random_boards(pieces, n, seed):
    """Valid boards (python-chess's rules) with two kings and `pieces` (symbols, case for
    colour): random squares, both sides to move; a pawn is put on its seventh rank a quarter
    of the time."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < n:
        board = chess.Board(None)
        free = list(chess.SQUARES)
        rng.shuffle(free)
        board.set_piece_at(free.pop(), chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(free.pop(), chess.Piece(chess.KING, chess.BLACK))
        for symbol in pieces:
            piece = chess.Piece.from_symbol(symbol)
            square = free.pop()
            if piece.piece_type == chess.PAWN and rng.random() < 0.25:
                rank = 6 if piece.color else 1
                square = chess.square(rng.randrange(8), rank)
                if board.piece_at(square):
                    continue
            board.set_piece_at(square, piece)
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid():
            boards.append(board)
    return boards


@pytest.mark.parametrize("name", THREE)
def test_three_piece_tables_agree_with_python_chess(oracle, tables, name):
    letter = name[1]
    checks = 0
    for i, board in enumerate(random_boards([letter.upper()], 2000, THREE.index(name))):
        if i % 2:
            board = board.mirror()  # the piece Black's: the table read the other way round
        ours = bitmove.Board(board.fen())
        assert tables.probe_dtm(ours) == oracle.probe_dtm(board), board.fen()
        assert tables.probe_wdl(ours) == oracle.probe_wdl(board), board.fen()
        checks += board.is_check()
    assert checks > 20


def test_python_chess_examples(tables):
    assert tables.probe_dtm(bitmove.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1")) == -10
    assert tables.probe_wdl(bitmove.Board("8/8/4K3/2n5/8/3k4/8/8 w - - 0 1")) == 0
    assert tables.probe_wdl(bitmove.Board("8/8/1p2K3/8/8/3k4/8/8 b - - 0 1")) == 1
    assert tables.get_dtm(bitmove.Board("8/3K4/8/8/8/4r3/4k3/8 b - - 0 1")) == 21


def test_errors_are_python_chess_errors(oracle, tables):
    cases = [
        "8/8/8/8/1pP5/7K/8/7k b - c3 0 1",  # KPvKP: no table
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",  # castling rights
        "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1",  # six pieces
    ]
    for fen in cases:
        with pytest.raises(KeyError) as theirs:
            oracle.probe_dtm(chess.Board(fen))
        with pytest.raises(KeyError) as ours:
            tables.probe_dtm(bitmove.Board(fen))
        assert str(ours.value) == str(theirs.value)
        missing = isinstance(theirs.value, chess.gaviota.MissingTableError)
        assert isinstance(ours.value, bitmove.gaviota.MissingTableError) == missing
        assert tables.get_dtm(bitmove.Board(fen)) is None
        assert tables.get_wdl(bitmove.Board(fen), 7) == 7
    assert issubclass(bitmove.gaviota.MissingTableError, KeyError)
    assert tables.probe_dtm(bitmove.Board("8/8/3k4/8/8/8/8/K7 w - - 0 1")) == 0


def test_directory_names_and_close(directory):
    with pytest.raises(OSError, match="not a directory"):
        bitmove.gaviota.open_tablebase(directory / "nowhere")
    tables = bitmove.gaviota.open_tablebase(directory)
    expected = chess.gaviota.open_tablebase(str(directory), LibraryLoader=None).available_tables
    assert tables.available_tables == expected
    with tables:
        pass
    assert not tables.available_tables
    with pytest.raises(bitmove.gaviota.MissingTableError):
        tables.probe_dtm(bitmove.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1"))


def test_no_libgtb_is_the_error_python_chess_gives(directory):
    with pytest.raises(OSError):
        bitmove.gaviota.open_tablebase_native(str(directory))
    with pytest.raises(OSError):
        bitmove.gaviota.NativeTablebase(None)
    assert bitmove.gaviota.PythonTablebase is bitmove.gaviota.Tablebase


class _IndexOnly(chess.gaviota.PythonTablebase):
    """python-chess's prober up to the index, no file opened."""

    def _open_tablebase(self, req):
        return None


MATERIALS = [
    "QQ", "QR", "Qq", "Qp", "QP", "PP", "Pp", "BN", "Rb",
    "QQQ", "QQR", "QRR", "QRB", "QQq", "QRq", "QPp", "QQp", "QRp", "QQP", "QRP", "QPP", "PPP",
    "QPr", "PPq", "PPp", "BBn", "NNp", "qQP", "pPP",
]  # fmt: skip


def test_every_index_layout_agrees_with_python_chess():
    """Every 4- and 5-piece layout: the table, the stored side to move and the index, for
    random positions (the colours swapped in half), against python-chess's index functions."""
    names = list(chess.gaviota.EGKEY)
    oracle = _IndexOnly()
    oracle.available_tables = {name: "" for name in names}
    checked = 0
    for m, material in enumerate(MATERIALS):
        for board in random_boards(material, 150, 1000 + m):
            white = list(chess.SquareSet(board.occupied_co[chess.WHITE]))
            black = list(chess.SquareSet(board.occupied_co[chess.BLACK]))
            req = chess.gaviota.Request(
                white,
                [board.piece_type_at(s) for s in white],
                black,
                [board.piece_type_at(s) for s in black],
                0 if board.turn else 1,
            )
            oracle._setup_tablebase(req)
            idx = chess.gaviota.EGKEY[req.egkey].pctoi(req)
            ours = _gaviota._debug_index(bitmove.Board(board.fen()), names)
            assert ours == (req.egkey, req.side, idx), board.fen()
            checked += 1
    assert checked == 150 * len(MATERIALS)


def write_table(path, max_index, seed):
    """A table file in the .gtb.cp4 layout with random (compressible) values: both sides'
    blocks, each a marker byte, a zero filter byte and an LZMA-alone stream."""
    rng = random.Random(seed)
    per_side = -(-max_index // 16384)
    blocks = []
    for side in range(2):
        for b in range(per_side):
            n = min(16384, max_index - b * 16384)
            values = bytes(
                rng.choice((0, 1, 2, 5, 6, 9, 10, 13, 14, 17, 18, 4, 7)) for _ in range(64)
            )
            raw = (values * (n // 64 + 1))[:n]
            filters = [{"id": lzma.FILTER_LZMA1, "preset": 0, "dict_size": 4096}]
            packed = lzma.compress(raw, format=lzma.FORMAT_ALONE, filters=filters)
            blocks.append(b"\x00\x00" + packed)
    start = 40 + 4 * (len(blocks) + 1)
    offsets = [start]
    for block in blocks:
        offsets.append(offsets[-1] + len(block))
    header = struct.pack("<10I", 0, 0, 16384, 0, 0, 0, 0, 0, start, 4)
    path.write_bytes(header + struct.pack(f"<{len(offsets)}I", *offsets) + b"".join(blocks))


def test_made_up_four_piece_table_and_en_passant(directory, tmp_path):
    """A KPvKP table of random values beside the real KPvK: both probers read it alike,
    en passant captures (into KPvK) resolved as python-chess resolves them."""
    (tmp_path / "kpk.gtb.cp4").write_bytes((directory / "kpk.gtb.cp4").read_bytes())
    write_table(tmp_path / "kpkp.gtb.cp4", chess.gaviota.EGKEY["kpkp"].maxindex, 7)
    oracle = chess.gaviota.open_tablebase(str(tmp_path), LibraryLoader=None)
    tables = bitmove.gaviota.open_tablebase(tmp_path)
    boards = en_passant_boards(300, 3) + random_boards("Pp", 300, 4)
    changed = 0
    for board in boards:
        ours = bitmove.Board(board.fen())
        expected = oracle.probe_dtm(board)
        assert tables.probe_dtm(ours) == expected, board.fen()
        assert tables.probe_wdl(ours) == oracle.probe_wdl(board), board.fen()
        changed += board.ep_square is not None and expected != oracle._probe_dtm_no_ep(board)
    assert changed > 10, "en passant decided some of them"
    oracle.close()
    tables.close()


def test_damaged_copies_raise_value_errors(directory, tmp_path):
    data = (directory / "krk.gtb.cp4").read_bytes()
    board = bitmove.Board("8/3K4/8/8/8/4r3/4k3/8 b - - 0 1")
    rng = random.Random(11)
    for cut in range(0, 120, 7):
        (tmp_path / "krk.gtb.cp4").write_bytes(data[:cut])
        with bitmove.gaviota.open_tablebase(tmp_path) as tables, pytest.raises(ValueError):
            tables.probe_dtm(board)
    for _ in range(100):
        copy = bytearray(data)
        for _ in range(3):
            copy[rng.randrange(len(copy))] = rng.randrange(256)
        (tmp_path / "krk.gtb.cp4").write_bytes(bytes(copy))
        with bitmove.gaviota.open_tablebase(tmp_path) as tables:
            try:
                tables.probe_dtm(board)
            except ValueError:
                pass


def test_stub_lists_the_native_names():
    tree = ast.parse((Path(bitmove.__file__).parent / "_gaviota.pyi").read_text())
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    assert set(classes) == {n for n in dir(_gaviota) if not n.startswith("_")}
    members = {
        i.name
        for i in classes["Tablebase"].body
        if isinstance(i, ast.FunctionDef) and not i.name.startswith("_")
    }
    actual = {m for m in vars(_gaviota.Tablebase) if not m.startswith("_")}
    assert actual == members
