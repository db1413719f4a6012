"""Run python-chess's own test suite (test.py of its sdist) against bitmove.

python-chess 1.11.2's source distribution ships `test.py` and its `data/`. This script fetches
that sdist from PyPI at run time (it is GPL: never vendored here), binds the module name `chess`
to `bitmove` (and `chess.pgn` to `bitmove.pgn`, and so on; a submodule bitmove lacks becomes an
empty stub so the file still imports), runs each test class in a process of its own (a crash or
a hang costs that class only) and prints one line per class:

    BoardTestCase 25/79

    python tests/python_chess_suite.py                 # every class in scope, against bitmove
    python tests/python_chess_suite.py --baseline      # the same classes against python-chess
    python tests/python_chess_suite.py --verbose Board # names of the failing tests, their errors

`tests/test_python_chess_suite.py` compares the counts with
`tests/data/python-chess-suite.expected` in CI.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import types
import unittest
from pathlib import Path

VERSION = "1.11.2"
ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "target" / "python-chess-suite"

# Every class is in scope. GaviotaTestCase runs 2 tests with the sdist's 3-piece tables, the
# rest skip on MissingTableError; NativeGaviotaTestCase skips without libgtb, under python-chess
# as under bitmove, which has no libgtb prober.
OUT_OF_SCOPE: set[str] = set()

SUBMODULES = ["pgn", "polyglot", "svg", "syzygy", "variant", "engine", "gaviota"]


def sdist() -> Path:
    """The unpacked sdist directory, downloaded with pip once per checkout."""
    unpacked = CACHE / f"chess-{VERSION}"
    if (unpacked / "test.py").exists():
        return unpacked
    CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--dest",
            str(CACHE),
            f"chess=={VERSION}",
        ],
        check=True,
    )
    with tarfile.open(CACHE / f"chess-{VERSION}.tar.gz") as archive:
        archive.extractall(CACHE, filter="data")
    return unpacked


def stub(name: str) -> types.ModuleType:
    """A stand-in for a module bitmove lacks: test.py names its error classes when the file is
    read (`catchAndSkip(chess.syzygy.MissingTableError)`), so those resolve to fresh exception
    classes; every other attribute is missing and the test using it fails."""
    module = types.ModuleType(f"chess.{name}")
    module.__doc__ = f"stub: bitmove has no {name} module"

    def missing(attribute: str) -> type:
        if attribute.endswith("Error"):
            return type(attribute, (Exception,), {})
        raise AttributeError(f"stub module chess.{name} (bitmove has none) has no {attribute}")

    module.__getattr__ = missing  # type: ignore[method-assign]
    return module


def bind_bitmove() -> None:
    """Make `import chess` (and its submodules) give bitmove's modules."""
    import importlib

    import bitmove

    sys.modules["chess"] = bitmove
    for name in SUBMODULES:
        try:
            module = importlib.import_module(f"bitmove.{name}")
        except ImportError:
            module = stub(name)
        sys.modules[f"chess.{name}"] = module
        setattr(bitmove, name, module)


def load_suite(directory: Path) -> types.ModuleType:
    """test.py as a module (it reads data/ relative to the working directory)."""
    os.chdir(directory)
    sys.path.insert(0, str(directory))
    import importlib.util

    spec = importlib.util.spec_from_file_location("python_chess_test", directory / "test.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def listed(directory: Path) -> list[str]:
    """test.py's TestCase classes in file order, read without importing it."""
    import ast

    tree = ast.parse((directory / "test.py").read_text())
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name.endswith("TestCase")
    ]


def run_class(name: str, baseline: bool, verbose: bool) -> tuple[int, int]:
    """Run one class here (in the child process); returns (passed, total)."""
    directory = sdist()
    if not baseline:
        bind_bitmove()
    module = load_suite(directory)
    case = getattr(module, name)
    suite = unittest.TestLoader().loadTestsFromTestCase(case)
    result = unittest.TestResult()
    suite.run(result)
    total = suite.countTestCases()
    bad = len(result.failures) + len(result.errors) + len(result.skipped)
    bad += len(result.unexpectedSuccesses)
    if verbose:
        for test, trace in result.failures + result.errors:
            last = trace.strip().splitlines()[-1]
            print(f"  FAIL {test.id().split('.')[-1]}: {last}", file=sys.stderr)
        for test, reason in result.skipped:
            print(f"  SKIP {test.id().split('.')[-1]}: {reason}", file=sys.stderr)
    return total - bad, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", action="store_true", help="run python-chess itself")
    parser.add_argument("--verbose", action="store_true", help="name the failing tests")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per class")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("only", nargs="*", help="class names (or prefixes) to run")
    args = parser.parse_args()

    if args.child:
        passed, total = run_class(args.child, args.baseline, args.verbose)
        print(f"{passed}/{total}")
        return 0

    names = listed(sdist())
    names = [n for n in names if n not in OUT_OF_SCOPE]
    if args.only:
        names = [n for n in names if any(n.startswith(p) for p in args.only)]
    for name in names:
        command = [sys.executable, __file__, "--child", name]
        command += ["--baseline"] if args.baseline else []
        command += ["--verbose"] if args.verbose else []
        try:
            done = subprocess.run(
                command, check=False, capture_output=True, text=True, timeout=args.timeout
            )
            counts = done.stdout.strip().splitlines()[-1:] or [""]
            if done.returncode != 0 or "/" not in counts[0]:
                tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
                print(f"{name} 0/? ({tail[:200]})")
            else:
                print(f"{name} {counts[0]}")
            if args.verbose:
                sys.stderr.write(done.stderr)
        except subprocess.TimeoutExpired:
            print(f"{name} 0/? (timed out after {args.timeout:.0f} s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
