//! The integration tests of `search-core`, in one test binary: one build and link instead of 5,
//! and the test threads share all of them instead of running 5 binaries one after another.
//! Each module is the file of the same name beside this one, one concern per file; run one with
//! its name as the filter: `cargo test -p search-core --test integration deep_lines::`.

#[path = "chance.rs"]
mod chance;
#[path = "deep_lines.rs"]
mod deep_lines;
#[path = "engine_alphabeta.rs"]
mod engine_alphabeta;
#[path = "engine_cross_check.rs"]
mod engine_cross_check;
#[path = "engine_features.rs"]
mod engine_features;
#[path = "engine_threads.rs"]
mod engine_threads;
#[path = "reference_searchers.rs"]
mod reference_searchers;
#[path = "solve.rs"]
mod solve;

/// How many cases a test runs: `whole` in an optimised build, `sample` in the dev profile's
/// quick suite (`cargo test --workspace`). CI's release step runs every test, ignored or not
/// (`--include-ignored`), so each runs whole there.
const fn sized(sample: u64, whole: u64) -> u64 {
    if cfg!(debug_assertions) { sample } else { whole }
}
