//! `bitmove::engine` against real processes: Stockfish, Fairy-Stockfish and engines that fail.
