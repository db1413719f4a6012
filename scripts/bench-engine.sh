#!/usr/bin/env bash
# Engine-style speed of bitmove's public API against cozy-chess, shakmaty and chess (issue 29,
# goal 1): make-all perft on the six CPW positions, listing the legal moves of positions from
# random games, and bitmove's captures-only generation against all moves. One thread, node
# counts checked against bitmove::perft, interleaved runs, medians, Markdown tables.
#
# Usage: scripts/bench-engine.sh [default|native|both]        (default: both)
# The builds, target dirs and ENGINE_BENCH_ARGS are described in scripts/bench-mode.sh.
exec "$(dirname "${BASH_SOURCE[0]}")/bench-mode.sh" engine "$@"
