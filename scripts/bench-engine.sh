#!/usr/bin/env bash
# Engine-style speed of bitmove's public API against cozy-chess, shakmaty and chess (issue 29,
# goal 1): make-all perft on the six CPW positions, listing the legal moves of positions from
# random games, and bitmove's captures-only generation against all moves. One thread, node
# counts checked against bitmove::perft, interleaved runs, medians, Markdown tables.
#
# Usage: scripts/bench-engine.sh [default|native|both]        (default: both)
#
#   default  RUSTFLAGS empty: what `cargo add bitmove` users get (baseline x86-64)
#   native   RUSTFLAGS="-C target-cpu=native"
#
# The peers crate is built once per build, with cozy-chess's magic sliders in both (its pext
# feature stays off; scripts/bench-peers.sh measures cozy-chess pext for perft). bitmove picks
# its slider backend at run time in either build. Target dirs: $PEERS_TARGET_DIR/engine-<build>
# (PEERS_TARGET_DIR defaults to target-peers/). Extra arguments for the binary (for example
# `--runs 3`) can be passed in ENGINE_BENCH_ARGS.
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
read -r -a extra <<<"${ENGINE_BENCH_ARGS:-}"

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
  RUSTFLAGS=$flags CARGO_TARGET_DIR=$target/engine-$build \
    cargo build --release --manifest-path "$manifest" -p peers
done

echo "Command: scripts/bench-engine.sh $which${ENGINE_BENCH_ARGS:+ (ENGINE_BENCH_ARGS='$ENGINE_BENCH_ARGS')}"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for build in "${builds[@]}"; do
  case $build in
    default) label="default (no RUSTFLAGS)" ;;
    native) label="native (-C target-cpu=native)" ;;
  esac
  echo "== run: $label" >&2
  "$target/engine-$build/release/peers" engine --build "$label" --summary-out "$summary" \
    ${extra[@]+"${extra[@]}"}
done

if [ "${#builds[@]}" -gt 1 ]; then
  echo
  echo "### Summary, both builds"
  echo
  "$target/engine-${builds[0]}/release/peers" engine --print-summary-header
  cat "$summary"
fi
