#!/usr/bin/env bash
# Reading and replaying PGN, one thread, bitmove's reader (as an iterator of games and with a
# counting visitor) against pgn-reader 0.29 on shakmaty (its `validate` example's visitor),
# interleaved, node counts checked: games/s, plies/s, MB/s and the ratio to pgn-reader. The
# files are read into memory first (parsing and replay, not the disk).
#
# Usage: scripts/bench-pgn.sh [FILE...]
# Without files: the real-game files of ../shared/games when that folder exists (beside the
# project), else the small ones in tests/data/pgn. PGN_BENCH_ARGS: e.g. "--runs 7".
# Default build (no RUSTFLAGS), target dir $PEERS_TARGET_DIR/peers-default.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${PEERS_TARGET_DIR:-$root/target-peers}
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shared=$root/../shared/games
  if [ -d "$shared" ]; then
    files=("$shared"/lichess-2021-10-first-999.pgn "$shared"/lichess-evals-clocks-989.pgn
      "$shared"/masters-carlsen-5662.pgn "$shared"/masters-fischer-827.pgn "$shared"/tcec-frc-50.pgn)
  else
    files=("$root"/tests/data/pgn/{lichess-2021-10-30,lichess-evals-clocks-20,masters-carlsen-30,tcec-frc-1}.pgn)
  fi
fi
read -r -a extra <<<"${PGN_BENCH_ARGS:-}"
echo "== $(rustc -V)" >&2
RUSTFLAGS= CARGO_TARGET_DIR=$target/peers-default \
  cargo build --release --manifest-path "$root/Cargo.toml" -p peers
echo "Command: scripts/bench-pgn.sh${PGN_BENCH_ARGS:+ (PGN_BENCH_ARGS='$PGN_BENCH_ARGS')}"
"$target/peers-default/release/peers" pgn ${extra[@]+"${extra[@]}"} "${files[@]}"
