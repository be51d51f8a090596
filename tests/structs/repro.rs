use ad::prelude::*;

#[derive(Differentiable, Clone, Debug)]
pub struct S { pub v: Vec<f64>, pub x: f64 }

#[derive(Differentiable, Clone, Debug)]
pub struct Inner { pub x: f64 }
impl Inner {
    #[differentiable]
    pub fn m(&self) -> f64 { self.x * self.x }
}
#[derive(Differentiable, Clone, Debug)]
pub struct Outer { pub inner: Inner, pub y: f64 }

#[derive(Differentiable, Clone, Debug)]
pub struct K { pub x: f64, #[no_derivative] pub k: f64, pub n: i32, pub c: u32 }

#[differentiable]
fn r1(s: &S) -> f64 { s.v[0] * s.x }

#[differentiable]
fn r3(s: &Outer) -> f64 { s.inner.x * s.y }

#[differentiable]
fn r4(s: Outer) -> f64 { s.inner.x * s.y }

#[differentiable]
fn r5(s: &Outer) -> f64 { s.inner.m() }

#[differentiable]
fn r6(s: &K) -> f64 { s.k * s.x }

#[differentiable]
fn r7(s: &K) -> f64 { s.n as f64 * s.x }

#[differentiable]
fn r7b(s: &K) -> f64 { s.x.powi(s.n + 1) }

#[differentiable]
fn r8(x: f64) -> f64 { let mut k = K { x, k: 1.0, n: 0, c: 0 }; k.c += 1; k.x * k.c as f64 }

#[test]
fn r9() {
    let d = vec![1.0];
    let g = gradient!(at: 1.0, of: |x: f64| x * d[0]);
    assert_eq!(d.len(), 1);
    let _ = g;
}
