//! Vocabulary shared by the passes and the emitters: which derivative is computed
//! ([`Order`]) and which operands of a binary operation need one ([`Mask`]).

/// Which forward derivative a body computes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    /// Value and tangent.
    First,
    /// Value and second-order tangent `(t1, t2, t12)`.
    Second,
}

impl Order {
    /// The suffixes of a value's tangent locals.
    pub fn components(self) -> &'static [&'static str] {
        match self {
            Order::First => &[""],
            Order::Second => &["_1", "_2", "_12"],
        }
    }
}

/// Which operands of a binary operator need a cotangent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mask {
    /// Both: the pullback returns `(d_lhs, d_rhs)`.
    Both,
    /// Only the left operand: the pullback returns `d_lhs`.
    Lhs,
    /// Only the right operand: the pullback returns `d_rhs`.
    Rhs,
}

impl Mask {
    /// The mask of operands whose activity is `(lhs, rhs)`.
    pub fn of(lhs: bool, rhs: bool) -> Mask {
        match (lhs, rhs) {
            (true, false) => Mask::Lhs,
            (false, true) => Mask::Rhs,
            _ => Mask::Both,
        }
    }
}
