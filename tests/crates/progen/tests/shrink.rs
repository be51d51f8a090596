//! The generator's programs resolve, and shrinking offers variants of them.

use ad_progen::generate::{batch, name, reachable};
use ad_progen::scope::valid;
use ad_progen::shrink::{Program, candidates};
use std::collections::BTreeMap;

#[test]
fn generated_programs_resolve_and_have_shrink_candidates() {
    for i in [0usize, 5, 17, 42, 830] {
        let functions = batch(1, [i]);
        let kinds: BTreeMap<_, _> = functions
            .iter()
            .map(|f| (f.name.clone(), f.params.iter().map(|p| p.kind).collect()))
            .collect();
        for f in &functions {
            assert!(valid(f, &kinds), "{} of seed 1 does not resolve", f.name);
        }
        let p = Program {
            functions: reachable(&functions, &name(i)),
            root: name(i),
        };
        assert!(!candidates(&p).is_empty(), "no candidates for f{i}");
    }
}
