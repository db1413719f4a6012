//! Precomputed attacks: leapers, slider backends, and the `between`/`line` tables.
//!
//! Every table here is built at compile time by `const fn`: there is no init call, no lazy
//! check on the hot path and no mutable global table; the one exception is the magic attack
//! table of WebAssembly builds, filled in memory on first use (see [`magic`]).
//!
//! # Slider backends
//!
//! Four implementations of rook and bishop attacks give identical answers:
//!
//! | backend | index | when |
//! |---|---|---|
//! | [`Pext`] | `offset + pext(occupied, mask)` into one dense 107,648-entry table | x86-64 with BMI2 and a fast PEXT (Intel Haswell+, AMD Zen 3+) |
//! | [`Magic`] | `offset + ((occupied & mask) * magic >> shift)`, our own magics | everywhere else, WebAssembly included |
//! | [`Lines`] | two rays per line and a bit scan each, a 4 KiB table | when asked for (`BITMOVE_SLIDERS=lines`) |
//! | [`Reference`] | walk each ray to the first blocker | tests and table building |
//!
//! The fast backends are in every native build; a `wasm32` build links no PEXT, and builds
//! the magic attack table in memory on first use instead of carrying it (it would be most of
//! a `.wasm` download). [`SliderBackend::current`] picks one at run time,
//! once: PEXT when CPUID reports BMI2 and the CPU is not one whose PEXT is microcoded (AMD
//! before Zen 3, Hygon), magic otherwise. The environment variable
//! `BITMOVE_SLIDERS=pext|magic|lines|reference` overrides the choice (with the `std` feature).
//! Move generation is generic over the [`Sliders`] trait, so the choice costs one branch per
//! call into the library, never one per lookup.
//!
//! The free functions [`rook_attacks`], [`bishop_attacks`] and [`queen_attacks`] use the
//! current backend and suit occasional queries; hot loops should hold a backend value.

/// Runs `$body` with `$s` bound to a value of the named backend's type, so generic code is
/// monomorphised per backend and the choice is made once, outside the hot loop. An
/// unsupported PEXT falls back to magic.
macro_rules! dispatch {
    ($backend:expr, |$s:ident| $body:expr) => {
        match $backend {
            #[cfg(not(target_arch = "wasm32"))]
            $crate::attacks::SliderBackend::Pext => match $crate::attacks::Pext::new() {
                Some($s) => $body,
                None => {
                    let $s = $crate::attacks::Magic;
                    $body
                }
            },
            #[cfg(not(target_arch = "wasm32"))]
            $crate::attacks::SliderBackend::Magic => {
                let $s = $crate::attacks::Magic;
                $body
            }
            // WebAssembly has no PEXT: magic stands in for it (its table is built at start-up
            // there, so it costs no download), and the PEXT table is never linked.
            // The line backend too (the answers are the same), so that no second copy of
            // move generation is linked.
            #[cfg(target_arch = "wasm32")]
            $crate::attacks::SliderBackend::Pext
            | $crate::attacks::SliderBackend::Magic
            | $crate::attacks::SliderBackend::Lines => {
                let $s = $crate::attacks::Magic;
                $body
            }
            #[cfg(not(target_arch = "wasm32"))]
            $crate::attacks::SliderBackend::Lines => {
                let $s = $crate::attacks::Lines;
                $body
            }
            $crate::attacks::SliderBackend::Reference => {
                let $s = $crate::attacks::Reference;
                $body
            }
        }
    };
}
pub(crate) use dispatch;

pub(crate) mod cpu;
mod leapers;
mod lines;
pub mod magic;
mod pext;
mod rays;
pub mod reference;

pub use leapers::{
    king_attacks, king_attacks_set, knight_attacks, knight_attacks_set, pawn_attacks,
    pawn_attacks_set,
};
pub use lines::Lines;
pub use magic::Magic;
pub use pext::Pext;
pub use rays::{between, bishop_rays, line, rook_rays};

use core::fmt;
#[cfg(not(target_arch = "wasm32"))]
use core::sync::atomic::{AtomicU8, Ordering};

use crate::{Bitboard, Square};

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Pext {}
    impl Sealed for super::Magic {}
    impl Sealed for super::Lines {}
    impl Sealed for super::Reference {}
}

/// A slider-attack backend: [`Pext`], [`Magic`], [`Lines`] or [`Reference`].
///
/// The trait is sealed; a value of a backend type is the right to use it (a [`Pext`] exists
/// only on a CPU that has the instruction).
pub trait Sliders: sealed::Sealed + Copy + Send + Sync + 'static {
    /// Which backend this is.
    const KIND: SliderBackend;

    /// Rook attacks from `square` with blockers `occupied`.
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard;

    /// Bishop attacks from `square` with blockers `occupied`.
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard;

    /// Queen attacks: rook | bishop.
    #[inline(always)]
    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook(square, occupied) | self.bishop(square, occupied)
    }
}

impl Sliders for Pext {
    const KIND: SliderBackend = SliderBackend::Pext;

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.bishop_attacks(square, occupied)
    }
}

impl Sliders for Magic {
    const KIND: SliderBackend = SliderBackend::Magic;

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.bishop_attacks(square, occupied)
    }
}

impl Sliders for Lines {
    const KIND: SliderBackend = SliderBackend::Lines;

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.bishop_attacks(square, occupied)
    }
}

/// The ray-walking reference backend: slow, obviously correct, available everywhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

impl Sliders for Reference {
    const KIND: SliderBackend = SliderBackend::Reference;

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        reference::rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        reference::bishop_attacks(square, occupied)
    }
}

/// The name of a slider backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliderBackend {
    /// BMI2 PEXT into one dense table.
    Pext,
    /// Magic multiplication ("fancy" magics, per-square shift).
    Magic,
    /// Two rays per line and a bit scan each (WebAssembly's backend).
    Lines,
    /// Ray walking, no tables.
    Reference,
}

impl SliderBackend {
    /// Every backend.
    pub const ALL: [SliderBackend; 4] = [
        SliderBackend::Pext,
        SliderBackend::Magic,
        SliderBackend::Lines,
        SliderBackend::Reference,
    ];

    /// The name used by `BITMOVE_SLIDERS`: `pext`, `magic`, `lines` or `reference`.
    pub const fn name(self) -> &'static str {
        match self {
            SliderBackend::Pext => "pext",
            SliderBackend::Magic => "magic",
            SliderBackend::Lines => "lines",
            SliderBackend::Reference => "reference",
        }
    }

    /// The backend with this name (`pext`, `magic`, `lines`, `reference`; ASCII case ignored).
    pub fn from_name(name: &str) -> Option<SliderBackend> {
        SliderBackend::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Whether this build and CPU can run the backend: PEXT only with BMI2, and never in
    /// WebAssembly, where magic stands in for it.
    pub fn is_supported(self) -> bool {
        match self {
            SliderBackend::Pext => !cfg!(target_arch = "wasm32") && cpu::has_bmi2(),
            SliderBackend::Magic | SliderBackend::Lines | SliderBackend::Reference => true,
        }
    }

    /// The fastest backend for this CPU, ignoring any override: PEXT when it is present and
    /// fast, magic otherwise (always in WebAssembly).
    pub fn detect() -> SliderBackend {
        if cfg!(target_arch = "wasm32") {
            SliderBackend::Magic
        } else if cpu::pext_is_fast() {
            SliderBackend::Pext
        } else {
            SliderBackend::Magic
        }
    }

    /// The backend the library uses: the `BITMOVE_SLIDERS` override when it names a backend
    /// this CPU supports, otherwise [`SliderBackend::detect`]. Decided on first use, then fixed
    /// for the life of the process.
    #[inline]
    pub fn current() -> SliderBackend {
        // WebAssembly has one fast backend and no environment to override it: a constant, so
        // that every `dispatch!` on the current backend compiles to that backend's code alone.
        #[cfg(target_arch = "wasm32")]
        return SliderBackend::Magic;
        #[cfg(not(target_arch = "wasm32"))]
        match CURRENT.load(Ordering::Relaxed) {
            0 => SliderBackend::choose(),
            n => SliderBackend::ALL[(n as usize - 1) % SliderBackend::ALL.len()],
        }
    }

    /// The first call of [`current`](SliderBackend::current): decides and records the
    /// backend. Out of line, so that every later call is a load and a table lookup.
    #[cfg(not(target_arch = "wasm32"))]
    #[cold]
    #[inline(never)]
    fn choose() -> SliderBackend {
        let chosen = override_from_env()
            .filter(|b| b.is_supported())
            .unwrap_or_else(SliderBackend::detect);
        CURRENT.store(chosen as u8 + 1, Ordering::Relaxed);
        chosen
    }

    /// Rook attacks through this backend (the magic backend stands in for an unsupported PEXT).
    pub fn rook_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        dispatch!(self, |s| s.rook(square, occupied))
    }

    /// Bishop attacks through this backend (the magic backend stands in for an unsupported
    /// PEXT).
    pub fn bishop_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        dispatch!(self, |s| s.bishop(square, occupied))
    }
}

impl fmt::Display for SliderBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(not(target_arch = "wasm32"))]
static CURRENT: AtomicU8 = AtomicU8::new(0);

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn override_from_env() -> Option<SliderBackend> {
    std::env::var("BITMOVE_SLIDERS")
        .ok()
        .and_then(|name| SliderBackend::from_name(&name))
}

#[cfg(all(not(feature = "std"), not(target_arch = "wasm32")))]
fn override_from_env() -> Option<SliderBackend> {
    None
}

/// Rook attacks from `square` with blockers `occupied`, through the current backend.
///
/// ```
/// use bitmove::{attacks::rook_attacks, Bitboard, Square};
///
/// let attacks = rook_attacks(Square::A1, Square::A3.bitboard());
/// assert_eq!(attacks.len(), 2 + 7); // a2, a3 and the first rank
/// ```
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SliderBackend::current().rook_attacks(square, occupied)
}

/// Bishop attacks from `square` with blockers `occupied`, through the current backend.
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SliderBackend::current().bishop_attacks(square, occupied)
}

/// Queen attacks (rook | bishop) from `square`, through the current backend.
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed xorshift stream for the non-relevant bits.
    fn noise(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Every square, every relevant blocker subset, plus random bits outside the mask (which
    /// must change nothing): the fast backends equal the reference.
    #[test]
    fn fast_backends_equal_the_reference_for_every_blocker_subset() {
        let pext = Pext::new();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0u64;
        for square in Square::ALL {
            for (mask, rook) in [
                (reference::rook_mask(square), true),
                (reference::bishop_mask(square), false),
            ] {
                for subset in mask.subsets() {
                    let occupied = subset | (Bitboard(noise(&mut state)) - mask);
                    let (want, magic) = if rook {
                        (
                            reference::rook_attacks(square, subset),
                            Magic.rook(square, occupied),
                        )
                    } else {
                        (
                            reference::bishop_attacks(square, subset),
                            Magic.bishop(square, occupied),
                        )
                    };
                    assert_eq!(magic, want, "magic {square} {subset:?}");
                    let plain = if rook {
                        Magic.rook(square, subset)
                    } else {
                        Magic.bishop(square, subset)
                    };
                    assert_eq!(plain, want, "magic {square} {subset:?}");
                    let lines = if rook {
                        Lines.rook(square, occupied)
                    } else {
                        Lines.bishop(square, occupied)
                    };
                    assert_eq!(lines, want, "lines {square} {subset:?}");
                    if let Some(p) = pext {
                        let got = if rook {
                            p.rook(square, occupied)
                        } else {
                            p.bishop(square, occupied)
                        };
                        assert_eq!(got, want, "pext {square} {subset:?}");
                    }
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 107_648);
    }

    #[test]
    fn backend_names_round_trip() {
        for b in SliderBackend::ALL {
            assert_eq!(SliderBackend::from_name(b.name()), Some(b));
        }
        assert_eq!(SliderBackend::from_name("PEXT"), Some(SliderBackend::Pext));
        assert_eq!(SliderBackend::from_name("avx"), None);
        assert!(SliderBackend::Magic.is_supported());
        assert!(SliderBackend::detect().is_supported());
        assert!(SliderBackend::current().is_supported());
    }

    #[test]
    fn free_functions_use_a_working_backend() {
        let occ = Square::D4.bitboard() | Square::F6.bitboard();
        for square in Square::ALL {
            assert_eq!(
                queen_attacks(square, occ),
                reference::queen_attacks(square, occ)
            );
        }
    }
}
