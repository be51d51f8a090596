//! The runtime of the generated-program tests: the branch tracer `t`, the `Case` type that
//! `ad-progen` renders one of per generated function, and the checker that compares every
//! derivative mode with the others and with finite differences at seeded random points.

use ad_progen::rng::Rng;
use std::cell::RefCell;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};

thread_local! {
    static TRACE: RefCell<Vec<bool>> = const { RefCell::new(Vec::new()) };
}

/// Records the outcome of a float comparison (the `traced` copies of generated functions
/// wrap each one in `crate::t`) and returns it.
pub fn t(outcome: bool) -> bool {
    TRACE.with(|tr| tr.borrow_mut().push(outcome));
    outcome
}

/// The comparison outcomes of one call of `case.traced` at `p`.
fn trace(case: &Case, p: &[f64]) -> Vec<bool> {
    TRACE.with(|tr| tr.borrow_mut().clear());
    (case.traced)(p);
    TRACE.with(|tr| std::mem::take(&mut *tr.borrow_mut()))
}

/// A generated function, as closures over a flattened point (scalars and slice elements in
/// parameter order).
pub struct Case {
    /// The function's name.
    pub name: &'static str,
    /// The seed of `ad_progen::generate::generate(seed, index)`, which made it.
    pub seed: u64,
    /// The index of `ad_progen::generate::generate(seed, index)`, which made it.
    pub index: usize,
    /// How many floats a point has.
    pub inputs: usize,
    /// The function itself.
    pub value: fn(&[f64]) -> f64,
    /// Its copy that records comparison outcomes.
    pub traced: fn(&[f64]) -> f64,
    /// `value_with_gradient!`: value and flattened gradient.
    pub gradient: fn(&[f64]) -> (f64, Vec<f64>),
    /// `value_with_differential!`: value and the differential applied to a direction.
    pub forward: fn(&[f64], &[f64]) -> (f64, f64),
    /// `hessian!`, row by row.
    pub hessian: Option<fn(&[f64]) -> Vec<Vec<f64>>>,
    /// The function's source, with the functions it calls.
    pub source: &'static str,
}

/// The rows of a Hessian.
pub fn rows(h: &ad::ndarray::Array2<f64>) -> Vec<Vec<f64>> {
    h.rows().into_iter().map(|r| r.to_vec()).collect()
}

/// A failed check.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Which check: `reverse-value`, `forward-value`, `traced-value`, `reverse-vs-forward`,
    /// `central-difference`, `hessian-vs-gradient-differences`, or `panic-<mode>`.
    pub check: &'static str,
    /// Where: the flattened point (scalars and slice elements in parameter order).
    pub point: Vec<f64>,
    /// What was compared, with the tolerance.
    pub detail: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {:?}: {}", self.check, self.point, self.detail)
    }
}

/// What a successful check covered.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    /// Points checked in every mode.
    pub points: usize,
    /// Points skipped (a value not finite or huge).
    pub skipped: usize,
    /// Difference checks skipped because the branch trace changed within `h`.
    pub kinks: usize,
}

/// Relative tolerance of the derivative modes' values against the plain function: the same
/// operations in the same order, so only a rule that recomputes its value differently (a
/// fused operation) may move the last bits.
pub const VALUE_TOL: f64 = 1e-12;
/// Relative tolerance of reverse against forward mode: both are exact, and differ only by the
/// rounding of the order in which they sum the same products.
pub const MODES_TOL: f64 = 1e-9;
/// Relative tolerance against central differences with step [`H`]: their truncation error is
/// `h^2 f'''/6` and their rounding error `eps |f| / h`, about 1e-10 each for the bounded
/// functions generated; 1e-5 leaves room for steep ones, and a wrong derivative is off by
/// far more.
pub const DIFFERENCE_TOL: f64 = 1e-5;
/// Relative tolerance of `hessian!` against extrapolated differences of the gradient (step
/// [`H2`]), whose error is O(h^4) but which divide the gradient's own rounding by `h`.
pub const HESSIAN_TOL: f64 = 1e-4;

/// Finite-difference step of the gradient check; where the difference disagrees, the check
/// tries [`SMALLER_STEPS`] before it fails: a strongly curved function (gradients of 10⁴)
/// has a truncation error at `H` above the tolerance that shrinks a hundredfold with each
/// step, while a wrong derivative disagrees at every step.
pub const H: f64 = 1e-6;
/// The steps tried after [`H`], each plainly and Richardson-extrapolated with its half. A
/// chaotic recurrence (seed 88123's f6340: a difference of -46 at `H` against a derivative of
/// 527.23) converges only near 1e-10, where the rounding error `eps |f| / h` is still about
/// 1e-6 of a bounded function's value.
pub const SMALLER_STEPS: [f64; 4] = [H / 1e1, H / 1e2, H / 1e3, H / 1e4];
/// Finite-difference step (of the gradient) of the Hessian check.
pub const H2: f64 = 1e-5;
/// Points per case.
pub const POINTS: usize = 4;

fn close(a: f64, b: f64, tol: f64, scale: f64) -> bool {
    (a - b).abs() <= tol * scale.max(1.0)
}

/// Runs `f`, turning a panic into a failure of `check`.
fn guarded<T>(check: &'static str, p: &[f64], f: impl FnOnce() -> T) -> Result<T, Failure> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Failure {
            check,
            point: p.to_vec(),
            detail: format!("panicked: {msg}"),
        }
    })
}

/// Checks `case` at `POINTS` seeded random points in `[-1.5, 1.5]^n`; the first failure.
pub fn check(case: &Case) -> Result<Stats, Failure> {
    let mut rng = Rng::from_parts(&[case.seed, case.index as u64, 0x90_17]);
    let mut stats = Stats::default();
    for _ in 0..POINTS {
        let p: Vec<f64> = (0..case.inputs).map(|_| rng.uniform(-1.5, 1.5)).collect();
        check_at(case, &p, &mut rng, &mut stats)?;
    }
    Ok(stats)
}

fn bad(x: f64) -> bool {
    !x.is_finite() || x.abs() > 1e6
}

/// Every check at one point.
pub fn check_at(case: &Case, p: &[f64], rng: &mut Rng, stats: &mut Stats) -> Result<(), Failure> {
    let fail = |check, detail: String| {
        Err(Failure {
            check,
            point: p.to_vec(),
            detail,
        })
    };
    let v = guarded("panic-value", p, || (case.value)(p))?;
    if bad(v) {
        stats.skipped += 1;
        return Ok(());
    }
    let tv = guarded("panic-traced", p, || (case.traced)(p))?;
    if tv.to_bits() != v.to_bits() {
        return fail(
            "traced-value",
            format!("traced {tv:e} vs plain {v:e} (must be identical)"),
        );
    }
    let base = trace(case, p);

    // Reverse mode: its value, then against forward mode in random directions.
    let (rv, g) = guarded("panic-reverse", p, || (case.gradient)(p))?;
    if !close(rv, v, VALUE_TOL, v.abs()) {
        return fail(
            "reverse-value",
            format!("value_with_gradient! {rv:e} vs plain {v:e}, tol 1e-12 relative"),
        );
    }
    if g.len() != p.len() {
        return fail(
            "reverse-shape",
            format!("gradient has {} components, point {}", g.len(), p.len()),
        );
    }
    if g.iter().any(|&x| bad(x)) {
        stats.skipped += 1;
        return Ok(());
    }
    for _ in 0..2 {
        let u: Vec<f64> = (0..p.len()).map(|_| rng.uniform(-1.0, 1.0)).collect();
        let (fv, jv) = guarded("panic-forward", p, || (case.forward)(p, &u))?;
        if !close(fv, v, VALUE_TOL, v.abs()) {
            return fail(
                "forward-value",
                format!("value_with_differential! {fv:e} vs plain {v:e}, tol 1e-12 relative"),
            );
        }
        let gu: f64 = g.iter().zip(&u).map(|(a, b)| a * b).sum();
        let scale = g
            .iter()
            .zip(&u)
            .map(|(a, b)| (a * b).abs())
            .sum::<f64>()
            .max(jv.abs());
        if !close(gu, jv, MODES_TOL, scale) {
            return fail(
                "reverse-vs-forward",
                format!(
                    "<J^T 1, u> = {gu:e} (reverse) vs <1, J u> = {jv:e} (forward), u = {u:?}, gradient {g:?}, tol 1e-9 * max(1, {scale:e})"
                ),
            );
        }
    }

    // Central differences, where the branches taken do not change within h.
    let shifted = |i: usize, h: f64| {
        let (mut a, mut b) = (p.to_vec(), p.to_vec());
        a[i] += h;
        b[i] -= h;
        (a, b)
    };
    let gscale = g.iter().map(|x| x.abs()).fold(0.0, f64::max);
    for i in 0..p.len() {
        let (a, b) = shifted(i, H);
        if trace(case, &a) != base || trace(case, &b) != base {
            stats.kinks += 1;
            continue;
        }
        let fd = ((case.value)(&a) - (case.value)(&b)) / (2.0 * H);
        let scale = gscale.max(fd.abs()).max(v.abs() * 1e-4);
        let difference = |h: f64| {
            let (a, b) = shifted(i, h);
            ((case.value)(&a) - (case.value)(&b)) / (2.0 * h)
        };
        let agrees = |fd: f64| {
            close(
                fd,
                g[i],
                DIFFERENCE_TOL,
                gscale.max(fd.abs()).max(v.abs() * 1e-4),
            )
        };
        // Plain and Richardson-extrapolated (error O(h^4)) differences at steps down to
        // H/10^4: a chaotic recurrence's difference converges only there.
        let agrees_at_a_smaller_step = SMALLER_STEPS.iter().any(|&h| {
            let (coarse, fine) = (difference(h), difference(h / 2.0));
            agrees(coarse) || agrees((4.0 * fine - coarse) / 3.0)
        });
        if !close(fd, g[i], DIFFERENCE_TOL, scale) && !agrees_at_a_smaller_step {
            return fail(
                "central-difference",
                format!(
                    "d/dx{i}: reverse {:e} vs central difference {fd:e} (h = {H:e}; also down to h/10^4, plain and extrapolated), tol 1e-5 * max(1, {scale:e})",
                    g[i]
                ),
            );
        }
    }

    // The Hessian against central differences of the (reverse) gradient.
    if let Some(hess) = case.hessian {
        let hm = guarded("panic-hessian", p, || hess(p))?;
        let hscale = hm.iter().flatten().map(|x| x.abs()).fold(0.0, f64::max);
        if hm.iter().flatten().any(|&x| bad(x)) {
            stats.skipped += 1;
            return Ok(());
        }
        for i in 0..p.len() {
            // Richardson extrapolation of central differences with steps h and h/2, whose
            // error is O(h^4): a large third derivative would otherwise pass for a wrong
            // Hessian.
            let (a, b) = shifted(i, H2);
            let (a2, b2) = shifted(i, H2 / 2.0);
            if [&a, &b, &a2, &b2].iter().any(|q| trace(case, q) != base) {
                stats.kinks += 1;
                continue;
            }
            let (ga, gb) = ((case.gradient)(&a).1, (case.gradient)(&b).1);
            let (ga2, gb2) = ((case.gradient)(&a2).1, (case.gradient)(&b2).1);
            for j in 0..p.len() {
                let coarse = (ga[j] - gb[j]) / (2.0 * H2);
                let fine = (ga2[j] - gb2[j]) / H2;
                let fd = (4.0 * fine - coarse) / 3.0;
                let scale = hscale.max(fd.abs()).max(gscale * 1e-3);
                if !close(hm[i][j], fd, HESSIAN_TOL, scale) {
                    return fail(
                        "hessian-vs-gradient-differences",
                        format!(
                            "H[{i}][{j}]: hessian! {:e} vs central difference of the gradient {fd:e} (h = {H2:e} and h/2, extrapolated), tol 1e-4 * max(1, {scale:e})",
                            hm[i][j]
                        ),
                    );
                }
            }
        }
    }
    stats.points += 1;
    Ok(())
}
