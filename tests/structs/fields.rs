//! What the derive accepts and leaves out: `#[no_derivative]` fields, integer, `bool`, `char`
//! and `String` fields, tuple structs (with left-out fields renumbering the tangent), the
//! generic `Pair<T>`, nested structs, `Vec<f64>`, `[f64; 3]`, tuple and `f32` fields.

use crate::{assert_all_close, assert_close, assert_close_f32, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A neuron with a fixed (non-trained) input scale and a name.
#[derive(Differentiable, Clone, Debug)]
pub struct Neuron {
    pub w: f64,
    pub b: f64,
    #[no_derivative]
    pub scale: f64,
    pub name: String,
}

#[differentiable]
fn neuron_output(n: &Neuron, x: f64) -> f64 {
    (n.w * x * n.scale + n.b).tanh()
}

#[test]
fn no_derivative_field_is_left_out() {
    // u = w x s + b, f = tanh u: ∂w = x s sech²u, ∂b = sech²u, ∂x = w s sech²u; the fixed
    // scale s gets no tangent field (the exhaustive pattern below would not compile)
    for &(w, b, scale, x) in &[(0.7, -0.2, 2.0, 0.5), (-1.5, 0.3, 0.25, -2.0)] {
        let n = Neuron {
            w,
            b,
            scale,
            name: "n".to_string(),
        };
        let (value, (dn, dx)) = value_with_gradient!(at: &n, x, of: neuron_output);
        assert_eq!(value, neuron_output(&n, x));
        let NeuronTangentVector { w: dw, b: db } = dn;
        let u = w * x * scale + b;
        let sech2 = 1.0 / u.cosh().powi(2);
        assert_close(dw, x * scale * sech2);
        assert_close(db, sech2);
        assert_close(dx, w * scale * sech2);
        let rebuild = |q: &[f64]| Neuron {
            w: q[0],
            b: q[1],
            scale,
            name: String::new(),
        };
        assert_grad_fd(
            |q| neuron_output(&rebuild(q), q[2]),
            &[w, b, x],
            &[dw, db, dx],
        );
    }
}

/// How a unit squashes its input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Activation {
    Tanh,
    Softplus,
}

/// A unit whose activation choice (not a number) is `#[no_derivative]`.
#[derive(Differentiable, Clone, Debug)]
pub struct Unit {
    pub w: f64,
    pub b: f64,
    #[no_derivative]
    pub activation: Activation,
}

impl Unit {
    #[differentiable]
    pub fn output(&self, x: f64) -> f64 {
        let z = self.w * x + self.b;
        match self.activation {
            Activation::Tanh => z.tanh(),
            Activation::Softplus => (1.0 + z.exp()).ln(),
        }
    }
}

#[test]
fn no_derivative_field_of_a_non_numeric_type() {
    // z = w x + b; tanh: f' = sech²z, softplus: f' = σ(z); ∂w = f' x, ∂b = f', ∂x = f' w.
    // The tangent has no `activation` field (the exhaustive pattern would not compile).
    for activation in [Activation::Tanh, Activation::Softplus] {
        for &(w, b, x) in &[(0.7, -0.2, 0.5), (-1.5, 0.3, -2.0)] {
            let u = Unit { w, b, activation };
            let (value, (du, dx)) = value_with_gradient!(at: &u, x, of: Unit::output);
            assert_eq!(value, u.output(x));
            let UnitTangentVector { w: dw, b: db } = du;
            let z = w * x + b;
            let fp = match activation {
                Activation::Tanh => 1.0 / z.cosh().powi(2),
                Activation::Softplus => 1.0 / (1.0 + (-z).exp()),
            };
            assert_all_close(&[dw, db, dx], &[fp * x, fp, fp * w]);
        }
    }
}

/// A trapezoid rule for ∫₀¹ a·sin(ω t) dt over `n` panels shifted by `offset` panels,
/// optionally reversed: integer, `usize` and `bool` fields as loop bounds, in casts and
/// conditions.
#[derive(Differentiable, Clone, Debug)]
pub struct Quadrature {
    pub amplitude: f64,
    pub omega: f64,
    pub n: usize,
    pub offset: i32,
    pub negate: bool,
}

impl Quadrature {
    #[differentiable]
    pub fn integral(&self) -> f64 {
        let h = 1.0 / self.n as f64;
        let mut s = 0.0;
        for i in 0..self.n + 1 {
            let t = (i as f64 + self.offset as f64) * h;
            let w = if i == 0 || i == self.n { 0.5 } else { 1.0 };
            s += w * self.amplitude * (self.omega * t).sin();
        }
        if self.negate { -s * h } else { s * h }
    }
}

#[test]
fn integer_fields_as_bounds_casts_and_conditions() {
    // f = ±h Σ wᵢ a sin(ω tᵢ): ∂a = f/a, ∂ω = ±h Σ wᵢ a tᵢ cos(ω tᵢ)
    for (n, offset, negate) in [(10usize, 0i32, false), (7, 2, true), (1, -1, false)] {
        let q = Quadrature {
            amplitude: 1.3,
            omega: 2.5,
            n,
            offset,
            negate,
        };
        let (value, dq) = value_with_gradient!(at: &q, of: Quadrature::integral);
        assert_eq!(value, q.integral());
        let QuadratureTangentVector { amplitude, omega } = dq;
        let h = 1.0 / n as f64;
        let sign = if negate { -1.0 } else { 1.0 };
        let mut want = 0.0;
        for i in 0..=n {
            let t = (i as f64 + offset as f64) * h;
            let w = if i == 0 || i == n { 0.5 } else { 1.0 };
            want += w * 1.3 * t * (2.5 * t).cos();
        }
        assert_close(amplitude, value / 1.3);
        assert_close(omega, sign * h * want);
    }
}

/// A polynomial Σ c_i x^(i + shift), optionally only over even i, with integer, `bool` and
/// `char` fields that carry no derivative.
#[derive(Differentiable, Clone, Debug)]
pub struct Poly {
    pub coeffs: [f64; 4],
    pub degree: usize,
    pub shift: i32,
    pub even_only: bool,
    pub tag: char,
}

impl Poly {
    #[differentiable]
    pub fn eval(&self, x: f64) -> f64 {
        let mut s = 0.0;
        for i in 0..self.degree + 1 {
            if self.even_only && i % 2 == 1 {
                continue;
            }
            s += self.coeffs[i] * x.powi(i as i32 + self.shift);
        }
        s
    }
}

#[test]
fn integer_bool_and_char_fields() {
    // ∂c_i = x^(i+shift) for the used terms (0 otherwise), ∂x = Σ c_i (i+shift) x^(i+shift-1)
    for (degree, shift, even_only) in [(3usize, 0i32, false), (2, 1, false), (3, 2, true)] {
        for x in [0.5, -1.3, 2.0] {
            let p = Poly {
                coeffs: [1.0, -2.0, 0.5, 3.0],
                degree,
                shift,
                even_only,
                tag: 'p',
            };
            let (value, (dp, dx)) = value_with_gradient!(at: &p, x, of: Poly::eval);
            assert_eq!(value, p.eval(x));
            let PolyTangentVector { coeffs } = dp;
            let mut want_dx = 0.0;
            for i in 0..4 {
                let used = i <= degree && !(even_only && i % 2 == 1);
                let e = i as i32 + shift;
                let want = if used { x.powi(e) } else { 0.0 };
                assert_close(coeffs[i], want);
                if used && e != 0 {
                    want_dx += p.coeffs[i] * e as f64 * x.powi(e - 1);
                }
            }
            assert_close(dx, want_dx);
        }
    }
}

/// A tuple struct.
#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Vec2(pub f64, pub f64);

#[differentiable]
fn rotate(v: &Vec2, theta: f64) -> Vec2 {
    let (s, c) = (theta.sin(), theta.cos());
    Vec2(c * v.0 - s * v.1, s * v.0 + c * v.1)
}

#[differentiable]
fn rotated_mix(v: &Vec2, theta: f64) -> f64 {
    let r = rotate(v, theta);
    r.0 + 2.0 * r.1
}

#[test]
fn tuple_struct_reads_and_construction() {
    // r = R(θ) v, f = r.0 + 2 r.1 = (c + 2s) v0 + (2c - s) v1:
    // ∂v0 = c + 2s, ∂v1 = 2c - s, ∂θ = (-s + 2c) v0 + (-2s - c) v1
    for &(a, b, theta) in &[(1.0, 0.0, 0.3), (-0.5, 2.0, 2.5), (3.0, -1.0, -1.0)] {
        let v = Vec2(a, b);
        let (value, (dv, dtheta)) = value_with_gradient!(at: &v, theta, of: rotated_mix);
        assert_eq!(value, rotated_mix(&v, theta));
        let (s, c) = (theta.sin(), theta.cos());
        let Vec2TangentVector(d0, d1) = dv;
        assert_all_close(
            &[d0, d1, dtheta],
            &[
                c + 2.0 * s,
                2.0 * c - s,
                (2.0 * c - s) * a - (2.0 * s + c) * b,
            ],
        );
        // the pullback of the tuple-struct-valued function: a row of the rotation's Jacobian
        let (r, pb) = value_with_pullback!(at: &v, theta, of: rotate);
        assert_eq!(r, rotate(&v, theta));
        let (dv, dtheta) = pb(Vec2TangentVector(0.0, 1.0));
        // r.1 = s v0 + c v1
        assert_all_close(&[dv.0, dv.1, dtheta], &[s, c, c * a - s * b]);
    }
}

/// A tuple struct with left-out fields: the tangent keeps fields 1 and 3, renumbered 0 and 1.
#[derive(Differentiable, Clone, Debug)]
pub struct Sample(pub u32, pub f64, pub bool, pub f64);

#[differentiable]
fn sample_score(s: &Sample) -> f64 {
    let k = if s.2 { 2.0 } else { -0.5 };
    s.1 * s.3.exp() * k + s.0 as f64 * s.1
}

#[test]
fn tuple_struct_with_left_out_fields() {
    // f = a e^c k + n a, k = 2 or -0.5 by the flag: ∂a = e^c k + n, ∂c = a e^c k
    for &(n, a, flag, c) in &[(3u32, 0.5, true, -0.4), (0, -1.2, false, 1.1)] {
        let s = Sample(n, a, flag, c);
        let (value, ds) = value_with_gradient!(at: &s, of: sample_score);
        assert_eq!(value, sample_score(&s));
        let SampleTangentVector(da, dc) = ds;
        let k = if flag { 2.0 } else { -0.5 };
        assert_close(da, c.exp() * k + n as f64);
        assert_close(dc, a * c.exp() * k);
    }
}

/// The generic pair of the issue.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Pair<T> {
    pub first: T,
    pub second: T,
}

#[differentiable]
fn pair_product(p: &Pair<f64>) -> f64 {
    p.first * p.second.sin()
}

#[differentiable]
fn make_pair(a: f64, b: f64) -> Pair<f64> {
    Pair {
        first: a + b,
        second: a * b,
    }
}

#[differentiable]
fn pair_round_trip(a: f64, b: f64) -> f64 {
    let p = make_pair(a, b);
    pair_product(&p)
}

#[test]
fn generic_pair_at_f64() {
    // f(p) = p₁ sin p₂: ∂p₁ = sin p₂, ∂p₂ = p₁ cos p₂.
    // g(a, b) = (a + b) sin(ab): ∂a = sin(ab) + (a + b) b cos(ab), ∂b = sin(ab) + (a + b) a cos(ab)
    for &(a, b) in &[(0.5, 1.5), (-2.0, 0.25), (1.0, -3.0)] {
        let p = Pair {
            first: a,
            second: b,
        };
        let (value, dp) = value_with_gradient!(at: &p, of: pair_product);
        assert_eq!(value, pair_product(&p));
        let dp: PairTangentVector<f64> = dp;
        assert_all_close(&[dp.first, dp.second], &[b.sin(), a * b.cos()]);

        let (value, (da, db)) = value_with_gradient!(at: a, b, of: pair_round_trip);
        assert_eq!(value, pair_round_trip(a, b));
        let (s, c) = ((a * b).sin(), (a * b).cos());
        assert_all_close(&[da, db], &[s + (a + b) * b * c, s + (a + b) * a * c]);
    }
}

/// A point, to be nested.
#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

#[differentiable]
fn pair_of_points_distance(p: &Pair<Point>) -> f64 {
    let dx = p.first.x - p.second.x;
    let dy = p.first.y - p.second.y;
    (dx * dx + dy * dy).sqrt()
}

#[test]
fn generic_pair_of_structs() {
    // f = |a - b|: ∂a = (a - b)/|a - b|, ∂b = -(a - b)/|a - b|
    let p = Pair {
        first: Point { x: 1.0, y: 2.0 },
        second: Point { x: 4.0, y: -2.0 },
    };
    let (value, dp) = value_with_gradient!(at: &p, of: pair_of_points_distance);
    assert_eq!(value, 5.0);
    let dp: PairTangentVector<Point> = dp;
    assert_all_close(
        &[dp.first.x, dp.first.y, dp.second.x, dp.second.y],
        &[-0.6, 0.8, 0.6, -0.8],
    );
}

/// A generic function over the generic struct.
#[differentiable]
fn pair_norm<T: ad::num_traits::Float>(p: &Pair<T>) -> T {
    (p.first * p.first + p.second * p.second).sqrt()
}

#[test]
fn generic_function_over_generic_pair() {
    // ∂ = p / |p|
    let p = Pair {
        first: 3.0,
        second: -4.0,
    };
    let dp = gradient!(at: &p, of: pair_norm);
    assert_all_close(&[dp.first, dp.second], &[0.6, -0.8]);
}

/// A segment of two nested points and a width.
#[derive(Differentiable, Clone, Debug)]
pub struct Segment {
    pub a: Point,
    pub b: Point,
    pub width: f64,
}

#[differentiable]
fn segment_area(s: &Segment) -> f64 {
    let dx = s.b.x - s.a.x;
    let dy = s.b.y - s.a.y;
    (dx * dx + dy * dy).sqrt() * s.width
}

/// A nested struct literal from computed values, then read back.
#[differentiable]
fn unit_segment_area(angle: f64, width: f64) -> f64 {
    let s = Segment {
        a: Point {
            x: 0.5 * angle.cos(),
            y: 0.0,
        },
        b: Point {
            x: 0.0,
            y: angle.sin() * width,
        },
        width: width * width,
    };
    segment_area(&s)
}

#[test]
fn nested_struct_fields() {
    // L = |b - a|, f = L w: ∂a = -w (b - a)/L, ∂b = w (b - a)/L, ∂w = L
    for &(ax, ay, bx, by, w) in &[(0.0, 0.0, 3.0, 4.0, 2.0), (1.0, -1.0, -0.5, 2.0, 0.3)] {
        let s = Segment {
            a: Point { x: ax, y: ay },
            b: Point { x: bx, y: by },
            width: w,
        };
        let (value, ds) = value_with_gradient!(at: &s, of: segment_area);
        assert_eq!(value, segment_area(&s));
        let l = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let SegmentTangentVector { a, b, width } = ds;
        assert_all_close(
            &[a.x, a.y, b.x, b.y, width],
            &[
                -w * (bx - ax) / l,
                -w * (by - ay) / l,
                w * (bx - ax) / l,
                w * (by - ay) / l,
                l,
            ],
        );
    }
    for &(angle, width) in &[(0.3, 1.5), (2.0, 0.7), (-1.0, 2.0)] {
        let (value, (da, dw)) = value_with_gradient!(at: angle, width, of: unit_segment_area);
        assert_eq!(value, unit_segment_area(angle, width));
        assert_grad_fd(
            |q| unit_segment_area(q[0], q[1]),
            &[angle, width],
            &[da, dw],
        );
    }
}

/// A dense layer of three tanh units summed: weights in a `Vec<f64>` (row-major, 3 × n),
/// biases in a `[f64; 3]`.
#[derive(Differentiable, Clone, Debug)]
pub struct Layer {
    pub w: Vec<f64>,
    pub b: [f64; 3],
    pub scale: f64,
}

impl Layer {
    #[differentiable]
    pub fn forward(&self, x: &[f64]) -> f64 {
        let n = x.len();
        let mut out = 0.0;
        for j in 0..3 {
            let mut z = self.b[j];
            for i in 0..n {
                z += self.w[j * n + i] * x[i];
            }
            out += self.scale * z.tanh();
        }
        out
    }
}

#[test]
fn vec_and_array_fields_read_by_index_in_loops() {
    // z_j = b_j + Σ_i w_{ji} x_i, f = s Σ_j tanh z_j:
    // ∂w_{ji} = s sech²z_j x_i, ∂b_j = s sech²z_j, ∂s = Σ tanh z_j, ∂x_i = s Σ_j sech²z_j w_{ji}
    let layer = Layer {
        w: vec![0.1, -0.2, 0.3, 0.5, 0.4, -0.6, -0.3, 0.2, 0.9],
        b: [0.05, -0.1, 0.2],
        scale: 1.5,
    };
    let x = vec![0.7, -1.2, 0.4];
    let (value, (dl, dx)) = value_with_gradient!(at: &layer, &x, of: Layer::forward);
    assert_eq!(value, layer.forward(&x));
    assert_eq!(dl.w.len(), 9);
    assert_eq!(dx.len(), 3);
    let mut want_dx = [0.0; 3];
    let mut want_ds = 0.0;
    for j in 0..3 {
        let z = layer.b[j] + (0..3).map(|i| layer.w[3 * j + i] * x[i]).sum::<f64>();
        let sech2 = 1.0 / z.cosh().powi(2);
        want_ds += z.tanh();
        assert_close(dl.b[j], layer.scale * sech2);
        for i in 0..3 {
            assert_close(dl.w[3 * j + i], layer.scale * sech2 * x[i]);
            want_dx[i] += layer.scale * sech2 * layer.w[3 * j + i];
        }
    }
    assert_close(dl.scale, want_ds);
    assert_all_close(&dx, &want_dx);
}

/// A light with `f32` fields.
#[derive(Differentiable, Clone, Debug)]
pub struct Light {
    pub intensity: f32,
    pub falloff: f32,
}

impl Light {
    #[differentiable]
    pub fn at_distance(&self, d: f32) -> f32 {
        self.intensity / (1.0 + self.falloff * d * d)
    }
}

#[test]
fn f32_fields() {
    // f = I / (1 + k d²): ∂I = 1/q, ∂k = -I d²/q², ∂d = -2 I k d/q², q = 1 + k d²
    let light = Light {
        intensity: 3.0,
        falloff: 0.5,
    };
    let d = 2.0f32;
    let (value, (dl, dd)) = value_with_gradient!(at: &light, d, of: Light::at_distance);
    assert_eq!(value, light.at_distance(d));
    let q = 1.0 + 0.5 * 4.0;
    assert_close_f32(dl.intensity, 1.0 / q);
    assert_close_f32(dl.falloff, -3.0 * 4.0 / (q * q));
    assert_close_f32(dd, -2.0 * 3.0 * 0.5 * 2.0 / (q * q));
}

/// Methods of a generic impl, with the attribute on the block.
#[differentiable]
impl<T: ad::num_traits::Float> Pair<T> {
    /// The pair rotated by `angle`.
    pub fn rotated(&self, angle: T) -> Self {
        let (c, s) = (angle.cos(), angle.sin());
        Pair {
            first: c * self.first - s * self.second,
            second: s * self.first + c * self.second,
        }
    }

    /// The product of the components.
    pub fn product(&self) -> T {
        self.first * self.second
    }
}

#[differentiable]
fn rotated_twice(p: &Pair<f32>, angle: f32) -> f32 {
    p.rotated(angle).rotated(angle * angle).product()
}

#[test]
fn generic_impl_methods_at_f32() {
    // Against finite differences of the f64 instantiation of the same methods.
    let p = Pair {
        first: 0.8f32,
        second: -0.3,
    };
    let (dp, da) = gradient!(at: &p, 0.6f32, of: rotated_twice);
    let f64_version = |q: &[f64]| {
        let p = Pair {
            first: q[0],
            second: q[1],
        };
        p.rotated(q[2]).rotated(q[2] * q[2]).product()
    };
    let want = ad::check::central_difference_gradient(f64_version, &[0.8, -0.3, 0.6]);
    for (got, want) in [dp.first, dp.second, da].iter().zip(&want) {
        assert!(
            (f64::from(*got) - want).abs() < 1e-4,
            "got {got}, want {want}"
        );
    }
}
