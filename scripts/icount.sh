#!/usr/bin/env bash
# Instruction counts of a fixed perft workload under callgrind: repeatable figures for
# before/after comparisons on a noisy machine. Usage: scripts/icount.sh [binary]
#
# The six positions of scripts/bench-peers.sh, one thread, no hash table, each at a depth of
# the same parity as the benchmark's: depth-2 nodes then have the same side to move as in
# the benchmark, and the side to move decides what they cost (at pos4 depth 5 Black's
# promotions dominate, at depth 6 White's moves around Black's castling). All at the
# benchmark's own depth but the start position (5, not 7). About half a minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/bitmove}
export BITMOVE_SLIDERS=${BITMOVE_SLIDERS:-pext}
out_dir=$(mktemp -d)
trap 'rm -rf "$out_dir"' EXIT

run() {
  local name=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" perft --threads 1 --hash 0 "$@" \
    >"$out_dir/$name" 2>&1
}
report() {
  local name=$1 ir nodes
  ir=$(grep -oE 'Collected : [0-9]+' "$out_dir/$name" | grep -oE '[0-9]+') || {
    cat "$out_dir/$name" >&2
    exit 1
  }
  nodes=$(grep -oE 'Nodes: [0-9]+' "$out_dir/$name" | grep -oE '[0-9]+')
  printf '%-10s %12s instructions %10s nodes %6.2f instructions/node\n' \
    "$name" "$ir" "$nodes" "$(echo "$ir / $nodes" | bc -l)"
}

# Two at a time (the machine has two cores); the largest, pos4, runs beside the two smallest.
run pos4 --depth 6 --fen "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" &
pos4=$!
run startpos --depth 5
run pos5 --depth 5 --fen "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
run pos6 --depth 5 --fen "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
run kiwipete --depth 5 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
wait "$pos4"
run pos3 --depth 7 --fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
for name in startpos kiwipete pos3 pos4 pos5 pos6; do
  report "$name"
done
