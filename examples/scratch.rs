use ad::prelude::*;

#[differentiable]
fn sqsum(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * v[i];
    }
    s
}

#[differentiable]
fn radial(x: f64, y: f64) -> f64 {
    let proj = [x * 2.0, y];
    let r = sqsum(&proj);
    1.0 + r
}

#[differentiable]
fn rot(t: f64) -> f64 {
    let mut m = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            m[i][j] += t * (i + j) as f64;
        }
    }
    m[1][2] * m[2][2]
}

#[differentiable]
fn amap(t: f64) -> f64 {
    let a = [t, 2.0 * t];
    let b = a.map(|x| x * x);
    b[0] + b[1]
}

#[differentiable]
fn tail_sum(param: &[f64]) -> f64 {
    param[1..].iter().map(|x| x.sin()).sum()
}

fn main() {
    println!("{:?}", gradient!(at: 1.0, 2.0, of: radial));
    println!("{:?}", gradient!(at: 1.5, of: rot));
    println!("{:?}", gradient!(at: 1.5, of: amap));
    println!("{:?}", gradient!(at: &[1.0, 2.0, 3.0][..], of: tail_sum));
}
