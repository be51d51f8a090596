//! `Result<T, E>` as a differentiable value, as `#[derive(Differentiable)]` makes an enum of
//! one (see `ad-compiler`'s `frontend::derive_enum`): a constant tag (which variant) plus the
//! payload, whose tangent is [`ResultTangentVector`], one slot per variant. Differentiable
//! code binds the payloads (`Ok(v) =>`, `Err(e) =>`) and builds them (`Ok(x)`) through the
//! [`FieldTangent`] keys `Ok::0` and `Err::0`.

use crate::basis::Basis;
use crate::field::{FieldTangent, field_key};
use crate::{Differentiable, TangentVector};

/// The tangent of a `Result<T, E>`: the tangent of the `Ok` payload and of the `Err`
/// payload (the one of the variant the value does not hold stays zero).
#[derive(Clone, Debug, PartialEq)]
pub struct ResultTangentVector<T, E> {
    /// The tangent of the `Ok` payload.
    pub ok: (T,),
    /// The tangent of the `Err` payload.
    pub err: (E,),
}

impl<T: TangentVector, E: TangentVector> TangentVector for ResultTangentVector<T, E> {
    fn zero_vector() -> Self {
        ResultTangentVector {
            ok: TangentVector::zero_vector(),
            err: TangentVector::zero_vector(),
        }
    }
    fn add_assign(&mut self, other: Self) {
        self.ok.add_assign(other.ok);
        self.err.add_assign(other.err);
    }
    fn scaled(self, factor: f64) -> Self {
        ResultTangentVector {
            ok: self.ok.scaled(factor),
            err: self.err.scaled(factor),
        }
    }
}

impl<T: Basis, E: Basis> Basis for ResultTangentVector<T, E> {
    fn components(&self, out: &mut Vec<f64>) {
        self.ok.components(out);
        self.err.components(out);
    }
    fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
        self.ok.set_components(input);
        self.err.set_components(input);
    }
}

impl<T: Differentiable, E: Differentiable> Differentiable for Result<T, E> {
    type TangentVector = ResultTangentVector<T::TangentVector, E::TangentVector>;
    fn move_by(&mut self, t: &Self::TangentVector) {
        match self {
            Ok(v) => v.move_by(&t.ok.0),
            Err(e) => e.move_by(&t.err.0),
        }
    }
    fn zero_tangent(&self) -> Self::TangentVector {
        let mut zero: Self::TangentVector = TangentVector::zero_vector();
        match self {
            Ok(v) => zero.ok.0 = v.zero_tangent(),
            Err(e) => zero.err.0 = e.zero_tangent(),
        }
        zero
    }
}

impl<T: TangentVector, E: TangentVector> FieldTangent<{ field_key("Ok::0") }>
    for ResultTangentVector<T, E>
{
    type Field = T;
    fn from_field(field: T) -> Self {
        let mut t: Self = TangentVector::zero_vector();
        t.ok.0 = field;
        t
    }
    fn field(&self) -> T {
        self.ok.0.clone()
    }
    fn without_field(mut self) -> Self {
        self.ok.0 = TangentVector::zero_vector();
        self
    }
}

impl<T: TangentVector, E: TangentVector> FieldTangent<{ field_key("Err::0") }>
    for ResultTangentVector<T, E>
{
    type Field = E;
    fn from_field(field: E) -> Self {
        let mut t: Self = TangentVector::zero_vector();
        t.err.0 = field;
        t
    }
    fn field(&self) -> E {
        self.err.0.clone()
    }
    fn without_field(mut self) -> Self {
        self.err.0 = TangentVector::zero_vector();
        self
    }
}

/// The tangent of a value that `.unwrap()` opens: an `Option`'s (`Option<T>`) or a
/// `Result`'s ([`ResultTangentVector`]), so that `f(x).unwrap()` of a function returning
/// either is differentiated alike.
///
/// ```text
/// Original: y = o.unwrap()
/// Tangent:  ty = to.unwrap()        (the payload's tangent: `Some`'s, `Ok`'s)
/// Adjoint:  adj[o] += wrap(adj[y])  (`Some(adj[y])`; `Ok`'s slot, `Err`'s zero)
/// ```
pub trait UnwrapTangent {
    /// The payload's tangent.
    type Payload;
    /// The payload's tangent of this tangent.
    fn unwrap_tangent(self) -> Self::Payload;
    /// The tangent holding `payload` where `.unwrap()` found its value.
    fn wrap_tangent(payload: Self::Payload) -> Self;
}

impl<T> UnwrapTangent for Option<T> {
    type Payload = T;
    #[inline(always)]
    fn unwrap_tangent(self) -> T {
        // A `None` tangent stands for a value `.unwrap()` would have panicked on.
        self.expect("the tangent of a value `.unwrap()` opened")
    }
    #[inline(always)]
    fn wrap_tangent(payload: T) -> Self {
        Some(payload)
    }
}

impl<T, E: TangentVector> UnwrapTangent for ResultTangentVector<T, E> {
    type Payload = T;
    #[inline(always)]
    fn unwrap_tangent(self) -> T {
        self.ok.0
    }
    #[inline(always)]
    fn wrap_tangent(payload: T) -> Self {
        ResultTangentVector {
            ok: (payload,),
            err: (E::zero_vector(),),
        }
    }
}
