// lzma.js, the package's own LZMA decoder (what unpacks the engine's modules), against xz:
// what xz packs at every preset and literal/position setting comes back byte for byte, and
// bad or truncated streams are errors, never a hang.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { decodeLzma } from "../lzma.js";
import { fromLzmaBase64 } from "../base64.js";
import { rng } from "./helpers.mjs";

const xz = (data, ...options) =>
  new Uint8Array(
    execFileSync("xz", ["--format=lzma", "--stdout", ...options], { input: data, maxBuffer: 1 << 28 }),
  );

function samples() {
  const random = rng(7);
  const noise = Uint8Array.from({ length: 70_000 }, () => Math.floor(random() * 256));
  const skewed = Uint8Array.from({ length: 50_000 }, () => Math.floor(random() ** 4 * 20));
  const text = new TextEncoder().encode(
    readFileSync(new URL("../../tests/data/standard.epd", import.meta.url), "utf8"),
  );
  const wasm = readFileSync(new URL("../wasm/bitmove_wasm_bg.wasm", import.meta.url));
  const runs = new Uint8Array(40_000).fill(7); // one long repeated match
  return { empty: new Uint8Array(0), one: Uint8Array.of(42), noise, skewed, text, wasm, runs };
}

test("decodeLzma gives back what xz packed, at every preset and literal/position setting", () => {
  const settings = [
    ["-0"],
    ["-6"],
    ["-9e"], // what the build uses
    ["--lzma1=preset=6,lc=0,lp=0,pb=0"],
    ["--lzma1=preset=6,lc=4,lp=0,pb=4"],
    ["--lzma1=preset=6,lc=0,lp=4,pb=2"],
    ["--lzma1=preset=6,dict=4KiB,mf=hc4"], // distances of every length class in a small window
  ];
  for (const [name, data] of Object.entries(samples())) {
    for (const options of settings) {
      const back = decodeLzma(xz(data, ...options), data.length);
      assert.ok(Buffer.from(back).equals(Buffer.from(data)), `${name} ${options.join(" ")}`);
    }
  }
});

test("fromLzmaBase64 checks the size, and decodeLzma refuses bad and truncated streams", () => {
  const data = samples().text;
  const packed = xz(data, "-9e");
  const text = Buffer.from(packed).toString("base64");
  assert.deepEqual(Buffer.from(fromLzmaBase64(text, data.length)), Buffer.from(data));
  // A size larger than the stream holds: the end marker comes first.
  assert.throws(() => fromLzmaBase64(text, data.length + 1), /decompress to/);
  for (const cut of [0, 1, 13, 18, packed.length >> 1, packed.length - 40]) {
    assert.throws(() => decodeLzma(packed.subarray(0, cut), data.length), /lzma:/, `cut at ${cut}`);
  }
  const bad = packed.slice();
  bad[0] = 225; // no lc/lp/pb gives this properties byte
  assert.throws(() => decodeLzma(bad, data.length), /properties/);
  const notZero = packed.slice();
  notZero[13] = 1;
  assert.throws(() => decodeLzma(notZero, data.length), /first byte/);
  // Random bytes after a good header: an error or some output, but always an answer.
  const random = rng(11);
  for (let i = 0; i < 300; i++) {
    const junk = Uint8Array.from({ length: 19 + (i % 60) }, () => Math.floor(random() * 256));
    junk.set(packed.subarray(0, 13));
    junk[13] = 0;
    try {
      const out = decodeLzma(junk, 5000);
      assert.ok(out.length <= 5000);
    } catch (error) {
      assert.match(error.message, /^lzma:/);
    }
  }
});
