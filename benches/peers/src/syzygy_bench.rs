//! `peers syzygy [--runs N] [--positions N] [--seed N] [--tables DIR]`: Syzygy probes per
//! second, bitmove's `syzygy` module against shakmaty-syzygy (memory-mapped, as bitmove's),
//! on the same random 3-4-piece positions (default tables: tests/data/syzygy). Every answer
//! is checked equal first (WDL and DTZ); then each run times WDL and DTZ over all positions
//! for both, interleaved (each timing repeating the positions for at least 50 ms), and the
//! table shows the median probes/second and the median of the runs' paired ratios.

use std::path::PathBuf;
use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use shakmaty_syzygy::Tablebase as ShakmatyTables;

fn random_fens(n: usize, mut seed: u64) -> Vec<String> {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut fens = Vec::new();
    while fens.len() < n {
        let mut board = [None::<char>; 64];
        let extra = 1 + (next() % 2) as usize;
        let mut pieces = vec!['K', 'k'];
        for _ in 0..extra {
            let p = b"QRBNP"[(next() % 5) as usize] as char;
            pieces.push(if next() % 2 == 0 {
                p
            } else {
                p.to_ascii_lowercase()
            });
        }
        let mut ok = true;
        for p in pieces {
            let sq = (next() % 64) as usize;
            let back = !(8..56).contains(&sq);
            if board[sq].is_some() || (back && p.eq_ignore_ascii_case(&'p')) {
                ok = false;
                break;
            }
            board[sq] = Some(p);
        }
        if !ok {
            continue;
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(p) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(p);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if next() % 2 == 0 {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        if fen.parse::<bitmove::Board>().is_ok() {
            fens.push(fen);
        }
    }
    fens
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 5;
    let mut count = 5000;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/syzygy");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--runs" => runs = v.parse().map_err(|_| "bad --runs")?,
            "--positions" => count = v.parse().map_err(|_| "bad --positions")?,
            "--seed" => seed = v.parse().map_err(|_| "bad --seed")?,
            "--tables" => dir = PathBuf::from(v),
            _ => return Err(format!("unknown option {a}")),
        }
    }
    let fens = random_fens(count, seed);
    let ours: Vec<bitmove::Board> = fens.iter().map(|f| f.parse().expect("valid")).collect();
    let theirs: Vec<Chess> = fens
        .iter()
        .map(|f| {
            f.parse::<Fen>()
                .expect("FEN")
                .into_position::<Chess>(CastlingMode::Standard)
                .or_else(|e| e.ignore_impossible_check().map_err(|_| ()))
                .expect("legal")
        })
        .collect();
    let bm = bitmove::syzygy::Tablebase::open(&dir).map_err(|e| e.to_string())?;
    // SAFETY: the table files are not modified while the benchmark runs.
    let mut sm = unsafe { ShakmatyTables::<Chess>::with_mmap_filesystem() };
    sm.add_directory(&dir).map_err(|e| e.to_string())?;

    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        let w1 = bm.probe_wdl(a).map_err(|e| e.to_string())?.to_i8() as i32;
        let w2 = sm.probe_wdl_after_zeroing(b).map_err(|e| e.to_string())? as i32;
        let d1 = bm.probe_dtz(a).map_err(|e| e.to_string())?;
        let d2 = sm
            .probe_dtz(b)
            .map_err(|e| e.to_string())?
            .ignore_rounding()
            .0;
        if w1 != w2 || d1 != d2 {
            return Err(format!(
                "{}: bitmove wdl {w1} dtz {d1}, shakmaty-syzygy wdl {w2} dtz {d2}",
                fens[i]
            ));
        }
    }
    // One timing repeats the pass over the positions until it lasts 50 ms, so that a run is
    // not a few milliseconds at the mercy of the scheduler; the ratio is the median of each
    // run's paired ratio (bitmove and shakmaty-syzygy timed back to back).
    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        let mut passes = 0;
        while passes == 0 || t.elapsed().as_secs_f64() < 0.05 {
            f();
            passes += 1;
        }
        (passes * fens.len()) as f64 / t.elapsed().as_secs_f64()
    };
    let (mut bw, mut sw, mut bd, mut sd) = (vec![], vec![], vec![], vec![]);
    let (mut rw, mut rd) = (vec![], vec![]);
    for _ in 0..runs {
        bw.push(time(&mut || {
            for b in &ours {
                std::hint::black_box(bm.probe_wdl(b).ok());
            }
        }));
        sw.push(time(&mut || {
            for b in &theirs {
                std::hint::black_box(sm.probe_wdl_after_zeroing(b).ok());
            }
        }));
        bd.push(time(&mut || {
            for b in &ours {
                std::hint::black_box(bm.probe_dtz(b).ok());
            }
        }));
        sd.push(time(&mut || {
            for b in &theirs {
                std::hint::black_box(sm.probe_dtz(b).ok());
            }
        }));
        rw.push(bw[bw.len() - 1] / sw[sw.len() - 1]);
        rd.push(bd[bd.len() - 1] / sd[sd.len() - 1]);
    }
    println!(
        "{} random 3-4-piece positions, answers checked equal; median of {runs} runs (each \
         at least 50 ms), probes/second; the ratio is the median of the runs' paired ratios",
        fens.len()
    );
    println!();
    println!("| probe | bitmove | shakmaty-syzygy 0.28 | bitmove / shakmaty-syzygy |");
    println!("|---|---:|---:|---:|");
    for (name, b, s, r) in [
        ("WDL", median(bw), median(sw), median(rw)),
        ("DTZ", median(bd), median(sd), median(rd)),
    ] {
        println!("| {name} | {b:.0} | {s:.0} | {r:.2}x |");
    }
    Ok(())
}
