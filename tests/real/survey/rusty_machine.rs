// [survey] Verbatim excerpts from the `rusty-machine` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/AtheMathmo/rusty-machine at commit e7cc57fc5e0f384aeb19169336deb5f66655c76a (crate version 0.5.4).
// [survey] License: MIT. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/rusty_machine-* (copied from LICENSE.md).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: rulinalg (utils::dot, Vector), std::fmt::Debug.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/learning/toolkit/kernel.rs (commented out; shown for context):
// use std::ops::{Add, Mul};
// use linalg::Vector;
// use linalg::norm::{Euclidean, VectorNorm, VectorMetric};
// use rulinalg::utils;

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/activ_fn.rs L13-L27, license MIT  [helper: trait ActivationFunc]
/// Trait for activation functions in models.
pub trait ActivationFunc: Clone + Debug {
    /// The activation function.
    fn func(x: f64) -> f64;

    /// The gradient of the activation function.
    fn func_grad(x: f64) -> f64;

    /// The gradient of the activation function calculated using the output of the function.
    /// Calculates f'(x) given f(x) as an input
    fn func_grad_from_output(y: f64) -> f64;

    /// The inverse of the activation function.
    fn func_inv(x: f64) -> f64;
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/activ_fn.rs L29-L55, license MIT  [struct Sigmoid + impl ActivationFunc for Sigmoid]
/// Sigmoid activation function.
#[derive(Clone, Copy, Debug)]
pub struct Sigmoid;

impl ActivationFunc for Sigmoid {
    /// Sigmoid function.
    ///
    /// Returns 1 / ( 1 + e^-t).
    fn func(x: f64) -> f64 {
        1.0 / (1.0 + (-x).exp())
    }

    /// Gradient of sigmoid function.
    ///
    /// Evaluates to (1 - e^-t) / (1 + e^-t)^2
    fn func_grad(x: f64) -> f64 {
        Self::func(x) * (1f64 - Self::func(x))
    }

    fn func_grad_from_output(y: f64) -> f64 {
        y * (1f64 - y)
    }

    fn func_inv(x: f64) -> f64 {
        (x / (1f64 - x)).ln()
    }
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/activ_fn.rs L101-L122, license MIT  [struct Tanh + impl ActivationFunc for Tanh]
/// Hyperbolic tangent activation function
#[derive(Clone, Copy, Debug)]
pub struct Tanh;

impl ActivationFunc for Tanh {
    fn func(x: f64) -> f64 {
        x.tanh()
    }

    fn func_grad(x: f64) -> f64 {
        let y = x.tanh();
        1.0 - y*y
    }

    fn func_grad_from_output(y: f64) -> f64 {
        1.0 - y*y
    }

    fn func_inv(x: f64) -> f64 {
        0.5*((1.0+x)/(1.0-x)).ln()
    }
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/kernel.rs L11-L19, license MIT  [helper: trait Kernel]
/// The Kernel trait
///
/// Requires a function mapping two vectors to a scalar.
pub trait Kernel {
    /// The kernel function.
    ///
    /// Takes two equal length slices and returns a scalar.
    fn kernel(&self, x1: &[f64], x2: &[f64]) -> f64;
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/kernel.rs L173-L230, license MIT  [struct Polynomial + impl Polynomial + impl Default for Polynomial + impl Kernel for Polynomial]
/// The Polynomial Kernel
///
/// k(x,y) = (αx<sup>T</sup>y + c)<sup>d</sup>
#[derive(Clone, Copy, Debug)]
pub struct Polynomial {
    /// Scaling of the inner product.
    pub alpha: f64,
    /// Constant added to inner product.
    pub c: f64,
    /// The power to raise the sum to.
    pub d: f64,
}

impl Polynomial {
    /// Constructs a new Polynomial Kernel.
    ///
    /// # Examples
    ///
    /// ```
    /// use rusty_machine::learning::toolkit::kernel;
    /// use rusty_machine::learning::toolkit::kernel::Kernel;
    ///
    /// // Constructs a new polynomial with alpha = 1, c = 0, d = 2.
    /// let ker = kernel::Polynomial::new(1.0, 0.0, 2.0);
    ///
    /// println!("{0}", ker.kernel(&[1.,2.,3.], &[3.,4.,5.]));
    /// ```
    pub fn new(alpha: f64, c: f64, d: f64) -> Polynomial {
        Polynomial {
            alpha: alpha,
            c: c,
            d: d,
        }
    }
}

/// Construct a new polynomial kernel.
///
/// The defaults are:
///
/// - alpha = 1
/// - c = 0
/// - d = 1
impl Default for Polynomial {
    fn default() -> Polynomial {
        Polynomial {
            alpha: 1f64,
            c: 0f64,
            d: 1f64,
        }
    }
}

impl Kernel for Polynomial {
    fn kernel(&self, x1: &[f64], x2: &[f64]) -> f64 {
        (self.alpha * utils::dot(x1, x2) + self.c).powf(self.d)
    }
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/kernel.rs L232-L245, license MIT  [helper: struct SquaredExp]
/// Squared exponential kernel
///
/// Equivalently a gaussian function.
///
/// k(x,y) = A _exp_(-||x-y||<sup>2</sup> / 2l<sup>2</sup>)
///
/// Where A is the amplitude and l the length scale.
#[derive(Clone, Copy, Debug)]
pub struct SquaredExp {
    /// The length scale of the kernel.
    pub ls: f64,
    /// The amplitude of the kernel.
    pub ampl: f64,
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/kernel.rs L284-L294, license MIT  [impl Kernel for SquaredExp]
impl Kernel for SquaredExp {
    /// The squared exponential kernel function.
    fn kernel(&self, x1: &[f64], x2: &[f64]) -> f64 {
        assert_eq!(x1.len(), x2.len());

        let diff = Vector::new(x1.to_vec()) - Vector::new(x2.to_vec());

        let x = -diff.dot(&diff) / (2f64 * self.ls * self.ls);
        (self.ampl * x.exp())
    }
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/kernel.rs L358-L367, license MIT  [helper: struct HyperTan]
/// The Hyperbolic Tangent Kernel.
///
/// ker(x,y) = _tanh_(αx<sup>T</sup>y + c)
#[derive(Clone, Copy, Debug)]
pub struct HyperTan {
    /// The scaling of the inner product.
    pub alpha: f64,
    /// The constant to add to the inner product.
    pub c: f64,
}

// from github.com/AtheMathmo/rusty-machine@e7cc57fc5e0f (crate rusty-machine 0.5.4), src/learning/toolkit/kernel.rs L406-L410, license MIT  [impl Kernel for HyperTan]
impl Kernel for HyperTan {
    fn kernel(&self, x1: &[f64], x2: &[f64]) -> f64 {
        (self.alpha * utils::dot(x1, x2) + self.c).tanh()
    }
}
