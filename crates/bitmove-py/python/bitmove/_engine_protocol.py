"""The asyncio core of ``bitmove.engine``: the ``Protocol`` base class (an engine process's
pipes, its lines, one command at a time), ``BaseCommand`` and its states,
``AnalysisResult``, ``run_in_background`` and the ``MockTransport`` tests drive."""

from __future__ import annotations

import abc
import asyncio
import collections
import concurrent.futures
import enum
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterable, MutableMapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self

from bitmove._engine_types import (
    INFO_ALL,
    INFO_NONE,
    LOGGER,
    MANAGED_OPTIONS,
    AnalysisComplete,
    BestMove,
    ConfigMapping,
    EngineError,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
    chain_config,
)

T = TypeVar("T")
ProtocolT = TypeVar("ProtocolT", bound="Protocol")

# python-chess kept this alias for older programs; the default policy does the job.
EventLoopPolicy = asyncio.DefaultEventLoopPolicy

# Exit codes of a process killed by an illegal instruction (SIGILL; Windows' status).
_ILLEGAL_INSTRUCTION = (-4, 0xC000001D)


def run_in_background(
    coroutine: Callable[[concurrent.futures.Future[T]], Coroutine[Any, Any, None]],
    *,
    name: str | None = None,
    debug: bool | None = None,
) -> T:
    """Runs ``coroutine(future)`` in a fresh event loop on a new thread and returns the
    value the coroutine puts in ``future`` as soon as it does (the loop keeps running the
    coroutine and its tasks until they end). An exception the coroutine raises before
    that is raised here."""
    assert asyncio.iscoroutinefunction(coroutine)
    handoff: concurrent.futures.Future[T] = concurrent.futures.Future()

    def thread_main() -> None:
        try:
            asyncio.run(coroutine(handoff), debug=debug)
        except Exception as error:  # noqa: BLE001 (handed to the waiting thread)
            if not handoff.done():
                handoff.set_exception(error)
            return
        handoff.cancel()  # ended without a value: the waiter gets CancelledError

    threading.Thread(target=thread_main, name=name).start()
    return handoff.result()


class CommandState(enum.Enum):
    """Where a command is: waiting its turn, running, stopping, or done."""

    NEW = enum.auto()
    ACTIVE = enum.auto()
    CANCELLING = enum.auto()
    DONE = enum.auto()


class BaseCommand(Generic[T]):
    """One exchange with the engine (``initialize``, ``ping``, a search, ...). The protocol
    runs one at a time; subclasses say what to send (``start``), how to read each line
    (``line_received``), how to stop early (``cancel``) and what the engine's death means
    (``engine_terminated``). ``result`` is the future the caller awaits; ``finished`` is
    done when the engine is free for the next command."""

    def __init__(self, engine: Protocol) -> None:
        self._engine = engine
        self.state = CommandState.NEW
        self.result: asyncio.Future[T] = engine.loop.create_future()
        self.finished: asyncio.Future[None] = engine.loop.create_future()
        self._when_finished: list[Callable[[], None]] = []

    # -- hooks for subclasses --------------------------------------------------------
    def check_initialized(self) -> None:
        if not self._engine.initialized:
            raise EngineError("tried to run command, but engine is not initialized")

    def start(self) -> None:
        raise NotImplementedError

    def line_received(self, line: str) -> None:
        pass

    def cancel(self) -> None:
        pass

    def engine_terminated(self, exc: Exception) -> None:
        self._fail(exc)

    def _ended_while_stopping(self, exc: Exception) -> None:
        """The engine died while this command was being stopped (an analysis still has a
        handle to end)."""

    # -- bookkeeping -----------------------------------------------------------------
    def add_finished_callback(self, callback: Callable[[], None]) -> None:
        self._when_finished.append(callback)
        self._run_finished_callbacks()

    def _run_finished_callbacks(self) -> None:
        if not self.finished.done():
            return
        while self._when_finished:
            self._when_finished.pop()()

    def _mark_finished(self) -> None:
        if not self.finished.done():
            self.finished.set_result(None)
        self._run_finished_callbacks()

    def set_finished(self) -> None:
        """The command is over: the engine is free (a result not given yet becomes an
        error)."""
        assert self.state in (CommandState.ACTIVE, CommandState.CANCELLING), self.state
        if not self.result.done():
            self.result.set_exception(
                EngineError(f"engine command finished before returning result: {self!r}")
            )
        self.state = CommandState.DONE
        self._mark_finished()

    def _fail(self, error: Exception) -> None:
        if self.result.done():
            # The caller already has its answer (an analysis handle, a played move):
            # the loop's exception handler hears of it.
            self._engine.loop.call_exception_handler(
                {
                    "message": f"{type(self).__name__} failed after returning preliminary "
                    f"result ({self.result!r})",
                    "exception": error,
                    "protocol": self._engine,
                    "transport": self._engine.transport,
                }
            )
        else:
            self.result.set_exception(error)
        self._mark_finished()

    def _begin(self) -> None:
        assert self.state == CommandState.NEW, self.state
        self.state = CommandState.ACTIVE
        try:
            self.check_initialized()
            self.start()
        except EngineError as error:
            self._fail(error)

    def _request_stop(self) -> None:
        if self.state == CommandState.ACTIVE:
            self.state = CommandState.CANCELLING
            self.cancel()

    def _feed(self, line: str) -> None:
        try:
            self.line_received(line)
        except EngineError as error:
            self._fail(error)

    def _process_ended(self, code: int) -> None:
        hint = ", binary not compatible with cpu?" if code in _ILLEGAL_INSTRUCTION else ""
        error = EngineTerminatedError(f"engine process died unexpectedly (exit code: {code}{hint})")
        if self.state == CommandState.ACTIVE:
            self.engine_terminated(error)
        elif self.state == CommandState.CANCELLING:
            self._ended_while_stopping(error)
            self._mark_finished()
        elif self.state == CommandState.NEW:
            self._fail(error)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} at {id(self):#x} (state={self.state}, "
            f"result={self.result}, finished={self.finished}>"
        )


class _ConfigureCommand(BaseCommand[None]):
    """``configure``: the options set now (only changed values are sent) and kept for every
    later search."""

    def __init__(self, engine: Any, options: ConfigMapping) -> None:
        super().__init__(engine)
        self.options = options

    def start(self) -> None:
        engine: Any = self._engine
        engine._configure(self.options)
        kept = {name: value for name, value in self.options.items() if value is not None}
        engine.target_config.update(kept)
        self.result.set_result(None)
        self.set_finished()


class Protocol(asyncio.SubprocessProtocol, metaclass=abc.ABCMeta):
    """An engine process seen through asyncio: it splits the pipes into lines and runs one
    command at a time (a new command stops the running one first). ``UciProtocol`` and
    ``XBoardProtocol`` speak the two protocols.

    ``options`` maps option names to ``Option``, ``id`` holds what the engine says of
    itself (``name``, ``author``), ``returncode`` is a future of the exit code."""

    options: MutableMapping[str, Option]
    id: dict[str, str]

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.SubprocessTransport | None = None
        self.initialized = False
        self.returncode: asyncio.Future[int] = self.loop.create_future()
        self._partial = {1: bytearray(), 2: bytearray()}  # stdout, stderr
        self._running: BaseCommand[Any] | None = None
        self._waiting: BaseCommand[Any] | None = None

    # -- asyncio's SubprocessProtocol ------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        LOGGER.debug("%s: Connection made", self)

    def connection_lost(self, exc: Exception | None) -> None:
        assert self.transport is not None
        code = self.transport.get_returncode()
        assert code is not None, "connect lost, but got no returncode"
        LOGGER.debug("%s: Connection lost (exit code: %d, error: %s)", self, code, exc)
        running, waiting = self._running, self._waiting
        self._running = self._waiting = None
        for command in (running, waiting):
            if command is not None:
                command._process_ended(code)
        if not self.returncode.done():
            self.returncode.set_result(code)

    def process_exited(self) -> None:
        LOGGER.debug("%s: Process exited", self)

    def pipe_data_received(self, fd: int, data: bytes | str) -> None:
        pending = self._partial[fd]
        pending.extend(data.encode() if isinstance(data, str) else data)
        while True:
            end = pending.find(b"\n")
            if end < 0:
                return
            raw = bytes(pending[:end])
            del pending[: end + 1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                LOGGER.warning("%s: >> %r (%s)", self, raw, error)
                continue
            if fd == 1:
                self._stdout_line(line)
            else:
                self.error_line_received(line)

    # -- lines -----------------------------------------------------------------------
    def send_line(self, line: str) -> None:
        LOGGER.debug("%s: << %s", self, line)
        assert self.transport is not None, "cannot send line before connection is made"
        stdin = self.transport.get_pipe_transport(0)
        stdin.write(f"{line}\n".encode())  # type: ignore[union-attr]

    def error_line_received(self, line: str) -> None:
        LOGGER.warning("%s: stderr >> %s", self, line)

    def line_received(self, line: str) -> None:
        """Every line of the engine's output, before the running command reads it."""

    def _stdout_line(self, line: str) -> None:
        LOGGER.debug("%s: >> %s", self, line)
        self.line_received(line)
        if self._running is not None:
            self._running._feed(line)

    # -- one command at a time -------------------------------------------------------
    async def communicate(self, command_factory: Callable[[Any], BaseCommand[T]]) -> T:
        """Runs the command ``command_factory(self)`` makes, after stopping the running
        one (a command still waiting its turn is dropped, its caller cancelled)."""
        command = command_factory(self)
        if self.returncode.done():
            raise EngineTerminatedError(
                f"engine process dead (exit code: {self.returncode.result()})"
            )
        assert command.state == CommandState.NEW, command.state

        superseded, self._waiting = self._waiting, command
        if superseded is not None:
            superseded.result.cancel()
            superseded.finished.cancel()
            superseded._run_finished_callbacks()

        running = self._running
        if running is None:
            self._next_command()
        elif not running.result.done():
            running.result.cancel()  # its done-callback asks it to stop
        elif not running.result.cancelled():
            running._request_stop()
        return await command.result

    def _next_command(self) -> None:
        command, self._waiting = self._waiting, None
        self._running = command
        if command is None:
            return

        def stop_if_cancelled(result: asyncio.Future[Any]) -> None:
            if result.cancelled():
                command._request_stop()

        command.result.add_done_callback(stop_if_cancelled)
        command._begin()
        command.add_finished_callback(self._command_done)

    def _command_done(self) -> None:
        self._next_command()

    async def _configure_command(self, options: ConfigMapping) -> None:
        def factory(engine: Protocol) -> _ConfigureCommand:
            return _ConfigureCommand(engine, options)

        return await self.communicate(factory)

    def _configure(self, options: ConfigMapping) -> None:
        """Sets ``options``, then the configured values they do not name (the protocols'
        ``_setoption`` sends what changed)."""
        for name, value in chain_config(options, self.target_config):  # type: ignore[attr-defined]
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
            self._setoption(name, value)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        pid = self.transport.get_pid() if self.transport is not None else "?"
        return f"<{type(self).__name__} (pid={pid})>"

    # -- the protocol's commands -----------------------------------------------------
    @abc.abstractmethod
    async def initialize(self) -> None:
        """Starts the protocol: the handshake, the engine's options and name."""

    @abc.abstractmethod
    async def ping(self) -> None:
        """Waits until the engine answers: it is alive and idle."""

    @abc.abstractmethod
    async def configure(self, options: ConfigMapping) -> None:
        """Sets engine options (names from ``options``; not the managed ones, see
        ``Option.is_managed``) for this and every later search."""

    @abc.abstractmethod
    async def send_opponent_information(
        self, *, opponent: Opponent | None = None, engine_rating: int | None = None
    ) -> None:
        """Tells the engine about its opponent (and, XBoard, its own rating), before the
        first move of a game."""

    @abc.abstractmethod
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
        options: ConfigMapping = {},  # noqa: B006 (python-chess's signature, never mutated)
        opponent: Opponent | None = None,
    ) -> PlayResult:
        """The engine's move in ``board`` (its whole move stack is sent) within ``limit``.

        ``game`` identifies the game (a new one starts a new game in the engine), ``info``
        selects the information to keep, ``ponder`` lets the engine think on after it
        moved, ``draw_offered`` tells it of a draw offer (XBoard), ``root_moves`` limits
        the moves considered, ``options`` apply to this search only, ``opponent`` is this
        search's opponent."""

    async def analyse(
        self,
        board: Any,
        limit: Limit,
        *,
        multipv: int | None = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Iterable[Any] | None = None,
        options: ConfigMapping = {},  # noqa: B006 (python-chess's signature, never mutated)
    ) -> list[InfoDict] | InfoDict:
        """Analyses ``board`` within ``limit`` and returns the gathered information, or a
        list of it for each of the best ``multipv`` moves."""
        handle = await self.analysis(
            board,
            limit,
            multipv=multipv,
            game=game,
            info=info,
            root_moves=root_moves,
            options=options,
        )
        with handle:
            await handle.wait()
        return handle.info if multipv is None else handle.multipv

    @abc.abstractmethod
    async def analysis(
        self,
        board: Any,
        limit: Limit | None = None,
        *,
        multipv: int | None = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Iterable[Any] | None = None,
        options: ConfigMapping = {},  # noqa: B006 (python-chess's signature, never mutated)
    ) -> AnalysisResult:
        """Starts analysing ``board`` (without ``limit``: until stopped) and returns the
        ``AnalysisResult`` handle to read and stop it."""

    @abc.abstractmethod
    async def send_game_result(
        self,
        board: Any,
        winner: bool | None = None,
        game_ending: str | None = None,
        game_complete: bool = True,
    ) -> None:
        """Tells the engine the game is over (XBoard: ``result``; UCI engines hear
        nothing). ``winner`` and ``game_ending`` override what ``board`` shows."""

    @abc.abstractmethod
    async def quit(self) -> None:
        """Asks the engine to exit and waits until it has."""

    @classmethod
    async def popen(
        cls,
        command: str | list[str],
        *,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> tuple[asyncio.SubprocessTransport, Self]:
        """Starts ``command`` (a path, or a list of the path and its arguments) with this
        protocol on its pipes. ``setpgrp`` puts it in a process group of its own, out of
        reach of the terminal's Ctrl-C."""
        argv = command if isinstance(command, list) else [command]
        if setpgrp:
            if sys.platform == "win32":
                flags = popen_args.get("creationflags", 0)
                popen_args["creationflags"] = flags | subprocess.CREATE_NEW_PROCESS_GROUP
            elif sys.version_info >= (3, 11):
                popen_args["process_group"] = 0
            else:
                popen_args["start_new_session"] = True
        loop = asyncio.get_running_loop()
        return await loop.subprocess_exec(cls, *argv, **popen_args)  # type: ignore[return-value]


class AnalysisResult:
    """A running analysis: iterate over it (``async for info in analysis``) or ``get()`` /
    ``next()`` each batch of information as the engine sends it; ``info`` (the best line)
    and ``multipv`` (one entry per line) gather it all. ``stop()`` ends it, ``wait()``
    gives the ``BestMove``. As a context manager it stops on leaving."""

    def __init__(self, stop: Callable[[], None] | None = None) -> None:
        self._stopper = stop
        self._queue: asyncio.Queue[InfoDict] = asyncio.Queue()
        # The end is marked by an empty dictionary in the queue (the engine never posts
        # one): queued once, then read once.
        self._end_queued = False
        self._end_read = False
        self._outcome: asyncio.Future[BestMove] = asyncio.get_running_loop().create_future()
        self.multipv: list[InfoDict] = [{}]

    def post(self, info: InfoDict) -> None:
        """Adds a batch of information (called by the protocol)."""
        if not info:
            return
        line = info.get("multipv", 1)
        while len(self.multipv) < line:
            self.multipv.append({})
        self.multipv[line - 1].update(info)
        self._queue.put_nowait(info)

    def _queue_end(self) -> None:
        if not self._end_queued:
            self._end_queued = True
            self._queue.put_nowait({})

    def set_finished(self, best: BestMove) -> None:
        """The analysis ended with ``best`` (called by the protocol)."""
        if not self._outcome.done():
            self._outcome.set_result(best)
        self._queue_end()

    def set_exception(self, exc: Exception) -> None:
        """The analysis ended in an error (called by the protocol)."""
        if not self._outcome.done():
            self._outcome.set_exception(exc)
        self._queue_end()

    @property
    def info(self) -> InfoDict:
        """Everything gathered for the best line (``multipv[0]``)."""
        return self.multipv[0]

    def stop(self) -> None:
        """Stops the analysis as soon as the engine can."""
        if self._stopper is not None and not self._end_queued:
            stopper, self._stopper = self._stopper, None
            stopper()

    async def wait(self) -> BestMove:
        """Waits for the end of the analysis; returns the engine's best move."""
        return await self._outcome

    async def get(self) -> InfoDict:
        """The next batch of information, waiting for it if needed. Raises
        ``AnalysisComplete`` once the analysis is over and everything was read (``next()``
        gives ``None`` instead)."""
        if self._end_read:
            raise AnalysisComplete()
        info = await self._queue.get()
        if info:
            return info
        self._end_read = True
        await self._outcome  # the analysis's error, if it ended in one
        raise AnalysisComplete()

    async def next(self) -> InfoDict | None:
        """``get()``, or ``None`` when the analysis is over and everything was read."""
        try:
            return await self.get()
        except AnalysisComplete:
            return None

    def would_block(self) -> bool:
        """Whether ``get()`` would have to wait for the engine."""
        return not self._end_read and self._queue.empty()

    def empty(self) -> bool:
        """Whether everything sent so far was read (more may come while the analysis
        runs)."""
        return self._end_read or self._queue.qsize() <= int(self._end_queued)

    def __aiter__(self) -> AnalysisResult:
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration from None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


class MockTransport(asyncio.SubprocessTransport, asyncio.WriteTransport):
    """A scripted engine for tests: each line the protocol writes must be the next
    ``expect``-ed one, which answers with its responses (on the next loop turn);
    ``expect_ping`` answers one XBoard ``ping N`` with ``pong N`` at once."""

    def __init__(self, protocol: Protocol) -> None:
        super().__init__()
        self.protocol = protocol
        self.expectations: collections.deque[tuple[str, list[str]]] = collections.deque()
        self.expected_pings = 0
        self.stdin_buffer = bytearray()
        protocol.connection_made(self)

    def expect(self, expectation: str, responses: list[str] = []) -> None:  # noqa: B006
        self.expectations.append((expectation, list(responses)))

    def expect_ping(self) -> None:
        self.expected_pings += 1

    def assert_done(self) -> None:
        assert not self.expectations, f"pending expectations: {self.expectations}"

    def get_pipe_transport(self, fd: int) -> asyncio.BaseTransport | None:
        assert fd == 0, f"expected 0 for stdin, got {fd}"
        return self

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.stdin_buffer.extend(data)
        while True:
            end = self.stdin_buffer.find(b"\n")
            if end < 0:
                return
            line = self.stdin_buffer[:end].decode("utf-8")
            del self.stdin_buffer[: end + 1]
            if self.expected_pings and line.startswith("ping "):
                self.expected_pings -= 1
                pong = "pong " + line[len("ping ") :] + "\n"
                self.protocol.pipe_data_received(1, pong.encode())
                continue
            assert self.expectations, f"unexpected: {line!r}"
            expected, responses = self.expectations.popleft()
            assert expected == line, f"expected {expected}, got: {line}"
            if responses:
                answer = "".join(response + "\n" for response in responses).encode()
                self.protocol.loop.call_soon(self.protocol.pipe_data_received, 1, answer)

    def get_pid(self) -> int:
        return id(self)

    def get_returncode(self) -> int | None:
        return None if self.expectations else 0


def _awaitable(value: Callable[[], T]) -> Awaitable[T]:
    """A coroutine that calls ``value()`` (run on the engine's loop from another thread)."""

    async def call() -> T:
        return value()

    return call()
