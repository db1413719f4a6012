// The WebAssembly module travels inside the JavaScript, LZMA-compressed and then in base64
// (wasm/bitmove_wasm_bytes.js, written by the build), so that loading it needs no file
// system, no fetch and no bundler support for .wasm files, and can be synchronous everywhere.
// This turns it back into bytes. Compressed first because base64 of the raw module gzips a
// third worse than the module (the download is gzipped), base64 of compressed bytes hardly
// worse than them; LZMA because it packs the module a fifth smaller than gzip.
import { decodeLzma } from "./lzma.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function fromBase64(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
  const values = new Uint8Array(128);
  for (let i = 0; i < 64; i++) values[ALPHABET.charCodeAt(i)] = i;
  let length = (text.length / 4) * 3;
  if (text.endsWith("==")) length -= 2;
  else if (text.endsWith("=")) length -= 1;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (values[text.charCodeAt(i)] << 18) |
      (values[text.charCodeAt(i + 1)] << 12) |
      (values[text.charCodeAt(i + 2)] << 6) |
      values[text.charCodeAt(i + 3)];
    if (at < length) bytes[at++] = n >> 16;
    if (at < length) bytes[at++] = (n >> 8) & 0xff;
    if (at < length) bytes[at++] = n & 0xff;
  }
  return bytes;
}

/** The `size` bytes LZMA-compressed (lzma.js) into the base64 `text`. */
export function fromLzmaBase64(text, size) {
  const bytes = decodeLzma(fromBase64(text), size);
  if (bytes.length !== size)
    throw new Error(`the engine's bytes decompress to ${bytes.length} bytes, not ${size}`);
  return bytes;
}
