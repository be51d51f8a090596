// [survey] Verbatim excerpts from the `glam` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/bitshifter/glam-rs at commit c5836fafc2fc587dd3d0a18058f3b3af13064daa (crate version 0.33.5).
// [survey] License: MIT OR Apache-2.0. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/glam-* (copied from LICENSE-MIT, LICENSE-APACHE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: crate::f64::math (std_math or libm_math backend chosen by cfg), glam_assert! macro (no-op unless feature glam-assert/debug-glam-assert), DVec4 and the operator impls (Add/Sub/Mul/Div/Neg) generated for DVec3/DQuat.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/f64/dquat.rs (commented out; shown for context):
// use crate::{
//     euler::{EulerRot, FromEuler, ToEuler},
//     f64::math,
//     DMat3, DMat4, DVec2, DVec3, DVec4, Quat,
// };
// use core::fmt;
// use core::iter::{Product, Sum};
// use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};
// use zerocopy_derive::*;

// from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L27-L40, license MIT OR Apache-2.0  [helper: struct DVec3]
/// A 3-dimensional vector.
#[derive(Clone, Copy, PartialEq)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[cfg_attr(
    feature = "zerocopy",
    derive(FromBytes, Immutable, IntoBytes, KnownLayout)
)]
#[repr(C)]
#[cfg_attr(target_arch = "spirv", rust_gpu::vector::v1)]
pub struct DVec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

// [survey] excerpt of the block opened at src/f64/dvec3.rs L42; only the items below are copied, the closing brace is added by the survey
impl DVec3 {
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L244-L249, license MIT OR Apache-2.0  [target: DVec3::dot]
    /// Computes the dot product of `self` and `rhs`.
    #[inline]
    #[must_use]
    pub fn dot(self, rhs: Self) -> f64 {
        (self.x * rhs.x) + (self.y * rhs.y) + (self.z * rhs.z)
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L258-L267, license MIT OR Apache-2.0  [target: DVec3::cross]
    /// Computes the cross product of `self` and `rhs`.
    #[inline]
    #[must_use]
    pub fn cross(self, rhs: Self) -> Self {
        Self::new(
            self.y * rhs.z - rhs.y * self.z,
            self.z * rhs.x - rhs.z * self.x,
            self.x * rhs.y - rhs.x * self.y,
        )
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L557-L563, license MIT OR Apache-2.0  [target: DVec3::length]
    /// Computes the length of `self`.
    #[doc(alias = "magnitude")]
    #[inline]
    #[must_use]
    pub fn length(self) -> f64 {
        math::sqrt(self.dot(self))
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L628-L644, license MIT OR Apache-2.0  [target: DVec3::normalize]
    /// Returns `self` normalized to length 1.0.
    ///
    /// For valid results, `self` must be finite and _not_ of length zero, nor very close to zero.
    ///
    /// See also [`Self::try_normalize()`] and [`Self::normalize_or_zero()`].
    ///
    /// # Panics
    ///
    /// Will panic if the resulting normalized vector is not finite when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn normalize(self) -> Self {
        #[allow(clippy::let_and_return)]
        let normalized = self.mul(self.length_recip());
        glam_assert!(normalized.is_finite());
        normalized
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L1072-L1085, license MIT OR Apache-2.0  [target: DVec3::reflect]
    /// Returns the reflection vector for a given incident vector `self` and surface normal
    /// `normal`.
    ///
    /// `normal` must be normalized.
    ///
    /// # Panics
    ///
    /// Will panic if `normal` is not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn reflect(self, normal: Self) -> Self {
        glam_assert!(normal.is_normalized());
        self - 2.0 * self.dot(normal) * normal
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L1087-L1108, license MIT OR Apache-2.0  [target: DVec3::refract]
    /// Returns the refraction direction for a given incident vector `self`, surface normal
    /// `normal` and ratio of indices of refraction, `eta`. When total internal reflection occurs,
    /// a zero vector will be returned.
    ///
    /// `self` and `normal` must be normalized.
    ///
    /// # Panics
    ///
    /// Will panic if `self` or `normal` is not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn refract(self, normal: Self, eta: f64) -> Self {
        glam_assert!(self.is_normalized());
        glam_assert!(normal.is_normalized());
        let n_dot_i = normal.dot(self);
        let k = 1.0 - eta * eta * (1.0 - n_dot_i * n_dot_i);
        if k >= 0.0 {
            eta * self - (eta * n_dot_i + math::sqrt(k)) * normal
        } else {
            Self::ZERO
        }
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dvec3.rs L1110-L1129, license MIT OR Apache-2.0  [target: DVec3::angle_between]
    /// Returns the angle (in radians) between two vectors in the range `[0, +π]`.
    ///
    /// For the full rotation between two vectors as a quaternion, see
    /// [`DQuat::from_rotation_arc`].
    ///
    /// The inputs do not need to be unit vectors however they must be non-zero.
    ///
    /// # Panics
    ///
    /// Will panic if `self` or `rhs` has zero length when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn angle_between(self, rhs: Self) -> f64 {
        glam_assert!(self.is_non_zero());
        glam_assert!(rhs.is_non_zero());
        math::acos_approx(
            self.dot(rhs)
                .div(math::sqrt(self.length_squared().mul(rhs.length_squared()))),
        )
    }
} // [survey] end of excerpt

// from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L26-L44, license MIT OR Apache-2.0  [helper: struct DQuat]
/// A quaternion representing an orientation.
///
/// This quaternion is intended to be of unit length but may denormalize due to
/// floating point "error creep" which can occur when successive quaternion
/// operations are applied.
#[derive(Clone, Copy)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[cfg_attr(
    feature = "zerocopy",
    derive(FromBytes, Immutable, IntoBytes, KnownLayout)
)]
#[repr(C)]
#[cfg_attr(target_arch = "spirv", rust_gpu::vector::v1)]
pub struct DQuat {
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub w: f64,
}

// [survey] excerpt of the block opened at src/f64/dquat.rs L46; only the items below are copied, the closing brace is added by the survey
impl DQuat {
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L131-L145, license MIT OR Apache-2.0  [target: DQuat::from_axis_angle]
    /// Create a quaternion for a normalized rotation `axis` and `angle` (in radians).
    ///
    /// The axis must be a unit vector.
    ///
    /// # Panics
    ///
    /// Will panic if `axis` is not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn from_axis_angle(axis: DVec3, angle: f64) -> Self {
        glam_assert!(axis.is_normalized());
        let (s, c) = math::sin_cos(angle * 0.5);
        let v = axis * s;
        Self::from_xyzw(v.x, v.y, v.z, c)
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L644-L657, license MIT OR Apache-2.0  [target: DQuat::angle_between]
    /// Returns the angle (in radians) for the minimal rotation between two quaternions
    /// in the range `[0, +π]`.
    ///
    /// Both quaternions must be normalized.
    ///
    /// # Panics
    ///
    /// Will panic if `self` or `rhs` are not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn angle_between(self, rhs: Self) -> f64 {
        glam_assert!(self.is_normalized() && rhs.is_normalized());
        math::acos_approx(math::abs(self.dot(rhs))) * 2.0
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L697-L701, license MIT OR Apache-2.0  [helper: DQuat::lerp_impl]
    #[inline(always)]
    #[must_use]
    fn lerp_impl(self, end: Self, s: f64) -> Self {
        (self * (1.0 - s) + end * s).normalize()
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L724-L733, license MIT OR Apache-2.0  [helper: DQuat::slerp_impl]
    #[inline(always)]
    #[must_use]
    fn slerp_impl(self, end: Self, dot: f64, s: f64) -> Self {
        let theta = math::acos_approx(dot);

        let scale1 = math::sin(theta * (1.0 - s));
        let scale2 = math::sin(theta * s);
        let theta_sin = math::sin(theta);
        ((self * scale1) + (end * scale2)) * (1.0 / theta_sin)
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L735-L770, license MIT OR Apache-2.0  [target: DQuat::slerp]
    /// Performs a spherical linear interpolation between `self` and `end`
    /// based on the value `s`.
    ///
    /// When `s` is `0.0`, the result will be equal to `self`.  When `s`
    /// is `1.0`, the result will be equal to `end`.
    ///
    /// # Panics
    ///
    /// Will panic if `self` or `end` are not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn slerp(self, mut end: Self, s: f64) -> Self {
        // http://number-none.com/product/Understanding%20Slerp,%20Then%20Not%20Using%20It/
        glam_assert!(self.is_normalized());
        glam_assert!(end.is_normalized());

        // Note that a rotation can be represented by two quaternions: `q` and
        // `-q`. The slerp path between `q` and `end` will be different from the
        // path between `-q` and `end`. One path will take the long way around and
        // one will take the short way. In order to correct for this, the `dot`
        // product between `self` and `end` should be positive. If the `dot`
        // product is negative, slerp between `self` and `-end`.
        let mut dot = self.dot(end);
        if dot < 0.0 {
            end = -end;
            dot = -dot;
        }

        const DOT_THRESHOLD: f64 = 1.0 - f64::EPSILON;
        if dot > DOT_THRESHOLD {
            // if above threshold perform linear interpolation to avoid divide by zero
            self.lerp_impl(end, s)
        } else {
            self.slerp_impl(end, dot, s)
        }
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L802-L818, license MIT OR Apache-2.0  [target: DQuat::mul_vec3]
    /// Multiplies a quaternion and a 3D vector, returning the rotated vector.
    ///
    /// # Panics
    ///
    /// Will panic if `self` is not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn mul_vec3(self, rhs: DVec3) -> DVec3 {
        glam_assert!(self.is_normalized());

        let w = self.w;
        let b = DVec3::new(self.x, self.y, self.z);
        let b2 = b.dot(b);
        rhs.mul(w * w - b2)
            .add(b.mul(rhs.dot(b) * 2.0))
            .add(b.cross(rhs).mul(w * 2.0))
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/dquat.rs L820-L839, license MIT OR Apache-2.0  [target: DQuat::mul_quat]
    /// Multiplies two quaternions. If they each represent a rotation, the result will
    /// represent the combined rotation.
    ///
    /// Note that due to floating point rounding the result may not be perfectly normalized.
    ///
    /// # Panics
    ///
    /// Will panic if `self` or `rhs` are not normalized when `glam_assert` is enabled.
    #[inline]
    #[must_use]
    pub fn mul_quat(self, rhs: Self) -> Self {
        let (x0, y0, z0, w0) = self.into();
        let (x1, y1, z1, w1) = rhs.into();
        Self::from_xyzw(
            w0 * x1 + x0 * w1 + y0 * z1 - z0 * y1,
            w0 * y1 - x0 * z1 + y0 * w1 + z0 * x1,
            w0 * z1 + x0 * y1 - y0 * x1 + z0 * w1,
            w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1,
        )
    }
} // [survey] end of excerpt

// [survey] excerpt of the block opened at src/f64/math.rs L129; only the items below are copied, the closing brace is added by the survey
mod std_math {
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/math.rs L135-L138, license MIT OR Apache-2.0  [helper: math::acos_approx]
    #[inline(always)]
    pub(crate) fn acos_approx(f: f64) -> f64 {
        f64::acos(f64::clamp(f, -1.0, 1.0))
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/math.rs L155-L158, license MIT OR Apache-2.0  [helper: math::sin_cos]
    #[inline(always)]
    pub(crate) fn sin_cos(f: f64) -> (f64, f64) {
        f64::sin_cos(f)
    }
    // from github.com/bitshifter/glam-rs@c5836fafc2fc (crate glam 0.33.5), src/f64/math.rs L165-L168, license MIT OR Apache-2.0  [helper: math::sqrt]
    #[inline(always)]
    pub(crate) fn sqrt(f: f64) -> f64 {
        f64::sqrt(f)
    }
} // [survey] end of excerpt
