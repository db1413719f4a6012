//! Error messages for people: the library's (a bad FEN names the field and marks the text).

pub(crate) use bitmove::messages::{fen_error, quote};
