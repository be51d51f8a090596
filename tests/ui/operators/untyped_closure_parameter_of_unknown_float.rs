use ad::prelude::*;

fn main() {
    // An untyped closure parameter takes its type from the argument; a float whose type is
    // still undecided cannot give it one: type the parameter (`|t: f64|`).
    let y = 2.0;
    let _ = gradient!(at: y, of: |t| t.sin());
}
