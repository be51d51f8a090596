// [survey] Verbatim excerpts from the `special` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/stainless-steel/special at commit 7682b5859ea4b44d9fa6b1b0b3ef2eed28350bcc (crate version 0.14.1).
// [survey] License: Apache-2.0 OR MIT. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/special-* (copied from LICENSE.md).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: crate::primitive::Primitive (provides tgamma/lgamma/.. on f32/f64).
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/gamma.rs (commented out; shown for context):
// use crate::primitive::Primitive;

// from github.com/stainless-steel/special@7682b5859ea4 (crate special 0.14.1), src/gamma.rs L5-L69, license Apache-2.0 OR MIT  [helper: trait Gamma]
/// Gamma functions.
pub trait Gamma
where
    Self: Sized,
{
    /// Compute the gamma function.
    fn gamma(self) -> Self;

    /// Compute the real-valued digamma function.
    ///
    /// The formula is as follows:
    ///
    /// ```math
    ///        d ln(Γ(p))
    /// ψ(p) = ----------
    ///            dp
    /// ```
    ///
    /// where Γ is the gamma function. The computation is based on an approximation as described in
    /// the reference below.
    ///
    /// ## Examples
    ///
    /// ```
    /// use special::Gamma;
    ///
    /// const EULER_MASCHERONI: f64 = 0.57721566490153286060651209008240243104215933593992;
    /// assert!((1.0.digamma() + EULER_MASCHERONI).abs() < 1e-15);
    /// ```
    ///
    /// ## References
    ///
    /// 1. M. J. Beal, Variational algorithms for approximate Bayesian
    ///    inference. University of London, 2003, pp. 265–266.
    fn digamma(self) -> Self;

    /// Compute the trigamma function.
    ///
    /// The implementation is based on a [Julia implementation][1].
    ///
    /// [1]: https://github.com/JuliaMath/SpecialFunctions.jl
    fn trigamma(&self) -> Self;

    /// Compute the regularized lower incomplete gamma function.
    ///
    /// The formula is as follows:
    ///
    /// ```math
    ///           γ(x, p)    1   x
    /// P(x, p) = ------- = ---- ∫ t^(p - 1) e^(-t) dt
    ///            Γ(p)     Γ(p) 0
    /// ```
    ///
    /// where γ is the incomplete lower gamma function, and Γ is the complete gamma function.
    ///
    /// The implementation is based on a [C implementation][1] by John Burkardt. The original
    /// algorithm was published in Applied Statistics and is known as [Algorithm AS 239][2].
    ///
    /// [1]: http://people.sc.fsu.edu/~jburkardt/c_src/asa239/asa239.html
    /// [2]: http://www.jstor.org/stable/2347328
    fn inc_gamma(self, p: Self) -> Self;

    /// Compute the natural logarithm of the gamma function.
    fn ln_gamma(self) -> (Self, i32);
}

// from github.com/stainless-steel/special@7682b5859ea4 (crate special 0.14.1), src/gamma.rs L71-L75, license Apache-2.0 OR MIT  [helper: macro evaluate_polynomial]
macro_rules! evaluate_polynomial(
    ($x:expr, $coefficients:expr) => (
        $coefficients.iter().rev().fold(0.0, |sum, &c| $x * sum + c)
    );
);

// from github.com/stainless-steel/special@7682b5859ea4 (crate special 0.14.1), src/gamma.rs L77-L243, license Apache-2.0 OR MIT  [macro_rules! implement { ($kind:ty, $elimit:expr) => { impl Gamma for $kind { .. } } }]
#[rustfmt::skip]
macro_rules! implement { ($kind:ty, $elimit:expr) => { impl Gamma for $kind {
    #[inline]
    fn gamma(self) -> Self {
        self.tgamma()
    }

    fn digamma(self) -> Self {
        let p = self;
        if p <= 8.0 {
            return (p + 1.0).digamma() - p.recip();
        }
        let q = p.recip();
        let q2 = q * q;
        p.ln()
            - 0.5 * q
            - q2 * evaluate_polynomial!(
                q2,
                [
                    1.0 / 12.0,
                    -1.0 / 120.0,
                    1.0 / 252.0,
                    -1.0 / 240.0,
                    5.0 / 660.0,
                    -691.0 / 32760.0,
                    1.0 / 12.0,
                    -3617.0 / 8160.0,
                ]
            )
    }

    fn trigamma(&self) -> Self {
        let mut x: $kind = *self;
        if x <= 0.0 {
            return (<$kind>::PI * (<$kind>::PI * x).sin().recip()).powi(2)
                - (1.0 - x).trigamma();
        }

        let mut psi: $kind = 0.0;
        if x < 8.0 {
            let n = (8.0 - x.floor()) as usize;
            psi += x.recip().powi(2);
            for v in 1..n {
                psi += (x + (v as $kind)).recip().powi(2);
            }
            x += n as $kind;
        }
        let t = x.recip();
        let w = t * t;
        psi += t + 0.5 * w;
        psi + t
            * w
            * evaluate_polynomial!(
                w,
                [
                    0.16666666666666666,
                    -0.03333333333333333,
                    0.023809523809523808,
                    -0.03333333333333333,
                    0.07575757575757576,
                    -0.2531135531135531,
                    1.1666666666666667,
                    -7.092156862745098,
                ]
            )
    }

    fn inc_gamma(self, p: Self) -> Self {
        const OFLO: $kind = 1e+37;
        const TOL: $kind = 1e-14;
        const XBIG: $kind = 1e+08;

        let elimit: $kind = $elimit;

        let x = self;
        debug_assert!(x >= 0.0 && p > 0.0);

        if x == 0.0 {
            return 0.0;
        }

        // For `p ≥ 1000`, the original algorithm uses an approximation shown below. However, it
        // introduces a substantial accuracy loss.
        //
        // ```
        // use std::f64::consts::FRAC_1_SQRT_2;
        //
        // const PLIMIT: f64 = 1000.0;
        //
        // if PLIMIT < p {
        //     let pn1 = 3.0 * p.sqrt() * ((x / p).powf(1.0 / 3.0) + 1.0 / (9.0 * p) - 1.0);
        //     return 0.5 * (1.0 + (FRAC_1_SQRT_2 * pn1).error());
        // }
        // ```

        if XBIG < x {
            return 1.0;
        }

        if x <= 1.0 || x < p {
            let mut arg = p * x.ln() - x - (p + 1.0).ln_gamma().0;
            let mut value = 1.0;
            let mut a = p;
            let mut c = 1.0;

            loop {
                a += 1.0;
                c *= x / a;
                value += c;
                if c <= TOL {
                    break;
                }
            }
            arg += value.ln();

            return if elimit <= arg { arg.exp() } else { 0.0 };
        }

        let mut arg = p * x.ln() - x - p.ln_gamma().0;
        let mut a = 1.0 - p;
        let mut b = a + x + 1.0;
        let mut c = 0.0;
        let mut pn1 = 1.0;
        let mut pn2 = x;
        let mut pn3 = x + 1.0;
        let mut pn4 = x * b;
        let mut value = pn3 / pn4;

        loop {
            a += 1.0;
            b += 2.0;
            c += 1.0;
            let an = a * c;
            let pn5 = b * pn3 - an * pn1;
            let pn6 = b * pn4 - an * pn2;
            if pn6 != 0.0 {
                let rn = pn5 / pn6;
                if (value - rn).abs() <= TOL.min(TOL * rn) {
                    break;
                }
                value = rn;
            }
            pn1 = pn3;
            pn2 = pn4;
            pn3 = pn5;
            pn4 = pn6;
            if OFLO <= pn5.abs() {
                pn1 /= OFLO;
                pn2 /= OFLO;
                pn3 /= OFLO;
                pn4 /= OFLO;
            }
        }
        arg += value.ln();

        if elimit <= arg {
            1.0 - arg.exp()
        } else {
            1.0
        }
    }

    #[inline]
    fn ln_gamma(self) -> (Self, i32) {
        self.lgamma()
    }
}}}

// from github.com/stainless-steel/special@7682b5859ea4 (crate special 0.14.1), src/gamma.rs L245-L246, license Apache-2.0 OR MIT  [implement! invocations]
implement!(f32, -88.0);
implement!(f64, f64::MIN_POSITIVE.ln());
