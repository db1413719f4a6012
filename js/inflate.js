// A raw DEFLATE decoder (RFC 1951), synchronous and dependency-free: the engine's bytes are
// shipped deflated (wasm/bitmove_wasm_bytes.js, written by scripts/build.mjs) because base64
// of the raw module gzips a third worse than the module itself, and no platform offers a
// synchronous inflate everywhere (Node has zlib, browsers only the asynchronous
// DecompressionStream). Written for this package; checked against node:zlib in
// test/inflate.test.mjs.

// The base lengths and extra bits of length codes 257..285, and of distance codes 0..29.
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
// The order in which a dynamic block gives its code-length code lengths.
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

// A canonical Huffman code from its code lengths, as a lookup table indexed by the next
// `bits` input bits (codes are stored most significant bit first, so the table is indexed
// by bit-reversed codes): each entry is `symbol << 4 | length`, 0 where no code fits.
function huffman(lengths) {
  const counts = new Uint16Array(16);
  for (const len of lengths) counts[len]++;
  counts[0] = 0;
  let bits = 0;
  for (let len = 1; len < 16; len++) if (counts[len]) bits = len;
  const next = new Uint16Array(16);
  for (let len = 1, code = 0; len < 16; len++) {
    code = (code + counts[len - 1]) << 1;
    next[len] = code;
  }
  const table = new Uint32Array(1 << Math.max(bits, 1));
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s];
    if (!len) continue;
    const code = next[len]++;
    if (code >= 1 << len) throw new Error("inflate: an over-subscribed Huffman code");
    let reversed = 0;
    for (let i = 0; i < len; i++) reversed |= ((code >> i) & 1) << (len - 1 - i);
    for (let i = reversed; i < table.length; i += 1 << len) table[i] = (s << 4) | len;
  }
  return { table, bits };
}

const FIXED_LITERALS = huffman(
  Array.from({ length: 288 }, (_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8)),
);
const FIXED_DISTANCES = huffman(new Array(30).fill(5));

/**
 * The bytes that the raw DEFLATE stream `input` (a Uint8Array) encodes, `expected` bytes if
 * known (the output grows as needed); throws an Error on bad or truncated input.
 */
export function inflateRaw(input, expected = input.length * 4) {
  let out = new Uint8Array(Math.max(1024, expected));
  let size = 0;
  let pos = 0; // the next input byte
  let bits = 0; // the bit buffer, least significant bit first
  let count = 0; // how many bits it holds

  const need = (n) => {
    while (count < n) {
      if (pos >= input.length) throw new Error("inflate: the data ends early");
      bits |= input[pos++] << count;
      count += 8;
    }
  };
  const take = (n) => {
    need(n);
    const value = bits & ((1 << n) - 1);
    bits >>>= n;
    count -= n;
    return value;
  };
  const reserve = (n) => {
    if (size + n <= out.length) return;
    const bigger = new Uint8Array(Math.max(out.length * 2, size + n));
    bigger.set(out.subarray(0, size));
    out = bigger;
  };
  // The next symbol of `code`; past the end of the input the bits read are zeros, and
  // using one of them is an error.
  const decode = ({ table, bits: width }) => {
    while (count < width) {
      bits |= (pos < input.length ? input[pos] : 0) << count;
      pos++;
      count += 8;
    }
    const entry = table[bits & ((1 << width) - 1)];
    const len = entry & 15;
    if (len === 0) throw new Error("inflate: a bad Huffman code");
    bits >>>= len;
    count -= len;
    if (pos > input.length && (pos - input.length) * 8 > count)
      throw new Error("inflate: the data ends early");
    return entry >> 4;
  };

  let last = 0;
  while (!last) {
    last = take(1);
    const type = take(2);
    if (type === 0) {
      // Stored: to the byte boundary, then LEN and its complement, then LEN bytes.
      bits = 0;
      count = 0;
      if (pos + 4 > input.length) throw new Error("inflate: the data ends early");
      const len = input[pos] | (input[pos + 1] << 8);
      const nlen = input[pos + 2] | (input[pos + 3] << 8);
      if ((len ^ 0xffff) !== nlen) throw new Error("inflate: a bad stored block");
      pos += 4;
      if (pos + len > input.length) throw new Error("inflate: the data ends early");
      reserve(len);
      out.set(input.subarray(pos, pos + len), size);
      size += len;
      pos += len;
      continue;
    }
    let literals, distances;
    if (type === 1) {
      literals = FIXED_LITERALS;
      distances = FIXED_DISTANCES;
    } else if (type === 2) {
      const nlit = take(5) + 257;
      const ndist = take(5) + 1;
      const nclen = take(4) + 4;
      const clen = new Array(19).fill(0);
      for (let i = 0; i < nclen; i++) clen[CLEN_ORDER[i]] = take(3);
      const lengthCode = huffman(clen);
      const lengths = [];
      while (lengths.length < nlit + ndist) {
        const sym = decode(lengthCode);
        if (sym < 16) lengths.push(sym);
        else {
          let repeat, value;
          if (sym === 16) {
            if (lengths.length === 0) throw new Error("inflate: a repeat with nothing before it");
            value = lengths[lengths.length - 1];
            repeat = 3 + take(2);
          } else {
            value = 0;
            repeat = sym === 17 ? 3 + take(3) : 11 + take(7);
          }
          for (let i = 0; i < repeat; i++) lengths.push(value);
        }
      }
      if (lengths.length > nlit + ndist) throw new Error("inflate: too many code lengths");
      literals = huffman(lengths.slice(0, nlit));
      distances = huffman(lengths.slice(nlit));
    } else {
      throw new Error("inflate: a reserved block type");
    }
    // The hot loop, with the bit buffer in locals (no calls per symbol).
    const lit = literals.table;
    const litBits = literals.bits;
    const litMask = (1 << litBits) - 1;
    const dist = distances.table;
    const distBits = distances.bits;
    const distMask = (1 << distBits) - 1;
    const end = input.length;
    for (;;) {
      if (pos > end && (pos - end) * 8 > count) throw new Error("inflate: the data ends early");
      while (count < litBits) {
        bits |= (pos < end ? input[pos] : 0) << count;
        pos++;
        count += 8;
      }
      let entry = lit[bits & litMask];
      let len = entry & 15;
      if (len === 0) throw new Error("inflate: a bad Huffman code");
      bits >>>= len;
      count -= len;
      const sym = entry >> 4;
      if (sym < 256) {
        if (size >= out.length) reserve(1);
        out[size++] = sym;
        continue;
      }
      if (sym === 256) break;
      const l = sym - 257;
      if (l >= 29) throw new Error("inflate: a bad length code");
      // Extra bits (at most 5), then the distance code (at most 15) and its extra bits (13).
      while (count < 20) {
        bits |= (pos < end ? input[pos] : 0) << count;
        pos++;
        count += 8;
      }
      const extra = LENGTH_EXTRA[l];
      const length = LENGTH_BASE[l] + (bits & ((1 << extra) - 1));
      bits >>>= extra;
      count -= extra;
      entry = dist[bits & distMask];
      len = entry & 15;
      if (len === 0) throw new Error("inflate: a bad Huffman code");
      bits >>>= len;
      count -= len;
      const d = entry >> 4;
      if (d >= 30) throw new Error("inflate: a bad distance code");
      while (count < 13) {
        bits |= (pos < end ? input[pos] : 0) << count;
        pos++;
        count += 8;
      }
      const dextra = DIST_EXTRA[d];
      const distance = DIST_BASE[d] + (bits & ((1 << dextra) - 1));
      bits >>>= dextra;
      count -= dextra;
      if (distance > size) throw new Error("inflate: a distance before the start");
      if (size + length > out.length) reserve(length);
      for (let i = 0; i < length; i++, size++) out[size] = out[size - distance];
    }
    if (pos > end && (pos - end) * 8 > count) throw new Error("inflate: the data ends early");
  }
  return out.slice(0, size);
}
