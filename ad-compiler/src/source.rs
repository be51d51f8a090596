//! The source file an attribute stands in, read once per file and compilation: the
//! declarations of the free functions in it, so that a call is lowered knowing its callee's
//! parameters (a `&mut` slice passed on to a function that takes `&[f64]` is lent to it, not
//! passed inout). Reading this file and writing the `dump` a user asks for are the only I/O
//! the macros do. When the file cannot be read or parsed (a span made by another macro, an
//! IDE's expansion, unit tests), nothing is known, and the lowering does what it does without.

use std::cell::RefCell;
use std::collections::HashMap;
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

/// What a source file declares. (Only what its text says, no `syn` tree: a tree holds spans,
/// which belong to the macro invocation that parsed it.)
#[derive(Default)]
pub struct SourceFile {
    /// The free functions (in the file and in its inline modules) by name, with how each
    /// takes its parameters; a name declared more than once is left out (`None`), since a
    /// call's path alone would not say which it is.
    functions: HashMap<String, Option<Vec<Passing>>>,
}

impl SourceFile {
    /// How the free function `name` takes its parameters, when the file declares one
    /// function of that name.
    pub fn function(&self, name: &str) -> Option<&[Passing]> {
        self.functions.get(name)?.as_deref()
    }

    fn collect(&mut self, items: &[syn::Item]) {
        for item in items {
            match item {
                syn::Item::Fn(f) => {
                    let name = f.sig.ident.to_string();
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
                    self.functions
                        .insert(name, (!twice).then(|| passing.collect()));
                }
                syn::Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        self.collect(items);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The files read in this compilation, by path (a file that could not be parsed as an empty
/// one).
static FILES: OnceLock<Mutex<HashMap<PathBuf, Arc<SourceFile>>>> = OnceLock::new();

/// The file `span` is in, read and parsed on first use.
pub fn of(span: proc_macro2::Span) -> Option<Arc<SourceFile>> {
    let path = span.local_file()?;
    let mut files = FILES.get_or_init(Default::default).lock().ok()?;
    if let Some(file) = files.get(&path) {
        return Some(file.clone());
    }
    let mut file = SourceFile::default();
    if let Some(parsed) = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| syn::parse_file(&text).ok())
    {
        file.collect(&parsed.items);
    }
    let file = Arc::new(file);
    files.insert(path, file.clone());
    Some(file)
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
        file.collect(&parsed.items);
        assert_eq!(
            file.function("second"),
            Some(&[super::Passing::LentMutably][..])
        );
        assert!(file.function("first").is_none(), "declared twice");
        assert!(file.function("third").is_none());
    }
}
