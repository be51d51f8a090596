// [survey] Verbatim excerpts from the `roots` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/vorot/roots at commit 2809d56ae1773b6b21a4204c0576af5263134f5c (crate version 0.0.8).
// [survey] License: BSD-2-Clause. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/roots-* (copied from LICENSE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: crate::FloatType (own float trait with From<i16>), crate::Roots.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/float.rs L34-L69, license BSD-2-Clause  [helper: trait FloatType]
/// Generic type that lists functions and constants needed in calculations.
/// Default implementations for f32 and f64 are provided.
pub trait FloatType:
    Sized
    + Copy
    + Debug
    + From<i16>
    + PartialEq
    + PartialOrd
    + Neg<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
{
    fn zero() -> Self;
    fn one() -> Self;
    fn one_third() -> Self;
    fn pi() -> Self;
    fn two_third_pi() -> Self;
    fn sqrt(self) -> Self;
    /// The cubic root function is pow(x, 1/3) accepting negative arguments
    fn cbrt(self) -> Self {
        if self < Self::zero() {
            -(-self).powf(Self::one_third())
        } else {
            self.powf(Self::one_third())
        }
    }
    fn atan(self) -> Self;
    fn acos(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn abs(self) -> Self;
    fn powf(self, n: Self) -> Self;
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/float.rs L115-L157, license BSD-2-Clause  [impl FloatType for f64]
impl FloatType for f64 {
    #[inline]
    fn zero() -> Self {
        0f64
    }
    #[inline]
    fn one_third() -> Self {
        1f64 / 3f64
    }
    #[inline]
    fn one() -> Self {
        1f64
    }
    #[inline]
    fn two_third_pi() -> Self {
        2f64 * f64::consts::FRAC_PI_3
    }
    #[inline]
    fn pi() -> Self {
        f64::consts::PI
    }
    fn sqrt(self) -> Self {
        self.sqrt()
    }
    fn atan(self) -> Self {
        self.atan()
    }
    fn acos(self) -> Self {
        self.acos()
    }
    fn sin(self) -> Self {
        self.sin()
    }
    fn cos(self) -> Self {
        self.cos()
    }
    fn abs(self) -> Self {
        self.abs()
    }
    fn powf(self, n: Self) -> Self {
        self.powf(n)
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/analytical/roots.rs L27-L40, license BSD-2-Clause  [helper: enum Roots]
/// Sorted and unique list of roots of an equation.
#[derive(Debug, PartialEq)]
pub enum Roots<F: FloatType> {
    /// Equation has no roots
    No([F; 0]),
    /// Equation has one root (or all roots of the equation are the same)
    One([F; 1]),
    /// Equation has two roots
    Two([F; 2]),
    /// Equation has three roots
    Three([F; 3]),
    /// Equation has four roots
    Four([F; 4]),
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/analytical/roots.rs L42-L52, license BSD-2-Clause  [impl AsRef<[F]> for Roots<F>]
impl<F: FloatType> AsRef<[F]> for Roots<F> {
    fn as_ref(&self) -> &[F] {
        match self {
            &Roots::No(ref x) => x,
            &Roots::One(ref x) => x,
            &Roots::Two(ref x) => x,
            &Roots::Three(ref x) => x,
            &Roots::Four(ref x) => x,
        }
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/analytical/roots.rs L54-L100, license BSD-2-Clause  [impl<F: FloatType> Roots<F>]
impl<F: FloatType> Roots<F> {
    fn check_new_root(&self, new_root: F) -> (bool, usize) {
        let mut pos = 0;
        let mut exists = false;

        for x in self.as_ref().iter() {
            if *x == new_root {
                exists = true;
                break;
            }
            if *x > new_root {
                break;
            }
            pos = pos + 1;
        }

        (exists, pos)
    }

    /// Add a new root to existing ones keeping the list of roots ordered and unique.
    pub fn add_new_root(self, new_root: F) -> Self {
        match self {
            Roots::No(_) => Roots::One([new_root]),
            _ => {
                let (exists, pos) = self.check_new_root(new_root);

                if exists {
                    self
                } else {
                    let old_roots = self.as_ref();
                    match (old_roots.len(), pos) {
                        (1, 0) => Roots::Two([new_root, old_roots[0]]),
                        (1, 1) => Roots::Two([old_roots[0], new_root]),
                        (2, 0) => Roots::Three([new_root, old_roots[0], old_roots[1]]),
                        (2, 1) => Roots::Three([old_roots[0], new_root, old_roots[1]]),
                        (2, 2) => Roots::Three([old_roots[0], old_roots[1], new_root]),
                        (3, 0) => Roots::Four([new_root, old_roots[0], old_roots[1], old_roots[2]]),
                        (3, 1) => Roots::Four([old_roots[0], new_root, old_roots[1], old_roots[2]]),
                        (3, 2) => Roots::Four([old_roots[0], old_roots[1], new_root, old_roots[2]]),
                        (3, 3) => Roots::Four([old_roots[0], old_roots[1], old_roots[2], new_root]),
                        _ => panic!("Cannot add root"),
                    }
                }
            }
        }
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/analytical/linear.rs L28-L58, license BSD-2-Clause  [target]
/// Solves a linear equation a1*x + a0 = 0.
///
/// # Examples
///
/// ```
/// use roots::Roots;
/// use roots::find_roots_linear;
///
/// // Returns Roots::No([]) as '0*x + 1 = 0' has no roots;
/// let no_root = find_roots_linear(0f32, 1f32);
/// assert_eq!(no_root, Roots::No([]));
///
/// // Returns Roots::Two([0f64]) as '1*x + 0 = 0' has the root 0
/// let root = find_roots_linear(1f64, 0f64);
/// assert_eq!(root, Roots::One([0f64]));
///
/// // Returns Roots::One([0f32]) as 0 is one of roots of '0*x + 0 = 0'
/// let zero_root = find_roots_linear(0f32, 0f32);
/// assert_eq!(zero_root, Roots::One([0f32]));
/// ```
pub fn find_roots_linear<F: FloatType>(a1: F, a0: F) -> Roots<F> {
    if a1 == F::zero() {
        if a0 == F::zero() {
            Roots::One([F::zero()])
        } else {
            Roots::No([])
        }
    } else {
        Roots::One([-a0 / a1])
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/analytical/quadratic.rs L28-L98, license BSD-2-Clause  [target]
/// Solves a quadratic equation a2*x^2 + a1*x + a0 = 0.
///
/// In case two roots are present, the first returned root is less than the second one.
///
/// # Examples
///
/// ```
/// use roots::Roots;
/// use roots::find_roots_quadratic;
///
/// let no_roots = find_roots_quadratic(1f32, 0f32, 1f32);
/// // Returns Roots::No([]) as 'x^2 + 1 = 0' has no roots
///
/// let one_root = find_roots_quadratic(1f64, 0f64, 0f64);
/// // Returns Roots::One([0f64]) as 'x^2 = 0' has one root 0
///
/// let two_roots = find_roots_quadratic(1f32, 0f32, -1f32);
/// // Returns Roots::Two([-1f32,1f32]) as 'x^2 - 1 = 0' has roots -1 and 1
/// ```
pub fn find_roots_quadratic<F: FloatType>(a2: F, a1: F, a0: F) -> Roots<F> {
    // Handle non-standard cases
    if a2 == F::zero() {
        // a2 = 0; a1*x+a0=0; solve linear equation
        super::linear::find_roots_linear(a1, a0)
    } else {
        let _2 = F::from(2i16);
        let _4 = F::from(4i16);

        // Rust lacks a simple way to convert an integer constant to generic type F
        let discriminant = a1 * a1 - _4 * a2 * a0;
        if discriminant < F::zero() {
            Roots::No([])
        } else {
            let a2x2 = _2 * a2;
            if discriminant == F::zero() {
                Roots::One([-a1 / a2x2])
            } else {
                // To improve precision, do not use the smallest divisor.
                // See https://people.csail.mit.edu/bkph/articles/Quadratics.pdf
                let sq = discriminant.sqrt();

                let (same_sign, diff_sign) = if a1 < F::zero() {
                    (-a1 + sq, -a1 - sq)
                } else {
                    (-a1 - sq, -a1 + sq)
                };

                let (x1, x2) = if same_sign.abs() > a2x2.abs() {
                    let a0x2 = _2 * a0;
                    if diff_sign.abs() > a2x2.abs() {
                        // 2*a2 is the smallest divisor, do not use it
                        (a0x2 / same_sign, a0x2 / diff_sign)
                    } else {
                        // diff_sign is the smallest divisor, do not use it
                        (a0x2 / same_sign, same_sign / a2x2)
                    }
                } else {
                    // 2*a2 is the greatest divisor, use it
                    (diff_sign / a2x2, same_sign / a2x2)
                };

                // Order roots
                if x1 < x2 {
                    Roots::Two([x1, x2])
                } else {
                    Roots::Two([x2, x1])
                }
            }
        }
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/analytical/cubic_depressed.rs L28-L79, license BSD-2-Clause  [target]
/// Solves a depressed cubic equation x^3 + a1*x + a0 = 0.
///
/// In case more than one roots are present, they are returned in the increasing order.
///
/// # Examples
///
/// ```
/// use roots::find_roots_cubic_depressed;
///
/// let one_root = find_roots_cubic_depressed(0f64, 0f64);
/// // Returns Roots::One([0f64]) as 'x^3 = 0' has one root 0
///
/// let three_roots = find_roots_cubic_depressed(-1f32, 0f32);
/// // Returns Roots::Three([-1f32, -0f32, 1f32]) as 'x^3 - x = 0' has roots -1, 0, and 1
/// ```
pub fn find_roots_cubic_depressed<F: FloatType>(a1: F, a0: F) -> Roots<F> {
    let _2 = F::from(2i16);
    let _3 = F::from(3i16);
    let _4 = F::from(4i16);
    let _9 = F::from(9i16);
    let _18 = F::from(18i16);
    let _27 = F::from(27i16);
    let _54 = F::from(54i16);

    if a1 == F::zero() {
        Roots::One([-a0.cbrt()])
    } else if a0 == F::zero() {
        super::quadratic::find_roots_quadratic(F::one(), F::zero(), a1).add_new_root(F::zero())
    } else {
        let d = a0 * a0 / _4 + a1 * a1 * a1 / _27;
        if d < F::zero() {
            // n*a0^2 + m*a1^3 < 0 => a1 < 0
            let a = (-_4 * a1 / _3).sqrt();

            let phi = (-_4 * a0 / (a * a * a)).acos() / _3;
            Roots::One([a * phi.cos()])
                .add_new_root(a * (phi + F::two_third_pi()).cos())
                .add_new_root(a * (phi - F::two_third_pi()).cos())
        } else {
            let sqrt_d = d.sqrt();
            let a0_div_2 = a0 / _2;
            let x1 = (sqrt_d - a0_div_2).cbrt() - (sqrt_d + a0_div_2).cbrt();
            if d == F::zero() {
                // one real root and one double root
                Roots::One([x1]).add_new_root(a0_div_2)
            } else {
                // one real root
                Roots::One([x1])
            }
        }
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/numerical/mod.rs L101-L110, license BSD-2-Clause  [helper: enum SearchError]
/// Possible errors
#[derive(Debug, PartialEq, Copy, Clone)]
pub enum SearchError {
    /// The algorithm could not converge within the given number of iterations
    NoConvergency,
    /// Initial values do not bracket zero
    NoBracketing,
    /// The algorithm cannot continue from the point where the derivative is zero
    ZeroDerivative,
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/numerical/mod.rs L131-L140, license BSD-2-Clause  [helper: trait Convergency]
/// The way to check if the algorithm has finished by either finding a root
/// or reaching the iteration limit.
pub trait Convergency<F: FloatType> {
    /// Return true if the given Y value is close enough to the zero
    fn is_root_found(&mut self, y: F) -> bool;
    /// Return true if given x values are close enough to each other
    fn is_converged(&mut self, x1: F, x2: F) -> bool;
    /// Return true if no more iterations desired
    fn is_iteration_limit_reached(&mut self, iter: usize) -> bool;
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/numerical/mod.rs L142-L155, license BSD-2-Clause  [impl<F: FloatType> Convergency<F> for F]
impl<F: FloatType> Convergency<F> for F {
    /// Return true if the given Y value is close enough to the zero
    fn is_root_found(&mut self, y: F) -> bool {
        y.abs() < self.abs()
    }
    /// Return true if given x values are close enough to each other
    fn is_converged(&mut self, x1: F, x2: F) -> bool {
        (x1 - x2).abs() < self.abs()
    }
    /// Return true if no more iterations desired
    fn is_iteration_limit_reached(&mut self, iter: usize) -> bool {
        iter >= 30
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/numerical/brent.rs L15-L22, license BSD-2-Clause  [helper]
/// Arrange two points so that the greatest value is first
fn arrange<F: FloatType>(a: F, ya: F, b: F, yb: F) -> (F, F, F, F) {
    if ya.abs() > yb.abs() {
        (a, ya, b, yb)
    } else {
        (b, yb, a, ya)
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/numerical/brent.rs L24-L135, license BSD-2-Clause  [target]
/// Find a root of the function f(x) = 0 using the Brent method.
///
/// Pro
///
/// + Fast
/// + Robust
/// + No need for derivative function
///
/// Contra
///
/// - Complicated
/// - Needs initial bracketing
///
/// # Failures
/// ## NoBracketing
/// Initial values do not bracket the root.
/// ## NoConvergency
/// Algorithm cannot find a root within the given number of iterations.
/// # Examples
///
/// ```
/// use roots::SimpleConvergency;
/// use roots::find_root_brent;
///
/// let f = |x| { 1f64*x*x - 1f64 };
/// let mut convergency = SimpleConvergency { eps:1e-15f64, max_iter:30 };
///
/// let root1 = find_root_brent(10f64, 0f64, &f, &mut convergency);
/// // Returns approximately Ok(1);
///
/// let root2 = find_root_brent(-10f64, 0f64, &f, &mut 1e-15f64);
/// // Returns approximately Ok(-1);
/// ```
pub fn find_root_brent<F, Func>(a: F, b: F, mut f: Func, convergency: &mut dyn Convergency<F>) -> Result<F, SearchError>
where
    F: FloatType,
    Func: FnMut(F) -> F,
{
    let (mut a, mut ya, mut b, mut yb) = arrange(a, f(a), b, f(b));
    if ya * yb > F::zero() {
        return Err(SearchError::NoBracketing);
    }

    let (mut c, mut yc, mut d) = (a, ya, a);
    let mut flag = true;

    let _2 = F::from(2i16);
    let _3 = F::from(3i16);
    let _4 = F::from(4i16);

    let mut iter = 0;
    loop {
        if convergency.is_root_found(ya) {
            return Ok(a);
        }
        if convergency.is_root_found(yb) {
            return Ok(b);
        }
        if convergency.is_converged(a, b) {
            return Ok(c);
        }
        let mut s = if (ya != yc) && (yb != yc) {
            a * yb * yc / ((ya - yb) * (ya - yc)) + b * ya * yc / ((yb - ya) * (yb - yc)) + c * ya * yb / ((yc - ya) * (yc - yb))
        } else {
            b - yb * (b - a) / (yb - ya)
        };

        let cond1 = (s - b) * (s - (_3 * a + b) / _4) > F::zero();
        let cond2 = flag && (s - b).abs() >= (b - c).abs() / _2;
        let cond3 = !flag && (s - b).abs() >= (c - d).abs() / _2;
        let cond4 = flag && convergency.is_converged(b, c);
        let cond5 = !flag && convergency.is_converged(c, d);

        if cond1 || cond2 || cond3 || cond4 || cond5 {
            s = (a + b) / _2;
            flag = true;
        } else {
            flag = false;
        }

        let ys = f(s);
        d = c;
        c = b;
        yc = yb;
        if ya * ys < F::zero() {
            // Root bracketed between a ans s
            match arrange(a, f(a), s, ys) {
                (_a, _ya, _b, _yb) => {
                    a = _a;
                    ya = _ya;
                    b = _b;
                    yb = _yb;
                }
            }
        } else {
            // Root bracketed between s ans b
            match arrange(s, ys, b, f(b)) {
                (_a, _ya, _b, _yb) => {
                    a = _a;
                    ya = _ya;
                    b = _b;
                    yb = _yb;
                }
            }
        }

        iter = iter + 1;
        if convergency.is_iteration_limit_reached(iter) {
            return Err(SearchError::NoConvergency);
        }
    }
}

// from github.com/vorot/roots@2809d56ae177 (crate roots 0.0.8), src/numerical/newton_raphson.rs L29-L107, license BSD-2-Clause  [target]
/// Find a root of the function f(x) = 0 using the Newton-Raphson method.
///
/// Pro
///
/// + Simple
/// + Fast convergency for well-behaved functions
/// + No need for initial bracketing
///
/// Contra
///
/// - Needs derivative function
/// - Impossible to predict which root will be found when many roots exist
/// - Unstable convergency for non-trivial functions
/// - Cannot continue when derivative is zero
///
/// # Failures
/// ## ZeroDerivative
/// The stationary point of the function is encountered. Algorithm cannot continue.
/// ## NoConvergency
/// Algorithm cannot find a root within the given number of iterations.
/// # Examples
/// ```
/// use roots::SimpleConvergency;
/// use roots::find_root_newton_raphson;
///
/// let f = |x| { 1f64*x*x - 1f64 };
/// let d = |x| { 2f64*x };
/// let mut convergency = SimpleConvergency { eps:1e-15f64, max_iter:30 };
///
/// let root1 = find_root_newton_raphson(10f64, &f, &d, &mut convergency);
/// // Returns approximately Ok(1);
///
/// let root2 = find_root_newton_raphson(-10f64, &f, &d, &mut 1e-15f64);
/// // Returns approximately Ok(-1);
/// ```
pub fn find_root_newton_raphson<F, Func, Deriv>(
    start: F,
    mut f: Func,
    mut d: Deriv,
    convergency: &mut dyn Convergency<F>,
) -> Result<F, SearchError>
where
    F: FloatType,
    Func: FnMut(F) -> F,
    Deriv: FnMut(F) -> F,
{
    let mut x = start;

    let mut iter = 0;
    loop {
        let f = f(x);
        let d = d(x);
        if convergency.is_root_found(f) {
            return Ok(x);
        }
        // Derivative is 0; try to correct the bad starting point
        if convergency.is_root_found(d) {
            if iter == 0 {
                x = x + F::one();
                iter = iter + 1;
                continue;
            } else {
                return Err(SearchError::ZeroDerivative);
            }
        }

        let x1 = x - f / d;
        if convergency.is_converged(x, x1) {
            return Ok(x1);
        }

        x = x1;
        iter = iter + 1;

        if convergency.is_iteration_limit_reached(iter) {
            return Err(SearchError::NoConvergency);
        }
    }
}
