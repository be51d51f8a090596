//! What [`run`](super::run) compares and how strictly, and the seeded generator of its random
//! directions.

/// How a gradient check compares: the seed of its random directions, how many it takes, and
/// the tolerances. `Options::default()` is what `check_gradient!(at: x, of: f)` uses; change a
/// field with struct update syntax and pass it with `with:`.
///
/// ```
/// use ad_core::check::Options;   // `ad::check::Options` in the facade
///
/// let strict = Options { directions: 8, tolerance: Some(1e-9), ..Options::default() };
/// assert_eq!(strict.seed, Options::default().seed);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Seed of the random directions and cotangents: the same seed gives the same comparisons.
    pub seed: u64,
    /// Random input directions in which reverse mode, forward mode and central differences are
    /// compared (default 3).
    pub directions: usize,
    /// Input components also compared one at a time (default 32): every component when there
    /// are at most this many, otherwise this many chosen with the seed. When a random direction
    /// fails, every component is compared, to name the worst.
    pub components: usize,
    /// Relative tolerance of both comparisons. By default `√ε` for forward against reverse mode
    /// (both exact up to rounding) and `10 √ε` for central differences, with `ε` the machine
    /// epsilon of the arguments' and result's float type (`f32` if any component is one).
    pub tolerance: Option<f64>,
    /// Step of the central differences, relative to each component's magnitude (at least 1).
    /// By default `∛ε`, which balances their truncation error against rounding.
    pub step: Option<f64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: 0x00ad_c0de,
            directions: 3,
            components: 32,
            tolerance: None,
            step: None,
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a few lines, a good spread from any seed, and the
/// same numbers on every platform, which a check that must be reproducible needs.
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// A generator started at `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f64 {
        // The top 53 bits, exactly representable.
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A direction component: a random sign and a magnitude in `[0.5, 1)`. Bounded away from
    /// zero so that no component of a direction is left almost unchecked.
    pub(crate) fn component(&mut self) -> f64 {
        let magnitude = 0.5 + 0.5 * self.unit();
        if self.next_u64() & 1 == 0 {
            magnitude
        } else {
            -magnitude
        }
    }

    /// A number in `0..n` (`n > 0`), close enough to uniform for choosing components.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.unit() * n as f64) as usize % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_deterministic_and_spread() {
        let (mut a, mut b) = (SplitMix::new(7), SplitMix::new(7));
        let xs: Vec<f64> = (0..1000).map(|_| a.component()).collect();
        assert!(xs.iter().all(|&x| (0.5..1.0).contains(&x.abs())));
        assert_eq!(xs[17], b.nth_component(17));
        let positive = xs.iter().filter(|&&x| x > 0.0).count();
        assert!((400..600).contains(&positive), "{positive}");
        assert!((0..100).all(|_| a.below(5) < 5));
    }

    impl SplitMix {
        fn nth_component(&mut self, n: usize) -> f64 {
            (0..n).for_each(|_| {
                self.component();
            });
            self.component()
        }
    }
}
