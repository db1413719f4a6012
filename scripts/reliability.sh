#!/usr/bin/env bash
# The long reliability checks (issue 6), then a summary:
#   - the full differential test against shakmaty (250,000 positions; BITMOVE_DIFF_POSITIONS
#     and BITMOVE_DIFF_SEED override),
#   - every suite count through every fast path (slider backends, hashed, threaded),
#   - the fast reliability tests (hostile input, properties, CLI hostile input),
#   - every fuzz target for FUZZ_SECONDS each (scripts/fuzz.sh; 0 skips fuzzing).
#
#   scripts/reliability.sh [FUZZ_SECONDS]        default: 600
#
# Uses the default target dir for tests and fuzz/target for fuzzing. Exits 1 if anything failed.
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
fuzz_seconds="${1:-600}"
logs="$root/target/reliability"
mkdir -p "$logs"

summary=()
passed=0
failed=0

# step NAME LOG COMMAND...: runs the command, keeps its output in LOG, records the result.
step() {
    local name="$1" log="$2"
    shift 2
    echo "== $name" >&2
    local start=$SECONDS
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        summary+=("ok    $name ($((SECONDS - start)) s)")
    else
        failed=$((failed + 1))
        summary+=("FAIL  $name ($((SECONDS - start)) s), see $log")
    fi
}

step "differential test against shakmaty (full)" "$logs/differential.log" \
    cargo test --release -p bitmove --test differential -- --include-ignored --nocapture
step "fast paths: every suite count, every backend, hashed and threaded" "$logs/fast_paths.log" \
    cargo test --release -p bitmove --test fast_paths -- --include-ignored --nocapture
step "hostile input and property tests (library)" "$logs/library.log" \
    cargo test --release -p bitmove --test hostile --test properties --test legality --test hash
step "hostile input through the CLI" "$logs/cli.log" \
    cargo test --release -p bitmove-cli --test hostile
if [[ "$fuzz_seconds" -gt 0 ]]; then
    step "fuzzing, $fuzz_seconds s per target" "$logs/fuzz.log" scripts/fuzz.sh "$fuzz_seconds"
fi

echo
echo "reliability summary"
printf '  %s\n' "${summary[@]}"
grep -h '^differential: ' "$logs/differential.log" 2>/dev/null | sed 's/^/  /'
grep -h '^fast paths: ' "$logs/fast_paths.log" 2>/dev/null | sed 's/^/  /'
grep -h '^fuzz ' "$logs/fuzz.log" 2>/dev/null | sed 's/^/  /'
echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
