//! `#[cfg(..)]` and `#[cfg_attr(..)]` inside differentiable code, decided as rustc decides
//! them: a configured-out statement, arm or field is not differentiated (issue 33). Every
//! function here is checked in every mode against central differences, and against the
//! value the configured function computes, written out for the target the tests run on.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

const WIDE: bool = cfg!(target_pointer_width = "64");

/// Two `let`s of one name under complementary predicates: only the configured one exists.
#[differentiable]
pub fn either_let(t: f64) -> f64 {
    #[cfg(target_pointer_width = "64")]
    let c = t.sin();
    #[cfg(not(target_pointer_width = "64"))]
    let c = t * 100.0;
    c
}

#[test]
fn complementary_lets() {
    let expected = |t: f64| {
        if WIDE {
            (t.sin(), t.cos())
        } else {
            (t * 100.0, 100.0)
        }
    };
    let (value, slope) = value_with_gradient!(at: 0.5, of: either_let);
    assert!((value - expected(0.5).0).abs() < 1e-15, "{value}");
    assert!((slope - expected(0.5).1).abs() < 1e-15, "{slope}");
    assert_every_mode!(either_let, 0.5);
    assert_every_mode!(either_let, -1.3);
}

/// Assignments and expression statements under `any`, `all` and `not`, in a loop.
#[differentiable]
pub fn configured_steps(x: f64, y: f64) -> f64 {
    let mut s = x;
    for k in 0..3 {
        #[cfg(any(target_pointer_width = "16", target_pointer_width = "64"))]
        {
            s = s * y + 0.1 * k as f64;
        }
        #[cfg(all(unix, not(unix)))]
        {
            s = 1000.0 * s;
        }
        #[cfg(not(any(target_pointer_width = "16", target_pointer_width = "64")))]
        {
            s += y.exp();
        }
    }
    s
}

fn configured_steps_by_hand(x: f64, y: f64) -> f64 {
    let mut s = x;
    for k in 0..3 {
        if WIDE {
            s = s * y + 0.1 * k as f64;
        } else {
            s += y.exp();
        }
    }
    s
}

#[test]
fn statements_under_any_all_and_not() {
    for (x, y) in [(0.7, 1.3), (-0.4, 0.8)] {
        assert_eq!(configured_steps(x, y), configured_steps_by_hand(x, y));
        assert_every_mode!(configured_steps, x, y);
    }
}

/// A match arm that exists on some targets only, and a block's tail chosen by `cfg`.
#[differentiable]
pub fn configured_arm(x: f64) -> f64 {
    let width = usize::BITS;
    let scale = match width {
        #[cfg(target_pointer_width = "64")]
        64 => x.cos(),
        #[cfg(not(target_pointer_width = "64"))]
        64 => x * 1000.0,
        _ => x * x,
    };
    let tail = {
        let y = scale * x;
        #[cfg(target_pointer_width = "64")]
        {
            y * 2.0
        }
        #[cfg(not(target_pointer_width = "64"))]
        {
            y * 1000.0
        }
    };
    tail
}

#[test]
fn arms_and_tails() {
    if WIDE {
        let (value, slope) = value_with_gradient!(at: 0.9, of: configured_arm);
        assert!((value - 2.0 * 0.9 * 0.9f64.cos()).abs() < 1e-14);
        let closed = 2.0 * (0.9f64.cos() - 0.9 * 0.9f64.sin());
        assert!((slope - closed).abs() < 1e-14, "{slope} vs {closed}");
    }
    assert_every_mode!(configured_arm, 0.9);
}

/// A struct with a field on some targets only, built by a literal that configures the same
/// field: the derive sees the configured struct, the literal the configured fields.
#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Pair {
    pub a: f64,
    #[cfg(target_pointer_width = "64")]
    pub b: f64,
}

#[differentiable]
pub fn configured_fields(x: f64) -> f64 {
    let p = Pair {
        a: x * x,
        #[cfg(target_pointer_width = "64")]
        b: x.sin(),
    };
    #[cfg(target_pointer_width = "64")]
    let extra = p.b;
    #[cfg(not(target_pointer_width = "64"))]
    let extra = 0.0;
    p.a + extra
}

#[test]
fn fields_of_struct_literals() {
    let expected = |x: f64| 2.0 * x + if WIDE { x.cos() } else { 0.0 };
    let slope = gradient!(at: 0.3, of: configured_fields);
    assert!((slope - expected(0.3)).abs() < 1e-15);
    assert_every_mode!(configured_fields, 0.3);
}

/// `cfg_attr` that adds a `cfg`: the statement goes when the outer predicate holds and the
/// inner does not; predicates with no atoms (`all()`, `any()`) are decided here too.
#[differentiable]
pub fn configured_by_cfg_attr(x: f64) -> f64 {
    let mut c = x.exp();
    #[cfg_attr(all(), cfg(any()))]
    {
        c = c * 100.0;
    }
    #[cfg_attr(any(), cfg(any()))]
    {
        c = c * x;
    }
    #[cfg_attr(target_pointer_width = "64", cfg(unix))]
    {
        c = c + x.sin();
    }
    c
}

#[test]
fn cfg_attr_adding_a_cfg() {
    let kept = !WIDE || cfg!(unix);
    let by_hand = |x: f64| x.exp() * x + if kept { x.sin() } else { 0.0 };
    let slope_by_hand = |x: f64| x.exp() * x + x.exp() + if kept { x.cos() } else { 0.0 };
    let (value, slope) = value_with_gradient!(at: 0.4, of: configured_by_cfg_attr);
    assert!((value - by_hand(0.4)).abs() < 1e-15);
    assert!((slope - slope_by_hand(0.4)).abs() < 1e-14);
    assert_every_mode!(configured_by_cfg_attr, 0.4);
}

/// A method of a `#[differentiable]` impl with a configured statement, and a method that
/// exists on some targets only.
#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Spring {
    pub k: f64,
}

#[differentiable]
impl Spring {
    pub fn energy(&self, x: f64) -> f64 {
        #[cfg(target_pointer_width = "64")]
        let e = 0.5 * self.k * x * x;
        #[cfg(not(target_pointer_width = "64"))]
        let e = 1000.0 * x;
        e
    }

    #[cfg(not(target_pointer_width = "64"))]
    pub fn narrow_only(&self, x: f64) -> f64 {
        self.k * x
    }
}

#[differentiable]
pub fn spring_energy(x: f64) -> f64 {
    let s = Spring { k: 3.0 };
    s.energy(x)
}

#[test]
fn methods_of_an_impl() {
    if WIDE {
        let slope = gradient!(at: 0.7, of: spring_energy);
        assert!((slope - 3.0 * 0.7).abs() < 1e-15);
    }
    assert_every_mode!(spring_energy, 0.7);
}

/// `cfg!(..)` is a constant condition.
#[differentiable]
pub fn by_cfg_macro(x: f64) -> f64 {
    if cfg!(target_pointer_width = "64") {
        x.sin()
    } else {
        x * 100.0
    }
}

#[test]
fn the_cfg_macro_is_a_condition() {
    let slope = gradient!(at: 0.5, of: by_cfg_macro);
    let closed = if WIDE { 0.5f64.cos() } else { 100.0 };
    assert!((slope - closed).abs() < 1e-15);
    assert_every_mode!(by_cfg_macro, 0.5);
}

/// Predicates without atoms, `cfg(any())` (never) and `cfg(all())` (always), alone in an item
/// (found by the generator: the configured-out shadow was differentiated).
#[differentiable]
pub fn atomless(x0: f64) -> f64 {
    let a1 = x0;
    let mut a2 = x0;
    for _ in 0..2 {
        #[cfg(any())]
        let a1 = a2 * 100.0;
        #[cfg(all())]
        let a1 = a1 * 2.0;
        a2 = a1.sin();
    }
    a2
}

#[test]
fn predicates_without_atoms() {
    let (value, slope) = value_with_gradient!(at: 0.3, of: atomless);
    assert!((value - 0.6f64.sin()).abs() < 1e-15);
    assert!((slope - 2.0 * 0.6f64.cos()).abs() < 1e-15);
    assert_every_mode!(atomless, 0.3);
}
