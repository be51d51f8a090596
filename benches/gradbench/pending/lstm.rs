//! PENDING (not compiled, not referenced from `main.rs`): lstm, the gradient of ADBench's
//! LSTM loss (diagonal weight matrices) in the main and the extra parameters, ported line by
//! line from gradbench's `cpp/gradbench/evals/lstm.hpp`: the views `WeightOrBias`,
//! `LayerParams`, `MainParams`, `ExtraParams`, `InputSequence`, `LayerState` and `State` as
//! structs of slices into the flat parameters (the C++ structs of pointers), a copy of the
//! state overwritten step after step through them, scratch vectors `ypred` and `ynorm`
//! allocated once, the loss written through an out-parameter.
//!
//! It is valid Rust (with the attributes removed and the gradient stubbed, it compiles), but
//! `#[differentiable]` cannot take a struct that holds slices. As written (elided lifetimes
//! `&LayerParams`, no derives), the first errors are rustc's, about the generated code:
//!
//! ```text
//! error[E0106]: missing lifetime specifier
//!    --> benches/gradbench/lstm.rs:143:38
//!     |
//! 143 | fn lstm_model(hsize: usize, params: &LayerParams, state: &mut LayerState, input: &[f64]) {
//!     |                                     -^^^^^^^^^^^              ----------         ------
//!     |                                      |
//!     |                                      expected named lifetime parameter
//!     |
//!     = help: this function's return type contains a borrowed value, but the signature does not say whether it is borrowed from one of `__ad_p1`'s 2 lifetimes, `__ad_p2`, or `__ad_p3`
//! help: consider introducing a named lifetime parameter
//!     |
//! 142 ~ #[differentiable]<'a>
//! 143 ~ fn lstm_model(hsize: usize, params: &'a LayerParams<'a>, state: &mut LayerState<'a>, input: &'a [f64]) {
//! ```
//!
//! then ours, `` error[E0277]: `lstm::LayerState<'_>` is not differentiable `` (pointed at
//! `params: &LayerParams`, not at `state`), whose note says "for a struct or enum of yours,
//! add `#[derive(Differentiable)]`", and `` error[E0599]: the function `MainParams::new` has
//! no derivative `` (also at the call `ExtraParams::new(..)`, under the name `MainParams::new`),
//! whose note says "put `#[differentiable]` on `new` (or on its `impl` block)". With those
//! changes made (each marked below where it is made) and the lifetimes named as rustc asks,
//! 125 errors remain, the first:
//!
//! ```text
//! error[E0277]: `&'a [f64]` is not differentiable
//!   --> benches/gradbench/pending/lstm.rs:103:10
//!    |
//! 103 | #[derive(Differentiable)]
//!    |          ^^^^^^^^^^^^^^ derivatives are taken through a value of type `&'a [f64]` here
//!    |
//!    = help: the trait `ad::Differentiable` is not implemented for `&'a [f64]`
//!    = note: for a struct or enum of yours, add `#[derive(Differentiable)]`; for a type parameter, bound it by a trait marked `#[differentiable]` (or by `Differentiable`); for a parameter that should stay constant, leave it out of `wrt = (..)`; for a value, wrap it in `no_grad(..)`
//! ```
//!
//! (the others: the same for `&'a mut [f64]` fields, `&Vec<lstm::LayerState<'_>>` is not
//! differentiable at `state.layer_state.iter_mut()`, `` `&mut [f64]: IndexShape` is not
//! satisfied ``, `impl Trait` captures lifetime parameter, and trait bounds of the derived
//! `*TangentVector<'a>`). No documented spelling makes a field `&'a [f64]` differentiable;
//! changing the views to owned `Vec`s would copy the parameters and the state (a reshaping).
//!
//! Minimal reproductions (a module of the bench crate):
//!
//! ```text
//! pub struct View<'a> { w: &'a [f64] }
//! pub struct ViewMut<'a> { h: &'a mut [f64] }
//!
//! #[differentiable]
//! pub fn step(v: &View, s: &mut ViewMut) { s.h[0] = v.w[0] * s.h[0]; }
//! // error[E0106]: missing lifetime specifier .. = help: this function's return type contains
//! // a borrowed value, but the signature does not say whether it is borrowed from one of
//! // `__ad_p0`'s 2 lifetimes or `__ad_p1` .. help: `#[differentiable]<'a>` (13 errors)
//! ```
//!
//! ```text
//! #[derive(Differentiable)]
//! pub struct View<'a> { w: &'a [f64] }
//!
//! #[differentiable]
//! pub fn first<'a>(v: &View<'a>) -> f64 { v.w[0] * v.w[1] }
//! // error[E0277]: `&'a [f64]` is not differentiable (at the derive; 16 errors)
//! ```

use crate::harness::{Eval, Numbers, compare};
use ad::prelude::*;
use std::hint::black_box;

// UTILS

// Sigmoid on scalar
#[differentiable]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

// log(sum(exp(x), 2))
#[differentiable]
fn logsumexp(vect: &[f64], sz: usize) -> f64 {
    let mut sum = 0.0;
    for i in 0..sz {
        sum += vect[i].exp();
    }
    sum += 2.0;
    sum.ln()
}

// Helper structures

// Added, as the error on the functions that take it asks ("`lstm::...` is not
// differentiable ... for a struct or enum of yours, add `#[derive(Differentiable)]`").
#[derive(Differentiable)]
struct WeightOrBias<'a> {
    forget: &'a [f64],
    ingate: &'a [f64],
    outgate: &'a [f64],
    change: &'a [f64],
}

// Added, as the error at the call asks ("the function `MainParams::new` has no
// derivative ... put `#[differentiable]` on `new` (or on its `impl` block)").
#[differentiable]
impl<'a> WeightOrBias<'a> {
    fn new(params: &'a [f64], hsize: usize) -> WeightOrBias<'a> {
        WeightOrBias {
            forget: params,
            ingate: &params[hsize..],
            outgate: &params[2 * hsize..],
            change: &params[3 * hsize..],
        }
    }
}

// Added, as the error on the functions that take it asks ("`lstm::...` is not
// differentiable ... for a struct or enum of yours, add `#[derive(Differentiable)]`").
#[derive(Differentiable)]
struct LayerParams<'a> {
    weight: WeightOrBias<'a>,
    bias: WeightOrBias<'a>,
}

// Added, as the error at the call asks ("the function `MainParams::new` has no
// derivative ... put `#[differentiable]` on `new` (or on its `impl` block)").
#[differentiable]
impl<'a> LayerParams<'a> {
    fn new(layer_params: &'a [f64], hsize: usize) -> LayerParams<'a> {
        LayerParams {
            weight: WeightOrBias::new(layer_params, hsize),
            bias: WeightOrBias::new(&layer_params[hsize * 4..], hsize),
        }
    }
}

// Added, as the error on the functions that take it asks ("`lstm::...` is not
// differentiable ... for a struct or enum of yours, add `#[derive(Differentiable)]`").
#[derive(Differentiable)]
struct MainParams<'a> {
    layer_params: Vec<LayerParams<'a>>,
}

// Added, as the error at the call asks ("the function `MainParams::new` has no
// derivative ... put `#[differentiable]` on `new` (or on its `impl` block)").
#[differentiable]
impl<'a> MainParams<'a> {
    fn new(main_params: &'a [f64], hsize: usize, n_layers: usize) -> MainParams<'a> {
        let mut layer_params = Vec::with_capacity(n_layers);
        for i in 0..n_layers {
            layer_params.push(LayerParams::new(&main_params[8 * hsize * i..], hsize));
        }
        MainParams { layer_params }
    }
}

// Added, as the error on the functions that take it asks ("`lstm::...` is not
// differentiable ... for a struct or enum of yours, add `#[derive(Differentiable)]`").
#[derive(Differentiable)]
struct ExtraParams<'a> {
    in_weight: &'a [f64],
    out_weight: &'a [f64],
    out_bias: &'a [f64],
}

// Added, as the error at the call asks ("the function `MainParams::new` has no
// derivative ... put `#[differentiable]` on `new` (or on its `impl` block)").
#[differentiable]
impl<'a> ExtraParams<'a> {
    fn new(params: &'a [f64], hsize: usize) -> ExtraParams<'a> {
        ExtraParams {
            in_weight: params,
            out_weight: &params[hsize..],
            out_bias: &params[2 * hsize..],
        }
    }
}

struct InputSequence<'a> {
    sequence: Vec<&'a [f64]>,
}

impl<'a> InputSequence<'a> {
    fn new(input_sequence: &'a [f64], char_bits: usize, char_count: usize) -> InputSequence<'a> {
        let mut sequence = Vec::with_capacity(char_count);
        for i in 0..char_count {
            sequence.push(&input_sequence[char_bits * i..]);
        }
        InputSequence { sequence }
    }
}

// `T* hidden; T* cell;` pointing into one buffer: in Rust the two halves of the layer's
// part of it (`split_at_mut`), as two `&mut` cannot overlap.
// Added, as the error on the functions that take it asks ("`lstm::...` is not
// differentiable ... for a struct or enum of yours, add `#[derive(Differentiable)]`").
#[derive(Differentiable)]
struct LayerState<'a> {
    hidden: &'a mut [f64],
    cell: &'a mut [f64],
}

impl<'a> LayerState<'a> {
    fn new(layer_state: &'a mut [f64], hsize: usize) -> LayerState<'a> {
        let (hidden, cell) = layer_state.split_at_mut(hsize);
        LayerState { hidden, cell }
    }
}

// `&state[2 * hsize * i]` for each layer: in Rust the layers' disjoint parts
// (`chunks_mut`), as two `&mut` cannot overlap.
// Added, as the error on the functions that take it asks ("`lstm::...` is not
// differentiable ... for a struct or enum of yours, add `#[derive(Differentiable)]`").
#[derive(Differentiable)]
struct State<'a> {
    layer_state: Vec<LayerState<'a>>,
}

impl<'a> State<'a> {
    fn new(state: &'a mut [f64], hsize: usize, n_layers: usize) -> State<'a> {
        let mut layer_state = Vec::with_capacity(n_layers);
        for layer in state.chunks_mut(2 * hsize).take(n_layers) {
            layer_state.push(LayerState::new(layer, hsize));
        }
        State { layer_state }
    }
}

// LSTM OBJECTIVE

// The LSTM model
#[differentiable]
// The lifetime named, as rustc's E0106 on the elided one asks (valid Rust as written).
fn lstm_model<'a>(
    hsize: usize,
    params: &LayerParams<'a>,
    state: &mut LayerState<'a>,
    input: &[f64],
) {
    for i in 0..hsize {
        // gates for i-th cell/hidden
        let forget = sigmoid(input[i] * params.weight.forget[i] + params.bias.forget[i]);
        let ingate = sigmoid(state.hidden[i] * params.weight.ingate[i] + params.bias.ingate[i]);
        let outgate = sigmoid(input[i] * params.weight.outgate[i] + params.bias.outgate[i]);
        let change = (state.hidden[i] * params.weight.change[i] + params.bias.change[i]).tanh();

        state.cell[i] = state.cell[i] * forget + ingate * change;
        state.hidden[i] = outgate * state.cell[i].tanh();
    }
}

// Predict LSTM output given an input
// The lifetime named, as rustc's E0106 on the elided one asks (valid Rust as written).
#[differentiable]
fn lstm_predict<'a>(
    l: usize,
    b: usize,
    main_params: &MainParams<'a>,
    extra_params: &ExtraParams<'a>,
    state: &mut State<'a>,
    input: &[f64],
    output: &mut [f64],
) {
    for i in 0..b {
        output[i] = input[i] * extra_params.in_weight[i];
    }

    // `T* layer_output = output;` then `layer_output = state.layer_state[i].hidden;`: a
    // shared borrow of `output` and then of each layer's hidden state, which the borrow
    // checker accepts when the layers are visited by `iter_mut` (one `&mut` each) and when
    // `output` is written after the last layer only (it is read as the first layer's input).
    let mut layer_output: &[f64] = output;

    for (i, layer_state) in state.layer_state.iter_mut().enumerate().take(l) {
        lstm_model(b, &main_params.layer_params[i], layer_state, layer_output);
        layer_output = layer_state.hidden;
    }

    let layer_output = layer_output.to_vec();
    for i in 0..b {
        output[i] = layer_output[i] * extra_params.out_weight[i] + extra_params.out_bias[i];
    }
}

// LSTM objective (loss function)
#[differentiable(wrt = (main_params, extra_params))]
#[allow(clippy::too_many_arguments)]
fn objective(
    l: usize,
    c: usize,
    b: usize,
    main_params: &[f64],
    extra_params: &[f64],
    state: &[f64],
    sequence: &[f64],
    loss: &mut f64,
) {
    let mut total = 0.0;
    let mut count = 0;
    let main_params_wrap = MainParams::new(main_params, b, l);
    let extra_params_wrap = ExtraParams::new(extra_params, b);
    let mut state_copy = vec![0.0; l * 2 * b];
    state_copy.copy_from_slice(&state[0..l * 2 * b]);
    let mut state_wrap = State::new(&mut state_copy, b, l);
    let sequence_wrap = InputSequence::new(sequence, b, c);
    let mut ypred = vec![0.0; b];
    let mut ynorm = vec![0.0; b];
    for t in 0..c - 1 {
        lstm_predict(
            l,
            b,
            &main_params_wrap,
            &extra_params_wrap,
            &mut state_wrap,
            sequence_wrap.sequence[t],
            &mut ypred,
        );

        let lse = logsumexp(&ypred, b);
        for i in 0..b {
            ynorm[i] = ypred[i] - lse;
        }

        let ygold = sequence_wrap.sequence[t + 1];
        for i in 0..b {
            total += ygold[i] * ynorm[i];
        }

        count += b;
    }

    *loss = -total / count as f64;
}

/// The input of gradbench's `lstm` eval.
struct Input {
    l: usize,
    c: usize,
    b: usize,
    main_params: Vec<f64>,
    extra_params: Vec<f64>,
    state: Vec<f64>,
    sequence: Vec<f64>,
}

impl Input {
    /// As gradbench's `run.py`: random state and parameters in [0, 1), a sequence of `c`
    /// characters of `b` bits each (gradbench takes the bits of a text; here random bits).
    fn new(l: usize, c: usize, b: usize) -> Input {
        let mut numbers = Numbers::new(2);
        let mut unit =
            |n: usize| -> Vec<f64> { numbers.take(n).iter().map(|v| 0.5 * (v + 1.0)).collect() };
        let state = unit(2 * l * b);
        let main_params = unit(2 * l * 4 * b);
        let extra_params = unit(3 * b);
        let sequence = unit(c * b)
            .iter()
            .map(|v| if *v < 0.5 { 0.0 } else { 1.0 })
            .collect();
        Input {
            l,
            c,
            b,
            main_params,
            extra_params,
            state,
            sequence,
        }
    }

    /// The loss at the main and extra parameters concatenated.
    fn objective_of(&self, all: &[f64]) -> f64 {
        let (main_params, extra_params) = all.split_at(self.main_params.len());
        let mut loss = 0.0;
        objective(
            self.l,
            self.c,
            self.b,
            main_params,
            extra_params,
            &self.state,
            &self.sequence,
            &mut loss,
        );
        loss
    }

    fn objective(&self) -> f64 {
        let mut loss = 0.0;
        objective(
            self.l,
            self.c,
            self.b,
            &self.main_params,
            &self.extra_params,
            &self.state,
            &self.sequence,
            &mut loss,
        );
        loss
    }

    /// The gradient in the main and extra parameters, concatenated.
    fn gradient(&self) -> Vec<f64> {
        let Input { l, c, b, .. } = *self;
        let (state, sequence) = (&self.state, &self.sequence);
        let (d_main, d_extra) = gradient!(
            at: &self.main_params, &self.extra_params,
            of: |main_params: &[f64], extra_params: &[f64]| {
                let mut loss = 0.0;
                objective(l, c, b, main_params, extra_params, state, sequence, &mut loss);
                loss
            }
        );
        [d_main, d_extra].concat()
    }
}

/// gradbench's `lstm` at its smallest default size, l = 2, c = 1024 (b = 14 bits).
pub fn eval() -> Eval {
    let input = std::rc::Rc::new(Input::new(2, 1024, 14));
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name: "lstm",
        size: "l=2 c=1024 b=14".into(),
        derivative_kind: "gradient",
        enzyme: 2.81,
        best: ("CoDiPack", 2.15),
        objective: Box::new(move || {
            black_box(for_objective.objective());
        }),
        derivative: Box::new(move || {
            black_box(for_derivative.gradient());
        }),
        check: Box::new(move || {
            let all = [
                for_check.main_params.clone(),
                for_check.extra_params.clone(),
            ]
            .concat();
            compare(
                "lstm",
                &|p| for_check.objective_of(p),
                &all,
                &for_check.gradient(),
                1e-5,
            )
        }),
    }
}
