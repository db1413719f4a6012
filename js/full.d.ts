// bitmove/full: the same API as the main entry point, with the full engine build installed
// (the lichess variants, svg(), Book, perftStats and divideStats work).
export * from "./index.js";
