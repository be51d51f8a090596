//! User enums with payloads (`#[derive(Differentiable)]`): matched with payload bindings
//! (`Shape::Circle(r)`, `Shape::Rect { w, h }`) when the enum is a differentiated parameter,
//! and built inside the function from differentiated values (a state machine over an enum).
//! The enum's tangent is a struct with one tuple of field tangents per variant
//! (`ShapeTangentVector { circle: (f64,), rect: (f64, f64) }`).

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Circle(f64),
    Rect { w: f64, h: f64 },
    Tagged(usize, f64),
    Empty,
}

/// The area, matched with payload bindings.
#[differentiable]
fn area(s: Shape, scale: f64) -> f64 {
    match s {
        Shape::Circle(r) => std::f64::consts::PI * r * r * scale,
        Shape::Rect { w, h } => w * h * scale,
        Shape::Tagged(n, side) => n as f64 * side * side * scale,
        Shape::Empty => scale,
    }
}

/// The gradient with respect to the shape: the tangent of the variant it holds, zero in the
/// others; checked against central differences of `area` in each payload.
#[test]
fn payload_bindings_of_a_differentiated_enum() {
    let pi = std::f64::consts::PI;
    let (d, dscale) = gradient!(at: Shape::Circle(1.5), 2.0, of: area);
    crate::assert_close(d.circle.0, 2.0 * pi * 1.5 * 2.0);
    crate::assert_close(d.rect.0 + d.rect.1 + d.tagged.0, 0.0);
    crate::assert_close(dscale, pi * 1.5 * 1.5);
    crate::assert_deriv_fd(|r| area(Shape::Circle(r), 2.0), 1.5, d.circle.0);

    let (d, _) = gradient!(at: Shape::Rect { w: 2.0, h: 3.0 }, 0.5, of: area);
    crate::assert_deriv_fd(|w| area(Shape::Rect { w, h: 3.0 }, 0.5), 2.0, d.rect.0);
    crate::assert_deriv_fd(|h| area(Shape::Rect { w: 2.0, h }, 0.5), 3.0, d.rect.1);
    crate::assert_close(d.circle.0, 0.0);

    let (d, dscale) = gradient!(at: Shape::Tagged(3, 0.7), 1.5, of: area);
    crate::assert_deriv_fd(|a| area(Shape::Tagged(3, a), 1.5), 0.7, d.tagged.0);
    crate::assert_deriv_fd(|t| area(Shape::Tagged(3, 0.7), t), 1.5, dscale);

    let (_, dscale) = gradient!(at: Shape::Empty, 1.5, of: area);
    crate::assert_close(dscale, 1.0);
}

/// Forward mode agrees: `differentiate!` along one payload.
#[test]
fn payload_bindings_in_forward_mode() {
    let d = differentiate!(at: 2.0, of: |w: f64| area(Shape::Rect { w, h: 3.0 }, 0.5));
    crate::assert_close(d, 1.5);
    let (value, differential) =
        value_with_differential!(at: Shape::Rect { w: 2.0, h: 3.0 }, 0.5, of: area);
    crate::assert_close(value, 3.0);
    let mut t = ShapeTangentVector {
        circle: (0.0,),
        rect: (1.0, 0.0),
        tagged: (0.0,),
    };
    crate::assert_close(differential(t.clone(), 0.0), 1.5);
    t.rect = (0.0, 1.0);
    crate::assert_close(differential(t, 1.0), 1.0 + 6.0);
}

/// An enum by reference, matched through `match s` (default binding modes), and `if let`.
#[differentiable]
fn perimeter(s: &Shape, x: f64) -> f64 {
    let base = match s {
        Shape::Circle(r) => 2.0 * std::f64::consts::PI * r,
        Shape::Rect { w, h } => 2.0 * (w + h),
        _ => 0.0,
    };
    if let Shape::Rect { w, .. } = s {
        base * x + w * x * x
    } else {
        base * x
    }
}

#[test]
fn an_enum_by_reference() {
    let s = Shape::Rect { w: 2.0, h: 3.0 };
    let (d, dx) = gradient!(at: &s, 1.5, of: perimeter);
    crate::assert_deriv_fd(
        |w| perimeter(&Shape::Rect { w, h: 3.0 }, 1.5),
        2.0,
        d.rect.0,
    );
    crate::assert_deriv_fd(
        |h| perimeter(&Shape::Rect { w: 2.0, h }, 1.5),
        3.0,
        d.rect.1,
    );
    crate::assert_deriv_fd(|x| perimeter(&s, x), 1.5, dx);
}

/// The states of a moving body: an enum built from differentiated values in a loop.
#[derive(Differentiable, Clone, Copy, Debug)]
enum State {
    Idle(f64),
    Running { speed: f64, distance: f64 },
    Done(f64),
}

/// A state machine over `State`: idle until the energy is positive, then running with a
/// speed that decays, then done once it went far enough.
#[differentiable]
fn travelled(x: f64, y: f64) -> f64 {
    let mut state = State::Idle(x);
    for _ in 0..8 {
        state = match state {
            State::Idle(energy) if energy > 0.0 => State::Running {
                speed: energy * y,
                distance: 0.0,
            },
            State::Idle(energy) => State::Done(energy * energy),
            State::Running { distance, .. } if distance > 3.0 => State::Done(distance),
            State::Running { speed, distance } => State::Running {
                speed: speed * 0.9,
                distance: distance + speed,
            },
            State::Done(d) => State::Done(d),
        };
    }
    match state {
        State::Done(d) => d,
        State::Running { distance, .. } => distance * 2.0,
        State::Idle(e) => e,
    }
}

#[test]
fn a_state_machine_over_an_enum() {
    // Done after a few steps, still running, and never started.
    check_idiom!(travelled, [(1.3, 1.1), (0.5, 0.3), (-0.8, 0.4)]);
    check_hessian!(travelled, [(1.3, 1.1), (0.5, 0.3)]);
}

/// A method on a differentiable enum, building another variant.
impl Shape {
    #[differentiable]
    fn scaled(&self, k: f64) -> Shape {
        match self {
            Shape::Circle(r) => Shape::Circle(r * k),
            Shape::Rect { w, h } => Shape::Rect { w: w * k, h: h * k },
            other => *other,
        }
    }
}

#[differentiable]
fn scaled_area(x: f64, y: f64) -> f64 {
    let shape = if x > 0.0 {
        Shape::Rect { w: x, h: y }
    } else {
        Shape::Circle(y)
    };
    area(shape.scaled(x * y), y)
}

#[test]
fn an_enum_built_and_rebuilt_by_a_method() {
    check_idiom!(scaled_area, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(scaled_area, [(0.5, 1.5), (-1.2, 0.3)]);
}

/// `move_by` moves the payload of the variant the value holds.
#[test]
fn gradient_steps_on_an_enum() {
    let mut s = Shape::Rect { w: 2.0, h: 3.0 };
    let (d, _) = gradient!(at: s, 1.0, of: area);
    s.move_by(&d.scaled(-0.1));
    assert_eq!(
        s,
        Shape::Rect {
            w: 2.0 - 0.3,
            h: 3.0 - 0.2
        }
    );
}

/// The three paths of `travelled` are taken at the points its test uses, so that each
/// variant's derivative is exercised.
#[test]
fn the_state_machine_takes_each_path() {
    let (_, (dx, dy)) = value_with_gradient!(at: 1.3, 1.1, of: travelled);
    assert!(dx != 0.0 && dy != 0.0);
    // Never started: Done(x²), whose derivative in y is zero.
    let (value, (dx, dy)) = value_with_gradient!(at: -0.8, 0.4, of: travelled);
    crate::assert_close(value, 0.64);
    crate::assert_close(dx, -1.6);
    crate::assert_close(dy, 0.0);
}

/// A generic enum as a differentiated parameter.
#[derive(Differentiable, Clone, Copy, Debug)]
enum Pair<T> {
    Both(T, T),
    One(T),
}

#[differentiable]
fn pair_product(p: Pair<f64>, y: f64) -> f64 {
    match p {
        Pair::Both(a, b) => a * b * y,
        Pair::One(a) => a + y,
    }
}

#[test]
fn a_generic_enum_as_a_parameter() {
    let (d, dy) = gradient!(at: Pair::Both(2.0, 3.0), 0.5, of: pair_product);
    assert_eq!((d.both, dy), ((1.5, 1.0), 6.0));
    crate::assert_deriv_fd(|a| pair_product(Pair::Both(a, 3.0), 0.5), 2.0, d.both.0);
    let (d, dy) = gradient!(at: Pair::One(2.0), 0.5, of: pair_product);
    assert_eq!((d.one, d.both, dy), ((1.0,), (0.0, 0.0), 1.0));
}

/// A generic enum built in the body, in branches and at the top, then matched.
#[differentiable]
fn pairs_built_here(x: f64, y: f64) -> f64 {
    let p = if x > 0.0 {
        Pair::Both(x, y)
    } else {
        Pair::One(y)
    };
    let q = Pair::Both(x * y, y);
    let r = match q {
        Pair::Both(a, b) => a + b,
        Pair::One(a) => a,
    };
    r * match p {
        Pair::Both(a, b) => a * b,
        Pair::One(a) => a.sin(),
    }
}

/// A generic struct built in the body and updated field by field.
#[derive(Differentiable, Clone, Copy, Debug)]
struct Duo<T> {
    a: T,
    b: T,
}

#[differentiable]
fn duo_built_here(x: f64, y: f64) -> f64 {
    let mut d = Duo { a: x, b: y };
    d.a = d.a * y;
    let e = if y > 0.0 { Duo { a: d.b, b: x } } else { d };
    d.a * d.b + e.a * e.b.exp()
}

#[test]
fn generic_types_built_in_the_body() {
    check_idiom!(pairs_built_here, [(0.5, 1.5), (-0.5, 1.5)]);
    check_hessian!(pairs_built_here, [(0.5, 1.5), (-0.5, 1.5)]);
    check_idiom!(duo_built_here, [(0.5, 1.5), (-0.5, -1.5)]);
    check_hessian!(duo_built_here, [(0.5, 1.5), (-0.5, -1.5)]);
}
