//! Threads over one input, the results in input order. On one thread, no thread is
//! started: the games are read and mapped as they are asked for.
//!
//! A plain file of long games (engine games with comments, whose cutting is most of the
//! work of the thread that cuts a stream) is mapped into memory and read by the workers
//! where it lies: a worker takes the next block of the file (256 kB to 2 MB, cut between
//! games), reads and replays its games, and maps them once the blocks before it have told
//! their counts of games and lines (numbering them). A
//! block is cut at a line starting with `[Event ` whose last non-blank line before it is a
//! movetext line (it starts with neither `[`, `%`, `;`, a space nor a byte-order mark):
//! there the reader's own rules end a game (a `[` line ends a movetext, an `[Event ` line
//! even inside a comment) or have ended it (a blank line), so the games of a block read
//! alone are the games one reader finds there. Where no such line comes for a long way (a
//! file without `[Event ` tags), the rest of the file is cut game by game, by the reader's
//! rules, as a stream is.
//!
//! Any other input (compressed, a pipe) is a stream: one thread cuts it into games (a cheap
//! line scan) and the workers replay them in batches.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex};
use std::vec::Vec;

use super::game::GameBuilder;
use super::reader::{FileProgress, MappedRest};
use super::replay::replay;
use super::split::{EVENT_LINE, RawGame};
use super::{Game, MAX_GAME_BYTES, Reader, is_blank};

/// Games per batch handed to a worker, and the bytes after which a batch is handed over
/// even if it holds fewer games: 256 kB, so that the workers start early on a short file of
/// long games (50 TCEC games, 2.4 MB, from Python on one thread: 18k games/s with 1 MB
/// batches, 29k with these).
const BATCH_GAMES: usize = 256;
const BATCH_BYTES: usize = 1 << 18;

/// The bytes of a block of a mapped file: the rest of the file over sixteen blocks a
/// thread, within these bounds (at least: a block grows to the next place to cut it).
/// Blocks that shrink towards the end keep every thread busy to the last (a 1 MB block of
/// short games is some 8 ms of work); long blocks early on hand the file over in few pieces
/// (each costs a wake-up of the thread that takes the results: 64 kB blocks of TCEC games
/// took 1.5 times as long as 1 MB ones).
const MIN_BLOCK_BYTES: usize = 1 << 18;
const MOST_BLOCK_BYTES: usize = 1 << 21;
const BLOCKS_PER_THREAD: usize = 16;
/// The most a block grows before the rest of the file is cut game by game.
const MAX_BLOCK_BYTES: usize = 2 * MAX_GAME_BYTES;

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
        /// A worker unwound (a panic in `f`): the results end with an error.
        panicked: Arc<AtomicBool>,
    },
    /// One thread: the reader itself, read on the caller's thread.
    Inline(Box<dyn Iterator<Item = io::Result<T>> + Send>),
}

impl<R: BufRead + Send + 'static> Reader<R> {
    /// Replays the games on `threads` threads and hands each [`Game`] to `f` on the thread
    /// that replayed it; the results come back in input order. A plain file of 4 MB or more
    /// of long games (16 kB or more on average over its first megabyte: engine games with
    /// comments) opened by [`Reader::open`] or [`Reader::open_counted`] is mapped into memory and each
    /// thread reads its own blocks of it, cut between games; any other input is read and
    /// cut into games by a thread more. With `threads` 1 (or 0) no thread is started and nothing is
    /// mapped: each game is read, replayed and given to `f` on the caller's thread when it is
    /// asked for, as the [`Reader`]'s own iterator does.
    ///
    /// A mapped file must not be shortened while it is read (a read past its new end stops
    /// the process with `SIGBUS`, as it does any program that maps files); to read a file
    /// that another program is truncating, open it as a stream with [`Reader::from_read`].
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
        let mapped = self.mapped_rest().filter(|rest| {
            let text = &rest.map[rest.offset..];
            text.len() >= MIN_MAPPED_BYTES && long_games(text)
        });
        if let Some(rest) = mapped {
            let sizes = Sizes {
                threads,
                per_thread: BLOCKS_PER_THREAD,
                block: MIN_BLOCK_BYTES,
                most: MOST_BLOCK_BYTES,
                max_block: MAX_BLOCK_BYTES,
            };
            let text = Text {
                variants: self.builder.variants,
                ..rest.into()
            };
            return par_map_text(text, threads, f, sizes, bytes);
        }
        let (work_sender, work) = sync_channel::<Work>(threads * 2);
        let (result_sender, results) = sync_channel(threads * 2);
        let work = Arc::new(Mutex::new(work));
        let f = Arc::new(f);
        let panicked = Arc::new(AtomicBool::new(false));
        let variants = self.builder.variants;
        for _ in 0..threads {
            let (work, results, f) = (Arc::clone(&work), result_sender.clone(), Arc::clone(&f));
            let panicked = Arc::clone(&panicked);
            std::thread::spawn(move || {
                let _tell = TellOnUnwind(&panicked, None);
                worker(&work, &results, &*f, variants);
            });
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
        ParMap::threads(results, panicked, bytes)
    }
}

impl<R: BufRead> Reader<R> {
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
    variants: bool,
) {
    let mut builder = GameBuilder::new(variants);
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

/// The least a file's rest must hold to be read in blocks: below it, mapping the file,
/// its page faults and its unmapping cost more than a thread cutting it (TCEC's 2.4 MB file
/// from Python, `games` on two threads against one: 0.90x in blocks, 1.04x streamed; twice
/// that file 1.16x in blocks, ten times 1.28x-1.75x).
const MIN_MAPPED_BYTES: usize = 4 << 20;

/// Whether the games at the start of `text` (its first megabyte) are long: 16 kB or more
/// on average, as engine games with a comment after every move are (TCEC's are some
/// 48 kB). Those are read in blocks of a mapped file; shorter games are cut by a thread
/// that streams the file, as compressed input is. One thread cutting the input keeps up with
/// the workers replaying short games, which each get their games one at a time (freed as
/// they are mapped), while the games of a block are all read before any is mapped: on two
/// threads, Lichess x20 (2.3 kB a game) read 0.094 s streamed and 0.104 s in blocks,
/// Carlsen x5 (0.7 kB) 0.097 s and 0.110 s (medians 0.109 s and 0.131 s), but TCEC x100
/// 0.122 s and 0.084 s: cutting 48 kB a game is most of the cutting thread's work.
fn long_games(text: &[u8]) -> bool {
    const LOOK: usize = 1 << 20;
    const LONG: usize = 16 << 10;
    let head = &text[..text.len().min(LOOK)];
    // (None at all: games without tags, which blocks could not be cut between.)
    let events = memchr::memmem::find_iter(head, EVENT_LINE).count();
    events > 0 && head.len() / events >= LONG
}

/// The sizes of a mapped file's blocks: the rest over `per_thread` blocks for each of
/// `threads` threads, within `block..=most` bytes, and `max_block` (see [`MIN_BLOCK_BYTES`],
/// [`MOST_BLOCK_BYTES`] and [`MAX_BLOCK_BYTES`]); tiny ones in the tests (many cuts, and the
/// cut game by game).
#[derive(Clone, Copy)]
struct Sizes {
    threads: usize,
    per_thread: usize,
    block: usize,
    most: usize,
    max_block: usize,
}

impl Sizes {
    /// The size of a block cut with `rest` bytes left.
    fn block(&self, rest: usize) -> usize {
        let share = rest / (self.threads * self.per_thread).max(1);
        share.clamp(self.block, self.most.max(self.block))
    }
}

/// Text in memory (a mapped file; a vector in the tests) read by [`par_map_text`]'s workers,
/// from `offset` on, with the lines and games before it.
struct Text<S> {
    bytes: Arc<S>,
    offset: usize,
    lines: usize,
    games: usize,
    progress: Option<FileProgress>,
    /// Whether variant games are replayed by their rules ([`Reader::with_variants`]).
    variants: bool,
}

impl From<MappedRest> for Text<memmap2::Mmap> {
    fn from(rest: MappedRest) -> Self {
        Text {
            bytes: Arc::new(rest.map),
            offset: rest.offset,
            lines: rest.lines,
            games: rest.games,
            progress: rest.progress,
            variants: false,
        }
    }
}

/// A piece of the text handed to a worker.
enum Piece {
    /// A block, cut between games.
    Block(Range<usize>),
    /// Games cut one by one (past a long stretch without a place to cut a block), their
    /// indices counted from 0, their lines from where that cutting began.
    Games(Vec<RawGame>),
}

/// Owned text from an offset on, for a [`Reader`] that cuts the rest of a text game by game.
struct TextFrom<S> {
    bytes: Arc<S>,
    at: usize,
}

impl<S: AsRef<[u8]>> Read for TextFrom<S> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.read(buf)?;
        self.consume(n);
        Ok(n)
    }
}

impl<S: AsRef<[u8]>> BufRead for TextFrom<S> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(&(*self.bytes).as_ref()[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// Hands out the pieces of a text in order: blocks, and past a long stretch without a
/// place to cut one, batches of games.
struct Cutter<S> {
    bytes: Arc<S>,
    /// Where the next block starts.
    next: usize,
    /// The next piece's sequence number.
    seq: usize,
    sizes: Sizes,
    /// The rest, cut game by game, and where it starts.
    games: Option<(Reader<TextFrom<S>>, usize)>,
    read_bytes: Arc<AtomicU64>,
    progress: Option<FileProgress>,
}

impl<S: AsRef<[u8]>> Cutter<S> {
    /// The next piece and its sequence number; `None` at the end of the text.
    fn next_piece(&mut self) -> Option<(usize, io::Result<Piece>)> {
        let piece = match &mut self.games {
            Some((reader, start)) => {
                let games = reader.batch().map(|mut games| {
                    // Numbered from 0 in the batch, as a block's games are.
                    for (index, raw) in games.iter_mut().enumerate() {
                        raw.renumber(index);
                    }
                    games
                });
                let read = *start as u64 + reader.bytes_read();
                self.reached(read);
                match games {
                    Ok(games) if games.is_empty() => return None,
                    games => games.map(Piece::Games),
                }
            }
            None => {
                let text = (*self.bytes).as_ref();
                let start = self.next;
                if start == text.len() {
                    return None;
                }
                // The first place to cut past the block's size, or the end of the text.
                let block = self.sizes.block(text.len() - start);
                let (from, to) = (start + block, start + self.sizes.max_block.max(block));
                let end = if from >= text.len() {
                    text.len()
                } else if let Some(cut) = find_cut(&text[start..], from - start, to - start) {
                    start + cut
                } else if to >= text.len() {
                    text.len()
                } else {
                    // No place to cut for a long way: the rest game by game.
                    let rest = TextFrom {
                        bytes: Arc::clone(&self.bytes),
                        at: start,
                    };
                    self.games = Some((Reader::new(rest), start));
                    return self.next_piece();
                };
                self.next = end;
                self.reached(end as u64);
                Ok(Piece::Block(start..end))
            }
        };
        self.seq += 1;
        Some((self.seq - 1, piece))
    }

    /// The text has been handed out up to `bytes`: for the progress bars.
    fn reached(&self, bytes: u64) {
        self.read_bytes.store(bytes, Ordering::Relaxed);
        if let Some(progress) = &self.progress {
            progress.reached(bytes);
        }
    }
}

/// Where `text` may be cut at or after `from` (and before `to`): the start of the first line
/// starting with `[Event ` there whose last non-blank line before it starts with neither
/// `[`, `%`, `;`, a space nor a byte-order mark (a movetext line: the reader ends a game at
/// such an `[Event ` line or at the blank line before it, and a game starts there). `text`
/// starts where a game may start; lines before it are not looked at.
fn find_cut(text: &[u8], from: usize, to: usize) -> Option<usize> {
    let finder = memchr::memmem::Finder::new(EVENT_LINE);
    let mut at = from.saturating_sub(1);
    while let Some(n) = finder.find(&text[at..to.min(text.len())]) {
        let cut = at + n + 1;
        // The non-blank lines before the cut, back to the first one.
        let mut end = cut;
        while end > 0 {
            let start = memchr::memrchr(b'\n', &text[..end - 1]).map_or(0, |n| n + 1);
            let line = &text[start..end];
            if !is_blank(line) {
                let first = line[0];
                if !matches!(first, b'[' | b'%' | b';' | 0xef) && !first.is_ascii_whitespace() {
                    return Some(cut);
                }
                break;
            }
            end = start;
        }
        at = cut;
    }
    None
}

/// The pieces read and not numbered yet, waiting for the counts of the pieces before them,
/// and the pieces numbered, waiting for the worker that read them: each worker applies `f`
/// to the games it read, so that they are freed on the thread that made them (freed on
/// another, games of short moves took 1.5 times the processor time).
struct Numbering {
    /// Each piece's games (numbered from 0), or the error met, its line ends and the
    /// worker that read it.
    told: BTreeMap<usize, (io::Result<Vec<Game>>, usize, usize)>,
    /// Each worker's pieces numbered, and how many it has told and not taken back.
    ready: Vec<Vec<Numbered>>,
    parked: Vec<usize>,
    /// The first piece not numbered yet, and the games and lines before it.
    next: usize,
    before: (usize, usize),
    /// A worker unwound (a panic in `f`): the pieces after its own are never numbered.
    broken: bool,
}

/// A piece numbered: its sequence number and games, numbered in the input.
type Numbered = (usize, io::Result<Vec<Game>>);

impl Numbering {
    /// Takes piece `seq`'s games and line ends from `worker`, and numbers the pieces that
    /// can now be: none while a piece before `seq` is still being read.
    fn tell(&mut self, worker: usize, seq: usize, games: io::Result<Vec<Game>>, lines: usize) {
        self.told.insert(seq, (games, lines, worker));
        self.parked[worker] += 1;
        while let Some((mut games, lines, reader)) = self.told.remove(&self.next) {
            let (first, lines_before) = self.before;
            if let Ok(games) = &mut games {
                for game in games.iter_mut() {
                    game.index += first;
                    game.line += lines_before;
                    if let Some(error) = &mut game.error {
                        error.game += first;
                        error.line += lines_before;
                    }
                }
            }
            let count = games.as_ref().map_or(0, Vec::len);
            self.before = (first + count, lines_before + lines);
            self.ready[reader].push((self.next, games));
            self.next += 1;
        }
    }

    /// `worker`'s pieces numbered so far, in order.
    fn take(&mut self, worker: usize) -> Vec<Numbered> {
        let ready = core::mem::take(&mut self.ready[worker]);
        self.parked[worker] -= ready.len();
        ready
    }
}

/// [`Numbering`], shared by the workers; `changed` when pieces are numbered.
struct Numbers {
    state: Mutex<Numbering>,
    changed: Condvar,
}

/// Tells the [`ParMap`] that a worker unwound (a panic in `f`), so that it reports an
/// error rather than end early as if the input had ended; and the other workers of a
/// mapped file, so that they stop waiting for pieces that will not be numbered.
struct TellOnUnwind<'a>(&'a AtomicBool, Option<&'a Numbers>);

impl Drop for TellOnUnwind<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
            if let Some(numbers) = self.1 {
                if let Ok(mut state) = numbers.state.lock() {
                    state.broken = true;
                }
                numbers.changed.notify_all();
            }
        }
    }
}

/// [`Reader::par_map`] over text in memory on `threads` (2 or more) workers.
fn par_map_text<S, T, F>(
    text: Text<S>,
    threads: usize,
    f: F,
    sizes: Sizes,
    bytes: Arc<AtomicU64>,
) -> ParMap<T>
where
    S: AsRef<[u8]> + Send + Sync + 'static,
    T: Send + 'static,
    F: Fn(Game) -> T + Send + Sync + 'static,
{
    let cutter = Arc::new(Mutex::new(Cutter {
        bytes: Arc::clone(&text.bytes),
        next: text.offset,
        seq: 0,
        sizes,
        games: None,
        read_bytes: Arc::clone(&bytes),
        progress: text.progress,
    }));
    let numbers = Arc::new(Numbers {
        state: Mutex::new(Numbering {
            told: BTreeMap::new(),
            ready: (0..threads).map(|_| Vec::new()).collect(),
            parked: std::vec![0; threads],
            next: 0,
            before: (text.games, text.lines),
            broken: false,
        }),
        changed: Condvar::new(),
    });
    let (result_sender, results) = sync_channel(threads * 2);
    let f = Arc::new(f);
    let panicked = Arc::new(AtomicBool::new(false));
    let variants = text.variants;
    for me in 0..threads {
        let cutter = Arc::clone(&cutter);
        let numbers = Arc::clone(&numbers);
        let results = result_sender.clone();
        let f = Arc::clone(&f);
        let panicked = Arc::clone(&panicked);
        std::thread::spawn(move || {
            let _tell = TellOnUnwind(&panicked, Some(&numbers));
            text_worker(me, &cutter, &numbers, &results, &*f, variants);
        });
    }
    ParMap::threads(results, panicked, bytes)
}

/// Worker `me`: reads and replays pieces of a text until there are none or no one wants
/// the results, and maps its games once they are numbered.
fn text_worker<S: AsRef<[u8]>, T>(
    me: usize,
    cutter: &Mutex<Cutter<S>>,
    numbers: &Numbers,
    results: &SyncSender<(usize, io::Result<Vec<T>>)>,
    f: &(dyn Fn(Game) -> T + Send + Sync),
    variants: bool,
) {
    let mut builder = GameBuilder::new(variants);
    let send = |numbered: Vec<Numbered>| {
        numbered.into_iter().all(|(seq, games)| {
            let done = games.map(|games| games.into_iter().map(f).collect());
            results.send((seq, done)).is_ok()
        })
    };
    loop {
        let next = match cutter.lock() {
            Ok(mut cutter) => cutter.next_piece().map(|(seq, piece)| {
                let bytes = Arc::clone(&cutter.bytes);
                (seq, piece, bytes)
            }),
            Err(_) => return,
        };
        let Some((seq, piece, bytes)) = next else {
            break;
        };
        // The piece's games, numbered from 0, and its line ends.
        let (games, lines) = match piece {
            Ok(Piece::Block(range)) => {
                let block = &(*bytes).as_ref()[range];
                let games = Reader::new(block).collect::<io::Result<Vec<Game>>>();
                (games, memchr::memchr_iter(b'\n', block).count())
            }
            Ok(Piece::Games(raws)) => {
                let games = raws
                    .iter()
                    .map(|raw| {
                        replay(&raw.text(), &mut builder);
                        builder.take()
                    })
                    .collect();
                (Ok(games), 0)
            }
            Err(e) => (Err(e), 0),
        };
        let ready = match numbers.state.lock() {
            Ok(mut state) => {
                state.tell(me, seq, games, lines);
                state.take(me)
            }
            Err(_) => return,
        };
        numbers.changed.notify_all();
        if !send(ready) {
            return;
        }
    }
    // No piece left: this worker's last pieces wait for the pieces before them.
    loop {
        let Ok(mut state) = numbers.state.lock() else {
            return;
        };
        let ready = loop {
            let ready = state.take(me);
            if !ready.is_empty() || state.parked[me] == 0 || state.broken {
                break ready;
            }
            state = match numbers.changed.wait(state) {
                Ok(state) => state,
                Err(_) => return,
            };
        };
        drop(state);
        if ready.is_empty() || !send(ready) {
            return;
        }
    }
}

impl<T> ParMap<T> {
    /// The results of workers that send them to `results`, numbered in input order.
    fn threads(
        results: Receiver<(usize, io::Result<Vec<T>>)>,
        panicked: Arc<AtomicBool>,
        bytes: Arc<AtomicU64>,
    ) -> ParMap<T> {
        ParMap {
            source: Source::Threads {
                results,
                waiting: BTreeMap::new(),
                current: Vec::new().into_iter(),
                next: 0,
                done: false,
                panicked,
            },
            bytes,
        }
    }

    /// Bytes of (decompressed) input read so far: for a progress bar.
    pub fn bytes_read(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

impl<T> Iterator for ParMap<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        let (results, waiting, current, next, done, panicked) = match &mut self.source {
            Source::Inline(games) => return games.next(),
            Source::Threads {
                results,
                waiting,
                current,
                next,
                done,
                panicked,
            } => (results, waiting, current, next, done, panicked),
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
                    // Every thread is done: every batch was handed over, or a thread
                    // unwound.
                    Err(_) => {
                        *done = true;
                        return panicked
                            .load(Ordering::Relaxed)
                            .then(|| Err(io::Error::other("a par_map thread panicked")));
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicU64;
    use std::vec::Vec;

    use super::{Game, Reader, Sizes, Text, par_map_text};

    /// The games of `text` from `offset` on, read by `threads` workers in blocks of `sizes`.
    fn read_in_blocks(text: &[u8], offset: usize, threads: usize, sizes: Sizes) -> Vec<Game> {
        // Where one reader stands at `offset`: the lines and games before it.
        let lines = text[..offset].iter().filter(|&&b| b == b'\n').count();
        let games = Reader::new(&text[..offset]).count();
        let text = Text {
            bytes: Arc::new(text.to_vec()),
            offset,
            lines,
            games,
            progress: None,
            variants: false,
        };
        let bytes = Arc::new(AtomicU64::new(0));
        par_map_text(text, threads, |game| game, sizes, bytes)
            .collect::<Result<_, _>>()
            .expect("text in memory reads")
    }

    /// Any text read by threads in tiny blocks (many cuts, and with a small limit the rest
    /// cut game by game) gives the games of one reader: indices, lines, errors and all.
    #[test]
    fn tiny_blocks_give_the_games_of_one_reader() {
        let pieces: &[&[u8]] = &[
            b"[Event \"x\"]\n",
            b"[Site \"y\"]\n",
            b"\n",
            b"\r\n",
            b"  \n",
            b"1. e4 ",
            b"e5 ",
            b"Nf3\n",
            b"{ open\n",
            b"}\n",
            b"(1... c5 ",
            b") ",
            b"; rest\n",
            b"%escape\n",
            b"\xef\xbb\xbf",
            b"Kx ",
            b"1-0\n",
            b"*\n",
            b"[Event ",
        ];
        let mut cuts = 0;
        for (n, text) in crate::pgn::random_texts(pieces, 400, 5).enumerate() {
            let one: Vec<Game> = Reader::new(&text[..]).map(|g| g.expect("slice")).collect();
            cuts += usize::from(super::find_cut(&text, 1, text.len()).is_some());
            // Fixed sizes, sizes that shrink towards the end, and limits that leave the rest
            // to be cut game by game.
            let sizes = [
                (1, 1, 1 << 20),
                (7, 7, 1 << 20),
                (1, 64, 1 << 20),
                (16, 16, 64),
                (3, 3, 3),
            ];
            for (block, most, max_block) in sizes {
                for threads in [2, 3] {
                    let sizes = Sizes {
                        threads,
                        per_thread: 2,
                        block,
                        most,
                        max_block,
                    };
                    assert_eq!(
                        read_in_blocks(&text, 0, threads, sizes),
                        one,
                        "text {n}, blocks {block}-{most}/{max_block}: {:?}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
        assert!(cuts > 100, "few texts could be cut: {cuts}");
    }

    /// Engine games with their comments are long; short games and games without tags are
    /// not (they are streamed).
    #[test]
    fn long_games_are_engine_games() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/pgn/");
        let read = |name: &str| std::fs::read(std::format!("{data}{name}")).expect("read");
        assert!(super::long_games(&read("tcec-frc-2-5.pgn")));
        assert!(!super::long_games(&read("lichess-evals-clocks-20.pgn")));
        assert!(!super::long_games(&read("masters-carlsen-30.pgn")));
        let tagless = "1. e4 {a comment of some length} e5 *\n\n".repeat(2000);
        assert!(!super::long_games(tagless.as_bytes()));
    }

    /// Starting after some games (a reader that read a few before `par_map`), the threads
    /// number the rest after them.
    #[test]
    fn blocks_after_games_read_are_numbered_after_them() {
        let game = "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 {a\ncomment} Nc6 *\n\n";
        let pair = [game, "[Event \"x\"]\n\n1. e4 Ke7 Kd1 *\n\n"].concat();
        let text = pair.repeat(40);
        let one: Vec<Game> = Reader::new(text.as_bytes())
            .map(|g| g.expect("slice"))
            .collect();
        // After three games.
        let offset = pair.len() + game.len();
        for threads in [2, 3] {
            let sizes = Sizes {
                threads,
                per_thread: 2,
                block: 50,
                most: 400,
                max_block: 1 << 20,
            };
            assert_eq!(
                read_in_blocks(text.as_bytes(), offset, threads, sizes),
                one[3..]
            );
        }
    }
}
