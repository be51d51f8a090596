//! One hygiene for every generated local.
//!
//! Generated code names its locals `__ad_*`, made at the macro's call site. Errors point at
//! the user's expression because rule calls are written with `quote_spanned!(user_span=> ..)`;
//! a local written *literally* inside such a quote would take the user's span, and with it the
//! hygiene of the tokens the user wrote. The two agree when the macro is called directly, but
//! not when it is called from a user's `macro_rules!` (its tokens carry that macro's hygiene),
//! and the two `__ad_d` would be different variables. So generated locals are never written
//! inside a spanned quote: they are made with `quote!` or `format_ident!` and interpolated.
//! The test `spanned_quotes_write_no_local` checks this for every source file of the compiler.

#[cfg(test)]
mod tests {
    /// Every `quote_spanned!` in the compiler's sources, with the `__ad_*` identifiers
    /// written literally inside it.
    fn literal_locals_in_spanned_quotes(source: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut rest = source;
        while let Some(start) = rest.find("quote_spanned!") {
            let after = &rest[start + "quote_spanned!".len()..];
            let Some(open) = after.find(['(', '{']) else {
                break;
            };
            let mut depth = 0;
            let mut end = open;
            for (i, c) in after[open..].char_indices() {
                match c {
                    '(' | '{' | '[' => depth += 1,
                    ')' | '}' | ']' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = open + i;
                    break;
                }
            }
            let body = &after[open..end];
            for (i, _) in body.match_indices("__ad_") {
                let interpolated = body[..i].ends_with('#');
                let part_of_word = body[..i]
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                if !interpolated && !part_of_word {
                    let word: String = body[i..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    found.push(word);
                }
            }
            rest = &after[end..];
        }
        found
    }

    #[test]
    fn spanned_quotes_write_no_local() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files = vec![std::path::PathBuf::from(root)];
        let mut offenders = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                for entry in std::fs::read_dir(&path).unwrap() {
                    files.push(entry.unwrap().path());
                }
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("emit/hygiene.rs")
            {
                let source = std::fs::read_to_string(&path).unwrap();
                for word in literal_locals_in_spanned_quotes(&source) {
                    offenders.push(format!("{}: {word}", path.display()));
                }
            }
        }
        assert!(
            offenders.is_empty(),
            "generated locals written inside `quote_spanned!`: {offenders:?}"
        );
    }
}
