"""``XBoardProtocol``: the Chess Engine Communication Protocol (XBoard/WinBoard, CECP 2,
http://hgm.nubati.net/CECP.html) on the asyncio core of ``bitmove._engine_protocol``. The
``feature`` and thinking-output lines are read by the Rust client
(``bitmove._engine_lines``)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from typing import Any

from bitmove._board import Board
from bitmove._engine_lines import xboard_option, xboard_parse_features, xboard_post_info
from bitmove._engine_protocol import AnalysisResult, BaseCommand, Protocol
from bitmove._engine_types import (
    INFO_ALL,
    INFO_NONE,
    LOGGER,
    BestMove,
    ConfigMapping,
    ConfigValue,
    EngineError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
)
from bitmove._scores import Mate
from bitmove._squares import STARTING_FEN

# "Error (reason): text" and "Illegal move (reason): text", the engine's refusals.
_REFUSAL = re.compile(r"\s*(?:Error|Illegal move)(?:\s*\([^()]*\))?\s*:")
_RESULTS = ("1-0", "0-1", "1/2-1/2")
# Settings XBoard sends with `new` (or as commands), not as `option NAME=VALUE`.
_GAME_SETTINGS = ("random", "computer", "name", "engine_rating", "opponent_rating")
# Options an engine may declare that this side sets by other means.
_NOT_DECLARABLE = ("random", "computer", "cores", "memory")


def _refusal(line: str) -> bool:
    return _REFUSAL.match(line) is not None


def _first_word(line: str) -> str:
    words = line.split(None, 1)
    return words[0] if words else ""


def _is_thinking_output(line: str) -> bool:
    return len(line.split()) >= 4 and line.lstrip()[0].isdigit()


class XBoardProtocol(Protocol):
    """XBoard/CECP version 2: ``xboard``/``protover 2`` and ``feature`` negotiation
    (``ping`` and ``setboard`` required), ``new``/``setboard``/``force`` and the moves,
    ``level``/``st``/``sd``/``time``/``otim``, ``analyze``, ``result``."""

    def __init__(self) -> None:
        super().__init__()
        self.features: dict[str, int | str] = {}
        self.id: dict[str, str] = {}
        self.options: dict[str, Option] = {  # type: ignore[assignment]
            "random": Option("random", "check", False, None, None, None),
            "computer": Option("computer", "check", False, None, None, None),
            "name": Option("name", "string", "", None, None, None),
            "engine_rating": Option("engine_rating", "spin", 0, None, None, None),
            "opponent_rating": Option("opponent_rating", "spin", 0, None, None, None),
        }
        self.config: dict[str, ConfigValue] = {}
        self.target_config: dict[str, ConfigValue] = {}
        self.board = Board()
        self.game: object = None
        self.clock_id: object = None
        self.first_game = True

    # -- commands --------------------------------------------------------------------
    async def initialize(self) -> None:
        return await self.communicate(_XBoardHandshake)

    async def ping(self) -> None:
        return await self.communicate(_XBoardPing)

    async def configure(self, options: ConfigMapping) -> None:
        return await self._configure_command(options)

    async def send_opponent_information(
        self, *, opponent: Opponent | None = None, engine_rating: int | None = None
    ) -> None:
        settings = self._opponent_configuration(opponent=opponent, engine_rating=engine_rating)
        return await self.configure(settings)

    async def play(
        self,
        board: Any,
        limit: Limit,
        *,
        game: object = None,
        info: Info = INFO_NONE,
        ponder: bool = False,
        draw_offered: bool = False,
        root_moves: Iterable[Any] | None = None,
        options: ConfigMapping = {},  # noqa: B006 (never mutated)
        opponent: Opponent | None = None,
    ) -> PlayResult:
        if root_moves is not None:
            raise EngineError(
                "play with root_moves, but xboard supports 'include' only in analysis mode"
            )

        def factory(engine: XBoardProtocol) -> _XBoardPlay:
            return _XBoardPlay(
                engine, board, limit, game, info, ponder, draw_offered, options, opponent
            )

        return await self.communicate(factory)

    async def analysis(
        self,
        board: Any,
        limit: Limit | None = None,
        *,
        multipv: int | None = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Iterable[Any] | None = None,
        options: ConfigMapping = {},  # noqa: B006 (never mutated)
    ) -> AnalysisResult:
        if multipv is not None:
            raise EngineError("xboard engine does not support multipv")
        if limit is not None and (limit.white_clock is not None or limit.black_clock is not None):
            raise EngineError("xboard analysis does not support clock limits")

        def factory(engine: XBoardProtocol) -> _XBoardAnalysis:
            return _XBoardAnalysis(engine, board, limit, game, info, root_moves, options)

        return await self.communicate(factory)

    async def send_game_result(
        self,
        board: Any,
        winner: bool | None = None,
        game_ending: str | None = None,
        game_complete: bool = True,
    ) -> None:
        def factory(engine: XBoardProtocol) -> _XBoardResult:
            return _XBoardResult(engine, board, winner, game_ending, game_complete)

        return await self.communicate(factory)

    async def quit(self) -> None:
        self.send_line("quit")
        await asyncio.shield(self.returncode)

    # -- what the commands send ------------------------------------------------------
    def _ping(self, n: int) -> None:
        self.send_line(f"ping {n}")

    def _variant(self, variant: str | None) -> None:
        known = str(self.features.get("variants", "")).split(",")
        if not variant or variant not in known:
            raise EngineError(
                f"unsupported xboard variant: {variant} (available: {', '.join(known)})"
            )
        self.send_line(f"variant {variant}")

    def _setoption(self, name: str, value: ConfigValue) -> None:
        if value is not None and value == self.config.get(name):
            return
        option = self.options.get(name)
        if option is None:
            raise EngineError(f"unsupported xboard option or command: {name}")
        value = option.parse(value)
        self.config[name] = value
        if name in _GAME_SETTINGS:
            return  # sent by _new
        if name in ("memory", "cores") or name.startswith("egtpath "):
            self.send_line(f"{name} {value}")
        elif value is None:
            self.send_line(f"option {name}")
        elif isinstance(value, bool):
            self.send_line(f"option {name}={int(value)}")
        else:
            self.send_line(f"option {name}={value}")

    def _opponent_configuration(
        self, *, opponent: Opponent | None = None, engine_rating: int | None = None
    ) -> ConfigMapping:
        if opponent is None:
            return {}
        settings: dict[str, ConfigValue] = {
            "engine_rating": engine_rating or self.target_config.get("engine_rating") or 0,
            "opponent_rating": opponent.rating or 0,
            "computer": opponent.is_engine or False,
        }
        if opponent.name and self.features.get("name", True):
            settings["name"] = f"{opponent.title or ''} {opponent.name}".strip()
        return settings

    def _new(
        self,
        board: Any,
        game: object,
        options: ConfigMapping,
        opponent: Opponent | None = None,
    ) -> None:
        """Brings the engine to ``board``: a new game when needed (first game, another
        game, new opponent or settings, another start position), else by taking back moves
        to the common history and playing the rest."""
        self._configure(options)
        self._configure(self._opponent_configuration(opponent=opponent))

        root = board.root()
        new_game = (
            self.first_game
            or self.game != game
            or any(name in options for name in ("random", "computer"))
            or bool(opponent)
            or root != self.board.root()
        )
        self.game = game
        self.first_game = False
        common = 0
        if new_game:
            self._announce_game(board, root)
        else:
            self.send_line("force")
            for ours, theirs in zip(self.board.move_stack, board.move_stack):
                if ours != theirs:
                    break
                common += 1
            while len(self.board.move_stack) > common + 1:
                self.send_line("remove")
                self.board.pop()
                self.board.pop()
            if len(self.board.move_stack) > common:
                self.send_line("undo")
                self.board.pop()

        prefix = "usermove " if self.features.get("usermove", 0) else ""
        for move in board.move_stack[common:]:
            if not move:
                LOGGER.warning(
                    "Null move (in %s) may not be supported by all XBoard engines",
                    self.board.fen(),
                )
            self.send_line(prefix + self.board.xboard(move))
            self.board.push(move)

    def _announce_game(self, board: Any, root: Any) -> None:
        self.board = root
        self.send_line("new")
        variant = type(board).xboard_variant
        if variant == "normal" and board.chess960:
            self._variant("fischerandom")
        elif variant != "normal":
            self._variant(variant)
        if self.config.get("random"):
            self.send_line("random")
        name = self.config.get("name")
        if name and self.features.get("name", True):
            self.send_line(f"name {name}")
        ours, theirs = self.config.get("engine_rating"), self.config.get("opponent_rating")
        if ours or theirs:
            self.send_line(f"rating {ours or 0} {theirs or 0}")
        if self.config.get("computer"):
            self.send_line("computer")
        self.send_line("force")
        fen = root.fen(shredder=board.chess960, en_passant="fen")
        if variant != "normal" or fen != STARTING_FEN or board.chess960:
            self.send_line(f"setboard {fen}")


# ------------------------------------------------------------------------------------
# The commands


class _XBoardCommand(BaseCommand[Any]):
    engine: XBoardProtocol

    def __init__(self, engine: XBoardProtocol) -> None:
        super().__init__(engine)
        self.engine = engine

    def _pong_for(self, salt: int = 0) -> str:
        """The ``pong`` line that will answer this command's ``ping`` (``salt`` tells two
        pings of one command apart). It is stored before the ping goes: an answer may come
        back at once."""
        return f"pong {(id(self) + salt) & 0xFFFF}"

    def _unexpected(self, line: str) -> None:
        LOGGER.warning("%s: Unexpected engine output: %r", self.engine, line)


class _XBoardHandshake(_XBoardCommand):
    # Engines that never finish their features (no done=1) get this long.
    WAIT_FOR_FEATURES = 2.0

    def check_initialized(self) -> None:
        if self.engine.initialized:
            raise EngineError("engine already initialized")

    def start(self) -> None:
        self.engine.send_line("xboard")
        self.engine.send_line("protover 2")
        self.timer = self.engine.loop.call_later(self.WAIT_FOR_FEATURES, self._timed_out)

    def _timed_out(self) -> None:
        if self.result.done():
            return
        LOGGER.error("%s: Timeout during initialization", self.engine)
        self._features_done()

    def line_received(self, line: str) -> None:
        word = _first_word(line)
        if word.startswith("#"):
            return
        if word == "feature":
            self._features(line)
        elif _refusal(line):
            self.timer.cancel()
            raise EngineError(line)

    def _features(self, line: str) -> None:
        try:
            declared = xboard_parse_features(line)
        except ValueError as error:
            LOGGER.warning("%s: Invalid feature line %r: %s", self.engine, line, error)
            return
        engine = self.engine
        for key, value in declared:
            if key != "option":
                engine.features[key] = value
                continue
            try:
                option = xboard_option(str(value))
            except ValueError as error:
                LOGGER.warning("%s: %s", engine, error)
                continue
            if option.name not in _NOT_DECLARABLE:
                engine.options[option.name] = option
        if "done" in engine.features:
            self.timer.cancel()
        if engine.features.get("done"):
            self._features_done()

    def _refuse(self, message: str) -> None:
        self.result.set_exception(EngineError(message))
        self.set_finished()

    def _features_done(self) -> None:
        engine = self.engine
        features = engine.features
        for required in ("ping", "setboard"):
            if not features.get(required, 0):
                self._refuse(f"xboard engine did not declare required feature: {required}")
                return
        for feature, unwanted in (("reuse", 0), ("sigterm", 0), ("san", 1)):
            if features.get(feature, 1 - unwanted) == unwanted:
                LOGGER.warning("%s: Rejecting feature %s=%d", engine, feature, unwanted)
                engine.send_line(f"rejected {feature}")
        if "myname" in features:
            engine.id["name"] = str(features["myname"])
        if features.get("memory", 0):
            engine.options["memory"] = Option("memory", "spin", 16, 1, None, None)
            engine.send_line("accepted memory")
        if features.get("smp", 0):
            engine.options["cores"] = Option("cores", "spin", 1, 1, None, None)
            engine.send_line("accepted smp")
        if features.get("egt"):
            for table in str(features["egt"]).split(","):
                name = f"egtpath {table}"
                engine.options[name] = Option(name, "path", None, None, None, None)
            engine.send_line("accepted egt")
        for option in engine.options.values():
            if option.default is None:
                continue
            engine.config[option.name] = option.default
            if not option.is_managed():
                engine.target_config[option.name] = option.default
        engine.initialized = True
        self.result.set_result(None)
        self.set_finished()


class _XBoardPing(_XBoardCommand):
    def start(self) -> None:
        self.pong = self._pong_for()
        self.engine._ping(int(self.pong.split()[1]))

    def line_received(self, line: str) -> None:
        if line == self.pong:
            self.result.set_result(None)
            self.set_finished()
        elif _refusal(line):
            raise EngineError(line)
        elif not line.startswith("#"):
            self._unexpected(line)


class _XBoardPlay(_XBoardCommand):
    def __init__(
        self,
        engine: XBoardProtocol,
        board: Any,
        limit: Limit,
        game: object,
        selector: Info,
        ponder: bool,
        draw_offered: bool,
        options: ConfigMapping,
        opponent: Opponent | None,
    ) -> None:
        super().__init__(engine)
        self.board, self.limit, self.game, self.selector = board, limit, game, selector
        self.ponder, self.draw_offered = ponder, draw_offered
        self.options, self.opponent = options, opponent

    def start(self) -> None:
        engine, board, limit = self.engine, self.board, self.limit
        self.play_result = PlayResult(None, None)
        self.stopped = False
        self.pong_after_move: str | None = None
        self.pong_after_ponder: str | None = None

        engine._new(board, self.game, self.options, self.opponent)

        mover_white = bool(board.turn)
        clock = limit.white_clock if mover_white else limit.black_clock
        increment = limit.white_inc if mover_white else limit.black_inc
        if limit.clock_id is None or limit.clock_id != engine.clock_id:
            self._time_control(clock, increment)
        engine.clock_id = limit.clock_id
        if limit.nodes is not None:
            timed = (limit.time, limit.white_clock, limit.black_clock, increment)
            if any(value is not None for value in timed):
                raise EngineError("xboard does not support mixing node limits with time limits")
            if "nps" not in engine.features:
                LOGGER.warning(
                    "%s: Engine did not explicitly declare support for node limits (feature nps=?)",
                    engine,
                )
            elif not engine.features["nps"]:
                raise EngineError("xboard engine does not support node limits (feature nps=0)")
            engine.send_line("nps 1")
            engine.send_line(f"st {max(1, int(limit.nodes))}")
        if limit.depth is not None:
            engine.send_line(f"sd {max(1, int(limit.depth))}")
        # `time` is the engine's own clock, `otim` its opponent's, in centiseconds.
        for seconds, own in (
            (limit.white_clock, mover_white),
            (limit.black_clock, not mover_white),
        ):
            if seconds is not None:
                engine.send_line(f"{'time' if own else 'otim'} {max(1, round(seconds * 100))}")
        if self.draw_offered and engine.features.get("draw", 1):
            engine.send_line("draw")
        engine.send_line("post" if self.selector else "nopost")
        engine.send_line("hard" if self.ponder else "easy")
        engine.send_line("go")

    def _time_control(self, clock: float | None, increment: float | None) -> None:
        limit = self.limit
        if limit.remaining_moves or clock is not None or increment is not None:
            minutes, seconds = divmod(int(clock or 0), 60)
            moves = limit.remaining_moves or 0
            self.engine.send_line(f"level {moves} {minutes}:{seconds:02d} {increment or 0}")
        if limit.time is not None:
            self.engine.send_line(f"st {max(0.01, limit.time)}")

    def line_received(self, line: str) -> None:
        word = _first_word(line)
        rest = line.split(None, 1)[1].strip() if len(line.split(None, 1)) > 1 else ""
        if word == "move":
            self._move(rest)
        elif word == "Hint:":
            self._hint(rest)
        elif word == "pong":
            self._pong(f"pong {rest}")
        elif f"{word} {rest}" == "offer draw":
            if not self.result.done():
                self.play_result.draw_offered = True
            self._ping_after_move()
        elif line.strip() == "resign" or word in _RESULTS:
            if (word not in _RESULTS or "resign" in line) and not self.result.done():
                self.play_result.resigned = True
            self._ping_after_move()
        elif word.startswith("#"):
            pass
        elif _refusal(line):
            self.engine.first_game = True  # the engine's board may be out of step
            raise EngineError(line)
        elif _is_thinking_output(line):
            if not self.result.done():
                self.play_result.info = xboard_post_info(line, self.engine.board, self.selector)
        else:
            self._unexpected(line)

    def _pong(self, pong: str) -> None:
        if pong == self.pong_after_move:
            if not self.result.done():
                self.result.set_result(self.play_result)
            if not self.ponder:
                self.set_finished()
        elif pong == self.pong_after_ponder:
            if not self.result.done():
                self.result.set_result(self.play_result)
            self.set_finished()

    def _move(self, text: str) -> None:
        if not self.result.done() and self.play_result.move is None:
            try:
                self.play_result.move = self.engine.board.push_xboard(text)
            except ValueError as error:
                self.engine.first_game = True  # the engine's board may be out of step
                raise EngineError(error) from None
            self._ping_after_move()
            return
        try:
            self.engine.board.push_xboard(text)
        except ValueError:
            LOGGER.exception("Exception playing unexpected move")

    def _hint(self, text: str) -> None:
        played = self.play_result
        if self.result.done() or played.move is None or played.ponder is not None:
            LOGGER.warning("Unexpected hint: %r", text)
            return
        try:
            played.ponder = self.engine.board.parse_xboard(text)
        except ValueError:
            LOGGER.exception("Exception parsing hint")

    def _ping_after_move(self) -> None:
        if self.pong_after_move is None:
            self.pong_after_move = self._pong_for()
            self.engine._ping(int(self.pong_after_move.split()[1]))

    def cancel(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        if self.result.cancelled():
            self.engine.send_line("?")  # move now
        if self.ponder:
            self.engine.send_line("easy")
        # The command ends on the answer to this ping (after the move `?` forces).
        self.pong_after_ponder = self._pong_for(1)
        self.engine._ping(int(self.pong_after_ponder.split()[1]))

    def engine_terminated(self, exc: Exception) -> None:
        # An engine may die while pondering after the move was given.
        if not self.result.done():
            super().engine_terminated(exc)


class _XBoardAnalysis(_XBoardCommand):
    def __init__(
        self,
        engine: XBoardProtocol,
        board: Any,
        limit: Limit | None,
        game: object,
        selector: Info,
        root_moves: Iterable[Any] | None,
        options: ConfigMapping,
    ) -> None:
        super().__init__(engine)
        self.board, self.limit, self.game, self.selector = board, limit, game, selector
        self.root_moves, self.options = root_moves, options
        self.timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        engine = self.engine
        self.stopped = False
        self.best_move: Any | None = None
        self.analysis = AnalysisResult(stop=self.cancel)
        self.final_pong: str | None = None
        engine._new(self.board, self.game, self.options)
        if self.root_moves is not None:
            if not engine.features.get("exclude", 0):
                raise EngineError("xboard engine does not support root_moves (feature exclude=0)")
            engine.send_line("exclude all")
            for move in self.root_moves:
                engine.send_line(f"include {engine.board.xboard(move)}")
        engine.send_line("post")
        engine.send_line("analyze")
        self.result.set_result(self.analysis)
        if self.limit is not None and self.limit.time is not None:
            self.timer = engine.loop.call_later(self.limit.time, self.cancel)

    def line_received(self, line: str) -> None:
        word = _first_word(line)
        if word.startswith("#"):
            pass
        elif _is_thinking_output(line):
            self._post(line)
        elif " ".join(line.split()) == self.final_pong:
            self._end()
        elif _refusal(line):
            self.engine.first_game = True  # the engine's board may be out of step
            raise EngineError(line)
        else:
            self._unexpected(line)

    def _post(self, line: str) -> None:
        info = xboard_post_info(line, self.engine.board, self.selector)
        self.analysis.post(info)
        if info.get("pv"):
            self.best_move = info["pv"][0]
        if self.limit is not None and self._limit_reached(info):
            self.cancel()

    def _limit_reached(self, info: InfoDict) -> bool:
        limit = self.limit
        assert limit is not None
        reached = (
            (limit.time, info.get("time")),
            (limit.nodes, info.get("nodes")),
            (limit.depth, info.get("depth")),
        )
        if any(bound is not None and (value or 0) >= bound for bound, value in reached):
            return True
        score = info.get("score")
        return limit.mate is not None and score is not None and score.relative >= Mate(limit.mate)

    def _end(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.set_finished()
        self.analysis.set_finished(BestMove(self.best_move, None))

    def cancel(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        self.engine.send_line(".")
        self.engine.send_line("exit")
        self.final_pong = self._pong_for()
        self.engine._ping(int(self.final_pong.split()[1]))

    def engine_terminated(self, exc: Exception) -> None:
        LOGGER.debug(
            "%s: Closing analysis because engine has been terminated (error: %s)",
            self.engine,
            exc,
        )
        if self.timer is not None:
            self.timer.cancel()
        if not self.result.done():
            self.result.set_exception(exc)
        self.analysis.set_exception(exc)
        self._mark_finished()

    def _ended_while_stopping(self, exc: Exception) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.analysis.set_exception(exc)


class _XBoardResult(_XBoardCommand):
    def __init__(
        self,
        engine: XBoardProtocol,
        board: Any,
        winner: bool | None,
        game_ending: str | None,
        game_complete: bool,
    ) -> None:
        super().__init__(engine)
        self.board, self.winner = board, winner
        self.game_ending, self.game_complete = game_ending, game_complete

    def start(self) -> None:
        ending = self.game_ending
        if ending and any(c in ending for c in "{}\n\r"):
            raise EngineError(
                f"invalid line break or curly braces in game ending message: {ending!r}"
            )
        self.engine._new(self.board, self.engine.game, {})  # the last moves
        result, why = self._verdict()
        self.engine.send_line(f"result {result} {{{why}}}" if why else f"result {result}")
        self.result.set_result(None)
        self.set_finished()

    def _verdict(self) -> tuple[str, str]:
        given = self.game_ending or ""
        if not self.game_complete:
            return "*", given
        if self.winner is not None or self.game_ending:
            if self.winner is None:
                return "1/2-1/2", given
            return ("1-0" if self.winner else "0-1"), given
        outcome = self.board.outcome(claim_draw=True)
        if outcome is None:
            return "*", ""
        if outcome.winner is None:
            return outcome.result(), outcome.termination.name.capitalize().replace("_", " ")
        side = "White" if outcome.winner else "Black"
        how = "mates" if outcome.termination.name == "CHECKMATE" else "variant win"
        return outcome.result(), f"{side} {how}"
