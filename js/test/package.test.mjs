// The package as users get it: the declarations match the module, `tsc` accepts a typed use of
// it, and `npm pack` makes a tarball that installs (offline) and imports in a fresh project.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess as Oracle } from "chess.js";
import * as bitmove from "../full.js";

const js = fileURLToPath(new URL("..", import.meta.url));
const declarations = readFileSync(join(js, "index.d.ts"), "utf8");

test("every export of index.js is declared in index.d.ts, and the reverse", () => {
  const declared = [...declarations.matchAll(/^export (?:class|const|function) (\w+)/gm)]
    .map((m) => m[1])
    .sort();
  const types = [...declarations.matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(Object.keys(bitmove).sort(), declared);
  assert.ok(types.includes("PerftStats"));
});

test("every method and getter declared for Chess, Position and Move exists, and every public one is declared", () => {
  for (const name of ["Chess", "Position", "Move"]) {
    const body = declarations.slice(declarations.indexOf(`export class ${name} `));
    const block = body.slice(0, body.indexOf("\n}\n"));
    const declared = [...new Set([...block.matchAll(/^ {2}(?:get )?(\w+)\(/gm)].map((m) => m[1]))]
      .filter((m) => m !== "constructor")
      .sort();
    const runtime = Object.getOwnPropertyNames(bitmove[name].prototype)
      .filter((m) => m !== "constructor")
      .sort();
    assert.deepEqual(runtime, declared, name);
  }
  const stats = new bitmove.Chess().perftStats(1);
  const block = declarations.slice(declarations.indexOf("export interface PerftStats"));
  const fields = [...block.slice(0, block.indexOf("}")).matchAll(/^ {2}(\w+): number;/gm)].map((m) => m[1]);
  assert.deepEqual(Object.keys(stats), fields);
});

test("tsc accepts test/types.ts, a typed use of the package", () => {
  execFileSync(join(js, "node_modules", ".bin", "tsc"), ["-p", join(js, "test", "tsconfig.json")], {
    stdio: "pipe",
  });
});

test("npm pack makes a tarball that installs offline and imports in a fresh project", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitmove-pack-"));
  try {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir], {
      cwd: js,
      encoding: "utf8",
    });
    const [{ filename, files }] = JSON.parse(out);
    const paths = files.map((f) => f.path).sort();
    for (const file of [
      "wasm/bitmove_wasm_bytes.js",
      "wasm-full/bitmove_wasm_bytes.js",
      "wasm-uci/bitmove_wasm_bytes.js",
      "lzma.js",
      "full.js",
      "dist/index.cjs",
      "dist/index.d.cts",
      "dist/full.cjs",
      "dist/full.d.cts",
      "index.d.ts",
    ]) {
      assert.ok(paths.includes(file), `${file} in ${paths.join()}`);
    }
    assert.ok(!paths.some((p) => p.startsWith("test/") || p.startsWith("node_modules/")), paths.join());
    const project = join(dir, "project");
    execFileSync("mkdir", [project]);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "fresh", private: true, type: "module" }),
    );
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", join(dir, filename)], {
      cwd: project,
      stdio: "pipe",
    });
    writeFileSync(
      join(project, "main.js"),
      'import { Chess } from "bitmove";\nconst c = new Chess();\nc.move("e4");\nconsole.log(c.perft(3), c.fen());\n',
    );
    const printed = execFileSync("node", ["main.js"], { cwd: project, encoding: "utf8" }).trim();
    const oracle = new Oracle();
    oracle.move("e4");
    assert.equal(printed, `${oracle.perft(3)} ${oracle.fen()}`);
    // require(), with the globals jest's jsdom environment lacks taken away.
    writeFileSync(
      join(project, "main.cjs"),
      "delete globalThis.TextDecoder;\ndelete globalThis.TextEncoder;\n" +
        'const { Chess } = require("bitmove");\nconst c = new Chess();\nc.move("e4");\n' +
        'c.setComment("caf\u00e9 \u265e");\nconsole.log(c.perft(3), c.fen(), c.getComment());\n',
    );
    const required = execFileSync("node", ["main.cjs"], { cwd: project, encoding: "utf8" }).trim();
    assert.equal(required, `${oracle.perft(3)} ${oracle.fen()} caf\u00e9 \u265e`);
    // The full entry point, both ways: a variant and the statistics.
    const full =
      'const zh = new Chess(undefined, { variant: "crazyhouse" });\n' +
      "console.log(zh.perft(2), new Chess().perftStats(2).captures);\n";
    writeFileSync(join(project, "full.js"), 'import { Chess } from "bitmove/full";\n' + full);
    writeFileSync(join(project, "full.cjs"), 'const { Chess } = require("bitmove/full");\n' + full);
    for (const file of ["full.js", "full.cjs"]) {
      assert.equal(execFileSync("node", [file], { cwd: project, encoding: "utf8" }).trim(), "400 0", file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The download of the chess.js entry point: every file `import "bitmove"` loads (followed
// through the static imports from index.js: the glue, the JavaScript and the core module's
// bytes, LZMA-compressed in base64), and the one file `require("bitmove")` loads, each
// gzipped. The budget is 150 KB; the ceilings below are what the build reaches
// (docs/javascript.md, "Module systems, bundlers, sizes") with 2% to spare, so that a change
// that makes it bigger fails here before it reaches the budget.
const BUDGET = { entryGzip: 150_000 };
const CEILING = { wasmGzip: 144_000, entryGzip: 142_000, requireGzip: 137_000 };

// The relative files `file` (under js/) imports, and theirs.
function importGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(js, file), "utf8");
  for (const [, spec] of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"';]*?["'](\.{1,2}\/[^"']+)["']/g)) {
    importGraph(join(dirname(file), spec), seen);
  }
  return seen;
}

test("the chess.js entry point stays within its size budget", async () => {
  const { gzipSync } = await import("node:zlib");
  const gz = (file) => gzipSync(readFileSync(join(js, file)), { level: 9 }).length;
  const wasm = gz("wasm/bitmove_wasm_bg.wasm");
  const files = [...importGraph("index.js")].sort();
  for (const file of ["wasm/bitmove_wasm_bytes.js", "wasm/bitmove_wasm.js", "lzma.js", "game.js"]) {
    assert.ok(files.includes(file), `${file} in ${files.join()}`);
  }
  assert.ok(!files.some((f) => f.startsWith("wasm-")), `only the core module: ${files.join()}`);
  const entry = files.map(gz).reduce((a, b) => a + b, 0);
  const required = gz("dist/index.cjs");
  console.log(
    `core wasm ${wasm} bytes gzipped; import "bitmove" (${files.length} files) ${entry} bytes ` +
      `gzipped; require("bitmove") ${required}`,
  );
  assert.ok(entry <= BUDGET.entryGzip, `the entry is ${entry} bytes gzipped, budget ${BUDGET.entryGzip}`);
  assert.ok(wasm <= CEILING.wasmGzip, `the .wasm is ${wasm} bytes gzipped, ceiling ${CEILING.wasmGzip}`);
  assert.ok(entry <= CEILING.entryGzip, `the entry is ${entry} bytes gzipped, ceiling ${CEILING.entryGzip}`);
  assert.ok(
    required <= CEILING.requireGzip,
    `dist/index.cjs is ${required} gzipped, ceiling ${CEILING.requireGzip}`,
  );
});

test("docs/javascript.md's examples print what their comments say", () => {
  const docs = readFileSync(join(js, "..", "docs", "javascript.md"), "utf8");
  // The examples are the blocks that import the package (the API's sketches do not run).
  const blocks = docs
    .split("```js\n")
    .slice(1)
    .map((block) => block.split("```")[0])
    .filter((code) => code.startsWith("import "));
  assert.ok(blocks.length >= 2, `${blocks.length} examples`);
  for (const code of blocks) {
    let checks = 0;
    const lines = code.split("\n").map((line) => {
      const m = /^console\.log\((.*)\); \/\/ (.*)$/.exec(line.trim());
      if (!m || m[2].includes("...")) return line;
      checks++;
      return `__check(${JSON.stringify(m[2])}, ${m[1]});`;
    });
    const dir = mkdtempSync(join(js, ".example-"));
    try {
      const file = join(dir, "example.mjs");
      const check =
        'import { format } from "node:util";\n' +
        "let __failed = 0;\n" +
        "const __check = (want, ...args) => { const got = format(...args); " +
        "if (got !== want) { __failed++; console.error(`got ${got}, the docs say ${want}`); } };\n";
      writeFileSync(file, check + lines.join("\n") + "\nif (__failed) process.exit(1);\n");
      execFileSync("node", [file], { stdio: "pipe" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(checks >= 8, `${checks} checked lines in ${code.slice(0, 60)}`);
  }
});
