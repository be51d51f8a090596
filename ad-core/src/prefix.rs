//! Padding prefix cotangents (see [`TangentVector`]) to their argument's length, where a
//! caller needs the whole length: the generated caller of a function that may return a
//! prefix, and the operators that hand a gradient to the user.
//!
//! The generated code takes `(&LengthOf(&argument)).padding()` before the call, which is a
//! [`Padding`] for a slice or `Vec` (method resolution prefers [`SequencePadding`], whose
//! receiver needs no auto-reference) and [`NoPadding`] for anything else, then gives each
//! cotangent the pullback returns to [`Pad::pad`].

use crate::{NoTangent, TangentVector};

/// An argument whose length is asked for.
pub struct LengthOf<'a, X: ?Sized>(pub &'a X);

/// Pad to this many elements.
#[derive(Clone, Copy, Debug)]
pub struct Padding(usize);

/// Nothing to pad: the argument is not a sequence.
#[derive(Clone, Copy, Debug)]
pub struct NoPadding;

/// Pad to an array of `N` elements: an array lent to a function that takes a slice
/// (`sqsum(&p)` of `p: [f64; 2]`), whose cotangent is a `Vec` and whose adjoint an array.
#[derive(Clone, Copy, Debug)]
pub struct ArrayPadding<const N: usize>;

/// Sequences (slices and `Vec`s, by reference or not), whose cotangents may be prefixes, and
/// arrays, whose cotangents from a slice parameter are made arrays again.
///
/// Floats implement it too, with nothing to pad: an argument whose type rustc has not
/// inferred yet where its length is taken (a closure's parameter in an iterator chain) makes
/// method resolution take this trait's method, and it is most often a float.
pub trait Sequence {
    /// How a cotangent of it is padded: [`Padding`], or [`ArrayPadding`] for an array.
    type Padding;
    /// The padding of this sequence.
    fn sequence_padding(&self) -> Self::Padding;
    /// The number of elements.
    fn sequence_len(&self) -> usize;
}

impl<T> Sequence for [T] {
    type Padding = Padding;
    fn sequence_padding(&self) -> Padding {
        Padding(self.len())
    }
    fn sequence_len(&self) -> usize {
        self.len()
    }
}

impl<T> Sequence for Vec<T> {
    type Padding = Padding;
    fn sequence_padding(&self) -> Padding {
        Padding(self.len())
    }
    fn sequence_len(&self) -> usize {
        self.len()
    }
}

macro_rules! floats {
    ($($float:ty),*) => {$(
        impl Sequence for $float {
            type Padding = Padding;
            fn sequence_padding(&self) -> Padding {
                Padding(0)
            }
            fn sequence_len(&self) -> usize {
                0
            }
        }

        impl Pad<$float> for Padding {
            type Padded = $float;
            #[inline(always)]
            fn pad(&self, cotangent: $float) -> $float {
                cotangent
            }
        }
    )*};
}

floats!(f32, f64);

impl<T, const N: usize> Sequence for [T; N] {
    type Padding = ArrayPadding<N>;
    fn sequence_padding(&self) -> ArrayPadding<N> {
        ArrayPadding
    }
    fn sequence_len(&self) -> usize {
        N
    }
}

impl<S: Sequence + ?Sized> Sequence for &S {
    type Padding = S::Padding;
    fn sequence_padding(&self) -> S::Padding {
        (**self).sequence_padding()
    }
    fn sequence_len(&self) -> usize {
        (**self).sequence_len()
    }
}

impl<S: Sequence + ?Sized> Sequence for &mut S {
    type Padding = S::Padding;
    fn sequence_padding(&self) -> S::Padding {
        (**self).sequence_padding()
    }
    fn sequence_len(&self) -> usize {
        (**self).sequence_len()
    }
}

/// The padding of a sequence argument: its length (an array's, its type).
pub trait SequencePadding {
    /// How the argument's cotangent is padded.
    type Padding;
    /// The argument's padding, for generated code (an array's cotangent is an array).
    fn padding(&self) -> Self::Padding;
    /// The argument's padding, for the user (the gradient of `&v` given to a slice
    /// parameter is the slice's, a `Vec`, whatever `v` is).
    fn user_padding(&self) -> Padding;
}

impl<X: Sequence + ?Sized> SequencePadding for LengthOf<'_, X> {
    type Padding = X::Padding;
    #[inline(always)]
    fn padding(&self) -> X::Padding {
        self.0.sequence_padding()
    }
    #[inline(always)]
    fn user_padding(&self) -> Padding {
        Padding(self.0.sequence_len())
    }
}

/// The padding of any other argument: none.
pub trait OtherPadding {
    /// No padding.
    fn padding(&self) -> NoPadding;
    /// No padding.
    fn user_padding(&self) -> NoPadding;
}

impl<X: ?Sized> OtherPadding for &LengthOf<'_, X> {
    #[inline(always)]
    fn padding(&self) -> NoPadding {
        NoPadding
    }
    #[inline(always)]
    fn user_padding(&self) -> NoPadding {
        NoPadding
    }
}

/// `tangent` padded with zeros to `len` elements, for a caller that needs the whole length of
/// a prefix cotangent (see `TangentVector`). A length-less zero stays one.
pub fn pad_to<T: TangentVector>(mut tangent: Vec<T>, len: usize) -> Vec<T> {
    if !tangent.is_empty() && tangent.len() < len {
        tangent.resize(len, T::zero_vector());
    }
    tangent
}

/// Pads a cotangent `C`.
pub trait Pad<C> {
    /// The padded cotangent: `C`, or the array an array's `Vec` cotangent becomes.
    type Padded;

    /// `cotangent` at its full length; a length-less zero stays one (generated code adds it
    /// as zero).
    fn pad(&self, cotangent: C) -> Self::Padded;

    /// `cotangent` at its full length, a length-less zero included: what the user is given.
    fn pad_full(&self, cotangent: C) -> Self::Padded {
        self.pad(cotangent)
    }
}

impl<T: TangentVector> Pad<Vec<T>> for Padding {
    type Padded = Vec<T>;
    #[inline(always)]
    fn pad(&self, cotangent: Vec<T>) -> Vec<T> {
        pad_to(cotangent, self.0)
    }

    fn pad_full(&self, mut cotangent: Vec<T>) -> Vec<T> {
        if cotangent.len() < self.0 {
            cotangent.resize(self.0, T::zero_vector());
        }
        cotangent
    }
}

/// An array lent to a function that takes an array: its cotangent has its length.
impl<T, const N: usize> Pad<[T; N]> for Padding {
    type Padded = [T; N];
    #[inline(always)]
    fn pad(&self, cotangent: [T; N]) -> [T; N] {
        cotangent
    }
}

impl Pad<NoTangent> for Padding {
    type Padded = NoTangent;
    #[inline(always)]
    fn pad(&self, cotangent: NoTangent) -> NoTangent {
        cotangent
    }
}

impl<C> Pad<C> for NoPadding {
    type Padded = C;
    #[inline(always)]
    fn pad(&self, cotangent: C) -> C {
        cotangent
    }
}

/// An array lent to a function that takes a slice: the slice's cotangent (a prefix, or a
/// length-less zero) as an array, zeros after what it holds.
///
/// Original: `ys = &p[..]` (the array as a slice) / Tangent: `tys = tp[..]` /
/// Adjoint: `adj[p][k] += adj[ys][k]` (zero past the prefix the callee returned).
impl<T: TangentVector, const N: usize> Pad<Vec<T>> for ArrayPadding<N> {
    type Padded = [T; N];
    #[inline(always)]
    fn pad(&self, cotangent: Vec<T>) -> [T; N] {
        let mut items = cotangent.into_iter();
        core::array::from_fn(|_| items.next().unwrap_or_else(T::zero_vector))
    }
}

/// An array lent to a function that takes an array: its cotangent is one.
impl<T, const N: usize> Pad<[T; N]> for ArrayPadding<N> {
    type Padded = [T; N];
    #[inline(always)]
    fn pad(&self, cotangent: [T; N]) -> [T; N] {
        cotangent
    }
}

impl<const N: usize> Pad<NoTangent> for ArrayPadding<N> {
    type Padded = NoTangent;
    #[inline(always)]
    fn pad(&self, cotangent: NoTangent) -> NoTangent {
        cotangent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sequence_is_padded_to_its_length_and_anything_else_is_left() {
        let xs = vec![1.0, 2.0, 3.0];
        let padding = (&LengthOf(&&xs[..])).padding();
        assert_eq!(padding.pad(vec![0.5]), vec![0.5, 0.0, 0.0]);
        // A length-less zero stays one.
        assert_eq!(padding.pad(Vec::<f64>::new()), Vec::<f64>::new());
        // Except for the user.
        assert_eq!(padding.pad_full(Vec::<f64>::new()), vec![0.0; 3]);
        let scalar = 2.0_f64;
        assert_eq!((&LengthOf(&scalar)).padding().pad(4.0), 4.0);
        // An array's cotangent from a slice parameter is an array again.
        let array = [1.0, 2.0, 3.0];
        assert_eq!(
            (&LengthOf(&&array)).padding().pad(vec![0.5]),
            [0.5, 0.0, 0.0]
        );
        assert_eq!((&LengthOf(&array)).padding().pad([1.0; 3]), [1.0; 3]);
    }
}
