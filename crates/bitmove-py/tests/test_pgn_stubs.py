"""The stub of the native submodule bitmove._pgn lists its names, class members and
signatures; bitmove.pgn and bitmove.vocab are typed Python (py.typed)."""

import ast
import inspect
from pathlib import Path

import bitmove
import bitmove.pgn
import bitmove.vocab
from bitmove import _pgn

STUB = Path(bitmove.__file__).parent / "_pgn.pyi"


def stub_tree():
    return ast.parse(STUB.read_text())


def test_stub_lists_exactly_the_module_names():
    tree = stub_tree()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    names.discard("Event")  # a type alias of the stub only
    actual = {n for n in dir(_pgn) if not n.startswith("_")}
    assert names == actual


def test_stub_classes_list_their_members():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        members = set()
        for item in node.body:
            if isinstance(item, ast.FunctionDef):
                members.add(item.name)
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                members.add(item.target.id)
        actual = {m for m in vars(getattr(_pgn, node.name)) if not m.startswith("_")}
        assert {m for m in members if not m.startswith("_")} == actual, node.name


def test_stub_signatures():
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            real = inspect.signature(getattr(_pgn, node.name))
            kinds = [(p.name, p.kind) for p in real.parameters.values()]
            positional = [n for n, k in kinds if k == inspect.Parameter.POSITIONAL_OR_KEYWORD]
            keyword = [n for n, k in kinds if k == inspect.Parameter.KEYWORD_ONLY]
            assert [a.arg for a in node.args.args] == positional, node.name
            assert [a.arg for a in node.args.kwonlyargs] == keyword, node.name


def test_python_modules_export_what_they_document():
    for module in (bitmove.pgn, bitmove.vocab):
        for name in module.__all__:
            assert hasattr(module, name), (module.__name__, name)
    assert bitmove.pgn.GameRecord is _pgn.GameRecord


def test_module_examples_run():
    import doctest

    for module in (bitmove.pgn, bitmove.vocab):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__
