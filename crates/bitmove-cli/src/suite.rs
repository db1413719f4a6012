//! `bitmove suite`: check an EPD perft suite.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use bitmove::Board;

use crate::Failure;

/// One position of the suite and its expected counts by depth.
struct Entry {
    line: usize,
    board: Board,
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn malformed(path: &Path, line: usize, why: impl std::fmt::Display) -> Failure {
    Failure::input(format!("{}:{line}: {why}", path.display()))
}

/// Parses the whole file first, so a malformed line is reported before any work is done.
fn parse(path: &Path, text: &str, chess960: bool) -> Result<Vec<Entry>, Failure> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut parts = trimmed.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let board = Board::from_fen_with(&fen, chess960).map_err(|e| malformed(path, line, e))?;
        let mut depths = Vec::new();
        for part in parts {
            let part = part.trim();
            let parsed = part
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(char::is_whitespace))
                .and_then(|(d, n)| Some((d.parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?)));
            match parsed {
                Some(pair) => depths.push(pair),
                None => {
                    return Err(malformed(
                        path,
                        line,
                        format!("expected `;D<depth> <nodes>`, found {part:?}"),
                    ))
                }
            }
        }
        if depths.is_empty() {
            return Err(malformed(path, line, "no `;D<depth> <nodes>` entries"));
        }
        entries.push(Entry {
            line,
            board,
            fen,
            depths,
        });
    }
    Ok(entries)
}

pub(crate) fn run(path: &Path, max_nodes: Option<u64>, chess960: bool) -> Result<u8, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("cannot read {}: {e}", path.display())))?;
    let entries = parse(path, &text, chess960)?;
    let limit = max_nodes.unwrap_or(u64::MAX);
    let (mut passed, mut failed, mut nodes) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    for entry in &entries {
        for &(depth, expected) in entry.depths.iter().filter(|(_, n)| *n <= limit) {
            let got = bitmove::perft(&entry.board, depth);
            nodes += got;
            if got == expected {
                passed += 1;
            } else {
                failed += 1;
                writeln!(
                    out,
                    "FAIL line {}: {} depth {depth}: expected {expected}, got {got}",
                    entry.line, entry.fen
                )
                .ok();
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "{} positions, {nodes} nodes in {seconds:.2} s ({:.1} Mnps)",
        entries.len(),
        nodes as f64 / seconds.max(1e-9) / 1e6
    )
    .ok();
    writeln!(out, "{passed} passed, {failed} failed").ok();
    Ok(if failed > 0 { 1 } else { 0 })
}
