// `#[differentiable]` on `index` of an `Index` impl that returns an element of a `Vec`
// field: the tangent of a `Vec` field may be empty, so only array fields are indexed in
// place, and the error says what to write instead.
use ad::prelude::*;
use std::ops::Index;

#[derive(Clone, Debug, Differentiable)]
struct Grid {
    values: Vec<f64>,
}

impl Index<(usize, usize)> for Grid {
    type Output = f64;

    #[differentiable]
    fn index(&self, (i, j): (usize, usize)) -> &f64 {
        let k = i * 3 + j;
        &self.values[k]
    }
}

fn main() {
    let g = Grid { values: vec![1.0; 9] };
    println!("{}", g[(1, 2)]);
}
