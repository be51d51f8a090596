//! Conversions into a float type that generic numeric code writes as calls:
//! `T::from_f64(x).unwrap()`, `T::from(x).unwrap()` (num-traits' `FromPrimitive` and
//! `NumCast`) are calls of [`convert()`]; `f64::from(x)` and `let y: f64 = x.into();` (std's
//! `From`) are calls of [`float_from()`], which converts as `From` does, so that a type of
//! the user's with `From` for `f64` converts as written where no derivative flows. The
//! derivatives of each live in the module of the same name, as a differentiable function's
//! do.
//!
//! Original: `y = x as To` / Tangent: `ty = tx as To` / Adjoint: `adj[x] += adj[y] as From`
//! (as the cast rule of `as`: the rounding of a narrowing conversion is taken as the
//! identity). An integer source carries no derivative.

use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;

/// A type a float conversion reads: `f32`, `f64`, or an integer (whose tangent is
/// [`NoTangent`]).
#[diagnostic::on_unimplemented(
    message = "a conversion of `{Self}` into a float has no derivative",
    label = "a differentiated `{Self}` is converted here",
    note = "conversions of `f32`, `f64` and integers carry derivatives; for a type of yours, convert in a `#[differentiable]` method (`fn meters(&self) -> f64`), or register one with `#[derivative(of = ..)]`"
)]
pub trait ConversionSource: Copy {
    /// The tangent of the source: the float itself, `NoTangent` for an integer.
    type Tangent: Copy;
    /// The value as an `f64` (exact for `f32`; integers round as `as f64` does).
    fn to_f64(self) -> f64;
    /// A tangent of the source as an `f64` (`0` for an integer).
    fn tangent_to_f64(tangent: Self::Tangent) -> f64;
    /// The cotangent of the source from an `f64`.
    fn tangent_from_f64(tangent: f64) -> Self::Tangent;
}

/// A float type a conversion gives: `f32` or `f64`.
pub trait ConversionTarget: Copy {
    /// The nearest value to `x` (as `x as Self`).
    fn from_f64(x: f64) -> Self;
    /// The value as an `f64`.
    fn to_f64(self) -> f64;
}

macro_rules! float_conversions {
    ($($t:ty),*) => {$(
        impl ConversionSource for $t {
            type Tangent = $t;
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn tangent_to_f64(tangent: $t) -> f64 {
                tangent as f64
            }
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn tangent_from_f64(tangent: f64) -> $t {
                tangent as $t
            }
        }
        impl ConversionTarget for $t {
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn from_f64(x: f64) -> $t {
                x as $t
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}

float_conversions!(f32, f64);

macro_rules! integer_conversions {
    ($($t:ty),*) => {$(
        impl ConversionSource for $t {
            type Tangent = NoTangent;
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn tangent_to_f64(_tangent: NoTangent) -> f64 {
                0.0
            }
            #[inline(always)]
            fn tangent_from_f64(_tangent: f64) -> NoTangent {
                NoTangent
            }
        }
    )*};
}

integer_conversions!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

/// `x` converted to the float type `To`: what `To::from_f64(x).unwrap()`,
/// `To::from(x).unwrap()` and `x.into()` give for the float or integer `x`.
#[inline(always)]
pub fn convert<To: ConversionTarget, From: ConversionSource>(x: From) -> To {
    To::from_f64(x.to_f64())
}

/// The derivatives of [`convert()`](fn@convert) (generated code calls them).
#[doc(hidden)]
pub mod convert {
    use super::{ConversionSource, ConversionTarget, MaybeTangent};
    use crate::second::Second;

    /// What a forward-mode call stands for (see `ad_core::output_hint`): nothing to add here.
    pub fn original<A, R>(_x: A) -> R {
        unreachable!("a call in `output_of` is never run")
    }

    /// Reverse mode: the value and the pullback of the conversion.
    #[inline(always)]
    pub fn vjp<To: ConversionTarget, From: ConversionSource>(
        x: From,
    ) -> (To, impl Fn(To) -> (From::Tangent,)) {
        (super::convert(x), |d: To| {
            (From::tangent_from_f64(d.to_f64()),)
        })
    }

    /// Forward mode: the tangent converted as the value is.
    #[inline(always)]
    pub fn forward<To: ConversionTarget, From: ConversionSource>(
        x: From,
        t: impl MaybeTangent<From::Tangent>,
    ) -> (To, To) {
        let tangent = t.map_or(0.0, From::tangent_to_f64);
        (super::convert(x), To::from_f64(tangent))
    }

    /// Second order: each component converted (the conversion is linear).
    #[inline(always)]
    pub fn second<To: ConversionTarget, From: ConversionSource>(
        x: From,
        t: impl MaybeTangent<Second<From::Tangent>>,
    ) -> (To, Second<To>) {
        let (a, b, ab) = t.map_or((0.0, 0.0, 0.0), |(a, b, ab)| {
            (
                From::tangent_to_f64(a),
                From::tangent_to_f64(b),
                From::tangent_to_f64(ab),
            )
        });
        (
            super::convert(x),
            (To::from_f64(a), To::from_f64(b), To::from_f64(ab)),
        )
    }
}

/// The conversions written with std's traits, `f64::from(x)` ([`float_from()`]) and
/// `let y: f64 = x.into();` ([`float_into()`]), converting as the trait does, with the
/// derivatives of [`convert()`](fn@convert) for the sources that have them.
macro_rules! std_conversion {
    ($(#[$doc:meta])* $name:ident, [$($bound:tt)*], |$x:ident| $value:expr) => {
        $(#[$doc])*
        #[inline(always)]
        pub fn $name<To, F>($x: F) -> To
        where
            $($bound)*,
        {
            $value
        }

        #[doc = concat!("The derivatives of [`", stringify!($name), "()`](fn@", stringify!($name), ") (generated code calls them).")]
        #[doc(hidden)]
        pub mod $name {
            use super::{ConversionSource, ConversionTarget, MaybeTangent};
            use crate::second::Second;

            /// What a forward-mode call stands for (see `ad_core::output_hint`).
            pub fn original<A, R>(_x: A) -> R {
                unreachable!("a call in `output_of` is never run")
            }

            /// Reverse mode: the value and the pullback of the conversion.
            #[inline(always)]
            pub fn vjp<To: ConversionTarget, F: ConversionSource>(
                x: F,
            ) -> (To, impl Fn(To) -> (F::Tangent,))
            where
                $($bound)*,
            {
                let (_, pullback) = super::convert::vjp::<To, F>(x);
                (super::$name(x), pullback)
            }

            /// Forward mode: the tangent converted as the value is.
            #[inline(always)]
            pub fn forward<To: ConversionTarget, F: ConversionSource>(
                x: F,
                t: impl MaybeTangent<F::Tangent>,
            ) -> (To, To)
            where
                $($bound)*,
            {
                let (_, tangent) = super::convert::forward::<To, F>(x, t);
                (super::$name(x), tangent)
            }

            /// Second order: each component converted (the conversion is linear).
            #[inline(always)]
            pub fn second<To: ConversionTarget, F: ConversionSource>(
                x: F,
                t: impl MaybeTangent<Second<F::Tangent>>,
            ) -> (To, Second<To>)
            where
                $($bound)*,
            {
                let (_, tangent) = super::convert::second::<To, F>(x, t);
                (super::$name(x), tangent)
            }
        }
    };
}

std_conversion!(
    /// `x` converted to the float type `To` as `From` converts it: what `f64::from(x)` gives.
    float_from, [To: From<F>], |x| To::from(x)
);

std_conversion!(
    /// `x` converted to the float type `To` as `Into` converts it: what `let y: f64 =
    /// x.into();` gives.
    float_into, [F: Into<To>], |x| x.into()
);
