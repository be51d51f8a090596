//! Memory of reverse mode through loops: what the pullback keeps per iteration.
//!
//! DESIGN.md: a counted loop keeps, per iteration, only the floats its reverse cannot
//! recompute (one `Vec` per stored value, reserved from the trip count), and the pullback
//! walks them backwards without consuming them. So differentiating `pow_loop(x, n)` keeps
//! 8 bytes per iteration (the carried `r` of `r = r * x`), a dot product keeps nothing per
//! iteration (only a copy of the input whose elements its reverse reads), and a layer of a
//! network as index loops keeps one float per hidden unit (the `tanh`'s result), whatever
//! the number of inputs. Calling a pullback allocates nothing per iteration. Dropping the
//! pullback hands its float tapes to the thread's pool, for the next call to reuse;
//! `ad::release_tape_memory` frees them.
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

/// Σ w_j x_j, differentiated with respect to `w`.
#[differentiable(wrt = w)]
fn dot(w: &[f64], x: &[f64]) -> f64 {
    let mut acc = 0.0;
    for j in 0..x.len() {
        acc += w[j] * x[j];
    }
    acc
}

#[path = "shared/network.rs"]
mod network;
use network::layer;

#[path = "../benches/shared/gmm.rs"]
mod gmm;

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
    // Tapes recycle their buffers through a per-thread pool (see `ad::release_tape_memory`):
    // emptied, each measurement sees what a first call allocates and keeps.
    ad::release_tape_memory();
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
    assert!(
        ad::idle_tape_bytes() >= 8 * n,
        "n = {n}: the dropped tape's buffer goes back to the pool for the next call"
    );
    ad::release_tape_memory();
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

    // A handful of allocations: the tape is reserved from the trip count.
    assert!(forward.allocations < 16, "n = {n}: {forward:?}");
    // 8 bytes per iteration (the stored `r`), and nothing else that grows with `n`.
    let limit = 8 * n as u64 + 1024;
    assert!(
        forward.bytes <= limit && forward.retained as u64 <= limit,
        "n = {n}: {forward:?}: more than 8 bytes per iteration"
    );
    assert!(
        forward.peak <= limit,
        "n = {n}: {forward:?}: peak above 8 bytes per iteration"
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

/// The dot product of `n` elements: what its pullback keeps, checked against the closed form.
fn check_dot(n: usize) -> Heap {
    let w: Vec<f64> = (0..n).map(|i| (i % 7) as f64 - 3.0).collect();
    let x: Vec<f64> = (0..n).map(|i| (i % 5) as f64 * 0.25).collect();
    let ((_, pullback), forward) = measure(|| value_with_pullback!(at: &w[..], &x[..], of: dot));
    let ((dw, _), backward) = measure(|| pullback(1.0));
    assert_eq!(dw, x, "∂w of a dot product is the other factor");
    // The pullback owns a copy of `x` (it cannot borrow the caller's slice), which the
    // reverse reads; beyond it, the loop's tape.
    let copy = 8 * n as i64;
    let stored = (forward.retained - copy).max(0) as f64 / n as f64;
    println!(
        "dot of {n}: VJP keeps {} bytes: the copy of x ({copy} bytes) and {stored:.2} bytes \
         stored per iteration; pullback call {} allocations",
        forward.retained, backward.allocations,
    );
    // Nothing per iteration (a few hundred bytes of fixed state at most).
    assert!(forward.retained - copy <= 1024, "dot of {n}: {forward:?}");
    // The gradient itself, and nothing else.
    assert!(backward.allocations <= 2, "dot of {n}: {backward:?}");
    forward
}

/// A layer of `hidden` units over `inputs` inputs: what its pullback keeps.
fn check_layer(hidden: usize, inputs: usize) -> Heap {
    let w: Vec<f64> = (0..hidden * inputs)
        .map(|i| ((i * 7919) % 1000) as f64 / 1e4 - 0.05)
        .collect();
    let b = vec![0.01; hidden];
    let x: Vec<f64> = (0..inputs).map(|i| (i % 10) as f64 / 10.0).collect();
    let ((_, pullback), forward) =
        measure(|| value_with_pullback!(at: &w[..], &b[..], &x[..], of: layer));
    let (dw, db, _) = pullback(1.0);
    // Closed form: ∂b_i = 1 - tanh²(z_i), ∂w_ij = ∂b_i x_j.
    for i in [0, hidden - 1] {
        let z: f64 = (0..inputs).map(|j| w[i * inputs + j] * x[j]).sum::<f64>() + b[i];
        let slope = 1.0 - z.tanh().powi(2);
        assert!((db[i] - slope).abs() < 1e-12);
        assert!((dw[i * inputs + inputs - 1] - slope * x[inputs - 1]).abs() < 1e-12);
    }
    println!(
        "layer {hidden}x{inputs}: VJP keeps {} bytes ({:.2} per hidden unit beyond the copy of x)",
        forward.retained,
        (forward.retained as f64 - 8.0 * inputs as f64) / hidden as f64,
    );
    // A copy of `x`, and a few floats per hidden unit (the `tanh`'s pullback), none per
    // input of a unit.
    assert!(
        forward.retained as u64 <= 8 * inputs as u64 + 32 * hidden as u64 + 1024,
        "layer {hidden}x{inputs}: {forward:?}"
    );
    forward
}

#[test]
fn pullbacks_keep_only_what_the_reverse_cannot_recompute() {
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
    check_dot(1000);
    check_dot(100_000);
    check_layer(128, 784);
    check_gmm();
}

/// The GMM objective of the benchmarks (d = 10, k = 25, n = 1000): what its pullback keeps
/// per call, per point and per (point, component, row) of its innermost loops.
fn check_gmm() {
    let (d, k, n) = (10, 25, 1000);
    let (alphas, means, icf, x) = gmm::gmm_inputs(d, k, n);
    let ((value, pullback), forward) = measure(|| {
        value_with_pullback!(
            at: &alphas[..], &means[..], &icf[..],
            of: |a: &[f64], mu: &[f64], q: &[f64]| gmm::gmm_objective(a, mu, q, &x, d, 1.0, 0.0)
        )
    });
    assert_eq!(
        value,
        gmm::gmm_objective(&alphas, &means, &icf, &x, d, 1.0, 0.0)
    );
    let ((_, _, dq), backward) = measure(|| pullback(1.0));
    assert_eq!(dq.len(), icf.len());
    let rows = (n * k * d) as f64;
    println!(
        "gmm d={d} k={k} n={n}: the pullback keeps {} bytes ({:.1} per point, {:.1} per \
         point, component and row); a pullback call allocates {} bytes",
        forward.retained,
        forward.retained as f64 / n as f64,
        forward.retained as f64 / rows,
        backward.bytes,
    );
    // Two floats per row of `Q (x - μ)` (the `exp` of the diagonal and the row's value), a
    // few per (point, component), and a copy of the inputs.
    assert!(
        forward.retained as f64 <= 24.0 * rows + 64.0 * (n * k) as f64 + 8.0 * x.len() as f64,
        "gmm: {forward:?}"
    );
}
