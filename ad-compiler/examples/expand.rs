//! Prints what `#[differentiable]` expands an item to, formatted, with a count of lines per
//! top-level item: `cargo run -p ad-compiler --example expand < item.rs` (the item without
//! its attribute; arguments of the attribute, such as `wrt = x`, as the first argument).
//! For reading the emitted code and measuring its size (issue 37, compile cost).

use proc_macro2::TokenStream;
use std::io::Read;
use std::str::FromStr;

fn main() {
    let mut source = String::new();
    std::io::stdin()
        .read_to_string(&mut source)
        .expect("stdin is read");
    let args = std::env::args().nth(1).unwrap_or_default();
    let item = TokenStream::from_str(&source).expect("the item parses");
    let args = TokenStream::from_str(&args).expect("the attribute's arguments parse");
    let expanded = ad_compiler::differentiable(args, item);
    let file: syn::File = match syn::parse2(expanded.clone()) {
        Ok(file) => file,
        Err(_) => {
            println!("{expanded}");
            return;
        }
    };
    let pretty = prettyplease::unparse(&file);
    println!("{pretty}");
    let source_lines = source.lines().filter(|l| !l.trim().is_empty()).count();
    eprintln!(
        "source: {source_lines} lines; expansion: {} lines",
        pretty.lines().count()
    );
    for item in &file.items {
        let one = prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items: vec![item.clone()],
        });
        let name = match item {
            syn::Item::Fn(f) => format!("fn {}", f.sig.ident),
            syn::Item::Mod(m) => format!("mod {}", m.ident),
            syn::Item::Const(c) => format!("const {}", c.ident),
            syn::Item::Trait(t) => format!("trait {}", t.ident),
            syn::Item::Impl(_) => "impl".to_string(),
            _ => "other".to_string(),
        };
        eprintln!("  {name}: {} lines", one.lines().count());
    }
}
