use ad::prelude::*;

fn each(xs: &[f64], mut f: impl FnMut(&f64)) {
    for x in xs {
        f(x);
    }
}

// A closure given to a function cannot assign to what it does not own (here a captured
// local). (`xs.iter().for_each(|x| total += ..)` is the loop it stands for, and works.)
#[differentiable]
fn scaled_sum(xs: Vec<f64>, s: f64) -> f64 {
    let mut total = 0.0;
    each(&xs, |x| total += *x * s);
    total
}

fn main() {}
