//! Every construct the compiler treats as carrying no derivative, and the check each gets, so
//! that no derivative is dropped on a guess made from a name (issue 33).
//!
//! | construct | read as | check |
//! |---|---|---|
//! | `len`, `shape`, `dim`, `raw_dim`, `ndim`, `nrows`, `ncols`, `len_of` | a query of size | the result is not a float ([`Check::ResultNotFloat`], `ad_core::query::discrete_query`) |
//! | `is_nan`, `is_finite`, `is_sign_positive`, .., `eq`, `lt`, .., `partial_cmp`, `total_cmp`, `classify`, `is_some`, `is_none` | a test or a comparison | the result is not a float (the same check) |
//! | `to_bits`, `to_ne_bytes`, `to_le_bytes`, `to_be_bytes` | a float's bits, an integer or bytes | the result is not a float (the same check); making a float of the bits again is refused, see [`BIT_CASTS`] |
//! | `floor`, `ceil`, `round`, `round_ties_even`, `trunc` | a float's rounding (piecewise constant) | the receiver is a float ([`Check::ReceiverFloat`], `ad_core::query::discrete_rounding`) |
//! | `from_bits`, `from_ne_bytes`, `from_le_bytes`, `from_be_bytes`, `transmute`, `transmute_copy` | a float made of bits | none possible: a compile error (`analysis::activity`) when the bits depend on a differentiated value and the float reaches the result |
//! | `x as i64` (casts to the integer types, `bool`, `char`) | a cast to an integer | none needed: the target type is written in the source (`ir::is_constant_type`); casts to any other type go through `CastRule`, which rustc resolves |
//! | comparisons `<`, `==`, .., `!`, conditions | a flag | none needed: Rust's operators on floats give `bool` |
//! | `no_grad(..)`, `cfg!`, `format!`, `assert!`, .. | constants | none: the user asked (`no_grad`), or the value is not a number |

/// How the generated code makes sure that a method read as having no derivative has none.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Check {
    /// Its result must not be a float: a method of the user's with the same name that returns
    /// one (a vector's `len`, a norm) is our compile error at the call.
    ResultNotFloat,
    /// Its receiver must be a float (any `num_traits::Float`): a method of the user's type
    /// with the name of a rounding is our compile error at the call.
    ReceiverFloat,
}

/// The methods whose result carries no derivative, each with its check.
const DISCRETE_METHODS: &[(&str, Check)] = &[
    // Queries of size and shape.
    ("len", Check::ResultNotFloat),
    ("is_empty", Check::ResultNotFloat),
    ("shape", Check::ResultNotFloat),
    ("dim", Check::ResultNotFloat),
    ("raw_dim", Check::ResultNotFloat),
    ("ndim", Check::ResultNotFloat),
    ("nrows", Check::ResultNotFloat),
    ("ncols", Check::ResultNotFloat),
    ("len_of", Check::ResultNotFloat),
    // A float's class and sign.
    ("is_nan", Check::ResultNotFloat),
    ("is_infinite", Check::ResultNotFloat),
    ("is_finite", Check::ResultNotFloat),
    ("is_normal", Check::ResultNotFloat),
    ("is_subnormal", Check::ResultNotFloat),
    ("is_sign_positive", Check::ResultNotFloat),
    ("is_sign_negative", Check::ResultNotFloat),
    ("classify", Check::ResultNotFloat),
    // A float's bits: an integer (a float made of them again is refused, see `BIT_CASTS`).
    ("to_bits", Check::ResultNotFloat),
    ("to_ne_bytes", Check::ResultNotFloat),
    ("to_le_bytes", Check::ResultNotFloat),
    ("to_be_bytes", Check::ResultNotFloat),
    // Comparisons.
    ("partial_cmp", Check::ResultNotFloat),
    ("total_cmp", Check::ResultNotFloat),
    ("eq", Check::ResultNotFloat),
    ("ne", Check::ResultNotFloat),
    ("lt", Check::ResultNotFloat),
    ("le", Check::ResultNotFloat),
    ("gt", Check::ResultNotFloat),
    ("ge", Check::ResultNotFloat),
    ("is_some", Check::ResultNotFloat),
    ("is_none", Check::ResultNotFloat),
    // Roundings: piecewise constant, derivative zero wherever it exists.
    ("floor", Check::ReceiverFloat),
    ("ceil", Check::ReceiverFloat),
    ("round", Check::ReceiverFloat),
    ("round_ties_even", Check::ReceiverFloat),
    ("trunc", Check::ReceiverFloat),
    // The position of an element in a sequence's iteration order (`ad_core::flat`), which
    // loops over the elements of arrays read them at: generated, never the user's.
    ("__ad_flat_position", Check::ResultNotFloat),
];

/// The check of `method` if it is read as having no derivative; `None` for the others.
pub fn discrete_method(method: &str) -> Option<Check> {
    DISCRETE_METHODS
        .iter()
        .find(|(name, _)| *name == method)
        .map(|(_, check)| *check)
}

/// Functions that make a float of an integer's or bytes' bits (`f64::from_bits(u)`,
/// `transmute`). The float's derivative with respect to the bits is not a derivative of
/// anything: when the bits are made from a differentiated float (`x.to_bits() & mask`), the
/// derivative through them is lost, so that is our compile error, which says to register a
/// derivative for the enclosing function.
pub const BIT_CASTS: &[&str] = &[
    "from_bits",
    "from_ne_bytes",
    "from_le_bytes",
    "from_be_bytes",
    "transmute",
    "transmute_copy",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rounding_checks_its_receiver_and_every_other_its_result() {
        for (name, check) in DISCRETE_METHODS {
            let rounding = ["floor", "ceil", "round", "round_ties_even", "trunc"].contains(name);
            assert_eq!(*check == Check::ReceiverFloat, rounding, "{name}");
        }
    }
}
