// [survey] Verbatim excerpts from the `easer` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/orhanbalci/rust-easing at commit 872ea2c77d24f53d5f03e4b68b69d65d5f4ba05a (crate version 0.3.0).
// [survey] License: MIT. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/easer-* (copied from LICENSE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: num_traits::{Float, FloatConst}.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/functions/util.rs (commented out; shown for context):
// pub use num_traits::Float;
// [survey] top-level imports of src/functions/back.rs (commented out; shown for context):
// use super::ease::Easing;
// use functions::util::*;
// [survey] top-level imports of src/functions/bounce.rs (commented out; shown for context):
// use super::ease::Easing;
// use functions::util::*;
// [survey] top-level imports of src/functions/elastic.rs (commented out; shown for context):
// use super::ease::Easing;
// use functions::util::*;
// use num_traits::float::FloatConst;
// [survey] top-level imports of src/functions/expo.rs (commented out; shown for context):
// use super::ease::Easing;
// use functions::util::*;
// [survey] top-level imports of src/functions/sine.rs (commented out; shown for context):
// use super::ease::Easing;
// use functions::util::*;
// use num_traits::FloatConst;

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/util.rs L3-L7, license MIT  [helper]
/// Casts a literal f64 to an appropriate `Float` value
#[inline]
pub fn f<F: Float>(x: f64) -> F {
    F::from(x).expect("cast failed, are you using non f32,f64 types?")
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/util.rs L9-L24, license MIT  [helper: macro cast_constants]
/// Macro for defining constants of generic Float type, reduces boiler plate when `f(1.23)` usage
/// isn't enough and the compiler needs explicit type, ie f::<F>(1.23). Such cases we can improve
/// equation readability by using constants like `_1_23`
///
/// `cast_constants!(F; _1_23=1.23, _10=10);` is equivalent to
/// ```no_run,ignore
/// let _1_23: F = f(1.23);
/// let _10: F = f(10 as f64);
/// ```
macro_rules! cast_constants {
    ($t:ty; $( $name:ident=$val:expr ),+) => {
        $(
            let $name: $t = f($val as f64);
        )+
    }
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/ease.rs L3-L15, license MIT  [helper: trait Easing]
/// Interface encapsulating general easing functions
///
/// - **`t`** is the current time (or position) of the tween.
/// This can be seconds or frames, steps, seconds, ms, whatever
/// as long as the unit is the same as is used for the total time.
/// - **`b`** is the beginning value of the property.
/// - **`c`** is the change between the beginning and destination value of the property.
/// - **`d`** is the total time of the tween.
pub trait Easing<F: Float> {
    fn ease_in(t: F, b: F, c: F, d: F) -> F;
    fn ease_out(t: F, b: F, c: F, d: F) -> F;
    fn ease_in_out(t: F, b: F, c: F, d: F) -> F;
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/back.rs L4-L34, license MIT  [struct Back + impl<F: Float> Easing<F> for Back]
/// This struct captures Back easing functions
#[derive(Debug)]
pub struct Back;

impl<F: Float> Easing<F> for Back {
    fn ease_in(t: F, b: F, c: F, d: F) -> F {
        let s: F = f(1.70158);
        let t = t / d;
        c * t * t * ((s + f(1.0)) * t - s) + b
    }

    fn ease_out(t: F, b: F, c: F, d: F) -> F {
        let s: F = f(1.70158);
        let t = (t / d) - f(1.0);
        c * (t * t * ((s + f(1.0)) * t + s) + f(1.0)) + b
    }

    fn ease_in_out(t: F, b: F, c: F, d: F) -> F {
        let s: F = f(1.70158);
        let t = t / (d / f(2.0));
        if t < f(1.0) {
            let s = s * f(1.525);
            c / f(2.0) * (t * t * ((s + f(1.0)) * t - s)) + b
        }
        else {
            let t = t - f(2.0);
            let s = s * f(1.525);
            c / f(2.0) * (t * t * ((s + f(1.0)) * t + s) + f(2.0)) + b
        }
    }
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/bounce.rs L4-L40, license MIT  [struct Bounce + impl<F: Float> Easing<F> for Bounce]
/// This struct captures Bounce easing functions
#[derive(Debug)]
pub struct Bounce;

impl<F: Float> Easing<F> for Bounce {
    fn ease_in(t: F, b: F, c: F, d: F) -> F {
        c - Bounce::ease_out(d - t, f(0.0), c, d) + b
    }

    fn ease_out(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _1=1, _1_5=1.5, _2=2, _2_25=2.25, _2_5=2.5,
            _2_625=2.625, _7_5625=7.5625);

        let t = t / d;
        if t < _1 / f(2.75) {
            c * (_7_5625 * t * t) + b
        } else if t < _2 / f(2.75) {
            let t = t - _1_5 / f(2.75);
            c * (_7_5625 * t * t + f(0.75)) + b
        } else if t < _2_5 / f(2.75) {
            let t = t - _2_25 / f(2.75);
            c * (_7_5625 * t * t + f(0.9375)) + b
        } else {
            let t = t - _2_625 / f(2.75);
            c * (_7_5625 * t * t + f(0.984375)) + b
        }
    }

    fn ease_in_out(t: F, b: F, c: F, d: F) -> F {
        if t < (d / f(2.0)) {
            Bounce::ease_in(t * f(2.0), f(0.0), c, d) * f(0.5) + b
        } else {
            Bounce::ease_out(t * f(2.0) - d, f(0.0), c, d) * f(0.5) + c * f(0.5) + b
        }

    }
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/elastic.rs L5-L78, license MIT  [struct Elastic + impl<F: Float + FloatConst> Easing<F> for Elastic]
/// This struct captures Elastic easing functions
#[derive(Debug)]
pub struct Elastic;

impl<F: Float + FloatConst> Easing<F> for Elastic {
    fn ease_in(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _2=2, _10=10);

        if t == f(0.0) {
            return b;
        }

        let t = t / d;
        if t == f(1.0) {
            return b + c;
        }

        let p = d * f(0.3);
        let a = c;
        let s = p / f(4.0);
        let t = t - f(1.0);
        let post_fix = a * _2.powf(_10 * t);
        let temp = (t * d - s) * (_2 * F::PI()) / p;
        -(post_fix * temp.sin()) + b
    }

    fn ease_out(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _2=2, _10=10);

        if t == f(0.0) {
            return b;
        }

        let t = t / d;
        if t == f(1.0) {
            return b + c;
        }

        let p = d * f(0.3);
        let a = c;
        let s = p / f(4.0);
        let temp = (t * d - s) * (_2 * F::PI()) / p;
        a * _2.powf(-_10 * t) * temp.sin() + c + b
    }

    fn ease_in_out(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _2=2, _10=10, _0_5=0.5);

        if t == f(0.0) {
            return b;
        }

        let t = t / (d / _2);
        if t == _2 {
            return b + c;
        }

        let p = d * f(0.3) * f(1.5);
        let a = c;
        let s = p / f(4.0);

        if t < f(1.0) {
            let t = t - f(1.0);
            let post_fix = a * _2.powf(_10 * t);
            let temp = (t * d - s) * (_2 * F::PI()) / p;
            return -_0_5 * (post_fix * temp.sin()) + b;
        }

        let t = t - f(1.0);
        let post_fix = a * _2.powf(-_10 * t);
        let temp = (t * d - s) * (_2 * F::PI()) / p;
        post_fix * temp.sin() * f(0.5) + c + b
    }
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/expo.rs L4-L47, license MIT  [struct Expo + impl<F: Float> Easing<F> for Expo]
/// This struct captures Expo easing functions
#[derive(Debug)]
pub struct Expo;

impl<F: Float> Easing<F> for Expo {
    fn ease_in(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _2=2, _10=10);

        if t == f(0.0) {
            b
        } else {
            c * _2.powf(_10 * (t / d - f(1.0))) + b
        }
    }

    fn ease_out(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _2=2, _10=10);

        if t == d {
            b + c
        } else {
            c * (-_2.powf(-_10 * t / d) + f(1.0)) + b
        }
    }

    fn ease_in_out(t: F, b: F, c: F, d: F) -> F {
        cast_constants!(F; _2=2, _10=10);

        if t == f(0.0) {
            return b;
        }
        if t == d {
            return b + c;
        }
        let t = t / (d / _2);
        if t < f(1.0) {
            c / _2 * _2.powf(_10 * (t - f(1.0))) + b
        }
        else {
            let t = t - f(1.0);
            c / _2 * (-(_2.powf(-_10 * t)) + _2) + b
        }
    }
}

// from github.com/orhanbalci/rust-easing@872ea2c77d24 (crate easer 0.3.0), src/functions/sine.rs L5-L21, license MIT  [struct Sine + impl<F: Float + FloatConst> Easing<F> for Sine]
/// This struct captures Sine easing functions
#[derive(Debug)]
pub struct Sine;

impl<F: Float + FloatConst> Easing<F> for Sine {
    fn ease_in(t: F, b: F, c: F, d: F) -> F {
        -c * (t / d * (F::PI() / f(2.0))).cos() + c + b
    }

    fn ease_out(t: F, b: F, c: F, d: F) -> F {
        c * (t / d * (F::PI() / f(2.0))).sin() + b
    }

    fn ease_in_out(t: F, b: F, c: F, d: F) -> F {
        -c / f(2.0) * ((F::PI() * t / d).cos() - f(1.0)) + b
    }
}
