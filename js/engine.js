// The engine under the bitmove npm package: the WebAssembly module loaded, every call guarded
// (a trap restarts the engine), the errors, chess.js's Move and the helpers that turn the
// engine's batched strings into JavaScript objects. Every rule lives in Rust.
import * as core from "./wasm/bitmove_wasm.js";
import coreBytes from "./wasm/bitmove_wasm_bytes.js";

// Two builds of the engine exist: the core (wasm/: chess.js's API, Chess960, perft and divide),
// loaded by the main entry point, and the full one (wasm-full/: the same plus the lichess
// variants, board pictures, Polyglot books and perft statistics), which the `bitmove/full`
// entry point loads and installs in its place (`installFull`). The engine classes below are
// those of the build in use; in the core build the full build's own ones are undefined.
let glue = core;
let bytes = coreBytes;
let full = false;
export let RawGame,
  RawPosition,
  RawVariantGame,
  RawVariantPosition,
  RawBook,
  svgBoard,
  variantName,
  validateFenChessjs;

// The module is compiled and instantiated synchronously from bytes carried in the JavaScript
// (wasm/bitmove_wasm_bytes.js): no top-level await, no fetch, no file system, so that
// `require`, `import`, jest, bundlers and browsers all load it alike. A platform that refuses
// a synchronous compile (a browser with a lower limit than Chrome's 8 MB on the main thread)
// leaves the engine unloaded until `await init()`.
let loadError;
function load(newGlue, newBytes) {
  glue = newGlue;
  bytes = newBytes;
  ({
    RawGame,
    RawPosition,
    RawVariantGame,
    RawVariantPosition,
    RawBook,
    svgBoard,
    variantName,
    validateFenChessjs,
  } = newGlue);
  for (const Raw of [RawGame, RawPosition, RawVariantGame, RawVariantPosition, RawBook]) {
    if (Raw !== undefined) guard(Raw);
  }
  try {
    newGlue.initSync({ module: newBytes });
    loadError = undefined;
  } catch (error) {
    loadError = error;
  }
}

/**
 * Replaces the core engine by the full build (`bitmove/full` calls it once, on load): every
 * Chess and Position rebuilds its engine object in the full build at its next call.
 */
export function installFull(fullGlue, fullBytes) {
  if (full) return;
  load(fullGlue, fullBytes);
  full = true;
  generation++;
}

/** Throws a BitmoveError when `what` needs the full build and the core one is in use. */
export function needFull(what) {
  if (!full) {
    throw new BitmoveError(
      `${what} is in the full build: import it from "bitmove/full" instead of "bitmove"`,
    );
  }
}

/**
 * Resolves once the engine is loaded: at once where the synchronous load worked (Node,
 * bundlers, browsers), else after an asynchronous compile. Only needed where it failed.
 */
export async function ready() {
  if (loadError === undefined) return;
  await glue.default({ module_or_path: bytes });
  loadError = undefined;
}

/** Throws a BitmoveError while the engine is not loaded (see `ready`). */
export function checkLoaded() {
  if (loadError !== undefined) {
    throw new BitmoveError(`bitmove's WebAssembly is not loaded (${loadError.message}): await init() first`, {
      cause: loadError,
    });
  }
}

// A trap (a Rust panic: none is known, every input is checked) leaves a WebAssembly instance
// unsafe to use. Every engine call is wrapped: on a trap the instance is replaced by a fresh
// one (wasm-bindgen's reset), the call fails with a BitmoveError, and each Chess and Position
// rebuilds its engine object from what it keeps in JavaScript (start FEN and moves played)
// at its next call. Objects of the old instance are never touched again.
export let generation = 0;
function guard(Raw) {
  for (const name of Object.getOwnPropertyNames(Raw.prototype)) {
    const method = Raw.prototype[name];
    if (name === "constructor" || typeof method !== "function") continue;
    Raw.prototype[name] = function (...args) {
      try {
        return method.apply(this, args);
      } catch (error) {
        throw recover(error);
      }
    };
  }
}
load(core, coreBytes);

export function recover(error) {
  if (!(error instanceof WebAssembly.RuntimeError)) return error;
  glue.__wbg_reset_state();
  generation++;
  return new BitmoveError(`the WebAssembly engine failed and was restarted: ${error.message}`, {
    cause: error,
  });
}

// Standard chess (variant undefined) has its own engine classes; a variant is given by its UCI
// name to the variant classes, which answer to the same method names.
export function construct(Raw, fen, chess960, variant) {
  checkLoaded();
  if (variant !== undefined) needFull("the lichess variants");
  try {
    return variant === undefined ? new Raw(fen, chess960) : new Raw(variant, fen);
  } catch (error) {
    throw recover(error);
  }
}

// The options' variant: undefined for standard chess (no variant, "chess", "standard", ...),
// else its UCI name; a RangeError for anything that names no variant. Chess960's names (lichess's
// "Chess960") mean standard chess with Chess960 castling: `chess960` is set then.
export function variantOf(options) {
  const name = options?.variant;
  if (name === undefined || name === null) return { variant: undefined, chess960: false };
  if (typeof name !== "string") throw new RangeError(`a variant name must be a string, not ${typeof name}`);
  const uci = call(() => variantName(name), name);
  if (uci === "chess" || uci === "chess960") return { variant: undefined, chess960: uci === "chess960" };
  return { variant: uci, chess960: false };
}

// Board pictures (`svg()` of Chess and Position): the options object of python-chess's
// chess.svg.board in JavaScript's spelling, turned into the engine's plain arguments.
export function svgSquare(square) {
  if (typeof square !== "string" || !/^[a-h][1-8]$/.test(square)) {
    throw new RangeError(`not a square: ${String(square)}`);
  }
  return (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
}

// The king of the side to move on a FEN's board, or undefined.
export function kingSquare(fen) {
  const [board, side] = fen.split(" ");
  const king = side === "b" ? "k" : "K";
  let rank = 7;
  let file = 0;
  for (const c of board) {
    if (c === "/") {
      rank--;
      file = 0;
    } else if (c >= "1" && c <= "8") {
      file += Number(c);
    } else if (c !== "~") {
      if (c === king && rank >= 0 && file < 8) return FILES[file] + (rank + 1);
      file++;
    }
  }
  return undefined;
}

// A move's two squares from UCI (a drop, `P@e4`, marks its square twice).
function lastMoveOf(uci) {
  return uci[1] === "@" ? [uci.slice(2, 4), uci.slice(2, 4)] : [uci.slice(0, 2), uci.slice(2, 4)];
}

const PGN_COLORS = { G: "green", R: "red", Y: "yellow", B: "blue" };

export function renderSvg(fen, defaults, options) {
  needFull("svg()");
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError("svg options must be an object");
  }
  const o = { ...defaults, ...options };
  const side = o.orientation ?? "white";
  if (!["white", "black", "w", "b"].includes(side)) {
    throw new RangeError(`orientation must be "white" or "black", not ${String(side)}`);
  }
  const whiteBottom = (side === "white" || side === "w") !== Boolean(o.flipped);
  let lastMove = [];
  if (typeof o.lastMove === "string") lastMove = lastMoveOf(o.lastMove).map(svgSquare);
  else if (o.lastMove) lastMove = [svgSquare(o.lastMove.from), svgSquare(o.lastMove.to)];
  const arrowSquares = [];
  const arrowColors = [];
  for (const arrow of o.arrows ?? []) {
    let tail, head, color;
    if (typeof arrow === "string") {
      // The [%cal]/[%csl] form: Ge2e4, Rd4, e2e4.
      const letter = PGN_COLORS[arrow[0]];
      const text = letter ? arrow.slice(1) : arrow;
      [tail, head, color] = [
        text.slice(0, 2),
        text.length > 2 ? text.slice(2) : text.slice(0, 2),
        letter ?? "green",
      ];
    } else if (Array.isArray(arrow)) {
      [tail, head, color = "green"] = arrow;
    } else {
      ({ tail, head, color = "green" } = arrow ?? {});
    }
    arrowSquares.push(svgSquare(tail), svgSquare(head));
    arrowColors.push(String(color));
  }
  const fill = Object.entries(o.fill ?? {});
  const colors = Object.entries(o.colors ?? {});
  const size = o.size ?? undefined;
  if (size !== undefined && !(Number.isInteger(size) && size > 0 && size < 2 ** 32)) {
    throw new RangeError(`size must be a positive integer, not ${String(size)}`);
  }
  const args = [
    fen,
    whiteBottom,
    Uint8Array.from(lastMove),
    o.check ? svgSquare(o.check) : undefined,
    Uint8Array.from(arrowSquares),
    arrowColors,
    Uint8Array.from(fill.map(([square]) => svgSquare(square))),
    fill.map(([, color]) => String(color)),
    Uint8Array.from((o.squares ?? []).map(svgSquare)),
    size,
    o.coordinates ?? true,
    colors.map(([key]) => key),
    colors.map(([, value]) => String(value)),
    Boolean(o.borders),
    o.style ? String(o.style) : undefined,
  ];
  return call(() => {
    try {
      return svgBoard(...args);
    } catch (error) {
      throw recover(error);
    }
  }, fen);
}

/** The standard start position. */
export const DEFAULT_POSITION = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** The deepest perft, divide or statistics run accepted. */
// (The Rust constant; 20 is its value, for the one case where the engine could not load yet.)
export const MAX_DEPTH = loadError === undefined ? core.maxDepth() : 20;

/** A FEN that is malformed or describes an impossible position. */
export class FenError extends Error {
  constructor(message, fen) {
    super(message);
    this.name = "FenError";
    /** The refused FEN. */
    this.fen = fen;
  }
}

/** A move that is not legal in the position, or not a move at all. */
export class IllegalMoveError extends Error {
  constructor(message, move) {
    super(message);
    this.name = "IllegalMoveError";
    /** The refused move, as given. */
    this.move = move;
  }
}

/** An internal failure of the WebAssembly engine (none is known: a bug to report). */
export class BitmoveError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "BitmoveError";
  }
}

// The engine's errors are strings "Kind: message".
export function translate(error, input) {
  if (typeof error === "string") {
    const cut = error.indexOf(": ");
    const kind = error.slice(0, cut);
    const message = error.slice(cut + 2);
    if (kind === "FenError") return new FenError(message, input);
    if (kind === "RangeError") return new RangeError(message);
    if (kind === "Error") return new Error(message);
    return new IllegalMoveError(message, input);
  }
  return error;
}

export function call(fn, input) {
  try {
    return fn();
  } catch (error) {
    throw translate(error, input);
  }
}

export function checkDepth(depth) {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
    throw new RangeError(`depth must be an integer from 0 to ${MAX_DEPTH}, not ${depth}`);
  }
  return depth;
}

export function checkFen(fen) {
  if (typeof fen !== "string") throw new FenError(`a FEN must be a string, not ${typeof fen}`, fen);
  return fen;
}

export const FILES = "abcdefgh";
// chess.js's square index: a8 = 0 ... h1 = 63; 64 for anything else.
export function squareIndex(square) {
  if (typeof square !== "string" || square.length !== 2) return 64;
  const file = square.charCodeAt(0) - 97;
  const rank = square.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return 64;
  return (7 - rank) * 8 + file;
}

export function lines(text) {
  return text.length === 0 ? [] : text.slice(0, -1).split("\n");
}

/** A move as chess.js describes it (same fields and methods). */
export class Move {
  color;
  from;
  to;
  piece;
  captured;
  promotion;
  flags;
  san;
  lan;
  before;
  after;

  constructor(record, before) {
    // record: "{color}{piece}{captured}{promotion}{kind} {from} {to} {san} {lan} {after}"
    const sanEnd = record.indexOf(" ", 12);
    const lanEnd = record.indexOf(" ", sanEnd + 1);
    const kind = record[4];
    this.color = record[0];
    this.from = record.slice(6, 8);
    this.to = record.slice(9, 11);
    this.piece = record[1];
    if (record[2] !== "-") this.captured = record[2];
    if (record[3] !== "-") this.promotion = record[3];
    let flags = "";
    if (kind === "k" || kind === "q" || kind === "d" || kind === "-") flags = kind;
    else if (kind === "e") flags = "e";
    else {
      flags = this.captured ? "c" : kind === "b" ? "b" : "n";
      if (this.promotion) flags += "p";
    }
    this.flags = flags;
    this.san = record.slice(12, sanEnd);
    this.lan = record.slice(sanEnd + 1, lanEnd);
    this.before = before;
    this.after = record.slice(lanEnd + 1);
  }
  isCapture() {
    return this.flags.includes("c");
  }
  isPromotion() {
    return this.flags.includes("p");
  }
  isEnPassant() {
    return this.flags.includes("e");
  }
  isKingsideCastle() {
    return this.flags.includes("k");
  }
  isQueensideCastle() {
    return this.flags.includes("q");
  }
  isCastle() {
    return this.isKingsideCastle() || this.isQueensideCastle();
  }
  isBigPawn() {
    return this.flags.includes("b");
  }
  /** A crazyhouse drop (flag `d`): `piece` put on `to` from the pocket; `from` is `to`. */
  isDrop() {
    return this.flags.includes("d");
  }
}

export function records(text, before) {
  const out = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    out.push(new Move(text.slice(start, end), before));
    start = end + 1;
  }
  return out;
}

export const CHECK = 1;
export const CHECKMATE = 2;
export const STALEMATE = 4;
export const INSUFFICIENT = 8;
export const THREEFOLD = 16;
export const FIFTY = 32;
export const BLACK_TO_MOVE = 64;
// Set by the variant engines only.
export const VARIANT_END = 128;
export const VARIANT_WIN = 256;
export const VARIANT_LOSS = 512;
export const VARIANT_DRAW = 1024;
export const DECIDED = 2048; // someone has won: no draw counts

export const DRAWN = STALEMATE | INSUFFICIENT | THREEFOLD | FIFTY | VARIANT_DRAW;
export const OVER = CHECKMATE | DRAWN | VARIANT_END | VARIANT_WIN | VARIANT_LOSS;

// How the game ended, from the status bits, in python-chess's order (the variant's rule first).
export function outcomeOf(bits) {
  const turn = bits & BLACK_TO_MOVE ? "b" : "w";
  const other = turn === "w" ? "b" : "w";
  if (bits & VARIANT_LOSS) return { winner: other, termination: "variant_loss" };
  if (bits & VARIANT_WIN) return { winner: turn, termination: "variant_win" };
  if (bits & VARIANT_DRAW) return { winner: null, termination: "variant_draw" };
  if (bits & CHECKMATE) return { winner: other, termination: "checkmate" };
  if (bits & INSUFFICIENT) return { winner: null, termination: "insufficient_material" };
  if (bits & STALEMATE) return { winner: null, termination: "stalemate" };
  if (bits & THREEFOLD) return { winner: null, termination: "threefold_repetition" };
  if (bits & FIFTY) return { winner: null, termination: "fifty_moves" };
  return null;
}

const PIECES = "pnbrq";
// The engine's ten pocket counts as { w: { p, n, b, r, q }, b: { ... } }; null without pockets.
export function pocketsOf(counts) {
  if (counts === undefined) return null;
  const side = (offset) => Object.fromEntries([...PIECES].map((p, i) => [p, counts[offset + i]]));
  return { w: side(0), b: side(5) };
}

export function checksOf(counts) {
  return counts === undefined ? null : { w: counts[0], b: counts[1] };
}

export function statsObject(text) {
  const stats = {};
  for (const line of lines(text)) {
    const cut = line.indexOf(" ");
    stats[line.slice(0, cut)] = Number(line.slice(cut + 1));
  }
  return stats;
}

export function divideMap(text) {
  const map = new Map();
  for (const line of lines(text)) {
    const cut = line.indexOf(" ");
    map.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return map;
}

export function divideStatsMap(text) {
  const map = new Map();
  for (const block of text.split("\n\n")) {
    if (block.length === 0) continue;
    const cut = block.indexOf("\n");
    map.set(block.slice(0, cut), statsObject(block.slice(cut + 1) + "\n"));
  }
  return map;
}
