//! argmin_testfunctions 0.3.0 (MIT OR Apache-2.0): optimisation test functions, generic over
//! `num::Float`, with the derivatives the crate ships.

use ad::prelude::*;
use num::{Float, FromPrimitive};
use num_traits as num;
use std::f64::consts::PI;
use std::iter::Sum;
use std::ops::AddAssign;

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/ackley.rs L25-L47, license MIT OR Apache-2.0  [target]
/// Ackley test function
///
/// Defined as
///
/// $$
/// f(x_1, x_2, ..., x_n) = -a\exp\left(-b\sqrt{\frac{1}{n}\sum_{i=1}^{n}x_i^2}\right) -
/// \exp\left(\frac{1}{n}\sum_{i=1}^{n}\cos(cx_i)\right) + a + \exp(1)
/// $$
///
/// where $x_i \in [-32.768,\\,32.768]$ and usually $a = 20$, $b = 0.2$ and $c = 2\pi$.
///
/// The global minimum is at $f(x_1, x_2, ..., x_n) = f(0, 0, ..., 0) = 0$.
#[differentiable]
pub fn ackley<T>(param: &[T]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    ackley_abc(
        param,
        T::from_f64(20.0).unwrap(),
        T::from_f64(0.2).unwrap(),
        T::from_f64(2.0 * PI).unwrap(),
    )
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/ackley.rs L49-L62, license MIT OR Apache-2.0  [target]
/// Ackley test function
///
/// The same as [`ackley`]; however, it allows to set the parameters $a$, $b$ and $c$.
#[differentiable]
pub fn ackley_abc<T>(param: &[T], a: T, b: T, c: T) -> T
where
    T: Float + FromPrimitive + Sum,
{
    let num1 = T::from_f64(1.0).unwrap();
    let n = T::from_usize(param.len()).unwrap();
    -a * (-b * ((num1 / n) * param.iter().map(|x| x.powi(2)).sum()).sqrt()).exp()
        - ((num1 / n) * param.iter().map(|x| (c * *x).cos()).sum()).exp()
        + a
        + num1.exp()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/ackley.rs L79-L103, license MIT OR Apache-2.0  [oracle]
/// Derivative of Ackley test function
///
/// The same as [`ackley_derivative`]; however, it allows to set the parameters $a$, $b$ and $c$.
pub fn ackley_abc_derivative<T>(param: &[T], a: T, b: T, c: T) -> Vec<T>
where
    T: Float + FromPrimitive + Sum,
{
    let d = T::from_usize(param.len()).unwrap();
    let n0 = T::from_f64(0.0).unwrap();
    let eps = T::epsilon();

    let norm = param.iter().map(|x| x.powi(2)).sum::<T>().sqrt();

    let f1 = (c * (param.iter().map(|&x| (c * x).cos()).sum::<T>() / d).exp()) / d;
    let f2 = if norm <= eps {
        n0
    } else {
        (a * b * (-b * norm / d.sqrt()).exp()) / (d.sqrt() * norm)
    };

    param
        .iter()
        .map(|&x| ((c * x).sin() * f1) + x * f2)
        .collect()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/beale.rs L23-L43, license MIT OR Apache-2.0  [target]
/// Beale test function
///
/// Defined as
///
/// $$
/// f(x_1, x_2) = (1.5 - x_1 + x_1 x_2)^2 + (2.25 - x_1 + x_1 x_2^2)^2 +
///               (2.625 - x_1 + x_1 x_2^3)^2
/// $$
///
/// where $x_i \in [-4.5,\\,4.5]$.
///
/// The global minimum is at $f(x_1, x_2) = f(3, 0.5) = 0$.
#[differentiable]
pub fn beale<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    (T::from_f64(1.5).unwrap() - x1 + x1 * x2).powi(2)
        + (T::from_f64(2.25).unwrap() - x1 + x1 * (x2.powi(2))).powi(2)
        + (T::from_f64(2.625).unwrap() - x1 + x1 * (x2.powi(3))).powi(2)
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/beale.rs L45-L81, license MIT OR Apache-2.0  [oracle]
/// Derivative of Beale test function
pub fn beale_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let n0_5 = T::from_f64(0.5).unwrap();
    let n1 = T::from_f64(1.0).unwrap();
    let n1_5 = T::from_f64(1.5).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n2_625 = T::from_f64(2.625).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n4_5 = T::from_f64(4.5).unwrap();
    let n5_25 = T::from_f64(5.25).unwrap();
    let n6 = T::from_f64(6.0).unwrap();
    let n12_75 = T::from_f64(12.75).unwrap();

    let [x1, x2] = *param;

    let x2p2 = x2.powi(2);
    let x2p3 = x2.powi(3);
    let x2p4 = x2.powi(4);
    let x2p5 = x2.powi(5);
    let x2p6 = x2.powi(6);

    [
        n5_25 * x2p3
            + n4_5 * x2p2
            + n3 * x2
            + n2 * x1 * (x2p6 + x2p4 - n2 * x2p3 - x2p2 - n2 * x2 + n3)
            - n12_75,
        n6 * x1
            * (n2_625 * x2p2
                + n1_5 * x2
                + x1 * (x2p5 + (n2 / n3) * x2p3 - x2p2 - (n1 / n3) * (x2 + n1))
                + n0_5),
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/booth.rs L22-L43, license MIT OR Apache-2.0  [target]
/// Booth test function
///
/// Defined as
///
/// $$
/// f(x_1, x_2) = (x_1 + 2x_2 - 7)^2 + (2x_1 + x_2 - 5)^2
/// $$
///
/// where $x_i \in [-10,\\,10]$.
///
/// The global minimum is at $f(x_1, x_2) = f(1, 3) = 0$.
#[differentiable]
pub fn booth<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let n2 = T::from_f64(2.0).unwrap();
    let n5 = T::from_f64(5.0).unwrap();
    let n7 = T::from_f64(7.0).unwrap();

    let [x1, x2] = *param;
    (x1 + n2 * x2 - n7).powi(2) + (n2 * x1 + x2 - n5).powi(2)
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/booth.rs L45-L58, license MIT OR Apache-2.0  [oracle]
/// Derivative of Booth test function
pub fn booth_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let n8 = T::from_f64(8.0).unwrap();
    let n10 = T::from_f64(10.0).unwrap();
    let n34 = T::from_f64(34.0).unwrap();
    let n38 = T::from_f64(38.0).unwrap();

    let [x1, x2] = *param;

    [n10 * x1 + n8 * x2 - n34, n8 * x1 + n10 * x2 - n38]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/bukin.rs L22-L42, license MIT OR Apache-2.0  [target]
/// Bukin test function No. 6
///
/// Defined as
///
/// $$
/// f(x_1, x_2) = 100\sqrt{\left|x_2 - 0.01x_1^2\right|} + 0.01\left|x_1 + 10\right|
/// $$
///
/// where $x_1 \in [-15,\\,-5]$ and $x_2 \in [-3,\\,3]$.
///
/// The global minimum is at $f(x_1, x_2) = f(-10, 1) = 0$.
#[differentiable]
pub fn bukin_n6<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let n001 = T::from_f64(0.01).unwrap();
    let n10 = T::from_f64(10.0).unwrap();
    let n100 = T::from_f64(100.0).unwrap();
    n100 * (x2 - n001 * x1.powi(2)).abs().sqrt() + n001 * (x1 + n10).abs()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/bukin.rs L44-L70, license MIT OR Apache-2.0  [oracle]
/// Derivative of Bukin test function No. 6
pub fn bukin_n6_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n0 = T::from_f64(0.0).unwrap();
    let n0_01 = T::from_f64(0.01).unwrap();
    let n10 = T::from_f64(10.0).unwrap();
    let n50 = T::from_f64(50.0).unwrap();
    let eps = T::epsilon();

    let denom = (x2 - n0_01 * x1.powi(2)).abs().powi(3).sqrt();
    let tmp = x2 - n0_01 * x1.powi(2);

    if denom.abs() <= eps {
        // Deriviative is actually not defined at optimum. Therefore, as soon as we get close,
        // we'll set the derivative to 0
        [n0, n0]
    } else {
        [
            n0_01 * (x1 + n10).signum() - x1 * tmp / denom,
            n50 * tmp / denom,
        ]
    }
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/crossintray.rs L30-L63, license MIT OR Apache-2.0  [target]
/// Cross-in-tray test function
///
/// Defined as
///
/// $$
/// f(x_1, x_2) = -0.0001\left(\left|\sin(x_1)\sin(x_2)
///               \exp\left(\left| 100 - \frac{\sqrt{x_1^2+x_2^2}}{\pi} \right|\right)\right| +
///               1\right)^{0.1}
/// $$
///
/// where $x_i \in [-10,\\,10]$.
///
/// The global minima are at
///  * $f(x_1, x_2) = f(1.34941, 1.34941) = -2.06261$.
///  * $f(x_1, x_2) = f(1.34941, -1.34941) = -2.06261$.
///  * $f(x_1, x_2) = f(-1.34941, 1.34941) = -2.06261$.
///  * $f(x_1, x_2) = f(-1.34941, -1.34941) = -2.06261$.
///
/// Note: Even if the input parameters are [`f32`], internal computations will be performed in [`f64`].
#[differentiable]
pub fn cross_in_tray<T>(param: &[T; 2]) -> T
where
    T: Float + Into<f64> + FromPrimitive,
{
    let x1: f64 = param[0].into();
    let x2: f64 = param[1].into();
    T::from_f64(
        -0.0001
            * ((x1.sin() * x2.sin() * (100.0 - (x1.powi(2) + x2.powi(2)).sqrt() / PI).abs().exp())
                .abs()
                + 1.0)
                .powf(0.1),
    )
    .unwrap()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/crossintray.rs L65-L116, license MIT OR Apache-2.0  [oracle]
/// Derivative of Cross-in-tray test function
///
/// Note: Even if the input parameters are [`f32`], internal computations will be performed in [`f64`].
pub fn cross_in_tray_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + Into<f64> + FromPrimitive,
{
    let x1: f64 = param[0].into();
    let x2: f64 = param[1].into();

    let a = (x1.powi(2) + x2.powi(2)).sqrt();
    let b = a / PI - 100.0;
    let c = b.abs().exp();
    let x2sin = x2.sin();
    let x2sinabs = x2sin.abs();
    let x1sin = x1.sin();
    let x1sinabs = x1sin.abs();
    let x1cos = x1.cos();
    let x2cos = x2.cos();
    let denom = PI * a * b.abs();

    [
        T::from_f64({
            -1e-5
                * (if denom.abs() <= f64::EPSILON {
                    0.0
                } else {
                    (x2sinabs * x1 * b * c * x1sinabs) / denom
                } + if x1sinabs <= f64::EPSILON {
                    0.0
                } else {
                    (x2sinabs * x1sin * x1cos * c) / x1sinabs
                })
                / (x2sinabs * x1sinabs * c + 1.0).powf(0.9)
        })
        .unwrap(),
        T::from_f64({
            -1e-5
                * (if denom.abs() <= f64::EPSILON {
                    0.0
                } else {
                    (x2sinabs * x2 * b * c * x1sinabs) / denom
                } + if x2sinabs <= f64::EPSILON {
                    0.0
                } else {
                    (x1sinabs * x2sin * x2cos * c) / x2sinabs
                })
                / (x2sinabs * x1sinabs * c + 1.0).powf(0.9)
        })
        .unwrap(),
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/easom.rs L23-L41, license MIT OR Apache-2.0  [target]
/// Easom test function
///
/// Defined as
///
/// $$
/// f(x_1, x_2) = - \cos(x_1)\cos(x_2)\exp\left(-(x_1 - \pi)^2 - (x_2 - \pi)^2\right)
/// $$
///
/// where $x_i \in [-100,\\,100]$.
///
/// The global minimum is at $f(x_1, x_2) = f(\pi, \pi) = -1$.
#[differentiable]
pub fn easom<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let pi = T::from_f64(PI).unwrap();
    -x1.cos() * x2.cos() * (-(x1 - pi).powi(2) - (x2 - pi).powi(2)).exp()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/easom.rs L43-L59, license MIT OR Apache-2.0  [oracle]
/// Derivative of Easom test function
pub fn easom_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let pi = T::from_f64(PI).unwrap();
    let n2 = T::from_f64(2.0).unwrap();

    let factor = (-(x1 - pi).powi(2) - (x2 - pi).powi(2)).exp();

    [
        factor * x2.cos() * (x1.sin() + n2 * x1 * x1.cos() - n2 * pi * x1.cos()),
        factor * x1.cos() * (x2.sin() + n2 * x2 * x2.cos() - n2 * pi * x2.cos()),
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/eggholder.rs L23-L47, license MIT OR Apache-2.0  [target]
/// Eggholder test function.
///
/// Defined as
///
/// $$
/// f(x_1, x_2) = -(x_2 + 47) \cdot \sin\left( \sqrt{\left| x_2 + \frac{x_1}{2} + 47 \right|} \right) -
///                x_1 \cdot \sin\left(\sqrt{\left|x_1 - (x_2 + 47)\right|}\right)
/// $$
///
/// where $x_i \in [-512,\\,512]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(512,\\,404.2319) = -959.6407$.
#[differentiable]
pub fn eggholder<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let n47 = T::from_f64(47.0).unwrap();
    -(x2 + n47)
        * (x2 + x1 / T::from_f64(2.0).unwrap() + n47)
            .abs()
            .sqrt()
            .sin()
        - x1 * (x1 - (x2 + n47)).abs().sqrt().sin()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/eggholder.rs L49-L101, license MIT OR Apache-2.0  [oracle]
/// Derivative of Eggholder test function.
pub fn eggholder_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let eps = T::epsilon();
    let n0 = T::from_f64(0.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n47 = T::from_f64(47.0).unwrap();

    let x1mx2m47 = x1 - x2 - n47;
    let x1mx2m47abs = x1mx2m47.abs();
    let x1mx2m47abssqrt = x1mx2m47abs.sqrt();
    let x1mx2m47abssqrtsin = x1mx2m47abssqrt.sin();
    let x1mx2m47abssqrtcos = x1mx2m47abssqrt.cos();
    let x1hpx2p47 = x1 / n2 + x2 + n47;
    let x1hpx2p47abs = x1hpx2p47.abs();
    let x1hpx2p47abssqrt = x1hpx2p47abs.sqrt();
    let x1hpx2p47abssqrtsin = x1hpx2p47abssqrt.sin();
    let x1hpx2p47abssqrtcos = x1hpx2p47abssqrt.cos();
    let x2mx1p47 = x2 - x1 + n47;
    let x2mx1p47abs = x2mx1p47.abs();
    let x2mx1p47abssqrt = x2mx1p47abs.sqrt();
    let x2mx1p47abssqrtcos = x2mx1p47abssqrt.cos();

    [
        -x1mx2m47abssqrtsin
            - if x1mx2m47abs <= eps {
                n0
            } else {
                (x1 * x1mx2m47 * x1mx2m47abssqrtcos) / (n2 * x1mx2m47abssqrt.powi(3))
            }
            - if x1hpx2p47abs <= eps {
                n0
            } else {
                ((x2 + n47) * x1hpx2p47abssqrtcos * x1hpx2p47) / (n4 * x1hpx2p47abssqrt.powi(3))
            },
        -x1hpx2p47abssqrtsin
            - if x1hpx2p47abs <= eps {
                n0
            } else {
                ((x2 + n47) * x1hpx2p47 * x1hpx2p47abssqrtcos) / (n2 * x1hpx2p47abssqrt.powi(3))
            }
            - if x2mx1p47abs <= eps {
                n0
            } else {
                (x1 * x2mx1p47 * x2mx1p47abssqrtcos) / (n2 * x2mx1p47abssqrt.powi(3))
            },
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/goldsteinprice.rs L26-L64, license MIT OR Apache-2.0  [target]
/// Goldstein-Price test function.
///
/// Defined as
///
/// $$
/// \begin{aligned}
/// f(x_1,\\,x_2) &= [1 + (x_1 + x_2 + 1)^2(19 - 14 x_1 + 3 x_1^2 - 14 x_2 + 6 x_1 x_2 + 3 x_2^2)] \\\\
///                &\times [30 + (2 x_1 - 3 x_2)^2(18 - 32 x_1 + 12 x_1^2 + 48 x_2 -
///                   36x_1 x_2 + 27 x_2^2) ]
/// \end{aligned}
/// $$
///
/// where $x_i \in [-2,\\,2]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(0,\\,-1) = 3$.
#[differentiable]
pub fn goldsteinprice<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n6 = T::from_f64(6.0).unwrap();
    let n12 = T::from_f64(12.0).unwrap();
    let n14 = T::from_f64(14.0).unwrap();
    let n18 = T::from_f64(18.0).unwrap();
    let n19 = T::from_f64(19.0).unwrap();
    let n27 = T::from_f64(27.0).unwrap();
    let n30 = T::from_f64(30.0).unwrap();
    let n32 = T::from_f64(32.0).unwrap();
    let n36 = T::from_f64(36.0).unwrap();
    let n48 = T::from_f64(48.0).unwrap();
    (n1 + (x1 + x2 + n1).powi(2)
        * (n19 - n14 * (x1 + x2) + n3 * (x1.powi(2) + x2.powi(2)) + n6 * x1 * x2))
        * (n30
            + (n2 * x1 - n3 * x2).powi(2)
                * (n18 - n32 * x1 + n12 * x1.powi(2) + n48 * x2 - n36 * x1 * x2 + n27 * x2.powi(2)))
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/goldsteinprice.rs L66-L119, license MIT OR Apache-2.0  [oracle]
/// Derivative of Goldstein-Price test function.
pub fn goldsteinprice_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n6 = T::from_f64(6.0).unwrap();
    let n12 = T::from_f64(12.0).unwrap();
    let n14 = T::from_f64(14.0).unwrap();
    let n18 = T::from_f64(18.0).unwrap();
    let n19 = T::from_f64(19.0).unwrap();
    let n24 = T::from_f64(24.0).unwrap();
    let n27 = T::from_f64(27.0).unwrap();
    let n30 = T::from_f64(30.0).unwrap();
    let n32 = T::from_f64(32.0).unwrap();
    let n36 = T::from_f64(36.0).unwrap();
    let n48 = T::from_f64(48.0).unwrap();
    let n54 = T::from_f64(54.0).unwrap();

    let x1s = x1.powi(2);
    let x2s = x2.powi(2);

    [
        (n2 * (x1 + x2 + n1) * (n3 * x1s + n6 * x2 * x1 - n14 * x1 + n3 * x2s - n14 * x2 + n19)
            + (x1 + x2 + n1).powi(2) * (n6 * x1 + n6 * x2 - n14))
            * ((n2 * x1 - n3 * x2).powi(2)
                * (n12 * x1s - n36 * x2 * x1 - n32 * x1 + n27 * x2s + n48 * x2 + n18)
                + n30)
            + ((x1 + x2 + n1).powi(2)
                * (n3 * x1s + n6 * x2 * x1 - n14 * x1 + n3 * x2s - n14 * x2 + n19)
                + n1)
                * (n4
                    * (n2 * x1 - n3 * x2)
                    * (n12 * x1s - n36 * x2 * x1 - n32 * x1 + n27 * x2s + n48 * x2 + n18)
                    + (n2 * x1 - n3 * x2).powi(2) * (n24 * x1 - n36 * x2 - n32)),
        ((x2 + x1 + n1).powi(2) * (n3 * x2s + n6 * x1 * x2 - n14 * x2 + n3 * x1s - n14 * x1 + n19)
            + n1)
            * ((n2 * x1 - n3 * x2).powi(2) * (n54 * x2 - n36 * x1 + n48)
                - n6 * (n2 * x1 - n3 * x2)
                    * (n27 * x2s - n36 * x1 * x2 + n48 * x2 + n12 * x1s - n32 * x1 + n18))
            + (n2
                * (x2 + x1 + n1)
                * (n3 * x2s + n6 * x1 * x2 - n14 * x2 + n3 * x1s - n14 * x1 + n19)
                + (x2 + x1 + n1).powi(2) * (n6 * x2 + n6 * x1 - n14))
                * ((n2 * x1 - n3 * x2).powi(2)
                    * (n27 * x2s - n36 * x1 * x2 + n48 * x2 + n12 * x1s - n32 * x1 + n18)
                    + n30),
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/himmelblau.rs L26-L49, license MIT OR Apache-2.0  [target]
/// Himmelblau's test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = (x_1^2 + x_2 - 11)^2 + (x_1 + x_2^2 - 7)^2
/// $$
///
/// where $x_i \in [-5,\\,5]$.
///
/// The global minima are at
///  * $f(x_1,\\,x_2) = f(3,\\,2) = 0$.
///  * $f(x_1,\\,x_2) = f(-2.805118,\\,3.131312) = 0$.
///  * $f(x_1,\\,x_2) = f(-3.779310,\\,-3.283186) = 0$.
///  * $f(x_1,\\,x_2) = f(3.584428,\\,-1.848126) = 0$.
#[differentiable]
pub fn himmelblau<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let n7 = T::from_f64(7.0).unwrap();
    let n11 = T::from_f64(11.0).unwrap();
    (x1.powi(2) + x2 - n11).powi(2) + (x1 + x2.powi(2) - n7).powi(2)
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/himmelblau.rs L51-L67, license MIT OR Apache-2.0  [oracle]
/// Derivative of Himmelblau's test function.
pub fn himmelblau_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n2 = T::from_f64(2.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n7 = T::from_f64(7.0).unwrap();
    let n11 = T::from_f64(11.0).unwrap();

    [
        n4 * x1 * (x1.powi(2) + x2 - n11) + n2 * (x1 + x2.powi(2) - n7),
        n4 * x2 * (x2.powi(2) + x1 - n7) + n2 * (x2 + x1.powi(2) - n11),
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/holdertable.rs L27-L50, license MIT OR Apache-2.0  [target]
/// Holder table test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = -\left|\sin(x_1)\cos(x_2)\exp\left(\left|1- \frac{\sqrt{x_1^2+x_2^2}}{\pi}\right|\right)\right|
/// $$
///
/// where $x_i \in [-10,\\,10]$.
///
/// The global minima are at
///  * $f(x_1,\\,x_2) = f(8.05502,\\,9.66459) = -19.2085$.
///  * $f(x_1,\\,x_2) = f(8.05502,\\,-9.66459) = -19.2085$.
///  * $f(x_1,\\,x_2) = f(-8.05502,\\,9.66459) = -19.2085$.
///  * $f(x_1,\\,x_2) = f(-8.05502,\\,-9.66459) = -19.2085$.
#[differentiable]
pub fn holder_table<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let pi = T::from_f64(PI).unwrap();
    let n1 = T::from_f64(1.0).unwrap();
    -(x1.sin() * x2.cos() * (n1 - (x1.powi(2) + x2.powi(2)).sqrt() / pi).abs().exp()).abs()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/holdertable.rs L52-L96, license MIT OR Apache-2.0  [oracle]
/// Derivative of the Holder table test function.
///
/// The test function has a discontinuity at $\sqrt{x_1^2+x_2^2} = \pi$,
/// hence the derivative can be [NaN](num::Float::nan)-valued.
pub fn holder_table_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let pi = T::from_f64(PI).unwrap();
    let n0 = T::from_f64(0.0).unwrap();
    let n1 = T::from_f64(1.0).unwrap();
    let eps = T::epsilon();

    let x1sin = x1.sin();
    let x2sin = x2.sin();
    let x1cos = x1.cos();
    let x2cos = x2.cos();
    let x1sinabs = x1sin.abs();
    let x2cosabs = x2cos.abs();
    let a = (x1.powi(2) + x2.powi(2)).sqrt();
    let b = a / pi - n1;
    let c = b.abs();
    let d = c.exp();

    if a <= eps {
        [n0, n0]
    } else {
        [
            -(x1 * x1sinabs * x2cosabs * b * d) / (pi * a * c)
                - if x1sinabs <= eps {
                    n0
                } else {
                    (x1sin * x1cos * x2cosabs * d) / (x1sinabs)
                },
            -(x2 * x1sinabs * x2cosabs * b * d) / (pi * a * c)
                + if x2cosabs <= eps {
                    n0
                } else {
                    (x2sin * x2cos * x1sinabs * d) / (x2cosabs)
                },
        ]
    }
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/levy.rs L38-L72, license MIT OR Apache-2.0  [target]
/// Levy test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2,\\,\ldots,\\,x_d) = \sin^2(\pi w_1) + \sum_{i=1}^{d-1}(w_i -1)^2 \left[1+10\sin^2(\pi w_i+1)\right] +
/// (w_d - 1)^2\left[1 + \sin^2(2\pi w_d)\right]
/// $$
///
/// where $w_i = 1 + \frac{x_i - 1}{4}$ and $x_i \in [-10, 10]$.
///
/// The global minimum is at $f(x_1,\\,x_2,\\,\ldots,\\,x_d) = f(1,\\,1,\\,\ldots,\\,1) = 0$.
#[differentiable]
pub fn levy<T>(param: &[T]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    let plen = param.len();
    assert!(plen >= 2);

    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n10 = T::from_f64(10.0).unwrap();
    let pi = T::from_f64(PI).unwrap();

    let w = |x: T| n1 + (x - n1) / n4;

    (pi * w(param[0])).sin().powi(2)
        + param[1..(plen - 1)]
            .iter()
            .map(|x| w(*x))
            .map(|wi: T| (wi - n1).powi(2) * (n1 + n10 * (pi * wi + n1).sin().powi(2)))
            .sum()
        + (w(param[plen - 1]) - n1).powi(2) * (n1 + (n2 * pi * w(param[plen - 1])).sin().powi(2))
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/levy.rs L245-L271, license MIT OR Apache-2.0  [target]
/// Levy test function No. 13.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = \sin^2(3\pi x_1) + (x_1 - 1)^2\left[1 + \sin^2(3\pi x_2)\right] + (x_2 - 1)^2
/// \left[1 + \sin^2(2\pi x_2)\right]
/// $$
///
/// where $x_i \in [-10, 10]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(1,\\,1) = 0$.
#[differentiable]
pub fn levy_n13<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    let [x1, x2] = *param;

    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let pi = T::from_f64(PI).unwrap();

    (n3 * pi * x1).sin().powi(2)
        + (x1 - n1).powi(2) * (n1 + (n3 * pi * x2).sin().powi(2))
        + (x2 - n1).powi(2) * (n1 + (n2 * pi * x2).sin().powi(2))
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/levy.rs L74-L107, license MIT OR Apache-2.0  [oracle]
/// Derivative of Levy test function.
pub fn levy_derivative<T>(param: &[T]) -> Vec<T>
where
    T: Float + FromPrimitive + Sum,
{
    let d = param.len();
    assert!(d >= 2);

    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n5 = T::from_f64(5.0).unwrap();
    let n8 = T::from_f64(8.0).unwrap();
    let n10 = T::from_f64(10.0).unwrap();
    let n16 = T::from_f64(16.0).unwrap();
    let pi = T::from_f64(PI).unwrap();

    param
        .iter()
        .enumerate()
        .map(|(i, x)| (i, x, pi * ((*x - n1) / n4 + n1)))
        .map(|(i, &x, wp)| {
            if i == 0 {
                pi / n2 * wp.cos() * wp.sin()
            } else if i == d - 1 {
                ((n2 * wp).sin().powi(2) + n1) * (x - n1) / n8
                    + pi / n16 * (n2 * wp).cos() * (n2 * wp).sin() * (x - n1).powi(2)
            } else {
                (n10 * (wp + n1).sin().powi(2) + n1) * (x - n1) / n8
                    + n5 / n16 * pi * (wp + n1).cos() * (wp + n1).sin() * (x - n1).powi(2)
            }
        })
        .collect()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/levy.rs L273-L305, license MIT OR Apache-2.0  [oracle]
/// Derivative of Levy test function No. 13.
pub fn levy_n13_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive + Sum,
{
    let [x1, x2] = *param;

    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n6 = T::from_f64(6.0).unwrap();
    let pi = T::from_f64(PI).unwrap();

    let x1t3 = n3 * pi * x1;
    let x2t3 = n3 * pi * x2;
    let x2t2 = n2 * pi * x2;
    let x1t3s = x1t3.sin();
    let x1t3c = x1t3.cos();
    let x2t3s = x2t3.sin();
    let x2t3c = x2t3.cos();
    let x2t3s2 = x2t3s.powi(2);
    let x2t2s = x2t2.sin();
    let x2t2c = x2t2.cos();
    let x2t2s2 = x2t2s.powi(2);

    [
        n6 * pi * x1t3c * x1t3s + n2 * (x2t3s2 + n1) * (x1 - n1),
        n6 * pi * (x1 - n1).powi(2) * x2t3c * x2t3s
            + n2 * (x2 - n1) * (x2t2s2 + n1)
            + n4 * pi * (x2 - n1).powi(2) * x2t2c * x2t2s,
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/matyas.rs L22-L43, license MIT OR Apache-2.0  [target]
/// Matyas test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = 0.26 (x_1^2 + x_2^2) - 0.48 x_1 x_2
/// $$
///
/// where $x_i \in [-10,\\,10]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(0,\\,0) = 0$.
#[differentiable]
pub fn matyas<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n026 = T::from_f64(0.26).unwrap();
    let n048 = T::from_f64(0.48).unwrap();

    n026 * (x1.powi(2) + x2.powi(2)) - n048 * x1 * x2
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/matyas.rs L45-L56, license MIT OR Apache-2.0  [oracle]
/// Derivative of Matyas test function.
pub fn matyas_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n0_52 = T::from_f64(0.52).unwrap();
    let n0_48 = T::from_f64(0.48).unwrap();

    [n0_52 * x1 - n0_48 * x2, n0_52 * x2 - n0_48 * x1]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/mccormick.rs L22-L41, license MIT OR Apache-2.0  [target]
/// McCormick test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = \sin(x_1 + x_2) + (x_1 - x_2)^2 - 1.5x_1 + 2.5x_2 + 1
/// $$
///
/// where $x_1 \in [-1.5,\\,4]$ and $x_2 \in [-3,\\,4]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(-0.54719,\\,-1.54719) = -1.913228$.
#[differentiable]
pub fn mccormick<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    (x1 + x2).sin() + (x1 - x2).powi(2) - T::from_f64(1.5).unwrap() * x1
        + T::from_f64(2.5).unwrap() * x2
        + T::from_f64(1.0).unwrap()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/mccormick.rs L43-L58, license MIT OR Apache-2.0  [oracle]
/// Derivative of McCormick test function.
pub fn mccormick_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n5 = T::from_f64(5.0).unwrap();

    [
        (x1 + x2).cos() + n2 * (x1 - x2) - n3 / n2,
        (x1 + x2).cos() - n2 * (x1 - x2) + n5 / n2,
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/picheny.rs L29-L78, license MIT OR Apache-2.0  [target]
/// Picheny test function.
///
/// Variation on the [Goldstein-Price test function](crate::goldsteinprice::goldsteinprice) introduced by [Picheny et al. (2012)](https://hal.science/hal-00658212).
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = \frac{1}{2.427}\biggl[
///                    \log\Bigl[\bigl(1 + (\bar{x}_1 + \bar{x}_2 + 1)^2(19 - 14\bar{x}_1 +
///                    3\bar{x}_1^2 - 14\bar{x}_2 + 6\bar{x}_1\bar{x}_2 + 3\bar{x}_2^2)\bigr) \\\\
///                    \times\bigl(30 + (2\bar{x}_1 - 3\bar{x}_2)^2(18 - 32\bar{x}_1 + 12\bar{x}_1^2 +
///                    48\bar{x}_2 - 36\bar{x}_1\bar{x}_2 + 27\bar{x}_2^2)\bigr)\Bigr]
///                 - 8.693\biggr]
/// $$
///
/// where $\bar{x}_i = 4x_i - 2$ and $x_i \in [0, 1]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(0.5,\\,0.25) = 3.3851993182036826$.
#[differentiable]
pub fn picheny<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n6 = T::from_f64(6.0).unwrap();
    let n12 = T::from_f64(12.0).unwrap();
    let n14 = T::from_f64(14.0).unwrap();
    let n18 = T::from_f64(18.0).unwrap();
    let n19 = T::from_f64(19.0).unwrap();
    let n27 = T::from_f64(27.0).unwrap();
    let n30 = T::from_f64(30.0).unwrap();
    let n32 = T::from_f64(32.0).unwrap();
    let n36 = T::from_f64(36.0).unwrap();
    let n48 = T::from_f64(48.0).unwrap();

    let [x1, x2] = param.map(|x| n4 * x - n2);

    T::from_f64(1.0 / 2.427).unwrap()
        * (((n1
            + (x1 + x2 + n1).powi(2)
                * (n19 - n14 * (x1 + x2) + n3 * (x1.powi(2) + x2.powi(2)) + n6 * x1 * x2))
            * (n30
                + (n2 * x1 - n3 * x2).powi(2)
                    * (n18 - n32 * x1 + n12 * x1.powi(2) + n48 * x2 - n36 * x1 * x2
                        + n27 * x2.powi(2))))
        .log10()
            - T::from_f64(8.693).unwrap())
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/picheny.rs L79-L214, license MIT OR Apache-2.0  [oracle]
/// Derivative of Picheny test function.
pub fn picheny_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let n1 = T::from_f64(1.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n3 = T::from_f64(3.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n6 = T::from_f64(6.0).unwrap();
    let n8 = T::from_f64(8.0).unwrap();
    let n10 = T::from_f64(10.0).unwrap();
    let n12 = T::from_f64(12.0).unwrap();
    let n14 = T::from_f64(14.0).unwrap();
    let n16 = T::from_f64(16.0).unwrap();
    let n18 = T::from_f64(18.0).unwrap();
    let n19 = T::from_f64(19.0).unwrap();
    let n24 = T::from_f64(24.0).unwrap();
    let n27 = T::from_f64(27.0).unwrap();
    let n30 = T::from_f64(30.0).unwrap();
    let n32 = T::from_f64(32.0).unwrap();
    let n36 = T::from_f64(36.0).unwrap();
    let n48 = T::from_f64(48.0).unwrap();
    let n56 = T::from_f64(56.0).unwrap();
    let n96 = T::from_f64(96.0).unwrap();
    let n128 = T::from_f64(128.0).unwrap();
    let n144 = T::from_f64(144.0).unwrap();
    let n192 = T::from_f64(192.0).unwrap();
    let n216 = T::from_f64(216.0).unwrap();
    let factor = T::from_f64(1.0 / 2.427).unwrap();

    let [x1, x2] = *param;

    let a = (factor
        * ((n8
            * (n4 * x1 + n4 * x2 - n3)
            * (n3 * (n4 * x1 - n2).powi(2) + n6 * (n4 * x2 - n2) * (n4 * x1 - n2)
                - n14 * (n4 * x1 - n2)
                + n3 * (n4 * x2 - n2).powi(2)
                - n14 * (n4 * x2 - n2)
                + n19)
            + (n4 * x1 + n4 * x2 - n3).powi(2)
                * (n24 * (n4 * x1 - n2) + n24 * (n4 * x2 - n2) - n56))
            * ((n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2)).powi(2)
                * (n12 * (n4 * x1 - n2).powi(2)
                    - n36 * (n4 * x2 - n2) * (n4 * x1 - n2)
                    - n32 * (n4 * x1 - n2)
                    + n27 * (n4 * x2 - n2).powi(2)
                    + n48 * (n4 * x2 - n2)
                    + n18)
                + n30)
            + ((n4 * x1 + n4 * x2 - n3).powi(2)
                * (n3 * (n4 * x1 - n2).powi(2) + n6 * (n4 * x2 - n2) * (n4 * x1 - n2)
                    - n14 * (n4 * x1 - n2)
                    + n3 * (n4 * x2 - n2).powi(2)
                    - n14 * (n4 * x2 - n2)
                    + n19)
                + n1)
                * (n16
                    * (n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2))
                    * (n12 * (n4 * x1 - n2).powi(2)
                        - n36 * (n4 * x2 - n2) * (n4 * x1 - n2)
                        - n32 * (n4 * x1 - n2)
                        + n27 * (n4 * x2 - n2).powi(2)
                        + n48 * (n4 * x2 - n2)
                        + n18)
                    + (n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2)).powi(2)
                        * (n96 * (n4 * x1 - n2) - n144 * (n4 * x2 - n2) - n128))))
        / (n10.ln()
            * ((n4 * x1 + n4 * x2 - n3).powi(2)
                * (n3 * (n4 * x1 - n2).powi(2) + n6 * (n4 * x2 - n2) * (n4 * x1 - n2)
                    - n14 * (n4 * x1 - n2)
                    + n3 * (n4 * x2 - n2).powi(2)
                    - n14 * (n4 * x2 - n2)
                    + n19)
                + n1)
            * ((n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2)).powi(2)
                * (n12 * (n4 * x1 - n2).powi(2)
                    - n36 * (n4 * x2 - n2) * (n4 * x1 - n2)
                    - n32 * (n4 * x1 - n2)
                    + n27 * (n4 * x2 - n2).powi(2)
                    + n48 * (n4 * x2 - n2)
                    + n18)
                + n30));

    let b = (factor
        * ((n8
            * (n4 * x2 + n4 * x1 - n3)
            * (n3 * (n4 * x2 - n2).powi(2) + n6 * (n4 * x1 - n2) * (n4 * x2 - n2)
                - n14 * (n4 * x2 - n2)
                + n3 * (n4 * x1 - n2).powi(2)
                - n14 * (n4 * x1 - n2)
                + n19)
            + (n4 * x2 + n4 * x1 - n3).powi(2)
                * (n24 * (n4 * x2 - n2) + n24 * (n4 * x1 - n2) - n56))
            * ((n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2)).powi(2)
                * (n27 * (n4 * x2 - n2).powi(2) - n36 * (n4 * x1 - n2) * (n4 * x2 - n2)
                    + n48 * (n4 * x2 - n2)
                    + n12 * (n4 * x1 - n2).powi(2)
                    - n32 * (n4 * x1 - n2)
                    + n18)
                + n30)
            + ((n4 * x2 + n4 * x1 - n3).powi(2)
                * (n3 * (n4 * x2 - n2).powi(2) + n6 * (n4 * x1 - n2) * (n4 * x2 - n2)
                    - n14 * (n4 * x2 - n2)
                    + n3 * (n4 * x1 - n2).powi(2)
                    - n14 * (n4 * x1 - n2)
                    + n19)
                + n1)
                * ((n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2)).powi(2)
                    * (n216 * (n4 * x2 - n2) - n144 * (n4 * x1 - n2) + n192)
                    - n24
                        * (n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2))
                        * (n27 * (n4 * x2 - n2).powi(2) - n36 * (n4 * x1 - n2) * (n4 * x2 - n2)
                            + n48 * (n4 * x2 - n2)
                            + n12 * (n4 * x1 - n2).powi(2)
                            - n32 * (n4 * x1 - n2)
                            + n18))))
        / (n10.ln()
            * ((n4 * x2 + n4 * x1 - n3).powi(2)
                * (n3 * (n4 * x2 - n2).powi(2) + n6 * (n4 * x1 - n2) * (n4 * x2 - n2)
                    - n14 * (n4 * x2 - n2)
                    + n3 * (n4 * x1 - n2).powi(2)
                    - n14 * (n4 * x1 - n2)
                    + n19)
                + n1)
            * ((n2 * (n4 * x1 - n2) - n3 * (n4 * x2 - n2)).powi(2)
                * (n27 * (n4 * x2 - n2).powi(2) - n36 * (n4 * x1 - n2) * (n4 * x2 - n2)
                    + n48 * (n4 * x2 - n2)
                    + n12 * (n4 * x1 - n2).powi(2)
                    - n32 * (n4 * x1 - n2)
                    + n18)
                + n30));

    [a, b]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/rastrigin.rs L24-L42, license MIT OR Apache-2.0  [target]
/// Rastrigin test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2,\\,\ldots,\\,x_d) = a\cdot d + \sum_{i=1}^{d} \left[ x_i^2 - a\cos(2\pi x_i) \right]
/// $$
///
/// where $x_i \in [-5.12,\\,5.12]$ and $a = 10$.
///
/// The global minimum is at $f(x_1,\\,x_2,\\,\ldots,\\,x_d) = f(0,\\,0,\\,\ldots,\\,0) = 0$.
///
/// See [`rastrigin_a`] for a variant where the parameter `a` can be chosen freely.
#[differentiable]
pub fn rastrigin<T>(param: &[T]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    rastrigin_a(param, T::from_f64(10.0).unwrap())
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/rastrigin.rs L44-L56, license MIT OR Apache-2.0  [target]
/// Rastrigin test function.
///
/// The same as [`rastrigin`]; however, it allows to set the parameter a.
#[differentiable]
pub fn rastrigin_a<T>(param: &[T], a: T) -> T
where
    T: Float + FromPrimitive + Sum,
{
    a * T::from_usize(param.len()).unwrap()
        + param
            .iter()
            .map(|&x| x.powi(2) - a * (T::from_f64(2.0 * PI).unwrap() * x).cos())
            .sum()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/rastrigin.rs L58-L69, license MIT OR Apache-2.0  [oracle]
/// Derivative of Rastrigin test function where the parameter `a` can be chosen freely.
pub fn rastrigin_a_derivative<T>(param: &[T], a: T) -> Vec<T>
where
    T: Float + FromPrimitive + Sum + Into<f64>,
{
    let npi2 = T::from_f64(2.0 * PI).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    param
        .iter()
        .map(|x| n2 * *x + npi2 * a * T::from_f64(f64::sin((npi2 * *x).into())).unwrap())
        .collect()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/rosenbrock.rs L23-L45, license MIT OR Apache-2.0  [target]
/// Multidimensional Rosenbrock test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2,\\,\ldots,\\,x_d) = \sum_{i=1}^{d-1} \left[ (a - x_i)^2 + b(x_{i+1} - x_i^2)^2 \right]
/// $$
///
/// where $x_i \in (-\infty, \infty)$, $a = 1$, and $b = 100$.
///
/// The global minimum is at $f(x_1,\\,x_2,\\,\ldots,\\, x_d) = f(1,\\,1,\\,\ldots,\\,1) = 0$.
///
/// See [`rosenbrock_ab`] for a variant that allows choosing `a` and `b` freely.
#[differentiable]
pub fn rosenbrock<T>(param: &[T]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    rosenbrock_ab(
        param,
        T::from_f64(1.0).unwrap(),
        T::from_f64(100.0).unwrap(),
    )
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/rosenbrock.rs L47-L59, license MIT OR Apache-2.0  [target]
/// Multidimensional Rosenbrock test function.
///
/// Same as [`rosenbrock`] but with free choice of the parameters `a` and `b`.
#[differentiable]
pub fn rosenbrock_ab<T>(param: &[T], a: T, b: T) -> T
where
    T: Float + FromPrimitive + Sum,
{
    param
        .iter()
        .zip(param.iter().skip(1))
        .map(|(&xi, &xi1)| (a - xi).powi(2) + b * (xi1 - xi.powi(2)).powi(2))
        .sum()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/rosenbrock.rs L74-L100, license MIT OR Apache-2.0  [oracle]
/// Derivative of the multidimensional Rosenbrock test function.
///
/// The parameters `a` and `b` can be chosen freely.
pub fn rosenbrock_ab_derivative<T>(param: &[T], a: T, b: T) -> Vec<T>
where
    T: Float + FromPrimitive + AddAssign,
{
    let n0 = T::from_f64(0.0).unwrap();
    let n2 = T::from_f64(2.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();

    let n = param.len();

    let mut result = vec![n0; n];

    for i in 0..(n - 1) {
        let xi = param[i];
        let xi1 = param[i + 1];

        let t1 = -n4 * b * xi * (xi1 - xi.powi(2));
        let t2 = n2 * b * (xi1 - xi.powi(2));

        result[i] += t1 + n2 * (xi - a);
        result[i + 1] += t2;
    }
    result
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/schaffer.rs L35-L58, license MIT OR Apache-2.0  [target]
/// Schaffer test function No. 2.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = 0.5 + \frac{\sin^2(x_1^2 - x_2^2) - 0.5}{\left[1 + 0.001(x_1^2 + x_2^2)\right]^2}
/// $$
///
/// where $x_i \in [-100, 100]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(0,\\,0) = 0$.
#[differentiable]
pub fn schaffer_n2<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n0_001 = T::from_f64(0.001).unwrap();
    let n0_5 = T::from_f64(0.5).unwrap();
    let n1 = T::from_f64(1.0).unwrap();

    n0_5 + ((x1.powi(2) - x2.powi(2)).sin().powi(2) - n0_5)
        / (n1 + n0_001 * (x1.powi(2) + x2.powi(2))).powi(2)
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/schaffer.rs L141-L162, license MIT OR Apache-2.0  [target]
/// Schaffer test function No. 4
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = 0.5 + \frac{\cos^2(\sin(\left|x_1^2 - x_2^2\right|)) - 0.5}{\left[1 + 0.001(x_1^2 + x_2^2)\right]^2}
/// $$
///
/// where $x_i \in [-100, 100]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(0,\\,1.25313) = 0.291992$.
#[differentiable]
pub fn schaffer_n4<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let n05 = T::from_f64(0.5).unwrap();
    let n1 = T::from_f64(1.0).unwrap();
    let n0001 = T::from_f64(0.001).unwrap();
    n05 + ((x1.powi(2) - x2.powi(2)).abs().sin().cos().powi(2) - n05)
        / (n1 + n0001 * (x1.powi(2) + x2.powi(2))).powi(2)
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/schaffer.rs L60-L87, license MIT OR Apache-2.0  [oracle]
/// Derivative of Schaffer test function No. 2
pub fn schaffer_n2_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n0_001 = T::from_f64(0.001).unwrap();
    let n0_004 = T::from_f64(0.004).unwrap();
    let n0_5 = T::from_f64(0.5).unwrap();
    let n1 = T::from_f64(1.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();

    let x1spx2s = x1.powi(2) + x2.powi(2);
    let x1smx2s = x1.powi(2) - x2.powi(2);
    let x2smx1s = x2.powi(2) - x1.powi(2);
    let tmp = n0_001 * x1spx2s + n1;
    let denom2 = tmp.powi(2);
    let denom3 = tmp.powi(3);
    let a = x1smx2s.sin() * x1smx2s.cos();
    let a2 = x2smx1s.sin() * x2smx1s.cos();
    let b = n0_004 * (x1smx2s.sin().powi(2) - n0_5);

    [
        (n4 * x1 * a) / denom2 - (x1 * b) / denom3,
        (n4 * x2 * a2) / denom2 - (x2 * b) / denom3,
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/schaffer.rs L164-L201, license MIT OR Apache-2.0  [oracle]
/// Derivative of Schaffer test function No. 4
pub fn schaffer_n4_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;
    let n0_5 = T::from_f64(0.5).unwrap();
    let n1 = T::from_f64(1.0).unwrap();
    let n0_001 = T::from_f64(0.001).unwrap();
    let n0_004 = T::from_f64(0.004).unwrap();
    let n4 = T::from_f64(4.0).unwrap();

    let x1smx2s = x1.powi(2) - x2.powi(2);
    let x2smx1s = x2.powi(2) - x1.powi(2);
    let x1spx2s = x1.powi(2) + x2.powi(2);
    let x1smx2scos = x1smx2s.cos();
    let x2smx1scos = x2smx1s.cos();
    let x1smx2sabs = x1smx2s.abs();
    let x1smx2sabssin = x1smx2sabs.sin();
    let x2smx1sabssin = x1smx2sabs.sin();
    let x1smx2sabssincos = x1smx2sabssin.cos();
    let x1smx2sabssinsin = x1smx2sabssin.sin();
    let x1smx2sabssincos2 = x1smx2sabssin.cos().powi(2);
    let x2smx1sabssincos = x2smx1sabssin.cos();
    let x2smx1sabssinsin = x2smx1sabssin.sin();
    let x2smx1sabssincos2 = x2smx1sabssin.cos().powi(2);
    let denom_a = (n0_001 * x1spx2s + n1).powi(2);
    let denom_b = (n0_001 * x1spx2s + n1).powi(3);

    [
        -(n4 * x1 * x1smx2s * x1smx2scos * x1smx2sabssincos * x1smx2sabssinsin)
            / (denom_a * x1smx2sabs)
            - (n0_004 * x1 * (x1smx2sabssincos2 - n0_5)) / denom_b,
        -(n4 * x2 * x2smx1s * x2smx1scos * x2smx1sabssincos * x2smx1sabssinsin)
            / (denom_a * x1smx2sabs)
            - (n0_004 * x2 * (x2smx1sabssincos2 - n0_5)) / denom_b,
    ]
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/sphere.rs L23-L39, license MIT OR Apache-2.0  [target]
/// Sphere test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2,\\,\ldots,\\,x_d) = \sum_{i=1}^d x_i^2
/// $$
///
/// where $x_i \in (-\infty, \infty)$ and $d > 0$.
///
/// The global minimum is at $f(x_1,\\,x_2,\\,\ldots,\\,x_d) = f(0,\\,0,\\,\ldots,\\,0) = 0$.
#[differentiable]
pub fn sphere<T>(param: &[T]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    param.iter().map(|x| x.powi(2)).sum()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/sphere.rs L41-L56, license MIT OR Apache-2.0  [oracle]
/// Derivative of sphere test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2,\\,\ldots,\\,x_d) = (2x_1,\\,2x_2,\\,\ldots,\\,2x_d)
/// $$
///
/// where $x_i \in (-\infty, \infty)$ and $d > 0$.
pub fn sphere_derivative<T>(param: &[T]) -> Vec<T>
where
    T: Float + FromPrimitive,
{
    let num2 = T::from_f64(2.0).unwrap();
    param.iter().map(|x| num2 * *x).collect()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/styblinskitang.rs L24-L47, license MIT OR Apache-2.0  [target]
/// Styblinski-Tang test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2,\\,\ldots,\\,x_d) = \frac{1}{2}\sum_{i=1}^{d} \left(x_i^4 - 16x_i^2 + 5x_i\right)
/// $$
///
/// where $x_i \in [-5, 5]$.
///
/// The global minimum is at $f(x_1, x_2, ..., x_d) = f(-2.903534,\\,-2.903534,\\,\ldots,\\,-2.903534) =
/// -39.16616d$.
#[differentiable]
pub fn styblinski_tang<T>(param: &[T]) -> T
where
    T: Float + FromPrimitive + Sum,
{
    T::from_f64(0.5).unwrap()
        * param
            .iter()
            .map(|x| {
                x.powi(4) - T::from_f64(16.0).unwrap() * x.powi(2) + T::from_f64(5.0).unwrap() * *x
            })
            .sum()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/styblinskitang.rs L49-L62, license MIT OR Apache-2.0  [oracle]
/// Derivative of Styblinski-Tang test function.
pub fn styblinski_tang_derivative<T>(param: &[T]) -> Vec<T>
where
    T: Float + FromPrimitive + Sum,
{
    let n2 = T::from_f64(2.0).unwrap();
    let n2_5 = T::from_f64(2.5).unwrap();
    let n16 = T::from_f64(16.0).unwrap();

    param
        .iter()
        .map(|x| n2 * x.powi(3) - n16 * *x + n2_5)
        .collect()
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/threehumpcamel.rs L22-L43, license MIT OR Apache-2.0  [target]
/// Three-hump camel test function.
///
/// Defined as
///
/// $$
/// f(x_1,\\,x_2) = 2x_1^2 - 1.05x_1^4 + \frac{x_1^6}{6} + x_1x_2 + x_2^2
/// $$
///
/// where $x_i \in [-5, 5]$.
///
/// The global minimum is at $f(x_1,\\,x_2) = f(0,\\,0) = 0$.
#[differentiable]
pub fn threehumpcamel<T>(param: &[T; 2]) -> T
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    T::from_f64(2.0).unwrap() * x1.powi(2) - T::from_f64(1.05).unwrap() * x1.powi(4)
        + x1.powi(6) / T::from_f64(6.0).unwrap()
        + x1 * x2
        + x2.powi(2)
}

// from github.com/argmin-rs/argmin@b3002851e70e (crate argmin_testfunctions 0.3.0), crates/argmin-testfunctions/src/threehumpcamel.rs L45-L57, license MIT OR Apache-2.0  [oracle]
/// Derivative of Three-hump camel test function.
pub fn threehumpcamel_derivative<T>(param: &[T; 2]) -> [T; 2]
where
    T: Float + FromPrimitive,
{
    let [x1, x2] = *param;

    let n2 = T::from_f64(2.0).unwrap();
    let n4 = T::from_f64(4.0).unwrap();
    let n4_2 = T::from_f64(4.2).unwrap();

    [x1.powi(5) - n4_2 * x1.powi(3) + n4 * x1 + x2, n2 * x2 + x1]
}

// [checks] Not copied: the checks of the functions above.
#[cfg(test)]
mod checks {
    use super::*;
    use crate::checks::{check_against_derivative, check_every_mode};

    /// Points without special structure, inside each function's usual domain.
    const PLANE: [[f64; 2]; 3] = [[0.37, -1.21], [1.7, 0.45], [-2.3, 2.9]];
    const SPACE: [[f64; 4]; 2] = [[0.37, -1.21, 0.8, 2.2], [-1.4, 0.6, 1.9, -0.3]];

    macro_rules! plane {
        ($($f:ident, $d:ident);+ $(;)?) => {$(
            #[test]
            fn $f() {
                for p in PLANE {
                    check_every_mode!(super::$f::<f64>, [p]);
                    check_against_derivative!(super::$f::<f64>, $d::<f64>, [p]);
                }
            }
        )+};
    }

    plane! {
        beale, beale_derivative;
        booth, booth_derivative;
        cross_in_tray, cross_in_tray_derivative;
        easom, easom_derivative;
        eggholder, eggholder_derivative;
        goldsteinprice, goldsteinprice_derivative;
        himmelblau, himmelblau_derivative;
        holder_table, holder_table_derivative;
        levy_n13, levy_n13_derivative;
        matyas, matyas_derivative;
        mccormick, mccormick_derivative;
        picheny, picheny_derivative;
        schaffer_n2, schaffer_n2_derivative;
        schaffer_n4, schaffer_n4_derivative;
        threehumpcamel, threehumpcamel_derivative;
    }

    /// Bukin N.6 has `|x2 - 0.01 x1²|` and `|x1 + 10|`: away from their kinks.
    #[test]
    fn bukin_n6() {
        for p in [[-9.1, 0.9], [-11.3, 1.2]] {
            check_every_mode!(super::bukin_n6::<f64>, [p]);
            check_against_derivative!(super::bukin_n6::<f64>, bukin_n6_derivative::<f64>, [p]);
        }
    }

    #[test]
    fn slices() {
        for p in SPACE {
            let p = p.to_vec();
            check_every_mode!(|x: &[f64]| ackley(x), [p.clone()]);
            check_every_mode!(|x: &[f64]| levy(x), [p.clone()]);
            check_every_mode!(|x: &[f64]| rastrigin(x), [p.clone()]);
            check_every_mode!(|x: &[f64]| rosenbrock(x), [p.clone()]);
            check_every_mode!(|x: &[f64]| sphere(x), [p.clone()]);
            check_every_mode!(|x: &[f64]| styblinski_tang(x), [p.clone()]);
            let (a, b, c) = (20.0, 0.2, 2.0 * PI);
            check_against_derivative!(
                |x: &[f64]| ackley_abc(x, a, b, c),
                |x: &Vec<f64>| ackley_abc_derivative(x, a, b, c),
                [p.clone()]
            );
            check_against_derivative!(
                |x: &[f64]| levy(x),
                |x: &Vec<f64>| levy_derivative(x),
                [p.clone()]
            );
            check_against_derivative!(
                |x: &[f64]| rastrigin_a(x, 10.0),
                |x: &Vec<f64>| rastrigin_a_derivative(x, 10.0),
                [p.clone()]
            );
            check_against_derivative!(
                |x: &[f64]| rosenbrock_ab(x, 1.0, 100.0),
                |x: &Vec<f64>| rosenbrock_ab_derivative(x, 1.0, 100.0),
                [p.clone()]
            );
            check_against_derivative!(
                |x: &[f64]| sphere(x),
                |x: &Vec<f64>| sphere_derivative(x),
                [p.clone()]
            );
            check_against_derivative!(
                |x: &[f64]| styblinski_tang(x),
                |x: &Vec<f64>| styblinski_tang_derivative(x),
                [p.clone()]
            );
        }
    }

    /// The parameters `a`, `b`, `c` of the generic functions carry derivatives too.
    #[test]
    fn parameters() {
        check_every_mode!(
            |x: &[f64]| ackley_abc(&x[..3], x[3], x[4], x[5]),
            [vec![0.37, -1.21, 0.8, 20.0, 0.2, 2.0 * PI]]
        );
        check_every_mode!(
            |x: &[f64]| rosenbrock_ab(&x[..3], x[3], x[4]),
            [vec![0.37, -1.21, 0.8, 1.0, 100.0]]
        );
    }

    /// At `f32`, the derivatives agree with those at `f64`.
    #[test]
    fn at_f32() {
        let p = [0.37f32, -1.21];
        let g32 = ::ad::gradient!(at: &p, of: beale::<f32>);
        let g64 = ::ad::gradient!(at: &[0.37f64, -1.21], of: beale::<f64>);
        for (a, b) in g32.iter().zip(&g64) {
            assert!(
                ((*a as f64) - b).abs() <= 1e-4 * b.abs().max(1.0),
                "{a} against {b}"
            );
        }
    }
}
