//! The IR's data types: a [`Body`] of parameters and a [`Block`] of [`Instr`]s in SSA form.
//!
//! Every value is defined once; mutable locals of the source become a new value at each
//! assignment. Control flow is structured, as in MLIR: an `if` is one instruction owning two
//! [`Region`]s, each yielding the values that merge after it (the expression's value and the
//! locals it assigns).
//! Syntax that has no meaning to differentiation (literals, constants, types, paths) is kept
//! as tokens so the emitter can print it back unchanged.

use super::ValueId;
use proc_macro2::{Span, TokenStream};

/// The prefix of a hole's identifier in a macro's template.
pub const HOLE: &str = "__ad_hole_";

/// A function (or closure) body in SSA form.
pub struct Body {
    /// The function's name, for printing.
    pub name: String,
    /// Parameters in order; parameter `i` defines value `params[i].value`.
    pub params: Vec<Param>,
    /// Local items (`const`, `use`, `fn`) declared in the body, emitted unchanged.
    pub items: Vec<syn::Item>,
    /// The straight-line code of the body.
    pub block: Block,
    /// How many values exist: ids are `0..value_count`.
    pub value_count: u32,
    /// For a `&mut self` method: the last version of `self`, written back to `*self`.
    pub mutated_self: Option<ValueId>,
    /// The function returns `()`, and `block.result` is `mutated_self`: the VJP's value is `()`
    /// and its pullback takes the cotangent of the last `self`.
    pub inout_result: bool,
    /// A closure's body: its derivatives are written inside the caller's block, where names
    /// may come from the block's own imports.
    pub is_closure: bool,
    /// The function arguments' values (an `Op::Opaque` with `captured`) by their place in the
    /// source and their copy there (`<span> #<k>`: code lowered twice, as the rest of a body
    /// after an early return is in each branch, holds one argument per copy), by which a
    /// second lowering recognises each (see `analysis::activity::function_argument_forms`).
    pub argument_sites: std::collections::HashMap<ValueId, String>,
}

/// A parameter of the function.
pub struct Param {
    /// The value the parameter defines.
    pub value: ValueId,
    /// The name as written (`x`, `self`, or `_` for patterns), for printing.
    pub name: String,
    /// The declared type, absent for untyped closure parameters.
    pub ty: Option<syn::Type>,
    /// Whether derivatives are taken with respect to this parameter.
    pub wrt: bool,
    /// For a function-typed parameter, the result type its signature declares (see
    /// [`fn_output_type`]): a call of it has that type.
    pub fn_output: Option<syn::Type>,
}

/// A sequence of instructions and the value it yields.
pub struct Block {
    /// The instructions in evaluation order.
    pub instrs: Vec<Instr>,
    /// The value of the block; `None` for `()`.
    pub result: Option<ValueId>,
}

/// A nested block owned by a control-flow instruction: its instructions and the values it
/// yields to the instruction's outputs, in order.
pub struct Region {
    /// The instructions in evaluation order.
    pub instrs: Vec<Instr>,
    /// One value per output of the owning instruction.
    pub yields: Vec<ValueId>,
}

/// One SSA instruction: `result = op`.
pub struct Instr {
    /// The value this instruction defines.
    pub result: ValueId,
    /// What it computes.
    pub op: Op,
    /// The source expression, for diagnostics and `quote_spanned!`.
    pub span: Span,
    /// True when the source discarded the value (`expr;`): such a call is kept for its
    /// effects, and differentiating through it would miss a mutation.
    pub discarded: bool,
}

/// Arithmetic operators with derivative rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%` (the truncated remainder)
    Rem,
}

impl ArithOp {
    /// The rule trait of `ad-std` for this operator (`AddRule`), and the stem of its entry
    /// points (`add`: `add_vjp`, `add_jvp_lhs`, `add_hvp`, ...).
    pub fn rule_and_stem(self) -> (&'static str, &'static str) {
        match self {
            ArithOp::Add => ("AddRule", "add"),
            ArithOp::Sub => ("SubRule", "sub"),
            ArithOp::Mul => ("MulRule", "mul"),
            ArithOp::Div => ("DivRule", "div"),
            ArithOp::Rem => ("RemRule", "rem"),
        }
    }
}

/// What an instruction computes.
pub enum Op {
    /// A constant expression: literal, path to a `const`, or a variable captured from outside
    /// the function (closures). Never varies.
    Const(TokenStream),
    /// Code kept as written, whose value carries no derivative: the argument of `no_grad(..)`
    /// or a macro call (`s![..]`, `format!`, `assert!`). `template` is the code with each
    /// local it reads replaced by a hole `__ad_hole_<k>`, which stands for `holes[k]`.
    /// `captured` names the holes of a closure given to a function as a function with
    /// derivatives (`function!`): what it captures is a constant to it, so a differentiated
    /// value among them is an error (see `analysis::activity`).
    Opaque {
        template: TokenStream,
        holes: Vec<ValueId>,
        captured: Option<Vec<String>>,
    },
    /// `a op b` for an arithmetic operator.
    Arith(ArithOp, ValueId, ValueId),
    /// `-a`.
    Neg(ValueId),
    /// An operation whose result never carries a derivative (comparisons, `!`, `&&`, `||`),
    /// printed with its operator tokens between the operands.
    Discrete {
        operator: TokenStream,
        operands: Vec<ValueId>,
    },
    /// An operation with a derivative this library does not know (`%`, bit operations): an
    /// error if its operand is active.
    NoDerivative {
        operator: TokenStream,
        operands: Vec<ValueId>,
    },
    /// `a as T`.
    Cast(ValueId, syn::Type),
    /// `let x: T = a`: a type ascription, the identity on values.
    Ascribe(ValueId, syn::Type),
    /// A call of a free function or associated function by path. The arguments at the
    /// positions `inout` were written `&mut place`: the callee (a function with `&mut`
    /// parameters, see `lower::inout`) takes them by value and returns its result followed by
    /// their new values, a tuple that the lowering takes apart.
    Call {
        callee: syn::ExprPath,
        args: Vec<ValueId>,
        inout: Vec<usize>,
    },
    /// A method call `receiver.method::<..>(args)`. When `inout`, the statement
    /// `receiver.method(args);` of a `&mut self` method without a result: the value is the
    /// receiver's new version.
    Method {
        receiver: ValueId,
        method: syn::Ident,
        turbofish: Option<syn::AngleBracketedGenericArguments>,
        args: Vec<ValueId>,
        inout: bool,
    },
    /// A method known to have no derivative worth propagating (`len`, `floor`, `is_nan`, ...):
    /// its result never varies.
    DiscreteMethod {
        receiver: ValueId,
        method: syn::Ident,
        turbofish: Option<syn::AngleBracketedGenericArguments>,
        args: Vec<ValueId>,
    },
    /// `no_grad(a)`: `a`'s value with no derivative.

    /// `(a, b, ..)`.
    Tuple(Vec<ValueId>),
    /// `[a, b, ..]`: an array literal.
    Array(Vec<ValueId>),
    /// `a.f`: a field of a struct or a component of a tuple (`a.0`).
    Field(ValueId, syn::Member),
    /// The field `member` of the enum variant `variant` (a path, `Shape::Rect`) of `a`, bound
    /// by a pattern (`Shape::Rect { w, .. } =>`) once the variant matched.
    Payload {
        value: ValueId,
        variant: syn::Path,
        member: syn::Member,
    },
    /// `&a.f`: a field read by reference, as the base of an index, a method call or another
    /// field (`s.v[0]`, `s.inner.x`), so a field that is not `Copy` is not moved out.
    FieldRef(ValueId, syn::Member),
    /// `Path { f: a, g: b }` or `Path(a, b)` (written `Path { 0: a, 1: b }`), with the other
    /// fields taken from `rest` for `Path { f: a, ..rest }`.
    Struct {
        path: syn::Path,
        fields: Vec<(syn::Member, ValueId)>,
        rest: Option<ValueId>,
    },
    /// `a` with field `f` set to `value` (`a.f = value` on a local `a`): a new version of `a`.
    SetField {
        base: ValueId,
        member: syn::Member,
        value: ValueId,
    },
    /// `&a` or `&mut a`.
    Ref { mutable: bool, operand: ValueId },
    /// `*a`.
    Deref(ValueId),
    /// `a.clone()`: the identity on values.
    Clone(ValueId),
    /// `matches!(a, pattern)` for a pattern without bindings: a `match` arm's test.
    Matches {
        scrutinee: ValueId,
        pattern: TokenStream,
    },
    /// `if cond { then } else { otherwise }`: the instruction's outputs are its `result` (the
    /// expression's value) followed by `merged` (locals assigned in a branch); each region
    /// yields one value per output.
    If {
        cond: ValueId,
        then_region: Region,
        else_region: Region,
        merged: Vec<ValueId>,
    },
    /// A loop over carried values. Each iteration binds `params` (the carried values: `init`
    /// on the first iteration, the previous iteration's `yields` after), runs the body, and
    /// stops after the iteration whose `keep_going` is false. The outputs (`result`, a unit,
    /// then `merged`) are the last iteration's yields. Every source loop (`while`, `loop`,
    /// `for`) has this form; `break` and `continue` end the iteration early.
    Loop {
        init: Vec<ValueId>,
        params: Vec<ValueId>,
        body: Region,
        keep_going: ValueId,
        merged: Vec<ValueId>,
    },
    /// `base[index]`, or `&base[index]` when `by_ref`.
    Index {
        base: ValueId,
        index: ValueId,
        by_ref: bool,
    },
    /// `IntoIterator::into_iter(a)`: an iterator, mutated in place by [`Op::IterNext`].
    IntoIter(ValueId),
    /// `iterator.next()`, advancing the iterator.
    IterNext(ValueId),
    /// `option.unwrap()` of a value known to be there: an iterator's item, or the value of a
    /// `break` or `return` inside a loop.
    Unwrap(ValueId),
    /// `Some(a)`: the value of a `break` or `return` inside a loop, until the loop ends.
    WrapSome(ValueId),
    /// `base` with the element at `indices` (one, or two for `m[i][j]`) set to `value`
    /// (`v[i] = value` on a local `v`): a new version of `base`.
    IndexSet {
        base: ValueId,
        indices: Vec<ValueId>,
        value: ValueId,
    },
    /// `base` with `value` pushed (`v.push(value)`): a new version of `base`.
    Push { base: ValueId, value: ValueId },
    /// `vec![value; count]`.
    VecRepeat { value: ValueId, count: ValueId },
    /// `vec![a, b, ..]`.
    VecList(Vec<ValueId>),
    /// `differentiate!(at: a, of: closure)` inside a differentiable body (nested
    /// differentiation): the closure's derivative at `args[0]`, where the closure also reads
    /// the outer values `args[1..]`. `body` is the closure lowered with those outer values as
    /// its parameters after its own (lowered with the function, once); its derivatives come
    /// from its second-order forward code (see `emit::nested`).
    Nested { body: Box<Body>, args: Vec<ValueId> },
}

impl Op {
    /// The values this operation reads, in order.
    pub fn operands(&self) -> Vec<ValueId> {
        match self {
            Op::Const(_) => vec![],
            Op::Opaque { holes, .. } => holes.clone(),
            Op::Arith(_, a, b) => vec![*a, *b],
            Op::Neg(a)
            | Op::Cast(a, _)
            | Op::Ascribe(a, _)
            | Op::Field(a, _)
            | Op::FieldRef(a, _) => {
                vec![*a]
            }
            Op::Ref { operand, .. } | Op::Deref(operand) | Op::Clone(operand) => vec![*operand],
            Op::Payload { value, .. } => vec![*value],
            Op::Discrete { operands, .. } | Op::NoDerivative { operands, .. } => operands.clone(),
            Op::Call { args, .. } | Op::Tuple(args) | Op::Array(args) | Op::Nested { args, .. } => {
                args.clone()
            }
            Op::Method { receiver, args, .. } | Op::DiscreteMethod { receiver, args, .. } => {
                std::iter::once(*receiver)
                    .chain(args.iter().copied())
                    .collect()
            }
            Op::Matches { scrutinee, .. } => vec![*scrutinee],
            Op::Struct { fields, rest, .. } => {
                fields.iter().map(|(_, v)| *v).chain(*rest).collect()
            }
            Op::IndexSet {
                base,
                indices,
                value,
            } => std::iter::once(*base)
                .chain(indices.iter().copied())
                .chain([*value])
                .collect(),
            Op::Push { base, value } => vec![*base, *value],
            Op::VecRepeat { value, count } => vec![*value, *count],
            Op::VecList(items) => items.clone(),
            Op::SetField { base, value, .. } => vec![*base, *value],
            Op::If { cond, .. } => vec![*cond],
            Op::Loop { init, .. } => init.clone(),
            Op::Index { base, index, .. } => vec![*base, *index],
            Op::IntoIter(a) | Op::IterNext(a) | Op::Unwrap(a) | Op::WrapSome(a) => vec![*a],
        }
    }

    /// The operands through which a derivative can flow (every operand except those of
    /// operations whose result never varies).
    pub fn differentiable_operands(&self) -> Vec<ValueId> {
        match self {
            // A function given to a function (`function!`) that captures differentiated
            // locals becomes a capturing function, through which their derivatives flow (see
            // `analysis::activity::function_argument_forms`): its captures count, so that the
            // analysis that chooses the forms sees what the capturing function will carry. (A
            // capturing function's code has its state as a last hole, not named.)
            Op::Opaque {
                holes,
                captured: Some(names),
                ..
            } => holes.iter().take(names.len()).copied().collect(),
            // An `if`'s condition chooses a branch; derivatives flow through the regions.
            Op::Const(_)
            | Op::Opaque { .. }
            | Op::Discrete { .. }
            | Op::DiscreteMethod { .. }
            | Op::Matches { .. }
            | Op::If { .. } => vec![],
            // A cast to an integer type: the result is a constant.
            Op::Cast(_, ty) if is_constant_type(ty) => vec![],
            // Derivatives flow through the body; see `Loop`.
            Op::Loop { .. } => vec![],
            // The index chooses an element; only the sequence carries derivatives.
            Op::Index { base, .. } => vec![*base],
            Op::IndexSet { base, value, .. } => vec![*base, *value],
            Op::VecRepeat { value, .. } => vec![*value],
            _ => self.operands(),
        }
    }
}

/// Whether a type, read syntactically, can never carry a derivative: integers, `bool`,
/// `char`, strings, `()`, functions, and references, slices, arrays, `Vec`s and tuples of
/// them (`&mut [usize]` index vectors, `Vec<bool>` masks, `[u8; 4]`). Such a value's
/// derivative would always be zero, so activity analysis never carries one through it
/// (`analysis::constant_types`), and `wrt` cannot name it.
pub fn is_constant_type(ty: &syn::Type) -> bool {
    const CONSTANT: &[&str] = &[
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
        "bool", "char", "str", "String",
    ];
    // (Not `Box`: a `Box<dyn Fn(f64) -> f64>` is a function, which carries the derivatives
    // of what it captures.)
    const CONTAINERS: &[&str] = &["Vec", "VecDeque"];
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            if let Some(ident) = p.path.get_ident() {
                return CONSTANT.contains(&ident.to_string().as_str());
            }
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return false;
            };
            CONTAINERS.iter().any(|c| last.ident == c)
                && args.args.len() == 1
                && matches!(&args.args[0], syn::GenericArgument::Type(t) if is_constant_type(t))
        }
        syn::Type::Slice(s) => is_constant_type(&s.elem),
        syn::Type::Array(a) => is_constant_type(&a.elem),
        syn::Type::Reference(r) => is_constant_type(&r.elem),
        syn::Type::Paren(p) => is_constant_type(&p.elem),
        syn::Type::ImplTrait(_)
        | syn::Type::TraitObject(_)
        | syn::Type::BareFn(_)
        | syn::Type::Never(_) => true,
        syn::Type::Tuple(t) => t.elems.iter().all(is_constant_type),
        _ => false,
    }
}

/// The result type `R` a function-typed parameter declares: `&dyn Fn(..) -> R`,
/// `impl FnMut(..) -> R`, or a type parameter `F` of `generics` bound by `Fn(..) -> R` (in
/// its list or in the `where` clause).
pub fn fn_output_type(ty: &syn::Type, generics: &syn::Generics) -> Option<syn::Type> {
    let bounds = declared_bounds(ty, generics)?;
    bounds.into_iter().find_map(|bound| {
        let syn::TypeParamBound::Trait(t) = bound else {
            return None;
        };
        let last = t.path.segments.last()?;
        let syn::PathArguments::Parenthesized(args) = &last.arguments else {
            return None;
        };
        let syn::ReturnType::Type(_, output) = &args.output else {
            return None;
        };
        ["Fn", "FnMut", "FnOnce"]
            .iter()
            .any(|f| last.ident == f)
            .then(|| (**output).clone())
    })
}

/// The trait bounds a parameter type declares: those of `&dyn A + B` and `impl A + B`, or of
/// the type parameter it names, in `generics`' list and `where` clause; `None` for other
/// types.
fn declared_bounds<'a>(
    ty: &'a syn::Type,
    generics: &'a syn::Generics,
) -> Option<Vec<&'a syn::TypeParamBound>> {
    Some(match ty {
        syn::Type::Reference(r) => return declared_bounds(&r.elem, generics),
        syn::Type::Paren(p) => return declared_bounds(&p.elem, generics),
        syn::Type::TraitObject(t) => t.bounds.iter().collect(),
        syn::Type::ImplTrait(t) => t.bounds.iter().collect(),
        syn::Type::Path(p) if p.qself.is_none() => {
            let name = p.path.get_ident()?;
            let listed = generics.type_params().filter(|t| t.ident == *name);
            let in_where = generics.where_clause.iter().flat_map(|w| &w.predicates);
            let in_where = in_where.filter_map(|predicate| match predicate {
                syn::WherePredicate::Type(t)
                    if matches!(&t.bounded_ty, syn::Type::Path(b) if b.path.is_ident(name)) =>
                {
                    Some(&t.bounds)
                }
                _ => None,
            });
            listed
                .map(|t| &t.bounds)
                .chain(in_where)
                .flatten()
                .collect()
        }
        _ => return None,
    })
}

/// Whether a parameter of type `ty` is an iterator of what the function reads: a type
/// parameter of `generics` bound by `IntoIterator` or `Iterator` (`I: IntoIterator<Item =
/// f64>`), or `impl Iterator<..>`. It carries no derivative (an iterator is not
/// differentiable), and the body reads its items from a `Vec` of them (see
/// `lower::param_kinds`), as the loops' derivatives read items by position.
pub fn is_iterator_type(ty: &syn::Type, generics: &syn::Generics) -> bool {
    if matches!(ty, syn::Type::Reference(_)) {
        return false;
    }
    const ITERATORS: &[&str] = &[
        "IntoIterator",
        "Iterator",
        "ExactSizeIterator",
        "DoubleEndedIterator",
    ];
    declared_bounds(ty, generics)
        .is_some_and(|bounds| bounds.iter().any(|b| names_trait(b, ITERATORS)))
}

/// Whether `ty` is written `f64` or `f32`.
pub fn is_float_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none()
        && (p.path.is_ident("f64") || p.path.is_ident("f32")))
}

/// `1.5` or `-1.5` without a type suffix: rustc types it only at the end of the function.
pub fn is_unsuffixed_float(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(f),
            ..
        }) => f.suffix().is_empty(),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => is_unsuffixed_float(&u.expr),
        syn::Expr::Paren(p) => is_unsuffixed_float(&p.expr),
        _ => false,
    }
}

impl Instr {
    /// For a loop, the `if` that guards its body on the loop's own condition (`while c { .. }`
    /// and `for` lower to one): every iteration but the last takes its `then` branch.
    pub fn loop_guard(&self) -> Option<&Instr> {
        let Op::Loop {
            body, keep_going, ..
        } = &self.op
        else {
            return None;
        };
        body.instrs
            .iter()
            .find(|i| matches!(&i.op, Op::If { cond, .. } if cond == keep_going))
    }

    /// The values this instruction defines: its result, then an `if`'s merged locals.
    pub fn outputs(&self) -> Vec<ValueId> {
        match &self.op {
            Op::If { merged, .. } | Op::Loop { merged, .. } => std::iter::once(self.result)
                .chain(merged.iter().copied())
                .collect(),
            _ => vec![self.result],
        }
    }

    /// The regions this instruction owns.
    pub fn regions(&self) -> Vec<&Region> {
        match &self.op {
            Op::If {
                then_region,
                else_region,
                ..
            } => vec![then_region, else_region],
            Op::Loop { body, .. } => vec![body],
            _ => vec![],
        }
    }
}

/// The values of an `if` instruction, apart from its regions' instructions: what a pass that
/// prints or reverses it reads, taken from the instruction once.
#[derive(Clone, Debug)]
pub struct IfShape {
    /// The condition.
    pub cond: ValueId,
    /// What the `then` region yields, one value per output.
    pub then_yields: Vec<ValueId>,
    /// What the `else` region yields, one value per output.
    pub else_yields: Vec<ValueId>,
}

/// The values of a loop instruction, apart from its body's instructions (see [`Op::Loop`]).
#[derive(Clone, Debug)]
pub struct LoopShape {
    /// The carried values' initial values.
    pub init: Vec<ValueId>,
    /// The carried values inside the body.
    pub params: Vec<ValueId>,
    /// The carried values' next values, yielded by the body.
    pub yields: Vec<ValueId>,
    /// Whether another iteration runs, computed by the body.
    pub keep_going: ValueId,
    /// The carried values after the loop.
    pub merged: Vec<ValueId>,
    /// The iterator a `for` loop steps (its size hint bounds the trips), if any.
    pub iterator: Option<ValueId>,
}

impl IfShape {
    /// The shape of `if cond { then_region } else { else_region }`.
    pub fn of(cond: ValueId, then_region: &Region, else_region: &Region) -> Self {
        IfShape {
            cond,
            then_yields: then_region.yields.clone(),
            else_yields: else_region.yields.clone(),
        }
    }
}

impl LoopShape {
    /// The shape of a loop with these fields (see [`Op::Loop`]).
    pub fn of(
        init: &[ValueId],
        params: &[ValueId],
        body: &Region,
        keep_going: ValueId,
        merged: &[ValueId],
    ) -> Self {
        LoopShape {
            init: init.to_vec(),
            params: params.to_vec(),
            yields: body.yields.clone(),
            keep_going,
            merged: merged.to_vec(),
            iterator: body.instrs.iter().find_map(|i| match &i.op {
                Op::IterNext(iterator) => Some(*iterator),
                _ => None,
            }),
        }
    }
}

/// Calls `visit` on every instruction of `instrs` and of their regions, outer first.
pub fn walk<'a>(instrs: &'a [Instr], visit: &mut dyn FnMut(&'a Instr)) {
    for instr in instrs {
        visit(instr);
        for region in instr.regions() {
            walk(&region.instrs, visit);
        }
    }
}

/// The type parameters of `generics` that stand for floats: those bounded by a trait named
/// `Float` (num-traits') or by our `Real`, in their list or in the `where` clause.
pub fn float_type_params(generics: &syn::Generics) -> Vec<syn::Ident> {
    generics
        .type_params()
        .map(|p| p.ident.clone())
        .filter(|ident| {
            let ty: syn::Type = syn::parse_quote!(#ident);
            declared_bounds(&ty, generics)
                .is_some_and(|bounds| bounds.iter().any(|b| names_trait(b, &["Float", "Real"])))
        })
        .collect()
}

/// Whether `bound` is a trait whose last path segment is one of `names` (`num_traits::Float`
/// is `Float`): the macro sees names, not traits.
pub fn names_trait(bound: &syn::TypeParamBound, names: &[&str]) -> bool {
    matches!(bound, syn::TypeParamBound::Trait(t)
        if t.path.segments.last().is_some_and(|s| names.iter().any(|n| s.ident == n)))
}
