//! What a source file says of its `impl` blocks: where the name of each function in one
//! stands, the block's header, and the derivatives its functions register. An attribute on a
//! method sees only the method; with this it learns the `impl` around it (an associated
//! function without `self`, a method of a trait impl, a generic impl's parameters) and its
//! sibling registrations.
//!
//! Kept as text and positions: a `syn` tree holds spans, which belong to the macro
//! invocation that parsed it.

use std::collections::HashMap;
use syn::visit::Visit;

/// A `#[derivative(of = Self::m ..)]` (or `Type::m`) on a function of an impl block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registration {
    /// The registering function's name.
    pub function: String,
    /// The last segment of `of`: the function registered for.
    pub of: String,
    /// Whether it registers the forward derivative (`forward`, alone), the reverse one
    /// (neither), or both (`forward = ..`): see [`Registers`].
    pub registers: Registers,
}

/// Which derivatives a registration gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registers {
    /// `#[derivative(of = f)]`: the pullback.
    Reverse,
    /// `#[derivative(of = f, forward)]`: the differential.
    Forward,
    /// `#[derivative(of = f, forward = g)]`: both.
    Both,
    /// `#[differentiable]` on `f` itself (`function` and `of` are `f`): the derivatives the
    /// registrations of `f` do not give, derived from its body.
    Derived,
}

impl Registers {
    /// Whether a registration of this kind gives the pullback.
    pub fn gives_reverse(self) -> bool {
        matches!(self, Registers::Reverse | Registers::Both)
    }

    /// Whether a registration of this kind gives the differential.
    pub fn gives_forward(self) -> bool {
        matches!(self, Registers::Forward | Registers::Both)
    }
}

/// An `impl` block of the file.
struct Block {
    /// The block without its functions and attributes, as text:
    /// `impl<T: Float> Add for V<T> { type Output = V<T>; }`.
    header: String,
    /// The self type, as text (`Act`, `V < T >`).
    self_type: String,
    /// The registrations of its functions.
    registrations: Vec<Registration>,
}

/// The `impl` around a function, as an attribute on the function learns it.
pub struct Enclosing {
    /// The block's header (generics, trait, self type, where clause) and its associated
    /// types, without its functions.
    pub header: syn::ItemImpl,
    /// The registrations of the functions of the block and of the file's other blocks of the
    /// same self type (a method's reverse and forward registrations may be in two).
    pub registrations: Vec<Registration>,
}

/// The impl blocks of a file (anywhere: in inline modules and function bodies too), and the
/// block of each function, by the line and text of the function's name.
#[derive(Default)]
pub struct Impls {
    blocks: Vec<Block>,
    functions: HashMap<(usize, String), usize>,
    /// The functions of impl blocks written inside a macro's tokens (a `macro_rules!` body,
    /// a macro's arguments), by the line and text of their names: whether the block is a
    /// trait impl. (What the macro expands to is not in the file.)
    in_macros: HashMap<(usize, String), bool>,
    /// The names of the traits marked `#[differentiable]` in the file.
    marked_traits: std::collections::HashSet<String>,
    /// The names of the `&mut self` methods the file's impl blocks declare.
    mut_self_methods: std::collections::HashSet<String>,
    /// The names of the methods of the file's impls of the operator traits (`mul` of
    /// `impl Mul<f64> for V`), and of its other impl blocks' functions.
    operator_methods: std::collections::HashSet<String>,
    other_methods: std::collections::HashSet<String>,
}

/// The operator traits whose method a call may name (`v.mul(s)`, `Mul::mul(v, s)`), and
/// their methods.
pub const OPERATOR_TRAITS: [(&str, &str); 6] = [
    ("Add", "add"),
    ("Sub", "sub"),
    ("Mul", "mul"),
    ("Div", "div"),
    ("Rem", "rem"),
    ("Neg", "neg"),
];

/// Whether `method` is the method of the operator trait `trait_name` (`mul` of `Mul`).
pub fn is_operator_trait_method(trait_name: &str, method: &str) -> bool {
    OPERATOR_TRAITS
        .iter()
        .any(|(t, m)| *t == trait_name && *m == method)
}

impl Impls {
    /// Collects the impl blocks of a file parsed with located spans.
    pub fn collect(file: &syn::File) -> Impls {
        let mut impls = Impls::default();
        impls.visit_file(file);
        impls
    }

    /// The block around the function whose name is `name`, on line `line` (1-based), when
    /// that function is in an impl block of the file.
    pub fn enclosing(&self, line: usize, name: &str) -> Option<Enclosing> {
        let block = &self.blocks[*self.functions.get(&(line, name.to_string()))?];
        let registrations = self
            .blocks
            .iter()
            .filter(|b| b.self_type == block.self_type)
            .flat_map(|b| b.registrations.iter().cloned())
            .collect();
        Some(Enclosing {
            header: syn::parse_str(&block.header).ok()?,
            registrations,
        })
    }

    /// Whether the file marks a trait named `name` `#[differentiable]`.
    pub fn is_marked_trait(&self, name: &str) -> bool {
        self.marked_traits.contains(name)
    }

    /// Whether an impl block of the file declares a `&mut self` method named `name`.
    pub fn declares_mut_self_method(&self, name: &str) -> bool {
        self.mut_self_methods.contains(name)
    }

    /// Whether `name` is the method of an operator trait the file implements (`mul` of
    /// `impl Mul for V`), and no other impl block of the file declares a function so named
    /// (so that `v.mul(w)` is `v * w`).
    pub fn is_operator_method(&self, name: &str) -> bool {
        self.operator_methods.contains(name) && !self.other_methods.contains(name)
    }

    /// Whether the function named `name` on line `line` is in an impl block written inside a
    /// macro's tokens, and if so whether that block is a trait impl.
    pub fn in_macro(&self, line: usize, name: &str) -> Option<bool> {
        self.in_macros.get(&(line, name.to_string())).copied()
    }
}

impl<'ast> Visit<'ast> for Impls {
    fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
        let index = self.blocks.len();
        let mut header = imp.clone();
        // (The associated types stay: `Self::Output` in a method is read through them.)
        header
            .items
            .retain(|item| matches!(item, syn::ImplItem::Type(_)));
        header.attrs.clear();
        let mut registrations = Vec::new();
        let trait_name = imp
            .trait_
            .as_ref()
            .and_then(|(_, path, _)| path.segments.last())
            .map(|s| s.ident.to_string());
        for item in &imp.items {
            if let syn::ImplItem::Fn(f) = item {
                let name = f.sig.ident.to_string();
                let operator = trait_name
                    .as_deref()
                    .is_some_and(|t| is_operator_trait_method(t, &name));
                match operator {
                    true => self.operator_methods.insert(name.clone()),
                    false => self.other_methods.insert(name.clone()),
                };
                let line = f.sig.ident.span().start().line;
                self.functions.insert((line, name.clone()), index);
                registrations.extend(f.attrs.iter().filter_map(|a| registration(&name, a)));
                if f.attrs.iter().any(|a| a.path().is_ident("differentiable")) {
                    registrations.push(Registration {
                        function: name.clone(),
                        of: name.clone(),
                        registers: Registers::Derived,
                    });
                }
                let mut_self = f
                    .sig
                    .receiver()
                    .is_some_and(|r| r.reference.is_some() && r.mutability.is_some());
                if mut_self {
                    self.mut_self_methods.insert(name.clone());
                }
            }
        }
        self.blocks.push(Block {
            header: quote::ToTokens::to_token_stream(&header).to_string(),
            self_type: quote::ToTokens::to_token_stream(&imp.self_ty).to_string(),
            registrations,
        });
        // Impl blocks inside the methods' bodies.
        syn::visit::visit_item_impl(self, imp);
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        if t.attrs.iter().any(|a| a.path().is_ident("differentiable")) {
            self.marked_traits.insert(t.ident.to_string());
        }
        syn::visit::visit_item_trait(self, t);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        impls_in_tokens(mac.tokens.clone(), &mut self.in_macros);
    }
}

/// Records the functions of the impl blocks written in `tokens` (unparsed: a macro's), with
/// whether each block is a trait impl (its header has `for`).
fn impls_in_tokens(tokens: proc_macro2::TokenStream, found: &mut HashMap<(usize, String), bool>) {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    // Where the header of an impl block began, at this level.
    let mut header = None;
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            // `impl` starting an item, not `-> impl Fn` or `x: impl Trait`.
            TokenTree::Ident(ident)
                if ident == "impl" && starts_item(i.checked_sub(1).map(|j| &trees[j])) =>
            {
                header = Some(i)
            }
            TokenTree::Punct(p) if p.as_char() == ';' => header = None,
            TokenTree::Group(group) => {
                if let Some(start) = header
                    .take()
                    .filter(|_| group.delimiter() == Delimiter::Brace)
                {
                    let trait_impl = trees[start..i]
                        .iter()
                        .any(|t| matches!(t, TokenTree::Ident(ident) if ident == "for"));
                    let items: Vec<TokenTree> = group.stream().into_iter().collect();
                    for pair in items.windows(2) {
                        if let [TokenTree::Ident(keyword), TokenTree::Ident(name)] = pair
                            && keyword == "fn"
                        {
                            let line = name.span().start().line;
                            found.insert((line, name.to_string()), trait_impl);
                        }
                    }
                }
                impls_in_tokens(group.stream(), found);
            }
            _ => {}
        }
    }
}

/// Whether a token after `previous` starts an item: nothing before it, or the end of an item
/// or of an attribute, or a qualifier (`unsafe impl`).
fn starts_item(previous: Option<&proc_macro2::TokenTree>) -> bool {
    use proc_macro2::{Delimiter, TokenTree};
    match previous {
        None => true,
        Some(TokenTree::Group(g)) => matches!(g.delimiter(), Delimiter::Brace | Delimiter::Bracket),
        Some(TokenTree::Punct(p)) => p.as_char() == ';',
        Some(TokenTree::Ident(i)) => i == "unsafe" || i == "default",
        Some(TokenTree::Literal(_)) => false,
    }
}

/// The registration `attr` makes on the function `function`, if it is `#[derivative(..)]`.
fn registration(function: &str, attr: &syn::Attribute) -> Option<Registration> {
    if !attr.path().is_ident("derivative") {
        return None;
    }
    let mut of = None;
    let mut registers = Registers::Reverse;
    attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("of") {
            let path: syn::Path = meta.value()?.parse()?;
            of = path.segments.last().map(|s| s.ident.to_string());
        } else if meta.path.is_ident("forward") {
            registers = match meta.input.peek(syn::Token![=]) {
                true => {
                    let _: syn::Path = meta.value()?.parse()?;
                    Registers::Both
                }
                false => Registers::Forward,
            };
        } else if meta.input.peek(syn::Token![=]) {
            // `wrt = ..` and the like.
            let _: syn::Expr = meta.value()?.parse()?;
        } else if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
            let _: proc_macro2::TokenStream = meta.input.parse()?;
        }
        Ok(())
    })
    .ok()?;
    Some(Registration {
        function: function.to_string(),
        of: of?,
        registers,
    })
}

#[cfg(test)]
mod tests {
    use super::{Impls, Registers};
    use quote::ToTokens;

    fn impls(text: &str) -> Impls {
        Impls::collect(&syn::parse_file(text).expect("a Rust file"))
    }

    fn header(impls: &Impls, line: usize, name: &str) -> Option<String> {
        let enclosing = impls.enclosing(line, name)?;
        Some(enclosing.header.to_token_stream().to_string())
    }

    #[test]
    fn a_function_finds_its_block_by_the_line_of_its_name() {
        let text = "struct P;
impl P {
    fn sq(p: f64) -> f64 { p * p }
}
impl<T: Float> std::ops::Add for W<T> where T: Copy {
    #[doc = \"the sum\"]
    type Output = W<T>;
    fn add(self, o: W<T>) -> W<T> { o }
}
fn sq(p: f64) -> f64 { p }
mod inner {
    impl super::P { pub fn inner(&self) -> f64 { 1.0 } }
}
";
        let impls = impls(text);
        assert_eq!(header(&impls, 3, "sq").as_deref(), Some("impl P { }"));
        assert_eq!(
            header(&impls, 8, "add").as_deref(),
            Some(
                "impl < T : Float > std :: ops :: Add for W < T > where T : Copy { # [doc = \"the sum\"] type Output = W < T > ; }"
            )
        );
        assert_eq!(header(&impls, 10, "sq"), None, "a free function");
        assert_eq!(header(&impls, 3, "add"), None, "another line");
        assert_eq!(
            header(&impls, 12, "inner").as_deref(),
            Some("impl super :: P { }")
        );
    }

    #[test]
    fn a_block_lists_the_registrations_of_its_functions() {
        let text = "impl Act {
    fn softplus(x: f64) -> f64 { x }
    #[derivative(of = Self::softplus)]
    fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) { (x, |d| d) }
    #[derivative(of = Self::softplus, forward)]
    fn softplus_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) { (x, |d| d) }
    #[derivative(of = Act::relu, wrt = (x), forward = Self::relu_jvp)]
    fn relu_vjp(x: f64, y: f64) -> (f64, impl Fn(f64) -> f64) { (x, |d| d) }
}
";
        let enclosing = impls(text).enclosing(2, "softplus").expect("in the block");
        let registered: Vec<(&str, &str, Registers)> = enclosing
            .registrations
            .iter()
            .map(|r| (r.function.as_str(), r.of.as_str(), r.registers))
            .collect();
        assert_eq!(
            registered,
            [
                ("softplus_vjp", "softplus", Registers::Reverse),
                ("softplus_jvp", "softplus", Registers::Forward),
                ("relu_vjp", "relu", Registers::Both),
            ]
        );
    }

    #[test]
    fn impl_blocks_in_a_macros_tokens_are_told_apart_by_for() {
        let text = "macro_rules! ops {
    ($t:ident) => {
        impl Add for $t {
            fn add(self, o: $t) -> $t { o }
        }
        impl $t {
            fn norm(self) -> impl Fn(f64) -> f64 { fn nested() {} |x| x }
        }
    };
}
";
        let impls = impls(text);
        assert_eq!(impls.in_macro(4, "add"), Some(true));
        assert_eq!(impls.in_macro(7, "norm"), Some(false));
        assert_eq!(impls.in_macro(7, "nested"), None, "in a body, not an impl");
        assert_eq!(impls.enclosing(4, "add").map(|_| ()), None);
    }
}
