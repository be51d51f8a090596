// The attribute on a method of a generic impl of a trait marked `#[differentiable]`: the
// marked trait requires the method's derivatives of every impl, which exist at `f32` and
// `f64` only, and an attribute on a method cannot bound its impl. The error says to put the
// attribute on the block, which does.
use ad::num_traits::Float;
use ad::prelude::*;

#[differentiable]
trait Model<T: Float> {
    fn predict(&self, x: T) -> T;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Line<T> {
    a: T,
    b: T,
}

impl<T: Float> Model<T> for Line<T> {
    #[differentiable]
    fn predict(&self, x: T) -> T {
        self.a * x + self.b
    }
}

fn main() {
    let line = Line { a: 2.0, b: 1.0 };
    let _ = gradient!(at: &line, 3.0, of: Line::<f64>::predict);
}
