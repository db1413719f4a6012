"""The type stubs describe the module: the same public names, the same methods."""

import ast
import inspect
from pathlib import Path

import bitmove
from bitmove import _bitmove, _board, _squares

PACKAGE = Path(bitmove.__file__).parent


def stub_tree(name):
    return ast.parse((PACKAGE / name).read_text())


def stub_names(tree):
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members.add(item.target.id)
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
    return names


def public(names):
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def test_native_stub_lists_exactly_the_native_names():
    stubs = stub_names(stub_tree("_bitmove.pyi"))
    assert public(stubs) == public(dir(_bitmove))


def test_native_stub_lists_each_class_public_members():
    stubs = stub_names(stub_tree("_bitmove.pyi"))
    for name, members in stubs.items():
        obj = getattr(_bitmove, name)
        if not inspect.isclass(obj) or issubclass(obj, Exception):
            continue
        actual = {m for m in vars(obj) if not m.startswith("_")}
        assert public(members) == actual, name


def test_stub_signatures_match_where_python_can_tell():
    tree = stub_tree("_bitmove.pyi")
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            real = inspect.signature(getattr(_bitmove, node.name))
            assert [a.arg for a in node.args.args] == [
                p.name for p in real.parameters.values() if p.kind == p.POSITIONAL_OR_KEYWORD
            ], node.name
            assert [a.arg for a in node.args.kwonlyargs] == [
                p.name for p in real.parameters.values() if p.kind == p.KEYWORD_ONLY
            ], node.name


def test_package_stub_reexports_the_package_names():
    assert public(stub_names(stub_tree("__init__.pyi"))) == set()  # imports only
    text = (PACKAGE / "__init__.pyi").read_text()
    # The native names, and the pure-Python ones (python-chess's constants and square
    # functions, SquareSet, the polyglot, pgn and vocab modules), which carry their own
    # annotations; BaseBoard and the generator classes of bitmove._board).
    python_names = {"pgn", "polyglot", "vocab"} | set(_squares.__all__) | set(_board.__all__)
    for name in set(bitmove.__all__) - set(_squares.__all__):
        assert name in text
    assert "from bitmove._squares import *" in text
    # The engine line readers serve bitmove.engine only; the package does not re-export them.
    readers = {n for n in dir(_bitmove) if n.startswith(("uci_parse_", "xboard_parse_"))}
    assert set(bitmove.__all__) == public(dir(_bitmove)) - readers | python_names
    for name in python_names:
        assert hasattr(bitmove, name), name
    assert (PACKAGE / "py.typed").exists()


def test_python_chess_names_are_annotated():
    # The pure-Python functions of _squares carry complete annotations (py.typed covers them).
    for name in _squares.__all__:
        obj = getattr(_squares, name)
        if inspect.isfunction(obj):
            hints = obj.__annotations__
            assert "return" in hints, name
            assert all(p in hints for p in inspect.signature(obj).parameters), name
