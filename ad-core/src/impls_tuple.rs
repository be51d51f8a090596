//! Tuples up to twelve elements and `Option`, differentiated component-wise; a tuple's tangent is the tuple of
//! the components' tangents.

use crate::{Differentiable, TangentVector};

macro_rules! tuple_impls {
    ($( ($($t:ident $i:tt),+) )*) => {$(
        impl<$($t: TangentVector),+> TangentVector for ($($t,)+) {
            fn zero_vector() -> Self {
                ($($t::zero_vector(),)+)
            }
            fn add_assign(&mut self, other: Self) {
                $( self.$i.add_assign(other.$i); )+
            }
            fn scaled(self, factor: f64) -> Self {
                ($( self.$i.scaled(factor), )+)
            }
        }

        impl<$($t: Differentiable),+> Differentiable for ($($t,)+) {
            type TangentVector = ($($t::TangentVector,)+);
            fn move_by(&mut self, t: &Self::TangentVector) {
                $( self.$i.move_by(&t.$i); )+
            }
            fn zero_tangent(&self) -> Self::TangentVector {
                ($( self.$i.zero_tangent(), )+)
            }
        }
    )*};
}

for_each_tuple_arity!(tuple_impls);

/// `Option<T>` carries a value that may be absent (a `break` value or a `return` value
/// set inside a loop): its tangent is an optional tangent, `None` being zero.
impl<T: TangentVector> TangentVector for Option<T> {
    fn zero_vector() -> Self {
        None
    }
    fn add_assign(&mut self, other: Self) {
        match (self.as_mut(), other) {
            (_, None) => {}
            (Some(a), Some(b)) => a.add_assign(b),
            (None, b) => *self = b,
        }
    }
    fn scaled(self, factor: f64) -> Self {
        self.map(|t| t.scaled(factor))
    }
}

impl<T: Differentiable> Differentiable for Option<T> {
    type TangentVector = Option<T::TangentVector>;
    fn move_by(&mut self, t: &Self::TangentVector) {
        if let (Some(x), Some(dx)) = (self.as_mut(), t) {
            x.move_by(dx);
        }
    }
    fn zero_tangent(&self) -> Self::TangentVector {
        self.as_ref().map(T::zero_tangent)
    }
}
