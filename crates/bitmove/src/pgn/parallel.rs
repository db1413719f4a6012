//! Threads over one input: one thread cuts the input into games (a cheap line scan), the
//! workers replay them in batches, and the results come back in input order. On one thread,
//! no thread is started: the games are read and mapped as they are asked for.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::vec::Vec;

use super::game::GameBuilder;
use super::replay::replay;
use super::split::RawGame;
use super::{Game, Reader};

/// Games per batch handed to a worker, and the bytes after which a batch is handed over
/// even if it holds fewer games: 256 kB, so that the workers start early on a short file of
/// long games (50 TCEC games, 2.4 MB, from Python on one thread: 18k games/s with 1 MB
/// batches, 29k with these).
const BATCH_GAMES: usize = 256;
const BATCH_BYTES: usize = 1 << 18;

/// A batch's place in the input and its games' text, or the input's error.
type Work = (usize, io::Result<Vec<RawGame>>);

/// The results of [`Reader::par_map`], in input order: an iterator of `f(game)`.
///
/// Dropping it stops the workers (each finishes the batch it is on); the thread that reads
/// the input stops at its next batch.
pub struct ParMap<T> {
    source: Source<T>,
    bytes: Arc<AtomicU64>,
}

/// Where a [`ParMap`]'s results come from.
enum Source<T> {
    /// The workers' batches, numbered in input order.
    Threads {
        results: Receiver<(usize, io::Result<Vec<T>>)>,
        waiting: BTreeMap<usize, io::Result<Vec<T>>>,
        current: std::vec::IntoIter<T>,
        next: usize,
        done: bool,
    },
    /// One thread: the reader itself, read on the caller's thread.
    Inline(Box<dyn Iterator<Item = io::Result<T>> + Send>),
}

impl<R: BufRead + Send + 'static> Reader<R> {
    /// Replays the games on `threads` threads and hands each [`Game`] to `f` on the thread
    /// that replayed it; the results come back in input order. A thread more reads the
    /// input and cuts it into games. With `threads` 1 (or 0) no thread is started: each game
    /// is read, replayed and given to `f` on the caller's thread when it is asked for, as the
    /// [`Reader`]'s own iterator does (which reads a game where it lies in the input's
    /// buffer, without the copy handed to a worker).
    ///
    /// ```
    /// use bitmove::pgn::Reader;
    ///
    /// let pgn = "1. e4 e5 *\n\n1. d4 *\n\n1. c4 c5 2. Nc3 *\n\n".repeat(100);
    /// let plies: Vec<usize> = Reader::new(std::io::Cursor::new(pgn))
    ///     .par_map(2, |game| game.moves.len())
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(plies.len(), 300);
    /// assert_eq!(plies[..3], [2, 1, 3]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn par_map<T, F>(mut self, threads: usize, f: F) -> ParMap<T>
    where
        T: Send + 'static,
        F: Fn(Game) -> T + Send + Sync + 'static,
    {
        let bytes = Arc::new(AtomicU64::new(0));
        if threads <= 1 {
            let read_bytes = Arc::clone(&bytes);
            let mut reader = self;
            let games = core::iter::from_fn(move || {
                let game = reader.next();
                read_bytes.store(reader.bytes_read(), Ordering::Relaxed);
                game
            });
            return ParMap {
                source: Source::Inline(Box::new(games.map(move |game| game.map(&f)))),
                bytes,
            };
        }
        let (work_sender, work) = sync_channel::<Work>(threads * 2);
        let (result_sender, results) = sync_channel(threads * 2);
        let work = Arc::new(Mutex::new(work));
        let f = Arc::new(f);
        for _ in 0..threads {
            let (work, results, f) = (Arc::clone(&work), result_sender.clone(), Arc::clone(&f));
            std::thread::spawn(move || worker(&work, &results, &*f));
        }
        let read_bytes = Arc::clone(&bytes);
        std::thread::spawn(move || {
            for seq in 0.. {
                let batch = self.batch();
                read_bytes.store(self.bytes_read(), Ordering::Relaxed);
                let last = !matches!(&batch, Ok(games) if !games.is_empty());
                if matches!(&batch, Ok(games) if games.is_empty()) {
                    break;
                }
                if work_sender.send((seq, batch)).is_err() || last {
                    break;
                }
            }
        });
        ParMap {
            source: Source::Threads {
                results,
                waiting: BTreeMap::new(),
                current: Vec::new().into_iter(),
                next: 0,
                done: false,
            },
            bytes,
        }
    }

    /// The next batch of games' text; empty at the end of the input.
    fn batch(&mut self) -> io::Result<Vec<RawGame>> {
        let mut batch = Vec::new();
        let mut bytes = 0;
        while batch.len() < BATCH_GAMES && bytes < BATCH_BYTES {
            match self.next_raw()? {
                Some(raw) => {
                    bytes += raw.len();
                    batch.push(raw);
                }
                None => break,
            }
        }
        Ok(batch)
    }
}

/// Replays batches until there are none or no one wants the results.
fn worker<T>(
    work: &Mutex<Receiver<Work>>,
    results: &SyncSender<(usize, io::Result<Vec<T>>)>,
    f: &(dyn Fn(Game) -> T + Send + Sync),
) {
    let mut builder = GameBuilder::default();
    loop {
        let next = match work.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok((seq, batch)) = next else {
            return;
        };
        let done = batch.map(|games| {
            games
                .iter()
                .map(|raw| {
                    replay(&raw.text(), &mut builder);
                    f(builder.take())
                })
                .collect()
        });
        if results.send((seq, done)).is_err() {
            return;
        }
    }
}

impl<T> ParMap<T> {
    /// Bytes of (decompressed) input read so far: for a progress bar.
    pub fn bytes_read(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

impl<T> Iterator for ParMap<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        let (results, waiting, current, next, done) = match &mut self.source {
            Source::Inline(games) => return games.next(),
            Source::Threads {
                results,
                waiting,
                current,
                next,
                done,
            } => (results, waiting, current, next, done),
        };
        loop {
            if let Some(item) = current.next() {
                return Some(Ok(item));
            }
            if *done {
                return None;
            }
            let batch = match waiting.remove(next) {
                Some(batch) => batch,
                None => match results.recv() {
                    Ok((seq, batch)) if seq == *next => batch,
                    Ok((seq, batch)) => {
                        waiting.insert(seq, batch);
                        continue;
                    }
                    // Every thread is done and every batch was handed over.
                    Err(_) => {
                        *done = true;
                        return None;
                    }
                },
            };
            *next += 1;
            match batch {
                Ok(items) => *current = items.into_iter(),
                Err(e) => {
                    *done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}
