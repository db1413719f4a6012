"""Driving UCI and XBoard chess engines: python-chess's ``chess.engine``, on bitmove's
boards. The lines engines write are read by bitmove's Rust engine client; the asyncio
plumbing is here.

Blocking, with ``SimpleEngine``::

    import bitmove as chess
    import bitmove.engine

    with chess.engine.SimpleEngine.popen_uci("stockfish") as engine:
        board = chess.Board()
        info = engine.analyse(board, chess.engine.Limit(depth=12))
        print(info["score"].white(), info["pv"][0])
        result = engine.play(board, chess.engine.Limit(time=0.1))
        board.push(result.move)

With asyncio::

    transport, engine = await chess.engine.popen_uci("stockfish")
    with await engine.analysis(board) as analysis:
        async for info in analysis:
            if info.get("depth", 0) >= 20:
                break
    await engine.quit()

Scores (``PovScore``, ``Cp``, ``Mate``, ...) are the classes ``bitmove.pgn``'s
``node.eval()`` gives.
"""

from __future__ import annotations

from bitmove._engine_lines import _parse_uci_info  # noqa: F401 (python-chess tests call it)
from bitmove._engine_protocol import (
    AnalysisResult,
    BaseCommand,
    CommandState,
    EventLoopPolicy,
    MockTransport,
    Protocol,
    run_in_background,
)
from bitmove._engine_simple import SimpleAnalysisResult, SimpleEngine, popen_uci, popen_xboard
from bitmove._engine_types import (
    INFO_ALL,
    INFO_BASIC,
    INFO_CURRLINE,
    INFO_NONE,
    INFO_PV,
    INFO_REFUTATION,
    INFO_SCORE,
    LOGGER,
    MANAGED_OPTIONS,
    AnalysisComplete,
    BestMove,
    ConfigMapping,
    ConfigValue,
    EngineError,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
    UciOptionMap,
)
from bitmove._engine_uci import UciProtocol
from bitmove._engine_xboard import XBoardProtocol
from bitmove._scores import (
    Cp,
    Mate,
    MateGiven,
    MateGivenType,
    PovScore,
    PovWdl,
    Score,
    Wdl,
    WdlModel,
)

__all__ = [
    "INFO_ALL",
    "INFO_BASIC",
    "INFO_CURRLINE",
    "INFO_NONE",
    "INFO_PV",
    "INFO_REFUTATION",
    "INFO_SCORE",
    "LOGGER",
    "MANAGED_OPTIONS",
    "AnalysisComplete",
    "AnalysisResult",
    "BaseCommand",
    "BestMove",
    "CommandState",
    "ConfigMapping",
    "ConfigValue",
    "Cp",
    "EngineError",
    "EngineTerminatedError",
    "EventLoopPolicy",
    "Info",
    "InfoDict",
    "Limit",
    "Mate",
    "MateGiven",
    "MateGivenType",
    "MockTransport",
    "Opponent",
    "Option",
    "PlayResult",
    "PovScore",
    "PovWdl",
    "Protocol",
    "Score",
    "SimpleAnalysisResult",
    "SimpleEngine",
    "UciOptionMap",
    "UciProtocol",
    "Wdl",
    "WdlModel",
    "XBoardProtocol",
    "popen_uci",
    "popen_xboard",
    "run_in_background",
]

# The classes live in bitmove._engine_* and bitmove._scores (one module would be too long
# to read); their home for users, pickles and reprs is here.
for _name in __all__:
    _item = globals()[_name]
    if isinstance(_item, type) and _item.__module__.startswith(
        ("bitmove._engine", "bitmove._scores")
    ):
        _item.__module__ = __name__
del _name, _item
# `_parse_uci_info` (imported above) keeps python-chess's private name: its tests call it.
