//! The tapes of stored floats, recycled per thread.
//!
//! A reverse-mode loop stores the floats its reverse cannot recompute (the GMM objective of
//! the benchmarks stores two per row of each point and component: 4 MB per call). Allocated
//! afresh at every call, such a tape costs more than filling it: the kernel hands out zeroed
//! pages one fault at a time, and a growing `Vec` copies itself as it doubles. A tape here
//! takes its buffer from a small per-thread pool and gives it back when the pullback that
//! holds it is dropped, so a gradient called in an optimiser's loop reuses the same memory,
//! already mapped and already large enough.
//!
//! The pool keeps at most [`POOLED_TAPES`] buffers per float type and thread, none larger
//! than [`LARGEST_POOLED_BYTES`]; [`release_tape_memory`] frees what the calling thread keeps.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::thread::LocalKey;

/// How many idle buffers a thread keeps per float type.
pub const POOLED_TAPES: usize = 16;

/// The largest buffer a thread keeps idle, in bytes; larger ones are freed when dropped.
pub const LARGEST_POOLED_BYTES: usize = 256 << 20;

thread_local! {
    static F64_TAPES: RefCell<Vec<Vec<f64>>> = const { RefCell::new(Vec::new()) };
    static F32_TAPES: RefCell<Vec<Vec<f32>>> = const { RefCell::new(Vec::new()) };
    static POSITION_TAPES: RefCell<Vec<Vec<usize>>> = const { RefCell::new(Vec::new()) };
}

/// A type whose tapes are recycled: the floats `f64` and `f32`, and `usize` for the
/// positions a loop reads at but cannot recompute (a counter it carries, `l[k]`).
pub trait PooledFloat: Copy + Default + 'static {
    /// The calling thread's idle buffers of this type.
    fn idle() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>>;
}

impl PooledFloat for f64 {
    fn idle() -> &'static LocalKey<RefCell<Vec<Vec<f64>>>> {
        &F64_TAPES
    }
}

impl PooledFloat for f32 {
    fn idle() -> &'static LocalKey<RefCell<Vec<Vec<f32>>>> {
        &F32_TAPES
    }
}

impl PooledFloat for usize {
    fn idle() -> &'static LocalKey<RefCell<Vec<Vec<usize>>>> {
        &POSITION_TAPES
    }
}

/// A `Vec` of stored floats whose buffer comes from, and returns to, the thread's pool. It
/// dereferences to the `Vec`: the generated code pushes, reserves and indexes it as one.
#[derive(Debug)]
pub struct FloatTape<F: PooledFloat> {
    values: Vec<F>,
}

impl<F: PooledFloat> FloatTape<F> {
    /// An empty tape, on the largest idle buffer of the thread if there is one.
    #[inline]
    pub fn new() -> Self {
        let values = F::idle()
            .try_with(|idle| {
                let mut idle = idle.borrow_mut();
                let largest = (0..idle.len()).max_by_key(|&k| idle[k].capacity())?;
                Some(idle.swap_remove(largest))
            })
            .ok()
            .flatten()
            .unwrap_or_default();
        FloatTape { values }
    }

    /// A tape of `len` zeros (`Default`), for floats kept at their iteration's position.
    #[inline]
    pub fn zeros(len: usize) -> Self {
        let mut tape = Self::new();
        tape.values.resize(len, F::default());
        tape
    }
}

impl<F: PooledFloat> Default for FloatTape<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: PooledFloat> Deref for FloatTape<F> {
    type Target = Vec<F>;
    #[inline(always)]
    fn deref(&self) -> &Vec<F> {
        &self.values
    }
}

impl<F: PooledFloat> DerefMut for FloatTape<F> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Vec<F> {
        &mut self.values
    }
}

impl<F: PooledFloat> Drop for FloatTape<F> {
    fn drop(&mut self) {
        let mut values = std::mem::take(&mut self.values);
        let bytes = values.capacity() * std::mem::size_of::<F>();
        if bytes == 0 || bytes > LARGEST_POOLED_BYTES {
            return;
        }
        values.clear();
        // (A thread being torn down has no pool any more: the buffer is freed.)
        let _ = F::idle().try_with(|idle| {
            let mut idle = idle.borrow_mut();
            if idle.len() < POOLED_TAPES {
                idle.push(values);
            }
        });
    }
}

/// Frees the tape buffers the calling thread keeps for reuse (see the module's doc): after a
/// one-off gradient of a large program, this gives their memory back.
pub fn release_tape_memory() {
    let _ = F64_TAPES.try_with(|idle| idle.borrow_mut().clear());
    let _ = F32_TAPES.try_with(|idle| idle.borrow_mut().clear());
    let _ = POSITION_TAPES.try_with(|idle| idle.borrow_mut().clear());
}

/// The bytes the calling thread keeps in idle tape buffers.
pub fn idle_tape_bytes() -> usize {
    fn bytes<F: PooledFloat>() -> usize {
        F::idle()
            .try_with(|idle| {
                idle.borrow()
                    .iter()
                    .map(|v| v.capacity() * std::mem::size_of::<F>())
                    .sum()
            })
            .unwrap_or(0)
    }
    bytes::<f64>() + bytes::<f32>() + bytes::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_tape_lends_its_buffer_to_the_next() {
        release_tape_memory();
        let mut tape = FloatTape::<f64>::new();
        tape.extend([1.0, 2.0, 3.0]);
        let capacity = tape.capacity();
        drop(tape);
        assert_eq!(idle_tape_bytes(), capacity * 8);
        let again = FloatTape::<f64>::new();
        assert!(again.is_empty(), "a recycled tape starts empty");
        assert_eq!(again.capacity(), capacity);
        assert_eq!(idle_tape_bytes(), 0);
        let zeros = FloatTape::<f32>::zeros(4);
        assert_eq!(*zeros, vec![0.0f32; 4]);
        drop((again, zeros));
        release_tape_memory();
        assert_eq!(idle_tape_bytes(), 0);
    }
}
