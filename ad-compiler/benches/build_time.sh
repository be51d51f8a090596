#!/usr/bin/env bash
# Check and build time of a crate of 50 functions with and without `#[differentiable]`.
#
# Usage: bash ad-compiler/benches/build_time.sh [functions] [lines-per-function]
# Generates two crates in a temporary directory that depend on this workspace's `ad`, builds
# each once to compile the dependencies, then times a rebuild of the crate alone (after
# touching its source) three times and prints the best: `cargo check`, debug and release.
set -euo pipefail
functions=${1:-50}
lines=${2:-20}
workspace=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export CARGO_TARGET_DIR="$scratch/target"
source "$(dirname "$0")/crates.sh"

generate() { # name attribute
    local dir="$scratch/$1"
    new_crate "$1"
    {
        echo "#![allow(dead_code, unused_mut, unused_variables)]"
        echo "use ad::prelude::*;"
        for f in $(seq 1 "$functions"); do
            echo "$2"
            echo "pub fn f$f(x: f64, y: f64, n: usize) -> f64 {"
            echo "    let mut a = x * y;"
            for l in $(seq 1 "$lines"); do
                case $((l % 4)) in
                    0) echo "    a = a.sin() * y + $l.0;" ;;
                    1) echo "    a = a * 0.5 + (a / (y * y + 1.0)).exp();" ;;
                    2) echo "    for i in 0..n { if a > $l.0 { a = a * 0.99; } else { a += x * i as f64; } }" ;;
                    *) echo "    a += a.powi(2) * 0.001;" ;;
                esac
            done
            echo "    a"
            echo "}"
        done
    } > "$dir/src/lib.rs"
}

generate plain ""
generate differentiable "#[differentiable(wrt = (x, y))]"
for run in "check" "build" "build --release"; do
    command=${run%% *}
    profile=""
    [ "$run" != "$command" ] && profile=${run#* }
    p=$(best_rebuild plain $command $profile)
    d=$(best_rebuild differentiable $command $profile)
    echo "cargo $run: $functions functions of $lines lines: without the attribute ${p}s, with ${d}s ($(awk -v d="$d" -v p="$p" 'BEGIN { printf "%.2f", d / p }')x)"
done
# The same crate with the macros built with optimisations, as the guide's performance page
# suggests (`[profile.dev.build-override] opt-level = 3`), in check and debug builds.
export CARGO_PROFILE_DEV_BUILD_OVERRIDE_OPT_LEVEL=3
for run in "check" "build"; do
    d=$(best_rebuild differentiable $run)
    echo "cargo $run, macros optimised: with the attribute ${d}s"
done
