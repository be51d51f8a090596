//! What the compiler knows of Rust's library by name, declared once (see DESIGN.md). The
//! macro sees no types, so a name is a guess; every guess that would drop a derivative is
//! listed here with the check that makes it safe.

pub mod discrete;
pub mod macros;
