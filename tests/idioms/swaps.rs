//! Destructuring assignments, `std::mem::swap` and `std::mem::replace` of locals, and
//! `v.swap(i, j)` on a local `Vec`: the values move, and their derivatives with them.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// A Fibonacci-like recurrence by tuple assignment: `(a, b) = (b, a + b)`.
#[differentiable]
fn fibonacci_like(x: f64, y: f64) -> f64 {
    let (mut a, mut b) = (x, y);
    for _ in 0..6 {
        (a, b) = (b, a + b * 0.5);
    }
    a * b
}

#[test]
fn a_recurrence_by_tuple_assignment() {
    check_idiom!(fibonacci_like, [(0.3, 1.2), (-0.8, 0.4)]);
    check_hessian!(fibonacci_like, [(0.3, 1.2), (-0.8, 0.4)]);
}

/// The same recurrence with `std::mem::swap`.
#[differentiable]
fn by_swap(x: f64, y: f64) -> f64 {
    let mut a = x;
    let mut b = y;
    for _ in 0..5 {
        b += a.sin();
        std::mem::swap(&mut a, &mut b);
    }
    a - 2.0 * b
}

#[test]
fn a_recurrence_by_mem_swap() {
    check_idiom!(by_swap, [(0.3, 1.2), (-0.8, 0.4)]);
    check_hessian!(by_swap, [(0.3, 1.2)]);
}

/// `mem::replace` returns the old value: a two-step recurrence keeping the previous term.
#[differentiable]
fn by_replace(x: f64, y: f64) -> f64 {
    let mut current = x;
    let mut total = 0.0;
    for k in 1..4 {
        let next = current * y + k as f64;
        let previous = std::mem::replace(&mut current, next);
        total += previous * current;
    }
    total
}

#[test]
fn old_values_by_mem_replace() {
    check_idiom!(by_replace, [(0.7, 0.9), (-1.2, 0.3)]);
    check_hessian!(by_replace, [(0.7, 0.9)]);
}

/// Nested and partial destructuring, and a struct pattern on the left.
#[derive(Clone, Copy, Differentiable)]
struct Pair {
    first: f64,
    second: f64,
}

#[differentiable]
fn destructured(x: f64, y: f64) -> f64 {
    let (a, b, c);
    (a, (b, _)) = (x * y, (y.exp(), 3.0));
    let mut p = Pair {
        first: x,
        second: 0.0,
    };
    Pair {
        first: p.second,
        second: p.first,
    } = Pair {
        first: a,
        second: b,
    };
    c = p.first - p.second;
    c * x
}

#[test]
fn nested_tuple_and_struct_destructuring() {
    check_idiom!(destructured, [(0.5, -0.3), (1.4, 0.8)]);
}

/// A bubble sort by element swaps: the sorted order is a constant, derivatives follow the
/// elements.
#[differentiable]
fn sorted_weighted_sum(x: f64, y: f64) -> f64 {
    let mut v = vec![x * x, y, x + y, 0.25];
    for i in 0..v.len() {
        for j in 0..v.len() - 1 - i {
            if v[j] > v[j + 1] {
                v.swap(j, j + 1);
            }
        }
    }
    v[0] + 2.0 * v[1] + 3.0 * v[2] + 4.0 * v[3]
}

#[test]
fn a_bubble_sort_by_element_swaps() {
    check_idiom!(sorted_weighted_sum, [(0.3, 1.7), (1.1, -0.6), (-0.9, 0.35)]);
}

/// A struct literal of constants whose fields are then set and read.
#[differentiable]
fn fields_set_later(x: f64, y: f64) -> f64 {
    let mut p = Pair {
        first: 0.0,
        second: 1.0,
    };
    p.first = x * x;
    p.second += y;
    p.first * p.second
}

#[test]
fn fields_of_a_constant_literal_set_later() {
    check_idiom!(fields_set_later, [(1.5, 0.3), (-0.4, 2.0)]);
    check_hessian!(fields_set_later, [(1.5, 0.3)]);
}

/// `m.swap(i, j)` on a local `Vec<Vec<f64>>`: rows are not `Copy`.
#[differentiable]
fn swapped_rows(x: f64, y: f64) -> f64 {
    let mut m = vec![vec![x, y], vec![x * y, 1.0]];
    m.swap(0, 1);
    m[0][0] * 2.0 + m[1][1] * m[0][1]
}

#[test]
fn rows_swapped_in_place() {
    check_idiom!(swapped_rows, [(0.7, 1.2), (-0.3, 0.5)]);
}
