//! The tangent of values that cannot vary: integers, `bool`, `char`, and parameters that are
//! not differentiated.

use crate::{Differentiable, TangentVector};

/// The zero-sized tangent of a constant. Every operation on it is free, so generated code may
/// over-approximate which values are active without paying for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoTangent;

impl TangentVector for NoTangent {
    fn zero_vector() -> Self {
        NoTangent
    }
    fn add_assign(&mut self, _other: Self) {}
    fn scaled(self, _factor: f64) -> Self {
        NoTangent
    }
}

macro_rules! constant_types {
    ($($t:ty),* $(,)?) => {$(
        impl Differentiable for $t {
            type TangentVector = NoTangent;
            fn move_by(&mut self, _t: &NoTangent) {}
            fn zero_tangent(&self) -> NoTangent {
                NoTangent
            }
        }
    )*};
}

constant_types!(
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    bool,
    char,
    (),
    str,
    String,
    NoTangent
);
