"""The `bitmove` binary the process tests run: BITMOVE_CLI, or the release build that `cargo
test --release` leaves in target/release (else the debug one); the test is skipped when
there is none."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def cli() -> str:
    where = os.environ.get("BITMOVE_CLI")
    if where:
        return where
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "bitmove"
        if path.is_file():
            return str(path)
    pytest.skip("no bitmove binary: run `cargo build --release` (or set BITMOVE_CLI)")
