//! astro 2.0.0 (MIT): orbits (anomalies, radius vectors, velocities), angles, atmospheric
//! refraction, interpolation and coordinates, in plain `f64` code of the 2015 edition.

// The crate names its variables after the formulas' symbols (`E`, `M`); `ecc_anom`'s
// `accuracy` decides when its iteration stops, and our warning that its derivative is zero
// is right.
#![allow(non_snake_case, deprecated)]

use ad::prelude::*;
use std::f64::consts::PI;

// [added] The crate's module `angle`, which one function calls by path.
mod angle {
    pub use super::deg_frm_dms;
}

// [added] The crate's `Horner_eval!` (src/util.rs, `#[macro_use]`), moved before its use.
// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/util.rs L38-L63, license MIT  [helper: macro Horner_eval]
/**
Evaluates a polynomial using Horner's algorithm

# Arguments

* `$x`     : The value of the independent variable `f32 or f64`
* `$c`     : The constant term `f32 or f64`
* `$($a),*`: Sequence of coefficient terms for `$x`, in ascending
             powers of `$x`
**/
#[macro_export]
macro_rules! Horner_eval
{
    ($x:expr, $c:expr, $($a:expr),*) =>
    {
        {
            let mut y = $c;
            let mut u = 1.0;
            $(
                u *= $x;
                y += u * $a;
            )*
            y
        }
    }
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L28-L47, license MIT  [target]
/**
Computes the true anomaly of a body in an elliptic orbit

# Returns

* `true_anom`: True anomaly of the body *| in radians*

# Arguments

* `ecc_anom`: Eccentric anomaly of the body *| in radians*
* `ecc`     : Eccentricity of the orbit
**/
#[differentiable]
#[inline]
pub fn true_anom(ecc_anom: f64, ecc: f64) -> f64 {

    2.0 * ((1.0 + ecc).sqrt() * (ecc_anom/2.0).tan()).atan2 (
        (1.0 - ecc).sqrt()
    )

}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L49-L68, license MIT  [target]
/**
Computes the radius vector of a body in an elliptic orbit from it's
eccentric anomaly

# Returns

* `rad_vec`: Radius vector of the body *| in AU*

# Arguments

* `ecc_anom`: Eccentric anomaly of the body *| in radians*
* `a`       : Semimajor axis of the orbit *| in AU*
* `ecc`     : Eccentricity of the orbit
**/
#[differentiable]
#[inline]
pub fn rad_vec_frm_ecc_anom(ecc_anom: f64, a: f64, ecc: f64) -> f64 {

    a * (1.0 - ecc*ecc_anom.cos())
    
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L70-L87, license MIT  [target]
/**
Computes the radius vector of a body in an elliptic orbit from it's
true anomaly

# Returns

* `rad_vec`: Radius vector of the body *| in AU*

# Arguments

* `true_anom`: True anomaly of the body *| in radians*
* `a`        : Semimajor axis of the orbit *| in AU*
* `ecc`      : Eccentricity of the orbit
**/
#[differentiable]
#[inline]
pub fn rad_vec_frm_true_anom(true_anom: f64, a: f64, ecc: f64) -> f64 {
    a * (1.0 - ecc*ecc) / (1.0 + ecc*true_anom.cos())
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L89-L113, license MIT  [target]
/**
Computes the eccentric anomaly of a body in an elliptic orbit

# Returns

* `ecc_anom`: Eccentric anomaly of the body *| in radians*

# Arguments

* `mean_anom`: Mean anomaly of the body *| in radians*
* `ecc`      : Eccentricity of the orbit
* `accuracy` : Desired accuracy for the eccentric anomaly.
               Eg: 0.000001 gives that much accuracy in radians.
**/
#[differentiable]
pub fn ecc_anom(mean_anom: f64, ecc: f64, accuracy: f64) -> f64 {
    let mut prev_E = 0.0;
    let mut E = mean_anom;

    while (E - prev_E).abs() > accuracy {
        prev_E = E;
        E = mean_anom + ecc * E.sin();
    }

    E
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L115-L131, license MIT  [target]
/**
Computes the velocity of a body in an elliptic orbit

# Returns

* `velocity`: Instantaneous velocity of the body
              *| in kilometers per second*

# Arguments

* `r`: Radius vector of the body *| in AU*
* `a`: Semimajor axis of orbit *| in AU*
**/
#[differentiable]
#[inline]
pub fn vel(r: f64, a:f64) -> f64 {
    42.1219 * (1.0/r - 0.5/a).sqrt()
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L133-L151, license MIT  [target]
/**
Computes the velocity of a body at perihelion in an elliptic orbit

# Returns

* `velocity`: Velocity of the body at perihelion
              *| in kilometers per second*

# Arguments

* `a`: Semimajor axis of orbit *| in AU*
* `e`: Eccentricity of orbit
**/
#[differentiable]
#[inline]
pub fn perih_vel(a:f64, e:f64) -> f64 {
    29.7847 * (
        (1.0 + e) / ((1.0 - e) * a)
    ).sqrt()
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L153-L171, license MIT  [target]
/**
Computes the velocity of a body at aphelion in an elliptic orbit

# Returns

* `velocity`: Velocity of the body at aphelion
              *| in kilometers per second*

# Arguments

* `a`: Semimajor axis of orbit *| in AU*
* `e`: Eccentricity of orbit
**/
#[differentiable]
#[inline]
pub fn aph_vel(a:f64, e:f64) -> f64 {
    29.7847 * (
        (1.0 - e) / ((1.0 + e) * a)
    ).sqrt()
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L173-L200, license MIT  [target]
/**
Computes the approximate length of an ellipse using the Ramanujan
method

# Returns

* `approx_length`: An approximate value for the length of
                   the ellipse (same unit as that of `a`
                   and `b`), using a formula given by
                   [Ramanujan](https://en.wikipedia.org/wiki/Srinivasa_Ramanujan)
                   in 1914.

The error in `approx_length` is:

* 0% for a = b
* 0.4155% for e = 1

# Arguments

* `a`: Semimajor axis of the ellipse (same unit as that of `b`)
* `b`: Semiminor axis of the ellipse (same unit as that of `a`)
**/
#[differentiable]
#[inline]
pub fn length_ramanujan(a: f64, b: f64) -> f64 {
    PI * (
        3.0*(a + b) - ((a + 3.0*b) * (3.0*a + b)).sqrt()
    )
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/elliptic.rs L202-L228, license MIT  [target]
/**
Computes the approximate length of an ellipse

# Returns

* `approx_length`: An approximate value for the length of the ellipse
                   (same unit as that of `a` and `b`)

The error in `approx_length` is:

* less than 0.001% if e < 0.88
* less than 0.01% if e < 0.95
* 1% if e = 0.9997
* 3% if e = 1

# Arguments

* `a`: Semimajor axis of the ellipse (same unit as that of `b`)
* `b`: Semiminor axis of the ellipse (same unit as that of `a`)
**/
#[differentiable]
pub fn length(a: f64, b: f64) -> f64 {
    let A = (a + b) / 2.0;
    let G = (a * b).sqrt();
    let H = (2.0 * a * b) / (a + b);

    PI * (21.0*A - 2.0*G - 3.0*H)/8.0
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/orbit/parabolic.rs L28-L56, license MIT  [target]
/**
Computes the true anomaly and radius vector of a body in a parabolic
orbit at a given time

# Returns

`(tru_anom, rad_vec)`

* `true_anom`: True anomaly of the body at time `t` *| in radians*
* `rad_vec`  : Radius vector of the body at time `t` *| in AU*

# Arguments

* `t`: Time of interest, in Julian (Ephemeris) day
* `T`: Time of passage through the perihelion, in Julian (Ephemeris) day
* `q`: Perihelion distance *| in AU*
**/
#[differentiable]
pub fn true_anom_and_rad_vec(t: f64, T: f64, q: f64) -> (f64, f64) {

    let W = 0.03649116245 * (t - T) / q.powf(1.5);
    let G = W / 2.0;
    let Y = (G + (G*G + 1.0).sqrt()).cbrt();
    let s = Y - 1.0/Y;
    let v = 2.0 * s.atan();
    let r = q * (1.0 + s*s);

    (v, r)

}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/angle.rs L29-L49, license MIT  [target]
/**
Computes the angular separation between two angular points

# Arguments

* `p1a1`: Angle 1 of point 1 *| in radians*
* `p1a2`: Angle 2 of point 1 *| in radians*
* `p2a1`: Angle 1 of point 2 *| in radians*
* `p2a2`: Angle 2 of point 2 *| in radians*

Angle 1 may be right ascension or longitude.
Angle 2 may be declination or latitude.
**/
#[differentiable]
#[inline]
pub fn anglr_sepr(p1a1: f64, p1a2: f64, p2a1: f64, p2a2: f64) -> f64
{
    (
          p1a2.sin() * p2a2.sin()
        + p1a2.cos() * p2a2.cos() * (p1a1 - p2a1).cos()
    ).acos()
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/angle.rs L51-L73, license MIT  [target]
/**
Computes an angle in degrees with decimals, from an angle
expressed in degrees, arcminutes and arcseconds

# Returns

* `deg`: Angle in degrees with decimals

# Arguments

* `deg`: Degrees
* `min`: Arcminutes
* `sec`: Arcseconds
**/
#[differentiable]
#[inline]
pub fn deg_frm_dms(deg: i64, min: i64, sec: f64) -> f64
{
    let (M, S) =
        if deg < 0 { (-min.abs(), -sec.abs()) }
        else       { (min, sec) };

    (deg as f64) + (M as f64)/60.0 + S/3600.0
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/angle.rs L150-L165, license MIT  [target]
/**
Computes the equivalent angle in [0, 360] degree range

# Arguments

* `angl`: Angle *| in degrees*
**/
#[differentiable]
#[inline]
pub fn limit_to_360(angl: f64) -> f64
{
    let n = (angl / 360.0) as i64;
    let limited_angl = angl - (360.0 * (n as f64));

    if limited_angl < 0.0 { limited_angl + 360.0 }
    else                  { limited_angl }
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/atmos.rs L28-L50, license MIT  [target]
/**
Computes the refraction term for true altitudes greater than 15
degrees

# Returns

* `refrac_term`: The refraction term *| in radians*, that needs to be
                 subtracted from the apparent altitude to get the
                 true altitude

# Arguments

* `apprnt_alt`: Apparent altitude *| in radians*
**/
#[differentiable]
pub fn refrac_frm_apprnt_alt_15(apprnt_alt: f64) -> f64
{
    let x =
        angle::deg_frm_dms(0, 0, 0.0668).to_radians()
      * (PI - apprnt_alt).tan();

      angle::deg_frm_dms(0, 0, 58.294).to_radians() * (PI - apprnt_alt).tan()
    - x * x * x
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/atmos.rs L76-L101, license MIT  [target]
/**
Computes the refraction term for true altitude

# Returns

* `refrac_term`: The refraction term *| in radians*, that needs to be
                 subtracted from the apparent altitude to get the
                 rue altitude

The accuracy of `refrac_term` is upto 0.07 arcminutes.

# Arguments

* `apprnt_alt`: Apparent altitude *| in radians*
**/
#[differentiable]
pub fn refrac_frm_apprnt_alt(apprnt_alt: f64) -> f64
{
    if apprnt_alt == PI { 0.0 }
    else {
        let apprnt_alt_deg = apprnt_alt.to_degrees();
        let a = apprnt_alt_deg + 7.31/(apprnt_alt_deg + 4.4);
        let R = 1.0 / a.to_radians().tan();

        (R / 60.0).to_radians()
    }
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/interpol.rs L42-L50, license MIT  [target]
#[differentiable]
#[inline]
pub fn three_values(y1: f64, y2: f64, y3: f64, n: f64) -> f64
{
    let a = y2 - y1;
    let b = y3 - y2;
    let c = b - a;

    y2 + n*(a + b + n*c)/2.0
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/interpol.rs L52-L96, license MIT  [target]
/**
Interpolates an intermediate value of a function from five of it's
given values

# Returns

* `interpol_val`: Intermediate value of the function

# Arguments

* `y1`: Value 1 of the function
* `y2`: Value 2 of the function
* `y3`: Value 3 of the function
* `y4`: Value 4 of the function
* `y5`: Value 5 of the function
* `n` : Interpolating factor, measured from the central value
        `y3`, positively towards `y4`
**/
// [not compiled] With `#[differentiable]`: our error "the macro `Horner_eval!` is not supported
// in differentiable functions" (a user's `macro_rules!` macro, which the attribute cannot
// expand); see tests/real/README.md.
pub fn five_values(y1: f64, y2: f64, y3: f64, y4: f64, y5: f64, n: f64) -> f64
{
    let a = y2 - y1;
    let b = y3 - y2;
    let c = y4 - y3;
    let d = y5 - y4;

    let e = b - a;
    let f = c - b;
    let g = d - c;

    let h = f - e;
    let j = g - f;

    let k = (j - h) / 12.0;
    let h_j_12 = (h + j) / 6.0;

    y3 +
    Horner_eval!(
        n,
        0.0,
        b + c - h_j_12,
        f - k,
        h_j_12,
        k
    ) / 2.0
}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/coords.rs L270-L290, license MIT  [target]
/**
Computes the azimuth from equatorial coordinates

# Returns

* `az`: Azimuth *| in radians*

# Arguments

* `hour_angle`: Hour angle *| in radians*
* `dec`: Declination *| in radians*
* `observer_lat`: Observer's geographical latitude *| in radians*
**/
#[differentiable]
pub fn az_frm_eq(hour_angle: f64, dec: f64, observer_lat: f64) -> f64 {

    hour_angle.sin().atan2 (
        hour_angle.cos()  * observer_lat.sin()
      - dec.tan() * observer_lat.cos()
    )

}

// from github.com/saurvs/astro-rust@c62ffdc7d55a (crate astro 2.0.0), src/coords.rs L292-L312, license MIT  [target]
/**
Computes the altitude from equatorial coordinates

# Returns

* `alt`: Altitude *| in radians*

# Arguments

* `hour_angle`: Hour angle *| in radians*
* `dec`: Declination *| in radians*
* `observer_lat`: Observer's geographical latitude *| in radians*
**/
#[differentiable]
pub fn alt_frm_eq(hour_angle: f64, dec: f64, observer_lat: f64) -> f64 {

    (
        observer_lat.sin() * dec.sin()
      + observer_lat.cos() * dec.cos() * hour_angle.cos()
    ).asin()

}

// [checks] Not copied: the checks of the functions above.
#[cfg(test)]
mod checks {
    use super::*;
    use crate::checks::{check_every_mode, close};

    #[test]
    fn elliptic_orbits() {
        for (e, a) in [(0.3, 1.5), (0.05, 17.9), (0.8, 3.0)] {
            check_every_mode!(value |p: [f64; 2]| true_anom(p[0], p[1]), [[1.1, e]]);
            check_every_mode!(value |p: [f64; 3]| rad_vec_frm_ecc_anom(p[0], p[1], p[2]), [[1.1, a, e]]);
            check_every_mode!(value |p: [f64; 3]| rad_vec_frm_true_anom(p[0], p[1], p[2]), [[0.4, a, e]]);
            check_every_mode!(value |p: [f64; 2]| vel(p[0], p[1]), [[a * 0.9, a]]);
            check_every_mode!(value |p: [f64; 2]| perih_vel(p[0], p[1]), [[a, e]]);
            check_every_mode!(value |p: [f64; 2]| aph_vel(p[0], p[1]), [[a, e]]);
            check_every_mode!(value |p: [f64; 2]| length_ramanujan(p[0], p[1]), [[a, a * 0.7]]);
            check_every_mode!(value |p: [f64; 2]| length(p[0], p[1]), [[a, a * 0.7]]);
        }
    }

    /// Kepler's equation `E = M + e sin E` solved by iterating it: the derivative of the
    /// iteration is the implicit one, `dE/dM = 1 / (1 - e cos E)`, `dE/de = sin E / (1 - e cos E)`.
    #[test]
    fn keplers_equation() {
        for (m, e) in [(0.7, 0.3), (2.5, 0.1), (4.0, 0.6)] {
            check_every_mode!(value |p: [f64; 2]| ecc_anom(p[0], p[1], 1e-13), [[m, e]]);
            let big_e = ecc_anom(m, e, 1e-13);
            let (dm, de) = gradient!(at: m, e, of: |m: f64, e: f64| ecc_anom(m, e, 1e-13));
            let slope = 1.0 - e * big_e.cos();
            assert!(
                (dm - 1.0 / slope).abs() < 1e-9,
                "{dm} against {}",
                1.0 / slope
            );
            assert!((de - big_e.sin() / slope).abs() < 1e-9, "{de}");
        }
    }

    #[test]
    fn parabolic_orbit() {
        let report = check_gradient!(at: 2451000.5, 2450990.0, 0.75, of: |t: f64, tp: f64, q: f64| true_anom_and_rad_vec(t, tp, q));
        assert!(report.is_ok(), "{:?}", report.err());
    }

    #[test]
    fn angles_and_refraction() {
        check_every_mode!(
            value |p: [f64; 4]| anglr_sepr(p[0], p[1], p[2], p[3]),
            [[0.3, 0.2, 1.1, -0.4], [2.0, 0.9, 2.3, 0.1]]
        );
        check_every_mode!(value |s: f64| deg_frm_dms(-12, 30, s), [15.5]);
        check_every_mode!(value |x: f64| limit_to_360(x), [725.5, -40.25]);
        check_every_mode!(value |x: f64| refrac_frm_apprnt_alt_15(x), [0.4, 0.9]);
        check_every_mode!(value |x: f64| refrac_frm_apprnt_alt(x), [0.05, 0.6]);
        // Seconds of arc, negative with the degrees; the angle wraps with slope one.
        close(
            gradient!(at: 15.5, of: |s: f64| deg_frm_dms(-12, 30, s)),
            -1.0 / 3600.0,
        );
        close(gradient!(at: 725.5, of: limit_to_360), 1.0);
    }

    #[test]
    fn interpolation_and_coordinates() {
        check_every_mode!(value |p: [f64; 4]| three_values(p[0], p[1], p[2], p[3]), [[1.2, 1.5, 1.1, 0.3]]);
        check_every_mode!(value |p: [f64; 3]| az_frm_eq(p[0], p[1], p[2]), [[0.8, 0.3, 0.7]]);
        check_every_mode!(value |p: [f64; 3]| alt_frm_eq(p[0], p[1], p[2]), [[0.8, 0.3, 0.7]]);
        // Bessel's three-point formula is y2 + n/2 (a + b + n c): linear in the values.
        let n = 0.3;
        let (d1, d2, d3, _) = gradient!(at: 1.2, 1.5, 1.1, n, of: three_values);
        close(d1, n / 2.0 * (-1.0 + n));
        close(d2, 1.0 + n / 2.0 * (-2.0 * n));
        close(d3, n / 2.0 * (1.0 + n));
    }
}
