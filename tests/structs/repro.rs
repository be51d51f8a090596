use ad::prelude::*;

#[derive(Differentiable, Clone, Debug)]
pub struct K { pub x: f64, #[no_derivative] pub k: f64, pub n: i32, pub c: u32 }

#[differentiable]
fn r6a(s: &K) -> f64 { no_grad(s.k) * s.x }
#[differentiable]
fn r6b(s: &K) -> f64 { let k: f64 = s.k; k * s.x }
#[differentiable]
fn r6c(s: K) -> f64 { s.k * s.x }
#[differentiable]
fn r6d(s: &K) -> f64 { s.x + s.k }
#[differentiable]
fn r7a(s: &K) -> f64 { let n = s.n; s.x.powi(n + 1) }
#[differentiable]
fn r7b(s: &K) -> f64 { s.x.powi(s.n) }
#[differentiable]
fn r7c(s: &K) -> f64 { if s.n > 2 { s.x } else { 2.0 * s.x } }
#[differentiable]
fn r8(x: f64) -> f64 { let mut k = K { x, k: 1.0, n: 0, c: 0 }; k.c = k.c + 1; k.x * k.c as f64 }
