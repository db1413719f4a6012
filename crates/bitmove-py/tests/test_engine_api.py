"""bitmove.engine's API and protocol against python-chess's chess.engine, without engines: the
same public names and signatures, the same scores, WDL models, options and limits, and the
same lines written for scripted sessions (MockTransport) run through both modules."""

from __future__ import annotations

import asyncio
import inspect
import types

import bitmove
import bitmove.engine
import bitmove.pgn
import bitmove.variant
import chess
import chess.engine
import chess.variant
import pytest

# python-chess's module-level helpers that are not engine API (typing names, its regexes).
NOT_API = {"F", "ProtocolT", "T", "override", "UCI_REGEX", "XBOARD_ERROR_REGEX"}


def python_chess_api():
    for name in dir(chess.engine):
        value = getattr(chess.engine, name)
        if name.startswith("_") or name in NOT_API or isinstance(value, types.ModuleType):
            continue
        if getattr(value, "__module__", "chess.engine") == "chess.engine":
            yield name, value


def test_every_public_name_of_chess_engine():
    missing = [name for name, _ in python_chess_api() if not hasattr(bitmove.engine, name)]
    assert missing == []
    assert set(bitmove.engine.__all__) >= {name for name, _ in python_chess_api()} - {"LOGGER"}
    for name in bitmove.engine.__all__:
        assert hasattr(bitmove.engine, name), name


def parameters(function):
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def test_signatures_match_python_chess():
    checked = 0
    for name, theirs in python_chess_api():
        ours = getattr(bitmove.engine, name)
        if inspect.isfunction(theirs):
            assert parameters(ours) == parameters(theirs), name
            checked += 1
        elif inspect.isclass(theirs):
            for member, their_member in vars(theirs).items():
                if member.startswith("_") and member not in ("__init__",):
                    continue
                if not callable(their_member) or isinstance(their_member, type):
                    continue
                our_member = inspect.getattr_static(ours, member, None)
                assert our_member is not None, (name, member)
                if isinstance(their_member, (classmethod, staticmethod)):
                    their_member, our_member = their_member.__func__, our_member.__func__
                if name in ("Score", "Cp", "Mate", "MateGivenType") and member == "__init__":
                    continue
                if inspect.isfunction(their_member) and inspect.isfunction(our_member):
                    assert parameters(our_member) == parameters(their_member), (name, member)
                    checked += 1
    assert checked > 80


def test_scores_are_pgn_scores_and_compare_with_python_chess():
    assert bitmove.engine.Cp is bitmove.pgn.Cp and bitmove.engine.PovScore is bitmove.pgn.PovScore
    assert bitmove.engine.MateGiven is bitmove.pgn.MateGiven
    assert bitmove.engine.Cp.__module__ == "bitmove.engine"
    pairs = []
    for module in (bitmove.engine, chess.engine):
        pairs.append(
            [module.Mate(-0), module.Mate(-1), module.Mate(-40), module.Cp(-3000), module.Cp(0)]
            + [module.Cp(7), module.Mate(12), module.Mate(1), module.MateGiven]
        )
    ours, theirs = pairs
    for i, (a, x) in enumerate(zip(ours, theirs)):
        assert a == x and repr(a) == repr(x) and str(a) == str(x)
        assert repr(-a) == repr(-x) and repr(abs(a)) == repr(abs(x)) and repr(+a) == repr(+x)
        for mate_score in (None, 1000, 100000):
            assert a.score(mate_score=mate_score) == x.score(mate_score=mate_score)
        assert a.mate() == x.mate() and a.is_mate() == x.is_mate()
        for j, b in enumerate(ours):
            assert (a < b) == (i < j) and (a >= b) == (i >= j) and (a == b) == (i == j)
        for turn in (True, False):
            ours_pov = bitmove.engine.PovScore(a, turn)
            theirs_pov = chess.engine.PovScore(x, turn)
            assert repr(ours_pov) == repr(theirs_pov)
            assert ours_pov.white() == theirs_pov.white()
            assert tuple(ours_pov.wdl(ply=40).black()) == tuple(theirs_pov.wdl(ply=40).black())


@pytest.mark.parametrize("model", ["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12"])
def test_wdl_models_match_python_chess(model):
    for cp in list(range(-4500, 4501, 61)) + [-1, 0, 1]:
        for ply in (0, 1, 7, 25, 30, 64, 121, 250, 400):
            ours = bitmove.engine.Cp(cp).wdl(model=model, ply=ply)
            theirs = chess.engine.Cp(cp).wdl(model=model, ply=ply)
            assert tuple(ours) == tuple(theirs), (cp, ply)


def test_lichess_model_and_mate_wdl_match_python_chess():
    for cp in range(-1500, 1501, 7):
        ours = bitmove.engine.Cp(cp).wdl(model="lichess")
        assert tuple(ours) == tuple(chess.engine.Cp(cp).wdl(model="lichess")), cp
    for moves in range(-25, 26):
        for model in ("lichess", "sf"):
            ours = bitmove.engine.Mate(moves).wdl(model=model)
            assert tuple(ours) == tuple(chess.engine.Mate(moves).wdl(model=model))
    wdl = bitmove.engine.Wdl(300, 500, 200)
    assert wdl.expectation() == 0.55 and list(reversed(wdl)) == [200, 500, 300]
    pov = bitmove.engine.PovWdl(wdl, False)
    assert pov == (300, 500, 200) and pov.white() == bitmove.engine.Wdl(200, 500, 300)
    assert repr(pov) == repr(chess.engine.PovWdl(chess.engine.Wdl(300, 500, 200), False))


OPTION_CASES = [
    ("check", None, None, None, ["true", "false", True, False, 0, 1, ""]),
    ("spin", 1, 64, None, [1, "5", 64, 0, 65, "x", None]),
    ("combo", None, None, ["A", "B"], ["A", "b", 3]),
    ("button", None, None, None, [None, "x"]),
    ("string", None, None, None, ["path", "a\nb", 5]),
    ("file", None, None, None, ["x\r"]),
    ("weird", None, None, None, ["x"]),
]


def outcome(module, kind, low, high, choices, value):
    option = module.Option("Opt", kind, None, low, high, choices)
    try:
        return ("ok", option.parse(value), option.is_managed())
    except module.EngineError as error:
        return ("error", str(error))
    except TypeError as error:
        return ("type", type(error).__name__)


def test_option_parse_matches_python_chess():
    for kind, low, high, choices, values in OPTION_CASES:
        for value in values:
            ours = outcome(bitmove.engine, kind, low, high, choices, value)
            theirs = outcome(chess.engine, kind, low, high, choices, value)
            if theirs[0] == "type":
                assert ours[0] == "error"  # python-chess lets int(None) escape
            else:
                assert ours == theirs, (kind, value)
    assert bitmove.engine.Option("multipv", "spin", 1, 1, 500, None).is_managed()


def test_limit_option_map_and_records_match_python_chess():
    for kwargs in ({}, {"time": 0.5, "depth": 3}, {"white_clock": 10, "clock_id": 1}):
        assert repr(bitmove.engine.Limit(**kwargs)) == repr(chess.engine.Limit(**kwargs))
    ours = bitmove.engine.UciOptionMap(Hash=16)
    ours["hASH"] = 32
    assert ours == bitmove.engine.UciOptionMap(HASH=32) and list(ours) == ["hASH"]
    assert ours.copy() == ours and ours["hash"] == 32 and "HaSh" in ours
    # A plain dict's keys keep their case, as with python-chess.
    assert (ours == {"Hash": 32}) == (chess.engine.UciOptionMap(hASH=32) == {"Hash": 32})
    assert repr(ours) == repr(chess.engine.UciOptionMap(hASH=32))
    assert ours != {"Hash": 32, "x": 1} and ours != 5
    opponent = bitmove.engine.Opponent("A", "GM", 2500, False)
    assert opponent == bitmove.engine.Opponent("A", "GM", 2500, False)
    assert int(bitmove.engine.INFO_ALL) == int(chess.engine.INFO_ALL) == 31
    assert str(bitmove.engine.PlayResult(None, None)).startswith("<PlayResult at 0x")


# ------------------------------------------------------------------------------------
# Scripted sessions through both modules: the lines written must be the same.


def run_session(module, boards, session):
    async def main():
        protocol = session["protocol"](module)
        mock = module.MockTransport(protocol)
        return await session["script"](module, boards, protocol, mock)

    return asyncio.run(main())


async def uci_chess960_and_variants(module, boards, protocol, mock):
    mock.expect(
        "uci",
        [
            "id name Test Engine  1.0",
            "id author Someone",
            "option name UCI_Chess960 type check default false",
            "option name UCI_Variant type combo default chess var chess var 3check var horde",
            "option name MultiPV type spin default 1 min 1 max 10",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name Clear Hash type button",
            "uciok",
        ],
    )
    await protocol.initialize()
    assert protocol.id == {"name": "Test Engine  1.0", "author": "Someone"}
    assert protocol.options["skill level"].max == 20
    mock.expect("setoption name Skill Level value 3")
    mock.expect("setoption name Clear Hash")
    await protocol.configure({"Skill Level": 3, "Clear Hash": None})
    fen = "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1"
    board = boards.Board(fen, chess960=True)
    mock.expect("setoption name MultiPV value 2")
    mock.expect("ucinewgame")
    mock.expect("isready", ["readyok"])
    mock.expect("setoption name UCI_Chess960 value true")
    mock.expect(f"position fen {fen}")
    mock.expect(
        "go nodes 100 searchmoves e1h1 h1h8",
        [
            "info depth 2 multipv 1 score cp -20 upperbound pv e1h1 b8b1",
            "info depth 2 multipv 2 score mate -3 wdl 0 0 1000 pv h1h8 e8d7 string a  b",
            "info currmove e1h1 currmovenumber 1 refutation e1h1 b8b1 currline 1 h1h8 e8d7",
            "info nodes 100 nps 5000 hashfull 3 tbhits 0 cpuload 42 time 20 ebf 1.5",
            "bestmove e1h1 ponder b8b1",
        ],
    )
    castle = board.parse_uci("e1h1")
    lines = await protocol.analyse(
        board,
        module.Limit(nodes=100),
        multipv=2,
        root_moves=[castle, board.parse_uci("h1h8")],
        game="g",
    )
    mock.assert_done()
    board.push(castle)
    threecheck = boards.variant.ThreeCheckBoard()
    threecheck.push_uci("e2e4")
    mock.expect("setoption name MultiPV value 1")
    mock.expect("setoption name UCI_Variant value 3check")
    mock.expect("setoption name UCI_Chess960 value false")
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    mock.expect(f"position fen {start} moves e2e4")
    mock.expect("go movetime 100", ["info depth 1 score cp 30 pv d7d5", "bestmove d7d5"])
    played = await protocol.play(threecheck, module.Limit(time=0.1), game="g", info=module.INFO_PV)
    mock.assert_done()
    summary = [{key: repr(value) for key, value in sorted(line.items())} for line in lines]
    return summary + [board.fen(), played.move.uci(), repr(played.info)]


async def xboard_features_and_usermove(module, boards, protocol, mock):
    mock.expect("xboard")
    mock.expect(
        "protover 2",
        [
            "# a comment",
            (
                'feature ping=1 setboard=1 usermove=1 myname="Fake Engine 2" variants="normal,'
                'fischerandom,3check" memory=1 smp=1 san=1 reuse=0 draw=1 nps=1'
            ),
            (
                'feature option="Style -combo Solid /// *Risky" option="Level -spin 5 1 9" '
                'option="Book -check 1" done=1'
            ),
        ],
    )
    mock.expect("rejected reuse")
    mock.expect("rejected san")
    mock.expect("accepted memory")
    mock.expect("accepted smp")
    await protocol.initialize()
    options = {name: repr(option) for name, option in sorted(protocol.options.items())}
    mock.expect("memory 64")
    mock.expect("cores 2")
    mock.expect("option Style=Solid")
    await protocol.configure({"memory": 64, "cores": 2, "Style": "Solid"})
    board = boards.Board.from_chess960_pos(959)
    board.push_uci("e2e4")
    mock.expect("new")
    mock.expect("variant fischerandom")
    mock.expect("force")
    fen = board.root().fen(shredder=True)
    mock.expect(f"setboard {fen}")
    mock.expect("usermove e2e4")
    mock.expect("nps 1")
    mock.expect("st 300")
    mock.expect("draw")
    mock.expect("post")
    mock.expect("hard")
    mock.expect(
        "go",
        [
            "3 -15 4 300 9 1000 0 1... e5 2. Nc3",
            "offer draw",
            "move e7e5",
            "Hint: d1c3",
        ],
    )
    mock.expect_ping()
    mock.expect("easy")
    mock.expect_ping()
    result = await protocol.play(
        board,
        module.Limit(nodes=300),
        info=module.INFO_ALL,
        ponder=True,
        draw_offered=True,
        game=1,
    )
    played = (result.move.uci(), result.ponder.uci(), result.draw_offered, result.resigned)
    info = {key: repr(value) for key, value in sorted(result.info.items())}
    board.push(result.move)
    mock.expect("force")
    mock.expect("usermove d1c3")
    mock.expect("sd 4")
    mock.expect("nopost")
    mock.expect("easy")
    mock.expect("go", ["resign"])
    mock.expect_ping()
    board.push_uci("d1c3")
    mock.expect_ping()
    second = await protocol.play(board, module.Limit(depth=4), game=1)
    await protocol.ping()
    mock.assert_done()
    return [options, played, info, second.move, second.resigned, protocol.id]


def uci_protocol(module):
    return module.UciProtocol()


def xboard_protocol(module):
    return module.XBoardProtocol()


SESSIONS = {
    "uci_chess960_and_variants": {"protocol": uci_protocol, "script": uci_chess960_and_variants},
    "xboard_features_and_usermove": {
        "protocol": xboard_protocol,
        "script": xboard_features_and_usermove,
    },
}


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_scripted_sessions_match_python_chess(name):
    theirs = run_session(chess.engine, chess, SESSIONS[name])
    ours = run_session(bitmove.engine, bitmove, SESSIONS[name])
    assert ours == theirs


def test_score_module_examples_run():
    import doctest

    from bitmove import _scores

    failures, tried = doctest.testmod(_scores)
    assert tried > 0 and failures == 0


def test_engine_loads_on_first_use_as_a_package_attribute():
    import subprocess
    import sys

    code = (
        "import sys, bitmove as chess\n"
        "assert 'bitmove.engine' not in sys.modules\n"
        "print(chess.engine.Limit(depth=3), chess.engine is sys.modules['bitmove.engine'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "Limit(depth=3) True"


INFO_LINES = [
    (
        "depth 12 seldepth 18 multipv 2 score cp -31 lowerbound nodes 91234 nps 812000 "
        "hashfull 41 tbhits 3 time 112 pv g8f6 c2c4 e7e6 b1c3"
    ),
    "depth 30 score mate -4 wdl 0 2 998 pv g8f6 c2c4",
    "currmove b8c6 currmovenumber 7",
    "refutation g8f6 c2c4 currline 2 g8f6 c2c4 e7e6",
    "string hello  world pv e2e4",
    "depth 3 score cp 5 upperbound ebf 2.25 cpuload 990 pv g8f6 garbage e7e5",
]
POST_LINES = [
    "9 156 1084 48000 1. ... Nf6 2. c4 e6",
    "4 100000 10 200 11 2000 7 Nf6",
    "4 -100003 10 200 Nf6 c4",
    "4 100005 10 200 Nf6",
    "3 12 4",
]


def test_line_readers_match_python_chess():
    from bitmove._engine_lines import _parse_uci_info, xboard_post_info

    ours_board = bitmove.Board()
    ours_board.push_uci("d2d4")
    theirs_board = chess.Board()
    theirs_board.push_uci("d2d4")

    def shown(info):
        return {key: repr(value) for key, value in sorted(info.items())}

    for line in INFO_LINES:
        for selector in (bitmove.engine.INFO_ALL, bitmove.engine.INFO_SCORE, 0):
            ours = shown(_parse_uci_info(line, ours_board, selector))
            theirs = shown(chess.engine._parse_uci_info(line, theirs_board, int(selector)))
            assert ours == theirs, line
    for line in POST_LINES:
        for selector in (bitmove.engine.INFO_ALL, bitmove.engine.INFO_BASIC):
            ours = shown(xboard_post_info(line, ours_board, selector))
            theirs = shown(chess.engine._parse_xboard_post(line, theirs_board, int(selector)))
            assert ours == theirs, line
    # Where bitmove differs: an illegal pv move cuts the pv (python-chess drops it).
    info = _parse_uci_info("depth 2 pv g8f6 e1e8 e7e6", ours_board)
    assert [move.uci() for move in info["pv"]] == ["g8f6"]
    assert "pv" not in chess.engine._parse_uci_info("depth 2 pv g8f6 e1e8 e7e6", theirs_board)
