"""The module's one-line functions made native (src/oneline.rs): on exact ints the native fast
paths answer as python-chess; on anything else (and with keywords) the Python versions answer,
so native and Python versions agree on every input, errors included."""

import dis
import random

import bitmove
import chess
import numpy as np
import pytest
from bitmove import _squares

NATIVE = sorted(_squares._PYTHON_VERSIONS)
RNG = random.Random(57)
INTS = [0, 1, 7, 8, 63, 64, 255, 256, -1, -8, -64, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63)]
INTS += [RNG.getrandbits(64) for _ in range(200)] + [RNG.randrange(-70, 70) for _ in range(100)]
INTS += [RNG.getrandbits(80) for _ in range(20)] + [-RNG.getrandbits(64) for _ in range(20)]
ODD = [True, False, None, 1.5, "e4", "z9", "", "E4", b"e4", np.int64(12), np.uint64(2**63 + 5)]
ODD += [bitmove.SquareSet(0x81), [1], object()]


def outcome(function, *args, **kwargs):
    try:
        result = function(*args, **kwargs)
        if hasattr(result, "__next__"):
            result = list(result)
        return type(result), result
    except Exception as error:  # noqa: BLE001 - the errors are compared
        return type(error), str(error)


def test_every_one_liner_is_native_and_replaced_in_the_package():
    assert len(NATIVE) == 32
    for name in NATIVE:
        function = getattr(bitmove, name)
        assert type(function).__name__ == "builtin_function_or_method", name
        assert function is getattr(_squares, name) and function.__module__ == "bitmove"
        assert function.__doc__ == _squares._PYTHON_VERSIONS[name].__doc__, name


# NumPy warns of its own overflow on the odd inputs, under both versions alike.
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("name", NATIVE)
def test_native_and_python_versions_agree_on_every_input(name):
    native, python = getattr(bitmove, name), _squares._PYTHON_VERSIONS[name]
    arity = python.__code__.co_argcount
    values = INTS + ODD
    cases = [(v,) for v in values] if arity == 1 else []
    if arity == 2:
        cases = [(RNG.choice(values), RNG.choice(values)) for _ in range(600)]
        cases += [(a, b) for a in (-1, 0, 63, 64) for b in (-1, 0, 63, 64)]
    if name in {"parse_square"}:
        cases += [(f + r,) for f in "abcdefghi" for r in "0123456789"]
    for args in cases:
        assert outcome(native, *args) == outcome(python, *args), (name, args)
    # Wrong numbers of arguments and keywords go to the Python version, errors and all.
    names = python.__code__.co_varnames[:arity]
    assert outcome(native) == outcome(python)
    assert outcome(native, *([1] * (arity + 1))) == outcome(python, *([1] * (arity + 1)))
    assert outcome(native, **dict.fromkeys(names, 3)) == outcome(python, **dict.fromkeys(names, 3))
    assert outcome(native, nope=1) == outcome(python, nope=1)


@pytest.mark.parametrize("name", NATIVE)
def test_fast_paths_answer_as_python_chess(name):
    ours, theirs = getattr(bitmove, name), getattr(chess, name)
    arity = _squares._PYTHON_VERSIONS[name].__code__.co_argcount
    if name == "parse_square":
        cases = [(n,) for n in chess.SQUARE_NAMES]
    elif name.startswith(("shift", "flip", "scan", "lsb", "msb")):
        cases = [(v,) for v in INTS if 0 <= v < 2**64]
    elif name in {"piece_name", "piece_symbol"}:
        cases = [(t,) for t in range(7)]
    elif arity == 1:
        cases = [(s,) for s in range(64)]
    else:
        cases = [(a, b) for a in range(64) for b in range(64)]
    for args in cases:
        assert outcome(ours, *args) == outcome(theirs, *args), (name, args)


def test_calls_of_the_native_functions_are_specialised():
    # Not a timing: CPython 3.11 rewrites a call of a builtin function with the fast calling
    # convention into a direct C call (PRECALL_BUILTIN_FAST_WITH_KEYWORDS; later versions
    # name it CALL_BUILTIN_FAST_WITH_KEYWORDS).
    def ask(sq, bb):
        return bitmove.square_file(sq), bitmove.lsb(bb), bitmove.ray(sq, 63)

    for _ in range(3000):
        ask(12, 0xFF00)
    ops = [i.opname for i in dis.get_instructions(ask, adaptive=True) if "CALL" in i.opname]
    if not any("BUILTIN" in op for op in ops):
        pytest.skip(f"no specialised builtin calls on this interpreter: {ops}")
    assert sum("BUILTIN_FAST_WITH_KEYWORDS" in op for op in ops) == 3, ops
