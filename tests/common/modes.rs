//! Forward mode checked against reverse mode on every function the suites differentiate.
//!
//! The suites' `gradient!` and `value_with_gradient!` are the `ad` operators preceded by
//! [`assert_modes_agree!`]: for random directions `u` (a cotangent of the result) and `v` (a
//! tangent of each argument), the differential and the pullback must satisfy the dot-product
//! identity `<u, J v> = <Jᵀ u, v>`. The gradient itself is then checked by each test against
//! its own reference (a closed form or finite differences).

// Not every suite uses every macro.
#![allow(unused_macros, unused_imports)]

use ad::basis::{Basis, components, dot};

/// A small deterministic generator, seeded per call site.
pub struct Lcg(u64);

impl Lcg {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Lcg(seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407))
    }

    /// A number in `[-1, 1)`.
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// A random tangent shaped like `shape`.
pub fn random_like<T: Basis>(shape: &T, rng: &mut Lcg) -> T {
    let n = components(shape).len();
    let values: Vec<f64> = (0..n).map(|_| rng.next()).collect();
    let mut out = shape.clone();
    out.set_components(&mut values.into_iter());
    out
}

/// The tangents of several arguments, as the pullback returns their cotangents.
pub trait EachTangent: Sized {
    /// A random tangent shaped like each component.
    fn random_each(&self, rng: &mut Lcg) -> Self;
    /// `Σ_i <self_i, other_i>`.
    fn dot_each(&self, other: &Self) -> f64;
}

macro_rules! each_tangent {
    ($(($($t:ident $i:tt),+))*) => {$(
        impl<$($t: Basis),+> EachTangent for ($($t,)+) {
            fn random_each(&self, rng: &mut Lcg) -> Self {
                ($(random_like(&self.$i, rng),)+)
            }
            fn dot_each(&self, other: &Self) -> f64 {
                0.0 $(+ dot(&self.$i, &other.$i))+
            }
        }
    )*};
}

each_tangent! {
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
    (A 0, B 1, C 2, D 3, E 4)
    (A 0, B 1, C 2, D 3, E 4, F 5)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6)
}

/// `<u, J v>` and `<Jᵀ u, v>` agree to a relative `1e-6` of the terms' sizes: the two modes
/// round differently, and the suites have `f32` functions (a wrong derivative is off by far
/// more).
#[track_caller]
pub fn assert_identity(forward: f64, reverse: f64, scale: f64) {
    assert!(
        (forward - reverse).abs() <= 1e-6 * scale.max(1.0),
        "forward and reverse mode disagree: <u, J v> = {forward:e}, <Jᵀ u, v> = {reverse:e}"
    );
}

/// Checks `<u, J v> = <Jᵀ u, v>` for `f` at the arguments, in random directions. The
/// arguments are split at top-level commas and named, up to seven.
macro_rules! assert_modes_agree {
    (at: $($rest:tt)+) => {
        $crate::common::modes::assert_modes_agree!(@split [] [] [__ad_v0 __ad_v1 __ad_v2 __ad_v3 __ad_v4 __ad_v5 __ad_v6] $($rest)+)
    };
    // `of:` ends the arguments.
    (@split [$($done:tt)*] [] [$($names:ident)*] of: $($f:tt)+) => {
        $crate::common::modes::assert_modes_agree!(@check [$($done)*] [$($f)+])
    };
    // A comma ends an argument.
    (@split [$($done:tt)*] [$($cur:tt)+] [$n:ident $($names:ident)*] , $($rest:tt)+) => {
        $crate::common::modes::assert_modes_agree!(@split [$($done)* ($n ($($cur)+))] [] [$($names)*] $($rest)+)
    };
    (@split [$($done:tt)*] [$($cur:tt)*] [$($names:ident)*] $t:tt $($rest:tt)+) => {
        $crate::common::modes::assert_modes_agree!(@split [$($done)*] [$($cur)* $t] [$($names)*] $($rest)+)
    };
    // One argument: the pullback gives its cotangent bare.
    (@check [($n:ident ($($arg:tt)+))] [$($f:tt)+]) => {{
        use ::ad::Differentiable as _;
        let mut rng = $crate::common::modes::Lcg::new(line!() as u64);
        let (value, pullback) = ::ad::value_with_pullback!(at: $($arg)+, of: $($f)+);
        let (_, differential) = ::ad::value_with_differential!(at: $($arg)+, of: $($f)+);
        let u = $crate::common::modes::random_like(&value.zero_tangent(), &mut rng);
        let cotangent = pullback(::core::clone::Clone::clone(&u));
        let $n = $crate::common::modes::random_like(&cotangent, &mut rng);
        let jv = differential(::core::clone::Clone::clone(&$n));
        let (forward, reverse) = (::ad::basis::dot(&u, &jv), ::ad::basis::dot(&cotangent, &$n));
        let scale = ::ad::basis::dot(&u, &u).sqrt() * ::ad::basis::dot(&jv, &jv).sqrt()
            + ::ad::basis::dot(&cotangent, &cotangent).sqrt() * ::ad::basis::dot(&$n, &$n).sqrt();
        $crate::common::modes::assert_identity(forward, reverse, scale);
    }};
    (@check [$(($n:ident ($($arg:tt)+)))+] [$($f:tt)+]) => {{
        use ::ad::Differentiable as _;
        use $crate::common::modes::EachTangent as _;
        let mut rng = $crate::common::modes::Lcg::new(line!() as u64);
        let (value, pullback) = ::ad::value_with_pullback!(at: $($($arg)+),+, of: $($f)+);
        let (_, differential) = ::ad::value_with_differential!(at: $($($arg)+),+, of: $($f)+);
        let u = $crate::common::modes::random_like(&value.zero_tangent(), &mut rng);
        let cotangents = pullback(::core::clone::Clone::clone(&u));
        let tangents = cotangents.random_each(&mut rng);
        let ($($n,)+) = ::core::clone::Clone::clone(&tangents);
        let jv = differential($($n),+);
        let (forward, reverse) = (::ad::basis::dot(&u, &jv), cotangents.dot_each(&tangents));
        let scale = ::ad::basis::dot(&u, &u).sqrt() * ::ad::basis::dot(&jv, &jv).sqrt()
            + cotangents.dot_each(&cotangents).sqrt() * tangents.dot_each(&tangents).sqrt();
        $crate::common::modes::assert_identity(forward, reverse, scale);
    }};
}

/// `ad::gradient!`, after checking forward against reverse mode at the same point.
macro_rules! gradient {
    // `&mut self` methods: the check would run the method (and its write-back) twice more.
    (at: &mut $($rest:tt)*) => { ::ad::gradient!(at: &mut $($rest)*) };
    (at: $($rest:tt)+) => {{
        $crate::common::modes::assert_modes_agree!(at: $($rest)+);
        ::ad::gradient!(at: $($rest)+)
    }};
}

/// `ad::value_with_gradient!`, after checking forward against reverse mode at the same point.
macro_rules! value_with_gradient {
    (at: &mut $($rest:tt)*) => { ::ad::value_with_gradient!(at: &mut $($rest)*) };
    (at: $($rest:tt)+) => {{
        $crate::common::modes::assert_modes_agree!(at: $($rest)+);
        ::ad::value_with_gradient!(at: $($rest)+)
    }};
}

pub(crate) use {assert_modes_agree, gradient, value_with_gradient};
