//! The macros of `ad`: attribute and function-like macros that differentiate Rust source.
//!
//! Entry points only; each hands its input to the compiler in `ad-compiler` (lower -> verify
//! -> activity -> vjp -> emit), which works on `proc_macro2` tokens so that it can be tested
//! and benchmarked outside a macro. Users reach these macros through the `ad` crate's
//! prelude, which documents them.
#![forbid(unsafe_code)]

use ad_compiler::{ForwardOperator, Operator};
use proc_macro::TokenStream;

/// Makes a function differentiable: `#[differentiable]`, `#[differentiable(wrt = x)]`,
/// `#[differentiable(wrt = (x, y))]`, `#[differentiable(dump)]`.
///
/// The function is kept unchanged; its reverse-, forward- and second-order forward derivatives
/// are emitted beside it (a hidden module `f` with `f::vjp`, `f::forward` and `f::second` for
/// a free function, hidden associated functions for a method),
/// where calls from other differentiable functions and the operators find it. Without `wrt`,
/// every parameter whose type can carry a derivative is differentiated (not integers, `bool`,
/// `char`, strings). On an `impl` block, every function of the block is differentiable: use
/// that for associated functions that mention neither `self` nor `Self`. `dump` prints the IR
/// with activity and the generated code while compiling.
///
/// ```
/// use ad::prelude::*;
///
/// #[differentiable(wrt = x)]
/// fn g(x: f64, n: i32) -> f64 { x.powi(n) }
///
/// assert_eq!(gradient!(at: 2.0, of: |x: f64| g(x, 3)), 12.0);
/// ```
#[proc_macro_attribute]
pub fn differentiable(args: TokenStream, item: TokenStream) -> TokenStream {
    ad_compiler::differentiable(args.into(), item.into()).into()
}

/// Registers a hand-written derivative of `f`: `#[derivative(of = f)]` for reverse mode,
/// `#[derivative(of = f, forward)]` for forward mode, with optional `wrt = ..`. The mode not
/// registered is derived from the other (one pullback call per component of the result, or
/// one differential call per component of each parameter); `#[derivative(of = f, forward =
/// g)]` on a reverse registration names the forward one `g` too.
///
/// The registration takes the parameters of `f` and returns `(value, pullback)`, where the
/// pullback maps the result's cotangent to one cotangent per differentiated parameter (bare
/// for one, a tuple in parameter order for several). `of` may name a function of another
/// module or crate (retroactive registration: import the function and the registration under
/// the same name), or `Self::m` / `Type::m` for a method, registered inside an `impl` block. A
/// forward registration returns `(value, differential)`, the differential taking one tangent
/// per differentiated parameter and returning the result's tangent.
///
/// ```
/// use ad::prelude::*;
///
/// fn f(x: f64, y: f64) -> f64 { x * y.sin() }
///
/// #[derivative(of = f)]
/// fn f_vjp(x: f64, y: f64) -> (f64, impl Fn(f64) -> (f64, f64)) {
///     (f(x, y), move |dz| (dz * y.sin(), dz * x * y.cos()))
/// }
///
/// fn g(x: f64) -> f64 { x * x * x }
///
/// #[derivative(of = g, forward)]
/// fn g_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
///     (g(x), move |dx| 3.0 * x * x * dx)
/// }
///
/// fn main() {
///     let (dx, dy) = gradient!(at: 2.0, 0.5, of: f);
///     assert_eq!((dx, dy), (0.5f64.sin(), 2.0 * 0.5f64.cos()));
///     assert_eq!(differentiate!(at: 2.0, of: g), 12.0);
/// }
/// ```
#[proc_macro_attribute]
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    ad_compiler::derivative(args.into(), item.into()).into()
}

/// Makes a struct differentiable: synthesizes `<Name>TangentVector` (same field names and
/// visibility, generic like the struct, deriving `Clone`, `Debug`, `PartialEq`) and implements
/// `Differentiable` for the struct and `TangentVector` for its tangent. Fields marked
/// `#[no_derivative]`, and integer, `bool`, `char` and string fields, are left out.
#[proc_macro_derive(Differentiable, attributes(no_derivative))]
pub fn derive_differentiable(input: TokenStream) -> TokenStream {
    ad_compiler::derive_differentiable(input.into()).into()
}

/// The gradient of a function returning `f32` or `f64`: `gradient!(at: x, of: f)` gives `dx`,
/// `gradient!(at: x, y, of: f)` gives `(dx, dy)`. `of` is a path or a closure literal.
///
/// ```
/// use ad::prelude::*;
///
/// assert_eq!(gradient!(at: 4.0, of: |x| x * x * x), 48.0);
/// ```
#[proc_macro]
pub fn gradient(input: TokenStream) -> TokenStream {
    ad_compiler::operator(Operator::Gradient, input.into()).into()
}

/// `(value, gradient)` of a function returning `f32` or `f64`, in one evaluation:
/// `let (v, (dx, dy)) = value_with_gradient!(at: x, y, of: f);`.
#[proc_macro]
pub fn value_with_gradient(input: TokenStream) -> TokenStream {
    ad_compiler::operator(Operator::ValueWithGradient, input.into()).into()
}

/// `(value, pullback)`: the pullback maps a cotangent of the result to the inputs' cotangents
/// (bare for one input, a tuple for several) and can be called many times.
/// `let (v, pb) = value_with_pullback!(at: 2.0, of: cubed); pb(1.0)`.
#[proc_macro]
pub fn value_with_pullback(input: TokenStream) -> TokenStream {
    ad_compiler::operator(Operator::ValueWithPullback, input.into()).into()
}

/// The pullback alone: `pullback!(at: x, of: f)(dy)` gives `dx`; see
/// [`value_with_pullback!`].
#[proc_macro]
pub fn pullback(input: TokenStream) -> TokenStream {
    ad_compiler::operator(Operator::Pullback, input.into()).into()
}

/// The derivative by forward mode of a function of one `f32` or `f64` argument:
/// `differentiate!(at: x, of: f)` gives `df/dx` (for a function with a non-scalar result,
/// the tangent of the result). `of` is a path or a closure literal.
///
/// ```
/// use ad::prelude::*;
///
/// assert_eq!(differentiate!(at: 0.5, of: |x: f64| x.sin()), 0.5f64.cos());
/// ```
#[proc_macro]
pub fn differentiate(input: TokenStream) -> TokenStream {
    ad_compiler::forward_operator(ForwardOperator::Differentiate, input.into()).into()
}

/// `(value, differential)` by forward mode: the differential maps one tangent per argument
/// to the tangent of the result, and can be called many times (each call runs the function
/// with its tangent again).
///
/// ```
/// use ad::prelude::*;
///
/// let (v, d) = value_with_differential!(at: 1.0, 2.0, of: |x: f64, y: f64| x * y);
/// assert_eq!((v, d(1.0, 0.0)), (2.0, 2.0));
/// ```
#[proc_macro]
pub fn value_with_differential(input: TokenStream) -> TokenStream {
    ad_compiler::forward_operator(ForwardOperator::ValueWithDifferential, input.into()).into()
}

/// The Jacobian matrix of a function from `Vec<f64>`, `[f64; N]` or `Array1<f64>` to the same
/// kinds, as an `ndarray::Array2<f64>` (rows: outputs, columns: inputs). Forward mode (one
/// pass per input) when there are fewer inputs than outputs, reverse mode (one pullback call
/// per output) otherwise.
#[proc_macro]
pub fn jacobian(input: TokenStream) -> TokenStream {
    ad_compiler::forward_operator(ForwardOperator::Jacobian, input.into()).into()
}

/// A function with its derivatives, to pass to a differentiable function that takes a
/// parameter `f: &F` with `F: ad::DifferentiableFn<A, Output = R>` and calls `f.call(x)`:
/// `function!(|x: f64| x.sin())` (one typed parameter; captured variables are constants) or
/// `function!(my_function)` for a `#[differentiable]` function or one with a registered
/// derivative. Make the value outside the differentiated code and pass it in (a
/// differentiable body does not expand `function!`).
///
/// ```
/// use ad::prelude::*;
///
/// /// The midpoint rule with 100 panels.
/// #[differentiable]
/// fn integrate<F: DifferentiableFn<f64, Output = f64>>(f: &F, a: f64, b: f64) -> f64 {
///     let h = (b - a) / 100.0;
///     let mut total = 0.0;
///     for i in 0..100 {
///         total += f.call(a + (i as f64 + 0.5) * h);
///     }
///     total * h
/// }
///
/// fn main() {
///     // d/db of the integral of sin from a to b is sin(b); d/da is -sin(a).
///     let sine = function!(|x: f64| x.sin());
///     let (da, db) = gradient!(at: 0.0, 1.0, of: |a, b| integrate(&sine, a, b));
///     assert!(da.abs() < 1e-4 && (db - 1f64.sin()).abs() < 1e-4);
/// }
/// ```
#[proc_macro]
pub fn function(input: TokenStream) -> TokenStream {
    ad_compiler::function_value(input.into()).into()
}

/// The Hessian of a function returning `f32` or `f64`, exact (second-order forward mode, not
/// finite differences): `f64` for an `f32`/`f64` argument, an `ndarray::Array2<f64>` for a
/// `Vec<f64>`, `[f64; N]`, slice or `Array1<f64>`. One second-order pass per entry of the upper
/// triangle.
///
/// ```
/// use ad::prelude::*;
///
/// assert_eq!(hessian!(at: 2.0, of: |x: f64| x * x * x), 12.0);
/// ```
#[proc_macro]
pub fn hessian(input: TokenStream) -> TokenStream {
    ad_compiler::forward_operator(ForwardOperator::Hessian, input.into()).into()
}
