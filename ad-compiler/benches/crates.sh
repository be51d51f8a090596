# Shared by the build-time benchmarks (sourced): generated crates that depend on this
# workspace's `ad`, and the best of three rebuilds of one.
#
# The caller sets `workspace` (this repository's root) and `scratch` (a temporary directory,
# also the target directory).

# new_crate NAME: `$scratch/NAME` with a Cargo.toml depending on `ad`; the caller writes
# `$scratch/NAME/src/lib.rs`.
new_crate() {
    local dir="$scratch/$1"
    mkdir -p "$dir/src"
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2024"
[dependencies]
ad = { path = "$workspace" }
[workspace]
TOML
}

# best_rebuild NAME CARGO-ARGS...: builds the crate once (failing loudly if it does not
# compile), then prints the best of three rebuilds of the crate alone, in seconds, after
# touching its source.
best_rebuild() {
    local name="$1" dir="$scratch/$1" best="" start end t
    shift
    if ! (cd "$dir" && cargo "$@" -q 2>"$scratch/$name.log"); then
        cat "$scratch/$name.log" >&2
        echo "$name does not compile" >&2
        exit 1
    fi
    for _ in 1 2 3; do
        touch "$dir/src/lib.rs"
        start=$(date +%s.%N)
        (cd "$dir" && cargo "$@" -q 2>/dev/null)
        end=$(date +%s.%N)
        t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}
