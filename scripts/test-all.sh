#!/usr/bin/env bash
# The one test command: the Rust workspace, then the Python package in its own virtual
# environment. Needs only Rust (cargo) and Python 3 (with venv); everything else comes from
# the package index. Exits non-zero on any failure.
#
#   scripts/test-all.sh            # everything
#   BITMOVE_VENV=/path scripts/test-all.sh   # another virtual environment (default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --release"
cargo test --release

venv="${BITMOVE_VENV:-.venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    echo "== creating the virtual environment $venv"
    "$python" -m venv "$venv"
fi
py="$venv/bin/python"

echo "== installing test dependencies from the package index"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet maturin pytest hypothesis numpy chess ruff "dask[distributed]"

echo "== ruff format --check (Python formatting)"
"$py" -m ruff format --check crates/bitmove-py

echo "== pip install ./crates/bitmove-py"
# The extension builds with the workspace's 'python' profile (release speed, unwinding panics);
# its own target directory keeps it from waiting on the Rust build's lock.
CARGO_TARGET_DIR="${BITMOVE_PY_TARGET:-target/python}" \
    "$py" -m pip install --quiet --force-reinstall --no-deps ./crates/bitmove-py

echo "== pytest"
# Python test folders: the binding's, and any tests/ folder with Python tests in it.
dirs=(crates/bitmove-py/tests)
for dir in tests; do
    if compgen -G "$dir/test_*.py" > /dev/null; then
        dirs+=("$dir")
    fi
done
"$py" -m pytest -q "${dirs[@]}"
