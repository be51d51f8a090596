//! The parts of gradbench's gradient descent solver (`cpp/gradbench/gd.hpp`) that particle
//! runs without differentiating them, ported line by line: `plain`, the solver for costs that
//! are only minimised, and ADBench's finite differences (`tools/finite/finite.hpp`,
//! `FiniteDifferencesEngine`, one thread), which gradbench's `finite` tool, the reference of
//! the nested evals' published ratios, runs. The differentiable solver saddle needs is in
//! `pending/gd.rs` (it does not compile yet; see there).

/// The same solver, not differentiable, for the costs that are only minimised (C++
/// instantiates the one template for both; Rust's generic code is differentiated through a
/// trait marked `#[differentiable]`, whose every impl must be differentiable, which a cost
/// whose gradient is computed by finite differences, or holds a nested gradient of a
/// nested gradient, is not).
#[allow(dead_code)] // the whole of gd.hpp's solver, as ported; particle uses part of it
pub mod plain {
    /// The `FUNC` of `multivariate_argmin`: `input_size()`, `objective(in, out)` storing the
    /// objective in `out`, `gradient(in, out)` storing the gradient in `out`.
    pub trait Func {
        fn input_size(&self) -> usize;
        fn objective(&self, x: &[f64], out: &mut f64);
        fn gradient(&self, x: &[f64], out: &mut [f64]);
    }

    pub fn magnitude_squared(v: &Vec<f64>) -> f64 {
        let mut acc = 0.0;
        for x in v {
            acc += x * x;
        }
        acc
    }

    pub fn magnitude(v: &Vec<f64>) -> f64 {
        magnitude_squared(v).sqrt()
    }

    pub fn vector_dist(u: &Vec<f64>, v: &Vec<f64>) -> f64 {
        let mut acc = 0.0;
        for i in 0..u.len() {
            acc += (u[i] - v[i]) * (u[i] - v[i]);
        }
        acc.sqrt()
    }

    /// Finds the multivariate argmin of a function via gradient descent, from `xp`.
    pub fn multivariate_argmin<F: Func>(f: &F, xp: &[f64]) -> Vec<f64> {
        // `T fx;`: Rust lends only initialised locals.
        let mut fx = 0.0;
        let mut x = vec![0.0; f.input_size()];
        let mut gx = vec![0.0; f.input_size()];
        let mut x_prime = vec![0.0; f.input_size()];

        for j in 0..f.input_size() {
            x[j] = xp[j];
        }

        f.objective(xp, &mut fx);
        f.gradient(&x, &mut gx);

        let mut i = 0;
        let mut eta = 1e-5;

        loop {
            if magnitude(&gx) <= 1e-5 {
                return x;
            } else if i == 10 {
                eta *= 2.0;
                i = 0;
            } else {
                for j in 0..f.input_size() {
                    x_prime[j] = x[j] - eta * gx[j];
                }
                if vector_dist(&x, &x_prime) <= 1e-5 {
                    return x;
                } else {
                    let mut fx_prime = 0.0;
                    f.objective(&x_prime, &mut fx_prime);
                    if fx_prime < fx {
                        x = x_prime.clone();
                        fx = fx_prime;
                        f.gradient(&x, &mut gx);
                        i += 1;
                    } else {
                        eta /= 2.0;
                        i = 0;
                    }
                }
            }
        }
    }

    /// `multivariate_argmax`'s local `struct multiplicative_inverse` (an item of the module: a
    /// differentiable impl cannot be local to a function body).
    pub struct MultiplicativeInverse<'a, F: Func> {
        pub f: &'a F,
    }

    impl<'a, F: Func> Func for MultiplicativeInverse<'a, F> {
        fn objective(&self, x: &[f64], out: &mut f64) {
            let mut tmp = 0.0;
            self.f.objective(x, &mut tmp);
            *out = -tmp;
        }
        fn gradient(&self, x: &[f64], out: &mut [f64]) {
            self.f.gradient(x, out);
            for i in 0..self.f.input_size() {
                out[i] *= -1.0;
            }
        }
        fn input_size(&self) -> usize {
            self.f.input_size()
        }
    }

    /// Finds the multivariate argmax of a function via gradient descent, from `xp`.
    pub fn multivariate_argmax<F: Func>(f: &F, xp: &[f64]) -> Vec<f64> {
        multivariate_argmin(&MultiplicativeInverse { f }, xp)
    }

    pub fn multivariate_max<F: Func>(f: &F, x: &[f64]) -> f64 {
        let mut res = 0.0;
        let xmax = multivariate_argmax(f, x);
        f.objective(&xmax, &mut res);
        res
    }
}

/// ADBench's `FiniteDifferencesEngine<double>` (`tools/finite/finite.hpp`), one thread, with
/// its default step function: `|x| * cbrt(eps)` away from 0, `cbrt(eps)` near it.
pub struct FiniteDifferencesEngine {
    tmp_input: Vec<f64>,
    tmp_output_f: Vec<f64>,
    tmp_output_b: Vec<f64>,
}

impl FiniteDifferencesEngine {
    pub fn new(max_output_size: usize) -> FiniteDifferencesEngine {
        FiniteDifferencesEngine {
            tmp_input: Vec::new(),
            tmp_output_f: vec![0.0; max_output_size],
            tmp_output_b: vec![0.0; max_output_size],
        }
    }

    fn step(x: f64) -> f64 {
        let epsilon = f64::EPSILON.cbrt();
        let absx = x.abs();
        if absx >= 1.0 { absx * epsilon } else { epsilon }
    }

    fn binom(n: i64, k: i64) -> i64 {
        if k > n {
            return 0;
        }
        if k == 0 || k == n {
            return 1;
        }
        let k = k.min(n - k);
        let mut result = 1;
        for i in 0..k {
            result *= n - i;
            result /= i + 1;
        }
        result
    }

    /// The derivative of order `order` of `func` (input, output) at `input`, every output
    /// along every input, into `result` (`output_size` per input).
    pub fn finite_differences(
        &mut self,
        order: i32,
        func: &mut dyn FnMut(&[f64], &mut [f64]),
        input: &[f64],
        input_size: usize,
        output_size: usize,
        result: &mut [f64],
    ) {
        self.tmp_input.resize(input_size, 0.0);
        self.tmp_input.copy_from_slice(&input[..input_size]);
        for i in 0..input_size {
            let input_i = input[i];
            let delta = Self::step(input_i);
            let tmp_b = input_i - delta;
            let mut dx = delta * 2.0;
            let tmp_f = tmp_b + dx;
            // adjusting dx so that (tmp_b + dx) - tmp_b == dx
            dx = tmp_f - tmp_b;
            self.tmp_output_f.iter_mut().for_each(|v| *v = 0.0);
            for j in 0..order + 1 {
                self.tmp_input[i] = input_i + (order as f64 / 2.0 - j as f64) * dx;
                func(&self.tmp_input, &mut self.tmp_output_b);
                let scale =
                    (Self::binom(order as i64, j as i64) * if j % 2 == 0 { 1 } else { -1 }) as f64;
                for (f, b) in self.tmp_output_f.iter_mut().zip(&self.tmp_output_b) {
                    *f += b * scale;
                }
            }
            self.tmp_input[i] = input[i];
            let scale = 1.0 / dx.powi(order);
            for (k, f) in self.tmp_output_f.iter().take(output_size).enumerate() {
                result[output_size * i + k] = f * scale;
            }
        }
    }
}
