"""# PGN to training arrays

A notebook-style walk from a game dump (a Lichess `.pgn.zst`, or any `.pgn`) to the arrays a
policy/value network trains on, saved as one `.npz`:

    python crates/bitmove-py/examples/pgn_to_training_arrays.py games.pgn.zst out.npz
    python crates/bitmove-py/examples/pgn_to_training_arrays.py games.pgn.zst out.npz \\
        --vocab from_to --min-elo 2000 --max-positions 1000000 --threads 2

Each cell below is a step; run the file, or paste the cells into a notebook.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import bitmove.pgn
import bitmove.vocab
import numpy as np

# %% [markdown]
# ## 1. Arguments
# The input may be compressed (zstd or gzip, recognised by its first bytes). `--vocab`
# names the move numbering: `uci1968` (DeepMind's searchless-chess moves) or `from_to`.


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="PGN (.pgn / .pgn.zst) to training arrays (.npz)")
    parser.add_argument("pgn", help="the games: .pgn, .pgn.zst or .pgn.gz")
    parser.add_argument("out", help="the .npz to write")
    parser.add_argument("--vocab", default="uci1968", choices=sorted(bitmove.vocab.VOCABULARIES))
    parser.add_argument(
        "--min-elo", type=int, default=0, help="keep games whose players both have this Elo"
    )
    parser.add_argument(
        "--max-positions", type=int, default=None, help="stop after this many positions"
    )
    parser.add_argument("--batch-size", type=int, default=65536)
    parser.add_argument(
        "--threads", type=int, default=None, help="reader threads (default: one per core)"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser.parse_args(argv)


# %% [markdown]
# ## 2. A progress bar
# `positions()` tells how many bytes of the file it has read (`file_bytes_read`: compressed
# bytes for a `.pgn.zst`), so the bar is that share of the file's size, for a compressed
# file too. It moves once per batch.


class Progress:
    def __init__(self, path: str, enabled: bool) -> None:
        self.total = os.path.getsize(path)
        self.enabled = enabled
        self.start = time.monotonic()

    def show(self, done_bytes: int, positions: int, final: bool = False) -> None:
        if not self.enabled:
            return
        rate = positions / max(time.monotonic() - self.start, 1e-9)
        share = min(done_bytes / self.total, 1.0) if self.total else 1.0
        bar = "#" * int(share * 30)
        text = f"[{bar:<30}] {share:6.1%} {positions:,} positions {rate:,.0f}/s"
        sys.stderr.write("\r" + text + ("\n" if final else ""))
        sys.stderr.flush()


# %% [markdown]
# ## 3. Read, filter, collect
# Each batch is a dict of NumPy arrays. Columns: `planes` (N, 12, 8, 8) booleans, `move`
# (index in the vocabulary), `mask` (legal moves in the vocabulary), `turn`, `result` (White's
# view: 1, 0, -1; -2 unknown), Elos, `clock`, `eval`, `mate`. Positions from games with an
# error never appear. The value target is the result from the side to move's view.

COLUMNS = [
    "game",
    "ply",
    "planes",
    "move",
    "mask",
    "turn",
    "result",
    "white_elo",
    "black_elo",
    "clock",
    "eval",
]


def collect(args: argparse.Namespace) -> dict[str, np.ndarray]:
    progress = Progress(args.pgn, enabled=not args.no_progress)
    parts: dict[str, list[np.ndarray]] = {name: [] for name in COLUMNS}
    kept = 0
    batches = bitmove.pgn.positions(
        args.pgn,
        batch_size=args.batch_size,
        threads=args.threads,
        columns=COLUMNS,
        vocab=args.vocab,
    )
    for batch in batches:
        keep = (batch["white_elo"] >= args.min_elo) & (batch["black_elo"] >= args.min_elo)
        keep &= batch["move"] >= 0  # null moves have no class
        if args.max_positions is not None:
            room = args.max_positions - kept
            keep &= np.cumsum(keep) <= room
        for name in COLUMNS:
            parts[name].append(batch[name][keep])
        kept += int(keep.sum())
        progress.show(batches.file_bytes_read, kept)
        if args.max_positions is not None and kept >= args.max_positions:
            break
    progress.show(batches.file_bytes_read, kept, final=True)
    arrays = {
        name: np.concatenate(chunks) if chunks else np.zeros(0) for name, chunks in parts.items()
    }
    # Value target from the mover's view: +1 win, 0 draw, -1 loss (unknown results: 0).
    known = arrays["result"] != -2
    sign = np.where(arrays["turn"], 1, -1)
    arrays["value"] = np.where(known, arrays["result"] * sign, 0).astype(np.int8)
    return arrays


# %% [markdown]
# ## 4. Save
# One compressed `.npz`; `np.load(out)` gives the arrays back by name. The vocabulary's
# moves are saved too, so that an index can be turned back into UCI without bitmove.


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    arrays = collect(args)
    vocab = bitmove.vocab.VOCABULARIES[args.vocab]
    np.savez_compressed(args.out, vocab=np.array(list(vocab)), **arrays)
    print(
        f"{len(arrays['move']):,} positions from {len(np.unique(arrays['game'])):,} games -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
