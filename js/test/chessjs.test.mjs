// chess.js 1.4's whole API against chess.js itself, the oracle: every export and method,
// seeded random games with board edits, null moves, tags and comments compared call by call
// after every step, and every game of tests/data/pgn loaded and written back by both.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as oracle from "chess.js";
import * as ours from "../index.js";
import { rng, plain } from "./helpers.mjs";

const { Chess: Oracle } = oracle;
const { Chess } = ours;

function outcome(fn) {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: error.message };
  }
}

test("every export and every public method of chess.js 1.4 exists here", () => {
  for (const name of Object.keys(oracle)) {
    if (name === "default") continue; // the CommonJS build's namespace object
    assert.ok(name in ours, `export ${name}`);
  }
  for (const name of Object.getOwnPropertyNames(Oracle.prototype)) {
    if (name.startsWith("_") || name === "constructor") continue;
    assert.equal(typeof Chess.prototype[name], "function", `Chess.${name}`);
  }
  for (const name of Object.getOwnPropertyNames(oracle.Move.prototype)) {
    if (name === "constructor") continue;
    assert.equal(typeof ours.Move.prototype[name], "function", `Move.${name}`);
  }
  for (const name of [
    "WHITE",
    "BLACK",
    "PAWN",
    "KNIGHT",
    "BISHOP",
    "ROOK",
    "QUEEN",
    "KING",
    "DEFAULT_POSITION",
  ]) {
    assert.equal(ours[name], oracle[name], name);
  }
  assert.deepEqual(ours.SQUARES, oracle.SQUARES);
  assert.deepEqual(ours.SEVEN_TAG_ROSTER, oracle.SEVEN_TAG_ROSTER);
  const a = ours.xoroshiro128(0x1234567890abcdef1234567890abcdefn);
  const b = oracle.xoroshiro128(0x1234567890abcdef1234567890abcdefn);
  for (let i = 0; i < 100; i++) assert.equal(a(), b());
});

test("validateFen answers as chess.js's, message for message", () => {
  const random = rng(21);
  const base = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  ];
  const alphabet = "pnbrqkPNBRQK12345678/ w-KQkqabcdefgh0369x";
  let refused = 0;
  for (let i = 0; i < 4000; i++) {
    const fen = base[i % base.length].split("");
    for (let e = 0; e < 1 + Math.floor(random() * 3); e++) {
      const at = Math.floor(random() * (fen.length + 1));
      const char = alphabet[Math.floor(random() * alphabet.length)];
      const what = random();
      if (what < 0.4) fen.splice(at, 1);
      else if (what < 0.7) fen.splice(at, 0, char);
      else fen[at] = char;
    }
    const text = fen.join("");
    const theirs = oracle.validateFen(text);
    assert.deepEqual(ours.validateFen(text), theirs, JSON.stringify(text));
    if (!theirs.ok) refused++;
    // Loading follows the same check, with the same message.
    const loaded = outcome(() => new Chess(text).fen());
    const expected = outcome(() => new Oracle(text).fen());
    if (expected.error) assert.equal(loaded.error, expected.error, JSON.stringify(text));
  }
  assert.ok(refused > 1000 && refused < 3900, `${refused} refused`);
});

// Everything a chess.js program can ask of a game, compared. `replays`: whether history() may
// be asked. chess.js's history(), pgn() and getComments() undo every move and play them again
// on the board: after an edit in the middle of a game that can change its board (a piece put
// where a move captured is replaced by the captured one). bitmove's never change the game.
// `hashes`: whether chess.js's hash, and so its repetition count, is still the position's.
function compare(a, b, where, replays = true, hashes = true) {
  const fen = b.fen();
  assert.equal(a.fen(), fen, where);
  assert.equal(a.fen({ forceEnpassantSquare: true }), b.fen({ forceEnpassantSquare: true }), where);
  assert.deepEqual(a.moves(), b.moves(), `${where} moves (in chess.js's order) ${fen}`);
  assert.deepEqual(
    a.moves({ verbose: true }).map(plain),
    b.moves({ verbose: true }).map(plain),
    `${where} verbose`,
  );
  for (const piece of ["p", "k"])
    assert.deepEqual(a.moves({ piece }), b.moves({ piece }), `${where} ${piece}`);
  assert.equal(a.turn(), b.turn(), where);
  assert.equal(a.moveNumber(), b.moveNumber(), where);
  for (const query of [
    "isCheck",
    "inCheck",
    "isCheckmate",
    "isStalemate",
    "isInsufficientMaterial",
    "isThreefoldRepetition",
    "isDrawByFiftyMoves",
    "isDraw",
    "isGameOver",
  ]) {
    if (!hashes && ["isThreefoldRepetition", "isDraw", "isGameOver"].includes(query)) continue;
    assert.equal(a[query](), b[query](), `${where} ${query} ${fen}`);
  }
  for (const color of ["w", "b"]) {
    assert.deepEqual(a.getCastlingRights(color), b.getCastlingRights(color), `${where} castling ${color}`);
    for (const type of ["p", "n", "b", "r", "q", "k"]) {
      assert.deepEqual(a.findPiece({ type, color }), b.findPiece({ type, color }), where);
    }
  }
  for (const square of oracle.SQUARES) {
    assert.equal(
      a.isAttacked(square, "w"),
      b.isAttacked(square, "w"),
      `${where} isAttacked ${square} ${fen}`,
    );
    assert.equal(a.isAttacked(square, "b"), b.isAttacked(square, "b"), `${where} isAttacked ${square}`);
    assert.deepEqual(a.get(square), b.get(square), where);
  }
  for (const square of ["e4", "d5", "f7", "a1"]) {
    assert.deepEqual(a.attackers(square), b.attackers(square), `${where} attackers ${square}`);
    assert.deepEqual(a.attackers(square, "b"), b.attackers(square, "b"), where);
    assert.equal(a.squareColor(square), b.squareColor(square));
  }
  assert.equal(a.getComment(), b.getComment(), where);
  assert.deepEqual(a.getHeaders(), b.getHeaders(), `${where} headers`);
  if (replays) assert.deepEqual(a.history(), b.history(), `${where} history`);
  assert.equal(a.ascii(), b.ascii(), where);
}

// An edit both libraries make the same way: no pawn on a back rank (chess.js then makes moves
// off the board), and the side not to move never left in check (a king could be taken).
function safeEdit(random, b) {
  const square = oracle.SQUARES[Math.floor(random() * 64)];
  if (random() < 0.5) {
    const piece = b.get(square);
    if (!piece || piece.type === "k") return null;
    const probe = new Oracle(b.fen({ forceEnpassantSquare: true }), { skipValidation: true });
    probe.remove(square);
    return kingSafe(probe) ? { remove: square } : null;
  }
  const type = "pnbrq"[Math.floor(random() * 5)];
  if (type === "p" && (square[1] === "1" || square[1] === "8")) return null;
  if (b.get(square)?.type === "k") return null;
  const color = random() < 0.5 ? "w" : "b";
  const probe = new Oracle(b.fen({ forceEnpassantSquare: true }), { skipValidation: true });
  probe.put({ type, color }, square);
  return kingSafe(probe) ? { put: { type, color }, square } : null;
}

function kingSafe(game) {
  const them = game.turn() === "w" ? "b" : "w";
  const king = game.findPiece({ type: "k", color: them })[0];
  return king === undefined || !game.isAttacked(king, game.turn());
}

test("random games with edits, null moves, tags and comments agree with chess.js call by call", () => {
  const random = rng(4);
  let steps = 0;
  let nulls = 0;
  let edits = 0;
  let checked = 0;
  for (let g = 0; g < 36; g++) {
    const a = new Chess();
    const b = new Oracle();
    let hashStale = false;
    let editedInGame = false; // an edit after a move: see compare()
    for (let step = 0; step < 100 && !b.isGameOver() && !a.isGameOver(); step++) {
      const where = `game ${g} step ${step}`;
      if (step % 5 === 0) compare(a, b, where, !editedInGame, !hashStale);
      else assert.equal(a.fen(), b.fen(), where);
      // chess.js leaves its hash as it was after a null move and after setCastlingRights
      // (the position then has two hashes); bitmove's is always the position's: compared
      // until the first of those.
      if (!hashStale) assert.equal(a.hash(), b.hash(), `${where} hash`);
      const what = random();
      if (what < 0.05 && !b.isCheck()) {
        hashStale = true;
        nulls++;
        assert.deepEqual(plain(a.move(null)), plain(b.move(null)), `${where} null`);
      } else if (what < 0.12) {
        const edit = safeEdit(random, b);
        // Most edits before the first move (a position being set up), some in the game.
        if (edit && a.history().length > 0) {
          if (g % 2 === 0 || random() < 0.7) continue;
          editedInGame = true;
        }
        if (edit?.remove) {
          assert.deepEqual(a.remove(edit.remove), b.remove(edit.remove), where);
          edits++;
        } else if (edit) {
          assert.equal(a.put(edit.put, edit.square), b.put(edit.put, edit.square), where);
          edits++;
        }
      } else if (what < 0.13) {
        const text = `note ${step} {x}`;
        a.setComment(text);
        b.setComment(text);
      } else if (what < 0.15) {
        assert.equal(a.removeComment(), b.removeComment(), where);
      } else if (what < 0.17) {
        const key = ["White", "Black", "Event", "ECO", "Annotator"][Math.floor(random() * 5)];
        assert.deepEqual(a.setHeader(key, `v${step}`), b.setHeader(key, `v${step}`), where);
      } else if (what < 0.18) {
        const key = ["White", "ECO", "Nope"][Math.floor(random() * 3)];
        assert.equal(a.removeHeader(key), b.removeHeader(key), where);
      } else if (what < 0.2 && (g % 2 === 1 || a.history().length === 0)) {
        const color = random() < 0.5 ? "w" : "b";
        const rights = { k: random() < 0.5, q: random() < 0.5 };
        hashStale = true;
        // An edit too: chess.js's replays bring the old rights back.
        if (a.history().length > 0) editedInGame = true;
        assert.equal(a.setCastlingRights(color, rights), b.setCastlingRights(color, rights), where);
      } else if (what < 0.25 && a.history().length > 0) {
        assert.deepEqual(plain(a.undo()), plain(b.undo()), `${where} undo`);
      } else {
        const legal = b.moves({ verbose: true });
        if (legal.length === 0) break;
        const pick = legal[Math.floor(random() * legal.length)];
        const form = random();
        const input =
          form < 0.6
            ? pick.san
            : form < 0.8
              ? { from: pick.from, to: pick.to, promotion: pick.promotion }
              : pick.lan;
        assert.deepEqual(
          plain(a.move(input)),
          plain(b.move(input)),
          `${where} move ${JSON.stringify(input)}`,
        );
      }
      steps++;
    }
    compare(a, b, `game ${g} end`, !editedInGame, !hashStale);
    assert.deepEqual(a.header(), b.header(), `game ${g} header()`);
    if (!editedInGame) {
      assert.deepEqual(a.history({ verbose: true }).map(plain), b.history({ verbose: true }).map(plain));
      assert.deepEqual(a.getComments(), b.getComments(), `game ${g} comments`);
      for (const maxWidth of [0, 20, 80]) {
        for (const newline of ["\n", "<br />"]) {
          const pgn = b.pgn({ maxWidth, newline });
          assert.equal(a.pgn({ maxWidth, newline }), pgn, `game ${g} pgn ${maxWidth}`);
        }
      }
      // Read back by both: the same game.
      const pgn = b.pgn();
      const a2 = new Chess();
      const b2 = new Oracle();
      const read = outcome(() => b2.loadPgn(pgn));
      if (!read.error) {
        a2.loadPgn(pgn);
        compare(a2, b2, `game ${g} reloaded`);
        assert.deepEqual(a2.getComments(), b2.getComments());
      }
      assert.deepEqual(a.removeComments(), b.removeComments());
      checked++;
    }
    a.clear();
    b.clear();
    compare(a, b, `game ${g} cleared`);
  }
  assert.ok(steps > 2000 && nulls > 20 && edits > 20, `${steps} steps, ${nulls} null moves, ${edits} edits`);
  assert.ok(checked > 20, `${checked} games written and read back`);
});

test("every game of tests/data/pgn is read and written back as chess.js does", () => {
  const dir = new URL("../../tests/data/pgn/", import.meta.url);
  let games = 0;
  let refused = 0;
  let lenient = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".pgn") && !n.startsWith("variants"))) {
    const text = readFileSync(new URL(name, dir), "latin1");
    // chess.js reads one game per call: cut at the tag sections.
    const parts = text.split(/\r?\n(?=\[Event )/).filter((p) => p.trim());
    for (const [i, part] of parts.entries()) {
      const where = `${name} game ${i}`;
      // chess.js plays standard chess only (a Chess960 start keeps castling rights whose
      // rooks are elsewhere: see "What differs" in docs/javascript.md).
      const variant = /\[Variant "([^"]*)"\]/.exec(part)?.[1];
      if (variant && !/^standard$/i.test(variant)) continue;
      const b = new Oracle();
      const a = new Chess();
      const theirs = outcome(() => b.loadPgn(part));
      const mine = outcome(() => a.loadPgn(part));
      games++;
      if (theirs.error) {
        // chess.js refuses it. For a move that is not legal, so does this package, with the
        // same message. Its own parser refuses some PGN the library's reader takes (a
        // comment before the first move number, null moves `--`, which chess.js writes but
        // cannot read back): those are read here, and must then agree with chess.js move by move.
        refused++;
        if (theirs.error.startsWith("Invalid")) {
          assert.equal(mine.error, theirs.error, where);
        } else if (!mine.error) {
          lenient++;
          assert.equal(new Chess().loadPgn(a.pgn()), undefined);
        }
        continue;
      }
      assert.equal(mine.error, undefined, `${where}: ${mine.error}`);
      assert.equal(a.fen(), b.fen(), where);
      assert.deepEqual(a.history(), b.history(), where);
      assert.deepEqual(a.getHeaders(), b.getHeaders(), where);
      assert.deepEqual(a.getComments(), b.getComments(), where);
      assert.equal(a.pgn(), b.pgn(), where);
      assert.equal(a.pgn({ maxWidth: 80 }), b.pgn({ maxWidth: 80 }), where);
    }
  }
  assert.ok(games > 150 && refused < games / 4, `${games} games, ${refused} refused`);
  assert.ok(lenient < 10, `${lenient} games read that chess.js's parser refuses`);
});

test("loadPgn's options and errors as chess.js's", () => {
  for (const [pgn, options] of [
    ["1. e4 e5 2. Nf3 *", {}],
    ["1. e4 e5 2. Nf3 *", { strict: true }],
    ["1. Pe2-e4 e5 *", {}],
    ["1. Pe2-e4 e5 *", { strict: true }],
    ["1. e4 e5 2. Ke3 *", {}],
    ['[SetUp "1"]\n\n1. e4 *', { strict: true }],
    ['[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1. Kb1 *', { strict: true }],
    ['[fen "4k3/8/8/8/8/8/8/4K3 b - - 0 1"]\n\n1... Kd7 *', {}],
    ["1. e4 e5|2. Nf3 Nc6 *", { newlineChar: "\\|" }],
    ["1. e4 -- 2. d4 *", {}],
    ["{only a comment} *", {}],
  ]) {
    const a = new Chess();
    const b = new Oracle();
    const theirs = outcome(() => b.loadPgn(pgn, options));
    const mine = outcome(() => a.loadPgn(pgn, options));
    const where = `${JSON.stringify(pgn)} ${JSON.stringify(options)}`;
    if (theirs.error?.startsWith("Expected")) {
      // chess.js's parser refuses a null move: read here (see the test above).
      assert.equal(mine.error, undefined, where);
      assert.deepEqual(a.history(), ["e4", "--", "d4"], where);
      continue;
    }
    assert.equal(mine.error, theirs.error, where);
    assert.equal(a.fen(), b.fen(), pgn);
    assert.deepEqual(a.history(), b.history(), pgn);
    assert.equal(a.pgn(), b.pgn(), pgn);
  }
});

test("skipValidation, put, remove and clear hold what chess.js holds", () => {
  for (const fen of [
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "bbbbkbbb/pppppppp/8/8/8/8/PPPPPPPP/BBBBKBBB w - - 0 1",
    "4k3/8/8/8/8/8/8/R7 w - - 0 1",
    "4k3/8/8/8/8/8/8/QQQQQQQQ w - - 0 1",
  ]) {
    const a = new Chess(fen, { skipValidation: true });
    const b = new Oracle(fen, { skipValidation: true });
    compare(a, b, fen);
    assert.equal(a.perft(2), b.perft(2), fen);
  }
  const a = new Chess();
  const b = new Oracle();
  for (const g of [a, b]) {
    g.clear();
    g.put({ type: "k", color: "w" }, "e1");
    g.put({ type: "k", color: "b" }, "e8");
    g.put({ type: "r", color: "w" }, "h1");
  }
  assert.equal(a.put({ type: "k", color: "w" }, "d1"), b.put({ type: "k", color: "w" }, "d1"));
  assert.equal(a.put({ type: "x", color: "w" }, "d1"), false);
  assert.equal(a.put({ type: "q", color: "w" }, "z9"), b.put({ type: "q", color: "w" }, "z9"));
  compare(a, b, "set up");
  assert.equal(a.setCastlingRights("w", { k: true }), b.setCastlingRights("w", { k: true }));
  assert.equal(a.setCastlingRights("w", { q: true }), b.setCastlingRights("w", { q: true }));
  compare(a, b, "castling");
  assert.deepEqual(a.getHeaders(), b.getHeaders());
  assert.equal(a.setTurn("b"), b.setTurn("b"));
  assert.equal(a.setTurn("b"), b.setTurn("b"));
  compare(a, b, "turn");
  assert.equal(a.remove("z9"), undefined);
});
