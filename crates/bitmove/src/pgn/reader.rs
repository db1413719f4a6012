//! [`Reader`]: games from any input, one at a time; compressed input recognised by its
//! magic number.

use std::boxed::Box;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::game::GameBuilder;
use super::replay::replay;
use super::split::{RawGame, Splitter};
use super::{Game, Visitor};

/// The size of the read buffers: large enough that most games lie whole in the buffer of
/// the text and are read there, without a copy (an engine game with its comments is some
/// 50 kB).
const BUFFER: usize = 1 << 20;

/// Reads games from a stream, one at a time: an iterator of [`Game`] records, or a
/// [`Visitor`] driver ([`Reader::visit`]). A game is read where it lies in the input's
/// buffer ([`BufRead::fill_buf`]) when it lies there whole; a game that runs past the end of
/// that buffer is copied into the reader's own (256 kB, larger only for a longer game). When
/// the next game's `[Event ` line lies in the input's buffer too, the game's bytes are read
/// once: its end is found as its moves are read, not by a scan of its lines first.
///
/// The iterator yields `Err` only for the input itself (a read error, a corrupt zstd
/// frame), and then ends; a game that does not replay is an `Ok` game whose
/// [`error`](Game::error) says why.
///
/// ```
/// use bitmove::pgn::Reader;
///
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Nf6 2. c4 *\n";
/// let mut plies = 0;
/// for game in Reader::new(pgn.as_bytes()) {
///     plies += game?.moves.len();
/// }
/// assert_eq!(plies, 5);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Reader<R> {
    splitter: Splitter<R>,
    pub(crate) builder: GameBuilder,
    failed: bool,
    /// The plain (uncompressed) file read, when [`Reader::open`] or [`Reader::open_counted`]
    /// opened one: [`Reader::par_map`] maps it into memory.
    file: Option<PlainFile>,
}

/// A plain file opened by [`Reader::open`] (a handle of its own, not read from) and the
/// progress of [`Reader::open_counted`].
struct PlainFile {
    file: File,
    progress: Option<FileProgress>,
}

/// The rest of a plain file, mapped into memory: what [`Reader::par_map`]'s threads read
/// where it lies.
pub(crate) struct MappedRest {
    pub(crate) map: memmap2::Mmap,
    /// Where the rest starts in the file, and the lines and games before it.
    pub(crate) offset: usize,
    pub(crate) lines: usize,
    pub(crate) games: usize,
    pub(crate) progress: Option<FileProgress>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of plain PGN text.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            splitter: Splitter::new(input),
            builder: GameBuilder::default(),
            failed: false,
            file: None,
        }
    }

    /// Replays the games of the lichess variants (a `Variant` tag of "Atomic", "Crazyhouse",
    /// "Three-check", ...) by their rules, into [`Game::variant`], instead of ending them with
    /// [`ErrorKind::Variant`](super::ErrorKind::Variant).
    ///
    /// ```
    /// use bitmove::pgn::Reader;
    ///
    /// let pgn = "[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *\n";
    /// let game = Reader::new(pgn.as_bytes()).next().expect("a game")?;
    /// assert!(game.error.is_some()); // unsupported by default
    /// let game = Reader::new(pgn.as_bytes()).with_variants(true).next().expect("a game")?;
    /// let line = game.variant.expect("an atomic game");
    /// assert_eq!(line.moves.len(), 3);
    /// assert_eq!(line.end().to_string(), "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn with_variants(mut self, variants: bool) -> Self {
        self.builder.variants = variants;
        self
    }

    /// Reads the next game into `visitor`; `Ok(false)` at the end of the input.
    pub fn visit<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> io::Result<bool> {
        Ok(self
            .splitter
            .next_game_with(true, |game| ((), replay(&game, visitor)))?
            .is_some())
    }

    /// Bytes of (decompressed) input read so far: for a progress bar.
    pub fn bytes_read(&self) -> u64 {
        self.splitter.bytes_read()
    }

    /// The bytes already taken from the input that come after the last game read. The
    /// reader reads a game where it lies in its input's buffer when the game lies there
    /// whole, and then takes exactly its bytes; otherwise it copies what it needs, up to a
    /// blank line at a time, and reads a game's end only when it sees the line after it. So
    /// when a game's movetext runs straight into the next game's tags, without a blank line
    /// between, and the input hands over little at a time, the next game's first line has
    /// been taken: a caller that reads one game at a time and hands the rest of the input to
    /// another reader puts these bytes back in front. Python's `bitmove.pgn.read_game` does
    /// so with a file object whose `fill_buf` hands over one line at a time.
    ///
    /// ```
    /// use std::io::{BufRead, BufReader};
    /// use bitmove::pgn::Reader;
    ///
    /// let text = &b"[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n"[..];
    /// // Whole in the input's buffer: nothing is taken beyond the game.
    /// let mut reader = Reader::new(text);
    /// assert_eq!(reader.next().expect("a game")?.moves.len(), 1);
    /// assert_eq!(reader.pending_line(), None);
    /// // Eight bytes at a time: the next game's first line was taken to see the end.
    /// let mut reader = Reader::new(BufReader::with_capacity(8, text));
    /// assert_eq!(reader.next().expect("a game")?.moves.len(), 1);
    /// assert_eq!(reader.pending_line(), Some(&b"[Event \"b\"]\n"[..]));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn pending_line(&self) -> Option<&[u8]> {
        self.splitter.pending()
    }

    /// The next game's text, for the threads of [`Reader::par_map`].
    pub(crate) fn next_raw(&mut self) -> io::Result<Option<RawGame>> {
        self.splitter.with_next_game(|game| game.to_owned())
    }

    /// The rest of the input mapped into memory, when it is a plain file that this reader
    /// opened and stands between two games in it (no byte taken beyond the last game read);
    /// `None` otherwise, or when the file cannot be mapped (then it is read as a stream).
    pub(crate) fn mapped_rest(&mut self) -> Option<MappedRest> {
        let PlainFile { file, progress } = self.file.take()?;
        let (lines, games) = self.splitter.between_games()?;
        if self.failed {
            return None;
        }
        let offset = usize::try_from(self.splitter.bytes_read()).ok()?;
        // SAFETY: the file is one we opened to read, mapped read-only; its bytes are only
        // read, as bytes (any value is valid), by `par_map`'s threads while the map lives. The
        // hazard a map carries is another process changing the file meanwhile: written to,
        // the games read are what it then holds (garbage in, no more); truncated, a read
        // past its new end stops the process with SIGBUS. `par_map` documents it: a file
        // being shortened while it is read must be read as a stream (`Reader::from_read`).
        #[allow(unsafe_code)]
        let map = unsafe { memmap2::Mmap::map(&file) }.ok()?;
        (offset <= map.len()).then_some(MappedRest {
            map,
            offset,
            lines,
            games,
            progress,
        })
    }
}

impl<'a> Reader<Box<dyn BufRead + Send + 'a>> {
    /// A reader of `input`, decompressed when it starts with the magic number of zstd
    /// (`.pgn.zst`, several frames in a row too) or gzip (`.pgn.gz`), read as it is
    /// otherwise. Fails only when the first read fails.
    ///
    /// ```
    /// use bitmove::pgn::Reader;
    ///
    /// let games = Reader::from_read(&b"1. e4 *\n"[..])?.count();
    /// assert_eq!(games, 1);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn from_read(input: impl Read + Send + 'a) -> io::Result<Self> {
        Ok(Reader::new(decompress(input)?.0))
    }

    /// A reader of the file at `path`, compressed or not (see [`Reader::from_read`]).
    /// [`Reader::par_map`] reads a plain file through a memory map.
    pub fn open(path: impl AsRef<Path>) -> io::Result<Self> {
        Reader::from_file(File::open(path)?, None)
    }

    /// A reader of `file`, whose bytes read go to `progress`; it keeps a handle of a plain
    /// file for [`Reader::par_map`]'s map.
    fn from_file(file: File, progress: Option<FileProgress>) -> io::Result<Self> {
        let handle = file.try_clone().ok();
        let counted = Counted {
            inner: file,
            progress: progress.clone(),
        };
        let (input, plain) = decompress(counted)?;
        let mut reader = Reader::new(input);
        reader.file = handle
            .filter(|_| plain)
            .map(|file| PlainFile { file, progress });
        Ok(reader)
    }

    /// [`Reader::open`], and how much of the file it has read: the file's own bytes, so
    /// compressed bytes for a `.pgn.zst`, for a progress bar against the file's size
    /// ([`Reader::bytes_read`] counts the text after decompression).
    ///
    /// ```no_run
    /// use bitmove::pgn::Reader;
    ///
    /// let path = "lichess_db_standard_rated_2013-01.pgn.zst";
    /// let size = std::fs::metadata(path)?.len();
    /// let (reader, progress) = Reader::open_counted(path)?;
    /// for (i, game) in reader.enumerate() {
    ///     let _game = game?;
    ///     if i % 10_000 == 0 {
    ///         eprintln!("{:.1}%", 100.0 * progress.bytes() as f64 / size as f64);
    ///     }
    /// }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn open_counted(path: impl AsRef<Path>) -> io::Result<(Self, FileProgress)> {
        let progress = FileProgress::default();
        let reader = Reader::from_file(File::open(path)?, Some(progress.clone()))?;
        Ok((reader, progress))
    }
}

/// The bytes read so far from a file opened by [`Reader::open_counted`]: shared with the
/// reader (and its threads, through [`Reader::par_map`]); cheap to clone and to read from
/// any thread.
#[derive(Clone, Debug, Default)]
pub struct FileProgress(Arc<AtomicU64>);

impl FileProgress {
    /// Bytes of the file read so far.
    pub fn bytes(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    /// At least `bytes` of the file read (the threads of a mapped file tell how far they
    /// have been handed the file).
    pub(crate) fn reached(&self, bytes: u64) {
        self.0.fetch_max(bytes, Ordering::Relaxed);
    }
}

/// A file that counts the bytes read from it into a [`FileProgress`], if it has one.
struct Counted<R> {
    inner: R,
    progress: Option<FileProgress>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(progress) = &self.progress {
            progress.0.fetch_add(n as u64, Ordering::Relaxed);
        }
        Ok(n)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Game>;

    fn next(&mut self) -> Option<io::Result<Game>> {
        if self.failed {
            return None;
        }
        let mut builder = core::mem::take(&mut self.builder);
        let read = self.visit(&mut builder);
        self.builder = builder;
        match read {
            Ok(true) => Some(Ok(self.builder.take())),
            Ok(false) => None,
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// `input`, decompressed if its first bytes are a zstd or gzip magic number, and whether it
/// is plain text (not decompressed).
fn decompress<'a>(
    input: impl Read + Send + 'a,
) -> io::Result<(Box<dyn BufRead + Send + 'a>, bool)> {
    let mut input = BufReader::with_capacity(BUFFER, input);
    let head = loop {
        match input.fill_buf() {
            Ok(head) => break head,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    };
    Ok(if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        let frames = ZstdFrames::new(input);
        (Box::new(BufReader::with_capacity(BUFFER, frames)), false)
    } else if head.starts_with(&[0x1f, 0x8b]) {
        let gzip = flate2::bufread::MultiGzDecoder::new(input);
        (Box::new(BufReader::with_capacity(BUFFER, gzip)), false)
    } else {
        (Box::new(input), true)
    })
}

/// A zstd stream of one or more frames (pure-Rust decoder: no C toolchain needed).
struct ZstdFrames<R: BufRead> {
    decoder: Option<ruzstd::decoding::StreamingDecoder<R, ruzstd::decoding::FrameDecoder>>,
    input: Option<R>,
}

impl<R: BufRead> ZstdFrames<R> {
    fn new(input: R) -> ZstdFrames<R> {
        ZstdFrames {
            decoder: None,
            input: Some(input),
        }
    }
}

impl<R: BufRead> Read for ZstdFrames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(decoder) = &mut self.decoder {
                let n = decoder.read(buf)?;
                if n > 0 || buf.is_empty() {
                    return Ok(n);
                }
                // The frame is over: another may follow.
                self.input = self.decoder.take().map(|d| d.into_inner());
            }
            let Some(mut input) = self.input.take() else {
                return Ok(0);
            };
            if input.fill_buf()?.is_empty() {
                return Ok(0);
            }
            let decoder = ruzstd::decoding::StreamingDecoder::new(input)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("zstd: {e}")))?;
            self.decoder = Some(decoder);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::{GameError, Tag};
    use crate::{Board, Move};
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// Every call a visitor gets, written down.
    struct Record {
        variations: bool,
        calls: Vec<String>,
    }

    impl Visitor for Record {
        fn begin_game(&mut self, index: usize, line: usize) {
            self.calls.push(format!("game {index} line {line}"));
        }
        fn header(&mut self, tag: Tag<'_>) {
            self.calls
                .push(format!("[{} {:?}]", tag.name(), tag.value()));
        }
        fn start(&mut self, board: &Board) {
            self.calls.push(format!("start {board}"));
        }
        fn play(&mut self, board: &Board, mv: Move, san: &[u8]) {
            let san = String::from_utf8_lossy(san);
            self.calls.push(format!("play {mv} {san} on {board}"));
        }
        fn comment(&mut self, text: &[u8]) {
            self.calls
                .push(format!("comment {:?}", String::from_utf8_lossy(text)));
        }
        fn nag(&mut self, nag: u8) {
            self.calls.push(format!("nag {nag}"));
        }
        fn visit_variations(&self) -> bool {
            self.variations
        }
        fn begin_variation(&mut self) -> bool {
            self.calls.push("(".into());
            self.variations
        }
        fn end_variation(&mut self) {
            self.calls.push(")".into());
        }
        fn result(&mut self, result: &str) {
            self.calls.push(format!("result {result}"));
        }
        fn end_game(&mut self, outcome: Result<(), GameError>) {
            self.calls.push(format!("end {outcome:?}"));
        }
    }

    /// The calls of reading `input` with `Reader::visit`, and how many games were read open.
    fn visited(input: impl BufRead, variations: bool) -> (Vec<String>, usize) {
        let mut reader = Reader::new(input);
        let mut record = Record {
            variations,
            calls: Vec::new(),
        };
        while reader.visit(&mut record).expect("no I/O error") {}
        (record.calls, reader.splitter.opened)
    }

    /// `par_map` maps a plain file that `open` opened (from where the reader stands, between
    /// games), never a compressed one, nor a reader that stands inside a game's bytes.
    #[test]
    fn only_plain_files_between_games_are_mapped() {
        let text = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n\n".repeat(50);
        let dir = std::env::temp_dir();
        let plain = dir.join(format!("bitmove-map-{}.pgn", std::process::id()));
        let gzip = dir.join(format!("bitmove-map-{}.pgn.gz", std::process::id()));
        std::fs::write(&plain, &text).expect("write");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, &text).expect("gzip");
        std::fs::write(&gzip, gz.finish().expect("gzip")).expect("write");

        let mut reader = Reader::open(&plain).expect("open");
        let rest = reader.mapped_rest().expect("mapped");
        assert_eq!((rest.offset, rest.lines, rest.games), (0, 0, 0));
        assert_eq!(&rest.map[..], &text[..]);
        // Once: the handle is given to the map.
        assert!(reader.mapped_rest().is_none());

        let mut reader = Reader::open(&plain).expect("open");
        assert!(reader.next().is_some());
        let rest = reader.mapped_rest().expect("mapped");
        let first = b"[Event \"a\"]\n\n1. e4 e5 *\n\n".len();
        assert_eq!((rest.offset, rest.lines, rest.games), (first, 4, 1));

        // Eight bytes at a time, the next game's first line is taken with the first game's
        // end: no map from there.
        let file = File::open(&plain).expect("open");
        let mut reader = Reader::new(BufReader::with_capacity(8, file));
        reader.file = Some(PlainFile {
            file: File::open(&plain).expect("open"),
            progress: None,
        });
        assert!(reader.next().is_some());
        assert!(reader.pending_line().is_some());
        assert!(reader.mapped_rest().is_none());

        assert!(Reader::open(&gzip).expect("open").mapped_rest().is_none());
        let stream = Reader::from_read(File::open(&plain).expect("open"));
        assert!(stream.expect("open").mapped_rest().is_none());
        std::fs::remove_file(&plain).expect("remove");
        std::fs::remove_file(&gzip).expect("remove");
    }

    /// Games whose end the tokenizer finds (read open) get the calls they get when the
    /// splitter cuts them first, on random texts of tags, moves, comments over lines, `;`
    /// and `%` lines, variations, blank lines (with CR and spaces), byte-order marks and
    /// the `[Event ` lines that let a game be read open; for inputs whole and in pieces.
    #[test]
    fn games_read_open_get_the_calls_of_games_cut_first() {
        let pieces: [&[u8]; 26] = [
            b"[Event \"x\"]\n",
            b"[Event \"y\"]\r\n",
            b"[Site \"z\"]\n",
            b"\n",
            b"\r\n",
            b" \t\n",
            b"1. e4 e5 ",
            b"2. Nf3 Nc6\n",
            b"3. Bb5 a6 ",
            b"Qh5 ",
            b"{a comment ",
            b"{c} ",
            b"} ",
            b"( 2. d4 ",
            b") ",
            b"$3 ",
            b"; rest {\n",
            b"% escape\n",
            b"\n% escape (\n",
            b"\xef\xbb\xbf",
            b"{\n",
            b"*\n",
            b"1-0\n\n",
            b"\x0b\n",
            // Past the 32 bytes looked at first.
            b"{a comment of more than thirty-two bytes on one line} ",
            b"{forty bytes of comment, the first line\n[Event \"x\"] and the second} ",
        ];
        let mut opened = 0;
        for text in crate::pgn::random_texts(&pieces, 2_000, 0x2545_f491_4f6c_dd1d) {
            for variations in [false, true] {
                // The reference: games cut by the splitter, then replayed.
                let mut splitter = Splitter::new(&text[..]);
                let mut record = Record {
                    variations,
                    calls: Vec::new(),
                };
                while let Some(game) = splitter.next_game().expect("no I/O error") {
                    replay(&game, &mut record);
                }
                let (calls, open) = visited(&text[..], variations);
                assert_eq!(calls, record.calls, "{:?}", String::from_utf8_lossy(&text));
                opened += open;
                for capacity in [7, 64] {
                    let input = BufReader::with_capacity(capacity, &text[..]);
                    assert_eq!(visited(input, variations).0, record.calls, "{capacity}");
                }
            }
        }
        assert!(opened > 4_000, "few games were read open: {opened}");
    }
}
