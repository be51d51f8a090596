//! Entry points of array rules for a call in which only some operands are differentiated.
//!
//! The pullback of `a.dot(&b)` needs `b` for `a`'s cotangent and `a` for `b`'s. When `b` is
//! a constant (`w.dot(&x)` with data `x`), keeping a copy of `a` and computing `aᵀ · adj[y]`
//! would only be thrown away, and for a weight matrix both cost more than the product itself.
//! The generated code says which operand is differentiated by wrapping the receiver:
//! `WrtSelf(&a).__ad_vjp_dot(&b)` or `WrtArgs(&a).__ad_vjp_dot(&b)`. For ndarray's arrays
//! the wrappers have inherent methods of that name, which rustc's method lookup tries first;
//! for every other type they dereference to the receiver, whose own derivative is then found
//! as without the wrapper. The pullback still returns one cotangent per operand (the
//! generated code discards the unused one), so the calling convention does not change.

use super::dot::DotRule;
use ad_core::NoTangent;
use ndarray::{Array1, Array2};
use std::ops::Deref;

/// A method receiver that is differentiated while the method's arguments are constants.
pub struct WrtSelf<R>(pub R);

/// A method receiver that is a constant while the method's arguments are differentiated.
pub struct WrtArgs<R>(pub R);

impl<R> Deref for WrtSelf<R> {
    type Target = R;
    fn deref(&self) -> &R {
        &self.0
    }
}

impl<R> Deref for WrtArgs<R> {
    type Target = R;
    fn deref(&self) -> &R {
        &self.0
    }
}

/// The reverse-mode `dot` entry points for a receiver of array type `$array`, held by value
/// (`&$array`) or behind a reference (`&&$array`: a reference parameter).
macro_rules! partial_dot {
    ($($receiver:ty => $array:ty),* $(,)?) => {$(
        impl WrtSelf<$receiver> {
            /// `a.dot(&b)` differentiated in `a` only.
            #[allow(clippy::type_complexity, reason = "the contract generated code relies on")]
            pub fn __ad_vjp_dot<R>(
                &self,
                rhs: &R,
            ) -> (
                <$array as DotRule<R>>::Output,
                impl Fn(<$array as DotRule<R>>::Output) -> ($array, NoTangent) + use<R>,
            )
            where
                $array: DotRule<R>,
            {
                let array: &$array = &self.0;
                let (value, pullback) = DotRule::__ad_vjp_dot_lhs(array, rhs);
                (value, move |d| (pullback(d), NoTangent))
            }
        }

        impl WrtArgs<$receiver> {
            /// `a.dot(&b)` differentiated in `b` only.
            #[allow(clippy::type_complexity, reason = "the contract generated code relies on")]
            pub fn __ad_vjp_dot<R>(
                &self,
                rhs: &R,
            ) -> (
                <$array as DotRule<R>>::Output,
                impl Fn(<$array as DotRule<R>>::Output) -> (NoTangent, R) + use<R>,
            )
            where
                $array: DotRule<R>,
            {
                let array: &$array = &self.0;
                let (value, pullback) = DotRule::__ad_vjp_dot_rhs(array, rhs);
                (value, move |d| (NoTangent, pullback(d)))
            }
        }
    )*};
}

for_each_float! {
    partial_dot!(
        &Array1<Float> => Array1<Float>,
        &Array2<Float> => Array2<Float>,
    &&Array1<Float> => Array1<Float>,
    &&Array2<Float> => Array2<Float>,
);
}
