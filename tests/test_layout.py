"""The repository's layout holds: no source file over 1,000 lines, no import circle between
the modules of a crate, no build output tracked by git."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 1000
CRATES = sorted(p.parent for p in ROOT.glob("crates/*/Cargo.toml")) + [ROOT / "benches" / "peers"]


def tracked_files() -> list[str]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in out.decode().split("\0") if name]


def test_no_source_file_over_a_thousand_lines():
    long = []
    for name in tracked_files():
        if name.endswith((".rs", ".py", ".pyi", ".ts", ".js")) and (ROOT / name).is_file():
            lines = (ROOT / name).read_text(encoding="utf-8").count("\n")
            if lines > MAX_LINES:
                long.append(f"{name}: {lines} lines")
    assert not long, long


BINARY_SUFFIXES = (
    ".so",
    ".dylib",
    ".dll",
    ".pyd",
    ".exe",
    ".a",
    ".o",
    ".rlib",
    ".whl",
    ".wasm",
)


def is_binary(path: Path) -> bool:
    with path.open("rb") as f:
        return b"\0" in f.read(8192)


# Pictures the documentation shows (the workbench screenshot, taken by its browser test):
# binary, but allowed while small.
DOC_IMAGES = re.compile(r"^docs/img/[\w.-]+\.png$")
MAX_DOC_IMAGE_BYTES = 1_000_000


# Polyglot opening books the tests read (binary by their format): allowed while small.
TEST_BOOKS = re.compile(r"^tests/data/polyglot/[\w.-]+\.bin$")
MAX_TEST_BOOK_BYTES = 2_000_000


# The 3- and 4-piece Syzygy tables the tablebase tests probe (binary by their format, 4.4 MB
# in all): allowed while each stays small.
TEST_TABLES = re.compile(r"^tests/data/syzygy/[KQRBNP]+v[KQRBNP]+\.rtb[wz]$")
MAX_TEST_TABLE_BYTES = 1_000_000


def is_build_output_or_binary(name: str) -> bool:
    path = ROOT / name
    if TEST_TABLES.match(name):
        return path.is_file() and path.stat().st_size > MAX_TEST_TABLE_BYTES
    if DOC_IMAGES.match(name):
        return path.is_file() and path.stat().st_size > MAX_DOC_IMAGE_BYTES
    if TEST_BOOKS.match(name):
        return path.is_file() and path.stat().st_size > MAX_TEST_BOOK_BYTES
    return (
        name.endswith(BINARY_SUFFIXES)
        or "/target/" in f"/{name}"
        or path.is_file()
        and is_binary(path)
    )


def test_no_build_output_or_binary_is_tracked():
    found = [name for name in tracked_files() if is_build_output_or_binary(name)]
    assert not found, f"tracked build outputs or binaries: {found}"


def test_the_binary_check_can_fail(tmp_path):
    blob = tmp_path / "x.bin"
    blob.write_bytes(b"\x7fELF\0\0\1")
    text = tmp_path / "x.txt"
    text.write_text("plain\n")
    assert is_binary(blob) and not is_binary(text)


# --- import circles -------------------------------------------------------------------

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')
PATH_START = re.compile(r"\b(crate|super)::")


def module_of(src: Path, file: Path) -> tuple[str, ...]:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts in (["lib"], ["main"]):
        return ()
    if parts[-1] == "mod":
        parts.pop()
    return tuple(parts)


def paths_after(text: str, start: int) -> list[list[str]]:
    """The paths written at text[start:] (after `crate::` or `super::`), braces expanded."""

    def parse(i: int, prefix: list[str]) -> tuple[list[list[str]], int]:
        out: list[list[str]] = []
        path = list(prefix)
        while i < len(text):
            m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*|self|\*)\s*", text[i:])
            if text[i:].lstrip().startswith("{"):
                i = text.index("{", i) + 1
                while True:
                    group, i = parse(i, path)
                    out.extend(group)
                    rest = text[i:].lstrip()
                    i = len(text) - len(rest)
                    if rest.startswith(","):
                        i += 1
                        if text[i:].lstrip().startswith("}"):
                            i = text.index("}", i) + 1
                            return out, i
                        continue
                    if rest.startswith("}"):
                        return out, i + 1
                    return out, i
            if not m:
                break
            path.append(m.group(1))
            i += m.end()
            if text.startswith("::", i):
                i += 2
                continue
            break
        out.append(path)
        return out, i

    paths, _ = parse(start, [])
    return paths


def module_graph(crate: Path) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
    src = crate / "src"
    files = {module_of(src, f): f for f in src.rglob("*.rs")}
    modules = set(files)
    graph: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in modules}
    for module, file in files.items():
        text = STRING.sub('""', COMMENT.sub("", file.read_text(encoding="utf-8")))
        for m in PATH_START.finditer(text):
            base: tuple[str, ...] = () if m.group(1) == "crate" else module[:-1]
            i = m.end()
            while text.startswith("super::", i):
                base, i = base[:-1], i + len("super::")
            for path in paths_after(text, i):
                full = base + tuple(path)
                target = max(
                    (full[:k] for k in range(len(full) + 1) if full[:k] in modules),
                    key=len,
                )
                related = target[: len(module)] == module or module[: len(target)] == target
                if target and not related:
                    graph[module].add(target)
    return graph


def cycles(graph: dict[tuple[str, ...], set[tuple[str, ...]]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(["::".join(n) for n in stack[stack.index(nxt) :]] + ["::".join(nxt)])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


@pytest.mark.parametrize("crate", CRATES, ids=lambda p: p.name)
def test_no_import_circle_between_modules(crate):
    assert not cycles(module_graph(crate)), cycles(module_graph(crate))


def test_the_circle_check_can_fail(tmp_path):
    src = tmp_path / "src"
    (src / "a").mkdir(parents=True)
    (src / "lib.rs").write_text("mod a;\nmod b;\n")
    (src / "a" / "mod.rs").write_text("use crate::b::{self, Thing};\nmod inner;\n")
    (src / "a" / "inner.rs").write_text("use super::super::b::x; // a child of a: uses b\n")
    (src / "b.rs").write_text('use crate::{Root, a::Other}; const S: &str = "crate::c::d";\n')
    graph = module_graph(tmp_path)
    assert graph[("a",)] == {("b",)} and graph[("b",)] == {("a",)}
    assert graph[("a", "inner")] == {("b",)}
    assert cycles(graph)
    (src / "b.rs").write_text("pub struct Thing;\n")
    assert not cycles(module_graph(tmp_path))
