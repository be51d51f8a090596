use ad::prelude::*;

#[derive(Clone, Copy)]
enum Shape {
    Circle(f64),
    Square(f64),
}

#[differentiable]
fn area(x: f64, shape: Shape) -> f64 {
    match shape {
        Shape::Circle(r) => x * r * r * 3.14,
        Shape::Square(s) => x * s * s,
    }
}

fn main() {}
