//! Memory of reverse mode through a loop: the tape is linear in the trip count.
//!
//! DESIGN.md: inside loops there is one `Vec` tape per push site, reserved when the trip count
//! is known, and the pullback walks the tapes backwards. So differentiating `pow_loop(x, n)`
//! must make O(log n) allocations (a `Vec` grows by doubling), O(n) bytes, and calling the
//! pullback must allocate nothing per iteration.
//!
//! The heap is counted by `dhat` in testing mode, which needs its own global allocator: that
//! is why this file holds a single test (the test runner then runs it on the main thread
//! with nothing in parallel that could allocate and disturb the counts).

use ad::prelude::*;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

#[differentiable]
#[allow(clippy::assign_op_pattern)] // written as in the issue
fn pow_loop(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r = r * x;
    }
    r
}

/// What the heap did while a closure ran.
#[derive(Debug)]
struct Heap {
    /// Allocations, reallocations included.
    allocations: u64,
    /// Bytes allocated, each reallocation counted at its new size.
    bytes: u64,
    /// An upper bound on the peak of live bytes above those live before the closure ran.
    peak: u64,
    /// Live bytes at the end above those live before (what the result holds on to).
    retained: i64,
}

fn measure<R>(f: impl FnOnce() -> R) -> (R, Heap) {
    let before = dhat::HeapStats::get();
    let result = f();
    let after = dhat::HeapStats::get();
    let heap = Heap {
        allocations: after.total_blocks - before.total_blocks,
        bytes: after.total_bytes - before.total_bytes,
        // `max_bytes` is the peak since the profiler started; the runs below grow, so the
        // last one sets it, and this is an upper bound on the peak during `f`.
        peak: after.max_bytes.saturating_sub(before.curr_bytes) as u64,
        retained: after.curr_bytes as i64 - before.curr_bytes as i64,
    };
    (result, heap)
}

/// `pow_loop(x, n)` differentiated: checks the value, the gradient and the heap, and returns
/// the heap of the VJP (forward pass and tape).
fn check(x: f64, n: usize) -> Heap {
    let baseline = dhat::HeapStats::get().curr_bytes;
    let ((value, pullback), forward) = measure(|| value_with_pullback!(at: x, n, of: pow_loop));

    let expected_value = x.powf(n as f64);
    let expected_gradient = n as f64 * x.powf((n - 1) as f64);
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-8 * b.abs();
    assert!(
        close(value, expected_value),
        "n = {n}: value {value}, expected {expected_value}"
    );

    let ((dx, _), backward) = measure(|| pullback(1.0));
    assert!(
        close(dx, expected_gradient),
        "n = {n}: gradient {dx}, expected {expected_gradient}"
    );
    // The pullback is `Fn`: a second call walks the same tapes and gives the same answer.
    let ((again, _), backward_again) = measure(|| pullback(1.0));
    assert_eq!(
        again.to_bits(),
        dx.to_bits(),
        "n = {n}: second pullback call differs"
    );

    // Dropping the pullback frees the tapes. (Checked before printing: the test runner's
    // capture of the output is a buffer that stays live.)
    drop(pullback);
    let leaked = dhat::HeapStats::get().curr_bytes as i64 - baseline as i64;

    let per_iteration = |b: u64| b as f64 / n as f64;
    println!(
        "n = {n}: VJP {} allocations, {} bytes allocated ({:.2} per iteration), peak {} bytes \
         ({:.2} per iteration), tape {} bytes ({:.2} per iteration); pullback call {} \
         allocations, {} bytes",
        forward.allocations,
        forward.bytes,
        per_iteration(forward.bytes),
        forward.peak,
        per_iteration(forward.peak),
        forward.retained,
        per_iteration(forward.retained.max(0) as u64),
        backward.allocations,
        backward.bytes,
    );

    // O(log n) allocations, not O(n): a `Vec` tape grows by doubling.
    assert!(forward.allocations < 200, "n = {n}: {forward:?}");
    // O(n) bytes with a small constant: at most 64 bytes per iteration, growth slack included.
    let limit = 64 * n as u64 + 4096;
    assert!(
        forward.bytes <= limit,
        "n = {n}: {forward:?}: more than 64 bytes per iteration"
    );
    assert!(
        forward.peak <= limit,
        "n = {n}: {forward:?}: peak above 64 bytes per iteration"
    );
    // Calling the pullback allocates O(1) (here: a scalar gradient needs nothing).
    for call in [&backward, &backward_again] {
        assert!(
            call.allocations <= 4 && call.bytes <= 1024,
            "n = {n}: pullback call {call:?}"
        );
    }

    // (A little slack for a one-time global a future version might keep; a tape of even
    // n = 1000 iterations is several kilobytes.)
    assert!(
        leaked <= 1024,
        "n = {n}: {leaked} bytes still live after dropping the pullback"
    );
    forward
}

#[test]
fn pow_loop_tape_is_linear_in_the_trip_count() {
    let _profiler = dhat::Profiler::builder().testing().build();
    // Small first, so that a tape that allocates per iteration fails fast.
    check(1.001, 1000);
    let x = 1.000001;
    let n = 1_000_000;
    let heap = check(x, n);
    assert!(
        heap.retained > 0,
        "the pullback of a loop holds a tape: {heap:?}"
    );
}
