#!/usr/bin/env bash
# `cargo check` of a crate of 100 differentiable methods (10 types, each with an inherent
# impl of 8 functions, with and without `self`, and impls of `Add` and `Mul<f64>`), with the
# attribute on every method against the attribute on every impl block. The attribute on a
# method reads its source file to learn the impl around it (`ad_compiler::source::impls`);
# the two spellings emit the same derivatives, so the difference is that read and placement.
#
# Usage: bash ad-compiler/benches/method_attributes.sh [types]
# Prints the best of three rebuilds of the crate alone (after touching its source).
set -euo pipefail
types=${1:-10}
workspace=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export CARGO_TARGET_DIR="$scratch/target"
source "$(dirname "$0")/crates.sh"

generate() { # name on-method on-block
    local dir="$scratch/$1" m="$2" b="$3"
    new_crate "$1"
    {
        echo "#![allow(dead_code)]"
        echo "use ad::prelude::*;"
        echo "use std::ops::{Add, Mul};"
        for t in $(seq 1 "$types"); do
            cat <<RUST
#[derive(Clone, Copy, Debug, Differentiable)]
pub struct T$t { pub a: f64, pub b: f64 }
$b
impl T$t {
    $m
    pub fn new(a: f64, b: f64) -> T$t { T$t { a, b } }
    $m
    pub fn norm(&self) -> f64 { (self.a * self.a + self.b * self.b).sqrt() }
    $m
    pub fn energy(&self, k: f64) -> f64 { 0.5 * k * self.a * self.a + self.b.sin() * k }
    $m
    pub fn scaled(self, s: f64) -> T$t { T$t { a: self.a * s, b: self.b * s.exp() } }
    $m
    pub fn dot(&self, o: &T$t) -> f64 { self.a * o.a + self.b * o.b }
    $m
    pub fn between(x: f64, y: f64) -> f64 { T$t::new(x, y).norm() * (x - y).tanh() }
    $m
    pub fn rotated(self, angle: f64) -> T$t {
        let (s, c) = (angle.sin(), angle.cos());
        T$t { a: c * self.a - s * self.b, b: s * self.a + c * self.b }
    }
    $m
    pub fn total(&self, n: usize) -> f64 {
        let mut sum = 0.0;
        for i in 0..n { if sum > 1.0 { sum *= 0.5; } else { sum += self.a * i as f64 + self.b; } }
        sum
    }
}
$b
impl Add for T$t {
    type Output = T$t;
    $m
    fn add(self, o: T$t) -> T$t { T$t { a: self.a + o.a, b: self.b + o.b } }
}
$b
impl Mul<f64> for T$t {
    type Output = T$t;
    $m
    fn mul(self, s: f64) -> T$t { T$t { a: self.a * s, b: self.b * s } }
}
RUST
        done
    } > "$dir/src/lib.rs"
}

generate on_methods "#[differentiable]" ""
generate on_blocks "" "#[differentiable]"
m=$(best_rebuild on_methods check)
b=$(best_rebuild on_blocks check)
echo "cargo check, $((types * 10)) methods: attribute on each method ${m}s, on each impl block ${b}s ($(awk -v m="$m" -v b="$b" 'BEGIN { printf "%.2f", m / b }')x)"
