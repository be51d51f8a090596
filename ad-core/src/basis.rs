//! Tangents as lists of scalar components, for the derivative one mode derives from the other.
//!
//! A registration gives one mode by hand; the other is derived one basis vector at a time
//! (DESIGN.md, "one companion per function, both modes"): the forward tangent from the
//! pullback as `Σ_k e_k <pullback(e_k), t>` over the components `e_k` of the result, the
//! reverse cotangent from the differential as `Σ_j e_j <cotangent, differential(e_j)>` over
//! the components of each parameter. [`Basis`] lists a tangent's components in a fixed order
//! and sets them back.

use crate::{NoTangent, TangentVector};

/// A tangent as a list of scalar components.
pub trait Basis: TangentVector {
    /// Appends the components, in a fixed order, to `out`.
    fn components(&self, out: &mut Vec<f64>);
    /// Sets the components from `input`, in the same order. `self` has the shape wanted (a
    /// zero tangent taken from a value).
    fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>);
}

macro_rules! scalar_basis {
    ($($t:ty),*) => {$(
        impl Basis for $t {
            fn components(&self, out: &mut Vec<f64>) {
                out.push(f64::from(*self));
            }
            #[allow(clippy::cast_possible_truncation)]
            fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
                if let Some(x) = input.next() {
                    *self = x as $t;
                }
            }
        }
    )*};
}

scalar_basis!(f32, f64);

impl Basis for NoTangent {
    fn components(&self, _out: &mut Vec<f64>) {}
    fn set_components(&mut self, _input: &mut dyn Iterator<Item = f64>) {}
}

impl<T: Basis> Basis for Vec<T> {
    fn components(&self, out: &mut Vec<f64>) {
        self.iter().for_each(|x| x.components(out));
    }
    fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
        self.iter_mut().for_each(|x| x.set_components(input));
    }
}

impl<T: Basis, const N: usize> Basis for [T; N] {
    fn components(&self, out: &mut Vec<f64>) {
        self.iter().for_each(|x| x.components(out));
    }
    fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
        self.iter_mut().for_each(|x| x.set_components(input));
    }
}

impl<T: Basis> Basis for Option<T> {
    fn components(&self, out: &mut Vec<f64>) {
        if let Some(x) = self {
            x.components(out);
        }
    }
    fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
        if let Some(x) = self {
            x.set_components(input);
        }
    }
}

macro_rules! array_basis {
    ($($t:ty),*) => {$(
        impl<D: ndarray::Dimension> Basis for ndarray::Array<$t, D> {
            fn components(&self, out: &mut Vec<f64>) {
                out.extend(self.iter().map(|x| f64::from(*x)));
            }
            #[allow(clippy::cast_possible_truncation)]
            fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
                for (x, y) in self.iter_mut().zip(input) {
                    *x = y as $t;
                }
            }
        }
    )*};
}

array_basis!(f32, f64);

macro_rules! tuple_basis {
    ($(($($t:ident $i:tt),+))*) => {$(
        impl<$($t: Basis),+> Basis for ($($t,)+) {
            fn components(&self, out: &mut Vec<f64>) {
                $(self.$i.components(out);)+
            }
            fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
                $(self.$i.set_components(input);)+
            }
        }
    )*};
}

for_each_tuple_arity!(tuple_basis);

/// The components of `x`.
pub fn components<T: Basis>(x: &T) -> Vec<f64> {
    let mut out = Vec::new();
    x.components(&mut out);
    out
}

/// `<a, b>`, component by component.
pub fn dot<T: Basis>(a: &T, b: &T) -> f64 {
    components(a)
        .iter()
        .zip(components(b))
        .map(|(x, y)| x * y)
        .sum()
}

/// The tangents shaped like `zero` with one component `1` and the others `0`, in order.
pub fn units<T: Basis>(zero: &T) -> impl Iterator<Item = T> + '_ {
    let n = components(zero).len();
    (0..n).map(move |k| {
        let mut unit = zero.clone();
        let mut ones = (0..n).map(|j| if j == k { 1.0 } else { 0.0 });
        unit.set_components(&mut ones);
        unit
    })
}

/// The tangent shaped like `zero` whose component `k` is `coefficient(unit_k)`: a linear map
/// known only through its action on the units, assembled.
pub fn assemble<T: Basis>(zero: &T, coefficient: impl FnMut(T) -> f64) -> T {
    let values: Vec<f64> = units(zero).map(coefficient).collect();
    let mut out = zero.clone();
    out.set_components(&mut values.into_iter());
    out
}

/// Where a derived adapter needs [`Basis`] of a tangent type `T`, it requires `&'a T:
/// DerivedMode<Of = T>` with `'a` a lifetime parameter of its own: rustc then checks the
/// bound where the adapter is called (at the caller, which needs the mode that was not
/// registered) instead of rejecting at the adapter's definition a bound that is false for
/// every caller. The functions are those of this module.
#[diagnostic::on_unimplemented(
    message = "a registration in one mode gives the other only for tangents made of floats, not `{Self}`",
    label = "this call needs the derivative in the mode that was not registered",
    note = "implement `ad::basis::Basis` for the tangent, or register both modes: `#[derivative(of = f, forward = f_jvp)]` on the reverse registration, where `f_jvp` returns `(value, differential)`"
)]
pub trait DerivedMode {
    /// The tangent type.
    type Of;
    /// See [`dot`].
    fn dot(a: &Self::Of, b: &Self::Of) -> f64;
    /// See [`assemble`].
    fn assemble(zero: &Self::Of, coefficient: impl FnMut(Self::Of) -> f64) -> Self::Of;
}

impl<T: Basis> DerivedMode for &T {
    type Of = T;
    fn dot(a: &T, b: &T) -> f64 {
        dot(a, b)
    }
    fn assemble(zero: &T, coefficient: impl FnMut(T) -> f64) -> T {
        assemble(zero, coefficient)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_round_trip_through_nested_tangents() {
        let x = (1.5f64, vec![[2.0f64, 3.0], [4.0, 5.0]], NoTangent);
        assert_eq!(components(&x), vec![1.5, 2.0, 3.0, 4.0, 5.0]);
        let units: Vec<_> = units(&(0.0f64, vec![0.0f64; 2])).collect();
        assert_eq!(
            units,
            vec![
                (1.0, vec![0.0, 0.0]),
                (0.0, vec![1.0, 0.0]),
                (0.0, vec![0.0, 1.0])
            ]
        );
        assert_eq!(dot(&x, &x), 1.5 * 1.5 + 4.0 + 9.0 + 16.0 + 25.0);
        // The linear map x -> 2x, assembled from its action on the units.
        let doubled = assemble(&vec![0.0f64; 3], |e| {
            2.0 * components(&e).iter().sum::<f64>()
        });
        assert_eq!(doubled, vec![2.0; 3]);
    }

    #[test]
    fn tuples_have_a_basis_as_long_as_they_are_differentiable() {
        // Twelve components, the longest differentiable tuple, each set from its position.
        let mut x = (
            0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64,
            0.0f64,
        );
        x.set_components(&mut (1..=12).map(f64::from));
        assert_eq!(components(&x), (1..=12).map(f64::from).collect::<Vec<_>>());
        assert_eq!(x.11, 12.0);
    }
}
