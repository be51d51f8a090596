//! Rules of ndarray's methods that rearrange or select elements: `t()`, `reversed_axes()`,
//! `row(i)`, `column(j)`, `diag()`, `index_axis(axis, i)`, `select(axis, &indices)`,
//! `insert_axis(axis)`, `remove_axis(axis)`, `to_owned()`, `view()`, `into_owned()`,
//! `as_slice()`, `slice(s![..])` and `slice_move(s![..])`.
//!
//! Each is linear, `y = L(a)`, so its tangent is `L(ta)`, its second-order components are
//! `L` of each component, and its adjoint is the transpose: `adj[a] += Lᵀ(adj[y])`. ndarray
//! returns views for `t()`, `row` and `column`; in derivative code they are owned copies (a
//! pullback cannot keep a borrow of the function's locals), which every array method also
//! accepts, so the code around them reads the same.

use super::zero_like::MapOrZeroLike;
use crate::second::Second;
use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;
use ndarray::{Array1, Array2, Axis, Dimension, RemoveAxis, SliceArg};

/// One linear method in the three modes. `forward |a, args| L(a)` computes the value from
/// `a: &Self`; `adjoint |d, shape, args| Lᵀ(d)` computes the cotangent of `a` from the
/// output's cotangent `d` and `a`'s shape. Arguments (an index, an axis) are constants.
macro_rules! linear_method {
    (
        $(#[$doc:meta])*
        trait $trait:ident: $method:ident, $vjp:ident, $fwd:ident, $hvp:ident;
        impl [$($generics:tt)*] for $me:ty => $out:ty, capturing [$($captured:tt)*];
        ($($arg:ident: $arg_ty:ty),*);
        forward |$a:ident| $apply:expr;
        adjoint |$d:ident, $shape:ident| $adjoint:expr;
    ) => {
        $(#[$doc])*
        pub trait $trait: Sized {
            /// The method's result.
            type Output;
            #[doc = concat!("`", stringify!($method), "`, reverse mode.")]
            fn $vjp(
                &self $(, $arg: $arg_ty)*
            ) -> (
                Self::Output,
                impl Fn(Self::Output) -> (Self, $(linear_method!(@constant $arg)),*) + use<Self>,
            );
            #[doc = concat!("`", stringify!($method), "`, forward mode.")]
            fn $fwd(
                &self,
                $($arg: $arg_ty,)*
                t: impl MaybeTangent<Self>,
                $(linear_method!(@tangent $arg): impl MaybeTangent<NoTangent>,)*
            ) -> (Self::Output, Self::Output);
            #[doc = concat!("`", stringify!($method), "`, second order.")]
            fn $hvp(
                &self,
                $($arg: $arg_ty,)*
                t: impl MaybeTangent<Second<Self>>,
                $(linear_method!(@tangent $arg): impl MaybeTangent<Second<NoTangent>>,)*
            ) -> (Self::Output, Second<Self::Output>);
        }

        for_each_float! {
        impl<$($generics)*> $trait for $me {
            type Output = $out;
            fn $vjp(
                &self $(, $arg: $arg_ty)*
            ) -> (
                $out,
                impl Fn($out) -> (Self, $(linear_method!(@constant $arg)),*) + use<$($captured)*>,
            ) {
                let apply = |$a: &$me| -> $out { $apply };
                let shape = self.raw_dim();
                (apply(self), move |$d: $out| {
                    let $shape = &shape;
                    ($adjoint, $(linear_method!(@no_tangent $arg)),*)
                })
            }
            fn $fwd(
                &self,
                $($arg: $arg_ty,)*
                t: impl MaybeTangent<Self>,
                $(linear_method!(@tangent $arg): impl MaybeTangent<NoTangent>,)*
            ) -> ($out, $out) {
                let apply = |$a: &$me| -> $out { $apply };
                let value = apply(self);
                let tangent = t.map_or_zero_like(&value, |t| apply(&t));
                (value, tangent)
            }
            fn $hvp(
                &self,
                $($arg: $arg_ty,)*
                t: impl MaybeTangent<Second<Self>>,
                $(linear_method!(@tangent $arg): impl MaybeTangent<Second<NoTangent>>,)*
            ) -> ($out, Second<$out>) {
                let apply = |$a: &$me| -> $out { $apply };
                let value = apply(self);
                let zero = || &value * 0.0;
                let tangent = t.map_or((zero(), zero(), zero()), |(first, second, mixed)| {
                    (apply(&first), apply(&second), apply(&mixed))
                });
                (value, tangent)
            }
        }
        }
    };
    (@constant $arg:ident) => { NoTangent };
    (@no_tangent $arg:ident) => { NoTangent };
    (@tangent $arg:ident) => { _ };
}

linear_method! {
    /// `m.t()`: the transpose of a matrix.
    ///
    /// Original: `y = aᵀ` / Tangent: `ty = taᵀ` / Adjoint: `adj[a] += adj[y]ᵀ`.
    trait ArrayTranspose: t, __ad_vjp_t, __ad_fwd_t, __ad_hvp_t;
    impl [] for Array2<Float> => Array2<Float>, capturing [];
    ();
    forward |a| a.t().to_owned();
    adjoint |d, _shape| d.reversed_axes();
}

linear_method! {
    /// `a.reversed_axes()`: the axes in reverse order (the transpose of a matrix, owned).
    ///
    /// Original: `y = aᵀ` / Tangent: `ty = taᵀ` / Adjoint: `adj[a] += adj[y]ᵀ`.
    trait ArrayReversedAxes: reversed_axes, __ad_vjp_reversed_axes, __ad_fwd_reversed_axes, __ad_hvp_reversed_axes;
    impl [D: Dimension] for A<D> => A<D>, capturing [D];
    ();
    forward |a| a.clone().reversed_axes();
    adjoint |d, _shape| d.reversed_axes();
}

linear_method! {
    /// `m.row(i)`: row `i` of a matrix.
    ///
    /// Original: `y = a[i, ..]` / Tangent: `ty = ta[i, ..]` / Adjoint: `adj[a][i, ..] += adj[y]`.
    trait ArrayRow: row, __ad_vjp_row, __ad_fwd_row, __ad_hvp_row;
    impl [] for Array2<Float> => Array1<Float>, capturing [];
    (index: usize);
    forward |a| a.row(index).to_owned();
    adjoint |d, shape| {
        let mut adjoint = Array2::zeros(*shape);
        adjoint.row_mut(index).assign(&d);
        adjoint
    };
}

linear_method! {
    /// `m.column(j)`: column `j` of a matrix.
    ///
    /// Original: `y = a[.., j]` / Tangent: `ty = ta[.., j]` / Adjoint: `adj[a][.., j] += adj[y]`.
    trait ArrayColumn: column, __ad_vjp_column, __ad_fwd_column, __ad_hvp_column;
    impl [] for Array2<Float> => Array1<Float>, capturing [];
    (index: usize);
    forward |a| a.column(index).to_owned();
    adjoint |d, shape| {
        let mut adjoint = Array2::zeros(*shape);
        adjoint.column_mut(index).assign(&d);
        adjoint
    };
}

linear_method! {
    /// `m.diag()`: the diagonal of a matrix (`m.diag().sum()` is its trace).
    ///
    /// Original: `y_i = a_ii` / Tangent: `ty_i = ta_ii` / Adjoint: `adj[a]_ii += adj[y]_i`.
    trait ArrayDiag: diag, __ad_vjp_diag, __ad_fwd_diag, __ad_hvp_diag;
    impl [] for Array2<Float> => Array1<Float>, capturing [];
    ();
    forward |a| a.diag().to_owned();
    adjoint |d, shape| {
        let mut adjoint = Array2::zeros(*shape);
        adjoint.diag_mut().assign(&d);
        adjoint
    };
}

linear_method! {
    /// `a.index_axis(axis, i)`: the subarray at position `i` along `axis` (a row of a matrix
    /// for `Axis(0)`, a matrix of a 3-D array).
    ///
    /// Original: `y = a[.., i, ..]` / Tangent: `ty = ta[.., i, ..]` /
    /// Adjoint: `adj[a][.., i, ..] += adj[y]`.
    trait ArrayIndexAxis: index_axis, __ad_vjp_index_axis, __ad_fwd_index_axis, __ad_hvp_index_axis;
    impl [D: RemoveAxis] for A<D> => A<D::Smaller>, capturing [D];
    (axis: Axis, index: usize);
    forward |a| a.index_axis(axis, index).to_owned();
    adjoint |d, shape| {
        let mut adjoint = A::zeros(shape.clone());
        adjoint.index_axis_mut(axis, index).assign(&d);
        adjoint
    };
}

linear_method! {
    /// `a.remove_axis(axis)`: the same elements without `axis`, which has length 1.
    ///
    /// Original: `y = a` reshaped / Tangent: `ty = ta` reshaped / Adjoint: `adj[a] += adj[y]`
    /// with the axis back.
    trait ArrayRemoveAxis: remove_axis, __ad_vjp_remove_axis, __ad_fwd_remove_axis, __ad_hvp_remove_axis;
    impl [D: RemoveAxis] for A<D> => A<D::Smaller>, capturing [D];
    (axis: Axis);
    forward |a| a.clone().remove_axis(axis);
    adjoint |d, shape| {
        // Inserting the axis gives the dimension one more axis, which is `D` again.
        d.insert_axis(axis)
            .into_dimensionality::<D>()
            .unwrap_or_else(|_| A::zeros(shape.clone()))
    };
}

linear_method! {
    /// `a.view()`: the array itself (a view in the original code, an owned copy in derivative
    /// code, which every array method and operator also accepts).
    ///
    /// Original: `y = a` / Tangent: `ty = ta` / Adjoint: `adj[a] += adj[y]`.
    trait ArrayView: view, __ad_vjp_view, __ad_fwd_view, __ad_hvp_view;
    impl [D: Dimension] for A<D> => A<D>, capturing [D];
    ();
    forward |a| a.clone();
    adjoint |d, _shape| d;
}

linear_method! {
    /// `a.into_owned()`: the array itself.
    ///
    /// Original: `y = a` / Tangent: `ty = ta` / Adjoint: `adj[a] += adj[y]`.
    trait ArrayIntoOwned: into_owned, __ad_vjp_into_owned, __ad_fwd_into_owned, __ad_hvp_into_owned;
    impl [D: Dimension] for A<D> => A<D>, capturing [D];
    ();
    forward |a| a.clone();
    adjoint |d, _shape| d;
}

linear_method! {
    /// `a.insert_axis(axis)`: the same elements with a new axis of length 1 (a column
    /// `(n, 1)` from a vector, to broadcast against a matrix).
    ///
    /// Original: `y = a` reshaped / Tangent: `ty = ta` reshaped / Adjoint: `adj[a] += adj[y]`
    /// without the axis.
    trait ArrayInsertAxis: insert_axis, __ad_vjp_insert_axis, __ad_fwd_insert_axis, __ad_hvp_insert_axis;
    impl [D: Dimension] for A<D> => A<D::Larger>, capturing [D];
    (axis: Axis);
    forward |a| a.clone().insert_axis(axis);
    adjoint |d, shape| {
        // Removing the inserted axis gives back `D` (checked at run time by ndarray).
        d.index_axis_move(axis, 0)
            .into_dimensionality::<D>()
            .unwrap_or_else(|_| A::zeros(shape.clone()))
    };
}

linear_method! {
    /// `a.to_owned()`: a copy (of what is a view in the original code: `m.row(i).to_owned()`).
    ///
    /// Original: `y = a` / Tangent: `ty = ta` / Adjoint: `adj[a] += adj[y]`.
    trait ArrayToOwned: to_owned, __ad_vjp_to_owned, __ad_fwd_to_owned, __ad_hvp_to_owned;
    impl [D: Dimension] for A<D> => A<D>, capturing [D];
    ();
    forward |a| a.clone();
    adjoint |d, _shape| d;
}

/// `a.slice(s![..])`: the selected elements (a view in the original code, an owned copy in
/// derivative code), for any slice description ndarray accepts.
///
/// Original: `y = a[info]` / Tangent: `ty = ta[info]` / Adjoint: `adj[a][info] += adj[y]`.
pub trait ArraySlice<I>: Sized {
    /// The selected elements.
    type Output;
    /// Reverse mode; the slice description has no cotangent.
    fn __ad_vjp_slice(
        &self,
        info: I,
    ) -> (
        Self::Output,
        impl Fn(Self::Output) -> (Self, NoTangent) + use<Self, I>,
    );
    /// Forward mode.
    fn __ad_fwd_slice(
        &self,
        info: I,
        t: impl MaybeTangent<Self>,
        t_info: impl MaybeTangent<NoTangent>,
    ) -> (Self::Output, Self::Output);
    /// Second order (linear).
    fn __ad_hvp_slice(
        &self,
        info: I,
        t: impl MaybeTangent<Second<Self>>,
        t_info: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self::Output, Second<Self::Output>);
    /// `a.slice_move(s![..])`, reverse mode: the same selection as `slice`.
    fn __ad_vjp_slice_move(
        &self,
        info: I,
    ) -> (
        Self::Output,
        impl Fn(Self::Output) -> (Self, NoTangent) + use<Self, I>,
    ) {
        self.__ad_vjp_slice(info)
    }
    /// `slice_move`, forward mode.
    fn __ad_fwd_slice_move(
        &self,
        info: I,
        t: impl MaybeTangent<Self>,
        t_info: impl MaybeTangent<NoTangent>,
    ) -> (Self::Output, Self::Output) {
        self.__ad_fwd_slice(info, t, t_info)
    }
    /// `slice_move`, second order.
    fn __ad_hvp_slice_move(
        &self,
        info: I,
        t: impl MaybeTangent<Second<Self>>,
        t_info: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self::Output, Second<Self::Output>) {
        self.__ad_hvp_slice(info, t, t_info)
    }
}

for_each_float! {
impl<D: Dimension, I: SliceArg<D> + Clone> ArraySlice<I> for A<D> {
    type Output = A<I::OutDim>;
    fn __ad_vjp_slice(
        &self,
        info: I,
    ) -> (
        A<I::OutDim>,
        impl Fn(A<I::OutDim>) -> (Self, NoTangent) + use<D, I>,
    ) {
        let shape = self.raw_dim();
        (
            self.slice(info.clone()).to_owned(),
            move |d: A<I::OutDim>| {
                let mut adjoint = A::zeros(shape.clone());
                adjoint.slice_mut(info.clone()).assign(&d);
                (adjoint, NoTangent)
            },
        )
    }
    fn __ad_fwd_slice(
        &self,
        info: I,
        t: impl MaybeTangent<Self>,
        _t_info: impl MaybeTangent<NoTangent>,
    ) -> (A<I::OutDim>, A<I::OutDim>) {
        let value = self.slice(info.clone()).to_owned();
        let tangent = t.map_or_zero_like(&value, |t| t.slice(info).to_owned());
        (value, tangent)
    }
    fn __ad_hvp_slice(
        &self,
        info: I,
        t: impl MaybeTangent<Second<Self>>,
        _t_info: impl MaybeTangent<Second<NoTangent>>,
    ) -> (A<I::OutDim>, Second<A<I::OutDim>>) {
        let value = self.slice(info.clone()).to_owned();
        let zero = || &value * 0.0;
        let select = |a: &Self| a.slice(info.clone()).to_owned();
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (select(&a), select(&b), select(&ab))
        });
        (value, tangent)
    }
}
}

/// `a.select(axis, &indices)`: the subarrays at `indices` along `axis`, in that order and
/// repeated as often as they appear.
///
/// Original: `y[.., k, ..] = a[.., indices[k], ..]` / Tangent: the same selection of `ta` /
/// Adjoint: `adj[a][.., indices[k], ..] += adj[y][.., k, ..]` for each `k`.
pub trait ArraySelect: Sized {
    /// Reverse mode; the axis and the indices have no cotangent.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_select(
        &self,
        axis: Axis,
        indices: &[usize],
    ) -> (
        Self,
        impl Fn(Self) -> (Self, NoTangent, NoTangent) + use<Self>,
    );
    /// Forward mode.
    fn __ad_fwd_select(
        &self,
        axis: Axis,
        indices: &[usize],
        t: impl MaybeTangent<Self>,
        t_axis: impl MaybeTangent<NoTangent>,
        t_indices: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self);
    /// Second order (linear).
    fn __ad_hvp_select(
        &self,
        axis: Axis,
        indices: &[usize],
        t: impl MaybeTangent<Second<Self>>,
        t_axis: impl MaybeTangent<Second<NoTangent>>,
        t_indices: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>);
}

for_each_float! {
impl<D: RemoveAxis> ArraySelect for A<D> {
    fn __ad_vjp_select(
        &self,
        axis: Axis,
        indices: &[usize],
    ) -> (Self, impl Fn(Self) -> (Self, NoTangent, NoTangent) + use<D>) {
        let (shape, indices) = (self.raw_dim(), indices.to_vec());
        (self.select(axis, &indices), move |d: Self| {
            let mut adjoint = A::zeros(shape.clone());
            for (k, &i) in indices.iter().enumerate() {
                let mut target = adjoint.index_axis_mut(axis, i);
                target += &d.index_axis(axis, k);
            }
            (adjoint, NoTangent, NoTangent)
        })
    }
    fn __ad_fwd_select(
        &self,
        axis: Axis,
        indices: &[usize],
        t: impl MaybeTangent<Self>,
        _t_axis: impl MaybeTangent<NoTangent>,
        _t_indices: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self) {
        let value = self.select(axis, indices);
        let tangent = t.map_or_zero_like(&value, |t| t.select(axis, indices));
        (value, tangent)
    }
    fn __ad_hvp_select(
        &self,
        axis: Axis,
        indices: &[usize],
        t: impl MaybeTangent<Second<Self>>,
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
        _t_indices: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>) {
        let value = self.select(axis, indices);
        let zero = || &value * 0.0;
        let select = |a: &Self| a.select(axis, indices);
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (select(&a), select(&b), select(&ab))
        });
        (value, tangent)
    }
}
}

/// `a.as_slice()`: the elements in order, when the array is contiguous (a slice in the
/// original code, an owned `Vec` in derivative code: indexing and iterating read the same).
///
/// Original: `y = a` as a slice / Tangent: `ty = ta` as a slice / Adjoint: `adj[a] += adj[y]`
/// in `a`'s shape.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait ArrayAsSlice: Sized {
    /// The element type.
    type Elem;
    /// Reverse mode.
    fn __ad_vjp_as_slice(
        &self,
    ) -> (
        Option<Vec<Self::Elem>>,
        impl Fn(Option<Vec<Self::Elem>>) -> (Self,) + use<Self>,
    );
    /// Forward mode.
    fn __ad_fwd_as_slice(
        &self,
        t: impl MaybeTangent<Self>,
    ) -> (Option<Vec<Self::Elem>>, Option<Vec<Self::Elem>>);
    /// Second order (linear).
    fn __ad_hvp_as_slice(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Option<Vec<Self::Elem>>, Second<Option<Vec<Self::Elem>>>);
}

for_each_float! {
impl<D: Dimension> ArrayAsSlice for A<D> {
    type Elem = Float;
    fn __ad_vjp_as_slice(
        &self,
    ) -> (Option<Vec<Float>>, impl Fn(Option<Vec<Float>>) -> (Self,) + use<D>) {
        let shape = self.raw_dim();
        (self.as_slice().map(<[Float]>::to_vec), move |d: Option<Vec<Float>>| {
            let adjoint = d.and_then(|d| A::from_shape_vec(shape.clone(), d).ok());
            (adjoint.unwrap_or_else(|| A::zeros(shape.clone())),)
        })
    }
    fn __ad_fwd_as_slice(
        &self,
        t: impl MaybeTangent<Self>,
    ) -> (Option<Vec<Float>>, Option<Vec<Float>>) {
        let value = self.as_slice().map(<[Float]>::to_vec);
        let zero = || value.as_ref().map(|v| vec![0.0; v.len()]);
        let tangent = t.map_or(zero(), |t| t.as_slice().map(<[Float]>::to_vec));
        (value, tangent)
    }
    fn __ad_hvp_as_slice(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Option<Vec<Float>>, Second<Option<Vec<Float>>>) {
        let value = self.as_slice().map(<[Float]>::to_vec);
        let zero = || value.as_ref().map(|v| vec![0.0; v.len()]);
        let elements = |a: A<D>| a.as_slice().map(<[Float]>::to_vec);
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (elements(a), elements(b), elements(ab))
        });
        (value, tangent)
    }
}
}

/// `a`'s lanes along `axis` as the rows of a matrix, in the logical order of the other axes
/// (owned): what `map_axis` and `fold_axis` of an array of any dimension are lowered through
/// (`ad_compiler::lower::lanes`).
fn lanes_as_rows<F: Clone, D: Dimension>(a: &ndarray::Array<F, D>, axis: Axis) -> Array2<F> {
    let moved = lane_axis_last(a.raw_dim(), axis);
    let len = a.len_of(axis);
    let rows = a.len().checked_div(len).unwrap_or(0);
    let last = a.view().permuted_axes(moved);
    let standard = last.as_standard_layout().into_owned();
    standard
        .into_shape_with_order((rows, len))
        .expect("lanes as rows keep the number of elements")
}

/// The permutation of `dim`'s axes that puts `axis` last, the others in order.
fn lane_axis_last<D: Dimension>(dim: D, axis: Axis) -> D {
    let mut order = dim;
    let others = (0..order.ndim()).filter(|&k| k != axis.index());
    for (slot, k) in others.chain([axis.index()]).enumerate() {
        order[slot] = k;
    }
    order
}

/// The inverse of [`lanes_as_rows`]: rows back to an array of shape `shape`.
fn rows_as_lanes<F: Clone, D: Dimension>(
    rows: Array2<F>,
    shape: &D,
    axis: Axis,
) -> ndarray::Array<F, D> {
    let order = lane_axis_last(shape.clone(), axis);
    let mut moved = shape.clone();
    for (slot, &k) in order.slice().iter().enumerate() {
        moved[slot] = shape[k];
    }
    let mut inverse = order.clone();
    for (slot, &k) in order.slice().iter().enumerate() {
        inverse[k] = slot;
    }
    let standard = rows
        .into_shape_with_order(moved)
        .expect("lanes as rows keep the number of elements");
    standard
        .permuted_axes(inverse)
        .as_standard_layout()
        .into_owned()
}

/// `a.lanes_as_rows(axis)` (see `lanes_as_rows`), for generated code.
pub trait ArrayLanesAsRows {
    /// The rows.
    type Rows;
    /// The lanes along `axis` as rows.
    fn lanes_as_rows(&self, axis: Axis) -> Self::Rows;
}

for_each_float! {
impl<D: Dimension> ArrayLanesAsRows for A<D> {
    type Rows = Array2<Float>;
    fn lanes_as_rows(&self, axis: Axis) -> Array2<Float> {
        lanes_as_rows(self, axis)
    }
}
}

linear_method! {
    /// `a.lanes_as_rows(axis)`: a rearrangement of the elements.
    ///
    /// Original: `y = rows(a)` / Tangent: `ty = rows(ta)` / Adjoint: `adj[a] += rows⁻¹(adj[y])`.
    trait ArrayLanesAsRowsRule: lanes_as_rows, __ad_vjp_lanes_as_rows, __ad_fwd_lanes_as_rows, __ad_hvp_lanes_as_rows;
    impl [D: Dimension] for A<D> => Array2<Float>, capturing [D];
    (axis: Axis);
    forward |a| lanes_as_rows(a, axis);
    adjoint |d, shape| rows_as_lanes(d, shape, axis);
}
