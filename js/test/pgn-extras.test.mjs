// The parts of chess.js's PGN reading that bitmove lacked (issue 60): `;` rest-of-line comments
// kept as comments, tag pairs with tabs, spaces and line ends inside the brackets, and the
// internal `_getPositionCount`, each against chess.js itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess as Oracle } from "chess.js";
import { Chess } from "../index.js";

const texts = [
  "1. e4 ; king's pawn\ne5 2. Nf3 *",
  "; a comment before the first move\n1. d4 d5 *",
  "1. e4 e5 ;   spaced out   \r\n2. Nf3 {braced} Nc6 ; last\n*",
  "1. e4 (1. d4 ; inside a variation\n) e5 *",
  "1. e4 e5 1-0 ; after the result",
  '[Event "Casual"]\n[Date "1972.01.07" ]\n\n1. e4 *',
  '[Event\t"Tabbed"\t]\n[White  "A"]  [Black "B"]\n\n1. d4 *',
  '[ Site "Reykjavik" ]\n[Round\n"6"]\n\n1. c4 *',
];

test("loadPgn reads ; comments and tag-pair whitespace as chess.js does", () => {
  for (const text of texts) {
    const oracle = new Oracle();
    oracle.loadPgn(text);
    const ours = new Chess();
    ours.loadPgn(text);
    assert.deepEqual(ours.history(), oracle.history(), text);
    assert.deepEqual(ours.getHeaders(), oracle.getHeaders(), text);
    assert.deepEqual(ours.getComments(), oracle.getComments(), text);
    assert.equal(ours.pgn(), oracle.pgn(), text);
  }
});

test("_getPositionCount counts as chess.js's does, by _hash or hash()", () => {
  const oracle = new Oracle();
  const ours = new Chess();
  const hashes = [oracle._hash];
  for (const san of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "e4"]) {
    oracle.move(san);
    ours.move(san);
    hashes.push(oracle._hash);
    assert.equal(ours._hash, oracle._hash);
    for (const hash of hashes) {
      assert.equal(ours._getPositionCount(hash), oracle._getPositionCount(hash), san);
      assert.equal(ours._getPositionCount(hash.toString(16)), oracle._getPositionCount(hash), san);
    }
  }
  oracle.undo();
  ours.undo();
  for (const hash of hashes) assert.equal(ours._getPositionCount(hash), oracle._getPositionCount(hash));
  assert.equal(ours._getPositionCount(12345n), 0);
  assert.equal(ours._getPositionCount("not hex"), 0);
  assert.equal(ours._getPositionCount(-1n), 0);
});
