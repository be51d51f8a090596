//! Rules of nalgebra's constructors from differentiated scalars: `Vector3::new(x, y, z)`,
//! `Matrix2::new(a, b, c, d)` (arguments row by row, as nalgebra takes them) and the other
//! fixed-size `new`s of up to 6 elements and `Matrix3`, and `DVector::from_vec(v)`.
//!
//! A call `Vector3::new(x, y, z)` in a differentiable body becomes
//! `Vector3::__ad_vjp_new(x, y, z)` (and `__ad_fwd_new`, `__ad_hvp_new`), an associated
//! function of one trait per number of arguments (`MatrixNew3`, ...), found by rustc for the
//! type that implements it.
//!
//! Original: `y = new(a_1, .., a_n)` / Tangent: `ty = new(ta_1, .., ta_n)` /
//! Adjoint: `adj[a_k] += adj[y][(k / C, k % C)]` (the element the `k`th argument fills).

use crate::second::Second;
use ad_core::forward::MaybeTangent;

/// A trait per arity: `$name` with the arguments `$a`, their tangents `$t`.
macro_rules! new_trait {
    ($name:ident, $($a:ident $t:ident),+) => {
        #[doc = concat!("`Self::new(..)` of `", stringify!($name), "`'s number of scalars, in the three modes.")]
        #[allow(clippy::type_complexity, clippy::too_many_arguments, reason = "the contract generated code relies on")]
        pub trait $name: Sized {
            /// The element type.
            type Elem;
            /// Reverse mode: the value and the pullback to every argument's cotangent.
            fn __ad_vjp_new($($a: Self::Elem),+) -> (Self, impl Fn(Self) -> ($(new_trait!(@elem $a Self),)+));
            /// Forward mode.
            fn __ad_fwd_new($($a: Self::Elem,)+ $($t: impl MaybeTangent<Self::Elem>),+) -> (Self, Self);
            /// Second order (linear).
            fn __ad_hvp_new(
                $($a: Self::Elem,)+
                $($t: impl MaybeTangent<Second<Self::Elem>>),+
            ) -> (Self, Second<Self>);
        }
    };
    (@elem $a:ident $s:ident) => { $s::Elem };
}

new_trait!(MatrixNew1, a0 t0);
new_trait!(MatrixNew2, a0 t0, a1 t1);
new_trait!(MatrixNew3, a0 t0, a1 t1, a2 t2);
new_trait!(MatrixNew4, a0 t0, a1 t1, a2 t2, a3 t3);
new_trait!(MatrixNew5, a0 t0, a1 t1, a2 t2, a3 t3, a4 t4);
new_trait!(MatrixNew6, a0 t0, a1 t1, a2 t2, a3 t3, a4 t4, a5 t5);
new_trait!(MatrixNew9, a0 t0, a1 t1, a2 t2, a3 t3, a4 t4, a5 t5, a6 t6, a7 t7, a8 t8);

/// The impl of `$trait` for the matrix type `$ty` with `$cols` columns (its arguments fill it
/// row by row), for element type `$f`.
macro_rules! new_impl {
    ($trait:ident, $ty:ident, $cols:expr, $($a:ident $t:ident $k:expr),+) => {
        impl<F: Element> $trait for nalgebra::$ty<F> {
            type Elem = F;
            fn __ad_vjp_new($($a: F),+) -> (Self, impl Fn(Self) -> ($(new_impl!(@elem $a F),)+)) {
                (Self::new($($a),+), |d: Self| ($(d[($k / $cols, $k % $cols)],)+))
            }
            fn __ad_fwd_new($($a: F,)+ $($t: impl MaybeTangent<F>),+) -> (Self, Self) {
                (Self::new($($a),+), Self::new($($t.or_zero(F::zero)),+))
            }
            fn __ad_hvp_new(
                $($a: F,)+
                $($t: impl MaybeTangent<Second<F>>),+
            ) -> (Self, Second<Self>) {
                $(let $t = $t.or_zero(|| (F::zero(), F::zero(), F::zero()));)+
                let tangents = (Self::new($($t.0),+), Self::new($($t.1),+), Self::new($($t.2),+));
                (Self::new($($a),+), tangents)
            }
        }
    };
    (@elem $a:ident $f:ty) => { $f };
}

/// The element types of the constructors' rules (`f32`, `f64`): generic, so that rustc finds
/// the impl of `Vector2::__ad_vjp_new` before it knows the element type.
pub trait Element: nalgebra::Scalar + Copy + num_traits::Zero {}

impl Element for f32 {}
impl Element for f64 {}

new_impl!(MatrixNew1, Vector1, 1, a0 t0 0);
new_impl!(MatrixNew2, Vector2, 1, a0 t0 0, a1 t1 1);
new_impl!(MatrixNew3, Vector3, 1, a0 t0 0, a1 t1 1, a2 t2 2);
new_impl!(MatrixNew4, Vector4, 1, a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3);
new_impl!(MatrixNew5, Vector5, 1, a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3, a4 t4 4);
new_impl!(MatrixNew6, Vector6, 1, a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3, a4 t4 4, a5 t5 5);
new_impl!(MatrixNew2, RowVector2, 2, a0 t0 0, a1 t1 1);
new_impl!(MatrixNew3, RowVector3, 3, a0 t0 0, a1 t1 1, a2 t2 2);
new_impl!(MatrixNew4, Matrix2, 2, a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3);
new_impl!(MatrixNew6, Matrix2x3, 3, a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3, a4 t4 4, a5 t5 5);
new_impl!(MatrixNew6, Matrix3x2, 2, a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3, a4 t4 4, a5 t5 5);
new_impl!(MatrixNew9, Matrix3, 3,
    a0 t0 0, a1 t1 1, a2 t2 2, a3 t3 3, a4 t4 4, a5 t5 5, a6 t6 6, a7 t7 7, a8 t8 8);

impl<F: Element> MatrixFromVec for nalgebra::DVector<F> {
    type Elem = F;
    fn __ad_vjp_from_vec(v: Vec<F>) -> (Self, impl Fn(Self) -> (Vec<F>,)) {
        (nalgebra::DVector::from_vec(v), |d: Self| {
            (d.as_slice().to_vec(),)
        })
    }
    fn __ad_fwd_from_vec(v: Vec<F>, t: impl MaybeTangent<Vec<F>>) -> (Self, Self) {
        let n = v.len();
        let tangent = t.map_or(nalgebra::DVector::zeros(n), |t| vector_or_zeros(t, n));
        (nalgebra::DVector::from_vec(v), tangent)
    }
    fn __ad_hvp_from_vec(v: Vec<F>, t: impl MaybeTangent<Second<Vec<F>>>) -> (Self, Second<Self>) {
        let n = v.len();
        let zero = || nalgebra::DVector::zeros(n);
        let tangents = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (
                vector_or_zeros(a, n),
                vector_or_zeros(b, n),
                vector_or_zeros(ab, n),
            )
        });
        (nalgebra::DVector::from_vec(v), tangents)
    }
}

/// A tangent `Vec` as a vector of `n` elements (a length-less zero as zeros).
fn vector_or_zeros<F: Element>(t: Vec<F>, n: usize) -> nalgebra::DVector<F> {
    if t.is_empty() {
        nalgebra::DVector::zeros(n)
    } else {
        nalgebra::DVector::from_vec(t)
    }
}

/// `DVector::from_vec(v)` of a `Vec` of differentiated scalars, in the three modes.
///
/// Original: `y = from_vec(v)` / Tangent: `ty = from_vec(tv)` / Adjoint: `adj[v] += adj[y]` as a `Vec`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait MatrixFromVec: Sized {
    /// The element type.
    type Elem;
    /// Reverse mode.
    fn __ad_vjp_from_vec(v: Vec<Self::Elem>) -> (Self, impl Fn(Self) -> (Vec<Self::Elem>,));
    /// Forward mode.
    fn __ad_fwd_from_vec(v: Vec<Self::Elem>, t: impl MaybeTangent<Vec<Self::Elem>>)
    -> (Self, Self);
    /// Second order (linear).
    fn __ad_hvp_from_vec(
        v: Vec<Self::Elem>,
        t: impl MaybeTangent<Second<Vec<Self::Elem>>>,
    ) -> (Self, Second<Self>);
}
