// The Chess class of the bitmove npm package: chess.js 1.4's API and behaviour (PGN, tags,
// comments, board editing, null moves, its hash and move order) on the Rust engine, plus
// Chess960, the lichess variants, perft statistics and Polyglot keys.
import {
  RawGame,
  RawVariantGame,
  generation,
  needFull,
  construct,
  variantOf,
  renderSvg,
  kingSquare,
  call,
  recover,
  translate,
  checkDepth,
  checkFen,
  squareIndex,
  lines,
  records,
  outcomeOf,
  pocketsOf,
  checksOf,
  statsObject,
  divideMap,
  divideStatsMap,
  FILES,
  Move,
  DEFAULT_POSITION,
  IllegalMoveError,
  CHECK,
  CHECKMATE,
  STALEMATE,
  INSUFFICIENT,
  THREEFOLD,
  FIFTY,
  BLACK_TO_MOVE,
  VARIANT_END,
  VARIANT_WIN,
  VARIANT_LOSS,
  VARIANT_DRAW,
  DECIDED,
  DRAWN,
  OVER,
} from "./engine.js";

// chess.js's square names are lowercase; `moves({ square })` lowercases its argument.
function squareOf(square) {
  return typeof square === "string" ? squareIndex(square) : 64;
}

function pieceObject(text) {
  return text === undefined ? undefined : { type: text[0], color: text[1] };
}

function describeMove(move) {
  if (typeof move === "string") return move;
  try {
    return JSON.stringify(move);
  } catch {
    return String(move);
  }
}

/**
 * A game, with chess.js 1.4's API, plus Chess960, the lichess variants, `polyglotKey`,
 * `divide` and `perftStats`.
 */
export class Chess {
  #game;
  #generation = generation;
  #chess960;
  #variant; // undefined: standard chess (RawGame); else the UCI name (RawVariantGame)
  #status = -1;
  #start; // the arguments the engine's game was made with
  #log = []; // the engine calls that changed it since: with #start, what rebuilds it
  #played = []; // the moves played, UCI (the last one is highlighted by svg())

  // The engine class: the build in use's (the full build replaces the core one on install).
  get #Raw() {
    return this.#variant === undefined ? RawGame : RawVariantGame;
  }

  constructor(fen = undefined, options = {}) {
    const { variant, chess960 } = variantOf(options);
    this.#variant = variant;
    this.#chess960 = Boolean(options?.chess960) || chess960;
    if (fen === undefined && variant === undefined) fen = DEFAULT_POSITION;
    if (fen !== undefined) checkFen(fen);
    const skip = Boolean(options?.skipValidation);
    this.#start = [fen, skip];
    this.#game = call(() => this.#make(fen, skip), fen);
  }

  #make(fen, skip) {
    if (this.#variant !== undefined) return construct(this.#Raw, fen, false, this.#variant);
    try {
      return new RawGame(fen, this.#chess960, skip);
    } catch (error) {
      throw recover(error);
    }
  }

  // The engine's game, rebuilt after a restart of the engine.
  get #raw() {
    if (this.#generation !== generation) {
      const game = this.#make(...this.#start);
      for (const [name, args] of this.#log) {
        try {
          game[name](...args);
        } catch {
          // It failed the first time too, and changed nothing.
        }
      }
      this.#game = game;
      this.#generation = generation;
      this.#status = -1;
    }
    return this.#game;
  }

  // An engine call that changes the game: logged for a rebuild, the status cache dropped.
  #change(name, args, input) {
    const raw = this.#raw;
    let result;
    try {
      result = raw[name](...args);
    } catch (error) {
      throw translate(error, input);
    }
    this.#log.push([name, args]);
    this.#status = -1;
    return result;
  }

  #standard(name) {
    if (this.#variant !== undefined) {
      throw new RangeError(`${name}() is not available in a variant game (${this.#variant})`);
    }
  }

  /**
   * Replaces the position and clears the history (chess.js's `load`): `skipValidation` loads
   * positions chess.js's FEN check refuses, `preserveHeaders` keeps the tags. Throws
   * `FenError` with chess.js's message; the game is then unchanged.
   */
  load(fen, { skipValidation = false, preserveHeaders = false } = {}) {
    if (this.#variant !== undefined) {
      if (fen !== undefined) checkFen(fen);
      const game = call(() => construct(this.#Raw, fen, false, this.#variant), fen);
      if (this.#generation === generation) this.#game.free();
      this.#game = game;
      this.#generation = generation;
      this.#start = [fen, false];
      this.#log = [];
      this.#played = [];
      this.#status = -1;
      return;
    }
    checkFen(fen);
    this.#change("load", [fen, Boolean(skipValidation), Boolean(preserveHeaders)], fen);
    this.#played = [];
  }

  /** An empty board, White to move, no history (chess.js's `clear`). */
  clear({ preserveHeaders = false } = {}) {
    this.#standard("clear");
    this.#change("clear", [Boolean(preserveHeaders)]);
    this.#played = [];
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

  /** The FEN; `forceEnpassantSquare` writes the en-passant square even when no pawn can take. */
  fen({ forceEnpassantSquare = false } = {}) {
    return this.#raw.fen(Boolean(forceEnpassantSquare));
  }

  #bits() {
    if (this.#status < 0) this.#status = this.#raw.status();
    return this.#status;
  }

  turn() {
    return this.#bits() & BLACK_TO_MOVE ? "b" : "w";
  }

  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    // chess.js: a falsy square means every square, an unknown one none.
    const index = square ? squareOf(String(square).toLowerCase()) : 64;
    if (square && index === 64) return [];
    const letter = piece === undefined ? "" : String(piece).toLowerCase();
    if (this.#variant !== undefined) {
      if (!verbose && piece === undefined) return lines(this.#raw.movesSan(index));
      let moves = records(this.#raw.movesVerbose(index), this.#raw.fen());
      if (piece !== undefined) moves = moves.filter((m) => m.piece === letter);
      return verbose ? moves : moves.map((m) => m.san);
    }
    if (piece !== undefined && !/^[pnbrqk]$/.test(letter)) return [];
    if (!verbose) return lines(this.#raw.movesSan(index, letter));
    return records(this.#raw.movesVerbose(index, letter), this.#raw.fen(false));
  }

  /**
   * Plays a move and returns it: SAN read as chess.js reads it (leniently: `Pe2-e4`, `e2e4`,
   * `Nge7` too, unless `strict`), `null` or `--` for a null move, or `{ from, to, promotion }`.
   * Throws `IllegalMoveError` (`Invalid move: ...`) when it is not legal. In crazyhouse a drop
   * is SAN `N@f3` (`@e4` or `P@e4` for a pawn) or `{ piece, to }`.
   */
  move(move, { strict = false } = {}) {
    const refused = () => new IllegalMoveError(`Invalid move: ${describeMove(move)}`, move);
    if (this.#variant !== undefined) return this.#variantMove(move, refused);
    const before = this.#raw.fen(false);
    let record;
    if (typeof move === "string" || move === null) {
      const text = move === null ? "--" : move;
      record = this.#change("playText", [text, Boolean(strict)], move);
    } else if (typeof move === "object") {
      const { from, to, promotion } = move;
      if (squareOf(from) === 64 || squareOf(to) === 64) throw refused();
      const promo =
        promotion === undefined ? undefined : typeof promotion === "string" ? promotion : "\u0000";
      try {
        record = this.#change("playObject", [squareOf(from), squareOf(to), promo], move);
      } catch (error) {
        throw error instanceof IllegalMoveError ? refused() : error;
      }
    } else {
      throw refused();
    }
    const played = new Move(record, before);
    this.#played.push(played.lan);
    return played;
  }

  #variantMove(move, refused) {
    const before = this.#raw.fen();
    let record;
    if (move !== null && typeof move === "object") {
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
        record = this.#change("playUci", [uci], move);
      } catch (error) {
        throw error instanceof IllegalMoveError ? refused() : error;
      }
    } else if (typeof move === "string") {
      try {
        record = this.#change("playText", [move], move);
      } catch (error) {
        throw error instanceof IllegalMoveError ? refused() : error;
      }
    } else {
      throw refused();
    }
    const played = new Move(record, before);
    this.#played.push(played.lan);
    return played;
  }

  /** Takes back the last move and returns it, or `null` at the start. */
  undo() {
    if (this.#raw.historyLength() === 0) return null;
    const record = this.#change("undo", []);
    this.#played.pop();
    return new Move(record, this.#raw.fen(false));
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
    const index = squareOf(square);
    if (index === 64) return undefined;
    const letter = this.#raw.placement()[index];
    if (letter === ".") return undefined;
    const lower = letter.toLowerCase();
    return { type: lower, color: letter === lower ? "b" : "w" };
  }

  /** The squares holding `{ type, color }`, a8 to h1. */
  findPiece(piece) {
    this.#standard("findPiece");
    const { type, color } = piece ?? {};
    if (typeof type !== "string" || !/^[pnbrqk]$/.test(type) || (color !== "w" && color !== "b")) return [];
    const text = this.#raw.findPiece(type, color);
    return text === "" ? [] : text.split(" ");
  }

  /**
   * Puts a piece on a square (chess.js's `put`): false for a bad piece, colour or square, and
   * for a second king of a side. Castling rights whose king or rook is no longer in place go.
   */
  put(piece, square) {
    this.#standard("put");
    const { type, color } = piece ?? {};
    if (typeof type !== "string" || !/^[pnbrqk]$/i.test(type) || (color !== "w" && color !== "b"))
      return false;
    const index = squareOf(square);
    if (index === 64) return false;
    return this.#change("put", [type.toLowerCase(), color, index]);
  }

  /** Takes the piece off a square and returns it as `{ type, color }`, or `undefined`. */
  remove(square) {
    this.#standard("remove");
    const index = squareOf(square);
    if (index === 64) return undefined;
    return pieceObject(this.#change("remove", [index]));
  }

  /** Whether a piece of `attackedBy` attacks `square` (pins do not matter). */
  isAttacked(square, attackedBy) {
    this.#standard("isAttacked");
    return this.#raw.isAttacked(squareOf(square), String(attackedBy));
  }

  /** The squares of the pieces of `attackedBy` (default: the side to move) attacking `square`. */
  attackers(square, attackedBy = undefined) {
    this.#standard("attackers");
    const text = this.#raw.attackers(squareOf(square), attackedBy ? String(attackedBy) : this.turn());
    return text === "" ? [] : text.split(" ");
  }

  /** `"light"` or `"dark"`, or `null` for something that is no square. */
  squareColor(square) {
    const index = squareOf(square);
    if (index === 64) return null;
    return ((index >> 3) + (index & 7)) % 2 === 0 ? "light" : "dark";
  }

  /** chess.js's own Zobrist key of the position, hexadecimal. */
  hash() {
    this.#standard("hash");
    return this.#raw.hash();
  }

  /** chess.js's internal key of the position (what `hash()` writes in hexadecimal), a BigInt. */
  get _hash() {
    this.#standard("_hash");
    return BigInt("0x" + this.#raw.hash());
  }

  /**
   * chess.js's internal `_getPositionCount(hash)`: how often the position with chess.js's key
   * `hash` (a BigInt, as chess.js's `_hash`, or the hexadecimal string of `hash()`) has
   * occurred in the game, as its threefold repetition counts them.
   */
  _getPositionCount(hash) {
    this.#standard("_getPositionCount");
    let key;
    try {
      key = typeof hash === "string" ? BigInt("0x" + hash) : BigInt(hash);
    } catch {
      return 0;
    }
    if (key < 0n || key > 0xffffffffffffffffn) return 0;
    return this.#raw.positionCount(key);
  }

  /** Passes the turn to `color` by a null move; false when it is already `color`'s. */
  setTurn(color) {
    this.#standard("setTurn");
    if (this.turn() == color) return false;
    this.move(null);
    return true;
  }

  /**
   * Sets or clears castling rights (`{ k: true, q: false }`); rights whose king or rook is not
   * in place are dropped. Whether the rights are now as asked.
   */
  setCastlingRights(color, rights = {}) {
    this.#standard("setCastlingRights");
    const side = (value) => (value === undefined ? undefined : Boolean(value));
    return this.#change("setCastlingRights", [String(color), side(rights?.k), side(rights?.q)]);
  }

  /** The castling rights of `color`: `{ k, q }`. */
  getCastlingRights(color) {
    this.#standard("getCastlingRights");
    const [k, q] = this.#raw.getCastlingRights(String(color));
    return { k: k === 1, q: q === 1 };
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

  /** The game in PGN as chess.js writes it (`maxWidth` 0: the moves on one line). */
  pgn({ newline = "\n", maxWidth = 0 } = {}) {
    this.#standard("pgn");
    const width = Number.isFinite(maxWidth) && maxWidth > 0 ? Math.min(Math.floor(maxWidth), 2 ** 32 - 1) : 0;
    return this.#raw.pgn(String(newline), width);
  }

  /**
   * Replaces the game by the one in `pgn` (chess.js's `loadPgn`): tags, start position, the
   * mainline's moves (read as `move()` reads them, `strict` as there) and comments. Throws an
   * `Error` for a move that is not legal (`Invalid move in PGN: ...`) or a text that is no PGN.
   */
  loadPgn(pgn, { strict = false, newlineChar = "\r?\n" } = {}) {
    this.#standard("loadPgn");
    let text = String(pgn);
    if (newlineChar !== "\r?\n") text = text.replace(new RegExp(newlineChar, "g"), "\n");
    this.#played = [];
    const raw = this.#raw;
    // An error leaves what was read before it (as chess.js does): logged either way.
    this.#log.push(["loadPgn", [text, Boolean(strict)]]);
    this.#status = -1;
    try {
      raw.loadPgn(text, Boolean(strict));
    } catch (error) {
      throw translate(error, pgn);
    }
  }

  /** Sets tags from pairs of strings, and returns every tag, unset ones as `null` (deprecated in chess.js). */
  header(...args) {
    this.#standard("header");
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === "string" && typeof args[i + 1] === "string") {
        this.#change("setHeader", [args[i], args[i + 1]]);
      }
    }
    const pairs = this.#raw.headerPairs();
    const out = {};
    for (let i = 0; i < pairs.length; i += 2) out[pairs[i]] = pairs[i + 1];
    return out;
  }

  /** Sets a tag (no value: the seven tag roster's default) and returns the tags. */
  setHeader(key, value) {
    this.#standard("setHeader");
    this.#change("setHeader", [
      String(key),
      value === undefined || value === null ? undefined : String(value),
    ]);
    return this.getHeaders();
  }

  /** Removes a tag (one of the seven tag roster goes back to its default); false when absent. */
  removeHeader(key) {
    this.#standard("removeHeader");
    return this.#change("removeHeader", [String(key)]);
  }

  /** The tags that have a value. */
  getHeaders() {
    this.#standard("getHeaders");
    const pairs = this.#raw.headerPairs();
    const out = {};
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i + 1] !== null) out[pairs[i]] = pairs[i + 1];
    return out;
  }

  /** The comment of the current position, or `undefined`. */
  getComment() {
    this.#standard("getComment");
    return this.#raw.getComment();
  }
  /** Sets the comment of the current position. */
  setComment(comment) {
    this.#standard("setComment");
    this.#change("setComment", [String(comment)]);
  }
  /** Removes the current position's comment and returns it. */
  removeComment() {
    this.#standard("removeComment");
    return this.#change("removeComment", []);
  }
  /** @deprecated chess.js's old name of `removeComment`. */
  deleteComment() {
    return this.removeComment();
  }
  /** The comments of the game's positions, `{ fen, comment }` in the game's order. */
  getComments() {
    this.#standard("getComments");
    return pairsOf(this.#change("getComments", []));
  }
  /** Removes every comment and returns them as `getComments` does. */
  removeComments() {
    this.#standard("removeComments");
    return pairsOf(this.#change("removeComments", []));
  }
  /** @deprecated chess.js's old name of `removeComments`. */
  deleteComments() {
    return this.removeComments();
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
    needFull("perftStats()");
    checkDepth(depth);
    return statsObject(call(() => this.#raw.perftStats(depth)));
  }

  /** The statistics of each root move: a `Map` from UCI to statistics `depth` plies deep. */
  divideStats(depth) {
    needFull("divideStats()");
    checkDepth(depth);
    return divideStatsMap(call(() => this.#raw.divideStats(depth)));
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
    const lastMove = last && last !== "a8a8" ? last : undefined;
    return renderSvg(fen, { lastMove, check: this.isCheck() ? kingSquare(fen) : undefined }, options);
  }

  /**
   * The Polyglot (Zobrist) key of the position, as a BigInt (in a variant, of the board: not
   * the pockets or check counters, as python-chess's `zobrist_hash`).
   */
  polyglotKey() {
    return this.#raw.polyglotKey();
  }
}

function pairsOf(flat) {
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push({ fen: flat[i], comment: flat[i + 1] });
  return out;
}
