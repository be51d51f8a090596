//! The result type of a call, told to rustc without making the call.
//!
//! A forward derivative calls `foo::forward(x, ..)`. When `foo` has no derivative, the call
//! resolves to a fallback (see `ad-compiler`'s `emit::missing_functions`) that only the
//! reverse derivative reports, so that the error appears once; the forward fallbacks must
//! then type-check, and their result type is the one of `foo(x)`. Generated code says so by
//! writing that call in a closure that is never run,
//! `output_of(|| { let x = unreachable_value(&x); foo(x) })`, which gives its result type;
//! `same_output` ties it to the fallback's result.
//!
//! [`stand_in`] is the value a local declared without one (`let y;`) enters a loop with when
//! the loop assigns it: a value of its type that nothing reads, whose type rustc takes from
//! the assignments.

use core::marker::PhantomData;

/// The type of what `call` would return. `call` is never run.
#[inline(always)]
pub fn output_of<R>(_call: impl FnOnce() -> R) -> PhantomData<R> {
    PhantomData
}

/// A value of the type of `*_value`, for a call that is never run (see [`output_of`]).
/// Borrowing the argument, rather than taking it, leaves it to the real call after.
#[inline(always)]
pub fn unreachable_value<T>(_value: &T) -> T {
    unreachable!("a call in `output_of` is never run")
}

/// A value of `T` for a local declared without one (`let y;`) to enter a loop with, so that
/// what the loop assigns to it is carried out: never read, since rustc proves every read of
/// the local comes after an assignment.
#[inline(always)]
pub fn stand_in<T: LoopStandIn>() -> T {
    T::stand_in()
}

/// The types [`stand_in`] has a value of: those with a `Default` (the trait exists for the
/// message when one has none).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `Default`, which a local declared without a value (`let y;`) and assigned inside a loop needs",
    label = "this loop assigns a local of type `{Self}` declared without a value",
    note = "derive or implement `Default` for `{Self}`, or give the local a value where it is declared (`let y = ..;`)"
)]
pub trait LoopStandIn: Sized {
    /// A value of the type, never read.
    fn stand_in() -> Self;
}

impl<T: Default> LoopStandIn for T {
    fn stand_in() -> T {
        T::default()
    }
}

/// `result`, whose type is the one `output` stands for.
#[inline(always)]
pub fn same_output<R, T>(_output: PhantomData<R>, result: (R, T)) -> (R, T) {
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hinted_call_is_not_run_and_the_result_passes_through() {
        let x = 2.0_f64;
        let output = output_of(|| f64::sqrt(unreachable_value(&x)));
        assert_eq!(same_output(output, (3.0, 1.0)), (3.0, 1.0));
    }
}
