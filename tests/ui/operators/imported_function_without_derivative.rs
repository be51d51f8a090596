// A function without a derivative, imported privately into the module of the
// differentiable function and of a differentiable method.
mod helpers {
    pub fn plain(x: f64) -> f64 {
        x * 3.0
    }
}

mod model {
    use super::helpers::plain;
    use ad::prelude::*;

    #[derive(Differentiable, Clone)]
    pub struct Spring {
        pub k: f64,
    }

    impl Spring {
        #[differentiable]
        pub fn energy(&self, x: f64) -> f64 {
            plain(x) * self.k
        }
    }

    #[differentiable]
    pub fn shifted(x: f64) -> f64 {
        plain(x) + 1.0
    }
}

fn main() {}
