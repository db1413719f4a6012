// The lean Position (UCI in and out, no history) and the Polyglot Book of the bitmove npm package.
import {
  RawPosition,
  RawVariantPosition,
  RawBook,
  generation,
  needFull,
  construct,
  variantOf,
  renderSvg,
  kingSquare,
  call,
  checkDepth,
  checkFen,
  lines,
  outcomeOf,
  pocketsOf,
  checksOf,
  statsObject,
  divideMap,
  divideStatsMap,
  DEFAULT_POSITION,
  IllegalMoveError,
  CHECK,
  CHECKMATE,
  STALEMATE,
  INSUFFICIENT,
  VARIANT_END,
  VARIANT_WIN,
  VARIANT_LOSS,
  VARIANT_DRAW,
} from "./engine.js";

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
  #played = []; // the moves played, UCI: with #start, what rebuilds the engine's position

  // The engine class: the build in use's (the full build replaces the core one on install).
  get #Raw() {
    return this.#variant === undefined ? RawPosition : RawVariantPosition;
  }

  constructor(fen = undefined, options = {}) {
    if (fen === CLONE) return; // clone() fills the fields
    const { variant, chess960 } = variantOf(options);
    this.#variant = variant;
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
    needFull("perftStats()");
    checkDepth(depth);
    return statsObject(call(() => this.#raw.perftStats(depth)));
  }
  divideStats(depth) {
    needFull("divideStats()");
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
    needFull("Book");
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
