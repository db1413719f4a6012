//! What the CPU offers: BMI2, and whether its PEXT is fast.
//!
//! CPUID is slow (a VM exit under a hypervisor), so each answer is asked once and cached.

use core::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const NO: u8 = 1;
const YES: u8 = 2;

static BMI2: AtomicU8 = AtomicU8::new(UNKNOWN);
#[cfg(target_arch = "x86_64")]
static POPCNT: AtomicU8 = AtomicU8::new(UNKNOWN);
#[cfg(target_arch = "x86_64")]
static MODERN: AtomicU8 = AtomicU8::new(UNKNOWN);
static FAST_PEXT: AtomicU8 = AtomicU8::new(UNKNOWN);

#[inline]
fn cached(cell: &AtomicU8, ask: fn() -> bool) -> bool {
    match cell.load(Ordering::Relaxed) {
        UNKNOWN => ask_and_cache(cell, ask),
        value => value == YES,
    }
}

/// The first question: asked once, out of line.
#[cold]
#[inline(never)]
fn ask_and_cache(cell: &AtomicU8, ask: fn() -> bool) -> bool {
    let answer = ask();
    cell.store(if answer { YES } else { NO }, Ordering::Relaxed);
    answer
}

/// Whether the CPU has the BMI2 instructions (PEXT, PDEP).
#[inline]
pub(crate) fn has_bmi2() -> bool {
    cached(&BMI2, detect_bmi2)
}

/// Whether the CPU has POPCNT (every x86-64 CPU since 2008 or so, but not the baseline ISA).
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_popcnt() -> bool {
    cached(&POPCNT, detect_popcnt)
}

/// Whether the CPU has POPCNT, LZCNT, BMI1 and BMI2 together (Intel Haswell, AMD
/// Excavator and later): the feature set the fastest perft is compiled for.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_modern_bit_ops() -> bool {
    cached(&MODERN, || {
        has_popcnt() && has_bmi2() && detect_bmi1_lzcnt()
    })
}

/// Whether PEXT is worth using: BMI2 is there and it is not a microcoded PEXT.
///
/// AMD's Zen 1 and Zen 2 (family 17h), Hygon's Dhyana (family 18h, a Zen 1) and AMD's older
/// BMI2 parts (family 15h, Excavator) run PEXT in microcode at tens of cycles or more per
/// instruction, far slower than a magic multiply. Zen 3 (family 19h) and later, and every Intel
/// CPU with BMI2, run it in 3 cycles.
pub(crate) fn pext_is_fast() -> bool {
    cached(&FAST_PEXT, || has_bmi2() && !microcoded_pext())
}

/// Runs `body` compiled for POPCNT, LZCNT, BMI1 and BMI2 when the CPU has them (the body is
/// inlined into a copy of this function that carries those features), as it is otherwise.
///
/// A default build targets the x86-64 baseline, where `count_ones` is a dozen instructions and
/// bit scans need zero tests; the public calls (generation, listing, counting) go through this
/// once per call. Where `body` is large LLVM leaves it out of line (it has two callers here)
/// and compiled for the baseline, `modern` then only a call to it; a macro version that put
/// the body inside `modern` measured no faster in the engine benchmark (docs/engine.md, issue
/// 59), so the function stays.
#[inline(always)]
pub(crate) fn with_best_isa<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if has_modern_bit_ops() {
        // SAFETY: CPUID reported POPCNT, LZCNT, BMI1 and BMI2, all that `modern` is compiled
        // for.
        #[allow(unsafe_code)]
        return unsafe { modern(body) };
    }
    body()
}

/// [`with_best_isa`]'s body with the modern bit-manipulation instructions enabled.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
fn modern<R>(body: impl FnOnce() -> R) -> R {
    body()
}

#[cfg(target_arch = "x86_64")]
fn detect_bmi2() -> bool {
    use core::arch::x86_64::__cpuid;
    if __cpuid(0).eax < 7 {
        return false;
    }
    __cpuid(7).ebx & (1 << 8) != 0
}

#[cfg(not(target_arch = "x86_64"))]
fn detect_bmi2() -> bool {
    false
}

#[cfg(target_arch = "x86_64")]
fn detect_popcnt() -> bool {
    core::arch::x86_64::__cpuid(1).ecx & (1 << 23) != 0
}

#[cfg(target_arch = "x86_64")]
fn detect_bmi1_lzcnt() -> bool {
    use core::arch::x86_64::__cpuid;
    let bmi1 = __cpuid(0).eax >= 7 && __cpuid(7).ebx & (1 << 3) != 0;
    let lzcnt = __cpuid(0x8000_0000).eax >= 0x8000_0001 && __cpuid(0x8000_0001).ecx & (1 << 5) != 0;
    bmi1 && lzcnt
}

#[cfg(target_arch = "x86_64")]
fn microcoded_pext() -> bool {
    use core::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let hygon = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6f67_7948, 0x6e65_476e, 0x656e_6975);
    if !(amd || hygon) {
        return false;
    }
    family(__cpuid(1).eax) < 0x19
}

#[cfg(not(target_arch = "x86_64"))]
fn microcoded_pext() -> bool {
    true
}

/// The display family from CPUID leaf 1's EAX: base family, plus the extended family when
/// the base is 0xF.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn family(eax: u32) -> u32 {
    let base = (eax >> 8) & 0xF;
    if base == 0xF {
        base + ((eax >> 20) & 0xFF)
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::family;

    #[test]
    fn families_decode() {
        assert_eq!(family(0x00a0_0f11), 0x19); // Zen 3
        assert_eq!(family(0x0083_0f10), 0x17); // Zen 2
        assert_eq!(family(0x0009_06ea), 0x6); // Intel Coffee Lake
    }
}
