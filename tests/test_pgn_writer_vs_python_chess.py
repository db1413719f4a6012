"""`bitmove pgn --export` against python-chess's PGN writer: every game of every file read by
python-chess and written with `str(game)` (and with `StringExporter` and its options) must
come out byte for byte as bitmove writes the same game read by bitmove.

The files are the slices of real collections in tests/data/pgn (README.md there says where
each comes from) and the writer's edge cases in tests/data/pgn-writer; BITMOVE_PGN_DATA
points the test at another folder (its `*.pgn` and `*/*.pgn`), as for a one-off run over
the whole collections in ../shared/games. Seeded random games with variations, comments and
NAGs are compared too (`test_generated_games`). The CLI is the release build
that `cargo test --release` leaves in target/release (or BITMOVE_CLI); the test is skipped
when there is none.

A game that python-chess cannot write (an unknown variant, a bad FEN: `str(game)` raises) is
not written by bitmove either. The games of the lichess variants are written by both, on
their variant boards (drops, null moves, variations): the real ones in the files, and seeded
random ones (`test_generated_variant_games`).
"""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from bitmove_cli import cli

chess_pgn = pytest.importorskip("chess.pgn")

ROOT = Path(__file__).resolve().parent.parent
if "BITMOVE_PGN_DATA" in os.environ:
    DATA = Path(os.environ["BITMOVE_PGN_DATA"])
    PATHS = [*DATA.glob("*.pgn"), *DATA.glob("*/*.pgn")]
else:
    DATA = ROOT / "tests" / "data"
    PATHS = [*DATA.glob("pgn/*.pgn"), *DATA.glob("pgn-writer/*.pgn")]
FILES = sorted(str(p.relative_to(DATA)) for p in PATHS)

# The Variant tags of games bitmove's tree holds (python-chess's names for standard chess
# and Chess960, and lichess's for its variants).
WRITTEN = {"", "standard", "chess", "classical", "normal", "illegal", "from position"}
WRITTEN |= {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"}
LICHESS = {
    "Atomic": "AtomicBoard",
    "Antichess": "AntichessBoard",
    "Crazyhouse": "CrazyhouseBoard",
    "Three-check": "ThreeCheckBoard",
    "King of the Hill": "KingOfTheHillBoard",
    "Horde": "HordeBoard",
    "Racing Kings": "RacingKingsBoard",
}
WRITTEN |= {name.lower() for name in LICHESS}

# Games that bitmove reads otherwise than python-chess, which skips any text it cannot read:
# (file, game index) -> why. bitmove stops at the token and writes the moves before it.
KNOWN_DIFFERENCES = {
    ("chess-library-corrupted.pgn", 0): 'the unreadable token "Kx": python-chess reads on',
    ("writer-edge-cases.pgn", 0): (
        "`( (`: python-chess takes the inner variation as an alternative to the move before "
        "the last (illegal here: errors), bitmove skips the inner variation"
    ),
    ("writer-edge-cases.pgn", 5): (
        "a result inside a variation: python-chess reads it as a bad move and drops the rest "
        "of the variation (its board then stays in the variation), bitmove passes over it"
    ),
}

# Exporter options and the CLI flags that ask for the same.
OPTIONS = {
    "str": ({"columns": None}, ["--columns", "0"]),
    "default": ({}, []),
    "bare": (
        {"headers": False, "comments": False},
        ["--no-headers", "--no-comments"],
    ),
    "mainline-40": ({"variations": False, "columns": 40}, ["--no-variations", "--columns", "40"]),
}


def decode(data: bytes) -> str:
    """Line by line, UTF-8 or else Latin-1, as bitmove decodes tag values and comments."""
    lines = []
    for line in data.splitlines(keepends=True):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("latin-1"))
    return "".join(lines).lstrip("\ufeff")


def python_games(path: Path) -> list:
    handle = io.StringIO(decode(path.read_bytes()), newline=None)
    games = []
    while (game := chess_pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def python_text(game, options: dict) -> str | None:
    """The game as python-chess writes it with `options`, followed by a blank line as its
    FileExporter writes it; None when bitmove does not write it."""
    if game.headers.get("Variant", "").lower() not in WRITTEN:
        return None
    try:
        game.board()
    except ValueError:
        return None
    if options == {"columns": None}:
        return str(game) + "\n\n"
    return game.accept(chess_pgn.StringExporter(**options)) + "\n\n"


def export(path: Path, flags: list[str], check: bool = True) -> subprocess.CompletedProcess:
    """`bitmove pgn PATH --export - FLAGS`, its output captured."""
    return subprocess.run(
        [cli(), "pgn", str(path), "--export", "-", *flags],
        capture_output=True,
        timeout=300,
        check=check,
    )


def split_games(text: str) -> list[str]:
    """Our output cut into its games, where python-chess's reader ends each (a game's text
    and the blank line after it)."""
    handle = io.StringIO(text)
    pieces = []
    start = 0
    while chess_pgn.read_game(handle) is not None:
        end = handle.tell()
        pieces.append(text[start:end])
        start = end
    assert start == len(text), "text after the last game"
    return pieces


@pytest.fixture(scope="module", params=FILES)
def games(request):
    path = DATA / request.param
    return path, python_games(path)


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_export_is_python_chess_output(games, option):
    path, pythons = games
    options, flags = OPTIONS[option]
    run = export(path, flags, check=False)
    assert run.returncode in (0, 1), run.stderr.decode(errors="replace")
    ours = run.stdout.decode("utf-8")
    expected = [(i, python_text(game, options)) for i, game in enumerate(pythons)]
    expected = [(i, text) for i, text in expected if text is not None]
    name = path.name
    known = {i for (file, i) in KNOWN_DIFFERENCES if file == name}
    if not known and ours == "".join(text for _, text in expected):
        return
    pieces = split_games(ours)
    assert len(pieces) == len(expected), (name, len(pieces), len(expected))
    for (index, theirs), mine in zip(expected, pieces, strict=True):
        if index not in known:
            assert mine == theirs, (name, index)


# Comments as the generated games write them: spaces inside, none, empty, two lines, a clock,
# a non-ASCII letter, a CRLF.
COMMENTS = [
    "{c}",
    "{ c }",
    "{  two  spaces  }",
    "{}",
    "{ }",
    "{multi\nline}",
    "{ [%clk 0:01:00] }",
    "{é}",
    "{a\r\nb }",
]


def generated_game(rng, index: int, variant: str | None = None) -> str:
    """A random legal game, with random variations (nested to three levels), comments before
    and after moves, NAGs as `$n` and as suffixes, move numbers now and then for Black, a
    start position from a FEN sometimes. With `variant` (a key of LICHESS) a game of that
    variant, null moves (`--`) now and then."""
    chess = pytest.importorskip("chess")
    variant_module = pytest.importorskip("chess.variant")
    board_class = getattr(variant_module, LICHESS[variant]) if variant else chess.Board

    def line(board, depth: int, plies: int) -> list[str]:
        out: list[str] = []
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            move = rng.choice(moves)
            if variant and not board.is_check() and rng.random() < 0.05:
                move = chess.Move.null()
            if board.turn == chess.WHITE or rng.random() < 0.3:
                out.append(f"{board.fullmove_number}{'.' if board.turn else '...'}")
            if rng.random() < 0.1:
                out.append(rng.choice(COMMENTS))
            san = board.san(move)
            if rng.random() < 0.1:
                san += rng.choice(["!", "?", "!?", "?!", "!!", "??"])
            out.append(san)
            if rng.random() < 0.1:
                out.append(f"${rng.randint(0, 30)}")
            if rng.random() < 0.1:
                out.append(rng.choice(["!", "?", "!?"]))
            if rng.random() < 0.15:
                out.append(rng.choice(COMMENTS))
            if depth < 3 and rng.random() < 0.15:
                for _ in range(rng.randint(1, 2)):
                    out.append("(")
                    if rng.random() < 0.2:
                        out.append(rng.choice(COMMENTS))
                    out += line(board.copy(), depth + 1, rng.randint(0, 6))
                    if rng.random() < 0.1:
                        out.append(rng.choice(COMMENTS))
                    out.append(")")
                    if rng.random() < 0.1:
                        out.append(rng.choice(COMMENTS))
            board.push(move)
        return out

    board = board_class()
    tags = [f'[Event "generated {index}"]']
    if variant:
        tags.append(f'[Variant "{variant}"]')
    if rng.random() < 0.2:
        for _ in range(rng.randint(0, 10)):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))
        board = board_class(board.fen())
        tags.append(f'[FEN "{board.fen()}"]')
    if rng.random() < 0.3:
        tags.append(f'[Result "{rng.choice(["1-0", "0-1", "*", "1/2-1/2"])}"]')
    body = []
    if rng.random() < 0.2:
        body.append(rng.choice(COMMENTS))
    body += line(board, 0, rng.randint(0, 60))
    if rng.random() < 0.2:
        body.append(rng.choice(COMMENTS))
    body.append(rng.choice(["1-0", "0-1", "*", "1/2-1/2", ""]))
    return "\n".join(tags) + "\n\n" + rng.choice([" ", "  ", "\n"]).join(body) + "\n"


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_generated_games(tmp_path, option):
    """Random games with variations, comments and NAGs (seeded), read and written by both."""
    import random

    rng = random.Random(45)
    path = tmp_path / "generated.pgn"
    path.write_bytes("\n".join(generated_game(rng, i) for i in range(150)).encode())
    options, flags = OPTIONS[option]
    run = export(path, flags)
    ours = split_games(run.stdout.decode("utf-8"))
    theirs = [python_text(game, options) for game in python_games(path)]
    assert len(ours) == len(theirs) == 150
    for index, (mine, expected) in enumerate(zip(ours, theirs, strict=True)):
        assert mine == expected, index


@pytest.mark.parametrize("variant", sorted(LICHESS))
def test_generated_variant_games(tmp_path, variant):
    """Random games of each lichess variant (seeded) with variations, comments, NAGs and null
    moves, read and written by both, with each set of options. Every game is legal (the
    generator plays python-chess's legal moves), so bitmove replays them all; python-chess's
    reader refuses some crazyhouse games with drops inside variations (its board there has
    lost the pockets), and those are not compared."""
    import random

    rng = random.Random(44)
    path = tmp_path / "generated.pgn"
    path.write_bytes("\n".join(generated_game(rng, i, variant) for i in range(30)).encode())
    pythons = python_games(path)
    compared = [i for i, game in enumerate(pythons) if not game.errors]
    assert len(compared) >= 15, (variant, len(compared))
    for option, (options, flags) in sorted(OPTIONS.items()):
        run = export(path, flags)
        ours = split_games(run.stdout.decode("utf-8"))
        assert len(ours) == len(pythons) == 30, option
        for index in compared:
            assert ours[index] == python_text(pythons[index], options), (option, index)
