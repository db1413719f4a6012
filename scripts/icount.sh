#!/usr/bin/env bash
# Instruction counts of a fixed perft workload under callgrind: repeatable figures for
# before/after comparisons on a noisy machine. Usage: scripts/icount.sh [binary]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/bitmove}
export BITMOVE_SLIDERS=${BITMOVE_SLIDERS:-pext}
run() {
  local name=$1; shift
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" perft --threads 1 "$@" 2>&1)
  local ir nodes
  ir=$(grep -oE 'Collected : [0-9]+' <<<"$out" | grep -oE '[0-9]+')
  nodes=$(grep -oE 'Nodes: [0-9]+' <<<"$out" | grep -oE '[0-9]+')
  printf '%-10s %12s instructions %10s nodes %6.2f instructions/node\n' "$name" "$ir" "$nodes" "$(echo "$ir / $nodes" | bc -l)"
}
run startpos --depth 5
run kiwipete --depth 4 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
run pos3 --depth 6 --fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
