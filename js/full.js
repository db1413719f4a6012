// bitmove/full: the main entry point's API over the full build of the engine, which adds the
// lichess variants (`{ variant }`), board pictures (`svg()`), Polyglot books (`Book`) and
// perft statistics (`perftStats`, `divideStats`) to the core build's chess.js API, Chess960,
// perft and divide. Importing it installs the full build for the whole package (objects
// already made move to it at their next call); the main entry point alone stays small.
import * as glue from "./wasm-full/bitmove_wasm.js";
import bytes from "./wasm-full/bitmove_wasm_bytes.js";
import { installFull } from "./engine.js";

installFull(glue, bytes);

export * from "./index.js";
