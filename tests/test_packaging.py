"""The packages can be published: the Python wheel and sdist that scripts/test-all.sh builds
carry the readme, the licences and the version; the Rust manifests have what crates.io
shows and no placeholder."""

from __future__ import annotations

import os
import re
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]["version"]


def dist_dir() -> Path:
    where = os.environ.get("BITMOVE_DIST")
    if not where:
        pytest.skip("BITMOVE_DIST is not set: scripts/test-all.sh builds the wheel and sdist")
    return Path(where)


def check_metadata(text: str) -> None:
    meta = Parser().parsestr(text)
    assert meta["Name"] == "bitmove"
    assert meta["Version"] == VERSION
    assert meta["Description-Content-Type"].startswith("text/markdown")
    readme = (ROOT / "crates" / "bitmove-py" / "README.md").read_text()
    assert meta.get_payload().strip() == readme.strip()
    assert sorted(meta.get_all("License-File")) == ["LICENSE-APACHE", "LICENSE-MIT"]
    assert meta["License"] == "MIT OR Apache-2.0"


def test_the_wheel_has_the_readme_licences_and_extension():
    (wheel,) = dist_dir().glob(f"bitmove-{VERSION}-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        check_metadata(zf.read(f"bitmove-{VERSION}.dist-info/METADATA").decode())
    assert any(re.fullmatch(r"bitmove/_bitmove\..*(so|pyd)", n) for n in names), names
    assert "bitmove/cluster.py" in names and "bitmove/py.typed" in names


def test_the_sdist_has_the_readme_licences_and_the_library_sources():
    (sdist,) = dist_dir().glob(f"bitmove-{VERSION}.tar.gz")
    with tarfile.open(sdist) as tf:
        names = tf.getnames()
        info = tf.extractfile(f"bitmove-{VERSION}/PKG-INFO")
        assert info is not None
        check_metadata(info.read().decode())
    top = f"bitmove-{VERSION}/"
    for needed in ["LICENSE-MIT", "LICENSE-APACHE", "crates/bitmove/src/lib.rs", "pyproject.toml"]:
        assert top + needed in names, needed
    assert not any(n.endswith((".so", ".pyd")) for n in names), "a binary in the sdist"


@pytest.mark.parametrize("crate", ["bitmove", "bitmove-cli"])
def test_crate_manifests_are_ready_to_publish(crate):
    manifest = tomllib.loads((ROOT / "crates" / crate / "Cargo.toml").read_text())["package"]
    for field in ["description", "readme", "keywords", "categories", "documentation"]:
        assert manifest.get(field), f"{crate}: no {field}"
    assert (ROOT / "crates" / crate / manifest["readme"]).is_file()
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"]:
        assert (ROOT / "crates" / crate / licence).is_file()
    text = (ROOT / "Cargo.toml").read_text() + (ROOT / "crates" / crate / "Cargo.toml").read_text()
    assert "example.invalid" not in text and "TODO" not in text


def test_one_version_everywhere():
    assert re.search(
        rf"^## \[{re.escape(VERSION)}\]", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE
    )
    cli = tomllib.loads((ROOT / "crates/bitmove-cli/Cargo.toml").read_text())
    assert cli["dependencies"]["bitmove"]["version"] == VERSION
