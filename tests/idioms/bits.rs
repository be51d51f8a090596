//! A float's bits where they carry no derivative, which compiles and is right: a sign or an
//! exponent read from them to choose a branch or a scale, and a float made of constant
//! bits. (A float made of a differentiated float's bits is our compile error, see the ui
//! cases `float_made_of_differentiated_*`.)

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// The sign bit chooses the branch: |x| as libm's helpers test it.
#[differentiable]
pub fn abs_by_sign_bit(x: f64) -> f64 {
    if x.to_bits() >> 63 == 1 { -x } else { x }
}

/// The exponent read from the bits scales a polynomial: piecewise, the scale is a constant.
/// (Made of the bits with `f64::from_bits`, it would be our error, which says to wrap the
/// bits in `no_grad(..)`: the macro cannot tell an exponent's bits from a mantissa's.)
#[differentiable]
pub fn scaled_by_exponent(x: f64) -> f64 {
    let exponent = ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let scale = 2f64.powi(-exponent);
    let m = x * scale;
    m * m + f64::from_bits(0x3ff0_0000_0000_0000) * x
}

#[test]
fn bits_that_choose_or_scale() {
    for x in [-2.5, 0.7, 3.3] {
        let slope = gradient!(at: x, of: abs_by_sign_bit);
        assert_eq!(slope, x.signum());
        assert_every_mode!(abs_by_sign_bit, x);
    }
    for x in [0.7f64, 3.3, 12.0] {
        let scale = 2f64.powi(-(x.log2().floor() as i32));
        let slope = gradient!(at: x, of: scaled_by_exponent);
        assert!((slope - (2.0 * x * scale * scale + 1.0)).abs() < 1e-14);
        assert_every_mode!(scaled_by_exponent, x);
    }
}
