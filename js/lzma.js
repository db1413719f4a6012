// An LZMA decoder (the .lzma format xz writes with --format=lzma), synchronous and
// dependency-free. The engine's WebAssembly modules travel inside the JavaScript,
// LZMA-compressed and then in base64 (wasm/bitmove_wasm_bytes.js, written by
// scripts/build.mjs): LZMA packs the module a fifth smaller than DEFLATE does, and the
// download is what the package weighs. No platform offers LZMA, so this decodes it. Written
// for this package from the format's description (a range coder over adaptive bit
// probabilities, literals and matches with four repeated distances); checked against xz in
// test/lzma.test.mjs.

const PROB_INIT = 1024; // 0.5 in 11-bit fixed point
const MATCH_MIN = 2;

// Where each group of probabilities starts in one Uint16Array.
const IS_MATCH = 0; // [state][posState]: 12 * 16
const IS_REP = IS_MATCH + 192; // [state]
const IS_REP_G0 = IS_REP + 12;
const IS_REP_G1 = IS_REP_G0 + 12;
const IS_REP_G2 = IS_REP_G1 + 12;
const IS_REP0_LONG = IS_REP_G2 + 12; // [state][posState]
const POS_SLOT = IS_REP0_LONG + 192; // [lenState 0..3][64]
const POS_SPECIAL = POS_SLOT + 256; // distances 4..127: 115 (index 0 unused)
const ALIGN = POS_SPECIAL + 115; // 16
// A length decoder: choice, choice2, low [16][8], mid [16][8], high [256].
const LEN_SIZE = 2 + 128 + 128 + 256;
const LEN = ALIGN + 16;
const REP_LEN = LEN + LEN_SIZE;
const LITERAL = REP_LEN + LEN_SIZE; // 0x300 per literal context

function fail(what) {
  throw new Error(`lzma: ${what}`);
}

/**
 * The bytes of the .lzma stream `input` (a Uint8Array), at most `size` of them: the stream
 * ends at its end marker or when `size` bytes are out, whichever comes first. Throws an
 * `Error` whose message starts with "lzma:" on a stream that is not one.
 */
export function decodeLzma(input, size) {
  if (input.length < 18) fail("truncated header");
  let props = input[0];
  if (props >= 9 * 5 * 5) fail("bad properties byte");
  const lc = props % 9;
  props = (props / 9) | 0;
  const lp = props % 5;
  const pb = (props / 5) | 0;
  const posMask = (1 << pb) - 1;
  const litPosMask = (1 << lp) - 1;

  const probs = new Uint16Array(LITERAL + 0x300 * (1 << (lc + lp))).fill(PROB_INIT);
  const out = new Uint8Array(size);

  // The range decoder. `range` and `code` are unsigned 32-bit values held as int32s (their
  // bits), so that V8 keeps them as small integers and never allocates a number for them;
  // `^ TOP` turns an unsigned comparison into a signed one.
  const TOP = -0x80000000;
  let at = 13;
  if (input[at++] !== 0) fail("bad first byte of the range coder");
  let code = 0;
  for (let i = 0; i < 4; i++) code = (code << 8) | input[at++];
  let range = -1;
  if (code === range) fail("bad range coder start");

  const next = () => {
    if (at >= input.length) fail("truncated stream");
    return input[at++];
  };
  const bit = (i) => {
    const p = probs[i];
    const bound = Math.imul(range >>> 11, p);
    let b;
    if ((code ^ TOP) < (bound ^ TOP)) {
      range = bound;
      probs[i] = p + ((2048 - p) >> 5);
      b = 0;
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      probs[i] = p - (p >> 5);
      b = 1;
    }
    if ((range & 0xff000000) === 0) {
      range <<= 8;
      code = (code << 8) | next();
    }
    return b;
  };
  // `count` bits, most significant first, from the tree of probabilities at `base`.
  const tree = (base, count) => {
    let m = 1;
    for (let i = 0; i < count; i++) m = (m << 1) | bit(base + m);
    return m - (1 << count);
  };
  // `count` bits, least significant first.
  const reverse = (base, count) => {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < count; i++) {
      const b = bit(base + m);
      m = (m << 1) | b;
      symbol |= b << i;
    }
    return symbol;
  };
  // `count` bits of equal probability.
  const direct = (count) => {
    let value = 0;
    for (let i = 0; i < count; i++) {
      range >>>= 1;
      let b = 0;
      if ((code ^ TOP) >= (range ^ TOP)) {
        code = (code - range) | 0;
        b = 1;
      }
      value = value * 2 + b;
      if ((range & 0xff000000) === 0) {
        range <<= 8;
        code = (code << 8) | next();
      }
    }
    return value;
  };
  const length = (base, posState) => {
    if (bit(base) === 0) return MATCH_MIN + tree(base + 2 + posState * 8, 3);
    if (bit(base + 1) === 0) return MATCH_MIN + 8 + tree(base + 2 + 128 + posState * 8, 3);
    return MATCH_MIN + 16 + tree(base + 2 + 256, 8);
  };
  // The distance of a match of `len` bytes, less one; 0xffffffff is the end marker.
  const distance = (len) => {
    const lenState = len < MATCH_MIN + 4 ? len - MATCH_MIN : 3;
    const slot = tree(POS_SLOT + lenState * 64, 6);
    if (slot < 4) return slot;
    const bits = (slot >>> 1) - 1;
    const base = (2 | (slot & 1)) * 2 ** bits;
    if (slot < 14) return base + reverse(POS_SPECIAL + base - slot, bits);
    return base + direct(bits - 4) * 16 + reverse(ALIGN, 4);
  };

  let pos = 0;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  while (pos < size) {
    const posState = pos & posMask;
    if (bit(IS_MATCH + state * 16 + posState) === 0) {
      const previous = pos > 0 ? out[pos - 1] : 0;
      const base = LITERAL + 0x300 * (((pos & litPosMask) << lc) + (previous >> (8 - lc)));
      let symbol = 1;
      if (state >= 7) {
        if (rep0 >= pos) fail("distance beyond the start");
        let match = out[pos - rep0 - 1];
        while (symbol < 0x100) {
          const matchBit = (match >> 7) & 1;
          match <<= 1;
          const b = bit(base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (b !== matchBit) break;
        }
      }
      while (symbol < 0x100) symbol = (symbol << 1) | bit(base + symbol);
      out[pos++] = symbol - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (bit(IS_REP + state) === 0) {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = length(LEN, posState);
      state = state < 7 ? 7 : 10;
      rep0 = distance(len);
      if (rep0 === 0xffffffff) break; // the end marker
    } else {
      if (pos === 0) fail("a repeated match before any byte");
      if (bit(IS_REP_G0 + state) === 0) {
        if (bit(IS_REP0_LONG + state * 16 + posState) === 0) {
          state = state < 7 ? 9 : 11;
          if (rep0 >= pos) fail("distance beyond the start");
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let dist;
        if (bit(IS_REP_G1 + state) === 0) {
          dist = rep1;
        } else {
          if (bit(IS_REP_G2 + state) === 0) {
            dist = rep2;
          } else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = length(REP_LEN, posState);
      state = state < 7 ? 8 : 11;
    }
    if (rep0 >= pos) fail("distance beyond the start");
    if (len > size - pos) fail("more bytes than expected");
    for (let from = pos - rep0 - 1, end = pos + len; pos < end;) out[pos++] = out[from++];
  }
  return pos === size ? out : out.subarray(0, pos);
}
