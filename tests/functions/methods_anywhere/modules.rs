//! Marked methods in impls inside nested modules of this file (two levels deep, a marked trait
//! and an operator impl among them), methods taking slices and other structs with loops and
//! branches, methods calling free `#[differentiable]` functions of this module and of their
//! own, and free functions calling the methods of several impls together, including the
//! impl in `other_file.rs`.

use crate::assert_close;
use crate::assert_grad_fd;
use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// A free differentiable function that methods in the nested modules call through `super`.
#[differentiable]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

mod physics {
    use ad::prelude::*;

    /// The gravitational acceleration, read by methods.
    pub const G: f64 = 9.81;

    pub mod bodies {
        use ad::prelude::*;
        use std::ops::Add;

        /// A body with a mass and a velocity.
        #[derive(Clone, Copy, Debug, Differentiable)]
        pub struct Body {
            pub m: f64,
            pub v: f64,
        }

        impl Body {
            #[differentiable]
            pub fn new(m: f64, v: f64) -> Self {
                Self { m, v }
            }

            #[differentiable]
            pub fn kinetic(&self) -> f64 {
                0.5 * self.m * self.v * self.v
            }

            /// A method calling a free function two modules up.
            #[differentiable]
            pub fn drag(&self, c: f64) -> f64 {
                crate::methods_anywhere::modules::softplus(c * self.v) * self.m
            }
        }

        /// Inelastic collision: the momenta add.
        impl Add for Body {
            type Output = Body;
            #[differentiable]
            fn add(self, o: Body) -> Body {
                let m = self.m + o.m;
                Body {
                    m,
                    v: (self.m * self.v + o.m * o.v) / m,
                }
            }
        }
    }

    /// A uniform field, its method taking a body of a sibling module.
    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct Field {
        pub g: f64,
    }

    impl Field {
        #[differentiable]
        pub fn potential(&self, b: &bodies::Body, h: f64) -> f64 {
            b.m * self.g * h
        }

        /// A method calling a free function of this module.
        #[differentiable]
        pub fn relative(&self) -> f64 {
            ratio(self.g, G)
        }
    }

    /// A free differentiable function of the nested module.
    #[differentiable]
    pub fn ratio(a: f64, b: f64) -> f64 {
        a / b
    }
}

/// A marked trait and its impl in a nested module.
mod geometry {
    use ad::prelude::*;

    #[differentiable]
    pub trait Measure {
        fn measure(&self) -> f64;
    }

    /// Points on a line, their measure the spread between the extremes.
    #[derive(Clone, Debug, Differentiable)]
    pub struct Points {
        pub xs: Vec<f64>,
    }

    impl Measure for Points {
        /// A loop with branches keeping the extremes.
        #[differentiable]
        fn measure(&self) -> f64 {
            let mut lo = self.xs[0];
            let mut hi = self.xs[0];
            for &x in &self.xs {
                if x < lo {
                    lo = x;
                }
                if x > hi {
                    hi = x;
                }
            }
            hi - lo
        }
    }

    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct Interval {
        pub a: f64,
        pub b: f64,
    }

    impl Measure for Interval {
        #[differentiable]
        fn measure(&self) -> f64 {
            (self.b - self.a).abs()
        }
    }

    /// Generic code over the trait, in the same nested module.
    #[differentiable]
    pub fn joint<A: Measure, B: Measure>(a: &A, b: &B) -> f64 {
        a.measure() * b.measure()
    }
}

use geometry::Measure;
use physics::bodies::Body;

/// A weighted sum with a method taking slices.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Kernel {
    width: f64,
}

impl Kernel {
    /// A loop over two slices with a branch: points beyond the cut-off are skipped.
    #[differentiable]
    fn smooth(&self, xs: &[f64], ws: &[f64], at: f64) -> f64 {
        let mut num = 0.0;
        let mut den = 0.0;
        for i in 0..xs.len() {
            let d = (xs[i] - at) / self.width;
            if d.abs() < 3.0 {
                let k = (-0.5 * d * d).exp();
                num += ws[i] * k;
                den += k;
            }
        }
        num / den
    }

    /// A method taking a struct of another impl by value and one by reference.
    #[differentiable]
    fn blur(&self, b: Body, f: &physics::Field) -> f64 {
        softplus(b.v / self.width) * f.g + b.kinetic() / f.relative()
    }
}

#[differentiable]
fn collision(m: f64, v: f64) -> f64 {
    let a = Body::new(m, v);
    let b = physics::bodies::Body::new(1.0, -v * v);
    let after = a + b;
    after.kinetic() + after.drag(0.3) + physics::Field { g: 9.0 }.potential(&after, v)
}

#[test]
fn methods_and_an_operator_two_modules_deep_in_every_mode() {
    for (m, v) in [(2.0, 0.7), (0.5, -1.3)] {
        assert_every_mode!(collision, m, v);
    }
    // Momentum is conserved, kinetic energy is not: K = ½ m² v² / (m + 1) for b at rest,
    // ∂K/∂m = ½ v² (m² + 2m) / (m + 1)², ∂K/∂v = m² v / (m + 1).
    let (m, v) = (2.0, 3.0);
    let (dm, dv) = gradient!(
        at: m, v,
        of: |m: f64, v: f64| (Body { m, v } + Body { m: 1.0, v: 0.0 }).kinetic()
    );
    assert_close(
        dm,
        0.5 * v * v * (m * m + 2.0 * m) / ((m + 1.0) * (m + 1.0)),
    );
    assert_close(dv, m * m * v / (m + 1.0));
}

#[test]
fn a_method_calling_free_functions_of_other_modules() {
    let b = Body { m: 2.0, v: 0.5 };
    let (d, dc) = gradient!(at: &b, 1.5, of: Body::drag);
    let s = 1.0 / (1.0 + (-0.75f64).exp());
    assert_close(d.m, softplus(0.75));
    assert_close(d.v, 2.0 * s * 1.5);
    assert_close(dc, 2.0 * s * 0.5);
    let d = gradient!(at: &physics::Field { g: 4.905 }, of: physics::Field::relative);
    assert_close(d.g, 1.0 / physics::G);
}

#[differentiable]
fn measures(a: f64, b: f64) -> f64 {
    let points = geometry::Points {
        xs: vec![a, 0.5, b * b, -a * b],
    };
    let interval = geometry::Interval { a, b };
    geometry::joint(&points, &interval) + points.measure()
}

#[test]
fn a_marked_trait_implemented_in_a_nested_module() {
    for (a, b) in [(0.9, 1.3), (-0.4, 0.6), (1.6, -0.2)] {
        assert_every_mode!(measures, a, b);
    }
    let points = geometry::Points {
        xs: vec![0.3, -1.0, 2.0, 0.5],
    };
    let d = gradient!(at: &points, of: geometry::Points::measure);
    assert_eq!(d.xs.len(), 4);
    assert_close(d.xs[0], 0.0);
    assert_close(d.xs[1], -1.0);
    assert_close(d.xs[2], 1.0);
    assert_close(d.xs[3], 0.0);
}

#[test]
fn a_method_taking_slices_with_a_loop_and_a_branch() {
    let kernel = Kernel { width: 0.5 };
    let xs = [0.0, 0.4, 1.1, 3.0];
    let ws = [1.0, -0.5, 2.0, 7.0];
    let (dk, dxs, dws, dat) = gradient!(at: &kernel, &xs, &ws, 0.6, of: Kernel::smooth);
    let smooth = |p: &[f64]| Kernel { width: p[0] }.smooth(&p[1..5], &p[5..9], p[9]);
    let at = [&[0.5][..], &xs, &ws, &[0.6]].concat();
    let got = [&[dk.width][..], &dxs, &dws, &[dat]].concat();
    assert_grad_fd(smooth, &at, &got);
    // The point at 3.0 is beyond the cut-off: no derivative reaches it.
    assert_close(dxs[3], 0.0);
    assert_close(dws[3], 0.0);
}

#[differentiable]
fn several_impls(a: f64, b: f64) -> f64 {
    let kernel = Kernel { width: a * a + 0.5 };
    let body = Body::new(a, b);
    let field = physics::Field { g: b + 5.0 };
    let cell = super::other_file::Cell2::at(a, b);
    let xs = vec![a, b, 0.3];
    let ws = vec![1.0, b, a];
    kernel.blur(body, &field) + kernel.smooth(&xs, &ws, 0.5 * b) + cell.energy()
        - field.potential(&body, a)
}

#[test]
fn a_free_function_calling_methods_of_several_impls_in_every_mode() {
    for (a, b) in [(0.8, 0.4), (1.3, -0.7)] {
        assert_every_mode!(several_impls, a, b);
    }
}

/// Impls three modules deep, naming items up the tree by `super::super` and by `crate::`.
mod outer {
    pub mod middle {
        pub mod inner {
            use ad::prelude::*;

            #[derive(Clone, Copy, Debug, Differentiable)]
            pub struct Deep {
                pub x: f64,
            }

            impl Deep {
                #[differentiable]
                pub fn blend(&self, y: f64) -> f64 {
                    super::super::lift(self.x) * y
                        + crate::methods_anywhere::modules::outer::lift(y)
                }
            }

            impl super::super::Wave for Deep {
                #[differentiable]
                fn wave(&self) -> f64 {
                    self.x.sin()
                }
            }
        }
    }

    use ad::prelude::*;

    /// A free function of the outer module.
    #[differentiable]
    pub fn lift(x: f64) -> f64 {
        x * x + 1.0
    }

    /// A marked trait of the outer module, implemented two modules down.
    #[differentiable]
    pub trait Wave {
        fn wave(&self) -> f64;
    }
}

/// Generic code over the deep trait.
#[differentiable]
fn doubled_wave<T: outer::Wave>(t: &T) -> f64 {
    2.0 * t.wave()
}

#[differentiable]
fn deep_impls(a: f64, b: f64) -> f64 {
    let d = outer::middle::inner::Deep { x: a };
    d.blend(b) + doubled_wave(&d)
}

#[test]
fn impls_three_modules_deep() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_close(
            deep_impls(a, b),
            (a * a + 1.0) * b + b * b + 1.0 + 2.0 * a.sin(),
        );
        assert_every_mode!(deep_impls, a, b);
    }
}
