// [survey] Verbatim excerpts from the `palette` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/Ogeon/palette at commit 1f99c13677c0b603dbac016156f0a270ac1c215a (crate version 0.7.6).
// [survey] License: MIT OR Apache-2.0. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/palette-* (copied from LICENSE-MIT, LICENSE-APACHE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: crate::num::{Real, Powf, MulAdd, MulSub, Arithmetics, PartialCmp, Cbrt, ..} (palette's own numeric traits), crate::bool_mask::{LazySelect, BoolMask}, Rgb/LinSrgb/Xyz/Lab/Hsv/Oklab color structs, white_point::WhitePoint.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of palette/src/encoding/srgb.rs (commented out; shown for context):
// use palette_math::{
//     gamma::lut::GammaLutBuilder,
//     lut::{ArrayTable, SliceTable},
// };
// use crate::{
//     bool_mask::LazySelect,
//     encoding::{lut::srgb::*, FromLinear, IntoLinear},
//     luma::LumaStandard,
//     num::{Arithmetics, MulAdd, MulSub, PartialCmp, Powf, Real},
//     rgb::{Primaries, RgbSpace, RgbStandard},
//     white_point::{Any, D65},
//     Mat3, Yxy,
// };
// use super::{FromLinearLut, GetLutBuilder, IntoLinearLut};
// [survey] top-level imports of palette/src/oklab.rs (commented out; shown for context):
// use core::{any::TypeId, fmt::Debug, ops::Mul};
// pub use alpha::Oklaba;
// use crate::{
//     angle::RealAngle,
//     bool_mask::HasBoolMask,
//     convert::{FromColorUnclamped, IntoColorUnclamped},
//     encoding::{IntoLinear, Srgb},
//     matrix::multiply_3x3_and_vec3,
//     num::{Arithmetics, Cbrt, Hypot, MinMax, One, Powi, Real, Sqrt, Trigonometry, Zero},
//     ok_utils::{toe_inv, ChromaValues, LC, ST},
//     rgb::{Rgb, RgbSpace, RgbStandard},
//     white_point::D65,
//     LinSrgb, Mat3, Okhsl, Okhsv, Oklch, Xyz,
// };
// pub use self::properties::Iter;
// pub use self::random::UniformOklab;
// [survey] top-level imports of palette/src/lab.rs (commented out; shown for context):
// use core::{
//     marker::PhantomData,
//     ops::{Add, BitAnd, BitOr, Mul, Neg},
// };
// use crate::{
//     angle::RealAngle,
//     bool_mask::{HasBoolMask, LazySelect},
//     color_difference::{
//         get_ciede2000_difference, Ciede2000, DeltaE, EuclideanDistance, ImprovedDeltaE,
//         LabColorDiff,
//     },
//     convert::FromColorUnclamped,
//     num::{
//         Abs, Arithmetics, Cbrt, Exp, Hypot, MinMax, One, PartialCmp, Powf, Powi, Real, Sqrt,
//         Trigonometry, Zero,
//     },
//     white_point::{WhitePoint, D65},
//     Alpha, FromColor, GetHue, LabHue, Lch, Xyz,
// };

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/macros/lazy_select.rs L1-L21, license MIT OR Apache-2.0  [helper: macro lazy_select]
/// Chains calls to `LazySelect::lazy_select` to mimic an if-else chain.
///
/// ```ignore
/// let result = lazy_select! {
///     if predicate1 => result1,
///     if predicate2 => result2,
///     else => result3,
/// };
/// ```
macro_rules! lazy_select {
    ( if $if_pred:expr => $if_body:expr, $(if $else_if_pred:expr => $else_if_body:expr,)* else => $else_body:expr $(,)?) => {
        crate::bool_mask::LazySelect::lazy_select(
            $if_pred,
            || $if_body,
            || lazy_select!($(if $else_if_pred => $else_if_body,)* else => $else_body)
        )
    };
    (else => $else_body:expr) => {
        $else_body
    }
}

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/encoding/srgb.rs L20-L36, license MIT OR Apache-2.0  [helper: struct Srgb]
/// The sRGB standard, color space, and transfer function.
///
/// # As transfer function
///
/// `Srgb` will not use any kind of approximation when converting from `T` to
/// `T`. This involves calls to `powf`, which may make it too slow for certain
/// applications.
///
/// There are some specialized cases where it has been optimized:
///
/// * When converting from `u8` to `f32` or `f64`, while converting to linear
///   space. This uses lookup tables with precomputed values.
/// * When converting from `f32` or `f64` to `u8`, while converting from linear
///   space. This uses a fast algorithm that guarantees a maximum error in the
///   result of less than 0.6 in line with [this DirectX spec](<https://microsoft.github.io/DirectX-Specs/d3d/archive/D3D11_3_FunctionalSpec.htm#FLOATtoSRGB>).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Srgb;

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/encoding/srgb.rs L122-L135, license MIT OR Apache-2.0  [impl<T> IntoLinear<T, T> for Srgb]
impl<T> IntoLinear<T, T> for Srgb
where
    T: Real + Powf + MulAdd + Arithmetics + PartialCmp + Clone,
    T::Mask: LazySelect<T>,
{
    #[inline]
    fn into_linear(x: T) -> T {
        // Dividing the constants directly shows performance benefits in benchmarks for this function
        lazy_select! {
            if x.lt_eq(&T::from_f64(0.04045)) => T::from_f64(1.0 / 12.92) * &x,
            else => x.clone().mul_add(T::from_f64(1.0 / 1.055), T::from_f64(0.055 / 1.055)).powf(T::from_f64(2.4)),
        }
    }
}

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/encoding/srgb.rs L137-L149, license MIT OR Apache-2.0  [impl<T> FromLinear<T, T> for Srgb]
impl<T> FromLinear<T, T> for Srgb
where
    T: Real + Powf + MulSub + Arithmetics + PartialCmp + Clone,
    T::Mask: LazySelect<T>,
{
    #[inline]
    fn from_linear(x: T) -> T {
        lazy_select! {
            if x.lt_eq(&T::from_f64(0.0031308)) => T::from_f64(12.92) * &x,
            else => x.clone().powf(T::from_f64(1.0 / 2.4)).mul_sub(T::from_f64(1.055), T::from_f64(0.055)),
        }
    }
}

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/oklab.rs L277-L303, license MIT OR Apache-2.0  [target]
fn linear_srgb_to_oklab<T>(c: LinSrgb<T>) -> Oklab<T>
where
    T: Real + Arithmetics + Cbrt + Copy,
{
    let l = T::from_f64(0.4122214708) * c.red
        + T::from_f64(0.5363325363) * c.green
        + T::from_f64(0.0514459929) * c.blue;
    let m = T::from_f64(0.2119034982) * c.red
        + T::from_f64(0.6806995451) * c.green
        + T::from_f64(0.1073969566) * c.blue;
    let s = T::from_f64(0.0883024619) * c.red
        + T::from_f64(0.2817188376) * c.green
        + T::from_f64(0.6299787005) * c.blue;

    let l_ = l.cbrt();
    let m_ = m.cbrt();
    let s_ = s.cbrt();

    Oklab::new(
        T::from_f64(0.2104542553) * l_ + T::from_f64(0.7936177850) * m_
            - T::from_f64(0.0040720468) * s_,
        T::from_f64(1.9779984951) * l_ - T::from_f64(2.4285922050) * m_
            + T::from_f64(0.4505937099) * s_,
        T::from_f64(0.0259040371) * l_ + T::from_f64(0.7827717662) * m_
            - T::from_f64(0.8086757660) * s_,
    )
}

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/oklab.rs L305-L325, license MIT OR Apache-2.0  [target]
pub(crate) fn oklab_to_linear_srgb<T>(c: Oklab<T>) -> LinSrgb<T>
where
    T: Real + Arithmetics + Copy,
{
    let l_ = c.l + T::from_f64(0.3963377774) * c.a + T::from_f64(0.2158037573) * c.b;
    let m_ = c.l - T::from_f64(0.1055613458) * c.a - T::from_f64(0.0638541728) * c.b;
    let s_ = c.l - T::from_f64(0.0894841775) * c.a - T::from_f64(1.2914855480) * c.b;

    let l = l_ * l_ * l_;
    let m = m_ * m_ * m_;
    let s = s_ * s_ * s_;

    LinSrgb::new(
        T::from_f64(4.0767416621) * l - T::from_f64(3.3077115913) * m
            + T::from_f64(0.2309699292) * s,
        T::from_f64(-1.2684380046) * l + T::from_f64(2.6097574011) * m
            - T::from_f64(0.3413193965) * s,
        T::from_f64(-0.0041960863) * l - T::from_f64(0.7034186147) * m
            + T::from_f64(1.7076147010) * s,
    )
}

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/lab.rs L159-L190, license MIT OR Apache-2.0  [impl<Wp, T> FromColorUnclamped<Xyz<Wp, T>> for Lab<Wp, T>]
impl<Wp, T> FromColorUnclamped<Xyz<Wp, T>> for Lab<Wp, T>
where
    Wp: WhitePoint<T>,
    T: Real + Powi + Cbrt + Arithmetics + PartialCmp + Clone,
    T::Mask: LazySelect<T>,
{
    fn from_color_unclamped(color: Xyz<Wp, T>) -> Self {
        let Xyz { x, y, z, .. } = color / Wp::get_xyz().with_white_point();

        let epsilon = T::from_f64(6.0 / 29.0).powi(3);
        let kappa: T = T::from_f64(841.0 / 108.0);
        let delta: T = T::from_f64(4.0 / 29.0);

        let convert = |c: T| {
            lazy_select! {
                if c.gt(&epsilon) => c.clone().cbrt(),
                else => (kappa.clone() * &c) + &delta,
            }
        };

        let x = convert(x);
        let y = convert(y);
        let z = convert(z);

        Lab {
            l: ((y.clone() * T::from_f64(116.0)) - T::from_f64(16.0)),
            a: ((x - &y) * T::from_f64(500.0)),
            b: ((y - z) * T::from_f64(200.0)),
            white_point: PhantomData,
        }
    }
}

// from github.com/Ogeon/palette@1f99c13677c0 (crate palette 0.7.6), palette/src/hsv.rs L269-L392, license MIT OR Apache-2.0  [impl<S, T> FromColorUnclamped<Rgb<S, T>> for Hsv<S, T>]
impl<S, T> FromColorUnclamped<Rgb<S, T>> for Hsv<S, T>
where
    T: RealAngle + One + Zero + MinMax + Arithmetics + PartialCmp + Clone,
    T::Mask: BoolMask + BitOps + LazySelect<T> + Clone + 'static,
{
    fn from_color_unclamped(rgb: Rgb<S, T>) -> Self {
        // Avoid negative numbers
        let red = rgb.red.max(T::zero());
        let green = rgb.green.max(T::zero());
        let blue = rgb.blue.max(T::zero());

        // The SIMD optimized version showed significant slowdown for regular floats.
        if TypeId::of::<T::Mask>() == TypeId::of::<bool>() {
            let (max, min, sep, coeff) = {
                let (max, min, sep, coeff) = if red.gt(&green).is_true() {
                    (red.clone(), green.clone(), green.clone() - &blue, T::zero())
                } else {
                    (
                        green.clone(),
                        red.clone(),
                        blue.clone() - &red,
                        T::from_f64(2.0),
                    )
                };
                if blue.gt(&max).is_true() {
                    (blue, min, red - green, T::from_f64(4.0))
                } else {
                    let min_val = if blue.lt(&min).is_true() { blue } else { min };
                    (max, min_val, sep, coeff)
                }
            };

            let (h, s) = if max.neq(&min).is_true() {
                let d = max.clone() - min;
                let h = ((sep / &d) + coeff) * T::from_f64(60.0);
                let s = d / &max;

                (h, s)
            } else {
                (T::zero(), T::zero())
            };
            let v = max;

            Hsv {
                hue: h.into(),
                saturation: s,
                value: v,
                standard: PhantomData,
            }
        } else {
            // Based on OPTIMIZED RGB TO HSV COLOR CONVERSION USING SSE TECHNOLOGY
            // by KOBALICEK, Petr & BLIZNAK, Michal
            //
            // This implementation assumes less about the underlying mask and number
            // representation. The hue is also multiplied by 6 to avoid rounding
            // errors when using degrees.

            let six = T::from_f64(6.0);

            let value = red.clone().max(green.clone()).max(blue.clone());
            let min = red.clone().min(green.clone()).min(blue.clone());

            let chroma = value.clone() - min;
            let saturation = chroma
                .eq(&T::zero())
                .lazy_select(|| T::zero(), || chroma.clone() / &value);

            // Each of these represents an RGB component. The maximum will be false
            // while the two other will be true. They are later used for determining
            // which branch in the hue equation we end up in.
            let x = value.neq(&red);
            let y = value.eq(&red) | value.neq(&green);
            let z = value.eq(&red) | value.eq(&green);

            // The hue base is the `1`, `2/6`, `4/6` or 0 part of the hue equation,
            // except it's multiplied by 6 here.
            let hue_base = x.clone().select(
                z.clone().select(T::from_f64(-4.0), T::from_f64(4.0)),
                T::zero(),
            ) + &six;

            // Each of these is a part of `G - B`, `B - R`, `R - G` or 0 from the
            // hue equation. They become positive, negative or 0, depending on which
            // branch we should be in. This makes the sum of all three combine as
            // expected.
            let red_m = lazy_select! {
               if x => y.clone().select(red.clone(), -red),
               else => T::zero(),
            };
            let green_m = lazy_select! {
               if y.clone() => z.clone().select(green.clone(), -green),
               else => T::zero(),
            };
            let blue_m = lazy_select! {
               if z => y.select(-blue.clone(), blue),
               else => T::zero(),
            };

            // This is the hue equation parts combined. The hue base is the constant
            // and the RGB components are masked so up to two of them are non-zero.
            // Once again, this is multiplied by 6, so the chroma isn't multiplied
            // before dividing.
            //
            // We also avoid dividing by 0 for non-SIMD values.
            let hue = lazy_select! {
                if chroma.eq(&T::zero()) => T::zero(),
                else => hue_base + (red_m + green_m + blue_m) / &chroma,
            };

            // hue will always be within [0, 12) (it's multiplied by 6, compared to
            // the paper), so we can subtract by 6 instead of using % to get it
            // within [0, 6).
            let hue_sub = hue.gt_eq(&six).select(six, T::zero());
            let hue = hue - hue_sub;

            Hsv {
                hue: RgbHue::from_degrees(hue * T::from_f64(60.0)),
                saturation,
                value,
                standard: PhantomData,
            }
        }
    }
}
