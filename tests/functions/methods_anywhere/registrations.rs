//! `#[derivative(of = Self::m ..)]` registrations on methods: reverse only, forward only, both
//! as two attributes, and `forward = Self::m_jvp` in one attribute; on associated functions
//! and on `&self` methods with a struct cotangent; with `wrt`; and in an impl inside a nested
//! module. Counters show which registration each mode runs; every derivative is checked
//! against central differences of the original method.

use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;
use std::cell::Cell;

// How many times each registration ran, per thread (each test runs on its own).
thread_local! {
    static PULLBACKS: Cell<usize> = const { Cell::new(0) };
    static DIFFERENTIALS: Cell<usize> = const { Cell::new(0) };
}

/// The counts of pullback and differential registrations run so far on this thread.
fn calls() -> (usize, usize) {
    (PULLBACKS.with(Cell::get), DIFFERENTIALS.with(Cell::get))
}

/// Counts a run of a reverse registration.
fn count_pullback() {
    PULLBACKS.with(|c| c.set(c.get() + 1));
}

/// Counts a run of a forward registration.
fn count_differential() {
    DIFFERENTIALS.with(|c| c.set(c.get() + 1));
}

/// Special functions whose derivatives are registered one way or another.
struct Special;

impl Special {
    /// The Gaussian error function's cousin, tanh, written as the registration's target.
    fn smooth_step(x: f64) -> f64 {
        x.tanh()
    }

    /// Reverse only.
    #[derivative(of = Self::smooth_step)]
    fn smooth_step_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_pullback();
        let t = x.tanh();
        (t, move |d| d * (1.0 - t * t))
    }

    fn log_cosh(x: f64) -> f64 {
        x.cosh().ln()
    }

    /// Forward only.
    #[derivative(of = Self::log_cosh, forward)]
    fn log_cosh_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_differential();
        let slope = x.tanh();
        (Self::log_cosh(x), move |t| t * slope)
    }

    fn hypot_ratio(x: f64, y: f64) -> f64 {
        x / (x * x + y * y).sqrt()
    }

    /// Both in one attribute: the reverse one names the forward one.
    #[derivative(of = Self::hypot_ratio, forward = Self::hypot_ratio_jvp)]
    fn hypot_ratio_vjp(x: f64, y: f64) -> (f64, impl Fn(f64) -> (f64, f64)) {
        count_pullback();
        let r2 = x * x + y * y;
        let r3 = r2 * r2.sqrt();
        (Self::hypot_ratio(x, y), move |d| {
            (d * y * y / r3, -d * x * y / r3)
        })
    }

    fn hypot_ratio_jvp(x: f64, y: f64) -> (f64, impl Fn(f64, f64) -> f64) {
        count_differential();
        let r2 = x * x + y * y;
        let r3 = r2 * r2.sqrt();
        (Self::hypot_ratio(x, y), move |dx, dy| {
            (y * y * dx - x * y * dy) / r3
        })
    }

    fn scaled_sine(a: f64, x: f64) -> f64 {
        a * x.sin()
    }

    /// Reverse only, in `x` alone.
    #[derivative(of = Self::scaled_sine, wrt = x)]
    fn scaled_sine_vjp(a: f64, x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_pullback();
        let slope = a * x.cos();
        (Self::scaled_sine(a, x), move |d| d * slope)
    }
}

#[differentiable]
fn uses_smooth_step(x: f64, y: f64) -> f64 {
    Special::smooth_step(x * y) + x
}

#[differentiable]
fn uses_log_cosh(x: f64, y: f64) -> f64 {
    Special::log_cosh(x - y) * y
}

#[differentiable]
fn uses_hypot_ratio(x: f64, y: f64) -> f64 {
    Special::hypot_ratio(x, y * y) + Special::hypot_ratio(y, 1.0)
}

#[test]
fn a_reverse_registration_of_an_associated_function_serves_both_modes() {
    let (x, y) = (0.4, 1.3);
    let before = calls();
    let (dx, dy) = gradient!(at: x, y, of: uses_smooth_step);
    let after_reverse = calls();
    assert_eq!(
        after_reverse,
        (before.0 + 1, before.1),
        "the pullback ran once"
    );
    let (_, differential) = value_with_differential!(at: x, y, of: uses_smooth_step);
    let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
    assert!(
        calls().0 > after_reverse.0,
        "forward mode is derived from the pullback"
    );
    assert_eq!(calls().1, before.1, "no differential is registered");
    let f = |p: &[f64]| uses_smooth_step(p[0], p[1]);
    assert_grad_fd(f, &[x, y], &[dx, dy]);
    assert_grad_fd(f, &[x, y], &forward);
    let t = (x * y).tanh();
    assert_close(dx, y * (1.0 - t * t) + 1.0);
}

#[test]
fn a_forward_registration_of_an_associated_function_serves_both_modes() {
    let (x, y) = (0.4, 1.3);
    let before = calls();
    let d = differentiate!(at: x, of: Special::log_cosh);
    assert_close(d, x.tanh());
    assert_eq!(
        calls(),
        (before.0, before.1 + 1),
        "the differential ran once"
    );
    let (dx, dy) = gradient!(at: x, y, of: uses_log_cosh);
    assert!(
        calls().1 > before.1 + 1,
        "reverse mode is derived from the differential"
    );
    assert_eq!(calls().0, before.0, "no pullback is registered");
    assert_grad_fd(|p| uses_log_cosh(p[0], p[1]), &[x, y], &[dx, dy]);
    assert_close(dx, (x - y).tanh() * y);
}

#[test]
fn a_reverse_registration_naming_its_forward_one_uses_each_in_its_mode() {
    let (x, y) = (0.4, 1.3);
    let before = calls();
    let (dx, dy) = gradient!(at: x, y, of: uses_hypot_ratio);
    assert_eq!(
        calls(),
        (before.0 + 2, before.1),
        "two calls, two pullbacks"
    );
    let (_, differential) = value_with_differential!(at: x, y, of: uses_hypot_ratio);
    let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
    let after = calls();
    assert_eq!(after.0, before.0 + 2, "forward mode calls no pullback");
    assert!(
        after.1 >= before.1 + 2,
        "forward mode calls the named differential"
    );
    let f = |p: &[f64]| uses_hypot_ratio(p[0], p[1]);
    assert_grad_fd(f, &[x, y], &[dx, dy]);
    assert_grad_fd(f, &[x, y], &forward);
}

#[test]
fn a_registration_with_wrt_on_an_associated_function() {
    let (ad::NoTangent, dx) = gradient!(at: 2.0, 0.5, of: Special::scaled_sine);
    assert_close(dx, 2.0 * 0.5f64.cos());
    let through = |x: f64| Special::scaled_sine(1.5, x * x);
    let d = gradient!(at: 0.7, of: |x: f64| Special::scaled_sine(1.5, x * x));
    assert_grad_fd(|p| through(p[0]), &[0.7], &[d]);
}

/// A lens with a focal length, whose method's derivatives are registered by hand.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Lens {
    focal: f64,
    offset: f64,
}

impl Lens {
    /// The thin-lens image distance of an object at `u`, shifted by the offset.
    fn image(&self, u: f64) -> f64 {
        u * self.focal / (u - self.focal) + self.offset
    }

    /// The reverse registration of a `&self` method: a struct cotangent and a float one.
    #[derivative(of = Self::image)]
    fn image_vjp(&self, u: f64) -> (f64, impl Fn(f64) -> (LensTangentVector, f64)) {
        count_pullback();
        let f = self.focal;
        let q = (u - f) * (u - f);
        (self.image(u), move |d| {
            (
                LensTangentVector {
                    focal: d * u * u / q,
                    offset: d,
                },
                -d * f * f / q,
            )
        })
    }

    /// Its forward registration, a second attribute in the same impl.
    #[derivative(of = Self::image, forward)]
    fn image_jvp(&self, u: f64) -> (f64, impl Fn(LensTangentVector, f64) -> f64) {
        count_differential();
        let f = self.focal;
        let q = (u - f) * (u - f);
        (self.image(u), move |dl, du| {
            dl.focal * u * u / q + dl.offset - du * f * f / q
        })
    }

    fn magnification(&self, u: f64) -> f64 {
        self.focal / (u - self.focal)
    }

    /// A forward-only registration of a `&self` method.
    #[derivative(of = Self::magnification, forward)]
    fn magnification_jvp(&self, u: f64) -> (f64, impl Fn(LensTangentVector, f64) -> f64) {
        count_differential();
        let f = self.focal;
        let q = (u - f) * (u - f);
        (self.magnification(u), move |dl, du| {
            (dl.focal * u - du * f) / q
        })
    }
}

#[differentiable]
fn two_lenses(u: f64, focal: f64) -> f64 {
    let first = Lens { focal, offset: 0.1 };
    let second = Lens {
        focal: 2.0 * focal,
        offset: u,
    };
    second.image(first.image(u) + 3.0) * first.magnification(u)
}

#[test]
fn a_shared_self_methods_two_registrations_called_directly() {
    let lens = Lens {
        focal: 1.5,
        offset: 0.2,
    };
    let before = calls();
    let (d, du) = gradient!(at: &lens, 4.0, of: Lens::image);
    assert_eq!(calls(), (before.0 + 1, before.1));
    let image = |p: &[f64]| {
        Lens {
            focal: p[0],
            offset: p[1],
        }
        .image(p[2])
    };
    assert_grad_fd(image, &[1.5, 0.2, 4.0], &[d.focal, d.offset, du]);
    let (_, differential) = value_with_differential!(at: &lens, 4.0, of: Lens::image);
    let t = differential(
        LensTangentVector {
            focal: 1.0,
            offset: 0.0,
        },
        0.0,
    );
    assert_close(t, d.focal);
    assert_eq!(calls(), (before.0 + 1, before.1 + 1));
}

#[test]
fn registrations_of_shared_self_methods_from_differentiable_code() {
    for (u, focal) in [(4.0, 1.5), (3.0, 0.5)] {
        let (du, df) = gradient!(at: u, focal, of: two_lenses);
        let f = |p: &[f64]| two_lenses(p[0], p[1]);
        assert_grad_fd(f, &[u, focal], &[du, df]);
        let (value, differential) = value_with_differential!(at: u, focal, of: two_lenses);
        assert_close(value, two_lenses(u, focal));
        assert_grad_fd(
            f,
            &[u, focal],
            &[differential(1.0, 0.0), differential(0.0, 1.0)],
        );
    }
}

#[test]
fn a_forward_only_registration_of_a_shared_self_method_in_reverse_mode() {
    let lens = Lens {
        focal: 1.5,
        offset: 0.2,
    };
    let before = calls();
    let (d, du) = gradient!(at: &lens, 4.0, of: Lens::magnification);
    assert!(
        calls().1 > before.1,
        "reverse mode is derived from the differential"
    );
    assert_eq!(calls().0, before.0);
    // f / (u - f): ∂f = u / (u - f)², ∂u = -f / (u - f)².
    assert_close(d.focal, 4.0 / 6.25);
    assert_close(d.offset, 0.0);
    assert_close(du, -1.5 / 6.25);
}

/// Registrations of a method in an impl inside a nested module.
mod optics {
    use ad::prelude::*;

    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct Prism {
        pub index: f64,
    }

    impl Prism {
        pub fn deviation(&self, angle: f64) -> f64 {
            (self.index * angle.sin()).asin() - angle
        }

        /// Both modes in one attribute.
        #[derivative(of = Self::deviation, forward = Self::deviation_jvp)]
        pub fn deviation_vjp(
            &self,
            angle: f64,
        ) -> (f64, impl Fn(f64) -> (PrismTangentVector, f64)) {
            let n = self.index;
            let s = angle.sin();
            let root = (1.0 - n * n * s * s).sqrt();
            (self.deviation(angle), move |d| {
                (
                    PrismTangentVector {
                        index: d * s / root,
                    },
                    d * (n * angle.cos() / root - 1.0),
                )
            })
        }

        pub fn deviation_jvp(&self, angle: f64) -> (f64, impl Fn(PrismTangentVector, f64) -> f64) {
            let n = self.index;
            let s = angle.sin();
            let root = (1.0 - n * n * s * s).sqrt();
            (self.deviation(angle), move |dp, da| {
                dp.index * s / root + da * (n * angle.cos() / root - 1.0)
            })
        }
    }
}

#[differentiable]
fn through_prism(index: f64, angle: f64) -> f64 {
    optics::Prism { index }.deviation(angle * 0.5) * angle
}

#[test]
fn registrations_in_an_impl_in_a_nested_module() {
    for (index, angle) in [(1.3, 0.4), (1.5, -0.6)] {
        let f = |p: &[f64]| through_prism(p[0], p[1]);
        let (di, da) = gradient!(at: index, angle, of: through_prism);
        assert_grad_fd(f, &[index, angle], &[di, da]);
        let (_, differential) = value_with_differential!(at: index, angle, of: through_prism);
        assert_grad_fd(
            f,
            &[index, angle],
            &[differential(1.0, 0.0), differential(0.0, 1.0)],
        );
    }
}

/// A rate whose methods are written in one impl and registered in others.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Rate {
    k: f64,
}

impl Rate {
    fn decay(&self, t: f64) -> f64 {
        self.k * t.sin()
    }

    fn spread(self, t: f64) -> f64 {
        self.k * t * t
    }

    fn gain(&self, t: f64) -> f64 {
        self.k.exp() * t
    }

    fn growth(&self, t: f64) -> f64 {
        self.k * t.exp()
    }
}

impl Rate {
    /// Reverse only, of a `&self` method of another impl block.
    #[derivative(of = Self::decay)]
    fn decay_vjp(&self, t: f64) -> (f64, impl Fn(f64) -> (RateTangentVector, f64)) {
        count_pullback();
        let k = self.k;
        (self.decay(t), move |d| {
            (RateTangentVector { k: d * t.sin() }, d * k * t.cos())
        })
    }

    /// Reverse only, of a method taking `self` by value.
    #[derivative(of = Self::spread)]
    fn spread_vjp(self, t: f64) -> (f64, impl Fn(f64) -> (RateTangentVector, f64)) {
        let k = self.k;
        (self.spread(t), move |d| {
            (RateTangentVector { k: d * t * t }, d * 2.0 * k * t)
        })
    }

    /// `wrt` of the float alone, on a `&self` method.
    #[derivative(of = Self::gain, wrt = t)]
    fn gain_vjp(&self, t: f64) -> (f64, impl Fn(f64) -> f64) {
        let e = self.k.exp();
        (self.gain(t), move |d| d * e)
    }

    /// Naming a forward registration that lives in a third impl block.
    #[derivative(of = Self::growth, forward = Self::growth_jvp)]
    fn growth_vjp(&self, t: f64) -> (f64, impl Fn(f64) -> (RateTangentVector, f64)) {
        let k = self.k;
        (self.growth(t), move |d| {
            (RateTangentVector { k: d * t.exp() }, d * k * t.exp())
        })
    }
}

impl Rate {
    fn growth_jvp(&self, t: f64) -> (f64, impl Fn(RateTangentVector, f64) -> f64) {
        count_differential();
        let k = self.k;
        (self.growth(t), move |dr, dt| {
            dr.k * t.exp() + k * t.exp() * dt
        })
    }
}

#[differentiable]
fn rates(a: f64, b: f64) -> f64 {
    let r = Rate { k: a };
    r.decay(b) + r.spread(a * b) + r.growth(b) * a
}

#[test]
fn registrations_of_methods_in_other_impl_blocks_and_by_value_self() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let before = calls();
        let (da, db) = gradient!(at: a, b, of: rates);
        assert_eq!(
            calls().0,
            before.0 + 1,
            "the reverse registration of `decay` ran"
        );
        let f = |p: &[f64]| rates(p[0], p[1]);
        assert_grad_fd(f, &[a, b], &[da, db]);
        let (_, differential) = value_with_differential!(at: a, b, of: rates);
        let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
        assert!(calls().1 > before.1, "forward mode calls `growth_jvp`");
        assert_grad_fd(f, &[a, b], &forward);
    }
}

#[test]
fn a_reverse_registration_of_a_shared_self_method_in_forward_mode() {
    let before = calls();
    let t = differentiate!(at: 0.8, of: |t: f64| Rate { k: 1.5 }.decay(t));
    assert_close(t, 1.5 * 0.8f64.cos());
    assert!(
        calls().0 > before.0,
        "forward mode is derived from the pullback"
    );
    let (d, ds) = gradient!(at: Rate { k: 1.5 }, 0.8, of: Rate::spread);
    assert_close(d.k, 0.64);
    assert_close(ds, 2.0 * 1.5 * 0.8);
}

#[test]
fn a_registration_with_wrt_on_a_shared_self_method() {
    let (ad::NoTangent, dt) = gradient!(at: &Rate { k: 0.5 }, 2.0, of: Rate::gain);
    assert_close(dt, 0.5f64.exp());
    let d = differentiate!(at: 2.0, of: |t: f64| Rate { k: 0.5 }.gain(t * t));
    assert_close(d, 0.5f64.exp() * 4.0);
}

/// An activation whose reverse and forward registrations stand in two impl blocks.
struct Activation;

impl Activation {
    fn softplus(x: f64) -> f64 {
        x.exp().ln_1p()
    }

    #[derivative(of = Self::softplus)]
    fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_pullback();
        let slope = 1.0 / (1.0 + (-x).exp());
        (Self::softplus(x), move |d| d * slope)
    }
}

impl Activation {
    #[derivative(of = Self::softplus, forward)]
    fn softplus_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_differential();
        let slope = 1.0 / (1.0 + (-x).exp());
        (Self::softplus(x), move |t| t * slope)
    }
}

#[differentiable]
fn uses_softplus(x: f64, y: f64) -> f64 {
    Activation::softplus(x * y) - y
}

#[test]
fn registrations_in_two_impl_blocks_of_one_type_each_serve_their_mode() {
    let (x, y) = (0.8, -1.2);
    let before = calls();
    let (dx, dy) = gradient!(at: x, y, of: uses_softplus);
    assert_eq!(calls(), (before.0 + 1, before.1), "the pullback ran once");
    let (_, differential) = value_with_differential!(at: x, y, of: uses_softplus);
    let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
    assert_eq!(calls().0, before.0 + 1, "forward mode calls no pullback");
    assert!(
        calls().1 >= before.1 + 2,
        "forward mode calls the differential"
    );
    let f = |p: &[f64]| uses_softplus(p[0], p[1]);
    assert_grad_fd(f, &[x, y], &[dx, dy]);
    assert_grad_fd(f, &[x, y], &forward);
    let s = 1.0 / (1.0 + (-x * y as f64).exp());
    assert_close(dx, s * y);
}

/// Methods differentiated from their bodies, one with its forward derivative registered and
/// one with its reverse derivative registered: each mode runs the registered rule where there
/// is one and the derived one elsewhere.
struct Smooth;

impl Smooth {
    #[differentiable]
    fn softplus(x: f64) -> f64 {
        x.exp().ln_1p()
    }

    #[derivative(of = Self::softplus, forward)]
    fn softplus_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_differential();
        let slope = 1.0 / (1.0 + (-x).exp());
        (x.exp().ln_1p(), move |t| t * slope)
    }

    #[differentiable]
    fn swish(x: f64) -> f64 {
        x / (1.0 + (-x).exp())
    }

    #[derivative(of = Self::swish)]
    fn swish_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        count_pullback();
        let s = 1.0 / (1.0 + (-x).exp());
        (x * s, move |d| d * (s + x * s * (1.0 - s)))
    }
}

#[differentiable]
fn uses_smooth(x: f64, y: f64) -> f64 {
    Smooth::softplus(x * y) + Smooth::swish(x - y)
}

#[test]
fn a_differentiable_method_with_one_mode_registered_uses_the_registration_there() {
    let (x, y) = (0.6, -0.9);
    let before = calls();
    let (dx, dy) = gradient!(at: x, y, of: uses_smooth);
    assert_eq!(
        calls(),
        (before.0 + 1, before.1),
        "reverse mode runs the registered pullback of swish and softplus's derived one"
    );
    let (value, differential) = value_with_differential!(at: x, y, of: uses_smooth);
    let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
    let after = calls();
    assert_eq!(after.0, before.0 + 1, "forward mode runs no pullback");
    assert!(
        after.1 > before.1,
        "forward mode runs the registered differential of softplus"
    );
    assert_close(value, uses_smooth(x, y));
    let f = |p: &[f64]| uses_smooth(p[0], p[1]);
    assert_grad_fd(f, &[x, y], &[dx, dy]);
    assert_grad_fd(f, &[x, y], &forward);
    let second = hessian!(at: vec![x, y], of: |p: Vec<f64>| uses_smooth(p[0], p[1]));
    let g0 = |p: &[f64]| gradient!(at: p[0], p[1], of: uses_smooth).0;
    assert_grad_fd(g0, &[x, y], &[second[[0, 0]], second[[0, 1]]]);
}
