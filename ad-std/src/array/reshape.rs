//! Rules of ndarray's reshaping: `a.into_shape_with_order(shape)` and `a.to_shape(shape)`.
//!
//! Both give the same elements in a new shape, read in the given order (row-major unless the
//! argument says otherwise), so the tangent is reshaped the same way and the cotangent is
//! reshaped back. ndarray returns a `Result` (the sizes may not match); derivative code gets
//! an `Option`, so `.unwrap()` reads the same, and the reshaped array is owned (a pullback
//! cannot keep `to_shape`'s borrow).

use crate::second::Second;
use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;
use ndarray::{Array, Dimension, NdFloat, Order, ShapeArg};

/// `a` reshaped to `dim` in `order`, owned; `None` when the sizes differ.
fn reshaped<F: NdFloat, D: Dimension, E: Dimension>(
    a: &Array<F, D>,
    dim: E,
    order: Order,
) -> Option<Array<F, E>> {
    a.to_shape((dim, order)).ok().map(|view| view.into_owned())
}

macro_rules! reshape_rule {
    ($trait:ident: $method:ident, $vjp:ident, $fwd:ident, $hvp:ident) => {
        #[doc = concat!("`a.", stringify!($method), "(shape)` in the three modes.")]
        ///
        /// Original: `y = reshape(a)` / Tangent: `ty = reshape(ta)` / Adjoint: `adj[a] +=
        /// reshape⁻¹(adj[y])`.
        pub trait $trait<E>: Sized {
            /// The reshaped array.
            type Output;
            /// Reverse mode; the shape has no cotangent.
            #[allow(
                clippy::type_complexity,
                reason = "the contract generated code relies on"
            )]
            fn $vjp(
                &self,
                shape: E,
            ) -> (
                Option<Self::Output>,
                impl Fn(Option<Self::Output>) -> (Self, NoTangent) + use<Self, E>,
            );
            /// Forward mode.
            fn $fwd(
                &self,
                shape: E,
                t: impl MaybeTangent<Self>,
                t_shape: impl MaybeTangent<NoTangent>,
            ) -> (Option<Self::Output>, Option<Self::Output>);
            /// Second order (linear).
            fn $hvp(
                &self,
                shape: E,
                t: impl MaybeTangent<Second<Self>>,
                t_shape: impl MaybeTangent<Second<NoTangent>>,
            ) -> (Option<Self::Output>, Second<Option<Self::Output>>);
        }

        impl<F: NdFloat, D: Dimension, E: ShapeArg> $trait<E> for Array<F, D> {
            type Output = Array<F, E::Dim>;
            fn $vjp(
                &self,
                shape: E,
            ) -> (
                Option<Array<F, E::Dim>>,
                impl Fn(Option<Array<F, E::Dim>>) -> (Self, NoTangent) + use<F, D, E>,
            ) {
                let (dim, order) = shape.into_shape_and_order();
                let order = order.unwrap_or(Order::RowMajor);
                let original = self.raw_dim();
                (
                    reshaped(self, dim, order),
                    move |d: Option<Array<F, E::Dim>>| {
                        let back = d.and_then(|d| reshaped(&d, original.clone(), order));
                        (
                            back.unwrap_or_else(|| Array::zeros(original.clone())),
                            NoTangent,
                        )
                    },
                )
            }
            fn $fwd(
                &self,
                shape: E,
                t: impl MaybeTangent<Self>,
                _t_shape: impl MaybeTangent<NoTangent>,
            ) -> (Option<Array<F, E::Dim>>, Option<Array<F, E::Dim>>) {
                let (dim, order) = shape.into_shape_and_order();
                let order = order.unwrap_or(Order::RowMajor);
                let value = reshaped(self, dim.clone(), order);
                let tangent = t.map_or(value.as_ref().map(|v| v * F::zero()), |t| {
                    reshaped(&t, dim, order)
                });
                (value, tangent)
            }
            fn $hvp(
                &self,
                shape: E,
                t: impl MaybeTangent<Second<Self>>,
                _t_shape: impl MaybeTangent<Second<NoTangent>>,
            ) -> (Option<Array<F, E::Dim>>, Second<Option<Array<F, E::Dim>>>) {
                let (dim, order) = shape.into_shape_and_order();
                let order = order.unwrap_or(Order::RowMajor);
                let value = reshaped(self, dim.clone(), order);
                let zero = || value.as_ref().map(|v| v * F::zero());
                let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
                    (
                        reshaped(&a, dim.clone(), order),
                        reshaped(&b, dim.clone(), order),
                        reshaped(&ab, dim.clone(), order),
                    )
                });
                (value, tangent)
            }
        }
    };
}

reshape_rule!(ArrayIntoShape: into_shape_with_order, __ad_vjp_into_shape_with_order, __ad_fwd_into_shape_with_order, __ad_hvp_into_shape_with_order);
reshape_rule!(ArrayToShape: to_shape, __ad_vjp_to_shape, __ad_fwd_to_shape, __ad_hvp_to_shape);
