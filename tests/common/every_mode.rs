//! Every mode of a scalar function checked against independent references: the value that
//! `value_with_gradient!` returns against the original function, the reverse gradient and
//! the forward derivatives against central differences of the original, and the exact
//! second derivatives of `hessian!` against central differences of the gradient.

// Not every suite uses it.
#![allow(unused_macros, unused_imports)]

/// Checks `f` (a path to a `#[differentiable]` function of one or two `f64`s returning `f64`)
/// at the given point in every mode.
macro_rules! assert_every_mode {
    ($f:path, $x:expr) => {{
        let x: f64 = $x;
        let (value, dx) = ::ad::value_with_gradient!(at: x, of: $f);
        $crate::common::assert_close(value, $f(x));
        $crate::common::assert_deriv_fd(|t| $f(t), x, dx);
        let forward = ::ad::differentiate!(at: x, of: $f);
        $crate::common::assert_deriv_fd(|t| $f(t), x, forward);
        let second = ::ad::hessian!(at: x, of: $f);
        $crate::common::assert_deriv_fd(|t| ::ad::gradient!(at: t, of: $f), x, second);
    }};
    ($f:path, $x:expr, $y:expr) => {{
        let (x, y): (f64, f64) = ($x, $y);
        let (value, (dx, dy)) = ::ad::value_with_gradient!(at: x, y, of: $f);
        $crate::common::assert_close(value, $f(x, y));
        let at = [x, y];
        $crate::common::assert_grad_fd(|p| $f(p[0], p[1]), &at, &[dx, dy]);
        let (forward_value, differential) = ::ad::value_with_differential!(at: x, y, of: $f);
        $crate::common::assert_close(forward_value, $f(x, y));
        let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
        $crate::common::assert_grad_fd(|p| $f(p[0], p[1]), &at, &forward);
        let second = ::ad::hessian!(at: vec![x, y], of: |p: Vec<f64>| $f(p[0], p[1]));
        for i in 0..2 {
            let row = [second[[i, 0]], second[[i, 1]]];
            let component = |p: &[f64]| {
                let (gx, gy) = ::ad::gradient!(at: p[0], p[1], of: $f);
                [gx, gy][i]
            };
            $crate::common::assert_grad_fd(component, &at, &row);
        }
    }};
}

pub(crate) use assert_every_mode;
