"""bitmove.svg against python-chess's chess.svg: the same elements, classes and attributes for
the same options (parsed with xml.etree), apart from what is drawn differently on purpose: the
piece artwork (bitmove's own) and the coordinate glyphs (text, not python-chess's outlines)."""

import math
import random
import xml.etree.ElementTree as ET

import bitmove
import bitmove.svg
import chess
import chess.svg
import pytest

NS = "{http://www.w3.org/2000/svg}"
NUMERIC = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "stroke-width", "opacity"}


def children(text):
    root = ET.fromstring(text)
    return root, list(root)


def same_value(name, a, b):
    if name == "points":
        pa = [float(v) for p in a.split() for v in p.split(",")]
        pb = [float(v) for p in b.split() for v in p.split(",")]
        return len(pa) == len(pb) and all(math.isclose(x, y, abs_tol=1e-9) for x, y in zip(pa, pb))
    if name in NUMERIC and a != b:
        return math.isclose(float(a), float(b), abs_tol=1e-9)
    return a == b


def assert_same_structure(ours, theirs):
    root_a, a = children(ours)
    root_b, b = children(theirs)
    assert root_a.attrib == root_b.attrib
    assert [e.tag for e in a] == [e.tag for e in b]
    for x, y in zip(a, b):
        tag = x.tag.removeprefix(NS)
        if tag == "defs":
            assert [c.get("id") for c in x] == [c.get("id") for c in y]
            assert [c.get("class") for c in x] == [c.get("class") for c in y]
        elif tag == "g":
            # A coordinate: the colour and opacity are python-chess's.
            for name in ("fill", "stroke", "opacity"):
                assert x.get(name) == y.get(name), name
            assert x.get("transform").startswith("translate(")
        elif tag in ("desc", "style"):
            assert ET.tostring(x) == ET.tostring(y)
        else:
            assert list(x.attrib) == list(y.attrib), (ET.tostring(x), ET.tostring(y))
            for name in x.attrib:
                assert same_value(name, x.get(name), y.get(name)), (
                    name,
                    ET.tostring(x),
                    ET.tostring(y),
                )


def random_board(rng):
    board = chess.Board()
    for _ in range(rng.randrange(60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


COLORS = ["green", "red", "yellow", "blue", "#0000cccc", "purple", "#abc8"]


def random_options(rng):
    options = {}
    if rng.random() < 0.5:
        options["orientation"] = rng.random() < 0.5
    if rng.random() < 0.2:
        options["flipped"] = True
    if rng.random() < 0.5:
        options["lastmove"] = chess.Move(rng.randrange(64), rng.randrange(64))
    if rng.random() < 0.3:
        options["check"] = rng.randrange(64)
    if rng.random() < 0.6:
        arrows = []
        for _ in range(rng.randrange(5)):
            tail, head = rng.randrange(64), rng.randrange(64)
            if rng.random() < 0.3:
                arrows.append((tail, head))
            else:
                arrows.append(("arrow", tail, head, rng.choice(COLORS)))
        options["arrows"] = arrows
    if rng.random() < 0.4:
        options["fill"] = {rng.randrange(64): rng.choice(COLORS) for _ in range(rng.randrange(4))}
    if rng.random() < 0.4:
        options["squares"] = [rng.randrange(64) for _ in range(rng.randrange(5))]
    if rng.random() < 0.4:
        options["size"] = rng.randrange(100, 800)
    if rng.random() < 0.3:
        options["coordinates"] = False
    if rng.random() < 0.3:
        options["borders"] = True
    if rng.random() < 0.3:
        keys = list(chess.svg.DEFAULT_COLORS)
        options["colors"] = {rng.choice(keys): rng.choice(COLORS) for _ in range(3)}
    if rng.random() < 0.2:
        options["style"] = "rect.square { stroke: #000 } .arrow > text & <"
    return options


def convert(options, arrow_class):
    converted = dict(options)
    if "arrows" in options:
        converted["arrows"] = [
            arrow_class(a[1], a[2], color=a[3]) if a[0] == "arrow" else a for a in options["arrows"]
        ]
    return converted


@pytest.mark.parametrize("seed", range(300))
def test_board_has_python_chess_structure(seed):
    rng = random.Random(seed)
    board = random_board(rng) if rng.random() < 0.8 else None
    options = random_options(rng)
    theirs = chess.svg.board(board, **convert(options, chess.svg.Arrow))
    ours_board = None if board is None else bitmove.Board(board.fen())
    ours = bitmove.svg.board(ours_board, **convert(options, bitmove.svg.Arrow))
    assert isinstance(ours, bitmove.svg.SvgWrapper)
    assert_same_structure(ours, theirs)
    # A python-chess board and its arrows are accepted too.
    assert bitmove.svg.board(board, **convert(options, chess.svg.Arrow)) == ours


def test_the_structure_test_can_fail():
    theirs = chess.svg.board(chess.Board(), lastmove=chess.Move.from_uci("e2e4"))
    ours = bitmove.svg.board(bitmove.Board(), lastmove=bitmove.Move.from_uci("e2e3"))
    with pytest.raises(AssertionError):
        assert_same_structure(ours, theirs)


def test_piece_pictures():
    for symbol in "PNBRQKpnbrqk":
        ours = bitmove.svg.piece(bitmove.Piece.from_symbol(symbol), size=60)
        theirs = chess.svg.piece(chess.Piece.from_symbol(symbol), size=60)
        root_a, a = children(ours)
        root_b, b = children(theirs)
        assert root_a.attrib == root_b.attrib
        assert [(e.get("id"), e.get("class")) for e in a] == [
            (e.get("id"), e.get("class")) for e in b
        ]
    assert 'id="white-king"' in bitmove.svg.piece(chess.Piece.from_symbol("K"))


def test_arrow_pgn_round_trips_like_python_chess():
    for text in ["Ga1", "Ya2h2", "Rh8", "Bc2c3", "a1", "e2e4", "Gh1a8"]:
        ours = bitmove.svg.Arrow.from_pgn(text)
        theirs = chess.svg.Arrow.from_pgn(text)
        assert (ours.tail, ours.head, ours.color) == (theirs.tail, theirs.head, theirs.color)
        assert ours.pgn() == theirs.pgn() == str(ours)
        assert repr(ours) == repr(theirs)
    for color in ["green", "red", "yellow", "blue", "#123456"]:
        arrow = bitmove.svg.Arrow(bitmove.C2, bitmove.C3, color=color)
        assert arrow.pgn() == chess.svg.Arrow(chess.C2, chess.C3, color=color).pgn()
    for bad in ["", "G", "Gz9", "Xa1", "Ga1h9"]:
        with pytest.raises(ValueError):
            bitmove.svg.Arrow.from_pgn(bad)
        with pytest.raises(ValueError):
            chess.svg.Arrow.from_pgn(bad)


def test_jupyter_pictures():
    board = bitmove.Board()
    for uci in ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"]:
        board.push_uci(uci)
    ours = board._repr_svg_()
    reference = chess.Board()
    for uci in ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"]:
        reference.push_uci(uci)
    assert_same_structure(ours, reference._repr_svg_())
    assert 'class="check"' in ours and "lastmove h5" in ours
    base = bitmove.BaseBoard("4k3/8/8/8/8/8/8/4KB2")
    assert_same_structure(base._repr_svg_(), chess.BaseBoard("4k3/8/8/8/8/8/8/4KB2")._repr_svg_())
    squares = bitmove.SquareSet(bitmove.BB_DARK_SQUARES & bitmove.BB_FILE_B)
    assert_same_structure(
        squares._repr_svg_(), chess.SquareSet(chess.BB_DARK_SQUARES & chess.BB_FILE_B)._repr_svg_()
    )
    piece = bitmove.Piece.from_symbol("q")._repr_svg_()
    assert 'id="black-queen"' in piece and 'width="45"' in piece
    wrapped = bitmove.svg.board()
    assert wrapped._repr_svg_() is wrapped and wrapped._repr_html_() is wrapped


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError):
        bitmove.svg.board(check=64)
    with pytest.raises(ValueError):
        bitmove.svg.board(arrows=[(0, -1)])
    with pytest.raises(ValueError):
        bitmove.svg.board(fill={99: "red"})

    class Fake:
        def board_fen(self):
            return "9/8"

    with pytest.raises(ValueError):
        bitmove.svg.board(Fake())
