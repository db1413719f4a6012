"""The engine line readers of bitmove._bitmove (bitmove::engine) against python-chess 1.11.2
reading the same lines: its module-level readers (`_parse_uci_info`, `_parse_xboard_post`,
`_parse_uci_bestmove`) and its UciProtocol / XBoardProtocol driven through MockTransport for
option, id and feature lines.

The raw values are turned into python-chess's objects by `to_info` below, as bitmove.engine
does it. Known differences, left out of the comparison of random lines: a score bound after a
score python-chess cannot read (it keeps `lowerbound`/`upperbound` alone), and a `currline`
or `refutation` whose first word does not read or a `pv`, `currline` or `refutation` that comes twice (python-chess keeps an
empty, earlier or merged one), and integers past 64 bits (bitmove drops them).
"""

import asyncio
import logging
import random

import pytest
from bitmove import _bitmove

chess = pytest.importorskip("chess")
chess_engine = pytest.importorskip("chess.engine")

logging.getLogger("chess.engine").setLevel(logging.CRITICAL)


def score_of(kind, value, turn):
    if kind == "cp":
        score = chess_engine.Cp(value)
    elif kind == "mate":
        score = chess_engine.Mate(value)
    else:
        assert kind == "mate_given" and value == 0
        score = chess_engine.MateGiven
    return chess_engine.PovScore(score, turn)


def variation(board, words):
    board = board.copy(stack=False)
    return [board.push_uci(word) for word in words]


def to_info(raw, board):
    """bitmove's raw dict as python-chess's InfoDict."""
    info = {}
    for key, value in raw.items():
        if key == "score":
            kind, number, bound = value
            if bound:
                info[bound] = True
            info["score"] = score_of(kind, number, board.turn)
        elif key == "wdl":
            info["wdl"] = chess_engine.PovWdl(chess_engine.Wdl(*value), board.turn)
        elif key == "pv":
            try:
                info["pv"] = variation(board, value)
            except ValueError:
                pass
        elif key == "currmove":
            info["currmove"] = chess.Move.from_uci(value)
        elif key == "currline":
            cpu, words = value
            try:
                info["currline"] = {cpu: variation(board, words)}
            except ValueError:
                info["currline"] = {}
        elif key == "refutation":
            info["refutation"] = {}
            try:
                moves = variation(board, value)
            except ValueError:
                continue
            if moves:
                info["refutation"] = {moves[0]: moves[1:]}
        else:
            info[key] = value
    return info


BOARD = chess.Board()
AFTER_E4 = chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")

INFO_LINES = [
    "info depth 1 seldepth 1 multipv 1 score cp 18 nodes 20 nps 10000 hashfull 0 tbhits 0 time 2 pv e2e4",
    "info depth 24 seldepth 33 multipv 1 score cp 31 wdl 61 926 13 nodes 2011384 nps 1005692 hashfull 712 tbhits 0 time 2000 pv e2e4 e7e5 g1f3 b8c6 f1b5",
    "info depth 10 currmove e2e4 currmovenumber 1",
    "info string NNUE evaluation using nn-b1a57edbea57.nnue (103MiB, (22528, 3072, 15, 32, 1))",
    "info depth 3 string depth 9 pv e2e4",
    "info depth 30 seldepth 41 multipv 3 score cp -57 upperbound nodes 9 pv d2d4",
    "info depth 30 score mate -4 lowerbound pv d2d4",
    "info depth 0 score mate 0",
    "info depth 8 seldepth 29 time 3001 nodes 3311 score cp 22 wdl 187 660 153 hashfull 10 nps 1103 tbhits 0 multipv 1 pv d2d4 g8f6 c2c4 e7e6",
    "info depth 14 ebf 1.85 cpuload 998 time 412 nodes 512000 score cp 9 pv e2e4",
    "info currline 1 e2e4 e7e5 g1f3 depth 4",
    "info refutation d2d4 d7d5 nodes 7",
    "info refutation d2d5 d7d5",
    "info depth abc nodes 5",
    "info depth",
    "info score cp",
    "info wdl 1 2 depth 3",
    "info hello world depth 7 sbhits 3 nodes 9",
    "info pv e2e4 e7e5 xyz depth 3",
    "info pv e2e4 e2e4 depth 3",
    "info pv e2e4xyz nodes 4",
    "info pv",
    "info currmove e9e4 depth 2",
    "info currmove e7e8Q",
    "info",
    "info   ",
    "info\tdepth\u00a05 nodes 1_000 nps +9",
    "info depth 4 \ufffd\ufffd nodes 2",
    "info nodes 9223372036854775807",
    "info time -5 ebf inf",
    "info depth 3 " + "x " * 5000,
    "info score cp 5 lowerbound upperbound",
    "info depth 5 pv 0000 e7e5",
]


@pytest.mark.parametrize("line", INFO_LINES)
def test_info_lines_as_python_chess(line):
    for board in (BOARD, AFTER_E4):
        expected = chess_engine._parse_uci_info(
            line.split(maxsplit=1)[1] if line.split()[1:] else "", board
        )
        assert to_info(_bitmove.uci_parse_info(line), board) == expected, line


def test_info_raw_values():
    raw = _bitmove.uci_parse_info(INFO_LINES[1])
    assert raw["score"] == ("cp", 31, None)
    assert raw["time"] == 2.0 and raw["wdl"] == (61, 926, 13)
    assert raw["pv"] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
    assert _bitmove.uci_parse_info("depth 3 score mate -2 lowerbound")["score"] == (
        "mate",
        -2,
        "lowerbound",
    )
    assert _bitmove.uci_parse_info("info refutation d1h5 g6h5")["refutation"] == ["d1h5", "g6h5"]
    assert _bitmove.uci_parse_info("info currline 2 e2e4")["currline"] == (2, ["e2e4"])
    assert _bitmove.uci_parse_info("info") == {}
    # Past 64 bits a number is dropped (python-chess keeps it: a documented difference).
    assert _bitmove.uci_parse_info("info nodes 9223372036854775808 depth 2") == {"depth": 2}
    # A string with a lone surrogate (bytes decoded with surrogateescape) reads too.
    assert _bitmove.uci_parse_info("info depth 2 \udcff nodes 3") == {"depth": 2, "nodes": 3}


VOCABULARY = [
    *("depth", "seldepth", "multipv", "score", "cp", "mate", "lowerbound", "upperbound"),
    *("nodes", "nps", "time", "hashfull", "tbhits", "cpuload", "ebf", "pv", "currmove"),
    *("currmovenumber", "wdl", "string", "e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "e2e5"),
    *("0000", "N@f3", "1", "-3", "0", "12", "x", "1.5", "_", "9999999999"),
]


def test_random_info_lines_as_python_chess():
    rng = random.Random(56)
    for _ in range(3000):
        words = [rng.choice(VOCABULARY) for _ in range(rng.randrange(12))]
        line = " ".join(words)
        if any(words.count(key) > 1 for key in ("pv", "currline", "refutation")):
            continue
        for board in (BOARD, AFTER_E4):
            expected = chess_engine._parse_uci_info(line, board)
            if "score" not in expected:
                expected.pop("lowerbound", None)
                expected.pop("upperbound", None)
            assert to_info(_bitmove.uci_parse_info(line), board) == expected, line


def uci_options(line):
    """python-chess's options after `line` in the answer to `uci`, or the EngineError."""

    async def run():
        protocol = chess_engine.UciProtocol()
        mock = chess_engine.MockTransport(protocol)
        mock.expect("uci", [line, "id name Mock", "uciok"])
        await protocol.initialize()
        return protocol

    try:
        return asyncio.run(run())
    except chess_engine.EngineError as error:
        return error


OPTION_LINES = [
    "option name Threads type spin default 1 min 1 max 1024",
    "option name Hash type spin default 16 min 1 max 33554432",
    "option name Clear Hash type button",
    "option name Ponder type check default false",
    "option name UCI_ShowWDL type check default true",
    "option name Odd type check",
    "option name Debug Log File type string default",
    "option name SyzygyPath type string default <empty>",
    "option name EvalFile type string default nn-1111cefa1111.nnue",
    "option name UCI_Variant type combo default chess var 3check var atomic var chess var crazyhouse",
    "option name Book File type string default C:\\My Books\\book one.bin",
    "option name Style type combo default Very Solid var Very Solid var Risky Play",
    "option name Minimum Thinking Time type spin default 20 min 0 max 5000",
    "option name Max name type string default x",
    "option name Hash type spin default 16 min x max 64",
    "option name Hash type spin default lots",
    "option name Hash type spin default 0 min 1 max 9",
    "option name Style type combo default Wild var Calm var Sharp",
    "option name X type slider default 1",
    "option name Contempt type spin default -10 min -100 max 100",
    "option    name   Spaced   Out   type  string  default  a  b  ",
    "option name A type string default min",
    "option name Skill Level type spin default 20 min 0 max 20",
]


@pytest.mark.parametrize("line", OPTION_LINES)
def test_option_lines_as_python_chess(line):
    expected = uci_options(line)
    if isinstance(expected, chess_engine.EngineError):
        with pytest.raises(ValueError) as caught:
            _bitmove.uci_parse_option(line)
        assert caught.value.reason == str(expected)
        assert caught.value.line == line
        assert line in str(caught.value)
        return
    (option,) = expected.options.values()
    got = _bitmove.uci_parse_option(line)
    assert got == (option.name, option.type, option.default, option.min, option.max, option.var)
    assert type(got[2]) is type(option.default)
    assert expected.id["name"] == _bitmove.uci_parse_id("id name Mock")[1]


def test_id_and_bestmove():
    assert _bitmove.uci_parse_id("id name Stockfish 17") == ("name", "Stockfish 17")
    assert _bitmove.uci_parse_id("author  The Stockfish developers ") == (
        "author",
        "The Stockfish developers",
    )
    assert _bitmove.uci_parse_id("id") == ("", "")
    lines = [
        "bestmove e2e4 ponder e7e5",
        "bestmove g1f3",
        "bestmove (none)",
        "bestmove NULL",
        "bestmove e2e4 ponder (none)",
        "bestmove E2E4 ponder E7E5",
        "bestmove d2d4 something e7e5",
        "bestmove",
        "bestmove 0000",
    ]
    for line in lines:
        best = chess_engine._parse_uci_bestmove(
            chess.Board(), line.split(maxsplit=1)[1] if " " in line else ""
        )
        move, ponder = _bitmove.uci_parse_bestmove(line)
        assert (chess.Move.from_uci(move) if move else None) == best.move, line
        assert (chess.Move.from_uci(ponder) if ponder else None) == best.ponder, line


def xboard_features(line):
    async def run():
        protocol = chess_engine.XBoardProtocol()
        mock = chess_engine.MockTransport(protocol)
        mock.expect("xboard")
        mock.expect("protover 2", [line, "feature ping=1 setboard=1 done=1"])
        await asyncio.wait_for(protocol.initialize(), 5)
        return protocol

    try:
        return asyncio.run(run())
    except (chess_engine.EngineError, ValueError) as error:
        return error


FEATURE_LINES = [
    'feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 myname="Crafty-25.2" variants="normal,nocastle" colors=0 done=0',
    "feature myname='Single Quoted' reuse=1 analyze=1",
    'feature myname="with \\"escapes\\"" sigint=0',
    "feature name=1 colors=0 reuse=1 variants=normal,atomic",
    'feature option="Hash -spin 64 1 4096" option="Ponder -check 1" option="Style -combo Solid /// *Normal /// Risky" option="Book -file book.bin" option="Clear -button"',
    "feature nps=+1 pause=1_0",
    "feature",
    'feature myname="open',
    "feature done",
]


@pytest.mark.parametrize("line", FEATURE_LINES)
def test_feature_lines_as_python_chess(line):
    expected = xboard_features(line)
    if isinstance(expected, Exception):
        with pytest.raises(ValueError):
            _bitmove.xboard_parse_features(line)
        return
    pairs = _bitmove.xboard_parse_features(line)
    features = {}
    options = {}
    for key, value in pairs:
        if key == "option":
            name, kind, default, low, high, var = _bitmove.xboard_parse_option(value)
            if name not in ["random", "computer", "cores", "memory"]:
                options[name] = chess_engine.Option(
                    name, kind, default, low, high, var if kind == "combo" else None
                )
        else:
            features[key] = value
    features.update({"ping": 1, "setboard": 1, "done": 1})
    for key, value in features.items():
        assert expected.features[key] == value and type(expected.features[key]) is type(value), key
    for name, option in options.items():
        assert expected.options[name] == option, name


POST_LINES = [
    "9 156 1084 48000 Nf3 Nc6 Nc3 Nf6",
    "  9   156   1084  48000   e2e4 e7e5",
    "12 -35 200 400000 18 2000000 0 7 33 1. e4 e5 2. Nf3 3... Nc6",
    "5 100003 1 1 e4",
    "5 -100002 1 1 e4",
    "5 -100000 1 1",
    "5 100000 1 1",
    "5 10 1",
    "4 20 30 40 e4 Qxh8 e5",
    "4 20 30 40 50 e4",
    "4 20 30 40 50 60 e4",
    "4 20 30 40 ... e4",
    "move e2e4",
]


@pytest.mark.parametrize("line", POST_LINES)
def test_post_lines_as_python_chess(line):
    expected = chess_engine._parse_xboard_post(line, chess.Board())
    raw = _bitmove.xboard_parse_post(line)
    if not expected:
        assert raw is None
        return
    info = dict(raw)
    info["score"] = score_of(*raw["score"][:2], chess.WHITE)
    board = chess.Board()
    pv = []
    for word in raw["pv"]:
        try:
            pv.append(board.push_xboard(word))
        except ValueError:
            break
    info["pv"] = pv
    assert info == expected


def test_invalid_lines_name_the_line():
    with pytest.raises(ValueError, match="Hash"):
        _bitmove.uci_parse_option("option name Hash type spin default lots")
    with pytest.raises(ValueError, match="feature"):
        _bitmove.xboard_parse_features("feature done")
    with pytest.raises(ValueError):
        _bitmove.xboard_parse_option("Hash -spin")
