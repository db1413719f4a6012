//! `bitmove`: perft, perftree, suite checking and the magic finder on the command line.
//!
//! Exit status: 0 on success, 1 when a suite has failures, 2 for bad input (an invalid FEN, an
//! illegal move, a malformed suite file), always with one line on standard error.

mod bench;
mod suite;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bitmove::attacks::magic::finder;
use bitmove::{Board, Square};
use clap::{Parser, Subcommand};

/// Exact, fast chess move generation: perft, suites and the magic finder.
#[derive(Parser)]
#[command(name = "bitmove", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (default: start position, depth 6).
    #[command(
        after_help = "Examples:\n  bitmove perft --depth 7\n  bitmove perft --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\" --depth 5 --divide\n  bitmove perft --moves e2e4 e7e5 --depth 4"
    )]
    Perft(PerftArgs),
    /// The `perftree` debugging protocol: `bitmove perftree DEPTH FEN [MOVES]`.
    #[command(
        after_help = "Prints one `<move> <nodes>` line per root move, a blank line, then the total.\nExample:\n  bitmove perftree 3 \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\" \"e2e4 e7e5\""
    )]
    Perftree {
        /// Depth below the position after MOVES.
        depth: u32,
        /// The position, as FEN.
        fen: String,
        /// Space-separated UCI moves to play first.
        moves: Option<String>,
    },
    /// Check an EPD perft suite (`<FEN> ;D1 <n> ;D2 <n> ...`).
    #[command(
        after_help = "Ends with `<P> passed, <F> failed`. Exit status 1 when any check failed, 2 for a malformed file.\nExample:\n  bitmove suite tests/data/suite.epd --max-nodes 1000000"
    )]
    Suite {
        /// The EPD file.
        file: PathBuf,
        /// Skip depths whose expected count is above this.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Read castling as Chess960 (Shredder-FEN, X-FEN).
        #[arg(long)]
        chess960: bool,
    },
    /// Benchmark perft on a fixed set of positions (about ten seconds), bitmove alone.
    Bench,
    /// Re-run our magic finder: per-square bits, table size, time taken.
    #[command(
        after_help = "Regenerate the committed magics:\n  bitmove magics --seed 1 --write crates/bitmove/src/attacks/magic/magics.rs"
    )]
    Magics {
        /// The seed of the search.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the generated Rust source to this file.
        #[arg(long)]
        write: Option<PathBuf>,
    },
}

#[derive(clap::Args, Default)]
struct PerftArgs {
    /// Depth in plies.
    #[arg(long, short, default_value_t = 6)]
    depth: u32,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// UCI moves to play before counting.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Print the count below each root move first.
    #[arg(long)]
    divide: bool,
    /// Chess960 castling (Shredder-FEN/X-FEN in, `e1h1` castling moves).
    #[arg(long)]
    chess960: bool,
    /// Worker threads (0 or absent: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Perft hash table size in MiB (0: none).
    #[arg(long, default_value_t = 0)]
    hash: usize,
}

/// An error for the user: the message and the exit status.
pub(crate) struct Failure {
    pub(crate) status: u8,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn input(message: impl Into<String>) -> Failure {
        Failure {
            status: 2,
            message: message.into(),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => perft_command(&PerftArgs {
            depth: 6,
            ..PerftArgs::default()
        }),
        Some(Command::Perft(args)) => perft_command(&args),
        Some(Command::Perftree { depth, fen, moves }) => perftree(depth, &fen, moves.as_deref()),
        Some(Command::Suite {
            file,
            max_nodes,
            chess960,
        }) => suite::run(&file, max_nodes, chess960),
        Some(Command::Magics { seed, write }) => magics(seed, write),
        Some(Command::Bench) => bench::run(),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            let message = failure.message.replace('\n', " ");
            eprintln!("error: {message}");
            ExitCode::from(failure.status)
        }
    }
}

/// Parses the FEN (or takes the start position) and plays the moves.
fn position<'a>(
    fen: Option<&str>,
    moves: impl IntoIterator<Item = &'a str>,
    chess960: bool,
) -> Result<Board, Failure> {
    let mut board = match fen {
        Some(fen) => {
            Board::from_fen_with(fen, chess960).map_err(|e| Failure::input(e.to_string()))?
        }
        None => {
            let mut b = Board::default();
            b.set_chess960(chess960);
            b
        }
    };
    for text in moves {
        let mv = board
            .parse_uci(text)
            .map_err(|e| Failure::input(format!("move {text:?} in {board}: {e}")))?;
        board.play_unchecked(mv);
    }
    Ok(board)
}

fn perft_command(args: &PerftArgs) -> Result<u8, Failure> {
    let board = position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        args.chess960,
    )?;
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let options = bitmove::PerftOptions {
        threads: args.threads,
        hash_mb: args.hash,
    };
    let nodes = if args.divide && args.depth > 0 {
        let split = bitmove::divide_with(&board, args.depth, &options);
        for (mv, nodes) in &split {
            writeln!(out, "{}: {nodes}", board.uci(*mv)).ok();
        }
        writeln!(out).ok();
        split.iter().map(|(_, n)| n).sum()
    } else {
        bitmove::perft_with_options(&board, args.depth, &options)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes: {nodes}").ok();
    writeln!(
        out,
        "Time: {seconds:.3} s ({:.1} Mnps)",
        nodes as f64 / seconds.max(1e-9) / 1e6
    )
    .ok();
    Ok(0)
}

fn perftree(depth: u32, fen: &str, moves: Option<&str>) -> Result<u8, Failure> {
    let board = position(
        Some(fen),
        moves.unwrap_or("").split_ascii_whitespace(),
        false,
    )?;
    let mut out = std::io::stdout().lock();
    let mut total = 1;
    if depth > 0 {
        let split = bitmove::divide(&board, depth);
        for (mv, nodes) in &split {
            writeln!(out, "{} {nodes}", board.uci(*mv)).ok();
        }
        total = split.iter().map(|(_, n)| n).sum();
    }
    writeln!(out).ok();
    writeln!(out, "{total}").ok();
    Ok(0)
}

fn magics(seed: u64, write: Option<PathBuf>) -> Result<u8, Failure> {
    let start = Instant::now();
    let found = finder::find(seed);
    let elapsed = start.elapsed();
    println!("square  rook bits  rook tries  bishop bits  bishop tries");
    for square in Square::ALL {
        let (r, b) = (found.rook[square.index()], found.bishop[square.index()]);
        println!(
            "{square:>6}  {:>9}  {:>10}  {:>11}  {:>12}",
            r.bits, r.tries, b.bits, b.tries
        );
    }
    let size = found.table_size();
    println!(
        "Table size: {size} entries ({} KiB)",
        size * std::mem::size_of::<u64>() / 1024
    );
    println!("Time: {:.3} s (seed {seed})", elapsed.as_secs_f64());
    if let Some(path) = write {
        std::fs::write(&path, found.source().to_string()).map_err(|e| Failure {
            status: 1,
            message: format!("cannot write {}: {e}", path.display()),
        })?;
        println!("Wrote {}", path.display());
    }
    Ok(0)
}
