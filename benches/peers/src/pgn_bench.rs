//! `peers pgn [--runs N] FILE...`: reading and replaying PGN, bitmove against pgn-reader.
//!
//! Each file is read into memory once (so the figures are parsing and replay, not the disk),
//! then, interleaved for `--runs` rounds, each reader goes through all of it on one thread:
//!
//! - **bitmove** (iterator): `bitmove::pgn::Reader::new(bytes)` as an iterator of `Game`s,
//!   every mainline move replayed and checked, headers, clocks and evaluations kept;
//! - **bitmove** (visitor): `Reader::visit` with a visitor that only counts, the reader's
//!   cheapest use (it still parses every tag and replays every move);
//! - **pgn-reader** 0.29 on shakmaty 0.30, its own `validate` example's visitor: every SAN
//!   turned into a legal move (`San::to_move`) and played, a `FEN` tag honoured.
//!
//! The game and mainline ply counts of the three must agree on every file (games with
//! errors are counted as games; their plies up to the error are not compared), or the run
//! fails. Prints games/s, plies/s and MB/s per reader (the best round), and bitmove's
//! ratio to pgn-reader.

use std::hint::black_box;
use std::io::Cursor;
use std::ops::ControlFlow;
use std::time::Instant;

use bitmove::pgn::{GameError, Reader, Visitor};
use bitmove::{Board, Move};
use pgn_reader::{RawTag, SanPlus, Skip};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

/// What one pass over a file counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    games: u64,
    plies: u64,
    errors: u64,
}

#[derive(Clone, Copy)]
enum Which {
    BitmoveIter,
    BitmoveVisit,
    PgnReader,
}

impl Which {
    const ALL: [Which; 3] = [Which::BitmoveIter, Which::BitmoveVisit, Which::PgnReader];

    fn label(self) -> &'static str {
        match self {
            Which::BitmoveIter => "bitmove (iterator of Game)",
            Which::BitmoveVisit => "bitmove (counting visitor)",
            Which::PgnReader => "pgn-reader 0.29 (validate visitor)",
        }
    }

    fn read(self, bytes: &[u8]) -> Result<Counts, String> {
        match self {
            Which::BitmoveIter => {
                let mut counts = Counts::default();
                for game in Reader::new(Cursor::new(bytes)) {
                    let game = game.map_err(|e| e.to_string())?;
                    counts.games += 1;
                    counts.plies += game.moves.len() as u64;
                    counts.errors += u64::from(game.error.is_some());
                    black_box(&game);
                }
                Ok(counts)
            }
            Which::BitmoveVisit => {
                let mut visitor = Counter::default();
                let mut reader = Reader::new(Cursor::new(bytes));
                while reader.visit(&mut visitor).map_err(|e| e.to_string())? {}
                Ok(visitor.counts)
            }
            Which::PgnReader => {
                let mut validator = Validator::default();
                let mut reader = pgn_reader::Reader::new(Cursor::new(bytes));
                while reader
                    .read_game(&mut validator)
                    .map_err(|e| e.to_string())?
                    .is_some()
                {}
                Ok(validator.counts)
            }
        }
    }
}

/// bitmove's cheapest visitor: counts games, mainline plies and errors.
#[derive(Default)]
struct Counter {
    counts: Counts,
}

impl Visitor for Counter {
    fn begin_game(&mut self, _index: usize, _line: usize) {
        self.counts.games += 1;
    }

    fn play(&mut self, board: &Board, mv: Move, _san: &[u8]) {
        // Variations are skipped (the default), so every move is a mainline move.
        black_box((board, mv));
        self.counts.plies += 1;
    }

    fn end_game(&mut self, outcome: Result<(), GameError>) {
        self.counts.errors += u64::from(outcome.is_err());
    }
}

/// pgn-reader's `validate` example, counting: each SAN is turned into a legal move and
/// played; a game stops at its first error.
#[derive(Default)]
struct Validator {
    counts: Counts,
}

impl pgn_reader::Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = (Chess, bool);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.counts.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let position = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            match position {
                Some(position) => *tags = Some(position),
                None => {
                    self.counts.errors += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), true))
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        // Mainline only, as bitmove's reader by default.
        ControlFlow::Continue(Skip(true))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        let (position, ok) = movetext;
        match san_plus.san.to_move(position) {
            Ok(m) => {
                position.play_unchecked(m);
                self.counts.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                *ok = false;
                self.counts.errors += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {}
}

/// `--runs N` (default 5) and the other arguments, in order.
pub fn runs_and_rest(args: &[String]) -> Result<(usize, Vec<String>), String> {
    let mut runs = 5usize;
    let mut others = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--runs" => {
                runs = rest
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--runs needs a positive whole number")?;
            }
            _ => others.push(arg.clone()),
        }
    }
    Ok((runs, others))
}

pub fn run(args: &[String]) -> Result<(), String> {
    let (runs, files) = runs_and_rest(args)?;
    if files.is_empty() {
        return Err("usage: peers pgn [--runs N] FILE...".into());
    }
    println!("| file | MB | games | plies | reader | games/s | plies/s | MB/s | vs pgn-reader |");
    println!("|---|---:|---:|---:|---|---:|---:|---:|---:|");
    for path in &files {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        // Repeat small files within a round so that a round lasts at least about 0.2 s.
        let first = Which::PgnReader.read(&bytes)?;
        let start = Instant::now();
        Which::BitmoveIter.read(&bytes)?;
        let once = start.elapsed().as_secs_f64().max(1e-6);
        let repeat = ((0.2 / once).ceil() as usize).clamp(1, 10_000);
        let mut best = [f64::INFINITY; 3];
        let mut counts = [Counts::default(); 3];
        for _ in 0..runs {
            for (i, which) in Which::ALL.into_iter().enumerate() {
                let start = Instant::now();
                for _ in 0..repeat {
                    counts[i] = which.read(black_box(&bytes))?;
                }
                best[i] = best[i].min(start.elapsed().as_secs_f64() / repeat as f64);
            }
        }
        // Games must agree everywhere; plies where no game has an error (a reader stops
        // a game at different points of its error).
        for (i, which) in Which::ALL.into_iter().enumerate() {
            let c = counts[i];
            if c.games != first.games || (first.errors == 0 && c.plies != first.plies) {
                return Err(format!(
                    "COUNTS DIFFER on {path}: {} {c:?}, pgn-reader {first:?}",
                    which.label()
                ));
            }
        }
        let name = std::path::Path::new(path)
            .file_name()
            .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
        let mb = bytes.len() as f64 / 1e6;
        for (i, which) in Which::ALL.into_iter().enumerate() {
            let s = best[i];
            println!(
                "| {name} | {mb:.2} | {} | {} | {} | {:.0} | {:.0} | {:.1} | {:.2}x |",
                counts[i].games,
                counts[i].plies,
                which.label(),
                counts[i].games as f64 / s,
                counts[i].plies as f64 / s,
                mb / s,
                best[2] / s,
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three readers agree on the repository's real-game files, as the benchmark checks.
    #[test]
    fn the_readers_count_the_same_games_and_plies() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/pgn/");
        for name in [
            "lichess-2021-10-30.pgn",
            "lichess-evals-clocks-20.pgn",
            "masters-carlsen-30.pgn",
            "tcec-frc-1.pgn",
        ] {
            let bytes = std::fs::read(format!("{dir}{name}")).unwrap();
            let counts: Vec<Counts> = Which::ALL
                .iter()
                .map(|which| which.read(&bytes).unwrap())
                .collect();
            assert!(counts[0].games > 0 && counts[0].plies > 0, "{name}");
            // bitmove's two uses agree in full; pgn-reader on games, and on plies where it
            // found no error (it stops a game at a different point of an error).
            assert_eq!(counts[0], counts[1], "{name}");
            assert_eq!(counts[2].games, counts[0].games, "{name}");
            if counts[2].errors == 0 {
                assert_eq!(counts[2].plies, counts[0].plies, "{name}");
            }
        }
    }
}
