"""Writes zstd files without a zstd library: frames of raw (stored) blocks, which the zstd
format allows and every decoder reads (RFC 8878, 3.1.1). Tests make their `.pgn.zst` files
with it, since binary files are not tracked in the repository."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

MAGIC = b"\x28\xb5\x2f\xfd"
BLOCK = 1 << 16  # at most the window (2^17 bytes, below)


def frame(data: bytes) -> bytes:
    """One zstd frame holding ``data`` in raw blocks."""
    out = bytearray(MAGIC)
    out.append(0x00)  # no content size, no single segment, no checksum, no dictionary
    out.append(7 << 3)  # window descriptor: 2^(10 + 7) bytes
    chunks = [data[i : i + BLOCK] for i in range(0, len(data), BLOCK)] or [b""]
    for n, chunk in enumerate(chunks):
        last = n == len(chunks) - 1
        header = int(last) | (0 << 1) | (len(chunk) << 3)  # block type 0: raw
        out += header.to_bytes(3, "little") + chunk
    return bytes(out)


def write_zst(source: Path, target: Path, frames: int = 2) -> Path:
    """``source`` as a zstd file of ``frames`` frames (dumps are often several)."""
    data = source.read_bytes()
    step = -(-len(data) // frames)
    target.write_bytes(b"".join(frame(data[i : i + step]) for i in range(0, len(data), step)))
    return target


def zstd_cli_agrees(path: Path, data: bytes) -> bool | None:
    """Whether the zstd command (when installed) decodes ``path`` to ``data``."""
    zstd = shutil.which("zstd")
    if zstd is None:
        return None
    run = subprocess.run([zstd, "-dc", str(path)], capture_output=True, check=False)
    return run.returncode == 0 and run.stdout == data
