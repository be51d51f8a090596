//! The second-order check (`check_gradient!(.., second_order)`): the Hessian `hessian!` gives,
//! by second-order forward mode, against central differences of the gradient by reverse mode
//! and by forward mode, in seeded random directions.
//!
//! `(H v)_i` is the derivative of the gradient's component `i` along `v`, so one direction
//! compares every component of the gradient at once, and the worst one is named directly. The
//! gradients are first-order derivatives, which the first-order check has just compared with
//! differences of the function; the second-order rules (`ad_std::second`) are separate code,
//! which this compares with them.

use super::arguments::{Arguments, Slots};
use super::engine::{Layout, Names, epsilon, exceeds, extrapolate, ratio, scales};
use super::options::{Options, SplitMix};
use super::report::{Failure, GradientCheck, GradientCheckError};
use crate::basis::{Basis, components, units};
use crate::{Differentiable, Tangent};

/// A Hessian as `hessian!` gives it: an `f64` for a scalar argument, a square matrix otherwise.
pub trait HessianMatrix {
    /// The number of rows, and the entries row by row.
    fn entries(&self) -> (usize, Vec<f64>);
}

impl HessianMatrix for f64 {
    fn entries(&self) -> (usize, Vec<f64>) {
        (1, vec![*self])
    }
}

impl HessianMatrix for ndarray::Array2<f64> {
    fn entries(&self) -> (usize, Vec<f64>) {
        let entries = if self.is_square() {
            self.iter().copied().collect()
        } else {
            Vec::new()
        };
        (self.nrows(), entries)
    }
}

/// Compares `hessian` (the Hessian at `point`, of a function of one argument with a scalar
/// result) with central differences of the gradient: `gradient(at, seed)` is the pullback at
/// `at` of the seed, `derivative(at, t)` the differential at `at` applied to `t`. Runs after the
/// first-order check, whose report `first` it extends. This is what
/// `check_gradient!(.., second_order)` expands to.
#[allow(
    clippy::too_many_arguments,
    reason = "each closure gets its parameter types from its own bound, as in `run`"
)]
#[allow(clippy::result_large_err, reason = "as `run`'s")]
pub fn run_second<P, T, R, H>(
    first: GradientCheck,
    point: &P,
    names: &Names<'_>,
    magnitudes: &[Option<Vec<f64>>],
    value: &R,
    hessian: &H,
    gradient: impl Fn(&P, Tangent<R>) -> T,
    derivative: impl Fn(&P, T) -> Tangent<R>,
    options: &Options,
) -> Result<GradientCheck, GradientCheckError>
where
    P: Arguments,
    T: Slots,
    R: Differentiable + Basis,
    Tangent<R>: Basis,
    H: HessianMatrix,
{
    let seed = options.seed;
    let function = names.function;
    let mut one = value.zero_tangent();
    let outputs = components(&one).len();
    if outputs != 1 {
        return Err(GradientCheckError::without_values(
            function,
            Failure::NothingToCheck,
            None,
            outputs,
            seed,
        ));
    }
    one.set_components(&mut std::iter::once(1.0));
    let template = gradient(point, one.clone());
    let lengths = template.slot_lengths();
    let layout = Layout::new(names.arguments, &lengths);
    let n = components(&template).len();
    let (rows, h) = hessian.entries();
    if rows != n || h.len() != n * n {
        let failure = Failure::ShapeMismatch {
            cotangent: rows,
            tangent: n,
        };
        return Err(GradientCheckError::without_values(
            function, failure, None, 1, seed,
        ));
    }
    let eps = epsilon(&template).max(epsilon(&one));
    let step = options.step.unwrap_or(eps.cbrt());
    let rtol = options.tolerance.unwrap_or(10.0 * eps.sqrt());
    let scales = scales(&lengths, magnitudes);
    let unit_tangents: Vec<T> = units(&template).collect();
    // The gradient at `x + s v`, by each mode, with a bound on its rounding error.
    let moved = |v: &[f64], s: f64| {
        let flat: Vec<f64> = v.iter().map(|v| s * v).collect();
        let mut rest = flat.as_slice();
        let steps: Vec<&[f64]> = lengths
            .iter()
            .map(|&len| {
                let (head, tail) = rest.split_at(len.min(rest.len()));
                rest = tail;
                head
            })
            .collect();
        point.moved(&steps)
    };
    let reverse_at = |at: &P| components(&gradient(at, one.clone()));
    let forward_at = |at: &P| -> Vec<f64> {
        let derivative_along = |t: &T| components(&derivative(at, t.clone()));
        unit_tangents
            .iter()
            .map(|t| derivative_along(t).first().copied().unwrap_or(f64::NAN))
            .collect()
    };
    let quotients = |v: &[f64], s: f64, at: &dyn Fn(&P) -> Vec<f64>| -> Vec<(f64, f64)> {
        let (plus, minus) = (at(&moved(v, s)), at(&moved(v, -s)));
        plus.iter()
            .zip(&minus)
            .map(|(p, m)| {
                (
                    (p - m) / (2.0 * s),
                    8.0 * eps * (p.abs() + m.abs()) / (2.0 * s),
                )
            })
            .collect()
    };

    let mut rng = SplitMix::new(seed ^ 0x5ec0_0d0e_0000_0000);
    let mut worst: Option<(f64, GradientCheckError)> = None;
    let mut worst_ratio = first.worst;
    for d in 0..options.directions {
        let v: Vec<f64> = scales.iter().map(|s| s * rng.component()).collect();
        let hv: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| h[i * n + j] * v[j]).sum())
            .collect();
        let size = hv.iter().fold(0.0f64, |a, x| a.max(x.abs()));
        let (reverse1, reverse2) = (
            quotients(&v, step, &reverse_at),
            quotients(&v, 2.0 * step, &reverse_at),
        );
        let (forward1, forward2) = (
            quotients(&v, step, &forward_at),
            quotients(&v, 2.0 * step, &forward_at),
        );
        for i in 0..n {
            let exact = hv[i];
            let (reverse, reverse_allowance) = extrapolate(reverse1[i], reverse2[i], exact.abs());
            let (forward, forward_allowance) = extrapolate(forward1[i], forward2[i], exact.abs());
            let tolerance = |other: f64, allowance: f64| {
                rtol * (exact.abs().max(other.abs()) + size) + allowance
            };
            let (t_reverse, t_forward) = (
                tolerance(reverse, reverse_allowance),
                tolerance(forward, forward_allowance),
            );
            let (r_reverse, r_forward) = (
                ratio((exact - reverse).abs(), t_reverse),
                ratio((exact - forward).abs(), t_forward),
            );
            let finite = [exact, reverse, forward].iter().all(|x| x.is_finite());
            let r = if finite {
                r_reverse.max(r_forward)
            } else {
                f64::INFINITY
            };
            worst_ratio = worst_ratio.max(r);
            if worst.as_ref().is_none_or(|(w, _)| r > *w) {
                let error = GradientCheckError {
                    function: function.to_string(),
                    failure: if finite {
                        Failure::HessianDisagrees
                    } else {
                        Failure::NotFinite
                    },
                    component: Some(layout.component(i)),
                    direction: Some(d),
                    reverse,
                    forward: exact,
                    differences: forward,
                    tolerance: if r_reverse >= r_forward {
                        t_reverse
                    } else {
                        t_forward
                    },
                    outputs: 1,
                    seed,
                };
                worst = Some((r, error));
            }
        }
    }
    match worst {
        Some((r, error)) if exceeds(r) => Err(error),
        _ => Ok(GradientCheck {
            hessian_directions: options.directions,
            worst: worst_ratio,
            ..first
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::run;

    /// `f(x, y) = x² y + sin y`, checked at `(1.5, 0.5)` with `hessian` for its Hessian.
    #[allow(clippy::result_large_err, reason = "as `run`'s")]
    fn check(hessian: ndarray::Array2<f64>) -> Result<GradientCheck, GradientCheckError> {
        let point = (vec![1.5, 0.5],);
        let f = |p: &[f64]| p[0] * p[0] * p[1] + p[1].sin();
        let gradient = |p: &[f64]| vec![2.0 * p[0] * p[1], p[0] * p[0] + p[1].cos()];
        let names = Names {
            function: "f",
            arguments: &["p"],
        };
        let options = Options::default();
        let first = run(
            &point,
            &names,
            &[None],
            &f(&point.0),
            |u: f64| {
                (gradient(&point.0)
                    .iter()
                    .map(|g| g * u)
                    .collect::<Vec<f64>>(),)
            },
            |(t,): (Vec<f64>,)| gradient(&point.0).iter().zip(&t).map(|(g, t)| g * t).sum(),
            |(p,), _| f(p),
            &options,
        )?;
        run_second(
            first,
            &point,
            &names,
            &[None],
            &f(&point.0),
            &hessian,
            |(p,), u: f64| (gradient(p).iter().map(|g| g * u).collect::<Vec<f64>>(),),
            |(p,), (t,): (Vec<f64>,)| gradient(p).iter().zip(&t).map(|(g, t)| g * t).sum(),
            &options,
        )
    }

    #[test]
    fn a_right_hessian_passes_and_a_wrong_entry_is_named() {
        // H = [[2y, 2x], [2x, -sin y]].
        let (x, y) = (1.5f64, 0.5f64);
        let right = ndarray::arr2(&[[2.0 * y, 2.0 * x], [2.0 * x, -y.sin()]]);
        let report = check(right.clone()).unwrap();
        assert_eq!(report.hessian_directions, 3);
        let mut wrong = right;
        wrong[[1, 1]] = y.sin();
        let error = check(wrong).unwrap_err();
        assert_eq!(error.failure, Failure::HessianDisagrees);
        assert_eq!(error.component.as_ref().map(|c| c.index), Some(1));
        assert!(error.to_string().contains("`p`[1]"), "{error}");
        // The two difference quotients agree with each other.
        assert!((error.reverse - error.differences).abs() < 1e-6);
    }

    #[test]
    fn hessians_give_their_entries_row_by_row() {
        assert_eq!(2.5f64.entries(), (1, vec![2.5]));
        let m = ndarray::arr2(&[[1.0, 2.0], [3.0, 4.0]]);
        assert_eq!(m.entries(), (2, vec![1.0, 2.0, 3.0, 4.0]));
    }
}
