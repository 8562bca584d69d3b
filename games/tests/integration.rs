//! The integration tests of `games`, in one test binary: one build and link instead of 4 (each
//! would instantiate the searchers for the games again). Each module is the file of the same
//! name beside this one, one concern per file; run one with its name as the filter:
//! `cargo test -p games --test integration solve::`.

mod common;
mod einstein;
mod engine_cross_check;
mod mcts;
mod solve;
