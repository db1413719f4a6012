// inflate.js, the package's own DEFLATE decoder (what unpacks the engine where node:zlib is not
// at hand synchronously), against node:zlib: what zlib deflates at every level and strategy
// comes back byte for byte, and bad or truncated streams are errors, never a hang.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { constants, deflateRawSync } from "node:zlib";
import { inflateRaw } from "../inflate.js";
import { fromDeflatedBase64 } from "../base64.js";
import { rng } from "./helpers.mjs";

function samples() {
  const random = rng(7);
  const noise = Uint8Array.from({ length: 70_000 }, () => Math.floor(random() * 256));
  const skewed = Uint8Array.from({ length: 50_000 }, () => Math.floor(random() ** 4 * 20));
  const text = new TextEncoder().encode(
    readFileSync(new URL("../../tests/data/standard.epd", import.meta.url), "utf8"),
  );
  const wasm = readFileSync(new URL("../wasm/bitmove_wasm_bg.wasm", import.meta.url));
  return { empty: new Uint8Array(0), one: Uint8Array.of(42), noise, skewed, text, wasm };
}

test("inflateRaw gives back what zlib deflated, at every level and strategy", () => {
  for (const [name, data] of Object.entries(samples())) {
    for (const level of [0, 1, 6, 9]) {
      for (const strategy of [
        constants.Z_DEFAULT_STRATEGY,
        constants.Z_FIXED,
        constants.Z_HUFFMAN_ONLY,
        constants.Z_RLE,
      ]) {
        const deflated = deflateRawSync(data, { level, strategy });
        const back = inflateRaw(deflated, name === "one" ? 1 : 10);
        assert.ok(Buffer.from(back).equals(Buffer.from(data)), `${name} level ${level} strategy ${strategy}`);
      }
    }
  }
});

test("fromDeflatedBase64 checks the size, and inflateRaw refuses bad and truncated streams", () => {
  const data = samples().text;
  const deflated = deflateRawSync(data, { level: 9 });
  const text = Buffer.from(deflated).toString("base64");
  assert.deepEqual(Buffer.from(fromDeflatedBase64(text, data.length)), Buffer.from(data));
  assert.throws(() => fromDeflatedBase64(text, data.length + 1), /inflate to/);
  for (const cut of [0, 1, 10, deflated.length >> 1, deflated.length - 1]) {
    assert.throws(() => inflateRaw(deflated.subarray(0, cut)), /inflate:/, `cut at ${cut}`);
  }
  assert.throws(() => inflateRaw(Uint8Array.of(0b111)), /reserved block type/);
  // A stored block whose length and its complement disagree.
  assert.throws(() => inflateRaw(Uint8Array.of(1, 5, 0, 0, 0)), /stored block/);
  // Random bytes: an error or some output, but always an answer.
  const random = rng(11);
  for (let i = 0; i < 300; i++) {
    const junk = Uint8Array.from({ length: 1 + (i % 40) }, () => Math.floor(random() * 256));
    try {
      inflateRaw(junk);
    } catch (error) {
      assert.match(error.message, /inflate:/);
    }
  }
});
