//! A seeded random number generator for the unit tests (Knuth's MMIX linear congruential
//! one): the same inputs at every run, without a dependency.

/// The generator's state.
pub(crate) struct Lcg(u64);

impl Lcg {
    pub(crate) fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// The next state, whole: its high bits are the more random ones.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }
}
