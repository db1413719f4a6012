#!/usr/bin/env bash
# Writing PGN, one thread: bitmove's writer (`GameTree::write`, the `pgn_write` example)
# against python-chess's `str(game)` on the same games, read into memory first by each (the
# writing alone is timed; python-chess writes the games it can, variant games included).
# Best of ROUNDS rounds each; games/s and the ratio.
#
# Usage: scripts/bench-pgn-write.sh [FILE...]
# Without files: the real-game files of ../shared/games when that folder exists (beside the
# project), else the small ones in tests/data/pgn. Needs .venv with python-chess (`chess`).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${ROUNDS:-5}
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shared=$root/../shared/games
  if [ -d "$shared" ]; then
    files=("$shared"/lichess-2021-10-first-999.pgn "$shared"/lichess-evals-clocks-989.pgn
      "$shared"/masters-fischer-827.pgn "$shared"/tcec-frc-50.pgn "$shared"/edge/chesslib-linares_2002.pgn)
  else
    files=("$root"/tests/data/pgn/{lichess-2021-10-30,lichess-evals-clocks-20,masters-carlsen-30,tcec-frc-1,chesslib-linares_2002-4}.pgn)
  fi
fi
cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p bitmove --features pgn --example pgn_write
for file in "${files[@]}"; do
  ours=$("$root/target/release/examples/pgn_write" --rounds "$rounds" "$file")
  theirs=$("$root/.venv/bin/python" - "$file" "$rounds" <<'PY'
import io, sys, time
import chess.pgn

path, rounds = sys.argv[1], int(sys.argv[2])
handle = io.StringIO(open(path, encoding="utf-8", errors="replace").read())
games = []
while (game := chess.pgn.read_game(handle)) is not None:
    try:
        game.board()
    except ValueError:
        continue
    games.append(game)
best = float("inf")
for _ in range(rounds):
    start = time.perf_counter()
    for game in games:
        str(game)
    best = min(best, time.perf_counter() - start)
print(f"{len(games)} games: {best:.4f} s, {len(games) / best:.0f} games/s")
PY
)
  ours_rate=$(sed -E 's/.* ([0-9]+) games\/s.*/\1/' <<<"$ours")
  theirs_rate=$(sed -E 's/.* ([0-9]+) games\/s.*/\1/' <<<"$theirs")
  echo "$(basename "$file"): bitmove $ours | python-chess $theirs | $(awk -v a="$ours_rate" -v b="$theirs_rate" 'BEGIN { printf "%.0fx", a / b }')"
done
