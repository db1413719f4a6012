"""The blocking face of ``bitmove.engine``: ``SimpleEngine`` (an engine on an event loop
of its own thread, every call with a timeout), ``SimpleAnalysisResult``, and the asyncio
starters ``popen_uci``/``popen_xboard``."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import copy
import threading
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, MutableMapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self

from bitmove._engine_protocol import (
    AnalysisResult,
    BaseCommand,
    Protocol,
    _awaitable,
    run_in_background,
)
from bitmove._engine_types import (
    INFO_ALL,
    INFO_NONE,
    BestMove,
    ConfigMapping,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
)
from bitmove._engine_uci import UciProtocol
from bitmove._engine_xboard import XBoardProtocol

T = TypeVar("T")


async def _started(
    protocol_class: type[Any], command: str | list[str], setpgrp: bool, popen_args: Any
) -> tuple[asyncio.SubprocessTransport, Any]:
    transport, protocol = await protocol_class.popen(command, setpgrp=setpgrp, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()  # kills the process if it still runs
        raise
    return transport, protocol


async def popen_uci(
    command: str | list[str], *, setpgrp: bool = False, **popen_args: Any
) -> tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts a UCI engine (``command``: its path, or a list of the path and arguments) and
    initializes it; returns the subprocess transport and the ``UciProtocol``.
    ``setpgrp`` puts the engine in a process group of its own (the terminal's Ctrl-C does
    not reach it); ``popen_args`` go to the process start (not ``stdin``, ``stdout``,
    ``bufsize`` or ``universal_newlines``)."""
    return await _started(UciProtocol, command, setpgrp, popen_args)


async def popen_xboard(
    command: str | list[str], *, setpgrp: bool = False, **popen_args: Any
) -> tuple[asyncio.SubprocessTransport, XBoardProtocol]:
    """Starts an XBoard engine and initializes it, as ``popen_uci`` does."""
    return await _started(XBoardProtocol, command, setpgrp, popen_args)


class SimpleEngine:
    """An engine behind blocking calls: the methods and attributes of ``Protocol``, each
    call waiting for its answer. The engine runs on an event loop in a thread of its own;
    calls from several threads are safe (a new command stops the running one), but the
    boards passed must not change meanwhile.

    A call that takes ``timeout`` seconds longer than it should (a search: its time limit
    plus ``timeout``) raises ``asyncio.TimeoutError``. As a context manager it closes the
    engine on leaving."""

    def __init__(
        self,
        transport: asyncio.SubprocessTransport,
        protocol: Protocol,
        *,
        timeout: float | None = 10.0,
    ) -> None:
        self.transport = transport
        self.protocol = protocol
        self.timeout = timeout
        self._shutdown_lock = threading.Lock()
        self._shutdown = False
        self.shutdown_event = asyncio.Event()
        self.returncode: concurrent.futures.Future[int] = concurrent.futures.Future()

    # -- running on the engine's loop ------------------------------------------------
    @contextlib.contextmanager
    def _not_shut_down(self) -> Iterator[None]:
        with self._shutdown_lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
            yield

    def _run(self, make: Callable[[], Awaitable[T]], timeout: float | None = None) -> T:
        """Runs the coroutine ``make()`` on the engine's loop (with ``timeout``) and waits
        for it; an interrupt while waiting (Ctrl-C) cancels it, which stops the engine's
        search."""

        async def guarded() -> T:
            if timeout is None:
                return await make()
            return await asyncio.wait_for(make(), timeout)

        with self._not_shut_down():
            future = asyncio.run_coroutine_threadsafe(guarded(), self.protocol.loop)
        try:
            return future.result()
        except BaseException:
            future.cancel()
            raise

    def _timeout_for(self, limit: Limit | None) -> float | None:
        if self.timeout is None or limit is None or limit.time is None:
            return None
        return self.timeout + limit.time

    # -- the Protocol's face ---------------------------------------------------------
    @property
    def options(self) -> MutableMapping[str, Option]:
        return self._run(lambda: _awaitable(lambda: copy.copy(self.protocol.options)))

    @property
    def id(self) -> Mapping[str, str]:
        return self._run(lambda: _awaitable(lambda: dict(self.protocol.id)))

    def communicate(self, command_factory: Callable[[Protocol], BaseCommand[T]]) -> T:
        return self._run(lambda: self.protocol.communicate(command_factory))

    def configure(self, options: ConfigMapping) -> None:
        return self._run(lambda: self.protocol.configure(options), self.timeout)

    def send_opponent_information(
        self, *, opponent: Opponent | None = None, engine_rating: int | None = None
    ) -> None:
        return self._run(
            lambda: self.protocol.send_opponent_information(
                opponent=opponent, engine_rating=engine_rating
            ),
            self.timeout,
        )

    def ping(self) -> None:
        return self._run(self.protocol.ping, self.timeout)

    def play(
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
        return self._run(
            lambda: self.protocol.play(
                board,
                limit,
                game=game,
                info=info,
                ponder=ponder,
                draw_offered=draw_offered,
                root_moves=root_moves,
                options=options,
                opponent=opponent,
            ),
            self._timeout_for(limit),
        )

    def analyse(
        self,
        board: Any,
        limit: Limit,
        *,
        multipv: int | None = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Iterable[Any] | None = None,
        options: ConfigMapping = {},  # noqa: B006 (never mutated)
    ) -> InfoDict | list[InfoDict]:
        return self._run(
            lambda: self.protocol.analyse(
                board,
                limit,
                multipv=multipv,
                game=game,
                info=info,
                root_moves=root_moves,
                options=options,
            ),
            self._timeout_for(limit),
        )

    def analysis(
        self,
        board: Any,
        limit: Limit | None = None,
        *,
        multipv: int | None = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Iterable[Any] | None = None,
        options: ConfigMapping = {},  # noqa: B006 (never mutated)
    ) -> SimpleAnalysisResult:
        # The timeout is for starting the analysis only.
        inner = self._run(
            lambda: self.protocol.analysis(
                board,
                limit,
                multipv=multipv,
                game=game,
                info=info,
                root_moves=root_moves,
                options=options,
            ),
            self.timeout,
        )
        return SimpleAnalysisResult(self, inner)

    def send_game_result(
        self,
        board: Any,
        winner: bool | None = None,
        game_ending: str | None = None,
        game_complete: bool = True,
    ) -> None:
        return self._run(
            lambda: self.protocol.send_game_result(board, winner, game_ending, game_complete),
            self.timeout,
        )

    def quit(self) -> None:
        return self._run(self.protocol.quit, self.timeout)

    def close(self) -> None:
        """Closes the engine (the process is killed if it still runs) and ends the event
        loop, as soon as possible; does not wait."""

        def shut() -> None:
            self.transport.close()
            self.shutdown_event.set()

        with self._shutdown_lock:
            if not self._shutdown:
                self._shutdown = True
                self.protocol.loop.call_soon_threadsafe(shut)

    # -- starting --------------------------------------------------------------------
    @classmethod
    def popen(
        cls,
        Protocol: type[Protocol],
        command: str | list[str],
        *,
        timeout: float | None = 10.0,
        debug: bool | None = None,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> SimpleEngine:
        """Starts ``command`` with the protocol class ``Protocol`` on a new event loop
        thread and initializes it within ``timeout`` seconds."""

        async def engine_thread(handoff: concurrent.futures.Future[SimpleEngine]) -> None:
            transport, protocol = await Protocol.popen(command, setpgrp=setpgrp, **popen_args)
            threading.current_thread().name = f"{cls.__name__} (pid={transport.get_pid()})"
            engine = cls(transport, protocol, timeout=timeout)
            try:
                await asyncio.wait_for(protocol.initialize(), timeout)
                handoff.set_result(engine)
                engine.returncode.set_result(await protocol.returncode)
            finally:
                engine.close()
            await engine.shutdown_event.wait()

        return run_in_background(
            engine_thread, name=f"{cls.__name__} (command={command!r})", debug=debug
        )

    @classmethod
    def popen_uci(
        cls,
        command: str | list[str],
        *,
        timeout: float | None = 10.0,
        debug: bool | None = None,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> SimpleEngine:
        """Starts and initializes a UCI engine (see ``popen_uci``)."""
        return cls.popen(
            UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args
        )

    @classmethod
    def popen_xboard(
        cls,
        command: str | list[str],
        *,
        timeout: float | None = 10.0,
        debug: bool | None = None,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> SimpleEngine:
        """Starts and initializes an XBoard engine (see ``popen_xboard``)."""
        return cls.popen(
            XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args
        )

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} (pid={self.transport.get_pid()})>"


class SimpleAnalysisResult:
    """The blocking face of ``AnalysisResult`` (``SimpleEngine.analysis`` returns it):
    iterate over it, or ``get()``/``next()``; ``stop()``, ``wait()``."""

    def __init__(self, simple_engine: SimpleEngine, inner: AnalysisResult) -> None:
        self.simple_engine = simple_engine
        self.inner = inner

    def _run(self, make: Callable[[], Awaitable[T]]) -> T:
        return self.simple_engine._run(make)

    @property
    def info(self) -> InfoDict:
        return self._run(lambda: _awaitable(lambda: self.inner.info.copy()))

    @property
    def multipv(self) -> list[InfoDict]:
        return self._run(lambda: _awaitable(lambda: [dict(i) for i in self.inner.multipv]))  # type: ignore[misc]

    def stop(self) -> None:
        with self.simple_engine._not_shut_down():
            self.simple_engine.protocol.loop.call_soon_threadsafe(self.inner.stop)

    def wait(self) -> BestMove:
        return self._run(self.inner.wait)

    def would_block(self) -> bool:
        return self._run(lambda: _awaitable(self.inner.would_block))

    def empty(self) -> bool:
        return self._run(lambda: _awaitable(self.inner.empty))

    def get(self) -> InfoDict:
        return self._run(self.inner.get)

    def next(self) -> InfoDict | None:
        return self._run(self.inner.next)

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        information = self.next()
        if information is None:
            raise StopIteration
        return information

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
