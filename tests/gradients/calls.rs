//! Calls between differentiable functions: free functions, functions in modules, imported
//! functions, associated functions (`T::g`, `Self::g`), and nesting.

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[differentiable]
fn square(x: f64) -> f64 {
    x * x
}

/// (sin x)²
#[differentiable]
fn square_of_sin(x: f64) -> f64 {
    square(x.sin())
}

#[test]
fn call_of_a_differentiable_function() {
    // f'(x) = 2 sin x cos x
    for x in [-0.7f64, 0.0, 1.1] {
        assert_close(gradient!(at: x, of: square_of_sin), 2.0 * x.sin() * x.cos());
    }
}

#[differentiable]
fn level1(x: f64) -> f64 {
    x * x + 1.0
}

#[differentiable]
fn level2(x: f64) -> f64 {
    level1(x).exp()
}

#[differentiable]
fn level3(x: f64, y: f64) -> f64 {
    2.0 * level2(x * y)
}

#[test]
fn nested_calls_three_levels_deep() {
    // f = 2 exp((xy)² + 1): ∂/∂x = f · 2(xy) · y, ∂/∂y = f · 2(xy) · x
    let (x, y) = (0.6, -0.9);
    let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: level3);
    let f = 2.0 * ((x * y) * (x * y) + 1.0).exp();
    assert_close(value, f);
    assert_all_close(&[dx, dy], &[f * 2.0 * x * y * y, f * 2.0 * x * y * x]);
}

/// The same callee at different arguments, its results combined: x² + y² · x²
#[differentiable]
fn reused_callee(x: f64, y: f64) -> f64 {
    square(x) + square(y) * square(x)
}

#[test]
fn a_callee_used_several_times_sums_its_contributions() {
    // ∂/∂x = 2x + 2x y², ∂/∂y = 2y x²
    let (x, y) = (1.5, -2.0);
    let (dx, dy) = gradient!(at: x, y, of: reused_callee);
    assert_all_close(&[dx, dy], &[2.0 * x + 2.0 * x * y * y, 2.0 * y * x * x]);
}

/// The same call twice on the same value: level1(x) + level1(x) · x
#[differentiable]
fn same_call_twice(x: f64) -> f64 {
    level1(x) + level1(x) * x
}

#[test]
fn the_same_call_twice_on_the_same_value() {
    // f = (x² + 1)(1 + x): f' = 2x(1 + x) + x² + 1
    let x = 0.8;
    assert_close(
        gradient!(at: x, of: same_call_twice),
        2.0 * x * (1.0 + x) + x * x + 1.0,
    );
}

mod geometry {
    use ad::prelude::*;

    #[differentiable]
    pub fn norm2(x: f64, y: f64) -> f64 {
        (x * x + y * y).sqrt()
    }

    pub mod polar {
        use ad::prelude::*;

        /// The angle of (x, y) over its length, through the parent module's function
        /// named by an absolute path.
        #[differentiable]
        pub fn angle_over_radius(x: f64, y: f64) -> f64 {
            y.atan2(x) / crate::calls::geometry::norm2(x, y)
        }

        /// The same through a relative `super::` path.
        #[differentiable]
        pub fn angle_over_radius_via_super(x: f64, y: f64) -> f64 {
            y.atan2(x) / super::norm2(x, y)
        }
    }
}

/// Uses `geometry::norm2` and `geometry::polar::angle_over_radius`.
#[differentiable]
fn through_modules(x: f64, y: f64) -> f64 {
    geometry::norm2(x, 2.0 * y) + geometry::polar::angle_over_radius(x, y)
}

#[test]
fn functions_in_modules() {
    // first term: ∂/∂x = x/r, ∂/∂y = 4y/r with r = |(x, 2y)|; the second by finite differences
    let (x, y) = (1.2, 0.7);
    let (dx, dy) = gradient!(at: x, y, of: through_modules);
    assert_grad_fd(|p| through_modules(p[0], p[1]), &[x, y], &[dx, dy]);
    let (dx1, dy1) = gradient!(at: x, 2.0 * y, of: geometry::norm2);
    let r = (x * x + 4.0 * y * y).sqrt();
    assert_all_close(&[dx1, dy1], &[x / r, 2.0 * y / r]);
}

#[test]
fn call_through_a_super_path() {
    let (x, y) = (-0.4, 1.3);
    let (dx, dy) = gradient!(at: x, y, of: geometry::polar::angle_over_radius_via_super);
    assert_grad_fd(
        |p| geometry::polar::angle_over_radius(p[0], p[1]),
        &[x, y],
        &[dx, dy],
    );
}

#[test]
fn operator_with_a_module_path() {
    // θ/r with θ = atan2(y, x), r = |(x, y)|, checked by finite differences
    let (x, y) = (-0.4, 1.3);
    let (dx, dy) = gradient!(at: x, y, of: geometry::polar::angle_over_radius);
    assert_grad_fd(
        |p| geometry::polar::angle_over_radius(p[0], p[1]),
        &[x, y],
        &[dx, dy],
    );
}

mod imported {
    use super::geometry::norm2;
    use ad::prelude::*;

    /// `norm2` imported with `use`, called unqualified.
    #[differentiable]
    pub fn scaled_norm(x: f64, y: f64) -> f64 {
        3.0 * norm2(x, y)
    }
}

#[test]
fn imported_function_called_unqualified() {
    // ∂/∂(x, y) = 3 (x, y) / r
    let (dx, dy) = gradient!(at: 3.0, 4.0, of: imported::scaled_norm);
    assert_all_close(&[dx, dy], &[3.0 * 3.0 / 5.0, 3.0 * 4.0 / 5.0]);
}

/// `norm2` imported by the body's own `use` item, next to a function of the module.
#[differentiable]
fn imported_in_the_body(x: f64, y: f64) -> f64 {
    use geometry::norm2;
    norm2(x, y) * square(x)
}

#[test]
fn function_imported_by_the_body() {
    // f = r x² with r = |(x, y)|: ∂x = x³ / r + 2 x r, ∂y = y x² / r
    let (x, y) = (3.0, 4.0);
    let (dx, dy) = gradient!(at: x, y, of: imported_in_the_body);
    assert_all_close(&[dx, dy], &[27.0 / 5.0 + 30.0, 36.0 / 5.0]);
}

struct Cubic;

#[differentiable]
impl Cubic {
    /// x³ - x
    fn eval(x: f64) -> f64 {
        x * x * x - x
    }

    /// 2 (x³ - x) + x, through `Self::eval`.
    fn twice_plus(x: f64) -> f64 {
        2.0 * Self::eval(x) + x
    }
}

/// Calls the associated function as `Cubic::eval`.
#[differentiable]
fn uses_associated(x: f64, y: f64) -> f64 {
    Cubic::eval(x) * y
}

#[test]
fn associated_function_called_as_type_path() {
    // ∂/∂x = (3x² - 1) y, ∂/∂y = x³ - x
    let (x, y) = (1.5, -2.0);
    let (dx, dy) = gradient!(at: x, y, of: uses_associated);
    assert_all_close(&[dx, dy], &[(3.0 * x * x - 1.0) * y, x * x * x - x]);
}

#[test]
fn associated_function_calling_self_path() {
    // f' = 2 (3x² - 1) + 1
    let x = 0.7;
    assert_close(
        gradient!(at: x, of: Cubic::twice_plus),
        2.0 * (3.0 * x * x - 1.0) + 1.0,
    );
    assert_close(gradient!(at: x, of: Cubic::eval), 3.0 * x * x - 1.0);
}

/// Results of calls used as arguments of other calls: norm2(level1(x), square(y)).
#[differentiable]
fn calls_as_arguments(x: f64, y: f64) -> f64 {
    geometry::norm2(level1(x), square(y))
}

#[test]
fn call_results_as_arguments_of_calls() {
    // u = x² + 1, v = y², r = √(u² + v²): ∂/∂x = (u/r) 2x, ∂/∂y = (v/r) 2y
    let (x, y) = (0.5, 1.5);
    let (dx, dy) = gradient!(at: x, y, of: calls_as_arguments);
    let (u, v) = (x * x + 1.0, y * y);
    let r = (u * u + v * v).sqrt();
    assert_all_close(&[dx, dy], &[u / r * 2.0 * x, v / r * 2.0 * y]);
}

/// A callee with a literal argument: level3(x, 0.5) + geometry::norm2(1.0, x)
#[differentiable]
fn callee_with_literal_arguments(x: f64) -> f64 {
    level3(x, 0.5) + geometry::norm2(1.0, x)
}

#[test]
fn literal_arguments_of_callees_are_constants() {
    // f = 2 exp(x²/4 + 1) + √(1 + x²): f' = 2 exp(x²/4 + 1) x/2 + x/√(1 + x²)
    let x: f64 = 1.3;
    let want = 2.0 * (x * x / 4.0 + 1.0).exp() * x / 2.0 + x / (1.0 + x * x).sqrt();
    let got = gradient!(at: x, of: callee_with_literal_arguments);
    assert_close(got, want);
    assert_deriv_fd(callee_with_literal_arguments, x, got);
}

/// A call through a `self::` path.
#[differentiable]
fn via_self_path(x: f64) -> f64 {
    self::square(x) * self::level1(x)
}

#[test]
fn call_through_a_self_path() {
    // f = x²(x² + 1): f' = 4x³ + 2x
    assert_close(gradient!(at: 1.5, of: via_self_path), 4.0 * 3.375 + 3.0);
}

mod visibility {
    pub mod inner {
        use ad::prelude::*;

        #[differentiable]
        pub(crate) fn crate_visible(x: f64) -> f64 {
            x * 4.0
        }

        #[differentiable]
        pub(super) fn parent_visible(x: f64) -> f64 {
            x * x * 0.5
        }
    }

    use ad::prelude::*;

    #[differentiable]
    pub fn uses_both(x: f64) -> f64 {
        inner::crate_visible(x) + inner::parent_visible(x)
    }
}

#[test]
fn restricted_visibility_callees() {
    // f' = 4 + x
    assert_eq!(gradient!(at: 3.0, of: visibility::uses_both), 7.0);
    assert_eq!(
        gradient!(at: 3.0, of: visibility::inner::crate_visible),
        4.0
    );
}

impl Cubic {
    /// An associated function that uses `Self`, marked on the function itself, calling into
    /// the `#[differentiable] impl` block above.
    #[differentiable]
    fn scaled(x: f64, k: f64) -> f64 {
        k * Self::eval(x)
    }
}

#[test]
fn attribute_on_an_associated_function_that_uses_self() {
    // ∂/∂x = k (3x² - 1), ∂/∂k = x³ - x
    let (x, k) = (2.0, 0.5);
    let (dx, dk) = gradient!(at: x, k, of: Cubic::scaled);
    assert_all_close(&[dx, dk], &[k * 11.0, 6.0]);
}

/// gradbench's `t`: the i-th of n points spread over [-1, 1]. Not differentiable: its
/// argument never carries a derivative.
fn spread(i: f64, n: f64) -> f64 {
    -1.0 + i * 2.0 / (n - 1.0)
}

/// The same in `f32`.
fn spread32(i: f32, n: f32) -> f32 {
    -1.0 + i * 2.0 / (n - 1.0)
}

/// x ↦ x³, differentiable, called where its result meets float arithmetic in a loop.
#[differentiable]
fn cube(x: f64) -> f64 {
    x * x * x
}

/// gradbench's llsq as written: the helper's declared `f64` result types the carried
/// `inner` and `power`, so the loop's reverse is float arithmetic on stored floats.
#[differentiable]
fn least_squares(n: usize, x: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..n {
        let ti = spread(i as f64, n as f64);
        let mut inner = spread(ti, 3.0);
        let mut power = 1.0;
        for j in 0..x.len() {
            inner -= x[j] * power;
            power *= ti;
        }
        sum += inner * inner;
    }
    sum / 2.0
}

#[differentiable]
fn least_squares32(n: usize, x: &[f32]) -> f32 {
    let mut sum = 0.0;
    for i in 0..n {
        let ti = spread32(i as f32, n as f32);
        let mut power = 1.0;
        for j in 0..x.len() {
            sum += x[j] * power * ti;
            power *= ti;
        }
    }
    sum
}

/// Σ_j cube(x[j]) · acc: a differentiable helper's result in a carried product.
#[differentiable]
fn product_of_cubes(x: &[f64]) -> f64 {
    let mut acc = 1.0;
    for j in 0..x.len() {
        acc = acc * cube(x[j]) + x[j];
    }
    acc
}

#[test]
fn helpers_declared_to_return_floats_in_loops() {
    let x = [0.3, -1.2, 0.7, 2.0];
    let g = gradient!(at: &x[..], of: |x: &[f64]| least_squares(7, x));
    assert_grad_fd(|p| least_squares(7, p), &x, &g);
    // d/dx_j Σ_i Σ_j x_j t_i^(j+1) = Σ_i t_i^(j+1)
    let x32 = [0.5f32, -0.25, 1.5];
    let g32 = gradient!(at: &x32[..], of: |x: &[f32]| least_squares32(5, x));
    for (j, g) in g32.iter().enumerate() {
        let want: f32 = (0..5)
            .map(|i| spread32(i as f32, 5.0).powi(j as i32 + 1))
            .sum();
        assert!((g - want).abs() <= 1e-5, "entry {j}: {g} vs {want}");
    }
    let g = gradient!(at: &x[..], of: |x: &[f64]| product_of_cubes(x));
    assert_grad_fd(product_of_cubes, &x, &g);
}
