//! What `check_gradient!` expands to besides [`run`](super::run): it reads an argument's
//! magnitude where its type allows, and types a float literal argument as `f64`, as the
//! operators do. Not a public API.

use crate::basis::{Basis, components};

/// An argument, probed for its components by method resolution: `(&Probe(&x)).magnitudes()`
/// finds [`ProbeBasis`] when the argument's type is a [`Basis`] (floats, `Vec`s, arrays, ndarray
/// arrays, tuples of them) and [`ProbeOther`] otherwise, which a generic function could not
/// tell apart. The macro calls it on the concrete type of each argument.
pub struct Probe<'a, T>(pub &'a T);

/// The components of an argument whose type is its own tangent space.
pub trait ProbeBasis {
    /// The argument's components.
    fn magnitudes(&self) -> Option<Vec<f64>>;
}

impl<T: Basis> ProbeBasis for Probe<'_, T> {
    fn magnitudes(&self) -> Option<Vec<f64>> {
        Some(components(self.0))
    }
}

/// Any other argument: its components cannot be read.
pub trait ProbeOther {
    /// None.
    fn magnitudes(&self) -> Option<Vec<f64>>;
}

impl<T> ProbeOther for &Probe<'_, T> {
    fn magnitudes(&self) -> Option<Vec<f64>> {
        None
    }
}

/// Whether the source text of a literal is an unsuffixed float (`2.0`, `-1e3`, `1_000.5`), which
/// rustc would type only at the end of the function, too late for the derivative rules: the
/// macro then types it `f64`, as `gradient!` does.
pub const fn is_unsuffixed_float(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && (bytes[i] == b'-' || bytes[i] == b' ') {
        i += 1;
    }
    if i >= bytes.len() || !bytes[i].is_ascii_digit() {
        return false;
    }
    // `0x1e3` is an integer.
    if bytes[i] == b'0' && i + 1 < bytes.len() && matches!(bytes[i + 1], b'x' | b'o' | b'b') {
        return false;
    }
    let mut float = false;
    while i < bytes.len() {
        match bytes[i] {
            b'0'..=b'9' | b'_' => {}
            b'.' | b'e' | b'E' => float = true,
            b'+' | b'-' if float => {}
            // A suffix (`f64`, `u8`) or anything else.
            _ => return false,
        }
        i += 1;
    }
    float
}

/// A literal argument, typed by whether it is an unsuffixed float.
pub struct Literal<const FLOAT: bool>;

/// The type a literal argument is given.
pub trait TypeLiteral<T> {
    /// `f64` for an unsuffixed float, the literal's own type otherwise.
    type Typed;
    /// The literal, typed.
    fn typed(x: T) -> Self::Typed;
}

impl TypeLiteral<f64> for Literal<true> {
    type Typed = f64;
    fn typed(x: f64) -> f64 {
        x
    }
}

impl<T> TypeLiteral<T> for Literal<false> {
    type Typed = T;
    fn typed(x: T) -> T {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsuffixed_floats_are_told_from_other_literals() {
        for float in ["2.0", "- 1.5", "-1e3", "1_000.5", "3.", "2E-4"] {
            assert!(is_unsuffixed_float(float), "{float}");
        }
        for other in [
            "2", "2.0f64", "1e3_f32", "0x1e3", "\"a\"", "'c'", "true", "2u8",
        ] {
            assert!(!is_unsuffixed_float(other), "{other}");
        }
        let typed = <Literal<{ is_unsuffixed_float("2.0") }> as TypeLiteral<_>>::typed(2.0);
        assert_eq!(typed.sin(), 2.0f64.sin());
        // Written as the macro writes it: the `&` is what lets `ProbeOther` match.
        #[allow(clippy::needless_borrow)]
        let magnitudes = (&Probe(&vec![1.0f64, -3.0])).magnitudes();
        assert_eq!(magnitudes, Some(vec![1.0, -3.0]));
        assert_eq!((&Probe(&3usize)).magnitudes(), None);
    }
}
