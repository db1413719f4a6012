"""bitmove.pgn against python-chess on every game of the real PGN files in tests/data/pgn:
read_game (headers, the whole tree of moves, comments, NAGs, clocks, evals, final FEN,
errors), the bulk readers games() and positions() (against the same encoding done with
python-chess and NumPy), and hand-made broken games."""

from __future__ import annotations

import gzip
import io
import math
import re
from pathlib import Path

import bitmove
import bitmove.pgn
import bitmove.vocab
import numpy as np
import pytest
from zstd_frames import write_zst, zstd_cli_agrees

chess = pytest.importorskip("chess")
chess_pgn = pytest.importorskip("chess.pgn")

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "pgn"
FILES = sorted(p.name for p in DATA.glob("*.pgn"))

# Variants bitmove plays; a game of another variant is an error for bitmove, while
# python-chess plays it.
PLAYED = {"", "standard", "chess", "classical", "normal", "illegal", "from position"}
PLAYED |= {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"}
# The lichess variants (their mainlines: bitmove's reader skips variations of variant games).
VARIANTS = {"atomic", "antichess", "crazyhouse", "three-check", "king of the hill", "horde"}
VARIANTS |= {"racing kings", "3check", "kingofthehill", "racingkings"}
PLAYED |= VARIANTS


def is_variant(game) -> bool:
    return game.headers.get("Variant", "").lower() in VARIANTS


# Games bitmove reports as errors and python-chess, which skips text it cannot read, does
# not: (file, game index) -> why.
# Games where the bulk readers (`pgn.games`, the Rust reader's records) report an error
# python-chess does not: they report words without a move, such as "Kx", which `read_game`
# passes over as python-chess does.
KNOWN_ERRORS = {("chess-library-corrupted.pgn", 0): 'the unreadable token "Kx"'}


def decode(data: bytes) -> str:
    """Line by line, UTF-8 or else Latin-1 (the files have both)."""
    lines = []
    for line in data.splitlines(keepends=True):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("latin-1"))
    return "".join(lines)


def text_handle(name: str) -> io.StringIO:
    return io.StringIO(decode((DATA / name).read_bytes()), newline=None)


def read_all(read, handle):
    games = []
    while (game := read(handle)) is not None:
        games.append(game)
    return games


def expected_error(name, index, theirs, variants=True) -> bool:
    """Whether bitmove reports an error for the game: python-chess does, or the game is of
    a variant bitmove's reader does not play here (`read_game` plays the lichess variants;
    the bulk readers, `variants=False`, play standard chess and Chess960 only)."""
    variant = theirs.headers.get("Variant", "").lower()
    played = PLAYED if variants else PLAYED - VARIANTS
    known = not variants and (name, index) in KNOWN_ERRORS
    return bool(theirs.errors) or variant not in played or known


def same_tree(ours, theirs, where):
    # A walk with a stack, not recursion: a long game is a chain of thousands of nodes.
    # Nodes are named by their depth and their index among their siblings.
    stack = [(ours, theirs, 0, 0)]
    while stack:
        ours, theirs, depth, n = stack.pop()
        at = (*where, depth, n)
        assert ours.comment == theirs.comment, at
        assert ours.nags == theirs.nags, at
        assert [v.move.uci() for v in ours.variations] == [
            v.move.uci() for v in theirs.variations
        ], at
        for n, (mine, their) in enumerate(zip(ours.variations, theirs.variations)):
            assert mine.starting_comment == their.starting_comment, (*at, n)
            stack.append((mine, their, depth + 1, n))


def score_of(score):
    if score is None:
        return None
    white = score.white()
    return ("mate", white.mate()) if white.is_mate() else ("cp", white.score())


@pytest.fixture(scope="module", params=FILES)
def both(request):
    name = request.param
    ours = read_all(bitmove.pgn.read_game, text_handle(name))
    theirs = read_all(chess_pgn.read_game, text_handle(name))
    return name, ours, theirs


def test_read_game_finds_the_same_games_headers_and_errors(both):
    name, ours, theirs = both
    assert len(ours) == len(theirs), name
    for index, (mine, their) in enumerate(zip(ours, theirs)):
        where = (name, index)
        assert list(mine.headers.items()) == list(their.headers.items()), where
        assert bool(mine.errors) == expected_error(name, index, their), (where, mine.errors)
        for error in mine.errors:
            assert isinstance(error, ValueError), where


def test_read_game_gives_the_same_tree_boards_clocks_and_evals(both):
    name, ours, theirs = both
    for index, (mine, their) in enumerate(zip(ours, theirs)):
        if mine.errors:
            continue
        where = (name, index)
        assert mine.board().fen() == their.board().fen(), where
        assert [m.uci() for m in mine.mainline_moves()] == [m.uci() for m in their.mainline_moves()]
        if is_variant(their):
            assert type(mine.board()).__name__ == type(their.board()).__name__, where
            assert mine.end().board().fen() == their.end().board().fen(), where
            continue
        same_tree(mine, their, where)
        for ply, (node, other) in enumerate(zip(mine.mainline(), their.mainline())):
            assert node.ply() == other.ply(), (*where, ply)
            assert node.clock() == other.clock(), (*where, ply)
            assert score_of(node.eval()) == score_of(other.eval()), (*where, ply)
            assert node.is_mainline() and node.parent.next() is node
        assert mine.end().board().fen() == their.end().board().fen(), where
        if all(m for m in their.mainline_moves()):  # no null move
            stack = their.end().board().move_stack
            assert mine.end().board().move_stack == [bitmove.Move.from_uci(m.uci()) for m in stack]


def test_boards_inside_variations(both):
    name, ours, theirs = both

    def walk(mine, their, where):
        for n, (a, b) in enumerate(zip(mine.variations, their.variations)):
            assert a.board().fen() == b.board().fen(), (*where, n)
            assert a.san() == b.san(), (*where, n)
            walk(a, b, (*where, n))

    for index, (mine, their) in enumerate(zip(ours, theirs)):
        if not mine.errors and any(len(node.variations) > 1 for node in [mine, *mine.mainline()]):
            walk(mine, their, (name, index))


def test_games_before_an_error_keep_their_moves(both):
    name, ours, theirs = both
    for index, (mine, their) in enumerate(zip(ours, theirs)):
        if mine.errors and their.errors:
            ucis = [m.uci() for m in mine.mainline_moves()]
            assert ucis == [m.uci() for m in their.mainline_moves()][: len(ucis)], (name, index)


@pytest.mark.parametrize("name", FILES)
def test_read_game_reads_exactly_one_game_per_call(name):
    """Alternating bitmove and python-chess on one handle gives python-chess's games."""
    alone = read_all(chess_pgn.read_game, text_handle(name))
    handle = text_handle(name)
    mixed = []
    for n in range(len(alone) + 1):
        game = (bitmove.pgn.read_game if n % 2 == 0 else chess_pgn.read_game)(handle)
        if game is None:
            break
        mixed.append(list(game.headers.items()))
    assert mixed == [list(g.headers.items()) for g in alone], name


@pytest.mark.parametrize(
    "name", ["masters-carlsen-30.pgn", "lichess-2021-10-30.pgn", "chesslib-redqueen-3.pgn"]
)
def test_binary_and_text_files_read_the_same(name):
    with open(DATA / name, "rb") as binary:
        from_bytes = read_all(bitmove.pgn.read_game, binary)
    with open(DATA / name, encoding="utf-8") as text:
        from_text = read_all(bitmove.pgn.read_game, text)
    assert len(from_bytes) == len(from_text) > 0
    for a, b in zip(from_bytes, from_text):
        assert dict(a.headers) == dict(b.headers)
        assert list(a.mainline_moves()) == list(b.mainline_moves())
        assert [n.comment for n in a.mainline()] == [n.comment for n in b.mainline()]


def test_a_game_without_the_blank_line_before_the_next_tags():
    text = '[Event "a"]\n\n1. e4 e5 *\n[Event "b"]\n\n1. d4 *\n'
    handle = io.StringIO(text)
    first = bitmove.pgn.read_game(handle)
    second = bitmove.pgn.read_game(handle)
    assert bitmove.pgn.read_game(handle) is None
    assert (first.headers["Event"], second.headers["Event"]) == ("a", "b")
    assert [m.uci() for m in second.mainline_moves()] == ["d2d4"]


BROKEN = [
    ("1. e4 e5 2. Ke3 Nc6 *", bitmove.IllegalMoveError, ["e2e4", "e7e5"]),
    ("1. Nf3 d5 2. Nc3 e5 3. Bb5 *", bitmove.IllegalMoveError, ["g1f3", "d7d5", "b1c3", "e7e5"]),
    ("1. e4 e5 2. Nf3 Nf6 3. Nc3 Nc6 4. Nd5 Nd4 5. Ne5 Nxe4 6. Nf3 *", None, None),
    ("1. e4 Xyz9 *", None, None),  # no move in the word: passed over, as python-chess does
    ('[Variant "Bughouse"]\n\n1. e4 *', ValueError, []),
    ('[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *', ValueError, []),
    ("1. e4 { never closed", ValueError, ["e2e4"]),
]


@pytest.mark.parametrize("text, error, moves", BROKEN)
def test_broken_games_are_errors_with_the_moves_before(text, error, moves):
    game = bitmove.pgn.read_game(io.StringIO(text + "\n"))
    their = chess_pgn.read_game(io.StringIO(text + "\n"))
    if error is None:
        assert game.errors == [] and their.errors == []
        return
    assert len(game.errors) == 1 and isinstance(game.errors[0], error), game.errors
    assert [m.uci() for m in game.mainline_moves()] == moves
    if error is bitmove.IllegalMoveError:
        assert their.errors  # python-chess sees an error there too
        assert [m.uci() for m in their.mainline_moves()][: len(moves)] == moves


def test_an_ambiguous_move():
    game = bitmove.pgn.read_game(
        io.StringIO('[FEN "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1"]\n\n1. Nb3 *\n')
    )
    assert isinstance(game.errors[0], bitmove.AmbiguousMoveError)


def test_headers_defaults_and_order():
    game = bitmove.pgn.read_game(io.StringIO('[Black "B"]\n[Foo "x \\"y\\""]\n\n1. e4 *\n'))
    their = chess_pgn.read_game(io.StringIO('[Black "B"]\n[Foo "x \\"y\\""]\n\n1. e4 *\n'))
    assert list(game.headers.items()) == list(their.headers.items())
    assert game.headers["Foo"] == 'x \\"y\\"'  # kept as written, as python-chess keeps it
    assert bitmove.pgn.Headers()["Date"] == "????.??.??"


def test_null_moves_and_their_boards():
    text = "1. e4 -- 2. d4 Z0 3. Nf3 *\n"
    game = bitmove.pgn.read_game(io.StringIO(text))
    their = chess_pgn.read_game(io.StringIO(text))
    assert [m.uci() for m in game.mainline_moves()] == [m.uci() for m in their.mainline_moves()]
    assert not game.errors
    for node, other in zip(game.mainline(), their.mainline()):
        assert node.board().fen() == other.board().fen()


def test_scores_are_python_chess_pov_scores():
    game = bitmove.pgn.read_game(io.StringIO("1. e4 { [%eval -0.5] } e5 { [%eval #-3] } *\n"))
    first, second = game.mainline()
    assert first.eval().white().score() == -50 and first.eval().black().score() == 50
    assert first.eval().pov(chess.BLACK) == bitmove.pgn.Cp(50)
    assert second.eval().white().mate() == -3 and second.eval().is_mate()
    assert second.eval().black() == bitmove.pgn.Mate(3)


EVAL_TEXTS = [
    "[%eval 0.17]",
    "[%eval -0.5]",
    "[%eval 0]",
    "[%eval 0.00,30]",
    "[%eval 0,1]",
    "[%eval -77,23]",
    "[%eval #3]",
    "[%eval #-4]",
    "[%eval #0]",
    "[%eval #+2,40]",
    "[%eval +1.5] [%eval 2]",
    "[%eval 0.123]",
    "no eval",
]


@pytest.mark.parametrize("text", EVAL_TEXTS)
def test_scores_match_python_chess_from_either_side(text):
    # After White's move (Black to move) and after Black's: python-chess keeps the score
    # relative to the side to move, and the mated side of `#0` is the side to move.
    pgn = f"1. e4 {{ {text} }} e5 {{ {text} }} *\n"
    mine = list(bitmove.pgn.read_game(io.StringIO(pgn)).mainline())
    theirs = list(chess.pgn.read_game(io.StringIO(pgn)).mainline())
    for node, other in zip(mine, theirs):
        ours, expected = node.eval(), other.eval()
        assert (ours is None) == (expected is None), text
        assert node.eval_depth() == other.eval_depth(), text
        if expected is None:
            continue
        assert ours.turn == expected.turn, text
        assert repr(ours) == repr(expected), text
        assert str(ours.relative) == str(expected.relative), text
        for side in (chess.WHITE, chess.BLACK):
            mine_score, their_score = ours.pov(side), expected.pov(side)
            assert repr(mine_score) == repr(their_score), (text, side)
            assert mine_score == their_score and their_score == mine_score, (text, side)
            assert mine_score.score(mate_score=1000) == their_score.score(mate_score=1000)
            assert mine_score.mate() == their_score.mate(), (text, side)


def test_scores_print_as_python_chess_prints_them():
    Cp, Mate = bitmove.pgn.Cp, bitmove.pgn.Mate
    for ours, theirs in [
        (Cp(0), chess.engine.Cp(0)),
        (Cp(17), chess.engine.Cp(17)),
        (Cp(-5), chess.engine.Cp(-5)),
        (Mate(3), chess.engine.Mate(3)),
        (Mate(-2), chess.engine.Mate(-2)),
        (Mate(0), chess.engine.Mate(0)),
        (-Mate(0), -chess.engine.Mate(0)),
        (bitmove.pgn.MateGiven, chess.engine.MateGiven),
    ]:
        assert (repr(ours), str(ours)) == (repr(theirs), str(theirs))
        negated_twice = -(-ours)  # noqa: B002 (two negations, not a decrement)
        assert ours == theirs and theirs == ours and hash(ours) == hash(negated_twice)
        assert ours.mate() == theirs.mate() and ours.score() == theirs.score()
        assert ours.score(mate_score=500) == theirs.score(mate_score=500)
    assert Cp(1) != chess.engine.Cp(2) and Mate(1) != chess.engine.MateGiven


def test_read_game_passes_readline_errors_on():
    class Broken:
        def readline(self):
            raise OSError("disk on fire")

    with pytest.raises(OSError, match="disk on fire"):
        bitmove.pgn.read_game(Broken())

    class Odd:
        def readline(self):
            return 42

    with pytest.raises(TypeError):
        bitmove.pgn.read_game(Odd())


# ------------------------------------------------------------------------------------
# games()


DEFAULT_TAGS = dict(bitmove.pgn.Headers())


@pytest.mark.parametrize("name", FILES)
def test_games_records_match_python_chess(name):
    theirs = read_all(chess_pgn.read_game, text_handle(name))
    ours = list(bitmove.pgn.games(DATA / name, threads=2))
    assert len(ours) == len(theirs)
    for index, (record, their) in enumerate(zip(ours, theirs)):
        where = (name, index)
        assert record.index == index
        # The tags present; python-chess adds the roster's defaults for the others. Records
        # hold tag values unescaped (`\\"` is `"`, as the PGN standard says); python-chess
        # and read_game keep the backslashes.
        their_tags = {k: re.sub(r'\\(["\\])', r"\1", v) for k, v in their.headers.items()}
        for tag, value in record.headers.items():
            if tag != "Result":
                assert their_tags.get(tag) == value, where
        assert bool(record.errors) == expected_error(name, index, their, False), where
        if record.errors:
            continue
        assert record.result == their.headers["Result"], where
        nodes = list(their.mainline())
        assert record.moves == [n.move.uci() for n in nodes], where
        assert record.clocks == [n.clock() for n in nodes], where
        evals = []
        for n in nodes:
            score = n.eval()
            if score is None:
                evals.append(None)
            elif score.white().is_mate():
                evals.append(f"#{score.white().mate()}")
            else:
                evals.append(score.white().score() / 100)
        assert record.evals == evals, where


def test_games_threads_give_the_same_records():
    path = DATA / "lichess-2021-10-30.pgn"
    one = [(r.index, r.moves, r.clocks) for r in bitmove.pgn.games(path, threads=1)]
    two = [(r.index, r.moves, r.clocks) for r in bitmove.pgn.games(path, threads=2)]
    assert one == two and len(one) == 30


def test_a_record_builds_each_field_once():
    """A record's lists and dict are built when first read and then kept: reading a field
    twice gives the same object."""
    record = next(iter(bitmove.pgn.games(DATA / "lichess-evals-clocks-20.pgn")))
    for name in ("headers", "moves", "clocks", "evals", "errors"):
        assert getattr(record, name) is getattr(record, name), name


def test_compressed_files_read_as_plain_ones(tmp_path):
    plain_path = DATA / "lichess-2021-10-30.pgn"
    packed_path = write_zst(plain_path, tmp_path / "lichess.pgn.zst")
    assert zstd_cli_agrees(packed_path, plain_path.read_bytes()) in (None, True)
    plain = [(r.headers, r.moves, r.clocks) for r in bitmove.pgn.games(plain_path)]
    packed = [(r.headers, r.moves, r.clocks) for r in bitmove.pgn.games(packed_path)]
    assert plain == packed and len(plain) == 30
    a = next(bitmove.pgn.positions(plain_path, columns=["fen", "move"]))
    b = next(bitmove.pgn.positions(packed_path, columns=["fen", "move"]))
    assert list(a["fen"]) == list(b["fen"]) and (a["move"] == b["move"]).all()
    gz = tmp_path / "lichess.pgn.gz"
    gz.write_bytes(gzip.compress(plain_path.read_bytes()))
    assert [(r.headers, r.moves, r.clocks) for r in bitmove.pgn.games(gz)] == plain


def test_a_corrupt_zst_file_is_an_os_error(tmp_path):
    path = tmp_path / "bad.pgn.zst"
    path.write_bytes(b"\x28\xb5\x2f\xfd" + bytes(range(200)))
    with pytest.raises(OSError):
        list(bitmove.pgn.games(path))
    with pytest.raises(OSError):
        list(bitmove.pgn.positions(path))


def test_bulk_readers_refuse_bad_arguments(tmp_path):
    with pytest.raises(FileNotFoundError):
        bitmove.pgn.games(tmp_path / "missing.pgn")
    with pytest.raises(FileNotFoundError):
        bitmove.pgn.positions(tmp_path / "missing.pgn")
    path = DATA / "chesslib-z0.pgn"
    with pytest.raises(ValueError):
        bitmove.pgn.games(path, threads=0)
    with pytest.raises(ValueError):
        bitmove.pgn.positions(path, vocab="lc0")
    with pytest.raises(ValueError):
        bitmove.pgn.positions(path, columns=["planes", "colour"])
    with pytest.raises(ValueError):
        bitmove.pgn.positions(path, batch_size=0)
    with pytest.raises(ValueError):
        bitmove.pgn.positions(path, format="pandas")


# ------------------------------------------------------------------------------------
# positions(): the same encoding done with python-chess and NumPy


def independent_uci1968() -> list[str]:
    """DeepMind's order, built from python-chess's attack tables."""
    moves = []
    board = chess.BaseBoard.empty()
    for square in chess.SQUARES:
        targets = []
        for symbol in "QN":
            board.set_piece_at(square, chess.Piece.from_symbol(symbol))
            targets += list(board.attacks(square))
        board.remove_piece_at(square)
        moves += [chess.square_name(square) + chess.square_name(t) for t in targets]
    for rank, last in (("2", "1"), ("7", "8")):
        for f, file in enumerate("abcdefgh"):
            for target in (f, f - 1, f + 1):
                if 0 <= target < 8:
                    moves += [f"{file}{rank}{'abcdefgh'[target]}{last}{p}" for p in "qrbn"]
    return moves


def test_uci1968_is_deepminds_vocabulary():
    theirs = independent_uci1968()
    assert len(theirs) == len(set(theirs)) == 1968
    assert list(bitmove.vocab.uci1968) == theirs
    for index in (0, 877, 1791, 1792, 1967):
        assert bitmove.vocab.uci1968.index(theirs[index]) == index
        assert bitmove.vocab.uci1968.move(index).uci() == theirs[index]
    assert bitmove.vocab.uci1968.index(bitmove.Move.from_uci("e2e4")) == theirs.index("e2e4")
    assert "a1h7" not in bitmove.vocab.uci1968
    with pytest.raises(ValueError):
        bitmove.vocab.uci1968.index("a1h7")


def test_from_to_vocabulary():
    vocab = bitmove.vocab.from_to
    assert len(vocab) == 4096
    for square in (0, 12, 63):
        for target in (0, 28, 63):
            uci = chess.square_name(square) + chess.square_name(target)
            assert vocab[square * 64 + target] == uci
            assert vocab.index(uci) == square * 64 + target
    assert vocab.index("e7e8n") == vocab.index("e7e8")


def python_chess_columns(name, vocab_name):
    """What positions() should give, computed with python-chess and NumPy."""
    vocab = independent_uci1968() if vocab_name == "uci1968" else None

    def index(uci):
        if vocab is not None:
            return vocab.index(uci)
        move = chess.Move.from_uci(uci)
        return move.from_square * 64 + move.to_square

    size = 1968 if vocab is not None else 4096
    rows = {c: [] for c in bitmove.pgn.COLUMNS}
    results = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
    for game_index, game in enumerate(read_all(chess_pgn.read_game, text_handle(name))):
        if expected_error(name, game_index, game, False):
            continue
        board = game.board()

        def elo(tag, game=game):
            try:
                return int(game.headers.get(tag, ""))
            except ValueError:
                return -1

        for ply, node in enumerate(game.mainline()):
            planes = np.zeros((12, 64), dtype=bool)
            for square, piece in board.piece_map().items():
                planes[(0 if piece.color else 6) + piece.piece_type - 1, square] = True
            mask = np.zeros(size, dtype=bool)
            for move in board.legal_moves:
                mask[index(move.uci())] = True
            score = node.eval()
            white = score.white() if score is not None else None
            rows["game"].append(game_index)
            rows["ply"].append(ply)
            rows["fen"].append(board.fen())
            rows["planes"].append(planes.reshape(12, 8, 8))
            rows["move"].append(-1 if not node.move else index(node.move.uci()))
            rows["mask"].append(mask)
            rows["turn"].append(board.turn)
            rows["result"].append(results.get(game.headers["Result"], -2))
            rows["white_elo"].append(elo("WhiteElo"))
            rows["black_elo"].append(elo("BlackElo"))
            rows["clock"].append(math.nan if node.clock() is None else node.clock())
            rows["eval"].append(
                math.nan if white is None or white.is_mate() else white.score() / 100
            )
            rows["mate"].append(white.mate() if white is not None and white.is_mate() else 0)
            board.push(node.move)
    return rows


@pytest.mark.parametrize(
    "name, vocab",
    [
        ("lichess-2021-10-30.pgn", "uci1968"),
        ("lichess-evals-clocks-20.pgn", "from_to"),
        ("tcec-frc-1.pgn", "uci1968"),
        ("chesslib-z0.pgn", "uci1968"),
        ("masters-carlsen-30.pgn", "from_to"),
        ("chesslib-promoting.pgn", "uci1968"),
    ],
)
def test_positions_match_python_chess_and_numpy(name, vocab):
    expected = python_chess_columns(name, vocab)
    batches = list(bitmove.pgn.positions(DATA / name, batch_size=97, threads=2, vocab=vocab))
    assert all(len(b["game"]) <= 97 for b in batches)
    got = (
        {c: np.concatenate([b[c] for b in batches]) for c in bitmove.pgn.COLUMNS}
        if batches
        else None
    )
    assert got is not None and len(got["game"]) == len(expected["game"]) > 0
    for column in bitmove.pgn.COLUMNS:
        want = np.array(expected[column])
        if column in ("clock", "eval"):
            np.testing.assert_array_equal(np.isnan(got[column]), np.isnan(want), err_msg=column)
            np.testing.assert_allclose(
                got[column][~np.isnan(want)], want[~np.isnan(want)], err_msg=column
            )
        else:
            assert got[column].shape == want.shape, column
            assert (got[column] == want).all(), column
    assert (
        got["planes"].dtype == bool and got["mask"].dtype == bool and got["move"].dtype == np.int32
    )


def test_one_batch_encoded_on_threads_equals_small_batches(tmp_path):
    """A batch large enough to be encoded on two threads (each writing its own rows of the
    arrays) gives what small batches encoded on one thread give, row for row, whether the
    small batches are kept or let go."""
    files = ["masters-carlsen-30.pgn", "lichess-2021-10-30.pgn"]
    path = tmp_path / "both.pgn"
    path.write_text(
        "\n\n".join((DATA / name).read_text(encoding="utf-8") for name in files), encoding="utf-8"
    )
    (whole,) = list(bitmove.pgn.positions(path, threads=2))
    # Kept batches (each keeps its own arrays) and batches let go as the loop goes on (their
    # arrays are written again for later batches, zeroed first): the same rows.
    kept = list(bitmove.pgn.positions(path, batch_size=97, threads=1))
    copied, addresses = [], set()
    for batch in bitmove.pgn.positions(path, batch_size=97, threads=1):
        copied.append({c: batch[c].copy() for c in bitmove.pgn.COLUMNS})
        addresses.add(batch["mask"].__array_interface__["data"][0])
    assert len(addresses) < len(copied) / 2  # the arrays' memory was used again
    assert len(whole["game"]) > 3000  # cut into runs of rows for two encoding threads
    for small in (kept, copied):
        for column in bitmove.pgn.COLUMNS:
            joined = np.concatenate([b[column] for b in small])
            if whole[column].dtype == np.float64:
                np.testing.assert_array_equal(whole[column], joined, err_msg=column)
            else:
                assert whole[column].shape == joined.shape, column
                assert (whole[column] == joined).all(), column


def test_positions_columns_and_arrow():
    path = DATA / "lichess-2021-10-30.pgn"
    batch = next(bitmove.pgn.positions(path, columns=["move", "game"], vocab="from_to"))
    assert list(batch) == ["move", "game"]
    pa = pytest.importorskip("pyarrow")
    full = next(bitmove.pgn.positions(path, batch_size=50))
    record = next(bitmove.pgn.positions(path, batch_size=50, format="arrow"))
    assert isinstance(record, pa.RecordBatch) and record.num_rows == 50
    assert record.schema.names == list(bitmove.pgn.COLUMNS)
    planes = np.array(record.column("planes").flatten()).reshape(50, 12, 8, 8)
    assert (planes == full["planes"]).all()
    assert record.column("fen").to_pylist() == list(full["fen"])


INTERRUPTED_CHILD = """
import sys, time
import bitmove.pgn
batches = bitmove.pgn.positions(sys.argv[1], batch_size=10**8, threads=2, columns=["fen", "move"])
print("started", flush=True)
began = time.monotonic()
try:
    next(batches)  # one call over the whole file: minutes of work
except KeyboardInterrupt:
    print("interrupted after %.3f" % (time.monotonic() - began), flush=True)
    sys.exit(0)
print("finished?!", flush=True)
sys.exit(1)
"""


def test_ctrl_c_stops_positions(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    big = tmp_path / "big.pgn"
    chunk = (DATA / "lichess-2021-10-30.pgn").read_bytes()
    with open(big, "wb") as out:
        for _ in range(1000):
            out.write(chunk)
            out.write(b"\n\n")
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_CHILD, str(big)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().strip()
        assert child.wait(timeout=30) == 0, line
        assert line.startswith("interrupted after"), line
        assert float(line.split()[-1]) < 5.0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("threads", [1, 2])
def test_bulk_readers_tell_the_files_bytes_read(tmp_path, threads):
    plain = DATA / "lichess-2021-10-30.pgn"
    packed = write_zst(plain, tmp_path / "packed.pgn.zst")
    for path in (plain, packed):
        size = path.stat().st_size
        records = bitmove.pgn.games(path, threads=threads)
        first = next(records)
        assert first.moves and 0 < records.file_bytes_read <= size
        assert sum(1 for _ in records) == 29
        assert records.file_bytes_read == size, path.name
        batches = bitmove.pgn.positions(path, threads=threads, batch_size=100, columns=["ply"])
        assert batches.file_bytes_read == 0 or batches.file_bytes_read <= size
        assert sum(len(b["ply"]) for b in batches) > 1000
        assert batches.file_bytes_read == size, path.name
        assert batches.bytes_read == plain.stat().st_size, path.name


GAMES_CHILD = """
import sys, time
import bitmove.pgn
records = bitmove.pgn.games(sys.argv[1], threads=int(sys.argv[2]))
read = 0
try:
    for record in records:
        if read == 0:
            print("started", flush=True)
        read += 1
        time.sleep(0.0005)  # a slow consumer: the reader's threads wait on it
except KeyboardInterrupt:
    stopped = time.monotonic()
    del records  # the reader's threads stop with it
    print("interrupted after %d games %.3f" % (read, time.monotonic() - stopped), flush=True)
    sys.exit(0)
print("finished?!", flush=True)
sys.exit(1)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_games(tmp_path, threads):
    import signal
    import subprocess
    import sys
    import time

    big = tmp_path / "big.pgn"
    chunk = (DATA / "lichess-2021-10-30.pgn").read_bytes()
    big.write_bytes(b"\n\n".join([chunk] * 1000))  # 30,000 games: 15 s of this consumer
    child = subprocess.Popen(
        [sys.executable, "-c", GAMES_CHILD, str(big), str(threads)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().strip()
        assert child.wait(timeout=30) == 0, line
        assert time.monotonic() - sent < 10.0
        assert line.startswith("interrupted after"), line
        assert 0 < int(line.split()[2]) < 30_000, line
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


PIECES_OF_PGN = [
    b'[Event "x"]\n',
    b'[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n',
    b'[Variant "Chess960"]\n',
    b"\n",
    b"1. e4 ",
    b"e5 ",
    b"Nf3 ",
    b"(",
    b")",
    b"{ [%clk 0:00:0",
    b"}",
    b"$1 ",
    b"-- ",
    b"O-O ",
    b"1-0",
    b"\xff\xfe",
    b"\r\n",
    b"%",
    b";",
]


@pytest.mark.parametrize("seed", range(3))
def test_no_input_breaks_the_readers(seed, tmp_path):
    """Random PGN-ish bytes: read_game, games and positions finish, never raising."""
    import random

    rng = random.Random(seed)
    for n in range(60):
        data = b"".join(rng.choice(PIECES_OF_PGN) for _ in range(rng.randrange(80)))
        if rng.random() < 0.2:
            data += bytes(rng.randrange(256) for _ in range(20))
        handle = io.BytesIO(data)
        games = read_all(bitmove.pgn.read_game, handle)
        for game in games:
            try:
                game.end().board()
                for node in game.mainline():
                    node.clock(), node.eval(), node.san()
            except ValueError:
                # A bad FEN tag: the game has no board, as in python-chess.
                assert game.errors
        path = tmp_path / f"{n}.pgn"
        path.write_bytes(data)
        records = list(bitmove.pgn.games(path, threads=2))
        assert len(records) == len(games)
        for batch in bitmove.pgn.positions(path, batch_size=7):
            assert len(batch["move"]) <= 7


@pytest.mark.parametrize("text", ["1. e4!? e5?? 2. Qh5!! *", "1. e4!+? *", "1. e4+!? e5 *"])
def test_move_suffixes_are_the_nags_python_chess_reads(text):
    ours = bitmove.pgn.read_game(io.StringIO(text + "\n"))
    theirs = chess_pgn.read_game(io.StringIO(text + "\n"))
    assert [sorted(n.nags) for n in ours.mainline()] == [sorted(n.nags) for n in theirs.mainline()]
