// Book: Polyglot look-ups on the repository's test books (tests/data/polyglot) against their
// known answers (python-chess 1.11.2's), with chess.js as the oracle for the moves played.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Chess as Oracle } from "chess.js";
import { Book, Chess, Position } from "../full.js";

const bytes = (name) =>
  new Uint8Array(readFileSync(new URL(`../../tests/data/polyglot/${name}`, import.meta.url)));
const performance = new Book(bytes("performance.bin"));

test("the start position's entries, in the book's order and heaviest first", () => {
  assert.equal(performance.size, 92954);
  const expected = [
    { uci: "e2e4", san: "e4", weight: 1, learn: 486544384 },
    { uci: "d2d4", san: "d4", weight: 1, learn: 5120 },
    { uci: "c2c4", san: "c4", weight: 1, learn: 3825144832 },
  ];
  assert.deepEqual(performance.entries(), expected);
  assert.deepEqual(performance.findAll(new Chess()), expected);
  assert.deepEqual(performance.find(new Position()), expected[0]);
  assert.equal(performance.find(undefined, { minimumWeight: 2 }), null);
  assert.equal(performance.find(undefined, { exclude: ["e2e4"] }).uci, "d2d4");
});

test("following the heaviest move ends where the book's README says (chess.js plays it)", () => {
  const oracle = new Oracle();
  let plies = 0;
  for (let found; (found = performance.find(oracle.fen())); plies++) oracle.move(found.san);
  assert.equal(plies, 29);
  assert.equal(oracle.fen(), "r2q1rk1/4bppp/p2p1n2/np5b/3BP1P1/5N1P/PPB2P2/RN1QR1K1 b - - 0 15");
});

test("castling, heaviest first; Chess960 castling as king takes rook; the Lasker trap", () => {
  const fen = "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10";
  assert.deepEqual(
    performance.findAll(fen).map((e) => [e.uci, e.san, e.weight]),
    [
      ["e1g1", "O-O", 159],
      ["e1c1", "O-O-O", 18],
      ["h2h3", "h3", 16],
    ],
  );
  assert.equal(performance.find(fen, { chess960: true }).uci, "e1h1");
  const lasker = new Book(bytes("lasker-trap.bin"));
  assert.equal(lasker.find("rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2KpPP/RN1Q1BNR b kq - 1 7").san, "fxg1=N+");
});

test("choices call the random source as python-chess's mock sources expect", () => {
  const first = () => 0;
  const last = () => 0.999999;
  assert.equal(performance.choice(undefined, { random: first }).uci, "e2e4");
  assert.equal(performance.choice(undefined, { random: last }).uci, "c2c4");
  assert.equal(performance.weightedChoice(undefined, { random: first }).uci, "e2e4");
  assert.equal(performance.weightedChoice(undefined, { random: last }).uci, "c2c4");
  assert.equal(performance.weightedChoice(undefined, { random: first, exclude: ["e2e4"] }).uci, "d2d4");
  assert.equal(performance.weightedChoice("8/8/8/8/8/8/8/K1k5 w - - 0 1"), null);
});

test("bad books and positions are refused without harming the engine", () => {
  assert.throws(() => new Book(new Uint8Array(17)), RangeError);
  assert.throws(() => new Book("not bytes"), TypeError);
  assert.throws(() => performance.entries("not a fen"), { name: "FenError" });
  const junk = new Uint8Array(16 * 512);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 2654435761) >>> 24;
  assert.deepEqual(new Book(junk).entries(), []);
  assert.equal(new Book(new Uint8Array(0)).size, 0);
  assert.equal(performance.find().uci, "e2e4");
});
