//! `--variant`: the position of a lichess variant (`bitmove::variant`) that `perft`, `show`
//! and their kin start from, and its moves in UCI.

use bitmove::variant::{Variant, VariantMove, VariantPosition};

use crate::{Failure, errors};

/// The variant position of a FEN (default: the variant's start position) after UCI moves.
pub(crate) fn position<'a>(
    variant: Variant,
    fen: Option<&str>,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<VariantPosition, Failure> {
    let mut pos = parse_fen(variant, fen.unwrap_or(variant.start_fen()))?;
    for text in moves {
        let mv = pos.parse_uci(text).map_err(|e| {
            Failure::input(format!(
                "move {} in {variant} position {pos}: {e}",
                errors::quote(text, None)
            ))
        })?;
        pos.play_unchecked(mv);
    }
    Ok(pos)
}

/// [`VariantPosition::from_fen`] with an error message that marks the offending text.
pub(crate) fn parse_fen(variant: Variant, fen: &str) -> Result<VariantPosition, Failure> {
    VariantPosition::from_fen(variant, fen)
        .map_err(|e| Failure::input(format!("{variant}: {}", errors::fen_error(fen, &e))))
}

/// The move in UCI notation (castling as the king's step unless the position is Chess960).
pub(crate) fn uci(pos: &VariantPosition, mv: VariantMove) -> String {
    pos.uci(mv).to_string()
}
