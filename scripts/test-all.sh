#!/usr/bin/env bash
# The one test command: the Rust workspace, the Python package in its own virtual environment,
# then the JavaScript package and the web workbench (scripts/test-js.sh). Needs only Rust
# (cargo, rustup), Python 3 (with venv) and Node 20; everything else comes from the package
# indexes (PyPI, crates.io, npm, Debian's chromium, stockfish and fairy-stockfish). Exits non-zero
# on any failure.
#
#   scripts/test-all.sh            # everything
#   BITMOVE_VENV=/path scripts/test-all.sh   # another virtual environment (default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== chess engines (the engine client's tests, python-chess's engine tests and bitmove.engine's drive real ones)"
# Debian's stockfish and fairy-stockfish install to /usr/games, which is not on every PATH.
export PATH="$PATH:/usr/games"
if ! command -v stockfish >/dev/null || ! command -v fairy-stockfish >/dev/null; then
    apt-get update
    apt-get install -y stockfish fairy-stockfish
fi

echo "== cargo test --release"
cargo test --release

echo "== the engine client with real engines (Debian stockfish, fairy-stockfish, installed above)"
cargo test --release -p bitmove --features engine --test engine --lib engine

echo "== engine analysis (bitmove::analyse's unit tests; the CLI's tests/analyse.rs runs with cargo test above)"
cargo test --release -p bitmove --features analyse --lib analyse

echo "== cargo test --release -p peers (the benchmarks' checks: the search written on bitmove and on cozy-chess visits the same nodes)"
# Not a default member: it pulls in the peer crates (cozy-chess, shakmaty, chess). About 2.5
# minutes to build on one core, under a second to run.
cargo test --release -p peers

echo "== cargo package -p bitmove -p bitmove-cli (the crates as they would be published)"
# Cargo verifies bitmove-cli against the bitmove it just packaged, through a temporary local
# registry whose sources it extracts under registry/src/-<hash>/, and it reuses an extraction of
# the same name and version: one from an earlier run of this script (same checkout path) would
# be stale. Only those local-registry extractions of our own crates are removed. The
# verification builds go to a target directory of their own, emptied first: cargo takes a
# registry crate's compiled library as up to date whatever its source, so a bitmove built by
# an earlier run (before a change to its API) would be linked again.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/bitmove-[0-9]* \
  "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/bitmove-cli-[0-9]* \
  target/package-verify
CARGO_TARGET_DIR=target/package-verify cargo package --quiet --allow-dirty -p bitmove -p bitmove-cli

venv="${BITMOVE_VENV:-.venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    echo "== creating the virtual environment $venv"
    "$python" -m venv "$venv"
fi
py="$venv/bin/python"

echo "== installing test dependencies from the package index"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet maturin pytest hypothesis numpy chess ruff pyarrow "dask[distributed]"

echo "== ruff format --check and ruff check (Python formatting and lints)"
"$py" -m ruff format --check crates/bitmove-py tests
"$py" -m ruff check crates/bitmove-py tests

echo "== maturin build --sdist: the Python sdist, and a wheel built from it"
# The wheel builds with the workspace's 'python' profile (release speed, unwinding panics),
# from the sdist, so the sdist is proven to build; its own target directory keeps it from
# waiting on the Rust build's lock. tests/test_packaging.py checks both files' metadata.
dist="target/dist"
rm -rf "$dist"
py_target="${BITMOVE_PY_TARGET:-target/python}"
# maturin compiles the sdist's files, which carry one fixed modification time: cargo would
# take an earlier build of our own crates in this target directory as up to date (a second
# local run after a change tested the first run's module). Their fingerprints go; the
# dependencies' builds stay.
rm -rf "$py_target"/*/.fingerprint/bitmove-* "$py_target"/*/.fingerprint/bitmove_py-*
CARGO_TARGET_DIR="$py_target" \
    "$py" -m maturin build --sdist --out "$dist" --manifest-path crates/bitmove-py/Cargo.toml
"$py" -m pip install --quiet --force-reinstall --no-deps "$dist"/bitmove-*.whl
export BITMOVE_DIST="$PWD/$dist"

echo "== pytest"
# Python test folders: the binding's, and any tests/ folder with Python tests in it.
dirs=(crates/bitmove-py/tests)
for dir in tests; do
    if compgen -G "$dir/test_*.py" > /dev/null; then
        dirs+=("$dir")
    fi
done
"$py" -m pytest -q "${dirs[@]}"

echo "== scripts/test-js.sh (the npm package against chess.js, the web workbench in headless Chromium)"
scripts/test-js.sh
