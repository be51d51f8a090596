//! Methods and trait impls: the attribute on a method that uses `self` in an inherent impl,
//! and on a trait impl block whose trait the module does not import (`std::ops::Add`, and
//! `std::ops::Mul<f64>` with its argument, `Sub`, `Neg`, and a trait of the crate), on a
//! generic impl block (`impl<const N: usize> Poly<N>`, with an associated function without
//! `self`), used by differentiable code through the operators. Closed forms, and central
//! differences through the suite's operators.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[derive(Clone, Debug, Differentiable)]
struct Spring {
    k: f64,
    rest: f64,
}

impl Spring {
    #[differentiable]
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * (x - self.rest).powi(2)
    }

    #[differentiable]
    fn force(&self, x: f64) -> f64 {
        -self.k * (x - self.rest)
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct V2 {
    x: f64,
    y: f64,
}

#[differentiable]
impl std::ops::Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

#[differentiable]
impl std::ops::Mul<f64> for V2 {
    type Output = V2;
    fn mul(self, s: f64) -> V2 {
        V2 {
            x: self.x * s,
            y: self.y * s,
        }
    }
}

/// E = ½k(x - ½)² - k(x - ½)/10: ∂x = k(x - ½) - k/10, ∂k = ½(x - ½)² - (x - ½)/10.
#[differentiable]
fn springs(x: f64, k: f64) -> f64 {
    let s = Spring { k, rest: 0.5 };
    s.energy(x) + s.force(x) * 0.1
}

/// v = (a + b², b + a) · 2: f = 4 (a + b²)(a + b).
#[differentiable]
fn vectors(a: f64, b: f64) -> f64 {
    let v = (V2 { x: a, y: b } + V2 { x: b * b, y: a }) * 2.0;
    v.x * v.y
}

#[test]
fn methods_with_self_in_an_inherent_impl() {
    let (x, k) = (0.3, 2.0);
    let (dx, dk) = gradient!(at: x, k, of: springs);
    assert_close(dx, k * (x - 0.5) - k / 10.0);
    assert_close(dk, 0.5 * (x - 0.5f64).powi(2) - (x - 0.5) / 10.0);
}

#[test]
fn trait_impls_whose_trait_is_not_imported() {
    for (a, b) in [(0.3, 2.0), (-1.2, 0.4)] {
        let (da, db) = gradient!(at: a, b, of: vectors);
        assert_close(da, 4.0 * ((a + b) + (a + b * b)));
        assert_close(db, 4.0 * (2.0 * b * (a + b) + (a + b * b)));
        assert_grad_fd(|p: &[f64]| vectors(p[0], p[1]), &[a, b], &[da, db]);
    }
}

/// A method with both registrations, the forward one named by the reverse one.
#[derive(Clone, Debug, Differentiable)]
struct Wave {
    k: f64,
}

static WAVE_PULLBACKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static WAVE_DIFFERENTIALS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Wave {
    fn at(&self, x: f64) -> f64 {
        self.k * x.sin()
    }

    #[derivative(of = Self::at, forward = Self::at_jvp)]
    fn at_vjp(&self, x: f64) -> (f64, impl Fn(f64) -> (WaveTangentVector, f64)) {
        let k = self.k;
        (self.at(x), move |d| {
            WAVE_PULLBACKS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            (WaveTangentVector { k: d * x.sin() }, d * k * x.cos())
        })
    }

    fn at_jvp(&self, x: f64) -> (f64, impl Fn(WaveTangentVector, f64) -> f64) {
        let k = self.k;
        (self.at(x), move |dk, dx| {
            WAVE_DIFFERENTIALS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            dk.k * x.sin() + k * x.cos() * dx
        })
    }
}

#[differentiable]
fn waves(x: f64, k: f64) -> f64 {
    let w = Wave { k };
    w.at(x) * x
}

#[test]
fn a_method_with_both_registrations_uses_each_in_its_mode() {
    use std::sync::atomic::Ordering::SeqCst;
    let (x, k) = (0.7, 1.3);
    let before = (WAVE_PULLBACKS.load(SeqCst), WAVE_DIFFERENTIALS.load(SeqCst));
    let (dx, dk) = ad::gradient!(at: x, k, of: waves);
    assert_close(dx, k * x.sin() + k * x.cos() * x);
    assert_close(dk, x.sin() * x);
    let after_reverse = (WAVE_PULLBACKS.load(SeqCst), WAVE_DIFFERENTIALS.load(SeqCst));
    assert_eq!(
        after_reverse,
        (before.0 + 1, before.1),
        "reverse mode calls the pullback"
    );
    let forward = ad::differentiate!(at: x, of: |x: f64| waves(x, k));
    assert_close(forward, dx);
    let after_forward = (WAVE_PULLBACKS.load(SeqCst), WAVE_DIFFERENTIALS.load(SeqCst));
    assert_eq!(
        after_forward.0, after_reverse.0,
        "forward mode calls no pullback"
    );
    assert!(
        after_forward.1 > after_reverse.1,
        "forward mode calls the differential"
    );
}

/// A polynomial of `N` coefficients, with the attribute on a generic impl block: a method by
/// Horner's rule, and an associated function without `self`.
#[derive(Clone, Debug, Differentiable)]
struct Poly<const N: usize> {
    c: [f64; N],
}

#[differentiable]
impl<const N: usize> Poly<N> {
    fn eval(&self, x: f64) -> f64 {
        let mut acc = 0.0;
        for k in (0..N).rev() {
            acc = acc * x + self.c[k];
        }
        acc
    }

    fn square(x: f64) -> f64 {
        x * x
    }
}

/// p(x) = 1 + a x + a x²/2 plus (x a)².
#[differentiable]
fn polynomials(x: f64, a: f64) -> f64 {
    let p = Poly {
        c: [1.0, a, 0.5 * a],
    };
    p.eval(x) + Poly::<3>::square(x * a)
}

#[test]
fn a_generic_impl_with_an_associated_function() {
    assert_every_mode!(polynomials, 0.4, 1.3);
    let (x, a) = (0.4, 1.3);
    let (dx, da) = gradient!(at: x, a, of: polynomials);
    assert_close(dx, a + a * x + 2.0 * x * a * a);
    assert_close(da, x + 0.5 * x * x + 2.0 * a * x * x);
}

/// A trait of the crate implemented with the attribute on the impl block.
trait Energy {
    fn energy(&self, x: f64) -> f64;
}

#[derive(Clone, Debug, Differentiable)]
struct Quadratic {
    k: f64,
}

#[differentiable]
impl Energy for Quadratic {
    fn energy(&self, x: f64) -> f64 {
        self.k * x * x
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct P2 {
    x: f64,
    y: f64,
}

#[differentiable]
impl std::ops::Sub for P2 {
    type Output = P2;
    fn sub(self, o: P2) -> P2 {
        P2 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

#[differentiable]
impl std::ops::Neg for P2 {
    type Output = P2;
    fn neg(self) -> P2 {
        P2 {
            x: -self.x,
            y: -self.y,
        }
    }
}

#[differentiable]
impl P2 {
    fn norm2(&self) -> f64 {
        self.x * self.x + self.y * self.y
    }

    fn dot(self, o: P2) -> f64 {
        self.x * o.x + self.y * o.y
    }
}

/// k x² + 4 k x², plus |-(p - q)|² + p·q for p = (a, b), q = (b², 1).
#[differentiable]
fn energies(a: f64, b: f64) -> f64 {
    let q = Quadratic { k: b };
    let p = P2 { x: a, y: b };
    let r = P2 { x: b * b, y: 1.0 };
    q.energy(a) + q.energy(a * 2.0) + (-(p - r)).norm2() + p.dot(r)
}

#[test]
fn a_crates_own_trait_and_operator_traits() {
    assert_every_mode!(energies, 0.4, 1.3);
    assert_every_mode!(energies, -0.9, 0.5);
}

/// A point whose norm is a method named `len`, called by the type's path (`Knot::len(d)`), which
/// is differentiated like any function: `d.len()` would be read as a query of length (see
/// the ui case `method_named_like_a_query`).
#[derive(Clone, Copy, Debug, Differentiable)]
struct Knot {
    x: f64,
    y: f64,
}

#[differentiable]
impl Knot {
    fn len(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    fn minus(self, o: Knot) -> Knot {
        Knot {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

/// The energy of a chain of unit springs between consecutive points.
#[differentiable]
fn chain_energy(xs: &[f64], k: f64) -> f64 {
    let mut e = 0.0;
    for i in 0..xs.len() / 2 - 1 {
        let a = Knot {
            x: xs[2 * i],
            y: xs[2 * i + 1],
        };
        let b = Knot {
            x: xs[2 * i + 2],
            y: xs[2 * i + 3],
        };
        let d = b.minus(a);
        e += 0.5 * k * (Knot::len(d) - 1.0).powi(2);
    }
    e
}

#[test]
fn a_method_named_len_called_by_its_path() {
    let xs = [0.0, 0.0, 1.2, 0.1, 2.0, 0.9];
    let (dxs, dk) = gradient!(at: &xs[..], 2.0, of: chain_energy);
    let mut point = xs.to_vec();
    point.push(2.0);
    let mut got = dxs.clone();
    got.push(dk);
    assert_grad_fd(|p: &[f64]| chain_energy(&p[..6], p[6]), &point, &got);
}

/// A method named like a float's rounding (`floor`), called by the type's path, beside a
/// float's own `floor` in a generic function (whose derivative is zero, as rounding's is).
#[derive(Clone, Copy, Debug, Differentiable)]
struct Bin {
    lo: f64,
    width: f64,
}

#[differentiable]
impl Bin {
    fn floor(self) -> f64 {
        self.lo + 0.5 * self.width
    }
}

#[differentiable]
fn fractional<T: ad::num_traits::Float>(x: T) -> T {
    x - x.floor()
}

#[differentiable]
fn binned(lo: f64, width: f64) -> f64 {
    let bin = Bin { lo, width };
    Bin::floor(bin) * width + fractional(lo * 3.0)
}

#[test]
fn a_method_named_floor_called_by_its_path() {
    for (lo, width) in [(0.3, 1.2), (1.1, 0.4)] {
        let (dlo, dwidth) = gradient!(at: lo, width, of: binned);
        // (lo + w/2) w + frac(3 lo): d/dlo = w + 3, d/dw = lo + w.
        assert_close(dlo, width + 3.0);
        assert_close(dwidth, lo + width);
    }
}
