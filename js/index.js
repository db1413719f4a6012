// bitmove for JavaScript: chess.js's Chess API, Chess960, the lichess variants, perft statistics
// and a lean Position, over the bitmove Rust library compiled to WebAssembly. Every rule lives in
// Rust; this file only turns the engine's batched strings into chess.js's objects and its errors
// into typed Error subclasses.
import init, {
  initSync,
  RawGame,
  RawPosition,
  RawVariantGame,
  RawVariantPosition,
  RawBook,
  maxDepth,
  svgBoard,
  variantName,
  __wbg_reset_state,
} from "./wasm/bitmove_wasm.js";

const wasmUrl = new URL("./wasm/bitmove_wasm_bg.wasm", import.meta.url);
if (typeof process === "object" && process.versions?.node && wasmUrl.protocol === "file:") {
  const { readFile } = await import("node:fs/promises");
  initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

// A trap (a Rust panic: none is known, every input is checked) leaves a WebAssembly instance
// unsafe to use. Every engine call is wrapped: on a trap the instance is replaced by a fresh
// one (wasm-bindgen's reset), the call fails with a BitmoveError, and each Chess and Position
// rebuilds its engine object from what it keeps in JavaScript (start FEN and moves played)
// at its next call. Objects of the old instance are never touched again.
let generation = 0;
for (const Raw of [RawGame, RawPosition, RawVariantGame, RawVariantPosition, RawBook]) {
  for (const name of Object.getOwnPropertyNames(Raw.prototype)) {
    const method = Raw.prototype[name];
    if (name === "constructor" || typeof method !== "function") continue;
    // No engine method takes more than two arguments.
    Raw.prototype[name] = function (a, b) {
      try {
        return method.call(this, a, b);
      } catch (error) {
        throw recover(error);
      }
    };
  }
}

function recover(error) {
  if (!(error instanceof WebAssembly.RuntimeError)) return error;
  __wbg_reset_state();
  generation++;
  return new BitmoveError(`the WebAssembly engine failed and was restarted: ${error.message}`, {
    cause: error,
  });
}

// Standard chess (variant undefined) has its own engine classes; a variant is given by its UCI
// name to the variant classes, which answer to the same method names.
function construct(Raw, fen, chess960, variant) {
  try {
    return variant === undefined ? new Raw(fen, chess960) : new Raw(variant, fen);
  } catch (error) {
    throw recover(error);
  }
}

// The options' variant: undefined for standard chess (no variant, "chess", "standard", ...),
// else its UCI name; a RangeError for anything that names no variant. Chess960's names (lichess's
// "Chess960") mean standard chess with Chess960 castling: `chess960` is set then.
function variantOf(options) {
  const name = options?.variant;
  if (name === undefined || name === null) return { variant: undefined, chess960: false };
  if (typeof name !== "string") throw new RangeError(`a variant name must be a string, not ${typeof name}`);
  const uci = call(() => variantName(name), name);
  if (uci === "chess" || uci === "chess960") return { variant: undefined, chess960: uci === "chess960" };
  return { variant: uci, chess960: false };
}

// Board pictures (`svg()` of Chess and Position): the options object of python-chess's
// chess.svg.board in JavaScript's spelling, turned into the engine's plain arguments.
function svgSquare(square) {
  if (typeof square !== "string" || !/^[a-h][1-8]$/.test(square)) {
    throw new RangeError(`not a square: ${String(square)}`);
  }
  return (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
}

// The king of the side to move on a FEN's board, or undefined.
function kingSquare(fen) {
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

function renderSvg(fen, defaults, options) {
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
export const MAX_DEPTH = maxDepth();

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
function translate(error, input) {
  if (typeof error === "string") {
    const cut = error.indexOf(": ");
    const kind = error.slice(0, cut);
    const message = error.slice(cut + 2);
    if (kind === "FenError") return new FenError(message, input);
    if (kind === "RangeError") return new RangeError(message);
    return new IllegalMoveError(message, input);
  }
  return error;
}

function call(fn, input) {
  try {
    return fn();
  } catch (error) {
    throw translate(error, input);
  }
}

function checkDepth(depth) {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
    throw new RangeError(`depth must be an integer from 0 to ${MAX_DEPTH}, not ${depth}`);
  }
  return depth;
}

function checkFen(fen) {
  if (typeof fen !== "string") throw new FenError(`a FEN must be a string, not ${typeof fen}`, fen);
  return fen;
}

const FILES = "abcdefgh";
// chess.js's square index: a8 = 0 ... h1 = 63; 64 for anything else.
function squareIndex(square) {
  if (typeof square !== "string" || square.length !== 2) return 64;
  const file = square.charCodeAt(0) - 97;
  const rank = square.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return 64;
  return (7 - rank) * 8 + file;
}

function lines(text) {
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
    if (kind === "k" || kind === "q" || kind === "d") flags = kind;
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

function records(text, before) {
  const out = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    out.push(new Move(text.slice(start, end), before));
    start = end + 1;
  }
  return out;
}

const CHECK = 1;
const CHECKMATE = 2;
const STALEMATE = 4;
const INSUFFICIENT = 8;
const THREEFOLD = 16;
const FIFTY = 32;
const BLACK = 64;
// Set by the variant engines only.
const VARIANT_END = 128;
const VARIANT_WIN = 256;
const VARIANT_LOSS = 512;
const VARIANT_DRAW = 1024;
const DECIDED = 2048; // someone has won: no draw counts

const DRAWN = STALEMATE | INSUFFICIENT | THREEFOLD | FIFTY | VARIANT_DRAW;
const OVER = CHECKMATE | DRAWN | VARIANT_END | VARIANT_WIN | VARIANT_LOSS;

// How the game ended, from the status bits, in python-chess's order (the variant's rule first).
function outcomeOf(bits) {
  const turn = bits & BLACK ? "b" : "w";
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
function pocketsOf(counts) {
  if (counts === undefined) return null;
  const side = (offset) => Object.fromEntries([...PIECES].map((p, i) => [p, counts[offset + i]]));
  return { w: side(0), b: side(5) };
}

function checksOf(counts) {
  return counts === undefined ? null : { w: counts[0], b: counts[1] };
}

function statsObject(text) {
  const stats = {};
  for (const line of lines(text)) {
    const cut = line.indexOf(" ");
    stats[line.slice(0, cut)] = Number(line.slice(cut + 1));
  }
  return stats;
}

function divideMap(text) {
  const map = new Map();
  for (const line of lines(text)) {
    const cut = line.indexOf(" ");
    map.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return map;
}

function divideStatsMap(text) {
  const map = new Map();
  for (const block of text.split("\n\n")) {
    if (block.length === 0) continue;
    const cut = block.indexOf("\n");
    map.set(block.slice(0, cut), statsObject(block.slice(cut + 1) + "\n"));
  }
  return map;
}

/**
 * A game, with chess.js 1.x's API (`moves`, `move`, `undo`, `history`, `fen`, the status
 * queries, `perft`), plus Chess960, the lichess variants, `polyglotKey`, `divide` and
 * `perftStats`.
 */
export class Chess {
  #game;
  #generation = generation;
  #chess960;
  #variant; // undefined: standard chess (RawGame); else the UCI name (RawVariantGame)
  #Raw;
  #status = -1;
  #start;
  #played = []; // the moves played, UCI: with #start, what rebuilds the engine's game

  constructor(fen = undefined, options = {}) {
    const { variant, chess960 } = variantOf(options);
    this.#variant = variant;
    this.#Raw = variant === undefined ? RawGame : RawVariantGame;
    this.#chess960 = Boolean(options?.chess960) || chess960;
    // No FEN: the start position (a variant's own, from the engine).
    if (fen === undefined && variant === undefined) fen = DEFAULT_POSITION;
    if (fen !== undefined) checkFen(fen);
    this.#game = call(() => construct(this.#Raw, fen, this.#chess960, variant), fen);
    this.#start = fen;
  }

  // The engine's game, rebuilt after a restart of the engine.
  get #raw() {
    if (this.#generation !== generation) {
      const game = construct(this.#Raw, this.#start, this.#chess960, this.#variant);
      for (const uci of this.#played) game.playUci(uci);
      this.#game = game;
      this.#generation = generation;
      this.#status = -1;
    }
    return this.#game;
  }

  /**
   * Replaces the position (and clears the history); throws `FenError` when refused. The
   * variant stays the game's.
   */
  load(fen, options = {}) {
    void options;
    if (fen !== undefined || this.#variant === undefined) checkFen(fen);
    const game = call(() => construct(this.#Raw, fen, this.#chess960, this.#variant), fen);
    if (this.#generation === generation) this.#game.free();
    this.#game = game;
    this.#generation = generation;
    this.#start = fen;
    this.#played = [];
    this.#status = -1;
  }

  /** Back to the start position, the variant's own in a variant (the history is cleared). */
  reset() {
    this.load(this.#variant === undefined ? DEFAULT_POSITION : undefined);
  }

  /** The variant's UCI name: `chess` for standard chess and Chess960, else `atomic`, ... */
  get variant() {
    return this.#variant ?? "chess";
  }

  /**
   * Whether this game follows Chess960's castling rules (in a variant: whether its FEN's
   * castling rights need them).
   */
  isChess960() {
    return this.#variant === undefined ? this.#chess960 : this.#raw.isChess960();
  }

  fen() {
    return this.#raw.fen();
  }

  #bits() {
    if (this.#status < 0) this.#status = this.#raw.status();
    return this.#status;
  }

  turn() {
    return this.#bits() & BLACK ? "b" : "w";
  }

  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    // chess.js: a falsy square means every square, an unknown one none.
    const index = square ? squareIndex(square) : 64;
    if (square && index === 64) return [];
    if (!verbose && piece === undefined) return lines(this.#raw.movesSan(index));
    let moves = records(this.#raw.movesVerbose(index), this.#raw.fen());
    if (piece !== undefined) moves = moves.filter((m) => m.piece === String(piece).toLowerCase());
    return verbose ? moves : moves.map((m) => m.san);
  }

  /**
   * Plays a move given in SAN (read leniently, as chess.js does: UCI such as `e2e4` too) or as
   * `{ from, to, promotion }`, and returns it; throws `IllegalMoveError` when it is not legal.
   * In crazyhouse a drop is SAN `N@f3` (`@e4` or `P@e4` for a pawn) or `{ piece, to }`.
   */
  move(move, options = {}) {
    void options;
    const before = this.#raw.fen();
    let record;
    const refused = () =>
      new IllegalMoveError(`Invalid move: ${typeof move === "string" ? move : JSON.stringify(move)}`, move);
    if (this.#variant !== undefined && move !== null && typeof move === "object") {
      // A drop ({ piece, to }, or a drop's Move with `from` equal to `to`) or a board move; the
      // promotion may be a king (antichess): the engine judges.
      const { from, to, promotion, piece } = move;
      let uci;
      if ((from === undefined || from === to) && typeof piece === "string" && /^[pnbrq]$/i.test(piece)) {
        if (squareIndex(to) < 64) uci = `${piece.toUpperCase()}@${to}`;
      } else if (
        squareIndex(from) < 64 &&
        squareIndex(to) < 64 &&
        (promotion === undefined || (typeof promotion === "string" && /^[nbrqk]$/.test(promotion)))
      ) {
        uci = from + to + (promotion ?? "");
      }
      if (uci === undefined) throw refused();
      try {
        record = this.#raw.playUci(uci);
      } catch (error) {
        throw typeof error === "string" ? refused() : translate(error, move);
      }
    } else if (typeof move === "string") {
      try {
        record = this.#raw.playText(move);
      } catch (error) {
        throw typeof error === "string" ? refused() : translate(error, move);
      }
    } else if (move !== null && typeof move === "object") {
      const { from, to, promotion } = move;
      const valid =
        squareIndex(from) < 64 &&
        squareIndex(to) < 64 &&
        (promotion === undefined || (typeof promotion === "string" && /^[nbrq]$/.test(promotion)));
      if (!valid) throw refused();
      try {
        record = this.#raw.playUci(from + to + (promotion ?? ""));
      } catch (error) {
        throw typeof error === "string" ? refused() : translate(error, move);
      }
    } else {
      throw refused();
    }
    this.#status = -1;
    const played = new Move(record, before);
    this.#played.push(played.lan);
    return played;
  }

  /** Takes back the last move and returns it, or `null` at the start. */
  undo() {
    const record = this.#raw.undo();
    if (record === undefined) return null;
    this.#played.pop();
    this.#status = -1;
    return new Move(record, this.#raw.fen());
  }

  history({ verbose = false } = {}) {
    if (!verbose) return lines(this.#raw.historySan());
    const moves = records(this.#raw.historyVerbose(), "");
    let before = this.#raw.startFen();
    for (const m of moves) {
      m.before = before;
      before = m.after;
    }
    return moves;
  }

  get(square) {
    const index = squareIndex(square);
    if (index === 64) return undefined;
    const letter = this.#raw.placement()[index];
    if (letter === ".") return undefined;
    const lower = letter.toLowerCase();
    return { type: lower, color: letter === lower ? "b" : "w" };
  }

  board() {
    const placement = this.#raw.placement();
    const rows = [];
    for (let r = 0; r < 8; r++) {
      const row = [];
      for (let f = 0; f < 8; f++) {
        const letter = placement[r * 8 + f];
        if (letter === ".") {
          row.push(null);
        } else {
          const lower = letter.toLowerCase();
          row.push({ square: FILES[f] + (8 - r), type: lower, color: letter === lower ? "b" : "w" });
        }
      }
      rows.push(row);
    }
    return rows;
  }

  ascii() {
    const placement = this.#raw.placement();
    let s = "   +------------------------+\n";
    for (let r = 0; r < 8; r++) {
      s += " " + (8 - r) + " |";
      for (let f = 0; f < 8; f++) s += " " + placement[r * 8 + f] + " ";
      s += "|\n";
    }
    return s + "   +------------------------+\n     a  b  c  d  e  f  g  h";
  }

  inCheck() {
    return (this.#bits() & CHECK) !== 0;
  }
  isCheck() {
    return this.inCheck();
  }
  isCheckmate() {
    return (this.#bits() & CHECKMATE) !== 0;
  }
  isStalemate() {
    return (this.#bits() & STALEMATE) !== 0;
  }
  isInsufficientMaterial() {
    return (this.#bits() & INSUFFICIENT) !== 0;
  }
  isThreefoldRepetition() {
    return (this.#bits() & THREEFOLD) !== 0;
  }
  /** A hundred half-moves without capture or pawn move, unless that last move mated. */
  isDrawByFiftyMoves() {
    return (this.#bits() & FIFTY) !== 0;
  }
  /** A draw by any rule; in a variant, by its rules, and never once someone has won. */
  isDraw() {
    const bits = this.#bits();
    return (bits & DECIDED) === 0 && (bits & DRAWN) !== 0;
  }
  isGameOver() {
    return (this.#bits() & OVER) !== 0;
  }
  /** Whether the game has ended by its variant's own rule (never in standard chess). */
  isVariantEnd() {
    return (this.#bits() & VARIANT_END) !== 0;
  }
  /** Whether the side to move has won by its variant's rule. */
  isVariantWin() {
    return (this.#bits() & VARIANT_WIN) !== 0;
  }
  /** Whether the side to move has lost by its variant's rule. */
  isVariantLoss() {
    return (this.#bits() & VARIANT_LOSS) !== 0;
  }
  /** Whether the game is drawn by its variant's rule. */
  isVariantDraw() {
    return (this.#bits() & VARIANT_DRAW) !== 0;
  }
  /**
   * How the game has ended, `{ winner, termination }` (winner `w`, `b` or null), or null while
   * it goes on; non-null exactly when `isGameOver()`.
   */
  outcome() {
    return outcomeOf(this.#bits());
  }
  /** Crazyhouse: the pockets, `{ w: { p, n, b, r, q }, b: { ... } }`; null in other games. */
  pockets() {
    return this.#variant === undefined ? null : pocketsOf(this.#raw.pockets());
  }
  /** Three-check: the checks each side still has to give, `{ w, b }`; null in other games. */
  remainingChecks() {
    return this.#variant === undefined ? null : checksOf(this.#raw.remainingChecks());
  }

  moveNumber() {
    return this.#raw.moveNumber();
  }

  /** Leaf nodes `depth` plies below (`perft(0)` is 1). */
  perft(depth) {
    checkDepth(depth);
    return call(() => this.#raw.perft(depth));
  }

  /** Perft split by root move: a `Map` from UCI to leaf count, in generation order. */
  divide(depth) {
    checkDepth(depth);
    return divideMap(call(() => this.#raw.divide(depth)));
  }

  /** Perft statistics: nodes, captures, en_passant, castles, ... (the Rust library's names). */
  perftStats(depth) {
    checkDepth(depth);
    return statsObject(call(() => this.#raw.perftStats(depth)));
  }

  /** The statistics of each root move: a `Map` from UCI to statistics `depth` plies deep. */
  divideStats(depth) {
    checkDepth(depth);
    return divideStatsMap(call(() => this.#raw.divideStats(depth)));
  }

  /**
   * The Polyglot (Zobrist) key of the position, as a BigInt (in a variant, of the board: not
   * the pockets or check counters, as python-chess's `zobrist_hash`).
   */
  /**
   * The board as an SVG picture (python-chess's chess.svg.board): options `orientation`
   * ("white" or "black"), `flipped`, `lastMove` (UCI or {from, to}; default the last move
   * played), `check` (a square; default the king in check), `arrows` ({tail, head, color},
   * [tail, head, color] or "Ge2e4"), `fill` ({square: color}), `squares` (marked with an X),
   * `size`, `coordinates`, `colors` (python-chess's keys), `borders`, `style`.
   */
  svg(options = undefined) {
    const fen = this.fen();
    const last = this.#played[this.#played.length - 1];
    return renderSvg(fen, { lastMove: last, check: this.isCheck() ? kingSquare(fen) : undefined }, options);
  }

  polyglotKey() {
    return this.#raw.polyglotKey();
  }
}

const CLONE = Symbol("clone");

/**
 * A position without history and without per-move objects: UCI in and out, for bots and bulk
 * work. `play` changes it in place; `clone` copies it.
 */
export class Position {
  #position;
  #generation = generation;
  #start;
  #chess960;
  #variant; // undefined: standard chess (RawPosition); else the UCI name (RawVariantPosition)
  #Raw;
  #played = []; // the moves played, UCI: with #start, what rebuilds the engine's position

  constructor(fen = undefined, options = {}) {
    if (fen === CLONE) return; // clone() fills the fields
    const { variant, chess960 } = variantOf(options);
    this.#variant = variant;
    this.#Raw = variant === undefined ? RawPosition : RawVariantPosition;
    this.#chess960 = Boolean(options?.chess960) || chess960;
    if (fen === undefined && variant === undefined) fen = DEFAULT_POSITION;
    if (fen !== undefined) checkFen(fen);
    this.#position = call(() => construct(this.#Raw, fen, this.#chess960, variant), fen);
    this.#start = fen;
  }

  // The engine's position, rebuilt after a restart of the engine.
  get #raw() {
    if (this.#generation !== generation) {
      const position = construct(this.#Raw, this.#start, this.#chess960, this.#variant);
      for (const uci of this.#played) position.play(uci);
      this.#position = position;
      this.#generation = generation;
    }
    return this.#position;
  }

  /** The variant's UCI name: `chess` for standard chess and Chess960, else `atomic`, ... */
  get variant() {
    return this.#variant ?? "chess";
  }

  fen() {
    return this.#raw.fen();
  }
  turn() {
    return this.#raw.blackToMove() ? "b" : "w";
  }
  /** The legal moves in UCI (Chess960 castling as king takes rook, drops as `N@f3`). */
  legalMoves() {
    const text = this.#raw.legalMoves();
    return text.length === 0 ? [] : text.split(" ");
  }
  /** The legal moves in SAN. */
  legalMovesSan() {
    return lines(this.#raw.movesSan(64));
  }
  /** The number of legal moves. */
  countMoves() {
    return this.#raw.countMoves();
  }
  /** Plays a UCI move in place; throws `IllegalMoveError` when not legal. Returns `this`. */
  play(uci) {
    if (typeof uci !== "string") throw new IllegalMoveError(`Invalid move: ${String(uci)}`, uci);
    call(() => this.#raw.play(uci), uci);
    this.#played.push(uci);
    return this;
  }
  /** The SAN of a legal UCI move. */
  san(uci) {
    if (typeof uci !== "string") throw new IllegalMoveError(`Invalid move: ${String(uci)}`, uci);
    return call(() => this.#raw.san(uci), uci);
  }
  /** The UCI of a legal SAN move. */
  parseSan(san) {
    if (typeof san !== "string") throw new IllegalMoveError(`Invalid move: ${String(san)}`, san);
    return call(() => this.#raw.parseSan(san), san);
  }
  clone() {
    const raw = this.#raw;
    const copy = new Position(CLONE);
    copy.#position = raw.clone();
    copy.#generation = this.#generation;
    copy.#start = this.#start;
    copy.#chess960 = this.#chess960;
    copy.#variant = this.#variant;
    copy.#Raw = this.#Raw;
    copy.#played = this.#played.slice();
    return copy;
  }
  isCheck() {
    return (this.#raw.status() & CHECK) !== 0;
  }
  isCheckmate() {
    return (this.#raw.status() & CHECKMATE) !== 0;
  }
  isStalemate() {
    return (this.#raw.status() & STALEMATE) !== 0;
  }
  isInsufficientMaterial() {
    return (this.#raw.status() & INSUFFICIENT) !== 0;
  }
  isVariantEnd() {
    return (this.#raw.status() & VARIANT_END) !== 0;
  }
  isVariantWin() {
    return (this.#raw.status() & VARIANT_WIN) !== 0;
  }
  isVariantLoss() {
    return (this.#raw.status() & VARIANT_LOSS) !== 0;
  }
  isVariantDraw() {
    return (this.#raw.status() & VARIANT_DRAW) !== 0;
  }
  /** As `Chess.outcome()`, without repetitions (a position has no history). */
  outcome() {
    return outcomeOf(this.#raw.status());
  }
  pockets() {
    return this.#variant === undefined ? null : pocketsOf(this.#raw.pockets());
  }
  remainingChecks() {
    return this.#variant === undefined ? null : checksOf(this.#raw.remainingChecks());
  }
  /**
   * The board as an SVG picture (python-chess's chess.svg.board): options `orientation`
   * ("white" or "black"), `flipped`, `lastMove` (UCI or {from, to}; default the last move
   * played), `check` (a square; default the king in check), `arrows` ({tail, head, color},
   * [tail, head, color] or "Ge2e4"), `fill` ({square: color}), `squares` (marked with an X),
   * `size`, `coordinates`, `colors` (python-chess's keys), `borders`, `style`.
   */
  svg(options = undefined) {
    const fen = this.fen();
    const last = this.#played[this.#played.length - 1];
    return renderSvg(fen, { lastMove: last, check: this.isCheck() ? kingSquare(fen) : undefined }, options);
  }

  polyglotKey() {
    return this.#raw.polyglotKey();
  }
  perft(depth) {
    checkDepth(depth);
    return call(() => this.#raw.perft(depth));
  }
  divide(depth) {
    checkDepth(depth);
    return divideMap(call(() => this.#raw.divide(depth)));
  }
  perftStats(depth) {
    checkDepth(depth);
    return statsObject(call(() => this.#raw.perftStats(depth)));
  }
  divideStats(depth) {
    checkDepth(depth);
    return divideStatsMap(call(() => this.#raw.divideStats(depth)));
  }
}

/**
 * A Polyglot opening book over its bytes (a `Uint8Array`, copied into the engine): the book's
 * legal moves for a position, found and drawn as python-chess's `chess.polyglot` does.
 * Castling is written as UCI writes it for the board (`e1g1`; `e1h1` with `chess960`).
 */
export class Book {
  #bytes;
  #book;
  #generation = generation;

  constructor(bytes) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError("a Book is made from a Uint8Array");
    this.#bytes = bytes.slice();
    this.#book = call(() => new RawBook(this.#bytes));
  }

  get #raw() {
    if (this.#generation !== generation) {
      this.#book = call(() => new RawBook(this.#bytes));
      this.#generation = generation;
    }
    return this.#book;
  }

  /** The number of entries. */
  get size() {
    return this.#raw.size();
  }

  /**
   * The book's legal moves for a position (a FEN, a `Chess`, a `Position`; undefined: the start)
   * in the book's order (python-chess's `find_all`): `{ uci, san, weight, learn }` each.
   */
  entries(position = undefined, { minimumWeight = 1, exclude = [], chess960 = false } = {}) {
    const fen = position === undefined || typeof position === "string" ? position : position.fen();
    if (fen !== undefined) checkFen(fen);
    if (!Number.isInteger(minimumWeight))
      throw new RangeError(`minimumWeight must be an integer, not ${minimumWeight}`);
    const skip = new Set(exclude);
    const weight = Math.max(0, Math.min(minimumWeight, 65536));
    const raw = this.#raw;
    const text = call(() => (chess960 ? raw.entries960(fen, weight) : raw.entries(fen, weight)), fen);
    const out = [];
    if (text === "") return out;
    for (const line of text.split("\n")) {
      const [uci, san, weight, learn] = line.split(" ");
      if (!skip.has(uci)) out.push({ uci, san, weight: Number(weight), learn: Number(learn) });
    }
    return out;
  }

  /** The same moves, heaviest first (equal weights in the book's order). */
  findAll(position = undefined, options = {}) {
    return this.entries(position, options).sort((a, b) => b.weight - a.weight);
  }

  /** The first of the heaviest moves, or `null`. */
  find(position = undefined, options = {}) {
    return this.findAll(position, options)[0] ?? null;
  }

  /**
   * A move drawn uniformly (python-chess's reservoir sampling in the book's order), or `null`.
   * `random()` gives a number in [0, 1) (default `Math.random`).
   */
  choice(position = undefined, { random = Math.random, ...options } = {}) {
    let chosen = null;
    this.entries(position, options).forEach((entry, i) => {
      if (chosen === null || Math.floor(random() * (i + 1)) === i) chosen = entry;
    });
    return chosen;
  }

  /** A move drawn in proportion to the weights (weight 0 never), or `null`. */
  weightedChoice(position = undefined, { random = Math.random, ...options } = {}) {
    const entries = this.entries(position, { ...options, minimumWeight: 1 });
    const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
    if (total === 0) return null;
    const pick = Math.floor(random() * total);
    let sum = 0;
    return entries.find((entry) => (sum += entry.weight) > pick) ?? null;
  }
}
