//! A Gaviota table read from arbitrary bytes: probing it gives answers or errors, never a
//! panic, an endless loop or a read outside the bytes.
//!
//! Input: one control byte (the table name's index in `NAMES`), then the table file. Positions
//! of that material (a fixed pseudo-random set, both sides to move, both colour orders) are
//! probed for DTM and WDL. Seeds are the 3-piece tables of python-chess's sdist, when
//! tests/python_chess_suite.py has fetched it (scripts/fuzz.sh writes them).
#![no_main]

use bitmove::gaviota::Tablebase;
use bitmove::Board;
use libfuzzer_sys::fuzz_target;

/// 3-piece tables (the seeds) and a few 4- and 5-piece layouts.
const NAMES: [&str; 10] = [
    "kqk", "krk", "kbk", "knk", "kpk", "kqkp", "kpkp", "kqqk", "kppkp", "kqrkn",
];

/// Up to `n` legal boards with `name`'s material (White's pieces first in the name, or
/// Black's), from a fixed seed.
fn boards(name: &str, n: usize) -> Vec<Board> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ name.len() as u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let second = name[1..].find('k').map(|i| i + 1).unwrap_or(name.len());
    let mut out = Vec::new();
    for attempt in 0..n * 8 {
        if out.len() == n {
            break;
        }
        let swap = attempt % 2 == 1;
        let mut grid = [None::<char>; 64];
        let mut ok = true;
        for (i, c) in name.chars().enumerate() {
            let white = (i < second) != swap;
            let p = if white { c.to_ascii_uppercase() } else { c };
            let sq = (next() % 64) as usize;
            if grid[sq].is_some() || (c == 'p' && !(8..56).contains(&sq)) {
                ok = false;
                break;
            }
            grid[sq] = Some(p);
        }
        if !ok {
            continue;
        }
        let mut fen = bitmove_fuzz::placement_fen(&grid);
        fen.push_str(if next() % 2 == 0 {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        if let Ok(board) = fen.parse::<Board>() {
            out.push(board);
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&control, table)) = data.split_first() else {
        return;
    };
    let name = NAMES[control as usize % NAMES.len()];
    let mut tb = Tablebase::new();
    tb.add_bytes(name, table);
    for board in boards(name, 24) {
        let _ = tb.probe_dtm(&board);
        let _ = tb.probe_wdl(&board);
    }
});
