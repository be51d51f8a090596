//! puruspe 0.4.4 (MIT OR Apache-2.0): special functions (Bessel functions, gamma, error
//! functions, Dawson, beta) in plain `f64` code with polynomial tables, loops and early returns.

// The crate's imports, with its `crate::` items in this module.
// The crate's `sign(a, b)` reads only the sign of `b`: our warning that `b`'s derivative is
// zero is right, and allowed here.
#![allow(deprecated)]

use ad::prelude::*;
use core::f64::consts::PI;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L13-L16, license MIT OR Apache-2.0  [helper]
/// Precise implementation of factorial
pub fn factorial(n: usize) -> f64 {
    rising_factorial(1f64, n)
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L18-L34, license MIT OR Apache-2.0  [helper]
/// Rising factorial via rectangular splitting
///
/// $$ z(z+1) \cdots (z + n - 1) $$
fn rising_factorial(z: f64, n: usize) -> f64 {
    let m = (n as f64).sqrt().floor().min(60f64) as usize;

    let mut k = 0usize;
    let mut r = 1f64;

    while k < n {
        let l = m.min(n - k);
        let t = (k..k + l).fold(1f64, |acc, i| acc * (z + i as f64));
        r *= t;
        k += m;
    }
    r
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L36-L63, license MIT OR Apache-2.0  [helper]
/// Pure Rust implementation of frexp
pub fn frexp(x: f64) -> (f64, i32) {
    // If the input is zero, return (0.0, 0)
    if x == 0.0 {
        return (0.0, 0);
    }

    // Convert the input to its IEEE 754 binary representation
    let bits = x.to_bits();

    // Determine the sign of the input
    // If the most significant bit (bit 63) is 1, the input is negative
    let sign = if (bits >> 63) != 0 { -1.0 } else { 1.0 };

    // Extract the exponent from the binary representation
    // Bits 52 to 62 represent the exponent in IEEE 754 format
    // Subtract 1023 to obtain the actual exponent value
    let exponent = ((bits >> 52) & 0x7ff) as i32 - 1023;

    // Extract the mantissa (significand) from the binary representation
    // Bits 0 to 51 represent the mantissa
    // Set the implicit leading bit (bit 52) to 1 to normalize the mantissa
    // Multiply the mantissa by the sign to handle negative inputs correctly
    let mantissa = sign * f64::from_bits((bits & 0xfffffffffffff) | 0x3fe0000000000000);

    // Return the normalized mantissa and the exponent incremented by 1
    (mantissa, exponent + 1)
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L65-L95, license MIT OR Apache-2.0  [helper]
/// Pure Rust implementation of ldexp
pub fn ldexp(x: f64, exp: i32) -> f64 {
    // If the input is zero or the exponent is zero, return the input unchanged
    if x == 0.0 || exp == 0 {
        return x;
    }

    // Convert the input to its IEEE 754 binary representation
    let bits = x.to_bits();

    // Extract the exponent from the binary representation
    // Bits 52 to 62 represent the exponent in IEEE 754 format
    let exponent = ((bits >> 52) & 0x7ff) as i32;

    // Calculate the new exponent by adding the input exponent to the existing exponent
    let new_exponent = exponent + exp;

    // Check if the new exponent is within the valid range for IEEE 754 format
    if !(0..=0x7ff).contains(&new_exponent) {
        // If the exponent is out of range, return infinity or zero depending on the input sign
        return if (bits >> 63) != 0 {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
    }

    // Combine the new exponent with the mantissa and sign bits to create the result
    let result_bits = (bits & 0x800fffffffffffff) | ((new_exponent as u64) << 52);
    f64::from_bits(result_bits)
}

// [added] `ldexp` reads and writes the float's bits, which carry no derivative (the attribute
// says so at the call): its derivative, `2^exp`, registered as the error message asks.
#[derivative(of = ldexp)]
fn ldexp_vjp(x: f64, exp: i32) -> (f64, impl Fn(f64) -> f64) {
    let scale = 2f64.powi(exp);
    (ldexp(x, exp), move |d| d * scale)
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L97-L105, license MIT OR Apache-2.0  [helper]
/// The sign function is a helper that returns
/// a value with the magnitude of a and sign of b.
#[differentiable]
pub fn sign(a: f64, b: f64) -> f64 {
    if b.is_sign_positive() {
        a.abs()
    } else {
        -(a.abs())
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L14-L88, license MIT OR Apache-2.0  [target]
/// Calculates the Bessel function of the first kind of order n.
///
/// The Bessel function of the first kind is defined as the solution to the differential equation:
///
/// $$ x^2 \frac{d^2y}{dx^2} + x \frac{dy}{dx} + (x^2 - n^2)y = 0 $$
///
/// # Arguments
///
/// * `n` - The order of the Bessel function (non-negative integer)
/// * `x` - The input value (non-negative real number)
///
/// # Returns
///
/// The value of $J_n(x)$
#[differentiable]
#[allow(non_snake_case)]
pub fn Jn(n: u32, x: f64) -> f64 {
    let n_f64 = n as f64;
    let acc = 160f64;
    let iexp = f64::MAX_EXP / 2;

    if n == 0 {
        j0(x)
    } else if n == 1 {
        j1(x)
    } else if x.powi(2) <= 8.0 * f64::MIN_POSITIVE {
        0f64
    } else {
        let mut ans = 0f64;
        let ax = x.abs();
        if ax > n_f64 {
            let tox = 2.0 / ax;
            let mut bjm = j0(ax);
            let mut bj = j1(ax);
            for j in 1..n {
                let bjp = j as f64 * tox * bj - bjm;
                bjm = bj;
                bj = bjp;
            }
            ans = bj;
        } else {
            let tox = 2.0 / ax;
            let m = 2 * ((n + (acc * n_f64).sqrt() as u32) / 2);
            let mut jsum = false;
            let mut bjp = 0f64;
            let mut sum = 0f64;
            let mut bj = 1f64;
            for j in (1..=m).rev() {
                let bjm = j as f64 * tox * bj - bjp;
                bjp = bj;
                bj = bjm;
                let (_, k) = frexp(bj);
                if k > iexp {
                    bj = ldexp(bj, -iexp);
                    bjp = ldexp(bjp, -iexp);
                    ans = ldexp(ans, -iexp);
                    sum = ldexp(sum, -iexp);
                }
                if jsum {
                    sum += bj;
                }
                jsum = !jsum;
                if j == n {
                    ans = bjp;
                }
            }
            sum = 2f64 * sum - bj;
            ans /= sum;
        }
        if x < 0f64 && n % 2 == 1 {
            -ans
        } else {
            ans
        }
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L90-L123, license MIT OR Apache-2.0  [target]
/// Calculates the Bessel function of the second kind of order n.
///
/// The Bessel function of the second kind is another solution to the Bessel differential equation:
///
/// $$ x^2 \frac{d^2y}{dx^2} + x \frac{dy}{dx} + (x^2 - n^2)y = 0 $$
///
/// It is also known as the Neumann function.
///
/// # Arguments
///
/// * `n` - The order of the Bessel function (non-negative integer)
/// * `x` - The input value (positive real number)
///
/// # Returns
///
/// The value of $Y_n(x)$
#[differentiable]
#[allow(non_snake_case)]
pub fn Yn(n: u32, x: f64) -> f64 {
    if n == 0 {
        y0(x)
    } else if n == 1 {
        y1(x)
    } else {
        let tox = 2.0 / x;
        let mut by = y1(x);
        let mut bym = y0(x);
        for j in 1..n {
            let byp = j as f64 * tox * by - bym;
            bym = by;
            by = byp;
        }
        by
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L180-L213, license MIT OR Apache-2.0  [target]
/// Calculates the modified Bessel function of the second kind of order n.
///
/// The modified Bessel function of the second kind is defined as:
///
/// $$ K_n(x) = \frac{\pi}{2} \frac{I_{-n}(x) - I_n(x)}{\sin(n\pi)} $$
///
/// where I_n is the modified Bessel function of the first kind.
///
/// # Arguments
///
/// * `n` - The order of the Bessel function (non-negative integer)
/// * `x` - The input value (positive real number)
///
/// # Returns
///
/// The value of $K_n(x)$
#[differentiable]
#[allow(non_snake_case)]
pub fn Kn(n: u32, x: f64) -> f64 {
    if n == 0 {
        k0(x)
    } else if n == 1 {
        k1(x)
    } else {
        let tox = 2.0 / x;
        let mut bkm = k0(x);
        let mut bk = k1(x);
        for j in 1..n {
            let bkp = j as f64 * tox * bk + bkm;
            bkm = bk;
            bk = bkp;
        }
        bk
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L886-L900, license MIT OR Apache-2.0  [helper]
// =============================================================================
// Building Blocks
// =============================================================================
/// Rational approximation
#[differentiable]
fn rat(x: f64, r: &[f64], s: &[f64], n: usize) -> (f64, f64, f64) {
    let y = x.powi(2);
    let z = 64f64 - y;
    let mut nump = r[n];
    let mut denp = s[n];
    for i in (0..n).rev() {
        nump = r[i] + z * nump;
        denp = s[i] + y * denp;
    }
    (y, nump, denp)
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L902-L925, license MIT OR Apache-2.0  [helper]
/// Asymptotic approximation
#[differentiable]
fn asp(
    ax: f64,
    pn: &[f64],
    pd: &[f64],
    qn: &[f64],
    qd: &[f64],
    fac: f64,
) -> (f64, f64, f64, f64, f64, f64) {
    let z = 8f64 / ax;
    let y = z.powi(2);
    let xx = ax - fac * PIO4;
    let mut nump = pn[4];
    let mut denp = pd[4];
    let mut numq = qn[4];
    let mut denq = qd[4];
    for i in (0..4).rev() {
        nump = pn[i] + y * nump;
        denp = pd[i] + y * denp;
        numq = qn[i] + y * numq;
        denq = qd[i] + y * denq;
    }
    (z, xx, nump, denp, numq, denq)
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L927-L937, license MIT OR Apache-2.0  [target]
/// Bessel function of the first kind (n=0)
#[differentiable]
fn j0(x: f64) -> f64 {
    let ax = x.abs();
    if ax < 8f64 {
        let (y, nump, denp) = rat(x, &J0R, &J0S, 6);
        nump * (y - XJ00) * (y - XJ10) / denp
    } else {
        let (z, xx, nump, denp, numq, denq) = asp(ax, &J0PN, &J0PD, &J0QN, &J0QD, 1f64);
        (TWOOPI / ax).sqrt() * (xx.cos() * nump / denp - z * xx.sin() * numq / denq)
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L939-L954, license MIT OR Apache-2.0  [target]
/// Bessel function of the first kind (n=1)
#[differentiable]
fn j1(x: f64) -> f64 {
    let ax = x.abs();
    if ax < 8f64 {
        let (y, nump, denp) = rat(x, &J1R, &J1S, 6);
        x * nump * (y - XJ01) * (y - XJ11) / denp
    } else {
        let (z, xx, nump, denp, numq, denq) = asp(ax, &J1PN, &J1PD, &J1QN, &J1QD, 3f64);
        let ans = (TWOOPI / ax).sqrt() * (xx.cos() * nump / denp - z * xx.sin() * numq / denq);
        if x < 0f64 {
            -ans
        } else {
            ans
        }
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L956-L967, license MIT OR Apache-2.0  [target]
/// Bessel function of the second kind (n=0)
#[differentiable]
fn y0(x: f64) -> f64 {
    if x < 8f64 {
        let j0x = j0(x);
        let (_, nump, denp) = rat(x, &Y0R, &Y0S, 8);
        nump / denp + TWOOPI * j0x * x.ln()
    } else {
        let ax = x;
        let (z, xx, nump, denp, numq, denq) = asp(ax, &Y0PN, &Y0PD, &Y0QN, &Y0QD, 1f64);
        (TWOOPI / ax).sqrt() * (xx.sin() * nump / denp + z * xx.cos() * numq / denq)
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L969-L980, license MIT OR Apache-2.0  [target]
/// Bessel function of the second kind (n=1)
#[differentiable]
fn y1(x: f64) -> f64 {
    if x < 8f64 {
        let j1x = j1(x);
        let (_, nump, denp) = rat(x, &Y1R, &Y1S, 7);
        x * nump / denp + TWOOPI * (j1x * x.ln() - 1f64 / x)
    } else {
        let ax = x;
        let (z, xx, nump, denp, numq, denq) = asp(ax, &Y1PN, &Y1PD, &Y1QN, &Y1QD, 3f64);
        (TWOOPI / ax).sqrt() * (xx.sin() * nump / denp + z * xx.cos() * numq / denq)
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L982-L988, license MIT OR Apache-2.0  [helper]
#[differentiable]
fn poly(x: f64, coef: &[f64], n: usize) -> f64 {
    let mut ans = coef[n];
    for i in (0..n).rev() {
        ans = ans * x + coef[i];
    }
    ans
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1019-L1029, license MIT OR Apache-2.0  [target]
/// Modified Bessel function of the second kind (n=0)
#[differentiable]
fn k0(x: f64) -> f64 {
    if x <= 1f64 {
        let z = x.powi(2);
        let term = poly(z, &K0PI, 4) * x.ln() / poly(1f64 - z, &K0QI, 2);
        poly(z, &K0P, 4) / poly(1f64 - z, &K0Q, 2) - term
    } else {
        let z = 1f64 / x;
        (-x).exp() * poly(z, &K0PP, 7) / (x.sqrt() * poly(z, &K0QQ, 7))
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1031-L1041, license MIT OR Apache-2.0  [target]
/// Modified Bessel function of the second kind (n=1)
#[differentiable]
fn k1(x: f64) -> f64 {
    if x <= 1f64 {
        let z = x.powi(2);
        let term = poly(z, &K1PI, 4) * x.ln() / poly(1f64 - z, &K1QI, 2);
        x * (poly(z, &K1P, 4) / poly(1f64 - z, &K1Q, 2) + term) + 1f64 / x
    } else {
        let z = 1f64 / x;
        (-x).exp() * poly(z, &K1PP, 7) / (x.sqrt() * poly(z, &K1QQ, 7))
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1054-L1062, license MIT OR Apache-2.0  [helper: const C1]
const C1: [f64; 7] = [
    -1.142022680371168e0,
    6.5165112670737e-3,
    3.087090173086e-4,
    -3.4706269649e-6,
    6.9437664e-9,
    3.67795e-11,
    -1.356e-13,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1064-L1073, license MIT OR Apache-2.0  [helper: const C2]
const C2: [f64; 8] = [
    1.843740587300905e0,
    -7.68528408447867e-2,
    1.2719271366546e-3,
    -4.9717367042e-6,
    -3.31261198e-8,
    2.423096e-10,
    -1.702e-13,
    -1.49e-15,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1075-L1075, license MIT OR Apache-2.0  [helper: const XJ00]
const XJ00: f64 = 5.783185962946785;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1076-L1076, license MIT OR Apache-2.0  [helper: const XJ10]
const XJ10: f64 = 3.047126234366209e1;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1077-L1077, license MIT OR Apache-2.0  [helper: const XJ01]
const XJ01: f64 = 1.468197064212389e1;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1078-L1078, license MIT OR Apache-2.0  [helper: const XJ11]
const XJ11: f64 = 4.921_845_632_169_46e1;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1079-L1079, license MIT OR Apache-2.0  [helper: const TWOOPI]
const TWOOPI: f64 = core::f64::consts::FRAC_2_PI;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1080-L1080, license MIT OR Apache-2.0  [helper: const PIO4]
const PIO4: f64 = core::f64::consts::FRAC_PI_4;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1082-L1090, license MIT OR Apache-2.0  [helper: const J0R]
const J0R: [f64; 7] = [
    1.682397144220462e-4,
    2.058861258868952e-5,
    5.288_947_320_067_75e-7,
    5.557173907680151e-9,
    2.865540042042604e-11,
    7.398972674152181e-14,
    7.925088479679688e-17,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1091-L1099, license MIT OR Apache-2.0  [helper: const J0S]
const J0S: [f64; 7] = [
    1.0,
    1.019685405805929e-2,
    5.130296867064666e-5,
    1.659702063950243e-7,
    3.728997574317067e-10,
    5.709292619977798e-13,
    4.932979170744996e-16,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1100-L1106, license MIT OR Apache-2.0  [helper: const J0PN]
const J0PN: [f64; 5] = [
    9.999999999999999e-1,
    1.039698629715637,
    2.576910172633398e-1,
    1.504152485749669e-2,
    1.052_598_413_585_27e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1107-L1113, license MIT OR Apache-2.0  [helper: const J0PD]
const J0PD: [f64; 5] = [
    1.0,
    1.040797262528109,
    2.588070904043728e-1,
    1.529954477721284e-2,
    1.168931211650012e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1114-L1120, license MIT OR Apache-2.0  [helper: const J0QN]
const J0QN: [f64; 5] = [
    -1.562499999999992e-2,
    -1.920039317065641e-2,
    -5.827951791963418e-3,
    -4.372674978482726e-4,
    -3.895839560412374e-6,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1121-L1127, license MIT OR Apache-2.0  [helper: const J0QD]
const J0QD: [f64; 5] = [
    1.0,
    1.237_980_436_358_39,
    3.838793938147116e-1,
    3.100323481550864e-2,
    4.165515825072393e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1128-L1136, license MIT OR Apache-2.0  [helper: const J1R]
const J1R: [f64; 7] = [
    7.309637831891357e-5,
    3.551248884746503e-6,
    5.820673901730427e-8,
    4.500650342170622e-10,
    1.831596352149641e-12,
    3.891583573305035e-15,
    3.524978592527982e-18,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1137-L1145, license MIT OR Apache-2.0  [helper: const J1S]
const J1S: [f64; 7] = [
    1.0,
    9.398354768446072e-3,
    4.328_946_737_100_23e-5,
    1.271526296341915e-7,
    2.566305357932989e-10,
    3.477378203574266e-13,
    2.593535427519985e-16,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1146-L1152, license MIT OR Apache-2.0  [helper: const J1PN]
const J1PN: [f64; 5] = [
    1.0,
    1.014039111045313,
    2.426762348629863e-1,
    1.350_308_200_342e-2,
    9.516522033988099e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1153-L1159, license MIT OR Apache-2.0  [helper: const J1PD]
const J1PD: [f64; 5] = [
    1.0,
    1.012208056357845,
    2.408580305488938e-1,
    1.309511056184273e-2,
    7.746422941504713e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1160-L1166, license MIT OR Apache-2.0  [helper: const J1QN]
const J1QN: [f64; 5] = [
    4.687499999999991e-2,
    5.652407388406023e-2,
    1.676531273460512e-2,
    1.231216817715814e-3,
    1.178364381441801e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1167-L1173, license MIT OR Apache-2.0  [helper: const J1QD]
const J1QD: [f64; 5] = [
    1.0,
    1.210119370463693,
    3.626494789275638e-1,
    2.761695824829316e-2,
    3.240517192670181e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1174-L1184, license MIT OR Apache-2.0  [helper: const Y0R]
const Y0R: [f64; 9] = [
    -7.653778457189104e-3,
    -5.854760129990403e-2,
    3.720671300654721e-4,
    3.313722284628089e-5,
    4.247761237036536e-8,
    -4.134562661019613e-9,
    -3.382190331837473e-11,
    -1.017764126587862e-13,
    -1.107646382675456e-16,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1185-L1195, license MIT OR Apache-2.0  [helper: const Y0S]
const Y0S: [f64; 9] = [
    1.0,
    1.125494540257841e-2,
    6.427_210_537_081_4e-5,
    2.462520624294959e-7,
    7.029372432344291e-10,
    1.560784108184928e-12,
    2.702374957564761e-15,
    3.468496737915257e-18,
    2.716600180811817e-21,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1196-L1202, license MIT OR Apache-2.0  [helper: const Y0PN]
const Y0PN: [f64; 5] = [
    9.999999999999999e-1,
    1.039698629715637,
    2.576910172633398e-1,
    1.504152485749669e-2,
    1.052_598_413_585_27e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1203-L1209, license MIT OR Apache-2.0  [helper: const Y0PD]
const Y0PD: [f64; 5] = [
    1.0,
    1.040797262528109,
    2.588070904043728e-1,
    1.529954477721284e-2,
    1.168931211650012e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1210-L1216, license MIT OR Apache-2.0  [helper: const Y0QN]
const Y0QN: [f64; 5] = [
    -1.562499999999992e-2,
    -1.920039317065641e-2,
    -5.827951791963418e-3,
    -4.372674978482726e-4,
    -3.895839560412374e-6,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1217-L1223, license MIT OR Apache-2.0  [helper: const Y0QD]
const Y0QD: [f64; 5] = [
    1.0,
    1.237_980_436_358_39,
    3.838793938147116e-1,
    3.100323481550864e-2,
    4.165515825072393e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1224-L1233, license MIT OR Apache-2.0  [helper: const Y1R]
const Y1R: [f64; 8] = [
    -1.041835425863234e-1,
    -1.135093963908952e-5,
    2.212118520638132e-4,
    1.270981874287763e-6,
    -3.982892100836748e-8,
    -4.820712110115943e-10,
    -1.929392690596969e-12,
    -2.725259514545605e-15,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1234-L1243, license MIT OR Apache-2.0  [helper: const Y1S]
const Y1S: [f64; 8] = [
    1.0,
    1.186694184425838e-2,
    7.121205411175519e-5,
    2.847142454085055e-7,
    8.364240962784899e-10,
    1.858128283833724e-12,
    3.018846060781846e-15,
    3.015_798_735_815_98e-18,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1244-L1250, license MIT OR Apache-2.0  [helper: const Y1PN]
const Y1PN: [f64; 5] = [
    1.0,
    1.014039111045313,
    2.426762348629863e-1,
    1.350_308_200_342e-2,
    9.516522033988099e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1251-L1257, license MIT OR Apache-2.0  [helper: const Y1PD]
const Y1PD: [f64; 5] = [
    1.0,
    1.012208056357845,
    2.408580305488938e-1,
    1.309511056184273e-2,
    7.746422941504713e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1258-L1264, license MIT OR Apache-2.0  [helper: const Y1QN]
const Y1QN: [f64; 5] = [
    4.687499999999991e-2,
    5.652407388406023e-2,
    1.676531273460512e-2,
    1.231216817715814e-3,
    1.178364381441801e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1265-L1271, license MIT OR Apache-2.0  [helper: const Y1QD]
const Y1QD: [f64; 5] = [
    1.0,
    1.210119370463693,
    3.626494789275638e-1,
    2.761695824829316e-2,
    3.240517192670181e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1273-L1288, license MIT OR Apache-2.0  [helper: const I0P]
const I0P: [f64; 14] = [
    9.999999999999997e-1,
    2.466405579426905e-1,
    1.478980363444585e-2,
    3.826_993_559_940_36e-4,
    5.395676869878828e-6,
    4.700912200921704e-8,
    2.733894920915608e-10,
    1.115830108455192e-12,
    3.301093025084127e-15,
    7.209167098020555e-18,
    1.166898488777214e-20,
    1.378948246502109e-23,
    1.124884061857506e-26,
    5.498556929587117e-30,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1289-L1295, license MIT OR Apache-2.0  [helper: const I0Q]
const I0Q: [f64; 5] = [
    4.463598170691436e-1,
    1.702205745042606e-3,
    2.792125684538934e-6,
    2.369902034785866e-9,
    8.965900179621208e-13,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1296-L1302, license MIT OR Apache-2.0  [helper: const I0PP]
const I0PP: [f64; 5] = [
    1.192_273_748_120_67e-1,
    1.947452015979746e-1,
    7.629241821600588e-2,
    8.474_903_580_801_55e-3,
    2.023821945835647e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1303-L1310, license MIT OR Apache-2.0  [helper: const I0QQ]
const I0QQ: [f64; 6] = [
    2.962898424533095e-1,
    4.866115913196384e-1,
    1.938352806477617e-1,
    2.261671093400046e-2,
    6.450448095075585e-4,
    1.529_835_782_400_45e-6,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1311-L1326, license MIT OR Apache-2.0  [helper: const I1P]
const I1P: [f64; 14] = [
    5e-1,
    6.090824836578078e-2,
    2.407_288_574_545_34e-3,
    4.622311145544158e-5,
    5.161743818147913e-7,
    3.712362374847555e-9,
    1.833983433811517e-11,
    6.493125133990706e-14,
    1.693074927497696e-16,
    3.299609473102338e-19,
    4.813071975603122e-22,
    5.164_275_442_089_09e-25,
    3.846870021788629e-28,
    1.712948291408736e-31,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1327-L1333, license MIT OR Apache-2.0  [helper: const I1Q]
const I1Q: [f64; 5] = [
    4.665973211630446e-1,
    1.677754477613006e-3,
    2.583049634689725e-6,
    2.045930934253556e-9,
    7.166133240195285e-13,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1334-L1340, license MIT OR Apache-2.0  [helper: const I1PP]
const I1PP: [f64; 5] = [
    1.286515211317124e-1,
    1.930915272916783e-1,
    6.965689298161343e-2,
    7.345978783504595e-3,
    1.963602129240502e-4,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1341-L1348, license MIT OR Apache-2.0  [helper: const I1QQ]
const I1QQ: [f64; 6] = [
    3.309385098860755e-1,
    4.878218424097628e-1,
    1.663088501568696e-1,
    1.473541892809522e-2,
    1.964131438571051e-4,
    -1.034524660214173e-6,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1349-L1355, license MIT OR Apache-2.0  [helper: const K0PI]
const K0PI: [f64; 5] = [
    1.0,
    2.346487949187396e-1,
    1.187082088663404e-2,
    2.150707366040937e-4,
    1.425433617130587e-6,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1356-L1360, license MIT OR Apache-2.0  [helper: const K0QI]
const K0QI: [f64; 3] = [
    9.847324170755358e-1,
    1.518_396_076_767_77e-2,
    8.362215678646257e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1361-L1367, license MIT OR Apache-2.0  [helper: const K0P]
const K0P: [f64; 5] = [
    1.159315156584126e-1,
    2.770731240515333e-1,
    2.066458134619875e-2,
    4.574734709978264e-4,
    3.454715527986737e-6,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1368-L1372, license MIT OR Apache-2.0  [helper: const K0Q]
const K0Q: [f64; 3] = [
    9.836249671709183e-1,
    1.627693622304549e-2,
    9.809660603621949e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1373-L1382, license MIT OR Apache-2.0  [helper: const K0PP]
const K0PP: [f64; 8] = [
    1.253314137315499,
    1.475_731_032_429_9e1,
    6.123767403223466e1,
    1.121012633939949e2,
    9.285288485892228e1,
    3.198_289_277_679_66e1,
    3.595376024148513,
    6.160228690102976e-2,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1383-L1392, license MIT OR Apache-2.0  [helper: const K0QQ]
const K0QQ: [f64; 8] = [
    1.0,
    1.189963006673403e1,
    5.027773590829784e1,
    9.496513373427093e1,
    8.318077493230258e1,
    3.181399777449301e1,
    4.443672926432041,
    1.408_295_601_966_6e-1,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1393-L1399, license MIT OR Apache-2.0  [helper: const K1PI]
const K1PI: [f64; 5] = [
    0.5,
    5.598072040178741e-2,
    1.818666382168295e-3,
    2.397509908859959e-5,
    1.239567816344855e-7,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1400-L1404, license MIT OR Apache-2.0  [helper: const K1QI]
const K1QI: [f64; 3] = [
    9.870_202_601_341_15e-1,
    1.292092053534579e-2,
    5.881933053917096e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1405-L1411, license MIT OR Apache-2.0  [helper: const K1P]
const K1P: [f64; 5] = [
    -3.079657578292062e-1,
    -8.109417631822442e-2,
    -3.477550948593604e-3,
    -5.385594871975406e-5,
    -3.110372465429008e-7,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1412-L1416, license MIT OR Apache-2.0  [helper: const K1Q]
const K1Q: [f64; 3] = [
    9.861813171751389e-1,
    1.375_094_061_153_16e-2,
    6.774221332947002e-5,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1417-L1426, license MIT OR Apache-2.0  [helper: const K1PP]
const K1PP: [f64; 8] = [
    1.253314137315502,
    1.457171340220454e1,
    6.063161173098803e1,
    1.147386690867892e2,
    1.040442011439181e2,
    4.356596656837691e1,
    7.265_230_396_353_69,
    3.144418558991021e-1,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/bessel.rs L1427-L1436, license MIT OR Apache-2.0  [helper: const K1QQ]
const K1QQ: [f64; 8] = [
    1.0,
    1.125154514806458e1,
    4.427_488_496_597_63e1,
    7.616113213117645e1,
    5.863377227890893e1,
    1.850303673841586e1,
    1.857244676566022,
    2.538540887654872e-2,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/lib.rs L33-L36, license MIT OR Apache-2.0  [helper: const EPS]
// =============================================================================
// Constants
// =============================================================================
const EPS: f64 = f64::EPSILON;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/lib.rs L37-L37, license MIT OR Apache-2.0  [helper: const FPMIN]
const FPMIN: f64 = f64::MIN_POSITIVE / EPS;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/lib.rs L38-L38, license MIT OR Apache-2.0  [helper: const INV_SQRT_PI]
const INV_SQRT_PI: f64 = 0.564_189_583_547_756_3;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/gamma.rs L15-L15, license MIT OR Apache-2.0  [helper: const G]
const G: f64 = 5f64;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/gamma.rs L16-L16, license MIT OR Apache-2.0  [helper: const N]
const N: usize = 7;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/gamma.rs L499-L511, license MIT OR Apache-2.0  [helper: const LG5N7]
// =============================================================================
// Lanczos approximation of Gamma
// =============================================================================
/// Lanczos g=5, n=7
const LG5N7: [f64; N] = [
    1.000000000189712,
    76.18009172948503,
    -86.50532032927205,
    24.01409824118972,
    -1.2317395783752254,
    0.0012086577526594748,
    -0.00000539702438713199,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/gamma.rs L18-L42, license MIT OR Apache-2.0  [target]
/// Calculates the natural logarithm of the gamma function.
///
/// The gamma function is defined as:
///
/// $$ \Gamma(z) = \int_0^\infty t^{z-1} e^{-t} dt $$
///
/// This function computes $\ln(\Gamma(z))$.
///
/// # Arguments
///
/// * `z` - The input value
///
/// # Returns
///
/// The natural logarithm of the gamma function at `z`
#[differentiable]
pub fn ln_gamma(z: f64) -> f64 {
    let z = z - 1f64;
    let base = z + G + 0.5;
    let mut s = 0f64;
    for (i, &coeff) in LG5N7.iter().enumerate().skip(1) {
        s += coeff / (z + i as f64);
    }
    s += LG5N7[0];
    (2f64 * PI).sqrt().ln() + s.ln() - base + base.ln() * (z + 0.5)
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/gamma.rs L44-L166, license MIT OR Apache-2.0  [target]
/// Calculates the gamma function.
///
/// The gamma function is defined as:
///
/// $$ \Gamma(z) = \int_0^\infty t^{z-1} e^{-t} dt $$
///
/// # Arguments
///
/// * `z` - The input value
///
/// # Returns
///
/// The value of the gamma function at `z`
// Based on the Fortran implementation by Toshio Fukushima: https://www.researchgate.net/publication/336578125_xgamtxt_Fortran_90_test_program_package_of_qgam_dgam_and_sgam_fast_computation_of_Gamma_function_with_quadruple_double_and_single_precision_accuracy_respectively
#[differentiable]
pub fn gamma(mut z: f64) -> f64 {
    /// This input gives an output of [`f64::MAX`].
    /// Computed with WolframAlpha: https://www.wolframalpha.com/input?i=solve+gamma%28x%29+%3D+%281+%E2%88%92+2%5E%28%E2%88%9253%29%29*2%5E1024+for+x+%3E+1.
    const MAX_INPUT: f64 = 171.624_376_956_302_7;

    // Special cases.
    if z > MAX_INPUT {
        // Output is too large to represent.
        return f64::INFINITY;
    } else if z == 0.0 {
        // The gamma function diverges for an input of zero.
        // It diverges to positive or negative infinity depending on which direction zero is approached from.
        // According to entry F.9.5.4 of the ISO C 99 standard (https://www.open-std.org/jtc1/sc22/wg14/www/docs/n1256.pdf)
        // gamma(+/- 0) = +/- infinity.
        // This is the standard followed by `scipy.special.gamma` as well as the `tgamma` function in `libc`.
        // Since the Gamma function in (nightly) Rust's standard library currently corresponds to `tgamma`
        // and thus follows the standard we do the same here.
        return f64::INFINITY.copysign(z);
    } else if z.fract() == 0.0 {
        // z is a non-zero integer less than or equal to 171.

        if z < 0.0 {
            // The Gamma function also diverges for negative integers.
            // There is however no clear way for the caller to signal whether the input approached the integer from above or below.
            // According to the same standard as above the gamma function should return NaN for these inputs.
            return f64::NAN;
        }

        // 0 < z <= 171, we can just use the factorial.
        return factorial(z as usize - 1);
    } else if z == f64::NEG_INFINITY {
        // There is no well defined limit for z --> -inf.
        return f64::NAN;
    } else if z.is_nan() {
        return f64::NAN;
    }

    let f = if z > 3.5 {
        let mut f = 1.0;
        // Decrement z by 1 until less than 3.5.
        // This will not be a massively long loop since we checked for too large input above.
        while z >= 3.5 {
            z -= 1.0;
            f *= z;
        }
        f
    } else if z < 2.5 {
        let mut f = 1.0;
        // Increment z by 1 until larger than 2.5.
        while z <= 2.5 {
            f *= z;
            if f.is_infinite() {
                // There is no point in continuing the calculation,
                // as `f` will remain infinite when multiplied by any finite number.
                // (except zero, but that can only happen if z is an integer, which we have handled above.)
                // The final result will thus be `g` / inf,
                // which underflows to 0 since `g` (defined below) is always finite.
                // This early return stops the loop from running too long for very large negative inputs.
                return 0.0;
            }
            z += 1.0;
        }
        f.recip()
    } else {
        1.0
    };

    let g = if z > 3.0 {
        polynomial(
            z - 3.25,
            [
                0.000_016_738_398_919_923_317,
                0.000_095_940_184_093_793_52,
                0.000_455_766_746_785_133_16,
                0.002_149_849_572_114_427,
                0.008_882_603_286_354_344,
                0.034_350_198_197_417_38,
                0.115_260_482_799_219_55,
                0.346_268_553_360_568_7,
                0.858_853_822_880_646_4,
                1.776_919_804_709_978_3,
                2.592_571_165_129_980_8,
                2.549_256_966_718_529,
            ],
        )
    } else if z < 3.0 {
        polynomial(
            z - 2.75,
            [
                7.377_657_774_398_435e-7,
                0.000_048_420_884_483_658_204,
                0.000_132_763_577_755_739_43,
                0.000_914_252_863_201_387_9,
                0.003_228_437_222_320_849,
                0.014_576_803_693_379_53,
                0.046_735_160_424_814_17,
                0.155_955_856_853_634_36,
                0.384_779_120_148_185_27,
                0.891_167_948_026_476_6,
                1.317_087_179_192_858_7,
                1.608_359_421_985_545_5,
            ],
        )
    } else {
        2.0
    };

    g * f
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L107-L119, license MIT OR Apache-2.0  [helper]
/// Evaluate a polynomial at x using [Horner's method](https://en.wikipedia.org/wiki/Horner%27s_method).
///
/// The iterator is assumed to give the coefficients in decreasing order by the degree of the associated x-term.
///
/// For example, to evaluate 4x^2 + 3x + 2, the iterator should give 4.0 then 3.0, and finally 2.0.
#[differentiable]
pub(crate) fn polynomial<I>(x: f64, coefficients: I) -> f64
where
    I: IntoIterator<Item = f64>,
{
    coefficients
        .into_iter()
        .fold(0.0, |acc, coeff| mul_add(acc, x, coeff))
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/utils.rs L121-L133, license MIT OR Apache-2.0  [helper]
/// Multiplies `x` by `mul` and adds `add`.
/// If the target CPU supports fused multiply-add instructions this function will use those.
#[differentiable]
fn mul_add(x: f64, mul: f64, add: f64) -> f64 {
    #[cfg(not(target_feature = "fma"))]
    {
        x * mul + add
    }

    #[cfg(target_feature = "fma")]
    {
        x.mul_add(mul, add)
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/error.rs L279-L282, license MIT OR Apache-2.0  [helper: const NCOEF]
// =============================================================================
// Chebyshev coefficients
// =============================================================================
const NCOEF: usize = 28;

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/error.rs L283-L312, license MIT OR Apache-2.0  [helper: const COF]
const COF: [f64; 28] = [
    -1.3026537197817094,
    6.419_697_923_564_902e-1,
    1.9476473204185836e-2,
    -9.561_514_786_808_63e-3,
    -9.46595344482036e-4,
    3.66839497852761e-4,
    4.2523324806907e-5,
    -2.0278578112534e-5,
    -1.624290004647e-6,
    1.303655835580e-6,
    1.5626441722e-8,
    -8.5238095915e-8,
    6.529054439e-9,
    5.059343495e-9,
    -9.91364156e-10,
    -2.27365122e-10,
    9.6467911e-11,
    2.394038e-12,
    -6.886027e-12,
    8.94487e-13,
    3.13092e-13,
    -1.12708e-13,
    3.81e-16,
    7.106e-15,
    -1.523e-15,
    -9.4e-17,
    1.21e-16,
    -2.8e-17,
];

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/error.rs L14-L33, license MIT OR Apache-2.0  [target]
/// Calculates the error function.
///
/// The error function is defined as:
///
/// $$ \text{erf}(x) = \frac{2}{\sqrt{\pi}} \int_0^x e^{-t^2} dt $$
///
/// # Arguments
///
/// * `x` - The input value
///
/// # Returns
///
/// The value of the error function at `x`
#[differentiable]
pub fn erf(x: f64) -> f64 {
    if x >= 0f64 {
        1.0 - erfccheb(x)
    } else {
        erfccheb(-x) - 1f64
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/error.rs L35-L54, license MIT OR Apache-2.0  [target]
/// Calculates the complementary error function.
///
/// The complementary error function is defined as:
///
/// $$ \text{erfc}(x) = 1 - \text{erf}(x) = \frac{2}{\sqrt{\pi}} \int_x^\infty e^{-t^2} dt $$
///
/// # Arguments
///
/// * `x` - The input value
///
/// # Returns
///
/// The value of the complementary error function at `x`
#[differentiable]
pub fn erfc(x: f64) -> f64 {
    if x >= 0f64 {
        erfccheb(x)
    } else {
        2f64 - erfccheb(-x)
    }
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/error.rs L314-L332, license MIT OR Apache-2.0  [target]
/// Chebyshev coefficients
///
/// # Panics
///
/// Panics if `z` < 0.
#[differentiable]
fn erfccheb(z: f64) -> f64 {
    let mut d = 0f64;
    let mut dd = 0f64;

    assert!(z >= 0f64, "erfccheb requires nonnegative argument");
    let t = 2f64 / (2f64 + z);
    let ty = 4f64 * t - 2f64;
    for j in (1..NCOEF - 1).rev() {
        let tmp = d;
        d = ty * d - dd + COF[j];
        dd = tmp;
    }
    t * (-z.powi(2) + 0.5 * (COF[0] + ty * d) - dd).exp()
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/dawson.rs L9-L53, license MIT OR Apache-2.0  [target]
/// Dawson's integral for real values.
/// Accurate to about 2e-7 for small inputs.
#[differentiable]
pub fn dawson(x: f64) -> f64 {
    const NMAX: usize = 6;
    let h = 0.4;
    let a1 = 2. / 3.;
    let a2 = 0.4;
    let a3 = 2. / 7.;
    let n0: u64; // i is declared in the loops.
    let mut d1: f64;
    let mut d2: f64;
    let mut e1: f64;
    let e2: f64;
    let mut sum: f64;
    let x2: f64;
    let xp: f64;
    let xx: f64;
    let ans: f64;

    if x.abs() < 0.2 {
        x2 = x * x;
        ans = x * (1.0 - a1 * x2 * (1.0 - a2 * x2 * (1.0 - a3 * x2)));
    } else {
        xx = x.abs();
        n0 = 2 * (0.5 * xx / h + 0.5) as u64; // Simply truncates the decimal places, as in NR.
        xp = xx - n0 as f64 * h;
        e1 = f64::exp(2.0 * xp * h);
        e2 = e1 * e1;
        d1 = n0 as f64 + 1.;
        d2 = d1 - 2.0;
        sum = 0.0;

        for i in 0..NMAX {
            let cval = f64::exp(-((2. * i as f64 + 1.) * h).powi(2));
            d1 += 2.;
            d2 -= 2.;
            e1 *= e2;

            sum += cval * (e1 / d1 + 1.0 / (d2 * e1));
        }

        ans = (1. / PI.sqrt()) * sign(f64::exp(-xp * xp), x) * sum;
    }
    ans
}

// from github.com/Axect/puruspe@f3eb94b67674 (crate puruspe 0.4.4), src/beta.rs L11-L36, license MIT OR Apache-2.0  [target]
/// Calculates the beta function.
///
/// The beta function is defined as:
///
/// $$ B(z,w) = \int_0^1 t^{z-1} (1-t)^{w-1} dt $$
///
/// It can also be expressed in terms of gamma functions:
///
/// $$ B(z,w) = \frac{\Gamma(z)\Gamma(w)}{\Gamma(z+w)} $$
///
/// # Arguments
///
/// * `z` - First parameter
/// * `w` - Second parameter
///
/// # Returns
///
/// The value of the beta function $B(z,w)$
///
/// # Panics
///
/// Panics if `z` ≤ 0 or `w` ≤ 0.
#[differentiable]
pub fn beta(z: f64, w: f64) -> f64 {
    assert!(z > 0f64 && w > 0f64, "Bad args in beta: z and w must be positive");
    (ln_gamma(z) + ln_gamma(w) - ln_gamma(z + w)).exp()
}

// [checks] Not copied: the checks of the functions above.
#[cfg(test)]
mod checks {
    use super::*;
    use crate::checks::check_every_mode;

    /// `f'` agrees with the closed form `want` at `x`, to a relative `tol`.
    #[track_caller]
    fn derivative_is(f_prime: f64, want: f64, tol: f64) {
        assert!(
            (f_prime - want).abs() <= tol * want.abs().max(1e-3),
            "ours {f_prime:e}, closed form {want:e}"
        );
    }

    /// Points in each function's regions (the series and the asymptotic forms switch at 8 and 2).
    const POINTS: [f64; 4] = [0.7, 2.9, 5.3, 11.4];

    #[test]
    fn bessel_functions() {
        for x in POINTS {
            check_every_mode!(value |x: f64| j0(x), [x]);
            check_every_mode!(value |x: f64| j1(x), [x]);
            check_every_mode!(value |x: f64| y0(x), [x]);
            check_every_mode!(value |x: f64| y1(x), [x]);
            check_every_mode!(value |x: f64| k0(x), [x]);
            check_every_mode!(value |x: f64| k1(x), [x]);
            // J0' = -J1, Y0' = -Y1, K0' = -K1: to the accuracy of the crate's approximations.
            derivative_is(gradient!(at: x, of: j0), -j1(x), 1e-6);
            derivative_is(gradient!(at: x, of: y0), -y1(x), 1e-6);
            derivative_is(gradient!(at: x, of: k0), -k1(x), 1e-6);
        }
    }

    #[test]
    fn bessel_functions_of_order_n() {
        for x in POINTS {
            for n in [2u32, 3, 5] {
                // First order only: the registered derivative of `ldexp`, which they call, has
                // no second order.
                let report = check_gradient!(at: x, of: |x: f64| Jn(n, x));
                assert!(report.is_ok(), "Jn({n}, {x}): {:?}", report.err());
                let report = check_gradient!(at: x, of: |x: f64| Yn(n, x));
                assert!(report.is_ok(), "Yn({n}, {x}): {:?}", report.err());
                // Jn' = (J(n-1) - J(n+1)) / 2.
                let ours = gradient!(at: x, of: |x: f64| Jn(n, x));
                derivative_is(ours, (Jn(n - 1, x) - Jn(n + 1, x)) / 2.0, 1e-6);
            }
        }
    }

    #[test]
    fn error_functions_and_dawson() {
        // (Not at 0.2, where `dawson` switches from its series to its sum.)
        for x in [-1.3, 0.35, 0.9, 2.7] {
            check_every_mode!(value |x: f64| erf(x), [x]);
            check_every_mode!(value |x: f64| erfc(x), [x]);
            check_every_mode!(value |x: f64| dawson(x), [x]);
            let slope = 2.0 / PI.sqrt() * (-x * x).exp();
            derivative_is(gradient!(at: x, of: erf), slope, 1e-9);
            derivative_is(gradient!(at: x, of: erfc), -slope, 1e-9);
            // Not against D'(x) = 1 - 2 x D(x): the crate's approximation (Numerical Recipes'
            // sampling theorem sum) has the value but not the slope of Dawson's function away
            // from the sample points (at -1.3: -0.0475, its central differences too, where
            // D' is -0.338), and the derivative of the code is the code's.
        }
    }

    #[test]
    fn gamma_and_beta() {
        for z in [0.6, 1.7, 4.2, 9.5] {
            check_every_mode!(value |z: f64| ln_gamma(z), [z]);
            check_every_mode!(value |z: f64| gamma(z), [z]);
            // Γ' = Γ · (ln Γ)': the two functions are computed independently, by different
            // approximations (which agree to about 1e-9).
            let ours = gradient!(at: z, of: gamma);
            let want = gamma(z) * gradient!(at: z, of: ln_gamma);
            assert!(
                (ours - want).abs() <= 1e-7 * want.abs(),
                "{ours} against {want}"
            );
            check_every_mode!(value |p: [f64; 2]| beta(p[0], p[1]), [[z, 1.3]]);
        }
        // Below 2.5 `gamma` multiplies its way up in a loop that may return early.
        check_every_mode!(value |z: f64| gamma(z), [-1.3, 0.2, -7.6]);
    }
}
