// Compiled by `npm run typecheck` (tsc, no output): uses every declared name of index.d.ts
// the way a TypeScript user would, through the package's own name.
import {
  Chess,
  Position,
  Move,
  FenError,
  IllegalMoveError,
  BitmoveError,
  DEFAULT_POSITION,
  MAX_DEPTH,
  type Outcome,
  type PerftStats,
  type Piece,
  type Pockets,
  type Square,
  type VariantName,
  validateFen,
  xoroshiro128,
  SQUARES,
  SEVEN_TAG_ROSTER,
  WHITE,
  KING,
} from "bitmove";

const game: Chess = new Chess(DEFAULT_POSITION, { chess960: false });
const sans: string[] = game.moves();
const verbose: Move[] = game.moves({ verbose: true, square: "e2" });
const first: Move = verbose[0];
const flags: string = first.flags;
const captured: string | undefined = first.captured;
const played: Move = game.move("e4");
game.move({ from: "e7", to: "e5" });
const undone: Move | null = game.undo();
const history: string[] = game.history();
const verboseHistory: Move[] = game.history({ verbose: true });
const piece: Piece | undefined = game.get("e1");
const square: Square | undefined = game.board()[7][4]?.square;
const over: boolean = game.isGameOver() || game.isDraw() || game.isCheckmate() || game.inCheck();
const nodes: number = game.perft(Math.min(3, MAX_DEPTH));
const split: Map<string, number> = game.divide(2);
const stats: PerftStats = game.perftStats(2);
const perMove: Map<string, PerftStats> = game.divideStats(2);
const key: bigint = game.polyglotKey();
const position: Position = new Position().play("e2e4").clone();
const uci: string[] = position.legalMoves();
try {
  new Chess("bad");
} catch (error) {
  if (error instanceof FenError || error instanceof IllegalMoveError || error instanceof BitmoveError) {
    const message: string = error.message;
    void message;
  }
}
void [sans, flags, captured, played, undone, history, verboseHistory, piece, square, over, nodes];
void [split, stats.en_passant + stats.checkmates, perMove, key, uci];
// chess.js's API beyond moves
const editor = new Chess("8/8/8/8/8/8/8/8 w - - 0 1", { skipValidation: true });
const placed: boolean = editor.put({ type: KING, color: WHITE }, "e1");
const removed: Piece | undefined = editor.remove("e1");
const attacked: boolean = editor.isAttacked("e4", "b") && editor.attackers("e4").length === 0;
const found: Square[] = editor.findPiece({ type: "k", color: "w" });
const shade: "light" | "dark" | null = editor.squareColor("a1");
const hash: string = editor.hash();
const rights: { k: boolean; q: boolean } = editor.getCastlingRights("w");
editor.setCastlingRights("w", { k: false });
editor.setTurn("b");
editor.loadPgn("1. e4 *", { strict: false, newlineChar: "\r?\n" });
const pgn: string = editor.pgn({ maxWidth: 80, newline: "\n" });
const headers: Record<string, string> = editor.setHeader("White", "Tal");
const removedHeader: boolean = editor.removeHeader("White");
editor.setComment("note");
const comment: string | undefined = editor.getComment();
const comments: { fen: string; comment: string }[] = editor.getComments();
const valid: { ok: boolean; error?: string } = validateFen(DEFAULT_POSITION);
const next: bigint = xoroshiro128(1n)();
const null_: Move = editor.move(null);
void [placed, removed, attacked, found, shade, hash, rights, pgn, headers, removedHeader, comment, comments];
void [valid, next, null_, SQUARES.length, SEVEN_TAG_ROSTER.Event, editor.fen({ forceEnpassantSquare: true })];

// The lichess variants.
const zh = new Chess(undefined, { variant: "Crazyhouse" });
const name: VariantName = zh.variant;
const drop: Move = zh.move({ piece: "n", to: "f3" } as const);
const isDrop: boolean = drop.isDrop();
const pockets: Pockets | null = zh.pockets();
const outcome: Outcome | null = zh.outcome();
const winner: "w" | "b" | null | undefined = outcome?.winner;
const ended: boolean = zh.isVariantEnd() || zh.isVariantWin() || zh.isVariantLoss() || zh.isVariantDraw();
const checks: { w: number; b: number } | null = new Position(undefined, {
  variant: "3check",
}).remainingChecks();
const hill: Position = new Position("8/8/8/3K4/8/8/8/7k b - - 0 1", { variant: "kingofthehill" });
const hillName: VariantName = hill.variant;
void [name, isDrop, pockets, winner, ended, checks, hill.outcome()?.termination, hillName];

// bitmove/uci-engine
import { Engine, Score, parseUciLine, nodeTransport, type Analysis, type Info } from "bitmove/uci-engine";
async function engineTypes(): Promise<void> {
  const engine = await Engine.start(nodeTransport("stockfish"), { timeout: 1000 });
  engine.on("info", (info: Info) => info.score?.white("w").value);
  const analysis: Analysis = await engine.analyse(new Chess(), { depth: 3, multipv: 2 });
  const best: string | null = (await engine.play("8/8/8/8/8/8/8/K6k w - - 0 1", { nodes: 10 })).bestmove;
  const score: Score = new Score("cp", 10);
  const line = parseUciLine("uciok");
  if (line.type === "info") line.pv?.join(" ");
  void [analysis.lines, best, score.pov("b", "w"), engine.options.Hash?.max];
  await engine.quit();
}
void engineTypes;
