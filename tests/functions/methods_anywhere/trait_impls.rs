//! Methods of impls of the crate's own traits marked `#[differentiable]`, the attribute on
//! each method: a trait implemented by three types (one holding a `Vec<f64>`, whose methods
//! loop over it), called directly, through generic code over `&S`, `S`, `&[S]` and two type
//! parameters, and with methods taking `self`, floats, slices and an index; a trait generic
//! over its float implemented at `f64`.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;

/// A shape with an area and a perimeter.
#[differentiable]
pub(super) trait Shape {
    fn area(&self) -> f64;
    fn perimeter(&self) -> f64;
    fn inflated_area(&self, margin: f64) -> f64;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Circle {
    r: f64,
}

impl Shape for Circle {
    #[differentiable]
    fn area(&self) -> f64 {
        std::f64::consts::PI * self.r * self.r
    }

    #[differentiable]
    fn perimeter(&self) -> f64 {
        2.0 * std::f64::consts::PI * self.r
    }

    #[differentiable]
    fn inflated_area(&self, margin: f64) -> f64 {
        let r = self.r + margin;
        std::f64::consts::PI * r * r
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Rect {
    w: f64,
    h: f64,
}

impl Shape for Rect {
    #[differentiable]
    fn area(&self) -> f64 {
        self.w * self.h
    }

    #[differentiable]
    fn perimeter(&self) -> f64 {
        2.0 * (self.w + self.h)
    }

    /// A branch: a margin shrinking the rectangle below zero leaves nothing.
    #[differentiable]
    fn inflated_area(&self, margin: f64) -> f64 {
        let (w, h) = (self.w + 2.0 * margin, self.h + 2.0 * margin);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }
}

/// A closed polygon given by its vertices, with loops over its `Vec` fields.
#[derive(Clone, Debug, Differentiable)]
struct Polygon {
    xs: Vec<f64>,
    ys: Vec<f64>,
}

impl Shape for Polygon {
    /// The shoelace formula.
    #[differentiable]
    fn area(&self) -> f64 {
        let n = self.xs.len();
        let mut twice = 0.0;
        for i in 0..n {
            let j = (i + 1) % n;
            twice += self.xs[i] * self.ys[j] - self.xs[j] * self.ys[i];
        }
        0.5 * twice.abs()
    }

    #[differentiable]
    fn perimeter(&self) -> f64 {
        let n = self.xs.len();
        let mut sum = 0.0;
        for i in 0..n {
            let j = (i + 1) % n;
            let (dx, dy) = (self.xs[j] - self.xs[i], self.ys[j] - self.ys[i]);
            sum += (dx * dx + dy * dy).sqrt();
        }
        sum
    }

    /// Approximately: area + margin · perimeter + π margin².
    #[differentiable]
    fn inflated_area(&self, margin: f64) -> f64 {
        self.area() + margin * self.perimeter() + std::f64::consts::PI * margin * margin
    }
}

/// Generic code over the marked trait, by reference: the isoperimetric quotient.
#[differentiable]
pub(super) fn compactness<S: Shape>(s: &S) -> f64 {
    4.0 * std::f64::consts::PI * s.area() / (s.perimeter() * s.perimeter())
}

/// Generic code over the marked trait, by value.
#[differentiable]
fn inflated_ratio<S: Shape>(s: S, margin: f64) -> f64 {
    s.inflated_area(margin) / s.area()
}

/// Two type parameters.
#[differentiable]
fn covered<A: Shape, B: Shape>(a: &A, b: &B, margin: f64) -> f64 {
    a.inflated_area(margin) + b.inflated_area(margin * margin)
}

/// A slice of shapes.
#[differentiable]
fn total_area<S: Shape>(shapes: &[S]) -> f64 {
    let mut sum = 0.0;
    for s in shapes {
        sum += s.area();
    }
    sum
}

#[differentiable]
fn circle_and_rect(r: f64, w: f64) -> f64 {
    let c = Circle { r };
    let rect = Rect { w, h: r * w };
    compactness(&c) * compactness(&rect) + covered(&c, &rect, 0.1 * w)
}

#[differentiable]
fn polygon_quantities(a: f64, b: f64) -> f64 {
    let p = Polygon {
        xs: vec![0.0, a, a + b, 0.3],
        ys: vec![0.0, 0.2, b, a * b + 0.5],
    };
    compactness(&p) + inflated_ratio(p.clone(), 0.1 * b) + p.perimeter()
}

#[differentiable]
fn several_circles(a: f64, b: f64) -> f64 {
    let circles = vec![Circle { r: a }, Circle { r: b }, Circle { r: a * b }];
    total_area(&circles)
}

#[test]
fn each_impls_methods_called_directly_in_closed_form() {
    let pi = std::f64::consts::PI;
    let d = gradient!(at: &Circle { r: 1.5 }, of: Circle::perimeter);
    assert_close(d.r, 2.0 * pi);
    let (d, dm) = gradient!(at: &Circle { r: 1.5 }, 0.5, of: Circle::inflated_area);
    assert_close(d.r, 2.0 * pi * 2.0);
    assert_close(dm, 2.0 * pi * 2.0);
    let d = gradient!(at: &Rect { w: 2.0, h: 3.0 }, of: Rect::area);
    assert_close(d.w, 3.0);
    assert_close(d.h, 2.0);
    let (d, dm) = gradient!(at: &Rect { w: 2.0, h: 3.0 }, 0.5, of: Rect::inflated_area);
    assert_close(d.w, 4.0);
    assert_close(d.h, 3.0);
    assert_close(dm, 2.0 * 4.0 + 2.0 * 3.0);
}

#[test]
fn a_branch_in_a_trait_method_takes_the_side_that_was_taken() {
    let (d, dm) = gradient!(at: &Rect { w: 1.0, h: 3.0 }, -0.75, of: Rect::inflated_area);
    assert_close(d.w, 0.0);
    assert_close(d.h, 0.0);
    assert_close(dm, 0.0);
}

#[test]
fn a_trait_method_looping_over_a_vec_field_in_closed_form() {
    // The unit square, counter-clockwise: ∂A/∂x_i = (y_{i+1} - y_{i-1}) / 2.
    let square = Polygon {
        xs: vec![0.0, 1.0, 1.0, 0.0],
        ys: vec![0.0, 0.0, 1.0, 1.0],
    };
    assert_close(square.area(), 1.0);
    let d = gradient!(at: &square, of: Polygon::area);
    let want_x = [-0.5, 0.5, 0.5, -0.5];
    let want_y = [-0.5, -0.5, 0.5, 0.5];
    for i in 0..4 {
        assert_close(d.xs[i], want_x[i]);
        assert_close(d.ys[i], want_y[i]);
    }
}

#[test]
fn a_trait_method_looping_over_a_vec_field_against_finite_differences() {
    let xs = [0.1, 1.3, 1.1, -0.2, -0.4];
    let ys = [-0.3, 0.1, 0.9, 1.4, 0.4];
    let polygon = |p: &[f64]| Polygon {
        xs: p[..5].to_vec(),
        ys: p[5..10].to_vec(),
    };
    let at = [&xs[..], &ys[..], &[0.3]].concat();
    let (d, dm) = gradient!(at: &polygon(&at), 0.3, of: Polygon::inflated_area);
    let got = [&d.xs[..], &d.ys[..], &[dm]].concat();
    assert_grad_fd(|p| polygon(p).inflated_area(p[10]), &at, &got);
}

#[test]
fn generic_code_over_two_impls_in_every_mode() {
    for (r, w) in [(0.8, 1.3), (1.4, 0.6)] {
        assert_every_mode!(circle_and_rect, r, w);
    }
}

#[test]
fn generic_code_over_the_vec_impl_in_every_mode() {
    for (a, b) in [(1.2, 0.9), (0.8, 1.5)] {
        assert_every_mode!(polygon_quantities, a, b);
    }
}

#[test]
fn generic_code_over_a_slice_of_an_impl() {
    for (a, b) in [(1.2, 0.9), (0.4, -1.5)] {
        let pi = std::f64::consts::PI;
        let (da, db) = gradient!(at: a, b, of: several_circles);
        assert_close(da, pi * (2.0 * a + 2.0 * a * b * b));
        assert_close(db, pi * (2.0 * b + 2.0 * a * a * b));
        assert_every_mode!(several_circles, a, b);
    }
}

#[test]
fn generic_code_by_value_called_directly_on_each_impl() {
    // (r + m)² / r²: ∂r = -2m(r + m)/r³, ∂m = 2(r + m)/r².
    let (d, dm) = gradient!(at: Circle { r: 2.0 }, 0.5, of: inflated_ratio::<Circle>);
    assert_close(d.r, -2.0 * 0.5 * 2.5 / 8.0);
    assert_close(dm, 2.0 * 2.5 / 4.0);
    let (d, dm) = gradient!(at: Rect { w: 2.0, h: 3.0 }, 0.5, of: inflated_ratio::<Rect>);
    let ratio = |p: &[f64]| inflated_ratio(Rect { w: p[0], h: p[1] }, p[2]);
    assert_grad_fd(ratio, &[2.0, 3.0, 0.5], &[d.w, d.h, dm]);
}

/// A trait whose methods take `self` by value, a slice and an index.
#[differentiable]
trait Model {
    fn predict(self, x: f64) -> f64;
    fn loss(&self, xs: &[f64], ys: &[f64]) -> f64;
    fn weight(&self, i: usize) -> f64;
}

/// A line through the data.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Line {
    slope: f64,
    offset: f64,
}

impl Model for Line {
    #[differentiable]
    fn predict(self, x: f64) -> f64 {
        self.slope * x + self.offset
    }

    #[differentiable]
    fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let mut sum = 0.0;
        for i in 0..xs.len() {
            let e = self.predict(xs[i]) - ys[i];
            sum += e * e;
        }
        sum / xs.len() as f64
    }

    #[differentiable]
    fn weight(&self, i: usize) -> f64 {
        if i == 0 { self.slope } else { self.offset }
    }
}

/// A set of radial basis functions with weights in a `Vec`.
#[derive(Clone, Debug, Differentiable)]
struct Bumps {
    weights: Vec<f64>,
    width: f64,
}

impl Model for Bumps {
    #[differentiable]
    fn predict(self, x: f64) -> f64 {
        let mut sum = 0.0;
        for (i, w) in self.weights.iter().enumerate() {
            let d = (x - i as f64) / self.width;
            sum += w * (-d * d).exp();
        }
        sum
    }

    #[differentiable]
    fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let mut sum = 0.0;
        for i in 0..xs.len() {
            let e = self.clone().predict(xs[i]) - ys[i];
            sum += e * e;
        }
        sum
    }

    #[differentiable]
    fn weight(&self, i: usize) -> f64 {
        self.weights[i]
    }
}

/// Generic code calling every method of the trait.
#[differentiable]
fn regularized<M: Model>(m: &M, xs: &[f64], ys: &[f64]) -> f64 {
    let w = m.weight(0);
    m.loss(xs, ys) + 0.1 * w * w
}

#[differentiable]
fn line_fit(slope: f64, offset: f64) -> f64 {
    let line = Line { slope, offset };
    regularized(&line, &[0.0, 1.0, 2.0], &[0.5, 1.4, 2.9]) + line.predict(offset)
}

#[differentiable]
fn bumps_fit(w0: f64, width: f64) -> f64 {
    let bumps = Bumps {
        weights: vec![w0, 0.5 * w0, -0.3],
        width,
    };
    regularized(&bumps, &[0.2, 1.1, 1.8], &[0.5, 1.4, -0.2]) + bumps.weight(2) * width
}

#[test]
fn a_trait_with_self_slice_and_index_methods_through_generic_code_in_every_mode() {
    for (a, b) in [(0.7, 1.2), (-0.4, 0.8)] {
        assert_every_mode!(line_fit, a, b);
        assert_every_mode!(bumps_fit, a, b);
    }
}

#[test]
fn a_trait_method_with_slices_called_directly_in_closed_form() {
    let line = Line {
        slope: 2.0,
        offset: 0.5,
    };
    let xs = [0.0, 1.0, 2.0];
    let ys = [1.0, 2.0, 6.0];
    // Residuals e = (-0.5, 0.5, -1.5): ∂/∂slope = 2 Σ e x / n, ∂/∂offset = 2 Σ e / n.
    let d = gradient!(at: &line, of: |m: &Line| m.loss(&xs, &ys));
    assert_close(d.slope, 2.0 * (0.5 - 3.0) / 3.0);
    assert_close(d.offset, 2.0 * (-0.5 + 0.5 - 1.5) / 3.0);
}

/// A trait generic over its float, implemented at `f64` with the attribute on the method.
#[differentiable]
trait Response<T: ad::num_traits::Float> {
    fn response(&self, x: T) -> T;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Damped {
    rate: f64,
    freq: f64,
}

impl Response<f64> for Damped {
    #[differentiable]
    fn response(&self, x: f64) -> f64 {
        (-self.rate * x).exp() * (self.freq * x).cos()
    }
}

#[differentiable]
fn sampled<R: Response<f64>>(r: &R, x: f64) -> f64 {
    r.response(x) + r.response(2.0 * x)
}

#[differentiable]
fn damped_samples(rate: f64, freq: f64) -> f64 {
    sampled(&Damped { rate, freq }, 0.7)
}

#[test]
fn a_trait_generic_over_its_float_implemented_at_f64() {
    for (rate, freq) in [(0.7, 1.2), (-0.4, 2.5)] {
        assert_every_mode!(damped_samples, rate, freq);
    }
    let (d, dx) = gradient!(at: &Damped { rate: 0.5, freq: 2.0 }, 1.0, of: Damped::response);
    let (e, c, s) = ((-0.5f64).exp(), 2.0f64.cos(), 2.0f64.sin());
    assert_close(d.rate, -e * c);
    assert_close(d.freq, -e * s);
    assert_close(dx, -0.5 * e * c - 2.0 * e * s);
}

/// A marked trait with a method returning `Self` (declared `Sized`: without it the trait's
/// attribute fails with rustc's E0277 about the size of `Self`), implemented by a spring and
/// by a composite of two springs whose methods call generic code over the trait on fields.
#[differentiable]
trait Scalable: Sized {
    fn stored(&self) -> f64;
    fn stretched(&self, s: f64) -> Self;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Coil {
    k: f64,
    x: f64,
}

impl Scalable for Coil {
    #[differentiable]
    fn stored(&self) -> f64 {
        0.5 * self.k * self.x * self.x
    }

    #[differentiable]
    fn stretched(&self, s: f64) -> Self {
        Coil {
            k: self.k,
            x: self.x * s,
        }
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Coupled {
    a: Coil,
    b: Coil,
}

impl Scalable for Coupled {
    #[differentiable]
    fn stored(&self) -> f64 {
        before_and_after(&self.a) + before_and_after(&self.b) * self.a.stored()
    }

    #[differentiable]
    fn stretched(&self, s: f64) -> Self {
        Coupled {
            a: self.a.stretched(s),
            b: self.b.stretched(s * s),
        }
    }
}

/// Generic code calling the method that returns `Self`.
#[differentiable]
fn before_and_after<E: Scalable>(e: &E) -> f64 {
    e.stretched(1.5).stored() + e.stored()
}

#[differentiable]
fn coupled_coils(k: f64, x: f64) -> f64 {
    let c = Coupled {
        a: Coil { k, x },
        b: Coil { k: x, x: 0.5 },
    };
    before_and_after(&c)
}

#[test]
fn a_trait_method_returning_self_and_impls_calling_generic_code_on_fields() {
    for (k, x) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_every_mode!(coupled_coils, k, x);
    }
    // ½ k (1.5 x)² + ½ k x² = 1.625 k x².
    let d = gradient!(at: &Coil { k: 2.0, x: 3.0 }, of: before_and_after::<Coil>);
    assert_close(d.k, 1.625 * 9.0);
    assert_close(d.x, 1.625 * 2.0 * 2.0 * 3.0);
}

/// A marked trait whose method returns `Self` (by value, so its derivatives need `Sized`).
#[differentiable]
trait Resizable {
    fn scaled(&self, s: f64) -> Self;
    fn size(&self) -> f64;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Tile {
    side: f64,
}

impl Resizable for Tile {
    #[differentiable]
    fn scaled(&self, s: f64) -> Self {
        Tile {
            side: self.side * s,
        }
    }

    #[differentiable]
    fn size(&self) -> f64 {
        self.side * self.side
    }
}

#[differentiable]
fn resized<S: Resizable + Differentiable>(shape: &S, s: f64) -> f64 {
    shape.scaled(s).size()
}

#[differentiable]
fn grown_tile(side: f64, s: f64) -> f64 {
    resized(&Tile { side }, s)
}

#[test]
fn a_marked_traits_method_returning_self_through_generic_code() {
    let (side, s) = (1.5, 2.0);
    let (da, ds) = gradient!(at: side, s, of: grown_tile);
    assert_close(da, 2.0 * side * s * s);
    assert_close(ds, 2.0 * s * side * side);
    assert_every_mode!(grown_tile, 1.5, 2.0);
    assert_every_mode!(grown_tile, -0.4, 0.7);
}
