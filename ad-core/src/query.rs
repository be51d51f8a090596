//! Checks that a method the macro reads as a query of size (`len`, `shape`, `dim`, `nrows`,
//! ...) did not return a float, and that one it reads as a float's rounding (`floor`, ...)
//! was called on a float.
//!
//! The macro sees no types: `v.len()` is taken for the length of a sequence, whose result
//! carries no derivative. A method of the user's with such a name that returns a float
//! (`fn len(self) -> f64`, a vector's norm) would then lose its derivative without a word,
//! a wrong gradient. So the generated code checks each query's result:
//! `discrete_query((&Query(&r)).query_kind())`. Method lookup takes the `f64`/`f32` impl,
//! which says [`AFloat`], before it takes a reference to reach the impl for everything else,
//! which says `()`; `discrete_query` accepts only `()`, and rustc reports a float with
//! [`QueryResultWithoutDerivative`]'s message. A rounding is checked the other way round: its
//! result is a float, and its receiver must be one (any `num_traits::Float`, also a type
//! parameter bounded by it), or the call is reported with [`RoundingOfAFloat`]'s message.

/// A query's result, for the check.
pub struct Query<'a, T: ?Sized>(pub &'a T);

/// What the check found: a float.
pub struct AFloat;

/// A query that returned a float.
pub trait FloatResult {
    /// [`AFloat`].
    fn query_kind(&self) -> AFloat;
}

impl FloatResult for Query<'_, f64> {
    #[inline(always)]
    fn query_kind(&self) -> AFloat {
        AFloat
    }
}

impl FloatResult for Query<'_, f32> {
    #[inline(always)]
    fn query_kind(&self) -> AFloat {
        AFloat
    }
}

/// A query that returned anything else.
pub trait OtherResult {
    /// `()`.
    fn query_kind(&self);
}

impl<T: ?Sized> OtherResult for &Query<'_, T> {
    #[inline(always)]
    fn query_kind(&self) {}
}

/// The result of a query that carries no derivative: anything but a float.
#[diagnostic::on_unimplemented(
    message = "this method returns a float, but its name is one of a query of size (`len`, `shape`, `dim`, `ndim`, `nrows`, `ncols`, `len_of`), whose result `#[differentiable]` takes to carry no derivative",
    label = "read as a query, so no derivative would flow through this call",
    note = "rename the method (`length`, `norm`), or call it by its type's path, `Type::len(x)`, which is differentiated like any function"
)]
pub trait QueryResultWithoutDerivative {}

impl QueryResultWithoutDerivative for () {}

/// Accepts the kind of a query's result when it is not a float.
#[inline(always)]
pub fn discrete_query<K: QueryResultWithoutDerivative>(_kind: K) {}

/// A rounding (`floor`, `ceil`, `round`, `round_ties_even`, `trunc`) called on a float: its
/// result carries no derivative, as the macro takes it.
pub trait RoundedFloat {
    /// `()`.
    fn rounding_kind(&self);
}

impl<T: num_traits::Float> RoundedFloat for Query<'_, T> {
    #[inline(always)]
    fn rounding_kind(&self) {}
}

/// A method named like a rounding, called on anything else (a method of the user's).
pub trait RoundedOther {
    /// [`NotAFloat`].
    fn rounding_kind(&self) -> NotAFloat;
}

impl<T: ?Sized> RoundedOther for &Query<'_, T> {
    #[inline(always)]
    fn rounding_kind(&self) -> NotAFloat {
        NotAFloat
    }
}

/// What the check of a rounding found: a receiver that is not a float.
pub struct NotAFloat;

/// The receiver of a rounding, when it is a float.
#[diagnostic::on_unimplemented(
    message = "this method is not called on a float, but its name is one of a float's rounding (`floor`, `ceil`, `round`, `round_ties_even`, `trunc`), whose result `#[differentiable]` takes to carry no derivative",
    label = "read as a rounding, so no derivative would flow through this call",
    note = "rename the method, or call it by its type's path, `Type::floor(x)`, which is differentiated like any function"
)]
pub trait RoundingOfAFloat {}

impl RoundingOfAFloat for () {}

/// Accepts the kind of a rounding's receiver when it is a float.
#[inline(always)]
pub fn discrete_rounding<K: RoundingOfAFloat>(_kind: K) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_of_integers_and_flags_pass() {
        discrete_query((&Query(&3usize)).query_kind());
        discrete_query((&Query(&true)).query_kind());
        discrete_query((&Query(&(2usize, 3usize))).query_kind());
        let shape: &[usize] = &[2, 3];
        discrete_query((&Query(shape)).query_kind());
    }

    #[test]
    fn roundings_of_floats_pass() {
        discrete_rounding((&Query(&2.5f64)).rounding_kind());
        discrete_rounding((&Query(&2.5f32)).rounding_kind());
        fn generic<T: num_traits::Float>(x: T) {
            discrete_rounding((&Query(&x)).rounding_kind());
        }
        generic(1.5f64);
    }
}
