//! What the source-reading tests (`layout.rs`, `msrv.rs`) share.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, skipping build output (`target`) and hidden folders; none
/// when `dir` does not exist.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && !name.to_string_lossy().starts_with('.') {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
