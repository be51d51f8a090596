use ad::prelude::*;

#[differentiable]
fn pow_loop(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r = r * x;
    }
    r
}

#[differentiable]
fn newton_sqrt(a: f64) -> f64 {
    let mut x = a;
    let mut i = 0;
    while i < 20 {
        x = 0.5 * (x + a / x);
        i += 1;
    }
    x
}

#[differentiable]
fn sum_sq(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for x in xs.iter() {
        s += x * x;
    }
    s
}

#[differentiable]
fn weighted(xs: &[f64], w: f64) -> f64 {
    let mut s = 0.0;
    for (i, &x) in xs.iter().enumerate() {
        if x > 0.0 {
            s += x * w * i as f64;
        } else {
            continue;
        }
    }
    s
}

#[differentiable]
fn until(x: f64) -> f64 {
    let mut y = x;
    loop {
        y = y * 1.5;
        if y > 10.0 {
            break;
        }
    }
    y
}

#[differentiable]
fn matrix(m: &Vec<f64>, n: usize) -> f64 {
    let mut total = 0.0;
    for i in 0..n {
        for j in 0..n {
            total += m[i * n + j] * (i + j) as f64;
        }
    }
    total
}

#[test]
fn smoke() {
    let (v, g) = value_with_gradient!(at: 1.1, 10, of: pow_loop);
    println!("{v} {g:?} expected {}", 10.0 * 1.1f64.powi(9));
    println!("{:?} expected {}", gradient!(at: 2.0, of: newton_sqrt), 0.5 / 2.0f64.sqrt());
    println!("{:?}", gradient!(at: &[1.0, 2.0, 3.0], of: sum_sq));
    println!("{:?}", gradient!(at: &[1.0, -2.0, 3.0], 2.0, of: weighted));
    println!("{:?}", gradient!(at: 1.0, of: until));
    println!("{:?}", gradient!(at: &vec![1.0, 2.0, 3.0, 4.0], 2, of: matrix));
}

#[differentiable]
fn rec_pow(x: f64, n: u32) -> f64 {
    if n == 0 { 1.0 } else { x * rec_pow(x, n - 1) }
}

#[differentiable]
fn series(x: f64, n: u32) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let term = x.powi(n as i32) / n as f64;
    term + series(x, n - 1)
}

#[test]
fn recursion() {
    let g = gradient!(at: 1.3, 5, of: rec_pow).0;
    println!("{g} expected {}", 5.0 * 1.3f64.powi(4));
    let g = gradient!(at: 0.7, 4, of: series).0;
    println!("{g} expected {}", 1.0 + 0.7 + 0.49 + 0.343);
}

#[differentiable]
fn first_above(xs: &[f64], limit: f64) -> f64 {
    for &x in xs.iter() {
        if x * limit > 1.0 {
            return x * x * limit;
        }
    }
    limit * 0.5
}

#[differentiable]
fn labelled(x: f64, n: usize) -> f64 {
    let mut y = x;
    'outer: for i in 0..n {
        for j in 0..n {
            if j > i {
                continue 'outer;
            }
            y = y * 1.1 + x;
            if y > 50.0 {
                break 'outer;
            }
        }
        y = y.sin() + y;
    }
    y
}

#[differentiable]
fn break_value(x: f64) -> f64 {
    let mut y = x;
    let found = loop {
        y = y * 2.0;
        if y > 10.0 {
            break y * 3.0;
        }
    };
    found + y
}

#[test]
fn exits() {
    let fd = |f: &dyn Fn(f64) -> f64, x: f64| ad::check::central_difference(f, x);
    let (g, _) = gradient!(at: &[0.1, 0.5, 2.0, 3.0], 1.0, of: first_above);
    println!("{g:?} (2x at 2.0 = 4 in slot 2)");
    let (_, gl) = gradient!(at: &[0.1, 0.5, 2.0, 3.0], 1.0, of: first_above);
    println!("dlimit {gl} fd {}", fd(&|l| first_above(&[0.1, 0.5, 2.0, 3.0], l), 1.0));
    let (g, _) = gradient!(at: 0.7, 6, of: labelled);
    println!("labelled {g} fd {}", fd(&|x| labelled(x, 6), 0.7));
    let g = gradient!(at: 0.7, of: break_value);
    println!("break value {g} fd {}", fd(&break_value, 0.7));
}

#[differentiable(recursive)]
fn is_even_series(x: f64, n: u32) -> f64 {
    if n == 0 { 1.0 } else { x * is_odd_series(x, n - 1) }
}

#[differentiable]
fn is_odd_series(x: f64, n: u32) -> f64 {
    if n == 0 { x } else { x.sin() + is_even_series(x, n - 1) }
}

#[test]
fn mutual_recursion() {
    let g = gradient!(at: 0.4, 5, of: is_even_series).0;
    println!("mutual {g} fd {}", ad::check::central_difference(|x| is_even_series(x, 5), 0.4));
}
