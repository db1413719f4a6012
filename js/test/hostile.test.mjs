// Hostile input: every bad FEN, move, square and depth gives a clear, typed error, and the
// module keeps working afterwards (a WebAssembly trap would leave it unusable).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess, Position, FenError, IllegalMoveError, BitmoveError, MAX_DEPTH } from "../index.js";
import { rng, data, epd } from "./helpers.mjs";

function stillWorks() {
  const game = new Chess();
  assert.equal(game.perft(3), 8902);
  game.move("e4");
  assert.equal(game.moves().length, 20);
  assert.equal(new Position().divide(2).size, 20);
}

test("every FEN of tests/data/invalid-fens.txt is a FenError", () => {
  const rows = data("invalid-fens.txt")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"));
  assert.ok(rows.length > 100);
  for (const row of rows) {
    const [mode, , fen] = row.split("\t");
    const chess960 = mode === "chess960";
    assert.throws(() => new Chess(fen, { chess960 }), FenError, JSON.stringify(fen));
    assert.throws(() => new Position(fen, { chess960 }), FenError, JSON.stringify(fen));
    const game = new Chess();
    assert.throws(
      () => game.load(fen, { chess960 }),
      (e) => e instanceof FenError && e instanceof Error && e.fen === fen,
    );
    assert.equal(game.fen(), new Chess().fen(), "a refused load leaves the game as it was");
  }
  stillWorks();
});

test("non-string FENs are FenErrors", () => {
  for (const fen of [null, 42, {}, [], true, Symbol("x"), 10n]) {
    assert.throws(() => new Chess(fen), FenError);
    assert.throws(() => new Position(fen), FenError);
  }
  stillWorks();
});

test("mutated FENs: a FenError or a position, never anything else", () => {
  const random = rng(7);
  const fens = epd("suite.epd").map((p) => p.fen);
  const alphabet = "pnbrqkPNBRQK12345678/ w-KQkqabcdefghAH0123456789\u00e9\u0000\uffff";
  let refused = 0;
  for (let i = 0; i < 5000; i++) {
    let fen = fens[i % fens.length].split("");
    const edits = 1 + Math.floor(random() * 4);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(random() * (fen.length + 1));
      const what = random();
      const char = alphabet[Math.floor(random() * alphabet.length)];
      if (what < 0.4) fen.splice(at, 1);
      else if (what < 0.7) fen.splice(at, 0, char);
      else fen[at] = char;
    }
    fen = fen.join("");
    try {
      const game = new Chess(fen, { chess960: random() < 0.3 });
      game.moves({ verbose: true });
      game.perft(2);
      game.isGameOver();
    } catch (error) {
      assert.ok(error instanceof FenError, `${JSON.stringify(fen)}: ${error}`);
      refused++;
    }
  }
  assert.ok(refused > 1000, `${refused} refused`);
  stillWorks();
});

test("garbage moves are IllegalMoveErrors with chess.js's message, and change nothing", () => {
  const game = new Chess();
  game.move("e4");
  const fen = game.fen();
  const bad = [
    "",
    " ",
    "e4",
    "e2e4",
    "Ke2",
    "O-O",
    "O-O-O",
    "xx",
    "e7e8q",
    "a1a1",
    "Nf3 extra",
    "ń",
    "\u0000",
    "e5e6e7",
    "Qh5#",
    "z9z9",
    "a".repeat(100_000),
    "e7e5q",
    "e7e5k",
    { from: "e7", to: "e4" },
    { from: "e7" },
    { to: "e5" },
    { from: "e7", to: "e5", promotion: "k" },
    { from: 1, to: 2 },
    { from: "e7", to: "e5", promotion: 5 },
    {},
    [],
    null,
    undefined,
    42,
    true,
  ];
  for (const move of bad) {
    assert.throws(
      () => game.move(move),
      (e) =>
        e instanceof IllegalMoveError &&
        e instanceof Error &&
        e.message === `Invalid move: ${typeof move === "string" ? move : JSON.stringify(move)}`,
      JSON.stringify(move),
    );
    assert.equal(game.fen(), fen);
    assert.equal(game.history().length, 1);
  }
  // Random byte strings.
  const random = rng(9);
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: Math.floor(random() * 8) }, () =>
      String.fromCharCode(32 + Math.floor(random() * 96)),
    ).join("");
    try {
      game.move(text);
      game.undo();
    } catch (error) {
      assert.ok(error instanceof IllegalMoveError, `${JSON.stringify(text)}: ${error}`);
    }
    assert.equal(game.fen(), fen);
  }
  const position = new Position();
  for (const move of ["", "e2e5", "e2", 7, null, "a".repeat(10_000)]) {
    assert.throws(() => position.play(move), IllegalMoveError);
    assert.throws(() => position.san(move), IllegalMoveError);
  }
  assert.throws(() => position.parseSan("Nf6"), IllegalMoveError);
  stillWorks();
});

test("bad depths are RangeErrors; the deepest allowed is MAX_DEPTH", () => {
  const game = new Chess();
  const position = new Position();
  for (const depth of [-1, 1.5, NaN, Infinity, MAX_DEPTH + 1, 1e9, 2 ** 32, "3", null, undefined, 3n]) {
    for (const run of ["perft", "divide", "perftStats", "divideStats"]) {
      assert.throws(() => game[run](depth), RangeError, `${run}(${String(depth)})`);
      assert.throws(() => position[run](depth), RangeError, `${run}(${String(depth)})`);
    }
  }
  assert.equal(MAX_DEPTH, 20);
  stillWorks();
});

test("bad squares: get and moves give nothing, as chess.js does", () => {
  const game = new Chess();
  for (const square of ["i1", "a9", "a0", "A1", 42, {}, "e22"]) {
    assert.equal(game.get(square), undefined);
    assert.deepEqual(game.moves({ square }), []);
  }
  stillWorks();
});

test("many games and positions: memory is released, the module keeps working", () => {
  for (let i = 0; i < 20000; i++) {
    const game = new Chess();
    game.move("e4");
    new Position().play("d2d4");
  }
  stillWorks();
});

test("a trap (a Rust panic) does not poison the module: the engine restarts, objects rebuild", async () => {
  const { RawPosition } = await import("../wasm/bitmove_wasm.js");
  const game = new Chess();
  for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]) game.move(san);
  game.undo();
  const fen = game.fen();
  const history = game.history();
  const frc = new Chess("bbrkrnnq/pppppppp/8/8/8/8/PPPPPPPP/BBRKRNNQ w ECec - 0 1", { chess960: true });
  frc.move("e4");
  frc.move("e5");
  const frcFen = frc.fen();
  const position = new Position().play("d2d4").play("d7d5");
  const copy = position.clone().play("c2c4");
  const copyFen = copy.fen();

  // The one entry that panics on purpose: on WebAssembly a panic is a trap.
  const doomed = new RawPosition(undefined, false);
  assert.throws(
    () => doomed.panicForTests(),
    (e) => e instanceof BitmoveError && e.cause instanceof WebAssembly.RuntimeError,
  );
  // The old instance's objects are never used again.
  assert.throws(() => doomed.fen(), /stale/);

  // Everything made before is rebuilt from its JavaScript state and goes on.
  assert.equal(game.fen(), fen);
  assert.deepEqual(game.history(), history);
  assert.equal(game.move("O-O").san, "O-O");
  assert.equal(frc.fen(), frcFen);
  assert.equal(frc.perft(2), new Chess(frcFen, { chess960: true }).perft(2));
  assert.equal(position.fen(), new Position().play("d2d4").play("d7d5").fen());
  assert.equal(copy.fen(), copyFen);
  stillWorks();
});
