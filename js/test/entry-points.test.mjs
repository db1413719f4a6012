// The two entry points: "bitmove" loads the core build of the engine (chess.js's API, Chess960,
// perft, divide), "bitmove/full" the full one. Run in its own process (node --test runs each
// file apart), so that the core is what is loaded until the test imports the full entry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Chess as Oracle } from "chess.js";
import { Chess, Position, Book, BitmoveError } from "../index.js";

const needsFull = (what) => (e) =>
  e instanceof BitmoveError && e.message.includes(what) && e.message.includes('"bitmove/full"');

test("the core entry point plays chess as chess.js does, and names bitmove/full for the rest", async () => {
  const game = new Chess();
  for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5"]) game.move(san);
  const oracle = new Oracle(game.fen());
  assert.deepEqual(game.moves().sort(), oracle.moves().sort());
  assert.equal(game.perft(3), oracle.perft(3));
  assert.equal(new Position().perft(3), 8902);
  assert.equal(new Chess(undefined, { variant: "Chess960" }).perft(1), 20);

  assert.throws(() => new Chess(undefined, { variant: "atomic" }), needsFull("variants"));
  assert.throws(() => new Position(undefined, { variant: "crazyhouse" }), needsFull("variants"));
  assert.throws(() => game.svg(), needsFull("svg()"));
  assert.throws(() => new Position().svg(), needsFull("svg()"));
  assert.throws(() => game.perftStats(1), needsFull("perftStats()"));
  assert.throws(() => new Position().divideStats(1), needsFull("divideStats()"));
  const polyglot = new Uint8Array(
    readFileSync(new URL("../../tests/data/polyglot/performance.bin", import.meta.url)),
  );
  assert.throws(() => new Book(polyglot), needsFull("Book"));

  // The full entry point installs its build for the whole package: objects made before it
  // keep their game and gain the rest.
  const full = await import("../full.js");
  assert.equal(full.Chess, Chess);
  assert.equal(game.fen(), oracle.fen());
  assert.equal(game.perftStats(1).nodes, oracle.moves().length);
  assert.match(game.svg(), /^<svg/);
  assert.equal(new Chess(undefined, { variant: "atomic" }).perft(2), 400);
  assert.ok(new Book(polyglot).entries(new Position()).length > 0);
});
