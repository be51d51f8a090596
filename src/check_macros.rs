//! `check_gradient!`: the derivatives of a function checked against each other and against
//! central differences (the runtime is `ad::check`).
//!
//! A `macro_rules!` macro over the operators: it keeps an owned copy of the arguments, takes
//! the value and pullback (`value_with_pullback!`) and the differential
//! (`value_with_differential!`) there, and evaluates the function at moved copies through
//! `value_with_differential!` too, which calls a path as written and computes a closure
//! literal's value. So it accepts exactly the arguments and functions the operators accept,
//! with the same typing of closure parameters.

/// Checks the derivatives of a function at a point: reverse mode against forward mode with the
/// identity `<u, J v> = <Jᵀ u, v>`, and forward mode against central differences of the
/// function, in seeded random directions and along single input components, with tolerances
/// scaled to the inputs and to the values compared.
///
/// `check_gradient!(at: x, of: f)`, `check_gradient!(at: x, y, of: f)` and
/// `check_gradient!(at: x, of: f, with: options)` take the arguments and the function as
/// `gradient!` does: a path or a closure literal; arguments by value or by reference (`&w`),
/// of any differentiable type (floats, `Vec`s, arrays, ndarray arrays, tuples, derived structs);
/// integers and parameters outside `wrt` are constants. The result may be a float, or a `Vec`,
/// array, ndarray array or tuple of floats (a vector-valued function is checked through a random
/// cotangent of its result). `with:` takes an [`ad::check::Options`](crate::check::Options) or
/// a reference to one.
///
/// It returns `Ok(`[`GradientCheck`](crate::check::GradientCheck)`)`, what was compared, or
/// `Err(`[`GradientCheckError`](crate::check::GradientCheckError)`)`, whose `Display` and
/// `Debug` name the worst input component, the derivative there by reverse mode, forward mode
/// and central differences, and the tolerance. A wrong `#[derivative(of = f)]` registration is
/// caught whether `f` is the registered function or code that calls it: both modes then agree
/// with each other, but not with the differences.
///
/// ```
/// use ad::prelude::*;
///
/// #[differentiable]
/// fn f(x: f64, w: &[f64]) -> f64 {
///     x.sin() * w[0] + (x * w[1]).exp()
/// }
///
/// fn logistic(x: f64) -> f64 {
///     1.0 / (1.0 + (-x).exp())
/// }
///
/// #[derivative(of = logistic)]
/// fn logistic_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
///     let s = logistic(x);
///     (s, move |ds| ds * s)                 // wrong: should be `ds * s * (1.0 - s)`
/// }
///
/// fn main() {
///     let report = check_gradient!(at: 0.3, &vec![2.0, -0.5], of: f);
///     assert!(report.is_ok(), "{:?}", report.err());
///
///     let error = check_gradient!(at: 0.5, of: |x: f64| 2.0 * logistic(x)).unwrap_err();
///     assert!(error.to_string().contains("central differences"));
///     println!("{error}");
/// }
/// ```
///
/// `check_gradient!(at: x, of: f, second_order)` (with `with:` too, in either order) also
/// compares the Hessian from `hessian!` (second-order forward mode) with central differences
/// of the gradient, by reverse and by forward mode, in random directions; for the functions
/// `hessian!` takes (one `f32`, `f64`, `Vec<f64>`, `[f64; N]`, slice or `Array1<f64>`
/// argument, a scalar result, no registered derivative inside).
///
/// ```
/// use ad::prelude::*;
///
/// #[differentiable]
/// fn rosenbrock(p: &[f64]) -> f64 {
///     (1.0 - p[0]).powi(2) + 100.0 * (p[1] - p[0] * p[0]).powi(2)
/// }
///
/// fn main() {
///     let options = ad::check::Options { directions: 5, ..Default::default() };
///     let report = check_gradient!(at: &vec![1.2, 0.7], of: rosenbrock, second_order, with: &options);
///     assert_eq!(report.unwrap().hessian_directions, 5);
/// }
/// ```
///
/// Choose a point without special structure: a wrong rule often agrees with the right one at
/// 0 or 1 (`σ(-x)` for `σ(x)` at 0). Not checked: `&mut` arguments (inout methods; check a
/// function that returns the new state); arguments whose type is not differentiable (a
/// configuration struct: capture it in a closure, `of: |w| loss(w, &config)`); a variable that
/// holds a reference (`at: r` with `r: &[f64]`: write `at: &r[..]` or `at: &*r`, so that the
/// check can keep an owned copy to move).
#[macro_export]
macro_rules! check_gradient {
    (at: $($rest:tt)+) => {
        $crate::__check_gradient!(
            @args []
            [__ad_check0 __ad_check1 __ad_check2 __ad_check3 __ad_check4 __ad_check5
             __ad_check6 __ad_check7 __ad_check8 __ad_check9 __ad_check10 __ad_check11]
            $($rest)+
        )
    };
    ($($other:tt)*) => {
        ::core::compile_error!(
            "`check_gradient!` takes `at: <arguments>, of: <function>`, as `gradient!` does: \
             `check_gradient!(at: x, y, of: f)`"
        )
    };
}

/// The steps of [`check_gradient!`]: `@args` reads the arguments one at a time, naming each
/// and noting how to copy it (`owned`) and how to pass the copy (`pass`); `@options` reads what
/// follows `of:`; `@expand` writes the check, and `@second` the second-order one. Not a public
/// API.
#[doc(hidden)]
#[macro_export]
macro_rules! __check_gradient {
    (@args [] [$($names:ident)*] of: $($rest:tt)*) => {
        ::core::compile_error!(
            "`check_gradient!` needs at least one argument: `check_gradient!(at: x, of: f)`"
        )
    };
    (@args [$($args:tt)+] [$($names:ident)*] of: $f:expr $(, $($options:tt)*)?) => {
        $crate::__check_gradient!(@options [$($args)+] ($f) [] $($($options)*)?)
    };
    (@args [$($args:tt)*] [$($names:ident)*] of: $($rest:tt)*) => {
        ::core::compile_error!(
            "`of:` takes a path to a differentiable function or a closure literal: `of: f` or \
             `of: |x| x * x`"
        )
    };
    (@args [$($args:tt)*] [$name:ident $($names:ident)*] &mut $arg:expr, $($rest:tt)+) => {
        ::core::compile_error!(
            "`check_gradient!` does not check `&mut` arguments (inout methods): check a \
             function that takes the state by value or by reference and returns the new one"
        )
    };
    // A reference: keep an owned copy (`&xs[..]` gives a `Vec`), pass a reference to it.
    (@args [$($args:tt)*] [$name:ident $($names:ident)*] & $arg:expr, $($rest:tt)+) => {
        $crate::__check_gradient!(
            @args [$($args)* ($name
                (::std::borrow::ToOwned::to_owned(&$arg))
                // A reference the operators see as one: they pass it on uncopied, where the
                // function's parameter type coerces it (`&Vec<f64>` to `&[f64]`).
                (&*$name)
                (::core::concat!("&", ::core::stringify!($arg))))]
            [$($names)*] $($rest)+
        )
    };
    // A literal: an unsuffixed float is an `f64`, as in the operators.
    (@args [$($args:tt)*] [$name:ident $($names:ident)*] $arg:literal, $($rest:tt)+) => {
        $crate::__check_gradient!(
            @args [$($args)* ($name
                (<$crate::check::Literal<{
                    $crate::check::is_unsuffixed_float(::core::stringify!($arg))
                }> as $crate::check::TypeLiteral<_>>::typed($arg))
                (::core::clone::Clone::clone($name))
                (::core::stringify!($arg)))]
            [$($names)*] $($rest)+
        )
    };
    (@args [$($args:tt)*] [$name:ident $($names:ident)*] $arg:expr, $($rest:tt)+) => {
        $crate::__check_gradient!(
            @args [$($args)* ($name
                ($arg)
                (::core::clone::Clone::clone($name))
                (::core::stringify!($arg)))]
            [$($names)*] $($rest)+
        )
    };
    (@args [$($args:tt)*] [] $($rest:tt)*) => {
        ::core::compile_error!("`check_gradient!` checks functions of at most 12 arguments")
    };
    (@args [$($args:tt)*] [$($names:ident)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "expected `, of: <function>` after the arguments: `check_gradient!(at: x, y, of: f)`"
        )
    };

    // After `of:`: `with: <options>` and `second_order`, in either order, each at most once.
    (@options $args:tt $f:tt [$($seen:tt)*] with: $options:expr $(, $($rest:tt)*)?) => {
        $crate::__check_gradient!(@options $args $f [$($seen)* (with $options)] $($($rest)*)?)
    };
    (@options $args:tt $f:tt [$($seen:tt)*] second_order $(, $($rest:tt)*)?) => {
        $crate::__check_gradient!(@options $args $f [$($seen)* (second_order)] $($($rest)*)?)
    };
    (@options $args:tt $f:tt []) => {
        $crate::__check_gradient!(
            @expand $args $f (<$crate::check::Options as ::core::default::Default>::default())
            first
        )
    };
    (@options $args:tt $f:tt [(with $options:expr)]) => {
        $crate::__check_gradient!(
            @expand $args $f
            // An `Options` or a reference to one.
            ($options)
            first
        )
    };
    (@options $args:tt $f:tt [(second_order)]) => {
        $crate::__check_gradient!(
            @expand $args $f (<$crate::check::Options as ::core::default::Default>::default())
            second
        )
    };
    (@options $args:tt $f:tt [(with $options:expr) (second_order)]) => {
        $crate::__check_gradient!(
            @expand $args $f
            ($options)
            second
        )
    };
    (@options $args:tt $f:tt [(second_order) (with $options:expr)]) => {
        $crate::__check_gradient!(@options $args $f [(with $options) (second_order)])
    };
    (@options $args:tt $f:tt [$($seen:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "after `of: <function>`, `check_gradient!` takes `with: <options>` and \
             `second_order`, each once: `check_gradient!(at: x, of: f, second_order, with: \
             ad::check::Options { directions: 8, ..Default::default() })`"
        )
    };

    // One argument: the pullback gives its cotangent bare, the differential takes it bare.
    (@expand [($name:ident ($owned:expr) ($pass:expr) ($label:expr))] ($f:expr) ($options:expr) $order:ident) => {{
        #[allow(unused_imports)]
        use $crate::check::{ProbeBasis as _, ProbeOther as _};
        let __ad_check_point = ($owned,);
        let ($name,) = &__ad_check_point;
        let __ad_check_given = $options;
        // An `Options` or a reference to one.
        let __ad_check_options: &$crate::check::Options =
            ::core::borrow::Borrow::borrow(&__ad_check_given);
        let __ad_check_names = $crate::check::Names {
            function: ::core::stringify!($f),
            arguments: &[$label],
        };
        let (__ad_check_value, __ad_check_pullback) =
            $crate::value_with_pullback!(at: $pass, of: $f);
        let (_, __ad_check_differential) = $crate::value_with_differential!(at: $pass, of: $f);
        // After the operators, whose parameter types decide a float variable's type.
        let __ad_check_magnitudes = [(&$crate::check::Probe($name)).magnitudes()];
        let __ad_check_first = $crate::check::run(
            &__ad_check_point,
            &__ad_check_names,
            &__ad_check_magnitudes,
            &__ad_check_value,
            |__ad_check_u| (__ad_check_pullback(__ad_check_u),),
            |($name,)| __ad_check_differential($name),
            |__ad_check_at, __ad_check_slots| {
                let ($name,) = __ad_check_at;
                let (__ad_check_value, __ad_check_differential) =
                    $crate::value_with_differential!(at: $pass, of: $f);
                // Never runs: fixes the types of the differential's parameters.
                if false {
                    let ($name,) = ::core::clone::Clone::clone(__ad_check_slots);
                    let _ = __ad_check_differential($name);
                }
                __ad_check_value
            },
            __ad_check_options,
        );
        $crate::__check_gradient!(
            @$order (__ad_check_first __ad_check_point __ad_check_names __ad_check_magnitudes
                __ad_check_value __ad_check_options) $name ($pass) ($f)
        )
    }};
    (@expand [$(($name:ident ($owned:expr) ($pass:expr) ($label:expr)))+] ($f:expr) ($options:expr) second) => {
        ::core::compile_error!(
            "`second_order` checks a function of one argument, as `hessian!` takes: check the \
             others as constants, `check_gradient!(at: x, of: |x| f(x, y), second_order)`"
        )
    };
    (@expand [$(($name:ident ($owned:expr) ($pass:expr) ($label:expr)))+] ($f:expr) ($options:expr) first) => {{
        #[allow(unused_imports)]
        use $crate::check::{ProbeBasis as _, ProbeOther as _};
        let __ad_check_point = ($($owned,)+);
        let ($($name,)+) = &__ad_check_point;
        let __ad_check_given = $options;
        // An `Options` or a reference to one.
        let __ad_check_options: &$crate::check::Options =
            ::core::borrow::Borrow::borrow(&__ad_check_given);
        let (__ad_check_value, __ad_check_pullback) =
            $crate::value_with_pullback!(at: $($pass),+, of: $f);
        let (_, __ad_check_differential) =
            $crate::value_with_differential!(at: $($pass),+, of: $f);
        // After the operators, whose parameter types decide a float variable's type.
        let __ad_check_magnitudes = [$((&$crate::check::Probe($name)).magnitudes()),+];
        $crate::check::run(
            &__ad_check_point,
            &$crate::check::Names {
                function: ::core::stringify!($f),
                arguments: &[$($label),+],
            },
            &__ad_check_magnitudes,
            &__ad_check_value,
            |__ad_check_u| __ad_check_pullback(__ad_check_u),
            |($($name,)+)| __ad_check_differential($($name),+),
            |__ad_check_at, __ad_check_slots| {
                let ($($name,)+) = __ad_check_at;
                let (__ad_check_value, __ad_check_differential) =
                    $crate::value_with_differential!(at: $($pass),+, of: $f);
                // Never runs: fixes the types of the differential's parameters.
                if false {
                    let ($($name,)+) = ::core::clone::Clone::clone(__ad_check_slots);
                    let _ = __ad_check_differential($($name),+);
                }
                __ad_check_value
            },
            __ad_check_options,
        )
    }};

    // What follows the first-order check of one argument. The locals of `@expand` are named
    // by it: names written here would be another expansion's, which hygiene keeps apart.
    (@first ($first:ident $($locals:ident)*) $name:ident ($pass:expr) ($f:expr)) => {
        $first
    };
    (@second ($first:ident $point:ident $names:ident $magnitudes:ident $value:ident $options:ident)
        $name:ident ($pass:expr) ($f:expr)) => {
        ::core::result::Result::and_then($first, |__ad_check_report| {
            let ($name,) = &$point;
            let __ad_check_hessian = $crate::hessian!(at: $pass, of: $f);
            $crate::check::run_second(
                __ad_check_report,
                &$point,
                &$names,
                &$magnitudes,
                &$value,
                &__ad_check_hessian,
                |__ad_check_at, __ad_check_seed| {
                    let ($name,) = __ad_check_at;
                    let (_, __ad_check_pullback) = $crate::value_with_pullback!(at: $pass, of: $f);
                    (__ad_check_pullback(__ad_check_seed),)
                },
                |__ad_check_at, __ad_check_tangent| {
                    let ($name,) = __ad_check_at;
                    let (_, __ad_check_differential) =
                        $crate::value_with_differential!(at: $pass, of: $f);
                    let ($name,) = __ad_check_tangent;
                    __ad_check_differential($name)
                },
                $options,
            )
        })
    };
}
