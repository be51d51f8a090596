use ad::prelude::*;

#[derive(Differentiable, Clone, Copy)]
struct Pair {
    a: f64,
    b: f64,
}

// A local declared without a value and assigned inside a loop enters the loop with its type's
// `Default`: a type without one is reported at the loop, with rustc's help to derive it.
#[differentiable]
fn f(x: f64) -> f64 {
    let p;
    loop {
        p = Pair { a: x * x, b: x };
        break;
    }
    p.a + p.b
}

fn main() {}
