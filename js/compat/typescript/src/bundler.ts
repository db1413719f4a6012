// Typed uses of chess.js's API; each @ts-expect-error line must be an error, as it is with
// chess.js's own declarations (scripts/compat.mjs checks this file against both).
import {
  Chess,
  Move,
  validateFen,
  SQUARES,
  WHITE,
  type Color,
  type PieceSymbol,
  type Square,
} from "chess.js";

const chess = new Chess();
const move: Move = chess.move({ from: "e2", to: "e4" });
const from: Square = move.from;
const piece: PieceSymbol = move.piece;
const color: Color = chess.turn();
const sans: string[] = chess.moves();
const verbose: Move[] = chess.moves({ verbose: true, square: "g1" });
const captured: PieceSymbol | undefined = verbose[0].captured;
const board = chess.board();
const cell = board[0][0];
const square: Square | undefined = cell?.square;
const check: boolean = chess.isCheckmate() || chess.inCheck() || chess.isDraw();
const headers: Record<string, string> = chess.getHeaders();
const comments: { fen: string; comment: string }[] = chess.getComments();
const valid: boolean = validateFen(chess.fen()).ok;
const undone: Move | null = chess.undo();
const squares: Square[] = SQUARES;
const white: Color = WHITE;
const pgn: string = chess.pgn({ maxWidth: 72, newline: "\n" });
const lan: string = move.lan;
const capture: boolean = move.isCapture();

// @ts-expect-error: a move is a string or a from/to object
chess.move(42);
// (chess.js types a square as its Square union; bitmove also takes a string: not checked)
// @ts-expect-error: turn() is a colour, not a number
const wrong: number = chess.turn();
// @ts-expect-error: moves() without verbose gives strings
const objects: Move[] = chess.moves();
// @ts-expect-error: no such method in chess.js
chess.noSuchMethod();

export const used = [from, piece, color, sans, captured, square, check, headers, comments, valid];
export const more = [undone, squares, white, pgn, lan, capture, wrong, objects];
