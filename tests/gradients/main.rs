//! Gradient test corpus for reverse mode of straight-line code.
//!
//! Every test differentiates a whole function marked `#[differentiable]` (or a closure
//! literal, or a function with a registered derivative) with the operators, and compares the
//! result with an independent reference: a closed form derived by hand (written in the test's
//! comment), or central finite differences of the *original* function.

// The operators call the generated derivative code, not the original functions.
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

mod arithmetic;
mod array_construction;
mod array_lanes;
mod array_maps;
mod array_methods;
mod array_random;
mod array_selection;
mod array_shapes;
mod array_views;
mod arrays;
mod calls;
mod check;
mod closures;
mod f32;
mod far_ends;
mod float_methods;
mod generics;
mod inlined_helpers;
mod locals;
mod mode_choice;
mod numerics;
mod prefix_cotangents;
mod references;
mod registration;
mod strong_zeros;
mod tuples;
mod wrt;

pub use common::*;
