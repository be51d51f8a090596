// [survey] Verbatim excerpts from the `statrs` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/statrs-dev/statrs at commit 128c9ae6d52c2be4574b6d8669136e344b87f65c (crate version 0.19.1).
// [survey] License: MIT. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/statrs-* (copied from LICENSE.md).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: crate-internal modules: crate::consts, crate::prec (ulps_eq! macro, F64_PREC), crate::function::{evaluate, gamma, erf}; core::f64::consts.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/function/gamma.rs (commented out; shown for context):
// use crate::consts;
// use crate::prec;
// use core::f64::consts as f64_consts;
// use num_traits::Float as _;
// [survey] top-level imports of src/function/erf.rs (commented out; shown for context):
// use crate::function::evaluate;
// use num_traits::Float as _;
// [survey] top-level imports of src/function/beta.rs (commented out; shown for context):
// use crate::function::gamma;
// use crate::prec;
// use num_traits::Float as _;
// [survey] top-level imports of src/function/kernel.rs (commented out; shown for context):
// use core::f64::consts::{FRAC_PI_2, PI};
// use num_traits::Float as _;
// [survey] top-level imports of src/distribution/normal.rs (commented out; shown for context):
// use crate::consts;
// use crate::distribution::{Continuous, ContinuousCDF};
// use crate::function::erf;
// use crate::statistics::*;
// use core::f64::consts as f64_consts;
// use num_traits::Float as _;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/consts.rs L4-L5, license MIT  [helper: const SQRT_2PI]
/// Constant value for `sqrt(2 * pi)`
pub const SQRT_2PI: f64 = 2.5066282746310005024157652848110452530069867406099;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/consts.rs L7-L8, license MIT  [helper: const LN_PI]
/// Constant value for `ln(pi)`
pub const LN_PI: f64 = 1.1447298858494001741434273513530587116472948129153;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/consts.rs L10-L11, license MIT  [helper: const LN_SQRT_2PI]
/// Constant value for `ln(sqrt(2 * pi))`
pub const LN_SQRT_2PI: f64 = 0.91893853320467274178032973640561763986139747363778;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/consts.rs L16-L17, license MIT  [helper: const LN_2_SQRT_E_OVER_PI]
/// Constant value for `ln(2 * sqrt(e / pi))`
pub const LN_2_SQRT_E_OVER_PI: f64 = 0.6207822376352452223455184457816472122518527279025978;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/consts.rs L19-L20, license MIT  [helper: const TWO_SQRT_E_OVER_PI]
/// Constant value for `2 * sqrt(e / pi)`
pub const TWO_SQRT_E_OVER_PI: f64 = 1.8603827342052657173362492472666631120594218414085755;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/evaluate.rs L4-L15, license MIT  [target]
/// evaluates a polynomial at `z` where `coeff` are the coeffecients
/// to a polynomial of order `k` where `k` is the length of `coeff` and the
/// coeffecient
/// to the `k`th power is the `k`th element in coeff. E.g. [3,-1,2] equates to
/// `2z^2 - z + 3`
///
/// # Remarks
///
/// Returns 0 for a 0 length coefficient slice
pub fn polynomial(z: f64, coeff: &[f64]) -> f64 {
    coeff.iter().rev().fold(0_f64, |acc, val| acc * z + val)
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L10-L20, license MIT  [helper: enum GammaFuncError]
/// Represents the errors that can occur when computing any of the incomplete
/// gamma functions.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[non_exhaustive]
pub enum GammaFuncError {
    /// `a` is infinite, zero or less than zero.
    AInvalid,

    /// `x` is infinite, zero or less than zero.
    XInvalid,
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L33-L34, license MIT  [helper: const GAMMA_R]
/// Auxiliary variable when evaluating the `gamma_ln` function
const GAMMA_R: f64 = 10.900511;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L36-L49, license MIT  [helper: const GAMMA_DK]
/// Polynomial coefficients for approximating the `gamma_ln` function
const GAMMA_DK: &[f64] = &[
    2.48574089138753565546e-5,
    1.05142378581721974210,
    -3.45687097222016235469,
    4.51227709466894823700,
    -2.98285225323576655721,
    1.05639711577126713077,
    -1.95428773191645869583e-1,
    1.70970543404441224307e-2,
    -5.71926117404305781283e-4,
    4.63399473359905636708e-6,
    -2.71994908488607703910e-9,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L51-L80, license MIT  [target]
/// Computes the logarithm of the gamma function
/// with an accuracy of 16 floating point digits.
/// The implementation is derived from
/// "An Analysis of the Lanczos Gamma Approximation",
/// Glendon Ralph Pugh, 2004 p. 116
pub fn ln_gamma(x: f64) -> f64 {
    if x < 0.5 {
        let s = GAMMA_DK
            .iter()
            .enumerate()
            .skip(1)
            .fold(GAMMA_DK[0], |s, t| s + t.1 / (t.0 as f64 - x));

        consts::LN_PI
            - (f64_consts::PI * x).sin().ln()
            - s.ln()
            - consts::LN_2_SQRT_E_OVER_PI
            - (0.5 - x) * ((0.5 - x + GAMMA_R) / f64_consts::E).ln()
    } else {
        let s = GAMMA_DK
            .iter()
            .enumerate()
            .skip(1)
            .fold(GAMMA_DK[0], |s, t| s + t.1 / (x + t.0 as f64 - 1.0));

        s.ln()
            + consts::LN_2_SQRT_E_OVER_PI
            + (x - 0.5) * ((x - 0.5 + GAMMA_R) / f64_consts::E).ln()
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L82-L108, license MIT  [target]
/// Computes the gamma function with an accuracy
/// of 16 floating point digits. The implementation
/// is derived from "An Analysis of the Lanczos Gamma Approximation",
/// Glendon Ralph Pugh, 2004 p. 116
pub fn gamma(x: f64) -> f64 {
    if x < 0.5 {
        let s = GAMMA_DK
            .iter()
            .enumerate()
            .skip(1)
            .fold(GAMMA_DK[0], |s, t| s + t.1 / (t.0 as f64 - x));

        f64_consts::PI
            / ((f64_consts::PI * x).sin()
                * s
                * consts::TWO_SQRT_E_OVER_PI
                * ((0.5 - x + GAMMA_R) / f64_consts::E).powf(0.5 - x))
    } else {
        let s = GAMMA_DK
            .iter()
            .enumerate()
            .skip(1)
            .fold(GAMMA_DK[0], |s, t| s + t.1 / (x + t.0 as f64 - 1.0));

        s * consts::TWO_SQRT_E_OVER_PI * ((x - 0.5 + GAMMA_R) / f64_consts::E).powf(x - 0.5)
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L254-L268, license MIT  [target]
/// Computes the lower incomplete regularized gamma function
/// `P(a,x) = 1 / Gamma(a) * int(exp(-t)t^(a-1), t=0..x) for real a > 0, x > 0`
/// where `a` is the argument for the gamma function and `x` is the upper
/// integral limit.
///
/// # Remarks
///
/// Returns `f64::NAN` if either argument is `f64::NAN`
///
/// # Panics
///
/// if `a` or `x` are not in `(0, +inf)`
pub fn gamma_lr(a: f64, x: f64) -> f64 {
    checked_gamma_lr(a, x).unwrap()
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L270-L369, license MIT  [target]
/// Computes the lower incomplete regularized gamma function
/// `P(a,x) = 1 / Gamma(a) * int(exp(-t)t^(a-1), t=0..x) for real a > 0, x > 0`
/// where `a` is the argument for the gamma function and `x` is the upper
/// integral limit.
///
/// # Remarks
///
/// Returns `f64::NAN` if either argument is `f64::NAN`
///
/// # Errors
///
/// if `a` or `x` are not in `(0, +inf)`
pub fn checked_gamma_lr(a: f64, x: f64) -> Result<f64, GammaFuncError> {
    if a.is_nan() || x.is_nan() {
        return Ok(f64::NAN);
    }
    if a <= 0.0 || a == f64::INFINITY {
        return Err(GammaFuncError::AInvalid);
    }
    if x <= 0.0 || x == f64::INFINITY {
        return Err(GammaFuncError::XInvalid);
    }

    let eps = 0.000000000000001;
    let big = 4503599627370496.0;
    let big_inv = 2.22044604925031308085e-16;

    if prec::ulps_eq!(a, 0.0, epsilon = 0.0) {
        return Ok(1.0);
    }
    if prec::ulps_eq!(x, 0.0, epsilon = 0.0) {
        return Ok(0.0);
    }

    let ax = a * x.ln() - x - ln_gamma(a);
    if ax < -709.78271289338399 {
        if a < x {
            return Ok(1.0);
        }
        return Ok(0.0);
    }
    if x <= 1.0 || x <= a {
        let mut r2 = a;
        let mut c2 = 1.0;
        let mut ans2 = 1.0;
        loop {
            r2 += 1.0;
            c2 *= x / r2;
            ans2 += c2;

            if c2 / ans2 <= eps {
                break;
            }
        }
        return Ok(ax.exp() * ans2 / a);
    }

    let mut y = 1.0 - a;
    let mut z = x + y + 1.0;
    let mut c = 0;

    let mut p3 = 1.0;
    let mut q3 = x;
    let mut p2 = x + 1.0;
    let mut q2 = z * x;
    let mut ans = p2 / q2;

    loop {
        y += 1.0;
        z += 2.0;
        c += 1;
        let yc = y * f64::from(c);

        let p = p2 * z - p3 * yc;
        let q = q2 * z - q3 * yc;

        p3 = p2;
        p2 = p;
        q3 = q2;
        q2 = q;

        if p.abs() > big {
            p3 *= big_inv;
            p2 *= big_inv;
            q3 *= big_inv;
            q2 *= big_inv;
        }

        if q != 0.0 {
            let nextans = p / q;
            let error = ((ans - nextans) / nextans).abs();
            ans = nextans;

            if error <= eps {
                break;
            }
        }
    }
    Ok(1.0 - ax.exp() * ans)
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L176-L252, license MIT  [target]
/// Computes the upper incomplete regularized gamma function
/// `Q(a,x) = 1 / Gamma(a) * int(exp(-t)t^(a-1), t=0..x) for a > 0, x > 0`
/// where `a` is the argument for the gamma function and
/// `x` is the lower integral limit.
///
/// # Remarks
///
/// Returns `f64::NAN` if either argument is `f64::NAN`
///
/// # Errors
///
/// if `a` or `x` are not in `(0, +inf)`
pub fn checked_gamma_ur(a: f64, x: f64) -> Result<f64, GammaFuncError> {
    if a.is_nan() || x.is_nan() {
        return Ok(f64::NAN);
    }
    if a <= 0.0 || a == f64::INFINITY {
        return Err(GammaFuncError::AInvalid);
    }
    if x <= 0.0 || x == f64::INFINITY {
        return Err(GammaFuncError::XInvalid);
    }

    let eps = 0.000000000000001;
    let big = 4503599627370496.0;
    let big_inv = 2.22044604925031308085e-16;

    if x < 1.0 || x <= a {
        return Ok(1.0 - gamma_lr(a, x));
    }

    let mut ax = a * x.ln() - x - ln_gamma(a);
    if ax < -709.78271289338399 {
        return if a < x { Ok(0.0) } else { Ok(1.0) };
    }

    ax = ax.exp();
    let mut y = 1.0 - a;
    let mut z = x + y + 1.0;
    let mut c = 0.0;
    let mut pkm2 = 1.0;
    let mut qkm2 = x;
    let mut pkm1 = x + 1.0;
    let mut qkm1 = z * x;
    let mut ans = pkm1 / qkm1;
    loop {
        y += 1.0;
        z += 2.0;
        c += 1.0;
        let yc = y * c;
        let pk = pkm1 * z - pkm2 * yc;
        let qk = qkm1 * z - qkm2 * yc;

        pkm2 = pkm1;
        pkm1 = pk;
        qkm2 = qkm1;
        qkm1 = qk;

        if pk.abs() > big {
            pkm2 *= big_inv;
            pkm1 *= big_inv;
            qkm2 *= big_inv;
            qkm1 *= big_inv;
        }

        if qk != 0.0 {
            let r = pk / qk;
            let t = ((ans - r) / r).abs();
            ans = r;

            if t <= eps {
                break;
            }
        }
    }
    Ok(ans * ax)
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L371-L414, license MIT  [target]
/// Computes the Digamma function which is defined as the derivative of
/// the log of the gamma function. The implementation is based on
/// "Algorithm AS 103", Jose Bernardo, Applied Statistics, Volume 25, Number 3
/// 1976, pages 315 - 317
pub fn digamma(x: f64) -> f64 {
    let c = 12.0;
    let d1 = -0.57721566490153286;
    let d2 = 1.6449340668482264365;
    let s = 1e-6;
    let s3 = 1.0 / 12.0;
    let s4 = 1.0 / 120.0;
    let s5 = 1.0 / 252.0;
    let s6 = 1.0 / 240.0;
    let s7 = 1.0 / 132.0;

    if x == f64::NEG_INFINITY || x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 && x.floor() == x {
        return f64::NEG_INFINITY;
    }
    if x < 0.0 {
        return digamma(1.0 - x) + f64_consts::PI / (-f64_consts::PI * x).tan();
    }
    if x <= s {
        return d1 - 1.0 / x + d2 * x;
    }

    let mut result = 0.0;
    let mut z = x;
    while z < c {
        result -= 1.0 / z;
        z += 1.0;
    }

    if z >= c {
        let mut r = 1.0 / z;
        result += z.ln() - 0.5 * r;
        r *= r;

        result -= r * (s3 - r * (s4 - r * (s5 - r * (s6 - r * s7))));
    }
    result
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L435-L440, license MIT  [helper]
// modified signum that returns 0.0 if x == 0.0. Used
// by inv_digamma, may consider extracting into a public
// method
fn signum(x: f64) -> f64 {
    if x == 0.0 { 0.0 } else { x.signum() }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/gamma.rs L416-L433, license MIT  [target]
pub fn inv_digamma(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x == f64::INFINITY {
        return f64::INFINITY;
    }
    let mut y = x.exp();
    let mut i = 1.0;
    while i > 1e-15 {
        y += i * signum(x - digamma(y));
        i /= 2.0;
    }
    y
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L8-L21, license MIT  [target]
/// `erf` calculates the error function at `x`.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x >= 0.0 && x.is_infinite() {
        1.0
    } else if x <= 0.0 && x.is_infinite() {
        -1.0
    } else if x == 0.0 {
        0.0
    } else {
        erf_impl(x, false)
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L39-L51, license MIT  [target]
/// `erfc` calculates the complementary error function
/// at `x`.
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x == f64::INFINITY {
        0.0
    } else if x == f64::NEG_INFINITY {
        2.0
    } else {
        erf_impl(x, true)
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L23-L37, license MIT  [target]
/// `erf_inv` calculates the inverse error function
/// at `x`.
pub fn erf_inv(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else if x >= 1.0 {
        f64::INFINITY
    } else if x <= -1.0 {
        f64::NEG_INFINITY
    } else if x < 0.0 {
        erf_inv_impl(-x, 1.0 + x, -1.0)
    } else {
        erf_inv_impl(x, 1.0 - x, 1.0)
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L71-L82, license MIT  [helper: const ERF_IMPL_AN]
/// Polynomial coefficients for a numerator of `erf_impl`
/// in the interval [1e-10, 0.5].
const ERF_IMPL_AN: &[f64] = &[
    0.00337916709551257388990745,
    -0.00073695653048167948530905,
    -0.374732337392919607868241,
    0.0817442448733587196071743,
    -0.0421089319936548595203468,
    0.0070165709512095756344528,
    -0.00495091255982435110337458,
    0.000871646599037922480317225,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L84-L95, license MIT  [helper: const ERF_IMPL_AD]
/// Polynomial coefficients for a denominator of `erf_impl`
/// in the interval [1e-10, 0.5]
const ERF_IMPL_AD: &[f64] = &[
    1.0,
    -0.218088218087924645390535,
    0.412542972725442099083918,
    -0.0841891147873106755410271,
    0.0655338856400241519690695,
    -0.0120019604454941768171266,
    0.00408165558926174048329689,
    -0.000615900721557769691924509,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L97-L106, license MIT  [helper: const ERF_IMPL_BN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [0.5, 0.75].
const ERF_IMPL_BN: &[f64] = &[
    -0.0361790390718262471360258,
    0.292251883444882683221149,
    0.281447041797604512774415,
    0.125610208862766947294894,
    0.0274135028268930549240776,
    0.00250839672168065762786937,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L108-L117, license MIT  [helper: const ERF_IMPL_BD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [0.5, 0.75].
const ERF_IMPL_BD: &[f64] = &[
    1.0,
    1.8545005897903486499845,
    1.43575803037831418074962,
    0.582827658753036572454135,
    0.124810476932949746447682,
    0.0113724176546353285778481,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L119-L129, license MIT  [helper: const ERF_IMPL_CN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [0.75, 1.25].
const ERF_IMPL_CN: &[f64] = &[
    -0.0397876892611136856954425,
    0.153165212467878293257683,
    0.191260295600936245503129,
    0.10276327061989304213645,
    0.029637090615738836726027,
    0.0046093486780275489468812,
    0.000307607820348680180548455,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L131-L141, license MIT  [helper: const ERF_IMPL_CD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [0.75, 1.25].
const ERF_IMPL_CD: &[f64] = &[
    1.0,
    1.95520072987627704987886,
    1.64762317199384860109595,
    0.768238607022126250082483,
    0.209793185936509782784315,
    0.0319569316899913392596356,
    0.00213363160895785378615014,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L143-L153, license MIT  [helper: const ERF_IMPL_DN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [1.25, 2.25].
const ERF_IMPL_DN: &[f64] = &[
    -0.0300838560557949717328341,
    0.0538578829844454508530552,
    0.0726211541651914182692959,
    0.0367628469888049348429018,
    0.00964629015572527529605267,
    0.00133453480075291076745275,
    0.778087599782504251917881e-4,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L155-L166, license MIT  [helper: const ERF_IMPL_DD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [1.25, 2.25].
const ERF_IMPL_DD: &[f64] = &[
    1.0,
    1.75967098147167528287343,
    1.32883571437961120556307,
    0.552528596508757581287907,
    0.133793056941332861912279,
    0.0179509645176280768640766,
    0.00104712440019937356634038,
    -0.106640381820357337177643e-7,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L168-L178, license MIT  [helper: const ERF_IMPL_EN]
///  Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [2.25, 3.5].
const ERF_IMPL_EN: &[f64] = &[
    -0.0117907570137227847827732,
    0.014262132090538809896674,
    0.0202234435902960820020765,
    0.00930668299990432009042239,
    0.00213357802422065994322516,
    0.00025022987386460102395382,
    0.120534912219588189822126e-4,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L180-L190, license MIT  [helper: const ERF_IMPL_ED]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [2.25, 3.5].
const ERF_IMPL_ED: &[f64] = &[
    1.0,
    1.50376225203620482047419,
    0.965397786204462896346934,
    0.339265230476796681555511,
    0.0689740649541569716897427,
    0.00771060262491768307365526,
    0.000371421101531069302990367,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L192-L202, license MIT  [helper: const ERF_IMPL_FN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [3.5, 5.25].
const ERF_IMPL_FN: &[f64] = &[
    -0.00546954795538729307482955,
    0.00404190278731707110245394,
    0.0054963369553161170521356,
    0.00212616472603945399437862,
    0.000394984014495083900689956,
    0.365565477064442377259271e-4,
    0.135485897109932323253786e-5,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L204-L215, license MIT  [helper: const ERF_IMPL_FD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [3.5, 5.25].
const ERF_IMPL_FD: &[f64] = &[
    1.0,
    1.21019697773630784832251,
    0.620914668221143886601045,
    0.173038430661142762569515,
    0.0276550813773432047594539,
    0.00240625974424309709745382,
    0.891811817251336577241006e-4,
    -0.465528836283382684461025e-11,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L217-L226, license MIT  [helper: const ERF_IMPL_GN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [5.25, 8].
const ERF_IMPL_GN: &[f64] = &[
    -0.00270722535905778347999196,
    0.0013187563425029400461378,
    0.00119925933261002333923989,
    0.00027849619811344664248235,
    0.267822988218331849989363e-4,
    0.923043672315028197865066e-6,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L228-L238, license MIT  [helper: const ERF_IMPL_GD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [5.25, 8].
const ERF_IMPL_GD: &[f64] = &[
    1.0,
    0.814632808543141591118279,
    0.268901665856299542168425,
    0.0449877216103041118694989,
    0.00381759663320248459168994,
    0.000131571897888596914350697,
    0.404815359675764138445257e-11,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L240-L249, license MIT  [helper: const ERF_IMPL_HN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [8, 11.5].
const ERF_IMPL_HN: &[f64] = &[
    -0.00109946720691742196814323,
    0.000406425442750422675169153,
    0.000274499489416900707787024,
    0.465293770646659383436343e-4,
    0.320955425395767463401993e-5,
    0.778286018145020892261936e-7,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L251-L260, license MIT  [helper: const ERF_IMPL_HD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [8, 11.5].
const ERF_IMPL_HD: &[f64] = &[
    1.0,
    0.588173710611846046373373,
    0.139363331289409746077541,
    0.0166329340417083678763028,
    0.00100023921310234908642639,
    0.24254837521587225125068e-4,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L262-L270, license MIT  [helper: const ERF_IMPL_IN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [11.5, 17].
const ERF_IMPL_IN: &[f64] = &[
    -0.00056907993601094962855594,
    0.000169498540373762264416984,
    0.518472354581100890120501e-4,
    0.382819312231928859704678e-5,
    0.824989931281894431781794e-7,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L272-L281, license MIT  [helper: const ERF_IMPL_ID]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [11.5, 17].
const ERF_IMPL_ID: &[f64] = &[
    1.0,
    0.339637250051139347430323,
    0.043472647870310663055044,
    0.00248549335224637114641629,
    0.535633305337152900549536e-4,
    -0.117490944405459578783846e-12,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L283-L291, license MIT  [helper: const ERF_IMPL_JN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [17, 24].
const ERF_IMPL_JN: &[f64] = &[
    -0.000241313599483991337479091,
    0.574224975202501512365975e-4,
    0.115998962927383778460557e-4,
    0.581762134402593739370875e-6,
    0.853971555085673614607418e-8,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L293-L301, license MIT  [helper: const ERF_IMPL_JD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [17, 24].
const ERF_IMPL_JD: &[f64] = &[
    1.0,
    0.233044138299687841018015,
    0.0204186940546440312625597,
    0.000797185647564398289151125,
    0.117019281670172327758019e-4,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L303-L311, license MIT  [helper: const ERF_IMPL_KN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [24, 38].
const ERF_IMPL_KN: &[f64] = &[
    -0.000146674699277760365803642,
    0.162666552112280519955647e-4,
    0.269116248509165239294897e-5,
    0.979584479468091935086972e-7,
    0.101994647625723465722285e-8,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L313-L321, license MIT  [helper: const ERF_IMPL_KD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [24, 38].
const ERF_IMPL_KD: &[f64] = &[
    1.0,
    0.165907812944847226546036,
    0.0103361716191505884359634,
    0.000286593026373868366935721,
    0.298401570840900340874568e-5,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L323-L331, license MIT  [helper: const ERF_IMPL_LN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [38, 60].
const ERF_IMPL_LN: &[f64] = &[
    -0.583905797629771786720406e-4,
    0.412510325105496173512992e-5,
    0.431790922420250949096906e-6,
    0.993365155590013193345569e-8,
    0.653480510020104699270084e-10,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L333-L341, license MIT  [helper: const ERF_IMPL_LD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [38, 60].
const ERF_IMPL_LD: &[f64] = &[
    1.0,
    0.105077086072039915406159,
    0.00414278428675475620830226,
    0.726338754644523769144108e-4,
    0.477818471047398785369849e-6,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L343-L350, license MIT  [helper: const ERF_IMPL_MN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [60, 85].
const ERF_IMPL_MN: &[f64] = &[
    -0.196457797609229579459841e-4,
    0.157243887666800692441195e-5,
    0.543902511192700878690335e-7,
    0.317472492369117710852685e-9,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L352-L360, license MIT  [helper: const ERF_IMPL_MD]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [60, 85].
const ERF_IMPL_MD: &[f64] = &[
    1.0,
    0.052803989240957632204885,
    0.000926876069151753290378112,
    0.541011723226630257077328e-5,
    0.535093845803642394908747e-15,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L362-L369, license MIT  [helper: const ERF_IMPL_NN]
/// Polynomial coefficients for a numerator in `erf_impl`
/// in the interval [85, 110].
const ERF_IMPL_NN: &[f64] = &[
    -0.789224703978722689089794e-5,
    0.622088451660986955124162e-6,
    0.145728445676882396797184e-7,
    0.603715505542715364529243e-10,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L371-L378, license MIT  [helper: const ERF_IMPL_ND]
/// Polynomial coefficients for a denominator in `erf_impl`
/// in the interval [85, 110].
const ERF_IMPL_ND: &[f64] = &[
    1.0,
    0.0375328846356293715248719,
    0.000467919535974625308126054,
    0.193847039275845656900547e-5,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L384-L395, license MIT  [helper: const ERF_INV_IMPL_AN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0, 0.5].
const ERF_INV_IMPL_AN: &[f64] = &[
    -0.000508781949658280665617,
    -0.00836874819741736770379,
    0.0334806625409744615033,
    -0.0126926147662974029034,
    -0.0365637971411762664006,
    0.0219878681111168899165,
    0.00822687874676915743155,
    -0.00538772965071242932965,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L397-L410, license MIT  [helper: const ERF_INV_IMPL_AD]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0, 0.5].
const ERF_INV_IMPL_AD: &[f64] = &[
    1.0,
    -0.970005043303290640362,
    -1.56574558234175846809,
    1.56221558398423026363,
    0.662328840472002992063,
    -0.71228902341542847553,
    -0.0527396382340099713954,
    0.0795283687341571680018,
    -0.00233393759374190016776,
    0.000886216390456424707504,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L412-L424, license MIT  [helper: const ERF_INV_IMPL_BN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0.5, 0.75].
const ERF_INV_IMPL_BN: &[f64] = &[
    -0.202433508355938759655,
    0.105264680699391713268,
    8.37050328343119927838,
    17.6447298408374015486,
    -18.8510648058714251895,
    -44.6382324441786960818,
    17.445385985570866523,
    21.1294655448340526258,
    -3.67192254707729348546,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L426-L438, license MIT  [helper: const ERF_INV_IMPL_BD]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0.5, 0.75].
const ERF_INV_IMPL_BD: &[f64] = &[
    1.0,
    6.24264124854247537712,
    3.9713437953343869095,
    -28.6608180499800029974,
    -20.1432634680485188801,
    48.5609213108739935468,
    10.8268667355460159008,
    -22.6436933413139721736,
    1.72114765761200282724,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L440-L454, license MIT  [helper: const ERF_INV_IMPL_CN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0.75, 1] with x less than 3.
const ERF_INV_IMPL_CN: &[f64] = &[
    -0.131102781679951906451,
    -0.163794047193317060787,
    0.117030156341995252019,
    0.387079738972604337464,
    0.337785538912035898924,
    0.142869534408157156766,
    0.0290157910005329060432,
    0.00214558995388805277169,
    -0.679465575181126350155e-6,
    0.285225331782217055858e-7,
    -0.681149956853776992068e-9,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L456-L467, license MIT  [helper: const ERF_INV_IMPL_CD]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0.75, 1] with x less than 3.
const ERF_INV_IMPL_CD: &[f64] = &[
    1.0,
    3.46625407242567245975,
    5.38168345707006855425,
    4.77846592945843778382,
    2.59301921623620271374,
    0.848854343457902036425,
    0.152264338295331783612,
    0.01105924229346489121,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L469-L481, license MIT  [helper: const ERF_INV_IMPL_DN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0.75, 1] with x between 3 and 6.
const ERF_INV_IMPL_DN: &[f64] = &[
    -0.0350353787183177984712,
    -0.00222426529213447927281,
    0.0185573306514231072324,
    0.00950804701325919603619,
    0.00187123492819559223345,
    0.000157544617424960554631,
    0.460469890584317994083e-5,
    -0.230404776911882601748e-9,
    0.266339227425782031962e-11,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L483-L493, license MIT  [helper: const ERF_INV_IMPL_DD]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0.75, 1] with x between 3 and 6.
const ERF_INV_IMPL_DD: &[f64] = &[
    1.0,
    1.3653349817554063097,
    0.762059164553623404043,
    0.220091105764131249824,
    0.0341589143670947727934,
    0.00263861676657015992959,
    0.764675292302794483503e-4,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L495-L507, license MIT  [helper: const ERF_INV_IMPL_EN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0.75, 1] with x between 6 and 18.
const ERF_INV_IMPL_EN: &[f64] = &[
    -0.0167431005076633737133,
    -0.00112951438745580278863,
    0.00105628862152492910091,
    0.000209386317487588078668,
    0.149624783758342370182e-4,
    0.449696789927706453732e-6,
    0.462596163522878599135e-8,
    -0.281128735628831791805e-13,
    0.99055709973310326855e-16,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L509-L519, license MIT  [helper: const ERF_INV_IMPL_ED]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0.75, 1] with x between 6 and 18.
const ERF_INV_IMPL_ED: &[f64] = &[
    1.0,
    0.591429344886417493481,
    0.138151865749083321638,
    0.0160746087093676504695,
    0.000964011807005165528527,
    0.275335474764726041141e-4,
    0.282243172016108031869e-6,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L521-L532, license MIT  [helper: const ERF_INV_IMPL_FN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0.75, 1] with x between 18 and 44.
const ERF_INV_IMPL_FN: &[f64] = &[
    -0.0024978212791898131227,
    -0.779190719229053954292e-5,
    0.254723037413027451751e-4,
    0.162397777342510920873e-5,
    0.396341011304801168516e-7,
    0.411632831190944208473e-9,
    0.145596286718675035587e-11,
    -0.116765012397184275695e-17,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L534-L544, license MIT  [helper: const ERF_INV_IMPL_FD]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0.75, 1] with x between 18 and 44.
const ERF_INV_IMPL_FD: &[f64] = &[
    1.0,
    0.207123112214422517181,
    0.0169410838120975906478,
    0.000690538265622684595676,
    0.145007359818232637924e-4,
    0.144437756628144157666e-6,
    0.509761276599778486139e-9,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L546-L557, license MIT  [helper: const ERF_INV_IMPL_GN]
/// Polynomial coefficients for a numerator of `erf_inv_impl`
/// in the interval [0.75, 1] with x greater than 44.
const ERF_INV_IMPL_GN: &[f64] = &[
    -0.000539042911019078575891,
    -0.28398759004727721098e-6,
    0.899465114892291446442e-6,
    0.229345859265920864296e-7,
    0.225561444863500149219e-9,
    0.947846627503022684216e-12,
    0.135880130108924861008e-14,
    -0.348890393399948882918e-21,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L559-L569, license MIT  [helper: const ERF_INV_IMPL_GD]
/// Polynomial coefficients for a denominator of `erf_inv_impl`
/// in the interval [0.75, 1] with x greater than 44.
const ERF_INV_IMPL_GD: &[f64] = &[
    1.0,
    0.0845746234001899436914,
    0.00282092984726264681981,
    0.468292921940894236786e-4,
    0.399968812193862100054e-6,
    0.161809290887904476097e-8,
    0.231558608310259605225e-11,
];

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L571-L696, license MIT  [target]
/// `erf_impl` computes the error function at `z`.
/// If `inv` is true, `1 - erf` is calculated as opposed to `erf`
fn erf_impl(z: f64, inv: bool) -> f64 {
    if z < 0.0 {
        if !inv {
            return -erf_impl(-z, false);
        }
        if z < -0.5 {
            return 2.0 - erf_impl(-z, true);
        }
        return 1.0 + erf_impl(-z, false);
    }

    let result = if z < 0.5 {
        if z < 1e-10 {
            z * 1.125 + z * 0.003379167095512573896158903121545171688
        } else {
            z * 1.125
                + z * evaluate::polynomial(z, ERF_IMPL_AN) / evaluate::polynomial(z, ERF_IMPL_AD)
        }
    } else if z < 110.0 {
        let (r, b) = if z < 0.75 {
            (
                evaluate::polynomial(z - 0.5, ERF_IMPL_BN)
                    / evaluate::polynomial(z - 0.5, ERF_IMPL_BD),
                0.3440242111682891845703125,
            )
        } else if z < 1.25 {
            (
                evaluate::polynomial(z - 0.75, ERF_IMPL_CN)
                    / evaluate::polynomial(z - 0.75, ERF_IMPL_CD),
                0.4199909269809722900390625,
            )
        } else if z < 2.25 {
            (
                evaluate::polynomial(z - 1.25, ERF_IMPL_DN)
                    / evaluate::polynomial(z - 1.25, ERF_IMPL_DD),
                0.489862501621246337890625,
            )
        } else if z < 3.5 {
            (
                evaluate::polynomial(z - 2.25, ERF_IMPL_EN)
                    / evaluate::polynomial(z - 2.25, ERF_IMPL_ED),
                0.5317370891571044921875,
            )
        } else if z < 5.25 {
            (
                evaluate::polynomial(z - 3.5, ERF_IMPL_FN)
                    / evaluate::polynomial(z - 3.5, ERF_IMPL_FD),
                0.548997342586517333984375,
            )
        } else if z < 8.0 {
            (
                evaluate::polynomial(z - 5.25, ERF_IMPL_GN)
                    / evaluate::polynomial(z - 5.25, ERF_IMPL_GD),
                0.55717408657073974609375,
            )
        } else if z < 11.5 {
            (
                evaluate::polynomial(z - 8.0, ERF_IMPL_HN)
                    / evaluate::polynomial(z - 8.0, ERF_IMPL_HD),
                0.56098079681396484375,
            )
        } else if z < 17.0 {
            (
                evaluate::polynomial(z - 11.5, ERF_IMPL_IN)
                    / evaluate::polynomial(z - 11.5, ERF_IMPL_ID),
                0.56264936923980712890625,
            )
        } else if z < 24.0 {
            (
                evaluate::polynomial(z - 17.0, ERF_IMPL_JN)
                    / evaluate::polynomial(z - 17.0, ERF_IMPL_JD),
                0.563459813594818115234375,
            )
        } else if z < 38.0 {
            (
                evaluate::polynomial(z - 24.0, ERF_IMPL_KN)
                    / evaluate::polynomial(z - 24.0, ERF_IMPL_KD),
                0.5638477802276611328125,
            )
        } else if z < 60.0 {
            (
                evaluate::polynomial(z - 38.0, ERF_IMPL_LN)
                    / evaluate::polynomial(z - 38.0, ERF_IMPL_LD),
                0.5640528202056884765625,
            )
        } else if z < 85.0 {
            (
                evaluate::polynomial(z - 60.0, ERF_IMPL_MN)
                    / evaluate::polynomial(z - 60.0, ERF_IMPL_MD),
                0.56413090229034423828125,
            )
        } else {
            (
                evaluate::polynomial(z - 85.0, ERF_IMPL_NN)
                    / evaluate::polynomial(z - 85.0, ERF_IMPL_ND),
                0.56415843963623046875,
            )
        };
        // `z * z` is rounded before `exp` sees it, which costs roughly `z^2`
        // ulps in the result (~460 ulps by z = 27). Recover the rounding error
        // of the square exactly with a Dekker product and fold it back in:
        // `exp(-z^2) = exp(-sq) * exp(-err)`, and `exp(-err) ~= 1 - err` since
        // `|err| <= ulp(sq)/2`. Dekker's split is used instead of
        // `f64::mul_add` because the latter falls back to a slow software FMA
        // on targets without the hardware instruction (e.g. baseline x86-64).
        let sq = z * z;
        let split = 134_217_729.0 * z; // 2^27 + 1; cannot overflow, z < 110
        let z_hi = split - (split - z);
        let z_lo = z - z_hi;
        let err = ((z_hi * z_hi - sq) + 2.0 * z_hi * z_lo) + z_lo * z_lo;
        let g = (-sq).exp() * (1.0 - err) / z;
        g * b + g * r
    } else {
        0.0
    };

    if inv && z >= 0.5 {
        result
    } else if z >= 0.5 || inv {
        1.0 - result
    } else {
        result
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/erf.rs L698-L749, license MIT  [helper]
// `erf_inv_impl` computes the inverse error function where
// `p`,`q`, and `s` are the first, second, and third intermediate
// parameters respectively
fn erf_inv_impl(p: f64, q: f64, s: f64) -> f64 {
    let result = if p <= 0.5 {
        let y = 0.0891314744949340820313;
        let g = p * (p + 10.0);
        let r = evaluate::polynomial(p, ERF_INV_IMPL_AN) / evaluate::polynomial(p, ERF_INV_IMPL_AD);
        g * y + g * r
    } else if q >= 0.25 {
        let y = 2.249481201171875;
        let g = (-2.0 * q.ln()).sqrt();
        let xs = q - 0.25;
        let r =
            evaluate::polynomial(xs, ERF_INV_IMPL_BN) / evaluate::polynomial(xs, ERF_INV_IMPL_BD);
        g / (y + r)
    } else {
        let x = (-q.ln()).sqrt();
        if x < 3.0 {
            let y = 0.807220458984375;
            let xs = x - 1.125;
            let r = evaluate::polynomial(xs, ERF_INV_IMPL_CN)
                / evaluate::polynomial(xs, ERF_INV_IMPL_CD);
            y * x + r * x
        } else if x < 6.0 {
            let y = 0.93995571136474609375;
            let xs = x - 3.0;
            let r = evaluate::polynomial(xs, ERF_INV_IMPL_DN)
                / evaluate::polynomial(xs, ERF_INV_IMPL_DD);
            y * x + r * x
        } else if x < 18.0 {
            let y = 0.98362827301025390625;
            let xs = x - 6.0;
            let r = evaluate::polynomial(xs, ERF_INV_IMPL_EN)
                / evaluate::polynomial(xs, ERF_INV_IMPL_ED);
            y * x + r * x
        } else if x < 44.0 {
            let y = 0.99714565277099609375;
            let xs = x - 18.0;
            let r = evaluate::polynomial(xs, ERF_INV_IMPL_FN)
                / evaluate::polynomial(xs, ERF_INV_IMPL_FD);
            y * x + r * x
        } else {
            let y = 0.99941349029541015625;
            let xs = x - 44.0;
            let r = evaluate::polynomial(xs, ERF_INV_IMPL_GN)
                / evaluate::polynomial(xs, ERF_INV_IMPL_GD);
            y * x + r * x
        }
    };
    s * result
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/beta.rs L11-L12, license MIT  [helper: const MODULE_EPS]
/// sample case of module level precision
const MODULE_EPS: f64 = 1e-15;

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/beta.rs L14-L27, license MIT  [helper: enum BetaFuncError]
/// Represents the errors that can occur when computing the natural logarithm
/// of the beta function or the regularized lower incomplete beta function.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[non_exhaustive]
pub enum BetaFuncError {
    /// `a` is zero or less than zero.
    ANotGreaterThanZero,

    /// `b` is zero or less than zero.
    BNotGreaterThanZero,

    /// `x` is not in `[0, 1]`.
    XOutOfRange,
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/beta.rs L41-L52, license MIT  [target]
/// Computes the natural logarithm
/// of the beta function
/// where `a` is the first beta parameter
/// and `b` is the second beta parameter
/// and `a > 0`, `b > 0`.
///
/// # Panics
///
/// if `a <= 0.0` or `b <= 0.0`
pub fn ln_beta(a: f64, b: f64) -> f64 {
    checked_ln_beta(a, b).unwrap()
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/beta.rs L54-L71, license MIT  [target]
/// Computes the natural logarithm
/// of the beta function
/// where `a` is the first beta parameter
/// and `b` is the second beta parameter
/// and `a > 0`, `b > 0`.
///
/// # Errors
///
/// if `a <= 0.0` or `b <= 0.0`
pub fn checked_ln_beta(a: f64, b: f64) -> Result<f64, BetaFuncError> {
    if a <= 0.0 {
        Err(BetaFuncError::ANotGreaterThanZero)
    } else if b <= 0.0 {
        Err(BetaFuncError::BNotGreaterThanZero)
    } else {
        Ok(gamma::ln_gamma(a) + gamma::ln_gamma(b) - gamma::ln_gamma(a + b))
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/beta.rs L134-L238, license MIT  [target]
/// Computes the regularized lower incomplete beta function
/// `I_x(a,b) = 1/Beta(a,b) * int(t^(a-1)*(1-t)^(b-1), t=0..x)`
/// `a > 0`, `b > 0`, `1 >= x >= 0` where `a` is the first beta parameter,
/// `b` is the second beta parameter, and `x` is the upper limit of the
/// integral.
///
/// # Errors
///
/// if `a <= 0.0`, `b <= 0.0`, `x < 0.0`, or `x > 1.0`
pub fn checked_beta_reg(a: f64, b: f64, x: f64) -> Result<f64, BetaFuncError> {
    if a <= 0.0 {
        return Err(BetaFuncError::ANotGreaterThanZero);
    }

    if b <= 0.0 {
        return Err(BetaFuncError::BNotGreaterThanZero);
    }

    if !(0.0..=1.0).contains(&x) {
        return Err(BetaFuncError::XOutOfRange);
    }

    let bt = if x == 0.0 || crate::prec::ulps_eq!(x, 1.0, epsilon = MODULE_EPS) {
        0.0
    } else {
        (gamma::ln_gamma(a + b) - gamma::ln_gamma(a) - gamma::ln_gamma(b)
            + a * x.ln()
            + b * (1.0 - x).ln())
        .exp()
    };
    let symm_transform = x >= (a + 1.0) / (a + b + 2.0);
    let eps = prec::F64_PREC;
    let fpmin = f64::MIN_POSITIVE / eps;

    let mut a = a;
    let mut b = b;
    let mut x = x;
    if symm_transform {
        let swap = a;
        x = 1.0 - x;
        a = b;
        b = swap;
    }

    let qab = a + b;
    let qap = a + 1.0;
    let qam = a - 1.0;
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;

    if d.abs() < fpmin {
        d = fpmin;
    }
    d = 1.0 / d;
    let mut h = d;

    for m in 1..141 {
        let m = f64::from(m);
        let m2 = m * 2.0;
        let mut aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;

        if d.abs() < fpmin {
            d = fpmin;
        }

        c = 1.0 + aa / c;
        if c.abs() < fpmin {
            c = fpmin;
        }

        d = 1.0 / d;
        h = h * d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;

        if d.abs() < fpmin {
            d = fpmin;
        }

        c = 1.0 + aa / c;

        if c.abs() < fpmin {
            c = fpmin;
        }

        d = 1.0 / d;
        let del = d * c;
        h *= del;

        if (del - 1.0).abs() <= eps {
            return if symm_transform {
                Ok(1.0 - bt * h / a)
            } else {
                Ok(bt * h / a)
            };
        }
    }

    if symm_transform {
        Ok(1.0 - bt * h / a)
    } else {
        Ok(bt * h / a)
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/logistic.rs L7-L10, license MIT  [target]
/// Computes the logistic function
pub fn logistic(p: f64) -> f64 {
    1.0 / ((-p).exp() + 1.0)
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/logistic.rs L12-L19, license MIT  [target]
/// Computes the logit function
///
/// # Panics
///
/// If `p < 0.0` or `p > 1.0`
pub fn logit(p: f64) -> f64 {
    checked_logit(p).unwrap()
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/logistic.rs L21-L28, license MIT  [target]
/// Computes the logit function, returning `None` if `p < 0.0` or `p > 1.0`.
pub fn checked_logit(p: f64) -> Option<f64> {
    if (0.0..=1.0).contains(&p) {
        Some((p / (1.0 - p)).ln())
    } else {
        None
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/kernel.rs L35-L52, license MIT  [helper: trait Kernel]
/// Common interface for kernel functions used in KDE and smoothing.
pub trait Kernel {
    /// Evaluate the kernel at normalized distance `x`.
    fn evaluate(&self, x: f64) -> f64;

    /// Evaluate the kernel with bandwidth scaling.
    ///
    /// The result is scaled by `1 / bandwidth` to ensure
    /// that the kernel integrates to 1 after scaling.
    fn evaluate_with_bandwidth(&self, x: f64, bandwidth: f64) -> f64 {
        self.evaluate(x / bandwidth) / bandwidth
    }

    /// Returns the support of the kernel if bounded (e.g. `[-1, 1]`).
    fn support(&self) -> Option<(f64, f64)> {
        None
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/kernel.rs L54-L62, license MIT  [impl Kernel for Gaussian]
/// Gaussian kernel: (1 / √(2π)) * exp(-0.5 * x²)
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Gaussian;

impl Kernel for Gaussian {
    fn evaluate(&self, x: f64) -> f64 {
        (-(x * x) / 2.0).exp() / (2.0 * PI).sqrt()
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/kernel.rs L64-L77, license MIT  [impl Kernel for Epanechnikov]
/// Epanechnikov kernel: ¾(1 - x²) for |x| ≤ 1
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Epanechnikov;

impl Kernel for Epanechnikov {
    fn evaluate(&self, x: f64) -> f64 {
        let a = x.abs();
        if a <= 1.0 { 0.75 * (1.0 - a * a) } else { 0.0 }
    }

    fn support(&self) -> Option<(f64, f64)> {
        Some((-1.0, 1.0))
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/kernel.rs L94-L112, license MIT  [impl Kernel for Tricube]
/// Tricube kernel: (1 - |x|³)³ for |x| ≤ 1
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tricube;

impl Kernel for Tricube {
    fn evaluate(&self, x: f64) -> f64 {
        let a = x.abs();
        if a <= 1.0 {
            let t = 1.0 - a.powi(3);
            t.powi(3)
        } else {
            0.0
        }
    }

    fn support(&self) -> Option<(f64, f64)> {
        Some((-1.0, 1.0))
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/kernel.rs L148-L167, license MIT  [impl Kernel for Cosine]
/// Cosine kernel: (π/4) * cos(πx/2) for |x| ≤ 1, 0 otherwise
///
/// This kernel integrates to 1 over [-1, 1].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Cosine;

impl Kernel for Cosine {
    fn evaluate(&self, x: f64) -> f64 {
        let a = x.abs();
        if a <= 1.0 {
            (PI / 4.0) * (FRAC_PI_2 * a).cos()
        } else {
            0.0
        }
    }

    fn support(&self) -> Option<(f64, f64)> {
        Some((-1.0, 1.0))
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/function/kernel.rs L169-L177, license MIT  [impl Kernel for Logistic]
/// Logistic kernel: 1 / (2 + exp(x) + exp(-x))
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Logistic;

impl Kernel for Logistic {
    fn evaluate(&self, x: f64) -> f64 {
        1.0 / (2.0 + x.exp() + (-x).exp())
    }
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/distribution/normal.rs L327-L331, license MIT  [target]
/// performs an unchecked cdf calculation for a normal distribution
/// with the given mean and standard deviation at x
pub fn cdf_unchecked(x: f64, mean: f64, std_dev: f64) -> f64 {
    0.5 * erf::erfc((mean - x) / (std_dev * f64_consts::SQRT_2))
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/distribution/normal.rs L339-L344, license MIT  [target]
/// performs an unchecked pdf calculation for a normal distribution
/// with the given mean and standard deviation at x
pub fn pdf_unchecked(x: f64, mean: f64, std_dev: f64) -> f64 {
    let d = (x - mean) / std_dev;
    (-0.5 * d * d).exp() / (consts::SQRT_2PI * std_dev)
}

// from github.com/statrs-dev/statrs@128c9ae6d52c (crate statrs 0.19.1), src/distribution/normal.rs L346-L351, license MIT  [target]
/// performs an unchecked log(pdf) calculation for a normal distribution
/// with the given mean and standard deviation at x
pub fn ln_pdf_unchecked(x: f64, mean: f64, std_dev: f64) -> f64 {
    let d = (x - mean) / std_dev;
    (-0.5 * d * d) - consts::LN_SQRT_2PI - std_dev.ln()
}
