//! The attribute reads the impl around its method from the source file, so impls written in
//! every layout are checked here: a whole impl on one line, comments, doc comments and
//! strings that mention `impl`, other attributes beside `#[differentiable]`, the same method
//! or type name in several impls and modules, qualified trait paths (`self::Trait`,
//! `std::ops::Add`, `core::ops::Neg`), an impl of a type alias and of a type named through
//! its module, impls that `macro_rules!` writes, `where` clauses, const generics, associated
//! consts, impls at one type of a generic struct, a trait of another file implemented in
//! this one, a marked trait with supertraits, and methods of enums, tuple and unit structs.

use crate::assert_close;
use crate::common::every_mode::assert_every_mode;
use ad::num_traits::Float;
use ad::prelude::*;
use std::ops::{Add, Mul, Sub};

/// A whole impl on one line, two marked methods on the same line.
#[derive(Clone, Copy, Debug, Differentiable)]
struct OneLine {
    x: f64,
}

#[rustfmt::skip]
impl OneLine { #[differentiable] fn square(&self) -> f64 { self.x * self.x } #[differentiable] fn wave(&self) -> f64 { self.x.sin() } }

#[differentiable]
fn one_line(a: f64, b: f64) -> f64 {
    OneLine { x: a }.square() * OneLine { x: b }.wave()
}

#[test]
fn an_impl_written_on_one_line() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_close(one_line(a, b), a * a * b.sin());
        assert_every_mode!(one_line, a, b);
    }
}

/// A type whose doc comment mentions ` impl Bogus for Commented { fn tripled(&self) } `.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Commented {
    x: f64,
}

/* impl std::ops::Add for Commented { fn tripled(&self) -> f64 { 0.0 } */
#[allow(dead_code)]
impl Commented {
    // "impl Other for Commented {"
    #[differentiable]
    fn tripled(&self) -> f64 {
        let note = "impl X for Y { fn tripled";
        let _ = note;
        self.x * 3.0 + self.x.exp()
    }
}

/// Other attributes before and after `#[differentiable]`, and `pub(crate)`.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Attributed {
    x: f64,
}

impl Attributed {
    #[inline]
    #[differentiable]
    pub(crate) fn first(&self) -> f64 {
        self.x.exp()
    }

    #[differentiable]
    #[inline(always)]
    #[allow(clippy::all)]
    pub fn second(&self, y: f64) -> f64 {
        self.x * y
    }
}

#[differentiable]
fn commented_and_attributed(a: f64, b: f64) -> f64 {
    Commented { x: a * b }.tripled() + Attributed { x: a }.first() + Attributed { x: b }.second(a)
}

#[test]
fn comments_strings_and_other_attributes_around_the_impl() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let want = 3.0 * a * b + (a * b).exp() + a.exp() + a * b;
        assert_close(commented_and_attributed(a, b), want);
        assert_every_mode!(commented_and_attributed, a, b);
    }
}

/// Two types with a method of the same name in their inherent impls.
#[derive(Clone, Copy, Debug, Differentiable)]
struct First {
    x: f64,
}

/// The second of the pair.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Second {
    y: f64,
}

impl First {
    #[differentiable]
    fn norm(&self) -> f64 {
        self.x * self.x
    }
}

impl Second {
    #[differentiable]
    fn norm(&self) -> f64 {
        self.y.sin()
    }

    /// A method named like a free function of the module, calling it.
    #[differentiable]
    fn cube(&self) -> f64 {
        cube(self.y) + self.y
    }
}

/// A free function whose name a method shares.
#[differentiable]
fn cube(x: f64) -> f64 {
    x * x * x
}

#[differentiable]
fn same_names(a: f64, b: f64) -> f64 {
    First { x: a }.norm() * Second { y: b }.norm() + Second { y: a }.cube() * cube(b)
}

#[test]
fn methods_of_the_same_name_in_several_impls() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let (da, db) = gradient!(at: a, b, of: same_names);
        assert_close(da, 2.0 * a * b.sin() + (3.0 * a * a + 1.0) * b * b * b);
        assert_close(db, a * a * b.cos() + (a * a * a + a) * 3.0 * b * b);
        assert_every_mode!(same_names, a, b);
    }
}

/// A marked trait with a parameter of type `&Self`.
#[differentiable]
trait Size {
    fn size(&self) -> f64;
    fn gap(&self, other: &Self) -> f64;
}

mod left {
    use ad::prelude::*;

    /// Named like the type of `right`.
    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct P {
        pub x: f64,
    }

    impl super::Size for P {
        #[differentiable]
        fn size(&self) -> f64 {
            self.x * self.x
        }

        #[differentiable]
        fn gap(&self, other: &Self) -> f64 {
            self.x - other.x
        }
    }
}

mod right {
    use ad::prelude::*;

    /// Named like the type of `left`.
    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct P {
        pub x: f64,
    }

    impl crate::methods_anywhere::layouts::Size for P {
        #[differentiable]
        fn size(&self) -> f64 {
            self.x.exp()
        }

        #[differentiable]
        fn gap(&self, other: &P) -> f64 {
            (self.x - other.x).sin()
        }
    }
}

/// Generic code over `Size`.
#[differentiable]
fn size_times_gap<S: Size>(a: &S, b: &S) -> f64 {
    a.size() * b.gap(a)
}

#[differentiable]
fn same_type_names(a: f64, b: f64) -> f64 {
    size_times_gap(&left::P { x: a }, &left::P { x: b })
        + size_times_gap(&right::P { x: a }, &right::P { x: b })
}

#[test]
fn types_of_the_same_name_in_two_modules_implementing_one_trait() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_close(
            same_type_names(a, b),
            a * a * (b - a) + a.exp() * (b - a).sin(),
        );
        assert_every_mode!(same_type_names, a, b);
    }
}

/// Traits named through paths.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Pathed {
    x: f64,
}

impl self::Size for Pathed {
    #[differentiable]
    fn size(&self) -> f64 {
        self.x.cosh()
    }

    #[differentiable]
    fn gap(&self, other: &Pathed) -> f64 {
        self.x * other.x
    }
}

impl std::ops::Add for Pathed {
    type Output = Pathed;
    #[differentiable]
    fn add(self, o: Pathed) -> Pathed {
        Pathed {
            x: self.x * o.x + o.x,
        }
    }
}

impl core::ops::Neg for Pathed {
    type Output = Self;
    #[differentiable]
    fn neg(self) -> Self {
        Pathed {
            x: -self.x * self.x,
        }
    }
}

#[differentiable]
fn pathed(a: f64, b: f64) -> f64 {
    let q = -(Pathed { x: a } + Pathed { x: b });
    size_times_gap(&q, &Pathed { x: b })
}

#[test]
fn trait_impls_named_through_paths() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let q = -(a * b + b) * (a * b + b);
        assert_close(pathed(a, b), q.cosh() * b * q);
        assert_every_mode!(pathed, a, b);
    }
}

/// A generic struct, its impls written at `f64` (through an alias, and directly).
#[derive(Clone, Copy, Debug, Differentiable)]
struct Duo<T> {
    a: T,
    b: T,
}

/// An alias of `Duo` at `f64`.
type DuoF = Duo<f64>;

impl DuoF {
    #[differentiable]
    fn product(&self) -> f64 {
        self.a * self.b
    }
}

impl Add for Duo<f64> {
    type Output = Duo<f64>;
    #[differentiable]
    fn add(self, o: Duo<f64>) -> Duo<f64> {
        Duo {
            a: self.a + o.a,
            b: self.b * o.b,
        }
    }
}

impl Mul<Duo<f64>> for f64 {
    type Output = Duo<f64>;
    #[differentiable]
    fn mul(self, d: Duo<f64>) -> Duo<f64> {
        Duo {
            a: self * d.a,
            b: self * self * d.b,
        }
    }
}

/// A `where` clause on a generic impl.
impl<T> Duo<T>
where
    T: Float,
{
    #[differentiable]
    fn skew(&self) -> T {
        self.a * self.b.sin()
    }
}

#[differentiable]
fn duo_at_f64(a: f64, b: f64) -> f64 {
    let d = 2.0 * (Duo { a, b } + Duo { a: b, b: a });
    d.product() + d.skew()
}

#[test]
fn impls_at_one_type_of_a_generic_struct_and_a_where_clause() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let (x, y) = (2.0 * (a + b), 4.0 * a * b);
        assert_close(duo_at_f64(a, b), x * y + x * y.sin());
        assert_every_mode!(duo_at_f64, a, b);
    }
    let d = gradient!(at: &Duo { a: 1.0f32, b: 0.5 }, of: Duo::<f32>::skew);
    assert!((d.a - 0.5f32.sin()).abs() < 1e-6);
    assert!((d.b - 0.5f32.cos()).abs() < 1e-6);
}

mod storage {
    use ad::prelude::*;

    /// A type declared here, its impl written in the parent module.
    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct Tank {
        pub level: f64,
    }
}

impl storage::Tank {
    /// An associated constant read by the method.
    const AREA: f64 = 2.5;

    #[differentiable]
    fn volume(&self) -> f64 {
        Self::AREA * self.level * self.level.sqrt()
    }
}

/// A polynomial of `N` coefficients, the attribute on the method of a const-generic impl.
#[derive(Clone, Debug, Differentiable)]
struct Fixed<const N: usize> {
    c: [f64; N],
}

impl<const N: usize> Fixed<N> {
    #[differentiable]
    fn eval(&self, x: f64) -> f64 {
        let mut acc = 0.0;
        for k in (0..N).rev() {
            acc = acc * x + self.c[k];
        }
        acc
    }
}

#[differentiable]
fn module_path_and_const_generic(a: f64, b: f64) -> f64 {
    storage::Tank { level: a * a + b }.volume() + Fixed { c: [a, b, a * b] }.eval(b)
}

#[test]
fn an_impl_of_a_type_named_through_its_module_and_a_const_generic_impl() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let level: f64 = a * a + b;
        assert_close(
            module_path_and_const_generic(a, b),
            2.5 * level.powf(1.5) + a + b * b + a * b * b * b,
        );
        assert_every_mode!(module_path_and_const_generic, a, b);
    }
}

/// Writes a type and an inherent impl with marked methods.
macro_rules! gauge {
    ($name:ident, $power:expr) => {
        /// A type written by `gauge!`.
        #[derive(Clone, Copy, Debug, Differentiable)]
        struct $name {
            x: f64,
        }

        impl $name {
            #[differentiable]
            fn read(&self) -> f64 {
                self.x.powi($power)
            }

            #[differentiable]
            fn make(x: f64) -> $name {
                $name { x }
            }
        }
    };
}

gauge!(Squared, 2);
gauge!(Cubed, 3);

#[differentiable]
fn macro_written(a: f64, b: f64) -> f64 {
    Squared::make(a).read() * Cubed { x: b }.read() + Cubed::make(a * b).read()
}

#[test]
fn inherent_impls_a_macro_writes_twice() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_close(macro_written(a, b), a * a * b * b * b + (a * b).powi(3));
        assert_every_mode!(macro_written, a, b);
    }
}

/// A trait declared in `trait_impls.rs`, implemented in this file.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Ellipse {
    a: f64,
    b: f64,
}

impl super::trait_impls::Shape for Ellipse {
    #[differentiable]
    fn area(&self) -> f64 {
        std::f64::consts::PI * self.a * self.b
    }

    /// Ramanujan's approximation.
    #[differentiable]
    fn perimeter(&self) -> f64 {
        let (a, b) = (self.a, self.b);
        std::f64::consts::PI * (3.0 * (a + b) - ((3.0 * a + b) * (a + 3.0 * b)).sqrt())
    }

    #[differentiable]
    fn inflated_area(&self, margin: f64) -> f64 {
        std::f64::consts::PI * (self.a + margin) * (self.b + margin)
    }
}

#[differentiable]
fn ellipse_compactness(a: f64, b: f64) -> f64 {
    super::trait_impls::compactness(&Ellipse { a, b })
}

#[test]
fn a_trait_of_another_file_implemented_in_this_one() {
    for (a, b) in [(0.7, 1.3), (1.1, 0.9)] {
        assert_every_mode!(ellipse_compactness, a, b);
    }
    // A circle is as compact as can be: the quotient is 1 and stationary.
    assert_close(ellipse_compactness(1.0, 1.0), 1.0);
    let (da, db) = gradient!(at: 1.0, 1.0, of: ellipse_compactness);
    assert!(da.abs() < 1e-12 && db.abs() < 1e-12);
}

/// A marked trait with supertraits, its impl calling its own methods by path.
#[differentiable]
trait Reading: Clone + std::fmt::Debug {
    fn raw(&self) -> f64;
    fn calibrated(&self, gain: f64) -> f64;
}

impl Reading for Squared {
    #[differentiable]
    fn raw(&self) -> f64 {
        self.read() + self.x
    }

    #[differentiable]
    fn calibrated(&self, gain: f64) -> f64 {
        Self::raw(self) * gain + Reading::raw(self) + self.raw() * gain * gain
    }
}

/// Generic code by value, with an extra bound.
#[differentiable]
fn reading<R: Reading + Copy>(r: R, gain: f64) -> f64 {
    let copy = r;
    copy.calibrated(gain) * r.raw()
}

#[differentiable]
fn supertraits(a: f64, b: f64) -> f64 {
    reading(Squared { x: a }, b)
}

#[test]
fn a_marked_trait_with_supertraits_and_calls_by_path() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let raw = a * a + a;
        assert_close(supertraits(a, b), (raw * b + raw + raw * b * b) * raw);
        assert_every_mode!(supertraits, a, b);
    }
}

/// An enum with a method matching on it.
#[derive(Clone, Copy, Debug, Differentiable)]
enum Figure {
    Circle(f64),
    Square(f64),
}

impl Figure {
    #[differentiable]
    fn area(&self) -> f64 {
        match self {
            Figure::Circle(r) => std::f64::consts::PI * r * r,
            Figure::Square(s) => s * s,
        }
    }
}

/// A tuple struct.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Meters(f64);

impl Meters {
    #[differentiable]
    fn doubled(&self) -> f64 {
        self.0 * 2.0 + self.0.sin()
    }
}

/// A unit struct without `Differentiable`, holding only associated functions.
struct Formulas;

impl Formulas {
    #[differentiable]
    fn cubic(x: f64) -> f64 {
        x * x * x - x
    }

    /// A generic associated function of a non-generic impl.
    #[differentiable]
    fn softsign<T: Float>(x: T) -> T {
        x / (T::one() + x.abs())
    }
}

#[differentiable]
fn enum_tuple_and_unit(a: f64, b: f64) -> f64 {
    Figure::Circle(a).area()
        + Figure::Square(b).area()
        + Meters(a * b).doubled()
        + Formulas::cubic(b)
        + Formulas::softsign(a - b)
}

#[test]
fn methods_of_an_enum_a_tuple_struct_and_a_unit_struct() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let pi = std::f64::consts::PI;
        let want = pi * a * a + b * b + 2.0 * a * b + (a * b).sin() + b * b * b - b
            + (a - b) / (1.0 + (a - b).abs());
        assert_close(enum_tuple_and_unit(a, b), want);
        assert_every_mode!(enum_tuple_and_unit, a, b);
    }
    // The tangent of an enum has a field per variant; the variant not taken gets zero.
    let d = gradient!(at: Figure::Square(3.0), of: |f: Figure| f.area());
    assert_close(d.square.0, 6.0);
    assert_close(d.circle.0, 0.0);
    let d = gradient!(at: Figure::Circle(0.5), of: |f: Figure| f.area());
    assert_close(d.circle.0, std::f64::consts::PI);
}

/// `Sub<f64>` beside `Sub`, and an operator written through the others.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Level {
    x: f64,
    y: f64,
}

impl Sub<f64> for Level {
    type Output = Level;
    #[differentiable]
    fn sub(self, s: f64) -> Level {
        Level {
            x: self.x - s,
            y: self.y - s * s,
        }
    }
}

impl Add for Level {
    type Output = Level;
    #[differentiable]
    fn add(self, o: Level) -> Level {
        Level {
            x: self.x + o.x,
            y: self.y * o.y,
        }
    }
}

impl Sub for Level {
    type Output = Level;
    /// `a - b` as `a + (b - 1)`, through the other operators.
    #[differentiable]
    fn sub(self, o: Level) -> Level {
        self + (o - 1.0)
    }
}

#[differentiable]
fn levels(a: f64, b: f64) -> f64 {
    let v = (Level { x: a, y: b } - b) - Level { x: b, y: a };
    v.x * v.y
}

#[test]
fn sub_of_a_float_beside_sub_and_an_operator_written_through_others() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        // (a - b, b - b²) + (b - 1, a - 1) = (a - 1, (b - b²)(a - 1)).
        assert_close(levels(a, b), (a - 1.0) * (b - b * b) * (a - 1.0));
        assert_every_mode!(levels, a, b);
    }
}
