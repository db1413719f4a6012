#!/usr/bin/env bash
# Wall times of two bitmove binaries on the six positions of scripts/bench-peers.sh at its
# full depths (one thread, no hash table): the check that a change which saves instructions
# (scripts/icount.sh) also saves time. Code layout alone can move the depth-2 count a few
# percent either way. Build both binaries as scripts/bench-peers.sh builds bitmove, with
# RUSTFLAGS="-C target-cpu=native": the layout effects differ from the default build's.
#
# Usage: scripts/ab-wall.sh OLD NEW [rounds]      (default 5 rounds; about 10 s per round)
#
# Each round runs every position with OLD then NEW, then NEW then OLD, so that neither
# binary always goes first. Per position it prints the best speed of each (million nodes
# per second, from the binary's own timing, process start-up excluded) and NEW/OLD: above 1
# means NEW is faster. Slider backend: $BITMOVE_SLIDERS, default pext.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 OLD NEW [rounds]" >&2
  exit 2
fi
old=$1
new=$2
rounds=${3:-5}
for bin in "$old" "$new"; do
  if [[ ! -x $bin ]]; then
    echo "$0: not an executable: $bin" >&2
    exit 2
  fi
done
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
  echo "$0: rounds must be a positive whole number, not '$rounds'" >&2
  exit 2
fi
export BITMOVE_SLIDERS=${BITMOVE_SLIDERS:-pext}

names=(startpos kiwipete pos3 pos4 pos5 pos6)
fens=(
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)
depths=(7 5 7 6 5 5)

# The speed of one run, from the binary's `Time: ... (N Mnps)` line.
speed() {
  local out mnps
  out=$("$1" perft --threads 1 --hash 0 --depth "$3" --fen "$2")
  mnps=$(sed -n 's/^Time: .*(\([0-9.]*\) Mnps)$/\1/p' <<<"$out")
  if [[ -z $mnps ]]; then
    echo "$0: no speed in the output of $1:" >&2
    echo "$out" >&2
    exit 1
  fi
  echo "$mnps"
}

declare -A best
for ((i = 0; i < ${#names[@]}; i++)); do
  best[old$i]=""
  best[new$i]=""
done
keep() { # keep KEY MNPS: the larger of the two
  local key=$1 v=$2
  if [[ -z ${best[$key]} ]] || awk -v a="$v" -v b="${best[$key]}" 'BEGIN { exit !(a > b) }'; then
    best[$key]=$v
  fi
}

for ((r = 1; r <= rounds; r++)); do
  echo "== round $r of $rounds" >&2
  for ((i = 0; i < ${#names[@]}; i++)); do
    for order in old new new old; do
      if [[ $order == old ]]; then bin=$old; else bin=$new; fi
      keep "$order$i" "$(speed "$bin" "${fens[$i]}" "${depths[$i]}")"
    done
  done
done

printf '%-9s %6s %11s %11s %8s\n' position depth "old Mnps" "new Mnps" new/old
for ((i = 0; i < ${#names[@]}; i++)); do
  ratio=$(awk -v a="${best[new$i]}" -v b="${best[old$i]}" 'BEGIN { printf "%.3f", a / b }')
  printf '%-9s %6s %11s %11s %8s\n' "${names[$i]}" "${depths[$i]}" "${best[old$i]}" \
    "${best[new$i]}" "$ratio"
done
