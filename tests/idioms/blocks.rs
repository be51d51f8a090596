//! Labelled blocks left by `break 'label value`, and `break value` out of `loop`.

use crate::check::check_idiom;
use ad::prelude::*;

/// `let y = 'found: { if .. { break 'found a; } b };`
#[differentiable]
fn found_early(x: f64) -> f64 {
    let y = 'found: {
        if x > 1.0 {
            break 'found x * x;
        }
        x.exp()
    };
    y * 2.0
}

#[test]
fn a_labelled_block_left_early_or_at_its_end() {
    check_idiom!(found_early, [1.5, 0.4, -0.7]);
}

/// A search in a labelled block over a loop: the first term above a threshold.
#[differentiable]
fn first_above(x: f64, y: f64) -> f64 {
    let hit = 'search: {
        let mut term = x;
        for _ in 0..8 {
            term = term * y + 0.1;
            if term > 2.0 {
                break 'search term;
            }
        }
        -term
    };
    hit * x
}

#[test]
fn a_search_leaving_a_labelled_block_from_a_loop() {
    check_idiom!(first_above, [(0.9, 1.6), (0.2, 0.5)]);
}

/// `break value` out of a `loop` from inside an `if`.
#[differentiable]
fn iterate_until_small(x: f64) -> f64 {
    let mut r = x;
    let mut steps = 0;
    let last = loop {
        r = r * 0.5 + 0.1;
        steps += 1;
        if steps > 3 {
            break r * r;
        }
    };
    last + r
}

#[test]
fn break_with_a_value_from_a_branch() {
    check_idiom!(iterate_until_small, [0.8, -2.0]);
}
