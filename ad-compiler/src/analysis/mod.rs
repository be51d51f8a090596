//! Analyses over the IR. [`activity`] decides which values carry derivatives.

pub mod activity;
pub mod constant_types;
pub mod floats;
pub mod lazy;
pub mod literal_types;
pub mod ownership;

pub use activity::{Activity, analyze};
