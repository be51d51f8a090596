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
//! generated code discards the unused one), so the calling convention does not change. The
//! math is `DotRule`'s (`crate::array::dot`); these entry points only choose its partial forms.

use super::dot::DotRule;
use crate::second::Second;
use ad_core::NoTangent;
use ad_core::forward::{Absent, MaybeTangent};
use ndarray::{Array, Array1, Array2, ArrayView, ArrayView1, ArrayView2, Dimension};
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

/// An array or a view of one, read as a constant operand: the owned array it denotes (the
/// pullback keeps it, and cannot keep a borrow).
pub trait ConstantArray {
    /// The owned array.
    type Owned;
    /// A copy of the elements.
    fn owned(&self) -> Self::Owned;
    /// `f` of the owned array: the array itself, or a copy of a view's elements.
    fn with_array<T>(&self, f: impl FnOnce(&Self::Owned) -> T) -> T;
}

impl<F: Clone, D: Dimension> ConstantArray for Array<F, D> {
    type Owned = Array<F, D>;
    fn owned(&self) -> Array<F, D> {
        self.clone()
    }
    fn with_array<T>(&self, f: impl FnOnce(&Array<F, D>) -> T) -> T {
        f(self)
    }
}

impl<F: Clone, D: Dimension> ConstantArray for ArrayView<'_, F, D> {
    type Owned = Array<F, D>;
    fn owned(&self) -> Array<F, D> {
        self.to_owned()
    }
    fn with_array<T>(&self, f: impl FnOnce(&Array<F, D>) -> T) -> T {
        f(&self.to_owned())
    }
}

impl<T: ConstantArray + ?Sized> ConstantArray for &T {
    type Owned = T::Owned;
    fn owned(&self) -> T::Owned {
        (**self).owned()
    }
    fn with_array<U>(&self, f: impl FnOnce(&T::Owned) -> U) -> U {
        (**self).with_array(f)
    }
}

/// `a.dot(&b)` differentiated in `a` only, for a receiver held as `$receiver` (`&$array`, or
/// `&&$array` for a reference parameter); `b` may be an array or a view.
macro_rules! wrt_self {
    ($($receiver:ty => $array:ty),* $(,)?) => {$(
        impl WrtSelf<$receiver> {
            /// `a.dot(&b)` differentiated in `a` only. The pullback is boxed: `b` may be a
            /// view, whose lifetime an `impl Fn` generic over its type would carry (one
            /// allocation per call, next to a matrix product).
            #[allow(clippy::type_complexity, reason = "the contract generated code relies on")]
            pub fn __ad_vjp_dot<C: ConstantArray>(
                &self,
                rhs: &C,
            ) -> (
                <$array as DotRule<C::Owned>>::Output,
                Box<dyn Fn(<$array as DotRule<C::Owned>>::Output) -> ($array, NoTangent)>,
            )
            where
                $array: DotRule<C::Owned>,
                C::Owned: 'static,
            {
                let array: &$array = &self.0;
                let (value, pullback) = DotRule::__ad_vjp_dot_lhs(array, rhs.owned());
                (value, Box::new(move |d| (pullback(d), NoTangent)))
            }

            /// Forward mode, `b` constant.
            pub fn __ad_fwd_dot<C: ConstantArray>(
                &self,
                rhs: &C,
                t: impl MaybeTangent<$array>,
                _t_rhs: impl MaybeTangent<C::Owned>,
            ) -> (<$array as DotRule<C::Owned>>::Output, <$array as DotRule<C::Owned>>::Output)
            where
                $array: DotRule<C::Owned>,
            {
                let array: &$array = &self.0;
                rhs.with_array(|b| DotRule::__ad_fwd_dot(array, b, t, Absent))
            }

            /// Second order, `b` constant.
            #[allow(clippy::type_complexity, reason = "the contract generated code relies on")]
            pub fn __ad_hvp_dot<C: ConstantArray>(
                &self,
                rhs: &C,
                t: impl MaybeTangent<Second<$array>>,
                _t_rhs: impl MaybeTangent<Second<C::Owned>>,
            ) -> (
                <$array as DotRule<C::Owned>>::Output,
                Second<<$array as DotRule<C::Owned>>::Output>,
            )
            where
                $array: DotRule<C::Owned>,
            {
                let array: &$array = &self.0;
                rhs.with_array(|b| DotRule::__ad_hvp_dot(array, b, t, Absent))
            }
        }
    )*};
}

/// `a.dot(&b)` differentiated in `b` only, for a constant receiver held as `$receiver` (an
/// array or a view, by value or behind a reference).
macro_rules! wrt_args {
    ($($receiver:ty => $array:ty),* $(,)?) => {$(
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
                let (value, pullback) = DotRule::__ad_vjp_dot_rhs(self.0.owned(), rhs);
                (value, move |d| (NoTangent, pullback(d)))
            }

            /// Forward mode, `a` constant.
            pub fn __ad_fwd_dot<R>(
                &self,
                rhs: &R,
                _t: impl MaybeTangent<$array>,
                t_rhs: impl MaybeTangent<R>,
            ) -> (<$array as DotRule<R>>::Output, <$array as DotRule<R>>::Output)
            where
                $array: DotRule<R>,
            {
                self.0.with_array(|a| DotRule::__ad_fwd_dot(a, rhs, Absent, t_rhs))
            }

            /// Second order, `a` constant.
            #[allow(clippy::type_complexity, reason = "the contract generated code relies on")]
            pub fn __ad_hvp_dot<R>(
                &self,
                rhs: &R,
                _t: impl MaybeTangent<Second<$array>>,
                t_rhs: impl MaybeTangent<Second<R>>,
            ) -> (<$array as DotRule<R>>::Output, Second<<$array as DotRule<R>>::Output>)
            where
                $array: DotRule<R>,
            {
                self.0.with_array(|a| DotRule::__ad_hvp_dot(a, rhs, Absent, t_rhs))
            }
        }
    )*};
}

for_each_float! {
    wrt_self!(
        &Array1<Float> => Array1<Float>,
        &Array2<Float> => Array2<Float>,
        &&Array1<Float> => Array1<Float>,
        &&Array2<Float> => Array2<Float>,
    );
    wrt_args!(
        &Array1<Float> => Array1<Float>,
        &Array2<Float> => Array2<Float>,
        &&Array1<Float> => Array1<Float>,
        &&Array2<Float> => Array2<Float>,
        &ArrayView1<'_, Float> => Array1<Float>,
        &ArrayView2<'_, Float> => Array2<Float>,
        &&ArrayView1<'_, Float> => Array1<Float>,
        &&ArrayView2<'_, Float> => Array2<Float>,
    );
}
