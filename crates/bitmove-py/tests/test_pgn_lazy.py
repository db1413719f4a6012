"""read_game keeps a game's moves in Rust until its nodes are asked for. Whatever the order of
calls, a game must behave as one whose nodes were made at once, and as python-chess's: the
same mainline moves, the same text from str(game), the same tree; edits before or after the
nodes are made count."""

from __future__ import annotations

import copy
import io
import pickle

import bitmove.pgn
import chess.pgn
import pytest
from conftest import PGN_FILES as FILES
from conftest import read_games as read_all


def tree_of(node) -> list:
    """A node's subtree in preorder: depth, move, comments, NAGs of each node (without
    recursion: a game may be thousands of moves long)."""
    out = []
    stack = [(child, 1) for child in reversed(node.variations)]
    while stack:
        child, depth = stack.pop()
        out.append(
            (depth, child.move.uci(), child.starting_comment, child.comment, sorted(child.nags))
        )
        stack.extend((grandchild, depth + 1) for grandchild in reversed(child.variations))
    return out


def text_or_error(game) -> str:
    try:
        return str(game)
    except Exception as error:  # noqa: BLE001 - the kind of failure is compared
        return f"raises {type(error).__name__}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_untouched_and_made_games_agree_with_python_chess(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    lazy, made, theirs = (
        read_all(bitmove.pgn, text),
        read_all(bitmove.pgn, text),
        read_all(chess.pgn, text),
    )
    assert len(lazy) == len(made) == len(theirs)
    for i, (a, b, c) in enumerate(zip(lazy, made, theirs)):
        where = f"{path.name} game {i}"
        b.variations  # noqa: B018 - makes the nodes
        assert b._lazy is None
        moves = [m.uci() for m in a.mainline_moves()]
        assert moves == [m.uci() for m in b.mainline_moves()], where
        if not a.errors and not c.errors:
            assert moves == [m.uci() for m in c.mainline_moves()], where
        mainline = a.mainline_moves()
        assert len(mainline) == len(moves) and bool(mainline) == bool(moves), where
        assert [m.uci() for m in reversed(mainline)] == moves[::-1], where
        assert [m.uci() for m in mainline[1:3]] == moves[1:3], where
        # Written untouched (from the Rust tree) and after the nodes are made: the same text,
        # python-chess's for the games both read.
        written = text_or_error(a)
        assert written == text_or_error(b), where
        if not a.errors and not c.errors:
            assert written == str(c), where
        assert a.comment == c.comment and a.nags == c.nags, where
        assert dict(a.headers) == dict(b.headers), where
        # Asking for the nodes afterwards gives the tree python-chess reads.
        assert tree_of(a) == tree_of(b), where
        if not a.errors and not c.errors:
            assert tree_of(a) == tree_of(c), where


def first_game(text: str):
    return bitmove.pgn.read_game(io.StringIO(text))


TEXT = """[Event "E"]
[White "A"]
[Result "1-0"]

{ before } 1. e4 $1 { [%clk 0:03:00] } e5 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6 ( 2... d6 ) 3. Bb5 1-0
"""


def test_edits_of_an_untouched_game_are_written():
    theirs = chess.pgn.read_game(io.StringIO(TEXT))
    ours = first_game(TEXT)
    for game in (ours, theirs):
        game.headers["White"] = "Someone else"
        game.headers["Annotator"] = "me"
        del game.headers["Event"]
        game.comment = "a new first comment"
    assert ours._lazy is not None  # still untouched: written from the Rust tree
    assert str(ours) == str(theirs)
    exporter = bitmove.pgn.StringExporter(columns=40, comments=False, variations=False)
    their_exporter = chess.pgn.StringExporter(columns=40, comments=False, variations=False)
    assert ours.accept(exporter) == theirs.accept(their_exporter)


def test_a_changed_start_position_is_not_taken_from_the_rust_tree():
    text = '[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n[SetUp "1"]\n\n1. O-O Kd7 *\n'
    ours = first_game(text)
    # Another start from which the moves are still legal: python-chess plays them from it.
    ours.headers["FEN"] = "4k3/8/8/8/8/8/P7/4K2R w K - 0 1"
    theirs = chess.pgn.read_game(io.StringIO(text))
    theirs.headers["FEN"] = "4k3/8/8/8/8/8/P7/4K2R w K - 0 1"
    assert ours._untouched() is None
    assert str(ours) == str(theirs)
    assert [m.uci() for m in ours.mainline_moves()] == ["e1g1", "e8d7"]


def test_edits_after_the_nodes_are_made_are_written():
    ours, theirs = first_game(TEXT), chess.pgn.read_game(io.StringIO(TEXT))
    for game in (ours, theirs):
        node = game.next().next()
        node.comment = "changed"
        node.nags.add(2)
        game.end().add_main_variation(game.end().board().parse_san("a6"))
        game.add_variation(game.board().parse_san("d4"))
    assert str(ours) == str(theirs)
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]


def test_adding_to_an_untouched_game_keeps_the_moves_read():
    ours, theirs = first_game(TEXT), chess.pgn.read_game(io.StringIO(TEXT))
    for game in (ours, theirs):
        game.add_variation(game.board().parse_san("d4"))
    assert tree_of(ours) == tree_of(theirs)
    assert str(ours) == str(theirs)


def test_replacing_the_variations_drops_the_moves_read():
    ours = first_game(TEXT)
    ours.variations = []
    assert list(ours.mainline_moves()) == []
    assert str(ours).endswith("{ before } 1-0")


def test_copies_and_pickles_of_an_untouched_game():
    ours = first_game(TEXT)
    expected = str(first_game(TEXT))
    for other in (copy.deepcopy(ours), pickle.loads(pickle.dumps(ours))):
        assert str(other) == expected
        assert tree_of(other) == tree_of(first_game(TEXT))
    assert str(ours) == expected


def test_games_of_a_file_read_one_after_another_are_independent():
    text = TEXT + "\n" + TEXT.replace("3. Bb5", "3. Bc4")
    handle = io.StringIO(text)
    one, two = bitmove.pgn.read_game(handle), bitmove.pgn.read_game(handle)
    assert bitmove.pgn.read_game(handle) is None
    assert [m.uci() for m in one.mainline_moves()][-1] == "f1b5"
    assert [m.uci() for m in two.mainline_moves()][-1] == "f1c4"
    assert two.end().ply() == 5 and one.end().board().fullmove_number == 3


def test_a_line_with_a_lone_surrogate_is_read():
    # A str that UTF-8 cannot hold (as surrogateescape decoding leaves them): read lossily,
    # never an exception or a crash.
    game = first_game('[White "A\udcff"]\n\n1. e4 { bad \ud800 } e5 *\n')
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5"]
    assert game.headers["White"].startswith("A")
    assert game.next().comment.startswith("bad")
