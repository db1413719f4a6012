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
#
#   default  RUSTFLAGS empty: what `cargo add bitmove` users get (baseline x86-64)
#   native   RUSTFLAGS="-C target-cpu=native"
#
# Target dirs: $PEERS_TARGET_DIR/search-<build> (PEERS_TARGET_DIR defaults to target-peers/).
# Extra arguments for the binary (for example `--runs 7` or `--depth 8`) can be passed in
# SEARCH_BENCH_ARGS.
set -euo pipefail

which=${1:-both}
case $which in
  default) builds=(default) ;;
  native) builds=(native) ;;
  both) builds=(default native) ;;
  *)
    echo "usage: $0 [default|native|both]" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${PEERS_TARGET_DIR:-$root/target-peers}
manifest=$root/Cargo.toml
read -r -a extra <<<"${SEARCH_BENCH_ARGS:-}"

echo "== $0 $*" >&2
echo "== $(rustc -V)" >&2

flags_of() {
  case $1 in
    default) echo "" ;;
    native) echo "-C target-cpu=native" ;;
  esac
}

# Build everything first, so that the measurements do not share the machine with a compiler.
for build in "${builds[@]}"; do
  flags=$(flags_of "$build")
  echo "== build: $build, RUSTFLAGS='$flags'" >&2
  RUSTFLAGS=$flags CARGO_TARGET_DIR=$target/search-$build \
    cargo build --release --manifest-path "$manifest" -p peers
done

echo "Command: scripts/bench-search.sh $which${SEARCH_BENCH_ARGS:+ (SEARCH_BENCH_ARGS='$SEARCH_BENCH_ARGS')}"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for build in "${builds[@]}"; do
  case $build in
    default) label="default (no RUSTFLAGS)" ;;
    native) label="native (-C target-cpu=native)" ;;
  esac
  echo "== run: $label" >&2
  "$target/search-$build/release/peers" search --build "$label" --summary-out "$summary" \
    ${extra[@]+"${extra[@]}"}
done

if [ "${#builds[@]}" -gt 1 ]; then
  echo
  echo "### Summary, both builds"
  echo
  "$target/search-${builds[0]}/release/peers" search --print-summary-header
  cat "$summary"
fi
