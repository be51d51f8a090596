//! Fields of differentiable structs, for generated code.
//!
//! `#[derive(Differentiable)]` implements [`FieldTangent`] for each field of the struct's
//! tangent, keyed by a hash of the field's name (a macro knows names, not types); tuples
//! implement it for their components `0`, `1`, ... Generated pullbacks use it for every
//! projection `s.f`, construction and field assignment:
//!
//! - Original: `y = s.f` / Adjoint: `adj[s] += S::Tangent { f: adj[y], others: 0 }`
//!   ([`from_field`]);
//! - Original: `s = S { f: a, .. }` / Adjoint: `adj[a] += adj[s].f` ([`field`]);
//! - Original: `s.f = a` (a new version `s'` of `s`) / Adjoint: `adj[a] += adj[s'].f;
//!   adj[s] += adj[s'] with f = 0` ([`field`], [`without_field`]).

use crate::TangentVector;

/// The tangent of a struct, seen through its field whose name hashes to `H`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no differentiable field with this name",
    note = "derive `Differentiable` for the struct; fields marked `#[no_derivative]`, integers and `bool`s carry no derivative"
)]
pub trait FieldTangent<const H: u64>: TangentVector {
    /// The tangent of the field.
    type Field: TangentVector;
    /// The struct tangent with `field` at this field and zeros elsewhere.
    fn from_field(field: Self::Field) -> Self;
    /// This field of the struct tangent.
    fn field(&self) -> Self::Field;
    /// The struct tangent with this field set to zero.
    fn without_field(self) -> Self;
}

/// See [`FieldTangent::from_field`].
#[inline(always)]
pub fn from_field<const H: u64, T: FieldTangent<H>>(field: T::Field) -> T {
    T::from_field(field)
}

/// See [`FieldTangent::field`].
#[inline(always)]
pub fn field<const H: u64, T: FieldTangent<H>>(tangent: &T) -> T::Field {
    tangent.field()
}

/// See [`FieldTangent::without_field`].
#[inline(always)]
pub fn without_field<const H: u64, T: FieldTangent<H>>(tangent: T) -> T {
    tangent.without_field()
}

/// The key of a field name: 64-bit FNV-1a. `ad`'s macros compute the same value.
pub const fn field_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

macro_rules! tuple_fields {
    ($( $all:tt => $($t:ident $i:tt),+ ;)*) => {$(
        $( tuple_field!($all; $t $i); )+
    )*};
}

macro_rules! tuple_field {
    ([$($all:ident),+]; $t:ident $i:tt) => {
        impl<$($all: TangentVector),+> FieldTangent<{ field_key(stringify!($i)) }> for ($($all,)+) {
            type Field = $t;
            #[allow(non_snake_case)]
            fn from_field(field: $t) -> Self {
                let mut tuple = ($($all::zero_vector(),)+);
                tuple.$i = field;
                tuple
            }
            fn field(&self) -> $t {
                self.$i.clone()
            }
            fn without_field(mut self) -> Self {
                self.$i = $t::zero_vector();
                self
            }
        }
    };
}

tuple_fields! {
    [A] => A 0;
    [A, B] => A 0, B 1;
    [A, B, C] => A 0, B 1, C 2;
    [A, B, C, D] => A 0, B 1, C 2, D 3;
    [A, B, C, D, E] => A 0, B 1, C 2, D 3, E 4;
    [A, B, C, D, E, F] => A 0, B 1, C 2, D 3, E 4, F 5;
    [A, B, C, D, E, F, G] => A 0, B 1, C 2, D 3, E 4, F 5, G 6;
    [A, B, C, D, E, F, G, H] => A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuple_components_are_fields() {
        let t: (f64, f64, f64) = from_field::<{ field_key("1") }, _>(2.5);
        assert_eq!(t, (0.0, 2.5, 0.0));
        assert_eq!(field::<{ field_key("2") }, _>(&(1.0, 2.0, 3.0)), 3.0);
        assert_eq!(
            without_field::<{ field_key("0") }, _>((1.0, vec![2.0])),
            (0.0, vec![2.0])
        );
    }

    #[test]
    fn the_key_is_fnv1a() {
        assert_eq!(field_key(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(field_key("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
