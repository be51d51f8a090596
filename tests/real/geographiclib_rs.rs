//! geographiclib-rs 0.2.7 (MIT): the geodesic library's math helpers (angle reduction,
//! exact sums, trigonometry in degrees, Clenshaw sums, polynomials), with `&mut` out-parameters,
//! slices with offsets and `libm`'s `remquo`.

// The crate names its series' functions after the paper's `A1`, `C1`.
#![allow(non_snake_case)]

use ad::prelude::*;

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geodesic.rs L82-L82, license MIT  [helper: const GEODESIC_ORDER]
pub const GEODESIC_ORDER: usize = 6;

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geodesic.rs L83-L83, license MIT  [helper: const CARR_SIZE]
pub(crate) const CARR_SIZE: usize = GEODESIC_ORDER + 1;

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L8-L11, license MIT  [target]
// Square
#[differentiable]
pub fn sq(x: f64) -> f64 {
    x.powi(2)
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L13-L18, license MIT  [target]
// Normalize a two-vector
#[differentiable]
pub fn norm(x: &mut f64, y: &mut f64) {
    let r = x.hypot(*y);
    *x /= r;
    *y /= r;
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L20-L29, license MIT  [target]
// Error free transformation of a sum
#[differentiable]
pub fn sum(u: f64, v: f64) -> (f64, f64) {
    let s = u + v;
    let up = s - v;
    let vpp = s - up;
    let up = up - u;
    let vpp = vpp - v;
    let t = -(up + vpp);
    (s, t)
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L31-L38, license MIT  [target]
// Evaluate a polynomial
#[differentiable]
pub fn polyval(n: usize, p: &[f64], x: f64) -> f64 {
    let mut y = p[0];
    for val in &p[1..=n] {
        y = y * x + val;
    }
    y
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L40-L60, license MIT  [target]
// Round an angle so taht small values underflow to 0
#[differentiable]
pub fn ang_round(x: f64) -> f64 {
    // The makes the smallest gap in x = 1/16 - nextafter(1/16, 0) = 1/2^57
    // for reals = 0.7 pm on the earth if x is an angle in degrees.  (This
    // is about 1000 times more resolution than we get with angles around 90
    // degrees.)  We use this to avoid having to deal with near singular
    // cases when x is non-zero but tiny (e.g., 1.0e-200).
    let z = 1.0 / 16.0;
    let mut y = x.abs();
    // The compiler mustn't "simplify" z - (z - y) to y
    if y < z {
        y = z - (z - y);
    };
    if x == 0.0 {
        0.0
    } else if x < 0.0 {
        -y
    } else {
        y
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L62-L82, license MIT  [target]
/// remainder of x/y in the range [-y/2, y/2]
#[differentiable]
fn remainder(x: f64, y: f64) -> f64 {
    // z = math.fmod(x, y) if Math.isfinite(x) else Math.nan
    let z = if x.is_finite() { x % y } else { f64::NAN };

    // # On Windows 32-bit with python 2.7, math.fmod(-0.0, 360) = +0.0
    // # This fixes this bug.  See also Math::AngNormalize in the C++ library.
    // # sincosd has a similar fix.
    // z = x if x == 0 else z
    let z = if x == 0.0 { x } else { z };

    // return (z + y if z < -y/2 else
    // (z if z < y/2 else z -y))
    if z < -y / 2.0 {
        z + y
    } else if z < y / 2.0 {
        z
    } else {
        z - y
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L84-L94, license MIT  [target]
/// reduce angle to (-180,180]
#[differentiable]
pub fn ang_normalize(x: f64) -> f64 {
    // y = Math.remainder(x, 360)
    // return 180 if y == -180 else y
    let y = remainder(x, 360.0);
    if y == -180.0 {
        180.0
    } else {
        y
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L96-L103, license MIT  [target]
// Replace angles outside [-90,90] with NaN
#[differentiable]
pub fn lat_fix(x: f64) -> f64 {
    if x.abs() > 90.0 {
        f64::NAN
    } else {
        x
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L105-L114, license MIT  [target]
// compute y - x and reduce to [-180,180] accurately
#[differentiable]
pub fn ang_diff(x: f64, y: f64) -> (f64, f64) {
    let (d, t) = sum(ang_normalize(-x), ang_normalize(y));
    let d = ang_normalize(d);
    if d == 180.0 && t > 0.0 {
        sum(-180.0, t)
    } else {
        sum(d, t)
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L116-L140, license MIT  [target]
/// Compute sine and cosine of x in degrees
// [not compiled] With `#[differentiable]`: rustc's "cannot find `remquo` in `libm`" at the
// call `libm::remquo(x, 90.0)`, whose derivatives nothing provides (a registration can only
// be found for a call written without the crate's path); see tests/real/README.md.
pub fn sincosd(x: f64) -> (f64, f64) {
    let (mut r, q) = libm::remquo(x, 90.0);

    r = r.to_radians();

    let (mut sinx, mut cosx) = r.sin_cos();

    (sinx, cosx) = match q as u32 & 3 {
        0 => (sinx, cosx),
        1 => (cosx, -sinx),
        2 => (-sinx, -cosx),
        3 => (-cosx, sinx),
        _ => unreachable!(),
    };

    // special values from F.10.1.12
    cosx += 0.0;

    // special values from F.10.1.13
    if sinx == 0.0 {
        sinx = sinx.copysign(x);
    }
    (sinx, cosx)
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L142-L169, license MIT  [target]
// Compute atan2(y, x) with result in degrees
#[differentiable]
pub fn atan2d(mut y: f64, mut x: f64) -> f64 {
    let mut q = if y.abs() > x.abs() {
        std::mem::swap(&mut x, &mut y);
        2
    } else {
        0
    };
    if x < 0.0 {
        q += 1;
        x = -x;
    }
    let mut ang = y.atan2(x).to_degrees();
    match q {
        0 => {}
        1 => {
            ang = if y >= 0.0 { 180.0 - ang } else { -180.0 - ang };
        }
        2 => {
            ang = 90.0 - ang;
        }
        3 => {
            ang += -90.0;
        }
        _ => unreachable!(),
    };
    ang
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L171-L177, license MIT  [target]
#[differentiable]
pub fn eatanhe(x: f64, es: f64) -> f64 {
    if es > 0.0 {
        es * (es * x).atanh()
    } else {
        -es * (es * x).atan()
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L179-L204, license MIT  [target]
// Functions that used to be inside Geodesic
#[differentiable]
pub fn sin_cos_series<const N: usize>(sinp: bool, sinx: f64, cosx: f64, c: &[f64; N]) -> f64 {
    let mut k = c.len();
    let mut n: i64 = k as i64 - if sinp { 1 } else { 0 };
    let ar: f64 = 2.0 * (cosx - sinx) * (cosx + sinx);
    let mut y1 = 0.0;
    let mut y0: f64 = if n & 1 != 0 {
        k -= 1;
        c[k]
    } else {
        0.0
    };
    n /= 2;
    while n > 0 {
        n -= 1;
        k -= 1;
        y1 = ar * y0 - y1 + c[k];
        k -= 1;
        y0 = ar * y1 - y0 + c[k];
    }
    if sinp {
        2.0 * sinx * cosx * y0
    } else {
        cosx * (y0 - y1)
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L206-L233, license MIT  [target]
// Solve astroid equation
#[differentiable]
pub fn astroid(x: f64, y: f64) -> f64 {
    let p = sq(x);
    let q = sq(y);
    let r = (p + q - 1.0) / 6.0;
    if !(q == 0.0 && r <= 0.0) {
        let s = p * q / 4.0;
        let r2 = sq(r);
        let r3 = r * r2;
        let disc = s * (s + 2.0 * r3);
        let mut u = r;
        if disc >= 0.0 {
            let mut t3 = s + r3;
            t3 += if t3 < 0.0 { -disc.sqrt() } else { disc.sqrt() };
            let t = t3.cbrt();
            u += t + if t != 0.0 { r2 / t } else { 0.0 };
        } else {
            let ang = (-disc).sqrt().atan2(-(s + r3));
            u += 2.0 * r * (ang / 3.0).cos();
        }
        let v = (sq(u) + q).sqrt();
        let uv = if u < 0.0 { q / (v - u) } else { u + v };
        let w = (uv - q) / (2.0 * v);
        uv / ((uv + sq(w)).sqrt() + w)
    } else {
        0.0
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L235-L240, license MIT  [target]
#[differentiable]
pub fn _A1m1f(eps: f64) -> f64 {
    const COEFF: [f64; 5] = [1.0, 4.0, 64.0, 0.0, 256.0];
    let m = GEODESIC_ORDER / 2;
    let t = polyval(m, &COEFF, sq(eps)) / COEFF[m + 1];
    (t + eps) / (1.0 - eps)
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L242-L259, license MIT  [target]
#[differentiable]
pub fn _C1f(eps: f64, c: &mut [f64; CARR_SIZE]) {
    const COEFF: [f64; 18] = [
        -1.0, 6.0, -16.0, 32.0, -9.0, 64.0, -128.0, 2048.0, 9.0, -16.0, 768.0, 3.0, -5.0, 512.0,
        -7.0, 1280.0, -7.0, 2048.0,
    ];
    let eps2 = sq(eps);
    let mut d = eps;
    let mut o = 0;
    // Clippy wants us to turn this into `c.iter_mut().enumerate().take(geodesic_order + 1).skip(1)`
    // but benching (rust-1.75) shows that it would be slower.
    #[allow(clippy::needless_range_loop)]
    for l in 1..=GEODESIC_ORDER {
        let m = (GEODESIC_ORDER - l) / 2;
        c[l] = d * polyval(m, &COEFF[o..], eps2) / COEFF[o + m + 1];
        o += m + 2;
        d *= eps;
    }
}

// from github.com/georust/geographiclib-rs@c5e906d94a46 (crate geographiclib-rs 0.2.7), src/geomath.rs L280-L285, license MIT  [target]
#[differentiable]
pub fn _A2m1f(eps: f64) -> f64 {
    const COEFF: [f64; 5] = [-11.0, -28.0, -192.0, 0.0, 256.0];
    let m = GEODESIC_ORDER / 2;
    let t = polyval(m, &COEFF, sq(eps)) / COEFF[m + 1];
    (t - eps) / (1.0 + eps)
}

// [checks] Not copied: the checks of the functions above.
#[cfg(test)]
mod checks {
    use super::*;
    use crate::checks::check_every_mode;

    #[test]
    fn scalar_helpers() {
        for x in [0.37, -1.9, 2.6] {
            check_every_mode!(value |x: f64| sq(x), [x]);
            check_every_mode!(value |x: f64| ang_round(x), [x, 1e-3]);
            check_every_mode!(value |x: f64| lat_fix(x), [x * 30.0]);
            check_every_mode!(value |x: f64| _A1m1f(x), [x / 10.0]);
            check_every_mode!(value |x: f64| _A2m1f(x), [x / 10.0]);
            // 2x, and 1 for the others (the rounding of tiny angles keeps the slope).
            crate::checks::close(gradient!(at: x, of: sq), 2.0 * x);
            crate::checks::close(gradient!(at: x, of: ang_round), 1.0);
        }
    }

    #[test]
    fn angles() {
        for (x, y) in [(370.5, 20.25), (-725.0, 1.5), (100.0, -179.0)] {
            check_every_mode!(value |p: [f64; 2]| remainder(p[0], p[1]), [[x, 360.0 + y]]);
            check_every_mode!(value |x: f64| ang_normalize(x), [x]);
            check_every_mode!(value |p: [f64; 2]| atan2d(p[0], p[1]), [[x / 100.0, y / 50.0]]);
            check_every_mode!(value |p: [f64; 2]| eatanhe(p[0], p[1]), [[0.3, 0.08], [0.3, -0.08]]);
            check_every_mode!(value |p: [f64; 2]| astroid(p[0], p[1]), [[x / 300.0, y / 90.0]]);
            // The error-free sum and the difference of angles: the pair (value, rounding
            // error), whose second component has derivative zero.
            let report = check_gradient!(at: x, y, of: |x: f64, y: f64| sum(x, y));
            assert!(report.is_ok(), "{:?}", report.err());
            let report = check_gradient!(at: x, y, of: |x: f64, y: f64| ang_diff(x, y));
            assert!(report.is_ok(), "{:?}", report.err());
        }
    }

    #[test]
    fn series() {
        let c = [0.0, 0.3, -0.2, 0.05, 0.01];
        for sinp in [true, false] {
            check_every_mode!(
                value |p: [f64; 2]| sin_cos_series(sinp, p[0], p[1], &c),
                [[0.6, 0.8], [-0.28, 0.96]]
            );
        }
        check_every_mode!(value |p: [f64; 3]| polyval(2, &p, 0.7), [[0.3, -1.1, 2.0]]);
        check_every_mode!(value |x: f64| polyval(3, &[0.3, -1.1, 2.0, 0.5], x), [0.7, -2.1]);
        // `_C1f` fills its out-parameter through `polyval` of the coefficients' tails.
        check_every_mode!(
            value |eps: f64| {
                let mut c = [0.0; CARR_SIZE];
                _C1f(eps, &mut c);
                c[1] + 2.0 * c[3] - c[6]
            },
            [0.01, 0.1]
        );
        // `norm` scales a two-vector in place to unit length.
        check_every_mode!(
            value |p: [f64; 2]| {
                let (mut x, mut y) = (p[0], p[1]);
                norm(&mut x, &mut y);
                x + 3.0 * y
            },
            [[0.3, -1.2], [2.0, 0.5]]
        );
    }
}
