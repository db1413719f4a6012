// bitmove against chess.js and chessops in Node, one thread, node counts checked.
//   node bench/peers.mjs [--games N] [--positions N] [--quick]
// 1. perft: each library's own perft on the six CPW positions (counts checked against
//    tests/data/standard.epd);
// 2. listing moves over positions from seeded random games: SAN (`moves()`) and verbose
//    objects (`moves({ verbose: true })`), bitmove's lists checked equal to chess.js's;
// 3. seeded random games with `isGameOver()` each ply (the move picked by index into the
//    sorted SAN list, so both libraries play the same games: plies checked equal);
// 4. PGN: every standard game of the real collections in ../shared/games (or the files named
//    after --pgn; else tests/data/pgn) read with `loadPgn` and written with `pgn()` by both,
//    the histories and the texts checked equal (games chess.js's parser refuses are left out;
//    the fastest of three interleaved rounds).
import { Chess as ChessJs } from "chess.js";
import { Chess as Chessops } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { perft as chessopsPerft } from "chessops/debug";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { Chess } from "../index.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const quick = args.includes("--quick");
const GAMES = option("--games", quick ? 200 : 10_000);
const POSITIONS = option("--positions", quick ? 300 : 3_000);

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function time(fn) {
  const start = process.hrtime.bigint();
  const result = fn();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

// A run too short to time on its own: repeated for at least a quarter second, the mean kept.
function timeRepeated(fn) {
  let runs = 0;
  let result;
  const start = process.hrtime.bigint();
  let seconds = 0;
  while (seconds < 0.25) {
    result = fn();
    runs++;
    seconds = Number(process.hrtime.bigint() - start) / 1e9;
  }
  return { result, seconds: seconds / runs };
}

const rows = [];
function row(name, ours, peers) {
  const cells = { name, bitmove: ours };
  for (const [peer, seconds] of Object.entries(peers)) cells[peer] = seconds;
  rows.push(cells);
  const ratios = Object.entries(peers)
    .map(([peer, seconds]) => `${(seconds / ours).toFixed(1)}x ${peer}`)
    .join(", ");
  console.log(`${name}: bitmove ${ours.toFixed(3)} s; ${ratios}`);
}

// 1. Perft.
const cpw = readFileSync(new URL("../../tests/data/standard.epd", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [fen, ...rest] = l.split(" ;");
    return { fen: fen.trim(), counts: rest.map((p) => Number(p.trim().split(" ")[1])) };
  })
  // standard.epd: CPW 1-4, CPW 4 mirrored, CPW 5, CPW 6; the mirror is left out.
  .filter((_, i) => i !== 4);
// Depths where chess.js takes a second or two.
const depths = quick ? [3, 3, 4, 3, 3, 3] : [4, 3, 5, 4, 3, 3];
// Warm up each library (JIT tiers, lazily built tables) before timing.
for (const { fen } of cpw) {
  new Chess(fen).perft(2);
  new ChessJs(fen).perft(2);
  chessopsPerft(Chessops.fromSetup(parseFen(fen).unwrap()).unwrap(), 2, false);
}
let totals = { bitmove: 0, "chess.js": 0, chessops: 0, nodes: 0 };
cpw.forEach(({ fen, counts }, i) => {
  const depth = depths[i];
  const expected = counts[depth - 1];
  const ours = timeRepeated(() => new Chess(fen).perft(depth));
  const js = time(() => new ChessJs(fen).perft(depth));
  const pos = Chessops.fromSetup(parseFen(fen).unwrap()).unwrap();
  const ops = time(() => chessopsPerft(pos, depth, false));
  for (const [name, run] of [
    ["bitmove", ours],
    ["chess.js", js],
    ["chessops", ops],
  ]) {
    if (run.result !== expected)
      throw new Error(`${name} perft ${fen} depth ${depth}: ${run.result} != ${expected}`);
  }
  totals.bitmove += ours.seconds;
  totals["chess.js"] += js.seconds;
  totals.chessops += ops.seconds;
  totals.nodes += expected;
  console.log(
    `  CPW ${i + 1} depth ${depth}: ${expected} nodes; bitmove ${(expected / ours.seconds / 1e6).toFixed(1)} M/s, ` +
      `chess.js ${(expected / js.seconds / 1e6).toFixed(2)} M/s, chessops ${(expected / ops.seconds / 1e6).toFixed(2)} M/s`,
  );
});
row(`perft, six CPW positions (${totals.nodes} nodes)`, totals.bitmove, {
  "chess.js": totals["chess.js"],
  chessops: totals.chessops,
});

// 2. Listing moves over positions from seeded random games.
const random = rng(42);
const fens = [];
while (fens.length < POSITIONS) {
  const game = new Chess();
  for (let ply = 0; ply < 80 && !game.isGameOver() && fens.length < POSITIONS; ply++) {
    const moves = game.moves();
    game.move(moves[Math.floor(random() * moves.length)]);
    if (ply % 4 === 1) fens.push(game.fen());
  }
}
const oursGames = fens.map((fen) => new Chess(fen));
const theirGames = fens.map((fen) => new ChessJs(fen));
const sanOurs = time(() => oursGames.map((g) => g.moves()));
const sanJs = time(() => theirGames.map((g) => g.moves()));
sanOurs.result.forEach((list, i) => {
  if (list.slice().sort().join() !== sanJs.result[i].slice().sort().join())
    throw new Error(`SAN differ: ${fens[i]}`);
});
row(`moves() as SAN, ${POSITIONS} positions`, sanOurs.seconds, { "chess.js": sanJs.seconds });
const verboseOurs = time(() => oursGames.map((g) => g.moves({ verbose: true })));
const verboseJs = time(() => theirGames.map((g) => g.moves({ verbose: true })));
verboseOurs.result.forEach((list, i) => {
  const key = (moves) =>
    moves
      .map((m) => `${m.lan} ${m.flags} ${m.after}`)
      .sort()
      .join();
  if (key(list) !== key(verboseJs.result[i])) throw new Error(`verbose moves differ: ${fens[i]}`);
});
row(`moves({ verbose: true }), ${POSITIONS} positions`, verboseOurs.seconds, {
  "chess.js": verboseJs.seconds,
});

// 3. Random games.
function randomGames(Game, games) {
  let plies = 0;
  for (let g = 0; g < games; g++) {
    const next = rng(1000 + g);
    const game = new Game();
    while (!game.isGameOver()) {
      const moves = game.moves().sort();
      game.move(moves[Math.floor(next() * moves.length)]);
      plies++;
    }
  }
  return plies;
}
const gamesOurs = time(() => randomGames(Chess, GAMES));
const gamesJs = time(() => randomGames(ChessJs, GAMES));
if (gamesOurs.result !== gamesJs.result)
  throw new Error(`plies differ: ${gamesOurs.result} != ${gamesJs.result}`);
row(`${GAMES} random games, isGameOver() each ply (${gamesOurs.result} plies)`, gamesOurs.seconds, {
  "chess.js": gamesJs.seconds,
});

// 4. PGN in and out.
function pgnFiles() {
  const at = args.indexOf("--pgn");
  if (at >= 0) return args.slice(at + 1).filter((a) => !a.startsWith("--"));
  const shared = new URL("../../../shared/games/", import.meta.url);
  const dir = existsSync(shared) ? shared : new URL("../../tests/data/pgn/", import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".pgn"))
    .map((name) => new URL(name, dir));
}
const texts = [];
for (const file of pgnFiles()) {
  const text = readFileSync(file, "latin1");
  for (const part of text.split(/\r?\n(?=\[Event )/)) {
    const variant = /\[Variant "([^"]*)"\]/.exec(part)?.[1];
    if (part.trim() && (!variant || /^standard$/i.test(variant))) texts.push(part);
  }
}
const readable = texts.filter((text) => {
  try {
    new ChessJs().loadPgn(text);
    return true;
  } catch {
    return false;
  }
});
const PGN_GAMES = Math.min(option("--pgn-games", quick ? 300 : Infinity), readable.length);
const pgnTexts = readable.slice(0, PGN_GAMES);
// Interleaved rounds, the fastest of each kept (the first round also warms the JIT up).
function bestOf(rounds, fns) {
  const best = fns.map(() => ({ seconds: Infinity }));
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, i) => {
      const run = time(fn);
      if (run.seconds < best[i].seconds) best[i] = run;
    });
  }
  return best;
}
// Reading: each game loaded and dropped (kept games of one library would make the other's
// run pay for collecting them); the games kept for writing are loaded after.
const load = (Game) => () => {
  let plies = 0;
  for (const text of pgnTexts) {
    const game = new Game();
    game.loadPgn(text);
    plies += game.moveNumber();
  }
  return plies;
};
globalThis.gc?.();
const [loadOursTime, loadJsTime] = bestOf(3, [load(Chess), load(ChessJs)]);
const loadOurs = time(() =>
  pgnTexts.map((text) => {
    const game = new Chess();
    game.loadPgn(text);
    return game;
  }),
);
const loadJs = time(() =>
  pgnTexts.map((text) => {
    const game = new ChessJs();
    game.loadPgn(text);
    return game;
  }),
);
let pgnPlies = 0;
loadOurs.result.forEach((game, i) => {
  const theirs = loadJs.result[i].history();
  pgnPlies += theirs.length;
  if (game.history().join() !== theirs.join()) throw new Error(`loadPgn differs on game ${i}`);
});
row(`\`loadPgn\`, ${PGN_GAMES} real games (${pgnPlies} plies)`, loadOursTime.seconds, {
  "chess.js": loadJsTime.seconds,
});
globalThis.gc?.();
const [writeOurs, writeJs] = bestOf(3, [
  () => loadOurs.result.map((game) => game.pgn()),
  () => loadJs.result.map((game) => game.pgn()),
]);
writeOurs.result.forEach((text, i) => {
  if (text !== writeJs.result[i]) throw new Error(`pgn() differs on game ${i}`);
});
row(`\`pgn()\`, the same games`, writeOurs.seconds, { "chess.js": writeJs.seconds });

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(
  `\nNode ${process.version}, ${cpu}; seconds, lower is better; ratio = peer time / bitmove time\n`,
);
console.log("| benchmark | bitmove (s) | chess.js (s) | chessops (s) | vs chess.js | vs chessops |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows) {
  const js = r["chess.js"];
  const ops = r.chessops;
  console.log(
    `| ${r.name} | ${r.bitmove.toFixed(3)} | ${js.toFixed(3)} | ${ops === undefined ? "-" : ops.toFixed(3)} | ` +
      `${(js / r.bitmove).toFixed(1)}x | ${ops === undefined ? "-" : (ops / r.bitmove).toFixed(1) + "x"} |`,
  );
}
