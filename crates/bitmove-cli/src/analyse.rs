//! `bitmove analyse`: every distinct position of the games put to a pool of UCI engines once,
//! the answers kept in an SQLite cache, the games written back with `[%eval ...]`. The
//! planning, cache, workers and writer are the library's (`bitmove::analyse`); this is the
//! shell: options, progress, Ctrl-C, the summary.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use bitmove::analyse::{
    AnalyseError, Analysed, Cache, EngineSpec, OutputOptions, Pool, SearchLimit, Setting,
    plan_files, write_outputs,
};
use bitmove::engine::split_words;
use bitmove::pgn::WriteOptions;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Failure;
use crate::cli::AnalyseArgs;

/// Answers stored per transaction (and at least once a second).
const BATCH: usize = 64;

/// The cache file used without `--cache`: OUT with its extension replaced by
/// `.analysis.sqlite` (`games.pgn` → `games.analysis.sqlite`).
pub(crate) fn default_cache(out: &Path) -> PathBuf {
    out.with_extension("analysis.sqlite")
}

fn failure(e: AnalyseError) -> Failure {
    Failure::input(format!("bitmove analyse: {e}"))
}

pub(crate) fn run(args: &AnalyseArgs) -> Result<u8, Failure> {
    let limit = match (args.nodes, args.depth, args.movetime) {
        (Some(n), None, None) => SearchLimit::Nodes(n),
        (None, Some(d), None) => SearchLimit::Depth(d),
        (None, None, Some(ms)) => SearchLimit::Movetime(ms),
        _ => return Err(Failure::input("give one of --nodes, --depth, --movetime")),
    };
    let command = split_words(&args.engine)
        .map_err(|why| Failure::input(format!("the engine command {:?}: {why}", args.engine)))?;
    if command.is_empty() {
        return Err(Failure::input("the engine command is empty"));
    }
    let mut spec = EngineSpec::new(command, limit);
    for option in &args.engine_options {
        let Some((name, value)) = option.split_once('=') else {
            return Err(Failure::input(format!(
                "--engine-option {option:?}: write it NAME=VALUE"
            )));
        };
        spec.options
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    if args.multipv == 0 {
        return Err(Failure::input("--multipv must be at least 1"));
    }
    spec.multipv = args.multipv;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(Failure::input(
            "--timeout must be a positive number of seconds",
        ));
    }
    spec.timeout = Duration::from_secs_f64(args.timeout);
    let engines = match args.engines {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let cache_path = args
        .cache
        .clone()
        .unwrap_or_else(|| default_cache(&args.out));

    let start = Instant::now();
    let plan = plan_files(&args.files, args.from_ply).map_err(failure)?;
    if plan.games == 0 {
        return Err(Failure::input("bitmove analyse: no games in the input"));
    }
    for bad in &plan.bad_games {
        eprintln!(
            "{}:{}: game {}: {} (not analysed, not written)",
            bad.file.display(),
            bad.line,
            bad.game,
            bad.reason
        );
    }

    let mut pool = Pool::start(&spec, engines).map_err(failure)?;
    for variant in plan.variants() {
        if !pool.supports(variant) {
            return Err(Failure::input(format!(
                "bitmove analyse: the games include {} and the engine {:?} does not declare UCI_Variant {}",
                variant.uci_name(),
                pool.engine_name(),
                variant.uci_name()
            )));
        }
    }
    let setting = Setting::new(pool.engine_name(), &spec);
    let mut cache = Cache::open(&cache_path).map_err(failure)?;
    let cached = cache.keys(&setting).map_err(failure)?;
    let todo: Vec<_> = plan
        .jobs
        .iter()
        .filter(|j| !cached.contains(&j.key))
        .cloned()
        .collect();
    let from_cache = plan.jobs.len() - todo.len();
    let total = todo.len();
    for job in todo {
        pool.submit(job);
    }
    pool.close();

    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst)).ok();
    }
    let mut progress = Progress::new(total as u64, from_cache);
    let mut batch: Vec<Analysed> = Vec::with_capacity(BATCH);
    let mut last_commit = Instant::now();
    let mut analysed = 0u64;
    let mut interrupted = false;
    loop {
        if stop.load(Ordering::SeqCst) && !interrupted {
            interrupted = true;
            progress.bar.suspend(|| {
                eprintln!("bitmove analyse: stopping: the engines finish the positions they are on")
            });
            pool.stop();
        }
        match pool.recv_timeout(Duration::from_millis(200)) {
            Ok(answer) => {
                // After Ctrl-C a failure may be the interruption's doing: not kept.
                if interrupted && matches!(answer, Analysed::Failed(_)) {
                    continue;
                }
                analysed += 1;
                batch.push(answer);
                progress.tick(analysed);
            }
            Err(RecvTimeoutError::Timeout) => progress.tick(analysed),
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if batch.len() >= BATCH
            || (!batch.is_empty() && last_commit.elapsed() > Duration::from_secs(1))
        {
            cache.store(&setting, &batch).map_err(failure)?;
            batch.clear();
            last_commit = Instant::now();
        }
    }
    cache.store(&setting, &batch).map_err(failure)?;
    let restarts = pool.restarts();
    pool.join();
    progress.bar.finish_and_clear();
    if interrupted {
        return Err(Failure {
            status: 130,
            message: format!(
                "bitmove analyse: interrupted; {analysed} positions analysed in this run are in {}: run the same command again to go on",
                cache_path.display()
            ),
        });
    }

    let options = OutputOptions {
        from_ply: args.from_ply,
        judgements: args.judgements,
        pgn: WriteOptions::default(),
    };
    let create = |path: &Path| {
        File::create(path)
            .map(|f| BufWriter::with_capacity(1 << 20, f))
            .map_err(|e| {
                Failure::input(format!(
                    "bitmove analyse: cannot create {}: {e}",
                    path.display()
                ))
            })
    };
    let mut pgn = create(&args.out)?;
    let mut jsonl = match &args.positions {
        Some(path) => Some(create(path)?),
        None => None,
    };
    let summary = write_outputs(
        &args.files,
        &options,
        &cache,
        &setting,
        &mut pgn,
        jsonl.as_mut().map(|w| w as &mut dyn Write),
    )
    .map_err(failure)?;

    let mut report = format!(
        "Games: {}\nWritten: {}\nPositions: {}\nDistinct: {}\nFrom cache: {from_cache}\nAnalysed: {analysed}\nEngine restarts: {restarts}\nFailed: {}\nTime: {:.3} s\nCache: {}\n",
        summary.games,
        summary.written,
        summary.positions,
        plan.jobs.len(),
        summary.failed.len(),
        start.elapsed().as_secs_f64(),
        cache_path.display(),
    );
    for (game, ply, f) in &summary.failed {
        report.push_str(&format!(
            "failed: game {game}, ply {ply}, {}: {}\n",
            f.fen, f.reason
        ));
    }
    crate::print(report)?;
    Ok(u8::from(
        !summary.failed.is_empty() || !plan.bad_games.is_empty(),
    ))
}

/// The progress line: a bar when standard error is a terminal, else a plain line every
/// ten seconds.
struct Progress {
    bar: ProgressBar,
    total: u64,
    from_cache: usize,
    start: Instant,
    last_line: Instant,
    plain: bool,
}

impl Progress {
    fn new(total: u64, from_cache: usize) -> Progress {
        let terminal = io::stderr().is_terminal();
        let bar = if terminal {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {pos}/{len} positions {per_sec} eta {eta}  {msg}",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(format!("{from_cache} from cache"));
            bar
        } else {
            ProgressBar::hidden()
        };
        Progress {
            bar,
            total,
            from_cache,
            start: Instant::now(),
            last_line: Instant::now(),
            plain: !terminal,
        }
    }

    fn tick(&mut self, done: u64) {
        self.bar.set_position(done);
        if self.plain && self.last_line.elapsed() >= Duration::from_secs(10) {
            self.last_line = Instant::now();
            let seconds = self.start.elapsed().as_secs_f64();
            let rate = done as f64 / seconds.max(1e-9);
            let eta = if rate > 0.0 {
                format!("{:.0} s", (self.total.saturating_sub(done)) as f64 / rate)
            } else {
                "?".into()
            };
            eprintln!(
                "bitmove analyse: {done}/{} positions, {rate:.1}/s, eta {eta}, {} from cache",
                self.total, self.from_cache
            );
        }
    }
}
