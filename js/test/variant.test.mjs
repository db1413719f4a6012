// The lichess variants ({ variant: NAME }) against independent oracles: scalachess's perft
// suites (tests/data/variants) and python-chess 1.11.2, whose random games, legal moves, SAN,
// FEN, keys, status and outcome at every ply are in test/data/variant-games.json (written once
// by scripts/variant_games.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Chess, Position, IllegalMoveError } from "../full.js";
import { rng, data, epd } from "./helpers.mjs";

const FIXTURE = JSON.parse(readFileSync(new URL("./data/variant-games.json", import.meta.url), "utf8"));
const VARIANTS = ["atomic", "antichess", "crazyhouse", "3check", "kingofthehill", "horde", "racingkings"];

/** The positions of a `.perft` file: `{ id, fen, counts: [[depth, nodes], ...] }`. */
function perftBlocks(name) {
  const blocks = [];
  for (const line of data(`variants/${name}.perft`).split("\n")) {
    const [word, ...rest] = line.trim().split(" ");
    if (word === "id") blocks.push({ id: rest.join(" "), counts: [] });
    else if (word === "epd") blocks.at(-1).fen = rest.join(" ");
    else if (word === "perft") blocks.at(-1).counts.push([Number(rest[0]), Number(rest[1])]);
  }
  return blocks;
}

test("the names: UCI's and lichess's, any case; the variant getters give the UCI name", () => {
  const names = {
    chess: "chess",
    Standard: "chess",
    "From Position": "chess",
    atomic: "atomic",
    Atomic: "atomic",
    antichess: "antichess",
    Giveaway: "antichess",
    crazyhouse: "crazyhouse",
    ZH: "crazyhouse",
    "3check": "3check",
    "Three-check": "3check",
    kingofthehill: "kingofthehill",
    "King of the Hill": "kingofthehill",
    KOTH: "kingofthehill",
    horde: "horde",
    HORDE: "horde",
    racingkings: "racingkings",
    "Racing Kings": "racingkings",
    racing_kings: "racingkings",
  };
  for (const [name, uci] of Object.entries(names)) {
    assert.equal(new Chess(undefined, { variant: name }).variant, uci, name);
    assert.equal(new Position(undefined, { variant: name }).variant, uci, name);
  }
  assert.equal(new Chess().variant, "chess");
  assert.equal(new Position().variant, "chess");
  // lichess's "Chess960" is standard chess with Chess960 castling.
  const frc = new Chess("bbrkrnnq/pppppppp/8/8/8/8/PPPPPPPP/BBRKRNNQ w ECec - 0 1", { variant: "Chess960" });
  assert.ok(frc.isChess960() && frc.variant === "chess");
  assert.equal(frc.perft(3), 10156);
  assert.equal(new Chess(undefined, { variant: "standard" }).fen(), new Chess().fen());
});

test("the start positions are the variants' own, in each variant's FEN form", () => {
  const starts = {
    atomic: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    antichess: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    crazyhouse: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "3check": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    kingofthehill: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    horde: "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    racingkings: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
  };
  for (const variant of VARIANTS) {
    const game = new Chess(undefined, { variant });
    assert.equal(game.fen(), starts[variant], variant);
    assert.equal(new Position(undefined, { variant }).fen(), starts[variant], variant);
    assert.equal(FIXTURE.variants[variant][0].fen, starts[variant], `${variant}: python-chess's start`);
    game.move(game.moves()[0]);
    game.reset();
    assert.equal(game.fen(), starts[variant], `${variant} reset`);
    game.load(starts.racingkings === starts[variant] ? starts[variant] : game.fen());
    assert.equal(game.variant, variant);
  }
});

test("perft of every variant suite (scalachess's, tests/data/variants) up to 300,000 nodes", () => {
  let checked = 0;
  for (const variant of ["atomic", "antichess", "crazyhouse", "3check", "horde", "racingkings"]) {
    const blocks = perftBlocks(variant);
    assert.ok(blocks.length >= 2, variant);
    for (const { id, fen, counts } of blocks) {
      const position = new Position(fen, { variant });
      const game = new Chess(fen, { variant });
      for (const [depth, nodes] of counts) {
        if (nodes > 300_000) continue;
        assert.equal(position.perft(depth), nodes, `${variant} ${id} depth ${depth}`);
        if (depth <= 2) assert.equal(game.perft(depth), nodes, `${variant} ${id} depth ${depth}`);
        checked++;
      }
      const [depth, nodes] = counts[0];
      const split = game.divide(depth);
      assert.equal(
        [...split.values()].reduce((a, b) => a + b, 0),
        nodes,
        `${variant} ${id} divide ${depth}`,
      );
      if (depth === 1) assert.deepEqual([...split.keys()].sort(), position.legalMoves().sort(), id);
    }
  }
  assert.ok(checked >= 50, `${checked} counts checked`);
});

test("the start of crazyhouse, three-check and king of the hill, and king of the hill's published position", () => {
  // Up to depth 4 none of their rules can come into play from the start (no drop before the
  // fifth ply, no third check, no king on the hill): standard chess's counts (standard.epd).
  const standard = epd("standard.epd")[0];
  for (const variant of ["crazyhouse", "3check", "kingofthehill"]) {
    const position = new Position(undefined, { variant });
    for (let depth = 1; depth <= 4; depth++) {
      assert.equal(position.perft(depth), standard.counts[depth - 1], `${variant} depth ${depth}`);
    }
  }
  // King of the hill has no suite file: its README publishes one count (Fairy-Stockfish's).
  const published = /Published: `([^`]+)`\s+perft (\d) = (\d+)/.exec(data("variants/README.md"));
  assert.ok(published, "the published king of the hill count");
  const [, fen, depth, nodes] = published;
  assert.equal(new Position(fen, { variant: "King of the Hill" }).perft(Number(depth)), Number(nodes));
});

const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (list) => [...list].sort(byName);
const words = (text) => (text === "" ? [] : text.split(" "));

// Status, outcome and key of a Chess or Position against python-chess's, at one ply.
function compareStatus(ours, ply, where, { history }) {
  assert.equal(ours.fen(), ply.fen, where);
  assert.equal(ours.isCheck(), ply.check, `${where} check`);
  assert.equal(ours.isCheckmate(), ply.checkmate, `${where} checkmate`);
  assert.equal(ours.isStalemate(), ply.stalemate, `${where} stalemate`);
  assert.equal(ours.isInsufficientMaterial(), ply.insufficient, `${where} insufficient material`);
  assert.equal(ours.isVariantEnd(), ply.variantEnd, `${where} variant end`);
  assert.equal(ours.isVariantWin(), ply.variantWin, `${where} variant win`);
  assert.equal(ours.isVariantLoss(), ply.variantLoss, `${where} variant loss`);
  assert.equal(ours.isVariantDraw(), ply.variantDraw, `${where} variant draw`);
  assert.equal(ours.polyglotKey(), BigInt("0x" + ply.key), `${where} key`);
  assert.equal(ours.turn(), ply.fen.split(" ")[1], where);
  let outcome = ply.outcome;
  if (history) {
    assert.equal(ours.isThreefoldRepetition(), ply.threefold, `${where} threefold`);
    // python-chess's outcome() leaves the threefold rule to claim_draw; ours counts it.
    if (outcome === null && ply.threefold) outcome = { winner: null, termination: "threefold_repetition" };
    assert.equal(ours.isGameOver(), outcome !== null, `${where} game over`);
    assert.equal(ours.isDraw(), outcome !== null && outcome.winner === null, `${where} draw`);
    assert.equal(ours.isDrawByFiftyMoves(), false, where);
  } else if (outcome?.termination === "threefold_repetition") {
    outcome = null;
  }
  assert.deepEqual(ours.outcome(), outcome, `${where} outcome`);
}

// A move as a player might give it: SAN, UCI, or an object ({ from, to, promotion }, { piece, to }
// or the verbose Move itself).
function input(game, ply, random) {
  const form = random();
  if (form < 0.5) return ply.move.san;
  if (form < 0.7) return ply.move.uci;
  const move = game.moves({ verbose: true }).find((m) => m.lan === ply.move.uci);
  if (form < 0.85) return move;
  return move.isDrop()
    ? { piece: move.piece, to: move.to }
    : { from: move.from, to: move.to, promotion: move.promotion };
}

test("random games of every variant agree with python-chess move by move (Chess)", () => {
  const random = rng(44);
  let plies = 0;
  for (const variant of VARIANTS) {
    for (const [g, recorded] of FIXTURE.variants[variant].entries()) {
      const game = new Chess(recorded.fen, { variant });
      const fens = [];
      for (const [i, ply] of recorded.plies.entries()) {
        const where = `${variant} game ${g} ply ${i} ${ply.fen}`;
        compareStatus(game, ply, where, { history: true });
        assert.deepEqual(sorted(game.moves()), words(ply.san), `${where} SAN`);
        const verbose = game.moves({ verbose: true });
        assert.deepEqual(sorted(verbose.map((m) => m.lan)), words(ply.uci), `${where} UCI`);
        for (const m of verbose) {
          assert.equal(m.before, ply.fen);
          assert.equal(m.color, ply.fen.split(" ")[1]);
        }
        fens.push(ply.fen);
        plies++;
        if (!ply.move) continue;
        const played = game.move(input(game, ply, random));
        assert.equal(played.san, ply.move.san, where);
        assert.equal(played.lan, ply.move.uci, where);
        assert.equal(played.after, recorded.plies[i + 1].fen, where);
        if (random() < 0.1) {
          assert.equal(game.undo().san, ply.move.san, `${where} undo`);
          assert.equal(game.fen(), ply.fen, `${where} undo`);
          game.move(ply.move.san);
        }
      }
      const sans = recorded.plies.filter((p) => p.move).map((p) => p.move.san);
      assert.deepEqual(game.history(), sans, `${variant} game ${g} history`);
      const history = game.history({ verbose: true });
      assert.deepEqual(
        history.map((m) => m.before),
        fens.slice(0, sans.length),
      );
      assert.deepEqual(
        history.map((m) => m.after),
        fens.slice(1, sans.length + 1),
      );
      // Unwind the whole game.
      for (let i = sans.length - 1; i >= 0; i--) {
        assert.equal(game.undo().san, sans[i]);
        assert.equal(game.fen(), fens[i], `${variant} game ${g} unwinding`);
      }
      assert.equal(game.undo(), null);
    }
  }
  assert.ok(plies > 1000, `${plies} plies`);
});

test("random games of every variant agree with python-chess move by move (Position)", () => {
  for (const variant of VARIANTS) {
    for (const [g, recorded] of FIXTURE.variants[variant].entries()) {
      const position = new Position(recorded.fen, { variant });
      for (const [i, ply] of recorded.plies.entries()) {
        const where = `${variant} game ${g} ply ${i} ${ply.fen}`;
        compareStatus(position, ply, where, { history: false });
        assert.deepEqual(sorted(position.legalMoves()), words(ply.uci), `${where} UCI`);
        assert.deepEqual(sorted(position.legalMovesSan()), words(ply.san), `${where} SAN`);
        assert.equal(position.countMoves(), words(ply.uci).length, where);
        if (!ply.move) continue;
        assert.equal(position.san(ply.move.uci), ply.move.san, where);
        assert.equal(position.parseSan(ply.move.san), ply.move.uci, where);
        if (i % 7 === 0) {
          // A copy goes its own way; the original is untouched.
          const copy = position.clone().play(ply.move.uci);
          assert.equal(copy.fen(), recorded.plies[i + 1].fen);
          assert.equal(copy.variant, variant);
          assert.equal(position.fen(), ply.fen);
        }
        position.play(ply.move.uci);
      }
    }
  }
});

test("positions where the game is over (or nearly) each variant's way, as python-chess judges them", () => {
  let over = 0;
  for (const variant of VARIANTS) {
    for (const ply of FIXTURE.endings[variant]) {
      for (const ours of [new Chess(ply.fen, { variant }), new Position(ply.fen, { variant })]) {
        compareStatus(ours, ply, `${variant} ${ply.fen}`, { history: ours instanceof Chess });
      }
      const game = new Chess(ply.fen, { variant });
      assert.deepEqual(sorted(game.moves()), words(ply.san), ply.fen);
      if (ply.outcome) over++;
    }
  }
  assert.ok(over >= 10, `${over} finished positions`);
});

test("drops: Move objects, SAN and UCI, filters, pockets", () => {
  const zh = new Chess("4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1", { variant: "crazyhouse" });
  assert.deepEqual(zh.pockets(), {
    w: { p: 1, n: 1, b: 0, r: 0, q: 0 },
    b: { p: 0, n: 0, b: 0, r: 0, q: 1 },
  });
  const drops = zh.moves({ verbose: true }).filter((m) => m.isDrop());
  assert.equal(drops.length, 62 + 48);
  const knight = drops.find((m) => m.lan === "N@d6");
  assert.deepEqual(
    { ...knight },
    {
      color: "w",
      from: "d6",
      to: "d6",
      piece: "n",
      captured: undefined,
      promotion: undefined,
      flags: "d",
      san: "N@d6+",
      lan: "N@d6",
      before: "4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1",
      after: "4k3/8/3N4/8/8/8/8/4K3[Pq] b - - 1 1",
    },
  );
  assert.ok(!knight.isCapture() && !knight.isPromotion() && !knight.isCastle());
  assert.equal(drops.find((m) => m.lan === "P@e4").san, "@e4");
  // A drop comes from no square: a square filter keeps board moves only; a piece filter keeps
  // the drops of that piece.
  assert.deepEqual(sorted(zh.moves({ square: "e1" })), ["Kd1", "Kd2", "Ke2", "Kf1", "Kf2"]);
  assert.equal(zh.moves({ piece: "n" }).length, 62);
  assert.ok(zh.moves({ piece: "n" }).every((san) => san.startsWith("N@")));
  // Every way to give a drop.
  for (const move of ["N@f3", "n@f3", { piece: "n", to: "f3" }, { piece: "N", to: "f3" }, knight]) {
    const played = zh.move(move);
    assert.ok(played.isDrop() && played.piece === "n", JSON.stringify(move));
    assert.equal(zh.pockets().w.n, 0);
    zh.undo();
  }
  assert.equal(zh.move("@e4").lan, "P@e4");
  assert.equal(zh.move("Q@b4").san, "Q@b4+");
  assert.deepEqual(zh.pockets(), {
    w: { p: 0, n: 1, b: 0, r: 0, q: 0 },
    b: { p: 0, n: 0, b: 0, r: 0, q: 0 },
  });
  assert.deepEqual(zh.history(), ["@e4", "Q@b4+"]);
  // The Position: UCI drops.
  const position = new Position("4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1", { variant: "zh" });
  assert.ok(position.legalMoves().includes("N@f3") && position.legalMoves().includes("P@e4"));
  assert.equal(position.san("P@e4"), "@e4");
  assert.equal(position.parseSan("@e4"), "P@e4");
  assert.equal(position.play("N@f3").fen(), "4k3/8/8/8/8/5N2/8/4K3[Pq] b - - 1 1");
  assert.deepEqual(position.pockets().b, { p: 0, n: 0, b: 0, r: 0, q: 1 });
  // No pockets outside crazyhouse.
  assert.equal(new Chess().pockets(), null);
  assert.equal(new Chess(undefined, { variant: "atomic" }).pockets(), null);
});

test("three-check counters, antichess king promotions, atomic explosions", () => {
  const three = new Chess(undefined, { variant: "Three-check" });
  assert.deepEqual(three.remainingChecks(), { w: 3, b: 3 });
  for (const san of ["e4", "e5", "Bc4", "Nc6", "Bxf7+"]) three.move(san);
  assert.deepEqual(three.remainingChecks(), { w: 2, b: 3 });
  assert.ok(three.fen().includes(" 2+3 "));
  assert.equal(new Chess().remainingChecks(), null);
  assert.equal(new Position(undefined, { variant: "3check" }).remainingChecks().b, 3);
  // lichess's counters (checks given, after the move counters) are read too.
  const lichess = new Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0", {
    variant: "3check",
  });
  assert.deepEqual(lichess.remainingChecks(), { w: 1, b: 3 });

  const anti = new Chess("8/4P3/8/8/8/8/8/k7 w - - 0 1", { variant: "antichess" });
  const king = anti.move({ from: "e7", to: "e8", promotion: "k" });
  assert.equal(king.san, "e8=K");
  assert.ok(king.isPromotion() && king.promotion === "k");
  assert.equal(anti.undo().lan, "e7e8k");
  assert.equal(anti.move("e8=K").lan, "e7e8k");

  // A capture explodes the capturer and every piece but pawns around the square.
  const atomic = new Chess("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", {
    variant: "atomic",
  });
  const capture = atomic.move("exd5");
  assert.ok(capture.isCapture() && capture.captured === "p");
  assert.equal(atomic.fen(), "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  assert.equal(atomic.get("d5"), undefined);
});

test("repetition, the fifty-move rule and a win on the hundredth half-move", () => {
  const game = new Chess(undefined, { variant: "kingofthehill" });
  for (const san of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]) game.move(san);
  assert.ok(!game.isThreefoldRepetition());
  game.move("Ng8");
  assert.ok(game.isThreefoldRepetition() && game.isDraw() && game.isGameOver());
  assert.deepEqual(game.outcome(), { winner: null, termination: "threefold_repetition" });
  game.undo();
  assert.ok(!game.isGameOver());

  const fifty = new Chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", { variant: "3check" });
  fifty.move("Rb1");
  assert.ok(fifty.isDrawByFiftyMoves() && fifty.isDraw() && fifty.isGameOver());
  assert.deepEqual(fifty.outcome(), { winner: null, termination: "fifty_moves" });
  // Reaching the hill on the hundredth half-move wins: no draw then.
  const hill = new Chess("4k3/8/8/8/8/4K3/8/8 w - - 99 80", { variant: "kingofthehill" });
  hill.move("Kd4");
  assert.ok(!hill.isDrawByFiftyMoves() && !hill.isDraw() && hill.isGameOver() && hill.isVariantLoss());
  assert.deepEqual(hill.outcome(), { winner: "w", termination: "variant_loss" });
  // Standard chess has the same outcome(), from chess.js's status.
  const mate = new Chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  assert.deepEqual(mate.outcome(), { winner: "b", termination: "checkmate" });
  assert.equal(new Chess().outcome(), null);
  assert.ok(!new Chess().isVariantEnd());
});

test("a variant game's errors: illegal moves change nothing; statistics are refused", () => {
  const zh = new Chess(undefined, { variant: "crazyhouse" });
  const fen = zh.fen();
  for (const move of [
    "N@f3",
    "P@e4",
    "@e4",
    "Q@e2",
    "K@e4",
    "N@e9",
    "e2e5",
    { piece: "n", to: "f3" },
    { piece: "k", to: "e4" },
  ]) {
    assert.throws(
      () => zh.move(move),
      (e) =>
        e instanceof IllegalMoveError &&
        e.message === `Invalid move: ${typeof move === "string" ? move : JSON.stringify(move)}`,
      JSON.stringify(move),
    );
    assert.equal(zh.fen(), fen);
  }
  const position = new Position(undefined, { variant: "crazyhouse" });
  assert.throws(() => position.play("N@f3"), IllegalMoveError);
  assert.throws(() => position.san("P@e4"), IllegalMoveError);
  assert.throws(() => position.parseSan("N@f3"), IllegalMoveError);
  assert.equal(position.fen(), fen);
  for (const run of ["perftStats", "divideStats"]) {
    assert.throws(
      () => zh[run](2),
      (e) => e instanceof RangeError && /standard chess/.test(e.message),
    );
    assert.throws(() => position[run](2), RangeError);
  }
});
