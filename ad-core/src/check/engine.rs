//! The comparisons behind `check_gradient!`: reverse mode against forward mode with the
//! identity `<u, J v> = <Jᵀ u, v>`, and forward mode against central differences of the
//! function, in seeded random directions `v` and along single input components.
//!
//! Every derivative is reduced to a number by the same cotangent `u` of the result (`1` for a
//! scalar result), so a vector-valued function costs one pullback call, one differential call
//! per direction and four evaluations of the function per direction.
//!
//! Tolerances. Both modes are exact up to rounding, so they must agree to a relative `√ε` of
//! the sizes of the terms summed (`Σ |g_i v_i|`, `Σ |u_k (J v)_k|`) and of the largest
//! gradient component (a zero component may be a sum of terms that cancel, each rounded), and
//! to a few ulps of the value where every derivative is zero. Central differences are
//! computed at steps `h` and `2h` and extrapolated (Richardson: `(4 D(h) - D(2h)) / 3`, exact
//! for cubics); they must agree with forward mode to a relative `10 √ε` (of the derivative and
//! of the largest gradient component), plus the rounding error of the differences (`ε |f| / h`,
//! from the values the function returned) and the change between the two steps, which
//! measures their truncation error. That last allowance is capped at a tenth of the sizes
//! compared, so a noisy or non-smooth function fails rather than passing whatever its
//! derivative. Directions are scaled to the inputs (component `i` moves by about
//! `h max(1, |x_i|)`), so large arguments are not differenced below their rounding.
//!
//! Every component of every direction is at least half its scale (a random sign and a
//! magnitude in `[0.5, 1)`), so no component is left almost unchecked in a direction.

use super::arguments::{Arguments, Slots};
use super::options::{Options, SplitMix};
use super::report::{Component, Failure, GradientCheck, GradientCheckError};
use crate::basis::{Basis, components};
use crate::{Differentiable, Tangent};

/// Checks a function at `point`, given its value there, its pullback and its differential
/// there (one slot per argument, as [`Slots`]), and the function itself (`primal`), which
/// central differences evaluate at moved copies of `point`. `primal` is also given a cotangent
/// of the arguments, only for its types: a macro that evaluates the function through
/// `value_with_differential!` gets a differential whose parameter types nothing else fixes
/// (a constant's tangent may be anything), and fixes them with a call that never runs.
/// `names` are the function and the arguments as written, `magnitudes` each argument's
/// components where they can be read (floats, `Vec`s, arrays, tuples of them), to scale the
/// steps.
///
/// This is what `check_gradient!` expands to; call it directly only to check a function given
/// as separate closures. `ad::check::check_function` checks a function value.
#[allow(
    clippy::too_many_arguments,
    reason = "each closure gets its parameter types from its own bound, which a struct of \
              closures would not give"
)]
#[allow(
    clippy::result_large_err,
    reason = "a check runs once and its error is read where it is returned: boxing it would \
              only make `error.component` harder to reach in users' assertions"
)]
pub fn run<P, T, R>(
    point: &P,
    names: &Names<'_>,
    magnitudes: &[Option<Vec<f64>>],
    value: &R,
    pullback: impl Fn(Tangent<R>) -> T,
    differential: impl Fn(T) -> Tangent<R>,
    primal: impl Fn(&P, &T) -> R,
    options: &Options,
) -> Result<GradientCheck, GradientCheckError>
where
    P: Arguments,
    T: Slots,
    R: Differentiable + Basis,
    Tangent<R>: Basis,
{
    let seed = options.seed;
    let outputs = components(value);
    let m = outputs.len();
    let function = names.function;
    let nothing =
        || GradientCheckError::without_values(function, Failure::NothingToCheck, None, m, seed);
    if m == 0 {
        return Err(nothing());
    }
    let mut rng = SplitMix::new(seed);
    let zero_output = value.zero_tangent();
    // A scalar result needs no weighting: the values reported are the gradient itself.
    let u: Vec<f64> = if m == 1 {
        vec![1.0]
    } else {
        (0..m).map(|_| rng.component()).collect()
    };
    let mut cotangent = zero_output.clone();
    cotangent.set_components(&mut u.iter().copied());
    let slots = pullback(cotangent);
    let g = components(&slots);
    let n = g.len();
    if n == 0 {
        return Err(nothing());
    }
    let lengths = slots.slot_lengths();
    let layout = Layout::new(names.arguments, &lengths);
    let tangent_lengths = point.tangent_lengths();
    for (argument, (&slot, &tangent)) in lengths.iter().zip(&tangent_lengths).enumerate() {
        if slot != 0 && slot != tangent {
            let failure = Failure::ShapeMismatch {
                cotangent: slot,
                tangent,
            };
            let component = layout.component(layout.start(argument));
            return Err(GradientCheckError::without_values(
                function,
                failure,
                Some(component),
                m,
                seed,
            ));
        }
    }
    if outputs.iter().any(|y| !y.is_finite()) {
        let mut error =
            GradientCheckError::without_values(function, Failure::NotFinite, None, m, seed);
        error.differences = outputs
            .iter()
            .copied()
            .find(|y| !y.is_finite())
            .unwrap_or(0.0);
        return Err(error);
    }
    let eps = epsilon(&zero_output).max(epsilon(&slots));
    let scales = scales(&lengths, magnitudes);
    let checker = Checker {
        point,
        primal,
        differential,
        template: slots,
        lengths: &lengths,
        gradient_size: g
            .iter()
            .zip(&scales)
            .map(|(g, s)| (g * s).abs())
            .fold(0.0, f64::max),
        value_size: u.iter().zip(&outputs).map(|(u, y)| (u * y).abs()).sum(),
        u,
        g,
        eps,
        step: options.step.unwrap_or(eps.cbrt()),
        rtol_modes: options.tolerance.unwrap_or(eps.sqrt()),
        rtol_differences: options.tolerance.unwrap_or(10.0 * eps.sqrt()),
    };
    let mut worst_ratio = 0.0f64;

    let mut worst_direction: Option<(f64, usize, Comparison)> = None;
    for d in 0..options.directions {
        let v: Vec<f64> = scales.iter().map(|s| s * rng.component()).collect();
        let comparison = checker.compare(&v);
        let ratio = comparison.ratio();
        worst_ratio = worst_ratio.max(ratio);
        if worst_direction.as_ref().is_none_or(|w| ratio > w.0) {
            worst_direction = Some((ratio, d, comparison));
        }
    }

    let mut worst_component: Option<(f64, usize, Comparison)> = None;
    let mut examine = |i: usize, worst_ratio: &mut f64| {
        let mut v = vec![0.0; n];
        v[i] = scales[i];
        // Per unit of the component, so that the values are the gradient's.
        let comparison = checker.compare(&v).per(scales[i]);
        let ratio = comparison.ratio();
        *worst_ratio = worst_ratio.max(ratio);
        if worst_component.as_ref().is_none_or(|w| ratio > w.0) {
            worst_component = Some((ratio, i, comparison));
        }
    };
    let chosen: Vec<usize> = if n <= options.components {
        (0..n).collect()
    } else {
        choose(n, options.components, &mut rng)
    };
    for &i in &chosen {
        examine(i, &mut worst_ratio);
    }
    let direction_failed = worst_direction.as_ref().is_some_and(|w| exceeds(w.0));
    if direction_failed {
        // Find the component to blame.
        for i in (0..n).filter(|i| chosen.binary_search(i).is_err()) {
            examine(i, &mut worst_ratio);
        }
    }

    if let Some((ratio, i, comparison)) = worst_component
        && exceeds(ratio)
    {
        return Err(comparison.error(function, Some(layout.component(i)), None, m, seed));
    }
    if let Some((ratio, d, comparison)) = worst_direction
        && exceeds(ratio)
    {
        return Err(comparison.error(function, None, Some(d), m, seed));
    }
    Ok(GradientCheck {
        function: function.to_string(),
        inputs: n,
        outputs: m,
        directions: options.directions,
        components: chosen.len(),
        hessian_directions: 0,
        worst: worst_ratio,
        step: checker.step,
        seed,
    })
}

/// The function and its arguments as written in the call, to name them in messages.
#[derive(Clone, Copy, Debug)]
pub struct Names<'a> {
    /// The function (a path, or a closure literal).
    pub function: &'a str,
    /// Each argument.
    pub arguments: &'a [&'a str],
}

/// What the comparisons need: the point, the function and its derivatives there.
struct Checker<'a, P, T, F, D> {
    point: &'a P,
    primal: F,
    differential: D,
    /// A cotangent of the arguments, shaped as the differential takes its tangents.
    template: T,
    /// Each argument's number of components.
    lengths: &'a [usize],
    /// The cotangent of the result.
    u: Vec<f64>,
    /// `Jᵀ u`, by reverse mode.
    g: Vec<f64>,
    /// The largest component of `Jᵀ u`, per unit of the scaled direction: the scale of the
    /// derivatives, below which a component's own size means nothing (it may be a sum of
    /// terms that cancel, each rounded).
    gradient_size: f64,
    /// `Σ |u_k y_k|`, the size of the value, whose rounding bounds how well the modes can agree
    /// where every derivative is zero.
    value_size: f64,
    /// Machine epsilon of the floats involved.
    eps: f64,
    step: f64,
    rtol_modes: f64,
    rtol_differences: f64,
}

impl<P, T, R, F, D> Checker<'_, P, T, F, D>
where
    P: Arguments,
    T: Slots,
    R: Differentiable + Basis,
    Tangent<R>: Basis,
    F: Fn(&P, &T) -> R,
    D: Fn(T) -> Tangent<R>,
{
    /// The three derivatives along `v` (components of the arguments' tangents).
    fn compare(&self, v: &[f64]) -> Comparison {
        let reverse: f64 = self.g.iter().zip(v).map(|(g, v)| g * v).sum();
        let reverse_size: f64 = self.g.iter().zip(v).map(|(g, v)| (g * v).abs()).sum();
        let mut tangent = self.template.clone();
        tangent.set_components(&mut v.iter().copied());
        let jv = components(&(self.differential)(tangent));
        let (forward, forward_size) = if jv.len() == self.u.len() {
            let forward = self.u.iter().zip(&jv).map(|(u, t)| u * t).sum();
            let size = self.u.iter().zip(&jv).map(|(u, t)| (u * t).abs()).sum();
            (forward, size)
        } else {
            // A tangent of another shape than the result: reported as not finite.
            (f64::NAN, f64::NAN)
        };
        let (d1, noise1) = self.quotient(v, self.step);
        let (d2, noise2) = self.quotient(v, 2.0 * self.step);
        let (differences, allowance) = extrapolate((d1, noise1), (d2, noise2), forward.abs());
        let size = forward.abs().max(differences.abs());
        Comparison {
            reverse,
            forward,
            differences,
            tolerance_modes: self.rtol_modes * (reverse_size + forward_size + self.gradient_size)
                + 16.0 * self.eps * self.value_size,
            tolerance_differences: self.rtol_differences * (size + self.gradient_size)
                + self.rtol_modes * forward_size
                + allowance,
        }
    }

    /// `<u, f(x + h v) - f(x - h v)> / 2h`, and a bound on its rounding error.
    fn quotient(&self, v: &[f64], h: f64) -> (f64, f64) {
        let up: Vec<f64> = v.iter().map(|v| h * v).collect();
        let down: Vec<f64> = v.iter().map(|v| -h * v).collect();
        let at = |steps: &[f64]| {
            let moved = self.point.moved(&split(steps, self.lengths));
            components(&(self.primal)(&moved, &self.template))
        };
        let (plus, minus) = (at(&up), at(&down));
        if plus.len() != self.u.len() || minus.len() != self.u.len() {
            return (f64::NAN, f64::NAN);
        }
        let mut sum = 0.0;
        let mut magnitude = 0.0;
        for ((u, p), m) in self.u.iter().zip(&plus).zip(&minus) {
            sum += u * (p - m);
            magnitude += u.abs() * (p.abs() + m.abs());
        }
        // Each value may be off by a few ulps of itself.
        (sum / (2.0 * h), 8.0 * self.eps * magnitude / (2.0 * h))
    }
}

/// The three derivatives along one direction, and the tolerance of each comparison.
#[derive(Clone, Debug)]
struct Comparison {
    reverse: f64,
    forward: f64,
    differences: f64,
    tolerance_modes: f64,
    tolerance_differences: f64,
}

impl Comparison {
    /// Everything divided by `scale`: the derivative per unit of a component moved by `scale`.
    fn per(self, scale: f64) -> Self {
        Comparison {
            reverse: self.reverse / scale,
            forward: self.forward / scale,
            differences: self.differences / scale,
            tolerance_modes: self.tolerance_modes / scale,
            tolerance_differences: self.tolerance_differences / scale,
        }
    }

    fn finite(&self) -> bool {
        [self.reverse, self.forward, self.differences]
            .iter()
            .all(|x| x.is_finite())
    }

    fn modes(&self) -> f64 {
        ratio((self.reverse - self.forward).abs(), self.tolerance_modes)
    }

    fn differences_ratio(&self) -> f64 {
        ratio(
            (self.forward - self.differences).abs(),
            self.tolerance_differences,
        )
    }

    /// The error as a fraction of its tolerance, the larger of the two comparisons';
    /// infinite when a value is not finite.
    fn ratio(&self) -> f64 {
        if self.finite() {
            self.modes().max(self.differences_ratio())
        } else {
            f64::INFINITY
        }
    }

    /// The failure this comparison shows.
    fn error(
        self,
        function: &str,
        component: Option<Component>,
        direction: Option<usize>,
        outputs: usize,
        seed: u64,
    ) -> GradientCheckError {
        let (failure, tolerance) = if !self.finite() {
            (Failure::NotFinite, self.tolerance_differences)
        } else if self.modes() > 1.0 {
            (Failure::ModesDisagree, self.tolerance_modes)
        } else {
            (Failure::DifferencesDisagree, self.tolerance_differences)
        };
        GradientCheckError {
            function: function.to_string(),
            failure,
            component,
            direction,
            reverse: self.reverse,
            forward: self.forward,
            differences: self.differences,
            tolerance,
            outputs,
            seed,
        }
    }
}

/// Central differences at steps `h` and `2h`, each with a bound on its rounding error,
/// extrapolated (Richardson: `(4 D(h) - D(2h)) / 3`, exact for cubics), and the allowance a
/// comparison with them needs: their rounding error, and the change between the two steps,
/// which measures their truncation error, capped at a tenth of the sizes involved (`size`,
/// the value they are compared with, and the differences themselves), so that a function too
/// noisy or not smooth at this point fails instead of passing whatever its derivative.
pub(super) fn extrapolate(h: (f64, f64), twice: (f64, f64), size: f64) -> (f64, f64) {
    let ((d1, noise1), (d2, noise2)) = (h, twice);
    let estimate = (4.0 * d1 - d2) / 3.0;
    let cap = 0.1 * size.max(estimate.abs()).max(d1.abs()).max(d2.abs());
    let allowance = (4.0 * noise1 + noise2) / 3.0 + (d1 - d2).abs().min(cap);
    (estimate, allowance)
}

/// Whether an error ratio fails: above 1, or NaN (which no comparison may let pass).
pub(super) fn exceeds(ratio: f64) -> bool {
    ratio > 1.0 || ratio.is_nan()
}

/// `error / tolerance`, 0 for no error at all (also with a zero tolerance).
pub(super) fn ratio(error: f64, tolerance: f64) -> f64 {
    if error == 0.0 {
        0.0
    } else if tolerance > 0.0 {
        error / tolerance
    } else {
        f64::INFINITY
    }
}

/// Where each argument's components are in the flat list of input components.
pub(super) struct Layout<'a> {
    names: &'a [&'a str],
    lengths: &'a [usize],
}

impl<'a> Layout<'a> {
    pub(super) fn new(names: &'a [&'a str], lengths: &'a [usize]) -> Self {
        Layout { names, lengths }
    }

    /// The position of argument `argument`'s first component.
    fn start(&self, argument: usize) -> usize {
        self.lengths[..argument].iter().sum()
    }

    /// Input component `i`, named.
    pub(super) fn component(&self, mut i: usize) -> Component {
        for (argument, &len) in self.lengths.iter().enumerate() {
            if i < len || argument + 1 == self.lengths.len() {
                let name = self.names.get(argument).copied().unwrap_or("argument");
                return Component {
                    argument,
                    name: name.to_string(),
                    index: i,
                    len,
                };
            }
            i -= len;
        }
        Component {
            argument: 0,
            name: String::new(),
            index: i,
            len: 0,
        }
    }
}

/// `flat` cut into each argument's components.
fn split<'a>(flat: &'a [f64], lengths: &[usize]) -> Vec<&'a [f64]> {
    let mut rest = flat;
    lengths
        .iter()
        .map(|&len| {
            let (head, tail) = rest.split_at(len.min(rest.len()));
            rest = tail;
            head
        })
        .collect()
}

/// The scale of each input component: `max(1, |x_i|)` where the argument's components can be
/// read and are as many as its tangent's, 1 otherwise.
pub(super) fn scales(lengths: &[usize], magnitudes: &[Option<Vec<f64>>]) -> Vec<f64> {
    lengths
        .iter()
        .enumerate()
        .flat_map(|(argument, &len)| match magnitudes.get(argument) {
            Some(Some(values)) if values.len() == len => values
                .iter()
                .map(|x| if x.is_finite() { x.abs().max(1.0) } else { 1.0 })
                .collect(),
            _ => vec![1.0; len],
        })
        .collect()
}

/// `k` distinct numbers of `0..n`, in increasing order (a partial Fisher–Yates shuffle).
fn choose(n: usize, k: usize, rng: &mut SplitMix) -> Vec<usize> {
    let mut all: Vec<usize> = (0..n).collect();
    for j in 0..k.min(n) {
        let pick = j + rng.below(n - j);
        all.swap(j, pick);
    }
    let mut chosen = all[..k.min(n)].to_vec();
    chosen.sort_unstable();
    chosen
}

/// The machine epsilon of a tangent's floats: that of `f32` if a component does not survive a
/// round trip of a value only `f64` can hold, of `f64` otherwise.
pub(super) fn epsilon<T: Basis>(shape: &T) -> f64 {
    let n = components(shape).len();
    let probe = 1.0 + 2f64.powi(-40);
    let mut t = shape.clone();
    t.set_components(&mut std::iter::repeat_n(probe, n));
    if components(&t).iter().all(|&c| c == probe) {
        f64::EPSILON
    } else {
        f64::from(f32::EPSILON)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `f(x, n) = x³ n` at `x = 2`, `n = 4` (a constant), with `slope` as its derivative in
    /// reverse mode and `forward_slope` in forward mode.
    #[allow(clippy::result_large_err, reason = "as `run`'s")]
    fn check(slope: f64, forward_slope: f64) -> Result<GradientCheck, GradientCheckError> {
        let names = Names {
            function: "cube",
            arguments: &["x", "n"],
        };
        run(
            &(2.0f64, 4i32),
            &names,
            &[Some(vec![2.0]), None],
            &32.0f64,
            |u: f64| (u * slope, crate::NoTangent),
            |(t, _): (f64, crate::NoTangent)| forward_slope * t,
            |&(x, n), _| x * x * x * f64::from(n),
            &Options::default(),
        )
    }

    #[test]
    fn the_three_derivatives_are_compared() {
        let report = check(48.0, 48.0).unwrap();
        assert_eq!(
            (report.inputs, report.outputs, report.components),
            (1, 1, 1)
        );
        let error = check(48.0, 47.0).unwrap_err();
        assert_eq!(error.failure, Failure::ModesDisagree);
        assert_eq!((error.reverse, error.forward), (48.0, 47.0));
        assert!((error.differences - 48.0).abs() < 1e-6);
        let error = check(47.0, 47.0).unwrap_err();
        assert_eq!(error.failure, Failure::DifferencesDisagree);
        assert_eq!(error.component.map(|c| c.name), Some("x".to_string()));
    }

    #[test]
    fn the_float_type_is_found_from_the_tangents() {
        assert_eq!(epsilon(&0.0f64), f64::EPSILON);
        assert_eq!(epsilon(&(0.0f64, vec![0.0f32])), f64::from(f32::EPSILON));
    }

    #[test]
    fn components_are_named_by_argument() {
        let names = ["x", "&w"];
        let layout = Layout::new(&names, &[1, 3]);
        assert_eq!(layout.component(0).to_string(), "`x`");
        assert_eq!(layout.component(2).to_string(), "`&w`[1]");
        assert_eq!(layout.start(1), 1);
        assert_eq!(
            split(&[1.0, 2.0, 3.0, 4.0], &[1, 0, 3])[2],
            &[2.0, 3.0, 4.0]
        );
        let mut rng = SplitMix::new(1);
        let chosen = choose(10, 4, &mut rng);
        assert_eq!(chosen.len(), 4);
        assert!(chosen.windows(2).all(|w| w[0] < w[1]));
    }
}
