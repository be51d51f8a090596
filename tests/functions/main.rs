//! Functions, methods and closures as people write them (issue 16): functions that take
//! functions (`impl Fn`, `&dyn Fn`, `fn` pointers, `F: Fn` generics) given closure literals
//! and function names from differentiable code (integrators, root finders, ODE steppers);
//! closures capturing differentiated values in iterator chains, ndarray's maps, `Zip`s and
//! sorts; methods in inherent, generic and trait impls; generic functions over a trait marked
//! `#[differentiable]`; mutual recursion without
//! annotations; a reverse and a forward registration given as two items. Each derivative is checked
//! against central differences of the original function, in reverse mode with forward mode
//! agreeing (the suite's operators check both).

// The operators call the generated derivative code, not the original functions.
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

mod arguments;
mod array_closures;
mod captures;
mod captures_more;
mod chains;
mod closure_positions;
mod closures;
mod generic_traits;
mod impl_blocks;
mod integrators;
mod methods;
mod methods_anywhere;
mod numerics;
mod recursion;
mod registrations;
mod solvers;
mod steppers;
mod values;

pub use common::*;
