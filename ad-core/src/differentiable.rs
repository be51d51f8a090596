//! The two traits of differentiable programming: a value that can be differentiated
//! ([`Differentiable`]) and the space its derivatives live in ([`TangentVector`]).

/// A vector space of derivatives: the tangent (forward mode) or cotangent (reverse mode) of
/// some [`Differentiable`] type.
///
/// [`zero`](TangentVector::zero_vector) is the additive identity. Tangents whose size is only known
/// at run time (`Vec`, ndarray arrays) return an *empty* value there, and
/// [`add_assign`](TangentVector::add_assign) treats an empty operand as zero, so a zero never
/// has to know the shape it stands for.
///
/// A *prefix* cotangent is the one other short form: the cotangent a free function's reverse
/// derivative returns for a borrowed slice or `Vec` parameter it reads only element by element
/// (`x[i]`) stops after the last element it read, the rest being zero. A C-style caller passes the tail of a long
/// buffer (`&points[i * d..]`) to a helper that reads `d` elements; a full-length cotangent
/// would make each call cost the tail's length. `add_assign` pads the shorter side, the
/// range reads' adjoints (`IndexAdjoint`) take a prefix, and a caller that needs the full
/// length pads it ([`crate::prefix::pad_to`]), as do the operators that
/// hand a gradient to the user.
pub trait TangentVector: Clone + std::fmt::Debug + PartialEq + Sized {
    /// The additive identity (a length-less zero for run-time sized tangents).
    fn zero_vector() -> Self;

    /// `self += other`.
    fn add_assign(&mut self, other: Self);

    /// `self * factor`, the scalar multiplication of the vector space.
    fn scaled(self, factor: f64) -> Self;

    /// `self + other`, by value.
    fn add(mut self, other: Self) -> Self {
        self.add_assign(other);
        self
    }

    /// A zero of `len` components, for a sequence; the zero otherwise.
    fn zero_of_len(_len: usize) -> Self {
        Self::zero_vector()
    }

    /// Whether this is a scalar (`f32`, `f64`), whose zero has no shape.
    fn is_scalar() -> bool {
        false
    }
}

/// A zero tangent to be made later, as cheaply kept as possible: for a sequence of scalars
/// only its length, otherwise the zero itself. A pullback keeps one per differentiated
/// parameter (taken before the parameter may be moved) to start a gradient accumulator or
/// to return a zero, so a parameter of a million floats costs one allocation, not two and a
/// copy.
#[derive(Clone, Debug)]
pub struct ZeroShape<T> {
    zero: Option<T>,
    len: usize,
}

impl<T: TangentVector> ZeroShape<T> {
    /// The shape of `zero`.
    pub fn of(zero: T) -> Self {
        ZeroShape {
            zero: Some(zero),
            len: 0,
        }
    }

    /// The shape of a sequence of `len` scalars.
    pub fn of_len(len: usize) -> Self {
        ZeroShape { zero: None, len }
    }

    /// A zero of the first `len` elements for a sequence of scalars (a prefix, see
    /// [`TangentVector`]): the adjoint of a parameter read only as far as `len`, or its
    /// cotangent when nothing was added to it (`len` 0). [`zeros`](Self::zeros) otherwise.
    pub fn prefix(&self, len: usize) -> T {
        match &self.zero {
            Some(zero) => zero.clone(),
            None => T::zero_of_len(len.min(self.len)),
        }
    }

    /// A zero of this shape.
    pub fn zeros(&self) -> T {
        match &self.zero {
            Some(zero) => zero.clone(),
            None => T::zero_of_len(self.len),
        }
    }
}

/// A type whose values can be differentiated: it has a [`TangentVector`] type and can be moved
/// along a tangent (`x.move_by(&t)` is `x += t`, the step of a gradient-descent update).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not differentiable",
    label = "derivatives are taken through a value of type `{Self}` here",
    note = "for a struct or enum of yours, add `#[derive(Differentiable)]`; for a type parameter, bound it by a trait marked `#[differentiable]` (or by `Differentiable`); for a parameter that should stay constant, leave it out of `wrt = (..)`; for a value, wrap it in `no_grad(..)`"
)]
pub trait Differentiable {
    /// The type of this type's derivatives.
    type TangentVector: TangentVector;

    /// Moves `self` along `t`: `self += t` for vector-like types.
    fn move_by(&mut self, t: &Self::TangentVector);

    /// A zero tangent shaped like `self` (same length for vectors, same shape for arrays).
    fn zero_tangent(&self) -> Self::TangentVector;

    /// What makes [`zero_tangent`](Self::zero_tangent) later (see [`ZeroShape`]).
    fn zero_shape(&self) -> ZeroShape<Self::TangentVector> {
        ZeroShape::of(self.zero_tangent())
    }
}

/// The tangent type of `T`: shorthand for `<T as Differentiable>::TangentVector`.
pub type Tangent<T> = <T as Differentiable>::TangentVector;
