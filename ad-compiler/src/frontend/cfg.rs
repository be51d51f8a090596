//! `#[cfg(..)]` and `#[cfg_attr(..)]` inside a differentiated item, decided by rustc.
//!
//! An attribute macro receives its item before rustc configures what is inside it: a
//! statement under `#[cfg(not(unix))]` is still in the tokens on unix. Lowering it as if the
//! attribute were not there differentiates code that never runs (a configured-out `let`
//! that shadows the live one wins). The macro cannot evaluate the predicates itself (the
//! target is rustc's to know), so it lets rustc choose:
//!
//! ```text
//! Before:  #[differentiable] fn f(t: f64) -> f64 {
//!              #[cfg(unix)] let c = t.sin();
//!              #[cfg(not(unix))] let c = t * 100.0;
//!              c
//!          }
//! After:   #[cfg(all(unix))]      <f and its derivatives, with only `let c = t.sin()`>
//!          #[cfg(all(not(unix)))] <f and its derivatives, with only `let c = t * 100.0`>
//! ```
//!
//! The predicates' atoms (`unix`, `target_pointer_width = "64"`, `feature = "x"`) are
//! collected; for each assignment of truth values to them the item is configured here
//! (nodes whose `cfg` is false are removed) and expanded, and every item of that expansion
//! is put under `#[cfg(all(..))]` of the assignment. Exactly one assignment holds when rustc
//! configures the crate, so exactly one expansion remains, and an error found in code that
//! is configured out is configured out with it. The cost is one expansion per assignment,
//! so the number of atoms is bounded ([`MAX_ATOMS`]).
//!
//! Nodes are removed where stable Rust allows a `cfg` inside a body or an item: statements,
//! block tails, match arms, fields of struct literals and patterns, elements of arrays,
//! tuples and calls' arguments, parameters, and items of impls, traits and nested modules.
//! Attributes are otherwise left in place, so the emitted code is configured again by rustc,
//! the same way. `cfg_attr(p, attrs)` counts as `attrs` when `p` holds.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Expr, Meta, Token};

/// At most this many distinct atoms (`2^MAX_ATOMS` expansions).
pub const MAX_ATOMS: usize = 4;

/// `expand(item)`, with the `cfg`s inside `item` decided by rustc (see the module docs).
/// `item` is an item or an impl's method; its own attributes are not looked at (rustc has
/// configured them already, or the expansion carries them).
pub fn configured(item: TokenStream, expand: impl Fn(TokenStream) -> TokenStream) -> TokenStream {
    if !mentions_cfg(item.clone()) {
        return expand(item);
    }
    let Ok(parsed) = syn::parse2::<Configurable>(item.clone()) else {
        return expand(item);
    };
    let mut atoms = Atoms::default();
    parsed.visit_inner(&mut atoms);
    if atoms.list.is_empty() {
        // Predicates without atoms (`cfg(any())`, `cfg(all())`) are decided here, once.
        let mut configured = parsed;
        configured.configure(&mut Configure {
            atoms: &atoms,
            truth: &[],
        });
        return expand(configured.into_token_stream());
    }
    if atoms.list.len() > MAX_ATOMS {
        let message = format!(
            "this item's `#[cfg]`s depend on {} conditions, more than the {MAX_ATOMS} that `#[differentiable]` differentiates one combination at a time: move the configured code into `#[differentiable]` helper functions, each with fewer conditions",
            atoms.list.len()
        );
        let error = syn::Error::new(atoms.spans[MAX_ATOMS], message).to_compile_error();
        return quote!(#item #error);
    }
    let mut out = TokenStream::new();
    for assignment in 0..(1u32 << atoms.list.len()) {
        let truth: Vec<bool> = (0..atoms.list.len())
            .map(|i| assignment & (1 << i) != 0)
            .collect();
        let condition = atoms.condition(&truth);
        let mut variant = parsed.clone();
        variant.configure(&mut Configure {
            atoms: &atoms,
            truth: &truth,
        });
        let expanded = expand(variant.into_token_stream());
        out.extend(under_condition(&condition, expanded));
    }
    out
}

/// Whether `cfg` or `cfg_attr` appears anywhere in the tokens (a cheap test before parsing).
fn mentions_cfg(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|tree| match tree {
        proc_macro2::TokenTree::Ident(i) => i == "cfg" || i == "cfg_attr",
        proc_macro2::TokenTree::Group(g) => mentions_cfg(g.stream()),
        _ => false,
    })
}

/// The items an attribute macro of ours receives.
#[derive(Clone)]
enum Configurable {
    Item(syn::Item),
    Method(syn::ImplItemFn),
}

impl syn::parse::Parse for Configurable {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let fork = input.fork();
        if fork.parse::<syn::Item>().is_ok() && fork.is_empty() {
            return input.parse().map(Configurable::Item);
        }
        input.parse().map(Configurable::Method)
    }
}

impl ToTokens for Configurable {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Configurable::Item(item) => item.to_tokens(tokens),
            Configurable::Method(method) => method.to_tokens(tokens),
        }
    }
}

impl Configurable {
    /// Visits everything but the item's own attributes, which rustc has configured already
    /// (those above the macro's) or which the expansion carries as they are (those below).
    fn visit_inner(&self, atoms: &mut Atoms) {
        match self {
            Configurable::Item(syn::Item::Fn(f)) => {
                atoms.visit_signature(&f.sig);
                atoms.visit_block(&f.block);
            }
            Configurable::Item(syn::Item::Impl(i)) => {
                i.items.iter().for_each(|item| atoms.visit_impl_item(item))
            }
            Configurable::Item(syn::Item::Trait(t)) => {
                t.items.iter().for_each(|item| atoms.visit_trait_item(item))
            }
            Configurable::Item(other) => atoms.visit_item(other),
            Configurable::Method(method) => {
                atoms.visit_signature(&method.sig);
                atoms.visit_block(&method.block);
            }
        }
    }

    fn configure(&mut self, configure: &mut Configure) {
        match self {
            Configurable::Item(item) => configure.visit_item_mut(item),
            Configurable::Method(method) => configure.visit_impl_item_fn_mut(method),
        }
    }
}

/// The items of `expanded`, each under `#[cfg(condition)]`. An attribute macro's expansion
/// is a list of items (or of an impl's items, for a method); an outer attribute can precede
/// any of them.
fn under_condition(condition: &TokenStream, expanded: TokenStream) -> TokenStream {
    fn each<T: syn::parse::Parse + ToTokens>(
        input: syn::parse::ParseStream,
    ) -> syn::Result<Vec<TokenStream>> {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse::<T>()?.into_token_stream());
        }
        Ok(items)
    }
    let items = syn::parse::Parser::parse2(each::<syn::Item>, expanded.clone())
        .or_else(|_| syn::parse::Parser::parse2(each::<syn::ImplItem>, expanded.clone()));
    match items {
        Ok(items) => quote!(#(#[cfg(#condition)] #items)*),
        // Not reached: our expansions are items. Keep them rather than lose them.
        Err(_) => expanded,
    }
}

/// The atoms of the predicates met, in the order first met.
#[derive(Default)]
struct Atoms {
    /// Each atom's tokens, printed (the key that identifies it).
    list: Vec<String>,
    /// Each atom's tokens.
    tokens: Vec<TokenStream>,
    /// Where each atom was first met.
    spans: Vec<Span>,
}

impl Atoms {
    fn index(&self, atom: &Meta) -> Option<usize> {
        let key = atom.to_token_stream().to_string();
        self.list.iter().position(|k| *k == key)
    }

    /// Records the atoms of `predicate`.
    fn collect(&mut self, predicate: &Meta) {
        match combinator(predicate) {
            Some((_, operands)) => operands.iter().for_each(|m| self.collect(m)),
            None => {
                if self.index(predicate).is_none() {
                    self.list.push(predicate.to_token_stream().to_string());
                    self.tokens.push(predicate.to_token_stream());
                    self.spans
                        .push(syn::spanned::Spanned::span(&predicate.to_token_stream()));
                }
            }
        }
    }

    /// `all(a, not(b), ..)`: the assignment `truth` as a `cfg` predicate.
    fn condition(&self, truth: &[bool]) -> TokenStream {
        let terms = self.tokens.iter().zip(truth).map(|(atom, holds)| {
            if *holds {
                quote!(#atom)
            } else {
                quote!(not(#atom))
            }
        });
        quote!(all(#(#terms),*))
    }

    /// The value of `predicate` under `truth`.
    fn eval(&self, predicate: &Meta, truth: &[bool]) -> bool {
        match combinator(predicate) {
            Some(("all", operands)) => operands.iter().all(|m| self.eval(m, truth)),
            Some(("any", operands)) => operands.iter().any(|m| self.eval(m, truth)),
            Some((_, operands)) => !operands.first().is_some_and(|m| self.eval(m, truth)),
            None => self.index(predicate).is_some_and(|i| truth[i]),
        }
    }
}

impl<'ast> Visit<'ast> for Atoms {
    fn visit_attribute(&mut self, attr: &'ast Attribute) {
        for predicate in predicates(attr) {
            self.collect(&predicate);
        }
    }
}

/// `all(..)`, `any(..)` or `not(..)` with its operands; `None` for an atom.
fn combinator(predicate: &Meta) -> Option<(&'static str, Vec<Meta>)> {
    let Meta::List(list) = predicate else {
        return None;
    };
    let name = ["all", "any", "not"]
        .into_iter()
        .find(|n| list.path.is_ident(n))?;
    let operands = list
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .ok()?;
    Some((name, operands.into_iter().collect()))
}

/// The predicates an attribute tests: `p` of `cfg(p)`; `p` and those of the attributes of
/// `cfg_attr(p, attrs)`.
fn predicates(attr: &Attribute) -> Vec<Meta> {
    if attr.path().is_ident("cfg") {
        return attr.parse_args::<Meta>().into_iter().collect();
    }
    match cfg_attr(attr) {
        Some((predicate, attrs)) => {
            let mut out = vec![predicate];
            for meta in attrs {
                out.extend(meta_predicates(&meta));
            }
            out
        }
        None => Vec::new(),
    }
}

fn meta_predicates(meta: &Meta) -> Vec<Meta> {
    let attr: Attribute = syn::parse_quote!(#[#meta]);
    predicates(&attr)
}

/// `(p, attrs)` of `cfg_attr(p, attrs)`.
fn cfg_attr(attr: &Attribute) -> Option<(Meta, Vec<Meta>)> {
    if !attr.path().is_ident("cfg_attr") {
        return None;
    }
    let metas = attr
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .ok()?;
    let mut metas = metas.into_iter();
    let predicate = metas.next()?;
    Some((predicate, metas.collect()))
}

/// Configures an item under one assignment: removes the nodes whose `cfg` is false.
struct Configure<'a> {
    atoms: &'a Atoms,
    truth: &'a [bool],
}

impl Configure<'_> {
    /// Whether a node with these attributes is configured in.
    fn keeps(&self, attrs: &[Attribute]) -> bool {
        attrs.iter().all(|attr| self.keeps_attr(attr))
    }

    fn keeps_attr(&self, attr: &Attribute) -> bool {
        if attr.path().is_ident("cfg") {
            return attr
                .parse_args::<Meta>()
                .map_or(true, |p| self.atoms.eval(&p, self.truth));
        }
        match cfg_attr(attr) {
            Some((predicate, attrs)) if self.atoms.eval(&predicate, self.truth) => attrs
                .iter()
                .all(|meta| self.keeps_attr(&syn::parse_quote!(#[#meta]))),
            _ => true,
        }
    }

    fn retain<T, P: Default>(
        &self,
        list: &mut Punctuated<T, P>,
        attrs: impl Fn(&T) -> &[Attribute],
    ) {
        let kept: Punctuated<T, P> = std::mem::take(list)
            .into_iter()
            .filter(|node| self.keeps(attrs(node)))
            .collect();
        *list = kept;
    }
}

impl VisitMut for Configure<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|s| self.keeps(stmt_attrs(s)));
        syn::visit_mut::visit_block_mut(self, block);
    }
    fn visit_expr_match_mut(&mut self, e: &mut syn::ExprMatch) {
        e.arms.retain(|arm| self.keeps(&arm.attrs));
        syn::visit_mut::visit_expr_match_mut(self, e);
    }
    fn visit_expr_struct_mut(&mut self, e: &mut syn::ExprStruct) {
        self.retain(&mut e.fields, |f| &f.attrs);
        syn::visit_mut::visit_expr_struct_mut(self, e);
    }
    fn visit_pat_struct_mut(&mut self, p: &mut syn::PatStruct) {
        self.retain(&mut p.fields, |f| &f.attrs);
        syn::visit_mut::visit_pat_struct_mut(self, p);
    }
    fn visit_expr_array_mut(&mut self, e: &mut syn::ExprArray) {
        self.retain(&mut e.elems, expr_attrs);
        syn::visit_mut::visit_expr_array_mut(self, e);
    }
    fn visit_expr_tuple_mut(&mut self, e: &mut syn::ExprTuple) {
        self.retain(&mut e.elems, expr_attrs);
        syn::visit_mut::visit_expr_tuple_mut(self, e);
    }
    fn visit_expr_call_mut(&mut self, e: &mut syn::ExprCall) {
        self.retain(&mut e.args, expr_attrs);
        syn::visit_mut::visit_expr_call_mut(self, e);
    }
    fn visit_expr_method_call_mut(&mut self, e: &mut syn::ExprMethodCall) {
        self.retain(&mut e.args, expr_attrs);
        syn::visit_mut::visit_expr_method_call_mut(self, e);
    }
    fn visit_signature_mut(&mut self, sig: &mut syn::Signature) {
        self.retain(&mut sig.inputs, |arg| match arg {
            syn::FnArg::Receiver(r) => &r.attrs,
            syn::FnArg::Typed(t) => &t.attrs,
        });
        syn::visit_mut::visit_signature_mut(self, sig);
    }
    fn visit_expr_closure_mut(&mut self, e: &mut syn::ExprClosure) {
        self.retain(&mut e.inputs, pat_attrs);
        syn::visit_mut::visit_expr_closure_mut(self, e);
    }
    fn visit_item_impl_mut(&mut self, i: &mut syn::ItemImpl) {
        i.items.retain(|item| self.keeps(impl_item_attrs(item)));
        syn::visit_mut::visit_item_impl_mut(self, i);
    }
    fn visit_item_trait_mut(&mut self, i: &mut syn::ItemTrait) {
        i.items.retain(|item| self.keeps(trait_item_attrs(item)));
        syn::visit_mut::visit_item_trait_mut(self, i);
    }
    fn visit_item_mod_mut(&mut self, i: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut i.content {
            items.retain(|item| self.keeps(item_attrs_ref(item)));
        }
        syn::visit_mut::visit_item_mod_mut(self, i);
    }
}

fn stmt_attrs(stmt: &syn::Stmt) -> &[Attribute] {
    match stmt {
        syn::Stmt::Local(l) => &l.attrs,
        syn::Stmt::Item(i) => item_attrs_ref(i),
        syn::Stmt::Expr(e, _) => expr_attrs(e),
        syn::Stmt::Macro(m) => &m.attrs,
    }
}

fn impl_item_attrs(item: &syn::ImplItem) -> &[Attribute] {
    match item {
        syn::ImplItem::Const(i) => &i.attrs,
        syn::ImplItem::Fn(i) => &i.attrs,
        syn::ImplItem::Type(i) => &i.attrs,
        syn::ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

fn trait_item_attrs(item: &syn::TraitItem) -> &[Attribute] {
    match item {
        syn::TraitItem::Const(i) => &i.attrs,
        syn::TraitItem::Fn(i) => &i.attrs,
        syn::TraitItem::Type(i) => &i.attrs,
        syn::TraitItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

fn pat_attrs(pat: &syn::Pat) -> &[Attribute] {
    match pat {
        syn::Pat::Ident(p) => &p.attrs,
        syn::Pat::Type(p) => &p.attrs,
        syn::Pat::Wild(p) => &p.attrs,
        syn::Pat::Tuple(p) => &p.attrs,
        syn::Pat::Struct(p) => &p.attrs,
        syn::Pat::TupleStruct(p) => &p.attrs,
        syn::Pat::Reference(p) => &p.attrs,
        syn::Pat::Slice(p) => &p.attrs,
        _ => &[],
    }
}

fn item_attrs_ref(item: &syn::Item) -> &[Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// An expression's outer attributes (`#[cfg(..)] x` as a statement, element or argument).
fn expr_attrs(expr: &Expr) -> &[Attribute] {
    match expr {
        Expr::Array(e) => &e.attrs,
        Expr::Assign(e) => &e.attrs,
        Expr::Async(e) => &e.attrs,
        Expr::Await(e) => &e.attrs,
        Expr::Binary(e) => &e.attrs,
        Expr::Block(e) => &e.attrs,
        Expr::Break(e) => &e.attrs,
        Expr::Call(e) => &e.attrs,
        Expr::Cast(e) => &e.attrs,
        Expr::Closure(e) => &e.attrs,
        Expr::Const(e) => &e.attrs,
        Expr::Continue(e) => &e.attrs,
        Expr::Field(e) => &e.attrs,
        Expr::ForLoop(e) => &e.attrs,
        Expr::Group(e) => &e.attrs,
        Expr::If(e) => &e.attrs,
        Expr::Index(e) => &e.attrs,
        Expr::Infer(e) => &e.attrs,
        Expr::Let(e) => &e.attrs,
        Expr::Lit(e) => &e.attrs,
        Expr::Loop(e) => &e.attrs,
        Expr::Macro(e) => &e.attrs,
        Expr::Match(e) => &e.attrs,
        Expr::MethodCall(e) => &e.attrs,
        Expr::Paren(e) => &e.attrs,
        Expr::Path(e) => &e.attrs,
        Expr::Range(e) => &e.attrs,
        Expr::RawAddr(e) => &e.attrs,
        Expr::Reference(e) => &e.attrs,
        Expr::Repeat(e) => &e.attrs,
        Expr::Return(e) => &e.attrs,
        Expr::Struct(e) => &e.attrs,
        Expr::Try(e) => &e.attrs,
        Expr::TryBlock(e) => &e.attrs,
        Expr::Tuple(e) => &e.attrs,
        Expr::Unary(e) => &e.attrs,
        Expr::Unsafe(e) => &e.attrs,
        Expr::While(e) => &e.attrs,
        Expr::Yield(e) => &e.attrs,
        _ => &[],
    }
}

/// The error for a `cfg` inside a closure given to an operator (`gradient!(.., of: |x| ..)`):
/// a function-like macro's input is not configured by rustc first, and an expression cannot
/// be put under `#[cfg]` as items can.
pub fn refused_in_operator(tokens: &TokenStream) -> Option<TokenStream> {
    let span = cfg_attribute_span(tokens.clone())?;
    let message = "`#[cfg]` inside a closure given to an operator is not supported: move the closure's body into a `#[differentiable]` function, where `#[cfg]` is honoured, and pass the function";
    Some(syn::Error::new(span, message).to_compile_error())
}

/// The span of the first `#[cfg..]` or `#[cfg_attr..]` in the tokens.
fn cfg_attribute_span(tokens: TokenStream) -> Option<Span> {
    let trees: Vec<_> = tokens.into_iter().collect();
    for pair in trees.windows(2) {
        if let (proc_macro2::TokenTree::Punct(p), proc_macro2::TokenTree::Group(g)) =
            (&pair[0], &pair[1])
            && p.as_char() == '#'
            && mentions_cfg_first(g.stream())
        {
            return Some(g.span());
        }
    }
    trees.into_iter().find_map(|tree| match tree {
        proc_macro2::TokenTree::Group(g) => cfg_attribute_span(g.stream()),
        _ => None,
    })
}

fn mentions_cfg_first(tokens: TokenStream) -> bool {
    matches!(tokens.into_iter().next(), Some(proc_macro2::TokenTree::Ident(i)) if i == "cfg" || i == "cfg_attr")
}
