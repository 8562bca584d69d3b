//! The integration tests of `game-chess`, in one test binary: one build and link instead of 10,
//! and the test threads share all of them instead of running 10 binaries one after another.
//! Each module is the file of the same name beside this one, one concern per file; run one with
//! its name as the filter: `cargo test -p game-chess --test integration crosscheck::`.

#[path = "crosscheck.rs"]
mod crosscheck;
#[path = "draws.rs"]
mod draws;
#[path = "engine_cross_check.rs"]
mod engine_cross_check;
#[path = "fuzz.rs"]
mod fuzz;
#[path = "hash.rs"]
mod hash;
#[path = "mates.rs"]
mod mates;
#[path = "parse_errors.rs"]
mod parse_errors;
#[path = "perft.rs"]
mod perft;
#[path = "suites.rs"]
mod suites;
#[path = "uci_engine.rs"]
mod uci_engine;
#[path = "uci_stress.rs"]
mod uci_stress;
