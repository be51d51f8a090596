//! What every eval gives the table, and how it is timed.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// One eval: what is differentiated, at which size, the published ratios to compare with,
/// and closures that run the objective and the derivative once.
pub struct Eval {
    /// gradbench's name of the eval (`gmm`, `lse`, ..).
    pub name: &'static str,
    /// The size timed, in gradbench's words (`d=10 k=25 n=1000`).
    pub size: String,
    /// What is timed against the objective (`gradient`, `Jacobian`, ..).
    pub derivative_kind: &'static str,
    /// Enzyme's published ratio (derivative time / objective time).
    pub enzyme: f64,
    /// The best published tool and its ratio.
    pub best: (&'static str, f64),
    /// Runs the objective once at the eval's input.
    pub objective: Box<dyn FnMut()>,
    /// Runs the derivative once at the eval's input.
    pub derivative: Box<dyn FnMut()>,
    /// Compares the derivative with central differences of the objective: `Err` says where
    /// they disagree.
    pub check: Box<dyn Fn() -> Result<(), String>>,
}

/// The median over `rounds` of (derivative time / objective time), each round timing the
/// two one after the other, which cancels the machine's drift: `(ratio, objective time)`.
pub fn ratio(eval: &mut Eval, rounds: usize) -> (f64, Duration) {
    let repeats = repeats_for(&mut eval.objective);
    let derivative_repeats = repeats_for(&mut eval.derivative);
    let mut ratios = Vec::with_capacity(rounds);
    let mut objective_times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let objective = per_call(&mut eval.objective, repeats);
        let derivative = per_call(&mut eval.derivative, derivative_repeats);
        ratios.push(derivative.as_secs_f64() / objective.as_secs_f64());
        objective_times.push(objective);
    }
    ratios.sort_by(f64::total_cmp);
    objective_times.sort();
    (ratios[rounds / 2], objective_times[rounds / 2])
}

/// How many calls take about 50 ms (at least one).
fn repeats_for(run: &mut dyn FnMut()) -> u32 {
    let once = per_call(run, 1).max(Duration::from_nanos(50));
    (Duration::from_millis(50).as_secs_f64() / once.as_secs_f64()).clamp(1.0, 1e7) as u32
}

fn per_call(run: &mut dyn FnMut(), repeats: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..repeats {
        run();
        black_box(());
    }
    start.elapsed() / repeats
}

/// Central difference `(f(x + h e_j) - f(x - h e_j)) / 2h` of `f` at `x` along coordinate `j`.
pub fn central_difference(f: &dyn Fn(&[f64]) -> f64, x: &[f64], j: usize) -> f64 {
    let h = 1e-6 * x[j].abs().max(1.0);
    let mut shifted = x.to_vec();
    shifted[j] = x[j] + h;
    let up = f(&shifted);
    shifted[j] = x[j] - h;
    let down = f(&shifted);
    (up - down) / (2.0 * h)
}

/// `Err` naming the coordinate where `derivative` and the central difference of `f` differ by
/// more than `tolerance` relative to the larger of 1 and the difference.
pub fn compare(
    what: &str,
    f: &dyn Fn(&[f64]) -> f64,
    x: &[f64],
    derivative: &[f64],
    tolerance: f64,
) -> Result<(), String> {
    if derivative.len() != x.len() {
        return Err(format!(
            "{what}: {} entries for {} inputs",
            derivative.len(),
            x.len()
        ));
    }
    let last = x.len().saturating_sub(1);
    let coordinates = [
        0,
        x.len() / 7,
        x.len() / 3,
        x.len() / 2,
        2 * x.len() / 3,
        last,
    ];
    for j in coordinates.into_iter().filter(|j| *j < x.len()) {
        let want = central_difference(f, x, j);
        if (derivative[j] - want).abs() > tolerance * want.abs().max(1.0) {
            return Err(format!(
                "{what}, entry {j}: ad {} against central difference {want}",
                derivative[j]
            ));
        }
    }
    Ok(())
}

/// A deterministic stream of numbers in [-1, 1) (gradbench draws its inputs at random; the
/// ratios do not depend on the values).
pub struct Numbers(u64);

impl Numbers {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Numbers {
        Numbers(
            seed.wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407),
        )
    }

    /// The next number in [-1, 1).
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }

    /// `n` numbers.
    pub fn take(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.next()).collect()
    }
}

/// An eval whose derivative is the gradient of its objective in independent variables that
/// concatenate into one point: what [`gradient_eval`] builds an [`Eval`] from.
pub trait GradientEval: 'static {
    /// The objective at the eval's input.
    fn objective(&self) -> f64;
    /// The gradient at the eval's input, in the order of [`Self::point`].
    fn gradient(&self) -> Vec<f64>;
    /// The independent variables, concatenated.
    fn point(&self) -> Vec<f64>;
    /// The objective at another value of the independent variables.
    fn objective_at(&self, point: &[f64]) -> f64;
    /// What is checked besides the gradient at the input (`Ok` unless said otherwise).
    fn extra_check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The gradient of `input` against central differences of its objective.
pub fn check_gradient(what: &str, input: &dyn GradientEval) -> Result<(), String> {
    compare(
        what,
        &|p| input.objective_at(p),
        &input.point(),
        &input.gradient(),
        1e-5,
    )
}

/// The [`Eval`] of a gradient eval `name` at `size`, with Enzyme's and the best published
/// ratios.
pub fn gradient_eval(
    name: &'static str,
    size: &str,
    enzyme: f64,
    best: (&'static str, f64),
    input: impl GradientEval,
) -> Eval {
    let input = std::rc::Rc::new(input);
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name,
        size: size.into(),
        derivative_kind: "gradient",
        enzyme,
        best,
        objective: Box::new(move || {
            black_box(for_objective.objective());
        }),
        derivative: Box::new(move || {
            black_box(for_derivative.gradient());
        }),
        check: Box::new(move || {
            for_check.extra_check()?;
            check_gradient(name, &*for_check)
        }),
    }
}
