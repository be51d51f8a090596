//! Generic functions over the float type (`T: Float`, num-traits), differentiated at `f32`
//! and `f64`.

use crate::*;
use ad::num_traits::Float;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A polynomial with literals converted by `T::from`, evaluated by Horner's scheme.
#[differentiable]
fn horner<T: Float>(x: T) -> T {
    let c3 = T::from(0.5).unwrap();
    let c2 = T::from(-2.0).unwrap();
    let c1 = T::from(3.0).unwrap();
    let c0 = T::from(1.5).unwrap();
    ((c3 * x + c2) * x + c1) * x + c0
}

#[test]
fn generic_polynomial_at_f64_and_f32() {
    for x in [-1.5, 0.0, 0.7, 2.0] {
        // p'(x) = 1.5 x^2 - 4 x + 3
        let want = 1.5 * x * x - 4.0 * x + 3.0;
        assert_close(gradient!(at: x, of: horner::<f64>), want);
        assert_close_f32(gradient!(at: x as f32, of: horner::<f32>), want as f32);
    }
}

/// A generic function with a loop, a method and a call of another generic function.
#[differentiable]
fn damped<T: Float>(x: T, steps: usize) -> T {
    let decay = T::from(0.9).unwrap();
    let mut acc = x;
    for _ in 0..steps {
        acc = acc * decay + x.sin() * horner(acc);
    }
    acc
}

#[test]
fn generic_loop_calling_a_generic_function() {
    for x in [-0.4, 0.3, 0.9] {
        let (g64, _) = gradient!(at: x, 5, of: damped::<f64>);
        assert_deriv_fd(|x| damped::<f64>(x, 5), x, g64);
        let (g32, _) = gradient!(at: x as f32, 5, of: damped::<f32>);
        assert_close_f32(g32, g64 as f32);
    }
}

/// `where` clauses work as well as inline bounds.
#[differentiable]
fn ratio<T>(x: T, y: T) -> T
where
    T: Float,
{
    (x * y).exp() / (x + y)
}

#[test]
fn generic_with_a_where_clause() {
    let (dx, dy) = gradient!(at: 0.4, 1.1, of: ratio::<f64>);
    assert_grad_fd(|p| ratio(p[0], p[1]), &[0.4, 1.1], &[dx, dy]);
}
