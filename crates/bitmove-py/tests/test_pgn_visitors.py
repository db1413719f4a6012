"""bitmove.pgn's visitors, exporters and tree editing against python-chess, call by call:
the same text from str(game), StringExporter and FileExporter (laid out by the Rust writer),
the same visitor calls from Game.accept and read_game(Visitor=...), the same trees after
the editing methods, on every game of tests/data and on random games."""

from __future__ import annotations

import io
import logging
import random
from pathlib import Path
from types import SimpleNamespace

import bitmove
import bitmove.pgn
import chess
import chess.engine
import chess.pgn
import pytest
from conftest import PGN_FILES as FILES
from conftest import read_games as games_of


def both(path: Path) -> list[tuple]:
    text = path.read_text(encoding="utf-8", errors="replace")
    ours, theirs = games_of(bitmove.pgn, text), games_of(chess.pgn, text)
    assert len(ours) == len(theirs), path.name
    # Only games both read without errors are compared (error handling has its own tests).
    return [(a, b) for a, b in zip(ours, theirs) if not a.errors and not b.errors]


def tracer(module):
    """A visitor of `module` that records every call (boards as FENs, moves as UCI)."""

    class Trace(module.BaseVisitor):
        def __init__(self):
            self.calls = []

        def begin_game(self):
            self.calls.append(("begin_game",))

        def begin_headers(self):
            self.calls.append(("begin_headers",))

        def visit_header(self, name, value):
            self.calls.append(("header", name, value))

        def end_headers(self):
            self.calls.append(("end_headers",))

        def visit_move(self, board, move):
            self.calls.append(("move", board.fen(), move.uci(), board.san(move)))

        def visit_board(self, board):
            self.calls.append(("board", board.fen()))

        def visit_comment(self, comment):
            self.calls.append(("comment", comment))

        def visit_nag(self, nag):
            self.calls.append(("nag", nag))

        def begin_variation(self):
            self.calls.append(("begin_variation",))

        def end_variation(self):
            self.calls.append(("end_variation",))

        def visit_result(self, result):
            self.calls.append(("result", result))

        def end_game(self):
            self.calls.append(("end_game",))

        def result(self):
            return self.calls

    return Trace


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_exporters_write_what_python_chess_writes(path, tmp_path):
    for ours, theirs in both(path):
        assert str(ours) == str(theirs)
        for options in (
            {},
            {"columns": None},
            {"columns": 20, "comments": False},
            {"headers": False, "variations": False},
            {"columns": 7, "headers": False},
        ):
            assert ours.accept(bitmove.pgn.StringExporter(**options)) == theirs.accept(
                chess.pgn.StringExporter(**options)
            ), options
        a, b = io.StringIO(), io.StringIO()
        written = ours.accept(bitmove.pgn.FileExporter(a))
        assert written == theirs.accept(chess.pgn.FileExporter(b))
        assert a.getvalue() == b.getvalue()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_visitors_get_the_calls_python_chess_makes(path):
    for ours, theirs in both(path):
        assert ours.accept(tracer(bitmove.pgn)()) == theirs.accept(tracer(chess.pgn)())
        if ours.variations and ours.variations[0].variations:
            node_a, node_b = ours.next().next(), theirs.next().next()
            assert node_a.accept(tracer(bitmove.pgn)()) == node_b.accept(tracer(chess.pgn)())
            assert str(node_a.accept_subgame(bitmove.pgn.GameBuilder())) == str(
                node_b.accept_subgame(chess.pgn.GameBuilder())
            )
        assert str(ours.mainline()) == str(theirs.mainline())


# python-chess passes over tokens it cannot read and replays the rest; bitmove reports the
# game (docs/pgn.md, "Errors"): a reading difference, not a visitor one.
UNREADABLE_TOKENS = {"chess-library-corrupted.pgn"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_read_game_drives_visitors_as_python_chess_does(path):
    if path.name in UNREADABLE_TOKENS:
        pytest.skip("python-chess skips unreadable tokens; bitmove reports them")
    text = path.read_text(encoding="utf-8", errors="replace")
    for name in ("HeadersBuilder", "BoardBuilder", "SkipVisitor"):
        ours, theirs = io.StringIO(text), io.StringIO(text)
        while True:
            a = outcome(bitmove.pgn.read_game, ours, getattr(bitmove.pgn, name))
            b = outcome(chess.pgn.read_game, theirs, getattr(chess.pgn, name))
            if name == "BoardBuilder" and hasattr(a, "fen") and hasattr(b, "fen"):
                a, b = a.fen(), b.fen()
            elif name == "HeadersBuilder" and a is not None and b is not None:
                a, b = dict(a), dict(b)
            assert a == b, name
            # After an error the two handles stand at different places (python-chess stops
            # in the middle of the game): the comparison ends there.
            if b is None or isinstance(b, tuple):
                break
    # The trace of a whole read: skipped where either reader finds an error.
    for ours, theirs in both(path):
        trace_a = bitmove.pgn.read_game(io.StringIO(str(ours)), Visitor=tracer(bitmove.pgn))
        trace_b = chess.pgn.read_game(io.StringIO(str(theirs)), Visitor=tracer(chess.pgn))
        assert trace_a == trace_b


def outcome(read_game, handle, visitor):
    """What read_game gives, or ("raised", the exception's class name)."""
    logging.disable(logging.ERROR)
    try:
        return read_game(handle, Visitor=visitor)
    except ValueError as error:
        return ("raised", type(error).__name__)
    finally:
        logging.disable(logging.NOTSET)


def random_tree(module, rng: random.Random):
    """A random game tree built with the editing methods, the same steps for both
    modules (moves chosen by python-chess's order of legal moves, by UCI)."""
    game = module.Game()
    nodes = [game]
    for _ in range(rng.randrange(1, 40)):
        node = rng.choice(nodes)
        board = node.board()
        legal = sorted(move.uci() for move in board.legal_moves)
        if not legal:
            continue
        move = module.Move.from_uci(rng.choice(legal))
        step = rng.randrange(6)
        if step == 0:
            child = node.add_main_variation(move, comment=rng.choice(["", "main", "x}y"]))
        elif step == 1:
            line = [move]
            board.push(move)
            for _ in range(rng.randrange(4)):
                more = sorted(m.uci() for m in board.legal_moves)
                if not more:
                    break
                line.append(module.Move.from_uci(rng.choice(more)))
                board.push(line[-1])
            child = node.add_line(line, starting_comment="start", comment="end", nags=[1, 146])
        else:
            child = node.add_variation(move, nags=rng.sample([1, 2, 3, 14, 146], rng.randrange(3)))
        nodes.append(child)
        if rng.random() < 0.2 and node.variations:
            other = rng.choice(node.variations)
            rng.choice([node.promote, node.demote, node.promote_to_main])(other)
        if rng.random() < 0.1:
            child.set_clock(rng.uniform(0, 8000))
            child.set_eval(module.PovScore(module.Cp(rng.randrange(-500, 500)), True), 12)
    return game


OURS = SimpleNamespace(
    Game=bitmove.pgn.Game, Move=bitmove.Move, PovScore=bitmove.pgn.PovScore, Cp=bitmove.pgn.Cp
)
THEIRS = SimpleNamespace(
    Game=chess.pgn.Game, Move=chess.Move, PovScore=chess.engine.PovScore, Cp=chess.engine.Cp
)


def test_edited_trees_write_as_python_chess_writes():
    for seed in range(150):
        ours = random_tree(OURS, random.Random(seed))
        theirs = random_tree(THEIRS, random.Random(seed))
        assert str(ours) == str(theirs), seed
        assert ours.accept(bitmove.pgn.StringExporter(columns=30)) == theirs.accept(
            chess.pgn.StringExporter(columns=30)
        )
        assert ours.accept(tracer(bitmove.pgn)()) == theirs.accept(tracer(chess.pgn)())
        end_a, end_b = ours.end(), theirs.end()
        assert end_a.ply() == end_b.ply() and end_a.turn() == end_b.turn()
        assert end_a.is_mainline() and end_b.is_mainline()


def test_games_without_the_tag_roster_write_as_python_chess_writes():
    ours, theirs = bitmove.pgn.Game.without_tag_roster(), chess.pgn.Game.without_tag_roster()
    assert str(ours) == str(theirs) == "*"
    ours.add_variation(bitmove.Move.from_uci("e2e4")).add_variation(bitmove.Move.null())
    theirs.add_variation(chess.Move.from_uci("e2e4")).add_variation(chess.Move.null())
    ours.headers["Result"] = theirs.headers["Result"] = "1-0"
    for exporter in ("StringExporter", "FileExporter"):
        a, b = io.StringIO(), io.StringIO()
        args = () if exporter == "StringExporter" else None
        made_a = getattr(bitmove.pgn, exporter)(*(args if args is not None else (a,)))
        made_b = getattr(chess.pgn, exporter)(*(args if args is not None else (b,)))
        assert ours.accept(made_a) == theirs.accept(made_b)
        assert a.getvalue() == b.getvalue()


def test_from_board_setup_and_time_control():
    board = bitmove.Board("3k4/8/4K3/8/8/8/8/2R5 b - - 0 1")
    board.push_san("Ke8")
    board.push_san("Rc8#")
    ours = bitmove.pgn.Game.from_board(board)
    theirs = chess.pgn.Game.from_board(chess.Board(board.root().fen()))
    for move in board.move_stack:
        theirs.end().add_variation(chess.Move.from_uci(move.uci()))
    theirs.headers["Result"] = "1-0"
    assert str(ours) == str(theirs)
    for fen in (chess.STARTING_FEN, "rkbqrnnb/pppppppp/8/8/8/8/PPPPPPPP/RKBQRNNB w KQkq - 0 1"):
        a, b = bitmove.pgn.Game(), chess.pgn.Game()
        a.setup(fen)
        b.setup(fen)
        assert dict(a.headers) == dict(b.headers)
    for text in ("", "?", "-", "300+3", "40/7200:3600", "40/7200:20/3600:900+30", "60+5d"):
        ours_tc = bitmove.pgn.parse_time_control(text)
        theirs_tc = chess.pgn.parse_time_control(text)
        assert ours_tc.type.name == theirs_tc.type.name
        assert [vars(p) for p in ours_tc.parts] == [vars(p) for p in theirs_tc.parts]
    for bad in ("300+a", "600:20/180", "abc", "40/abc"):
        with pytest.raises(ValueError):
            bitmove.pgn.parse_time_control(bad)


def test_annotation_setters_edit_comments_as_python_chess_does():
    rng = random.Random(7)
    for _ in range(300):
        comment = rng.choice(["", "foo", "a [%clk 1:00:00] b", "[%eval 0.5] x\n", "[%emt 0:00:03]"])
        ours, theirs = bitmove.pgn.Game(), chess.pgn.Game()
        ours.comment = theirs.comment = comment
        seconds = rng.choice([None, 0, -5, 12345, 6.54321, 59.9999])
        which = rng.choice(["set_clock", "set_emt"])
        getattr(ours, which)(seconds)
        getattr(theirs, which)(seconds)
        assert ours.comment == theirs.comment
        assert ours.clock() == theirs.clock() and ours.emt() == theirs.emt()
        cp = rng.randrange(-400, 400)
        ours.set_eval(bitmove.pgn.PovScore(bitmove.pgn.Cp(cp), True), rng.choice([None, 3]))
        theirs.set_eval(chess.engine.PovScore(chess.engine.Cp(cp), True), ours.eval_depth())
        assert ours.comment == theirs.comment
        ours.set_eval(None)
        theirs.set_eval(None)
        assert ours.comment == theirs.comment


def test_visitors_that_raise_and_exporters_on_closed_files_raise_python_errors():
    game = bitmove.pgn.read_game(io.StringIO("1. e4 { a } e5 ( 1... c5 ) 2. Nf3 *"))

    class Boom(bitmove.pgn.BaseVisitor):
        def visit_move(self, board, move):
            raise RuntimeError("boom")

        def result(self):
            return None

    with pytest.raises(RuntimeError, match="boom"):
        game.accept(Boom())
    with pytest.raises(RuntimeError, match="boom"):
        bitmove.pgn.read_game(io.StringIO("1. e4 e5 *"), Visitor=Boom)
    handle = io.StringIO()
    handle.close()
    with pytest.raises(ValueError):
        game.accept(bitmove.pgn.FileExporter(handle))
    with pytest.raises(ValueError):
        bitmove.pgn.StringExporter(columns=-1)
    with pytest.raises(ValueError):
        game.headers["bad tag"] = "x"
    with pytest.raises(ValueError):
        game.headers["Fine"] = "line\nbreak"
