#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each, one after another, on one core.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]        default: 60 seconds, every target
#
# Works on the stable toolchain: libFuzzer's coverage flags are stable codegen options, and only
# the sanitizers need nightly, so the default is `--sanitizer none`. FUZZ_SANITIZER=address
# builds with AddressSanitizer through RUSTC_BOOTSTRAP=1 instead (slower; bitmove's unsafe code
# is CPU intrinsics and the perft tables' memory). Installs cargo-fuzz from crates.io when it is missing.
#
# The targets are built once, first, and then run directly, so edits to the tree while it runs
# do not change what is being fuzzed. Seeds come from tests/data (suite FENs, the variant suites' positions, a few UCI lines, the small PGN files, the small Syzygy tables,
# the 3-piece Gaviota tables of python-chess's sdist once tests/python_chess_suite.py fetched it);
# the corpus grows in fuzz/corpus and crashes land in fuzz/artifacts/TARGET (both git-ignored).
# Each target's libFuzzer log is kept in fuzz/logs/TARGET.log. Prints one summary line per
# target; exits 1 if any target crashed, 2 if the build failed.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/fuzz"

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2
    exit 2
fi
shift || true

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz ..." >&2
    cargo install cargo-fuzz --locked >&2
fi

sanitizer="${FUZZ_SANITIZER:-none}"
if [[ "$sanitizer" != none ]]; then
    export RUSTC_BOOTSTRAP=1
fi

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

echo "building ${targets[*]} (sanitizer: $sanitizer) ..." >&2
for target in "${targets[@]}"; do
    if ! cargo fuzz build --sanitizer "$sanitizer" "$target" >&2; then
        echo "fuzz: build of $target failed" >&2
        exit 2
    fi
done
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"

# Seed corpora: every FEN of the data files, for the FEN targets; UCI lines for the UCI target;
# the small PGN files for the PGN target; real tables for the Syzygy target.
fens() {
    grep -hv '^#' "$root"/tests/data/*.epd | cut -d';' -f1 | sed 's/ *$//'
}
seed() { # seed TARGET NAME FORMAT ARGS...
    mkdir -p "corpus/$1"
    # shellcheck disable=SC2059 # the format is ours
    printf "${@:3}" >"corpus/$1/$2"
}
n=0
while IFS= read -r fen; do
    n=$((n + 1))
    seed fen "seed-$n" '%s' "$fen"
    # Control byte: bit 0 = Chess960 mode (for Shredder-FEN castling), the rest = plies to play.
    chess960=0
    [[ "$fen" =~ \ [wb]\ [A-Ha-h]+\  ]] && chess960=1
    control=$(printf '\\x%02x' $((n % 32 * 2 + chess960)))
    seed shakmaty_fen "seed-$n" "$control%s\n%s" "$fen" "steer-$n"
done < <(fens)
seed uci seed-1 '\x00e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1'
seed uci seed-2 '\x01e1c1 e8g8 d5e6 a6e2 e1h1'
seed uci seed-3 '\x03b7a8q b2a1n a7b8r h2g1b'
seed uci seed-4 '\x06f1g1 e1h1 h8g8 f8h8'
seed san seed-1 '\x00e4 e5 Nf3 Nc6 Bc4 Nf6 O-O'
seed san seed-2 '\x01O-O-O O-O dxe6 Bxe2 Qxf6 gxh1=Q+'
seed san seed-3 '\x03bxa8=Q bxa1=N+ axb8=R h1=B'
seed san seed-4 '\x06O-O O-O Rg8'
seed game seed-1 '\x00\x00\x00\x01\x80\x0c\x1c\x00\x00\x05'
# Engine lines: what Stockfish and an XBoard engine write (info, option, bestmove, features, post).
seed engine_lines seed-1 '\x00id name Stockfish 17\noption name Hash type spin default 16 min 1 max 33554432\noption name UCI_Variant type combo default chess var chess var atomic\ninfo depth 12 seldepth 18 multipv 1 score cp 31 wdl 120 860 20 nodes 40213 nps 1200000 hashfull 12 tbhits 0 time 33 pv e2e4 e7e5 g1f3 b8c6\nbestmove e2e4 ponder e7e5'
seed engine_lines seed-2 '\x01info depth 5 score mate -3 lowerbound currmove e1g1 currmovenumber 2 pv e1g1 a6e2 d5e6 string hello world\nbestmove (none)'
seed engine_lines seed-3 '\x06feature ping=1 setboard=1 san=0 variants="normal,atomic" option="Hash -spin 64 1 4096" done=1\n 10 +35 120 50213 e2e4 e7e5 Nf3\nmove e2e4\nError (unknown command): foo'
# Variants: each position of the variant perft suites, as the target reads a FEN (a selector
# byte: the variant's index in Variant::ALL, shifted, with bit 0 set; the FEN; a newline),
# then a few steering bytes (play generated moves).
mkdir -p corpus/variant
index=0
for variant in chess atomic antichess crazyhouse 3check kingofthehill horde racingkings; do
    file="$root/tests/data/variants/$variant.perft"
    if [[ -f "$file" ]]; then
        n=0
        while IFS= read -r fen; do
            n=$((n + 1))
            seed variant "seed-$variant-$n" "\\x$(printf %02x $((index * 2 + 1)))%s\n\\x00\\x01\\x02\\x40\\x07\\x09" "$fen"
        done < <(sed -n 's/^epd //p' "$file")
    fi
    index=$((index + 1))
done
# PGN: the small real files (edge cases, variations, clocks).
mkdir -p corpus/pgn corpus/pgn_write
find "$root/tests/data/pgn" -name '*.pgn' -size -16k -exec cp {} corpus/pgn/ \;
find "$root/tests/data/pgn" "$root/tests/data/pgn-writer" -name '*.pgn' -size -16k \
    -exec cp {} corpus/pgn_write/ \;
# pgn_write reads the lichess variants when the first byte's top bit is set.
for file in "$root"/tests/data/pgn/variants-*.pgn; do
    { printf '\x80\n'; cat "$file"; } >"corpus/pgn_write/variants-$(basename "$file")"
done
# Syzygy: a control byte (bit 0 the kind, WDL or DTZ; above it the index of the table's name in
# the target's NAMES, read from its source), then a real table file of at most 64 KB.
mkdir -p corpus/syzygy_table
i=0
while IFS= read -r name; do
    for kind in 0 1; do
        ext=rtbw
        [[ $kind == 1 ]] && ext=rtbz
        file="$root/tests/data/syzygy/$name.$ext"
        if [[ -f "$file" && $(stat -c %s "$file") -le 65536 ]]; then
            {
                # shellcheck disable=SC2059 # the format is ours
                printf "\\x$(printf %02x $((i * 2 + kind)))"
                cat "$file"
            } >"corpus/syzygy_table/seed-$name.$ext"
        fi
    done
    i=$((i + 1))
done < <(sed -n '/^const NAMES/,/];/p' fuzz_targets/syzygy_table.rs | grep -o '"K[A-Za-z]*"' | tr -d '"')

# Gaviota: a control byte (the index of the table's name in the target's NAMES), then one of
# the 3-piece tables of python-chess's sdist, when tests/python_chess_suite.py has fetched it.
mkdir -p corpus/gaviota_table
gaviota="$root/target/python-chess-suite/chess-1.11.2/data/gaviota"
i=0
while IFS= read -r name; do
    file="$gaviota/$name.gtb.cp4"
    if [[ -f "$file" ]]; then
        {
            # shellcheck disable=SC2059 # the format is ours
            printf "\\x$(printf %02x "$i")"
            cat "$file"
        } >"corpus/gaviota_table/seed-$name"
    fi
    i=$((i + 1))
done < <(sed -n '/^const NAMES/,/];/p' fuzz_targets/gaviota_table.rs | grep -o '"k[a-z]*"' | tr -d '"')

mkdir -p logs "artifacts"
status=0
summary=()
for target in "${targets[@]}"; do
    dict=()
    case "$target" in
        fen | shakmaty_fen) dict=(-dict=dicts/fen.dict) ;;
        uci) dict=(-dict=dicts/uci.dict) ;;
        engine_lines) dict=(-dict=dicts/engine.dict) ;;
        san) dict=(-dict=dicts/san.dict) ;;
        pgn | pgn_write) dict=(-dict=dicts/pgn.dict) ;;
        # Table files: the seeds are up to 64 KB (and a few bytes of control).
        syzygy_table | gaviota_table) dict=(-max_len=65600) ;;
    esac
    log="logs/$target.log"
    mkdir -p "artifacts/$target"
    echo "fuzzing $target for $seconds s ..." >&2
    # One process, so one core; -timeout turns a hang into a crash.
    if "$bin/$target" "corpus/$target" -artifact_prefix="artifacts/$target/" \
        -max_total_time="$seconds" -timeout=20 -print_final_stats=1 "${dict[@]}" \
        >"$log" 2>&1; then
        result=ok
    else
        result=CRASH
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    line="fuzz $target: ${runs:-?} executions in $seconds s (${speed:-?}/s), coverage ${cov:-?}, $result"
    if [[ "$result" == CRASH ]]; then
        line+=" -> $(grep -o 'artifacts/[^ ]*' "$log" | tail -1)"
    fi
    summary+=("$line")
    echo "$line" >&2
done

printf '%s\n' "${summary[@]}"
exit "$status"
