use ad::prelude::*;

#[differentiable]
fn relu(x: f64) -> f64 {
    if x > 0.0 { x } else { 0.0 }
}

#[differentiable]
fn piecewise(x: f64, y: f64) -> f64 {
    let mut acc = x * y;
    if x > y {
        acc = acc * x.sin();
    } else if x < 0.0 {
        acc += y.exp();
    }
    acc * 2.0
}

#[differentiable]
fn early(x: f64) -> f64 {
    if x < 0.0 {
        return -x * 3.0;
    }
    let y = x * x;
    y + 1.0
}

#[differentiable]
fn by_case(x: f64, n: i32) -> f64 {
    match n {
        0 => x,
        1 | 2 => x * x,
        k if k < 0 => x.exp(),
        _ => x.sin() * n as f64,
    }
}

#[differentiable]
fn both(x: f64, y: f64) -> f64 {
    if x > 0.0 && y > 0.0 { x * y } else { x + y }
}

#[test]
fn smoke() {
    assert_eq!(gradient!(at: 2.0, of: relu), 1.0);
    assert_eq!(gradient!(at: -2.0, of: relu), 0.0);
    println!("{:?}", gradient!(at: 1.0, 0.5, of: piecewise));
    println!("{:?}", gradient!(at: -1.0, 0.5, of: piecewise));
    println!("{:?}", gradient!(at: 0.3, 0.5, of: piecewise));
    assert_eq!(gradient!(at: -2.0, of: early), -3.0);
    assert_eq!(gradient!(at: 2.0, of: early), 4.0);
    println!("{:?}", gradient!(at: 0.5, 0, of: by_case));
    println!("{:?}", gradient!(at: 0.5, 2, of: by_case));
    println!("{:?}", gradient!(at: 0.5, -3, of: by_case));
    println!("{:?}", gradient!(at: 0.5, 7, of: by_case));
    println!("{:?}", gradient!(at: 2.0, 3.0, of: both));
    println!("{:?}", gradient!(at: 2.0, -3.0, of: both));
}
