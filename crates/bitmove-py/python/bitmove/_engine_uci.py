"""``UciProtocol``: the Universal Chess Interface (https://www.chessprogramming.org/UCI)
on the asyncio core of ``bitmove._engine_protocol``. The engine's lines are read by the
Rust client (``bitmove._engine_lines``)."""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Iterable
from typing import Any

from bitmove._board import Board
from bitmove._engine_lines import _parse_uci_info, uci_best_move, uci_option, uci_parse_id
from bitmove._engine_protocol import AnalysisResult, BaseCommand, Protocol
from bitmove._engine_types import (
    INFO_ALL,
    INFO_NONE,
    LOGGER,
    ConfigMapping,
    ConfigValue,
    EngineError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
    UciOptionMap,
    chain_config,
)
from bitmove._squares import STARTING_FEN

_ANALYSE_MODE = "uci_analysemode"


def _split(line: str) -> tuple[str, str]:
    """The line's first word and the rest (after the whitespace that follows it)."""
    parts = line.split(None, 1)
    if not parts:
        return "", ""
    return parts[0], parts[1] if len(parts) > 1 else ""


def _millis(seconds: float) -> int:
    return round(seconds * 1000)


class UciProtocol(Protocol):
    """The Universal Chess Interface: ``uci``/``uciok``, ``setoption``, ``position`` and
    ``go``, ``info`` and ``bestmove``, pondering with ``ponderhit``.

    ``options`` are the declared options (keys without regard to case), ``config`` the
    values the engine has now, ``target_config`` the values ``configure`` asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.options: UciOptionMap[Option] = UciOptionMap()
        self.config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.target_config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.id: dict[str, str] = {}
        self.board = Board()
        self.game: object = None
        self.first_game = True
        # The position a new `play` would ponder on (set when it is made), and whether
        # the engine was told `ponderhit` for it.
        self.may_ponderhit: Any | None = None
        self.ponderhit = False

    # -- commands --------------------------------------------------------------------
    async def initialize(self) -> None:
        return await self.communicate(_UciHandshake)

    async def ping(self) -> None:
        return await self.communicate(_UciReadyCommand)

    def debug(self, on: bool = True) -> None:
        """Turns the engine's debug output on or off (at once: it stops nothing)."""
        self.send_line("debug on" if on else "debug off")

    async def configure(self, options: ConfigMapping) -> None:
        return await self._configure_command(options)

    async def send_opponent_information(
        self, *, opponent: Opponent | None = None, engine_rating: int | None = None
    ) -> None:
        return await self.configure(self._opponent_configuration(opponent=opponent))

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
        wanted: dict[str, ConfigValue] = dict(options)
        wanted.update(self._opponent_configuration(opponent=opponent))

        def factory(engine: UciProtocol) -> _UciPlay:
            return _UciPlay(engine, board, limit, game, info, ponder, root_moves, wanted)

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
        def factory(engine: UciProtocol) -> _UciAnalysis:
            return _UciAnalysis(engine, board, limit, multipv, game, info, root_moves, options)

        return await self.communicate(factory)

    async def send_game_result(
        self,
        board: Any,
        winner: bool | None = None,
        game_ending: str | None = None,
        game_complete: bool = True,
    ) -> None:
        """UCI has no game result: nothing is sent."""

    async def quit(self) -> None:
        self.send_line("quit")
        await asyncio.shield(self.returncode)

    # -- what the commands send ------------------------------------------------------
    def _isready(self) -> None:
        self.send_line("isready")

    def _ucinewgame(self) -> None:
        self.send_line("ucinewgame")
        # UCI_Opponent is sent after ucinewgame (it describes the new game's opponent).
        opponent = self.config.get("UCI_Opponent") or self.target_config.get("UCI_Opponent")
        if opponent:
            self.send_line(f"setoption name UCI_Opponent value {opponent}")
        self.first_game = False
        self.ponderhit = False

    def _changed_options(self, options: ConfigMapping) -> bool:
        return any(
            value is None or value != self.config.get(name)
            for name, value in chain_config(options, self.target_config)
        )

    def _setoption(self, name: str, value: ConfigValue) -> None:
        option = self.options.get(name)
        if option is None:
            raise EngineError(
                f"engine does not support option {name} "
                f"(available options: {', '.join(self.options)})"
            )
        value = option.parse(value)
        if value is not None and value == self.config.get(name):
            return
        if name != "UCI_Opponent":  # that one goes with ucinewgame
            if value is None:
                self.send_line(f"setoption name {name}")
            elif isinstance(value, bool):
                self.send_line(f"setoption name {name} value {'true' if value else 'false'}")
            else:
                self.send_line(f"setoption name {name} value {value}")
        self.config[name] = value

    def _opponent_configuration(self, *, opponent: Opponent | None = None) -> ConfigMapping:
        if opponent is None or not opponent.name or "UCI_Opponent" not in self.options:
            return {}
        kind = "computer" if opponent.is_engine else "human"
        described = f"{opponent.title or 'none'} {opponent.rating or 'none'} {kind} {opponent.name}"
        return {"UCI_Opponent": described}

    def _position(self, board: Any) -> None:
        variant = type(board).uci_variant
        if "UCI_Variant" in self.options:
            self._setoption("UCI_Variant", variant)
        elif variant != "chess":
            raise EngineError("engine does not support UCI_Variant")
        if "UCI_Chess960" in self.options:
            self._setoption("UCI_Chess960", board.chess960)
        elif board.chess960:
            raise EngineError("engine does not support UCI_Chess960")

        # A null move cannot be sent: then only the current position goes.
        whole_history = all(board.move_stack)
        start = board.root() if whole_history else board
        fen = start.fen(shredder=board.chess960, en_passant="fen")
        words = ["position"]
        words += ["startpos"] if variant == "chess" and fen == STARTING_FEN else ["fen", fen]
        if not whole_history:
            LOGGER.warning("Not transmitting history with null moves to UCI engine")
        elif board.move_stack:
            words.append("moves")
            words += [move.uci() for move in board.move_stack]
        self.send_line(" ".join(words))
        self.board = board.copy(stack=False)

    def _go(
        self,
        limit: Limit,
        *,
        root_moves: Iterable[Any] | None = None,
        ponder: bool = False,
        infinite: bool = False,
    ) -> None:
        words = ["go"]
        if ponder:
            words.append("ponder")
        clocks = (
            ("wtime", limit.white_clock, True),
            ("btime", limit.black_clock, True),
            ("winc", limit.white_inc, False),
            ("binc", limit.black_inc, False),
        )
        for word, seconds, at_least_one in clocks:
            if seconds is not None:
                millis = _millis(seconds)
                words += [word, str(max(1, millis) if at_least_one else millis)]
        if limit.remaining_moves is not None and int(limit.remaining_moves) > 0:
            words += ["movestogo", str(int(limit.remaining_moves))]
        for word, count in (("depth", limit.depth), ("nodes", limit.nodes), ("mate", limit.mate)):
            if count is not None:
                words += [word, str(max(1, int(count)))]
        if limit.time is not None:
            words += ["movetime", str(max(1, _millis(limit.time)))]
        if infinite:
            words.append("infinite")
        if root_moves is not None:
            # `searchmoves` with nothing after it would mean every move: 0000 means none.
            words += ["searchmoves"] + ([move.uci() for move in root_moves] or ["0000"])
        self.send_line(" ".join(words))


# ------------------------------------------------------------------------------------
# The commands


class _UciCommand(BaseCommand[Any]):
    engine: UciProtocol

    def __init__(self, engine: UciProtocol) -> None:
        super().__init__(engine)
        self.engine = engine

    def _unexpected(self, line: str) -> None:
        LOGGER.warning("%s: Unexpected engine output: %r", self.engine, line)


class _UciHandshake(_UciCommand):
    def check_initialized(self) -> None:
        if self.engine.initialized:
            raise EngineError("engine already initialized")

    def start(self) -> None:
        self.engine.send_line("uci")

    def line_received(self, line: str) -> None:
        word, _ = _split(line)
        if line.strip() == "uciok" and not self.result.done():
            self.engine.initialized = True
            self.result.set_result(None)
            self.set_finished()
        elif word == "option":
            self._declare(line)
        elif word == "id":
            try:
                key, value = uci_parse_id(line)
            except ValueError:
                LOGGER.warning("%s: Invalid id line: %r", self.engine, line)
            else:
                self.engine.id[key] = value

    def _declare(self, line: str) -> None:
        try:
            option = uci_option(line)
        except ValueError as error:
            LOGGER.warning("%s: Invalid option line %r: %s", self.engine, line, error)
            return
        engine = self.engine
        engine.options[option.name] = option
        if option.default is None:
            return
        engine.config[option.name] = option.default
        if not option.is_managed() and option.name.lower() != _ANALYSE_MODE:
            engine.target_config[option.name] = option.default


class _UciReadyCommand(_UciCommand):
    def start(self) -> None:
        self.engine._isready()

    def line_received(self, line: str) -> None:
        if line.strip() == "readyok":
            self.result.set_result(None)
            self.set_finished()
        else:
            self._unexpected(line)


class _UciSearch(_UciCommand):
    """What play and analysis share: setting the game up, then `position` and `go` once
    the engine is ready (after `ucinewgame` it is asked with `isready`)."""

    def _begin_game(self, game: object, new_game: bool) -> None:
        engine = self.engine
        self.awaiting_ready = False
        if engine.first_game or engine.game != game or new_game:
            engine.game = game
            engine._ucinewgame()
            self.awaiting_ready = True
            engine._isready()
        else:
            self._search()

    def _search(self) -> None:
        raise NotImplementedError

    def line_received(self, line: str) -> None:
        word, rest = _split(line)
        if word == "info":
            self._info(rest)
        elif word == "bestmove":
            self._bestmove(line)
        elif self.awaiting_ready and line.strip() == "readyok":
            self.awaiting_ready = False
            self._search()
        else:
            self._unexpected(line)

    def _info(self, rest: str) -> None:
        raise NotImplementedError

    def _bestmove(self, line: str) -> None:
        raise NotImplementedError


def _sets_analyse_mode(options: ConfigMapping) -> bool:
    return any(name.lower() == _ANALYSE_MODE for name in options)


class _UciPlay(_UciSearch):
    def __init__(
        self,
        engine: UciProtocol,
        board: Any,
        limit: Limit,
        game: object,
        selector: Info,
        ponder: bool,
        root_moves: Iterable[Any] | None,
        options: dict[str, ConfigValue],
    ) -> None:
        super().__init__(engine)
        self.board, self.limit, self.game = board, limit, game
        self.selector, self.ponder, self.root_moves = selector, ponder, root_moves
        self.options = options
        # A ponderhit is possible only in the same game with unchanged options (the
        # managed ones stay the same between pondering plays).
        same_setup = not engine.first_game and game == engine.game
        if ponder and same_setup and not engine._changed_options(options):
            engine.may_ponderhit = board
        else:
            engine.may_ponderhit = None

    def start(self) -> None:
        engine = self.engine
        self.info: InfoDict = {}
        self.pondering: Any | None = None
        self.awaiting_ready = False
        self.started_at = time.perf_counter()
        if engine.ponderhit:
            # The previous play was pondering on this very position.
            engine.ponderhit = False
            engine.send_line("ponderhit")
            return

        if (
            "UCI_AnalyseMode" in engine.options
            and "UCI_AnalyseMode" not in engine.target_config
            and not _sets_analyse_mode(self.options)
        ):
            engine._setoption("UCI_AnalyseMode", False)
        if "Ponder" in engine.options:
            engine._setoption("Ponder", self.ponder)
        if "MultiPV" in engine.options:
            engine._setoption("MultiPV", engine.options["MultiPV"].default)

        opponent = self.options.get("UCI_Opponent") or engine.target_config.get("UCI_Opponent")
        new_opponent = opponent != engine.config.get("UCI_Opponent")
        engine._configure(self.options)
        self._begin_game(self.game, new_opponent)

    def _search(self) -> None:
        self.engine._position(self.board)
        self.engine._go(self.limit, root_moves=self.root_moves)

    def _info(self, rest: str) -> None:
        if self.pondering is None:
            self.info.update(_parse_uci_info(rest, self.engine.board, self.selector))

    def _bestmove(self, line: str) -> None:
        if self.pondering is not None:
            self.pondering = None  # the end of the ponder search
        elif not self.result.cancelled():
            best = uci_best_move(self.engine.board, line)
            self.result.set_result(PlayResult(best.move, best.ponder, self.info))
            if self.ponder and best.move and best.ponder:
                self._ponder_on(best.move, best.ponder)
        if self.pondering is None:
            self._end()

    def _ponder_on(self, move: Any, reply: Any) -> None:
        position = self.board.copy()
        position.push(move)
        position.push(reply)
        self.pondering = position
        self.engine._position(position)
        # The clocks as they will be when the reply is played: the mover's increment
        # added, the time this search took taken from the side now to move.
        spent = time.perf_counter() - self.started_at
        limit = copy.copy(self.limit)
        if limit.white_clock is not None:
            limit.white_clock += limit.white_inc or 0.0
            if position.turn:
                limit.white_clock -= spent
        if limit.black_clock is not None:
            limit.black_clock += limit.black_inc or 0.0
            if not position.turn:
                limit.black_clock -= spent
        if limit.remaining_moves:
            limit.remaining_moves -= 1
        self.engine._go(limit, ponder=True)

    def _end(self) -> None:
        self.engine.may_ponderhit = None
        self.set_finished()

    def cancel(self) -> None:
        expected = self.engine.may_ponderhit
        if (
            expected is not None
            and self.pondering is not None
            and expected.move_stack == self.pondering.move_stack
            and expected == self.pondering
        ):
            # The next play is on the position pondered: it goes on with `ponderhit`.
            self.engine.ponderhit = True
            self._end()
        else:
            self.engine.send_line("stop")

    def engine_terminated(self, exc: Exception) -> None:
        # An engine may die while pondering after the move was given.
        if not self.result.done():
            super().engine_terminated(exc)


class _UciAnalysis(_UciSearch):
    def __init__(
        self,
        engine: UciProtocol,
        board: Any,
        limit: Limit | None,
        multipv: int | None,
        game: object,
        selector: Info,
        root_moves: Iterable[Any] | None,
        options: ConfigMapping,
    ) -> None:
        super().__init__(engine)
        self.board, self.limit, self.multipv, self.game = board, limit, multipv, game
        self.selector, self.root_moves, self.options = selector, root_moves, options

    def start(self) -> None:
        engine = self.engine
        self.analysis = AnalysisResult(stop=self.cancel)
        self.awaiting_ready = False
        if "Ponder" in engine.options:
            engine._setoption("Ponder", False)
        if (
            "UCI_AnalyseMode" in engine.options
            and "UCI_AnalyseMode" not in engine.target_config
            and not _sets_analyse_mode(self.options)
        ):
            engine._setoption("UCI_AnalyseMode", True)
        if "MultiPV" in engine.options or (self.multipv and self.multipv > 1):
            engine._setoption("MultiPV", 1 if self.multipv is None else self.multipv)
        engine._configure(self.options)
        self._begin_game(self.game, False)

    def _search(self) -> None:
        self.engine._position(self.board)
        if self.limit:
            self.engine._go(self.limit, root_moves=self.root_moves)
        else:
            self.engine._go(Limit(), root_moves=self.root_moves, infinite=True)
        self.result.set_result(self.analysis)

    def _info(self, rest: str) -> None:
        self.analysis.post(_parse_uci_info(rest, self.engine.board, self.selector))

    def _bestmove(self, line: str) -> None:
        if not self.result.done():
            raise EngineError("was not searching, but engine sent bestmove")
        try:
            best = uci_best_move(self.engine.board, line)
        except EngineError as error:
            self.set_finished()
            self.analysis.set_exception(error)
            return
        self.set_finished()
        self.analysis.set_finished(best)

    def cancel(self) -> None:
        self.engine.send_line("stop")

    def engine_terminated(self, exc: Exception) -> None:
        LOGGER.debug(
            "%s: Closing analysis because engine has been terminated (error: %s)",
            self.engine,
            exc,
        )
        if not self.result.done():
            self.result.set_exception(exc)
        self.analysis.set_exception(exc)
        self._mark_finished()

    def _ended_while_stopping(self, exc: Exception) -> None:
        self.analysis.set_exception(exc)
