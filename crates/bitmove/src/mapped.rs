//! A table file's bytes, memory-mapped: the one map of the tablebase readers (`syzygy/`,
//! `gaviota/`), which read it only through bounds-checked slices.

use std::boxed::Box;
use std::path::Path;
use std::vec::Vec;

/// The bytes of a file, shared between threads.
pub(crate) type Bytes = Box<dyn AsRef<[u8]> + Send + Sync>;

/// `path` mapped (an empty file, which cannot be mapped, as no bytes).
pub(crate) fn map_file(path: &Path) -> std::io::Result<Bytes> {
    let file = std::fs::File::open(path)?;
    if file.metadata()?.len() == 0 {
        return Ok(Box::new(Vec::new()));
    }
    // SAFETY: the map is only read, through bounds-checked slices of its length. A file
    // shortened by another process while mapped would fault (SIGBUS) on access, as with
    // every memory-mapped reader (Fathom, Stockfish, shakmaty-syzygy); table files are
    // written once and never changed in place, which the docs ask of users.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::Mmap::map(&file) }?;
    Ok(Box::new(map))
}
