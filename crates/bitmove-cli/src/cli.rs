//! The command line: every subcommand, its arguments, and the examples its `--help` shows.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// The perft workbench: exact, fast chess move generation on the command line.
///
/// Without a subcommand, runs `bitmove perft` (start position, depth 6).
#[derive(Parser)]
#[command(
    name = "bitmove",
    version,
    about,
    after_help = "Examples:
  bitmove                                   perft of the start position, depth 6
  bitmove perft --depth 5 --divide          the count below each root move
  bitmove show \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"
  bitmove bisect --engine ./myengine --depth 5
  bitmove suite tests/data/suite.epd --max-nodes 1000000 --jobs 2

Exit status: 0 success, 1 a check found a difference, 2 bad input (one line on stderr)."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Count the leaf nodes of the legal move tree (default: start position, depth 6).
    #[command(
        after_help = "Output: with --divide, one `<move>: <nodes>` line per root move and a blank line;
then `Nodes: <N>` and `Time: <seconds> s (<M> Mnps)`; with --stats, then one aligned
`<field>: <N>` line per statistic (docs/statistics.md says what each counts).

Examples:
  bitmove perft --depth 7
  bitmove perft --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\" --depth 5 --divide
  bitmove perft --moves e2e4 e7e5 --depth 4
  bitmove perft --depth 7 --threads 2 --hash 256
  bitmove perft --depth 4 --divide --json | jq '.divide[] | select(.nodes > 9000)'
  bitmove perft --depth 5 --stats
  bitmove perft --depth 9 --threads 2 --checkpoint perft9.jsonl

Deep perft: with --checkpoint FILE (or --split K) the run is split into the distinct
positions K plies below the root (units) with their multiplicities; --threads units are
counted at once, one thread each, sharing one hash table. Each finished unit is appended to
FILE as one JSON line as it finishes. Rerun the same command to continue: finished units are
not counted again, and the output is that of an uninterrupted run. A checkpoint of another
run is refused. Ctrl-C or SIGTERM finishes the line being written, prints how to resume, and
exits 130 or 143. On a terminal a progress bar shows units, nodes, rate and ETA.
`bitmove checkpoint show FILE` tells how far a run got."
    )]
    Perft(PerftArgs),

    /// Inspect checkpoints of `bitmove perft --checkpoint`: `show FILE`, `compare A B`.
    #[command(subcommand)]
    Checkpoint(CheckpointCommand),

    /// Count the distinct positions at a depth (same placement, side, castling rights, and
    /// en-passant square where a capture is legal).
    #[command(
        after_help = "Output: `Positions: <N>` and `Time: <seconds> s`. Exact: every position is kept whole,
never as a hash. Within --memory the positions of a ply are kept in memory; past it they
are split into buckets by key prefix (one pass over the previous ply each) and spilled to
a directory under $TMPDIR, which is removed at the end, on error and on Ctrl-C.
A progress bar is drawn on standard error when it is a terminal and the run takes over
a second.

Examples:
  bitmove unique --depth 6
  bitmove unique --depth 7 --memory 8000
  bitmove unique --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\" --depth 4 --json"
    )]
    Unique(UniqueArgs),

    /// The `perftree` debugging protocol: `bitmove perftree DEPTH FEN [MOVES]`.
    #[command(
        after_help = "Prints one `<move> <nodes>` line per root move, a blank line, then the total.
This is the interface the perftree tool drives.

Example:
  bitmove perftree 3 \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\" \"e2e4 e7e5\""
    )]
    Perftree {
        /// Depth below the position after MOVES (at most 256).
        #[arg(value_parser = depth_parser())]
        depth: u32,
        /// The position, as FEN.
        fen: String,
        /// Space-separated UCI moves to play first.
        moves: Option<String>,
    },

    /// Check an EPD perft suite (`<FEN> ;D1 <n> ;D2 <n> ...`).
    #[command(
        after_help = "Each mismatch is printed as `FAIL line <L>: <FEN> depth <D>: expected <E>, got <G>`,
then a timing summary, and last `<P> passed, <F> failed`. A progress bar is drawn on
standard error when it is a terminal. Exit status 1 when any check failed, 2 for a
malformed file (`<path>:<line>: ...`).

Examples:
  bitmove suite tests/data/suite.epd --max-nodes 1000000
  bitmove suite tests/data/chess960.epd --chess960 --jobs 2
  bitmove suite tests/data/standard.epd --json > results.json"
    )]
    Suite(SuiteArgs),

    /// Read PGN files (plain, .zst or .gz) and replay every mainline move.
    #[command(
        after_help = "Output: `Games: <N>`, `Positions: <N>` (mainline moves replayed, in the games that replay),
`Errors: <N>` (games that do not replay) and `Time: <seconds> s`. Each game that does not
replay is reported on standard error as `<file>:<line>: game <index>: <reason>` (index:
0-based, counted over all the files). Exit status 0 when every game replays, 1 when some
do not, 2 when a file cannot be read. A progress bar is drawn on standard error when it is
a terminal.

--positions FILE writes one JSON object per line for each position of each game that
replays, in input order: game, ply, fen (before the move), move (UCI), result, clock
(seconds after the move, or null) and eval (after the move, from White's view: pawns, or
a string like \"#-4\", or null).

--export FILE writes every game read back as PGN, byte for byte as python-chess 1.11.2 writes
it (`game.accept(StringExporter(columns=80))`, each game followed by a blank line): the
Seven Tag Roster first, then the other tags, the movetext wrapped at --columns, comments,
NAGs and variations. A game that does not replay is written up to the trouble (as
python-chess keeps it); a game whose tags cannot be set up (an unsupported variant, a bad
FEN) is not written. With `--export -` the games go to standard output and the summary to
standard error. The games are read on one thread.

Examples:
  bitmove pgn games.pgn
  bitmove pgn lichess_db_standard_rated_2021-10.pgn.zst --threads 8
  bitmove pgn games.pgn --json | jq '.errors[]'
  bitmove pgn games.pgn.zst --positions positions.jsonl
  bitmove pgn games.pgn.zst --export clean.pgn --no-variations"
    )]
    Pgn(PgnArgs),

    /// Annotate games with a UCI engine: each distinct position analysed once, resumable.
    #[command(
        after_help = "Every position of every game's mainline (from --from-ply on) is keyed by its 128-bit
key; each distinct one is put to a pool of --engines engine processes once, with
`ucinewgame` before it, to the limit given. The answers are kept in an SQLite file
(--cache; default: OUT with the extension .analysis.sqlite), a batch per transaction: a
run stopped by Ctrl-C or killed goes on where it stopped when the same command is run
again, and its output equals an uninterrupted run's. A position already in the cache for
the same engine, options, limit and MultiPV is not analysed again.

OUT gets every game that replays, as python-chess writes it, with `[%eval 0.17]` or
`[%eval #-3]` (White's view, as lichess writes them) after each analysed move; with
--judgements, `?!`, `?`, `??` NAGs ($6, $2, $4) from the drop in the mover's winning
chances (lichess's formula and thresholds 0.1, 0.2, 0.3). --positions writes one JSON
line per analysed ply: game, ply, fen, move, score, wdl, best, pv, depth, nodes.

An engine that dies or says nothing for --timeout seconds is restarted and its position
redone; a position it fails on three times is reported (in the summary, in OUT as a
comment, in the JSON as error) and the exit status is 1. Exit status 2: bad input (one
line on stderr); 130: interrupted.

Examples:
  bitmove analyse games.pgn --engine stockfish --engine-option Threads=1 --nodes 100000 --out annotated.pgn
  bitmove analyse lichess.pgn.zst --engine stockfish --depth 18 --engines 8 --out a.pgn --positions a.jsonl --judgements
  bitmove analyse atomic.pgn --engine fairy-stockfish --movetime 100 --out a.pgn --cache atomic.sqlite"
    )]
    Analyse(AnalyseArgs),

    /// Find where a UCI engine's perft goes wrong, by walking down the divides.
    #[command(
        after_help = "The engine must answer `position fen <FEN> moves ...` and `go perft <N>` the way
Stockfish does: `<move>: <nodes>` lines, then `Nodes searched: <N>`. At each level
bisect follows the first root move whose counts differ, until it reaches a position
where one side has moves the other lacks; it prints the moves played to get there, the
FEN, and those moves. Exit status 0 when the counts agree, 1 when a difference was
found, 2 when the engine cannot be run or answers something else.

Examples:
  bitmove bisect --engine ./myengine --depth 5
  bitmove bisect --engine \"python3 engine.py --perft\" --fen \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\" --depth 6
  bitmove bisect --engine ./myengine --reference /usr/games/stockfish --depth 4
  bitmove bisect --engine ./myengine --chess960 --fen \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\" --depth 4"
    )]
    Bisect(BisectArgs),

    /// Draw a position: board, side to move, castling, en passant, checks, pins, legal moves.
    #[command(
        after_help = "Pieces are Unicode chess symbols unless --ascii is given. Squares are coloured when
standard output is a terminal, NO_COLOR is not set and TERM is not `dumb`. A checking
piece is drawn in (parentheses), a pinned piece in [brackets]. Legal moves are in SAN.

Examples:
  bitmove show
  bitmove show \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"
  bitmove show --moves e2e4 d7d5 e4e5 f7f5 --ascii
  bitmove show --moves e2e4 e7e5 d1h5 --svg board.svg --size 400"
    )]
    Show(ShowArgs),

    /// List a Polyglot opening book's moves for a position, heaviest first.
    #[command(
        after_help = "Output: `Key: <16 hex digits>` (the position's Polyglot key), then one line per legal
book move: UCI, SAN, weight, learn and its share of the listed weights, heaviest first
(equal weights in the book's order), or `No entries.` Entries whose stored move is not
legal in the position are left out. A file whose size is not a multiple of 16 is refused
(exit 2).

Examples:
  bitmove book performance.bin
  bitmove book performance.bin --moves e2e4 e7e5
  bitmove book performance.bin --fen \"r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10\""
    )]
    Book(BookArgs),

    /// Answer `position` and `go perft N` on standard input, as a UCI engine does.
    #[command(
        after_help = "Speaks the part of UCI that perft tools use: uci, isready, setoption name
UCI_Chess960, position (startpos or fen, with moves), go perft N (Stockfish's divide
format), quit. Use it as the reference engine of another tool.

Example:
  printf 'position startpos moves e2e4\\ngo perft 2\\nquit\\n' | bitmove uci"
    )]
    Uci(UciArgs),

    /// Probe Syzygy endgame tables: the position's WDL and DTZ, and every legal move's, best
    /// first.
    #[command(
        after_help = "WDL is from the side to move: -2 loss, -1 blessed loss (a loss the fifty-move
rule saves), 0 draw, 1 cursed win, 2 win. DTZ is plies to the next capture or pawn move,
in the sign of the result (python-chess's and Fathom's conventions). Each move line gives
UCI, SAN, WDL and DTZ for the side playing it, DTZ counted from before the move.

Examples:
  bitmove probe --tb tests/data/syzygy --fen \"8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1\"
  bitmove probe --tb tests/data/syzygy --fen \"8/8/8/8/8/2k5/8/1K1Q4 w - - 0 1\" --moves d1d4 --json"
    )]
    Probe(ProbeArgs),

    /// Print a shell completion script: bash, zsh, fish, elvish or powershell.
    #[command(after_help = "Examples:
  bitmove completions bash > ~/.local/share/bash-completion/completions/bitmove
  bitmove completions zsh > ~/.zfunc/_bitmove
  bitmove completions fish > ~/.config/fish/completions/bitmove.fish")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },

    /// Benchmark perft on six fixed positions (about ten seconds), counts checked.
    #[command(after_help = "Examples:
  bitmove bench
  bitmove bench --quick
  bitmove bench --stats                     statistics against plain perft, per position
  BITMOVE_SLIDERS=magic bitmove bench --json")]
    Bench {
        /// Print the results as JSON.
        #[arg(long)]
        json: bool,
        /// Two plies shallower: a smoke test in well under a second.
        #[arg(long)]
        quick: bool,
        /// Time each position plain and with `--stats` statistics, and print the ratio.
        #[arg(long)]
        stats: bool,
    },

    /// Re-run our magic finder: per-square bits, table size, time taken.
    #[command(after_help = "Examples:
  bitmove magics                            search with seed 1 and report
  bitmove magics --seed 1 --write crates/bitmove/src/attacks/magic/magics.rs
                                            regenerate the committed table")]
    Magics {
        /// The seed of the search.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the generated Rust source to this file.
        #[arg(long)]
        write: Option<PathBuf>,
    },
}

#[derive(clap::Args)]
pub(crate) struct PerftArgs {
    /// Depth in plies (at most 256).
    #[arg(long, short, default_value_t = 6, value_parser = depth_parser())]
    pub(crate) depth: u32,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// UCI moves to play before counting.
    #[arg(long, num_args = 1..)]
    pub(crate) moves: Vec<String>,
    /// Print the count below each root move first.
    #[arg(long)]
    pub(crate) divide: bool,
    /// Chess960 castling (Shredder-FEN/X-FEN in, `e1h1` castling moves).
    #[arg(long)]
    pub(crate) chess960: bool,
    /// Count by a variant's rules: chess, atomic, antichess, crazyhouse, 3check,
    /// kingofthehill, horde, racingkings (lichess's names such as "Three-check" too, any
    /// case). The FEN in the variant's form; drops as `N@f3` in --moves; with --threads and
    /// --hash, not with --stats or the deep-perft options.
    #[arg(long, value_name = "NAME", value_parser = variant_parser)]
    pub(crate) variant: Option<bitmove::variant::Variant>,
    /// Worker threads (0 or absent: one per core).
    #[arg(long, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Perft hash table budget in MiB (0: none); the table starts at 1 MiB and grows as needed.
    /// Default: none up to depth 6, then 64 MiB at depth 7, 256 at 8, 1024 at 9, 4096 from 10
    /// on, but at most a quarter of the available memory.
    #[arg(long, value_name = "MB")]
    pub(crate) hash: Option<usize>,
    /// Count in work units and record each finished one in FILE (JSON Lines); run the same
    /// command again to continue an interrupted run. See "Deep perft" below.
    #[arg(long, value_name = "FILE", conflicts_with = "divide")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// Split the run into the distinct positions K plies below the root (default with
    /// --checkpoint: the smallest K giving 1000 units, at most depth - 4; on a rerun, the
    /// checkpoint's K).
    #[arg(long, value_name = "K", conflicts_with = "divide", value_parser = depth_parser())]
    pub(crate) split: Option<u32>,
    /// Key the hash table with Zobrist keys drawn from seed N instead of the Polyglot keys
    /// (runs in work units, like --split): two runs with different seeds have independent
    /// collisions; compare their checkpoints with `bitmove checkpoint compare`. With --stats
    /// too.
    #[arg(long, value_name = "N", conflicts_with = "divide")]
    pub(crate) hash_seed: Option<u64>,
    /// Also count the leaves by kind: captures, en passant, castles, promotions, checks by
    /// kind, checkmates by kind, stalemates (one aligned `<field>: <N>` line each).
    #[arg(long)]
    pub(crate) stats: bool,
    /// Print the result as JSON: fen, depth, nodes, seconds, mnps, and divide with --divide
    /// (and "stats" with --stats, per root move too).
    #[arg(long)]
    pub(crate) json: bool,
}

impl Default for PerftArgs {
    /// `bitmove` without arguments: the start position, depth 6.
    fn default() -> PerftArgs {
        PerftArgs {
            depth: 6,
            fen: None,
            moves: Vec::new(),
            divide: false,
            chess960: false,
            variant: None,
            threads: 0,
            hash: None,
            checkpoint: None,
            split: None,
            hash_seed: None,
            stats: false,
            json: false,
        }
    }
}

#[derive(Subcommand)]
pub(crate) enum CheckpointCommand {
    /// The run a checkpoint belongs to, its progress, and the total so far.
    #[command(after_help = "Example:
  bitmove checkpoint show perft9.jsonl")]
    Show {
        /// The checkpoint file.
        file: PathBuf,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The units on which two checkpoints of the same run disagree (e.g. two runs with
    /// different hash keys). Exit status 1 when any unit differs.
    #[command(after_help = "Example:
  bitmove checkpoint compare run-a.jsonl run-b.jsonl")]
    Compare {
        /// The first checkpoint.
        a: PathBuf,
        /// The second checkpoint.
        b: PathBuf,
    },
}

#[derive(clap::Args)]
pub(crate) struct UniqueArgs {
    /// Depth in plies (at most 256).
    #[arg(long, short, default_value_t = 5, value_parser = depth_parser())]
    pub(crate) depth: u32,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// UCI moves to play before counting.
    #[arg(long, num_args = 1..)]
    pub(crate) moves: Vec<String>,
    /// Chess960 castling (Shredder-FEN/X-FEN in, `e1h1` castling moves).
    #[arg(long)]
    pub(crate) chess960: bool,
    /// Memory budget in MiB for the positions kept (default: half the available memory);
    /// past it, positions are bucketed and spilled to a temporary directory.
    #[arg(long, value_name = "MB")]
    pub(crate) memory: Option<usize>,
    /// Worker threads (0 or absent: one per core).
    #[arg(long, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Print the result as JSON: fen, depth, positions, per_ply, seconds, passes, spilled_bytes.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args)]
pub(crate) struct SuiteArgs {
    /// The EPD file.
    pub(crate) file: PathBuf,
    /// Skip depths whose expected count is above this, and stop a check as soon as its
    /// count passes the expected one (reported as "got more than N").
    #[arg(long)]
    pub(crate) max_nodes: Option<u64>,
    /// Read castling as Chess960 (Shredder-FEN, X-FEN).
    #[arg(long)]
    pub(crate) chess960: bool,
    /// Check the counts by a variant's rules (chess, atomic, antichess, crazyhouse, 3check,
    /// kingofthehill, horde, racingkings). A file whose first line starts with `id`, `epd`
    /// or `fen` is read in the `.perft` block format (`id NAME`, `epd EPD`, `perft DEPTH
    /// NODES`), with or without --variant.
    #[arg(long, value_name = "NAME", value_parser = variant_parser)]
    pub(crate) variant: Option<bitmove::variant::Variant>,
    /// Positions checked at once (0: one per core).
    #[arg(long, short, default_value_t = 1)]
    pub(crate) jobs: usize,
    /// Print the results as JSON (no progress bar); exit statuses are unchanged. A check
    /// stopped by --max-nodes has "got": null.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args)]
pub(crate) struct PgnArgs {
    /// The PGN files: plain text, zstd (.pgn.zst) or gzip, recognised by their first bytes.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
    /// Worker threads (0 or absent: one per core; 1: everything on one thread).
    #[arg(long, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Print the result as JSON: games, positions, errors (file, game, line, reason), seconds.
    #[arg(long)]
    pub(crate) json: bool,
    /// Write every position of every game that replays to FILE, as JSON Lines.
    #[arg(long, value_name = "FILE")]
    pub(crate) positions: Option<PathBuf>,
    /// Write every game read back to FILE as PGN, as python-chess writes it ("-": standard
    /// output). A game that does not replay is written up to its trouble.
    #[arg(long, value_name = "FILE", conflicts_with = "positions")]
    pub(crate) export: Option<PathBuf>,
    /// With --export: the most characters on a movetext line (0: the whole movetext on one
    /// line, as python-chess's str(game)).
    #[arg(long, value_name = "N", default_value_t = 80, requires = "export")]
    pub(crate) columns: usize,
    /// With --export: leave out comments and NAGs.
    #[arg(long, requires = "export")]
    pub(crate) no_comments: bool,
    /// With --export: leave out variations.
    #[arg(long, requires = "export")]
    pub(crate) no_variations: bool,
    /// With --export: leave out the tag pairs.
    #[arg(long, requires = "export")]
    pub(crate) no_headers: bool,
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["nodes", "depth", "movetime"])))]
pub(crate) struct AnalyseArgs {
    /// The PGN files: plain text, zstd or gzip; standard, Chess960 and lichess variants.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
    /// The engine: a command line, split like a shell would (quotes work).
    #[arg(long)]
    pub(crate) engine: String,
    /// A UCI option to set, NAME=VALUE (repeatable); the engine must declare it.
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    pub(crate) engine_options: Vec<String>,
    /// Search each position to this many nodes.
    #[arg(long)]
    pub(crate) nodes: Option<u64>,
    /// Search each position to this depth.
    #[arg(long)]
    pub(crate) depth: Option<u32>,
    /// Search each position this many milliseconds.
    #[arg(long, value_name = "MS")]
    pub(crate) movetime: Option<u64>,
    /// Lines per position (the engine's MultiPV).
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub(crate) multipv: u32,
    /// Engine processes (0: one per core).
    #[arg(long, default_value_t = 0, value_name = "J")]
    pub(crate) engines: usize,
    /// The first ply analysed (0: from the start position).
    #[arg(long, default_value_t = 0, value_name = "P")]
    pub(crate) from_ply: usize,
    /// Where the annotated games go.
    #[arg(long, value_name = "OUT.pgn")]
    pub(crate) out: PathBuf,
    /// Write one JSON line per analysed ply to FILE.
    #[arg(long, value_name = "OUT.jsonl")]
    pub(crate) positions: Option<PathBuf>,
    /// The SQLite cache (default: OUT with the extension .analysis.sqlite).
    #[arg(long, value_name = "FILE")]
    pub(crate) cache: Option<PathBuf>,
    /// Mark inaccuracies, mistakes and blunders with NAGs ($6 ?!, $2 ?, $4 ??).
    #[arg(long)]
    pub(crate) judgements: bool,
    /// Restart an engine that stays silent this many seconds (plus the movetime).
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    pub(crate) timeout: f64,
}

#[derive(clap::Args)]
pub(crate) struct BisectArgs {
    /// The engine under test: a command line, split like a shell would (quotes work).
    #[arg(long)]
    pub(crate) engine: String,
    /// The engine to compare against (default: bitmove itself, in-process).
    #[arg(long)]
    pub(crate) reference: Option<String>,
    /// The position to start from (default: the start position).
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// The perft depth to start with (at most 256).
    #[arg(long, short, value_parser = depth_parser())]
    pub(crate) depth: u32,
    /// Chess960: Shredder-FEN/X-FEN in, `e1h1` castling, and `UCI_Chess960` set in the engines.
    #[arg(long)]
    pub(crate) chess960: bool,
    /// Give up on an engine that stays silent this many seconds.
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub(crate) timeout: f64,
    /// Print the result as JSON.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args)]
pub(crate) struct ShowArgs {
    /// The position as FEN (default: the start position).
    pub(crate) fen: Option<String>,
    /// UCI moves to play first.
    #[arg(long, num_args = 1..)]
    pub(crate) moves: Vec<String>,
    /// Letters (KQRBNP, kqrbnp) instead of chess symbols.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// Read the position and list the moves by a variant's rules (the names of
    /// `perft --variant`); pockets, check counters and the variant's outcome are shown.
    #[arg(long, value_name = "NAME", value_parser = variant_parser)]
    pub(crate) variant: Option<bitmove::variant::Variant>,
    /// Chess960 castling (Shredder-FEN/X-FEN in, `e1h1` castling moves).
    #[arg(long)]
    pub(crate) chess960: bool,
    /// Write the board as an SVG picture to FILE (`-`: standard output) instead: the last of
    /// `--moves` highlighted, a king in check marked.
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<std::path::PathBuf>,
    /// With `--svg`: Black at the bottom.
    #[arg(long, requires = "svg")]
    pub(crate) flip: bool,
    /// With `--svg`: the picture's width and height in pixels (default: none, it scales).
    #[arg(long, value_name = "PIXELS", requires = "svg")]
    pub(crate) size: Option<u32>,
}

#[derive(clap::Args)]
pub(crate) struct BookArgs {
    /// The book file (Polyglot `.bin`).
    pub(crate) file: PathBuf,
    /// The position as FEN (default: the start position).
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// UCI moves to play first.
    #[arg(long, num_args = 1..)]
    pub(crate) moves: Vec<String>,
    /// Leave out entries lighter than this (python-chess's `minimum_weight`; 0 lists the
    /// entries of weight 0 too).
    #[arg(long, default_value_t = 1)]
    pub(crate) min_weight: u16,
    /// Chess960 castling (Shredder-FEN/X-FEN in, `e1h1` castling moves).
    #[arg(long)]
    pub(crate) chess960: bool,
}

#[derive(clap::Args)]
pub(crate) struct ProbeArgs {
    /// A directory of Syzygy tables (.rtbw, .rtbz); repeat for several.
    #[arg(long, required = true, value_name = "DIR")]
    pub(crate) tb: Vec<std::path::PathBuf>,
    /// The position as FEN (default: the start position, which no table holds).
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// UCI moves to play first.
    #[arg(long, num_args = 1..)]
    pub(crate) moves: Vec<String>,
    /// Print JSON: {"fen", "wdl", "dtz", "moves": [{"uci", "san", "wdl", "dtz"}]}.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(clap::Args)]
pub(crate) struct UciArgs {
    /// Leave out one kind of move: a deliberately broken engine, for testing `bisect`.
    #[arg(long, hide = true, value_enum)]
    pub(crate) drop: Option<MoveKind>,
}

/// A kind of move the broken engine leaves out.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum MoveKind {
    /// En-passant captures.
    EnPassant,
    /// Castling, both sides.
    Castling,
    /// Promotions to rook, bishop and knight.
    Underpromotion,
}

/// The deepest perft the commands accept. No perft that deep can finish (the start position
/// passes 2^64 leaves at depth 13), but a tree of forced moves could go that deep, and the
/// recursion takes stack per ply: without a limit, `--depth 5000` overflowed the stack.
pub(crate) const MAX_DEPTH: u32 = 256;

/// Parses a depth of 0 to [`MAX_DEPTH`].
/// A variant name, as [`bitmove::variant::Variant::from_name`] reads it.
pub(crate) fn variant_parser(name: &str) -> Result<bitmove::variant::Variant, String> {
    bitmove::variant::Variant::from_name(name)
        .ok_or_else(|| bitmove::variant::UnknownVariant.to_string())
}

fn depth_parser() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(..=i64::from(MAX_DEPTH))
}
