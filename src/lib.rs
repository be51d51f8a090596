//! # ad: automatic differentiation of ordinary Rust code
//!
//! Put `#[differentiable]` on a plain Rust function and ask for its derivative:
//!
//! ```
//! use ad::prelude::*;
//!
//! #[differentiable]
//! fn cubed(x: f64) -> f64 {
//!     x * x * x
//! }
//!
//! fn main() {
//!     assert_eq!(gradient!(at: 4.0, of: cubed), 48.0);
//!     let (value, dx) = value_with_gradient!(at: 2.0, of: |x: f64| x.sin() * x);
//!     assert_eq!(value, 2.0f64.sin() * 2.0);
//!     assert!((dx - (2.0f64.cos() * 2.0 + 2.0f64.sin())).abs() < 1e-12);
//! }
//! ```
//!
//! (Differentiable functions are module items: the hidden companion that holds a
//! function's derivative cannot see local items of another function's body.)
//!
//! The attribute is a compiler: it lowers the body into an SSA form, finds which values carry
//! derivatives (activity analysis), and emits derivative code beside the function, reverse
//! mode (value plus pullback) and forward mode (value plus tangent, in one pass), which rustc
//! and LLVM optimise like hand-written code. There is no tape and no runtime graph.
//!
//! ## Marking functions
//!
//! - `#[differentiable]` differentiates with respect to every parameter whose type can carry
//!   a derivative (not integers, `bool`, `char`, strings); `#[differentiable(wrt = x)]` or
//!   `wrt = (x, y)` chooses. The function itself is unchanged.
//! - On a method or associated function that uses `self` or `Self`, the attribute goes on the
//!   function; on an associated function that does neither, put `#[differentiable]` on its
//!   `impl` block (a macro cannot tell such a function from a free one).
//! - `#[derivative(of = f)]` registers a hand-written derivative of `f`, which may live in
//!   another module or another crate (see [`derivative`]); `#[derivative(of = f, forward)]` a
//!   forward-mode one. Each mode is derived from the other when only one is registered.
//!
//! ## Operators
//!
//! Reverse mode: [`gradient!`], [`value_with_gradient!`], [`value_with_pullback!`] and
//! [`pullback!`]. Forward mode: [`differentiate!`], [`value_with_differential!`],
//! [`jacobian!`], which picks the mode that needs fewer passes, and [`hessian!`] (exact, by
//! second-order forward mode). All take `at:` (the arguments,
//! as one would pass them) and `of:` (a path or a closure literal).
//!
//! ```
//! use ad::prelude::*;
//!
//! #[differentiable]
//! fn f(x: f64, y: f64) -> f64 {
//!     x.sin() * y
//! }
//!
//! fn main() {
//!     assert_eq!(differentiate!(at: 0.5, of: |x: f64| f(x, 2.0)), 0.5f64.cos() * 2.0);
//!     let (value, differential) = value_with_differential!(at: 0.5, 2.0, of: f);
//!     assert_eq!((value, differential(0.0, 1.0)), (f(0.5, 2.0), 0.5f64.sin()));
//! }
//! ```
//!
//! ## Checking derivatives
//!
//! [`check_gradient!`] compares reverse mode, forward mode and central differences of a
//! function at a point, in seeded random directions, and returns what it compared or an error
//! naming the worst input component (see [`check`]): use it on your own `#[derivative]`
//! registrations.
//!
//! ```
//! use ad::prelude::*;
//!
//! fn cube(x: f64) -> f64 {
//!     x * x * x
//! }
//!
//! #[derivative(of = cube)]
//! fn cube_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
//!     (cube(x), move |d| 3.0 * x * d) // wrong: should be 3x²
//! }
//!
//! fn main() {
//!     assert!(check_gradient!(at: 1.5, of: |x: f64| x.sin() * x).is_ok());
//!     assert!(check_gradient!(at: 1.5, of: |x: f64| cube(x) + x).is_err());
//! }
//! ```
//!
//! ## Optional integrations
//!
//! Cargo features of `ad`, off by default: `nalgebra` (nalgebra 0.34, re-exported as
//! `ad::nalgebra`: its vectors and matrices are differentiable, with the derivatives of their
//! operators and common methods) and `argmin` (argmin 0.11: `ad::argmin::Problem` turns a
//! differentiable function into an argmin problem with `ad`'s gradient and Hessian).
//!
//! ## What the compiler accepts so far
//!
//! Straight-line code (`let`, tuple patterns, mutable locals, compound assignment, arithmetic,
//! casts, float methods, calls, tuples, references), control flow (`if`, `match`, `&&`, `||`,
//! `while`, `loop`, `for` over ranges and over slices and `Vec`s, `break`, `continue`,
//! labelled exits, `return` anywhere, recursion), indexing and vectors changed in place,
//! structs (`#[derive(Differentiable)]`, fields, methods, operator impls) and generic code
//! over `T: Float`, in both modes. The [guide] has a page for each topic, and
//! [`guide::supported`] lists the details and what is still rejected; everything rejected
//! gives a compile error that names it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate self as ad;

pub use ad_core::basis;
pub use ad_core::function::DifferentiableFn;
pub use ad_core::tape::{idle_tape_bytes, release_tape_memory};
pub use ad_core::{Differentiable, NoTangent, ResultTangentVector, Tangent, TangentVector};
/// argmin's solvers fed by `ad`'s derivatives (the `argmin` feature).
#[cfg(feature = "argmin")]
pub mod argmin;
pub use ad_macros::{
    Differentiable, derivative, differentiable, differentiate, function, gradient, hessian,
    jacobian, pullback, value_with_differential, value_with_gradient, value_with_pullback,
};
pub mod check;
mod check_macros;
pub mod guide {
    #![doc = include_str!("guide.md")]
    #[doc = include_str!("guide/modes.md")]
    pub mod modes {}
    #[doc = include_str!("guide/structs_and_traits.md")]
    pub mod structs_and_traits {}
    #[doc = include_str!("guide/loops_and_iterators.md")]
    pub mod loops_and_iterators {}
    #[doc = include_str!("guide/closures.md")]
    pub mod closures {}
    #[doc = include_str!("guide/arrays.md")]
    pub mod arrays {}
    #[doc = include_str!("guide/nalgebra.md")]
    pub mod nalgebra {}
    #[doc = include_str!("guide/argmin.md")]
    pub mod argmin {}
    #[doc = include_str!("guide/registering.md")]
    pub mod registering {}
    #[doc = include_str!("guide/checking.md")]
    pub mod checking {}
    #[doc = include_str!("guide/errors.md")]
    pub mod errors {}
    #[doc = include_str!("guide/generated_code.md")]
    pub mod generated_code {}
    #[doc = include_str!("guide/performance.md")]
    pub mod performance {}
    #[doc = include_str!("guide/supported.md")]
    pub mod supported {}
}
pub mod ndarray;
/// nalgebra 0.34, with the `nalgebra` feature: the version whose matrices and vectors `ad`
/// differentiates (`Differentiable` for every owned matrix of `f32`/`f64`, and the rules of
/// their operators and common methods, see `ad_std::matrix`).
#[cfg(feature = "nalgebra")]
pub use nalgebra;
pub use num_traits;

// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

/// Returns `x` unchanged and stops derivatives flowing through it: inside a
/// `#[differentiable]` body, `no_grad(x)` is a constant.
#[inline(always)]
pub fn no_grad<T>(x: T) -> T {
    x
}

/// What `use ad::prelude::*;` brings: the macros (the operators and [`check_gradient!`]), the
/// traits and [`no_grad`].
pub mod prelude {
    pub use crate::{
        Differentiable, DifferentiableFn, TangentVector, check_gradient, derivative,
        differentiable, differentiate, function, gradient, hessian, jacobian, no_grad, pullback,
        value_with_differential, value_with_gradient, value_with_pullback,
    };
}

/// The runtime that generated code calls. Not a public API: it changes without notice.
#[doc(hidden)]
pub mod __private {
    /// ndarray with the companions of its free functions, for calls that name them through
    /// `ndarray` itself.
    pub use crate::ndarray;
    /// An axis of an ndarray array, for loops over subarrays (`m.outer_iter()`).
    pub use ::ndarray::Axis;
    pub use ad_core::UnwrapTangent;
    pub use ad_core::accumulate::{accumulate, add_into, zero};
    pub use ad_core::basis::{Basis, DerivedMode, assemble};
    pub use ad_core::capturing::companion as capturing;
    pub use ad_core::capturing::{capture_code, capturing};
    pub use ad_core::cotangent::Cotangent;
    pub use ad_core::field::{FieldTangent, field, field_key, from_field, without_field};
    pub use ad_core::forward::{
        Absent, MaybeTangent, Present, SecondTangent, argument_seed, same_type_zero, scaled_by,
        second_or_zero, tangent_or_zero, tangent_witness, unshaped_zero, with_second_tangent,
    };
    pub use ad_core::function::{DifferentiableFn, Function};
    pub use ad_core::hessian::hessian;
    pub use ad_core::hessian::{HessianArgument, ScalarResult};
    pub use ad_core::index::{
        IndexAdjoint, IndexPullback, IndexShape, Written, accumulate_at, add_at, element,
        fixed_length, sum_elements, take_at_nd, take_at2, take_last, take_written,
    };
    pub use ad_core::jacobian::{
        JacobianLayout, jacobian, layouts as jacobian_layouts,
        uses_forward_mode as jacobian_uses_forward_mode,
    };
    pub use ad_core::nested::{NestedArgument, NestedCotangent, nested_pullback};
    pub use ad_core::output_hint::{output_of, same_output, stand_in, unreachable_value};
    pub use ad_core::positions::{CountedRange, Position};
    pub use ad_core::prefix::{LengthOf, OtherPadding, Pad, SequencePadding};
    pub use ad_core::query::{Query, discrete_query, discrete_rounding};
    pub use ad_core::seed::{scalar_gradient, seed};
    pub use ad_core::slices::{collected, into_array};
    pub use ad_core::tape::FloatTape;
    pub use ad_core::trait_method::TraitMethodRule;
    pub use ad_core::tupled::{TupledCall, TupledCotangent, TupledForward, TupledSecond};
    pub use ad_core::{Differentiable, NoTangent, Operand, Tangent, TangentVector};
    pub use ad_std::array::{
        ArrayMapv, ArrayMath, ArrayReductions, ArraySumAxis, DotRule, WrtArgs, WrtSelf,
    };
    /// `T::from_f64(x).unwrap()` and the like, and their derivatives.
    pub use ad_std::convert::{convert, float_from, float_into};
    pub use ad_std::float::FloatMethods;
    pub use ad_std::float::slopes::FloatSlopes;
    pub use ad_std::forward::FloatForward;
    pub use ad_std::method_rules;
    pub use ad_std::ops::{AddRule, CastRule, DivRule, MulRule, NegRule, RemRule, SubRule};
    pub use ad_std::permute::{select_nth_permutation, sort_permutation};
    pub use ad_std::real::Real;
    pub use ad_std::second::{FloatSecond, NoSecondOrderRule, missing_second_order};

    /// Implemented by no type: the bound of the guard that stands for a `&mut self` method's
    /// VJP under the name differentiable callers look up, so that such a call fails with
    /// this message (see `ad-compiler`'s `emit::mut_self`).
    #[diagnostic::on_unimplemented(
        message = "differentiable code can call a `&mut self` method only as a statement `x.method(..);`, of a method without a result",
        label = "this method takes `&mut self`",
        note = "move the result into a field of `self`, differentiate the method on its own with `gradient!(at: &mut x, .., of: Type::method)`, or write it as `fn method(self, ..) -> (R, Self)`"
    )]
    pub trait MutSelfMethod {}
    /// Operator rules on operands of one type (see `ad_std::same_type`).
    pub use ad_std::same_type as ops;
}
