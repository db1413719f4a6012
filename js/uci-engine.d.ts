// Types of bitmove/uci-engine: a UCI engine behind a line transport.

export class EngineError extends Error {}
export class EngineTimeoutError extends EngineError {}
export class EngineTerminatedError extends EngineError {}

export type Bound = "lowerbound" | "upperbound";

export class Score {
  constructor(kind: "cp" | "mate", value: number, bound?: Bound | null);
  kind: "cp" | "mate";
  value: number;
  bound: Bound | null;
  white(turn: "w" | "b"): Score;
  pov(color: "w" | "b", turn: "w" | "b"): Score;
}

export interface Info {
  type: "info";
  depth?: number;
  seldepth?: number;
  multipv?: number;
  score?: Score;
  wdl?: [number, number, number];
  nodes?: number;
  nps?: number;
  /** Milliseconds. */
  time?: number;
  hashfull?: number;
  tbhits?: number;
  cpuload?: number;
  ebf?: number;
  pv?: string[];
  currmove?: string;
  currmovenumber?: number;
  refutation?: string[];
  currline?: { cpunr: number; moves: string[] };
  string?: string;
}

export interface EngineOption {
  type: "option";
  name: string;
  kind: "check" | "spin" | "combo" | "button" | "string" | "reset" | "save" | "file" | "path";
  default: string | number | boolean | null;
  min: number | null;
  max: number | null;
  var: string[];
}

export type UciLine =
  | Info
  | EngineOption
  | { type: "bestmove"; bestmove: string | null; ponder: string | null }
  | { type: "id"; key: string; value: string }
  | { type: "uciok" | "readyok" | "other" }
  | { type: "copyprotection" | "registration"; status: string }
  | { type: "error"; reason: string };

export function parseUciLine(line: string): UciLine;
/** Resolves once the line reader is loaded; only needed where a synchronous compile failed. */
export function init(): Promise<void>;

export interface Transport {
  send(line: string): void;
  onLine: ((line: string) => void) | null;
  onClose: ((why: string) => void) | null;
  kill?(): void;
}

export function nodeTransport(command: string, args?: string[]): Promise<Transport>;
export function workerTransport(worker: {
  postMessage(line: string): void;
  terminate(): void;
  onmessage: unknown;
  onerror: unknown;
}): Transport;

/** A position: a FEN, or a game with `fen()` (and, as chess.js's, `history({ verbose: true })`). */
export type EnginePosition =
  | string
  | {
      fen(): string;
      history?(options: { verbose: true }): { before: string; lan: string }[];
      isChess960?(): boolean;
      variant?: string;
    };

/**
 * The `position` command: a standard game with a history as its first position and its moves
 * (the engine then sees repetitions), anything else as its FEN.
 */
export function positionCommand(position: EnginePosition): string;

export interface Limit {
  depth?: number;
  nodes?: number;
  /** Milliseconds. */
  movetime?: number;
  multipv?: number;
}

export interface Analysis {
  infos: Info[];
  /** The last scored info of each multipv line, best first. */
  lines: Info[];
  bestmove: string | null;
  ponder: string | null;
}

export class Engine {
  constructor(transport: Transport, options?: { timeout?: number });
  static start(transport: Transport | Promise<Transport>, options?: { timeout?: number }): Promise<Engine>;
  options: Record<string, EngineOption>;
  id: Record<string, string>;
  on(event: "info", callback: (info: Info) => void): this;
  isready(): Promise<void>;
  configure(options: Record<string, string | number | boolean | null>): Promise<void>;
  analyse(position: EnginePosition, limit?: Limit): Promise<Analysis>;
  play(position: EnginePosition, limit?: Limit): Promise<{ bestmove: string | null; ponder: string | null }>;
  quit(): Promise<void>;
}
