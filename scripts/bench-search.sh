#!/usr/bin/env bash
# The search benchmark (issue 29, goal 3): one small alpha-beta search (principal variation
# search, quiescence with SEE pruning, a transposition table of 16-bit moves, null-move
# pruning, MVV-LVA ordering, repetition and fifty-move draws, material evaluation) written on
# bitmove's engine API and on cozy-chess, move for move the same. On 30 positions (the six CPW
# perft positions and 24 middlegames from seeded random games) both must visit the same number
# of nodes and return the same score and best move, or the run stops with a nonzero exit.
# Prints nodes per second of each and the ratio, per position and in aggregate, as Markdown
# tables (interleaved runs, medians).
#
# Usage: scripts/bench-search.sh [default|native|both]        (default: both)
# The builds, target dirs and SEARCH_BENCH_ARGS are described in scripts/bench-mode.sh.
exec "$(dirname "${BASH_SOURCE[0]}")/bench-mode.sh" search "$@"
