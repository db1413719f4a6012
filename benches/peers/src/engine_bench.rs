//! The engine-style benchmark: what a search calls, through each crate's public API.
//!
//! ```text
//! peers engine [--runs N] [--positions N] [--seed N] [--build LABEL] [--summary-out PATH]
//! peers engine --print-summary-header
//! ```
//!
//! `--summary-out` appends this build's one-line summary row to a file;
//! `scripts/bench-engine.sh both` prints the rows of both builds under one header.
//!
//! Three workloads, one thread, every measurement interleaved across crates within a run and
//! reported as the median over runs (ratios as the median of the runs' paired ratios):
//!
//! 1. **make-all perft**: at every node the legal moves are listed through the crate's
//!    natural fast API, the board is copied and each move played; depth 0 counts 1 (no bulk
//!    counting, no shortcuts). Node counts are checked against `bitmove::perft` and the
//!    known values; a mismatch is a hard failure.
//! 2. **listing legal moves** of positions from seeded random games (played with bitmove,
//!    handed to the other crates as FEN). Each crate's count is checked, position by
//!    position, against `bitmove::perft(board, 1)`.
//! 3. **captures only** against all moves, bitmove alone, on the random positions that have
//!    a capture: `generate_captures` against `generate_moves` (moves counted in the callback
//!    with `len()`), and `captures()` against `legal_moves()`. Capture counts are checked
//!    against the legal moves that take a piece (en passant included).

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use crate::{cpu_model, median, shell_words};

/// The six positions of the Chess Programming Wiki's perft page at the depths of issue 29
/// (41.8 M leaves in all).
pub(crate) const POSITIONS: [(&str, &str, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

/// The engines of the make-all and listing tables. bitmove appears twice: once through its
/// set-form callback (`generate_moves`, the shape cozy-chess offers) and once through its
/// list (`legal_moves()`, the shape shakmaty offers).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Crate {
    BitmoveGen,
    BitmoveList,
    Cozy,
    Shakmaty,
    Chess,
}

impl Crate {
    const ALL: [Crate; 5] = [
        Crate::BitmoveGen,
        Crate::BitmoveList,
        Crate::Cozy,
        Crate::Shakmaty,
        Crate::Chess,
    ];

    fn is_bitmove(self) -> bool {
        matches!(self, Crate::BitmoveGen | Crate::BitmoveList)
    }

    fn make_label(self) -> &'static str {
        match self {
            Crate::BitmoveGen => "bitmove (`generate_moves` + `play_unchecked`)",
            Crate::BitmoveList => "bitmove (`legal_moves()` + `play_unchecked`)",
            Crate::Cozy => "cozy-chess 0.3.4 (`generate_moves` + `play_unchecked`)",
            Crate::Shakmaty => "shakmaty 0.30.1 (`legal_moves` + `play_unchecked`)",
            Crate::Chess => "chess 3.2 (`MoveGen::new_legal` + `make_move_new`)",
        }
    }

    fn list_label(self) -> &'static str {
        match self {
            Crate::BitmoveGen => "bitmove (`generate_moves` into a `Vec`)",
            Crate::BitmoveList => "bitmove (`legal_moves()`)",
            Crate::Cozy => "cozy-chess 0.3.4 (`generate_moves` into a `Vec`)",
            Crate::Shakmaty => "shakmaty 0.30.1 (`legal_moves()`)",
            Crate::Chess => "chess 3.2 (`MoveGen::new_legal` into a `Vec`)",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Crate::BitmoveGen => "bitmove (gen)",
            Crate::BitmoveList => "bitmove (list)",
            Crate::Cozy => "cozy-chess",
            Crate::Shakmaty => "shakmaty",
            Crate::Chess => "chess",
        }
    }
}

/// One position in every crate's representation (parsed outside the timed regions).
struct Boards {
    bitmove: bitmove::Board,
    cozy: cozy_chess::Board,
    shakmaty: shakmaty::Chess,
    chess: chess::Board,
}

impl Boards {
    fn from_fen(fen: &str) -> Result<Boards, String> {
        let fail = |name: &str, e: &dyn std::fmt::Display| format!("{name}: FEN {fen:?}: {e}");
        let setup: shakmaty::fen::Fen = fen.parse().map_err(|e| fail("shakmaty", &e))?;
        Ok(Boards {
            bitmove: bitmove::Board::from_fen(fen).map_err(|e| fail("bitmove", &e))?,
            cozy: cozy_chess::Board::from_fen(fen, false).map_err(|e| fail("cozy-chess", &e))?,
            shakmaty: setup
                .into_position(shakmaty::CastlingMode::Standard)
                .map_err(|e| fail("shakmaty", &e))?,
            chess: fen.parse().map_err(|e| fail("chess", &e))?,
        })
    }
}

struct Options {
    runs: usize,
    positions: usize,
    seed: u64,
    build: String,
    summary_out: Option<String>,
}

const USAGE: &str = "usage: peers engine [--runs N] [--positions N] [--seed N] [--build LABEL] \
                     [--summary-out PATH]";

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        runs: 5,
        positions: 3000,
        seed: 29,
        build: "unlabelled".into(),
        summary_out: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = || {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value\n{USAGE}"))
        };
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: not a number: {v:?}"))
        };
        match arg.as_str() {
            "--runs" => options.runs = number(value()?)?.max(1) as usize,
            "--positions" => options.positions = number(value()?)?.max(1) as usize,
            "--seed" => options.seed = number(value()?)?,
            "--build" => options.build = value()?,
            "--summary-out" => options.summary_out = Some(value()?),
            "--print-summary-header" => {
                println!("{SUMMARY_HEADER}");
                std::process::exit(0);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
    }
    Ok(options)
}

/// Runs the benchmark; `args` follow the `engine` word, `argv` is the whole command line.
pub fn run(args: &[String], argv: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    let mut out = String::new();
    let _ = writeln!(out);
    let _ = writeln!(out, "### Build: {}", options.build);
    let _ = writeln!(out);
    let _ = writeln!(out, "CPU: {}", cpu_model());
    let _ = writeln!(out, "Command: {}", shell_words(argv));
    let _ = writeln!(
        out,
        "Compiled with: popcnt {}, bmi2 {}, avx2 {}; bitmove's slider backend at run time: {}",
        yes(cfg!(target_feature = "popcnt")),
        yes(cfg!(target_feature = "bmi2")),
        yes(cfg!(target_feature = "avx2")),
        bitmove::SliderBackend::current().name()
    );
    let _ = writeln!(
        out,
        "{} runs, interleaved (each run measures every crate in turn); medians; one thread.",
        options.runs
    );

    let make = make_all(&options, &mut out)?;
    let list = listing(&options, &mut out)?;
    let caps = captures(&options, &mut out)?;

    // One summary row for the script's combined table.
    let row = format!(
        "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2}x | {:.2}x | {:.0} | {:.0} | {:.0} | {:.0} | {:.2}x | {:.2} | {:.2} |",
        options.build,
        make.mnps[0],
        make.mnps[1],
        make.mnps[2],
        make.mnps[3],
        make.mnps[4],
        make.best_ratio,
        make.worst_position_ratio,
        list.0[1],
        list.0[2],
        list.0[3],
        list.0[4],
        list.1,
        caps.0,
        caps.1,
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "Summary (columns as in `{SUMMARY_HEADER_NOTE}`):");
    let _ = writeln!(out);
    let _ = writeln!(out, "{SUMMARY_HEADER}");
    let _ = writeln!(out, "{row}");
    if let Some(path) = &options.summary_out {
        use std::io::Write as _;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {path}: {e}"))?;
        writeln!(file, "{row}").map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    println!("{out}");
    Ok(())
}

const SUMMARY_HEADER_NOTE: &str = "scripts/bench-engine.sh";

/// The combined table's header (the script prints it above the rows of each build).
const SUMMARY_HEADER: &str = "| build | make-all Mnps: bitmove (gen) | bitmove (list) | cozy-chess | shakmaty | chess | bitmove best / fastest peer | worst position vs any peer | list ns/pos: bitmove `legal_moves()` | cozy-chess | shakmaty | chess | bitmove / fastest peer (speed) | `generate_captures` / `generate_moves` (time) | `captures()` / `legal_moves()` (time) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";

pub(crate) fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

// ---------------------------------------------------------------------------------------------
// 1. make-all perft

fn bitmove_gen_perft(board: &bitmove::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += bitmove_gen_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn bitmove_list_perft(board: &bitmove::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in board.legal_moves() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        nodes += bitmove_list_perft(&child, depth - 1);
    }
    nodes
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;

    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += shakmaty_perft(&child, depth - 1);
    }
    nodes
}

fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in chess::MoveGen::new_legal(board) {
        nodes += chess_perft(&board.make_move_new(mv), depth - 1);
    }
    nodes
}

/// One timed make-all perft: (nodes, seconds).
fn make_all_once(engine: Crate, boards: &Boards, depth: u32) -> (u64, f64) {
    let start = Instant::now();
    let depth = black_box(depth);
    let nodes = match engine {
        Crate::BitmoveGen => bitmove_gen_perft(black_box(&boards.bitmove), depth),
        Crate::BitmoveList => bitmove_list_perft(black_box(&boards.bitmove), depth),
        Crate::Cozy => cozy_perft(black_box(&boards.cozy), depth),
        Crate::Shakmaty => shakmaty_perft(black_box(&boards.shakmaty), depth),
        Crate::Chess => chess_perft(black_box(&boards.chess), depth),
    };
    (black_box(nodes), start.elapsed().as_secs_f64())
}

struct MakeSummary {
    /// Aggregate Mnps per crate, in `Crate::ALL` order.
    mnps: Vec<f64>,
    /// The better bitmove row's aggregate over the fastest peer's.
    best_ratio: f64,
    /// The lowest per-position ratio of the better bitmove row to any peer.
    worst_position_ratio: f64,
}

fn make_all(options: &Options, out: &mut String) -> Result<MakeSummary, String> {
    let mut boards = Vec::new();
    for &(name, fen, depth, known) in &POSITIONS {
        let b = Boards::from_fen(fen)?;
        let reference = bitmove::perft(&b.bitmove, depth);
        if reference != known {
            return Err(format!(
                "WRONG NODE COUNT: bitmove::perft {name} d{depth}: got {reference}, expected {known}"
            ));
        }
        boards.push(b);
    }
    let engines = Crate::ALL;
    // seconds[engine][position], one entry per run.
    let mut seconds = vec![vec![Vec::new(); POSITIONS.len()]; engines.len()];
    for run in 0..options.runs {
        for (p, &(name, _, depth, known)) in POSITIONS.iter().enumerate() {
            for (e, &engine) in engines.iter().enumerate() {
                let (nodes, secs) = make_all_once(engine, &boards[p], depth);
                if nodes != known {
                    return Err(format!(
                        "WRONG NODE COUNT: make-all {} {name} d{depth}: got {nodes}, expected {known} (bitmove::perft)",
                        engine.short()
                    ));
                }
                eprintln!(
                    "make-all run {}/{}  {name:<9} d{depth}  {:<15} {:>7.3} s {:>6.1} Mnps",
                    run + 1,
                    options.runs,
                    engine.short(),
                    secs,
                    nodes as f64 / secs / 1e6
                );
                seconds[e][p].push(secs);
            }
        }
    }

    let total: u64 = POSITIONS.iter().map(|p| p.3).sum();
    let med = |e: usize, p: usize| median(&seconds[e][p]);
    let aggregate =
        |e: usize| total as f64 / (0..POSITIONS.len()).map(|p| med(e, p)).sum::<f64>() / 1e6;
    let mnps: Vec<f64> = (0..engines.len()).map(aggregate).collect();
    let peers: Vec<usize> = (0..engines.len())
        .filter(|&e| !engines[e].is_bitmove())
        .collect();
    let fastest_peer = *peers
        .iter()
        .max_by(|&&a, &&b| mnps[a].total_cmp(&mnps[b]))
        .expect("peers");

    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "#### Make-all perft (Mnps: leaves / median seconds; every node lists, copies and plays)"
    );
    let _ = writeln!(out);
    let _ = write!(out, "| crate (API) |");
    for &(name, _, depth, _) in &POSITIONS {
        let _ = write!(out, " {name} d{depth} |");
    }
    let _ = writeln!(out, " aggregate |");
    let _ = writeln!(out, "|---|{}---:|", "---:|".repeat(POSITIONS.len()));
    for (e, engine) in engines.iter().enumerate() {
        let _ = write!(out, "| {} |", engine.make_label());
        for (p, &(_, _, _, nodes)) in POSITIONS.iter().enumerate() {
            let _ = write!(out, " {:.1} |", nodes as f64 / med(e, p) / 1e6);
        }
        let _ = writeln!(out, " {:.1} |", mnps[e]);
    }

    // Paired ratios: each run's peer time over bitmove's time in the same run.
    let paired = |b: usize, peer: usize, p: usize| {
        let r: Vec<f64> = seconds[peer][p]
            .iter()
            .zip(&seconds[b][p])
            .map(|(t, o)| t / o)
            .collect();
        median(&r)
    };
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "bitmove's speed relative to each peer (median of paired per-run time ratios; > 1 means bitmove is faster):"
    );
    let _ = writeln!(out);
    let _ = write!(out, "| bitmove API vs peer |");
    for &(name, _, _, _) in &POSITIONS {
        let _ = write!(out, " {name} |");
    }
    let _ = writeln!(out, " aggregate |");
    let _ = writeln!(out, "|---|{}---:|", "---:|".repeat(POSITIONS.len()));
    let mut worst_by_bitmove = Vec::new();
    for b in (0..engines.len()).filter(|&e| engines[e].is_bitmove()) {
        let mut worst = f64::INFINITY;
        for &peer in &peers {
            let _ = write!(
                out,
                "| {} vs {} |",
                engines[b].short(),
                engines[peer].short()
            );
            for p in 0..POSITIONS.len() {
                let r = paired(b, peer, p);
                worst = worst.min(r);
                let _ = write!(out, " {r:.2}x |");
            }
            let _ = writeln!(out, " {:.2}x |", mnps[b] / mnps[peer]);
        }
        // Per position against whichever peer is fastest there.
        let _ = write!(out, "| **{} vs fastest peer** |", engines[b].short());
        for p in 0..POSITIONS.len() {
            let r = peers
                .iter()
                .map(|&peer| paired(b, peer, p))
                .fold(f64::INFINITY, f64::min);
            let _ = write!(out, " {r:.2}x |");
        }
        let _ = writeln!(
            out,
            " **{:.2}x** ({}) |",
            mnps[b] / mnps[fastest_peer],
            engines[fastest_peer].short()
        );
        worst_by_bitmove.push((b, worst));
    }
    let (best_b, worst) = worst_by_bitmove
        .iter()
        .copied()
        .max_by(|x, y| mnps[x.0].total_cmp(&mnps[y.0]))
        .expect("bitmove rows");
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Goal (issue 29): aggregate >= 1.3x the fastest peer and no position below 1.0x of any peer. \
         Node counts: {total} leaves in all, each checked against `bitmove::perft`."
    );
    Ok(MakeSummary {
        best_ratio: mnps[best_b] / mnps[fastest_peer],
        worst_position_ratio: worst,
        mnps,
    })
}

// ---------------------------------------------------------------------------------------------
// Random positions

/// xorshift64*: a small deterministic generator, so that every build sees the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `count` positions from random games played with bitmove: each game starts at the initial
/// position and plays uniformly random legal moves until mate, stalemate, the fifty-move rule
/// or 200 plies; every position with a legal move is kept.
pub(crate) fn random_positions(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut fens = Vec::with_capacity(count);
    while fens.len() < count {
        let mut board = bitmove::Board::default();
        for _ in 0..200 {
            let moves = board.legal_moves();
            if moves.is_empty() || board.is_fifty_move_draw() || fens.len() == count {
                break;
            }
            fens.push(board.to_string());
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            board.play_unchecked(mv);
        }
    }
    fens
}

// ---------------------------------------------------------------------------------------------
// 2. listing legal moves

/// Lists the legal moves of every position once; returns the total number of moves.
fn list_all(engine: Crate, boards: &[Boards], scratch: &mut ListScratch) -> u64 {
    let mut total = 0u64;
    match engine {
        Crate::BitmoveList => {
            for b in boards {
                let list = black_box(&b.bitmove).legal_moves();
                total += black_box(&list).len() as u64;
            }
        }
        Crate::BitmoveGen => {
            for b in boards {
                let list = &mut scratch.bitmove;
                list.clear();
                black_box(&b.bitmove).generate_moves(|moves| {
                    list.extend(moves);
                    false
                });
                total += black_box(&*list).len() as u64;
            }
        }
        Crate::Cozy => {
            for b in boards {
                let list = &mut scratch.cozy;
                list.clear();
                black_box(&b.cozy).generate_moves(|moves| {
                    list.extend(moves);
                    false
                });
                total += black_box(&*list).len() as u64;
            }
        }
        Crate::Shakmaty => {
            use shakmaty::Position;
            for b in boards {
                let list = black_box(&b.shakmaty).legal_moves();
                total += black_box(&list).len() as u64;
            }
        }
        Crate::Chess => {
            for b in boards {
                let list = &mut scratch.chess;
                list.clear();
                list.extend(chess::MoveGen::new_legal(black_box(&b.chess)));
                total += black_box(&*list).len() as u64;
            }
        }
    }
    total
}

/// Reused lists for the crates whose natural API hands out moves rather than a list (no
/// allocation inside the timed loop).
struct ListScratch {
    bitmove: Vec<bitmove::Move>,
    cozy: Vec<cozy_chess::Move>,
    chess: Vec<chess::ChessMove>,
}

/// Checks every crate's move count on every position against `bitmove::perft(board, 1)`.
fn check_counts(fens: &[String], boards: &[Boards]) -> Result<(), String> {
    let mut scratch = ListScratch {
        bitmove: Vec::with_capacity(256),
        cozy: Vec::with_capacity(256),
        chess: Vec::with_capacity(256),
    };
    for (fen, b) in fens.iter().zip(boards) {
        let expected = bitmove::perft(&b.bitmove, 1);
        for engine in Crate::ALL {
            let got = list_all(engine, std::slice::from_ref(b), &mut scratch);
            if got != expected {
                return Err(format!(
                    "WRONG MOVE COUNT: {} on {fen:?}: got {got}, expected {expected} (bitmove::perft)",
                    engine.short()
                ));
            }
        }
    }
    Ok(())
}

fn listing(options: &Options, out: &mut String) -> Result<(Vec<f64>, f64), String> {
    let fens = random_positions(options.positions, options.seed);
    let boards: Vec<Boards> = fens
        .iter()
        .map(|f| Boards::from_fen(f))
        .collect::<Result<_, _>>()?;
    check_counts(&fens, &boards)?;
    let expected: u64 = boards.iter().map(|b| bitmove::perft(&b.bitmove, 1)).sum();
    let mut scratch = ListScratch {
        bitmove: Vec::with_capacity(256),
        cozy: Vec::with_capacity(256),
        chess: Vec::with_capacity(256),
    };
    // About 1 ms per pass: enough passes for tens of milliseconds per measurement.
    const PASSES: usize = 40;
    let engines = Crate::ALL;
    let runs = options.runs.max(7);
    let mut ns = vec![Vec::new(); engines.len()];
    for _ in 0..runs {
        for (e, &engine) in engines.iter().enumerate() {
            let start = Instant::now();
            for _ in 0..PASSES {
                let got = list_all(engine, black_box(&boards), &mut scratch);
                if got != expected {
                    return Err(format!(
                        "WRONG MOVE COUNT: listing {}: got {got}, expected {expected}",
                        engine.short()
                    ));
                }
            }
            let secs = start.elapsed().as_secs_f64();
            ns[e].push(secs * 1e9 / (PASSES * boards.len()) as f64);
        }
    }
    let med: Vec<f64> = ns.iter().map(|v| median(v)).collect();
    let peers: Vec<usize> = (0..engines.len())
        .filter(|&e| !engines[e].is_bitmove())
        .collect();
    let fastest = *peers
        .iter()
        .min_by(|&&a, &&b| med[a].total_cmp(&med[b]))
        .expect("peers");
    let paired = |b: usize, peer: usize| {
        let r: Vec<f64> = ns[peer].iter().zip(&ns[b]).map(|(t, o)| t / o).collect();
        median(&r)
    };

    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "#### Listing the legal moves of {} positions from random games (seed {}, {:.1} moves per position)",
        boards.len(),
        options.seed,
        expected as f64 / boards.len() as f64
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| crate (API) | ns per position (median of {runs}) | bitmove (`legal_moves()`) speed vs this |"
    );
    let _ = writeln!(out, "|---|---:|---:|");
    for (e, engine) in engines.iter().enumerate() {
        let ratio = if e == 1 {
            "-".to_string()
        } else {
            format!("{:.2}x", paired(1, e))
        };
        let _ = writeln!(out, "| {} | {:.0} | {ratio} |", engine.list_label(), med[e]);
    }
    let ratio = paired(1, fastest);
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "bitmove `legal_moves()` vs the fastest peer ({}): **{ratio:.2}x** (goal: 1.5x). \
         Every crate's count is checked on every position against `bitmove::perft(board, 1)`.",
        engines[fastest].short()
    );
    Ok((med, ratio))
}

// ---------------------------------------------------------------------------------------------
// 3. captures only

fn is_capture(board: &bitmove::Board, mv: bitmove::Move) -> bool {
    let them = !board.side_to_move();
    board.colors(them).has(mv.to)
        || (board.piece_on(mv.from) == Some(bitmove::Piece::Pawn)
            && Some(mv.to) == board.en_passant())
}

#[derive(Clone, Copy)]
enum CaptureCall {
    GenerateMoves,
    GenerateCaptures,
    LegalMoves,
    Captures,
}

impl CaptureCall {
    const ALL: [CaptureCall; 4] = [
        CaptureCall::GenerateMoves,
        CaptureCall::GenerateCaptures,
        CaptureCall::LegalMoves,
        CaptureCall::Captures,
    ];

    fn label(self) -> &'static str {
        match self {
            CaptureCall::GenerateMoves => "`generate_moves` (count `len()` in the callback)",
            CaptureCall::GenerateCaptures => "`generate_captures` (count `len()` in the callback)",
            CaptureCall::LegalMoves => "`legal_moves()`",
            CaptureCall::Captures => "`captures()`",
        }
    }

    fn run(self, boards: &[bitmove::Board]) -> u64 {
        let mut total = 0u64;
        for b in boards {
            let b = black_box(b);
            total += match self {
                CaptureCall::GenerateMoves => {
                    let mut n = 0;
                    b.generate_moves(|moves| {
                        n += moves.len();
                        false
                    });
                    n
                }
                CaptureCall::GenerateCaptures => {
                    let mut n = 0;
                    b.generate_captures(|moves| {
                        n += moves.len();
                        false
                    });
                    n
                }
                CaptureCall::LegalMoves => black_box(b.legal_moves()).len(),
                CaptureCall::Captures => black_box(b.captures()).len(),
            } as u64;
        }
        total
    }
}

/// Returns the time ratios (generate_captures / generate_moves, captures() / legal_moves()).
fn captures(options: &Options, out: &mut String) -> Result<(f64, f64), String> {
    let boards: Vec<bitmove::Board> = random_positions(options.positions, options.seed)
        .iter()
        .map(|f| bitmove::Board::from_fen(f).map_err(|e| format!("bitmove: FEN {f:?}: {e}")))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|b| b.legal_moves().iter().any(|&mv| is_capture(b, mv)))
        .collect();
    let mut all = 0u64;
    let mut caps = 0u64;
    for b in &boards {
        let legal = b.legal_moves();
        let expected = legal.iter().filter(|&&mv| is_capture(b, mv)).count();
        let got = b.captures();
        if got.len() != expected
            || got
                .iter()
                .any(|&mv| !legal.contains(&mv) || !is_capture(b, mv))
        {
            return Err(format!(
                "WRONG CAPTURES on {b}: got {}, expected {expected}",
                got.len()
            ));
        }
        all += legal.len() as u64;
        caps += expected as u64;
    }
    let expected = |call: CaptureCall| match call {
        CaptureCall::GenerateMoves | CaptureCall::LegalMoves => all,
        CaptureCall::GenerateCaptures | CaptureCall::Captures => caps,
    };
    const PASSES: usize = 40;
    let runs = options.runs.max(7);
    let mut ns = vec![Vec::new(); CaptureCall::ALL.len()];
    for _ in 0..runs {
        for (c, &call) in CaptureCall::ALL.iter().enumerate() {
            let start = Instant::now();
            for _ in 0..PASSES {
                let got = call.run(black_box(&boards));
                if got != expected(call) {
                    return Err(format!(
                        "WRONG COUNT: {}: got {got}, expected {}",
                        call.label(),
                        expected(call)
                    ));
                }
            }
            let secs = start.elapsed().as_secs_f64();
            ns[c].push(secs * 1e9 / (PASSES * boards.len()) as f64);
        }
    }
    let med: Vec<f64> = ns.iter().map(|v| median(v)).collect();
    let paired = |num: usize, den: usize| {
        let r: Vec<f64> = ns[num].iter().zip(&ns[den]).map(|(a, b)| a / b).collect();
        median(&r)
    };
    let gen_ratio = paired(1, 0);
    let list_ratio = paired(3, 2);

    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "#### Captures only against all moves (bitmove; the {} random positions with a capture: {:.1} moves, {:.1} captures per position)",
        boards.len(),
        all as f64 / boards.len() as f64,
        caps as f64 / boards.len() as f64
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| call | ns per position (median of {runs}) | time / all moves |"
    );
    let _ = writeln!(out, "|---|---:|---:|");
    for (c, call) in CaptureCall::ALL.iter().enumerate() {
        let ratio = match c {
            1 => format!("**{gen_ratio:.2}**"),
            3 => format!("**{list_ratio:.2}**"),
            _ => "1".into(),
        };
        let _ = writeln!(out, "| {} | {:.0} | {ratio} |", call.label(), med[c]);
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Captures are {:.0}% of the legal moves here; a ratio near that share means captures cost their share. \
         Counts checked against the legal moves that take a piece (en passant included).",
        100.0 * caps as f64 / all as f64
    );
    Ok((gen_ratio, list_ratio))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_all_counts_small_trees() {
        let b = Boards::from_fen(POSITIONS[1].1).unwrap();
        for engine in Crate::ALL {
            assert_eq!(make_all_once(engine, &b, 3).0, 97_862, "{engine:?}");
        }
    }

    #[test]
    fn random_positions_convert_and_agree() {
        let fens = random_positions(300, 7);
        assert_eq!(fens.len(), 300);
        let boards: Vec<Boards> = fens.iter().map(|f| Boards::from_fen(f).unwrap()).collect();
        check_counts(&fens, &boards).unwrap();
    }
}
