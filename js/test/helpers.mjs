// Shared by the tests: a seeded generator and the repository's perft data (tests/data).
import { readFileSync } from "node:fs";

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A file of the repository's tests/data as text. */
export function data(name) {
  return readFileSync(new URL(`../../tests/data/${name}`, import.meta.url), "utf8");
}

/** The positions of an EPD perft file: `{ fen, counts }` with counts[d - 1] the count at depth d. */
export function epd(name) {
  return data(name)
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [fen, ...rest] = line.split(" ;");
      return { fen: fen.trim(), counts: rest.map((part) => Number(part.trim().split(" ")[1])) };
    });
}

/** The fields and predicates of a chess.js `Move` (either library's) as a plain object. */
const FIELDS = [
  "color",
  "from",
  "to",
  "piece",
  "captured",
  "promotion",
  "flags",
  "san",
  "lan",
  "before",
  "after",
];
const PREDICATES = [
  "isCapture",
  "isPromotion",
  "isEnPassant",
  "isKingsideCastle",
  "isQueensideCastle",
  "isBigPawn",
];
export function plain(move) {
  const out = {};
  for (const field of FIELDS) if (move[field] !== undefined) out[field] = move[field];
  for (const method of PREDICATES) out[method] = move[method]();
  return out;
}
