//! Small programs rather than formulas: medians and trimmed means, sorts (insertion,
//! selection), tax brackets, a drawdown, table lookups by linear and binary search, state
//! machines over enums and flags, a bouncing ball, a loan, a PID loop, gradient descent
//! unrolled, nearest neighbours, a work list drained by `pop`. Each is written the way a Rust
//! programmer writes it; the points are away from ties and from the places where a branch
//! changes.

use crate::check::{check_hessian, check_idiom, check_slice_idiom};
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_all_close, assert_close};
use ad::prelude::*;

/// The median of a slice, even or odd length, by sorting a collected copy.
#[differentiable]
fn median(xs: &[f64]) -> f64 {
    let mut v: Vec<f64> = xs.iter().copied().collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

#[test]
fn the_median_of_a_slice() {
    check_slice_idiom!(
        median,
        [vec![3.0, -1.0, 2.5, 0.4, 7.0], vec![0.3, 2.0, -4.0, 1.1]]
    );
    // Odd: the middle element alone; even: half of each of the two middle ones.
    let g = gradient!(at: &[3.0, -1.0, 2.5, 0.4, 7.0][..], of: median);
    assert_all_close(&g, &[0.0, 0.0, 1.0, 0.0, 0.0]);
    let g = gradient!(at: &[0.3, 2.0, -4.0, 1.1][..], of: median);
    assert_all_close(&g, &[0.5, 0.0, 0.0, 0.5]);
}

/// The mean of the values left after dropping the smallest and the largest.
#[differentiable]
fn trimmed_mean(xs: &[f64]) -> f64 {
    let mut v: Vec<f64> = xs.iter().copied().collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let kept = v.len() - 2;
    v.iter().skip(1).take(kept).sum::<f64>() / kept as f64
}

#[test]
fn a_trimmed_mean() {
    check_slice_idiom!(
        trimmed_mean,
        [vec![3.0, -1.0, 2.5, 0.4, 7.0], vec![0.3, 2.0, -4.0, 1.1]]
    );
    let g = gradient!(at: &[3.0, -1.0, 2.5, 0.4, 7.0][..], of: trimmed_mean);
    let third = 1.0 / 3.0;
    assert_all_close(&g, &[third, 0.0, third, third, 0.0]);
}

/// The sum of the k largest values: sorted descending, then `take(k)`.
#[differentiable]
fn top_k_sum(xs: &[f64], scale: f64) -> f64 {
    let mut v: Vec<f64> = xs.iter().map(|x| x * scale).collect();
    v.sort_by(|a, b| b.partial_cmp(a).unwrap());
    v.iter().take(3).sum()
}

#[test]
fn the_sum_of_the_largest_three() {
    check_slice_idiom!(
        top_k_sum,
        [
            (vec![0.5, 4.0, -2.0, 3.0, 1.5], 1.3),
            (vec![1.0, 2.0, 3.0, 4.0], -0.5)
        ]
    );
}

/// Insertion sort with a `while` whose condition reads the values, then a weighted sum.
#[differentiable]
fn insertion_sorted(x: f64, y: f64) -> f64 {
    let mut v = vec![x * y, 1.5, y - x, x.exp(), -0.25];
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut total = 0.0;
    for (k, value) in v.iter().enumerate() {
        total += (k + 1) as f64 * value;
    }
    total
}

#[test]
fn an_insertion_sort() {
    check_idiom!(insertion_sorted, [(0.3, 1.7), (1.1, -0.6), (-0.9, 0.35)]);
    check_hessian!(insertion_sorted, [(0.3, 1.7)]);
}

/// Selection sort by the index of the minimum, then the spread of the middle values.
#[differentiable]
fn selection_sorted(x: f64, y: f64) -> f64 {
    let mut v = [x, y * y, x + y, 0.7, (x * y).sin()];
    let n = v.len();
    for i in 0..n {
        let mut smallest = i;
        for j in i + 1..n {
            if v[j] < v[smallest] {
                smallest = j;
            }
        }
        v.swap(i, smallest);
    }
    v[3] - v[1] + 0.1 * v[4] * v[0]
}

#[test]
fn a_selection_sort_on_an_array() {
    check_idiom!(selection_sorted, [(0.3, 1.7), (1.1, -0.6), (-0.9, 0.35)]);
    check_hessian!(selection_sorted, [(0.3, 1.7)]);
}

/// Income tax over a table of brackets `(upper limit, rate)`, leaving the loop by `break`.
const BRACKETS: [(f64, f64); 4] = [(10.0, 0.0), (40.0, 0.2), (100.0, 0.4), (f64::INFINITY, 0.5)];

#[differentiable]
fn income_tax(income: f64, deduction: f64) -> f64 {
    let taxable = (income - deduction).max(0.0);
    let mut owed = 0.0;
    let mut lower = 0.0;
    for &(upper, rate) in BRACKETS.iter() {
        if taxable <= lower {
            break;
        }
        owed += (taxable.min(upper) - lower) * rate;
        lower = upper;
    }
    owed
}

#[test]
fn tax_brackets() {
    check_idiom!(
        income_tax,
        [(55.0, 3.0), (25.0, 2.0), (150.0, 10.0), (5.0, 1.0)]
    );
    // The marginal rate, and minus it for the deduction.
    for (income, rate) in [(55.0, 0.4), (25.0, 0.2), (150.0, 0.5), (5.0, 0.0)] {
        let (di, dd) = gradient!(at: income, 2.0, of: income_tax);
        assert_close(di, rate);
        assert_close(dd, -rate);
    }
}

/// The Huber loss: quadratic near zero, linear beyond `delta`.
#[differentiable]
fn huber(residual: f64, delta: f64) -> f64 {
    if residual.abs() <= delta {
        0.5 * residual * residual
    } else {
        delta * (residual.abs() - 0.5 * delta)
    }
}

#[test]
fn the_huber_loss() {
    check_idiom!(huber, [(0.3, 1.0), (-2.5, 1.0), (4.0, 0.5)]);
    let (dr, ddelta) = gradient!(at: -2.5, 1.0, of: huber);
    assert_close(dr, -1.0);
    assert_close(ddelta, 2.5 - 1.0);
}

/// The largest relative drop from a running peak: a running max with `if`.
#[differentiable]
fn max_drawdown(prices: &[f64]) -> f64 {
    let mut peak = prices[0];
    let mut worst = 0.0;
    for &p in prices {
        if p > peak {
            peak = p;
        }
        let drop = (peak - p) / peak;
        if drop > worst {
            worst = drop;
        }
    }
    worst
}

#[test]
fn a_drawdown_from_a_running_peak() {
    let prices = vec![10.0, 12.0, 9.0, 11.0, 13.0, 10.5, 12.0];
    check_slice_idiom!(max_drawdown, [prices.clone(), vec![5.0, 4.0, 6.0, 5.5]]);
    // Worst: from the peak 12 to 9, (12 - 9) / 12 = 1 - 9/12.
    let g = gradient!(at: &prices[..], of: max_drawdown);
    assert_all_close(&g, &[0.0, 9.0 / 144.0, -1.0 / 12.0, 0.0, 0.0, 0.0, 0.0]);
}

/// Piecewise-linear interpolation over a table, the interval found by a `while` search.
const KNOTS: [f64; 5] = [0.0, 1.0, 2.5, 4.0, 6.0];

#[differentiable]
fn interpolate(x: f64, values: &[f64]) -> f64 {
    let mut i = 0;
    while i + 2 < KNOTS.len() && x > KNOTS[i + 1] {
        i += 1;
    }
    let t = (x - KNOTS[i]) / (KNOTS[i + 1] - KNOTS[i]);
    values[i] + t * (values[i + 1] - values[i])
}

#[differentiable]
fn interpolated(x: f64, y: f64) -> f64 {
    let table = vec![1.0, y, 2.0 * y, 0.5, y * y];
    interpolate(x, &table)
}

#[test]
fn interpolation_over_a_table() {
    check_idiom!(
        interpolated,
        [(0.4, 1.5), (3.1, 0.8), (5.5, -1.2), (1.7, 2.0)]
    );
    // At x = 3.1, between knots 2.5 and 4: slope (0.5 - 2y) / 1.5.
    let (dx, dy) = gradient!(at: 3.1, 0.8, of: interpolated);
    assert_close(dx, (0.5 - 1.6) / 1.5);
    assert_close(dy, 2.0 * (1.0 - 0.6 / 1.5));
}

/// A lookup by binary search over knots that are themselves differentiated.
#[differentiable]
fn lookup(knots: &[f64], values: &[f64], x: f64) -> f64 {
    let (mut lo, mut hi) = (0, knots.len() - 1);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if knots[mid] <= x {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = (x - knots[lo]) / (knots[hi] - knots[lo]);
    values[lo] * (1.0 - t) + values[hi] * t
}

#[test]
fn a_binary_search_over_knots() {
    let knots = [0.0, 0.5, 1.5, 2.0, 3.5, 5.0];
    let values = [1.0, -0.5, 2.0, 0.25, 3.0, 1.0];
    for x in [0.2, 1.7, 4.1] {
        let (value, (dk, dv, dx)) =
            value_with_gradient!(at: &knots[..], &values[..], x, of: lookup);
        assert_close(value, lookup(&knots, &values, x));
        let point = crate::concat(&crate::concat(&knots, &values), &[x]);
        let got = crate::concat(&crate::concat(&dk, &dv), &[dx]);
        crate::assert_grad_fd(|p| lookup(&p[..6], &p[6..12], p[12]), &point, &got);
    }
}

/// A trip as a state machine over an enum: accelerate to a cruising speed, cruise, brake.
#[derive(Clone, Copy, PartialEq)]
enum Phase {
    Accelerate,
    Cruise,
    Brake,
}

#[differentiable]
fn trip(acceleration: f64, cruise_speed: f64) -> f64 {
    let dt = 0.1;
    let mut phase = Phase::Accelerate;
    let (mut position, mut speed) = (0.0, 0.0);
    for step in 0..200 {
        match phase {
            Phase::Accelerate => {
                speed += acceleration * dt;
                if speed >= cruise_speed {
                    speed = cruise_speed;
                    phase = Phase::Cruise;
                }
            }
            Phase::Cruise => {
                if step >= 120 {
                    phase = Phase::Brake;
                }
            }
            Phase::Brake => {
                speed = (speed - 2.0 * acceleration * dt).max(0.0);
            }
        }
        position += speed * dt;
    }
    position
}

#[test]
fn a_state_machine_over_an_enum() {
    check_idiom!(trip, [(1.3, 4.05), (0.7, 2.0)]);
}

/// A thermostat with hysteresis: a `bool` flag switched by thresholds.
#[differentiable]
fn heating_energy(outside: f64, power: f64) -> f64 {
    let (low, high) = (19.0, 21.0);
    let mut temperature = 20.0;
    let mut heating = false;
    let mut energy = 0.0;
    for _ in 0..300 {
        if heating && temperature > high {
            heating = false;
        } else if !heating && temperature < low {
            heating = true;
        }
        let input = if heating { power } else { 0.0 };
        temperature += 0.01 * (input - 0.5 * (temperature - outside));
        energy += input * 0.01;
    }
    energy + 0.1 * temperature
}

#[test]
fn a_thermostat_with_a_flag() {
    check_idiom!(heating_energy, [(5.03, 15.1), (10.02, 12.3)]);
}

/// A ball bouncing on the floor: reflected position, velocity reversed and damped.
#[differentiable]
fn bounce_height(height: f64, restitution: f64) -> f64 {
    let dt = 0.01;
    let (mut y, mut v) = (height, 0.0);
    for _ in 0..300 {
        v -= 9.81 * dt;
        y += v * dt;
        if y < 0.0 {
            y = -y;
            v = -v * restitution;
        }
    }
    y
}

#[test]
fn a_bouncing_ball() {
    // The simulated height jumps where a bounce moves to another step; at these points it
    // does not within the differences' step.
    check_idiom!(bounce_height, [(1.0, 0.8), (1.25, 0.9), (1.6, 0.65)]);
}

/// The interest paid on a loan: monthly interest, a fixed payment, the last payment capped
/// at what is owed, a `while` on the balance.
#[differentiable]
fn interest_paid(rate: f64, payment: f64) -> f64 {
    let mut balance = 1000.0;
    let mut interest_total = 0.0;
    let mut month = 0;
    while balance > 0.0 && month < 600 {
        let interest = balance * rate / 12.0;
        interest_total += interest;
        let pay = payment.min(balance + interest);
        balance += interest - pay;
        month += 1;
    }
    interest_total
}

#[test]
fn a_loan_paid_off() {
    check_idiom!(interest_paid, [(0.05, 30.0), (0.12, 101.0)]);
}

/// Deposits and withdrawals with an overdraft fee and a bonus, by `match` on a pair of
/// conditions with a guard.
#[differentiable]
fn account(transactions: &[f64], bonus: f64) -> f64 {
    let fee = 2.5;
    let mut balance = 10.0;
    for &amount in transactions {
        balance = match (balance + amount < 0.0, amount) {
            (true, _) => balance + amount - fee,
            (false, a) if a > 50.0 => balance + a * (1.0 + bonus),
            (false, a) => balance + a,
        };
    }
    balance
}

#[test]
fn an_account_with_fees() {
    check_slice_idiom!(
        account,
        [
            (vec![20.0, -35.0, 60.0, -5.0], 0.02),
            (vec![-12.0, 80.0, -100.0], 0.1)
        ]
    );
}

/// A PID controller driving a first-order plant; the cost is the integrated squared error.
#[differentiable]
fn pid_cost(kp: f64, ki: f64) -> f64 {
    let (kd, dt, target) = (0.1, 0.05, 1.0);
    let (mut y, mut integral, mut previous) = (0.0, 0.0, target);
    let mut cost = 0.0;
    for _ in 0..100 {
        let error = target - y;
        integral += error * dt;
        let derivative = (error - previous) / dt;
        let u = (kp * error + ki * integral + kd * derivative).clamp(-5.0, 5.0);
        y += (u - y) * dt;
        previous = error;
        cost += error * error * dt;
    }
    cost
}

#[test]
fn a_pid_loop() {
    check_idiom!(pid_cost, [(2.0, 0.5), (1.2, 1.5)]);
    check_hessian!(pid_cost, [(2.0, 0.5)]);
}

/// Gradient descent unrolled: minimise (w - x)² + y w⁴ from w = 0, return the final loss.
#[differentiable]
fn descended_loss(x: f64, y: f64) -> f64 {
    let lr = 0.05;
    let mut w = 0.0;
    for _ in 0..50 {
        let grad = 2.0 * (w - x) + 4.0 * y * w * w * w;
        w -= lr * grad;
    }
    (w - x).powi(2) + y * w.powi(4)
}

#[test]
fn gradient_descent_unrolled() {
    check_idiom!(descended_loss, [(1.0, 0.3), (-0.7, 1.2)]);
    check_hessian!(descended_loss, [(1.0, 0.3)]);
}

/// Nearest-neighbour regression: pairs `(distance, value)` sorted by distance with
/// `sort_by` on the first field, the two nearest averaged. (The table's type is written
/// out: without it, forward mode cannot infer the closure's `&(p, value)` pattern, a
/// failure reported separately.)
#[differentiable]
fn nearest_two(x: f64, y: f64) -> f64 {
    let points: [(f64, f64); 4] = [(0.0, 1.0), (1.0, y), (2.0, 3.0), (3.5, y * y)];
    let mut by_distance: Vec<(f64, f64)> = points
        .iter()
        .map(|&(p, value)| ((p - x).abs(), value))
        .collect();
    by_distance.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
    let (d0, v0) = by_distance[0];
    let (d1, v1) = by_distance[1];
    (v0 * d1 + v1 * d0) / (d0 + d1)
}

#[test]
fn nearest_neighbours_sorted_by_a_field() {
    check_idiom!(nearest_two, [(1.3, 0.5), (2.9, 1.5), (0.2, -0.4)]);
}

/// The Collatz sequence of an integer drives the arithmetic on floats.
#[differentiable]
fn collatz_walk(x: f64, y: f64) -> f64 {
    let mut n: u64 = 27;
    let mut acc = 1.0;
    while n != 1 {
        if n % 2 == 0 {
            n /= 2;
            acc = acc * x + 0.1;
        } else {
            n = 3 * n + 1;
            acc = (acc + y).sin();
        }
    }
    acc
}

#[test]
fn integer_control_over_float_arithmetic() {
    check_idiom!(collatz_walk, [(0.9, 0.3), (1.02, -0.8)]);
    check_hessian!(collatz_walk, [(0.9, 0.3)]);
}

/// Prefix sums built by `push`, then a windowed average from their differences.
#[differentiable]
fn windowed_means(xs: &[f64]) -> f64 {
    let mut prefix = vec![0.0];
    for &x in xs {
        let last = prefix[prefix.len() - 1];
        prefix.push(last + x);
    }
    let window = 3;
    let mut score = 0.0;
    for end in window..=xs.len() {
        let mean = (prefix[end] - prefix[end - window]) / window as f64;
        score += mean * mean;
    }
    score
}

#[test]
fn prefix_sums_and_a_sliding_window() {
    check_slice_idiom!(
        windowed_means,
        [vec![0.5, -1.2, 2.0, 0.3, -0.7, 1.1], vec![1.0, 2.0, 3.0]]
    );
}

/// The index of the maximum found by a loop, then the value there and its neighbours.
#[differentiable]
fn peak_curvature(xs: &[f64]) -> f64 {
    let mut best = 1;
    for i in 2..xs.len() - 1 {
        if xs[i] > xs[best] {
            best = i;
        }
    }
    xs[best - 1] - 2.0 * xs[best] + xs[best + 1]
}

#[test]
fn an_argmax_by_index() {
    let xs = vec![0.1, 0.8, 2.0, 1.1, -0.4, 0.3];
    check_slice_idiom!(peak_curvature, [xs.clone(), vec![3.0, 0.0, 1.0, 2.0]]);
    let g = gradient!(at: &xs[..], of: peak_curvature);
    assert_all_close(&g, &[0.0, 1.0, -2.0, 1.0, 0.0, 0.0]);
}

/// The heat equation by explicit steps with two buffers exchanged by `std::mem::swap`.
#[differentiable]
fn heat_at_center(x: f64, y: f64) -> f64 {
    const N: usize = 9;
    let mut u = vec![0.0; N];
    for i in 0..N {
        let t = i as f64 / (N - 1) as f64;
        u[i] = (std::f64::consts::PI * t).sin() * x;
    }
    let mut next = vec![0.0; N];
    let r = 0.2 * y;
    for _ in 0..20 {
        for i in 1..N - 1 {
            next[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    u[N / 2]
}

#[test]
fn double_buffers_swapped() {
    check_idiom!(heat_at_center, [(1.0, 1.2), (-0.5, 0.7)]);
    check_hessian!(heat_at_center, [(1.0, 1.2)]);
    // A sine mode decays by a fixed factor per step: 1 - 4 r sin²(π / 2(N-1)).
    let (x, y) = (1.0f64, 1.2f64);
    let r = 0.2 * y;
    let factor = 1.0 - 4.0 * r * (std::f64::consts::PI / 16.0).sin().powi(2);
    let (dx, _) = gradient!(at: x, y, of: heat_at_center);
    assert_close(dx, factor.powi(20));
}

/// Clipped returns: a `Vec::with_capacity` filled by `push`, `f64::max` and `f64::min`
/// called by path, a `const` in the body.
#[differentiable]
fn clipped_growth(rate: f64, shock: f64) -> f64 {
    const CAP: f64 = 0.08;
    let mut returns = Vec::with_capacity(6);
    for k in 0..6 {
        let r = rate + shock * (k as f64 * 1.3).sin();
        returns.push(f64::min(f64::max(r, -CAP), CAP));
    }
    let mut wealth = 1.0;
    for r in returns.iter() {
        wealth *= 1.0 + r;
    }
    wealth
}

#[test]
fn path_calls_and_a_local_const() {
    check_idiom!(clipped_growth, [(0.02, 0.05), (0.01, 0.11)]);
}

/// Sensor readings stored as `f32`, calibrated and accumulated in `f64`.
#[differentiable]
fn calibrated_total(readings: &[f32], gain: f64) -> f64 {
    let mut total = 0.0f64;
    for &r in readings {
        let raw = r as f64;
        total += gain * raw + 0.01 * (r * r) as f64;
    }
    total
}

#[test]
fn f32_readings_accumulated_in_f64() {
    let readings = [0.5f32, -1.25, 2.0];
    let (value, (dr, dg)) = value_with_gradient!(at: &readings[..], 0.7, of: calibrated_total);
    assert_close(value, calibrated_total(&readings, 0.7));
    for (d, r) in dr.iter().zip(&readings) {
        crate::assert_close_f32(*d, (0.7 + 0.02 * *r as f64) as f32);
    }
    assert_close(dg, 1.25);
}

/// A work list drained with `while let Some(item) = stack.pop()`: each item adds to the total,
/// and a large one pushes half of itself back (so pops and pushes interleave), then a `pop` of
/// a one-element `Vec` taken with `unwrap_or`.
#[differentiable]
fn drained(a: f64, b: f64) -> f64 {
    let mut stack = vec![a, b, a * b];
    let mut total = 0.0;
    while let Some(item) = stack.pop() {
        total += item.sin() * (stack.len() as f64 + 1.0);
        if item > 1.0 {
            stack.push(0.5 * item);
        }
    }
    let mut single = vec![b * b];
    total + single.pop().unwrap_or(0.0) + single.pop().unwrap_or(a)
}

#[test]
fn a_stack_drained_by_pop() {
    check_idiom!(drained, [(0.5, 1.5), (1.2, -0.7), (2.5, 0.9)]);
    check_hessian!(drained, [(0.5, 1.5), (2.5, 0.9)]);
    // a < 1, b > 1, ab < 1: b is pushed back once as b/2, popped with one item below it.
    let (a, b): (f64, f64) = (0.5, 1.5);
    let want = 3.0 * (a * b).sin() + 2.0 * b.sin() + 2.0 * (0.5 * b).sin() + a.sin() + b * b + a;
    assert_close(drained(a, b), want);
}
