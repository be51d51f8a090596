//! `+ - * /`, unary `-`, parentheses, literals and constants in whole functions.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

const SCALE: f64 = 2.5;
const OFFSET: f64 = -4.0;

/// p(x) = 3x³ - 2x² + 5x - 7, written out term by term.
#[differentiable]
fn cubic_written_out(x: f64) -> f64 {
    3.0 * x * x * x - 2.0 * x * x + 5.0 * x - 7.0
}

#[test]
fn polynomial_written_out() {
    // p'(x) = 9x² - 4x + 5
    for x in [-2.0f64, 0.0, 0.5, 1.7, 10.0] {
        assert_close(
            gradient!(at: x, of: cubic_written_out),
            9.0 * x * x - 4.0 * x + 5.0,
        );
    }
}

/// The same kind of polynomial in Horner form: 2x³ - 3x² + 0.5x + 4.
#[differentiable]
fn horner(x: f64) -> f64 {
    ((2.0 * x - 3.0) * x + 0.5) * x + 4.0
}

#[test]
fn polynomial_horner_form() {
    // p'(x) = 6x² - 6x + 0.5
    for x in [-1.5f64, 0.0, 0.25, 3.0] {
        let (value, dx) = value_with_gradient!(at: x, of: horner);
        assert_close(value, 2.0 * x * x * x - 3.0 * x * x + 0.5 * x + 4.0);
        assert_close(dx, 6.0 * x * x - 6.0 * x + 0.5);
    }
}

#[differentiable]
fn product3(x: f64, y: f64, z: f64) -> f64 {
    x * y * z
}

#[test]
fn product_of_three_parameters() {
    // ∂/∂x = yz, ∂/∂y = xz, ∂/∂z = xy
    let (dx, dy, dz) = gradient!(at: 2.0, -3.0, 0.5, of: product3);
    assert_all_close(&[dx, dy, dz], &[-1.5, 1.0, -6.0]);
}

/// (x + 1) / (y² + 1)
#[differentiable]
fn quotient(x: f64, y: f64) -> f64 {
    (x + 1.0) / (y * y + 1.0)
}

#[test]
fn quotient_rule() {
    // ∂/∂x = 1/(y²+1), ∂/∂y = -(x+1)·2y/(y²+1)²
    let (x, y) = (1.3, -0.7);
    let (dx, dy) = gradient!(at: x, y, of: quotient);
    let d = y * y + 1.0;
    assert_all_close(&[dx, dy], &[1.0 / d, -(x + 1.0) * 2.0 * y / (d * d)]);
}

/// x / y / (x + y)
#[differentiable]
fn division_chain(x: f64, y: f64) -> f64 {
    x / y / (x + y)
}

#[test]
fn division_chain_matches_closed_form_and_finite_differences() {
    // f = x / (xy + y²): ∂/∂x = 1/(x+y)², ∂/∂y = -x(x + 2y)/(xy + y²)²
    let (x, y) = (0.8, 1.9);
    let (dx, dy) = gradient!(at: x, y, of: division_chain);
    let q = x * y + y * y;
    assert_all_close(
        &[dx, dy],
        &[1.0 / ((x + y) * (x + y)), -x * (x + 2.0 * y) / (q * q)],
    );
    assert_grad_fd(|p| division_chain(p[0], p[1]), &[x, y], &[dx, dy]);
}

/// x appears five times; every use must contribute.
#[differentiable]
fn many_uses(x: f64) -> f64 {
    x * x + x * 3.0 + x / 2.0 - x + x * x * x
}

#[test]
fn contributions_of_every_use_are_summed() {
    // f'(x) = 2x + 3 + 1/2 - 1 + 3x²
    for x in [-1.0f64, 0.0, 2.0] {
        assert_close(gradient!(at: x, of: many_uses), 2.0 * x + 2.5 + 3.0 * x * x);
    }
}

#[differentiable]
fn ignores_y(x: f64, _y: f64) -> f64 {
    x * 2.0
}

#[test]
fn unused_parameter_has_exactly_zero_gradient() {
    let (dx, dy) = gradient!(at: 3.0, 7.0, of: ignores_y);
    assert_eq!(dx, 2.0);
    assert_eq!(dy, 0.0);
}

/// y is used but cancels: x + y - y.
#[differentiable]
fn cancels(x: f64, y: f64) -> f64 {
    x + y - y
}

#[test]
fn cancelling_uses_give_zero() {
    let (dx, dy) = gradient!(at: 3.0, 7.0, of: cancels);
    assert_eq!(dx, 1.0);
    assert_eq!(dy, 0.0);
}

/// -(x - y) * -x = x² - xy
#[differentiable]
fn negations(x: f64, y: f64) -> f64 {
    -(x - y) * -x
}

#[test]
fn unary_negation() {
    // ∂/∂x = 2x - y, ∂/∂y = -x
    let (dx, dy) = gradient!(at: 1.5, 4.0, of: negations);
    assert_all_close(&[dx, dy], &[-1.0, -1.5]);
}

/// SCALE·x² + OFFSET with crate constants.
#[differentiable]
fn with_consts(x: f64) -> f64 {
    SCALE * x * x + OFFSET
}

#[test]
fn constants_are_constants() {
    // f'(x) = 2·SCALE·x
    let (value, dx) = value_with_gradient!(at: 1.2, of: with_consts);
    assert_close(value, 2.5 * 1.44 - 4.0);
    assert_close(dx, 2.0 * 2.5 * 1.2);
}

/// Literal forms: 1.0 / x + x * 2. - 0.5e1 * x + 1e-3 * x * x
#[differentiable]
fn literal_forms(x: f64) -> f64 {
    1.0 / x + x * 2. - 0.5e1 * x + 1e-3 * x * x
}

#[test]
fn literal_forms_are_constants() {
    // f'(x) = -1/x² + 2 - 5 + 2e-3·x
    let x = 0.4;
    assert_close(
        gradient!(at: x, of: literal_forms),
        -1.0 / (x * x) - 3.0 + 2e-3 * x,
    );
}

/// A rational function of two variables with deep parenthesisation, checked by finite
/// differences: ((x - 2y)(x + y) - x / (1 + y²)) / (3 + x²)
#[differentiable]
fn rational(x: f64, y: f64) -> f64 {
    ((x - 2.0 * y) * (x + y) - x / (1.0 + y * y)) / (3.0 + x * x)
}

#[test]
fn rational_function_matches_finite_differences() {
    for p in [[0.3, -1.2], [2.0, 0.5], [-1.7, 3.1]] {
        let (dx, dy) = gradient!(at: p[0], p[1], of: rational);
        assert_grad_fd(|q| rational(q[0], q[1]), &p, &[dx, dy]);
    }
}

#[test]
fn pullback_is_linear_in_the_cotangent() {
    // d/dx (x·y·z) scaled by the seed: pb(s) = s·(yz, xz, xy)
    let (value, pb) = value_with_pullback!(at: 2.0, 3.0, 4.0, of: product3);
    assert_eq!(value, 24.0);
    let (dx, dy, dz) = pb(-0.5);
    assert_all_close(&[dx, dy, dz], &[-6.0, -4.0, -3.0]);
    let (dx, dy, dz) = pb(2.0);
    assert_all_close(&[dx, dy, dz], &[24.0, 16.0, 12.0]);
}

type Real = f64;

/// A parameter typed through an alias: the macro cannot see it is `f64`.
#[differentiable]
fn with_alias(x: Real, y: Real) -> Real {
    x * y - y
}

#[test]
fn parameters_typed_by_an_alias() {
    // ∂/∂x = y, ∂/∂y = x - 1
    let (dx, dy) = gradient!(at: 4.0, 2.5, of: with_alias);
    assert_all_close(&[dx, dy], &[2.5, 3.0]);
}

/// Constant subexpressions of unsuffixed literals and consts: c = 2; d = c·c + SCALE; d·x
#[differentiable]
fn constant_subexpressions(x: f64) -> f64 {
    let c = 2.0;
    let d = c * c + SCALE * 2.0;
    d * x - c
}

#[test]
fn constant_subexpressions_from_literals() {
    // f' = 4 + 5
    assert_eq!(gradient!(at: 1.5, of: constant_subexpressions), 9.0);
}

/// Literal receivers of methods: 2ˣ via powf, √2 · x
#[differentiable]
fn literal_receivers(x: f64) -> f64 {
    2.0f64.powf(x) + 2.0_f64.sqrt() * x
}

#[test]
fn methods_on_literal_receivers() {
    // f' = 2ˣ ln 2 + √2
    let x: f64 = 1.3;
    assert_close(
        gradient!(at: x, of: literal_receivers),
        2f64.powf(x) * 2f64.ln() + 2f64.sqrt(),
    );
}

#[differentiable]
fn identity(x: f64) -> f64 {
    x
}

#[differentiable]
fn second(_x: f64, y: f64) -> f64 {
    y
}

#[differentiable]
fn constant(_x: f64) -> f64 {
    2.0
}

#[test]
fn trivial_bodies() {
    assert_eq!(gradient!(at: 3.0, of: identity), 1.0);
    assert_eq!(gradient!(at: 3.0, 4.0, of: second), (0.0, 1.0));
    assert_eq!(gradient!(at: 3.0, of: constant), 0.0);
}

/// x - x, x / x and x.min(x): all of them constant in x, the last at a permanent tie.
#[differentiable]
fn self_cancelling(x: f64) -> f64 {
    (x - x) + x / x * 5.0 + x.min(x)
}

#[test]
fn self_cancelling_expressions() {
    // f = 0 + 5 + x: f' = 1 (x/x has derivative 1/x - x/x² = 0)
    assert_close(gradient!(at: 1.75, of: self_cancelling), 1.0);
}

/// `%` has its rule where generated code will call it (the compiler does not emit it yet):
/// `RemRule::rem_*` dispatched on the left operand, and `ops::rem_*` on the right one for a
/// left float literal of undecided type, as for `DivRule` and `ops::div_*`.
#[test]
fn the_rule_of_rem_is_reachable_as_generated_code_calls_it() {
    use ad::__private::{RemRule, ops};
    // r = 7.5 % 2 = 1.5, q = 3: ∂r/∂a = 1, ∂r/∂b = -3.
    let (r, pullback) = RemRule::rem_vjp(7.5f64, 2.0);
    assert_eq!((r, pullback(1.0)), (1.5, (1.0, -3.0)));
    let (r, pullback) = ops::rem_vjp(7.5, 2.0f64);
    assert_eq!((r, pullback(2.0)), (1.5, (2.0, -6.0)));
    assert_eq!(RemRule::rem_vjp_lhs(7.5f32, 2.0).1(1.0), 1.0);
    assert_eq!(ops::rem_vjp_rhs(7.5, 2.0f64).1(1.0), -3.0);
    assert_eq!(RemRule::rem_jvp(7.5f64, 2.0, 1.0, 0.5), (1.5, 1.0 - 1.5));
    assert_eq!(ops::rem_jvp_lhs(7.5, 2.0f64, 1.0), (1.5, 1.0));
    assert_eq!(RemRule::rem_jvp_rhs(7.5f64, 2.0, 1.0), (1.5, -3.0));
    let (r, (t1, t2, t12)) = ops::rem_hvp(7.5, 2.0f64, (1.0, 0.0, 0.0), (0.0, 1.0, 0.0));
    assert_eq!((r, t1, t2, t12), (1.5, 1.0, -3.0, 0.0));
    // Against central differences of `%` away from its jumps.
    let (dx, dy) = RemRule::rem_vjp(-7.3f64, 2.0).1(1.0);
    crate::assert_grad_fd(|p| p[0] % p[1], &[-7.3, 2.0], &[dx, dy]);
    // Arrays, with a float literal on the left.
    let a = ad::ndarray::array![2.0, -3.0, 10.0];
    let (r, pullback) = ops::rem_vjp(7.3, a);
    assert_eq!(r, ad::ndarray::array![7.3 % 2.0, 7.3 % -3.0, 7.3]);
    assert_eq!(pullback(ad::ndarray::array![1.0, 1.0, 1.0]).0, 3.0);
}
