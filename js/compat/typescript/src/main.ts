import { Chess, Move, validateFen } from "chess.js";

const chess = new Chess();
for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5"]) chess.move(san);
const last: Move = chess.history({ verbose: true }).at(-1)!;
const report = [
  chess.fen(),
  last.lan,
  chess.moves().length,
  validateFen(chess.fen()).ok,
  chess.perft(2),
].join(" ");
const want = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 f1b5 30 true 959";
if (report !== want) throw new Error(`got ${report}\nwant ${want}`);
console.log("1 passed, 0 failed");
