//! The float type of the unsuffixed literals a body stores in sequences, from their uses.
//!
//! `let xs = vec![0.1, 0.5]; xs.iter().map(|v| v * s).sum()` is plain Rust: rustc infers the
//! elements' type from `v * s`. The derivative code reads those elements through derivative
//! rules chosen by trait dispatch (`MulRule::mul_vjp_rhs(Operand::operand(v), s)`), which
//! cannot pick an implementation for a float of a type still to be inferred: rustc asks for
//! an annotation the user never needed. So the literals stored in a sequence get the suffix
//! their uses fix (`0.1_f64`), the type rustc would have inferred.
//!
//! A union-find over two nodes per value, the value and the elements of the sequence it is,
//! joins the values that Rust's typing makes the same float type: the operands and the result
//! of arithmetic, a float method's receiver, arguments and result, the sides of a comparison,
//! what flows into a loop's or an `if`'s merged values, and a sequence's elements with its
//! literal's items, its indexed reads and its writes (a tuple's components count as a
//! sequence's elements). A class takes its type from what the
//! source declares in it (parameters, `let` types, suffixed literals, casts); a class with
//! both types, which this coarse model could produce, stays unsuffixed.
//!
//! The same holds for a literal assigned to a float local that a branch or a loop carries
//! (`v = 0.5;` in a loop, then `v.sin()`), or called a method on: the source's local had the
//! type of its first value, but the generated code binds the literal to a local of its own,
//! whose type rustc must know before the method call (E0689). Those literals get the suffix
//! too, and so do a float method's arguments, which its rule takes generically. Other literals keep their spelling: rustc types them at their operator.

use crate::ir::{Body, Instr, Op, ValueId};
use std::collections::{HashMap, HashSet};

/// Suffixes the unsuffixed float literals stored in sequences of `body` (and of the bodies
/// nested in it) with the float type their uses fix.
/// `versions` pairs values that are versions of one local, which have one type.
pub fn type_sequence_literals(body: &mut Body, versions: &[(ValueId, ValueId)]) {
    let mut classes = Classes::new(body.value_count as usize);
    for &(old, new) in versions {
        if old.0 < body.value_count && new.0 < body.value_count {
            // A literal assigned to a local has the local's type, wherever it is read.
            classes.needs_type.insert(new);
            classes.same(old, new);
        }
    }
    for param in &body.params {
        if let Some(ty) = &param.ty {
            classes.declare(param.value, ty);
        }
    }
    join_block(&body.block.instrs, &mut classes);
    // A call of a function parameter (`h(x)` of `h: &dyn Fn(f64) -> f64`, lowered as
    // `h.call(x)`) has the float type its declared output names.
    let outputs: HashMap<ValueId, &'static str> = body
        .params
        .iter()
        .filter_map(|p| Some((p.value, scalar_width(p.fn_output.as_ref()?)?)))
        .collect();
    crate::ir::walk(&body.block.instrs, &mut |instr| {
        if let Op::Method {
            receiver, method, ..
        } = &instr.op
            && method == "call"
            && let Some(width) = outputs.get(receiver)
        {
            classes.declared.push((value(instr.result), width));
        }
    });
    let widths = classes.widths();
    rewrite(&mut body.block.instrs, &mut |instr| {
        if let Op::Call { callee, .. } = &mut instr.op {
            let root = classes.find(element(instr.result));
            if let Some(Width::Known(width)) = widths.get(&root) {
                type_array_constructor(&mut callee.path, width);
            }
            return;
        }
        let Op::Const(tokens) = &mut instr.op else {
            return;
        };
        let root = classes.find(value(instr.result));
        let Some(Width::Known(width)) = widths.get(&root) else {
            return;
        };
        if !classes.needs_type.contains(&instr.result) {
            return;
        }
        if let Some((negated, lit)) = float_literal(tokens)
            && lit.suffix().is_empty()
        {
            // `0.` is a float literal, but `0.f64` is not one: the suffix needs a digit before it.
            let digits = lit.base10_digits();
            let zero = if digits.ends_with('.') { "0" } else { "" };
            let typed = syn::LitFloat::new(&format!("{digits}{zero}{width}"), lit.span());
            let minus = negated.then(|| quote::quote!(-));
            *tokens = quote::quote!(#minus #typed);
        }
    });
}

/// Methods of ndarray's arrays whose results, values or elements, have the type of the
/// receiver's elements.
const ARRAY_METHODS: &[&str] = &[
    "dot",
    "sum",
    "mean",
    "product",
    "sum_axis",
    "mean_axis",
    "t",
    "reversed_axes",
    "slice",
    "row",
    "column",
    "index_axis",
    "to_owned",
    "into_owned",
    "view",
];

/// ndarray's arrays that a constructor can make without being told their elements.
const ARRAYS: &[&str] = &[
    "Array", "Array0", "Array1", "Array2", "Array3", "Array4", "Array5", "Array6", "ArrayD",
];

/// Writes the element type into `Array2::zeros(..)` and `Array1::ones(..)`
/// (`Array2::<f64>::zeros(..)`): rustc would infer it from the writes that follow, but the
/// derivative code reads the array through rules chosen by trait dispatch before it can.
fn type_array_constructor(path: &mut syn::Path, width: &str) {
    let [array, constructor] = &mut path.segments.iter_mut().collect::<Vec<_>>()[..] else {
        return;
    };
    let known = ARRAYS.iter().any(|a| array.ident == a);
    if !known
        || !array.arguments.is_none()
        || !matches!(constructor.ident.to_string().as_str(), "zeros" | "ones")
    {
        return;
    }
    let float = syn::Ident::new(width, array.ident.span());
    array.arguments = syn::PathArguments::AngleBracketed(match array.ident == "Array" {
        true => syn::parse_quote!(::<#float, _>),
        false => syn::parse_quote!(::<#float>),
    });
}

/// The float type of the elements of an ndarray array type (`Array1<f64>`, `&Array2<f32>`,
/// `ArrayView1<f64>`).
fn array_width(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::Reference(r) => array_width(&r.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let name = last.ident.to_string();
            if !(name.starts_with("Array") || name == "ArcArray") {
                return None;
            }
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return None;
            };
            match args.args.first() {
                Some(syn::GenericArgument::Type(t)) => scalar_width(t),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The float literal `tokens` hold, and whether it is negated (`-1.5` is one constant).
fn float_literal(tokens: &proc_macro2::TokenStream) -> Option<(bool, syn::LitFloat)> {
    match syn::parse2::<syn::Expr>(tokens.clone()).ok()? {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(lit),
            ..
        }) => Some((false, lit)),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => match *expr {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Float(lit),
                ..
            }) => Some((true, lit)),
            _ => None,
        },
        _ => None,
    }
}

/// The node of a value.
fn value(v: ValueId) -> usize {
    2 * v.0 as usize
}

/// The node of the elements of the sequence a value is.
fn element(v: ValueId) -> usize {
    2 * v.0 as usize + 1
}

/// The float type a class was found to have.
#[derive(Clone, Copy, PartialEq)]
enum Width {
    Known(&'static str),
    Conflicting,
}

/// Classes of nodes of one float type, and what the source declares of them.
struct Classes {
    parent: Vec<usize>,
    declared: Vec<(usize, &'static str)>,
    /// The values whose type rustc must know where the generated code binds them: those
    /// stored in sequences (the items of a `vec![..]`, pushed, written), carried by branches
    /// and loops, and the receivers and arguments of float methods.
    needs_type: HashSet<ValueId>,
}

impl Classes {
    fn new(values: usize) -> Classes {
        Classes {
            parent: (0..2 * values).collect(),
            declared: Vec::new(),
            needs_type: HashSet::new(),
        }
    }

    fn find(&self, mut node: usize) -> usize {
        while self.parent[node] != node {
            node = self.parent[node];
        }
        node
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b;
        }
    }

    /// Joins the values `a` and `b`, and the elements of each.
    fn same(&mut self, a: ValueId, b: ValueId) {
        self.join(value(a), value(b));
        self.join(element(a), element(b));
    }

    /// Records `item` as stored in the sequence `v`.
    fn holds(&mut self, v: ValueId, item: ValueId) {
        self.needs_type.insert(item);
        self.join(element(v), value(item));
    }

    /// Records the float type `ty` declares for `v` (a float, or a sequence of floats).
    fn declare(&mut self, v: ValueId, ty: &syn::Type) {
        if let Some(width) = scalar_width(ty) {
            self.declared.push((value(v), width));
        } else if let Some(width) = super::floats::declared_width(ty)
            .or_else(|| array_width(ty))
            .or_else(|| tuple_width(ty))
        {
            self.declared.push((element(v), width));
        }
    }

    /// The float type of each class the source declares something of.
    fn widths(&self) -> HashMap<usize, Width> {
        let mut widths = HashMap::new();
        for &(node, width) in &self.declared {
            let entry = widths.entry(self.find(node)).or_insert(Width::Known(width));
            if *entry != Width::Known(width) {
                *entry = Width::Conflicting;
            }
        }
        widths
    }
}

/// The float type of a tuple's components when they all have one (`(f64, f64)`, the
/// parameters of a closure inlined at its call): a tuple counts as a sequence here.
fn tuple_width(ty: &syn::Type) -> Option<&'static str> {
    let syn::Type::Tuple(t) = ty else {
        return None;
    };
    let mut widths = t.elems.iter().map(scalar_width);
    let first = widths.next()??;
    widths.all(|w| w == Some(first)).then_some(first)
}

/// `f64` or `f32` for those types themselves (behind references too), not for sequences of
/// them (which `declared_width` also answers for).
fn scalar_width(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::Reference(r) => scalar_width(&r.elem),
        syn::Type::Paren(p) => scalar_width(&p.elem),
        other if crate::ir::is_float_type(other) => super::floats::declared_width(other),
        _ => None,
    }
}

/// Joins what `instrs` makes the same float type.
fn join_block(instrs: &[Instr], classes: &mut Classes) {
    for instr in instrs {
        join_instr(instr, classes);
    }
}

fn join_instr(instr: &Instr, classes: &mut Classes) {
    let result = instr.result;
    match &instr.op {
        Op::Const(tokens) => {
            if let Some((_, lit)) = float_literal(tokens) {
                match lit.suffix() {
                    "f64" => classes.declared.push((value(result), "f64")),
                    "f32" => classes.declared.push((value(result), "f32")),
                    _ => {}
                }
            }
        }
        Op::Arith(_, a, b) => {
            classes.same(*a, *b);
            classes.same(*a, result);
        }
        Op::Neg(a) | Op::Clone(a) | Op::Deref(a) | Op::Ref { operand: a, .. } => {
            classes.same(*a, result)
        }
        Op::Ascribe(a, ty) => {
            classes.same(*a, result);
            classes.declare(result, ty);
        }
        Op::Cast(_, ty) => classes.declare(result, ty),
        Op::Discrete { operator, operands } if is_comparison(operator) => {
            if let [a, b] = operands.as_slice() {
                classes.same(*a, *b);
            }
        }
        Op::Method {
            receiver,
            method,
            args,
            ..
        } if super::floats::FLOAT_METHODS.iter().any(|m| method == m) => {
            classes.needs_type.insert(*receiver);
            classes.same(*receiver, result);
            if method != "powi" {
                for arg in args {
                    // The rule's parameters are generic (`x.mul_add(-1.79, c)`).
                    classes.needs_type.insert(*arg);
                    classes.same(*receiver, *arg);
                }
            }
        }
        // An array's reductions and views have its elements' type: `x.dot(k)` and `m.sum()`
        // as values, `m.row(0)` and `x.slice(..)` as elements.
        Op::Method {
            receiver, method, ..
        } if ARRAY_METHODS.iter().any(|m| method == m) => {
            classes.join(element(*receiver), value(result));
            classes.join(element(*receiver), element(result));
        }
        Op::Array(items) | Op::VecList(items) => {
            for item in items {
                classes.holds(result, *item);
            }
        }
        Op::VecRepeat { value: item, .. } => classes.holds(result, *item),
        // A tuple as a sequence of its components (`fold((0.0, 0.0), ..)`): components of
        // two float types make its class conflicting, which leaves its literals as written.
        Op::Tuple(items) => {
            for item in items {
                classes.holds(result, *item);
            }
        }
        Op::Field(base, syn::Member::Unnamed(_)) => classes.join(element(*base), value(result)),
        Op::Index { base, .. } => classes.join(element(*base), value(result)),
        Op::IndexSet {
            base, value: item, ..
        }
        | Op::Push { base, value: item } => {
            classes.holds(*base, *item);
            classes.same(*base, result);
        }
        // An iterator's items and the `Option` of the next one, as sequences of one element.
        Op::IntoIter(a) | Op::IterNext(a) => classes.join(element(*a), element(result)),
        Op::Unwrap(a) => classes.join(element(*a), value(result)),
        Op::WrapSome(a) => classes.join(value(*a), element(result)),
        Op::If {
            then_region,
            else_region,
            ..
        } => {
            join_block(&then_region.instrs, classes);
            join_block(&else_region.instrs, classes);
            for (k, output) in instr.outputs().into_iter().enumerate() {
                for region in [then_region, else_region] {
                    if let Some(yielded) = region.yields.get(k) {
                        classes.needs_type.insert(*yielded);
                        classes.same(*yielded, output);
                    }
                }
            }
        }
        Op::Loop {
            init,
            params,
            body,
            merged,
            ..
        } => {
            join_block(&body.instrs, classes);
            classes.needs_type.extend(init.iter().chain(&body.yields));
            for (k, param) in params.iter().enumerate() {
                let flows = [init.get(k), body.yields.get(k), merged.get(k)];
                for flow in flows.into_iter().flatten() {
                    classes.same(*param, *flow);
                }
            }
        }
        _ => {}
    }
}

/// Whether a discrete operator compares two values of one type.
fn is_comparison(operator: &proc_macro2::TokenStream) -> bool {
    matches!(
        operator.to_string().as_str(),
        "<" | ">" | "<=" | ">=" | "==" | "!="
    )
}

/// Calls `visit` on every instruction of `instrs` and of the regions in them, mutably; the
/// bodies of nested operators are typed on their own.
fn rewrite(instrs: &mut [Instr], visit: &mut dyn FnMut(&mut Instr)) {
    for instr in instrs {
        visit(instr);
        match &mut instr.op {
            Op::If {
                then_region,
                else_region,
                ..
            } => {
                rewrite(&mut then_region.instrs, visit);
                rewrite(&mut else_region.instrs, visit);
            }
            Op::Loop { body, .. } => rewrite(&mut body.instrs, visit),
            Op::Nested { body, .. } => type_sequence_literals(body, &[]),
            _ => {}
        }
    }
}
