// bitmove/uci-engine as packages load it: `require` (the CommonJS build, dist/uci-engine.cjs)
// and a bundler that honours package.json's `sideEffects` (esbuild, as webpack and rollup do).
// The package is reached by its own name (Node's self-reference through `exports`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Chess as Oracle } from "chess.js";
import * as esm from "../uci-engine.js";

const js = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(join(js, "package.json"));
const LINES = [
  "id name Stockfish 17",
  "option name Hash type spin default 16 min 1 max 33554432",
  "info depth 12 multipv 2 score mate -3 upperbound wdl 0 5 995 nodes 900 time 40 pv e2e4 e7e5",
  "bestmove e2e4 ponder e7e5",
  "bestmove (none)",
  "\u0000garbage\ufffd",
];
const stockfish = join(js, "node_modules", "stockfish", "bin", "stockfish-19-lite-single.js");

test("require('bitmove/uci-engine') is the CommonJS build and reads lines as the ES module does", () => {
  assert.equal(require.resolve("bitmove/uci-engine"), join(js, "dist", "uci-engine.cjs"));
  const cjs = require("bitmove/uci-engine");
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
  for (const line of LINES) {
    const parsed = cjs.parseUciLine(line);
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), JSON.parse(JSON.stringify(esm.parseUciLine(line))));
    if (parsed.score) assert.ok(parsed.score instanceof cjs.Score);
  }
  assert.ok(new cjs.EngineTimeoutError("x") instanceof cjs.EngineError);
});

test(
  "the CommonJS Engine plays a legal move with stockfish (npm), given a CommonJS Chess",
  { timeout: 60000 },
  async () => {
    const { Engine, nodeTransport } = require("bitmove/uci-engine");
    const { Chess } = require("bitmove");
    const engine = await Engine.start(nodeTransport(process.execPath, [stockfish]), { timeout: 20000 });
    try {
      assert.match(engine.id.name, /Stockfish/);
      const chess = new Chess();
      chess.move("e4");
      const { bestmove } = await engine.play(chess, { nodes: 2000, multipv: 1 });
      const oracle = new Oracle();
      oracle.move("e4");
      const legal = oracle.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ""));
      assert.ok(legal.includes(bestmove), bestmove);
    } finally {
      await engine.quit();
    }
  },
);

test("a bundle of bitmove/uci-engine keeps the engine (sideEffects: false)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bitmove-uci-bundle-"));
  try {
    const outfile = join(dir, "bundle.mjs");
    const result = await build({
      stdin: {
        contents: `import { parseUciLine } from "bitmove/uci-engine";\nconsole.log(JSON.stringify(${JSON.stringify(LINES)}.map(parseUciLine)));\n`,
        resolveDir: js,
        loader: "js",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      logLevel: "silent",
    });
    assert.deepEqual(result.warnings, []);
    const printed = execFileSync(process.execPath, [outfile], { encoding: "utf8" });
    assert.deepEqual(JSON.parse(printed), JSON.parse(JSON.stringify(LINES.map(esm.parseUciLine))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("tsc (module node16) types a CommonJS use of bitmove/uci-engine with dist/uci-engine.d.cts", () => {
  const explained = execFileSync(
    join(js, "node_modules", ".bin", "tsc"),
    ["-p", join(js, "test", "tsconfig.cjs.json"), "--explainFiles"],
    { cwd: js, encoding: "utf8" },
  );
  assert.match(explained, /^dist\/uci-engine\.d\.cts$/m);
  assert.match(explained, /^dist\/index\.d\.cts$/m);
});
