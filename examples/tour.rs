//! A tour of `ad`: run with `cargo run --release --example tour`.
//!
//! Each section differentiates ordinary Rust and prints the derivative next to an
//! independent check (a closed form or central finite differences of the original function).

use ad::check::{central_difference, central_difference_gradient};
use ad::prelude::*;

/// A plain function, differentiated with respect to its only parameter.
#[differentiable]
fn cubed(x: f64) -> f64 {
    x * x * x
}

/// A helper called from another differentiable function.
#[differentiable]
fn helper(z: f64) -> f64 {
    z.sin() + 0.5 * z
}

/// Mutable locals, compound assignment, a cast of a constant, float methods and a call; `scale`
/// is an integer, so it is a constant.
#[differentiable(wrt = (x, y))]
fn f(x: f64, y: f64, scale: i32) -> f64 {
    let mut z = x * y.sin();
    z += (x / y).exp() * scale as f64;
    helper(z).powi(2) - z.ln()
}

/// A layer of a neural network and a softmax cross-entropy, in ordinary ndarray code: the
/// bias is broadcast over the rows, the shift is a constant.
#[differentiable(wrt = (w, b))]
fn classifier_loss(
    w: &ad::ndarray::Array2<f64>,
    b: &ad::ndarray::Array1<f64>,
    x: &ad::ndarray::Array2<f64>,
    y: &ad::ndarray::Array2<f64>,
) -> f64 {
    use ad::ndarray::Axis;
    let z = (x.dot(w) + b).tanh();
    let shift = no_grad(z.map_axis(Axis(1), |row| row.fold(f64::MIN, |a, &v| a.max(v))));
    let shift = shift.insert_axis(Axis(1));
    let log_sum_exp = (&z - &shift).exp().sum_axis(Axis(1)).ln() + shift.column(0);
    (log_sum_exp - (y * &z).sum_axis(Axis(1))).mean().unwrap()
}

mod physics {
    use ad::prelude::*;

    /// Energy of a mass on a spring in a gravity field.
    #[differentiable]
    pub fn energy(height: f64, stretch: f64) -> f64 {
        let (mass, g, k) = (2.0, 9.81, 40.0);
        mass * g * height + 0.5 * k * stretch * stretch
    }
}

/// `erf`-free logistic approximation of the standard normal CDF.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A hand-written derivative for a function that knows nothing of `ad`.
#[derivative(of = logistic)]
fn logistic_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = logistic(x);
    (s, move |ds| ds * s * (1.0 - s))
}

/// A registered derivative is used wherever the function is called.
#[differentiable]
fn log_likelihood(w: f64, b: f64, x: f64, label: f64) -> f64 {
    let p = logistic(w * x + b);
    label * p.ln() + (1.0 - label) * (1.0 - p).ln()
}

/// Zygote's `pow`: a loop, differentiated by walking a tape of per-iteration pullbacks.
#[differentiable]
fn pow_loop(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r = r * x;
    }
    r
}

/// Branches, an early `return` and a `while` loop with a data-dependent exit.
#[differentiable]
fn soft_threshold(xs: &[f64], t: f64) -> f64 {
    let mut total = 0.0;
    for &x in xs.iter() {
        if x.abs() < t {
            continue;
        }
        total += (x.abs() - t) * x.signum();
    }
    if total < 0.0 {
        return -total.sqrt();
    }
    let mut y = total;
    while y > 1.0 {
        y = y * 0.5;
    }
    y
}

/// A model kept in a struct, with a method.
#[derive(Differentiable, Clone, Debug)]
pub struct Line {
    pub slope: f64,
    pub intercept: f64,
}

impl Line {
    #[differentiable]
    pub fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let mut sum = 0.0;
        for i in 0..xs.len() {
            let residual = self.slope * xs[i] + self.intercept - ys[i];
            sum += residual * residual;
        }
        sum / xs.len() as f64
    }
}

/// The n-dimensional Rosenbrock function.
#[differentiable]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let (a, b) = (1.0 - x[i], x[i + 1] - x[i] * x[i]);
        s += a * a + 100.0 * b * b;
    }
    s
}

/// Polar to Cartesian coordinates.
#[differentiable]
fn to_cartesian(p: &[f64]) -> Vec<f64> {
    vec![p[0] * p[1].cos(), p[0] * p[1].sin()]
}

/// The trapezoid rule, taking the integrand with its derivatives.
#[differentiable]
fn integrate<F: DifferentiableFn<f64, Output = f64>>(f: &F, a: f64, b: f64) -> f64 {
    let n = 200;
    let h = (b - a) / n as f64;
    let mut s = 0.5 * (f.call(a) + f.call(b));
    for i in 1..n {
        s += f.call(a + i as f64 * h);
    }
    s * h
}

/// A ball under gravity and drag, stepped in place.
#[derive(Differentiable, Clone, Debug)]
pub struct Ball {
    pub height: f64,
    pub velocity: f64,
}

impl Ball {
    /// One hundred explicit Euler steps of `dt`: an inout method, with no result.
    #[differentiable]
    pub fn fly(&mut self, dt: f64) {
        for _ in 0..100 {
            self.velocity -= dt * (9.81 + 0.1 * self.velocity * self.velocity.abs());
            self.height += dt * self.velocity;
        }
    }
}

/// A potential energy on the line: generic code over it is differentiated through its method.
#[differentiable]
pub trait Potential {
    /// The energy of a particle at `x`.
    fn energy(&self, x: f64) -> f64;
}

/// A spring of stiffness `k`.
#[derive(Differentiable, Clone, Debug)]
pub struct Spring {
    pub k: f64,
}

#[differentiable]
impl Potential for Spring {
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

/// The energy of particles at `xs` moved by `shift`, in any potential: each moved in place.
#[differentiable]
fn shifted_energy<P: Potential>(p: &P, xs: &[f64], shift: f64) -> f64 {
    let mut moved = xs.to_vec();
    for x in moved.iter_mut() {
        *x += shift;
    }
    let mut total = 0.0;
    for &x in &moved {
        total += p.energy(x);
    }
    total
}

fn main() {
    println!("== gradient of a function: d/dx x^3 at 4");
    let g = gradient!(at: 4.0, of: cubed);
    println!(
        "   gradient!(at: 4.0, of: cubed) = {g}   (closed form 3x^2 = {})",
        3.0 * 16.0
    );

    println!("\n== a closure literal is differentiated in place");
    let g = gradient!(at: 4.0, of: |x| x * x * x);
    println!("   gradient!(at: 4.0, of: |x| x * x * x) = {g}");
    let offset = 0.25;
    let d = gradient!(at: 0.5, of: |x: f64| (x + offset).sin());
    println!(
        "   captured constants: d/dx sin(x + 0.25) at 0.5 = {d:.12}  (cos 0.75 = {:.12})",
        0.75f64.cos()
    );

    println!("\n== several inputs, some of them constants");
    let (v, (dx, dy)) = value_with_gradient!(at: 1.5, 0.7, of: |x, y| f(x, y, 3));
    let fd = central_difference_gradient(|p| f(p[0], p[1], 3), &[1.5, 0.7]);
    println!("   f(1.5, 0.7, 3) = {v:.9}");
    println!("   (df/dx, df/dy) = ({dx:.9}, {dy:.9})");
    println!("   finite diff.   = ({:.9}, {:.9})", fd[0], fd[1]);

    println!("\n== the pullback maps a cotangent of the result to the inputs' cotangents");
    let (v, pb) = value_with_pullback!(at: 2.0, of: cubed);
    println!(
        "   cubed(2) = {v}, pullback(1) = {}, pullback(0.5) = {}",
        pb(1.0),
        pb(0.5)
    );

    println!("\n== functions in other modules");
    let (dh, ds) = gradient!(at: 3.0, 0.1, of: physics::energy);
    println!(
        "   dE/dheight = {dh} (m g = {}), dE/dstretch = {ds} (k s = {})",
        2.0 * 9.81,
        40.0 * 0.1
    );

    println!("\n== a registered derivative for a function that does not know about ad");
    let (dw, db, _, _) = gradient!(at: 0.3, -0.2, 1.7, 1.0, of: log_likelihood);
    let fd_w = central_difference(|w| log_likelihood(w, -0.2, 1.7, 1.0), 0.3);
    let fd_b = central_difference(|b| log_likelihood(0.3, b, 1.7, 1.0), -0.2);
    println!("   d/dw = {dw:.9} (finite diff. {fd_w:.9}), d/db = {db:.9} (finite diff. {fd_b:.9})");

    println!("\n== loops: Zygote's pow, d/dx x^10 at 1.1");
    let (dx, _) = gradient!(at: 1.1, 10, of: pow_loop);
    println!(
        "   {dx:.9}   (closed form 10 x^9 = {:.9})",
        10.0 * 1.1f64.powi(9)
    );

    println!("\n== branches, continue, early return, while");
    let xs = [0.3, -2.0, 1.5, 4.0];
    let (dxs, dt) = gradient!(at: &xs, 0.5, of: soft_threshold);
    let fd = central_difference_gradient(
        |p| soft_threshold(&p[..4], p[4]),
        &[0.3, -2.0, 1.5, 4.0, 0.5],
    );
    println!("   gradient        {dxs:.6?}, d/dt = {dt:.6}");
    println!("   finite diff.    {:.6?}, d/dt = {:.6}", &fd[..4], fd[4]);

    println!("\n== a struct model trained by gradient descent");
    let (xs, ys) = ([0.0, 1.0, 2.0, 3.0], [1.0, 3.1, 4.9, 7.2]);
    let mut line = Line {
        slope: 0.0,
        intercept: 0.0,
    };
    for step in 0..=300 {
        let (loss, (dline, _, _)) = value_with_gradient!(at: &line, &xs, &ys, of: Line::loss);
        if step % 100 == 0 {
            println!(
                "   step {step:>3}: loss {loss:.6}, slope {:.4}, intercept {:.4}",
                line.slope, line.intercept
            );
        }
        line.move_by(&dline.scaled(-0.1));
    }

    println!("\n== a `&mut self` method: the pullback maps the final state to the initial one");
    let launch = Ball {
        height: 0.0,
        velocity: 12.0,
    };
    let mut ball = launch.clone();
    let ((), pullback) = value_with_pullback!(at: &mut ball, 0.01, of: Ball::fly);
    let seed = BallTangentVector {
        height: 1.0,
        velocity: 0.0,
    };
    let (dlaunch, ddt) = pullback(seed);
    let fd = central_difference_gradient(
        |p| {
            let mut b = Ball {
                height: p[0],
                velocity: p[1],
            };
            b.fly(p[2]);
            b.height
        },
        &[0.0, 12.0, 0.01],
    );
    println!("   height after 1 s {:.6}", ball.height);
    println!(
        "   d height / d (height0, velocity0, dt)  {:.6}, {:.6}, {:.6}",
        dlaunch.height, dlaunch.velocity, ddt
    );
    println!(
        "   finite differences                     {:.6}, {:.6}, {:.6}",
        fd[0], fd[1], fd[2]
    );

    println!("\n== forward mode: the same code, its tangent computed beside its value");
    let d = differentiate!(at: 1.5, of: |x: f64| f(x, 0.7, 3));
    println!(
        "   differentiate! d/dx f(x, 0.7, 3) at 1.5 = {d:.9}  (reverse mode: {dx:.9})",
        dx = gradient!(at: 1.5, 0.7, of: |x, y| f(x, y, 3)).0
    );
    let (v, differential) = value_with_differential!(at: 1.1, 10, of: pow_loop);
    println!(
        "   value_with_differential! x^10 at 1.1 = {v:.6}, differential(1, _) = {:.6}  (10 x^9 = {:.6})",
        differential(1.0, ad::NoTangent),
        10.0 * 1.1f64.powi(9)
    );

    println!("\n== Jacobians (forward or reverse mode, by shape) and exact Hessians");
    let j = jacobian!(at: &vec![2.0, 0.5], of: to_cartesian);
    println!("   jacobian of polar -> Cartesian at (r, phi) = (2, 0.5):");
    println!("     {:.6?}", j.row(0).to_vec());
    println!(
        "     {:.6?}   (closed form: [cos, -r sin], [sin, r cos])",
        j.row(1).to_vec()
    );
    let x = vec![1.2, 0.8, -0.5];
    let h = hessian!(at: &x, of: rosenbrock);
    println!("   hessian of Rosenbrock at {x:?}:");
    for i in 0..3 {
        println!("     {:10.3?}", h.row(i).to_vec());
    }
    println!(
        "     closed form h00 = 2 - 400 (x1 - x0^2) + 800 x0^2 = {:.3}",
        2.0 - 400.0 * (x[1] - x[0] * x[0]) + 800.0 * x[0] * x[0]
    );

    println!("\n== ndarray: a tanh layer and a softmax cross-entropy, as written");
    let w = ad::ndarray::Array2::from_shape_fn((3, 2), |(i, j)| 0.3 * i as f64 - 0.2 * j as f64);
    let b = ad::ndarray::array![0.1, -0.1];
    let x = ad::ndarray::array![[1.0, 0.5, -1.0], [0.2, -0.3, 0.8]];
    let y = ad::ndarray::array![[1.0, 0.0], [0.0, 1.0]];
    let (dw, db, _, _) = gradient!(at: &w, &b, &x, &y, of: classifier_loss);
    let numeric = central_difference(
        |t| {
            let mut moved = w.clone();
            moved[[2, 1]] = t;
            classifier_loss(&moved, &b, &x, &y)
        },
        w[[2, 1]],
    );
    println!(
        "   dL/dw[2, 1] = {:.9}   (central difference {numeric:.9})",
        dw[[2, 1]]
    );
    let numeric = central_difference_gradient(
        |p| classifier_loss(&w, &ad::ndarray::Array1::from(p.to_vec()), &x, &y),
        &b.to_vec(),
    );
    println!(
        "   dL/db = {:.9?}   (central differences {numeric:.9?})",
        db.to_vec()
    );

    println!("\n== a function as an argument: d/db of the integral of cos(k x) from 0 to b");
    let k = 2.0;
    let integrand = function!(|x: f64| (k * x).cos());
    let db = gradient!(at: 1.0, of: |b| integrate(&integrand, 0.0, b));
    println!(
        "   {db:.6}   (the integrand at b, cos(2) = {:.6}, up to the rule's error)",
        2.0f64.cos()
    );

    println!("\n== generic code over a trait: d/dk of a spring's energy, particles moved in place");
    let xs = [1.0, -0.5, 2.0];
    let spring = Spring { k: 3.0 };
    let dspring = gradient!(at: spring, of: |s: Spring| shifted_energy(&s, &xs, 0.5));
    let dshift = gradient!(at: 0.5, of: |t: f64| shifted_energy(&Spring { k: 3.0 }, &xs, t));
    let closed: f64 = xs.iter().map(|x| 0.5 * (x + 0.5) * (x + 0.5)).sum();
    println!(
        "   dE/dk = {:.6}   (closed form sum (x + 0.5)^2 / 2 = {closed:.6})",
        dspring.k
    );
    let closed: f64 = xs.iter().map(|x| 3.0 * (x + 0.5)).sum();
    println!("   dE/dshift = {dshift:.6}   (closed form sum k (x + 0.5) = {closed:.6})");
}
