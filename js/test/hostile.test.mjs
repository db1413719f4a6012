// Hostile input: every bad FEN, move, square, depth and variant name gives a clear, typed error,
// and the module keeps working afterwards (a WebAssembly trap would leave it unusable).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess as Oracle } from "chess.js";
import { Chess, Position, FenError, IllegalMoveError, BitmoveError, MAX_DEPTH } from "../full.js";
import { rng, data, epd } from "./helpers.mjs";

function stillWorks() {
  const game = new Chess();
  assert.equal(game.perft(3), 8902);
  game.move("e4");
  assert.equal(game.moves().length, 20);
  assert.equal(new Position().divide(2).size, 20);
  assert.equal(new Chess(undefined, { variant: "crazyhouse" }).perft(3), 8902);
}

// A FEN's castling rights without those whose king (e-file) or rook (corner) is not in place.
function cleanCastling(fen) {
  const [placement, side, castling, ...rest] = fen.split(" ");
  const rows = placement.split("/").map((row) => row.replace(/\d/g, (n) => ".".repeat(Number(n))));
  const at = (file, rank) => rows[8 - rank][file];
  const kept = [...castling].filter((c) => {
    if (c === "-") return false;
    const white = c === "K" || c === "Q";
    const rank = white ? 1 : 8;
    const king = at(4, rank) === (white ? "K" : "k");
    const rook = at(c.toLowerCase() === "k" ? 7 : 0, rank) === (white ? "R" : "r");
    return king && rook;
  });
  return [placement, side, kept.join("") || "-", ...rest].join(" ");
}

// Whether a FEN's en-passant square has a piece on it.
// Whether a FEN's en-passant square has a piece on it, or no pawn of the side not to move
// stands in front of it.
function occupiedEp(fen) {
  const [placement, side, , ep] = fen.split(/\s+/);
  if (!/^[a-h][1-8]$/.test(ep ?? "")) return false;
  const rows = placement.split("/").map((row) => row.replace(/\d/g, (n) => ".".repeat(Number(n))));
  const at = (rank) => (rows[8 - rank] ?? "")[ep.charCodeAt(0) - 97];
  const rank = Number(ep[1]);
  const pawn = side === "b" ? at(rank + 1) === "P" : at(rank - 1) === "p";
  return at(rank) !== "." || !pawn;
}

const VARIANTS = ["atomic", "antichess", "crazyhouse", "3check", "kingofthehill", "horde", "racingkings"];

test("every FEN of tests/data/invalid-fens.txt: Chess refuses it when chess.js does, with its message; Position always", () => {
  const rows = data("invalid-fens.txt")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"));
  assert.ok(rows.length > 100);
  let refused = 0;
  for (const row of rows) {
    const [mode, , fen] = row.split("\t");
    const chess960 = mode === "chess960";
    // Position holds legal positions only: every row is refused.
    assert.throws(() => new Position(fen, { chess960 }), FenError, JSON.stringify(fen));
    let theirs;
    try {
      theirs = new Oracle(fen);
    } catch (error) {
      theirs = error;
    }
    const game = new Chess();
    if (theirs instanceof Error && !chess960) {
      refused++;
      assert.throws(
        () => new Chess(fen),
        (e) => e instanceof FenError && e.message === theirs.message,
        JSON.stringify(fen),
      );
      assert.throws(
        () => game.load(fen),
        (e) => e instanceof FenError && e instanceof Error && e.fen === fen && e.message === theirs.message,
      );
      assert.equal(game.fen(), new Chess().fen(), "a refused load leaves the game as it was");
    } else if (!chess960) {
      // chess.js holds it (a position that cannot arise, such as the side not to move in
      // check): so does Chess, with the same board and moves.
      const ours = new Chess(fen);
      // An en-passant square with a piece on it: chess.js's fen() loses a pawn there (its
      // check of the en-passant capture undoes it wrongly). Loaded, nothing compared.
      if (occupiedEp(fen)) continue;
      // The one difference: counters beyond a billion are kept as a billion (chess.js keeps
      // any JavaScript number, 18446744073709552000 included).
      const fields = (text) => (/\d{10,}/.test(fen) ? text.split(" ").slice(0, 4).join(" ") : text);
      // And castling rights whose king or rook is not there are dropped (chess.js keeps them
      // and castles without the rook).
      const bogus = cleanCastling(theirs.fen()) !== theirs.fen();
      assert.equal(fields(ours.fen()), fields(cleanCastling(theirs.fen())), JSON.stringify(fen));
      if (bogus) continue;
      // Where a king can be taken, chess.js still counts the taken king as standing (and
      // in check) afterwards: only the check marks may differ.
      const bare = (moves) => moves.map((m) => m.replace(/[+#]$/, ""));
      assert.deepEqual(bare(ours.moves()), bare(theirs.moves()), JSON.stringify(fen));
    } else {
      try {
        new Chess(fen, { chess960 }).moves();
      } catch (error) {
        assert.ok(error instanceof FenError, `${JSON.stringify(fen)}: ${error}`);
      }
    }
  }
  assert.ok(refused > 50, `${refused} refused by chess.js`);
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
    // chess.js is the oracle: it reads some of these as moves (`e7e5k` is e7-e5 to its
    // permissive reader); the rest are refused with its message.
    const theirs = new Oracle(fen);
    let played;
    try {
      played = theirs.move(move);
    } catch (error) {
      played = error;
    }
    if (played instanceof Error) {
      assert.throws(
        () => game.move(move),
        (e) => e instanceof IllegalMoveError && e instanceof Error && e.message === played.message,
        JSON.stringify(move),
      );
      assert.equal(game.fen(), fen);
      assert.equal(game.history().length, 1);
    } else {
      assert.equal(game.move(move).san, played.san, JSON.stringify(move));
      assert.equal(game.fen(), theirs.fen());
      game.undo();
    }
  }
  // Random byte strings.
  const random = rng(9);
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: Math.floor(random() * 8) }, () =>
      String.fromCharCode(32 + Math.floor(random() * 96)),
    ).join("");
    // Random text with "--" in it is a null move, as in chess.js; every text is read (or
    // refused) as chess.js reads it.
    const theirs = new Oracle(fen);
    let expected;
    try {
      expected = theirs.move(text).san;
    } catch (error) {
      expected = error.message;
    }
    try {
      assert.equal(game.move(text).san, expected, JSON.stringify(text));
      game.undo();
    } catch (error) {
      assert.ok(error instanceof IllegalMoveError, `${JSON.stringify(text)}: ${error}`);
      assert.equal(error.message, expected, JSON.stringify(text));
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

test("broken and mutated PGN: loadPgn reads it or throws an Error, never a trap; editing calls with junk", () => {
  const random = rng(31);
  const base = data("pgn/chess-library-basic.pgn").split(/\r?\n(?=\[Event )/);
  const alphabet = '[]{}()"\\;%$!?+#=-.0123456789 \nabcdefghKQRBNPOxo@\u0000\u00e9';
  let read = 0;
  for (let i = 0; i < 2000; i++) {
    const text = base[i % base.length].split("");
    for (let e = 0; e < 1 + Math.floor(random() * 6); e++) {
      const at = Math.floor(random() * (text.length + 1));
      const char = alphabet[Math.floor(random() * alphabet.length)];
      const what = random();
      if (what < 0.4) text.splice(at, 1);
      else if (what < 0.7) text.splice(at, 0, char);
      else text[at] = char;
    }
    const game = new Chess();
    try {
      game.loadPgn(text.join(""), { strict: random() < 0.3 });
      read++;
    } catch (error) {
      assert.ok(error instanceof Error && !(error instanceof BitmoveError), `${error}`);
    }
    // Whatever was read is a game that goes on.
    game.moves();
    game.pgn({ maxWidth: 40 });
    game.getComments();
  }
  assert.ok(read > 100, `${read} read`);
  for (const text of ["", "{", "(", ")", "[Event", '[A "', "1.", "*".repeat(10_000), "e4 ".repeat(5000)]) {
    const game = new Chess();
    try {
      game.loadPgn(text);
    } catch (error) {
      assert.ok(error instanceof Error && !(error instanceof BitmoveError), `${error}`);
    }
  }
  const game = new Chess();
  for (const junk of [undefined, null, 42, {}, [], "z9", "E4", "e44", "\u0000"]) {
    assert.equal(game.put({ type: "q", color: "w" }, junk), false);
    assert.equal(game.put(junk, "e4"), false);
    assert.equal(game.remove(junk), undefined);
    assert.equal(game.isAttacked(junk, "w"), false);
    assert.deepEqual(game.attackers(junk), []);
    assert.deepEqual(game.findPiece(junk), []);
    assert.equal(game.squareColor(junk), null);
    assert.equal(game.setCastlingRights(junk, { k: true }), false);
    game.setHeader(String(junk), String(junk));
    game.setComment(String(junk));
  }
  assert.equal(game.fen(), new Chess().fen());
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
  const { RawPosition } = await import("../wasm-full/bitmove_wasm.js");
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
  const zh = new Chess(undefined, { variant: "crazyhouse" });
  for (const san of ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "@e6"]) zh.move(san);
  const zhHistory = zh.history();
  const zhFen = zh.fen();
  const atomic = new Position(undefined, { variant: "atomic" }).play("e2e4").play("d7d5");
  const atomicCopy = atomic.clone().play("e4d5");

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
  assert.equal(zh.fen(), zhFen);
  assert.deepEqual(zh.history(), zhHistory);
  assert.equal(zh.variant, "crazyhouse");
  assert.equal(zh.undo().san, "@e6");
  assert.ok(zh.moves().includes("@e6"));
  assert.equal(atomic.fen(), new Position(undefined, { variant: "atomic" }).play("e2e4").play("d7d5").fen());
  assert.equal(atomicCopy.fen(), "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  assert.equal(atomicCopy.variant, "atomic");
  stillWorks();
});

test("variant names that name no variant are RangeErrors; none and null are standard chess", () => {
  for (const variant of [
    "shogi",
    "",
    " ",
    "atomic960",
    "chess 2",
    "a".repeat(100_000),
    "\u0000",
    "zh\uffff",
  ]) {
    for (const Class of [Chess, Position]) {
      assert.throws(
        () => new Class(undefined, { variant }),
        (e) => e instanceof RangeError && /unknown variant/.test(e.message) && e.message.length < 400,
        JSON.stringify(variant.slice(0, 20)),
      );
    }
  }
  for (const variant of [42, {}, [], true, Symbol("x"), 10n, () => "atomic"]) {
    assert.throws(() => new Chess(undefined, { variant }), RangeError);
    assert.throws(() => new Position(undefined, { variant }), RangeError);
  }
  for (const variant of [undefined, null]) {
    assert.equal(new Chess(undefined, { variant }).variant, "chess");
    assert.equal(new Position(undefined, { variant }).perft(2), 400);
  }
  stillWorks();
});

test("hostile variant FENs are FenErrors: a pocket of 200 pieces, a counter 99+99, a horde with a white king, ...", () => {
  const cases = [
    ["crazyhouse", `4k3/8/8/8/8/8/8/4K3[${"Q".repeat(200)}] w - - 0 1`, /pocket/],
    ["crazyhouse", `4k3/8/8/8/8/8/8/4K3/${"p".repeat(5000)} w - - 0 1`, /pocket/],
    ["crazyhouse", "4k3/8/8/8/8/8/8/4K3[Kk] w - - 0 1", /pocket/],
    ["crazyhouse", "4k3/8/8/8/8/8/8/4K3[N w - - 0 1", /./],
    ["crazyhouse", "4k3/8/8/8/8/8/8/4K3]N[ w - - 0 1", /./],
    ["3check", "4k3/8/8/8/8/8/8/4K3 w - - 99+99 0 1", /check counter/],
    ["3check", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +9+9", /check counter/],
    ["3check", "4k3/8/8/8/8/8/8/4K3 w - - +3 0 1", /./],
    ["horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPKPPPP w kq - 0 1", /king/],
    ["racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRP w - - 0 1", /pawn/],
    ["racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w KQ - 0 1", /./],
    ["atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", /./],
    ["atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", /./],
    ["antichess", "8/8/8/8/8/8/8/8 w - - 0 1 extra", /./],
    ["kingofthehill", "", /./],
  ];
  for (const [variant, fen, needle] of cases) {
    for (const Class of [Chess, Position]) {
      assert.throws(
        () => new Class(fen, { variant }),
        (e) => e instanceof FenError && e.fen === fen && needle.test(e.message) && e.message.length < 400,
        `${variant} ${fen.slice(0, 80)}`,
      );
    }
    const game = new Chess(undefined, { variant });
    const start = game.fen();
    assert.throws(() => game.load(fen), FenError);
    assert.equal(game.fen(), start, "a refused load leaves the game as it was");
    assert.equal(game.variant, variant);
  }
  // A variant's FEN forms are not standard chess's.
  assert.throws(() => new Chess("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), FenError);
  assert.throws(() => new Position("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"), FenError);
  for (const fen of [null, 42, {}, []]) {
    assert.throws(() => new Chess(fen, { variant: "atomic" }), FenError);
    assert.throws(() => new Position(fen, { variant: "zh" }), FenError);
  }
  stillWorks();
});

test("mutated variant FENs: a FenError or a position that plays, never anything else", () => {
  const random = rng(44);
  const alphabet = "pnbrqkPNBRQK12345678/ w-KQkqabcdefghAH0123456789[]~+@\u00e9\u0000";
  const PIECES = "pnbrqkPNBRQK";
  const PIECE = /^[pnbrqkPNBRQK]$/;
  const starts = {};
  for (const variant of VARIANTS) {
    starts[variant] = [new Chess(undefined, { variant }).fen()];
    for (const line of data(`variants/${variant === "kingofthehill" ? "atomic" : variant}.perft`).split(
      "\n",
    )) {
      if (line.startsWith("epd ")) starts[variant].push(line.slice(4).trim());
    }
  }
  let refused = 0;
  let played = 0;
  for (let i = 0; i < 3500; i++) {
    const variant = VARIANTS[i % VARIANTS.length];
    const pool = starts[variant];
    let fen = pool[Math.floor(random() * pool.length)].split("");
    const edits = 1 + Math.floor(random() * 3);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(random() * (fen.length + 1));
      const what = random();
      const char = alphabet[Math.floor(random() * alphabet.length)];
      if (what < 0.2) fen.splice(at, 1);
      else if (what < 0.4) fen.splice(at, 0, char);
      else if (what < 0.5) fen[at] = char;
      // Most edits keep the FEN's shape: a piece for another, which makes positions the
      // variant's rules must judge (kings, pawns on back ranks, checks, pockets).
      else if (PIECE.test(fen[at] ?? "")) fen[at] = PIECES[Math.floor(random() * PIECES.length)];
    }
    fen = fen.join("");
    let game;
    try {
      game = new Chess(fen, { variant });
    } catch (error) {
      assert.ok(error instanceof FenError, `${variant} ${JSON.stringify(fen)}: ${error}`);
      assert.throws(() => new Position(fen, { variant }), FenError);
      refused++;
      continue;
    }
    const moves = game.moves({ verbose: true });
    assert.equal(game.perft(1), moves.length, `${variant} ${fen}`);
    game.perft(2);
    game.isGameOver();
    game.outcome();
    assert.equal(
      new Position(game.fen(), { variant }).fen(),
      game.fen(),
      `${variant} ${fen}: FEN round trip`,
    );
    if (moves.length > 0) {
      const move = moves[Math.floor(random() * moves.length)];
      assert.equal(game.move(move.san).after, move.after, `${variant} ${fen} ${move.san}`);
      game.undo();
      played++;
    }
  }
  assert.ok(refused > 500 && played > 500, `${refused} refused, ${played} played`);
  stillWorks();
});

test("garbage and illegal moves in variants, drops where there are none: IllegalMoveErrors that change nothing", () => {
  // Drops in standard chess, in a variant without pockets, onto occupied squares, of pieces not
  // in the pocket, of pawns on the back ranks.
  const standard = new Chess();
  for (const move of ["N@f3", "P@e4", "@e4", { piece: "n", to: "f3" }]) {
    assert.throws(() => standard.move(move), IllegalMoveError, JSON.stringify(move));
  }
  assert.throws(() => new Position().play("N@f3"), IllegalMoveError);
  assert.throws(() => new Position().san("N@f3"), IllegalMoveError);
  assert.throws(() => new Position(undefined, { variant: "atomic" }).play("P@e4"), IllegalMoveError);
  const zh = new Chess("4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1", { variant: "crazyhouse" });
  const fen = zh.fen();
  for (const move of [
    "N@e1",
    "N@e8",
    "P@e4",
    "Q@e4",
    "K@e4",
    "p@e4",
    "N@",
    "@",
    "@@e4",
    "N@e4e5",
    "N@i9",
    { piece: "n", to: "e1" },
    { piece: "q", to: "e4" },
    { piece: "n" },
    { piece: 5, to: "e4" },
    { piece: "nn", to: "e4" },
  ]) {
    assert.throws(() => zh.move(move), IllegalMoveError, JSON.stringify(move));
    assert.equal(zh.fen(), fen);
  }
  const pawns = new Chess("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", { variant: "crazyhouse" });
  assert.throws(() => pawns.move("P@a8"), IllegalMoveError);
  assert.throws(() => pawns.move("@a1"), IllegalMoveError);
  // Random strings and objects in every variant.
  const random = rng(45);
  for (const variant of VARIANTS) {
    const game = new Chess(undefined, { variant });
    const position = new Position(undefined, { variant });
    const start = game.fen();
    for (let i = 0; i < 500; i++) {
      const text = Array.from({ length: Math.floor(random() * 7) }, () =>
        String.fromCharCode(32 + Math.floor(random() * 96)),
      ).join("");
      try {
        game.move(text);
        game.undo();
      } catch (error) {
        assert.ok(error instanceof IllegalMoveError, `${variant} ${JSON.stringify(text)}: ${error}`);
      }
      try {
        position.clone().play(text);
      } catch (error) {
        assert.ok(error instanceof IllegalMoveError, `${variant} ${JSON.stringify(text)}: ${error}`);
      }
      assert.equal(game.fen(), start);
    }
    for (const move of [
      null,
      undefined,
      42,
      [],
      {},
      { from: "e2" },
      { from: "e2", to: "e4", promotion: "x" },
      "a".repeat(100_000),
    ]) {
      assert.throws(() => game.move(move), IllegalMoveError, `${variant} ${String(move).slice(0, 20)}`);
    }
    for (const depth of [-1, 1.5, MAX_DEPTH + 1, "2", null]) {
      assert.throws(() => game.perft(depth), RangeError);
      assert.throws(() => position.divide(depth), RangeError);
    }
  }
  stillWorks();
});
