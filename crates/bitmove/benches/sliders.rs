//! Slider lookups per second for each backend, over one fixed stream of random
//! (square, occupancy) pairs, all backends in one run.
//!
//! `cargo bench -p bitmove --bench sliders`

use std::hint::black_box;

use bitmove::attacks::{Lines, Magic, Pext, Reference, Sliders};
use bitmove::{Bitboard, Square};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const PAIRS: usize = 4096;

/// A fixed xorshift stream: occupancies about a third full, as in middlegames.
fn stream() -> Vec<(Square, Bitboard)> {
    let mut state = 0x1234_5678_9ABC_DEF1u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..PAIRS)
        .map(|_| {
            let square = Square::index_wrapping(next() as usize);
            let occupied = Bitboard(next() & next()) | square;
            (square, occupied)
        })
        .collect()
}

fn run<S: Sliders>(s: S, pairs: &[(Square, Bitboard)]) -> u64 {
    let mut acc = 0u64;
    for &(square, occupied) in pairs {
        acc ^= s.rook(square, occupied).0 ^ s.bishop(square, occupied).0;
    }
    acc
}

fn sliders(c: &mut Criterion) {
    let pairs = stream();
    let mut group = c.benchmark_group("slider lookups");
    // Each pair is two lookups: rook and bishop.
    group.throughput(Throughput::Elements(2 * PAIRS as u64));
    if let Some(pext) = Pext::new() {
        group.bench_function("pext", |b| b.iter(|| run(pext, black_box(&pairs))));
    }
    group.bench_function("magic", |b| b.iter(|| run(Magic, black_box(&pairs))));
    group.bench_function("lines", |b| b.iter(|| run(Lines, black_box(&pairs))));
    group.bench_function("reference", |b| {
        b.iter(|| run(Reference, black_box(&pairs)))
    });
    group.finish();
}

criterion_group!(benches, sliders);
criterion_main!(benches);
