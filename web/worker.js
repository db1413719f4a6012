// The counting, off the page's thread: one message per root move, so the page shows the divide
// as it grows and Cancel (which terminates this worker) loses nothing already shown.
import { Position } from "../js/full.js";

self.onmessage = ({ data }) => {
  const { id, fen, chess960, moves, depth, stats } = data;
  try {
    const position = new Position(fen, { chess960 });
    for (const uci of moves) position.play(uci);
    const started = performance.now();
    const list = position.legalMoves();
    self.postMessage({
      id,
      kind: "start",
      fen: position.fen(),
      moves: list.map((uci) => [uci, position.san(uci)]),
    });
    for (const uci of list) {
      const child = position.clone().play(uci);
      const result = stats
        ? child.perftStats(depth - 1)
        : { nodes: child.perft(depth - 1) };
      self.postMessage({ id, kind: "move", uci, stats: result });
    }
    self.postMessage({ id, kind: "done", ms: performance.now() - started });
  } catch (error) {
    self.postMessage({
      id,
      kind: "error",
      message: `${error.name}: ${error.message}`,
    });
  }
};
self.postMessage({ kind: "ready" });
