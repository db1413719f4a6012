#!/usr/bin/env bash
# Builds the `peers` crate (benches/peers) in the default and/or native build and runs one of
# its side-by-side modes in each: what scripts/bench-engine.sh and scripts/bench-search.sh run.
#
# Usage: scripts/bench-mode.sh engine|search [default|native|both]        (default: both)
#
#   default  RUSTFLAGS empty: what `cargo add bitmove` users get (baseline x86-64)
#   native   RUSTFLAGS="-C target-cpu=native"
#
# The peers crate is built once per build, with cozy-chess's magic sliders in both (its pext
# feature stays off; scripts/bench-peers.sh measures cozy-chess pext for perft). bitmove picks
# its slider backend at run time in either build. Target dirs: $PEERS_TARGET_DIR/peers-<build>
# (PEERS_TARGET_DIR defaults to target-peers/), shared by both modes. Extra arguments for the
# binary come from ENGINE_BENCH_ARGS (engine) or SEARCH_BENCH_ARGS (search), e.g. `--runs 7`.
set -euo pipefail

mode=${1:-}
case $mode in
  engine) args=${ENGINE_BENCH_ARGS:-} args_name=ENGINE_BENCH_ARGS ;;
  search) args=${SEARCH_BENCH_ARGS:-} args_name=SEARCH_BENCH_ARGS ;;
  *)
    echo "usage: $0 engine|search [default|native|both]" >&2
    exit 2
    ;;
esac
which=${2:-both}
case $which in
  default) builds=(default) ;;
  native) builds=(native) ;;
  both) builds=(default native) ;;
  *)
    echo "usage: $0 $mode [default|native|both]" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${PEERS_TARGET_DIR:-$root/target-peers}
manifest=$root/Cargo.toml
read -r -a extra <<<"$args"

echo "== scripts/bench-$mode.sh $which" >&2
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
  RUSTFLAGS=$flags CARGO_TARGET_DIR=$target/peers-$build \
    cargo build --release --manifest-path "$manifest" -p peers
done

echo "Command: scripts/bench-$mode.sh $which${args:+ ($args_name='$args')}"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for build in "${builds[@]}"; do
  case $build in
    default) label="default (no RUSTFLAGS)" ;;
    native) label="native (-C target-cpu=native)" ;;
  esac
  echo "== run: $label" >&2
  "$target/peers-$build/release/peers" "$mode" --build "$label" --summary-out "$summary" \
    ${extra[@]+"${extra[@]}"}
done

if [ "${#builds[@]}" -gt 1 ]; then
  echo
  echo "### Summary, both builds"
  echo
  "$target/peers-${builds[0]}/release/peers" "$mode" --print-summary-header
  cat "$summary"
fi
