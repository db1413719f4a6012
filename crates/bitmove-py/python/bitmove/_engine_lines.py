"""From the engine's lines to ``bitmove.engine``'s objects. The lines are read by the Rust
engine client (``bitmove::engine`` through ``_bitmove.uci_parse_info`` and its siblings,
which give the tokens); here they become moves checked on the board, ``PovScore`` and
``PovWdl`` from the side to move, and ``Option`` records."""

from __future__ import annotations

from typing import Any

from bitmove._bitmove import (
    Move,
    uci_parse_bestmove,
    uci_parse_id,
    uci_parse_info,
    uci_parse_option,
    xboard_parse_features,
    xboard_parse_option,
    xboard_parse_post,
)
from bitmove._engine_types import (
    INFO_ALL,
    INFO_CURRLINE,
    INFO_PV,
    INFO_REFUTATION,
    INFO_SCORE,
    LOGGER,
    BestMove,
    EngineError,
    Info,
    InfoDict,
    Option,
)
from bitmove._scores import Cp, Mate, MateGiven, PovScore, PovWdl, Score, Wdl

__all__ = ["uci_parse_id", "xboard_parse_features"]

# Tokens of the raw record copied into the InfoDict as they are.
_PLAIN_KEYS = ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits")
_PLAIN_KEYS += ("cpuload", "currmovenumber", "time", "ebf", "string")


def _score(raw: tuple[str, int, str | None]) -> Score:
    kind, value = raw[0], raw[1]
    if kind == "cp":
        return Cp(value)
    if kind == "mate":
        return Mate(value)
    if kind == "mate_given":
        return MateGiven
    raise ValueError(f"unknown score kind {kind!r}")


def _line(board: Any, tokens: list[str], what: str, text: str) -> list[Any]:
    """The moves of ``tokens`` played from ``board`` (a copy), up to the first that is not
    legal there (logged)."""
    position = board.copy(stack=False)
    moves = []
    for token in tokens:
        try:
            moves.append(position.push_uci(token))
        except ValueError:
            LOGGER.error(
                "Illegal move %r in %s from info: %r, position at root: %s",
                token,
                what,
                text,
                board.fen(),
            )
            break
    return moves


def _parse_uci_info(arg: str, root_board: Any, selector: Info = INFO_ALL) -> InfoDict:
    """The InfoDict of a UCI ``info`` line (``arg``: the line after ``info``), its moves
    read on ``root_board``, keeping what ``selector`` asks for."""
    info: dict[str, Any] = {}
    if not selector:
        return info  # type: ignore[return-value]
    try:
        raw = uci_parse_info(f"info {arg}")
    except ValueError as error:
        LOGGER.error("Exception parsing info: %r (%s)", arg, error)
        return info  # type: ignore[return-value]
    for key in _PLAIN_KEYS:
        if key in raw:
            info[key] = raw[key]
    turn = root_board.turn
    if "score" in raw and selector & INFO_SCORE:
        try:
            info["score"] = PovScore(_score(raw["score"]), turn)
        except ValueError as error:
            LOGGER.error("%s in info: %r", error, arg)
        else:
            bound = raw["score"][2]
            if bound:
                info[bound] = True
    if "wdl" in raw:
        info["wdl"] = PovWdl(Wdl(*raw["wdl"]), turn)
    if "currmove" in raw:
        try:
            info["currmove"] = Move.from_uci(raw["currmove"])
        except ValueError:
            LOGGER.error("Exception parsing currmove from info: %r", arg)
    if "pv" in raw and selector & INFO_PV:
        info["pv"] = _line(root_board, raw["pv"], "pv", arg)
    if "refutation" in raw and selector & INFO_REFUTATION and raw["refutation"]:
        refuted, *answer = raw["refutation"]
        position = root_board.copy(stack=False)
        try:
            move = position.push_uci(refuted)
        except ValueError:
            LOGGER.error("Illegal refuted move %r in info: %r", refuted, arg)
        else:
            info["refutation"] = {move: _line(position, answer, "refutation", arg)}
    if "currline" in raw and selector & INFO_CURRLINE:
        cpu, tokens = raw["currline"]
        info["currline"] = {cpu: _line(root_board, tokens, "currline", arg)}
    return info  # type: ignore[return-value]


def uci_best_move(board: Any, line: str) -> BestMove:
    """The ``BestMove`` of a ``bestmove`` line on ``board``: an illegal best move is an
    ``EngineError``, an illegal ponder move is logged and dropped."""
    try:
        best, ponder = uci_parse_bestmove(line)
    except ValueError as error:
        raise EngineError(f"invalid bestmove line {line!r}: {error}") from None
    if best is None:
        return BestMove(None, None)
    try:
        # Some engines (AnMon) write promotions in upper case.
        move = board.push_uci(best.lower())
    except ValueError as error:
        raise EngineError(error) from None
    reply = None
    try:
        if ponder is not None:
            reply = board.parse_uci(ponder.lower())
    except ValueError:
        LOGGER.exception("Engine sent invalid ponder move")
    finally:
        board.pop()
    return BestMove(move, reply)


def uci_option(line: str) -> Option:
    """The ``Option`` an ``option`` line declares (its default read for its type by the
    Rust reader). Raises ``ValueError`` for a line that does not read."""
    name, kind, default, low, high, choices = uci_parse_option(line)
    return Option(name, kind, default, low, high, list(choices))


def xboard_option(spec: str) -> Option:
    """The ``Option`` of an XBoard ``feature option="NAME -TYPE ..."`` value. Raises
    ``ValueError`` for one that does not read."""
    name, kind, default, low, high, choices = xboard_parse_option(spec)
    return Option(name, kind, default, low, high, list(choices) if kind == "combo" else None)


def xboard_post_info(line: str, root_board: Any, selector: Info = INFO_ALL) -> InfoDict:
    """The InfoDict of an XBoard thinking-output line (``depth score time nodes ...
    pv``), its pv read on ``root_board`` (only its first move unless ``selector`` asks
    for the pv)."""
    try:
        raw = xboard_parse_post(line)
    except ValueError:
        raw = None
    info: dict[str, Any] = {}
    if raw is None:
        return info  # type: ignore[return-value]
    for key in ("depth", "time", "nodes", "seldepth", "nps", "tbhits"):
        if key in raw:
            info[key] = raw[key]
    info["score"] = PovScore(_score(raw["score"]), root_board.turn)
    position = root_board.copy(stack=False)
    pv = []
    for token in raw.get("pv", []):
        try:
            pv.append(position.push_xboard(token))
        except ValueError:
            break
        if not selector & INFO_PV:
            break
    info["pv"] = pv
    return info  # type: ignore[return-value]
