//! Writes `$OUT_DIR/programs.rs`: the file named by `PROGEN_FILE` if it is set (the
//! `progen` binary's batches and shrinking candidates), else the generated programs
//! `0..PROGEN_COUNT` of `PROGEN_SEED`.

use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-env-changed=PROGEN_FILE");
    println!("cargo:rerun-if-env-changed=PROGEN_SEED");
    println!("cargo:rerun-if-env-changed=PROGEN_COUNT");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("programs.rs");
    let source = match env::var("PROGEN_FILE") {
        Ok(path) if !path.is_empty() => {
            println!("cargo:rerun-if-changed={path}");
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("PROGEN_FILE={path}: {e}"))
        }
        _ => {
            let seed = env::var("PROGEN_SEED")
                .ok()
                .map_or(ad_progen::DEFAULT_SEED, |s| {
                    s.parse().expect("PROGEN_SEED is a u64")
                });
            let count = env::var("PROGEN_COUNT")
                .ok()
                .map_or(ad_progen::DEFAULT_COUNT, |s| {
                    s.parse().expect("PROGEN_COUNT is a usize")
                });
            ad_progen::render_batch(seed, 0..count)
        }
    };
    // Write only on change, so that an unchanged batch does not rebuild the test.
    if fs::read_to_string(&out).ok().as_deref() != Some(source.as_str()) {
        fs::write(&out, source).unwrap();
    }
}
