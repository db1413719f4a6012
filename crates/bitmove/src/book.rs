//! Polyglot opening books: a sorted array of 16-byte entries, searched where it lies.
//!
//! A book file is nothing but entries of 16 bytes, big-endian: the position's Polyglot key
//! (`u64`, [`Board::hash`]), the move (`u16`), a weight (`u16`) and a learn value (`u32`),
//! sorted by key. [`Book`] reads them from any `AsRef<[u8]>` (a `Vec`, a `&[u8]`, a memory
//! map: `Book::open` with the feature `mmap`) by binary search, with no parsing up front,
//! so a book of any size opens at once and a look-up touches about `log2(n)` entries.
//!
//! The move's bits: to-square in bits 0-5, from-square in bits 6-11, promotion in bits 12-14
//! (1 knight ... 4 queen). Castling is stored as the king taking its own rook (`e1h1`),
//! which is already bitmove's internal form, so the stored move is legal as it stands.
//!
//! Look-ups answer as python-chess's `chess.polyglot` does: [`Book::entries`] yields the
//! legal moves for a position in the book's order (python-chess's `find_all`), entries below
//! `minimum_weight` or in `exclude` skipped; [`Book::find_all`] sorts them heaviest first
//! (ties in the book's order); [`Book::find`] is the heaviest (the first of equals);
//! [`Book::choice`] and [`Book::weighted_choice`] draw with python-chess's calls to the
//! caller's random source.
//!
//! Malformed books never panic: a length that is not a multiple of 16 is refused by
//! [`Book::new`] ([`BookError::Length`]); in an unsorted book the binary search lands where
//! it lands and finds the run of entries of that key there (it may miss some); a stored move
//! that is not legal in the position (a key collision, a corrupt entry) is skipped.
//!
//! ```
//! use bitmove::Board;
//! use bitmove::book::Book;
//!
//! // One entry: the start position, e2e4 (from e2 = 12, to e4 = 28), weight 7, learn 0.
//! let mut bytes = Vec::new();
//! bytes.extend_from_slice(&Board::default().hash().to_be_bytes());
//! bytes.extend_from_slice(&((12u16 << 6) | 28).to_be_bytes());
//! bytes.extend_from_slice(&7u16.to_be_bytes());
//! bytes.extend_from_slice(&0u32.to_be_bytes());
//! let book = Book::new(bytes)?;
//! let found = book.get(&Board::default()).expect("in the book");
//! assert_eq!(Board::default().uci(found.mv).to_string(), "e2e4");
//! assert_eq!(found.entry.weight, 7);
//! # Ok::<(), bitmove::book::BookError>(())
//! ```

use core::fmt;

use crate::{Board, Move, Piece, Square};

/// The 781 Polyglot random numbers the keys are made of (python-chess's
/// `POLYGLOT_RANDOM_ARRAY`): 768 piece-square, 4 castling, 8 en-passant file, 1 turn.
pub static POLYGLOT_RANDOM_ARRAY: &[u64; 781] = &crate::zobrist::KEYS;

/// The size of one entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry as the book stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The Polyglot key of the position.
    pub key: u64,
    /// The move's 16 bits as stored (see [`Entry::decoded_move`]).
    pub raw_move: u16,
    /// The weight (how often, or how well, the move was played).
    pub weight: u16,
    /// The learn value (unused by most books).
    pub learn: u32,
}

impl Entry {
    /// The entry in its 16 bytes.
    pub const fn from_bytes(bytes: [u8; ENTRY_SIZE]) -> Entry {
        let [
            k0,
            k1,
            k2,
            k3,
            k4,
            k5,
            k6,
            k7,
            m0,
            m1,
            w0,
            w1,
            l0,
            l1,
            l2,
            l3,
        ] = bytes;
        Entry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The entry's 16 bytes, as a book stores them.
    pub const fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let k = self.key.to_be_bytes();
        let m = self.raw_move.to_be_bytes();
        let w = self.weight.to_be_bytes();
        let l = self.learn.to_be_bytes();
        [
            k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], m[0], m[1], w[0], w[1], l[0], l[1],
            l[2], l[3],
        ]
    }

    /// The from-square, to-square and promotion bits, as stored (castling king takes rook),
    /// legal or not; `None` for promotion bits 6 and 7, which name no piece. Promotion bits
    /// 5 read as a king (python-chess's reading; no standard move has it).
    pub const fn decoded_move(&self) -> Option<Move> {
        let to = Square::ALL[(self.raw_move & 0x3f) as usize];
        let from = Square::ALL[((self.raw_move >> 6) & 0x3f) as usize];
        let promotion = match (self.raw_move >> 12) & 0x7 {
            0 => None,
            1 => Some(Piece::Knight),
            2 => Some(Piece::Bishop),
            3 => Some(Piece::Rook),
            4 => Some(Piece::Queen),
            5 => Some(Piece::King),
            _ => return None,
        };
        Some(Move {
            from,
            to,
            promotion,
        })
    }
}

/// A legal move found in a book, with the entry it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move, legal in the position looked up (internal form: castling king takes rook).
    pub mv: Move,
    /// The entry as stored.
    pub entry: Entry,
}

/// Why bytes are not a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The length in bytes is not a multiple of 16 (the entry size).
    Length(usize),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Length(len) => write!(
                f,
                "invalid book size: {len} bytes is not a multiple of {ENTRY_SIZE} (not a Polyglot book)"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BookError {}

/// A Polyglot opening book over its bytes (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Book<B> {
    data: B,
}

impl<B: AsRef<[u8]>> Book<B> {
    /// A book over `data`; refused when its length is not a multiple of 16. Nothing else is
    /// checked (sorting, moves): look-ups cope with any content.
    pub fn new(data: B) -> Result<Book<B>, BookError> {
        let len = data.as_ref().len();
        if len % ENTRY_SIZE != 0 {
            return Err(BookError::Length(len));
        }
        Ok(Book { data })
    }

    /// The bytes under the book.
    pub fn data(&self) -> &B {
        &self.data
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.data.as_ref().len() / ENTRY_SIZE
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry at `index` (`None` past the end).
    pub fn entry(&self, index: usize) -> Option<Entry> {
        let start = index.checked_mul(ENTRY_SIZE)?;
        let bytes = self
            .data
            .as_ref()
            .get(start..start.checked_add(ENTRY_SIZE)?)?;
        let bytes: [u8; ENTRY_SIZE] = bytes.try_into().ok()?;
        Some(Entry::from_bytes(bytes))
    }

    fn key_at(&self, index: usize) -> Option<u64> {
        let start = index.checked_mul(ENTRY_SIZE)?;
        let bytes = self.data.as_ref().get(start..start.checked_add(8)?)?;
        Some(u64::from_be_bytes(bytes.try_into().ok()?))
    }

    /// Every entry, in the book's order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Entry> + ExactSizeIterator + '_ {
        // Every chunk is 16 bytes long: the conversion cannot fail.
        self.data
            .as_ref()
            .chunks_exact(ENTRY_SIZE)
            .map(|bytes| Entry::from_bytes(bytes.try_into().unwrap_or([0; ENTRY_SIZE])))
    }

    /// The index of the first entry whose key is not below `key` (the book's length when
    /// there is none), by binary search.
    pub fn lower_bound(&self, key: u64) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.key_at(mid) {
                Some(k) if k < key => lo = mid + 1,
                _ => hi = mid,
            }
        }
        lo
    }

    /// The entries stored under `key`, in the book's order, whatever their moves.
    pub fn entries_for_key(&self, key: u64) -> impl Iterator<Item = Entry> + '_ {
        (self.lower_bound(key)..self.len())
            .map_while(move |i| self.entry(i).filter(|entry| entry.key == key))
    }

    /// The legal moves the book holds for `board`, in the book's order (python-chess's
    /// `find_all`): entries lighter than `minimum_weight`, whose move is in `exclude`
    /// (internal form: castling as king takes rook) or not legal here are skipped.
    pub fn entries<'a>(
        &'a self,
        board: &'a Board,
        minimum_weight: u16,
        exclude: &'a [Move],
    ) -> impl Iterator<Item = BookMove> + 'a {
        self.entries_for_key(board.hash()).filter_map(move |entry| {
            if entry.weight < minimum_weight {
                return None;
            }
            let mv = entry.decoded_move()?;
            (!exclude.contains(&mv) && board.is_legal(mv)).then_some(BookMove { mv, entry })
        })
    }

    /// The book's legal moves for `board`, heaviest first, entries of equal weight in the
    /// book's order; skipped as in [`Book::entries`].
    #[cfg(feature = "std")]
    pub fn find_all(
        &self,
        board: &Board,
        minimum_weight: u16,
        exclude: &[Move],
    ) -> std::vec::Vec<BookMove> {
        let mut found: std::vec::Vec<BookMove> =
            self.entries(board, minimum_weight, exclude).collect();
        found.sort_by_key(|m| core::cmp::Reverse(m.entry.weight)); // stable
        found
    }

    /// The heaviest of the book's legal moves for `board` (the first in the book of those
    /// equally heavy), skipped as in [`Book::entries`]; `None` when there is none.
    pub fn find(&self, board: &Board, minimum_weight: u16, exclude: &[Move]) -> Option<BookMove> {
        let mut best: Option<BookMove> = None;
        for found in self.entries(board, minimum_weight, exclude) {
            if best.is_none_or(|b| found.entry.weight > b.entry.weight) {
                best = Some(found);
            }
        }
        best
    }

    /// [`Book::find`] with python-chess's defaults: entries of weight 0 skipped, no move
    /// excluded.
    pub fn get(&self, board: &Board) -> Option<BookMove> {
        self.find(board, 1, &[])
    }

    /// A move drawn uniformly from the book's legal moves for `board` (skipped as in
    /// [`Book::entries`]), as python-chess draws it: reservoir sampling in the book's order,
    /// `random(i + 1) == i` deciding for the `i`-th move (from 1). `random(n)` must give a
    /// number below `n` (a larger one is taken modulo `n`).
    pub fn choice(
        &self,
        board: &Board,
        minimum_weight: u16,
        exclude: &[Move],
        random: &mut impl FnMut(u64) -> u64,
    ) -> Option<BookMove> {
        let mut chosen = None;
        for (i, found) in (0u64..).zip(self.entries(board, minimum_weight, exclude)) {
            if chosen.is_none() || random(i + 1) % (i + 1) == i {
                chosen = Some(found);
            }
        }
        chosen
    }

    /// A move drawn from the book's legal moves for `board` with chances in proportion to
    /// the weights (weight 0 never drawn), as python-chess draws it: one call `random(total)`
    /// and the first move whose running sum of weights passes it. `None` when the weights
    /// add up to 0.
    pub fn weighted_choice(
        &self,
        board: &Board,
        exclude: &[Move],
        random: &mut impl FnMut(u64) -> u64,
    ) -> Option<BookMove> {
        let total: u64 = self
            .entries(board, 1, exclude)
            .map(|m| u64::from(m.entry.weight))
            .sum();
        if total == 0 {
            return None;
        }
        let pick = random(total) % total;
        let mut sum = 0;
        self.entries(board, 1, exclude).find(|m| {
            sum += u64::from(m.entry.weight);
            sum > pick
        })
    }
}

/// A random source for [`Book::choice`] and [`Book::weighted_choice`] seeded by the standard
/// library's per-process randomness: `random(n)` is uniform below `n` (SplitMix64, reduced by
/// a 128-bit multiply; `random(0)` is 0).
#[cfg(feature = "std")]
pub fn default_random() -> impl FnMut(u64) -> u64 {
    use core::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x5EED);
    let mut state = hasher.finish();
    move |n| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * u128::from(n)) >> 64) as u64
    }
}

/// A book file mapped into memory (feature `mmap`).
#[cfg(feature = "mmap")]
pub type MappedBook = Book<Mapped>;

/// The bytes of a mapped book file: a memory map, or nothing for an empty file (which cannot
/// be mapped).
#[cfg(feature = "mmap")]
#[derive(Debug)]
pub struct Mapped(Option<memmap2::Mmap>);

#[cfg(feature = "mmap")]
impl AsRef<[u8]> for Mapped {
    fn as_ref(&self) -> &[u8] {
        self.0.as_deref().unwrap_or(&[])
    }
}

#[cfg(feature = "mmap")]
impl Book<Mapped> {
    /// The book in the file at `path`, memory-mapped (read-only, random access advised).
    /// A size that is not a multiple of 16 is an `InvalidData` error.
    pub fn open(path: impl AsRef<std::path::Path>) -> std::io::Result<MappedBook> {
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        let mapped = if len == 0 {
            Mapped(None)
        } else {
            // SAFETY: the file is mapped read-only and its bytes are only ever read as bytes
            // (any value is valid). Another process writing to the file while it is mapped
            // changes what look-ups find (garbage in, garbage out, never out of bounds: every
            // read is checked against the map's length); truncating it makes a later read
            // past the new end stop the process with SIGBUS, as with any mapped file.
            #[allow(unsafe_code)]
            let map = unsafe { memmap2::Mmap::map(&file) }?;
            #[cfg(unix)]
            let _ = map.advise(memmap2::Advice::Random);
            Mapped(Some(map))
        };
        Book::new(mapped).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}
