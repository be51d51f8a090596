//! Functions copied verbatim from published numerical crates, each with `#[differentiable]`
//! put on it and nothing else changed, their derivatives checked against central differences
//! (reverse against forward against differences, `check_gradient!`) and against the crates'
//! own hand-written derivatives where they ship them (issue 35). The material, with
//! provenance and licenses, is in `survey/`.

// The crates' own items are kept whole, used or not.
#![allow(dead_code, clippy::all)]

mod checks;

// The copied text is kept as the crates format it.
#[rustfmt::skip]
mod argmin_testfunctions;
#[rustfmt::skip]
mod astro;
#[rustfmt::skip]
mod geographiclib_rs;
#[rustfmt::skip]
mod puruspe;
mod verbatim;
