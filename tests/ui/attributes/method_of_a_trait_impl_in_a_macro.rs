// A trait impl written by `macro_rules!`, with the attribute on its method: the attribute
// reads the file and finds only the macro's tokens, so it cannot place the derivatives; it
// says to put the attribute on the impl block. (The inherent impl the same macro writes
// works: its method's derivatives sit beside it.)
use ad::prelude::*;
use std::ops::Add;

#[derive(Clone, Copy, Debug, Differentiable)]
struct V {
    x: f64,
}

macro_rules! vector_ops {
    ($t:ident) => {
        impl Add for $t {
            type Output = $t;
            #[differentiable]
            fn add(self, o: $t) -> $t {
                $t { x: self.x + o.x }
            }
        }

        impl $t {
            #[differentiable]
            fn norm(self) -> f64 {
                self.x.abs()
            }

            #[differentiable]
            fn of(x: f64) -> $t {
                $t { x }
            }
        }
    };
}

vector_ops!(V);

fn main() {
    let _ = gradient!(at: 2.0, of: |x: f64| V::of(x).norm());
}
