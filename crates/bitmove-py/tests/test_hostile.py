"""Calls that once crashed or hung the interpreter: each now answers or raises a normal
exception. Anything that could crash runs in a child interpreter, so a crash fails the test
instead of killing the test run."""

import signal
import subprocess
import sys
import textwrap
import time

import bitmove
import chess
import pytest

START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run_child(code, timeout=60):
    """Runs `code` in a fresh interpreter; returns (exit code, stdout, stderr)."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    "call",
    [
        "bitmove.perft(START, 2500)",
        "bitmove.Board().perft(2500)",
        "bitmove.divide(START, 2500)",
        "bitmove.perft_stats(START, 30000)",
        "bitmove.perft_many([START], 100000)",
        "bitmove.perft_stats_many([START], 100000)",
        "bitmove.work_units(START, 2500)",
        "bitmove.DeepPerft(START, 2500)",
        "bitmove.perft(START, bitmove_max + 1)",
    ],
)
def test_too_deep_is_a_value_error_not_a_crash(call):
    code = f"""
        import bitmove
        START = {START!r}
        bitmove_max = 256
        try:
            {call}
        except ValueError as error:
            print("ValueError", error)
    """
    rc, out, err = run_child(code)
    assert rc == 0, err
    assert out.startswith("ValueError") and "256" in out, (out, err)


def test_the_deepest_allowed_depth_is_accepted_on_a_mated_position():
    # Fool's mate: no legal move, so any depth counts 0 leaves at once.
    mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert bitmove.perft(mated, 256) == 0
    assert bitmove.perft_stats(mated, 256)["nodes"] == 0


def test_a_huge_stats_hash_is_not_allocated_up_front():
    # 2^20 MiB once took 64 s and 22 GB before the first node; now the table grows on demand.
    began = time.monotonic()
    stats = bitmove.perft_stats(KIWIPETE, 4, hash_mb=2**20, threads=1)
    took = time.monotonic() - began
    assert stats == bitmove.perft_stats(KIWIPETE, 4, threads=1)
    assert took < 5, took
    many = bitmove.perft_stats_many([KIWIPETE], 4, hash_mb=2**20)
    assert many == [stats]


INTERRUPTED = """
    import sys, time
    import bitmove
    KIWIPETE = {kiwipete!r}
    print("started", flush=True)
    began = time.monotonic()
    try:
        {call}  # hours of work
    except KeyboardInterrupt:
        print("interrupted after %.3f" % (time.monotonic() - began), flush=True)
        sys.exit(0)
    print("finished?!", flush=True)
    sys.exit(1)
"""


@pytest.mark.parametrize(
    "call",
    [
        "bitmove.perft_stats(KIWIPETE, 8, threads=2)",
        "bitmove.perft_stats(KIWIPETE, 8, threads=1, hash_mb=16)",
        "bitmove.perft_many([KIWIPETE, KIWIPETE], 8, threads=2, hash_mb=16)",
        "bitmove.perft_many([KIWIPETE], 8)",
        "bitmove.perft_stats_many([KIWIPETE, KIWIPETE], 8, threads=2)",
        "bitmove.perft_stats_many([KIWIPETE], 8, hash_seed=3, hash_mb=16)",
        "bitmove.work_units(KIWIPETE, 7)",
    ],
)
def test_ctrl_c_stops_every_long_call(call):
    code = textwrap.dedent(INTERRUPTED).format(kiwipete=KIWIPETE, call=call)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.7)  # well inside the call
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=10)
        reaction = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, out
    assert out.startswith("interrupted after"), out
    assert reaction < 0.5, reaction


def test_threads_that_cannot_start_are_never_a_panic_exception():
    # Under a small address-space limit most of 2000 threads cannot get a stack: each call
    # answers correctly with the threads it got, or raises RuntimeError / OSError.
    code = f"""
        import resource
        import bitmove
        KIWIPETE = {KIWIPETE!r}
        expected = {{
            "perft": 4085603,
            "stats": bitmove.perft_stats(KIWIPETE, 3)["nodes"],
        }}
        limit = 1 << 30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        calls = {{
            "perft": lambda: bitmove.perft(KIWIPETE, 4, threads=2000),
            "divide": lambda: sum(bitmove.divide(KIWIPETE, 4, threads=2000).values()),
            "stats": lambda: bitmove.perft_stats(KIWIPETE, 3, threads=2000)["nodes"],
            "many": lambda: bitmove.perft_many([KIWIPETE] * 3000, 1, threads=2000)[0],
            "stats_many": lambda: bitmove.perft_stats_many([KIWIPETE] * 3000, 1, threads=2000)[0]["nodes"],
            "masks": lambda: int(bitmove.legal_move_masks([KIWIPETE] * 600000, threads=2000).sum() > 0),
        }}
        for name, call in calls.items():
            try:
                value = call()
            except (RuntimeError, OSError, MemoryError) as error:
                print(name, "error", type(error).__name__)
                continue
            except BaseException as error:
                print(name, "LEAKED", type(error).__module__, type(error).__name__, error)
                continue
            print(name, "value", value)
        print("done")
    """
    _, out, err = run_child(code, timeout=300)
    assert "LEAKED" not in out, out
    assert "PanicException" not in err, err
    assert out.rstrip().endswith("done"), (out, err)
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    if lines.get("perft", "").startswith("value"):
        assert lines["perft"] == "value 4085603"
    if lines.get("divide", "").startswith("value"):
        assert lines["divide"] == "value 4085603"


def test_from_chess_refuses_what_it_cannot_read():
    import chess.variant

    with pytest.raises(TypeError):
        bitmove.Board.from_chess(None)
    with pytest.raises(TypeError):
        bitmove.Board.from_chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(ValueError, match="atomic"):
        bitmove.Board.from_chess(chess.variant.AtomicBoard())
    with pytest.raises(ValueError, match="null move"):
        bitmove.Move.from_chess(chess.Move.null())
    # A drop converts (bitmove's Move holds drops), and a standard board refuses it.
    drop = bitmove.Move.from_chess(chess.Move.from_uci("N@f3"))
    assert drop == bitmove.Move.from_uci("N@f3") and drop.to_chess() == chess.Move.from_uci("N@f3")
    for mv in (drop, chess.Move.from_uci("N@f3")):
        with pytest.raises(ValueError, match="drop"):
            bitmove.Board().push(mv)
        assert mv not in bitmove.Board().legal_moves
    # The null move is pushed, as python-chess pushes it: the turn passes.
    for null in (chess.Move.null(), bitmove.Move.null()):
        board = bitmove.Board()
        board.push(null)
        assert not board.turn and board.move_stack == [bitmove.Move.null()]


def test_one_board_from_two_threads_works():
    import threading

    board = bitmove.Board(KIWIPETE)
    errors = []

    def count():
        try:
            assert board.perft(5) == 193690690
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    thread = threading.Thread(target=count)
    thread.start()
    time.sleep(0.05)
    for _ in range(200):
        board.push_uci("e1g1")
        board.pop()
    thread.join()
    assert errors == []


@pytest.mark.parametrize(
    "call",
    [
        "bitmove.Board().piece_at(64)",
        "bitmove.Board().piece_type_at(-1)",
        "bitmove.Board().attackers(True, 99)",
        "bitmove.Board().pieces(7, True)",
        "bitmove.Piece(0, True)",
        "bitmove.Piece.from_symbol('x')",
        "bitmove.Piece.from_symbol('')",
        "bitmove.parse_square('i9')",
        "bitmove.Board().copy(stack=-1)",
        "bitmove.Board('8/8/8/8/8/8/8/8 w - - 0 1', strict=True)",
        "bitmove.Board('8/8/8/8/8/8/8/8 w - - 0 1').perft(2)",
        "bitmove.Board(None).legal_move_mask()",
        "bitmove.Board().set_piece_at(64, None)",
        "bitmove.Board().set_piece_at(0, 'Q')",
        "bitmove.Board().remove_piece_at(-1)",
        "bitmove.Board().attacks_mask(99)",
        "bitmove.Board().attackers_mask(True, 70)",
        "bitmove.Board().pin_mask(True, -5)",
        "bitmove.Board().find_move(0, 64)",
        "bitmove.Board().find_move(12, 36)",
        "bitmove.Board().generate_legal_moves('x')",
        "bitmove.Board().set_board_fen('9/8')",
        "bitmove.Board().set_board_fen('8/8/8/8/8/8/8/8/8')",
        "bitmove.Board().set_castling_fen('KQX')",
        "bitmove.Board().fen(en_passant='nope')",
        "bitmove.Board().set_chess960_pos(960)",
        "bitmove.Board().parse_san('Qz9')",
        "bitmove.Board().parse_san('Ke2,e3')",
        "bitmove.Board().push(bitmove.Move.from_uci('e4e5'))",
        "bitmove.Board().san(bitmove.Move.from_uci('e4e5'))",
        "bitmove.Board().pop()",
        "bitmove.Board().peek()",
        "bitmove.Board().variation_san([bitmove.Move.from_uci('e2e5')])",
        "bitmove.Board().set_piece_map({64: bitmove.Piece(1, True)})",
        "bitmove.Board().set_fen('nonsense')",
        "bitmove.Move(0, 1, drop=7)",
        "bitmove.Move(0, 1, drop=-1)",
        "bitmove.Move(0, 1, promotion=5, drop=2)",
        "bitmove.Move(0, 64, drop=2)",
        "bitmove.Move.from_uci('X@e4')",
        "bitmove.Move.from_uci('N@i9')",
        "bitmove.Move.from_uci('N@e')",
        "bitmove.Move.from_uci('\u00e9@e4')",
        "bitmove.Move.from_uci('N@\u00e9')",
        "bitmove.Board().push(bitmove.Move.from_uci('P@e4'))",
        "bitmove.Board().is_capture(bitmove.Move.from_uci('Q@e7'))",
        "bitmove.between(-1, 3)",
        "bitmove.between(0, 64)",
        "bitmove.ray(64, 0)",
        "bitmove.square_knight_distance(0, 64)",
        "bitmove.square_knight_distance('a1', 0)",
        "bitmove.SquareSet([64])",
        "bitmove.SquareSet('e4')",
        "bitmove.SquareSet(None)",
        "bitmove.SquareSet().remove(99)",
        "bitmove.SquareSet().pop()",
        "bitmove.SquareSet.from_square(2**70)",
        "bitmove.SquareSet() << -1",
        "bitmove.flip_diagonal('x')",
        "bitmove.lsb(1.5)",
        "list(bitmove.scan_forward(None))",
        "bitmove.Board().is_capture('e2e4')",
        "bitmove.Board().legal_moves['x']",
        "bitmove.pgn.parse_time_control('40/')",
        "bitmove.pgn.parse_time_control('1+2+3d')",
        "bitmove.pgn.StringExporter(columns='x')",
        "bitmove.pgn.StringExporter(columns=-1)",
        "bitmove.pgn.Game().set_clock('x')",
        "bitmove.pgn.Game().headers.__setitem__('a b', 'x')",
        "bitmove.pgn.Game().headers.__setitem__('A', 'x\\ny')",
        "str(bitmove.pgn.Game().add_variation('e2e4').game())",
        "bitmove.pgn.Game()[bitmove.Move.from_uci('e2e4')]",
        "bitmove.pgn.Game().setup('not a fen')",
        "bitmove.pgn.read_game(io.StringIO('[FEN \"8/8\"]\\n\\n1. e4'), Visitor=bitmove.pgn.BoardBuilder)",
        "bitmove.pgn._pgn.Writer().write_tree([], 'x', False, '', [(5, None, '', '', set())]) or {}['x']",
        "bitmove.pgn._pgn.Writer().write_tree([], bitmove.STARTING_FEN, False, '', [(0, 'e2e4', '', '', set())])",
    ],
)
def test_hostile_arguments_raise_normal_exceptions(call):
    code = f"""
        import io
        import bitmove
        import bitmove.pgn
        try:
            {call}
        except (ValueError, TypeError, IndexError, KeyError) as error:
            print("refused", type(error).__name__)
        except BaseException as error:
            print("LEAKED", type(error).__name__, error)
    """
    rc, out, err = run_child(code)
    assert rc == 0, err
    assert out.startswith("refused"), (out, err)


def test_callbacks_into_a_board_being_changed_are_errors_not_panics():
    # A move-like object whose attribute reads the board while push() is changing it, and a
    # transform function that pushes on the board it transforms.
    code = """
        import bitmove

        board = bitmove.Board()

        class Sneaky:
            promotion = None
            to_square = 28

            @property
            def from_square(self):
                len(board.legal_moves)
                list(reversed(board.legal_moves))
                repr(board.legal_moves)
                return 12

        def pushing(bb):
            if not board.move_stack:
                board.push_uci("e2e4")
            return bb

        for name, call in [
            ("push", lambda: board.push(Sneaky())),
            ("transform", lambda: board.transform(pushing)),
        ]:
            try:
                call()
                print(name, "ok", board.fen())
            except RuntimeError as error:
                print(name, "RuntimeError")
            except BaseException as error:
                print(name, "LEAKED", type(error).__name__, error)
    """
    rc, out, err = run_child(code)
    assert rc == 0, err
    assert "LEAKED" not in out and "PanicException" not in err, (out, err)
    assert out.count("\n") == 2, out
