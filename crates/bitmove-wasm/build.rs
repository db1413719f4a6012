//! One name for "this build has the chess.js API": the core build (no features) and the full
//! build have it, the engine-line reader's build (`uci` alone) does not. Items of that API
//! are `#[cfg(rules)]` instead of repeating the feature condition on each.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(rules)");
    let full = std::env::var_os("CARGO_FEATURE_FULL").is_some();
    let uci = std::env::var_os("CARGO_FEATURE_UCI").is_some();
    if full || !uci {
        println!("cargo::rustc-cfg=rules");
    }
}
