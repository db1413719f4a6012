//! `--variant`: perft and suites by the rules of a lichess variant (`bitmove::variant`).

use std::time::Instant;

use bitmove::variant::{Variant, VariantMove, VariantPosition};

use crate::cli::PerftArgs;
use crate::perft::{Counted, report};
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

/// `bitmove perft --variant NAME`: the `Nodes:` and `Time:` lines (and the divide) as for
/// standard chess.
pub(crate) fn perft(args: &PerftArgs, variant: Variant) -> Result<u8, Failure> {
    let refuse = |option: &str| {
        Failure::input(format!(
            "{option} is not available with --variant {variant} (standard chess only, for now)"
        ))
    };
    if args.stats {
        return Err(refuse("--stats"));
    }
    if args.checkpoint.is_some() || args.split.is_some() || args.hash_seed.is_some() {
        return Err(refuse("deep perft (--checkpoint, --split, --hash-seed)"));
    }
    if args.hash.is_some_and(|mb| mb > 0) {
        return Err(refuse("a hash table (--hash MB)"));
    }
    let pos = position(
        variant,
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
    )?;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let start = Instant::now();
    let (split, nodes) = if args.divide && args.depth > 0 {
        let split: Vec<_> = bitmove::variant::divide_threads(&pos, args.depth, threads)
            .into_iter()
            .map(|(mv, nodes)| (uci(&pos, mv), nodes, None))
            .collect();
        let nodes = split.iter().map(|(_, n, _)| n).sum();
        (Some(split), nodes)
    } else {
        (
            None,
            bitmove::variant::perft_threads(&pos, args.depth, threads),
        )
    };
    let result = Counted {
        split,
        nodes,
        stats: None,
        seconds: start.elapsed().as_secs_f64(),
    };
    report(&pos.to_string(), args.depth, args.json, &result)
}
