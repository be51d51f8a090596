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

/// Sequences (slices and `Vec`s, by reference or not), whose cotangents may be prefixes.
///
/// Floats implement it too, with nothing to pad: an argument whose type rustc has not
/// inferred yet where its length is taken (a closure's parameter in an iterator chain) makes
/// method resolution take this trait's method, and it is most often a float.
pub trait Sequence {
    /// The number of elements.
    fn sequence_len(&self) -> usize;
}

impl<T> Sequence for [T] {
    fn sequence_len(&self) -> usize {
        self.len()
    }
}

impl<T> Sequence for Vec<T> {
    fn sequence_len(&self) -> usize {
        self.len()
    }
}

macro_rules! floats {
    ($($float:ty),*) => {$(
        impl Sequence for $float {
            fn sequence_len(&self) -> usize {
                0
            }
        }

        impl Pad<$float> for Padding {
            #[inline(always)]
            fn pad(&self, cotangent: $float) -> $float {
                cotangent
            }
        }
    )*};
}

floats!(f32, f64);

impl<T, const N: usize> Sequence for [T; N] {
    fn sequence_len(&self) -> usize {
        N
    }
}

impl<S: Sequence + ?Sized> Sequence for &S {
    fn sequence_len(&self) -> usize {
        (**self).sequence_len()
    }
}

impl<S: Sequence + ?Sized> Sequence for &mut S {
    fn sequence_len(&self) -> usize {
        (**self).sequence_len()
    }
}

/// The padding of a sequence argument: its length.
pub trait SequencePadding {
    /// The argument's length.
    fn padding(&self) -> Padding;
}

impl<X: Sequence + ?Sized> SequencePadding for LengthOf<'_, X> {
    #[inline(always)]
    fn padding(&self) -> Padding {
        Padding(self.0.sequence_len())
    }
}

/// The padding of any other argument: none.
pub trait OtherPadding {
    /// No padding.
    fn padding(&self) -> NoPadding;
}

impl<X: ?Sized> OtherPadding for &LengthOf<'_, X> {
    #[inline(always)]
    fn padding(&self) -> NoPadding {
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
    /// `cotangent` at its full length; a length-less zero stays one (generated code adds it
    /// as zero).
    fn pad(&self, cotangent: C) -> C;

    /// `cotangent` at its full length, a length-less zero included: what the user is given.
    fn pad_full(&self, cotangent: C) -> C {
        self.pad(cotangent)
    }
}

impl<T: TangentVector> Pad<Vec<T>> for Padding {
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
    #[inline(always)]
    fn pad(&self, cotangent: [T; N]) -> [T; N] {
        cotangent
    }
}

impl Pad<NoTangent> for Padding {
    #[inline(always)]
    fn pad(&self, cotangent: NoTangent) -> NoTangent {
        cotangent
    }
}

impl<C> Pad<C> for NoPadding {
    #[inline(always)]
    fn pad(&self, cotangent: C) -> C {
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
    }
}
