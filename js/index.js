// bitmove for JavaScript: chess.js 1.4's API (the Chess class, its Move, its constants and
// helpers), Chess960, the lichess variants, perft statistics, Polyglot books and keys, board
// pictures and a lean Position, over the bitmove Rust library compiled to WebAssembly. Every
// rule lives in Rust; the JavaScript only turns the engine's batched strings into objects.
import { validateFenChessjs, ready } from "./engine.js";

export { DEFAULT_POSITION, MAX_DEPTH, FenError, IllegalMoveError, BitmoveError, Move } from "./engine.js";
export { Chess } from "./game.js";

/**
 * Resolves once the WebAssembly engine is loaded. The package loads it synchronously on
 * import or require; only a platform that refuses that (a browser with a smaller limit on
 * synchronous compiles than Chrome's 8 MB) needs `await init()` before the first game.
 */
export function init() {
  return ready();
}
export { Position, Book } from "./position.js";

/** chess.js's colour and piece names. */
export const WHITE = "w";
export const BLACK = "b";
export const PAWN = "p";
export const KNIGHT = "n";
export const BISHOP = "b";
export const ROOK = "r";
export const QUEEN = "q";
export const KING = "k";

/** The 64 squares in chess.js's order, a8 to h1. */
export const SQUARES = [];
for (let rank = 8; rank >= 1; rank--) for (const file of "abcdefgh") SQUARES.push(file + rank);

/** The seven tag roster with chess.js's default values. */
export const SEVEN_TAG_ROSTER = {
  Event: "?",
  Site: "?",
  Date: "????.??.??",
  Round: "?",
  White: "?",
  Black: "?",
  Result: "*",
};

/**
 * chess.js's FEN check: `{ ok: true }`, or `{ ok: false, error }` with chess.js's message
 * (it accepts positions that cannot arise in a game, such as a side not to move in check).
 */
export function validateFen(fen) {
  if (typeof fen !== "string") throw new TypeError("validateFen needs a string");
  const error = validateFenChessjs(fen);
  return error === undefined ? { ok: true } : { ok: false, error };
}

const MASK64 = 0xffffffffffffffffn;
const rotl = (x, k) => ((x << k) | (x >> (64n - k))) & MASK64;

/**
 * chess.js's xoroshiro128** generator: a function giving the next 64-bit number (a BigInt) of
 * the sequence seeded with the 128-bit `state` (chess.js draws its hash keys from it).
 */
export function xoroshiro128(state) {
  return function () {
    let s0 = BigInt(state & MASK64);
    let s1 = BigInt((state >> 64n) & MASK64);
    const result = (rotl((s0 * 5n) & MASK64, 7n) * 9n) & MASK64;
    s1 ^= s0;
    s0 = (rotl(s0, 24n) ^ s1 ^ (s1 << 16n)) & MASK64;
    s1 = rotl(s1, 37n);
    state = (s1 << 64n) | s0;
    return result;
  };
}
