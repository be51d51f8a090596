//! The result type of a call, told to rustc without making the call.
//!
//! A forward derivative calls `foo::forward(x, ..)`. When `foo` has no derivative, the call
//! resolves to a fallback (see `ad-compiler`'s `emit::missing_functions`) that only the
//! reverse derivative reports, so that the error appears once; the forward fallbacks must
//! then type-check, and their result type is the one of `foo(x)`. Generated code says so by
//! writing that call in a closure that is never run,
//! `output_of(|| { let x = unreachable_value(&x); foo(x) })`, which gives its result type;
//! `same_output` ties it to the fallback's result.

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
