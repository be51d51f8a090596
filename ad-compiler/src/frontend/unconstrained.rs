//! The type parameters of a trait impl that only its trait uses:
//! `impl<F: Float> Easing<F> for Back`. The derivatives of the impl's methods live in an
//! inherent impl of the self type (`impl Back { fn __ad_vjp_ease_in(..) }`), where such a
//! parameter would be unconstrained (E0207); they become parameters of each derivative
//! method instead, with their bounds (`fn __ad_vjp_ease_in<F: Float + Real>(t: F)`).

use quote::ToTokens;

/// `generics` split for the inherent impl of `self_ty`: the generics it keeps (the
/// parameters `self_ty` names, and the `where` predicates about them), and the type
/// parameters with the predicates that move to each method.
pub fn split(generics: &syn::Generics, self_ty: &syn::Type) -> (syn::Generics, syn::Generics) {
    let self_tokens = identifiers(self_ty.to_token_stream());
    let named = |ident: &syn::Ident| self_tokens.iter().any(|t| ident == t);
    let mut kept = generics.clone();
    let mut moved = syn::Generics::default();
    kept.params = syn::punctuated::Punctuated::new();
    for param in &generics.params {
        match param {
            syn::GenericParam::Type(t) if !named(&t.ident) => moved.params.push(param.clone()),
            _ => kept.params.push(param.clone()),
        }
    }
    if moved.params.is_empty() {
        return (generics.clone(), moved);
    }
    let moved_names: Vec<String> = moved.type_params().map(|t| t.ident.to_string()).collect();
    if let Some(where_clause) = &generics.where_clause {
        let mut kept_clause = where_clause.clone();
        kept_clause.predicates = syn::punctuated::Punctuated::new();
        let mut moved_clause = kept_clause.clone();
        for predicate in &where_clause.predicates {
            let mentions_moved = identifiers(predicate.to_token_stream())
                .iter()
                .any(|t| moved_names.contains(t));
            match mentions_moved {
                true => moved_clause.predicates.push(predicate.clone()),
                false => kept_clause.predicates.push(predicate.clone()),
            }
        }
        kept.where_clause = Some(kept_clause);
        moved.where_clause = Some(moved_clause);
    }
    (kept, moved)
}

/// `sig` with the parameters and predicates `moved` prepended to its own.
pub fn with_moved(sig: &syn::Signature, moved: &syn::Generics) -> syn::Signature {
    let mut sig = sig.clone();
    if moved.params.is_empty() {
        return sig;
    }
    let own = std::mem::take(&mut sig.generics.params);
    sig.generics.params = moved.params.iter().cloned().chain(own).collect();
    if let Some(moved_clause) = &moved.where_clause {
        let clause = sig.generics.make_where_clause();
        clause
            .predicates
            .extend(moved_clause.predicates.iter().cloned());
    }
    sig
}

/// The identifiers among `tokens`, inside groups too.
fn identifiers(tokens: proc_macro2::TokenStream) -> Vec<String> {
    tokens
        .into_iter()
        .flat_map(|t| match t {
            proc_macro2::TokenTree::Ident(i) => vec![i.to_string()],
            proc_macro2::TokenTree::Group(g) => identifiers(g.stream()),
            _ => vec![],
        })
        .collect()
}
