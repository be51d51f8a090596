//! Reading one element of a sequence (`xs[i]`, or `a[[i, j]]` of an ndarray array) in
//! differentiated code.
//!
//! Original: `y = xs[i]` / Tangent: `ty = txs[i]` / Adjoint: `adj[xs][i] += adj[y]`.
//!
//! The pullback of a read is just the position read and the sequence's length
//! ([`IndexPullback`]); [`accumulate_at`] adds the cotangent into that one element of the
//! sequence's adjoint, allocating the adjoint (zeros) only on the first read. A loop over
//! `n` elements therefore costs O(n) in total, never a dense temporary per read.

use crate::TangentVector;

/// The position read by `xs[i]` (or `a[[i, j]]`), and the shape of `xs` (its length, or
/// an ndarray's dimension) to size its adjoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexPullback<S = usize, I = usize> {
    shape: S,
    index: I,
}

impl<S, I> IndexPullback<S, I> {
    /// The read of element `index` of a sequence of shape `shape`.
    #[inline(always)]
    pub fn new(shape: S, index: I) -> Self {
        IndexPullback { shape, index }
    }
}

/// The shape of an indexed sequence, as its adjoint needs it: a length, or a dimension.
pub trait IndexShape {
    /// A length or an ndarray dimension.
    type Shape;
    /// `self`'s shape.
    fn index_shape(&self) -> Self::Shape;
}

impl<T> IndexShape for Vec<T> {
    type Shape = usize;
    fn index_shape(&self) -> usize {
        self.len()
    }
}

impl<T, const N: usize> IndexShape for [T; N] {
    type Shape = usize;
    fn index_shape(&self) -> usize {
        N
    }
}

impl<T> IndexShape for [T] {
    type Shape = usize;
    fn index_shape(&self) -> usize {
        self.len()
    }
}

impl<T: IndexShape + ?Sized> IndexShape for &T {
    type Shape = T::Shape;
    fn index_shape(&self) -> T::Shape {
        (**self).index_shape()
    }
}

impl<T, D: ndarray::Dimension> IndexShape for ndarray::Array<T, D> {
    type Shape = D;
    fn index_shape(&self) -> D {
        self.raw_dim()
    }
}

/// Tangents of sequences that can take a contribution to one element, at index type `I`,
/// sized by shape `S`.
pub trait IndexAdjoint<T, S = usize, I = usize>: Sized {
    /// The zero tangent of a sequence of shape `shape`.
    fn zeros(shape: &S) -> Self;
    /// `self[index] += value` for a sequence of shape `shape`, sizing a length-less zero (see
    /// `TangentVector`) first.
    fn add_at_sized(&mut self, shape: &S, index: &I, value: T);

    /// `self[index] += value` into an adjoint known to have its shape (a parameter's, started
    /// from its zero tangent and only ever added to): no test for a length-less zero.
    #[inline(always)]
    fn add_at_shaped(&mut self, shape: &S, index: &I, value: T) {
        self.add_at_sized(shape, index, value);
    }
}

impl<T: TangentVector> IndexAdjoint<T> for Vec<T> {
    fn zeros(len: &usize) -> Self {
        (0..*len).map(|_| T::zero_vector()).collect()
    }
    // Inlined into every reverse loop that writes an element's adjoint: out of line, the
    // call made the logsumexp gradient 1.55x the hand-written one instead of 1.25x.
    #[inline(always)]
    fn add_at_sized(&mut self, len: &usize, index: &usize, value: T) {
        if self.is_empty() {
            *self = <Self as IndexAdjoint<T>>::zeros(len);
        }
        self[*index].add_assign(value);
    }
    // The GMM gradient's innermost reverse loop adds into two parameters' adjoints: without
    // the test its reverse pass took 1.3x the objective instead of 1.9x (`benches/gmm.rs`).
    // (A parameter's adjoint that is a prefix, see `TangentVector`, is as long as the primal
    // code read, so every addition falls inside it; an adjoint that could grow here would
    // keep LLVM from hoisting the bounds check out of the loop.)
    #[inline(always)]
    fn add_at_shaped(&mut self, _len: &usize, index: &usize, value: T) {
        self[*index].add_assign(value);
    }
}

impl<T: TangentVector, const N: usize> IndexAdjoint<T> for [T; N] {
    fn zeros(_len: &usize) -> Self {
        std::array::from_fn(|_| T::zero_vector())
    }
    #[inline(always)]
    fn add_at_sized(&mut self, _len: &usize, index: &usize, value: T) {
        self[*index].add_assign(value);
    }
}

/// A range read `&xs[a..b]` (any range form) of a `Vec` or a slice, given to a function
/// that takes a slice: its cotangent, a `Vec` of the range's length, adds into those
/// positions.
///
/// Original: `ys = xs[a..b]` / Tangent: `tys = txs[a..b]` / Adjoint: `adj[xs][a + k] += adj[ys][k]`.
macro_rules! range_index_adjoint {
    ($($range:ty),*) => {$(
        impl<T: TangentVector> IndexAdjoint<Vec<T>, usize, $range> for Vec<T> {
            fn zeros(len: &usize) -> Self {
                <Self as IndexAdjoint<T>>::zeros(len)
            }
            fn add_at_sized(&mut self, len: &usize, range: &$range, value: Vec<T>) {
                if self.is_empty() {
                    *self = <Self as IndexAdjoint<T>>::zeros(len);
                }
                // `value` may be a prefix of the range's length (see `TangentVector`).
                for (slot, v) in self[range.clone()].iter_mut().zip(value) {
                    slot.add_assign(v);
                }
            }
        }

        /// The same for an array (`&p[1..]` of `p: [f64; 3]`).
        impl<T: TangentVector, const N: usize> IndexAdjoint<Vec<T>, usize, $range> for [T; N] {
            fn zeros(len: &usize) -> Self {
                <Self as IndexAdjoint<T>>::zeros(len)
            }
            fn add_at_sized(&mut self, _len: &usize, range: &$range, value: Vec<T>) {
                for (slot, v) in self[range.clone()].iter_mut().zip(value) {
                    slot.add_assign(v);
                }
            }
        }
    )*};
}

range_index_adjoint!(
    core::ops::Range<usize>,
    core::ops::RangeTo<usize>,
    core::ops::RangeFrom<usize>,
    core::ops::RangeInclusive<usize>,
    core::ops::RangeToInclusive<usize>,
    core::ops::RangeFull
);

macro_rules! array_index_adjoint {
    ($($t:ty),*) => {$(
        impl<D: ndarray::Dimension, I: ndarray::NdIndex<D> + Clone> IndexAdjoint<$t, D, I>
            for ndarray::Array<$t, D>
        {
            fn zeros(shape: &D) -> Self {
                ndarray::Array::zeros(shape.clone())
            }
            #[inline(always)]
            fn add_at_sized(&mut self, shape: &D, index: &I, value: $t) {
                if self.is_empty() {
                    *self = <Self as IndexAdjoint<$t, D, I>>::zeros(shape);
                }
                self[index.clone()] += value;
            }
            #[inline(always)]
            fn add_at_shaped(&mut self, _shape: &D, index: &I, value: $t) {
                self[index.clone()] += value;
            }
        }
    )*};
}

array_index_adjoint!(f32, f64);

/// `adj[xs][i] += value` into an adjoint that always exists (a parameter's, started from its
/// zero tangent, which has its shape and only ever receives additions: `add_into` keeps it).
#[inline(always)]
pub fn add_at<A: IndexAdjoint<T, S, I>, T, S, I>(
    adjoint: &mut A,
    read: &IndexPullback<S, I>,
    value: T,
) {
    adjoint.add_at_shaped(&read.shape, &read.index, value);
}

/// `adj[xs][i] += value`, creating `adj[xs]` as zeros on the first contribution. An adjoint
/// that is already a length-less zero (what a rule returns for a sequence it overwrote, such
/// as `fill`'s) is given its shape first: adding into it must not drop the value.
#[inline(always)]
pub fn accumulate_at<A: IndexAdjoint<T, S, I>, T, S, I>(
    adjoint: &mut Option<A>,
    read: &IndexPullback<S, I>,
    value: T,
) {
    adjoint
        .get_or_insert_with(|| A::zeros(&read.shape))
        .add_at_sized(&read.shape, &read.index, value);
}

/// [`take_at`] for an ndarray array written at `a[[i, j]] = y`: removes and returns the
/// element's cotangent, leaving zero there. A length-less zero gives a zero element.
pub fn take_at_nd<F, D, I>(adjoint: &mut ndarray::Array<F, D>, index: I) -> F
where
    F: Clone + num_traits::Zero,
    D: ndarray::Dimension,
    I: ndarray::NdIndex<D>,
{
    match adjoint.get_mut(index) {
        Some(element) => std::mem::replace(element, F::zero()),
        None => F::zero(),
    }
}

/// The adjoint of an element write `xs[i] = y`: removes and returns element `i` of the new
/// vector's adjoint (the cotangent of `y`), leaving zero there (the overwritten value
/// received nothing). A length-less zero gives a zero element.
///
/// Original: `xs' = xs with [i] = y` / Adjoint: `adj[y] += adj[xs'][i]; adj[xs] += adj[xs']`
/// with `[i] = 0`.
// Generic over the adjoint: its type comes from the caller ([`take_written`] infers it from the
// written vector's type).
pub fn take_at<T: TangentVector, A: ElementsMut<T>>(adjoint: &mut A, index: usize) -> T {
    match adjoint.element_mut(index) {
        Some(element) => std::mem::replace(element, T::zero_vector()),
        None => T::zero_vector(),
    }
}

/// The position `v[i] = y` wrote, typed with the vector `v`: the pullback of the write keeps
/// it, and [`take_written`] finds the type of `v`'s adjoint from it (a `Vec` or an array).
pub struct Written<V, I> {
    index: I,
    vector: std::marker::PhantomData<fn() -> V>,
}

impl<V, I: Clone> Clone for Written<V, I> {
    fn clone(&self) -> Self {
        Written {
            index: self.index.clone(),
            vector: std::marker::PhantomData,
        }
    }
}

impl<V, I: Copy> Copy for Written<V, I> {}

impl<V, I: Copy> Written<V, I> {
    /// The write of `vector[index]`.
    #[inline(always)]
    pub fn at(_vector: &V, index: I) -> Self {
        Written {
            index,
            vector: std::marker::PhantomData,
        }
    }

    /// The position written.
    #[inline(always)]
    pub fn index(&self) -> I {
        self.index
    }

    /// The write of the same vector's type at `index`: the reverse of a loop that writes at
    /// positions it recomputes keeps one record, made before the loop, and moves it.
    #[inline(always)]
    pub fn moved(&self, index: I) -> Self {
        Written {
            index,
            vector: std::marker::PhantomData,
        }
    }
}

/// [`take_at`] at the position of a write, into the adjoint of the written vector's type.
/// The position is a `usize`, or another index the adjoint takes (`(i, j)` of an nalgebra
/// matrix).
pub fn take_written<V, T, I: Copy>(adjoint: &mut V::TangentVector, at: &Written<V, I>) -> T
where
    V: crate::Differentiable,
    V::TangentVector: ElementsMut<T, I>,
    T: TangentVector,
{
    match adjoint.element_mut(at.index) {
        Some(element) => std::mem::replace(element, T::zero_vector()),
        None => T::zero_vector(),
    }
}

/// Adjoints whose elements a write `v[i] = y` takes: of a `Vec`, an array and a 1-D ndarray
/// array, at a `usize` (`None` past the end: a length-less zero has no elements); with the
/// `nalgebra` feature, of nalgebra's matrices at `i` or `(i, j)`.
pub trait ElementsMut<T, I = usize> {
    /// Element `index`, if there is one.
    fn element_mut(&mut self, index: I) -> Option<&mut T>;
}

impl<T> ElementsMut<T> for Vec<T> {
    fn element_mut(&mut self, index: usize) -> Option<&mut T> {
        self.get_mut(index)
    }
}

impl<T, const N: usize> ElementsMut<T> for [T; N] {
    fn element_mut(&mut self, index: usize) -> Option<&mut T> {
        self.get_mut(index)
    }
}

impl<F> ElementsMut<F> for ndarray::Array1<F> {
    fn element_mut(&mut self, index: usize) -> Option<&mut F> {
        self.get_mut(index)
    }
}

/// An ndarray array of any dimension at the multi-index of its dimension type, which is how
/// a write through a `Zip` or `azip!` names its element (`ad_core::flat`).
impl<F, D: ndarray::Dimension> ElementsMut<F, D> for ndarray::Array<F, D> {
    fn element_mut(&mut self, index: D) -> Option<&mut F> {
        self.get_mut(index)
    }
}

/// [`take_at`] for `m[i][j] = y` on a vector of vectors.
#[allow(clippy::ptr_arg)]
pub fn take_at2<T: TangentVector>(adjoint: &mut Vec<Vec<T>>, (i, j): (usize, usize)) -> T {
    match adjoint.get_mut(i) {
        Some(row) => take_at(row, j),
        None => T::zero_vector(),
    }
}

/// The adjoint of `xs.push(y)`: removes and returns the last element of the new vector's
/// adjoint (the cotangent of `y`); what remains is the adjoint of `xs`.
pub fn take_last<T: TangentVector>(adjoint: &mut Vec<T>) -> T {
    adjoint.pop().unwrap_or_else(T::zero_vector)
}

/// The adjoint of `vec![y; n]`: `adj[y] += Σ adj[v][k]`.
pub fn sum_elements<T: TangentVector>(adjoint: Vec<T>) -> T {
    adjoint
        .into_iter()
        .fold(T::zero_vector(), TangentVector::add)
}

/// The adjoint of element `k` of `vec![a, b, ..]`: `adj[v][k]` (zero for a length-less zero).
// `&Vec`, not `&[T]`: the adjoint's type is inferred from this call, and a slice parameter
// would make rustc infer an unsized `[T]` instead of the vector.
#[allow(clippy::ptr_arg)]
pub fn element<T: TangentVector>(adjoint: &Vec<T>, k: usize) -> T {
    adjoint.get(k).cloned().unwrap_or_else(T::zero_vector)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_accumulate_into_one_element_each() {
        let mut adjoint: Option<Vec<f64>> = None;
        accumulate_at(&mut adjoint, &IndexPullback::new(3, 1), 2.0);
        accumulate_at(&mut adjoint, &IndexPullback::new(3, 1), 0.5);
        accumulate_at(&mut adjoint, &IndexPullback::new(3, 2), 1.0);
        assert_eq!(adjoint, Some(vec![0.0, 2.5, 1.0]));
    }

    #[test]
    fn writes_hand_over_the_overwritten_element() {
        let mut adjoint = vec![1.0, 2.0, 3.0];
        assert_eq!(take_at(&mut adjoint, 1), 2.0);
        assert_eq!(adjoint, vec![1.0, 0.0, 3.0]);
        assert_eq!(take_at(&mut Vec::<f64>::new(), 4), 0.0);
        assert_eq!(take_last(&mut adjoint), 3.0);
        assert_eq!(sum_elements(adjoint), 1.0);
        let mut matrix = vec![vec![1.0, 2.0], vec![3.0, 4.0]];
        assert_eq!(take_at2(&mut matrix, (1, 0)), 3.0);
        assert_eq!(matrix, vec![vec![1.0, 2.0], vec![0.0, 4.0]]);
        assert_eq!(element(&vec![5.0, 6.0], 1), 6.0);
    }

    #[test]
    fn nested_sequences_start_from_length_less_zeros() {
        let mut adjoint: Option<Vec<Vec<f64>>> = None;
        accumulate_at(&mut adjoint, &IndexPullback::new(2, 1), vec![1.0, 2.0]);
        assert_eq!(adjoint, Some(vec![vec![], vec![1.0, 2.0]]));
    }
}

/// Sequences whose tangent has their length whatever its value: arrays. A struct's `Index`
/// impl differentiated as a projection (see `ad_compiler::frontend::index_impls`) indexes
/// its tangent's fields in place, which needs the zero tangent to hold the element: a
/// `Vec`'s zero tangent is empty.
#[diagnostic::on_unimplemented(
    message = "`#[differentiable]` on `index` reads elements of array fields, and `{Self}` is not an array",
    label = "an element of a field of type `{Self}`",
    note = "an element of a `Vec` field has no place in the field's zero tangent (an empty `Vec`): index the `Vec` where the element is used (`g.values[k]`), or register the derivative of a function that reads the element by value with `#[derivative(of = ..)]`"
)]
pub trait FixedLength {}

impl<T, const N: usize> FixedLength for [T; N] {}

/// Checks at compile time that `field` is an array (see [`FixedLength`]); does nothing.
#[inline(always)]
pub fn fixed_length<A: FixedLength>(_field: &A) {}
