// A UCI engine behind any line transport: a Node child process (the npm `stockfish` package,
// or any engine binary) or a Web Worker. Every line is read by bitmove's Rust parser compiled
// to WebAssembly (bitmove::engine, the reader python-chess's lines are checked against).
//
// The reader is a WebAssembly module of its own (wasm-uci/: crates/bitmove-wasm with the
// feature `uci`, the reader alone), so that the main entry point does not carry it and this
// one carries nothing of the chess.js API. It is compiled synchronously from the bytes in
// the JavaScript, as engine.js does the engine's.
import * as glue from "./wasm-uci/bitmove_wasm.js";
import bytes from "./wasm-uci/bitmove_wasm_bytes.js";

let loadError;
try {
  glue.initSync({ module: bytes });
} catch (error) {
  loadError = error;
}

/** Resolves once the reader is loaded; only needed where the synchronous compile failed. */
export async function init() {
  if (loadError === undefined) return;
  await glue.default({ module_or_path: bytes });
  loadError = undefined;
}

/** The base of the engine errors. */
export class EngineError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
/** The engine said nothing for the timeout; it has been killed. */
export class EngineTimeoutError extends EngineError {}
/** The engine's transport closed (the process exited, the worker died). */
export class EngineTerminatedError extends EngineError {}

/** A score from the side to move's point of view: `kind` "cp" or "mate". */
export class Score {
  constructor(kind, value, bound = null) {
    this.kind = kind;
    this.value = value;
    this.bound = bound;
  }
  /** The score from White's point of view, given the side to move ("w" or "b"). */
  white(turn) {
    return this.pov("w", turn);
  }
  /** The score from `color`'s point of view, given the side to move. */
  pov(color, turn) {
    if (color === turn) return this;
    const flip = { lowerbound: "upperbound", upperbound: "lowerbound" };
    return new Score(this.kind, -this.value, this.bound ? flip[this.bound] : null);
  }
}

/** Reads one engine line (bitmove::engine's reading). */
export function parseUciLine(line) {
  if (loadError !== undefined) {
    throw new EngineError(`bitmove's WebAssembly is not loaded (${loadError.message}): await init() first`);
  }
  const parsed = JSON.parse(glue.uciParseLine(String(line)));
  if (parsed.score) parsed.score = new Score(parsed.score.kind, parsed.score.value, parsed.score.bound);
  return parsed;
}

/** A transport over a Node child process: `nodeTransport("stockfish")`. */
export async function nodeTransport(command, args = []) {
  const { spawn } = await import("node:child_process");
  const { createInterface } = await import("node:readline");
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
  const transport = {
    onLine: null,
    onClose: null,
    child,
    send(line) {
      if (child.exitCode !== null || child.signalCode !== null || !child.stdin.writable) {
        throw new EngineTerminatedError("the engine has exited");
      }
      child.stdin.write(line + "\n");
    },
    kill() {
      child.kill("SIGKILL");
    },
  };
  let stderr = "";
  child.stderr.on("data", (d) => {
    const last = String(d).trim().split("\n").pop();
    if (last) stderr = last.slice(0, 200);
  });
  child.stdin.on("error", () => {});
  createInterface({ input: child.stdout }).on("line", (line) => transport.onLine?.(line));
  child.on("close", (code, signal) =>
    transport.onClose?.(
      `the engine exited (${signal ? "signal " + signal : "code " + code})${stderr ? ": " + stderr : ""}`,
    ),
  );
  child.on("error", (e) => transport.onClose?.(`the engine cannot run: ${e.message}`));
  return transport;
}

/** A transport over a Web Worker that speaks UCI with postMessage (the `stockfish` package). */
export function workerTransport(worker) {
  const transport = {
    onLine: null,
    onClose: null,
    send: (line) => worker.postMessage(line),
    kill: () => worker.terminate(),
  };
  worker.onmessage = (event) => {
    for (const line of String(event.data ?? "").split("\n")) transport.onLine?.(line);
  };
  worker.onerror = (event) => transport.onClose?.(`the worker failed: ${event.message ?? event}`);
  return transport;
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/**
 * The `position` command for a FEN or a game. A chess.js-style game (`history({ verbose: true
 * })` giving each move's `before` FEN and `lan`) is sent as its first position and its moves, so
 * that the engine sees repetitions and the fifty-move count as they arose; a FEN, a Chess960 or
 * variant game, or a history with a null move, as its FEN alone.
 */
export function positionCommand(position) {
  if (typeof position === "string") return `position fen ${position}`;
  const standard = (position.variant ?? "chess") === "chess" && !position.isChess960?.();
  const history =
    standard && typeof position.history === "function" ? position.history({ verbose: true }) : [];
  if (
    history.length > 0 &&
    typeof history[0].before === "string" &&
    history.every((m) => UCI_MOVE.test(m.lan) && m.from !== m.to)
  ) {
    return `position fen ${history[0].before} moves ${history.map((m) => m.lan).join(" ")}`;
  }
  return `position fen ${position.fen()}`;
}

export class Engine {
  #transport;
  #timeout;
  #waiters = [];
  #listeners = { info: [] };
  #closed = null;

  constructor(transport, { timeout = 10000 } = {}) {
    this.#transport = transport;
    this.#timeout = timeout;
    /** The declared options by name: `{ name, kind, default, min, max, var }`. */
    this.options = {};
    /** `id name` and `id author`. */
    this.id = {};
    transport.onLine = (line) => this.#line(line);
    transport.onClose = (why) => {
      this.#closed = why;
      for (const w of this.#waiters.splice(0)) w.reject(new EngineTerminatedError(why));
    };
  }

  /** Starts the engine: `uci`, then its options and id until `uciok`. */
  static async start(transport, options = {}) {
    const engine = new Engine(await transport, options);
    engine.#send("uci");
    await engine.#until((m) => m.type === "uciok");
    return engine;
  }

  /** `on("info", callback)`: each info as the engine writes it. */
  on(event, callback) {
    (this.#listeners[event] ??= []).push(callback);
    return this;
  }

  #line(line) {
    const message = parseUciLine(line);
    if (message.type === "option") this.options[message.name] = message;
    else if (message.type === "id") this.id[message.key] = message.value;
    else if (message.type === "info") for (const f of this.#listeners.info) f(message);
    for (const w of [...this.#waiters]) w.see(message);
  }

  #send(line) {
    if (this.#closed) throw new EngineTerminatedError(this.#closed);
    this.#transport.send(line);
  }

  #until(done, timeout = this.#timeout, collect = null) {
    return new Promise((resolve, reject) => {
      let timer;
      const waiter = {
        see: (message) => {
          clearTimeout(timer);
          if (done(message)) {
            this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
            resolve(message);
          } else {
            collect?.(message);
            timer = setTimeout(expire, timeout);
          }
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const expire = () => {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        this.#transport.kill?.();
        reject(new EngineTimeoutError(`the engine said nothing for ${timeout / 1000} s`));
      };
      if (this.#closed) return reject(new EngineTerminatedError(this.#closed));
      timer = setTimeout(expire, timeout);
      this.#waiters.push(waiter);
    });
  }

  /** `isready`, resolved at `readyok`. */
  async isready() {
    this.#send("isready");
    await this.#until((m) => m.type === "readyok");
  }

  /** Sets options (`{ Threads: 1, Hash: 16 }`), then `isready`. */
  async configure(options) {
    for (const [name, value] of Object.entries(options)) {
      this.#send(`setoption name ${name}${value === null ? "" : ` value ${value}`}`);
    }
    await this.isready();
  }

  /** Searches `position` (a FEN, or an object with `fen()`) to a limit; the infos and the best move. */
  async analyse(position, { depth, nodes, movetime, multipv } = {}) {
    if (multipv !== undefined) await this.configure({ MultiPV: multipv });
    else await this.isready();
    this.#send(positionCommand(position));
    let go = "go";
    if (depth !== undefined) go += ` depth ${depth}`;
    if (nodes !== undefined) go += ` nodes ${nodes}`;
    if (movetime !== undefined) go += ` movetime ${movetime}`;
    this.#send(go);
    const infos = [];
    const best = await this.#until(
      (m) => m.type === "bestmove",
      this.#timeout + (movetime ?? 0),
      (m) => m.type === "info" && infos.push(m),
    );
    const lines = new Map();
    for (const info of infos) if (info.score && info.pv) lines.set(info.multipv ?? 1, info);
    return {
      infos,
      lines: [...lines.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]),
      bestmove: best.bestmove,
      ponder: best.ponder,
    };
  }

  /** The engine's move for `position` at a limit: `{ bestmove, ponder }`. */
  async play(position, limit = {}) {
    const { bestmove, ponder } = await this.analyse(position, limit);
    return { bestmove, ponder };
  }

  /** `quit`, a second's grace, then the transport is killed. */
  async quit() {
    if (this.#closed) return;
    try {
      this.#send("quit");
    } catch {
      return;
    }
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#transport.kill?.();
        resolve();
      }, 1000);
      const close = this.#transport.onClose;
      this.#transport.onClose = (why) => {
        clearTimeout(timer);
        close(why);
        resolve();
      };
    });
  }
}
