// Perft, divide, statistics and Polyglot keys against independent oracles: chess.js's own
// perft and leaf enumeration, and the repository's Stockfish-made perft data (tests/data).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess as Oracle } from "chess.js";
import { Chess, Position } from "../full.js";
import { epd, data } from "./helpers.mjs";

const CPW = epd("standard.epd");

test("perft of the CPW positions equals chess.js's perft (depth 1-3)", () => {
  for (const { fen } of CPW) {
    const theirs = new Oracle(fen);
    const ours = new Chess(fen);
    for (let depth = 1; depth <= 3; depth++) {
      assert.equal(ours.perft(depth), theirs.perft(depth), `${fen} depth ${depth}`);
    }
  }
});

test("perft of the CPW positions equals the published counts up to 5 million nodes", () => {
  for (const { fen, counts } of CPW) {
    const position = new Position(fen);
    counts.forEach((count, i) => {
      if (count <= 5_000_000) assert.equal(position.perft(i + 1), count, `${fen} depth ${i + 1}`);
    });
  }
  assert.equal(new Chess().perft(0), 1);
});

test("Chess960 perft equals the published counts (all 42 positions)", () => {
  const positions = epd("chess960.epd");
  assert.equal(positions.length, 42);
  for (const { fen, counts } of positions) {
    const game = new Chess(fen, { chess960: true });
    assert.ok(game.isChess960());
    counts.forEach((count, i) => {
      if (count <= 2_000_000) assert.equal(game.perft(i + 1), count, `${fen} depth ${i + 1}`);
    });
    assert.equal(new Position(fen, { chess960: true }).perft(1), counts[0]);
  }
});

test("the suite's perft counts (castling, en passant, checks) up to 200,000 nodes", () => {
  for (const { fen, counts } of epd("suite.epd")) {
    const position = new Position(fen);
    counts.forEach((count, i) => {
      if (count <= 200_000) assert.equal(position.perft(i + 1), count, `${fen} depth ${i + 1}`);
    });
  }
});

test("divide: chess.js's legal moves, each with chess.js's perft below it", () => {
  for (const { fen } of CPW) {
    const ours = new Chess(fen);
    const theirs = new Oracle(fen);
    const split = ours.divide(3);
    const legal = theirs.moves({ verbose: true });
    assert.deepEqual([...split.keys()].sort(), legal.map((m) => m.lan).sort(), fen);
    for (const move of legal) {
      theirs.move(move.san);
      assert.equal(split.get(move.lan), theirs.perft(2), `${fen} ${move.lan}`);
      theirs.undo();
    }
    assert.equal(
      [...split.values()].reduce((a, b) => a + b, 0),
      ours.perft(3),
    );
  }
});

// The statistics chess.js can give by walking every leaf: what the last move was, and
// whether the leaf is check, mate or stalemate.
function oracleStats(chess, depth) {
  const stats = {
    nodes: 0,
    captures: 0,
    en_passant: 0,
    castles: 0,
    promotions: 0,
    checks: 0,
    checkmates: 0,
    stalemates: 0,
  };
  const walk = (d) => {
    for (const move of chess.moves({ verbose: true })) {
      chess.move(move.san);
      if (d === 1) {
        stats.nodes++;
        if (move.isCapture() || move.isEnPassant()) stats.captures++;
        if (move.isEnPassant()) stats.en_passant++;
        if (move.isKingsideCastle() || move.isQueensideCastle()) stats.castles++;
        if (move.isPromotion()) stats.promotions++;
        if (chess.inCheck()) stats.checks++;
        if (chess.isCheckmate()) stats.checkmates++;
        if (chess.isStalemate()) stats.stalemates++;
      } else {
        walk(d - 1);
      }
      chess.undo();
    }
  };
  walk(depth);
  return stats;
}

test("perftStats: the library's field names, counts as chess.js's leaf walk gives them", () => {
  for (const { fen } of CPW) {
    for (const depth of [1, 2]) {
      const ours = new Chess(fen).perftStats(depth);
      const theirs = oracleStats(new Oracle(fen), depth);
      for (const [name, value] of Object.entries(theirs))
        assert.equal(ours[name], value, `${fen} ${depth} ${name}`);
      assert.equal(
        ours.discovered_checks + ours.direct_checks + ours.direct_discovered_checks,
        ours.checks - ours.double_discovered_checks,
      );
    }
  }
  const names = Object.keys(new Chess().perftStats(1));
  assert.deepEqual(names.slice(0, 5), ["nodes", "captures", "en_passant", "castles", "promotions"]);
});

test("divideStats adds up to perftStats (depth 1 to 3)", () => {
  for (const { fen } of CPW) {
    for (const depth of [1, 2, 3]) {
      const total = {};
      for (const stats of new Chess(fen).divideStats(depth).values()) {
        for (const [name, value] of Object.entries(stats)) total[name] = (total[name] ?? 0) + value;
      }
      assert.deepEqual(total, new Chess(fen).perftStats(depth), `${fen} depth ${depth}`);
    }
  }
});

test("divideStats: per root move, each the statistics of the child position", () => {
  const fen = CPW[1].fen;
  const split = new Chess(fen).divideStats(2);
  assert.equal(split.size, 48);
  for (const [uci, stats] of split) {
    const child = new Position(fen).play(uci);
    assert.deepEqual(stats, child.perftStats(1), uci);
  }
});

test("polyglotKey equals python-chess's Polyglot keys", () => {
  const rows = data("polyglot-keys.txt")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"));
  assert.ok(rows.length >= 8);
  for (const row of rows) {
    const [key, fen, moves] = row.split(" | ").map((s) => s.trim());
    assert.equal(new Chess(fen).polyglotKey(), BigInt("0x" + key), fen);
    const game = new Chess();
    if (moves !== "-") for (const uci of moves.split(" ")) game.move(uci);
    assert.equal(game.polyglotKey(), BigInt("0x" + key), moves);
    assert.equal(typeof game.polyglotKey(), "bigint");
  }
});

test("Position: UCI in and out, SAN conversions, clone independence", () => {
  const position = new Position();
  assert.equal(position.legalMoves().length, 20);
  assert.equal(position.countMoves(), 20);
  const copy = position.clone();
  position.play("e2e4").play("e7e5");
  assert.equal(copy.fen(), new Chess().fen());
  assert.equal(position.san("g1f3"), "Nf3");
  assert.equal(position.parseSan("Nc3"), "b1c3");
  assert.equal(position.turn(), "w");
  const theirs = new Oracle(position.fen());
  assert.deepEqual(position.legalMovesSan().sort(), theirs.moves().sort());
  assert.deepEqual(
    position.legalMoves().sort(),
    theirs
      .moves({ verbose: true })
      .map((m) => m.lan)
      .sort(),
  );
  const mate = new Position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  assert.ok(mate.isCheckmate() && mate.isCheck() && !mate.isStalemate());
  assert.deepEqual(mate.legalMoves(), []);
});
