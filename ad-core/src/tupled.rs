//! Functions of several arguments called with one tuple, as a [`Function`] calls them.
//!
//! `ad::function!(my_fn)` names a function whose number of parameters the macro cannot see. A
//! [`Function`] of several arguments takes them as one tuple (one argument: bare), so the
//! function and its derivatives (`my_fn::vjp`, `my_fn::forward`, ..) are called through these
//! traits, whose impls differ in the arity marker: a function item implements `Fn` for its
//! own number of parameters only, so exactly one impl applies and rustc infers the arity (and
//! the argument types) from the function itself.
//!
//! [`Function`]: crate::function::Function

use crate::forward::Present;

/// The marker of a function of one argument.
pub struct Arity1;
/// The marker of a function of two arguments.
pub struct Arity2;
/// The marker of a function of three arguments.
pub struct Arity3;
/// The marker of a function of four arguments.
pub struct Arity4;

/// A function called with its arguments as one tuple (`Args`; one argument bare).
pub trait TupledCall<Args, Arity> {
    /// The function's result.
    type Output;
    /// The function applied to the arguments in `args`.
    fn call_tupled(&self, args: Args) -> Self::Output;
}

/// A forward derivative (`f(x.., Present(t)..)`) called with the arguments as one tuple and
/// their tangents as another (each bare for one argument).
pub trait TupledForward<Args, Tangents, Arity> {
    /// The derivative's result.
    type Output;
    /// The derivative at `args` in the direction `tangents`.
    fn forward_tupled(&self, args: Args, tangents: Tangents) -> Self::Output;
}

/// A second-order forward derivative (`f(x.., Present((t1, t2, t12))..)`) called with the
/// arguments as one tuple and the second-order tangent of that tuple, `(t1, t2, t12)` of
/// tuples, which it hands to each argument as its own `(t1, t2, t12)`.
pub trait TupledSecond<Args, Tangents, Arity> {
    /// The derivative's result.
    type Output;
    /// The derivative at `args` in the directions `tangents`.
    fn second_tupled(&self, args: Args, tangents: (Tangents, Tangents, Tangents)) -> Self::Output;
}

/// The cotangents a pullback gives (a tuple with one per argument) as the cotangent of the
/// arguments' tuple (bare for one argument).
pub trait TupledCotangent<Arity> {
    /// The cotangent of the arguments' tuple.
    type Output;
    /// `self` as that cotangent.
    fn untupled(self) -> Self::Output;
}

macro_rules! tupled {
    ($arity:ident: $($a:ident $t:ident $k:tt),+) => {
        impl<Func, $($a,)+ R> TupledCall<($($a,)+), $arity> for Func
        where
            Func: Fn($($a),+) -> R,
        {
            type Output = R;
            #[inline(always)]
            fn call_tupled(&self, args: ($($a,)+)) -> R {
                self($(args.$k),+)
            }
        }

        impl<Func, $($a,)+ $($t,)+ R> TupledForward<($($a,)+), ($($t,)+), $arity> for Func
        where
            Func: Fn($($a,)+ $(Present<$t>,)+) -> R,
        {
            type Output = R;
            #[inline(always)]
            fn forward_tupled(&self, args: ($($a,)+), tangents: ($($t,)+)) -> R {
                self($(args.$k,)+ $(Present(tangents.$k),)+)
            }
        }

        impl<Func, $($a,)+ $($t,)+ R> TupledSecond<($($a,)+), ($($t,)+), $arity> for Func
        where
            Func: Fn($($a,)+ $(Present<($t, $t, $t)>,)+) -> R,
        {
            type Output = R;
            #[inline(always)]
            fn second_tupled(
                &self,
                args: ($($a,)+),
                (t1, t2, t12): (($($t,)+), ($($t,)+), ($($t,)+)),
            ) -> R {
                self($(args.$k,)+ $(Present((t1.$k, t2.$k, t12.$k)),)+)
            }
        }

        impl<$($t),+> TupledCotangent<$arity> for ($($t,)+) {
            type Output = ($($t,)+);
            #[inline(always)]
            fn untupled(self) -> Self::Output {
                self
            }
        }
    };
}

impl<Func, A, R> TupledCall<A, Arity1> for Func
where
    Func: Fn(A) -> R,
{
    type Output = R;
    #[inline(always)]
    fn call_tupled(&self, a: A) -> R {
        self(a)
    }
}

impl<Func, A, T, R> TupledForward<A, T, Arity1> for Func
where
    Func: Fn(A, Present<T>) -> R,
{
    type Output = R;
    #[inline(always)]
    fn forward_tupled(&self, a: A, t: T) -> R {
        self(a, Present(t))
    }
}

impl<Func, A, T, R> TupledSecond<A, T, Arity1> for Func
where
    Func: Fn(A, Present<(T, T, T)>) -> R,
{
    type Output = R;
    #[inline(always)]
    fn second_tupled(&self, a: A, t: (T, T, T)) -> R {
        self(a, Present(t))
    }
}

impl<T> TupledCotangent<Arity1> for (T,) {
    type Output = T;
    #[inline(always)]
    fn untupled(self) -> T {
        self.0
    }
}

tupled!(Arity2: A TA 0, B TB 1);
tupled!(Arity3: A TA 0, B TB 1, C TC 2);
tupled!(Arity4: A TA 0, B TB 1, C TC 2, D TD 3);

#[cfg(test)]
mod tests {
    use super::*;

    fn two(a: f64, b: f64) -> f64 {
        a * b
    }

    fn two_forward(a: f64, b: f64, ta: Present<f64>, tb: Present<f64>) -> (f64, f64) {
        (a * b, ta.0 * b + a * tb.0)
    }

    #[test]
    fn the_arity_comes_from_the_function() {
        assert_eq!(two.call_tupled((2.0, 3.0)), 6.0);
        assert_eq!(f64::sin.call_tupled(0.0), 0.0);
        assert_eq!(
            two_forward.forward_tupled((2.0, 3.0), (1.0, 0.0)),
            (6.0, 3.0)
        );
        assert_eq!((1.0, 2.0).untupled(), (1.0, 2.0));
        assert_eq!((1.0,).untupled(), 1.0);
    }
}
