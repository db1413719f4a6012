#!/usr/bin/env bash
# Perft speed of bitmove against cozy-chess (magic and pext builds), chess and shakmaty:
# single thread, bulk counting, node counts checked, 5 interleaved runs, Markdown table.
#
# Usage: scripts/bench-peers.sh [quick|full]      (default quick; full takes minutes)
#
# The peers crate is built twice, into separate target dirs, because cargo unifies features
# within one build: once as is (cozy-chess with magic sliders; this binary drives the run) and
# once with `--features cozy-pext`, which the driver runs as a child process for the
# cozy-chess (pext) measurements. cozy-chess's pext module is a compile_error unless the
# target has BMI2, so that second build gets `-C target-feature=+bmi2` added to RUSTFLAGS.
#
# Every engine is compiled with `-C target-cpu=native` (override with RUSTFLAGS): the peers
# need it for POPCNT and BMI2, bitmove picks its instruction set at run time either way.
# Target dir: $PEERS_TARGET_DIR or target-peers/.
set -euo pipefail

set_name=${1:-quick}
case $set_name in
  quick | full) ;;
  *)
    echo "usage: $0 [quick|full]" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${PEERS_TARGET_DIR:-$root/target-peers}
manifest=$root/Cargo.toml
base_flags=${RUSTFLAGS:--C target-cpu=native}
pext_flags="${base_flags:+$base_flags }-C target-feature=+bmi2"

echo "== $0 $*" >&2
echo "== $(rustc -V)" >&2

echo "== build: cozy-chess magic (driver), RUSTFLAGS='$base_flags'" >&2
RUSTFLAGS=$base_flags CARGO_TARGET_DIR=$target/magic cargo build --release --manifest-path "$manifest" -p peers
driver=$target/magic/release/peers

pext_args=()
if grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  echo "== build: cozy-chess pext (child), RUSTFLAGS='$pext_flags'" >&2
  RUSTFLAGS=$pext_flags CARGO_TARGET_DIR=$target/pext \
    cargo build --release --manifest-path "$manifest" -p peers --features cozy-pext
  pext_args=(--pext-bin "$target/pext/release/peers")
else
  echo "== this CPU has no BMI2: skipping the cozy-chess pext build" >&2
fi

echo "== run: $set_name" >&2
"$driver" "$set_name" "${pext_args[@]}"
