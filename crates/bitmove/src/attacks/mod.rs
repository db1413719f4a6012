//! Precomputed attacks: leapers, slider backends, and the `between`/`line` tables.
//!
//! Every table here is built at compile time by `const fn`: there is no init call, no lazy
//! check on the hot path and no mutable global table.
//!
//! # Slider backends
//!
//! Three implementations of rook and bishop attacks give identical answers:
//!
//! | backend | index | when |
//! |---|---|---|
//! | [`Pext`] | `offset + pext(occupied, mask)` into one dense 107,648-entry table | x86-64 with BMI2 and a fast PEXT (Intel Haswell+, AMD Zen 3+) |
//! | [`Magic`] | `offset + ((occupied & mask) * magic >> shift)`, our own magics | everywhere else |
//! | [`Reference`] | walk each ray to the first blocker | tests and table building |
//!
//! Both fast backends are in every build. [`SliderBackend::current`] picks one at run time,
//! once: PEXT when CPUID reports BMI2 and the CPU is not one whose PEXT is microcoded (AMD
//! before Zen 3, Hygon), magic otherwise. The environment variable
//! `BITMOVE_SLIDERS=pext|magic|reference` overrides the choice (with the `std` feature).
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
            $crate::attacks::SliderBackend::Pext => match $crate::attacks::Pext::new() {
                Some($s) => $body,
                None => {
                    let $s = $crate::attacks::Magic;
                    $body
                }
            },
            $crate::attacks::SliderBackend::Magic => {
                let $s = $crate::attacks::Magic;
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
pub mod magic;
mod pext;
mod rays;
pub mod reference;

pub use leapers::{
    king_attacks, king_attacks_set, knight_attacks, knight_attacks_set, pawn_attacks,
    pawn_attacks_set,
};
pub use magic::Magic;
pub use pext::Pext;
pub use rays::{between, bishop_rays, line, rook_rays};

use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::{Bitboard, Square};

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Pext {}
    impl Sealed for super::Magic {}
    impl Sealed for super::Reference {}
}

/// A slider-attack backend: [`Pext`], [`Magic`] or [`Reference`].
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
    /// Ray walking, no tables.
    Reference,
}

impl SliderBackend {
    /// Every backend.
    pub const ALL: [SliderBackend; 3] = [
        SliderBackend::Pext,
        SliderBackend::Magic,
        SliderBackend::Reference,
    ];

    /// The name used by `BITMOVE_SLIDERS`: `pext`, `magic` or `reference`.
    pub const fn name(self) -> &'static str {
        match self {
            SliderBackend::Pext => "pext",
            SliderBackend::Magic => "magic",
            SliderBackend::Reference => "reference",
        }
    }

    /// The backend with this name (`pext`, `magic`, `reference`; ASCII case ignored).
    pub fn from_name(name: &str) -> Option<SliderBackend> {
        SliderBackend::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Whether this CPU can run the backend (only PEXT can be missing).
    pub fn is_supported(self) -> bool {
        match self {
            SliderBackend::Pext => cpu::has_bmi2(),
            SliderBackend::Magic | SliderBackend::Reference => true,
        }
    }

    /// The fastest backend for this CPU, ignoring any override: PEXT when it is present and
    /// fast, magic otherwise.
    pub fn detect() -> SliderBackend {
        if cpu::pext_is_fast() {
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
        match CURRENT.load(Ordering::Relaxed) {
            0 => SliderBackend::choose(),
            n => SliderBackend::ALL[(n as usize - 1) % 3],
        }
    }

    /// The first call of [`current`](SliderBackend::current): decides and records the
    /// backend. Out of line, so that every later call is a load and a table lookup.
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

static CURRENT: AtomicU8 = AtomicU8::new(0);

#[cfg(feature = "std")]
fn override_from_env() -> Option<SliderBackend> {
    std::env::var("BITMOVE_SLIDERS")
        .ok()
        .and_then(|name| SliderBackend::from_name(&name))
}

#[cfg(not(feature = "std"))]
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
    /// must change nothing): both fast backends equal the reference.
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
