//! A crate of plain numeric functions that does **not** depend on `ad`.
//!
//! It is the "crate A" of retroactive registration (API.md, "Registering derivatives";
//! DESIGN.md, "Finding derivatives without types"): its authors never heard of automatic
//! differentiation, so nothing here is `#[differentiable]`. The sibling crate
//! `registrations` registers derivatives for these functions from outside, and
//! `registration-app` differentiates code that calls them.

/// `ln(1 + e^x)`, computed without overflow for large `x`.
pub fn softplus(x: f64) -> f64 {
    if x > 30.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

/// `k * x^2`.
pub fn scaled_sq(x: f64, k: f64) -> f64 {
    k * x * x
}

/// Linear interpolation `a + (b - a) * t`.
pub fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

/// `x` rounded to the nearest integer: piecewise constant, so its true derivative is 0
/// almost everywhere.
pub fn quantize(x: f64) -> f64 {
    x.round()
}

/// `x³ - x`.
pub fn cubic(x: f64) -> f64 {
    x * x * x - x
}

/// Special functions, in a module of their own.
pub mod special {
    /// The logistic sigmoid `1 / (1 + e^-x)`.
    pub fn logistic(x: f64) -> f64 {
        1.0 / (1.0 + (-x).exp())
    }
}
