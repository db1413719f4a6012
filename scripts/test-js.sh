#!/usr/bin/env bash
# The JavaScript tests: the bitmove npm package (js/) and the web workbench (web/) in headless
# Chromium. On a fresh machine (Rust, Python 3, Node 20, root) it installs what it needs itself:
# the wasm32 target, wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock,
# the npm dev dependencies from js/package-lock.json (npm ci), and Debian's chromium.
# Exits non-zero on any failure.
#
#   scripts/test-js.sh                 # build, package tests, browser tests
#   CHROMIUM=/path/to/chromium scripts/test-js.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== rustup target wasm32-unknown-unknown"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

pinned=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
installed=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
echo "== wasm-bindgen-cli $pinned (installed: ${installed:-none})"
if [ "$installed" != "$pinned" ]; then
    # --locked first; the registry may lack a yanked or too-new locked dependency of the CLI
    # itself (webpki-roots 1.0.11 for 0.2.130), then let cargo resolve the CLI's own tree.
    cargo install wasm-bindgen-cli --version "$pinned" --locked \
        || cargo install wasm-bindgen-cli --version "$pinned"
fi

echo "== chromium"
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
    apt-get update
    apt-get install -y chromium
fi

echo "== xz (the build packs each module with it)"
if ! command -v xz >/dev/null; then
    apt-get update
    apt-get install -y xz-utils
fi

cd js
echo "== npm ci (js/package-lock.json)"
npm ci --no-audit --no-fund

echo "== npm run build (the wasm crate, wasm-bindgen)"
npm run build

echo "== prettier --check (JS, the workbench)"
npm run format:check

echo "== npm test (node --test: chess.js as the oracle, perft data, hostile input, packaging)"
npm test

echo "== npm run test:compat (js/compat: jest, vitest, webpack, vite, an import-map page and TypeScript projects, each on chess.js 1.4.0 and on the packed tarball as chess.js)"
npm run test:compat

echo "== npm run test:browser (the workbench in headless Chromium)"
npm run test:browser
