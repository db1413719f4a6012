// bitmove's perft and `moves()` against chess.js in one run, as ratios: a quick check that a
// change to the build (profile, inlining, wasm-opt flags) keeps the speed.
//   node bench/ratio.mjs [package directory ...]
// With directories (each a copy of js/ with its own wasm/), each is timed in turn, rounds
// interleaved, so that several builds meet the same machine load; without, this package.
// Perft: the start position to depth 5 and Kiwipete to depth 4 (8,951,212 nodes) for bitmove,
// depths 4 and 3 (295,143 nodes) for chess.js, compared as nodes per second; `moves()` as SAN
// over 1,000 positions of seeded random games. Each figure is the best of five rounds; the
// counts and the move lists are checked against chess.js's.
import { Chess as ChessJs } from "chess.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dirs = process.argv.slice(2);
const builds = [];
for (const dir of dirs.length ? dirs : [new URL("..", import.meta.url).pathname]) {
  const { Chess } = await import(pathToFileURL(resolve(dir, "index.js")).href);
  builds.push({ dir, Chess, perft: Infinity, moves: Infinity });
}

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const seconds = (fn) => {
  const start = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - start) / 1e9, result];
};

// Positions from seeded random games (mulberry32), played with chess.js.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const fens = [];
while (fens.length < 1000) {
  const game = new ChessJs();
  for (let ply = 0; ply < 80 && !game.isGameOver() && fens.length < 1000; ply++) {
    const moves = game.moves();
    game.move(moves[Math.floor(random() * moves.length)]);
    if (ply % 4 === 1) fens.push(game.fen());
  }
}
const sorted = (lists) => lists.map((l) => l.slice().sort().join()).join(";");

let jsPerft = Infinity;
let jsMoves = Infinity;
const jsGames = fens.map((fen) => new ChessJs(fen));
const expected = sorted(jsGames.map((g) => g.moves()));
for (let round = 0; round < 5; round++) {
  const [t, nodes] = seconds(() => new ChessJs(START).perft(4) + new ChessJs(KIWIPETE).perft(3));
  if (nodes !== 295_143) throw new Error(`chess.js perft ${nodes}`);
  jsPerft = Math.min(jsPerft, t / nodes);
  jsMoves = Math.min(jsMoves, seconds(() => jsGames.map((g) => g.moves()))[0]);
  for (const build of builds) {
    const [t, nodes] = seconds(() => new build.Chess(START).perft(5) + new build.Chess(KIWIPETE).perft(4));
    if (nodes !== 8_951_212) throw new Error(`${build.dir}: perft ${nodes}`);
    build.perft = Math.min(build.perft, t / nodes);
    const games = fens.map((fen) => new build.Chess(fen));
    const [m, lists] = seconds(() => games.map((g) => g.moves()));
    if (sorted(lists) !== expected) throw new Error(`${build.dir}: moves() differ from chess.js's`);
    build.moves = Math.min(build.moves, m);
  }
}
for (const build of builds) {
  console.log(
    `${build.dir}: perft ${(8_951_212 * build.perft * 1e3).toFixed(1)} ms, ${(jsPerft / build.perft).toFixed(0)}x chess.js; ` +
      `moves() ${(build.moves * 1e3).toFixed(1)} ms, ${(jsMoves / build.moves).toFixed(1)}x chess.js`,
  );
}
