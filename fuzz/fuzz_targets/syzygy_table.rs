//! A Syzygy table read from arbitrary bytes: opening and probing it gives answers or errors,
//! never a panic, an endless loop or a read outside the bytes.
//!
//! Input: one control byte, then the table file. The control byte's bit 0 picks the kind
//! (WDL or DTZ), the rest the table name from `NAMES`; then positions of that material (a fixed
//! pseudo-random set, both sides to move) are probed through every entry point that reads the
//! table. Seeds are the real tables of tests/data/syzygy (scripts/fuzz.sh writes them).
#![no_main]

use bitmove::syzygy::{TableKind, Tablebase};
use bitmove::Board;
use libfuzzer_sys::fuzz_target;

/// Pawnless and pawn tables, symmetric and not, 3 to 6 pieces (the file layouts differ by
/// each of these).
const NAMES: [&str; 16] = [
    "KQvK", "KRvK", "KPvK", "KBNvK", "KQvKR", "KRvKR", "KNvKN", "KPvKP", "KBPvK", "KPPvK", "KQvKP",
    "KRvKB", "KRPvKR", "KPPvKP", "KQRvKQ", "KBBvKN",
];

/// Up to `n` legal boards with `name`'s material, from a fixed seed.
fn boards(name: &str, n: usize) -> Vec<Board> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ name.len() as u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (white, black) = name.split_once('v').expect("table name");
    let pieces: Vec<char> = white
        .chars()
        .chain(black.chars().map(|c| c.to_ascii_lowercase()))
        .collect();
    let mut out = Vec::new();
    for _ in 0..n * 8 {
        if out.len() == n {
            break;
        }
        let mut grid = [None::<char>; 64];
        let mut ok = true;
        for &p in &pieces {
            let sq = (next() % 64) as usize;
            let pawn_rank = !(8..56).contains(&sq) && p.eq_ignore_ascii_case(&'p');
            if grid[sq].is_some() || pawn_rank {
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
    let kind = if control & 1 == 0 {
        TableKind::Wdl
    } else {
        TableKind::Dtz
    };
    let name = NAMES[(control >> 1) as usize % NAMES.len()];
    let mut tb = Tablebase::new();
    assert!(tb.add_bytes(name, kind, table));
    for board in boards(name, 24) {
        match kind {
            TableKind::Wdl => {
                let _ = tb.probe_wdl_table(&board);
            }
            TableKind::Dtz => {
                for wdl in [-2, -1, 1, 2] {
                    let _ = tb.probe_dtz_table(&board, wdl);
                }
            }
        }
        // The full probes: captures lead to tables that are missing, which is an error too.
        let _ = tb.probe_wdl(&board);
        let _ = tb.probe_dtz(&board);
    }
});
