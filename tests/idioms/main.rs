//! Ordinary Rust as people write it (issue 17): declarations assigned later, destructuring
//! assignments and swaps, `%` and the float methods that go with it, patterns, enums, labelled
//! blocks; and small real computations written with them (`numerics`, `programs`, `structs`,
//! `generic`, `control`, `iterators`). Each function is written the way a Rust programmer
//! writes it, with no concession to the macro, and differentiated by the suite's operators,
//! which check forward mode against reverse mode; the gradient is compared with central
//! differences of the original function at several points, away from kinks, and the value
//! with the original's.

// The operators call the generated derivative code, not the original functions.
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

mod adaptors;
mod arrays;
mod bits;
mod blocks;
mod check;
mod configured;
mod control;
mod declarations;
mod diverging;
mod early_exits;
mod enums;
mod generic;
mod generics;
mod inference;
mod inout;
mod iterators;
mod literals;
mod local_functions;
mod numerics;
mod patterns;
mod programs;
mod reference;
mod references;
mod remainders;
mod settings;
mod shadowing;
mod slices;
mod sorting;
mod structs;
mod swaps;
mod vec_methods;

pub use common::*;
