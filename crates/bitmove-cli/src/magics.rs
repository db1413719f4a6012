//! `bitmove magics`: re-run the magic finder and optionally write the table source.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use bitmove::Square;
use bitmove::attacks::magic::finder;

use crate::Failure;

pub(crate) fn run(seed: u64, write: Option<PathBuf>) -> Result<u8, Failure> {
    // The file is opened before the search, so that a path that cannot be written is told at
    // once rather than after it.
    let cannot =
        |path: &PathBuf, e| Failure::input(format!("cannot write {}: {e}", path.display()));
    let target = match write {
        Some(path) => Some((
            std::fs::File::create(&path).map_err(|e| cannot(&path, e))?,
            path,
        )),
        None => None,
    };
    let start = Instant::now();
    let found = finder::find(seed);
    let elapsed = start.elapsed();
    let mut report = String::from("square  rook bits  rook tries  bishop bits  bishop tries\n");
    for square in Square::ALL {
        let (r, b) = (found.rook[square.index()], found.bishop[square.index()]);
        writeln!(
            report,
            "{square:>6}  {:>9}  {:>10}  {:>11}  {:>12}",
            r.bits, r.tries, b.bits, b.tries
        )
        .ok();
    }
    let size = found.table_size();
    writeln!(
        report,
        "Table size: {size} entries ({} KiB)",
        size * std::mem::size_of::<u64>() / 1024
    )
    .ok();
    writeln!(report, "Time: {:.3} s (seed {seed})", elapsed.as_secs_f64()).ok();
    if let Some((mut file, path)) = target {
        file.write_all(found.source().to_string().as_bytes())
            .map_err(|e| cannot(&path, e))?;
        writeln!(report, "Wrote {}", path.display()).ok();
    }
    crate::print(report)?;
    Ok(0)
}
