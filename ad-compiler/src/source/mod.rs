//! The source file an attribute stands in, read once per file and compilation: the
//! declarations of the free functions in it, so that a call is lowered knowing its callee's
//! parameters (a `&mut` slice passed on to a function that takes `&[f64]` is lent to it, not
//! passed inout). Reading this file and writing the `dump` a user asks for are the only I/O
//! the macros do. When the file cannot be read or parsed (a span made by another macro, an
//! IDE's expansion, unit tests), nothing is known, and the lowering does what it does without.
//! The file's impl blocks are in [`impls`].

pub mod impls;

pub use impls::{Enclosing, Registers, Registration, is_operator_trait_method};

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// How a function takes one of its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Passing {
    /// `&T`.
    Lent,
    /// `&mut T`.
    LentMutably,
    /// By value, or a receiver.
    Other,
}

/// What a source file says of one of its free functions.
struct Declared {
    /// How it takes each parameter.
    passing: Vec<Passing>,
    /// `f64` or `f32` when it returns that type as written (not through a type parameter or
    /// an alias).
    float_result: Option<&'static str>,
}

/// What a source file declares. (Only what its text says, no `syn` tree: a tree holds spans,
/// which belong to the macro invocation that parsed it.)
#[derive(Default)]
pub struct SourceFile {
    /// The free functions (in the file and in its inline modules) by name; a name declared
    /// more than once is left out (`None`), since a call's path alone would not say which it
    /// is.
    functions: HashMap<String, Option<Declared>>,
    /// The free functions of the file's top level (not in an inline module), by name, with
    /// how many times each is declared there. (A name also declared in an inline module is
    /// still the top level's own there: the module's is not in scope without a `use`, which
    /// would clash.)
    top_level: HashMap<String, usize>,
    /// The text of each top-level function marked plain `#[differentiable]` (no arguments,
    /// no generics, no other attributes than documentation, lints and `inline`), without its
    /// attributes: a helper a caller of the same file may inline (`lower::inline`). Text,
    /// not a tree, since a tree holds spans (see above); each expansion parses it anew.
    inlinable: HashMap<String, String>,
    /// The last segments of the paths `#[derivative(of = ..)]` registers in this file: their
    /// functions keep their registered derivatives, so are not inlined.
    registered: HashSet<String>,
    /// The impl blocks and the functions in them.
    impls: impls::Impls,
}

impl SourceFile {
    /// Whether the file declares a free function `name` (in it or in its inline modules).
    pub fn declares_function(&self, name: &str) -> bool {
        self.functions.contains_key(name)
    }

    /// How the free function `name` takes its parameters, when the file declares one
    /// function of that name.
    pub fn function(&self, name: &str) -> Option<&[Passing]> {
        Some(&self.functions.get(name)?.as_ref()?.passing)
    }

    /// The text of the top-level function `name` (declared once, plain `#[differentiable]`,
    /// without a registered derivative) that a caller of the same file may inline.
    pub fn inlinable(&self, name: &str) -> Option<&str> {
        if self.registered.contains(name) || !self.is_top_level(name) {
            return None;
        }
        self.inlinable.get(name).map(String::as_str)
    }

    /// Whether the file declares `name` once among the free functions of its top level.
    pub fn is_top_level(&self, name: &str) -> bool {
        self.top_level.get(name) == Some(&1)
    }

    /// `f64` or `f32` when the file declares one free function `name` and it returns that
    /// float type as written (`fn t(i: f64, n: f64) -> f64`).
    pub fn float_result(&self, name: &str) -> Option<&'static str> {
        self.functions.get(name)?.as_ref()?.float_result
    }

    /// The impl block around the function named by `name` (a span of the file's own text),
    /// when it is in one.
    pub fn enclosing_impl(&self, name: &proc_macro2::Ident) -> Option<Enclosing> {
        let line = name.span().start().line;
        // (Line 0: the compiler gave no location.)
        (line > 0).then(|| self.impls.enclosing(line, &name.to_string()))?
    }

    /// When the function named by `name` is in an impl block a macro writes (its tokens in
    /// the file): whether that block is a trait impl.
    pub fn in_macro_impl(&self, name: &proc_macro2::Ident) -> Option<bool> {
        let line = name.span().start().line;
        (line > 0).then(|| self.impls.in_macro(line, &name.to_string()))?
    }

    /// Whether the file marks a trait named `name` `#[differentiable]`.
    pub fn is_marked_trait(&self, name: &str) -> bool {
        self.impls.is_marked_trait(name)
    }

    /// Whether `name` is the method of an operator trait the file implements, and of no other
    /// impl block of it (`v.mul(w)` is then `v * w`).
    pub fn is_operator_method(&self, name: &str) -> bool {
        self.impls.is_operator_method(name)
    }

    /// Whether an impl block of the file declares a `&mut self` method named `name` (a
    /// user's `push` or `fill`, not a `Vec`'s, on a local not known to be a sequence).
    pub fn declares_mut_self_method(&self, name: &str) -> bool {
        self.impls.declares_mut_self_method(name)
    }

    fn collect(&mut self, file: &syn::File) {
        self.collect_in(&file.items, true);
        self.impls = impls::Impls::collect(file);
    }

    fn collect_in(&mut self, items: &[syn::Item], top: bool) {
        for item in items {
            self.note_registrations(item);
            match item {
                syn::Item::Fn(f) => {
                    let name = f.sig.ident.to_string();
                    if top {
                        *self.top_level.entry(name.clone()).or_default() += 1;
                        if is_plain_helper(f) {
                            let mut bare = f.clone();
                            bare.attrs.clear();
                            self.inlinable.insert(
                                name.clone(),
                                quote::ToTokens::to_token_stream(&bare).to_string(),
                            );
                        }
                    }
                    let twice = self.functions.contains_key(&name);
                    let passing = f.sig.inputs.iter().map(|input| match input {
                        syn::FnArg::Typed(t) => match &*t.ty {
                            syn::Type::Reference(r) if r.mutability.is_some() => {
                                Passing::LentMutably
                            }
                            syn::Type::Reference(_) => Passing::Lent,
                            _ => Passing::Other,
                        },
                        syn::FnArg::Receiver(_) => Passing::Other,
                    });
                    let float_result = match &f.sig.output {
                        syn::ReturnType::Type(_, ty) if f.sig.generics.params.is_empty() => {
                            float_type(ty)
                        }
                        _ => None,
                    };
                    let declared = Declared {
                        passing: passing.collect(),
                        float_result,
                    };
                    self.functions.insert(name, (!twice).then_some(declared));
                }
                syn::Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        self.collect_in(items, false);
                    }
                }
                _ => {}
            }
        }
    }
}

impl SourceFile {
    /// Notes the function a `#[derivative(of = path)]` on `item` (or on an item of an `impl`
    /// block) registers a derivative for.
    fn note_registrations(&mut self, item: &syn::Item) {
        let attrs: Vec<&syn::Attribute> = match item {
            syn::Item::Fn(f) => f.attrs.iter().collect(),
            syn::Item::Impl(i) => i
                .items
                .iter()
                .flat_map(|item| match item {
                    syn::ImplItem::Fn(f) => f.attrs.iter().collect(),
                    _ => Vec::new(),
                })
                .collect(),
            _ => Vec::new(),
        };
        for attr in attrs {
            if !attr.path().is_ident("derivative") {
                continue;
            }
            // `of = a::b::f`: every identifier of the arguments, which names `f` among others
            // (refusing to inline a few more functions than needed is harmless).
            if let syn::Meta::List(list) = &attr.meta {
                for token in list.tokens.clone() {
                    if let proc_macro2::TokenTree::Ident(ident) = token {
                        self.registered.insert(ident.to_string());
                    }
                }
            }
        }
    }
}

/// A function marked `#[differentiable]` alone (no arguments) whose body means the same
/// inlined into a caller of the same module (see `is_inlinable`).
fn is_plain_helper(f: &syn::ItemFn) -> bool {
    is_inlinable(f, true)
}

/// Whether `f`'s body means the same inlined into a caller of its module: not generic, neither
/// `async` nor `unsafe`, its attributes documentation, lint levels or `inline`, and when
/// `needs_mark` a bare `#[differentiable]` (a file's helper; a body's own function has none).
pub(crate) fn is_inlinable(f: &syn::ItemFn, needs_mark: bool) -> bool {
    let mut marked = false;
    for attr in &f.attrs {
        if needs_mark && attr.path().is_ident("differentiable") {
            marked = matches!(attr.meta, syn::Meta::Path(_));
        } else if !["doc", "allow", "inline"]
            .iter()
            .any(|name| attr.path().is_ident(name))
        {
            return false;
        }
    }
    (marked || !needs_mark)
        && f.sig.generics.params.is_empty()
        && f.sig.asyncness.is_none()
        && f.sig.unsafety.is_none()
}

/// `f64` or `f32` when `ty` is that path as written.
fn float_type(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("f64") => Some("f64"),
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("f32") => Some("f32"),
        _ => None,
    }
}

/// The declarations of a file's text, for tests that lower code as if it stood in that file.
#[cfg(test)]
pub fn from_text(text: &str) -> Arc<SourceFile> {
    let mut file = SourceFile::default();
    file.collect(&syn::parse_file(text).expect("a Rust file"));
    Arc::new(file)
}

/// The files read by this process, by path, with the modification time they were read at (a
/// compilation reads each once; a long-lived process, an IDE's macro server, reads a file
/// again when it changed). A file that could not be parsed is kept as an empty one.
type Files = HashMap<PathBuf, (Option<std::time::SystemTime>, Arc<SourceFile>)>;
static FILES: OnceLock<Mutex<Files>> = OnceLock::new();

/// The file `span` is in, read and parsed on first use.
pub fn of(span: proc_macro2::Span) -> Option<Arc<SourceFile>> {
    let path = span.local_file()?;
    let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
    let mut files = FILES.get_or_init(Default::default).lock().ok()?;
    if let Some((read_at, file)) = files.get(&path)
        && *read_at == modified
    {
        return Some(file.clone());
    }
    let file = match std::fs::read_to_string(&path) {
        Ok(text) => read(&text),
        Err(_) => SourceFile::default(),
    };
    let file = Arc::new(file);
    files.insert(path, (modified, file.clone()));
    Some(file)
}

/// The file an operator's function is written in: where the tokens after `of:` in `input`
/// come from (`gradient!(at: x, of: |x| Jn(2, x))`), which differs from the operator's call
/// site when a macro of another crate wrote the call (`check_gradient!` writes `gradient!`);
/// the call site's file otherwise.
pub fn of_operator(input: &proc_macro2::TokenStream) -> Option<Arc<SourceFile>> {
    use proc_macro2::TokenTree;
    let tokens: Vec<TokenTree> = input.clone().into_iter().collect();
    let function = tokens.windows(3).find_map(|w| match w {
        [TokenTree::Ident(of), TokenTree::Punct(colon), function]
            if of == "of" && colon.as_char() == ':' =>
        {
            Some(function.clone())
        }
        _ => None,
    });
    // The first token written by the user: a macro's parentheses around `$f` are its own.
    let mut first = function;
    while let Some(TokenTree::Group(group)) = &first {
        first = group.stream().into_iter().next();
    }
    first
        .and_then(|token| of(token.span()))
        .or_else(|| of(proc_macro2::Span::call_site()))
}

/// The declarations of a file's `text` (none if it does not parse).
///
/// The text is lexed by proc-macro2's own lexer, whose spans know their lines and columns:
/// the compiler's, which a macro otherwise gets, gives every token of a string parsed
/// inside a macro the macro's call site. The tokens of that lexer cannot be mixed with the
/// compiler's, so nothing of the tree outlives this function: what is kept is text and
/// numbers.
fn read(text: &str) -> SourceFile {
    /// Returns to the compiler's tokens when dropped, on every path out.
    struct Located;
    impl Drop for Located {
        fn drop(&mut self) {
            proc_macro2::fallback::unforce();
        }
    }
    proc_macro2::fallback::force();
    let _located = Located;
    let mut file = SourceFile::default();
    if let Ok(parsed) = syn::parse_file(text) {
        file.collect(&parsed);
    }
    file
}

thread_local! {
    /// The file of the item being expanded (see [`while_expanding`]).
    static CURRENT: RefCell<Option<Arc<SourceFile>>> = const { RefCell::new(None) };
}

/// Runs `expand` with `file` as the file of the item it expands, which [`current`] gives to
/// the stages that read declarations from it.
pub fn while_expanding<T>(file: Option<Arc<SourceFile>>, expand: impl FnOnce() -> T) -> T {
    let before = CURRENT.with(|current| current.replace(file));
    let result = expand();
    CURRENT.with(|current| *current.borrow_mut() = before);
    result
}

/// The file of the item being expanded, when it could be read.
pub fn current() -> Option<Arc<SourceFile>> {
    CURRENT.with(|current| current.borrow().clone())
}

#[cfg(test)]
mod tests {
    #[test]
    fn functions_declared_once_are_found_in_inline_modules_too() {
        let parsed: syn::File = syn::parse_quote! {
            fn first(y: &[f64]) -> f64 { y[0] }
            mod inner { pub fn second(y: &mut [f64]) {} fn first() {} }
        };
        let mut file = super::SourceFile::default();
        file.collect(&parsed);
        assert_eq!(
            file.function("second"),
            Some(&[super::Passing::LentMutably][..])
        );
        assert!(file.function("first").is_none(), "declared twice");
        assert!(file.function("third").is_none());
    }

    #[test]
    fn float_results_are_those_written_as_f64_or_f32() {
        let parsed: syn::File = syn::parse_quote! {
            fn t(i: f64, n: f64) -> f64 { i / n }
            fn narrow(x: f64) -> f32 { x as f32 }
            fn generic<T>(x: T) -> T { x }
            fn pair(x: f64) -> (f64, f64) { (x, x) }
        };
        let mut file = super::SourceFile::default();
        file.collect(&parsed);
        assert_eq!(file.float_result("t"), Some("f64"));
        assert_eq!(file.float_result("narrow"), Some("f32"));
        assert_eq!(file.float_result("generic"), None);
        assert_eq!(file.float_result("pair"), None);
        assert_eq!(file.float_result("absent"), None);
    }
}
