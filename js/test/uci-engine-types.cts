// Compiled by test/uci-engine-package.test.mjs (tsc, module node16, no output): a CommonJS
// TypeScript file using bitmove/uci-engine through `require`'s declarations (dist/*.d.cts).
import {
  Engine,
  EngineError,
  EngineTimeoutError,
  Score,
  nodeTransport,
  parseUciLine,
} from "bitmove/uci-engine";
import { Chess } from "bitmove";

export async function best(fen: string): Promise<string | null> {
  const engine: Engine = await Engine.start(nodeTransport("stockfish"), { timeout: 1000 });
  const { bestmove } = await engine.play(new Chess(fen), { nodes: 100 });
  await engine.quit();
  return bestmove;
}
const score: Score = new Score("cp", 10).white("b");
const error: EngineError = new EngineTimeoutError("late");
export const parsed = [parseUciLine("bestmove e2e4").type, score.value, error.message];
