import { Chess } from "chess.js";

test("runs in jsdom, without TextDecoder", () => {
  expect(typeof document).toBe("object");
  const chess = new Chess();
  chess.move("e4");
  chess.move("e5");
  chess.setComment("é ♞");
  expect(chess.fen()).toBe("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  expect(chess.getComment()).toBe("é ♞");
  expect(chess.moves().length).toBe(29);
  expect(chess.perft(2)).toBe(835);
});

test("reads PGN with ; comments", () => {
  const chess = new Chess();
  chess.loadPgn('[White "Tal"]\n\n1. e4 ; best\ne5 *');
  expect(chess.history()).toEqual(["e4", "e5"]);
  expect(chess.getComments()[0].comment).toBe("best");
});
