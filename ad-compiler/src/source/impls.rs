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
}

/// An `impl` block of the file.
struct Block {
    /// The block without its items and attributes, as text: `impl<T: Float> Add for V<T> {}`.
    header: String,
    /// The registrations of its functions.
    registrations: Vec<Registration>,
}

/// The `impl` around a function, as an attribute on the function learns it.
pub struct Enclosing {
    /// The block's header (generics, trait, self type, where clause), without items.
    pub header: syn::ItemImpl,
    /// The registrations of the block's functions.
    pub registrations: Vec<Registration>,
}

/// The impl blocks of a file (anywhere: in inline modules and function bodies too), and the
/// block of each function, by the line and text of the function's name.
#[derive(Default)]
pub struct Impls {
    blocks: Vec<Block>,
    functions: HashMap<(usize, String), usize>,
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
        Some(Enclosing {
            header: syn::parse_str(&block.header).ok()?,
            registrations: block.registrations.clone(),
        })
    }
}

impl<'ast> Visit<'ast> for Impls {
    fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
        let index = self.blocks.len();
        let mut header = imp.clone();
        header.items.clear();
        header.attrs.clear();
        let mut registrations = Vec::new();
        for item in &imp.items {
            if let syn::ImplItem::Fn(f) = item {
                let name = f.sig.ident.to_string();
                let line = f.sig.ident.span().start().line;
                self.functions.insert((line, name.clone()), index);
                registrations.extend(f.attrs.iter().filter_map(|a| registration(&name, a)));
            }
        }
        self.blocks.push(Block {
            header: quote::ToTokens::to_token_stream(&header).to_string(),
            registrations,
        });
        // Impl blocks inside the methods' bodies.
        syn::visit::visit_item_impl(self, imp);
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
