"""Ctrl-C stops a long perft at once (KeyboardInterrupt), and other threads run meanwhile."""

import signal
import subprocess
import sys
import textwrap
import threading
import time

import bitmove

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

CHILD = textwrap.dedent(
    """
    import sys, time
    import bitmove
    print("started", flush=True)
    began = time.monotonic()
    try:
        bitmove.perft(sys.argv[1], 9, threads=int(sys.argv[2]))  # hours of work
    except KeyboardInterrupt:
        print("interrupted after %.3f" % (time.monotonic() - began), flush=True)
        sys.exit(0)
    print("finished?!", flush=True)
    sys.exit(1)
    """
)


def run_and_interrupt(threads, divide=False):
    code = CHILD.replace("bitmove.perft(", "bitmove.divide(") if divide else CHILD
    child = subprocess.Popen(
        [sys.executable, "-c", code, KIWIPETE, str(threads)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)  # well inside the perft
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


def test_ctrl_c_interrupts_perft_on_one_thread():
    run_and_interrupt(1)


def test_ctrl_c_interrupts_perft_on_two_threads():
    run_and_interrupt(2)


def test_ctrl_c_interrupts_divide():
    run_and_interrupt(2, divide=True)


def test_the_gil_is_released_during_perft():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    thread = threading.Thread(target=ticker)
    thread.start()
    try:
        began = time.monotonic()
        assert bitmove.perft(KIWIPETE, 5, threads=1) == 193690690
        took = time.monotonic() - began
    finally:
        stop.set()
        thread.join()
    during = [t for t in ticks if began <= t <= began + took]
    # A ticker starved by a held GIL would tick about once per switch interval at best.
    assert len(during) >= took / 0.005 / 4, (len(during), took)
