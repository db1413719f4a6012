// A vitest suite written for chess.js, in vitest's node environment, as ES modules.
import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { Chess, DEFAULT_POSITION, validateFen } from "chess.js";
import { report } from "../shared/app.js";

describe("chess.js under vitest", () => {
  test("runs in the node environment", () => {
    expect(typeof window).toBe("undefined");
    expect(new Chess().fen()).toBe(DEFAULT_POSITION);
  });

  test("plays, undoes and refuses moves", () => {
    const chess = new Chess();
    expect(chess.move("e4").lan).toBe("e2e4");
    expect(chess.move({ from: "c7", to: "c5" }).san).toBe("c5");
    expect(chess.moves({ square: "g1" })).toEqual(["Ne2", "Nf3", "Nh3"]);
    expect(() => chess.move("Ke3")).toThrow("Invalid move: Ke3");
    expect(chess.undo()?.san).toBe("c5");
    expect(chess.history()).toEqual(["e4"]);
    expect(chess.perft(3)).toBe(13160);
  });

  test("reads PGN with ; comments and spaced tags", () => {
    const chess = new Chess();
    chess.loadPgn('[Event "Match" ]\n[White\t"Tal"]\n\n1. e4 ; the best\ne5 2. Nf3 *');
    expect(chess.getHeaders()).toMatchObject({ Event: "Match", White: "Tal" });
    expect(chess.history()).toEqual(["e4", "e5", "Nf3"]);
    expect(chess.getComments()).toEqual([{ fen: expect.any(String), comment: "the best" }]);
  });

  test("checks FENs as chess.js does", () => {
    expect(validateFen("8/8/8/8/8/8/8/8 w - - 0 1")).toEqual({
      ok: false,
      error: "Invalid FEN: missing white king",
    });
  });

  test("the shared program runs", () => {
    // scripts/compat.mjs compares this report with chess.js's.
    mkdirSync("out", { recursive: true });
    writeFileSync("out/vitest-report.json", JSON.stringify(report()));
  });
});
