// The JavaScript Engine against the npm `stockfish` package run by Node, and against
// transports that fail: one that dies mid-search, one that hangs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Chess } from "../index.js";
import {
  Engine,
  EngineTerminatedError,
  EngineTimeoutError,
  Score,
  nodeTransport,
  parseUciLine,
  positionCommand,
} from "../uci-engine.js";
import { Chess as ChessJs } from "chess.js";

const stockfish = fileURLToPath(
  new URL("../node_modules/stockfish/bin/stockfish-19-lite-single.js", import.meta.url),
);

test("lines are read by bitmove's parser", () => {
  const info = parseUciLine(
    "info depth 12 multipv 2 score mate -3 upperbound wdl 0 5 995 nodes 900 time 40 pv e2e4 e7e5",
  );
  assert.equal(info.type, "info");
  assert.deepEqual([info.depth, info.multipv, info.nodes, info.time], [12, 2, 900, 40]);
  assert.ok(info.score instanceof Score);
  assert.deepEqual([info.score.kind, info.score.value, info.score.bound], ["mate", -3, "upperbound"]);
  assert.equal(info.score.white("b").value, 3);
  assert.equal(info.score.white("b").bound, "lowerbound");
  assert.deepEqual(info.wdl, [0, 5, 995]);
  assert.deepEqual(info.pv, ["e2e4", "e7e5"]);
  // A float crosses exactly (as its bits): python-chess reads `ebf` as a float.
  assert.equal(parseUciLine("info depth 3 ebf 1.75").ebf, 1.75);
  assert.equal(parseUciLine("info depth 3 ebf 0.1").ebf, 0.1);
  assert.deepEqual(parseUciLine("bestmove (none)"), { type: "bestmove", bestmove: null, ponder: null });
  const option = parseUciLine("option name Skill Level type spin default 20 min 0 max 20");
  assert.deepEqual(
    [option.name, option.kind, option.default, option.min, option.max],
    ["Skill Level", "spin", 20, 0, 20],
  );
  assert.equal(parseUciLine("option name X type slider").type, "error");
  assert.equal(parseUciLine("\u0000garbage\ufffd").type, "other");
});

test("stockfish (npm) analyses and plays legal moves", { timeout: 60000 }, async () => {
  const engine = await Engine.start(nodeTransport(process.execPath, [stockfish]), { timeout: 20000 });
  try {
    assert.match(engine.id.name, /Stockfish/);
    assert.ok(engine.options.Hash && engine.options.MultiPV);
    await engine.configure({ Hash: 16 });
    let events = 0;
    engine.on("info", () => events++);
    const mate = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    const result = await engine.analyse(mate, { depth: 5, multipv: 2 });
    assert.equal(result.bestmove, "h5f7");
    assert.equal(result.lines.length, 2);
    assert.deepEqual([result.lines[0].score.kind, result.lines[0].score.value], ["mate", 1]);
    assert.ok(events >= result.infos.length && events > 0);
    const chess = new Chess();
    chess.move("e4");
    const { bestmove } = await engine.play(chess, { nodes: 2000, multipv: 1 });
    const legal = chess.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ""));
    assert.ok(legal.includes(bestmove), bestmove);
    for (const info of result.infos) {
      if (!info.pv) continue;
      const board = new Chess(mate);
      for (const m of info.pv) board.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    }
  } finally {
    await engine.quit();
  }
});

function script(body) {
  const dir = mkdtempSync(join(tmpdir(), "bitmove-uci-"));
  const path = join(dir, "engine.sh");
  writeFileSync(path, body);
  return path;
}

test("a transport that dies mid-search is a typed error", { timeout: 20000 }, async () => {
  const path = script(
    'while read -r line; do case "$line" in uci) echo "id name Dies"; echo uciok;; isready) echo readyok;; go*) echo "info depth 1 score cp 3 pv e2e4"; exit 3;; esac; done\n',
  );
  const engine = await Engine.start(nodeTransport("sh", [path]), { timeout: 5000 });
  assert.equal(engine.id.name, "Dies");
  await assert.rejects(engine.analyse("8/8/8/8/8/8/8/K6k w - - 0 1", { depth: 3 }), (e) => {
    assert.ok(e instanceof EngineTerminatedError, String(e));
    assert.match(e.message, /code 3/);
    return true;
  });
});

test("an engine that never answers times out", { timeout: 20000 }, async () => {
  const path = script("while read -r line; do :; done\n");
  const started = Date.now();
  await assert.rejects(Engine.start(nodeTransport("sh", [path]), { timeout: 300 }), EngineTimeoutError);
  assert.ok(Date.now() - started < 5000);
});

test("a game goes to the engine as its first position and its moves, as chess.js games do", async () => {
  const start = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  const moves = ["Ng1", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "exf5"].slice(0, 8);
  const ours = new Chess(start);
  const theirs = new ChessJs(start);
  for (const san of moves) {
    ours.move(san);
    theirs.move(san);
  }
  const expected = `position fen ${start} moves f3g1 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8`;
  assert.equal(positionCommand(theirs), expected);
  assert.equal(positionCommand(ours), expected);
  const promoting = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
  const game = new Chess(promoting);
  game.move("a8=Q");
  assert.equal(positionCommand(game), `position fen ${promoting} moves a7a8q`);
  // No history, a FEN, a Chess960 game, a null move: the FEN alone.
  assert.equal(positionCommand(new Chess()), `position fen ${new Chess().fen()}`);
  assert.equal(positionCommand(start), `position fen ${start}`);
  const frc = new Chess("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {
    chess960: true,
  });
  frc.move("a4");
  assert.equal(positionCommand(frc), `position fen ${frc.fen()}`);
  const passed = new Chess();
  passed.move("e4");
  passed.move(null);
  assert.equal(positionCommand(passed), `position fen ${passed.fen()}`);

  // What the engine receives: a script that echoes its last position command back.
  const path = script(
    'while read -r line; do case "$line" in uci) echo uciok;; isready) echo readyok;; position*) pos="$line";; go*) echo "info string $pos"; echo "bestmove e2e4";; quit) exit 0;; esac; done\n',
  );
  const engine = await Engine.start(nodeTransport("sh", [path]), { timeout: 5000 });
  try {
    const { infos } = await engine.analyse(ours, { nodes: 1 });
    assert.equal(infos[0].string, expected);
  } finally {
    await engine.quit();
  }
});
