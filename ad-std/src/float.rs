//! Rules for the methods of `f32` and `f64`: the trait [`FloatMethods`].
//!
//! Generated code rewrites a call `x.sin()` in a differentiated body into `x.__ad_vjp_sin()`,
//! and `x.atan2(y)` into `x.__ad_vjp_atan2(y)`. Each rule takes the receiver by value and the
//! same arguments as the std method, and returns `(value, pullback)`: `value` is exactly what
//! the std method returns (the rule calls it), and `pullback` is a `move` closure taking the
//! result's cotangent and returning a tuple with one cotangent per operand, the receiver
//! first, then each argument in order (`NoTangent` for the integer exponent of `powi`).
//! Derivative factors are computed in the primal, from the value where possible (`exp`
//! reuses `e^x`, `sqrt` uses `0.5 / sqrt x`) and from the operand where the value has lost
//! the digits the slope needs (`exp_m1`, `tanh`), and the pullback captures only those
//! factors, so it is `Fn`, `'static` and one or two floats wide (a `bool` for `max`/`min`).
//! Each slope is accurate and finite wherever the true slope is representable: the formulas
//! avoid the cancellations (`1 - x²` next to `±1`, `y + 1`, `1 - y²`) and the overflows
//! (`x²` at large `|x|`) of the textbook forms; the rules say which form they use.
//!
//! | method | derivative (`y` is the value) | convention at non-differentiable or singular points |
//! |---|---|---|
//! | `sin` | `cos x` | |
//! | `cos` | `-sin x` | |
//! | `tan` | `1 + y²` | |
//! | `asin` | `1 / sqrt((1 - x)(1 + x))` | `+inf` at `x = ±1` (closed form) |
//! | `acos` | `-1 / sqrt((1 - x)(1 + x))` | `-inf` at `x = ±1` (closed form) |
//! | `atan` | `1 / (1 + x²)` | |
//! | `atan2(x, o)` | `o / (x² + o²)`, `-x / (x² + o²)` | `(0, 0)` where `x² + o² == 0` (the origin) |
//! | `sinh` | `cosh x` | |
//! | `cosh` | `sinh x` | |
//! | `tanh` | `sech² x = 1 / cosh² x` (from `x`: `1 - y²` cancels once `y` rounds to `±1`) | |
//! | `asinh` | `1 / sqrt(x² + 1)` | |
//! | `acosh` | `1 / sqrt((x - 1)(x + 1))` | `+inf` at `x = 1` (closed form) |
//! | `atanh` | `1 / ((1 - x)(1 + x))` | `+inf` at `x = ±1` (closed form) |
//! | `exp` | `y` | |
//! | `exp2` | `y ln 2` | |
//! | `exp_m1` | `e^x` (from `x`: `y + 1` cancels for `x` below `-20`) | |
//! | `ln` | `1 / x` | `+inf` at `x = +0` (closed form) |
//! | `ln_1p` | `1 / (1 + x)` | `+inf` at `x = -1` (closed form) |
//! | `log(x, b)` | `1 / (x ln b)`, `-y / (b ln b)` | closed form (`ln b = 0` at `b = 1` gives infinities) |
//! | `log2` | `1 / (x ln 2)` | `+inf` at `x = +0` |
//! | `log10` | `1 / (x ln 10)` | `+inf` at `x = +0` |
//! | `sqrt` | `0.5 / y` | `+inf` at `x = ±0` (the limit from the right) |
//! | `cbrt` | `1 / (3 y²)` | `+inf` at `x = ±0` (the limit from both sides) |
//! | `powi(x, n)` | `n x^(n-1)` | `0` when `n == 0`, at every `x` (the value is the constant 1) |
//! | `powf(x, p)` | `p x^(p-1)`, `y ln x` | `d/dx = 0` when `p == 0`; `d/dp = 0` when `x == 0`; `d/dp` is NaN for `x < 0` |
//! | `recip` | `-y²` | `-inf` at `x = ±0` |
//! | `to_radians` | `π / 180` | |
//! | `to_degrees` | `180 / π` | |
//! | `abs` | `signum x` | `0` at `x = ±0`; NaN for NaN |
//! | `signum` | `0` | `0` everywhere, including at `0` |
//! | `max(x, o)` | `1` to the operand `max` returns | tie `x == o`: all to `x`; a NaN operand: all to the other (what `max` returns) |
//! | `min(x, o)` | `1` to the operand `min` returns | tie `x == o`: all to `x`; a NaN operand: all to the other (what `min` returns) |
//! | `hypot(x, o)` | `x / y`, `o / y` | `(0, 0)` at `x = o = 0` |
//! | `copysign(x, o)` | `y / x` (`±1`), `0` | `d/dx = 0` at `x = ±0` (as `abs`); the sign of `o` is piecewise constant, so `d/do = 0` |
//! | `rem_euclid(x, o)` | `1`, `-q` with `q` the quotient of the value | at a jump (`r = 0`) the piece that starts there; `q` is `x.div_euclid(o)` except where rounding makes them disagree (see the rule) |
//! | `sin_cos` | `(cos x, -sin x)`; cotangent `ds cos x - dc sin x` | |
//! | `mul_add(x, a, b)` | `a`, `x`, `1` | |
//! | `clamp(x, lo, hi)` | `1` to the operand `clamp` returns | `lo <= x <= hi` (bounds included, NaN `x`): all to `x`; `x < lo`: all to `lo`; `x > hi`: all to `hi` |
//!
//! Strong zeros (see [`crate::strong`]): in the rules of `powi`, `powf`, `abs`, `copysign`,
//! `hypot`, `atan2`, `log` and `rem_euclid` a partial derivative that is exactly zero gives a
//! cotangent (or tangent) that is exactly zero, even where the result's cotangent is infinite
//! or NaN (`x.powi(2).sqrt()` at `0`: the zero of `powi` against the infinite slope of `sqrt`
//! gives `0`, not NaN). `signum`, `max`, `min` and `clamp` pass constant zeros anyway.
//!
//! "Closed form" means the formula is evaluated as is at the singular point, giving the
//! infinity it tends to. Outside a function's domain the value is NaN and the derivative is
//! the closed form evaluated there, which is not meaningful: NaN for the square-root forms
//! (`sqrt`, `asin`, `acos`, `acosh`), but a finite number for `ln(-1)` (`1/x = -1`), for
//! example. NaN operands propagate through the derivative formulas like through any float
//! arithmetic (a derivative that does not use an operand, like `a` for `mul_add`'s receiver,
//! stays finite), and the conventions above (`signum`, `powi(_, 0)`, `powf`, `max`, `min`,
//! `clamp`) can give finite cotangents at NaN operands.

use ad_core::NoTangent;

/// Reverse-mode rules of the float methods, implemented for `f32` and `f64`.
///
/// See the [module documentation](self) for the table of derivatives and conventions. Each
/// method is named `__ad_vjp_<name>` after the std method `<name>`, takes the same operands,
/// returns the std value and a pullback to one cotangent per operand (receiver first).
pub trait FloatMethods: Sized {
    /// Rule of `sin`.
    ///
    /// Original: `y = sin x` / Tangent: `ty = cos(x) tx` / Adjoint: `adj[x] += adj[y] cos x`.
    fn __ad_vjp_sin(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `cos`.
    ///
    /// Original: `y = cos x` / Tangent: `ty = -sin(x) tx` / Adjoint: `adj[x] -= adj[y] sin x`.
    fn __ad_vjp_cos(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `tan`.
    ///
    /// Original: `y = tan x` / Tangent: `ty = (1 + y²) tx` / Adjoint: `adj[x] += adj[y] (1 + y²)`.
    fn __ad_vjp_tan(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `asin`. At `x = ±1` the closed form gives `+inf`.
    ///
    /// Original: `y = asin x` / Tangent: `ty = tx / sqrt(1 - x²)` / Adjoint: `adj[x] += adj[y] / sqrt(1 - x²)`.
    fn __ad_vjp_asin(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `acos`. At `x = ±1` the closed form gives `-inf`.
    ///
    /// Original: `y = acos x` / Tangent: `ty = -tx / sqrt(1 - x²)` / Adjoint: `adj[x] -= adj[y] / sqrt(1 - x²)`.
    fn __ad_vjp_acos(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `atan`. For `|x| > 1` the slope is computed as `r² / (1 + r²)` with `r = 1 / x`,
    /// since `x²` overflows for `|x| > 1.3e154`, where the slope is still a subnormal.
    ///
    /// Original: `y = atan x` / Tangent: `ty = tx / (1 + x²)` / Adjoint: `adj[x] += adj[y] / (1 + x²)`.
    fn __ad_vjp_atan(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `atan2` (`self` is the ordinate `x`, `other` the abscissa `o`). Where
    /// `x² + o²` is zero (the origin, where `atan2` jumps) both cotangents are `0`.
    ///
    /// Original: `y = atan2(x, o)` / Tangent: `ty = (o tx - x to) / (x² + o²)` /
    /// Adjoint: `adj[x] += adj[y] o / (x² + o²); adj[o] -= adj[y] x / (x² + o²)`.
    fn __ad_vjp_atan2(self, other: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `sinh`.
    ///
    /// Original: `y = sinh x` / Tangent: `ty = cosh(x) tx` / Adjoint: `adj[x] += adj[y] cosh x`.
    fn __ad_vjp_sinh(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `cosh`.
    ///
    /// Original: `y = cosh x` / Tangent: `ty = sinh(x) tx` / Adjoint: `adj[x] += adj[y] sinh x`.
    fn __ad_vjp_cosh(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `tanh`. The slope is `sech² x` computed from `x`, not `1 - y²` from the value,
    /// which cancels once `tanh x` rounds to `±1` (`|x| > 19`: the slope there is below
    /// `1e-16` and still representable down to `|x| = 372`).
    ///
    /// Original: `y = tanh x` / Tangent: `ty = sech²(x) tx` / Adjoint: `adj[x] += adj[y] sech² x`
    /// (`sech² x = 1 - y²`).
    fn __ad_vjp_tanh(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `asinh`. The slope is `1 / hypot(x, 1)`: `x² + 1` overflows for
    /// `|x| > 1.3e154`, where the slope is about `1 / |x|`.
    ///
    /// Original: `y = asinh x` / Tangent: `ty = tx / sqrt(x² + 1)` / Adjoint: `adj[x] += adj[y] / sqrt(x² + 1)`.
    fn __ad_vjp_asinh(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `acosh`. At `x = 1` the closed form gives `+inf`. The slope is
    /// `1 / (sqrt(x - 1) sqrt(x + 1))`: `x² - 1` cancels next to `1` and overflows for
    /// `x > 1.3e154`.
    ///
    /// Original: `y = acosh x` / Tangent: `ty = tx / sqrt(x² - 1)` / Adjoint: `adj[x] += adj[y] / sqrt(x² - 1)`.
    fn __ad_vjp_acosh(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `atanh`. At `x = ±1` the closed form gives `+inf`. The slope is
    /// `1 / ((1 - x)(1 + x))`: `1 - x²` cancels next to `±1` (`1 - x` is exact there).
    ///
    /// Original: `y = atanh x` / Tangent: `ty = tx / (1 - x²)` / Adjoint: `adj[x] += adj[y] / (1 - x²)`.
    fn __ad_vjp_atanh(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `exp`.
    ///
    /// Original: `y = e^x` / Tangent: `ty = y tx` / Adjoint: `adj[x] += adj[y] y`.
    fn __ad_vjp_exp(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `exp2`.
    ///
    /// Original: `y = 2^x` / Tangent: `ty = y ln(2) tx` / Adjoint: `adj[x] += adj[y] y ln 2`.
    fn __ad_vjp_exp2(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `exp_m1`. The slope is `e^x` computed from `x`, not `y + 1` from the value,
    /// which cancels as `y` tends to `-1` (`2e-8` relative error at `x = -20`, `0` below `-37`).
    ///
    /// Original: `y = e^x - 1` / Tangent: `ty = e^x tx` / Adjoint: `adj[x] += adj[y] e^x`.
    fn __ad_vjp_exp_m1(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `ln`. At `x = +0` the closed form gives `+inf`.
    ///
    /// Original: `y = ln x` / Tangent: `ty = tx / x` / Adjoint: `adj[x] += adj[y] / x`.
    fn __ad_vjp_ln(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `ln_1p`. At `x = -1` the closed form gives `+inf`.
    ///
    /// Original: `y = ln(1 + x)` / Tangent: `ty = tx / (1 + x)` / Adjoint: `adj[x] += adj[y] / (1 + x)`.
    fn __ad_vjp_ln_1p(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `log` with a differentiable base `b`. At `b = 1` (`ln b = 0`) the closed form
    /// gives infinities or NaN, like the value.
    ///
    /// Original: `y = ln x / ln b` / Tangent: `ty = tx / (x ln b) - tb y / (b ln b)` /
    /// Adjoint: `adj[x] += adj[y] / (x ln b); adj[b] -= adj[y] y / (b ln b)`.
    fn __ad_vjp_log(self, base: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `log2`. At `x = +0` the closed form gives `+inf`.
    ///
    /// Original: `y = log2 x` / Tangent: `ty = tx / (x ln 2)` / Adjoint: `adj[x] += adj[y] / (x ln 2)`.
    fn __ad_vjp_log2(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `log10`. At `x = +0` the closed form gives `+inf`.
    ///
    /// Original: `y = log10 x` / Tangent: `ty = tx / (x ln 10)` / Adjoint: `adj[x] += adj[y] / (x ln 10)`.
    fn __ad_vjp_log10(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `sqrt`. At `x = ±0` the derivative is `+inf`, the limit of `1 / (2 sqrt x)`
    /// from the right (also for `-0`, whose square root is `-0`).
    ///
    /// Original: `y = sqrt x` / Tangent: `ty = tx / (2 y)` / Adjoint: `adj[x] += adj[y] 0.5 / y`.
    fn __ad_vjp_sqrt(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `cbrt`. At `x = ±0` the derivative is `+inf`, the limit of `1 / (3 y²)` from
    /// both sides.
    ///
    /// Original: `y = cbrt x` / Tangent: `ty = tx / (3 y²)` / Adjoint: `adj[x] += adj[y] / (3 y²)`.
    fn __ad_vjp_cbrt(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `to_radians` (linear).
    ///
    /// Original: `y = x π / 180` / Tangent: `ty = tx π / 180` / Adjoint: `adj[x] += adj[y] π / 180`.
    fn __ad_vjp_to_radians(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `to_degrees` (linear).
    ///
    /// Original: `y = x 180 / π` / Tangent: `ty = tx 180 / π` / Adjoint: `adj[x] += adj[y] 180 / π`.
    fn __ad_vjp_to_degrees(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `powi`; the integer exponent gets `NoTangent`. For `n == 0` the derivative is
    /// `0` at every `x`, including `0`, infinities and NaN (the value is the constant 1). For
    /// `n < 0` the pullback multiplies the cotangent in first, as `y (d (n / x))`:
    /// `x^(n-1)` overflows for small `|x|` where `d n x^(n-1)` need not (a small tangent in
    /// forward mode).
    ///
    /// Original: `y = x^n` / Tangent: `ty = n x^(n-1) tx` / Adjoint: `adj[x] += adj[y] n x^(n-1)`.
    fn __ad_vjp_powi(self, n: i32) -> (Self, impl Fn(Self) -> (Self, NoTangent));
    /// Rule of `powf`. Conventions: `d/dx = 0` when `p == 0` (the value is the constant 1,
    /// so `0 * 0^-1` never makes a NaN); `d/dp = 0` when `x == 0` (the limit of `x^p ln x`
    /// for `p > 0`, and no NaN from `0 * -inf`). For `x < 0`, `d/dp` is NaN (`ln x`), and so
    /// is the value unless `p` is an integer. For `p < 1` (and `x != 0`) the pullback of `x`
    /// multiplies the cotangent in first, as `y (d / (x / p))`, as for `powi`.
    ///
    /// Original: `y = x^p` / Tangent: `ty = p x^(p-1) tx + y ln(x) tp` /
    /// Adjoint: `adj[x] += adj[y] p x^(p-1); adj[p] += adj[y] y ln x`.
    fn __ad_vjp_powf(self, n: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `recip`. At `x = ±0` the closed form gives `-inf`. Like the rule of `1 / x`, the
    /// pullback multiplies the cotangent by `y` before the second `y` (`-(d y) y`): `y²`
    /// overflows for `|x| < 1.5e-154`, where `d y²` need not.
    ///
    /// Original: `y = 1 / x` / Tangent: `ty = -y² tx` / Adjoint: `adj[x] -= (adj[y] y) y`.
    fn __ad_vjp_recip(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `abs`. At `x = ±0` the derivative is `0` (the middle of the subgradient
    /// `[-1, 1]`); a NaN `x` gives a NaN cotangent.
    ///
    /// Original: `y = |x|` / Tangent: `ty = sign(x) tx` / Adjoint: `adj[x] += adj[y] sign(x)`, `sign(±0) = 0`.
    fn __ad_vjp_abs(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `signum`: piecewise constant, so its derivative is `0` everywhere, including
    /// at the jump at `0`.
    ///
    /// Original: `y = signum x` / Tangent: `ty = 0` / Adjoint: `adj[x] += 0`.
    fn __ad_vjp_signum(self) -> (Self, impl Fn(Self) -> (Self,));
    /// Rule of `max`. The whole cotangent goes to the operand `max` returns: on a tie
    /// `x == o` to the receiver `x`; when one operand is NaN to the other one (std `max`
    /// returns the non-NaN operand); when both are NaN to the receiver.
    ///
    /// Original: `y = max(x, o)` / Tangent: `ty = if x >= o { tx } else { to }` /
    /// Adjoint: `if x >= o { adj[x] += adj[y] } else { adj[o] += adj[y] }`.
    fn __ad_vjp_max(self, other: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `min`. The whole cotangent goes to the operand `min` returns: on a tie
    /// `x == o` to the receiver `x`; when one operand is NaN to the other one (std `min`
    /// returns the non-NaN operand); when both are NaN to the receiver.
    ///
    /// Original: `y = min(x, o)` / Tangent: `ty = if x <= o { tx } else { to }` /
    /// Adjoint: `if x <= o { adj[x] += adj[y] } else { adj[o] += adj[y] }`.
    fn __ad_vjp_min(self, other: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `hypot`. At `x = o = 0` (a cone point) both cotangents are `0`, not `0 / 0`.
    ///
    /// Original: `y = sqrt(x² + o²)` / Tangent: `ty = (x tx + o to) / y` /
    /// Adjoint: `adj[x] += adj[y] x / y; adj[o] += adj[y] o / y`.
    fn __ad_vjp_hypot(self, other: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `copysign`: `|x|` with the sign of `o`. At `x = ±0` the cotangent of `x` is
    /// `0`, as for `abs`; `o` only chooses a sign, so its cotangent is always `0`.
    ///
    /// Original: `y = |x| sign(o)` / Tangent: `ty = (y / x) tx` /
    /// Adjoint: `adj[x] += adj[y] y / x; adj[o] += 0`.
    fn __ad_vjp_copysign(self, other: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `mul_add` (the fused `x * a + b`, differentiated as the exact expression).
    ///
    /// Original: `y = x a + b` / Tangent: `ty = tx a + x ta + tb` /
    /// Adjoint: `adj[x] += adj[y] a; adj[a] += adj[y] x; adj[b] += adj[y]`.
    fn __ad_vjp_mul_add(self, a: Self, b: Self) -> (Self, impl Fn(Self) -> (Self, Self, Self));
    /// Rule of `clamp`. The whole cotangent goes to the operand `clamp` returns: to the
    /// receiver when `min <= x <= max` (the bounds included, so a tie with a bound goes to the
    /// receiver, and so does a NaN receiver), to `min` when `x < min`, to `max` when `x > max`.
    /// Like std `clamp`, panics if `min > max` or either bound is NaN.
    ///
    /// Original: `y = clamp(x, lo, hi)` / Tangent: `ty = tx, tlo or thi`, whichever operand is returned /
    /// Adjoint: `adj[x], adj[lo] or adj[hi] += adj[y]`, whichever operand is returned.
    fn __ad_vjp_clamp(self, min: Self, max: Self) -> (Self, impl Fn(Self) -> (Self, Self, Self));
    /// Rule of `rem_euclid`: the least nonnegative remainder `r = x - q o`, with `q` the
    /// integer quotient (`x.div_euclid(o)`), constant between the jumps where `x / o` is an
    /// integer.
    ///
    /// `q` is the quotient the value was computed with, `(x - r) / o` rounded: `div_euclid`
    /// can disagree with `rem_euclid` where `x / o` rounds up to an integer (`1.0` and `0.1`
    /// give the remainder `0.0999…` of quotient 9, and `div_euclid` 10), and the derivative is
    /// that of the piece the value lies on. At a jump (`r = 0`) it is the derivative of the
    /// piece that starts there. `∂r/∂o = -q` is a strong zero where `q = 0` (`0 <= x < |o|`).
    /// A NaN or infinite value (`o = 0`, an infinite `x`) gives a NaN `adj[o]`.
    ///
    /// Original: `r = x - q o` / Tangent: `tr = tx - q to` /
    /// Adjoint: `adj[x] += adj[r]; adj[o] -= adj[r] q`.
    fn __ad_vjp_rem_euclid(self, other: Self) -> (Self, impl Fn(Self) -> (Self, Self));
    /// Rule of `sin_cos`, which returns the pair `(sin x, cos x)`: the pullback takes the pair
    /// of their cotangents. Differentiable everywhere; like `sin` and `cos`, its slopes are
    /// not strong zeros (`-sin x` is exactly zero at `x = 0`).
    ///
    /// Original: `(s, c) = (sin x, cos x)` / Tangent: `(ts, tc) = (cos(x) tx, -sin(x) tx)` /
    /// Adjoint: `adj[x] += adj[s] cos x - adj[c] sin x`.
    #[allow(
        clippy::type_complexity,
        reason = "the pair and its pullback are the contract generated code relies on"
    )]
    fn __ad_vjp_sin_cos(self) -> ((Self, Self), impl Fn((Self, Self)) -> (Self,));
}

mod impls;
pub mod slopes;
