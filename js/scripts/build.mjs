// Builds the package from the Rust sources (`npm run build`):
//
// 1. the wasm crate for wasm32-unknown-unknown with the `wasm` profile (Cargo.toml), three
//    times: the core build (no features: the main entry point) into wasm/, the full build
//    (feature `full`: variants, SVG, books, perft statistics; the `bitmove/full` entry point)
//    into wasm-full/, the engine-line reader alone (feature `uci`: `bitmove/uci-engine`) into
//    wasm-uci/; for each:
// 2. wasm-bindgen's glue for `--target web`, made to import its TextDecoder and
//    TextEncoder from ../utf8.js (the platform's where they exist, jsdom has none);
// 3. wasm-opt (binaryen from npm, pinned in package-lock.json) shrinks the module;
// 4. the module LZMA-compressed by xz (Debian's xz-utils), in base64, in
//    bitmove_wasm_bytes.js (base64.js and lzma.js undo it), so that engine.js instantiates it
//    synchronously everywhere (no fetch, no file system, no bundler plugin);
// 5. the CommonJS build: esbuild bundles index.js and full.js, each with every module it
//    imports, into dist/index.cjs and dist/full.cjs; the ES module build is the sources
//    themselves. index.d.ts is copied to dist/index.d.cts for `require` under TypeScript's
//    node16 resolution.
//
// Needs the wasm32 target and wasm-bindgen-cli at the version of the wasm-bindgen crate in
// Cargo.lock (scripts/test-js.sh installs both), `npm ci` (esbuild, binaryen) and xz.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(js);
const bin = (name) => join(js, "node_modules", ".bin", name);

const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
const pinned = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)?.[1];
const installed = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim().split(" ")[1];
if (pinned !== installed) {
  console.error(
    `wasm-bindgen-cli ${installed} does not match the wasm-bindgen crate ${pinned} in Cargo.lock:\n` +
      `  cargo install wasm-bindgen-cli --version ${pinned}`,
  );
  process.exit(1);
}

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit" });

// One engine build: `features` of crates/bitmove-wasm, into `dir` (under js/).
function engine(features, dir) {
  run("cargo", [
    "build",
    "--target",
    "wasm32-unknown-unknown",
    "--profile",
    "wasm",
    "-p",
    "bitmove-wasm",
    ...(features ? ["--features", features] : []),
  ]);
  const out = join(js, dir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  run("wasm-bindgen", [
    "--target",
    "web",
    "--weak-refs",
    "--experimental-reset-state-function",
    "--out-dir",
    out,
    "--out-name",
    "bitmove_wasm",
    join(root, "target", "wasm32-unknown-unknown", "wasm", "bitmove_wasm.wasm"),
  ]);

  // The features rustc's wasm32 target enables by default, which wasm-opt must be told of.
  const wasm = join(out, "bitmove_wasm_bg.wasm");
  run(bin("wasm-opt"), [
    "-O3",
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
    wasm,
    "-o",
    wasm,
  ]);

  const gluePath = join(out, "bitmove_wasm.js");
  let glue = readFileSync(gluePath, "utf8");
  if (!/\bTextDecoder\b/.test(glue)) throw new Error("the glue no longer uses TextDecoder: check utf8.js");
  // The glue's default location of the .wasm file (`new URL(..., import.meta.url)`) is never
  // used (engine.js passes the bytes), and bundlers would copy the file and CommonJS has no
  // import.meta: it goes.
  const url = "new URL('bitmove_wasm_bg.wasm', import.meta.url)";
  if (!glue.includes(url)) throw new Error("the glue no longer locates its .wasm as expected");
  glue = glue.replace(url, "undefined");
  glue = `import { TextDecoder, TextEncoder } from "../utf8.js";\n${glue}`;
  writeFileSync(gluePath, glue);

  const bytes = readFileSync(wasm);
  // .lzma (xz's "alone" format): 22% smaller than DEFLATE at its best on these modules.
  const packed = execFileSync("xz", ["--format=lzma", "-9e", "--stdout"], {
    input: bytes,
    maxBuffer: 1 << 28,
  });
  writeFileSync(
    join(out, "bitmove_wasm_bytes.js"),
    `// The WebAssembly module (${dir}/bitmove_wasm_bg.wasm) LZMA-compressed, in base64: scripts/build.mjs.\n` +
      'import { fromLzmaBase64 } from "../base64.js";\n' +
      `export default fromLzmaBase64("${packed.toString("base64")}", ${bytes.length});\n`,
  );
}

// The core build (the main entry point) and the full one (`bitmove/full`).
engine(undefined, "wasm");
engine("full", "wasm-full");
// The engine-line reader alone (`bitmove/uci-engine`).
engine("uci", "wasm-uci");

mkdirSync(join(js, "dist"), { recursive: true });
for (const name of ["index", "full"]) {
  run(bin("esbuild"), [
    join(js, `${name}.js`),
    "--bundle",
    "--format=cjs",
    "--platform=neutral",
    "--target=es2022",
    "--legal-comments=none",
    `--outfile=${join(js, "dist", `${name}.cjs`)}`,
  ]);
}
copyFileSync(join(js, "index.d.ts"), join(js, "dist", "index.d.cts"));
writeFileSync(join(js, "dist", "full.d.cts"), 'export * from "./index.cjs";\n');

// bitmove/uci-engine for `require`: a bundle of its own (with the reader's module), its
// declarations copied as index.d.ts's are.
run(bin("esbuild"), [
  join(js, "uci-engine.js"),
  "--bundle",
  "--format=cjs",
  "--platform=neutral",
  "--external:node:*",
  "--target=es2022",
  "--legal-comments=none",
  `--outfile=${join(js, "dist", "uci-engine.cjs")}`,
]);
copyFileSync(join(js, "uci-engine.d.ts"), join(js, "dist", "uci-engine.d.cts"));
