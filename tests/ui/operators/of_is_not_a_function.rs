use ad::prelude::*;

fn main() {
    let _ = gradient!(at: 1.0, of: 3.0);
}
