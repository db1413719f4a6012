"""A UCI engine for fault tests: Stockfish behind a relay that logs and misbehaves.

    fault_engine.py ENGINE [--log FILE] [--delay S] [--mode crash|hang|always]
                    [--fen TEXT] [--state FILE]

Every line from the driver goes to ENGINE (a program path), every line from it comes back.
Each `position` line and each `go` line are appended to --log. Before each `go` it sleeps
--delay seconds. When the last `position` line contains --fen, at the `go`: `crash` exits
with status 3 the first time (counted in --state, a file shared by every process of a run),
`hang` says nothing more the first time (until its input closes), `always` exits every time. When the relay
dies, ENGINE's input closes and it exits too."""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("--log")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--mode", default="none")
    parser.add_argument("--fen", default="")
    parser.add_argument("--state")
    args = parser.parse_args()
    engine = subprocess.Popen(
        [args.engine],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )

    def relay() -> None:
        assert engine.stdout is not None
        for line in engine.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=relay, daemon=True).start()
    position = ""
    assert engine.stdin is not None
    for line in sys.stdin:
        if line.startswith("position"):
            position = line
        if line.startswith(("position", "go")) and args.log:
            with open(args.log, "a") as log:
                log.write(line)
        if line.startswith("go"):
            if args.delay:
                time.sleep(args.delay)
            if args.fen and args.fen in position:
                count = 1
                if args.state:
                    try:
                        with open(args.state) as state:
                            count = int(state.read() or 0) + 1
                    except FileNotFoundError:
                        count = 1
                    with open(args.state, "w") as state:
                        state.write(str(count))
                if args.mode == "always" or (args.mode == "crash" and count == 1):
                    return 3
                if args.mode == "hang" and count == 1:
                    # Says nothing more, reads on, and ends when its driver's end of the pipe
                    # closes (a driver killed with SIGKILL leaves no relay sleeping behind).
                    for _ in sys.stdin:
                        pass
                    return 0
        if line.strip() == "quit":
            engine.stdin.write(line)
            engine.stdin.flush()
            engine.wait(5)
            return 0
        engine.stdin.write(line)
        engine.stdin.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
