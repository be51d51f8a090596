//! Control flow as Rust programmers write it: `match` on tuples with guards and on ranges
//! (integer and float), helpers returning `Option` read by `if let`, `let .. else` and
//! `match`, labelled blocks and loops, `continue`, early `return` from loops, `%` and
//! `rem_euclid` for periodic functions, `sin_cos`, sorting then reading positions, `fill`,
//! `mem::swap`, conditional `&mut` reborrows, closures bound by `let`, recursion, shadowing.

use crate::check::{check_hessian, check_idiom};
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_close, assert_close_tol};
use ad::prelude::*;
use std::f64::consts::{PI, TAU};

/// A value by quadrant: `match` on a pair of signs, with guards.
#[differentiable]
fn by_quadrant(x: f64, y: f64) -> f64 {
    match (x >= 0.0, y >= 0.0) {
        (true, true) if x > y => x * x - y,
        (true, true) => x * y,
        (false, true) => y.exp() - x,
        (true, false) | (false, false) => (x - y).sin(),
    }
}

#[test]
fn match_on_a_tuple_with_guards() {
    check_idiom!(
        by_quadrant,
        [
            (1.5, 0.5),
            (0.5, 1.5),
            (-0.7, 0.9),
            (0.8, -1.1),
            (-0.4, -0.3)
        ]
    );
}

/// The smaller positive root of a x² + b x + c, if any.
#[differentiable]
fn positive_root(a: f64, b: f64, c: f64) -> Option<f64> {
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return None;
    }
    let sq = disc.sqrt();
    let r1 = (-b - sq) / (2.0 * a);
    let r2 = (-b + sq) / (2.0 * a);
    if r1 > 0.0 {
        Some(r1)
    } else if r2 > 0.0 {
        Some(r2)
    } else {
        None
    }
}

/// `if let Some(..)` on the helper.
#[differentiable]
fn time_to_hit(height: f64, speed: f64) -> f64 {
    // height + speed t - 4.9 t² = 0.
    if let Some(t) = positive_root(-4.9, speed, height) {
        t * speed
    } else {
        0.0
    }
}

#[test]
fn if_let_some_on_a_helper() {
    check_idiom!(time_to_hit, [(10.0, 3.0), (2.0, -1.0)]);
    check_hessian!(time_to_hit, [(10.0, 3.0)]);
}

/// `let .. else` on the helper, returning early.
#[differentiable]
fn first_crossing(b: f64, c: f64) -> f64 {
    let Some(t) = positive_root(1.0, b, c) else {
        return c * c;
    };
    t.ln()
}

#[test]
fn let_else_on_a_helper() {
    // Roots of t² + b t + c: two positive ones at (-3, 2), none at (1, 1).
    check_idiom!(first_crossing, [(-3.0, 2.0), (-3.5, 1.2), (1.0, 1.0)]);
    // At (-3, 2) the smaller root is 1, with ∂t/∂b = -t / (2t + b), ∂t/∂c = -1 / (2t + b).
    let (db, dc) = gradient!(at: -3.0, 2.0, of: first_crossing);
    assert_close(db, 1.0);
    assert_close(dc, 1.0);
}

/// `match` on the helper's result with a guard on the payload.
#[differentiable]
fn classified_root(b: f64, c: f64) -> f64 {
    match positive_root(1.0, b, c) {
        Some(t) if t > 1.5 => t * b,
        Some(t) => t + c,
        None => b - c,
    }
}

#[test]
fn match_on_an_option_with_a_guard() {
    check_idiom!(classified_root, [(-5.0, 6.0), (-3.0, 2.0), (1.0, 1.0)]);
}

/// `match` on ranges of a float, with half-open and inclusive patterns. (`..=-1.0` fails to
/// compile, reported; `..-1.0` is the exclusive form.)
#[differentiable]
fn piecewise(x: f64) -> f64 {
    match x {
        ..-1.0 => -x - 0.5,
        -1.0..0.0 => 0.5 * x * x,
        0.0..=2.0 => x.sin() * 0.5,
        _ => x.ln(),
    }
}

#[test]
fn match_on_float_ranges() {
    check_idiom!(piecewise, [-2.5, -0.4, 1.3, 5.0]);
    assert_close(gradient!(at: 5.0, of: piecewise), 0.2);
}

/// `match` on integer ranges of the loop counter.
#[differentiable]
fn scheduled(x: f64, y: f64) -> f64 {
    let mut acc = x;
    for k in 0..10 {
        acc = match k {
            0 => acc * y,
            1..=3 => acc + y * 0.5,
            4 | 6 | 8 => acc * 0.9,
            _ => (acc * 0.3).sin() + acc,
        };
    }
    acc
}

#[test]
fn match_on_integer_ranges_of_a_counter() {
    check_idiom!(scheduled, [(0.5, 1.2), (-1.1, 0.3)]);
    check_hessian!(scheduled, [(0.5, 1.2)]);
}

/// A labelled block over two nested loops: the first grid point where a function exceeds a
/// level, else a default.
#[differentiable]
fn first_grid_hit(x: f64, y: f64) -> f64 {
    let hit = 'search: {
        for i in 0..5 {
            for j in 0..5 {
                let value = x * i as f64 + y * j as f64;
                if value > 3.0 {
                    break 'search value * x;
                }
            }
        }
        x + y
    };
    hit * 2.0
}

#[test]
fn a_labelled_block_over_nested_loops() {
    check_idiom!(first_grid_hit, [(0.7, 1.1), (0.1, 0.2), (2.3, -0.4)]);
}

/// `continue 'outer` and `break 'outer` in nested loops.
#[differentiable]
fn labelled_loops(x: f64, y: f64) -> f64 {
    let mut total = 0.0;
    'outer: for i in 0..6 {
        for j in 0..6 {
            if j > i {
                continue 'outer;
            }
            total += x.powi(j as i32) * y;
            if total > 20.0 {
                break 'outer;
            }
        }
    }
    total
}

#[test]
fn labelled_continue_and_break() {
    check_idiom!(labelled_loops, [(0.9, 0.5), (1.6, 1.3)]);
}

/// `continue` skipping some items, and an early `return` from inside the loop.
#[differentiable]
fn sum_until_negative(xs: &[f64], scale: f64) -> f64 {
    let mut total = 0.0;
    for &x in xs {
        if x.abs() < 0.1 {
            continue;
        }
        if x < 0.0 {
            return total * scale + x;
        }
        total += x * x;
    }
    total * scale
}

#[test]
fn continue_and_an_early_return_from_a_loop() {
    crate::check::check_slice_idiom!(
        sum_until_negative,
        [
            (vec![0.5, 0.05, 2.0, -1.0, 3.0], 1.5),
            (vec![1.0, 0.02, 0.7], 0.3)
        ]
    );
}

/// A triangle wave by `%` on the phase.
#[differentiable]
fn triangle_wave(t: f64, period: f64) -> f64 {
    let phase = (t / period) % 1.0;
    if phase < 0.5 {
        4.0 * phase - 1.0
    } else {
        3.0 - 4.0 * phase
    }
}

#[test]
fn a_periodic_function_by_remainder() {
    check_idiom!(
        triangle_wave,
        [(0.3, 1.3), (0.9, 1.3), (2.9, 1.3), (7.4, 2.2)]
    );
    // At t = 0.3, period 1.3: phase = t / p, rising: ∂t = 4 / p, ∂p = -4 t / p².
    let (dt, dp) = gradient!(at: 0.3, 1.3, of: triangle_wave);
    assert_close(dt, 4.0 / 1.3);
    assert_close(dp, -4.0 * 0.3 / (1.3 * 1.3));
}

/// The difference of two angles wrapped into [-π, π) by `rem_euclid`.
#[differentiable]
fn angle_error(a: f64, b: f64) -> f64 {
    let d = (a - b + PI).rem_euclid(TAU) - PI;
    d * d
}

#[test]
fn angles_wrapped_by_rem_euclid() {
    check_idiom!(angle_error, [(0.3, 6.0), (3.0, -3.0), (10.0, 0.5)]);
    check_hessian!(angle_error, [(0.3, 6.0)]);
    // At (0.3, 6.0): d = 0.3 - 6.0 + 2π.
    let d = 0.3 - 6.0 + TAU;
    let (da, db) = gradient!(at: 0.3, 6.0, of: angle_error);
    assert_close(da, 2.0 * d);
    assert_close(db, -2.0 * d);
}

/// A sum over a circle of points by `sin_cos`, weighted by their distance to a point.
#[differentiable]
fn ring_potential(x: f64, radius: f64) -> f64 {
    let mut total = 0.0;
    for k in 0..8 {
        let (s, c) = (k as f64 * TAU / 8.0).sin_cos();
        let (px, py) = (radius * c, radius * s);
        total += 1.0 / ((px - x).powi(2) + py * py).sqrt();
    }
    total
}

#[test]
fn points_on_a_circle_by_sin_cos() {
    check_idiom!(ring_potential, [(0.3, 1.5), (2.5, 1.0)]);
    check_hessian!(ring_potential, [(0.3, 1.5)]);
}

/// Sorted with `sort_by`, then the second largest and the range read by position.
#[differentiable]
fn spread(x: f64, y: f64) -> f64 {
    let mut v = vec![x, y.exp(), x * y, 0.3, (x - y).abs()];
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    v[n - 2] + (v[n - 1] - v[0])
}

#[test]
fn sorted_then_read_by_position() {
    check_idiom!(spread, [(0.9, 0.2), (2.0, -1.3), (-0.4, 0.8)]);
}

/// A buffer reset with `fill` in every outer iteration, then accumulated.
#[differentiable]
fn histogram_energy(x: f64, y: f64) -> f64 {
    let mut bins = vec![0.0; 4];
    let mut energy = 0.0;
    for round in 0..3 {
        bins.fill(y);
        for k in 0..8 {
            let value = x * (k + round) as f64;
            bins[k % 4] += value.sin();
        }
        for b in bins.iter() {
            energy += b * b;
        }
    }
    energy
}

#[test]
fn a_buffer_reset_by_fill() {
    check_idiom!(histogram_energy, [(0.4, 1.3), (-1.1, 0.6)]);
    check_hessian!(histogram_energy, [(0.4, 1.3)]);
}

/// A read of the vector before `fill`: its cotangent is added into the length-less zero the
/// `fill` rule returns for the overwritten vector (it was once dropped, giving (0, x) instead
/// of (y, x)).
#[differentiable]
fn read_then_fill(x: f64, y: f64) -> f64 {
    let mut v = vec![x];
    let a = v[0];
    v.fill(y);
    a * v[0]
}

#[test]

fn a_vector_read_then_filled() {
    check_idiom!(read_then_fill, [(0.4, 1.3)]);
}

/// Bounds put in order by `std::mem::swap`, then an integral between them.
#[differentiable]
fn ordered_integral(a: f64, b: f64) -> f64 {
    let (mut lo, mut hi) = (a, b);
    if lo > hi {
        std::mem::swap(&mut lo, &mut hi);
    }
    // ∫ t² from lo to hi.
    (hi * hi * hi - lo * lo * lo) / 3.0
}

#[test]
fn bounds_ordered_by_mem_swap() {
    check_idiom!(ordered_integral, [(0.5, 2.0), (2.0, 0.5), (-1.0, -3.0)]);
    let (da, db) = gradient!(at: 2.0, 0.5, of: ordered_integral);
    assert_close(da, 4.0);
    assert_close(db, -0.25);
}

/// `&&` and `||` with float conditions in a loop.
#[differentiable]
fn band_sum(x: f64, y: f64) -> f64 {
    let mut total = 0.0;
    for k in 0..12 {
        let t = k as f64 * 0.25;
        let v = (x * t).sin() + y;
        if (v > 0.2 && v < 1.2) || t > 2.5 {
            total += v * v;
        } else if !(v < -0.5) {
            total += v;
        }
    }
    total
}

#[test]
fn short_circuits_with_float_conditions() {
    check_idiom!(band_sum, [(0.83, 0.31), (1.97, -0.13)]);
}

/// A closure bound by `let`, capturing a parameter, called several times.
#[differentiable]
fn with_closure(x: f64, y: f64) -> f64 {
    let bump = |t: f64| (-(t - y) * (t - y)).exp();
    let mut total = 0.0;
    for k in 0..5 {
        total += bump(k as f64 * 0.5) * x;
    }
    total + bump(x)
}

#[test]
fn a_closure_bound_by_let() {
    check_idiom!(with_closure, [(0.7, 1.3), (-0.5, 0.2)]);
    check_hessian!(with_closure, [(0.7, 1.3)]);
}

/// Exponentiation by squaring, recursive.
#[differentiable]
fn power(x: f64, n: u32) -> f64 {
    if n == 0 {
        1.0
    } else if n % 2 == 0 {
        let half = power(x, n / 2);
        half * half
    } else {
        x * power(x, n - 1)
    }
}

#[differentiable]
fn powers_sum(x: f64, y: f64) -> f64 {
    power(x, 7) + power(y, 10) * x
}

#[test]
fn recursion_by_squaring() {
    check_idiom!(powers_sum, [(0.9, 1.1), (-1.2, 0.7)]);
    check_hessian!(powers_sum, [(0.9, 1.1)]);
    let (x, y) = (0.9f64, 1.1f64);
    let (dx, dy) = gradient!(at: x, y, of: powers_sum);
    assert_close(dx, 7.0 * x.powi(6) + y.powi(10));
    assert_close(dy, 10.0 * y.powi(9) * x);
}

/// Shadowing, an `if` as an argument, and a block as a value.
#[differentiable]
fn shadowed(x: f64, y: f64) -> f64 {
    let x = x * 2.0;
    let y = {
        let t = y.sin();
        t * t + x
    };
    let x = x.max(y * 0.5);
    x.hypot(if y > 1.0 { y } else { 1.0 - y })
}

#[test]
fn shadowing_and_blocks_as_values() {
    check_idiom!(shadowed, [(0.7, 1.3), (-0.5, 0.2), (1.5, -2.0)]);
}

/// A `loop` with `break value`: Newton for x = e^(-a x).
#[differentiable]
fn self_consistent(a: f64) -> f64 {
    let mut x = 0.5;
    let mut k = 0;
    loop {
        let e = (-a * x).exp();
        let next = x - (x - e) / (1.0 + a * e);
        k += 1;
        if (next - x).abs() < 1e-15 || k == 50 {
            break next;
        }
        x = next;
    }
}

#[test]
fn a_loop_left_with_a_value() {
    check_idiom!(self_consistent, [0.5, 2.0]);
    // x = e^(-a x): dx/da = -x e / (1 + a e) with e = x.
    for a in [0.5f64, 2.0] {
        let (x, da) = value_with_gradient!(at: a, of: self_consistent);
        assert_close_tol(da, -x * x / (1.0 + a * x), 1e-9);
    }
}

/// A `while` whose condition reads floats and an integer guard.
#[differentiable]
fn doubling_time(rate: f64, start: f64) -> f64 {
    let mut amount = start;
    let mut years = 0;
    while amount < 2.0 * start && years < 100 {
        amount *= 1.0 + rate;
        years += 1;
    }
    amount / start + years as f64
}

#[test]
fn a_while_on_floats_and_an_integer() {
    check_idiom!(doubling_time, [(0.07, 3.0), (0.13, 0.5)]);
}

/// Mutual recursion: two steps that call each other, one marked `recursive`.
#[differentiable(recursive)]
fn descend_even(x: f64, n: u32) -> f64 {
    if n == 0 {
        x
    } else {
        descend_odd(x * 1.1 - 0.05, n - 1)
    }
}

#[differentiable]
fn descend_odd(x: f64, n: u32) -> f64 {
    if n == 0 {
        x * x
    } else {
        descend_even(x.sin() + 0.5, n - 1)
    }
}

#[differentiable]
fn alternating(x: f64, y: f64) -> f64 {
    descend_even(x, 5) * y + descend_odd(y, 4)
}

#[test]
fn mutual_recursion() {
    check_idiom!(alternating, [(0.4, 1.3), (-1.1, 0.6)]);
    check_hessian!(alternating, [(0.4, 1.3)]);
}

/// Loops over `enumerate().rev()` and over an index range `.step_by(2)`.
#[differentiable]
fn backwards_and_strided(xs: &[f64]) -> f64 {
    let mut acc = 0.0;
    for (i, &x) in xs.iter().enumerate().rev() {
        acc = acc * 0.5 + x * i as f64;
    }
    let mut product = 1.0;
    for i in (0..xs.len()).step_by(2) {
        product *= xs[i];
    }
    acc + product
}

#[test]
fn reversed_enumeration_and_a_strided_range() {
    crate::check::check_slice_idiom!(
        backwards_and_strided,
        [vec![0.5, -1.2, 2.0, 0.3, -0.7], vec![1.5, 2.0, -0.5, 0.25]]
    );
}

/// `while let Some(next) = helper(..)`: Newton steps for √a while they still move.
#[differentiable]
fn improved(x: f64, a: f64) -> Option<f64> {
    let next = 0.5 * (x + a / x);
    if (next - x).abs() > 1e-14 {
        Some(next)
    } else {
        None
    }
}

#[differentiable]
fn sqrt_while_improving(a: f64, y: f64) -> f64 {
    let mut x = a.max(1.0);
    while let Some(next) = improved(x, a) {
        x = next;
    }
    x * y
}

#[test]
fn while_let_over_a_helper_returning_floats() {
    check_idiom!(sqrt_while_improving, [(2.0, 1.3), (0.3, -0.8)]);
    let (da, dy) = gradient!(at: 2.0, 1.3, of: sqrt_while_improving);
    assert_close_tol(da, 1.3 / (2.0 * 2.0f64.sqrt()), 1e-9);
    assert_close_tol(dy, 2.0f64.sqrt(), 1e-14);
}

/// Closures bound inside a loop (capturing a local the loop updates) and with two
/// parameters.
#[differentiable]
fn closures_in_a_loop(x: f64, y: f64) -> f64 {
    let mut scale = y;
    let mut total = 0.0;
    for k in 0..4 {
        let wave = |t: f64| (t * scale).sin();
        total += wave(x + k as f64);
        scale *= 1.1;
    }
    let dist = |a: f64, b: f64| ((a - b) * (a - b) + 0.01).sqrt();
    total + dist(x, y) + dist(y, 2.0 * x)
}

#[test]
fn closures_bound_in_a_loop_and_with_two_parameters() {
    check_idiom!(closures_in_a_loop, [(0.4, 1.3), (-1.1, 0.6)]);
    check_hessian!(closures_in_a_loop, [(0.4, 1.3)]);
}
