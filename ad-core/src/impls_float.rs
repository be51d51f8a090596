//! `f32` and `f64`: the scalars, each its own tangent space.

use crate::{Differentiable, TangentVector};

macro_rules! float_impls {
    ($($t:ty),*) => {$(
        impl TangentVector for $t {
            fn zero_vector() -> Self {
                0.0
            }
            fn add_assign(&mut self, other: Self) {
                *self += other;
            }
            fn scaled(self, factor: f64) -> Self {
                self * factor as $t
            }
            fn is_scalar() -> bool {
                true
            }
        }

        impl Differentiable for $t {
            type TangentVector = $t;
            fn move_by(&mut self, t: &$t) {
                *self += *t;
            }
            fn zero_tangent(&self) -> $t {
                0.0
            }
        }
    )*};
}

float_impls!(f32, f64);
