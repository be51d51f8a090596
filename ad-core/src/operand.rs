//! Operands of derivative rules are owned values.
//!
//! A rule's pullback keeps what it needs and must not borrow the function's locals (the
//! pullback outlives them), so generated code passes each operand of a rule through
//! [`Operand::operand`]: owned values pass unchanged (free), references are copied or cloned.

/// A value, or a reference to one, turned into the owned value a rule takes.
pub trait Operand {
    /// The owned type.
    type Value;
    /// The owned value.
    fn operand(self) -> Self::Value;
}

macro_rules! owned_operands {
    ($($t:ty),*) => {$(
        impl Operand for $t {
            type Value = $t;
            #[inline(always)]
            fn operand(self) -> $t {
                self
            }
        }
    )*};
}

owned_operands!(
    f32, f64, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

impl<A, D: ndarray::Dimension> Operand for ndarray::Array<A, D> {
    type Value = Self;
    #[inline(always)]
    fn operand(self) -> Self {
        self
    }
}

impl<T: Operand + Clone> Operand for &T {
    type Value = T::Value;
    #[inline(always)]
    fn operand(self) -> T::Value {
        self.clone().operand()
    }
}

impl<T: Operand + Clone> Operand for &mut T {
    type Value = T::Value;
    #[inline(always)]
    fn operand(self) -> T::Value {
        self.clone().operand()
    }
}

/// The scalar type of a value: itself for floats, the element type for arrays.
///
/// Generated code uses it to give an unsuffixed float literal (`2.0 * x`) the type its
/// operator needs before rustc's literal fallback would, via [`literal_like`].
pub trait ScalarOf {
    /// The scalar type.
    type Scalar;
}

impl ScalarOf for f32 {
    type Scalar = f32;
}

impl ScalarOf for f64 {
    type Scalar = f64;
}

impl<A, D: ndarray::Dimension> ScalarOf for ndarray::Array<A, D> {
    type Scalar = A;
}

impl<T: ScalarOf + ?Sized> ScalarOf for &T {
    type Scalar = T::Scalar;
}

impl<T: ScalarOf + ?Sized> ScalarOf for &mut T {
    type Scalar = T::Scalar;
}

/// Returns `literal` typed as the scalar type of `other`.
#[inline(always)]
pub fn literal_like<T: ScalarOf + ?Sized>(_other: &T, literal: T::Scalar) -> T::Scalar {
    literal
}
