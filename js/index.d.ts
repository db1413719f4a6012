// Type declarations of the bitmove npm package (index.js). Checked against the module by
// test/types.ts (`npm run typecheck`).

/** A square name, `a1` ... `h8`. */
export type Square = `${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;
/** `w` or `b`. */
export type Color = "w" | "b";
/** A piece kind, lower case as in chess.js. */
export type PieceSymbol = "p" | "n" | "b" | "r" | "q" | "k";
/** A piece on the board. */
export interface Piece {
  type: PieceSymbol;
  color: Color;
}
/**
 * A variant's UCI name, as the `variant` getters give it (`chess` for standard chess and
 * Chess960). The `variant` option also takes lichess's names ("Three-check", "King of the Hill",
 * "Racing Kings", "Standard", "Chess960", ...) and the usual aliases, in any case.
 */
export type VariantName =
  "chess" | "atomic" | "antichess" | "crazyhouse" | "3check" | "kingofthehill" | "horde" | "racingkings";
/** How a game ended: `winner` is `w`, `b` or null for a draw. */
export interface Outcome {
  winner: Color | null;
  /** python-chess's terminations, lower case; the variant's own first, from the side to move. */
  termination:
    | "variant_loss"
    | "variant_win"
    | "variant_draw"
    | "checkmate"
    | "insufficient_material"
    | "stalemate"
    | "threefold_repetition"
    | "fifty_moves";
}
/** Crazyhouse pockets: how many of each piece White (`w`) and Black (`b`) may drop. */
export interface Pockets {
  w: { p: number; n: number; b: number; r: number; q: number };
  b: { p: number; n: number; b: number; r: number; q: number };
}

/** The standard start position. */
export const DEFAULT_POSITION: string;
/** chess.js's names: colours `w` and `b`, pieces `p` ... `k`. */
/**
 * Resolves once the WebAssembly engine is loaded. It loads synchronously on import or
 * require; only a platform that refuses a synchronous compile needs `await init()` first.
 */
export function init(): Promise<void>;

export const WHITE: "w";
export const BLACK: "b";
export const PAWN: "p";
export const KNIGHT: "n";
export const BISHOP: "b";
export const ROOK: "r";
export const QUEEN: "q";
export const KING: "k";
/** The 64 squares in chess.js's order, a8 to h1. */
export const SQUARES: Square[];
/** The seven tag roster with chess.js's defaults. */
export const SEVEN_TAG_ROSTER: Record<string, string>;
/** chess.js's FEN check: `{ ok: true }` or `{ ok: false, error }` with chess.js's message. */
export function validateFen(fen: string): { ok: boolean; error?: string };
/** chess.js's xoroshiro128** generator, seeded with a 128-bit BigInt. */
export function xoroshiro128(state: bigint): () => bigint;
/** The deepest perft, divide or statistics run accepted (20). */
export const MAX_DEPTH: number;

/** A FEN that is malformed or describes an impossible position. */
export class FenError extends Error {
  /** The refused FEN, as given. */
  fen: unknown;
}

/** A move that is not legal in the position, or not a move at all. */
export class IllegalMoveError extends Error {
  /** The refused move, as given. */
  move: unknown;
}

/** An internal failure of the WebAssembly engine (none is known). */
export class BitmoveError extends Error {}

/** A move as chess.js 1.x describes it (and a crazyhouse drop, flag `d`). */
export class Move {
  color: Color;
  /** For a drop, the square dropped on (as `to`). */
  from: Square;
  /** For castling, the king's destination (`g1`, `c8`, ...). */
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /**
   * chess.js's flags: `n`, `c`, `b`, `e`, `p`, `k`, `q` (e.g. `cp` for a capturing promotion),
   * and `d` for a drop.
   */
  flags: string;
  /** SAN; a drop is `N@f3`, or `@e4` for a pawn (python-chess's SAN). */
  san: string;
  /** UCI; in Chess960 castling is king takes rook (`e1h1`); a drop is `N@f3` (`P@e4`). */
  lan: string;
  /** The FEN before the move. */
  before: string;
  /** The FEN after the move. */
  after: string;
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isCastle(): boolean;
  isBigPawn(): boolean;
  /** A crazyhouse drop. */
  isDrop(): boolean;
}

/** Perft statistics, with the Rust library's field names. */
export interface PerftStats {
  nodes: number;
  captures: number;
  en_passant: number;
  castles: number;
  promotions: number;
  checks: number;
  direct_checks: number;
  single_discovered_checks: number;
  direct_discovered_checks: number;
  double_discovered_checks: number;
  discovered_checks: number;
  double_checks: number;
  checkmates: number;
  direct_checkmates: number;
  single_discovered_checkmates: number;
  direct_discovered_checkmates: number;
  double_discovered_checkmates: number;
  stalemates: number;
}

/** Options of `new Chess` and `new Position`. */
export interface PositionOptions {
  /** Chess960 castling rules (FEN castling in Shredder or X-FEN letters). */
  chess960?: boolean;
  /**
   * A lichess variant, by its UCI name or lichess's (see `VariantName`); the FEN is then in the
   * variant's form, and no FEN means the variant's start position. A `RangeError` for a name
   * that is no variant. A variant other than standard chess and Chess960 needs "bitmove/full"
   * (a `BitmoveError` otherwise).
   */
  variant?: VariantName | string;
}

/**
 * A game with chess.js 1.x's API, plus Chess960, the lichess variants, perft statistics and
 * Polyglot keys.
 */
/** The options of `svg()`: python-chess's chess.svg.board in JavaScript's spelling. */
export interface SvgOptions {
  orientation?: "white" | "black" | "w" | "b";
  flipped?: boolean;
  lastMove?: string | { from: string; to: string } | null;
  check?: string | null;
  arrows?: Array<string | [string, string, string?] | { tail: string; head: string; color?: string }>;
  fill?: Record<string, string>;
  squares?: string[];
  size?: number;
  coordinates?: boolean;
  colors?: Record<string, string>;
  borders?: boolean;
  style?: string;
}

export class Chess {
  /**
   * Throws `FenError` (chess.js's message) for a FEN chess.js refuses (`skipValidation` skips
   * its check), `RangeError` for an unknown variant.
   */
  constructor(fen?: string, options?: PositionOptions & { skipValidation?: boolean });
  /** Replaces the position and clears the history; throws `FenError` (the game is then unchanged). */
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void;
  /** An empty board, White to move, no history. */
  clear(options?: { preserveHeaders?: boolean }): void;
  reset(): void;
  /** The variant's UCI name (`chess` for standard chess and Chess960). */
  get variant(): VariantName;
  isChess960(): boolean;
  /** The FEN; the en-passant square only when a pawn can take there, unless forced. */
  fen(options?: { forceEnpassantSquare?: boolean }): string;
  turn(): Color;
  moves(options?: { verbose?: false; square?: Square | string; piece?: PieceSymbol }): string[];
  moves(options: { verbose: true; square?: Square | string; piece?: PieceSymbol }): Move[];
  moves(options?: { verbose?: boolean; square?: Square | string; piece?: PieceSymbol }): string[] | Move[];
  /**
   * Plays SAN (or UCI, or a drop `N@f3`), `{ from, to, promotion }` or a drop `{ piece, to }`;
   * throws `IllegalMoveError` when not legal.
   */
  move(
    move: string | { from: string; to: string; promotion?: string } | { piece: string; to: string } | null,
    options?: { strict?: boolean },
  ): Move;
  undo(): Move | null;
  history(options?: { verbose?: false }): string[];
  history(options: { verbose: true }): Move[];
  history(options?: { verbose?: boolean }): string[] | Move[];
  get(square: Square | string): Piece | undefined;
  /** Puts a piece on a square; false for a second king of a side, a bad piece or square. */
  put(piece: { type: PieceSymbol; color: Color }, square: Square | string): boolean;
  /** Takes the piece off a square and returns it. */
  remove(square: Square | string): Piece | undefined;
  /** The squares holding the piece, a8 to h1. */
  findPiece(piece: Piece): Square[];
  /** Whether a piece of `attackedBy` attacks the square. */
  isAttacked(square: Square | string, attackedBy: Color): boolean;
  /** The squares of the pieces of `attackedBy` (default: the side to move) attacking the square. */
  attackers(square: Square | string, attackedBy?: Color): Square[];
  squareColor(square: Square | string): "light" | "dark" | null;
  /** chess.js's Zobrist key of the position, hexadecimal. */
  hash(): string;
  /** chess.js's internal key of the position (`hash()` in hexadecimal is it), a BigInt. */
  get _hash(): bigint;
  /** How often the position with chess.js's key `hash` has occurred in the game (chess.js's internal `_getPositionCount`). */
  _getPositionCount(hash: bigint | string): number;
  /** Passes the turn by a null move; false when it is already `color`'s. */
  setTurn(color: Color): boolean;
  setCastlingRights(color: Color, rights: Partial<Record<"k" | "q", boolean>>): boolean;
  getCastlingRights(color: Color): { k: boolean; q: boolean };
  /** The game in PGN as chess.js writes it. */
  pgn(options?: { newline?: string; maxWidth?: number }): string;
  /** Replaces the game by the one in a PGN text; throws `Error` as chess.js does. */
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
  /** @deprecated chess.js's: sets tags from string pairs, returns every tag (unset ones null). */
  header(...args: string[]): Record<string, string | null>;
  setHeader(key: string, value: string): Record<string, string>;
  removeHeader(key: string): boolean;
  getHeaders(): Record<string, string>;
  getComment(): string | undefined;
  setComment(comment: string): void;
  removeComment(): string | undefined;
  /** @deprecated chess.js's old name of `removeComment`. */
  deleteComment(): string | undefined;
  getComments(): { fen: string; comment: string }[];
  removeComments(): { fen: string; comment: string }[];
  /** @deprecated chess.js's old name of `removeComments`. */
  deleteComments(): { fen: string; comment: string }[];
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
  ascii(): string;
  inCheck(): boolean;
  isCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isDrawByFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;
  /** Whether the game has ended by its variant's own rule. */
  isVariantEnd(): boolean;
  /** Whether the side to move has won by its variant's rule. */
  isVariantWin(): boolean;
  /** Whether the side to move has lost by its variant's rule. */
  isVariantLoss(): boolean;
  /** Whether the game is drawn by its variant's rule. */
  isVariantDraw(): boolean;
  /** How the game ended, or null while it goes on (non-null exactly when `isGameOver()`). */
  outcome(): Outcome | null;
  /** Crazyhouse's pockets; null in the other games. */
  pockets(): Pockets | null;
  /** Three-check: the checks each side still has to give; null in the other games. */
  remainingChecks(): { w: number; b: number } | null;
  moveNumber(): number;
  /** Leaf nodes `depth` plies below (`perft(0)` is 1); `RangeError` past `MAX_DEPTH`. */
  perft(depth: number): number;
  /** Perft split by root move: UCI to leaf count, in generation order. */
  divide(depth: number): Map<string, number>;
  /** Standard chess and Chess960 only (a `RangeError` in a variant); needs "bitmove/full". */
  perftStats(depth: number): PerftStats;
  /** The statistics below each root move: UCI to statistics; needs "bitmove/full". */
  divideStats(depth: number): Map<string, PerftStats>;
  /** The Polyglot key (in a variant, of the board: not the pockets or check counters). */
  /** The board as an SVG picture, the last move and a check marked unless told otherwise; needs "bitmove/full". */
  svg(options?: SvgOptions): string;
  polyglotKey(): bigint;
}

/** A position without history or per-move objects: UCI in and out. */
export class Position {
  constructor(fen?: string, options?: PositionOptions);
  /** The variant's UCI name (`chess` for standard chess and Chess960). */
  get variant(): VariantName;
  fen(): string;
  turn(): Color;
  /** The legal moves in UCI (Chess960 castling as king takes rook, drops as `N@f3`). */
  legalMoves(): string[];
  legalMovesSan(): string[];
  countMoves(): number;
  /** Plays a UCI move in place and returns this position; throws `IllegalMoveError`. */
  play(uci: string): this;
  san(uci: string): string;
  parseSan(san: string): string;
  clone(): Position;
  isCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isVariantEnd(): boolean;
  isVariantWin(): boolean;
  isVariantLoss(): boolean;
  isVariantDraw(): boolean;
  /** How the game ended, or null (repetitions are not judged: a position has no history). */
  outcome(): Outcome | null;
  pockets(): Pockets | null;
  remainingChecks(): { w: number; b: number } | null;
  /** The board as an SVG picture, the last move and a check marked unless told otherwise; needs "bitmove/full". */
  svg(options?: SvgOptions): string;
  polyglotKey(): bigint;
  perft(depth: number): number;
  divide(depth: number): Map<string, number>;
  perftStats(depth: number): PerftStats;
  divideStats(depth: number): Map<string, PerftStats>;
}

/** A legal move found in a Polyglot book. */
export interface BookEntry {
  uci: string;
  san: string;
  weight: number;
  learn: number;
}

/** Options of a book look-up. */
export interface BookOptions {
  /** Entries lighter than this are skipped (default 1: weight 0 counts as deleted). */
  minimumWeight?: number;
  /** UCI moves to leave out. */
  exclude?: string[];
  /** Read a FEN with Chess960 castling (`e1h1`). */
  chess960?: boolean;
  /** A number in [0, 1) for the choices (default `Math.random`). */
  random?: () => number;
}

/** A Polyglot opening book over its bytes (copied); needs "bitmove/full". */
export class Book {
  constructor(bytes: Uint8Array);
  get size(): number;
  entries(position?: string | Chess | Position, options?: BookOptions): BookEntry[];
  findAll(position?: string | Chess | Position, options?: BookOptions): BookEntry[];
  find(position?: string | Chess | Position, options?: BookOptions): BookEntry | null;
  choice(position?: string | Chess | Position, options?: BookOptions): BookEntry | null;
  weightedChoice(position?: string | Chess | Position, options?: BookOptions): BookEntry | null;
}
