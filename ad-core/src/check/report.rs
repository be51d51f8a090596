//! What a gradient check returns: [`GradientCheck`] when every comparison passes,
//! [`GradientCheckError`] with the worst one otherwise.

use std::fmt;

/// One input component: a float of one argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Position of the argument, from 0.
    pub argument: usize,
    /// The argument as written in the call (`"x"`, `"&w"`).
    pub name: String,
    /// Position of the component in the argument's tangent, in the order of
    /// [`Basis`](crate::basis::Basis): row-major for arrays, fields in declaration order for
    /// structs, elements in order for tuples and `Vec`s.
    pub index: usize,
    /// Number of components of the argument's tangent.
    pub len: usize,
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 1 {
            write!(f, "`{}`", self.name)
        } else {
            write!(f, "`{}`[{}]", self.name, self.index)
        }
    }
}

/// What a passing check compared.
#[derive(Clone, Debug, PartialEq)]
pub struct GradientCheck {
    /// The function checked, as written in the call.
    pub function: String,
    /// Input components: the floats of the differentiated arguments.
    pub inputs: usize,
    /// Components of the result.
    pub outputs: usize,
    /// Random directions in which the three derivatives were compared.
    pub directions: usize,
    /// Input components compared one at a time.
    pub components: usize,
    /// Random directions in which the Hessian was compared with differences of the gradient
    /// (0 unless the check was asked for `second_order`).
    pub hessian_directions: usize,
    /// The largest error seen, as a fraction of its tolerance (at most 1).
    pub worst: f64,
    /// The relative step of the central differences.
    pub step: f64,
    /// The seed of the random directions.
    pub seed: u64,
}

impl fmt::Display for GradientCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let components = if self.components == self.inputs {
            "every component on its own".to_string()
        } else {
            format!("{} of them on their own", self.components)
        };
        write!(
            f,
            "`{}`: reverse mode, forward mode and central differences agree at {} input and {} \
             output component(s), in {} random direction(s) and {components}; the largest error \
             is {:.1e} of its tolerance (seed {:#x})",
            self.function, self.inputs, self.outputs, self.directions, self.worst, self.seed
        )?;
        if self.hessian_directions > 0 {
            write!(
                f,
                "; the Hessian agrees with differences of the gradient in {} random direction(s)",
                self.hessian_directions
            )?;
        }
        Ok(())
    }
}

/// Which comparison failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Forward and reverse mode disagree: `<u, J v> ≠ <Jᵀ u, v>`.
    ModesDisagree,
    /// Forward mode (and reverse mode, which agrees with it) disagrees with central
    /// differences of the function.
    DifferencesDisagree,
    /// A value, derivative or difference is NaN or infinite.
    NotFinite,
    /// Nothing can be compared: no argument carries a tangent (all are constants), or the
    /// result has no components.
    NothingToCheck,
    /// The Hessian from `hessian!` (second-order forward mode) disagrees with central
    /// differences of the gradient (`second_order` checks only).
    HessianDisagrees,
    /// The pullback's cotangent of an argument (or the Hessian) has another number of
    /// components than the argument's tangent.
    ShapeMismatch {
        /// The cotangent's number of components.
        cotangent: usize,
        /// The tangent's number of components.
        tangent: usize,
    },
}

/// Why a check failed: the worst comparison, with the three values compared.
///
/// For a failure at an input component, `reverse`, `forward` and `differences` are that
/// component of the gradient (`∂f/∂x_i`) by reverse mode (the pullback), forward mode (the
/// differential) and central differences of the function; for a vector-valued function,
/// weighted by a random cotangent `u` of the result (`<u, ∂f/∂x_i>`). For a failure only seen
/// in a random direction `v` (`component` is `None`), they are `<Jᵀ u, v>`, `<u, J v>` and the
/// difference quotient along `v`.
///
/// For [`Failure::HessianDisagrees`], the values are component `i` of `H v` for a random
/// direction `v`: `forward` by `hessian!` (second-order forward mode), `reverse` and
/// `differences` by central differences of the gradient along `v`, with the gradient by reverse
/// mode and by forward mode respectively.
#[derive(Clone, PartialEq)]
pub struct GradientCheckError {
    /// The function checked, as written in the call.
    pub function: String,
    /// Which comparison failed.
    pub failure: Failure,
    /// The worst input component, where the failure shows in one.
    pub component: Option<Component>,
    /// The random direction that failed, when no single component does.
    pub direction: Option<usize>,
    /// The derivative by reverse mode.
    pub reverse: f64,
    /// The derivative by forward mode.
    pub forward: f64,
    /// The derivative by central differences of the function.
    pub differences: f64,
    /// The tolerance of the failed comparison, on the same scale as the values.
    pub tolerance: f64,
    /// Components of the result (more than 1: the values are weighted by a random cotangent).
    pub outputs: usize,
    /// The seed of the random directions.
    pub seed: u64,
}

impl GradientCheckError {
    /// An error without compared values (nothing to compare, mismatched shapes).
    pub(crate) fn without_values(
        function: &str,
        failure: Failure,
        component: Option<Component>,
        outputs: usize,
        seed: u64,
    ) -> Self {
        GradientCheckError {
            function: function.to_string(),
            failure,
            component,
            direction: None,
            reverse: f64::NAN,
            forward: f64::NAN,
            differences: f64::NAN,
            tolerance: f64::NAN,
            outputs,
            seed,
        }
    }

    /// Where the failure is, for the first line of the message.
    fn place(&self) -> String {
        match (&self.component, self.direction) {
            (Some(c), _) => format!("at {c} (argument {})", c.argument + 1),
            (None, Some(d)) => format!(
                "in random direction {d} (no component fails on its own: the error shows only \
                 in a combination of them)"
            ),
            (None, None) => "at the point".to_string(),
        }
    }

    /// The three values and the tolerance, one per line.
    fn values(&self, f: &mut fmt::Formatter<'_>, error: f64) -> fmt::Result {
        let weighted = if self.outputs > 1 {
            format!(
                ", each weighted by a random cotangent of the result's {} components",
                self.outputs
            )
        } else {
            String::new()
        };
        writeln!(f)?;
        writeln!(f, "  reverse mode:        {}", Number(self.reverse))?;
        writeln!(f, "  forward mode:        {}", Number(self.forward))?;
        writeln!(f, "  central differences: {}", Number(self.differences))?;
        write!(
            f,
            "  tolerance:           {:.2e} (error {:.2e}{weighted}; seed {:#x})",
            self.tolerance, error, self.seed
        )
    }
}

/// A number as it reads best: plainly in the usual range, in scientific notation outside it.
struct Number(f64);

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let magnitude = self.0.abs();
        if magnitude == 0.0 || (1e-4..1e7).contains(&magnitude) || !magnitude.is_finite() {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{:e}", self.0)
        }
    }
}

impl fmt::Display for GradientCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: ", self.function)?;
        let place = self.place();
        match &self.failure {
            Failure::ModesDisagree => {
                write!(f, "forward and reverse mode disagree {place}")?;
                self.values(f, (self.forward - self.reverse).abs())?;
                let close = |a: f64| (a - self.differences).abs() <= self.tolerance;
                let hint = match (close(self.reverse), close(self.forward)) {
                    (true, false) => {
                        "reverse mode agrees with central differences: forward mode is wrong"
                    }
                    (false, true) => {
                        "forward mode agrees with central differences: reverse mode is wrong"
                    }
                    _ => "neither agrees with central differences",
                };
                write!(
                    f,
                    "\n{hint} (a derivative registered in one mode gives the other; \
                     `#[differentiable(dump)]` prints the generated code)"
                )
            }
            Failure::DifferencesDisagree => {
                write!(
                    f,
                    "the derivative disagrees with central differences of the function {place}"
                )?;
                self.values(f, (self.forward - self.differences).abs())?;
                write!(
                    f,
                    "\nforward and reverse mode agree with each other, so a derivative rule or \
                     registration both use is wrong, or the function is not differentiable near \
                     this point"
                )
            }
            Failure::HessianDisagrees => {
                let direction = self.direction.unwrap_or(0);
                let component = match &self.component {
                    Some(c) => c.to_string(),
                    None => "a component".to_string(),
                };
                writeln!(
                    f,
                    "the Hessian disagrees with differences of the gradient at its component \
                     {component}, along random direction {direction}:"
                )?;
                writeln!(
                    f,
                    "  hessian! (second-order forward mode):  {}",
                    Number(self.forward)
                )?;
                writeln!(
                    f,
                    "  differences of reverse-mode gradients: {}",
                    Number(self.reverse)
                )?;
                writeln!(
                    f,
                    "  differences of forward-mode gradients: {}",
                    Number(self.differences)
                )?;
                write!(
                    f,
                    "  tolerance:                             {:.2e} (seed {:#x})\nthe \
                     second-order rules (`ad_std::second`) of something the function calls \
                     disagree with its first-order ones",
                    self.tolerance, self.seed
                )
            }
            Failure::NotFinite => {
                write!(f, "a value or derivative is not finite {place}")?;
                self.values(f, f64::NAN)?;
                write!(
                    f,
                    "\nchoose a point where the function and its derivative are finite"
                )
            }
            Failure::NothingToCheck => write!(
                f,
                "nothing to check: no argument carries a tangent (all are constants), or the \
                 result has no components"
            ),
            Failure::ShapeMismatch { cotangent, tangent } => {
                let argument = match &self.component {
                    Some(c) => format!("argument {} `{}`", c.argument + 1, c.name),
                    None => "an argument".to_string(),
                };
                write!(
                    f,
                    "the pullback gives {argument} a cotangent of {cotangent} component(s), but \
                     its tangent has {tangent}: a pullback returns a cotangent shaped like its \
                     argument"
                )
            }
        }
    }
}

// The message itself: `result.unwrap()` and `{:?}` in an assertion print it readably.
impl fmt::Debug for GradientCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for GradientCheckError {}
