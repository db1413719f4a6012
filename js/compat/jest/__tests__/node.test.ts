/**
 * @jest-environment node
 */
import { Chess, validateFen } from "chess.js";

test("runs in jest's node environment", () => {
  expect(typeof document).toBe("undefined");
  const chess = new Chess();
  chess.loadPgn('[Date "1972.01.07" ]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
  expect(chess.getHeaders().Date).toBe("1972.01.07");
  expect(chess.isCheckmate()).toBe(true);
  expect(chess.history({ verbose: true }).map((m) => m.lan)).toEqual([
    "e2e4",
    "e7e5",
    "d1h5",
    "b8c6",
    "f1c4",
    "g8f6",
    "h5f7",
  ]);
  expect(() => chess.move("e5")).toThrow("Invalid move: e5");
  expect(validateFen("8/8/8/8/8/8/8/8 w - - 0 1").ok).toBe(false);
});
