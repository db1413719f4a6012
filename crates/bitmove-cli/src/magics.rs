//! `bitmove magics`: re-run the magic finder and optionally write the table source.

use std::path::PathBuf;
use std::time::Instant;

use bitmove::Square;
use bitmove::attacks::magic::finder;

use crate::Failure;

pub(crate) fn run(seed: u64, write: Option<PathBuf>) -> Result<u8, Failure> {
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
