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

/// A view (a slice of data: `x.slice(s![..])`) as an operand: a copy of its elements.
impl<A: Clone, D: ndarray::Dimension> Operand for ndarray::ArrayView<'_, A, D> {
    type Value = ndarray::Array<A, D>;
    #[inline(always)]
    fn operand(self) -> ndarray::Array<A, D> {
        self.to_owned()
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
