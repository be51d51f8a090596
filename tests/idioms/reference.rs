//! Constructs the guide's reference page (`src/guide/supported.md`) lists that no other test
//! covered: a struct pattern in a `let`, reborrows of struct elements and methods called on
//! reborrows, the mutable elements of an array, `to_vec` of a `Vec`, a `for` loop over
//! `chunks`, a read by reference `&xs[i]`, a `static`, and `#[cfg]` on parameters and on
//! fields of patterns. Every mode against central differences (and closed forms).

use crate::check::{check_hessian, check_idiom, check_slice_idiom};
use ad::prelude::*;

#[derive(Differentiable, Clone, Copy, Debug)]
struct Pt {
    x: f64,
    y: f64,
}

/// `let Pt { x: a, y: b } = p;`
#[differentiable]
fn destructured(x: f64, y: f64) -> f64 {
    let p = Pt {
        x: x * y,
        y: y.sin(),
    };
    let Pt { x: a, y: b } = p;
    a * b + a
}

/// `let p = &mut ps[i]; p.x += ..`, and a method called on a reborrow.
#[differentiable]
fn nudged(x: f64, y: f64) -> f64 {
    let mut ps = vec![Pt { x, y }, Pt { x: y, y: x * x }];
    for i in 0..ps.len() {
        let p = &mut ps[i];
        p.x += 0.5 * p.y;
    }
    let mut acc = ps[0].x * ps[1].x;
    let r = &mut acc;
    *r = r.sin() * y;
    acc + ps[1].y
}

/// `for a in arr.iter_mut() { *a *= y; }` over an array `[f64; 3]`.
#[differentiable]
fn scaled_array(x: f64, y: f64) -> f64 {
    let mut arr = [x, y, x * y];
    for a in arr.iter_mut() {
        *a *= y;
    }
    arr[0] + arr[1] * arr[2]
}

/// `to_vec` of a `Vec`: a copy, changed apart from the original.
#[differentiable]
fn copied_vec(x: f64, y: f64) -> f64 {
    let v = vec![x, y];
    let mut w = v.to_vec();
    w[0] *= y;
    w[0] + v[0] * w[1]
}

/// A `for` loop over `xs.chunks(2)`, each piece read by index.
#[differentiable]
fn chunked(xs: &[f64]) -> f64 {
    let mut total = 0.0;
    for c in xs.chunks(2) {
        total += c[0] * c[c.len() - 1];
    }
    total
}

/// A read by reference, `&xs[i]`.
#[differentiable]
fn by_reference(xs: &[f64]) -> f64 {
    let mut total = 0.0;
    for i in 0..xs.len() {
        let r = &xs[i];
        total += r * r.sin();
    }
    total
}

static SCALE: f64 = 2.5;

/// A `static` read beside differentiated values: a constant.
#[differentiable]
fn with_static(x: f64, y: f64) -> f64 {
    x * SCALE + y.powi(2) / SCALE
}

/// `#[cfg]` on a parameter and on the fields of a pattern: rustc keeps the ones that hold.
#[differentiable]
fn configured_parts(
    x: f64,
    #[cfg(target_pointer_width = "64")] y: f64,
    #[cfg(not(target_pointer_width = "64"))] y: f32,
) -> f64 {
    let p = Pt { x: x * y, y: x };
    let Pt {
        x: a,
        #[cfg(target_pointer_width = "64")]
            y: b,
        #[cfg(not(target_pointer_width = "64"))]
            y: _,
    } = p;
    #[cfg(not(target_pointer_width = "64"))]
    let b = 100.0;
    a * b + y as f64
}

#[test]
fn the_reference_pages_constructs() {
    let points = [(0.7, 1.3), (-0.4, 2.1)];
    check_idiom!(destructured, [(0.7, 1.3), (-0.4, 2.1)]);
    check_hessian!(destructured, [(0.7, 1.3)]);
    // Closed form: x y sin y + x y.
    let (dx, dy) = ad::gradient!(at: points[0].0, points[0].1, of: destructured);
    let (x, y) = points[0];
    crate::assert_close(dx, y * y.sin() + y);
    crate::assert_close(dy, x * y.sin() + x * y * y.cos() + x);
    check_idiom!(nudged, [(0.7, 1.3), (-0.4, 2.1)]);
    check_hessian!(nudged, [(0.7, 1.3)]);
    check_idiom!(scaled_array, [(0.7, 1.3), (-0.4, 2.1)]);
    check_hessian!(scaled_array, [(0.7, 1.3)]);
    check_idiom!(copied_vec, [(0.7, 1.3), (-0.4, 2.1)]);
    check_hessian!(copied_vec, [(0.7, 1.3)]);
    check_slice_idiom!(chunked, [vec![0.5, -1.0, 2.0, 0.3, 1.1], vec![1.5, 0.2]]);
    check_slice_idiom!(by_reference, [vec![0.5, -1.0, 2.0], vec![1.5]]);
    check_idiom!(with_static, [(0.7, 1.3)]);
    check_hessian!(with_static, [(0.7, 1.3)]);
    // Closed form: ∂/∂x = 2.5, ∂/∂y = 2y / 2.5.
    let (dx, dy) = ad::gradient!(at: 0.7, 1.3, of: with_static);
    crate::assert_close(dx, 2.5);
    crate::assert_close(dy, 2.0 * 1.3 / 2.5);
    check_idiom!(configured_parts, [(0.7, 1.3), (-0.4, 2.1)]);
    // Closed form on 64-bit targets: x² y + y.
    #[cfg(target_pointer_width = "64")]
    {
        let (dx, dy) = ad::gradient!(at: 0.7, 1.3, of: configured_parts);
        crate::assert_close(dx, 2.0 * 0.7 * 1.3);
        crate::assert_close(dy, 0.49 + 1.0);
    }
}
